//! File locks and started programs in one test binary (all the
//! integration tests are one). A program started by one test holds a copy
//! of every open file of this process from its fork until its exec closes
//! them, a game's lock included: a test that releases a lock and at once
//! finds it free would, for that moment, see it held by another test's
//! program. So programs start only while no test is taking or checking
//! locks.

use std::io;
use std::process::{Child, Command, Output, Stdio};
use std::sync::{RwLock, RwLockReadGuard};

static STARTING_PROGRAMS: RwLock<()> = RwLock::new(());

/// Hold while the test takes, releases or checks game locks; never start
/// a program (with [`spawn`]) meanwhile.
pub fn checking_locks() -> RwLockReadGuard<'static, ()> {
    STARTING_PROGRAMS.read().unwrap_or_else(|e| e.into_inner())
}

/// Start `command` while no test holds [`checking_locks`]: it has closed
/// this process's files (by exec) when this returns.
pub fn spawn(command: &mut Command) -> io::Result<Child> {
    let _alone = STARTING_PROGRAMS.write().unwrap_or_else(|e| e.into_inner());
    command.spawn()
}

/// [`Command::output`] through [`spawn`]: no input, output and errors
/// read.
pub fn output(command: &mut Command) -> io::Result<Output> {
    spawn(
        command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped()),
    )?
    .wait_with_output()
}
