//! What the headless commands say and how they end, through the real
//! binary: a cause said once (issue 22, item 13), no terminal escape from
//! a file or argument reaching the terminal (item 24), one rule for exit
//! statuses (item 33), long arguments quoted short (item 34) and perft's
//! depth bound (item 36).

use crate::support::temp::{temp_dir, TempDir};
use crate::support::wait::{self, finish};

use std::error::Error;
use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};

/// `motley ARGS` in `dir`, its data and config folders and home inside it.
fn motley(args: &[&str], dir: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_motley"));
    c.args(args)
        .current_dir(dir)
        .env("MOTLEY_DATA_DIR", dir.join("data"))
        .env("MOTLEY_CONFIG_DIR", dir.join("config"))
        .env("HOME", dir)
        .stdin(Stdio::null());
    c
}

fn run(args: &[&str], dir: &Path) -> Output {
    motley(args, dir).output().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A raw ESC, BEL or C1 CSI in `bytes`, which a terminal would act on.
fn has_raw_escape(bytes: &[u8]) -> bool {
    let text = String::from_utf8_lossy(bytes);
    bytes.iter().any(|&b| b == 0x1b || b == 0x07) || text.contains('\u{9b}')
}

/// The record of one standard game with `moves` (JSON text, unescaped).
fn record(moves: &str) -> String {
    format!(r#"{{"format":"motley-game","version":1,"variant":"standard","moves":[{moves}]}}"#)
}

/// A chain printed whole, as `{:#}` prints it: each error, then its causes.
fn whole_chain(e: &(dyn Error + 'static)) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        text.push_str(": ");
        text.push_str(&c.to_string());
        cause = c.source();
    }
    text
}

// Issue 22, item 13: an error that says its cause in its message does not
// also give it as its source, so a chain printed whole says it once.
#[test]
fn item_13_every_cause_is_said_once() {
    use motley::tui::ConfigError;
    use motley::tui::UiError;
    use motley_disk::files::ReadError;
    use motley_session::uci::client::{Engine, EngineError, EngineVariant};
    let gone = || std::io::Error::from_raw_os_error(libc::ENOENT);
    let said = gone().to_string();
    let errors: Vec<Box<dyn Error + 'static>> = vec![
        Box::new(
            Engine::start(
                "/nonexistent/motley-engine",
                &EngineVariant::of(
                    &motley_game::variant::Registry::builtin()
                        .get("standard")
                        .unwrap(),
                ),
            )
            .err()
            .unwrap(),
        ),
        Box::new(EngineError::Io {
            engine: "e".into(),
            error: gone(),
        }),
        Box::new(ReadError::from(gone())),
        Box::new(UiError::from(gone())),
        Box::new(ConfigError::Io {
            path: "c.toml".into(),
            error: gone(),
        }),
        Box::new(ConfigError::Unreadable {
            path: "c.toml".into(),
            error: ReadError::from(gone()),
        }),
    ];
    for e in errors {
        let text = whole_chain(e.as_ref());
        assert_eq!(text.matches(&said).count(), 1, "{text}");
    }
    // The case the issue met: a `uci:` engine that is not installed.
    let dir = temp_dir("item13");
    let out = run(
        &[
            "match",
            "standard",
            "--white",
            "uci:/nonexistent/motley-engine",
            "--black",
            "random",
        ],
        &dir,
    );
    let e = stderr(&out);
    assert!(
        e.contains("cannot start '/nonexistent/motley-engine'"),
        "{e}"
    );
    assert_eq!(e.matches("No such file or directory").count(), 1, "{e}");
    assert_eq!(out.status.code(), Some(2), "{e}");
}

// Issue 22, item 24: text from a file or the command line reaches stderr
// and stdout with its control characters made visible.
#[test]
fn item_24_no_raw_escape_reaches_stderr_or_stdout() {
    let dir = temp_dir("item24");
    let evil = r#""\u001b]0;PWNED\u0007\u001b[2J""#;
    std::fs::write(dir.join("move.json"), record(evil)).unwrap();
    let out = run(&["check", "move.json"], &dir);
    assert_eq!(out.status.code(), Some(1));
    assert!(!has_raw_escape(&out.stderr), "{:?}", stderr(&out));
    assert!(
        stderr(&out).contains(r"\x1b]0;PWNED\x07\x1b[2J"),
        "{}",
        stderr(&out)
    );
    // Players named with escapes: the PGN on stdout names them, inert.
    let named = format!(
        r#"{{"format":"motley-game","version":1,"variant":"standard","moves":["e2e4"],
"players":{{"white":{evil},"black":"\u009b2Jx"}}}}"#
    );
    std::fs::write(dir.join("named.json"), named).unwrap();
    for args in [&["export", "named.json"][..], &["check", "move.json"][..]] {
        let out = run(args, &dir);
        assert!(!has_raw_escape(&out.stdout), "{args:?}: {:?}", out.stdout);
        assert!(!has_raw_escape(&out.stderr), "{args:?}: {}", stderr(&out));
    }
    let out = run(&["export", "named.json"], &dir);
    assert!(String::from_utf8_lossy(&out.stdout).contains("PWNED"));
    // A PGN move with an escape, refused by import; an argument with one.
    let pgn = "[Event \"x\"]\n\n1. e4 \u{1b}[2J *\n";
    std::fs::write(dir.join("bad.pgn"), pgn).unwrap();
    let out = run(&["import", "bad.pgn", "--out", "imported"], &dir);
    assert!(!has_raw_escape(&out.stderr), "{}", stderr(&out));
    for args in [
        &["--theme", "\u{1b}]0;OWNED\u{7}"][..],
        &["play", "--white", "\u{1b}[?1049l"][..],
        &["rules", "\u{1b}[2J"][..],
        &["perft", "\u{1b}[2J", "1"][..],
    ] {
        let out = run(args, &dir);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!has_raw_escape(&out.stderr), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(r"\x1b"), "{args:?}: {}", stderr(&out));
    }
}

