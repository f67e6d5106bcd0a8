use crate::support::sq;
use motley_rules::core::fen::{Setup, STANDARD_FEN};
use motley_rules::core::{Action, Color, Piece, Purchase, Role};
use motley_rules::dice_money::{
    distinct_rolls, earnings, DiceMoney, DiceMoneyOptions, PriceLists, StartMoney,
};
use motley_rules::facts::{Die, Earning, Fact, PriceOffer, TurnStage};
use motley_rules::{parse_action, perft, Carried, Describe, Position};

#[test]
fn start_counts_multiply_by_rolls() {
    let p = DiceMoney::start();
    assert_eq!(perft(&p, 1), 36);
    assert_eq!(perft(&p, 2), 36 * 20);
}

#[test]
fn start_is_the_standard_setup_with_default_options() {
    let built = DiceMoney::from_setup(Setup::standard(), DiceMoneyOptions::default()).unwrap();
    assert_eq!(built, DiceMoney::start());
}

fn rich(fen: &str, money: u32) -> DiceMoney {
    let o = DiceMoneyOptions {
        start_money: StartMoney {
            white: money,
            black: money,
        },
        ..DiceMoneyOptions::default()
    };
    DiceMoney::from_setup(Setup::parse(fen).unwrap(), o).unwrap()
}

fn play(p: &mut DiceMoney, texts: &str) {
    for t in texts.split_whitespace() {
        let a = parse_action(p, t).unwrap();
        p.play_unchecked(a);
    }
}

fn prices_fact(p: &DiceMoney) -> Vec<PriceOffer> {
    p.facts()
        .into_iter()
        .find_map(|f| match f {
            Fact::Prices { offers, .. } => Some(offers),
            _ => None,
        })
        .unwrap()
}

fn ticked(p: &DiceMoney) -> Vec<&'static str> {
    prices_fact(p)
        .iter()
        .filter(|o| o.available)
        .map(|o| o.label)
        .collect()
}

#[test]
fn price_list_ticks_only_purchases_possible_now() {
    // Rich, but nothing lost: no placement can be bought.
    let mut p = rich(STANDARD_FEN, 50);
    assert!(ticked(&p).is_empty(), "the dice come first");
    play(&mut p, "roll:1,2");
    assert_eq!(ticked(&p), ["+1 move", "+2 moves", "king=Q"]);
    // Black lost a knight: White may place it, Black's own list offers
    // nothing of White's.
    let mut p = rich(
        "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        50,
    );
    play(&mut p, "roll:1,2");
    assert_eq!(ticked(&p), ["+1 move", "+2 moves", "king=Q", "their pc"]);
    // After the purchase nothing more can be bought this turn.
    play(&mut p, "buy:move1");
    assert!(ticked(&p).is_empty());
}

#[test]
fn price_list_ticks_nothing_unaffordable() {
    let mut p = rich(STANDARD_FEN, 5);
    play(&mut p, "roll:1,2");
    assert_eq!(ticked(&p), ["+1 move"]);
    assert_eq!(prices_fact(&p)[1].price, 15);
}

#[test]
fn earnings_name_each_die_and_pay_the_other() {
    let mut p = DiceMoney::start();
    play(&mut p, "roll:4,2");
    let facts = p.facts();
    let rook_and_knight = [
        Earning {
            role: Role::Rook,
            amount: 2,
        },
        Earning {
            role: Role::Knight,
            amount: 4,
        },
    ];
    assert!(facts.contains(&Fact::Earnings {
        offers: rook_and_knight.to_vec(),
        pending: true,
    }));
    assert_eq!(
        earnings((3, 3)),
        [Earning {
            role: Role::Bishop,
            amount: 3
        }]
    );
    // A knight move earns the other die: $4.
    play(&mut p, "g1f3");
    assert_eq!(p.money(Color::White), 1 + 4);
}

#[test]
fn facts_follow_the_turn() {
    let mut p = DiceMoney::start();
    assert!(p.facts().contains(&Fact::Dice(None)));
    assert!(p.facts().contains(&Fact::Stage(TurnStage::ChanceNext)));
    play(&mut p, "roll:6,1");
    assert!(p.facts().contains(&Fact::Dice(Some([
        Die {
            value: 6,
            names: Role::King
        },
        Die {
            value: 1,
            names: Role::Pawn
        }
    ]))));
    assert!(p.facts().contains(&Fact::Stage(TurnStage::PurchaseOrMove)));
    assert!(p.facts().contains(&Fact::Money {
        amounts: [1, 2],
        cap: 100
    }));
}

#[test]
fn purchases_are_described_with_their_price() {
    let mut p = rich(
        "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        50,
    );
    play(&mut p, "roll:1,2");
    let buy = Action::Buy(Purchase::ExtraMoves(1));
    assert_eq!(
        p.describe_purchase(&buy).unwrap(),
        "one extra move (buy:move1) ($5)"
    );
    let place = Action::Place(Piece::new(Color::Black, Role::Knight), sq("e4"));
    assert_eq!(
        p.describe_purchase(&place).unwrap(),
        "place a lost Black knight ($5)"
    );
    assert_eq!(p.describe_purchase(&Action::Pass), None);
}

#[test]
fn extra_state_line_lists_money_lost_pieces_prices_and_the_turn() {
    let mut p = DiceMoney::start();
    play(&mut p, "roll:1,3");
    let line = p.extra_state().unwrap().to_string();
    assert_eq!(
        line,
        "White: $1, lost none, prices 5/15/10/5/3/7/11/19; \
         Black: $2, lost none, prices 5/15/10/5/3/7/11/19; dice 1,3"
    );
}

#[test]
fn carried_prices_come_back_as_they_were_given() {
    let both = |p: &DiceMoney| [p.prices(Color::White), p.prices(Color::Black)];
    // White's first price raised from its start, as a game can leave it.
    let mut p = DiceMoney::start();
    let mut given = both(&p);
    given[0][0] = 9;
    p.restore_carried(&Carried::Prices(PriceLists { prices: given }))
        .unwrap();
    assert_eq!(both(&p), given);
    let carried = p.carried().unwrap();
    let mut fresh = DiceMoney::start();
    fresh.restore_carried(&carried).unwrap();
    assert_eq!(both(&fresh), both(&p));
}

#[test]
fn twenty_one_distinct_rolls_weigh_36() {
    let r = distinct_rolls();
    assert_eq!(r.len(), 21);
    assert_eq!(r.iter().map(|(_, w)| w).sum::<u32>(), 36);
}
