//! Contrast Chess: every row of the strong/weak table, check and pins with
//! current powers, notation, and perft (data in tests/perft/contrast.txt,
//! cross-checked with an independent naive generator).

use crate::common;

use common::{check_perft_file, compare_random_walks, legal_texts, position, Rules};
use motley_game::variant::Registry;
use motley_rules::core::Color;
use motley_rules::{parse_action, san_of, AnyPosition, EndReason, Position};

#[test]
fn perft_suite_matches_data_and_naive_generator() {
    check_perft_file("contrast", Rules::Contrast, "contrast.txt", 3);
}

#[test]
fn random_games_agree_with_naive_generator() {
    let a = compare_random_walks(
        "contrast",
        Rules::Contrast,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        60,
        120,
    );
    let b = compare_random_walks(
        "contrast",
        Rules::Contrast,
        "r3k2r/pP3ppp/8/2pP4/8/8/P4PPP/R3K2R w KQkq c6 0 1",
        40,
        80,
    );
    eprintln!("{a:?} {b:?}");
    // The walks reached every special move and many checks.
    for (what, n) in [
        ("castling", a.castles + b.castles),
        ("en passant", a.en_passant + b.en_passant),
        ("promotion", a.promotions + b.promotions),
        ("capture in place", a.in_place + b.in_place),
        ("check", a.checks + b.checks),
        ("finished games", a.finished + b.finished),
    ] {
        assert!(n > 0, "random walks never met {what}");
    }
}

fn pos(fen: &str) -> AnyPosition {
    position("contrast", fen)
}

/// Legal moves of the piece on `sq`, as coordinate texts (sorted).
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

fn san(p: &AnyPosition, text: &str) -> String {
    let mut legal = Vec::new();
    p.legal_actions(&mut legal);
    let a = parse_action(p, text).unwrap();
    san_of(p, &a, &legal)
}

fn refusal(p: &AnyPosition, text: &str) -> String {
    parse_action(p, text).unwrap_err().to_string()
}

// --- King -----------------------------------------------------------------

#[test]
fn strong_king_slides_two_squares_with_first_square_empty() {
    // White king d5 (light: strong). Own pawn e6 blocks the slide to f7.
    // The black king a8 is weak (light square) and attacks only a7 and b8,
    // so b7 is safe.
    let p = pos("k7/8/4P3/3K4/8/8/8/8 w - - 0 1");
    assert_eq!(
        from(&p, "d5"),
        texts(&[
            "d5d6", "d5d7", "d5e5", "d5f5", "d5e4", "d5f3", "d5d4", "d5d3", "d5c4", "d5b3", "d5c5",
            "d5b5", "d5c6", "d5b7"
        ])
    );
    assert!(refusal(&p, "d5f7").contains("strong"));
}

#[test]
fn weak_king_steps_orthogonally_only_but_castles() {
    // White king e1 (dark: weak).
    let p = pos("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(
        from(&p, "e1"),
        texts(&["e1d1", "e1f1", "e1e2", "e1g1", "e1c1"])
    );
    let msg = refusal(&p, "e1d2");
    assert!(
        msg.contains("weak") && msg.contains("orthogonally"),
        "{msg}"
    );
    let after = play(&p, "e1g1");
    assert_eq!(after.to_fen(), "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1");
}

#[test]
fn castling_is_refused_through_a_square_attacked_only_by_contrast_powers() {
    // The black rook g3 (dark: strong) attacks f1 by its knight move; the
    // g-file is closed by the pawn g2. In FIDE chess O-O would be legal.
    let p = pos("k7/8/8/8/8/6r1/6P1/4K2R w K - 0 1");
    assert!(!legal_texts(&p).contains(&"e1g1".to_string()));
    assert!(refusal(&p, "e1g1").contains("check"));
    // Without that power (rook on h3, light: weak, reach 2) castling is fine.
    let p = pos("k7/8/8/8/8/7r/6P1/4K2R w K - 0 1");
    assert!(legal_texts(&p).contains(&"e1g1".to_string()));
}

