//! Variant files as the command line meets them: read the one bounded
//! way (regular files only, one size limit, a byte-order mark accepted),
//! ids that keep one rule from every source, names for players, many
//! sections read without building their rules, and a record played
//! under a definition that has changed since.

use crate::support::temp::temp_dir;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Runs motley with `data` as its data folder and `input` on stdin,
/// killed if it takes longer than a minute: exit code, stdout, stderr.
fn motley_in(data: &Path, args: &[&str], input: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_motley"))
        .args(args)
        .env("MOTLEY_DATA_DIR", data)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run motley");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input.as_bytes()).expect("write stdin");
    drop(stdin);
    let started = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("motley {args:?} did not end within a minute");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("output");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn motley(data: &Path, args: &[&str]) -> (i32, String, String) {
    motley_in(data, args, "")
}

/// `<data>/variants`, made.
fn variants_dir(data: &Path) -> std::path::PathBuf {
    let dir = data.join("variants");
    std::fs::create_dir_all(&dir).expect("variants folder");
    dir
}

// Issue 31, item 4: a JSON variant's id was never checked: newlines and
// escapes in it came out of `motley uci` as lines of their own and raw
// ESC and BEL, and a path in it made `match --save-dir` write outside
// its folder. The one id rule refuses such ids from every source.
#[test]
fn item_04_a_variant_id_with_lines_escapes_or_a_path_is_refused() {
    let data = temp_dir("vf-evil-id");
    let dir = variants_dir(&data);
    let evil = r#"{"id":"evil\nreadyok\nbestmove e2e4\u001b]0;PWNED\u0007","family":"fairy","parent":"chess","options":{}}"#;
    std::fs::write(dir.join("evil.json"), evil).unwrap();
    let escape = r#"{"id":"../escape_dir/x","family":"fairy","parent":"chess","options":{}}"#;
    std::fs::write(dir.join("escape.json"), escape).unwrap();
    let absolute = r#"{"id":"/tmp/pwn","name":"P","summary":"s","family":"standard","start":"4k3/8/8/8/8/8/8/4K3 w - - 0 1","rules":"r"}"#;
    std::fs::write(dir.join("absolute.json"), absolute).unwrap();
    std::fs::write(dir.join("section.ini"), "[../up:chess]\n").unwrap();
    let (code, out, err) = motley_in(&data, &["uci"], "uci\nquit\n");
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.last(), Some(&"uciok"), "{out}");
    assert!(!lines.contains(&"readyok") && !lines.contains(&"bestmove e2e4"));
    assert!(!out.contains(['\u{1b}', '\u{7}']), "{out:?}");
    assert!(!err.contains(['\u{1b}', '\u{7}']), "{err:?}");
    for file in ["evil.json", "escape.json", "absolute.json", "section.ini"] {
        assert!(err.contains(file), "{file} is named: {err}");
    }
    assert!(err.contains("is not a variant id"), "{err}");
    // `list` names none of them, and a match cannot be asked to play one.
    let (_, out, _) = motley(&data, &["list"]);
    assert!(!out.contains("evil") && !out.contains("escape") && !out.contains("pwn"));
    let saves = data.join("saves");
    let (code, _, _) = motley(
        &data,
        &[
            "match",
            "../escape_dir/x",
            "--white",
            "random",
            "--black",
            "random",
            "--save-dir",
            saves.to_str().unwrap(),
        ],
    );
    assert_ne!(code, 0);
    assert!(!data.join("escape_dir").exists());
}

