//! The record's optional fields for what players add to a game: `hints`
//! (hints used per side) and `analysis` (the engine's analysis with its
//! time per position). They survive a save and a load; records without
//! them load as before; readers drop a malformed one and keep the game.

use crate::support::temp::temp_dir;
use motley_ai::analysis::{analyse_game, AnalysisSettings, GameAnalysis};
use motley_game::variant::Registry;
use motley_game::Game;
use motley_records::{self as record, GameRecord};
use std::process::Command;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn game(moves: &[&str]) -> Game {
    let def = Registry::builtin().get("standard").unwrap();
    let mut g = Game::new(def, None, 3).unwrap();
    for m in moves {
        g.play_text(m).unwrap();
    }
    g
}

fn analysis_of(g: &Game) -> GameAnalysis {
    let settings = AnalysisSettings {
        movetime: Duration::from_secs(60),
        max_depth: 3,
        threads: 1,
    };
    analyse_game(g, &settings, &AtomicBool::new(false), &|_, _| {})
}

#[test]
fn hints_and_analysis_round_trip_through_a_saved_file() {
    let dir = temp_dir("annot-round-trip");
    let path = dir.join("g.json");
    let g = game(&["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]);
    let analysis = analysis_of(&g);
    let mut rec = record::store::record_to_save(&g, Some(("human", "ai:3")));
    rec.hints = Some([2, 0]);
    rec.analysis = Some(serde_json::to_value(&analysis).unwrap());
    record::save_record(&path, &rec).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let back = GameRecord::from_json(&text).unwrap();
    assert_eq!(back, rec);
    // Loaded as a game, the fields come along, and the analysis reads back
    // as the same data and still matches the moves.
    let saved = record::load_all(&path, &Registry::builtin())
        .unwrap()
        .remove(0);
    assert_eq!(saved.hints, Some([2, 0]));
    let stored: GameAnalysis = serde_json::from_value(saved.analysis.unwrap()).unwrap();
    assert_eq!(stored, analysis);
    assert!(stored.matches(&saved.game));
    assert!(!stored.matches(&game(&["e4", "e5"])));
    // `motley check` reads it like any record.
    let out = Command::new(env!("CARGO_BIN_EXE_motley"))
        .args(["check", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("plies: 7"));
}

#[test]
fn records_without_the_fields_load_and_save_without_them() {
    let old = r#"{"format":"motley-game","version":1,"variant":"standard","start":null,"seed":1,"moves":["e2e4","e7e5"]}"#;
    let rec = GameRecord::from_json(old).unwrap();
    assert_eq!(rec.hints, None);
    assert_eq!(rec.analysis, None);
    let json = record::record_of(&game(&["e4"])).to_json();
    assert!(
        !json.contains("hints") && !json.contains("analysis"),
        "{json}"
    );
}

#[test]
fn malformed_fields_are_dropped_and_the_game_is_kept() {
    let text = r#"{"format":"motley-game","version":1,"variant":"standard","start":null,"seed":1,
        "moves":["e2e4","e7e5"],"hints":"many","analysis":"deep"}"#;
    let rec = GameRecord::from_json(text).unwrap();
    assert_eq!(rec.moves.len(), 2);
    assert_eq!(rec.hints, None);
    assert_eq!(rec.analysis, None);
    // An object that is not an analysis is kept by the record (it is
    // opaque there) but is no analysis to its reader.
    let text = text.replace(r#""deep""#, r#"{"plies":3}"#);
    let rec = GameRecord::from_json(&text).unwrap();
    let value = rec.analysis.unwrap();
    assert!(serde_json::from_value::<GameAnalysis>(value).is_err());
}
