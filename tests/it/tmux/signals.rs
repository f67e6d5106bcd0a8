//! End-to-end, in a real terminal (tmux): suspending and resuming (issue
//! 22, item 28) and every signal that ends Motley (item 29) leave the
//! terminal as it was — raw mode off, the main screen back, the cursor
//! shown, mouse reporting off — and keys work again after a resume.
//! Skipped with a note when tmux is not installed.

use crate::support::tmux as tmux_support;
use crate::support::wait;

use std::path::Path;
use tmux_support::{records, Tmux, BIN};

/// The pane's alternate screen, mouse reporting and cursor flags.
fn flags(t: &Tmux, session: &str) -> String {
    let f = "#{alternate_on} #{mouse_any_flag} #{cursor_flag}";
    t.tmux(&["display", "-p", "-t", &format!("{session}:"), f])
        .trim()
        .to_string()
}

/// What the terminal shows when Motley holds it, and when it gave it back.
const HELD: &str = "1 1 0";
const GIVEN_BACK: &str = "0 0 1";

/// The terminal modes `stty -a` wrote into `file`: line mode and echo?
fn line_mode(file: &Path) -> bool {
    let modes = std::fs::read_to_string(file).unwrap();
    let words: Vec<&str> = modes.split_whitespace().collect();
    words.contains(&"icanon") && words.contains(&"echo")
}

/// A script for session `m`: Motley plays standard chess, then the exit
/// status, the terminal modes and `AFTER` are written.
fn play_then_report(t: &Tmux, stty: &Path) {
    let script = format!(
        "sh -c \"env {} '{BIN}' play standard --no-auto-flip; echo STATUS=\\$?; stty -a > '{}'; echo AFTER; sleep 30\"",
        t.env(""),
        stty.display()
    );
    t.shell_in("m", &script);
    t.wait_for("White to move");
}

fn kill(signal: &str, pid: u32) {
    let ok = std::process::Command::new("kill")
        .args([&format!("-{signal}"), &pid.to_string()])
        .status()
        .unwrap();
    assert!(ok.success());
}

// Issue 22, item 29: SIGQUIT, SIGUSR1, SIGUSR2 and SIGALRM end Motley as
// SIGTERM does: the game saved, the terminal restored, 128 + the signal.
#[test]
fn item_29_every_ending_signal_saves_the_game_and_restores_the_terminal() {
    for (signal, number) in [("QUIT", 3), ("USR1", 10), ("USR2", 12), ("ALRM", 14)] {
        let Some(t) = Tmux::new(&format!("sig{number}")) else {
            return;
        };
        let stty = t.root.join("stty.txt");
        play_then_report(&t, &stty);
        t.play(&["e2e4"]);
        t.wait_for("1. e4");
        assert_eq!(flags(&t, "m"), HELD);
        kill(signal, t.child_pid());
        let s = t.wait_for("AFTER");
        assert!(
            s.contains(&format!("STATUS={}", 128 + number)),
            "{signal}: {s}"
        );
        assert!(s.contains("motley: the game is saved in"), "{signal}: {s}");
        assert_eq!(flags(&t, "m"), GIVEN_BACK, "{signal}");
        assert!(line_mode(&stty), "{signal}: raw mode left on");
        let games = records(&t.data.join("games"));
        assert_eq!(games.len(), 1, "{signal}");
        let text = std::fs::read_to_string(&games[0]).unwrap();
        assert!(text.contains("\"e2e4\""), "{signal}: {text}");
    }
}

// Issue 22, item 29: a second signal right after the first cannot wait
// for the save, but still gives the terminal back, with 128 + a signal.
#[test]
fn item_29_two_signals_at_once_still_restore_the_terminal() {
    let Some(t) = Tmux::new("sig-twice") else {
        return;
    };
    let stty = t.root.join("stty.txt");
    play_then_report(&t, &stty);
    t.play(&["d2d4"]);
    t.wait_for("1. d4");
    let pid = libc::pid_t::try_from(t.child_pid()).unwrap();
    // Sent back to back from this process: a shell between the two let a
    // loaded machine finish the first signal's exit before the second was
    // sent, and the second `kill` then found no process.
    // SAFETY: kill only sends a signal to the process `pid`.
    let first = unsafe { libc::kill(pid, libc::SIGINT) };
    let second = unsafe { libc::kill(pid, libc::SIGHUP) };
    assert_eq!((first, second), (0, 0), "both signals reach Motley");
    let s = t.wait_for("AFTER");
    assert!(
        s.contains("STATUS=129") || s.contains("STATUS=130"),
        "128 + INT or HUP: {s}"
    );
    assert_eq!(flags(&t, "m"), GIVEN_BACK);
    assert!(line_mode(&stty), "raw mode left on");
}

