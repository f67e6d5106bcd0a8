//! Waiting without depending on the machine's speed: a test waits for what
//! it expects to happen, and only a hang (nothing within [`PATIENCE`])
//! fails it, however loaded the machine running the tests.

use std::process::{Child, Output};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long a test waits for something before failing: far beyond what
/// any load delays, so only a hang gets there.
pub const PATIENCE: Duration = Duration::from_secs(120);

/// Wait until `done` holds (checked every few milliseconds); the test
/// fails, naming `what`, after [`PATIENCE`].
pub fn until(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + PATIENCE;
    while !done() {
        assert!(
            Instant::now() < deadline,
            "{what}: not so after {PATIENCE:?}"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The output of `child` once it has exited. One still running after
/// [`PATIENCE`] is killed and the test fails: nothing may hang.
pub fn finish(mut child: Child, what: &str) -> Output {
    let deadline = Instant::now() + PATIENCE;
    while child.try_wait().unwrap().is_none() {
        if Instant::now() >= deadline {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("{what}: still running after {PATIENCE:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    child.wait_with_output().unwrap()
}

/// What `work` returns, run on a thread of its own: the test fails if it
/// has not returned after [`PATIENCE`] (the thread, hung, is left).
pub fn within<T: Send + 'static>(what: &str, work: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    let worker = std::thread::spawn(move || {
        let _ = tx.send(work());
    });
    match rx.recv_timeout(PATIENCE) {
        Ok(v) => v,
        Err(RecvTimeoutError::Timeout) => panic!("{what}: no answer after {PATIENCE:?}"),
        Err(RecvTimeoutError::Disconnected) => match worker.join() {
            Err(panic) => std::panic::resume_unwind(panic),
            Ok(()) => panic!("{what}: ended without an answer"),
        },
    }
}
