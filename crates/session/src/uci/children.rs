//! The processes of external engines, so that none outlives Motley. An
//! engine that ignores `quit` (a script that ran `exec sleep 1000`) or
//! SIGTERM would otherwise be left running, adopted by init, when Motley
//! exits: a thread that was to stop it dies with the process.
//!
//! Each engine runs in a process group of its own, so a script's own
//! children go with it, and every started engine is known here until it
//! has been reaped. [`stop`] ends one (it has `quit`'s grace, then the
//! group is killed), [`stop_all`] ends every one still known before
//! Motley exits, and [`kill_all_in_signal_handler`] is for a signal that
//! ends Motley at once. A group is only signalled while its leader has
//! not been reaped, so its number cannot have been given to another
//! process meanwhile.

use std::io;
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// How long an engine told to `quit` may take to leave before its group
/// is killed.
pub const QUIT_WAIT: Duration = Duration::from_millis(500);
/// How often waiting loops look again.
const POLL: Duration = Duration::from_millis(10);

/// An engine process started here: its pid, which is also its process
/// group's id.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct EngineProcess(u32);

/// A started engine's pipes.
pub struct Spawned {
    /// Its handle here.
    pub process: EngineProcess,
    /// Its standard input.
    pub stdin: Option<ChildStdin>,
    /// Its standard output.
    pub stdout: Option<ChildStdout>,
}

/// The engines started and not reaped yet.
static RUNNING: Mutex<Vec<Child>> = Mutex::new(Vec::new());

/// How many groups a signal handler can reach (far more engines than
/// ever run at once: two seats, and one being replaced).
const SIGNAL_SLOTS: usize = 64;

/// The running groups again, readable from a signal handler (which may
/// not take a lock): a group's id while its leader is unreaped, else 0.
static GROUPS: [AtomicI32; SIGNAL_SLOTS] = [const { AtomicI32::new(0) }; SIGNAL_SLOTS];

fn running() -> MutexGuard<'static, Vec<Child>> {
    RUNNING.lock().unwrap_or_else(|e| e.into_inner())
}

/// Start `command` with piped standard input and output (its errors
/// discarded) in a process group of its own, known here until reaped.
pub fn spawn(command: &mut Command) -> io::Result<Spawned> {
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(command, 0);
    let mut list = running();
    let mut child = command.spawn()?;
    let process = EngineProcess(child.id());
    let spawned = Spawned {
        process,
        stdin: child.stdin.take(),
        stdout: child.stdout.take(),
    };
    remember_group(process.0);
    list.push(child);
    Ok(spawned)
}

fn remember_group(pid: u32) {
    let Ok(group) = i32::try_from(pid) else {
        return;
    };
    for slot in &GROUPS {
        if slot
            .compare_exchange(0, group, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
        {
            return;
        }
    }
}

fn forget_group(pid: u32) {
    let Ok(group) = i32::try_from(pid) else {
        return;
    };
    for slot in &GROUPS {
        let _ = slot.compare_exchange(group, 0, Ordering::SeqCst, Ordering::SeqCst);
    }
}

/// Take `process` out of the list (it is reaped by the caller), so the
/// signal handler no longer reaches its group.
fn take(list: &mut Vec<Child>, process: EngineProcess) -> Option<Child> {
    let at = list.iter().position(|c| c.id() == process.0)?;
    forget_group(process.0);
    Some(list.swap_remove(at))
}

/// Whether `process` has left: its exit status then (it is reaped and
/// forgotten). `None` while it runs, or when it is no longer known here.
fn reap_if_exited(process: EngineProcess) -> Option<ExitStatus> {
    let mut list = running();
    let at = list.iter().position(|c| c.id() == process.0)?;
    let status = match list[at].try_wait() {
        Ok(Some(status)) => Some(status),
        Ok(None) => return None,
        // Not waitable (already reaped elsewhere): nothing left to stop.
        Err(_) => None,
    };
    forget_group(process.0);
    // Reaped already: the wait returns the status kept.
    let _ = list.swap_remove(at).wait();
    status
}

/// The exit status of `process`, if it leaves within `patience` (its
/// output closed: it is probably leaving).
pub fn exit_status(process: EngineProcess, patience: Duration) -> Option<ExitStatus> {
    let deadline = Instant::now() + patience;
    loop {
        if let Some(status) = reap_if_exited(process) {
            return Some(status);
        }
        if Instant::now() >= deadline || !is_known(process) {
            return None;
        }
        std::thread::sleep(POLL);
    }
}

fn is_known(process: EngineProcess) -> bool {
    running().iter().any(|c| c.id() == process.0)
}

/// End `process`, which has been told to `quit`: it has [`QUIT_WAIT`] to
/// leave, then its whole group is killed; either way it is reaped. Blocks
/// for up to [`QUIT_WAIT`] and a moment.
pub fn stop(process: EngineProcess) {
    let deadline = Instant::now() + QUIT_WAIT;
    while Instant::now() < deadline {
        if reap_if_exited(process).is_some() || !is_known(process) {
            return;
        }
        std::thread::sleep(POLL);
    }
    let child = take(&mut running(), process);
    if let Some(child) = child {
        kill_and_reap(child);
    }
}

/// Kill `child`'s group (its leader not reaped yet, so the group is still
/// its own), then reap it.
fn kill_and_reap(mut child: Child) {
    if let Ok(Some(_)) = child.try_wait() {
        return;
    }
    #[cfg(unix)]
    if let Ok(group) = libc::pid_t::try_from(child.id()) {
        // SAFETY: kill has no memory effects; the group is this child's.
        unsafe { libc::kill(-group, libc::SIGKILL) };
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// End every engine still running, before Motley exits: together they
/// have [`QUIT_WAIT`] to leave (those dropped were told to `quit`), then
/// the groups of the others are killed. Every one is reaped.
pub fn stop_all() {
    let mut left: Vec<Child> = {
        let mut list = running();
        for child in list.iter() {
            forget_group(child.id());
        }
        std::mem::take(&mut *list)
    };
    let deadline = Instant::now() + QUIT_WAIT;
    while !left.is_empty() && Instant::now() < deadline {
        left.retain_mut(|c| !matches!(c.try_wait(), Ok(Some(_)) | Err(_)));
        if !left.is_empty() {
            std::thread::sleep(POLL);
        }
    }
    for child in left {
        kill_and_reap(child);
    }
}

/// Kill every engine's group at once, from a signal handler that is about
/// to end Motley (only async-signal-safe calls: atomic loads and kill).
pub fn kill_all_in_signal_handler() {
    for slot in &GROUPS {
        let group = slot.load(Ordering::SeqCst);
        #[cfg(unix)]
        if group > 0 {
            // SAFETY: kill is async-signal-safe; the group is an engine's.
            unsafe { libc::kill(-group, libc::SIGKILL) };
        }
        #[cfg(not(unix))]
        let _ = group;
    }
}
