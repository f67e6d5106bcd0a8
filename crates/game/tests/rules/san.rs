//! SAN: disambiguation, captures, promotion (incl. `=K`), castling and
//! check marks, written and read back.

use motley_rules::core::Action;
use motley_rules::{parse_action, san_of, AnyPosition, Position};

use crate::position_support;
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

// Issue 22, item 6: the king's move to its castling square is castling
// where nothing else fits, as lichess reads it.
#[test]
fn item_6_king_to_the_castling_square_castles() {
    let p = pos("standard", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    reads_as(&p, "Kg1", "e1g1");
    reads_as(&p, "Kc1", "e1c1");
    reads_as(&p, "Ke1g1", "e1g1");
    let p = pos("standard", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    reads_as(&p, "Kg8", "e8g8");
    // Chicken castles by its ruling, and Kg1 reads the same.
    reads_as(
        &pos("chicken", "4k3/8/8/8/8/8/8/4K2R w - - 0 1"),
        "Kg1",
        "e1g1",
    );
}

// Issue 22, item 6: where `Kg1` could also be another king's step, it is
// not guessed; the message says how castling is written. (Where one other
// king's step is written `Kg1` in SAN, `Kg1` is that step.)
#[test]
fn item_6_ambiguous_king_move_says_how_to_castle() {
    let p = pos("chicken", "4k3/8/8/8/8/8/5K1K/4K2R w - - 0 1");
    let e = parse_action(&p, "Kg1").unwrap_err().to_string();
    assert!(
        e.contains(
            "ambiguous: castle with O-O (or e1g1), or say which king steps there (e.g. Kf2g1)"
        ),
        "{e}"
    );
    reads_as(&p, "O-O", "e1g1");
    reads_as(&p, "Khg1", "h2g1");
    let p = pos("chicken", "4k3/8/8/8/8/8/7K/4K2R w - - 0 1");
    reads_as(&p, "Kg1", "h2g1");
}

// Issue 22, item 7: long algebraic with a hyphen, a space or an x.
#[test]
fn item_7_long_algebraic_forms_are_read() {
    let p = pos("standard", motley_rules::core::fen::STANDARD_FEN);
    for text in ["e2-e4", "e2 e4", "e2xe4", "e2 - e4", " e2-e4 "] {
        reads_as(&p, text, "e2e4");
    }
    reads_as(&p, "Ng1-f3", "g1f3");
    reads_as(&p, "ng1-f3", "g1f3");
    let p = pos("standard", "r3k3/1P6/8/3p4/4P3/8/8/4K2R w K - 0 1");
    reads_as(&p, "e4xd5", "e4d5");
    reads_as(&p, "e4:d5", "e4d5");
    reads_as(&p, "b7-b8=Q", "b7b8q");
    reads_as(&p, "b7xa8q", "b7a8q");
}

// Issue 22, item 7: lower-case piece letters, where they cannot be a file.
#[test]
fn item_7_lower_case_piece_letters_are_read() {
    let p = pos("standard", motley_rules::core::fen::STANDARD_FEN);
    reads_as(&p, "nf3", "g1f3");
    reads_as(&p, "nc3", "b1c3");
    let p = pos("standard", "r3k3/1P6/8/3p4/4P3/8/8/4K2R w K - 0 1");
    reads_as(&p, "o-o", "e1g1");
    reads_as(&p, "rh2", "h1h2");
    reads_as(&p, "kd2", "e1d2");
    reads_as(&p, "bxa8=q", "b7a8q");
}

// Issue 22, item 7: a lower-case b is the b-file: it reads as a bishop only
// where no b-pawn move fits, and where both fit the message says so.
#[test]
fn item_7_lower_case_b_is_not_guessed_against_a_b_pawn() {
    // The b3 pawn and the f1 bishop can both go to c4 (the pawn by capture).
    let p = pos("standard", "4k3/8/8/8/2p5/1P6/8/4KB2 w - - 0 1");
    let e = parse_action(&p, "bc4").unwrap_err().to_string();
    assert!(
        e.contains("ambiguous")
            && e.contains("lower-case b is the b-file")
            && e.contains("write Bc4 for the bishop")
            && e.contains("bxc4 for the pawn"),
        "{e}"
    );
    // Exact SAN is never second-guessed: bxc4 is the pawn's capture.
    reads_as(&p, "bxc4", "b3c4");
    reads_as(&p, "Bxc4", "f1c4");
    // Only the bishop can go to d3: the lower-case b is read as the bishop.
    reads_as(&p, "bd3", "f1d3");
    // Neither fits: the refusal says what a lower-case b means.
    let e = parse_action(&p, "bh6").unwrap_err().to_string();
    assert!(e.contains("write B for a bishop"), "{e}");
}

// Issue 22, item 7: trailing junk is refused, saying what is left over.
#[test]
fn item_7_trailing_junk_is_refused() {
    let p = pos("standard", "4k3/8/8/8/8/8/8/K7 b - - 0 1");
    for (text, junk) in [
        ("Ke7x", "'x' after the square e7"),
        ("Ke7,", "',' after the square e7"),
        ("e2e4e5x", "'x' after the square e5"),
    ] {
        let e = parse_action(&p, text).unwrap_err().to_string();
        assert!(
            e.contains("is not a move") && e.contains(junk),
            "{text}: {e}"
        );
    }
    // Check and comment marks are not junk.
    reads_as(&p, "Ke7+", "e8e7");
    reads_as(&p, "Ke7!?", "e8e7");
}
