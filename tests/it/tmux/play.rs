//! End-to-end: the real binary in a real terminal (tmux), keys sent with
//! `send-keys`, the screen read with `capture-pane`. Skipped with a note
//! when tmux is not installed (CI installs it).

use crate::support::tmux as tmux_support;
use crate::support::wait;

use std::process::Command;
use tmux_support::{Tmux, BIN};

/// The board part of a screen (left of the side panel).
fn board_part(screen: &str) -> String {
    screen
        .lines()
        .skip(1)
        .take(28)
        .map(|l| l.chars().take(58).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn moves_typed_at_the_prompt_change_board_and_move_list() {
    let Some(t) = Tmux::new("prompt") else { return };
    t.start("play standard --no-auto-flip");
    let before = t.wait_for("White to move");
    t.keys(&[":"]);
    t.wait_for("Enter plays");
    t.type_line("e2e4");
    t.wait_for("1. e4");
    t.keys(&[":"]);
    t.type_line("Nf6");
    let after = t.wait_for("1. e4 Nf6");
    assert_ne!(board_part(&before), board_part(&after));
    // An illegal move is explained on screen.
    t.keys(&[":"]);
    t.type_line("e4e6");
    t.wait_for("cannot move to e6");
    // q leaves; the terminal is restored (the session's shell command ends).
    t.keys(&["q"]);
    t.wait_exit();
}

#[test]
fn menu_play_quit_restart_resume_same_position() {
    let Some(t) = Tmux::new("resume") else { return };
    t.start("");
    t.wait_for("New game");
    t.keys(&["n"]);
    t.wait_for("Choose a variant");
    t.keys(&["Down", "Enter"]);
    t.wait_for("Start the game");
    t.keys(&["Enter"]);
    t.wait_for("White to move");
    t.keys(&[":"]);
    t.type_line("e2e3");
    t.wait_for("1. e3");
    t.keys(&[":"]);
    t.type_line("b7b5");
    let played = t.wait_for("1. e3 b5");
    t.keys(&["q"]);
    t.wait_for("Continue a game");
    t.keys(&["q"]);
    t.wait_exit();
    // Start again: the game is offered first and resumes where it was.
    t.start("");
    t.wait_for("Continue a game");
    t.keys(&["c"]);
    t.wait_for("2 plies · unfinished");
    t.keys(&["Enter"]);
    let resumed = t.wait_for("1. e3 b5");
    assert_eq!(board_part(&played), board_part(&resumed));
    assert!(resumed.contains("Antichess"), "{resumed}");
    t.keys(&["q", "q"]);
    t.wait_exit();
}

#[test]
fn not_a_terminal_is_a_clear_error() {
    let out = Command::new(BIN)
        .args(["play", "standard"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("interactive terminal"), "{err}");
}

#[test]
fn no_color_sends_no_colour_codes() {
    let Some(t) = Tmux::new("nocolor") else {
        return;
    };
    t.start_in("m", "NO_COLOR=1", "play chicken");
    t.wait_for("White to move");
    let styled = t.tmux(&["capture-pane", "-p", "-e", "-t", "m"]);
    assert!(
        !styled.contains("38;5;") && !styled.contains("48;5;") && !styled.contains("38;2;"),
        "colour escape codes with NO_COLOR set"
    );
    // Outline glyphs for White, solid for Black.
    assert!(styled.contains('♔') && styled.contains('♚'));
    t.keys(&["q"]);
    t.wait_exit();
    // Without NO_COLOR the squares are coloured.
    t.start("play chicken");
    t.wait_for("White to move");
    let styled = t.tmux(&["capture-pane", "-p", "-e", "-t", "m"]);
    assert!(styled.contains("48;5;"), "no 256-colour backgrounds");
    t.keys(&["q"]);
    t.wait_exit();
}

#[test]
fn leaving_restores_the_terminal() {
    let Some(t) = Tmux::new("restore") else {
        return;
    };
    let stty = t.root.join("stty.txt");
    let script = format!(
        "sh -c \"echo BEFORE; MOTLEY_DATA_DIR='{}' TERM=xterm-256color '{}' play standard; stty -a > '{}'; echo AFTER; sleep 30\"",
        t.data.display(),
        BIN,
        stty.display()
    );
    t.tmux(&[
        "new-session",
        "-d",
        "-s",
        "m",
        "-x",
        "100",
        "-y",
        "35",
        &script,
    ]);
    t.wait_for("White to move");
    // In the UI: alternate screen and mouse reporting are on.
    let flags = t.tmux(&[
        "display",
        "-p",
        "-t",
        "m",
        "#{alternate_on} #{mouse_any_flag}",
    ]);
    assert_eq!(flags.trim(), "1 1", "while playing");
    t.keys(&["q"]);
    let s = t.wait_for("AFTER");
    assert!(s.contains("BEFORE") && !s.contains("White to move"), "{s}");
    let flags = t.tmux(&[
        "display",
        "-p",
        "-t",
        "m",
        "#{alternate_on} #{mouse_any_flag}",
    ]);
    assert_eq!(flags.trim(), "0 0", "after leaving");
    let modes = std::fs::read_to_string(&stty).unwrap();
    let words: Vec<&str> = modes.split_whitespace().collect();
    assert!(
        words.contains(&"icanon") && words.contains(&"echo"),
        "raw mode left on: {modes}"
    );
}

#[test]
fn replay_analysis_marks_the_blunder_and_is_there_at_once_when_reopened() {
    let Some(t) = Tmux::new("analysis") else {
        return;
    };
    // 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7#
    let file = t.root.join("scholar.json");
    std::fs::write(
        &file,
        r#"{"format":"motley-game","version":1,"variant":"standard","start":null,"seed":1,
"moves":["e2e4","e7e5","d1h5","b8c6","f1c4","g8f6","h5f7"]}"#,
    )
    .unwrap();
    let args = format!("replay '{}'", file.display());
    t.start(&args);
    t.wait_for("a analyse");
    assert!(!t.screen().contains("??"));
    t.keys(&["a"]);
    // The analysis runs in the background; the marks appear as it ends.
    let s = t.wait_for("Nf6??");
    assert!(s.contains("3. Bc4 Nf6??"), "{s}");
    t.wait_for("stored in scholar.json");
    // Browsing works, and the evaluation follows the ply shown.
    t.keys(&["End"]);
    t.wait_for("Ply 7 of 7");
    t.keys(&["q"]);
    t.wait_exit();
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.contains("\"analysis\""), "{saved}");
    // Reopened: the stored analysis is shown at once, nothing is redone.
    t.start(&args);
    let s = t.wait_for("Nf6??");
    assert!(s.contains("Analysis (file)"), "{s}");
    assert!(!s.contains("Analysing"), "{s}");
    t.keys(&["q"]);
    t.wait_exit();
}

#[test]
fn theme_comes_from_the_config_file_unless_the_command_line_names_one() {
    // One tmux server per run (a server closing as the next run starts
    // would race), each with its own config file.
    let run = |name: &str, config: &str, args: &str, wait: &str| -> Option<String> {
        let t = Tmux::new(name)?;
        let dir = t.root.join("config");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("config.toml"), config).unwrap();
        t.start(args);
        let s = t.wait_for(wait);
        t.keys(&["q"]);
        t.wait_exit();
        Some(s)
    };
    let mono = "theme = \"mono\"\n";
    // The mono theme draws letters.
    let Some(s) = run(
        "theme-file",
        mono,
        "play standard --no-auto-flip",
        "White to move",
    ) else {
        return;
    };
    assert!(board_part(&s).contains('K'), "{s}");
    let args = "play standard --no-auto-flip --theme high-contrast";
    let s = run("theme-flag", mono, args, "White to move").unwrap();
    assert!(board_part(&s).contains('♔'), "{s}");
    // A broken file is said on the first screen; the defaults are used.
    let broken = "theme = \"neon\"\n";
    let s = run("theme-broken", broken, "play standard", "Settings not read").unwrap();
    assert!(s.contains("unknown theme 'neon'"), "{s}");
    assert!(board_part(&s).contains('♔'), "{s}");
}

