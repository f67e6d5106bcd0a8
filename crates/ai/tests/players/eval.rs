//! Each family's evaluation weighs what that family's rules say: strong
//! and weak pieces in Contrast, knights that cannot move in Monochromatic,
//! money and extra moves in Dice-Money.

use crate::position_support::position;
use motley_ai::eval::Evaluate;
use motley_rules::core::Setup;
use motley_rules::dice_money::{DiceMoney, DiceMoneyOptions};
use motley_rules::{parse_action, Position};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A Dice-Money position with the given start money.
fn dice_money(fen: &str, white: u32, black: u32) -> DiceMoney {
    let mut o = DiceMoneyOptions::default();
    o.start_money.white = white;
    o.start_money.black = black;
    DiceMoney::from_setup(Setup::parse(fen).unwrap(), o).unwrap()
}

/// Play actions given as text, one after the other.
fn play(p: &mut DiceMoney, texts: &str) {
    for t in texts.split_whitespace() {
        let a = parse_action(p, t).unwrap_or_else(|e| panic!("{t}: {e}"));
        p.play_unchecked(a);
    }
}

#[test]
fn contrast_evaluation_counts_material_and_strong_pieces() {
    // The start is symmetric: both sides to move see the same score.
    let start = position(
        "contrast",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    let start_black = position(
        "contrast",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
    );
    assert_eq!(start.evaluate(), start_black.evaluate());
    assert!(start.evaluate().abs() < 50);
    // The same extra knight is worth more strong (e4, light) than weak
    // (d4, dark).
    let strong = position("contrast", "k7/8/8/8/4N3/8/8/K7 w - - 0 1");
    let weak = position("contrast", "k7/8/8/8/3N4/8/8/K7 w - - 0 1");
    assert!(strong.evaluate() > weak.evaluate());
    assert!(weak.evaluate() > 0, "a knight up is still better");
    // From Black's side it is bad.
    let black = position("contrast", "k7/8/8/8/4N3/8/8/K7 b - - 0 1");
    assert!(black.evaluate() < -200);
}

#[test]
fn monochromatic_evaluation_knows_knights_are_weak_and_colour_complexes_matter() {
    // An immobile knight is worth far less than a camel or a DA.
    let fen = "k7/8/8/8/3N4/8/8/K7 w - - 0 1";
    let knight = position("monochromatic", fen).evaluate();
    let camel = position("monochromatic-jamal", fen).evaluate();
    let da = position("monochromatic-daffy", fen).evaluate();
    assert!(knight > 0 && knight < 100, "{knight}");
    assert!(camel > 200 && da > 200, "{camel} {da}");
    // A bishop with enemy pieces on its colour is worth more than one whose
    // colour holds none (it can never capture anything).
    // Bishop c1 is on a dark square; e5 is dark, d5 is light.
    let useful = position("monochromatic", "k7/8/8/4p3/8/8/8/K1B5 w - - 0 1").evaluate();
    let useless = position("monochromatic", "k7/8/8/3p4/8/8/8/K1B5 w - - 0 1").evaluate();
    assert!(useful > useless, "{useful} {useless}");
}

#[test]
fn dice_money_evaluation_counts_material_money_and_extra_moves_for_the_side_to_act() {
    let poor = dice_money(START, 1, 2);
    let rich = dice_money(START, 50, 2);
    assert!(rich.evaluate() > poor.evaluate());
    let mut black_to_act = rich;
    play(&mut black_to_act, "roll:3,4 e2e4");
    assert!(black_to_act.evaluate() < 0, "Black is poorer");
    // A queen up outweighs a modest purse.
    let up = dice_money("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", 1, 40);
    assert!(up.evaluate() > 0);
    // Extra moves still to make are worth something to the mover.
    let mut before = dice_money(START, 20, 2);
    play(&mut before, "roll:3,4 buy:move1 e2e4");
    let mut after = before;
    play(&mut after, "pass");
    assert!(before.evaluate() > -after.evaluate());
}
