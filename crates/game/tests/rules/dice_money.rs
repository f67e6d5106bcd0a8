//! Dice-Money Chess (docs/rules.md, "Dice-Money Chess"): every rule in a state built for it by
//! playing explicit actions (rolls included) from a FEN, a seeded
//! random-play property test against a brute-force reference, and perft.

use motley_game::variant::{Registry, VariantDef};
use motley_game::Game;
use motley_rules::core::attacks::queen_attacks;
use motley_rules::core::fen::castle;
use motley_rules::core::movegen::{
    apply_move, castle_geometry, gen_king_ordinary_captures, gen_king_ordinary_quiets, is_attacked,
    king_in_check,
};
use motley_rules::core::{Action, Bitboard, Color, Move, MoveKind, Piece, Role, Setup, Square};
use motley_rules::dice_money::{DiceMoney, DiceMoneyOptions, Phase, ShopItem, StartMoney, SET};
use motley_rules::standard::Standard;
use motley_rules::{parse_action, perft, AnyPosition, EndReason, Position};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;
use std::sync::Arc;

// ---------------------------------------------------------------- helpers

fn options(white: u32, black: u32) -> DiceMoneyOptions {
    let mut o = DiceMoneyOptions::default();
    o.start_money.white = white;
    o.start_money.black = black;
    o
}

fn pos_with(fen: &str, o: DiceMoneyOptions) -> DiceMoney {
    DiceMoney::from_setup(Setup::parse(fen).unwrap(), o).unwrap()
}

