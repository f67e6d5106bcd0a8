//! The bounds on what a saved game may hold, each kept the same way by
//! every path: a PGN game over the size limit is refused and the command
//! ends (however the file ends); a record is never written larger than
//! Motley reads back; variations nest at most `MAX_NESTING` deep and hold
//! at most `MAX_VARIATION_MOVES` moves, in PGN import and in the record
//! reader alike; records list variations flat, and the nested form older
//! Motleys wrote still reads.

use crate::support::locks as lock_support;
use crate::support::temp::temp_dir;
use motley_game::variant::Registry;
use motley_records::pgn::{PgnGames, MAX_GAME_BYTES};
use motley_records::tree::{Cursor, GameTree, TreeProblem, MAX_NESTING, MAX_VARIATION_MOVES};
use motley_records::{
    self as record, record_of, record_of_saved, GameRecord, RecordErrorKind, Replayed,
    MAX_FILE_BYTES,
};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// `motley ARGS` in `dir` (its home too), stopped and failed when it has
/// not ended within a minute: a command that spins is a failure here, not
/// a hung test run.
fn motley_ending(args: &[&str], dir: &Path) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_motley"));
    command
        .args(args)
        .current_dir(dir)
        .env("HOME", dir)
        .env("XDG_DATA_HOME", dir.join("xdg"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = lock_support::spawn(&mut command).unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("motley {args:?} did not end within a minute");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The JSON records in `dir`.
fn records_in(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    found.sort();
    found
}

// Issue 31, item 1: a PGN that ends while a game over the size limit is
// skipped made `check` and `import` spin for ever.
#[test]
fn item_01_a_pgn_that_ends_while_skipping_is_refused_and_the_command_ends() {
    let dir = temp_dir("spin");
    let one_line = format!("[Event \"x\"]\n\n1. e4 {{{}}} *\n", "a".repeat(21_000_000));
    let many_lines = format!(
        "[Event \"x\"]\n\n1. e4 {{{}}} *\n",
        "a comment line that goes on\n".repeat(22_000_000 / 28)
    );
    for (name, text) in [("spin.pgn", one_line), ("lines.pgn", many_lines)] {
        std::fs::write(dir.join(name), text).unwrap();
        let check = motley_ending(&["check", name], &dir);
        assert_eq!(check.status.code(), Some(1), "{name}: {}", stderr(&check));
        let e = stderr(&check);
        assert!(e.contains("game 1") && e.contains("over"), "{name}: {e}");
        let out = dir.join(format!("{name}-out"));
        let import = motley_ending(&["import", name, "--out", out.to_str().unwrap()], &dir);
        assert_eq!(import.status.code(), Some(1), "{name}: {}", stderr(&import));
        assert!(records_in(&out).is_empty(), "{name}: a record was written");
    }
}

/// Plies of each game read from `text` as a stream, or the error's kind.
fn stream(text: &[u8]) -> Vec<Result<usize, RecordErrorKind>> {
    let reg = Registry::builtin();
    PgnGames::new(Vec::new(), 0, Box::new(text), &reg)
        .map(|r| r.into_result().map(|s| s.game.ply()).map_err(|e| *e.kind))
        .collect()
}

// Issue 31, item 12: a game between 10 and 16 MB, read whole by one
// (doubling) read, was imported into a record Motley then refused.
#[test]
fn item_12_every_game_over_the_size_limit_is_refused_whatever_the_read() {
    let big = format!(
        "[Event \"1\"]\n\n1. e4 {{{}}} e5 *\n\n[Event \"2\"]\n\n1. d4 *\n",
        "b".repeat(MAX_GAME_BYTES as usize + 1_000_000)
    );
    let games = stream(big.as_bytes());
    assert_eq!(
        games,
        [Err(RecordErrorKind::PgnGameTooLong(MAX_GAME_BYTES)), Ok(1)]
    );
    // A game under the limit whose record would be over what Motley reads
    // back (every `"` is written `\"`): import refuses that game alone.
    let dir = temp_dir("import-too-large");
    let quotes = format!(
        "[Event \"1\"]\n\n1. e4 {{{}}} *\n\n[Event \"2\"]\n\n1. d4 *\n",
        "\"".repeat(MAX_FILE_BYTES as usize / 2 + 1000)
    );
    std::fs::write(dir.join("quotes.pgn"), quotes).unwrap();
    let out = dir.join("out");
    let import = motley_ending(
        &["import", "quotes.pgn", "--out", out.to_str().unwrap()],
        &dir,
    );
    assert_eq!(import.status.code(), Some(1), "{}", stderr(&import));
    assert!(
        stderr(&import).contains("Motley reads back"),
        "{}",
        stderr(&import)
    );
    let written = records_in(&out);
    assert_eq!(written.len(), 1, "{written:?}");
    for path in written {
        assert!(std::fs::metadata(&path).unwrap().len() <= MAX_FILE_BYTES);
        record::load_all(&path, &Registry::builtin()).unwrap();
    }
}

/// A PGN game whose 1... c5 is replaced `depth` times over, each
/// variation inside the one before.
fn nested_pgn(depth: usize) -> String {
    format!(
        "[Event \"deep\"]\n\n1. e4 e5 {}{} 2. Nf3 *\n",
        "(1... c5 ".repeat(depth),
        ")".repeat(depth)
    )
}

/// How deep the variations of a tree nest.
fn depth_of(tree: &GameTree) -> usize {
    fn line(nodes: &[motley_records::tree::Node]) -> usize {
        nodes
            .iter()
            .flat_map(|n| &n.variations)
            .map(|v| 1 + line(v))
            .max()
            .unwrap_or(0)
    }
    line(&tree.main)
}

/// How deep a JSON text nests its arrays and objects.
fn json_depth(v: &Value) -> usize {
    match v {
        Value::Array(items) => 1 + items.iter().map(json_depth).max().unwrap_or(0),
        Value::Object(map) => 1 + map.values().map(json_depth).max().unwrap_or(0),
        _ => 0,
    }
}

// Issue 31, item 2: `import` accepted variations nested up to 64 deep and
// wrote records nested over serde_json's limit (at 42 levels), which
// nothing could read again.
#[test]
fn item_02_import_keeps_variations_at_the_cap_readable_and_refuses_one_past() {
    let dir = temp_dir("nested-import");
    std::fs::write(dir.join("cap.pgn"), nested_pgn(MAX_NESTING)).unwrap();
    std::fs::write(dir.join("past.pgn"), nested_pgn(MAX_NESTING + 1)).unwrap();
    let out = dir.join("out");
    let import = motley_ending(&["import", "cap.pgn", "--out", out.to_str().unwrap()], &dir);
    assert_eq!(import.status.code(), Some(0), "{}", stderr(&import));
    let written = records_in(&out);
    assert_eq!(written.len(), 1);
    // The record nests no deeper for it, and every command reads it.
    let text = std::fs::read_to_string(&written[0]).unwrap();
    let value: Value = serde_json::from_str(&text).unwrap();
    assert!(json_depth(&value) < 10, "{}", json_depth(&value));
    let check = motley_ending(&["check", written[0].to_str().unwrap()], &dir);
    assert_eq!(check.status.code(), Some(0), "{}", stderr(&check));
    let saved = record::load_all(&written[0], &Registry::builtin()).unwrap();
    assert_eq!(depth_of(&saved[0].tree), MAX_NESTING);
    // One past the cap: refused, named, nothing written.
    let out_past = dir.join("out-past");
    let past = motley_ending(
        &["import", "past.pgn", "--out", out_past.to_str().unwrap()],
        &dir,
    );
    assert_eq!(past.status.code(), Some(1));
    assert!(
        stderr(&past).contains(&format!("nested over {MAX_NESTING} deep")),
        "{}",
        stderr(&past)
    );
    assert!(records_in(&out_past).is_empty());
}

/// A record of 1. e4 e5 2. Nf3 with `annotations`.
fn record_with(annotations: Value) -> String {
    let mut g =
        motley_game::Game::new(Registry::builtin().get("standard").unwrap(), None, 0).unwrap();
    for m in ["e4", "e5", "Nf3"] {
        g.play_text(m).unwrap();
    }
    let mut rec = serde_json::to_value(record_of(&g)).unwrap();
    rec["annotations"] = annotations;
    rec.to_string()
}

/// An older record's nested variations: 1... c5 replaced `depth` times
/// over, as Motley wrote them before records listed them flat.
fn nested_variations(depth: usize) -> Value {
    let mut line = json!([{ "action": "c7c5" }]);
    for _ in 1..depth {
        line = json!([{ "action": "c7c5", "variations": [line] }]);
    }
    json!({ "plies": [{ "ply": 2, "variations": [line] }] })
}

/// The game of a record's text, as far as it reads, and its error.
fn read(text: &str) -> (Option<record::SavedGame>, Option<RecordErrorKind>) {
    let reg = Registry::builtin();
    let (saved, error) = match record::GameReader::from_bytes(text.as_bytes(), "r.json", &reg) {
        Ok(mut reader) => reader.next().unwrap().into_parts(),
        Err(e) => (None, Some(e)),
    };
    (saved, error.map(|e| *e.kind))
}

// Issue 31, item 2: the records older Motleys wrote with variations
// nested over 41 deep (their JSON over serde_json's 128 levels) read
// again; past the cap, the game still reads, its variations cut there.
#[test]
fn item_02_older_nested_records_read_up_to_the_cap_and_the_game_past_it() {
    let (saved, error) = read(&record_with(nested_variations(MAX_NESTING)));
    assert_eq!(error, None);
    assert_eq!(depth_of(&saved.unwrap().tree), MAX_NESTING);
    let (saved, error) = read(&record_with(nested_variations(MAX_NESTING + 1)));
    assert_eq!(
        error,
        Some(RecordErrorKind::Annotations(TreeProblem::TooDeep))
    );
    let saved = saved.expect("the game itself reads");
    assert_eq!(saved.game.ply(), 3);
    assert_eq!(depth_of(&saved.tree), MAX_NESTING);
    // JSON nested past any record Motley writes is refused unread.
    let (saved, error) = read(&record_with(nested_variations(MAX_NESTING * 2)));
    assert!(saved.is_none());
    assert!(
        matches!(&error, Some(RecordErrorKind::InvalidJson { message, .. }) if message.contains("nested too deeply")),
        "{error:?}"
    );
}

#[test]
fn the_nested_record_an_older_motley_wrote_reads_as_the_game_it_was() {
    let old = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/old_records/annotated_nested.json");
    let reg = Registry::builtin();
    let from_record = record::load_all(&old, &reg).unwrap();
    let famous = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/annotated/famous.pgn");
    let from_pgn = record::load_all(&famous, &reg).unwrap();
    assert_eq!(from_record[0].tree, from_pgn[0].tree);
    // Written again, it is flat and reads back the same.
    let again = GameRecord::from_json(&record_of_saved(&from_record[0]).to_json()).unwrap();
    let annotations = again.annotations.as_ref().unwrap();
    assert!(annotations.plies.iter().all(|p| p.variations.is_empty()));
    assert!(!annotations.lines.is_empty());
    assert_eq!(GameTree::new(&again.moves, annotations), from_pgn[0].tree);
}

// Issue 31, item 13: 300,000 entries for one ply were accepted silently
// (9.6 s, 294 MB); variations had no bound at all.
#[test]
fn item_13_annotations_over_the_bounds_are_refused_by_name() {
    let twice: Vec<Value> = (0..300_000)
        .map(|_| json!({ "ply": 1, "nags": [1] }))
        .collect();
    let (saved, error) = read(&record_with(json!({ "plies": twice })));
    assert_eq!(
        error,
        Some(RecordErrorKind::Annotations(TreeProblem::Twice(1)))
    );
    assert_eq!(saved.unwrap().tree.main[0].notes.nags, [1]);
    // One-move variations of 1. e4, past the bound on moves.
    let lines: Vec<Value> = (0..MAX_VARIATION_MOVES + 1)
        .map(|i| {
            let action = ["d2d4", "c2c4"][i % 2];
            json!({ "ply": 1, "moves": [{ "action": action }] })
        })
        .collect();
    let (saved, error) = read(&record_with(json!({ "lines": lines })));
    assert_eq!(
        error,
        Some(RecordErrorKind::Annotations(TreeProblem::TooManyMoves))
    );
    let tree = saved.unwrap().tree;
    assert_eq!(tree.variation_moves(), MAX_VARIATION_MOVES);
    // The tree at the bound takes no more moves; following one still goes.
    let mut tree = tree;
    assert_eq!(
        tree.add_move(&Cursor::main(0), "g1f3"),
        Err(motley_records::tree::TreeError::TooManyMoves)
    );
    assert!(tree.add_move(&Cursor::main(0), "d2d4").is_ok());
    // PGN import holds the same bound.
    let pgn = format!("1. e4 {}e5 *\n", "(1. d4) ".repeat(MAX_VARIATION_MOVES + 1));
    let games = stream(pgn.as_bytes());
    assert!(
        matches!(&games[0], Err(RecordErrorKind::Pgn(p)) if p.to_string().contains("moves in variations")),
        "{games:?}"
    );
}

// Issue 31, item 27: an annotation's clock of 2^64-1 ms was accepted, and
// a PGN clock of 999999:999999:999999.999 read as 3.6e12 ms came back
// as comment text after an export.
#[test]
fn item_27_clocks_are_bounded_as_records_bound_them() {
    let (_, error) = read(&record_with(
        json!({ "plies": [{ "ply": 1, "clock_ms": u64::MAX }] }),
    ));
    assert_eq!(
        error,
        Some(RecordErrorKind::Annotations(TreeProblem::Clock(u64::MAX)))
    );
    let reg = Registry::builtin();
    let pgn = "1. e4 {[%clk 999999:999999:999999.999]} e5 {[%clk 1:02:03.5]} *\n";
    let games: Vec<Replayed> =
        PgnGames::new(Vec::new(), 0, Box::new(pgn.as_bytes()), &reg).collect();
    let saved = games[0].saved().unwrap();
    // Not a clock: text, as written; a real one is a clock.
    assert_eq!(saved.tree.main[0].notes.clock_ms, None);
    assert_eq!(
        saved.tree.main[0].notes.comment.as_deref(),
        Some("[%clk 999999:999999:999999.999]")
    );
    assert_eq!(saved.tree.main[1].notes.clock_ms, Some(3_723_500));
    // Exported and read again: the same tree.
    let again = record::export_saved_pgn(saved);
    let back: Vec<Replayed> =
        PgnGames::new(Vec::new(), 0, Box::new(again.as_bytes()), &reg).collect();
    assert_eq!(back[0].saved().unwrap().tree, saved.tree, "{again}");
}

// Issue 31, item 27: export gave an imported game that had neither a Site
// nor a Round Motley's own ("Motley", "-"), and an ESC in a comment came
// back from `export` and `import` as the text `\x1b`.
#[test]
fn item_27_an_exported_game_keeps_its_roster_unknowns_and_its_comment_text() {
    let dir = temp_dir("round-trip");
    let comment = "a \u{1b}[31m red\u{7} word, \u{202e}reversed\tand a tab";
    let pgn =
        format!("[Event \"Club\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n\n1. e4 {{{comment}}} e5 *\n");
    std::fs::write(dir.join("game.pgn"), pgn).unwrap();
    let first = dir.join("first");
    let import = motley_ending(
        &["import", "game.pgn", "--out", first.to_str().unwrap()],
        &dir,
    );
    assert_eq!(import.status.code(), Some(0), "{}", stderr(&import));
    let record = &records_in(&first)[0];
    let export = motley_ending(&["export", record.to_str().unwrap()], &dir);
    assert_eq!(export.status.code(), Some(0), "{}", stderr(&export));
    let text = String::from_utf8(export.stdout).unwrap();
    for tag in [
        "[Event \"Club\"]",
        "[Site \"?\"]",
        "[Round \"?\"]",
        "[White \"Ann\"]",
    ] {
        assert!(text.contains(tag), "{tag} in\n{text}");
    }
    assert!(!text.contains("Motley"), "{text}");
    // The PGN holds no control character, and reads back as it was.
    assert!(
        !text
            .chars()
            .any(|c| c != '\n' && motley_rules::core::quote::is_unsafe(c)),
        "{text:?}"
    );
    std::fs::write(dir.join("again.pgn"), &text).unwrap();
    let second = dir.join("second");
    let import = motley_ending(
        &["import", "again.pgn", "--out", second.to_str().unwrap()],
        &dir,
    );
    assert_eq!(import.status.code(), Some(0), "{}", stderr(&import));
    let read_back = |path: &Path| {
        let rec = GameRecord::from_json(&std::fs::read_to_string(path).unwrap()).unwrap();
        (rec.tags.clone(), rec.annotations.clone())
    };
    let (tags, annotations) = read_back(&records_in(&second)[0]);
    assert_eq!((tags.clone(), annotations.clone()), read_back(record));
    assert_eq!(
        annotations.unwrap().plies[0].notes.comment.as_deref(),
        Some(comment)
    );
    assert_eq!(tags.get("Site").map(String::as_str), Some("?"));
}
