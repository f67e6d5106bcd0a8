//! The headless commands under hostile conditions, through the real
//! binary: closed pipes and full disks, FIFOs and devices where files are
//! expected, concurrent imports, symlinks and `~` at import targets, huge
//! counters, cut-off PGN, over-size writes and Ctrl-C during a match.

use crate::support::records as record_util;
use crate::support::temp::{temp_dir, TempDir};
use crate::support::wait::{self, finish};

use motley_game::variant::Registry;
use motley_records::export_pgn;
use motley_rules::Position;
use record_util::random_game;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

/// `motley ARGS` in `dir`, with its data folder and home inside `dir`.
fn motley(args: &[&str], dir: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_motley"));
    c.args(args)
        .current_dir(dir)
        .env("MOTLEY_DATA_DIR", dir.join("data"))
        .env("HOME", dir)
        .stdin(Stdio::null());
    c
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn assert_no_panic(o: &Output, what: &str) {
    let e = stderr(o);
    assert!(!e.contains("panicked"), "{what}: {e}");
    assert!(o.status.code().is_some(), "{what}: killed by a signal: {e}");
}

/// A PGN of `n` random games (standard chess and Dice-Money), for the
/// commands that read one.
fn write_pgn(dir: &Path, name: &str, n: u64) -> PathBuf {
    let reg = Registry::builtin();
    let mut text = String::new();
    for seed in 0..n {
        let id = if seed % 2 == 0 {
            "standard"
        } else {
            "dice-money"
        };
        text.push_str(&export_pgn(
            &random_game(&reg, id, None, seed + 2, 40),
            Some(("a", "b")),
        ));
        text.push('\n');
    }
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Every headless command with arguments that print several lines, and
/// the folder of the import's records.
fn headless_commands(dir: &TempDir) -> Vec<(Vec<String>, &'static str)> {
    write_pgn(dir, "few.pgn", 6);
    let words = |s: &str| s.split(' ').map(str::to_string).collect::<Vec<_>>();
    vec![
        (words("list"), "list"),
        (words("rules monochrome"), "rules"),
        (words("perft standard 3 --divide"), "perft"),
        (words("moves standard"), "moves"),
        (words("check few.pgn"), "check"),
        (words("export few.pgn"), "export"),
        (words("import few.pgn --out imported"), "import"),
        (
            words("match standard --white random --black random --games 4 --movetime 1"),
            "match",
        ),
        (words("analyse few.pgn --movetime 1"), "analyse"),
        // The full benchmark runs for a minute; its import part goes
        // through the same output and is quick.
        (words("bench --import 20"), "bench"),
    ]
}

fn imported_count(dir: &Path) -> usize {
    std::fs::read_dir(dir.join("imported"))
        .map(|d| d.count())
        .unwrap_or(0)
}

/// `| head -1`, and a reader gone before the first line: a quiet end with
/// status 0, and `import` still writes every record.
#[test]
fn every_headless_command_ends_quietly_when_its_reader_goes() {
    let dir = temp_dir("closed-pipe");
    for (args, name) in headless_commands(&dir) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        for read_first_line in [true, false] {
            let _ = std::fs::remove_dir_all(dir.join("imported"));
            let mut child = motley(&args, &dir)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            let stdout = child.stdout.take().unwrap();
            if read_first_line {
                let mut line = String::new();
                BufReader::new(stdout).read_line(&mut line).unwrap();
                assert!(!line.is_empty(), "{name}: no first line");
            } else {
                drop(stdout);
            }
            let out = finish(child, name);
            assert_no_panic(&out, name);
            assert_eq!(out.status.code(), Some(0), "{name}: {}", stderr(&out));
            assert!(!stderr(&out).contains("error"), "{name}: {}", stderr(&out));
            if name == "import" {
                assert_eq!(imported_count(&dir), 6, "import | head -1");
            }
        }
    }
}

/// `> /dev/full`: a clear error and status 1; `import` still writes every
/// record.
#[cfg(target_os = "linux")]
#[test]
fn every_headless_command_reports_a_full_disk_with_status_1() {
    let dir = temp_dir("dev-full");
    let mut commands = headless_commands(&dir);
    // The whole benchmark fails at its first line.
    commands.push((vec!["bench".to_string()], "bench (perft)"));
    for (args, name) in commands {
        let _ = std::fs::remove_dir_all(dir.join("imported"));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let child = motley(&args, &dir)
            .stdout(full)
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let out = finish(child, name);
        assert_no_panic(&out, name);
        assert_eq!(out.status.code(), Some(1), "{name}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("cannot write to standard output")
                && stderr(&out).contains("No space left"),
            "{name}: {}",
            stderr(&out)
        );
        if name == "import" {
            assert_eq!(imported_count(&dir), 6, "import > /dev/full");
        }
    }
}

/// A FIFO (or a device) wherever a file is read is refused at once, never
/// waited on: records, PGN, `moves --game`, replay, variant files. (A FIFO
/// nobody writes to would be waited on for ever: `finish` fails the test.)
#[cfg(unix)]
#[test]
fn fifos_and_devices_are_refused_without_waiting() {
    let dir = temp_dir("fifo");
    let fifo = dir.join("game.json");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let variants = dir.join("data/variants");
    std::fs::create_dir_all(&variants).unwrap();
    assert!(Command::new("mkfifo")
        .arg(variants.join("fifo.json"))
        .status()
        .unwrap()
        .success());
    std::os::unix::fs::symlink("/dev/zero", variants.join("zero.json")).unwrap();
    for args in [
        vec!["check", "game.json"],
        vec!["export", "game.json"],
        vec!["import", "game.json", "--out", "out"],
        vec!["moves", "standard", "--game", "game.json"],
        vec!["replay", "game.json"],
    ] {
        let child = motley(&args, &dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let out = finish(child, args[0]);
        assert_no_panic(&out, args[0]);
        assert!(!out.status.success(), "{args:?}");
        assert!(
            stderr(&out).contains("not a regular file (a FIFO)"),
            "{args:?}: {}",
            stderr(&out)
        );
    }
    // `list` reads the user's variant files: both are skipped with a
    // warning, the built-in variants are listed.
    let child = motley(&["list"], &dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = finish(child, "list");
    assert_eq!(out.status.code(), Some(0));
    let warnings = stderr(&out);
    assert!(
        warnings.contains("fifo.json") && warnings.contains("a FIFO"),
        "{warnings}"
    );
    assert!(
        warnings.contains("zero.json") && warnings.contains("character device"),
        "{warnings}"
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("monochrome"));
}

/// Two imports of 100 games into one folder at once: 200 records, 200
/// different paths printed, none overwritten.
#[test]
fn concurrent_imports_never_overwrite_each_other() {
    let dir = temp_dir("concurrent");
    write_pgn(&dir, "many.pgn", 100);
    let children: Vec<Child> = (0..2)
        .map(|_| {
            motley(&["import", "many.pgn", "--out", "out"], &dir)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let mut paths = std::collections::BTreeSet::new();
    for child in children {
        let out = finish(child, "import");
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        for line in String::from_utf8_lossy(&out.stdout).lines() {
            assert!(paths.insert(line.to_string()), "{line} printed twice");
        }
    }
    assert_eq!(paths.len(), 200);
    let on_disk = std::fs::read_dir(dir.join("out")).unwrap().count();
    assert_eq!(on_disk, 200, "every printed path is its own file");
    let reg = Registry::builtin();
    for p in &paths {
        motley_records::load_all(&dir.join(p), &reg).unwrap();
    }
}

/// A dangling symlink where import would write is left alone (nothing is
/// created through it); the record gets the next free name.
#[cfg(unix)]
#[test]
fn import_never_writes_through_a_dangling_symlink() {
    let dir = temp_dir("dangling");
    write_pgn(&dir, "one.pgn", 1);
    std::fs::create_dir_all(dir.join("out")).unwrap();
    let target = dir.join("elsewhere.json");
    std::os::unix::fs::symlink(&target, dir.join("out/one.json")).unwrap();
    let out = motley(&["import", "one.pgn", "--out", "out"], &dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "out/one-2.json\n");
    assert!(!target.exists(), "written through the symlink");
    assert!(std::fs::symlink_metadata(dir.join("out/one.json"))
        .unwrap()
        .file_type()
        .is_symlink());
}

/// `~` in a path given to Motley means the home folder (a shell expands
/// it only for bare words); `~user` is refused, never made a folder.
#[test]
fn tilde_paths_mean_home_and_tilde_user_is_refused() {
    let dir = temp_dir("tilde");
    let work = dir.join("work");
    std::fs::create_dir_all(&work).unwrap();
    write_pgn(&work, "one.pgn", 1);
    let out = motley(&["import", "one.pgn", "--out=~/imported"], &work)
        .env("HOME", &*dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(dir.join("imported/one.json").exists());
    assert!(!work.join("~").exists(), "a literal ~ folder was made");
    let out = motley(&["import", "one.pgn", "--out=~bob/x"], &work)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("'~user' paths are not supported"));
    assert!(!work.join("~bob").exists());
}

/// Move counters of a FEN past the sane range are refused naming the
/// field; the largest accepted one counts on correctly.
#[test]
fn huge_fen_counters_are_refused_naming_the_field() {
    let dir = temp_dir("counters");
    for (fen, field) in [
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 4294967295", "move number"),
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 4294967295 1", "halfmove clock"),
        (
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 99999999999999",
            "move number",
        ),
    ] {
        for cmd in ["moves", "perft"] {
            let mut args = vec![cmd, "standard"];
            if cmd == "perft" {
                args.push("1");
            }
            args.extend(["--fen", fen]);
            let out = motley(&args, &dir).output().unwrap();
            assert_eq!(out.status.code(), Some(2), "{cmd} {fen}");
            assert!(stderr(&out).contains(field), "{cmd}: {}", stderr(&out));
        }
    }
    let reg = Registry::builtin();
    let mut g = motley_game::Game::new(
        reg.get("standard").unwrap(),
        Some("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1000000"),
        1,
    )
    .unwrap();
    g.play_text("Kd7").unwrap();
    assert!(g.position().to_fen().ends_with(" 1 1000001"));
    assert!(export_pgn(&g, None).contains("1000000... Kd7"));
}

/// A game cut off inside a variation or a comment is refused naming the
/// game (the games before it are fine), and so is a bad `[Seed]`.
#[test]
fn cut_off_pgn_and_bad_seeds_are_refused_naming_the_game() {
    let dir = temp_dir("cut");
    let good = "[Event \"1\"]\n\n1. e4 e5 1-0\n\n";
    for (text, needles) in [
        (
            format!("{good}[Event \"2\"]\n[Result \"1-0\"]\n\n1. e4 (1. d4 d5 2. c4\n"),
            vec!["game 2", "variation"],
        ),
        (
            format!("{good}[Event \"2\"]\n[Result \"1-0\"]\n\n1. e4 {{a comment that never"),
            vec!["game 2", "unterminated comment"],
        ),
        (
            format!("{good}[Event \"2\"]\n1. e4 (1. d4\n\n[Event \"3\"]\n1. d4 *\n"),
            vec!["game 2", "variation"],
        ),
        (
            format!("{good}[Event \"2\"]\n[Seed \"12x\"]\n\n1. e4 *\n"),
            vec!["game 2", "tag Seed", "12x"],
        ),
    ] {
        std::fs::write(dir.join("cut.pgn"), &text).unwrap();
        let out = motley(&["check", "cut.pgn"], &dir).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{text}");
        let e = stderr(&out);
        for n in needles {
            assert!(e.contains(n), "'{n}' missing: {e}");
        }
        assert!(String::from_utf8_lossy(&out.stdout).starts_with("plies: 2\n"));
    }
}

/// A megabyte of junk in a file is quoted in a message by at most about
/// 80 characters.
#[test]
fn messages_quote_at_most_80_characters_of_bad_input() {
    let dir = temp_dir("quote");
    let junk = "x".repeat(1_000_000);
    for (name, text) in [
        ("junk.pgn", format!("1. e4 {junk} *\n")),
        ("variant.pgn", format!("[Variant \"{junk}\"]\n1. e4 *\n")),
        ("fen.pgn", format!("[FEN \"{junk}\"]\n1. e4 *\n")),
        (
            "seed.json",
            format!(
                r#"{{"format":"motley-game","version":1,"variant":"standard","seed":"{junk}","moves":[]}}"#
            ),
        ),
        (
            "move.json",
            format!(
                r#"{{"format":"motley-game","version":1,"variant":"standard","moves":["{junk}"]}}"#
            ),
        ),
    ] {
        std::fs::write(dir.join(name), text).unwrap();
        let out = motley(&["check", name], &dir).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{name}");
        let e = stderr(&out);
        assert!(e.contains("xxxxxxxx"), "{name}: the input is quoted: {e}");
        assert!(
            e.len() < 400,
            "{name}: {} characters: {}",
            e.len(),
            &e[..400]
        );
    }
    // One argument may be at most 128 kB.
    let out = motley(&["moves", "standard", "--fen", &junk[..100_000]], &dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).len() < 400, "{}", &stderr(&out)[..400]);
}

/// A write over the file-size limit (`ulimit -f`) is an ordinary reported
/// error, not death by SIGXFSZ, and leaves no temporary file.
#[cfg(unix)]
#[test]
fn an_over_size_write_is_a_reported_error() {
    let dir = temp_dir("xfsz");
    write_pgn(&dir, "few.pgn", 3);
    std::fs::create_dir_all(dir.join("out")).unwrap();
    let script = format!(
        "ulimit -f 1; exec '{}' import few.pgn --out out",
        env!("CARGO_BIN_EXE_motley")
    );
    let out = Command::new("sh")
        .args(["-c", &script])
        .current_dir(&*dir)
        .env("MOTLEY_DATA_DIR", dir.join("data"))
        .output()
        .unwrap();
    assert_no_panic(&out, "import under ulimit -f");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("too large"), "{}", stderr(&out));
    let left: Vec<_> = std::fs::read_dir(dir.join("out")).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
}

/// Ctrl-C during a match: the games finished so far are in the table, the
/// score line follows, each finished game is saved, no temporary file is
/// left, and the status is 130.
#[cfg(unix)]
#[test]
fn ctrl_c_during_a_match_prints_the_score_so_far() {
    let dir = temp_dir("match-int");
    let child = motley(
        &[
            "match",
            "standard",
            "--white",
            "ai:1",
            "--black",
            "ai:1",
            "--games",
            "500",
            "--movetime",
            "20",
            "--save-dir",
            "saved",
        ],
        &dir,
    )
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn()
    .unwrap();
    let saved = dir.join("saved");
    let count = || {
        std::fs::read_dir(&saved)
            .map(|d| {
                d.filter(|e| {
                    e.as_ref()
                        .is_ok_and(|e| e.file_name().to_string_lossy().ends_with(".json"))
                })
                .count()
            })
            .unwrap_or(0)
    };
    wait::until("the match got going", || count() >= 2);
    // SAFETY: kill only sends a signal to our own child.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGINT);
    }
    let out = finish(child, "interrupted match");
    assert_eq!(out.status.code(), Some(130), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let rows = text
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .count();
    assert!(
        text.lines().last().unwrap().starts_with("score: "),
        "{text}"
    );
    let saved_games = count();
    assert_eq!(rows, saved_games, "{text}");
    let [w, d, l]: [usize; 3] = text
        .lines()
        .last()
        .unwrap()
        .trim_start_matches("score: ")
        .split('-')
        .map(|n| n.parse().unwrap())
        .collect::<Vec<_>>()
        .try_into()
        .unwrap();
    assert_eq!(w + d + l, rows);
    let temps: Vec<String> = std::fs::read_dir(&saved)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(temps.is_empty(), "{temps:?}");
    assert!(stderr(&out).contains("interrupted"), "{}", stderr(&out));
}

/// `motley uci` (commands on standard input) behaves the same: a reader
/// gone is a quiet end, a full disk status 1.
#[cfg(target_os = "linux")]
#[test]
fn the_uci_engine_handles_closed_and_full_output() {
    use std::io::Write;
    let dir = temp_dir("uci-out");
    for full in [false, true] {
        let mut cmd = motley(&["uci"], &dir);
        cmd.stdin(Stdio::piped()).stderr(Stdio::piped());
        if full {
            cmd.stdout(
                std::fs::OpenOptions::new()
                    .write(true)
                    .open("/dev/full")
                    .unwrap(),
            );
        } else {
            cmd.stdout(Stdio::piped());
        }
        let mut child = cmd.spawn().unwrap();
        drop(child.stdout.take());
        let mut input = child.stdin.take().unwrap();
        let _ = input.write_all(b"uci\nisready\nquit\n");
        drop(input);
        let out = finish(child, "uci");
        assert_no_panic(&out, "uci");
        assert_eq!(
            out.status.code(),
            Some(if full { 1 } else { 0 }),
            "{}",
            stderr(&out)
        );
    }
}

// Issue 22, item 26: one Latin-1 byte (`M\xfcller`) in game 3 of 8 made
// the import write nothing and exit 1.
#[test]
fn item_26_one_latin1_byte_is_read_as_latin1_and_every_game_imported() {
    let dir = temp_dir("latin1");
    let mut bytes = Vec::new();
    for n in 1..=8 {
        let white: &[u8] = if n == 3 { b"M\xfcller" } else { b"Smith" };
        bytes.extend_from_slice(b"[Event \"x\"]\n[White \"");
        bytes.extend_from_slice(white);
        bytes.extend_from_slice(b"\"]\n\n1. e4 e5 2. Nf3 *\n\n");
    }
    std::fs::write(dir.join("games.pgn"), bytes).unwrap();
    let out = motley(&["import", "games.pgn", "--out", "out"], &dir)
        .output()
        .unwrap();
    assert_no_panic(&out, "import");
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 8);
    // Said, for game 3 only.
    assert!(err.contains("game 3") && err.contains("Latin-1"), "{err}");
    assert!(!err.contains("game 2") && !err.contains("game 4"), "{err}");
    let rec: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("out/games-3.json")).unwrap())
            .unwrap();
    assert_eq!(rec["players"]["white"], "Müller");
}