fn pos(fen: &str, white: u32, black: u32) -> DiceMoney {
    pos_with(fen, options(white, black))
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Play space-separated action texts; each must be legal.
fn play(p: &mut DiceMoney, texts: &str) {
    for t in texts.split_whitespace() {
        let a = parse_action(p, t)
            .unwrap_or_else(|e| panic!("{t}: {e}\n{}{}", p.board().diagram(), p.to_fen()));
        p.play_unchecked(a);
    }
}

fn legal(p: &DiceMoney) -> Vec<Action> {
    let mut v = Vec::new();
    p.legal_actions(&mut v);
    v
}

fn texts(p: &DiceMoney) -> BTreeSet<String> {
    legal(p).iter().map(|a| a.to_string()).collect()
}

fn has(p: &DiceMoney, t: &str) -> bool {
    texts(p).contains(t)
}

/// The refusal text for an action, which must be illegal.
fn refusal(p: &DiceMoney, t: &str) -> String {
    match parse_action(p, t) {
        Ok(a) => panic!("{t} should be illegal but is {a:?}"),
        Err(e) => e.to_string(),
    }
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn variant_with(options: serde_json::Value) -> Arc<VariantDef> {
    let mut def = (*Registry::builtin().get("dice-money").unwrap()).clone();
    def.options = options;
    Arc::new(def)
}

fn dm(any: &AnyPosition) -> &DiceMoney {
    match any {
        AnyPosition::DiceMoney(p) => p,
        other => panic!("not a Dice-Money position: {other:?}"),
    }
}

// ---------------------------------------------------------------- dice

#[test]
fn roll_is_a_chance_node_with_36_ordered_actions_and_21_weighted_outcomes() {
    let p = DiceMoney::start();
    assert!(p.is_chance());
    let l = legal(&p);
    assert_eq!(l.len(), 36);
    assert!(l.iter().all(|a| matches!(a, Action::Roll(..))));
    assert!(l.contains(&Action::Roll(3, 5)) && l.contains(&Action::Roll(5, 3)));
    let outcomes = p.chance_outcomes();
    assert_eq!(outcomes.len(), 21);
    assert_eq!(outcomes.iter().map(|(_, w)| w).sum::<u32>(), 36);
    assert!(outcomes.contains(&(Action::Roll(4, 4), 1)));
    assert!(outcomes.contains(&(Action::Roll(2, 6), 2)));
    // No chess move before the roll, and no roll after it.
    assert!(refusal(&p, "e2e4").contains("roll the dice first"));
    let mut q = p;
    play(&mut q, "roll:3,5");
    assert!(!q.is_chance() && q.chance_outcomes().is_empty());
    assert_eq!(q.dice(), Some((3, 5)));
    assert!(refusal(&q, "roll:1,1").contains("rolled once"));
}

// ---------------------------------------------------------------- earning

#[test]
fn earning_both_dice_name_pieces_the_moved_piece_earns_the_other_die() {
    // Roll 1 (pawn) and 2 (knight): a pawn move earns 2, a knight move 1.
    let mut p = DiceMoney::start();
    play(&mut p, "roll:1,2 e2e4");
    assert_eq!(p.money(Color::White), 1 + 2);
    let mut p = DiceMoney::start();
    play(&mut p, "roll:1,2 g1f3");
    assert_eq!(p.money(Color::White), 1 + 1);
    // The order of the dice does not matter.
    let mut p = DiceMoney::start();
    play(&mut p, "roll:2,1 e2e4");
    assert_eq!(p.money(Color::White), 1 + 2);
}

#[test]
fn earning_on_a_double_pays_that_value() {
    let mut p = DiceMoney::start();
    play(&mut p, "roll:2,2 b1c3");
    assert_eq!(p.money(Color::White), 1 + 2);
    let mut p = DiceMoney::start();
    play(&mut p, "roll:1,1 d2d4 roll:1,1 d7d5");
    assert_eq!(p.money(Color::White), 1 + 1);
    assert_eq!(p.money(Color::Black), 2 + 1);
}

#[test]
fn earning_needs_a_die_naming_the_moved_piece() {
    let mut p = DiceMoney::start();
    play(&mut p, "roll:3,4 e2e4 roll:1,3 g8f6");
    assert_eq!(p.money(Color::White), 1);
    assert_eq!(p.money(Color::Black), 2);
}

#[test]
fn castling_earns_as_a_king_move_on_a_six() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let mut p = pos(fen, 1, 2);
    play(&mut p, "roll:6,3 e1g1");
    assert_eq!(p.money(Color::White), 1 + 3);
    // The rook's number (4) does not count for castling.
    let mut p = pos(fen, 1, 2);
    play(&mut p, "roll:4,3 e1c1");
    assert_eq!(p.money(Color::White), 1);
    // Black castles on a double six.
    let mut p = pos(fen, 1, 2);
    play(&mut p, "roll:1,1 a1a2 roll:6,6 e8g8");
    assert_eq!(p.money(Color::Black), 2 + 6);
}

#[test]
fn promotion_earns_as_the_piece_promoted_into() {
    // White has lost its queen and rooks: it may promote into them.
    let fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    let mut p = pos(fen, 1, 2);
    play(&mut p, "roll:5,4 b7b8q");
    assert_eq!(p.money(Color::White), 1 + 4, "queen (5) earns the 4");
    let mut p = pos(fen, 1, 2);
    play(&mut p, "roll:1,4 b7b8q");
    assert_eq!(p.money(Color::White), 1, "a promotion is not a pawn move");
    let mut p = pos(fen, 1, 2);
    play(&mut p, "roll:4,2 b7b8r");
    assert_eq!(p.money(Color::White), 1 + 2, "rook (4) earns the 2");
}

#[test]
fn extra_moves_and_placements_earn_nothing() {
    let mut p = pos(START, 20, 2);
    play(&mut p, "roll:1,2 buy:move1 e2e4 d2d4");
    // $20 - $5 + $2 for the main pawn move; the extra pawn move earns nothing.
    assert_eq!(p.money(Color::White), 17);
    let mut p = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1", 20, 2);
    play(&mut p, "roll:1,2 P@e4 e4e5");
    assert_eq!(p.money(Color::White), 20 - 3 + 2, "placement earns nothing");
}

#[test]
fn money_is_capped() {
    let mut p = pos(START, 98, 2);
    play(&mut p, "roll:1,6 e2e4");
    assert_eq!(p.money(Color::White), 100);
    // Starting money above the cap is cut too; a lower cap from the file.
    let mut o = options(500, 2);
    o.money_cap = 30;
    let mut p = pos_with(START, o);
    assert_eq!(p.money(Color::White), 30);
    play(&mut p, "roll:1,6 e2e4");
    assert_eq!(p.money(Color::White), 30);
}

// ---------------------------------------------------------------- purchases

#[test]
fn each_purchase_refused_when_unaffordable_and_allowed_at_its_price() {
    // Everything but the kings is lost, so every placement exists.
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let cases: [(ShopItem, &str); 8] = [
        (ShopItem::Move1, "buy:move1"),
        (ShopItem::Move2, "buy:move2"),
        (ShopItem::KingPower, "buy:king"),
        (ShopItem::PlaceOpponent, "r@d4"),
        (ShopItem::PlacePawn, "P@d4"),
        (ShopItem::PlaceKnightBishop, "B@d4"),
        (ShopItem::PlaceRook, "R@d4"),
        (ShopItem::PlaceQueen, "Q@d4"),
    ];
    let defaults = DiceMoneyOptions::default().prices.list();
    for (item, text) in cases {
        let price = defaults[item.index()];
        let mut poor = pos(fen, price - 1, 2);
        play(&mut poor, "roll:3,4");
        let why = refusal(&poor, text);
        assert!(
            why.contains(&format!("{text} costs ${price}; you have ${}", price - 1)),
            "{why}"
        );
        let mut rich = pos(fen, price, 2);
        play(&mut rich, "roll:3,4");
        play(&mut rich, text);
        assert_eq!(rich.money(Color::White), 0, "{text}");
    }
}

#[test]
fn price_rises_by_one_after_each_purchase_of_that_item() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    // Two turns buying the same item (the queen can be placed only once).
    let cases: [(ShopItem, &str, Option<&str>); 8] = [
        (
            ShopItem::Move1,
            "buy:move1 e1d1 pass",
            Some("buy:move1 d1e1 pass"),
        ),
        (
            ShopItem::Move2,
            "buy:move2 e1d1 pass",
            Some("buy:move2 d1e1 pass"),
        ),
        (ShopItem::KingPower, "buy:king e1d1", Some("buy:king d1e1")),
        (ShopItem::PlaceOpponent, "p@a6 e1d1", Some("p@b6 d1e1")),
        (ShopItem::PlacePawn, "P@a3 e1d1", Some("P@b3 d1e1")),
        (ShopItem::PlaceKnightBishop, "N@a1 e1d1", Some("N@b1 d1e1")),
        (ShopItem::PlaceRook, "R@a1 e1d1", Some("R@b1 d1e1")),
        (ShopItem::PlaceQueen, "Q@a1 e1d1", None),
    ];
    let defaults = DiceMoneyOptions::default().prices.list();
    for (item, first, second) in cases {
        let mut p = pos(fen, 100, 2);
        let start = p.price(Color::White, item);
        assert_eq!(start, defaults[item.index()]);
        play(&mut p, &format!("roll:3,4 {first} roll:3,4 e8d8"));
        assert_eq!(p.price(Color::White, item), start + 1, "{first}");
        assert_eq!(p.money(Color::White), 100 - start);
        // Only that item, only that player.
        for other in ShopItem::ALL.iter().filter(|i| **i != item) {
            assert_eq!(p.price(Color::White, *other), defaults[other.index()]);
        }
        assert_eq!(p.prices(Color::Black), defaults);
        if let Some(second) = second {
            play(&mut p, &format!("roll:3,4 {second}"));
            assert_eq!(p.price(Color::White, item), start + 2, "{second}");
            assert_eq!(p.money(Color::White), 100 - start - (start + 1));
        }
    }
}

#[test]
fn knight_or_bishop_placement_is_one_item() {
    let mut p = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1", 100, 2);
    play(&mut p, "roll:3,4 N@a1 e1d1 roll:3,4 e8d8 roll:3,4 B@b1");
    assert_eq!(p.price(Color::White, ShopItem::PlaceKnightBishop), 7 + 2);
    assert_eq!(p.money(Color::White), 100 - 7 - 8);
}

