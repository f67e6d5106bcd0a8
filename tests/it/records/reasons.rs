//! How a game ended is saved by its id, never by its words: records
//! written before that (with English reasons) still read, and new records
//! and PGN write ids, so rewording a message changes no saved game.

use motley_game::variant::Registry;
use motley_game::Game;
use motley_records::{self as record, GameRecord, RecordedReason};
use motley_rules::EndReason;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn old(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/old_records")
        .join(name)
}

/// The old records: file, the English its `reason` holds, the result and
/// the ending it must read as.
const OLD_RECORDS: &[(&str, &str, &str, EndReason)] = &[
    (
        "resignation.json",
        "resignation",
        "0-1",
        EndReason::Resignation,
    ),
    (
        "agreement.json",
        "agreement",
        "1/2-1/2",
        EndReason::Agreement,
    ),
    (
        "time_forfeit.json",
        "time ran out",
        "1-0",
        EndReason::TimeForfeit,
    ),
    (
        "timeout_cannot_win.json",
        "time ran out; the opponent cannot win",
        "1/2-1/2",
        EndReason::TimeoutCannotWin,
    ),
    (
        "adjudication.json",
        "adjudication",
        "0-1",
        EndReason::Adjudication,
    ),
    (
        "monochrome_agreement.json",
        "agreement",
        "1-0",
        EndReason::Agreement,
    ),
    (
        "older_termination_time.json",
        "time ran out",
        "0-1",
        EndReason::TimeForfeit,
    ),
    ("checkmate.json", "checkmate", "0-1", EndReason::Checkmate),
    (
        "repetition.json",
        "threefold repetition",
        "1/2-1/2",
        EndReason::Repetition,
    ),
    (
        "chicken_no_pieces.json",
        "a player has no pieces left",
        "0-1",
        EndReason::NoPieces,
    ),
    (
        "monochrome_half_empty.json",
        "one half of the board is empty",
        "1-0",
        EndReason::HalfEmpty,
    ),
];

fn raw_reason(path: &Path) -> String {
    let value: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    value["reason"].as_str().unwrap().to_string()
}

fn load(path: &Path, reg: &Registry) -> Game {
    record::load_first(path, reg)
        .into_result()
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .game
}

#[test]
fn old_records_with_english_reasons_still_read() {
    let reg = Registry::builtin();
    for &(file, words, result, reason) in OLD_RECORDS {
        let path = old(file);
        assert_eq!(raw_reason(&path), words, "{file} is an old record");
        let o = load(&path, &reg)
            .outcome()
            .unwrap_or_else(|| panic!("{file}: no ending"));
        assert_eq!((o.result_str(), o.reason), (result, reason), "{file}");
        // A list of saved games reads the same ending without replaying.
        let summary = record::summary::summarize(&path, &reg);
        let ending = summary
            .ending
            .unwrap_or_else(|| panic!("{file}: unfinished"));
        assert_eq!(ending.result, result, "{file}");
        assert_eq!(
            ending.reason.and_then(|r| r.known()),
            Some(reason),
            "{file}"
        );
    }
}

#[test]
fn the_old_monochrome_agreement_keeps_its_scores() {
    let reg = Registry::builtin();
    let o = load(&old("monochrome_agreement.json"), &reg)
        .outcome()
        .unwrap();
    assert_eq!(
        (o.winner.map(|c| c.index()), o.scores),
        (Some(0), Some([1, 0]))
    );
}

#[test]
fn new_records_write_ids_and_read_back_the_same_ending() {
    let reg = Registry::builtin();
    for &(file, words, _, reason) in OLD_RECORDS {
        let game = load(&old(file), &reg);
        let json = record::record_of(&game).to_json();
        let value: Value = serde_json::from_str(&json).unwrap();
        assert_eq!(value["reason"], reason.id(), "{file}");
        if words.contains(' ') {
            assert_ne!(value["reason"], words, "{file}: an id, not words");
        }
        let back = record::game_from_record(&GameRecord::from_json(&json).unwrap(), &reg).unwrap();
        assert_eq!(back.outcome(), game.outcome(), "{file}");
    }
}

#[test]
fn ids_are_stable_and_serde_writes_them() {
    let ids: Vec<&str> = EndReason::ALL.iter().map(|r| r.id()).collect();
    assert_eq!(
        ids,
        [
            "checkmate",
            "stalemate",
            "insufficient_material",
            "fifty_moves",
            "repetition",
            "no_pieces",
            "no_legal_moves",
            "half_empty",
            "agreement",
            "resignation",
            "time_forfeit",
            "timeout_cannot_win",
            "adjudication",
            "extinction",
            "goal_reached",
            "checks_given",
            "move_rule",
            "both_passed",
            "counting_rule",
            "pawn_drop_mate",
            "perpetual_check"
        ]
    );
    for r in EndReason::ALL {
        assert_eq!(serde_json::to_value(r).unwrap(), r.id());
        assert_eq!(
            serde_json::from_value::<EndReason>(r.id().into()).unwrap(),
            r
        );
        let kept = RecordedReason::Known(r);
        assert_eq!(serde_json::to_value(&kept).unwrap(), r.id());
    }
}

/// The endings of the old PGN export, game by game (the order of
/// `exports.pgn`).
const OLD_PGN: &[(&str, EndReason)] = &[
    ("0-1", EndReason::Checkmate),
    ("1/2-1/2", EndReason::Repetition),
    ("0-1", EndReason::Resignation),
    ("1/2-1/2", EndReason::Agreement),
    ("1-0", EndReason::TimeForfeit),
    ("1/2-1/2", EndReason::TimeoutCannotWin),
    ("0-1", EndReason::Adjudication),
    ("1-0", EndReason::Agreement),
    ("0-1", EndReason::TimeForfeit),
];

#[test]
fn old_pgn_whose_endings_are_words_still_reads() {
    let reg = Registry::builtin();
    let text = std::fs::read_to_string(old("exports.pgn")).unwrap();
    assert!(
        !text.contains("[Ending "),
        "an export from before the Ending tag"
    );
    let games = record::import_pgn(&text, &reg);
    assert_eq!(games.len(), OLD_PGN.len());
    for (i, (game, &(result, reason))) in games.iter().zip(OLD_PGN).enumerate() {
        let o = game.as_ref().unwrap().outcome().unwrap();
        assert_eq!(
            (o.result_str(), o.reason),
            (result, reason),
            "game {}",
            i + 1
        );
    }
}

/// New PGN says the ending by id in Motley's `Ending` tag, so it reads
/// back even when the words of the comment before the result are gone.
#[test]
fn new_pgn_tags_the_ending_by_id() {
    let reg = Registry::builtin();
    for &(file, _, _, reason) in OLD_RECORDS {
        let game = load(&old(file), &reg);
        let pgn = record::export_pgn(&game, None);
        assert!(
            pgn.contains(&format!("[Ending \"{}\"]", reason.id())),
            "{file}: {pgn}"
        );
        let outcome = game.outcome().unwrap();
        let words = outcome.describe_with(motley_rules::Describe::side_names(game.position()));
        let without_words = pgn.replace(&format!("{{{words}}}"), "{}");
        assert_ne!(without_words, pgn, "{file}: the comment is there to remove");
        let back = record::import_pgn(&without_words, &reg);
        let back = back[0].as_ref().unwrap();
        assert_eq!(back.outcome(), game.outcome(), "{file}");
    }
}
