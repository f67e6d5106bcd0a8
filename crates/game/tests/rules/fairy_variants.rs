//! Motley's built-in variants from data (`variants/fairy.ini`) count
//! perft as Fairy-Stockfish counts it, from each start, from middle games,
//! from positions where the variant's own rule is about to matter and
//! from positions where it has ended the game (tests/fairy/perft.txt,
//! numbers from Fairy-Stockfish kept as data).

use motley_game::variant::builtin::{builtin_fairy, builtin_fairy_names};
use motley_game::variant::{Family, Registry};
use motley_game::Game;
use motley_rules::fairy::FairyPosition;
use std::sync::Arc;

struct Case {
    variant: String,
    fen: String,
    counts: Vec<u64>,
    note: String,
}

/// The reference positions: tests/fairy's, and tests/sizes' for the
/// 8×8 variants defined among the other sizes (euroshogi).
fn cases() -> Vec<Case> {
    include_str!("../fairy/perft.txt")
        .lines()
        .chain(include_str!("../sizes/perft.txt").lines())
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split(" | ").collect();
            Case {
                variant: f[0].to_string(),
                fen: f[1].to_string(),
                counts: f[2].split(' ').map(|n| n.parse().unwrap()).collect(),
                note: f[3].to_string(),
            }
        })
        .collect()
}