#[test]
fn only_one_purchase_per_turn_and_only_before_the_main_move() {
    let mut p = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1", 100, 2);
    play(&mut p, "roll:3,4 buy:move1");
    assert!(refusal(&p, "buy:king").contains("only one purchase per turn"));
    assert!(refusal(&p, "P@e4").contains("only one purchase per turn"));
    play(&mut p, "e1d1");
    assert!(refusal(&p, "buy:move1").contains("before the main move"));
}

#[test]
fn pass_gives_up_remaining_extra_moves_and_exists_only_after_the_main_move() {
    let mut p = pos(START, 20, 2);
    play(&mut p, "roll:3,4");
    assert!(!has(&p, "pass"));
    assert!(refusal(&p, "pass").contains("only after the main move"));
    play(&mut p, "buy:move2 e2e4");
    assert_eq!((p.phase(), p.extra_moves_left()), (Phase::Extra, 2));
    assert!(has(&p, "pass"));
    play(&mut p, "d2d4");
    assert_eq!(p.extra_moves_left(), 1);
    play(&mut p, "pass");
    assert_eq!((p.turn(), p.phase()), (Color::Black, Phase::Roll));
    assert_eq!(p.extra_moves_left(), 0);
}

#[test]
fn turn_passes_after_the_last_bought_extra_move() {
    let mut p = pos(START, 20, 2);
    play(&mut p, "roll:3,4 buy:move2 e2e4 d2d4");
    assert_eq!(p.turn(), Color::White);
    play(&mut p, "g1f3");
    assert_eq!((p.turn(), p.phase()), (Color::Black, Phase::Roll));
    assert_eq!(p.fullmoves(), 1);
    play(&mut p, "roll:3,4 e7e5");
    assert_eq!((p.turn(), p.fullmoves()), (Color::White, 2));
}

#[test]
fn turn_ends_when_no_legal_extra_move_is_left() {
    // White's only move is b5b6; after it nothing can move, so the bought
    // extra move is void and the turn passes.
    let mut p = pos("4k1r1/1p6/8/1P6/8/7p/7P/7K w - - 0 1", 5, 2);
    play(&mut p, "roll:3,4");
    assert_eq!(
        legal(&p).iter().filter(|a| a.as_move().is_some()).count(),
        1
    );
    play(&mut p, "buy:move1 b5b6");
    assert_eq!((p.turn(), p.phase()), (Color::Black, Phase::Roll));
}

#[test]
fn a_purchase_that_leaves_no_chess_move_ends_the_turn_without_a_main_move() {
    // White's only move is Kb1; a black knight placed on c3 covers b1.
    let mut p = pos("4k3/8/8/8/8/p7/P7/K7 w - - 0 1", 5, 2);
    play(&mut p, "roll:3,4");
    assert!(has(&p, "a1b1") && !has(&p, "a1b2"));
    play(&mut p, "n@c3");
    assert_eq!((p.turn(), p.phase()), (Color::Black, Phase::Roll));
    assert_eq!(p.lost(Color::Black, Role::Knight), 1);
    assert_eq!(p.money(Color::White), 0);
}

// ---------------------------------------------------------------- placement

#[test]
fn placement_refused_on_an_occupied_square() {
    let mut p = pos("4k3/8/8/8/4p3/8/8/4K3 w - - 0 1", 50, 2);
    play(&mut p, "roll:3,4");
    assert!(refusal(&p, "N@e4").contains("e4 is occupied"));
    assert!(refusal(&p, "N@e1").contains("e1 is occupied"));
    assert!(has(&p, "N@d4"));
}

#[test]
fn placement_refused_for_a_pawn_on_rank_1_or_8_of_either_colour() {
    let mut p = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1", 50, 2);
    play(&mut p, "roll:3,4");
    for t in ["P@d1", "P@d8", "p@d1", "p@d8"] {
        assert!(
            refusal(&p, t).contains("never placed on rank 1 or 8"),
            "{t}"
        );
    }
    for t in ["P@a2", "P@a7", "p@a2", "p@a7", "N@d1", "N@d8"] {
        assert!(has(&p, t), "{t}");
    }
}

#[test]
fn placement_refused_if_it_leaves_own_king_in_check_and_allowed_if_it_blocks() {
    // An opponent's rook on the king's file would check the placer.
    let mut p = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1", 50, 2);
    play(&mut p, "roll:3,4");
    assert!(refusal(&p, "r@e4").contains("would leave your king in check"));
    assert!(has(&p, "r@d4"));
    // In check from a rook: only a placement that blocks is allowed.
    let mut p = pos("4k3/8/8/8/8/8/8/r3K3 w - - 0 1", 50, 2);
    play(&mut p, "roll:3,4");
    assert!(has(&p, "N@c1") && has(&p, "N@b1") && has(&p, "b@d1"));
    assert!(refusal(&p, "N@e4").contains("would leave your king in check"));
}

#[test]
fn placement_may_give_check_but_no_move_may_capture_a_king() {
    let mut p = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1", 50, 2);
    play(&mut p, "roll:3,4 Q@e5");
    assert!(king_in_check(p.board(), Color::Black));
    assert!(!has(&p, "e5e8"));
    assert!(refusal(&p, "e5e8").contains("no move may capture a king"));
    assert!(has(&p, "e5e7"));
}

#[test]
fn opponents_piece_is_placed_in_its_colour_from_its_lost_pieces() {
    let mut p = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1", 50, 2);
    assert_eq!(p.lost(Color::Black, Role::Knight), 2);
    play(&mut p, "roll:3,4 n@a8");
    assert_eq!(
        p.board().piece_at(sq("a8")),
        Some(Piece::new(Color::Black, Role::Knight))
    );
    assert_eq!(p.lost(Color::Black, Role::Knight), 1);
    assert_eq!(p.money(Color::White), 45);
    // Only lost pieces can be placed.
    let mut p = pos(START, 50, 2);
    play(&mut p, "roll:3,4");
    assert!(refusal(&p, "N@e4").contains("no lost knight"));
    assert!(refusal(&p, "q@e4").contains("no lost queen"));
    assert!(refusal(&p, "K@e4").contains("kings are never"));
}