// Issue 31, item 9: variant files were read without the regular-file
// check: /dev/zero grew without end, a FIFO hung `variant check` and
// `variant list`, a symlink to /dev/zero in the folder cost gigabytes.
#[cfg(unix)]
#[test]
fn item_09_only_regular_variant_files_are_read_and_never_waited_for() {
    let data = temp_dir("vf-fifo");
    let dir = variants_dir(&data);
    let fifo = dir.join("pipe.ini");
    let made = Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero.ini")).unwrap();
    std::fs::write(dir.join("good.ini"), "[good:chess]\n").unwrap();
    let (code, _, err) = motley(&data, &["variant", "check", "/dev/zero"]);
    assert_eq!(code, 1);
    assert!(err.contains("not a regular file"), "{err}");
    let (code, _, err) = motley(&data, &["variant", "check", fifo.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("a FIFO"), "{err}");
    for args in [
        &["variant", "list"][..],
        &["list"],
        &["variant", "rules", "good"],
    ] {
        let (code, out, err) = motley(&data, args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(
            out.contains("good") || out.contains("Pieces"),
            "{args:?}: {out}"
        );
        assert!(
            err.contains("pipe.ini") && err.contains("zero.ini"),
            "{args:?}: {err}"
        );
    }
}

/// A valid file of exactly `size` bytes: one section, then a comment.
fn file_of(size: usize) -> Vec<u8> {
    let mut bytes = b"[big:chess]\n#".to_vec();
    bytes.resize(size - 1, b'x');
    bytes.push(b'\n');
    bytes
}

// Issue 31, item 26: sizes disagreed (a 1,020,000-byte file checked and
// played with --variants but was skipped in the folder), a byte-order
// mark read as no variants at all, and a bad byte gave no line.
#[test]
fn item_26_one_size_limit_a_byte_order_mark_and_bad_bytes_by_line() {
    let data = temp_dir("vf-sizes");
    let dir = variants_dir(&data);
    let limit = motley_game::variant::file::MAX_VARIANT_FILE_BYTES as usize;
    let at_limit = data.join("at.ini");
    std::fs::write(&at_limit, file_of(1_020_000)).unwrap();
    std::fs::write(dir.join("folder.ini"), file_of(1_020_000)).unwrap();
    let at = at_limit.to_str().unwrap();
    let (code, out, err) = motley(&data, &["variant", "check", at]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = motley(&data, &["list"]);
    assert!(code == 0 && out.contains("big"), "{err}");
    assert!(!err.contains("folder.ini"), "{err}");
    let (code, _, err) = motley(&data, &["perft", "big", "1", "--variants", at]);
    assert_eq!(code, 0, "{err}");
    // One byte over the limit is refused the same way everywhere.
    std::fs::write(&at_limit, file_of(limit + 1)).unwrap();
    std::fs::write(dir.join("folder.ini"), file_of(limit + 1)).unwrap();
    let over = format!("files over {limit} bytes are refused");
    let (code, _, err) = motley(&data, &["variant", "check", at]);
    assert!(code == 1 && err.contains(&over), "{err}");
    let (code, _, err) = motley(&data, &["list", "--variants", at]);
    assert!(code != 0 && err.contains(&over), "{err}");
    let (_, _, err) = motley(&data, &["list"]);
    assert!(err.contains("folder.ini") && err.contains(&over), "{err}");
    // A byte-order mark is not part of the text.
    std::fs::remove_file(dir.join("folder.ini")).unwrap();
    std::fs::write(&at_limit, b"\xef\xbb\xbf[bom:chess]\n").unwrap();
    let (code, out, _) = motley(&data, &["variant", "check", at]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("1 variant, 0 refused"), "{out}");
    // A byte that is not UTF-8 is named by its line.
    std::fs::write(&at_limit, b"[a:chess]\n# fine\nking = \xff\n").unwrap();
    let (code, _, err) = motley(&data, &["variant", "check", at]);
    assert!(code == 1 && err.contains("line 3 is not UTF-8"), "{err}");
}

// Issue 31, item 21: a variant of the user's own had no name but its id:
// an .ini section takes one from a `# name:` comment, a JSON file from
// `name` and `summary`, and a JSON field nothing reads is refused rather
// than ignored.
#[test]
fn item_21_user_variants_have_names_for_players() {
    let data = temp_dir("vf-names");
    let dir = variants_dir(&data);
    std::fs::write(
        dir.join("mine.ini"),
        "[mini:chess]\n# name: Mini Chess\n# summary: chess, but mine\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("json.json"),
        r#"{"id":"jay","name":"Jay Chess","summary":"from JSON","family":"fairy","parent":"chess","options":{}}"#,
    )
    .unwrap();
    std::fs::write(
        dir.join("typo.json"),
        r#"{"id":"tee","nmae":"Tee","family":"fairy","parent":"chess"}"#,
    )
    .unwrap();
    let (code, out, err) = motley(&data, &["list"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.lines()
            .any(|l| l.starts_with("mini") && l.ends_with("Mini Chess")),
        "{out}"
    );
    assert!(
        out.lines()
            .any(|l| l.starts_with("jay") && l.ends_with("Jay Chess")),
        "{out}"
    );
    assert!(err.contains("field 'nmae' is not read"), "{err}");
    let (_, out, _) = motley(&data, &["rules", "jay"]);
    assert!(out.contains("from JSON"), "{out}");
}

// Issue 31, item 23: after a section was edited, `check` on a game played
// under the old one said only that a move was illegal. The record keeps
// the definition it was played under, and the error says it changed.
#[test]
fn item_23_a_game_under_a_changed_definition_says_so_with_its_error() {
    let data = temp_dir("vf-changed");
    let dir = variants_dir(&data);
    let file = dir.join("mini.ini");
    let amazon = "[mini:chess]\ncustomPiece1 = a:QN\n\
                  startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1\n";
    // Random games until one has a move only the amazon makes (its
    // knight's jump), which the changed definition will refuse.
    let err = (1..=30)
        .find_map(|seed| {
            std::fs::write(&file, amazon).unwrap();
            let saves = data.join(format!("out{seed}"));
            let seed = seed.to_string();
            let args = ["match", "mini", "--white", "random", "--black", "random"];
            let out = ["--seed", &seed, "--save-dir", saves.to_str().unwrap()];
            let (code, _, err) = motley(&data, &[&args[..], &out[..]].concat());
            assert_eq!(code, 0, "{err}");
            let game = std::fs::read_dir(&saves).ok()?.next()?.ok()?.path();
            let game = game.to_str()?.to_string();
            let (code, _, err) = motley(&data, &["check", &game]);
            assert_eq!(code, 0, "{err}");
            assert!(!err.contains("note"), "{err}");
            std::fs::write(&file, "[mini:chess]\n").unwrap();
            let (code, _, err) = motley(&data, &["check", &game]);
            (code == 1).then_some(err)
        })
        .expect("one of 30 random games jumps with the amazon");
    assert!(err.contains("is illegal"), "{err}");
    assert!(
        err.contains("played under another definition of 'mini'"),
        "{err}"
    );
}

// Issue 31, item 10: a file of thousands of sections cost every command
// their rules (47 KB each, built at start). Each section's keys are read
// once and its rules built only when it is played or checked: playing
// one of them builds only its own.
#[test]
fn item_10_sections_are_read_lazily_and_built_when_played() {
    let mut text = String::new();
    for i in 0..3000 {
        text += &format!("[s{i}:chess]\n");
    }
    // A section refused only by its keys: known when it is checked.
    text += "[late:chess]\nnoSuchKey = 1\n";
    let mut registry = motley_game::variant::Registry::builtin();
    registry.add_text("many.ini", &text, false);
    assert!(registry.warnings.is_empty(), "{:?}", registry.warnings);
    let late = registry.get("late").expect("registered unread");
    let s7 = registry.get("s7").expect("registered");
    // Playing s7 builds its rules; asking whether `late` plays builds
    // (and reports) its own.
    assert!(motley_game::Game::new(s7, None, 1).is_ok());
    let e = late.playable().expect_err("refused when checked");
    assert!(e.to_string().contains("unknown key 'noSuchKey'"), "{e}");
    let problems = registry.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
}

/// Every number written before `after` in `text` (`35 of`, `34 variant`).
fn numbers_before(text: &str, after: &str) -> Vec<usize> {
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    flat.match_indices(after)
        .filter_map(|(at, _)| {
            let word = flat[..at].trim_end().rsplit(' ').next()?;
            word.trim_start_matches('(').parse().ok()
        })
        .collect()
}

// Issue 31, item 31: README gave both 34 and 35 built-in variants from
// data, and `variant bench --help` said depth 4 where it counts to 5. The
// count now stands in README, its table, docs/variants-from-data.md and
// docs/rules.md, and the bench's depth in docs/performance.md.
#[test]
fn item_31_the_documents_count_the_built_in_variants_from_data_as_they_are() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = |page: &str| std::fs::read_to_string(root.join(page)).unwrap();
    let readme = read("README.md");
    let sections = motley_game::variant::builtin::builtin_fairy_names().len();
    let registry = motley_game::variant::Registry::builtin();
    let from_data: Vec<&str> = registry
        .all()
        .iter()
        .filter(|v| v.family == motley_game::variant::Family::Fairy)
        .map(|v| v.id.as_str())
        .collect();
    let ids = from_data.len();
    for page in ["docs/variants-from-data.md", "docs/rules.md"] {
        let text = read(page);
        let defined = numbers_before(&text, "of Fairy-Stockfish's 8×8 variants");
        assert!(
            !defined.is_empty() && defined.iter().all(|&n| n == sections),
            "{page}: {defined:?}"
        );
        let named = numbers_before(&text, "variant ids");
        assert!(
            !named.is_empty() && named.iter().all(|&n| n == ids),
            "{page}: {named:?}"
        );
    }
    let built_in = numbers_before(&readme, "variants from data are built in");
    assert_eq!(built_in, [ids]);
    // README's tables of them list each id once: the ids in backquotes
    // in the tables' rows after the count, up to the next section.
    let (_, after) = readme
        .split_once("variants from data are built in")
        .expect("README counts them");
    let section = after.split("\n## ").next().unwrap_or(after);
    let listed: Vec<&str> = section
        .lines()
        .filter(|l| l.starts_with('|') && !l.starts_with("| id") && !l.starts_with("| ---"))
        .flat_map(|l| l.split('`').skip(1).step_by(2))
        .collect();
    let mut sorted = listed.clone();
    sorted.sort_unstable();
    let mut expected = from_data.clone();
    expected.sort_unstable();
    assert_eq!(sorted, expected, "README's table: {listed:?}");
    let data = temp_dir("vf-bench-help");
    let (_, help, _) = motley(&data, &["variant", "bench", "--help"]);
    let depth = read("docs/performance.md")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .split("from its start to depth ")
        .nth(1)
        .and_then(|rest| rest.split([' ', ',']).next()?.parse::<u32>().ok())
        .expect("docs/performance.md gives the bench's depth");
    assert!(help.contains(&format!("to depth {depth}")), "{help}");
}

// Issue 31, item 25: values, keys and section names read from a variant
// file come back quoted short, however long they are in the file.
#[test]
fn item_25_long_values_keys_and_names_from_a_variant_file_are_quoted_short() {
    let data = temp_dir("variant-files-25");
    let long = |c: &str| c.repeat(200_000);
    let ini = format!(
        "[big:chess]\nmaxRank = {}\ncastlingRank = {}\npromotionPieceTypes = {}\n{} = 1\n[{}:chess]\n",
        long("x"),
        long("9"),
        long("q"),
        long("k"),
        long("z"),
    );
    let file = data.join("big.ini");
    std::fs::write(&file, ini).unwrap();
    let (_, out, err) = motley(&data, &["variant", "check", file.to_str().unwrap()]);
    assert!(
        out.len() + err.len() < 2_000,
        "{} bytes: {out}{err}",
        out.len() + err.len()
    );
    assert!(out.contains("maxRank = xxx") && out.contains('…'), "{out}");
}
