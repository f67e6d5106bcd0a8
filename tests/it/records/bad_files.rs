//! The corpus of bad saved files under `tests/bad_records/`: each gives its
//! own message (naming the file, and the game, ply and action where there
//! is one) and a non-zero exit status from the real binary, never a panic.

use crate::support::temp::temp_dir;

use motley_game::variant::Registry;
use motley_records::{self as record, RecordErrorKind, MAX_FILE_BYTES};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The first game of a file as far as it is valid, and its error.
fn load_partial(
    path: &Path,
    reg: &Registry,
) -> (Option<motley_game::Game>, Option<record::RecordError>) {
    let (saved, error) = record::load_first(path, reg).into_parts();
    (saved.map(|s| s.game), error)
}

fn bad(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/bad_records")
        .join(name)
}

/// `motley ARGS` with `home` as its home folder: the user's own variant
/// folder and data stay out of the test.
fn command(args: &[String], home: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_motley"));
    c.args(args)
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("xdg"));
    c
}

fn motley(args: &[&str]) -> Output {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let home = temp_dir("bad-files-home");
    command(&args, &home).output().unwrap()
}

/// Run many invocations at once (each pays the binary's start-up).
fn motley_batch(runs: &[Vec<String>]) -> Vec<Output> {
    let home = temp_dir("bad-files-home");
    let children: Vec<_> = runs
        .iter()
        .map(|args| {
            command(args, &home)
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    children
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect()
}

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// Every corpus file and what its message must say.
const CORPUS: &[(&str, &[&str])] = &[
    ("truncated.json", &["truncated", "line 1"]),
    ("wrong_type_seed.json", &["field 'seed'", "forty-two"]),
    (
        "wrong_type_moves.json",
        &["field 'moves'", "found a string"],
    ),
    (
        "wrong_type_move_item.json",
        &["field 'moves'", "ply 2", "a number"],
    ),
    ("wrong_type_variant.json", &["field 'variant'"]),
    (
        "unknown_variant.json",
        &["unknown variant 'fairy-chess-9000'", "standard"],
    ),
    ("future_version.json", &["newer Motley", "version 2"]),
    (
        "illegal_ply7.json",
        &["ply 7", "'c4c6'", "illegal", "bishop on c4"],
    ),
    (
        "unparsable_action.json",
        &["ply 3", "'castle!'", "not an action"],
    ),
    ("malformed_fen.json", &["start position", "4 ranks"]),
    ("not_a_record.json", &["not a Motley saved game", "format"]),
    ("json_array.json", &["not a Motley saved game", "list"]),
    ("trailing_junk.json", &["invalid JSON", "trailing"]),
    ("deeply_nested.json", &["invalid JSON", "nested too deeply"]),
    ("binary_junk.bin", &["not a text file", "UTF-8"]),
    ("empty.json", &["empty"]),
    ("whitespace.pgn", &["empty"]),
    ("illegal_san.pgn", &["game 1", "ply 9", "'Bxe8'", "illegal"]),
    (
        "illegal_san_game2.pgn",
        &["game 2", "ply 3", "'Qxe5'", "illegal"],
    ),
    (
        "unknown_variant.pgn",
        &["game 1", "unknown variant 'Bughouse'"],
    ),
    (
        "unterminated_comment.pgn",
        &["game 1", "unterminated comment"],
    ),
    ("bad_tag.pgn", &["game 1", "tag Event", "closing quote"]),
    (
        "malformed_fen.pgn",
        &["game 1", "start position", "3 ranks"],
    ),
    ("not_a_game.txt", &["ply 1", "'Dear'", "not an action"]),
];

fn assert_reported(out: &Output, file: &Path, needles: &[&str], cmd: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{cmd} {}: succeeded", file.display());
    assert!(
        !stderr.contains("panicked"),
        "{cmd} {}: panicked: {stderr}",
        file.display()
    );
    let name = file.file_name().unwrap().to_string_lossy();
    assert!(
        stderr.contains(&*name),
        "{cmd}: message does not name the file: {stderr}"
    );
    for n in needles {
        assert!(
            stderr.contains(n),
            "{cmd} {name}: '{n}' missing in: {stderr}"
        );
    }
}

#[test]
fn every_corpus_file_is_reported_with_status_1_by_check() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad_records");
    let listed: Vec<&str> = CORPUS.iter().map(|(f, _)| *f).collect();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        assert!(
            listed.contains(&name.as_str()),
            "{name} has no expected message"
        );
    }
    let runs: Vec<Vec<String>> = CORPUS
        .iter()
        .map(|(file, _)| args(&["check", bad(file).to_str().unwrap()]))
        .collect();
    for ((file, needles), out) in CORPUS.iter().zip(motley_batch(&runs)) {
        assert_eq!(out.status.code(), Some(1), "check {file}");
        assert_reported(&out, &bad(file), needles, "check");
    }
}