#[test]
fn pawns_double_step_only_from_their_second_rank_placed_pawns_too() {
    let mut p = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1", 50, 50);
    play(&mut p, "roll:3,4 P@d2");
    assert!(has(&p, "d2d4"));
    let mut p = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1", 50, 50);
    play(&mut p, "roll:3,4 P@d3");
    assert!(has(&p, "d3d4") && !has(&p, "d3d5"));
    play(&mut p, "d3d4 roll:3,4 p@c7");
    assert!(has(&p, "c7c5"));
}

#[test]
fn placement_resets_the_quiet_move_count() {
    let mut p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 40 30", 50, 2);
    play(&mut p, "roll:3,4 a1a2");
    assert_eq!(p.quiet_plies(), 41);
    play(&mut p, "roll:3,4 e8d8 roll:3,4");
    assert_eq!(p.quiet_plies(), 42, "rolls are not chess moves");
    play(&mut p, "N@c3");
    assert_eq!(p.quiet_plies(), 0);
}

// ---------------------------------------------------------------- promotion

#[test]
fn promotion_refused_with_no_lost_piece_and_allowed_into_a_lost_one() {
    // White has its whole set, one pawn on b7: it may not reach b8.
    let full = "4k3/1P6/8/8/8/8/P1PPPPPP/RNBQKBNR w - - 0 1";
    let mut p = pos(full, 1, 2);
    play(&mut p, "roll:3,4");
    assert!(!texts(&p).iter().any(|t| t.starts_with("b7b8")));
    let why = refusal(&p, "b7b8q");
    assert!(why.contains("no lost queen to promote into"), "{why}");
    // With the g1 knight lost, only the knight is a choice.
    let mut p = pos("4k3/1P6/8/8/8/8/P1PPPPPP/RNBQKB1R w - - 0 1", 1, 2);
    play(&mut p, "roll:3,4");
    let promos: Vec<String> = texts(&p)
        .into_iter()
        .filter(|t| t.starts_with("b7b8"))
        .collect();
    assert_eq!(promos, ["b7b8n"]);
    assert!(refusal(&p, "b7b8q").contains("lost: knight"));
    play(&mut p, "b7b8n");
    // The pawn is now lost; the knight is back on the board.
    assert_eq!(p.lost(Color::White, Role::Knight), 0);
    assert_eq!(p.lost(Color::White, Role::Pawn), 1);
    assert_eq!(
        p.board().piece_at(sq("b8")),
        Some(Piece::new(Color::White, Role::Knight))
    );
}

#[test]
fn a_captured_piece_becomes_lost_and_can_then_be_promoted_into() {
    // Black's bishop takes White's knight: White may now promote into it.
    let mut p = pos("4k3/1P6/4b3/8/6N1/8/P1PPPPPP/RNBQKB1R w - - 0 1", 1, 2);
    assert_eq!(p.lost(Color::White, Role::Knight), 0);
    play(&mut p, "roll:3,4");
    assert!(!texts(&p).iter().any(|t| t.starts_with("b7b8")));
    play(&mut p, "a2a3 roll:3,4 e6g4 roll:3,4");
    assert_eq!(p.lost(Color::White, Role::Knight), 1);
    let promos: BTreeSet<String> = texts(&p)
        .into_iter()
        .filter(|t| t.starts_with("b7b8"))
        .collect();
    assert_eq!(promos.into_iter().collect::<Vec<_>>(), ["b7b8n"]);
}

// ---------------------------------------------------------------- extra moves

#[test]
fn second_extra_move_refused_if_it_would_capture_the_king() {
    let mut p = pos("4k3/8/8/8/8/8/8/R6K w - - 0 1", 20, 2);
    play(&mut p, "roll:3,4 buy:move2 a1a7 a7a8");
    assert!(king_in_check(p.board(), Color::Black));
    assert_eq!((p.turn(), p.extra_moves_left()), (Color::White, 1));
    assert!(!has(&p, "a8e8"));
    assert!(refusal(&p, "a8e8").contains("no move may capture a king"));
    assert!(has(&p, "a8d8"));
}

#[test]
fn no_extra_move_may_end_in_own_check() {
    // The main move puts the king behind the bishop: the extra move may not
    // take the bishop off the e-file.
    let mut p = pos("4r2k/8/8/8/8/8/4B3/3K4 w - - 0 1", 20, 2);
    play(&mut p, "roll:3,4 buy:move1");
    assert!(has(&p, "e2d3"));
    play(&mut p, "d1e1");
    assert_eq!(p.phase(), Phase::Extra);
    assert!(!has(&p, "e2d3") && !has(&p, "e1e2"));
    assert!(refusal(&p, "e2d3").contains("leave your king in check"));
    assert!(has(&p, "e1d1"));
}

#[test]
fn en_passant_right_survives_roll_and_purchase_and_ends_with_the_next_chess_move() {
    let fen = "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1";
    let mut p = pos(fen, 20, 20);
    play(&mut p, "roll:3,4 e2e4 roll:3,4");
    assert!(has(&p, "d4e3"));
    play(&mut p, "buy:move1");
    assert!(has(&p, "d4e3"));
    play(&mut p, "e8d8");
    assert!(!has(&p, "d4e3"), "the mover's own extra move ends it");
    // A chess move of the double-stepper's side ends it as well.
    let mut p = pos(fen, 20, 20);
    play(&mut p, "roll:3,4 buy:move1 e2e4 e1d1 roll:3,4");
    assert!(!has(&p, "d4e3"));
    assert_eq!(p.ep_square(), None);
}

#[test]
fn placing_on_the_en_passant_square_ends_the_right() {
    let mut p = pos("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", 20, 20);
    play(&mut p, "roll:3,4 e2e4 roll:3,4");
    assert_eq!(p.ep_square(), Some(sq("e3")));
    play(&mut p, "N@e3");
    assert_eq!(p.ep_square(), None);
}

