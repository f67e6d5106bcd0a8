//! The JSON record (the crate's root): dates, reading records as older
//! Motleys and people wrote them, the round trip through JSON, endings the
//! board cannot show, and every problem named by field or by ply.

use crate::support::{reg, replay, replay_json};
use motley_game::variant::Registry;
use motley_game::Game;
use motley_records::{game_from_record, record_of, rfc3339, GameRecord, RecordError, Replayed};
use motley_rules::core::Color;
use motley_rules::Position;
use serde_json::Value;

#[test]
fn dates_are_rfc3339_utc() {
    use std::time::{Duration, UNIX_EPOCH};
    assert_eq!(rfc3339(UNIX_EPOCH), "1970-01-01T00:00:00Z");
    assert_eq!(
        rfc3339(UNIX_EPOCH + Duration::from_secs(951_782_400 + 3661)),
        "2000-02-29T01:01:01Z"
    );
    assert_eq!(
        rfc3339(UNIX_EPOCH + Duration::from_secs(1_798_761_599)),
        "2026-12-31T23:59:59Z"
    );
}

#[test]
fn records_of_version_1_written_by_hand_still_load() {
    // Nulls and missing informational fields, a wrong-typed SAN list
    // and an unknown field: all as older Motleys and people wrote them.
    let rec = GameRecord::from_json(
        r#"{"format":"motley-game","version":1,"variant":"standard","start":null,
            "seed":null,"moves":["e2e4"],"san":7,"players":null,"future":{"x":1}}"#,
    )
    .unwrap();
    assert_eq!((rec.seed, rec.san, rec.players), (0, None, None));
    assert_eq!(rec.moves, ["e2e4"]);
    let e = GameRecord::from_json(r#"{"format":"motley-game","version":1,"moves":[]}"#)
        .unwrap_err()
        .to_string();
    assert_eq!(e, "field 'variant': missing");
}

#[test]
fn record_round_trips_through_json() {
    let mut g = Game::new(reg().get("standard").unwrap(), None, 7).unwrap();
    for m in ["e4", "e5", "Nf3"] {
        g.play_text(m).unwrap();
    }
    let rec = record_of(&g);
    assert_eq!(rec.moves, ["e2e4", "e7e5", "g1f3"]);
    let back = GameRecord::from_json(&rec.to_json()).unwrap();
    assert_eq!(back, rec);
    let g2 = game_from_record(&back, &reg()).unwrap();
    assert_eq!(g2.position().to_fen(), g.position().to_fen());
}

#[test]
fn resignation_and_agreement_are_restored() {
    for (resign, result, reason) in [
        (Some(Color::White), "0-1", "resignation"),
        (Some(Color::Black), "1-0", "resignation"),
        (None, "1/2-1/2", "agreement"),
    ] {
        let mut g = Game::new(reg().get("standard").unwrap(), None, 7).unwrap();
        g.play_text("e4").unwrap();
        match resign {
            Some(c) => g.resign(c),
            None => g.agree(),
        }
        let rec = record_of(&g);
        assert_eq!(rec.result.as_deref(), Some(result));
        let value: Value = serde_json::from_str(&rec.to_json()).unwrap();
        assert_eq!(value["reason"], reason);
        let back = game_from_record(&rec, &reg()).unwrap();
        assert_eq!(back.outcome(), g.outcome());
    }
}

#[test]
fn dice_money_records_carry_a_state_summary() {
    let mut g = Game::new(reg().get("dice-money").unwrap(), None, 7).unwrap();
    let rec = record_of(&g);
    let state = rec.state.unwrap();
    assert!(
        state.starts_with("White: $1, lost none, prices 5/15/10/5/3/7/11/19; Black: $2"),
        "{state}"
    );
    g.play_text("roll:1,3").unwrap();
    assert!(record_of(&g).state.unwrap().ends_with("; dice 1,3"));
    assert_eq!(
        record_of(&Game::new(reg().get("standard").unwrap(), None, 7).unwrap()).state,
        None
    );
}