#[test]
fn export_import_and_moves_refuse_every_corpus_file() {
    let out_dir = temp_dir("bad-import");
    let out = out_dir.to_str().unwrap();
    // The commands share one reader with `check`, which covers every file;
    // a sample of each kind keeps the binary's start-up cost down.
    let sample = [
        "truncated.json",
        "future_version.json",
        "illegal_ply7.json",
        "deeply_nested.json",
        "binary_junk.bin",
        "empty.json",
        "illegal_san.pgn",
        "illegal_san_game2.pgn",
    ];
    let mut runs = Vec::new();
    for (file, needles) in CORPUS.iter().filter(|(f, _)| sample.contains(f)) {
        let p = bad(file);
        let p = p.to_str().unwrap();
        runs.push((file, needles, "export", args(&["export", p])));
        runs.push((
            file,
            needles,
            "moves",
            args(&["moves", "standard", "--game", p]),
        ));
        runs.push((file, needles, "import", args(&["import", p, "--out", out])));
    }
    let outputs = motley_batch(&runs.iter().map(|r| r.3.clone()).collect::<Vec<_>>());
    for ((file, needles, cmd, _), output) in runs.iter().zip(outputs) {
        assert_reported(&output, &bad(file), needles, cmd);
    }
    // Only the good first game of the two-game file was written.
    let written: Vec<_> = std::fs::read_dir(&out_dir).unwrap().collect();
    assert_eq!(written.len(), 1, "{written:?}");
}

#[test]
fn partial_load_keeps_the_game_up_to_the_bad_ply() {
    let reg = Registry::builtin();
    let (game, err) = load_partial(&bad("illegal_ply7.json"), &reg);
    assert_eq!(game.unwrap().ply(), 6);
    assert_eq!(err.unwrap().ply(), Some(7));
    let (game, err) = load_partial(&bad("illegal_san.pgn"), &reg);
    assert_eq!(game.unwrap().ply(), 8);
    assert_eq!(err.unwrap().ply(), Some(9));
    for (file, _) in CORPUS {
        let (game, err) = load_partial(&bad(file), &reg);
        if *file == "illegal_san_game2.pgn" {
            // The first game is good; only loading every game fails.
            assert!(game.is_some() && err.is_none());
        } else {
            assert!(err.is_some(), "{file}");
        }
        assert!(record::load_all(&bad(file), &reg).is_err(), "{file}");
    }
}

#[test]
fn a_100_mb_file_is_refused_before_reading() {
    let dir = temp_dir("huge");
    let path = dir.join("huge.json");
    std::fs::write(&path, r#"{"format":"motley-game","version":1,"moves":["#).unwrap();
    // Sparse: 100 MB by size, no disk used.
    let f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
    f.set_len(100 * 1024 * 1024).unwrap();
    drop(f);
    let err = record::load_all(&path, &Registry::builtin()).unwrap_err();
    assert!(
        matches!(*err.kind, RecordErrorKind::TooLarge { .. }),
        "{err}"
    );
    let out = motley(&["check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert_reported(
        &out,
        &path,
        &["104857600 bytes", &MAX_FILE_BYTES.to_string()],
        "check",
    );
}

/// An endless stream is a device, not a file: refused before a byte is
/// read (it used to be read up to the size limit).
#[cfg(unix)]
#[test]
fn an_endless_stream_is_refused_unread() {
    let out = motley(&["check", "/dev/zero"]);
    assert_eq!(out.status.code(), Some(1));
    assert_reported(
        &out,
        Path::new("/dev/zero"),
        &["not a regular file", "character device"],
        "check",
    );
}

#[test]
fn missing_files_and_folders_are_reported() {
    let dir = temp_dir("missing");
    let missing = dir.join("nope.json");
    let out = motley(&["check", missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert_reported(&out, &missing, &["cannot read"], "check");
    let out = motley(&["check", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("folder"));
}
