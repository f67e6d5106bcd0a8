//! Monochromatic Chess and its sub-variants: colour-keeping moves,
//! pictorial check, the seed's example game, each knight-slot piece, and
//! perft (data in tests/perft/monochromatic*.txt, cross-checked with an
//! independent naive generator).

use crate::common;

use common::{check_perft_file, compare_random_walks, legal_texts, position, Rules};
use motley_rules::core::Color;
use motley_rules::{parse_action, san_of, AnyPosition, EndReason, Position};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The seed's example game (section "Example game"), in coordinates.
const EXAMPLE: &[&str] = &[
    "e2e4", "e7e5", "f1c4", "d7d5", "c4d5", "c8e6", "d5e6", "f7e6", "d1h5", "e8d7", "h5f7", "f8e7",
    "d2d4", "e5d4", "c1g5", "a7a5", "h2h4", "a8a6", "h1h3", "d7c8", "g5d2", "e7h4", "d2a5", "h4f2",
    "e1d2", "f2e3", "d2e1", "d8h4",
];

#[test]
fn perft_suites_match_data_and_naive_generator() {
    for (variant, kind) in [
        ("monochromatic", "knight"),
        ("monochromatic-knightless", "knight"),
        ("monochromatic-jamal", "camel"),
        ("monochromatic-daffy", "da"),
        ("monochromatic-double-knight", "double_knight"),
    ] {
        check_perft_file(variant, Rules::Mono(kind), &format!("{variant}.txt"), 3);
    }
}

#[test]
fn random_games_agree_with_naive_generator() {
    let mut total = (0, 0, 0, 0);
    for (variant, kind, fen) in [
        ("monochromatic", "knight", START),
        (
            "monochromatic-knightless",
            "knight",
            "r1bqkb1r/pppppppp/8/8/8/8/PPPPPPPP/R1BQKB1R w KQkq - 0 1",
        ),
        ("monochromatic-jamal", "camel", START),
        ("monochromatic-daffy", "da", START),
        ("monochromatic-double-knight", "double_knight", START),
        (
            "monochromatic-jamal",
            "camel",
            "r3k2r/1P4pp/5n2/3pP3/8/2N5/6PP/R3K2R w KQkq d6 0 1",
        ),
    ] {
        let s = compare_random_walks(variant, Rules::Mono(kind), fen, 40, 120);
        eprintln!("{variant}: {s:?}");
        assert!(s.checks > 0, "{variant}: {s:?}");
        total.0 += s.castles;
        total.1 += s.en_passant;
        total.2 += s.promotions;
        total.3 += s.finished;
    }
    // The walks reached castling, en passant, promotion and game ends.
    assert!(
        total.0 > 0 && total.1 > 0 && total.2 > 0 && total.3 > 0,
        "{total:?}"
    );
}

#[test]
fn example_game_replays_and_black_mates() {
    let mut pos = position("monochromatic", START);
    for (i, text) in EXAMPLE.iter().enumerate() {
        let action = parse_action(&pos, text)
            .unwrap_or_else(|e| panic!("ply {} {text}: {e}\n{}", i + 1, pos.to_fen()));
        pos.play_unchecked(action);
        if [10, 20, 24].contains(&(i + 1)) {
            eprintln!("after ply {}: {}", i + 1, pos.to_fen());
        }
    }
    let outcome = pos.outcome().expect("the game is over");
    assert_eq!(outcome.reason, EndReason::Checkmate);
    assert_eq!(outcome.winner, Some(motley_rules::core::Color::Black));
}