#[test]
fn a_pawn_placed_beside_a_double_stepped_pawn_may_take_en_passant() {
    let mut p = pos("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", 20, 20);
    play(&mut p, "roll:3,4 e2e4 roll:3,4 p@d4");
    assert!(has(&p, "d4e3"));
    play(&mut p, "d4e3");
    assert_eq!(p.board().piece_at(sq("e4")), None);
    assert_eq!(p.lost(Color::White, Role::Pawn), 8);
}

// ---------------------------------------------------------------- king power

#[test]
fn king_as_queen_slides_through_an_attacked_square_but_not_into_check() {
    // The rook on d8 attacks d2, which the king crosses on its way to a5.
    let fen = "3rk3/8/8/8/8/8/8/4K3 w - - 0 1";
    let mut p = pos(fen, 20, 2);
    play(&mut p, "roll:3,4");
    assert!(!has(&p, "e1a5"));
    assert!(refusal(&p, "e1a5").contains("buy:king"));
    play(&mut p, "buy:king");
    assert!(p.king_power());
    assert!(has(&p, "e1a5") && has(&p, "e1h4") && has(&p, "e1e6"));
    assert!(!has(&p, "e1d2"), "d2 is attacked");
    assert!(!has(&p, "e1e7"), "e7 touches the black king");
    play(&mut p, "e1a5");
    assert!(!p.king_power(), "the power lasts one turn");
    play(&mut p, "roll:3,4 e8e7 roll:3,4");
    assert!(!has(&p, "a5a1"));
}

#[test]
fn king_as_queen_earns_as_a_king_move_and_keeps_castling_meaning_castling() {
    let mut p = pos("4k3/8/8/8/8/8/8/4K2R w K - 0 1", 20, 2);
    play(&mut p, "roll:6,2 buy:king");
    let e1g1: Vec<Move> = legal(&p)
        .iter()
        .filter_map(|a| a.as_move())
        .filter(|m| m.from == sq("e1") && m.to == sq("g1"))
        .collect();
    assert_eq!(e1g1.len(), 1);
    assert_eq!(e1g1[0].kind, MoveKind::Castle);
    play(&mut p, "e1g1");
    assert_eq!(
        p.board().piece_at(sq("f1")),
        Some(Piece::new(Color::White, Role::Rook))
    );
    assert_eq!(p.money(Color::White), 20 - 10 + 2);
}

// ---------------------------------------------------------------- the end

#[test]
fn checkmate_judged_at_the_turn_change_not_during_the_movers_extra_moves() {
    // Back-rank mate given by the main move; White still has an extra move.
    let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let mut p = pos(fen, 20, 50);
    play(&mut p, "roll:3,4 buy:move1 a1a8");
    assert_eq!(p.turn(), Color::White);
    assert!(
        p.outcome().is_none(),
        "not judged during White's extra moves"
    );
    assert!(!legal(&p).is_empty());
    let mut mated = p;
    play(&mut mated, "pass");
    let o = mated.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), EndReason::Checkmate)
    );
    assert!(legal(&mated).is_empty());
    // Black had money and lost pieces to block with: mate is pictorial.
    assert!(mated.money(Color::Black) >= 19 && mated.lost(Color::Black, Role::Queen) == 1);
    // The extra move can undo the mate before it is judged.
    let mut undone = p;
    play(&mut undone, "a8a1");
    assert_eq!(undone.turn(), Color::Black);
    assert!(undone.outcome().is_none());
}

#[test]
fn stalemate_is_judged_at_the_turn_start() {
    let p = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 1, 50);
    assert!(legal(&p).is_empty());
    let o = p.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (None, EndReason::Stalemate));
}

#[test]
fn threefold_repetition_counts_turn_starts_with_same_money_and_prices() {
    let mut g = Game::new(Registry::builtin().get("dice-money").unwrap(), None, 7).unwrap();
    // Knight moves on 3,4 earn nothing, so money stays put.
    let cycle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    for (i, m) in cycle.iter().chain(cycle.iter()).enumerate() {
        assert!(g.outcome().is_none(), "ended early before turn {i}");
        g.play_text("roll:3,4").unwrap();
        assert_eq!(g.position().repetition_key(), None, "mid-turn");
        g.play_text(m).unwrap();
    }
    let o = g.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (None, EndReason::Repetition));
    // The same moves while money changes do not repeat.
    let mut g = Game::new(Registry::builtin().get("dice-money").unwrap(), None, 7).unwrap();
    for m in cycle.iter().chain(cycle.iter()) {
        g.play_text("roll:2,1").unwrap();
        g.play_text(m).unwrap();
    }
    assert!(g.outcome().is_none());
}

#[test]
fn hundred_chess_moves_without_capture_pawn_move_or_placement_draw() {
    let v = variant_with(serde_json::json!({"start_money": {"white": 50, "black": 50}}));
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 97 60";
    let mut g = Game::new(v.clone(), Some(fen), 1).unwrap();
    for t in ["roll:3,4", "buy:move1", "a1a2", "a2a3", "roll:3,4"] {
        g.play_text(t).unwrap();
    }
    assert_eq!(g.position().quiet_plies(), 99);
    assert!(g.outcome().is_none());
    g.play_text("e8d8").unwrap();
    assert_eq!(g.outcome().unwrap().reason, EndReason::FiftyMoves);
    // A placement resets the count.
    let mut g = Game::new(v, Some(fen), 1).unwrap();
    for t in [
        "roll:3,4",
        "buy:move1",
        "a1a2",
        "a2a3",
        "roll:3,4",
        "N@c3",
        "e8d8",
    ] {
        g.play_text(t).unwrap();
    }
    assert_eq!(g.position().quiet_plies(), 1);
    assert!(g.outcome().is_none());
}

// ---------------------------------------------------------------- state