/// Session `m` runs a job-control shell script: Motley, and when it stops
/// the terminal modes go to `stty` and `SUSPENDED` is written; once the
/// file `go` exists the script brings Motley back (`fg`).
fn suspendable(t: &Tmux, stty: &Path, go: &Path) {
    suspendable_with(t, stty, go, "");
}

/// [`suspendable`], with more arguments for `motley play standard`.
fn suspendable_with(t: &Tmux, stty: &Path, go: &Path, args: &str) {
    let script = t.root.join("job.sh");
    let text = format!(
        "set -m\nenv {} '{BIN}' play standard --no-auto-flip {args}\nstty -a > '{}'\necho SUSPENDED\n\
         while [ ! -e '{}' ]; do sleep 0.05; done\nfg\necho STATUS=$?\necho AFTER\nsleep 30\n",
        t.env(""),
        stty.display(),
        go.display()
    );
    std::fs::write(&script, text).unwrap();
    t.shell_in("m", &format!("bash '{}'", script.display()));
    t.wait_for("White to move");
}

/// Stopped: the terminal given back in line mode; then continued: the
/// board drawn again and keys playing moves (not echoed as a line).
fn check_suspend_and_resume(t: &Tmux, stty: &Path, go: &Path, how: &str) {
    let s = t.wait_for("SUSPENDED");
    assert!(
        !s.contains("White to move"),
        "{how}: the main screen is back: {s}"
    );
    assert_eq!(flags(t, "m"), GIVEN_BACK, "{how}");
    assert!(line_mode(stty), "{how}: raw mode left on while stopped");
    std::fs::write(go, "").unwrap();
    t.wait_for("White to move");
    assert_eq!(flags(t, "m"), HELD, "{how}: taken again");
    t.play(&["e2e4"]);
    t.wait_for("1. e4");
    t.keys(&["q"]);
    let s = t.wait_for("AFTER");
    assert!(s.contains("STATUS=0"), "{how}: {s}");
    assert_eq!(flags(t, "m"), GIVEN_BACK, "{how}");
}

// Issue 22, item 28: Ctrl-Z suspends Motley as it does other terminal
// programs, and `fg` brings it back redrawn and answering keys.
#[test]
fn item_28_ctrl_z_suspends_and_fg_resumes() {
    let Some(t) = Tmux::new("ctrl-z") else {
        return;
    };
    let (stty, go) = (t.root.join("stty.txt"), t.root.join("go"));
    suspendable(&t, &stty, &go);
    t.keys(&["C-z"]);
    check_suspend_and_resume(&t, &stty, &go, "Ctrl-Z");
}

// Issue 22, item 28: a SIGTSTP from outside (`kill -TSTP`) gives the
// terminal back before Motley stops, and SIGCONT takes it again.
#[test]
fn item_28_sigtstp_from_outside_restores_the_terminal_before_stopping() {
    let Some(t) = Tmux::new("sigtstp") else {
        return;
    };
    let (stty, go) = (t.root.join("stty.txt"), t.root.join("go"));
    suspendable(&t, &stty, &go);
    kill("TSTP", t.child_pid());
    check_suspend_and_resume(&t, &stty, &go, "kill -TSTP");
    // The game played after the resume was kept.
    let games = t.data.join("games");
    wait::until("the game's record", || !records(&games).is_empty());
    assert_eq!(records(&games).len(), 1);
}

/// The seconds a side has left as the clock panel shows them ("Black
/// 0:58" or "0:07.3").
fn seconds_left(screen: &str, side: &str) -> Option<u64> {
    let after = screen.lines().find_map(|l| {
        let after = l[l.find(side)? + side.len()..].trim_start();
        after
            .starts_with(|c: char| c.is_ascii_digit())
            .then_some(after)
    })?;
    let time: String = after
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == ':' || *c == '.')
        .collect();
    let (minutes, seconds) = time.split_once(':')?;
    let seconds = seconds.split('.').next()?;
    Some(minutes.parse::<u64>().ok()? * 60 + seconds.parse::<u64>().ok()?)
}

// A stopped Motley (Ctrl-Z) stops the game clock too: the six seconds it
// spends stopped are not taken from the side to move.
#[test]
fn the_game_clock_does_not_run_while_motley_is_stopped() {
    let Some(t) = Tmux::new("ctrl-z-clock") else {
        return;
    };
    let (stty, go) = (t.root.join("stty.txt"), t.root.join("go"));
    suspendable_with(&t, &stty, &go, "--clock 1+0");
    t.play(&["e2e4"]);
    t.wait_for("1. e4");
    t.keys(&["C-z"]);
    t.wait_for("SUSPENDED");
    std::thread::sleep(std::time::Duration::from_secs(6));
    std::fs::write(&go, "").unwrap();
    let s = t.wait_for("Black to move");
    let left = seconds_left(&s, "Black").unwrap_or_else(|| panic!("no clock: {s}"));
    assert!(left >= 55, "Black has {left} s left after a 6 s stop: {s}");
    t.keys(&["q"]);
    t.wait_for("AFTER");
}
