//! Who can still win, which decides a flag fall: a loss when the opponent
//! could still win, a draw otherwise. Each family says what winning needs.

use motley_rules::core::Color::{Black, White};
use motley_rules::{AnyPosition, Position};

use crate::position_support;
use position_support::position as pos;

#[test]
fn chess_a_lone_king_cannot_win() {
    let p = pos("standard", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    assert!(p.can_win(White));
    assert!(!p.can_win(Black));
}

#[test]
fn chess_king_and_minor_against_a_lone_king_cannot_win() {
    for fen in [
        "4k3/8/8/8/8/8/8/3NK3 w - - 0 1",
        "4k3/8/8/8/8/8/8/3BK3 w - - 0 1",
    ] {
        assert!(!pos("standard", fen).can_win(White), "{fen}");
    }
}

#[test]
fn chess_king_and_knight_can_win_when_the_other_side_has_blockers() {
    // Mate is possible: Black's own pieces may block its king.
    let p = pos("standard", "4k3/4r3/8/8/8/8/8/3NK3 w - - 0 1");
    assert!(p.can_win(White));
    assert!(p.can_win(Black));
}

#[test]
fn contrast_and_monochromatic_a_lone_king_cannot_win() {
    let fen = "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1";
    for v in ["contrast", "monochromatic", "monochromatic-jamal"] {
        let p = pos(v, fen);
        assert!(p.can_win(White), "{v}");
        assert!(!p.can_win(Black), "{v}");
    }
}

#[test]
fn antichess_and_chicken_a_side_can_always_win() {
    let fen = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
    for v in ["antichess", "chicken"] {
        let p = pos(v, fen);
        assert!(p.can_win(White) && p.can_win(Black), "{v}");
    }
}

#[test]
fn dice_money_a_lone_king_can_still_buy_pieces_back_and_win() {
    let p = pos("dice-money", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    assert!(p.can_win(Black));
}

#[test]
fn monochrome_can_win_while_the_points_left_could_beat_the_other_score() {
    // On the board: two kings (10 each) and a pawn (1): 21 points.
    let fen = "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1";
    let AnyPosition::Monochrome(m) = pos("monochrome", fen) else {
        unreachable!()
    };
    let close = AnyPosition::Monochrome(m.with_scores([10, 30]).unwrap());
    assert!(close.can_win(White), "10 + 21 > 30");
    let lost = AnyPosition::Monochrome(m.with_scores([5, 30]).unwrap());
    assert!(!lost.can_win(White), "5 + 21 < 30");
    assert!(lost.can_win(Black));
}