#[test]
fn hash_covers_money_prices_dice_and_turn_state() {
    let a = pos(START, 1, 2);
    let b = pos(START, 2, 2);
    assert_ne!(a.hash(), b.hash(), "money");
    let mut r12 = a;
    play(&mut r12, "roll:1,2");
    let mut r21 = a;
    play(&mut r21, "roll:2,1");
    let mut r13 = a;
    play(&mut r13, "roll:1,3");
    assert_ne!(a.hash(), r12.hash(), "phase");
    assert_eq!(r12.hash(), r21.hash(), "dice in either order play alike");
    assert_ne!(r12.hash(), r13.hash(), "dice");
    let mut m1 = pos(START, 30, 2);
    play(&mut m1, "roll:3,4 buy:move1");
    let mut k = pos(START, 30, 2);
    play(&mut k, "roll:3,4 buy:king");
    let mut o = options(30, 2);
    o.prices.king = 5;
    let mut k5 = pos_with(START, o);
    play(&mut k5, "roll:3,4 buy:king");
    assert_ne!(m1.hash(), k.hash(), "bought item");
    assert_ne!(k.hash(), k5.hash(), "prices and money");
    assert_eq!(a.repetition_key(), Some(a.hash()));
    assert_eq!(m1.repetition_key(), None);
}

#[test]
fn to_fen_writes_the_board_with_the_acting_side_and_counters() {
    let mut p = DiceMoney::start();
    play(&mut p, "roll:3,4 e2e4 roll:3,4 c7c5 roll:3,4 g1f3");
    assert_eq!(
        p.to_fen(),
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    let mut q = pos(START, 20, 2);
    play(&mut q, "roll:3,4 buy:move1 e2e4");
    assert_eq!(q.turn(), Color::White);
    assert_eq!(
        q.to_fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1"
    );
}

#[test]
fn setups_with_more_than_one_set_are_refused() {
    let e = DiceMoney::from_setup(
        Setup::parse("4k3/8/8/8/8/8/8/QQ2K3 w - - 0 1").unwrap(),
        DiceMoneyOptions::default(),
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("2 queens") && e.contains("one set"), "{e}");
}

#[test]
fn a_game_with_explicit_rolls_replays_to_the_same_state() {
    let v = Registry::builtin().get("dice-money").unwrap();
    for seed in 0..4u64 {
        let mut g = Game::new(v.clone(), None, seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed + 100);
        while g.ply() < 300 && g.outcome().is_none() {
            if g.roll_dice().is_some() {
                continue;
            }
            let legal = g.legal_actions();
            let a = legal[(rng.next_u64() % legal.len() as u64) as usize];
            g.play(a).unwrap();
        }
        let record: Vec<String> = g.actions().iter().map(|a| a.to_string()).collect();
        assert!(record.iter().any(|t| t.starts_with("roll:")));
        // Replaying the texts never rolls: a different seed changes nothing.
        let mut r = Game::new(v.clone(), None, seed + 999).unwrap();
        for (ply, t) in record.iter().enumerate() {
            r.play_text(t)
                .unwrap_or_else(|e| panic!("ply {}: {t}: {e}", ply + 1));
        }
        assert_eq!(dm(r.position()), dm(g.position()), "seed {seed}");
        assert_eq!(r.outcome(), g.outcome());
    }
}

#[test]
fn a_record_with_an_illegal_action_is_caught_at_its_ply() {
    let v = Registry::builtin().get("dice-money").unwrap();
    let record = ["roll:1,2", "e2e4", "roll:3,3", "buy:move1", "e7e5"];
    let mut g = Game::new(v, None, 0).unwrap();
    let failed = record
        .iter()
        .enumerate()
        .find_map(|(i, t)| g.play_text(t).err().map(|e| (i + 1, e.to_string())));
    let (ply, why) = failed.unwrap();
    assert_eq!(ply, 4);
    assert!(why.contains("buy:move1 costs $5; you have $2"), "{why}");
}

// ---------------------------------------------------------------- match play

#[test]
fn match_carry_over_winner_prices_become_both_players_start_prices() {
    let v = variant_with(serde_json::json!({"start_money": {"white": 20, "black": 20}}));
    let fen = "6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1";
    let mut g = Game::new(v, Some(fen), 3).unwrap();
    for t in "roll:3,4 buy:king g8h8 roll:3,4 buy:move1 a1a8 pass".split_whitespace() {
        g.play_text(t).unwrap();
    }
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), EndReason::Checkmate)
    );
    let end = dm(g.position());
    assert_eq!(end.price(Color::White, ShopItem::Move1), 6);
    assert_eq!(end.price(Color::Black, ShopItem::KingPower), 11);

    let mut next = g.next_in_match(4).unwrap();
    let start = *dm(next.position());
    for c in Color::ALL {
        assert_eq!(start.prices(c), end.prices(Color::White), "{c}");
        assert_eq!(start.price(c, ShopItem::KingPower), 10);
    }
    assert_eq!(start.money(Color::White), 20, "money is not carried");

    // A drawn game keeps the previous starting prices, whatever was bought.
    for t in "roll:3,4 buy:move2 g8h8 pass".split_whitespace() {
        next.play_text(t).unwrap();
    }
    assert_eq!(dm(next.position()).price(Color::Black, ShopItem::Move2), 16);
    next.agree();
    assert_eq!(next.outcome().unwrap().winner, None);
    let third = next.next_in_match(5).unwrap();
    let third_start = dm(third.position());
    for c in Color::ALL {
        assert_eq!(third_start.prices(c), start.prices(c));
    }
}

// ---------------------------------------------------------------- variant file

#[test]
fn economy_comes_from_the_variant_file() {
    let text = r#"{"id":"cheap","name":"Cheap","summary":"s","family":"dice_money",
        "start":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "options":{"start_money":{"white":3,"black":0},"price_increment":4,
                   "prices":{"move1":3}},"rules":"r"}"#;
    let def = Arc::new(VariantDef::from_json("cheap.json", text).unwrap());
    let mut g = Game::new(def, None, 1).unwrap();
    g.play_text("roll:3,4").unwrap();
    g.play_text("buy:move1").unwrap();
    let p = dm(g.position());
    assert_eq!(p.money(Color::White), 0);
    assert_eq!(p.price(Color::White, ShopItem::Move1), 3 + 4);
    assert_eq!(
        p.price(Color::White, ShopItem::Move2),
        15,
        "unlisted prices default"
    );
    let bad = text.replace("\"move1\":3", "\"move3\":3");
    let e = VariantDef::from_json("bad.json", &bad)
        .unwrap_err()
        .to_string();
    assert!(e.contains("move3"), "{e}");
}