#[test]
fn example_game_san_and_the_seeds_side_line() {
    let mut pos = position("monochromatic", START);
    let mut sans = Vec::new();
    for text in EXAMPLE {
        let mut legal = Vec::new();
        pos.legal_actions(&mut legal);
        let a = parse_action(&pos, text).unwrap();
        sans.push(san_of(&pos, &a, &legal));
        pos.play_unchecked(a);
    }
    assert_eq!(
        sans.join(" "),
        "e4 e5 Bc4 d5 Bxd5 Be6 Bxe6 fxe6 Qh5+ Kd7 Qf7+ Be7 d4 exd4 Bg5 a5 h4 Ra6 Rh3 Kc8 \
         Bd2 Bxh4 Bxa5 Bxf2+ Kd2 Be3+ Ke1 Qh4#"
    );
    // 13. Kxf2? Qh4 mate, as the seed says.
    let mut pos = position("monochromatic", START);
    for text in &EXAMPLE[..24] {
        let a = parse_action(&pos, text).unwrap();
        pos.play_unchecked(a);
    }
    for text in ["Kxf2", "Qh4"] {
        let a = parse_action(&pos, text).unwrap();
        pos.play_unchecked(a);
    }
    let o = pos.outcome().unwrap();
    assert_eq!(
        (o.reason, o.winner),
        (EndReason::Checkmate, Some(Color::Black))
    );
}

fn mono(variant: &str, fen: &str) -> AnyPosition {
    position(variant, fen)
}

fn from(p: &AnyPosition, sq: &str) -> Vec<String> {
    legal_texts(p)
        .into_iter()
        .filter(|t| t.starts_with(sq))
        .collect()
}