// --- Queen ----------------------------------------------------------------

#[test]
fn strong_queen_captures_in_place_and_stays() {
    // Queen d5 (light: strong); black knight c6 and pawn e6 beside it.
    let p = pos("k7/8/2n1p3/3Q4/8/8/8/4K3 w - - 5 1");
    let moves = from(&p, "d5");
    for t in ["d5^c6", "d5^e6", "d5c6", "d5e6", "d5d8", "d5h1", "d5a5"] {
        assert!(moves.contains(&t.to_string()), "{t} in {moves:?}");
    }
    assert_eq!(san(&p, "d5^e6"), "Q^e6");
    assert_eq!(san(&p, "d5e6"), "Qxe6");
    let after = play(&p, "d5^e6");
    assert_eq!(after.to_fen(), "k7/8/2n5/3Q4/8/8/8/4K3 b - - 0 1");
    assert_eq!(after.quiet_plies(), 0, "a capture in place is a capture");
    // SAN input works too.
    let a = parse_action(&p, "Q^c6").unwrap();
    assert_eq!(a.to_string(), "d5^c6");
}

#[test]
fn weak_queen_slides_at_most_two_squares_and_never_captures_in_place() {
    // Queen d4 (dark: weak), black pawn e5 beside it.
    let p = pos("k7/8/8/4p3/3Q4/8/8/4K3 w - - 0 1");
    assert_eq!(
        from(&p, "d4"),
        texts(&[
            "d4d5", "d4d6", "d4d3", "d4d2", "d4c4", "d4b4", "d4e4", "d4f4", "d4c5", "d4b6", "d4e5",
            "d4c3", "d4b2", "d4e3", "d4f2"
        ])
    );
    assert!(refusal(&p, "d4^e5").contains("only a strong queen"));
}

#[test]
fn capture_in_place_resolves_check_where_a_pinned_queen_cannot_move() {
    // White king d1 is checked by the strong black knight e3 (dark). The
    // queen d3 is pinned by the strong rook d8 (dark): taking e3 by moving
    // would open the d-file, taking it in place keeps the pin line closed.
    let p = pos("3r3k/8/8/8/8/3Qn3/8/3K4 w - - 0 1");
    assert!(p.in_check(p.turn()));
    let moves = from(&p, "d3");
    assert_eq!(moves, texts(&["d3^e3"]));
    let after = play(&p, "d3^e3");
    assert_eq!(after.to_fen(), "3r3k/8/8/8/8/3Q4/8/3K4 b - - 0 1");
}

// --- Rook -----------------------------------------------------------------

#[test]
fn strong_rook_adds_knight_moves() {
    // Rook d5 (light: strong).
    let p = pos("k7/8/8/3R4/8/8/8/4K3 w - - 0 1");
    let moves = from(&p, "d5");
    for t in [
        "d5c7", "d5e7", "d5b6", "d5f6", "d5b4", "d5f4", "d5c3", "d5e3",
    ] {
        assert!(moves.contains(&t.to_string()), "{t}");
    }
    assert!(moves.contains(&"d5d1".to_string()) && moves.contains(&"d5h5".to_string()));
    assert_eq!(moves.len(), 14 + 8);
}

#[test]
fn weak_rook_slides_at_most_two_squares() {
    // Rook d4 (dark: weak).
    let p = pos("k7/8/8/8/3R4/8/8/4K3 w - - 0 1");
    assert_eq!(
        from(&p, "d4"),
        texts(&["d4d5", "d4d6", "d4d3", "d4d2", "d4c4", "d4b4", "d4e4", "d4f4"])
    );
}

// --- Bishop ---------------------------------------------------------------

