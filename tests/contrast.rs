//! Contrast Chess: every row of the strong/weak table, check and pins with
//! current powers, notation, and perft (data in tests/perft/contrast.txt,
//! cross-checked with an independent naive generator).

mod common;

use common::{check_perft_file, compare_random_walks, legal_texts, position, Rules};

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
