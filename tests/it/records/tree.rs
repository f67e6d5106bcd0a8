//! A tree of variations and annotations survives every way a game
//! travels: three famous games (their moves are history; the variations,
//! comments, NAGs, clocks and evaluations on them were written for these
//! tests) read from PGN, kept as JSON records, written as PGN again.

use crate::support::temp::temp_dir;
use motley_game::variant::Registry;
use motley_records::tree::TreeEval;
use motley_records::{self as record, export_saved_pgn, record_of_saved, GameRecord, SavedGame};
use std::path::{Path, PathBuf};

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/annotated/famous.pgn")
}

/// Every game of a file, each read whole.
fn games(path: &Path) -> Vec<SavedGame> {
    record::load_all(path, &Registry::builtin()).expect("every game reads whole")
}

/// The PGN of games, as `motley export` writes a file of them.
fn pgn_of(games: &[SavedGame]) -> String {
    games
        .iter()
        .map(export_saved_pgn)
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_fixture_holds_every_kind_of_annotation() {
    let games = games(&fixture());
    assert_eq!(games.len(), 3);
    let opera = &games[0].tree;
    assert!(opera
        .intro
        .as_deref()
        .unwrap()
        .starts_with("Played in a box"));
    // 4... dxe5 5. Qxd8+ Kxd8 6. Nxe5 (6. Ng5 Ke8): nested.
    let alt = &opera.main[7].variations[0];
    assert_eq!(alt.len(), 5);
    assert_eq!(alt[3].variations[0][0].action, "f3g5");
    assert_eq!(opera.main[0].notes.clock_ms, Some(600_000));
    assert_eq!(opera.main[30].notes.nags, [3]);
    assert_eq!(opera.main[30].notes.eval, Some(TreeEval::Mate(2)));
    assert!(alt[4]
        .notes
        .comment
        .as_deref()
        .unwrap()
        .contains("pawn up } and"));
    let fischer = &games[2].tree;
    assert_eq!(fischer.main[33].notes.eval, Some(TreeEval::Cp(-205)));
    assert_eq!(fischer.main[33].notes.clock_ms, Some(4_329_000));
}

#[test]
fn import_record_export_import_gives_identical_records() {
    let dir = temp_dir("tree-records");
    let first: Vec<GameRecord> = games(&fixture()).iter().map(record_of_saved).collect();
    let mut again = Vec::new();
    for (i, rec) in first.iter().enumerate() {
        assert!(rec.annotations.is_some(), "game {}", i + 1);
        let json = dir.join(format!("{i}.json"));
        record::save_record(&json, rec).unwrap();
        let from_json = games(&json);
        assert_eq!(&record_of_saved(&from_json[0]), rec, "JSON, game {}", i + 1);
        again.extend(from_json);
    }
    let pgn = dir.join("again.pgn");
    std::fs::write(&pgn, pgn_of(&again)).unwrap();
    let second: Vec<GameRecord> = games(&pgn).iter().map(record_of_saved).collect();
    assert_eq!(second, first);
}

#[test]
fn export_import_export_gives_identical_pgn_text() {
    let dir = temp_dir("tree-pgn");
    let first = pgn_of(&games(&fixture()));
    let path = dir.join("first.pgn");
    std::fs::write(&path, &first).unwrap();
    let second = pgn_of(&games(&path));
    assert_eq!(second, first);
    for written in [
        "(4... dxe5 5. Qxd8+ Kxd8 6. Nxe5 (6.",
        "Be6 {White is a clean pawn up \\} and Black cannot castle.})",
        "11... Na4 $3",
        "{[%eval -2.05] [%clk 1:12:09]} 18. Bxb6",
        "{The queen goes so that the rook may mate. [%eval #2]} 16... Nxb8",
    ] {
        assert!(
            first.replace('\n', " ").contains(written),
            "{written} missing in\n{first}"
        );
    }
}

/// A game whose file gives an evaluation after every move (as lichess
/// exports them) opens with those evaluations as its analysis: the graph,
/// marks and accuracy at once, with no search; the start counts as even.
#[test]
fn evaluations_after_every_move_become_the_games_analysis() {
    use motley_ai::analysis::{Eval, GameAnalysis, Mark};
    use motley_session::load_game;
    let dir = temp_dir("evals");
    let path = dir.path().join("evals.pgn");
    let pgn = "[Event \"e\"]\n[Result \"1-0\"]\n\n\
        1. e4 { [%eval 0.3] } e5 { [%eval 0.25] } 2. Bc4 { [%eval 0.2] } Nc6 { [%eval 0.3] } \
        3. Qh5 { [%eval 0.1] } Nf6 { [%eval #1] } 4. Qxf7# { [%eval #0] } 1-0\n";
    std::fs::write(&path, pgn).unwrap();
    let loaded = load_game(&path, &Registry::builtin()).unwrap();
    let analysis: GameAnalysis = serde_json::from_value(loaded.analysis.unwrap()).unwrap();
    assert_eq!(analysis.movetime_ms, 0);
    assert_eq!(analysis.plies.len(), 7);
    let nf6 = &analysis.plies[5];
    assert_eq!(nf6.san, "Nf6");
    // Black's view: from 0.10 down for Black (-0.10) to being mated.
    assert_eq!(nf6.before, Eval::Cp(-10));
    assert_eq!(nf6.after, Eval::Mate(-1));
    assert_eq!(nf6.mark, Some(Mark::Blunder));
    assert_eq!(nf6.best, None);
    let e4 = &analysis.plies[0];
    assert_eq!(
        (e4.before, e4.after, e4.mark),
        (Eval::Cp(0), Eval::Cp(30), None)
    );
    // The mating move is worth its result, whatever `#0` means to a file.
    assert_eq!(analysis.plies[6].after, Eval::Won);
    assert_eq!(analysis.plies[6].mark, None);
    assert!(analysis.summary[1].accuracy.unwrap() < analysis.summary[0].accuracy.unwrap());

    // One move without an evaluation: no analysis is made up.
    std::fs::write(&path, pgn.replace("{ [%eval 0.2] }", "")).unwrap();
    let loaded = load_game(&path, &Registry::builtin()).unwrap();
    assert!(loaded.analysis.is_none());
}

/// Unknown tags ("?") come back as written: an imported game's unknown
/// Site or Round does not become Motley's own "Motley" or "-".
#[test]
fn unknown_tags_survive_import_and_export() {
    let dir = temp_dir("unknown-tags");
    let path = dir.path().join("q.pgn");
    let pgn = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
        [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 *\n";
    std::fs::write(&path, pgn).unwrap();
    let text = pgn_of(&games(&path));
    for tag in ["[Event \"?\"]", "[Site \"?\"]", "[Round \"?\"]"] {
        assert!(text.contains(tag), "{tag} in\n{text}");
    }
}

/// A comment longer than a line is written over several lines, breaking
/// between its words, and reads back as the same text.
#[test]
fn a_long_comment_is_wrapped_and_reads_back_the_same() {
    let dir = temp_dir("long-comment");
    let path = dir.path().join("long.pgn");
    let comment = "a very long comment ".repeat(12) + "with  two spaces at the end";
    std::fs::write(
        &path,
        format!("[Event \"e\"]\n[Result \"*\"]\n\n1. e4 {{{comment}}} e5 *\n"),
    )
    .unwrap();
    let first = pgn_of(&games(&path));
    assert!(
        first.lines().all(|l| l.len() <= 79),
        "a line over 79 characters:\n{first}"
    );
    std::fs::write(&path, &first).unwrap();
    let again = games(&path);
    let e4 = &again[0].tree.main[0].notes;
    assert_eq!(e4.comment.as_deref(), Some(comment.trim_end()));
    assert_eq!(pgn_of(&again), first);
}