#[test]
fn strong_bishop_bent_step_is_blocked_only_when_both_diagonal_squares_are_full() {
    // Bishop e4 (light: strong). e6: d5 and f5 both occupied, blocked.
    // e2: d3 occupied but f3 empty, open. g4: through f3, open, and captures
    // the knight there. c4: d5 and d3 both occupied, blocked.
    let p = pos("k7/8/8/3P1p2/4B1n1/3P4/8/K7 w - - 0 1");
    assert_eq!(
        from(&p, "e4"),
        texts(&["e4f5", "e4f3", "e4g2", "e4h1", "e4e2", "e4g4"])
    );
    let msg = refusal(&p, "e4e6");
    assert!(msg.contains("strong") && msg.contains("90"), "{msg}");
}

#[test]
fn strong_bishop_bent_step_gives_check() {
    // Bishop e4 (light: strong), black king e6 (light: weak); d5 is full,
    // f5 is empty, so the bent step e4-f5-e6 attacks the king.
    let p = pos("8/8/4k3/3p4/4B3/8/8/K7 b - - 0 1");
    assert!(p.in_check(p.turn()));
    // Filling f5 as well blocks it: no check.
    let p = pos("8/8/4k3/3p1p2/4B3/8/8/K7 b - - 0 1");
    assert!(!p.in_check(p.turn()));
}

#[test]
fn weak_bishop_slides_at_most_two_squares() {
    // Bishop d4 (dark: weak).
    let p = pos("7k/8/8/8/3B4/8/8/K7 w - - 0 1");
    assert_eq!(
        from(&p, "d4"),
        texts(&["d4c3", "d4b2", "d4e5", "d4f6", "d4c5", "d4b6", "d4e3", "d4f2"])
    );
}

// --- Knight ---------------------------------------------------------------

#[test]
fn strong_knight_adds_alfil_jumps_over_pieces() {
    // Knight e4 (light: strong); pieces on d5, f5, d3, f3 do not stop the
    // 2-square diagonal jumps.
    let p = pos("k7/8/8/3P1P2/4N3/3P1P2/8/K7 w - - 0 1");
    let moves = from(&p, "e4");
    for t in [
        "e4c6", "e4g6", "e4c2", "e4g2", "e4d6", "e4f6", "e4c5", "e4g5", "e4c3", "e4g3", "e4d2",
        "e4f2",
    ] {
        assert!(moves.contains(&t.to_string()), "{t} in {moves:?}");
    }
    assert_eq!(moves.len(), 12);
}

#[test]
fn weak_knight_steps_one_square_orthogonally_and_may_capture() {
    // Knight d4 (dark: weak); black pawn d5 can be taken.
    let p = pos("k7/8/8/3p4/3N4/8/8/K7 w - - 0 1");
    assert_eq!(from(&p, "d4"), texts(&["d4d5", "d4d3", "d4c4", "d4e4"]));
    // The start position's g1 knight is weak and boxed in.
    let start = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let msg = refusal(&start, "g1f3");
    assert!(
        msg.contains("Contrast: the knight on g1 is weak (on a dark square) and moves one square orthogonally"),
        "{msg}"
    );
}

// --- Pawn -----------------------------------------------------------------

#[test]
fn strong_pawn_captures_straight_and_steps_diagonally_to_empty_squares() {
    // Pawn e4 (light: strong): black pawn e5 straight ahead, black knight
    // f5, d5 empty.
    let p = pos("k7/8/8/4pn2/4P3/8/8/K7 w - - 0 1");
    assert_eq!(from(&p, "e4"), texts(&["e4e5", "e4d5", "e4f5"]));
    assert_eq!(san(&p, "e4e5"), "exe5");
    assert_eq!(san(&p, "e4d5"), "ed5");
    assert_eq!(san(&p, "e4f5"), "exf5");
    assert_eq!(parse_action(&p, "exe5").unwrap().to_string(), "e4e5");
    assert_eq!(parse_action(&p, "ed5").unwrap().to_string(), "e4d5");
    assert_eq!(play(&p, "e4e5").quiet_plies(), 0);
}

