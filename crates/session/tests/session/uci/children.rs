//! Engine processes: a stubborn one is ended with its whole group, and
//! reaped (Linux only: /proc tells a zombie from a live process).

use motley_session::uci::children::{exit_status, spawn, stop};
use std::io::BufRead;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// How often the test looks again.
const POLL: Duration = Duration::from_millis(10);

/// A zombie (dead, not yet reaped by whoever adopted it) is not alive.
fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        stat.rsplit_once(')')
            .is_some_and(|(_, rest)| !rest.trim_start().starts_with('Z'))
    })
}

// Issue 31, item 14: a process that ignores SIGTERM and never reads
// its input is still ended, its whole group with it, and reaped.
#[test]
fn item_14_a_stubborn_group_is_killed_and_reaped() {
    // The engine says its own pid (`sh -c` runs the script itself) and
    // its child's.
    let spawned =
        spawn(Command::new("sh").args(["-c", "trap '' TERM; sleep 1000 & echo $$ $!; wait"]))
            .unwrap();
    let mut out = std::io::BufReader::new(spawned.stdout.unwrap());
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    let pids: Vec<u32> = line
        .split_whitespace()
        .map(|p| p.parse().unwrap())
        .collect();
    let [engine, grandchild] = pids[..] else {
        panic!("two pids expected: {line}");
    };
    assert!(alive(engine) && alive(grandchild));
    stop(spawned.process);
    // Reaped (not even a zombie is left of it) and forgotten: no exit
    // status is known of it any more, where a known engine that has
    // left would give its own.
    assert!(!Path::new(&format!("/proc/{engine}")).exists(), "reaped");
    assert_eq!(
        exit_status(spawned.process, Duration::ZERO),
        None,
        "forgotten"
    );
    // The grandchild's parent is gone; whoever adopted it reaps it.
    let deadline = Instant::now() + Duration::from_secs(120);
    while alive(grandchild) && Instant::now() < deadline {
        std::thread::sleep(POLL);
    }
    assert!(!alive(grandchild), "the engine's own child was killed too");
}