#[test]
fn newer_version_is_named_before_other_fields() {
    let e = GameRecord::from_json(r#"{"format":"motley-game","version":2,"moves":7}"#).unwrap_err();
    assert!(e.to_string().contains("newer Motley"), "{e}");
}

/// The error reading `json` (a record) gives: the record reads, its
/// replay refuses it.
fn refusal(json: &str) -> String {
    if let Err(e) = GameRecord::from_json(json) {
        panic!("{json} is not read as a record: {e}");
    }
    match replay_json(json, &reg()).error() {
        Some(e) => e.to_string(),
        None => panic!("{json} read without error"),
    }
}

// Issue 22, item 37: out-of-range values were accepted silently.
#[test]
fn item_37_records_refuse_out_of_range_values_by_name() {
    let head = r#""format":"motley-game","version":1,"start":null,"seed":1"#;
    let e = refusal(&format!(
        r#"{{{head},"variant":"standard","moves":["e2e4"],
            "clock":{{"control":"5+3","white_ms":18446744073709551615,"black_ms":300000}}}}"#
    ));
    assert!(e.contains("field 'clock.white_ms'"), "{e}");
    let e = refusal(&format!(
        r#"{{{head},"variant":"standard","moves":[],
            "clock":{{"control":"five","white_ms":1,"black_ms":1}}}}"#
    ));
    assert!(e.contains("field 'clock.control'"), "{e}");
    let e = refusal(&format!(
        r#"{{{head},"variant":"dice-money","moves":[],
            "carried":{{"prices":[[5,15,10,5,3,7,11,4294967295],[5,15,10,5,3,7,11,19]]}}}}"#
    ));
    assert!(
        e.contains("field 'carried'") && e.contains("4294967295; at most 10000"),
        "{e}"
    );
    let e = refusal(&format!(
        r#"{{{head},"variant":"standard","moves":["e2e4"],"result":"1-0","reason":"a bolt of lightning"}}"#
    ));
    assert!(
        e.contains("field 'result'") && e.contains("a bolt of lightning"),
        "{e}"
    );
    let e = refusal(&format!(
        r#"{{{head},"variant":"standard","moves":["e2e4"],"result":"2-0"}}"#
    ));
    assert!(e.contains("field 'result'"), "{e}");
    let e = refusal(&format!(
        r#"{{{head},"variant":"standard","moves":[],"movetime_ms":0}}"#
    ));
    assert!(e.contains("field 'movetime_ms'"), "{e}");
    // A result the moves give is fine, and so is a restored one.
    let mut g = Game::new(reg().get("standard").unwrap(), None, 1).unwrap();
    g.play_text("e4").unwrap();
    g.adjudicate(None);
    let back = game_from_record(&record_of(&g), &reg()).unwrap();
    assert_eq!(back.outcome(), g.outcome());
}

// Issue 22, item 37: a user file replacing a built-in id made older
// legal records fail.
#[test]
fn item_37_games_replay_under_the_definition_they_were_played_under() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let no_castling = include_str!("../../../../variants/standard.json").replace(" KQkq ", " - ");
    std::fs::write(dir.join("standard.json"), no_castling).unwrap();
    let mut user = Registry::builtin();
    user.add_dir(dir);
    assert!(
        user.warnings.len() == 1 && user.warnings[0].contains("replaces the built-in"),
        "{:?}",
        user.warnings
    );
    let mut g = Game::new(reg().get("standard").unwrap(), None, 1).unwrap();
    for m in ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O"] {
        g.play_text(m).unwrap();
    }
    let rec = record_of(&g);
    assert_eq!(
        rec.definition.as_deref(),
        Some(reg().get("standard").unwrap().fingerprint().as_str())
    );
    let Replayed::Whole(saved) = replay(&rec, &user) else {
        panic!("not replayed under the built-in");
    };
    assert_eq!(saved.game.ply(), 7);
    assert!(saved.notes[0].contains("built-in"), "{:?}", saved.notes);
    // A definition known nowhere: the one in use, said.
    let mut other = rec.clone();
    other.definition = Some("0123456789abcdef".to_string());
    let replayed = replay(&other, &user);
    let notes = &replayed.saved().unwrap().notes;
    assert!(notes[0].contains("another definition"), "{notes:?}");
    assert_eq!(replayed.error().and_then(RecordError::ply), Some(7));
    // The fingerprint ignores names and texts and defaults written out.
    let mut file: Value =
        serde_json::from_str(include_str!("../../../../variants/monochrome.json")).unwrap();
    file["name"] = "Mono".into();
    file["rules"] = "other words".into();
    file["options"] = Value::Null;
    let renamed = motley_game::variant::VariantDef::from_json("m.json", &file.to_string()).unwrap();
    assert_eq!(
        renamed.fingerprint(),
        reg().get("monochrome").unwrap().fingerprint()
    );
}

#[test]
fn illegal_action_names_ply_and_action_and_keeps_the_game_before_it() {
    let rec = GameRecord::from_json(
        r#"{"format":"motley-game","version":1,"variant":"standard","start":null,"seed":1,
            "moves":["e2e4","e7e5","e1e3"]}"#,
    )
    .unwrap();
    let Replayed::Partial { saved, error } = replay(&rec, &reg()) else {
        panic!("a partial game expected");
    };
    assert_eq!(error.ply(), Some(3));
    let text = error.to_string();
    assert!(text.contains("ply 3") && text.contains("'e1e3'"), "{text}");
    assert_eq!(saved.game.ply(), 2);
}