#[test]
fn strong_pawn_double_steps_and_takes_en_passant_by_its_diagonal_step() {
    // e2 (light) is strong for White; d4 (dark) is strong for Black.
    let p = pos("k7/8/8/8/3p4/8/4P3/K7 w - - 0 1");
    assert!(from(&p, "e2").contains(&"e2e4".to_string()));
    let after = play(&p, "e2e4");
    assert_eq!(after.to_fen(), "k7/8/8/8/3pP3/8/8/K7 b - e3 0 1");
    // The diagonal step d4-e3 is the en-passant capture (one move).
    let d4 = from(&after, "d4");
    assert_eq!(d4, texts(&["d4c3", "d4d3", "d4e3"]));
    let taken = play(&after, "d4e3");
    assert_eq!(taken.to_fen(), "k7/8/8/8/8/4p3/8/K7 w - - 0 2");
}

#[test]
fn weak_pawn_steps_forward_only_without_capture_or_double_step() {
    // Pawn d4 (dark: weak) with black pieces on c5, e5 and nothing on d5;
    // pawn b2 (dark: weak) may not double-step.
    let p = pos("k7/8/8/2n1n3/3P4/8/1P6/K7 w - - 0 1");
    assert_eq!(from(&p, "d4"), texts(&["d4d5"]));
    assert_eq!(from(&p, "b2"), texts(&["b2b3"]));
    let msg = refusal(&p, "d4e5");
    assert!(msg.contains("weak") && msg.contains("no capture"), "{msg}");
}

#[test]
fn weak_pawn_gives_no_check_strong_pawn_checks_diagonally_and_straight() {
    // White pawn d4 is weak: the black king e5 (dark: strong) is not in
    // check and may even take it.
    let p = pos("8/8/8/4k3/3P4/8/8/K7 b - - 0 1");
    assert!(!p.in_check(p.turn()));
    assert!(from(&p, "e5").contains(&"e5d4".to_string()));
    // White pawn e4 is strong: a king on d5 or straight ahead on e5 is in
    // check.
    assert!(pos("8/8/8/3k4/4P3/8/8/K7 b - - 0 1").in_check(Color::Black));
    assert!(pos("8/8/8/4k3/4P3/8/8/K7 b - - 0 1").in_check(Color::Black));
    // A king may not step in front of or diagonally before a strong pawn
    // (e2, light); the strong king f4 (dark) may slide through the
    // attacked e3 to d2, as only the landing square counts.
    let p = pos("8/8/8/8/5k2/8/4P3/K7 b - - 0 1");
    let moves = from(&p, "f4");
    assert!(!moves.contains(&"f4e3".to_string()));
    assert!(!moves.contains(&"f4f3".to_string()));
    assert!(!moves.contains(&"f4d3".to_string()));
    assert!(moves.contains(&"f4d2".to_string()));
}