/// Every case of the built-in variants, to `depth` (at most the data's).
fn check(depth: usize, filter: impl Fn(&Case) -> bool) {
    let names = builtin_fairy_names();
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in cases()
        .iter()
        .filter(|c| names.contains(&c.variant.as_str()) && filter(c))
    {
        let rules = Arc::new(builtin_fairy(&case.variant).unwrap().unwrap());
        let pos = FairyPosition::from_fen(rules, &case.fen).unwrap();
        for d in 1..=depth.min(case.counts.len()) {
            let got = pos.perft(d as u32);
            if got != case.counts[d - 1] {
                failures.push(format!(
                    "{} {} ({}) depth {d}: {got}, Fairy-Stockfish {}",
                    case.variant,
                    case.fen,
                    case.note,
                    case.counts[d - 1]
                ));
                break;
            }
        }
        checked += 1;
    }
    assert!(checked > 0);
    assert!(
        failures.is_empty(),
        "{} of {checked}:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The variants the issue asks for by name, under Fairy-Stockfish's names.
pub const ASKED_FOR: [&str; 31] = [
    "kingofthehill",
    "3check",
    "5check",
    "racingkings",
    "horde",
    "knightmate",
    "extinction",
    "kinglet",
    "threekings",
    "losers",
    "giveaway",
    "codrus",
    "amazon",
    "almost",
    "chigorin",
    "coregal",
    "nightrider",
    "grasshopper",
    "hoppelpoppel",
    "newzealand",
    "berolina",
    "pawnsideways",
    "pawnback",
    "torpedo",
    "nocastle",
    "shatranj",
    "chaturanga",
    "makruk",
    "makpong",
    "ai-wok",
    "asean",
];

#[test]
fn every_asked_for_variant_is_built_in_and_has_six_reference_positions() {
    let names = builtin_fairy_names();
    let cases = cases();
    // Chess960's positions are in tests/chess960 (chess960.rs).
    let unshuffled = |name: &&&str| !builtin_fairy(name).unwrap().unwrap().chess960;
    for name in ASKED_FOR.iter().chain(&names).filter(unshuffled) {
        assert!(names.contains(name), "{name} is not built in");
        let mine: Vec<&Case> = cases.iter().filter(|c| c.variant == *name).collect();
        assert!(
            mine.len() >= 6,
            "{name}: {} reference positions",
            mine.len()
        );
        assert!(mine
            .iter()
            .any(|c| c.note == "start" && c.counts.len() >= 4));
        assert!(mine.iter().filter(|c| c.note.starts_with("random")).count() >= 3);
        let start = builtin_fairy(name).unwrap().unwrap().start_fen;
        assert!(
            mine.iter().any(|c| c.note == "start" && c.fen == start),
            "{name}: {start}"
        );
    }
}

#[test]
fn every_builtin_variant_counts_perft_as_fairy_stockfish_to_depth_3() {
    check(3, |_| true);
}

// Depth 4 of every case is some 30 s of work: three tests of a third of
// the variants each, so the test threads share it.
fn third(case: &Case, part: usize) -> bool {
    let names = builtin_fairy_names();
    names
        .iter()
        .position(|n| *n == case.variant)
        .is_some_and(|i| i % 3 == part)
}

#[test]
fn builtin_variants_count_perft_as_fairy_stockfish_to_depth_4_first_third() {
    check(4, |c| third(c, 0));
}

#[test]
fn builtin_variants_count_perft_as_fairy_stockfish_to_depth_4_second_third() {
    check(4, |c| third(c, 1));
}

#[test]
fn builtin_variants_count_perft_as_fairy_stockfish_to_depth_4_last_third() {
    check(4, |c| third(c, 2));
}

#[test]
fn every_builtin_variant_has_a_description() {
    for name in builtin_fairy_names() {
        let about = motley_game::variant::builtin::builtin_description(name).unwrap();
        assert!(about.len() > 20, "{name}: {about:?}");
    }
}

/// `variant | FEN | …` lines of a reference file, split.
/// Only the built-in variants' rows (the file has antichess too, which
/// is Motley's own family).
fn rows(text: &str) -> Vec<Vec<&str>> {
    let names = builtin_fairy_names();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split(" | ").collect::<Vec<&str>>())
        .filter(|row| names.contains(&row[0]))
        .collect()
}

fn start(variant: &str, fen: &str) -> FairyPosition {
    let rules = Arc::new(builtin_fairy(variant).unwrap().unwrap());
    FairyPosition::from_fen(rules, fen).unwrap()
}

#[test]
fn every_reference_position_has_fairy_stockfishs_legal_moves_and_fen() {
    let mut failures = Vec::new();
    for row in rows(include_str!("../fairy/moves.txt")) {
        let pos = start(row[0], row[1]);
        let mut mine: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|m| m.uci(pos.rules()))
            .collect();
        mine.sort();
        let theirs = row.get(2).copied().unwrap_or("");
        if mine.join(" ") != theirs {
            failures.push(format!(
                "{} {}:\n  mine   {}\n  theirs {theirs}",
                row[0],
                row[1],
                mine.join(" ")
            ));
        }
        if pos.to_fen() != row[1] {
            failures.push(format!(
                "{}: FEN {} written back as {}",
                row[0],
                row[1],
                pos.to_fen()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_fen_after_a_move_is_written_as_fairy_stockfish_writes_it() {
    let mut failures = Vec::new();
    let all = rows(include_str!("../fairy/fens.txt"));
    assert!(all.len() > 1000);
    for row in all {
        let pos = start(row[0], row[1]);
        let Some(m) = pos
            .legal_moves()
            .into_iter()
            .find(|m| m.uci(pos.rules()) == row[2])
        else {
            failures.push(format!("{} {}: no move {}", row[0], row[1], row[2]));
            continue;
        };
        let after = pos.played(m).to_fen();
        if after != row[3] {
            failures.push(format!(
                "{} {} {}:\n  mine   {after}\n  theirs {}",
                row[0], row[1], row[2], row[3]
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Chess from data agrees with the well-known perft numbers of positions
/// full of pins, checks, en passant and promotions (the counting's pins
/// and king moves are its own, not the standard generator's).
#[test]
fn chess_from_data_counts_the_classic_pin_and_check_positions() {
    let cases = [
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            3,
            97862,
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            4,
            422333,
        ),
        (
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            3,
            62379,
        ),
        (
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            3,
            89890,
        ),
    ];
    for (fen, depth, nodes) in cases {
        assert_eq!(start("chess", fen).perft(depth), nodes, "{fen}");
    }
}

#[test]
fn every_required_variant_is_playable_under_its_fairy_stockfish_name() {
    let reg = Registry::builtin();
    for name in crate::fairy_variants::ASKED_FOR {
        let def = reg.get(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(def.family, Family::Fairy, "{name}");
        assert!(def.rules_text().contains("Pieces"), "{name}");
        let g = Game::new(def, None, 1).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!g.legal_actions().is_empty(), "{name}");
    }
    // `chess` stays standard chess's alias, not the chess from data.
    assert_eq!(reg.lookup("chess").expect("chess").family, Family::Standard);
}

/// What a piece of `variant` whose Betza text is `betza` is worth.
fn value_of(variant: &str, betza: &str) -> i32 {
    let rules = builtin_fairy(variant).unwrap().unwrap();
    let kind = rules.kinds.iter().position(|k| k.betza == betza).unwrap();
    rules.values[kind]
}

// A piece's worth comes from the squares it reaches; a hopper reaches
// nothing without hurdles and along every line on an empty board, so it
// is weighed among the pieces of chess's start: a grasshopper is worth
// less than a rook, not as much as a queen.
#[test]
fn a_grasshopper_is_weighed_among_hurdles_below_a_rook() {
    let grasshopper = value_of("grasshopper", "gQ");
    assert!((150..500).contains(&grasshopper), "{grasshopper}");
    assert_eq!(value_of("grasshopper", "Q"), 900);
    assert_eq!(value_of("grasshopper", "N"), 320);
}
