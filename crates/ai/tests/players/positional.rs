//! The chess evaluation's terms: piece-square tables, and the positional
//! terms of the FIDE-like families (passed, doubled and isolated pawns,
//! mobility, the attack on a king) with their weights.

use motley_ai::eval::chess::chess_pst;
use motley_ai::eval::positional::{positional, Weights, TUNED};
use motley_rules::core::fen::Setup;
use motley_rules::core::legal::FidePowers;
use motley_rules::core::Color;

fn score(fen: &str) -> i32 {
    let s = Setup::parse(fen).unwrap();
    positional(&FidePowers::<false>, &s.board, s.turn, 24, &TUNED)
}

#[test]
fn weights_survive_the_list_form() {
    let v = TUNED.to_vec();
    assert_eq!(v.len(), Weights::LEN);
    assert_eq!(Weights::from_slice(&v), Some(TUNED));
    assert_eq!(Weights::from_slice(&v[1..]), None);
}

#[test]
fn the_start_position_is_level() {
    assert_eq!(score(Setup::standard().to_fen().as_str()), 0);
}

#[test]
fn a_passed_pawn_beats_a_blocked_one() {
    let passed = score("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1");
    let blocked = score("4k3/3p4/8/3P4/8/8/8/4K3 w - - 0 1");
    assert!(passed > 0 && passed > blocked, "{passed} {blocked}");
}

#[test]
fn doubled_and_isolated_pawns_cost() {
    let healthy = score("4k3/8/8/8/8/8/2PP4/4K3 w - - 0 1");
    let doubled = score("4k3/8/8/8/8/3P4/3P4/4K3 w - - 0 1");
    assert!(healthy > doubled, "{healthy} {doubled}");
}

#[test]
fn a_free_bishop_beats_a_buried_one() {
    let free = score("4k3/8/8/8/8/8/1B6/4K3 w - - 0 1");
    let buried = score("4k3/8/8/8/8/P1P5/1B6/4K3 w - - 0 1");
    assert!(free > buried, "{free} {buried}");
}

#[test]
fn pieces_around_an_open_king_are_dangerous() {
    // Queen and rook bear on the black king's zone.
    let attacked = score("6k1/5p1p/8/6Q1/8/8/8/4K1R1 w - - 0 1");
    let quiet = score("6k1/5p1p/8/8/8/8/Q7/R3K3 w - - 0 1");
    assert!(attacked > quiet, "{attacked} {quiet}");
}

#[test]
fn start_position_is_balanced_apart_from_tempo() {
    // The bonus for the side to act: 10 centipawns.
    let tempo = 10;
    let b = Setup::standard().board;
    assert_eq!(chess_pst(&b, Color::White), tempo);
    assert_eq!(chess_pst(&b, Color::Black), tempo);
}

#[test]
fn central_knight_beats_rim_knight() {
    let centre = Setup::parse("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1").unwrap();
    let rim = Setup::parse("4k3/8/8/8/N7/8/8/4K3 w - - 0 1").unwrap();
    assert!(chess_pst(&centre.board, Color::White) > chess_pst(&rim.board, Color::White));
}
