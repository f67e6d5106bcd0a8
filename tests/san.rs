//! SAN: disambiguation, captures, promotion (incl. `=K`), castling and
//! check marks, written and read back.

use motley::core::Action;
use motley::rules::{parse_action, san_of, AnyPosition, Position};

mod position_support;
use position_support::position as pos;

fn san(p: &AnyPosition, coord: &str) -> String {
    let mut legal = Vec::new();
    p.legal_actions(&mut legal);
    let a = parse_action(p, coord).unwrap();
    san_of(p, &a, &legal)
}

fn reads_as(p: &AnyPosition, text: &str, coord: &str) {
    let a: Action = parse_action(p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(a.to_string(), coord, "{text}");
}

#[test]
fn knights_disambiguate_by_file_then_rank() {
    let p = pos("standard", "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    assert_eq!(san(&p, "b1d2"), "Nbd2");
    assert_eq!(san(&p, "f1e3"), "Ne3");
    let p = pos("standard", "4k3/8/8/8/8/1N6/8/1N2K3 w - - 0 1");
    assert_eq!(san(&p, "b1d2"), "N1d2");
    assert_eq!(san(&p, "b3d4"), "Nd4");
}

#[test]
fn three_queens_need_the_full_square() {
    let p = pos("standard", "8/8/1k6/8/4Q2Q/8/8/K6Q w - - 0 1");
    assert_eq!(san(&p, "h4e1"), "Qh4e1");
    reads_as(&p, "Qh4e1", "h4e1");
}

#[test]
fn pawn_captures_promotions_and_castling() {
    let p = pos("standard", "r3k3/1P6/8/3p4/4P3/8/8/4K2R w K - 0 1");
    assert_eq!(san(&p, "e4d5"), "exd5");
    assert_eq!(san(&p, "b7a8q"), "bxa8=Q+");
    assert_eq!(san(&p, "b7b8n"), "b8=N");
    assert_eq!(san(&p, "e1g1"), "O-O");
    reads_as(&p, "O-O", "e1g1");
    reads_as(&p, "0-0", "e1g1");
    reads_as(&p, "bxa8Q", "b7a8q");
    reads_as(&p, "b8=N", "b7b8n");
    reads_as(&p, "exd5!?", "e4d5");
}

#[test]
fn antichess_promotes_to_king() {
    let p = pos("antichess", "8/P6p/8/8/8/8/8/8 w - - 0 1");
    assert_eq!(san(&p, "a7a8k"), "a8=K");
    reads_as(&p, "a8=K", "a7a8k");
}

#[test]
fn over_specified_san_is_accepted_and_ambiguity_is_named() {
    let p = pos("standard", "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    reads_as(&p, "Nfg3", "f1g3");
    reads_as(&p, "Nf1g3", "f1g3");
    let err = parse_action(&p, "Nd2").unwrap_err().to_string();
    assert!(err.contains("ambiguous"), "{err}");
    let err = parse_action(&p, "Nf6").unwrap_err().to_string();
    assert!(err.contains("illegal"), "{err}");
    let err = parse_action(&p, "hello").unwrap_err().to_string();
    assert!(err.contains("not"), "{err}");
}

#[test]
fn illegal_san_is_explained_by_the_rules_of_the_piece_it_means() {
    // The knight on e2 is pinned by the rook on e8: Nf4 would expose the king.
    let p = pos("standard", "4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1");
    let err = parse_action(&p, "Nf4").unwrap_err().to_string();
    assert!(err.contains("leave your king in check"), "{err}");
    // Chicken: a capture is available, so a quiet SAN move is refused for that reason.
    let p = pos("chicken", "4k3/8/8/8/8/3p4/4P3/4K3 w - - 0 1");
    let err = parse_action(&p, "e4").unwrap_err().to_string();
    assert!(err.contains("captures are compulsory"), "{err}");
}