#[test]
fn builtin_file_matches_the_rules_table_and_explains_the_dice() {
    let v = Registry::builtin().get("dice-money").unwrap();
    let parsed: DiceMoneyOptions = serde_json::from_value(v.options.clone()).unwrap();
    assert_eq!(parsed, DiceMoneyOptions::default());
    let text = v.rules_text();
    for s in [
        "1 = pawn",
        "2 = knight",
        "3 = bishop",
        "4 = rook",
        "5 = queen",
        "6 = king",
    ] {
        assert!(text.contains(s), "{s}");
    }
    for s in ["buy:move1", "buy:move2", "buy:king", "$19", "$100"] {
        assert!(text.contains(s), "{s}");
    }
}

// ---------------------------------------------------------------- perft

#[test]
fn perft_with_other_money_from_data_file() {
    // Default-money positions are in tests/perft/dice-money.txt, which the
    // shared perft suite reads.
    let data = include_str!("../dice-money/perft-money.txt");
    let mut lines = 0;
    for line in data.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.split(';').map(str::trim);
        let fen = fields.next().unwrap();
        let mut o = DiceMoneyOptions::default();
        let mut counts = Vec::new();
        for f in fields {
            if let Some(m) = f.strip_prefix("money=") {
                let (w, b) = m.split_once(',').unwrap();
                o.start_money.white = w.parse().unwrap();
                o.start_money.black = b.parse().unwrap();
            } else {
                counts.push(f.parse::<u64>().unwrap());
            }
        }
        let p = pos_with(fen, o);
        for (i, want) in counts.iter().enumerate() {
            assert_eq!(perft(&p, i as u32 + 1), *want, "{fen} depth {}", i + 1);
        }
        lines += 1;
    }
    assert!(lines >= 2);
}

#[test]
fn start_perft_agrees_with_a_count_derived_from_fide_chess() {
    // Six plies: roll, White's move, roll, Black's move, roll, White's
    // action. Nobody can afford anything but White's buy:move1 in the third
    // turn, which needs $4 earned by the first move; no piece is lost yet.
    let fide3 = perft(&Standard::start(), 3);
    let mut earned_four = 0u64;
    let mut legal = Vec::new();
    Standard::start().legal_actions(&mut legal);
    for a in &legal {
        let m = a.as_move().unwrap();
        let n = Standard::start().board().role_at(m.from).unwrap().index() as u8 + 1;
        for d1 in 1..=6u8 {
            for d2 in 1..=6u8 {
                let gain = if n == d1 {
                    d2
                } else if n == d2 {
                    d1
                } else {
                    0
                };
                if 1 + gain as u32 >= 5 {
                    earned_four += 1;
                }
            }
        }
    }
    let want = 36 * 36 * 36 * fide3 + earned_four * 20 * 36 * 36;
    assert_eq!(perft(&DiceMoney::start(), 6), want);
}

// ---------------------------------------------------------------- property

/// Chess moves by brute force: king-ordinary pseudo moves plus slides and
/// castling, kept when they neither capture a king nor end in own check.
fn reference_moves(p: &DiceMoney) -> BTreeSet<String> {
    let b = p.board();
    let us = p.turn();
    let them = us.other();
    let promos: Vec<Role> = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
        .into_iter()
        .filter(|r| p.lost(us, *r) > 0)
        .collect();
    let ep = if p.phase() == Phase::Extra {
        None
    } else {
        p.ep_square()
    };
    let mut pseudo = Vec::new();
    gen_king_ordinary_captures(b, us, ep, &promos, &mut pseudo);
    gen_king_ordinary_quiets(b, us, &promos, &mut pseudo);
    let k = b.king_of(us).unwrap();
    if p.king_power() {
        for t in queen_attacks(k, b.occupied()) & !b.by_color(us) {
            pseudo.push(Action::Move(Move::new(k, t)));
        }
    }
    let ek = b.king_of(them).unwrap();
    let mut out = BTreeSet::new();
    for a in pseudo {
        let m = a.as_move().unwrap();
        if m.to == ek {
            continue;
        }
        let mut after = *b;
        apply_move(&mut after, m);
        if !king_in_check(&after, us) {
            out.insert(m.to_string());
        }
    }
    for (kingside, bit) in [
        (
            true,
            if us == Color::White {
                castle::WHITE_KING
            } else {
                castle::BLACK_KING
            },
        ),
        (
            false,
            if us == Color::White {
                castle::WHITE_QUEEN
            } else {
                castle::BLACK_QUEEN
            },
        ),
    ] {
        let g = castle_geometry(us, kingside);
        let ok = p.castling() & bit != 0
            && k == g.king_from
            && b.piece_at(g.rook_from) == Some(Piece::new(us, Role::Rook))
            && (b.occupied() & g.must_be_empty).is_empty()
            && !king_in_check(b, us)
            && !g
                .king_path
                .any_square(|s| is_attacked(b, s, them, b.occupied()));
        if ok {
            out.insert(Move::with_kind(k, g.king_to, MoveKind::Castle).to_string());
        }
    }
    out
}

fn reference_placements(p: &DiceMoney) -> BTreeSet<String> {
    let b = p.board();
    let us = p.turn();
    let mut out = BTreeSet::new();
    for color in Color::ALL {
        for role in [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ] {
            let piece = Piece::new(color, role);
            let item = ShopItem::of_placement(piece, us).unwrap();
            if p.lost(color, role) == 0 || p.price(us, item) > p.money(us) {
                continue;
            }
            for s in Square::all() {
                if b.occupied().contains(s)
                    || (role == Role::Pawn && (s.rank() == 0 || s.rank() == 7))
                {
                    continue;
                }
                let mut after = *b;
                after.set(s, piece);
                if !king_in_check(&after, us) {
                    out.insert(Action::Place(piece, s).to_string());
                }
            }
        }
    }
    out
}