// Issue 22, item 27: the same match run twice (the default seed is 1)
// replaced the first run's records.
#[test]
fn item_27_a_match_saved_twice_into_one_folder_keeps_both() {
    let dir = temp_dir("match-twice");
    let run = || {
        let out = motley(
            &[
                "match",
                "standard",
                "--white",
                "random",
                "--black",
                "random",
                "--games",
                "2",
                "--movetime",
                "5",
                "--save-dir",
                "games",
            ],
            &dir,
        )
        .output()
        .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    };
    run();
    let first = std::fs::read(dir.join("games/standard-1-game001.json")).unwrap();
    run();
    let mut names: Vec<String> = std::fs::read_dir(dir.join("games"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "standard-1-game001-2.json",
            "standard-1-game001.json",
            "standard-1-game002-2.json",
            "standard-1-game002.json"
        ]
    );
    assert_eq!(
        std::fs::read(dir.join("games/standard-1-game001.json")).unwrap(),
        first
    );
}

// Issue 22, item 37: `kill -9` during an import leaves the hidden
// temporary file of the record being written; the next import into the
// folder removes it.
#[test]
fn item_37_an_import_removes_temporary_files_a_killed_import_left() {
    let dir = temp_dir("stale-temps");
    write_pgn(&dir, "one.pgn", 1);
    std::fs::create_dir_all(dir.join("out")).unwrap();
    // Left by a killed import (over a minute old: no write takes so long).
    let stale = dir.join("out/.few-3.json.4242.tmp");
    std::fs::write(&stale, "half a record").unwrap();
    std::fs::File::options()
        .write(true)
        .open(&stale)
        .unwrap()
        .set_modified(std::time::SystemTime::now() - Duration::from_secs(3600))
        .unwrap();
    let out = motley(&["import", "one.pgn", "--out", "out"], &dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!stale.exists());
    assert!(dir.join("out/one.json").exists());
}
