//! Each family's evaluation weighs what that family's rules say: strong
//! and weak pieces in Contrast, knights that cannot move in Monochromatic,
//! money and extra moves in Dice-Money, fewer pieces in antichess, and
//! scores and the next capture in Monochrome, on a scale of points.

use crate::position_support::position;
use motley_ai::eval::Evaluate;
use motley_rules::antichess::{Antichess, AntichessOptions};
use motley_rules::core::Setup;
use motley_rules::dice_money::{DiceMoney, DiceMoneyOptions};
use motley_rules::monochrome::{Monochrome, MonochromeOptions};
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

fn anti(fen: &str) -> Antichess {
    Antichess::from_setup(Setup::parse(fen).unwrap(), AntichessOptions::default()).unwrap()
}

#[test]
fn antichess_prefers_fewer_pieces() {
    // One piece against eight is good for the one, whichever side acts.
    let few = "rnbqkbnr/8/8/8/8/8/8/7K";
    assert!(anti(&format!("{few} w - - 0 1")).evaluate() > 0);
    assert!(anti(&format!("{few} b - - 0 1")).evaluate() < 0);
}

#[test]
fn evaluation_prefers_fewer_pieces_and_exposed_own_pieces() {
    // White to act with one piece against three: good for White.
    let p = anti("k7/p7/1p6/8/8/8/8/7K w - - 0 1");
    assert!(p.evaluate() > 0, "{}", p.evaluate());
    // Same material; White's knight attacked by Black's pawn is better
    // for White than White's knight attacking Black's pawn.
    let attacked = anti("7k/8/3p4/4N3/8/8/8/K7 w - - 0 1");
    let attacking = anti("7k/8/8/4N3/8/3p4/8/K7 w - - 0 1");
    assert!(attacked.evaluate() > attacking.evaluate());
}

fn mono(fen: &str) -> Monochrome {
    Monochrome::from_setup(Setup::parse(fen).unwrap(), MonochromeOptions::default()).unwrap()
}

#[test]
fn evaluation_follows_scores_and_the_next_capture() {
    let p = mono("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    let ahead = p.with_scores([5, 0]).unwrap();
    assert!(ahead.evaluate() > p.evaluate());
    // Bishop and queen attack each other across the line: the side to
    // act that can take the queen stands better than the one that can
    // only take the bishop while its queen hangs.
    let can_take = mono("4k3/8/8/3q4/4B3/8/8/4K3 w - - 0 1");
    let is_attacked = mono("4k3/8/8/3q4/4B3/8/8/4K3 b - - 0 1");
    assert!(can_take.evaluate() > 0);
    assert!(can_take.evaluate() > is_attacked.evaluate());
}

/// Issue 22, item 1: Monochrome's scale is points, and its limit is
/// every point in play (scored or on the board), not ten.
#[test]
fn item_1_the_scale_is_points_up_to_every_point_in_play() {
    // Looney's values: 8 pawns, 2 each of N B R, Q and K per side.
    let start = mono("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
    let scale = start.scale();
    assert_eq!((scale.unit, scale.unit_cp), ("point", 100));
    assert_eq!(scale.limit_cp, 2 * 50 * 100);
    // Points scored still count as in play.
    let kings = mono("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(kings.scale().limit_cp, 20 * 100);
    assert_eq!(
        kings.with_scores([30, 7]).unwrap().scale().limit_cp,
        57 * 100
    );
}
