//! Driving the real binary in a real terminal (tmux): each test has its
//! own tmux server (socket), data folder and config folder; keys are sent
//! with `send-keys`, the screen read with `capture-pane`. Skipped with a
//! note when tmux is not installed, failed instead in CI (see [`tools`]).

use crate::support::temp::{temp_dir, TempDir};
use crate::support::tools;
use crate::support::wait::{self, PATIENCE};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

pub const BIN: &str = env!("CARGO_BIN_EXE_motley");

/// A tmux server of one test, with the test's folders.
pub struct Tmux {
    socket: String,
    /// The test's own folder (removed at the end).
    pub root: PathBuf,
    /// `MOTLEY_DATA_DIR` of the sessions (inside `root` unless changed).
    pub data: PathBuf,
    /// Removes `root` when dropped.
    _root: TempDir,
}

impl Tmux {
    /// A server for test `name`, or `None` (with a note) without tmux.
    pub fn new(name: &str) -> Option<Tmux> {
        let found = Command::new("tmux")
            .arg("-V")
            .output()
            .is_ok_and(|o| o.status.success());
        if !tools::ready(
            "tmux",
            found,
            &format!("the end-to-end terminal test {name}"),
        ) {
            return None;
        }
        let dir = temp_dir(&format!("e2e-{name}"));
        let t = Tmux {
            socket: format!("motley-e2e-{name}-{}", std::process::id()),
            data: dir.join("data"),
            root: dir.to_path_buf(),
            _root: dir,
        };
        // A session that outlives the test's runs: without it the server
        // exits with the last run, and a run started at that moment is
        // hung up on.
        t.tmux(&["new-session", "-d", "-s", "keep", "sleep 600"]);
        Some(t)
    }