#[test]
fn a_clock_counts_down_and_flags_a_side() {
    let Some(t) = Tmux::new("clock") else { return };
    t.start("play standard --clock 4s+0");
    let first = t.wait_for("Clock 4s+0 (starts after a move)");
    assert!(first.contains("White"), "{first}");
    // White's first move starts the clock (issue 22, item 10); then
    // Black's time runs down in tenths; White's stands still.
    t.keys(&[":"]);
    t.type_line("e4");
    t.wait_for("0:02.");
    let s = t.wait_for("White wins (time ran out)");
    assert!(s.contains("flag fell"), "{s}");
    assert!(s.contains("White   0:04.0"), "{s}");
    t.keys(&["q"]);
    t.wait_exit();
}

#[test]
fn san_in_chicken_is_explained_by_the_rule() {
    let Some(t) = Tmux::new("chicken-san") else {
        return;
    };
    t.start("play chicken --no-auto-flip");
    t.wait_for("White to move");
    for m in ["e3", "b5"] {
        t.keys(&[":"]);
        t.type_line(m);
    }
    t.wait_for("1. e3 b5");
    t.keys(&[":"]);
    t.type_line("a3");
    let s = t.wait_for("captures are compulsory");
    assert!(s.contains("'a3' is illegal"), "{s}");
    t.keys(&["q"]);
    t.wait_exit();
}