#[test]
fn any_pawn_reaching_the_last_rank_promotes() {
    // a7 (dark) is weak: its step promotes. b7 (light) is strong: its
    // diagonal steps to empty a8/c8 promote too.
    let p = pos("7k/PP6/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(from(&p, "a7"), texts(&["a7a8q", "a7a8r", "a7a8b", "a7a8n"]));
    let b7 = from(&p, "b7");
    for t in ["b7b8q", "b7c8n", "b7a8r"] {
        assert!(b7.contains(&t.to_string()), "{t}");
    }
    assert_eq!(b7.len(), 12);
}

// --- Check and pins where strength matters ---------------------------------

#[test]
fn a_piece_that_becomes_weak_by_moving_gives_no_check() {
    // Rook c4 (light: strong) moving to d4 (dark: weak, reach 2) does not
    // check the king d8, though a FIDE rook would. Rook c5 (dark: weak)
    // moving to d5 (light) becomes strong and checks.
    let p = pos("3k4/8/8/2R5/2R5/8/8/K7 w - - 0 1");
    assert!(!p.in_check(p.turn()));
    let weak = play(&p, "c4d4");
    assert!(!weak.in_check(weak.turn()));
    assert_eq!(san(&p, "c4d4"), "Rd4");
    let strong = play(&p, "c5d5");
    assert!(strong.in_check(strong.turn()));
    assert_eq!(san(&p, "c5d5"), "Rd5+");
}

#[test]
fn only_a_strong_slider_pins_from_afar() {
    // The white knight e3 stands between the king e1 and a black rook on
    // the e-file. A rook on e7 (dark: strong) pins it; on e6 (light: weak,
    // reach 2) it does not.
    // The knight is weak (dark square): it steps one square orthogonally,
    // so while pinned only e3e4 and e3e2 stay on the line.
    let pinned = pos("k7/4r3/8/8/8/4N3/8/4K3 w - - 0 1");
    assert_eq!(from(&pinned, "e3"), texts(&["e3e4", "e3e2"]));
    assert!(refusal(&pinned, "e3f3").contains("leave your king in check"));
    let free = pos("k7/8/4r3/8/8/4N3/8/4K3 w - - 0 1");
    assert_eq!(from(&free, "e3"), texts(&["e3d3", "e3f3", "e3e4", "e3e2"]));
}

#[test]
fn a_king_may_stand_diagonally_beside_a_weak_king_and_even_mate_it() {
    // Black king a8 (light: weak) attacks a7 and b8 only. The white king c7
    // (dark: weak) steps to b7 (light), where it is strong and attacks a8:
    // check, and both a7 and b8 are covered, so it is mate by a king.
    let p = pos("k7/2K5/8/8/8/8/8/8 w - - 0 1");
    assert_eq!(from(&p, "c7"), texts(&["c7b7", "c7d7", "c7c8", "c7c6"]));
    let after = play(&p, "c7b7");
    assert!(after.in_check(after.turn()));
    let o = after.outcome().unwrap();
    assert_eq!(o.reason, EndReason::Checkmate);
    assert_eq!(o.winner, Some(Color::White));
}

// --- Endings ---------------------------------------------------------------

#[test]
fn only_bare_kings_are_insufficient_material() {
    assert_eq!(
        pos("k7/8/8/8/8/8/8/K7 w - - 0 1")
            .outcome()
            .map(|o| o.reason),
        Some(EndReason::InsufficientMaterial)
    );
    assert_eq!(pos("k7/8/8/8/8/8/8/KN6 w - - 0 1").outcome(), None);
    assert_eq!(pos("k7/8/8/8/8/8/8/KB6 w - - 0 1").outcome(), None);
}

#[test]
fn checkmate_and_setups_judged_with_contrast_powers() {
    // A setup where the side not to move is in check only by Contrast
    // powers (strong pawn straight ahead) is refused.
    let v = Registry::builtin().get("contrast").unwrap();
    assert!(v.position(Some("8/8/8/4k3/4P3/8/8/K7 w - - 0 1")).is_err());
    // Back-rank mate: the rook e2 (light: strong, unlimited) reaches e8
    // (light: strong); the black king g8 (light: weak) steps only to f8
    // or h8, both attacked, and its pawns cannot help.
    let p = pos("6k1/5ppp/8/8/8/8/4R3/K7 w - - 0 1");
    assert_eq!(san(&p, "e2e8"), "Re8#");
    let o = play(&p, "e2e8").outcome().unwrap();
    assert_eq!(o.reason, EndReason::Checkmate);
    assert_eq!(o.winner, Some(Color::White));
    // A weak rook (e1, dark: reach 2) could not get there.
    let p = pos("6k1/5ppp/8/8/8/8/8/K3R3 w - - 0 1");
    assert!(refusal(&p, "e1e8").contains("at most 2 squares"));
}

#[test]
fn random_placements_agree_with_naive_generator() {
    let n = common::compare_random_placements("contrast", Rules::Contrast, 3000);
    assert!(n > 1000, "only {n} placements were valid");
}

#[test]
fn capture_in_place_of_a_rook_removes_its_castling_right() {
    // Queen g8 (light: strong) removes the rook h8 in place; Black loses
    // the kingside castling right, and the clock restarts.
    let p = pos("4kbQr/8/8/8/8/8/8/K7 w k - 7 30");
    let after = play(&p, "g8^h8");
    assert_eq!(after.to_fen(), "4kbQ1/8/8/8/8/8/8/K7 b - - 0 30");
}