fn texts(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn play(p: &AnyPosition, text: &str) -> AnyPosition {
    let a = parse_action(p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut n = p.clone();
    n.play_unchecked(a);
    n
}

fn refusal(p: &AnyPosition, text: &str) -> String {
    parse_action(p, text).unwrap_err().to_string()
}

#[test]
fn no_move_changes_square_colour() {
    // Queen d4 (dark) on an empty board: diagonals, and even distances on
    // rank and file. King e1 (dark) moves diagonally only.
    let p = mono("monochromatic", "8/7k/8/8/3Q4/8/8/4K3 w - - 0 1");
    assert_eq!(
        from(&p, "d4"),
        texts(&[
            "d4a1", "d4b2", "d4c3", "d4e5", "d4f6", "d4g7", "d4a7", "d4b6", "d4c5", "d4e3", "d4f2",
            "d4g1", "d4d2", "d4d6", "d4d8", "d4b4", "d4f4", "d4h4", "d4h8"
        ])
    );
    assert_eq!(from(&p, "e1"), texts(&["e1d2", "e1f2"]));
    let msg = refusal(&p, "d4d5");
    assert!(
        msg.contains("colour") && msg.contains("d4 is dark"),
        "{msg}"
    );
}

#[test]
fn knight_gives_check_but_has_no_moves() {
    // The knight f6 checks the king e8 pictorially.
    let p = mono("monochromatic", "4k3/8/5N2/8/8/8/8/4K3 b - - 0 1");
    assert!(p.in_check(p.turn()));
    // The king must leave diagonally: d7 is attacked by the knight too
    // (f6 attacks d5, d7, e4, g4, h5, h7, e8, g8), f7 is not.
    assert_eq!(from(&p, "e8"), texts(&["e8f7"]));
    // The knight itself never moves.
    let p = mono("monochromatic", "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1");
    assert!(from(&p, "d4").is_empty());
    assert!(refusal(&p, "d4f5").contains("knights can never move"));
    // Nor can a king step onto a square a knight attacks.
    let p = mono("monochromatic", "8/8/8/3k4/8/2N5/8/4K3 b - - 0 1");
    assert_eq!(from(&p, "d5"), texts(&["d5c6", "d5e6", "d5c4"]));
}

#[test]
fn check_is_pictorial_for_every_piece() {
    // Rook a1 (dark) cannot move to a4 (light), yet it checks a king there.
    let p = mono("monochromatic", "8/8/8/8/k7/8/8/R3K3 b - - 0 1");
    assert!(p.in_check(p.turn()));
    // A king may not step next to the enemy king (orthogonal contact is
    // attack too), even though kings move only diagonally.
    let p = mono("monochromatic", "8/8/8/3k4/8/3K4/8/8 w - - 0 1");
    assert_eq!(from(&p, "d3"), texts(&["d3c2", "d3e2"]));
}

#[test]
fn pawns_never_single_step() {
    let p = mono("monochromatic", START);
    assert_eq!(from(&p, "e2"), texts(&["e2e4"]));
    let msg = refusal(&p, "e2e3");
    assert!(msg.contains("pawns never make a single step"), "{msg}");
    // A pawn past its second rank moves only by capturing (here: en
    // passant on d6 and the capture of f6).
    let p = mono("monochromatic", "4k3/8/5n2/3pP3/8/8/8/4K3 w - d6 0 1");
    assert_eq!(from(&p, "e5"), texts(&["e5d6", "e5f6"]));
    let after = play(&p, "e5d6");
    assert_eq!(after.to_fen(), "4k3/8/3P1n2/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn queenside_castling_is_never_legal() {
    let p = mono(
        "monochromatic-knightless",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    );
    let e1 = from(&p, "e1");
    assert!(e1.contains(&"e1g1".to_string()));
    assert!(!e1.contains(&"e1c1".to_string()));
    let msg = refusal(&p, "e1c1");
    assert!(msg.contains("only kingside castling"), "{msg}");
    let after = play(&p, "e1g1");
    assert_eq!(after.to_fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    // Black likewise: e8-g8 with h8-f8 keeps colours, e8-c8 does not.
    let p = mono(
        "monochromatic-knightless",
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
    );
    assert!(from(&p, "e8").contains(&"e8g8".to_string()));
    assert!(!from(&p, "e8").contains(&"e8c8".to_string()));
}

#[test]
fn promotion_by_capture_gives_the_variants_knight_slot_piece() {
    // b7 (light) takes the rook c8 (light) and promotes.
    let fen = "2r5/1P2k3/8/8/8/8/8/4K3 w - - 0 1";
    let p = mono("monochromatic-knightless", fen);
    assert_eq!(from(&p, "b7"), texts(&["b7c8q", "b7c8r", "b7c8b", "b7c8n"]));
    // Knightless: an ordinary knight on c8 checks e7.
    assert!(play(&p, "b7c8n").in_check(Color::Black));
    // Jamal: a camel on c8 checks f7 (3,-1), not e7.
    let fen = "2r5/1P3k2/8/8/8/8/8/4K3 w - - 0 1";
    let p = mono("monochromatic-jamal", fen);
    assert!(play(&p, "b7c8n").in_check(Color::Black));
    let p = mono("monochromatic-jamal", "2r5/1P2k3/8/8/8/8/8/4K3 w - - 0 1");
    assert!(!play(&p, "b7c8n").in_check(Color::Black));
}

#[test]
fn jamal_camel_leaps_one_by_three_and_checks() {
    let p = mono("monochromatic-jamal", "k7/8/8/8/4N3/8/8/K7 w - - 0 1");
    assert_eq!(
        from(&p, "e4"),
        texts(&["e4b3", "e4b5", "e4d1", "e4d7", "e4f1", "e4f7", "e4h3", "e4h5"])
    );
    assert!(mono("monochromatic-jamal", "8/5k2/8/8/4N3/8/8/K7 b - - 0 1").in_check(Color::Black));
    // A standard knight's square is not a camel's.
    assert!(!mono("monochromatic-jamal", "8/8/5k2/8/4N3/8/8/K7 b - - 0 1").in_check(Color::Black));
}

#[test]
fn daffy_da_jumps_two_orthogonally_or_diagonally_and_checks() {
    // DA d4 surrounded by pieces still jumps.
    let p = mono(
        "monochromatic-daffy",
        "k7/8/8/2ppp3/2pNp3/2ppp3/8/K7 w - - 0 1",
    );
    assert_eq!(
        from(&p, "d4"),
        texts(&["d4b2", "d4b4", "d4b6", "d4d2", "d4d6", "d4f2", "d4f4", "d4f6"])
    );
    assert!(mono("monochromatic-daffy", "8/8/3k4/3p4/3N4/8/8/K7 b - - 0 1").in_check(Color::Black));
    assert!(mono("monochromatic-daffy", "8/8/1k6/2p5/3N4/8/8/K7 b - - 0 1").in_check(Color::Black));
}

#[test]
fn daffy_da_pinned_on_its_line_may_not_leap_past_the_pinner_or_the_king() {
    // DA f1 stands between the queen e1 and the king g1; its leaps along
    // rank 1 (to d1 over the queen, to h1 past the king) leave the line
    // open, as do its other leaps.
    let p = mono("monochromatic-daffy", "k7/8/8/8/8/8/8/4qNK1 w - - 0 1");
    assert!(!p.in_check(Color::White));
    assert!(from(&p, "f1").is_empty(), "{:?}", from(&p, "f1"));
    assert!(refusal(&p, "f1d1").contains("leave your king in check"));
    assert_eq!(from(&p, "g1"), texts(&["g1h2"]));
}

#[test]
fn double_knight_check_is_met_by_blocking_its_middle_square() {
    // The double knight b1 checks d5 through c3: the bishop a1 blocks
    // there, and has no other move while the check stands.
    let p = mono(
        "monochromatic-double-knight",
        "8/8/8/3K4/8/8/8/Bn5k w - - 0 1",
    );
    assert!(p.in_check(Color::White));
    assert_eq!(from(&p, "a1"), texts(&["a1c3"]));
    assert_eq!(from(&p, "d5"), texts(&["d5c4", "d5c6", "d5e4", "d5e6"]));
}

#[test]
fn double_knight_moves_two_by_four_through_an_empty_middle_and_checks_so() {
    let p = mono("monochromatic-double-knight", START);
    assert_eq!(from(&p, "b1"), texts(&["b1d5"]), "c3 is the middle square");
    // e4 on an open board: g8, c8, a6, a2.
    let p = mono(
        "monochromatic-double-knight",
        "7k/8/8/8/4N3/8/8/K7 w - - 0 1",
    );
    assert_eq!(from(&p, "e4"), texts(&["e4a2", "e4a6", "e4c8", "e4g8"]));
    // Check b1 -> d5 through c3 only while c3 is empty.
    assert!(mono(
        "monochromatic-double-knight",
        "8/8/8/3k4/8/8/8/KN6 b - - 0 1"
    )
    .in_check(Color::Black));
    assert!(!mono(
        "monochromatic-double-knight",
        "8/8/8/3k4/8/2p5/8/KN6 b - - 0 1"
    )
    .in_check(Color::Black));
    // A plain knight's distance is no check for a double knight.
    assert!(!mono(
        "monochromatic-double-knight",
        "8/8/8/8/8/2k5/8/KN6 b - - 0 1"
    )
    .in_check(Color::Black));
    // A piece on the middle square blocks the check, so it may not leave:
    // the bishop c3 is pinned by the double knight b1 against the king d5.
    let p = mono(
        "monochromatic-double-knight",
        "8/8/8/3K4/8/2B5/8/1n5k w - - 0 1",
    );
    assert!(!p.in_check(p.turn()));
    assert!(from(&p, "c3").is_empty(), "pinned by the double knight");
    assert!(refusal(&p, "c3d4").contains("leave your king in check"));
}

#[test]
fn no_insufficient_material_draw() {
    assert_eq!(
        mono("monochromatic", "k7/8/8/8/8/8/8/K7 w - - 0 1").outcome(),
        None
    );
}

#[test]
fn random_placements_agree_with_naive_generator() {
    for (variant, kind) in [
        ("monochromatic", "knight"),
        ("monochromatic-jamal", "camel"),
        ("monochromatic-daffy", "da"),
        ("monochromatic-double-knight", "double_knight"),
    ] {
        let n = common::compare_random_placements(variant, Rules::Mono(kind), 1500);
        assert!(n > 500, "{variant}: only {n} placements were valid");
    }
}