#[test]
fn y_puts_the_fen_on_the_terminal_clipboard() {
    let Some(t) = Tmux::new("osc52") else { return };
    t.start("play standard");
    t.tmux(&["set-option", "-g", "set-clipboard", "on"]);
    t.wait_for("White to move");
    t.keys(&["y"]);
    t.wait_for("FEN sent to the terminal's clipboard");
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    wait::until("tmux's buffer got the FEN", || {
        t.tmux(&["show-buffer"]).contains(fen)
    });
    t.keys(&["q"]);
    t.wait_exit();
}

/// Issue 21, section 3: live engine lines in the replay viewer appear when
/// turned on, deepen, and change with the position shown; the time from
/// the key to the first lines is reported, not asserted.
#[test]
fn engine_lines_come_on_and_follow_the_position() {
    let Some(t) = Tmux::new("lines") else {
        return;
    };
    let file = t.root.join("opening.json");
    std::fs::write(
        &file,
        r#"{"format":"motley-game","version":1,"variant":"standard","start":null,"seed":1,
"moves":["e2e4","e7e5","g1f3","b8c6"]}"#,
    )
    .unwrap();
    t.start(&format!("replay '{}'", file.display()));
    t.wait_for("Ply 0 of 4");
    let asked = std::time::Instant::now();
    t.keys(&["L"]);
    t.wait_for("Engine lines: depth");
    eprintln!(
        "engine lines on screen {} ms after the key (tmux polling included)",
        asked.elapsed().as_millis()
    );
    // They deepen while looking.
    t.wait_until(|s| {
        s.lines()
            .any(|l| l.contains("Engine lines: depth") && !l.contains("depth 1 "))
    });
    let first_line = |s: &str| {
        let lines: Vec<&str> = s.lines().collect();
        let at = lines
            .iter()
            .position(|l| l.contains("Engine lines: depth"))?;
        lines.get(at + 1).map(|l| l.to_string())
    };
    let at_start = first_line(&t.screen()).expect("a line under the header");
    // Another position: the screen answers at once while the search runs,
    // and the lines become the new position's.
    let asked = std::time::Instant::now();
    t.keys(&["End"]);
    t.wait_for("Ply 4 of 4");
    eprintln!(
        "a key answered in {} ms while the lines run (tmux polling included)",
        asked.elapsed().as_millis()
    );
    let s = t.wait_until(|s| {
        s.contains("Engine lines: depth") && first_line(s).is_some_and(|l| l != at_start)
    });
    assert!(s.contains("Engine lines"), "{s}");
    t.keys(&["L"]);
    let s = t.wait_until(|s| !s.contains("Engine lines"));
    assert!(s.contains("Ply 4 of 4"), "{s}");
    t.keys(&["q"]);
    t.wait_exit();
}

/// Issue 21, section 2: a move played in the replay viewer from an
/// earlier ply makes a variation, kept in the file on disk at once; the
/// game's own moves stay as they were.
#[test]
fn replay_a_move_from_an_earlier_ply_is_kept_as_a_variation_on_disk() {
    let Some(t) = Tmux::new("variation") else {
        return;
    };
    let file = t.root.join("italian.json");
    let moves = r#"["e2e4","e7e5","g1f3","b8c6","f1c4"]"#;
    std::fs::write(
        &file,
        format!(
            r#"{{"format":"motley-game","version":1,"variant":"standard","seed":1,"moves":{moves}}}"#
        ),
    )
    .unwrap();
    t.start(&format!("replay '{}'", file.display()));
    t.wait_for("Ply 0 of 5");
    t.keys(&["Right", "Right"]);
    t.wait_for("Ply 2 of 5");
    t.keys(&["m"]);
    t.wait_for("Play a move");
    t.type_line("d4");
    let s = t.wait_for("(2. d4)");
    assert!(s.contains("Variation: ply 3"), "{s}");
    // Kept at once: the file holds the variation and the same moves.
    let on_disk = || {
        let text = std::fs::read_to_string(&file).unwrap();
        motley_records::GameRecord::from_json(&text).unwrap()
    };
    crate::support::wait::until("the variation on disk", || on_disk().annotations.is_some());
    let rec = on_disk();
    assert_eq!(rec.moves, ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4"]);
    let line = &rec.annotations.unwrap().lines[0];
    assert_eq!(
        (line.of, line.ply, line.moves[0].action.as_str()),
        (0, 3, "d2d4")
    );
    // Leaving needs no question: nothing is unsaved.
    t.keys(&["q"]);
    t.wait_exit();
    // Reopened, the variation is in the move list.
    t.start(&format!("replay '{}'", file.display()));
    t.wait_for("(2. d4)");
    t.keys(&["q"]);
    t.wait_exit();
}