/// A PGN file of one game with an illegal move, a truncated JSON record
/// and a missing file: each a trouble with a file.
fn bad_files(dir: &TempDir) -> [&'static str; 4] {
    std::fs::write(dir.join("illegal.json"), record(r#""e2e4","e7e5","e1e3""#)).unwrap();
    std::fs::write(
        dir.join("illegal.pgn"),
        "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("truncated.json"),
        &record(r#""e2e4","e7e5""#)[..60],
    )
    .unwrap();
    [
        "illegal.json",
        "illegal.pgn",
        "truncated.json",
        "missing.json",
    ]
}

// Issue 22, item 33: one rule for every command (docs/command-line.md, "Exit status"):
// trouble with a file — missing, unreadable, a bad game in it — is 1;
// bad input on the command line is 2.
#[test]
fn item_33_a_bad_file_is_status_1_for_every_command() {
    let dir = temp_dir("item33");
    for file in bad_files(&dir) {
        for args in [
            vec!["check", file],
            vec!["export", file],
            vec!["analyse", file, "--movetime", "10"],
            vec!["moves", "standard", "--game", file],
            vec!["import", file, "--out", "imported"],
        ] {
            let out = run(&args, &dir);
            assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
            assert!(stderr(&out).contains(file), "{args:?}: {}", stderr(&out));
        }
    }
    // Replay shows a game as far as it is valid; with no game at all the
    // file is the trouble, before any terminal is needed.
    for file in ["truncated.json", "missing.json"] {
        let out = run(&["replay", file], &dir);
        assert_eq!(
            out.status.code(),
            Some(1),
            "replay {file}: {}",
            stderr(&out)
        );
    }
    for args in [
        &["check"][..],
        &["moves", "nonesuch"][..],
        &["moves", "standard", "--fen", "8/8/8 w"][..],
        &["perft", "standard", "x"][..],
        &["export", "~nobody-here/x.json"][..],
    ] {
        let out = run(args, &dir);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    }
}

/// Send `signal` to our own child.
fn signal(child: &Child, signal: i32) {
    // SAFETY: kill only sends a signal to our own child.
    assert_eq!(unsafe { libc::kill(child.id() as i32, signal) }, 0);
}

/// Start `args` with its output going to files in `dir` (a pipe nobody
/// reads would fill and block it), and the text of those files once done.
fn spawn_logged(args: &[&str], dir: &Path, name: &str) -> (Child, impl Fn() -> String) {
    let log = dir.join(format!("{name}.err"));
    let child = motley(args, dir)
        .stdout(std::fs::File::create(dir.join(format!("{name}.out"))).unwrap())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .unwrap();
    (child, move || {
        std::fs::read_to_string(&log).unwrap_or_default()
    })
}

// Issue 22, item 33: a signal that stops `match` or `import` gives 128 +
// its number, as the terminal UI does (SIGTERM 143, SIGHUP 129).
#[test]
fn item_33_match_and_import_end_with_128_plus_the_signal() {
    let dir = temp_dir("item33-signals");
    let game = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n";
    std::fs::write(dir.join("many.pgn"), game.repeat(200_000)).unwrap();
    for (sig, status) in [(libc::SIGTERM, 143), (libc::SIGHUP, 129)] {
        let args = [
            "match", "standard", "--white", "random", "--black", "random", "--games", "1000000",
        ];
        let (child, log) = spawn_logged(&args, &dir, &format!("match-{sig}"));
        // Its first game is played, so it watches for signals.
        wait::until("the match played a game", || log().contains(" game 1/"));
        signal(&child, sig);
        let out = finish(child, "match");
        assert_eq!(out.status.code(), Some(status), "match: {}", log());
        assert!(log().contains("interrupted"), "{}", log());
        let out_dir = format!("imported-{sig}");
        let args = ["import", "many.pgn", "--out", &out_dir];
        let (child, log) = spawn_logged(&args, &dir, &format!("import-{sig}"));
        wait::until("the import started", || {
            std::fs::read_dir(dir.join(&out_dir)).map_or(0, |d| d.count()) >= 5
        });
        signal(&child, sig);
        let out = finish(child, "import");
        assert_eq!(out.status.code(), Some(status), "import: {}", log());
        assert!(log().contains("interrupted"), "{}", log());
    }
}

// Issue 22, item 34: a huge argument is quoted in about 80 characters,
// whatever command echoes it.
#[test]
fn item_34_long_arguments_are_quoted_short() {
    let dir = temp_dir("item34");
    let huge = "x".repeat(100_000);
    let engine = format!("uci:{huge}");
    // One argument may be at most 128 kB.
    let half = &huge[..60_000];
    let options = format!("uci:/bin/true?{half}=1&depth={half}");
    for args in [
        vec!["match", "standard", "--white", &huge, "--black", "random"],
        vec!["match", "standard", "--white", &engine, "--black", "random"],
        vec![
            "match", "standard", "--white", &options, "--black", "random",
        ],
        vec!["play", "--white", &huge],
        vec!["play", "--clock", &huge],
        vec!["--theme", &huge],
        vec!["rules", &huge],
        vec![&huge],
    ] {
        let out = run(&args, &dir);
        let e = stderr(&out);
        assert!(
            e.contains("xxxxxxxxxx"),
            "{}: the input is quoted: {e}",
            &e[..200.min(e.len())]
        );
        assert!(e.len() < 800, "{} bytes: {}", e.len(), &e[..800]);
    }
    // `motley uci` answers bad lines with an info string of a short quote.
    let mut child = motley(&["uci"], &dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let lines = [
        format!("position startpos moves e2e4 {huge}"),
        format!("setoption name {huge} value 1"),
        format!("setoption name UCI_Variant value {huge}"),
        format!("go depth {huge}"),
        huge.clone(),
        "quit".to_string(),
    ];
    for line in &lines {
        writeln!(input, "{line}").unwrap();
    }
    drop(input);
    let out = finish(child, "uci");
    let text = String::from_utf8_lossy(&out.stdout);
    let answers: Vec<&str> = text.lines().filter(|l| l.contains("xxxxxxxxxx")).collect();
    assert_eq!(answers.len(), 5, "{text:.2000}");
    for line in answers {
        assert!(line.len() < 400, "{} bytes: {line:.400}", line.len());
    }
}

// Issue 22, item 36: perft refuses a depth over its documented bound (20)
// with status 2, instead of overflowing the stack.
#[test]
fn item_36_perft_refuses_a_depth_over_its_bound() {
    let dir = temp_dir("item36");
    let kings = "k7/8/8/8/8/8/8/K7 w - - 0 1";
    for depth in ["100000", "21"] {
        for divide in [false, true] {
            let mut args = vec!["perft", "standard", depth, "--fen", kings];
            if divide {
                args.push("--divide");
            }
            let out = run(&args, &dir);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
            assert!(stderr(&out).contains("at most 20"), "{}", stderr(&out));
            assert!(out.stdout.is_empty());
        }
    }
    let out = run(&["perft", "standard", "3", "--fen", kings], &dir);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("Nodes: "));
}

/// Issue 21, section 2 (the tags): an imported game keeps its PGN tags
/// (Event, Site, Round, Elos, TimeControl, ECO), its players' names and
/// its date; exported again they are all there, and importing that gives
/// the same record.
#[test]
fn import_export_import_keeps_the_tags_names_and_date() {
    let dir = temp_dir("cli-tags");
    let pgn = "[Event \"Casual \\\"blitz\\\"\"]\n[Site \"Paris FRA\"]\n[Date \"1858.11.02\"]\n\
               [Round \"3\"]\n[White \"Morphy, Paul\"]\n[Black \"Duke Karl\"]\n[Result \"1-0\"]\n\
               [WhiteElo \"2690\"]\n[BlackElo \"?\"]\n[TimeControl \"600+5\"]\n[ECO \"C41\"]\n\n\
               1. e4 e5 2. Nf3 d6 1-0\n";
    std::fs::write(dir.join("opera.pgn"), pgn).unwrap();
    let record_of = |out_dir: &str| -> serde_json::Value {
        let folder = dir.join(out_dir);
        let file = std::fs::read_dir(&folder)
            .unwrap()
            .next()
            .unwrap()
            .unwrap()
            .path();
        let mut rec: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        rec.as_object_mut().unwrap().remove("saved");
        rec
    };
    let out = run(&["import", "opera.pgn", "--out", "first"], &dir);
    assert!(out.status.success(), "{}", stderr(&out));
    let first = record_of("first");
    assert_eq!(first["tags"]["ECO"], "C41");
    assert_eq!(first["names"]["white"], "Morphy, Paul");
    assert_eq!(
        first["tags"]["BlackElo"], "?",
        "an unknown value is kept as written, to be written back"
    );
    let first_file = std::fs::read_dir(dir.join("first"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let out = run(&["export", first_file.to_str().unwrap()], &dir);
    let exported = String::from_utf8(out.stdout).unwrap();
    for line in [
        "[Event \"Casual \\\"blitz\\\"\"]",
        "[Site \"Paris FRA\"]",
        "[Date \"1858.11.02\"]",
        "[Round \"3\"]",
        "[White \"Morphy, Paul\"]",
        "[Black \"Duke Karl\"]",
        "[WhiteElo \"2690\"]",
        "[TimeControl \"600+5\"]",
        "[ECO \"C41\"]",
    ] {
        assert!(exported.contains(line), "{line} missing:\n{exported}");
    }
    std::fs::write(dir.join("again.pgn"), &exported).unwrap();
    let out = run(&["import", "again.pgn", "--out", "second"], &dir);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(record_of("second"), first);
}

// Issue 31, item 25: paths and variant names came back whole (100 KB) in
// the messages of many commands; every echo is quoted in about 80
// characters (core::quote's one bound).
#[test]
fn item_25_every_command_quotes_a_huge_path_or_name_short() {
    let dir = temp_dir("item25");
    let pgn = dir.join("one.pgn");
    std::fs::write(&pgn, "[Event \"x\"]\n\n1. e4 *\n").unwrap();
    let pgn = pgn.to_str().unwrap();
    let huge_path = format!("{}/{}", dir.display(), "d/".repeat(50_000));
    let huge_name = "v".repeat(100_000);
    let (p, n) = (huge_path.as_str(), huge_name.as_str());
    let cases: Vec<Vec<&str>> = vec![
        vec!["check", p],
        vec!["export", p],
        vec!["analyse", p],
        vec!["replay", p],
        vec!["moves", "standard", "--game", p],
        vec!["import", p],
        vec!["import", pgn, "--out", p],
        vec![
            "match",
            "standard",
            "--white",
            "random",
            "--black",
            "random",
            "--save-dir",
            p,
        ],
        vec!["variant", "check", p],
        vec!["--variants", p, "list"],
        vec!["variant", "moves", n],
        vec!["variant", "rules", n],
        vec!["variant", "perft", n, "1"],
        vec!["moves", n],
        vec!["perft", n, "1"],
        vec!["play", n],
        vec!["match", n, "--white", "random", "--black", "random"],
    ];
    let mut long = Vec::new();
    for args in cases {
        let out = run(&args, &dir);
        let e = stderr(&out);
        // The command named by its words up to the huge one.
        let named: Vec<&str> = args
            .iter()
            .copied()
            .take_while(|a| a.len() < 1000)
            .collect();
        assert!(!out.status.success(), "{named:?}: {e:.300}");
        if e.len() >= 600 {
            long.push(format!("{named:?}: {} bytes: {e:.160}", e.len()));
        }
    }
    assert!(long.is_empty(), "{}", long.join("\n"));
    // A section name from a variant file is quoted short by `variant check`.
    let ini = dir.join("huge.ini");
    std::fs::write(
        &ini,
        format!("[{}:chess]\nmaxRank = 8\n", "k".repeat(900_000)),
    )
    .unwrap();
    let out = run(&["variant", "check", ini.to_str().unwrap()], &dir);
    assert!(out.stdout.len() < 600, "{} bytes", out.stdout.len());
}

#[test]
fn play_960_refuses_what_cannot_start_as_chess960_before_the_board_opens() {
    let dir = temp_dir("play-960");
    let cases: [(&[&str], &str); 4] = [
        (
            &["play", "monochrome", "--960"],
            "only standard chess and variants from data that castle",
        ),
        (
            &["play", "horde", "--960", "3"],
            "no back rank of chess's pieces to shuffle",
        ),
        (&["play", "--960", "960"], "960 is not in 0..960"),
        (
            &[
                "play",
                "--960",
                "3",
                "--fen",
                "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            ],
            "cannot be used with",
        ),
    ];
    for (args, said) in cases {
        let out = run(args, &dir);
        let text = stderr(&out);
        assert!(!out.status.success(), "{args:?}");
        assert!(text.contains(said), "{args:?}: {text}");
    }
}