fn check_invariants(p: &DiceMoney, cap: u32, context: &str) {
    for c in Color::ALL {
        assert!(p.money(c) <= cap, "{context}: money {} > {cap}", p.money(c));
        for r in [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
            Role::King,
        ] {
            let on_board = p.board().by_piece(Piece::new(c, r)).count();
            let total = on_board + p.lost(c, r) as u32;
            assert_eq!(total, SET[r.index()] as u32, "{context}: {c} {r:?}");
        }
    }
    assert!(
        (p.board().by_role(Role::Pawn) & (Bitboard::rank(0) | Bitboard::rank(7))).is_empty(),
        "{context}: pawn on a back rank"
    );
    assert_eq!(p.board().hash(), p.board().recompute_hash(), "{context}");
    // The side not acting is never left in check by its own action, and
    // the acting side is only in check at a turn's start.
    if p.phase() != Phase::Roll {
        assert!(
            !king_in_check(p.board(), p.turn())
                || p.phase() == Phase::Main
                || p.phase() == Phase::Bought,
            "{context}"
        );
    }
    let l = legal(p);
    if p.phase() != Phase::Roll {
        assert!(!l.is_empty(), "{context}: no action mid-turn");
    }
    let mut seen = BTreeSet::new();
    for a in &l {
        assert!(seen.insert(a.to_string()), "{context}: duplicate text {a}");
    }
    if p.phase() == Phase::Roll {
        return;
    }
    let moves: BTreeSet<String> = l
        .iter()
        .filter(|a| a.as_move().is_some())
        .map(|a| a.to_string())
        .collect();
    assert_eq!(
        moves,
        reference_moves(p),
        "{context}\n{}",
        p.board().diagram()
    );
    let places: BTreeSet<String> = l
        .iter()
        .filter(|a| matches!(a, Action::Place(..)))
        .map(|a| a.to_string())
        .collect();
    let want = if p.phase() == Phase::Main {
        reference_placements(p)
    } else {
        BTreeSet::new()
    };
    assert_eq!(places, want, "{context}\n{}", p.board().diagram());
}

/// Pick an action: a kind first (move, purchase, placement, pass), then one
/// of that kind, so that purchases are common and placements not dominant.
fn pick(rng: &mut ChaCha8Rng, l: &[Action]) -> Action {
    let kinds: [fn(&Action) -> bool; 4] = [
        |a| a.as_move().is_some() || matches!(a, Action::Roll(..)),
        |a| matches!(a, Action::Buy(_)),
        |a| matches!(a, Action::Place(..)),
        |a| matches!(a, Action::Pass),
    ];
    loop {
        let k = kinds[(rng.next_u32() % 4) as usize];
        let of_kind: Vec<&Action> = l.iter().filter(|a| k(a)).collect();
        if !of_kind.is_empty() {
            return *of_kind[(rng.next_u64() % of_kind.len() as u64) as usize];
        }
    }
}

#[test]
fn random_turns_never_panic_and_keep_money_and_sets_in_bounds() {
    let mut turns = 0u64;
    let mut purchases = 0u64;
    let mut promotions = 0u64;
    let mut ends = 0u64;
    for seed in 0..60u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let money_cap = 20 + (rng.next_u32() % 100);
        let o = DiceMoneyOptions {
            money_cap,
            start_money: StartMoney {
                white: rng.next_u32() % 130,
                black: rng.next_u32() % 130,
            },
            ..Default::default()
        };
        let fen = if seed % 3 == 0 {
            "r3k2r/1P4p1/8/3pP3/8/8/6p1/R3K2R w KQkq d6 0 1"
        } else {
            START
        };
        let mut p = pos_with(fen, o);
        for ply in 0..500 {
            let context = format!("seed {seed} ply {ply}");
            check_invariants(&p, o.money_cap, &context);
            let l = legal(&p);
            if l.is_empty() {
                assert!(p.outcome().is_some());
                ends += 1;
                break;
            }
            let a = pick(&mut rng, &l);
            match a {
                Action::Roll(..) => turns += 1,
                Action::Buy(_) | Action::Place(..) => purchases += 1,
                Action::Move(m) if m.promotion().is_some() => promotions += 1,
                _ => {}
            }
            let mover = p.turn();
            p.play_unchecked(a);
            assert!(
                !king_in_check(p.board(), mover)
                    || p.turn() == mover && p.phase() != Phase::Extra && p.phase() != Phase::Roll,
                "{context}: {a} left own king in check"
            );
        }
    }
    eprintln!("random play: {turns} turns, {purchases} purchases, {promotions} promotions, {ends} games ended by the board");
    assert!(turns >= 5000, "only {turns} turns");
    assert!(
        purchases > 500 && promotions > 10 && ends > 0,
        "{purchases} {promotions} {ends}"
    );
}

// ---------------------------------------------------------------- evaluation

#[test]
fn a_check_given_before_the_extra_moves_is_marked_in_san() {
    // White buys an extra move; Ra1-a8 checks the king on e8 while White
    // still has the extra move to make, and the SAN says so.
    let mut p = pos("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", 20, 20);
    play(&mut p, "roll:4,1 buy:move1");
    let moves = legal(&p);
    let check = parse_action(&p, "a1a8").unwrap();
    assert_eq!(motley_rules::san_of(&p, &check, &moves), "Ra8+");
    play(&mut p, "a1a8");
    assert_eq!(p.turn(), Color::White, "the extra move is still White's");
    // The check is still on the board after the extra move, which ends the
    // turn with Black able to escape: "+", not "#".
    let moves = legal(&p);
    let quiet = parse_action(&p, "e1d2").unwrap();
    assert_eq!(motley_rules::san_of(&p, &quiet, &moves), "Kd2+");
}