    /// Run tmux on this test's server.
    pub fn tmux(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).to_string()
    }

    /// The environment every session gets, then `env`.
    pub fn env(&self, env: &str) -> String {
        format!(
            "MOTLEY_DATA_DIR='{}' MOTLEY_CONFIG_DIR='{}' TERM=xterm-256color {env}",
            self.data.display(),
            self.root.join("config").display(),
        )
    }

    /// Start session `session` (100×35) running the binary with `args`.
    pub fn start_in(&self, session: &str, env: &str, args: &str) {
        let cmd = format!("env {} '{BIN}' {args}", self.env(env));
        self.shell_in(session, &cmd);
    }

    /// Start session `session` (100×35) running a shell command.
    pub fn shell_in(&self, session: &str, cmd: &str) {
        self.tmux(&[
            "new-session",
            "-d",
            "-s",
            session,
            "-x",
            "100",
            "-y",
            "35",
            cmd,
        ]);
    }

    /// Start the binary in session `m`.
    pub fn start(&self, args: &str) {
        self.start_in("m", "", args)
    }

    pub fn keys_in(&self, session: &str, keys: &[&str]) {
        for k in keys {
            self.tmux(&["send-keys", "-t", &target(session), k]);
        }
    }

    pub fn keys(&self, keys: &[&str]) {
        self.keys_in("m", keys)
    }

    /// Type literally into session `m`, then Enter.
    pub fn type_line(&self, text: &str) {
        self.type_line_in("m", text)
    }

    pub fn type_line_in(&self, session: &str, text: &str) {
        self.tmux(&["send-keys", "-t", &target(session), "-l", text]);
        self.tmux(&["send-keys", "-t", &target(session), "Enter"]);
    }

    /// Erase a prompt's text (Backspace, many times).
    pub fn erase(&self) {
        self.tmux(&["send-keys", "-t", &target("m"), "-N", "300", "BSpace"]);
    }

    /// Play `moves` at the `:` prompt, waiting for each to reach the move
    /// list.
    pub fn play(&self, moves: &[&str]) {
        for m in moves {
            self.keys(&[":"]);
            self.wait_for("Enter plays");
            self.type_line(m);
            self.wait_until(|s| !s.contains("Enter plays"));
        }
    }

    pub fn screen_of(&self, session: &str) -> String {
        self.tmux(&["capture-pane", "-p", "-t", &target(session)])
    }

    pub fn screen(&self) -> String {
        self.screen_of("m")
    }

    /// Wait until the screen of `session` contains `text` (failing only
    /// after [`PATIENCE`]).
    pub fn wait_for_in(&self, session: &str, text: &str) -> String {
        self.settled(session, |s| s.contains(text))
            .unwrap_or_else(|s| panic!("timed out waiting for {text:?}; screen:\n{s}"))
    }

    pub fn wait_for(&self, text: &str) -> String {
        self.wait_for_in("m", text)
    }

    /// Wait until the screen passes `test`.
    pub fn wait_until(&self, test: impl Fn(&str) -> bool) -> String {
        self.settled("m", test)
            .unwrap_or_else(|s| panic!("timed out; screen:\n{s}"))
    }

    /// The screen of `session` once it passes `test` (`Err` with the last
    /// screen when it still does not after [`PATIENCE`]). A frame can be
    /// caught half written (the line waited for drawn, the board below it
    /// not yet), so a screen counts once a second capture shortly after
    /// is the same; a screen that keeps changing (a clock, a search's
    /// counters) counts after half a second of passing.
    fn settled(&self, session: &str, test: impl Fn(&str) -> bool) -> Result<String, String> {
        let start = Instant::now();
        let mut passing_since: Option<Instant> = None;
        loop {
            let s = self.screen_of(session);
            if test(&s) {
                let since = *passing_since.get_or_insert_with(Instant::now);
                std::thread::sleep(Duration::from_millis(30));
                let again = self.screen_of(session);
                if again == s || (test(&again) && since.elapsed() > Duration::from_millis(500)) {
                    return Ok(again);
                }
            } else {
                passing_since = None;
                if start.elapsed() > PATIENCE {
                    return Err(s);
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        }
    }

    /// Wait until session `session` has ended (its program exited).
    pub fn wait_exit_of(&self, session: &str) {
        let start = Instant::now();
        let name = format!("{session}:");
        while self.tmux(&["list-sessions"]).contains(&name) {
            if start.elapsed() > PATIENCE {
                panic!(
                    "the program did not exit; screen:\n{}",
                    self.screen_of(session)
                );
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    pub fn wait_exit(&self) {
        self.wait_exit_of("m")
    }

    /// The pid of the program the shell of session `m` runs (its child).
    pub fn child_pid(&self) -> u32 {
        let shell = self.tmux(&["display", "-p", "-t", &target("m"), "#{pane_pid}"]);
        let shell = shell.trim();
        let child = || {
            std::fs::read_to_string(format!("/proc/{shell}/task/{shell}/children"))
                .unwrap_or_default()
                .split_whitespace()
                .next()
                .map(str::to_string)
        };
        wait::until(&format!("a child of {shell}"), || child().is_some());
        child().unwrap_or_default().parse().unwrap()
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.tmux(&["kill-server"]);
        // The folder itself goes with `_root`.
        make_writable(&self.root);
    }
}

/// Does the side panel (right of the board at 100 columns) say `text`,
/// wherever its lines break? Borders and spaces are left out of both, as
/// wrapping drops a space or splits a long word.
pub fn panel_says(screen: &str, text: &str) -> bool {
    let squeeze = |t: &str| t.chars().filter(|c| !c.is_whitespace()).collect::<String>();
    let panel: String = screen
        .lines()
        .map(|l| {
            l.chars()
                .skip(61)
                .filter(|c| !"│┌┐└┘─".contains(*c))
                .collect::<String>()
        })
        .collect();
    squeeze(&panel).contains(&squeeze(text))
}

/// A tmux target naming session `session` (a bare name could match a
/// window of another session by prefix).
pub fn target(session: &str) -> String {
    format!("{session}:")
}

/// The record files in `dir` (`.json`, not lock or temporary files).
pub fn records(dir: &Path) -> Vec<PathBuf> {
    motley_records::summary::game_files(dir)
}

/// Make `dir` read-only for Motley: its permissions, and for root (whom
/// permissions do not stop) the immutable attribute. False when neither
/// works here.
pub fn make_read_only(dir: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o555)).unwrap();
    if !writable(dir) {
        return true;
    }
    let _ = Command::new("chattr").arg("+i").arg(dir).status();
    !writable(dir)
}

/// Undo [`make_read_only`] (best effort), so the folder can be removed.
pub fn make_writable(dir: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() && !p.is_symlink() {
            let _ = Command::new("chattr")
                .arg("-i")
                .arg(&p)
                .stderr(std::process::Stdio::null())
                .status();
            let _ = std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755));
            make_writable(&p);
        }
    }
}

fn writable(dir: &Path) -> bool {
    let probe = dir.join(".probe");
    let ok = std::fs::write(&probe, b"x").is_ok();
    let _ = std::fs::remove_file(&probe);
    ok
}
