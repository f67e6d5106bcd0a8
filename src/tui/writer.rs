//! The writer thread: every write the screens ask for ([`Write`]: a game
//! kept or saved, an export, an analysis stored; and a choice kept in the
//! config file) is carried out here, one after the other in the order
//! asked, and what it came to is reported back — so a slow or failing
//! disk never delays a key press. A game kept again before its last
//! keeping was written is written once, as it stands last.

use super::config::{ConfigKept, ConfigWrite};
use motley_session::{Write, Written};
use std::collections::VecDeque;
use std::sync::mpsc;
use std::thread::JoinHandle;

/// One write for the thread: a game's, or the config file's.
enum Job {
    Game(Write),
    Config(ConfigWrite),
}

impl Job {
    fn perform(self) -> Done {
        match self {
            Job::Game(write) => Done::Game(write.perform()),
            Job::Config(write) => Done::Config(write.perform()),
        }
    }
}

/// What a write came to.
#[derive(Debug)]
pub enum Done {
    Game(Written),
    Config(ConfigKept),
}

/// The writer thread and the way to it.
pub struct Writer {
    to_thread: Option<mpsc::Sender<Job>>,
    thread: Option<JoinHandle<()>>,
    /// Where reports go, for a write carried out here when the thread is
    /// gone.
    report: Report,
}

/// Hands what a write came to back to the UI.
type Report = std::sync::Arc<dyn Fn(Done) + Send + Sync>;

impl Writer {
    /// Start the thread; each write's outcome goes to `report`.
    pub fn spawn(report: impl Fn(Done) + Send + Sync + 'static) -> std::io::Result<Writer> {
        let report: Report = std::sync::Arc::new(report);
        let (to_thread, writes) = mpsc::channel::<Job>();
        let thread_report = report.clone();
        let thread = std::thread::Builder::new()
            .name("motley-writer".to_string())
            .spawn(move || write_all(&writes, &*thread_report))?;
        Ok(Writer {
            to_thread: Some(to_thread),
            thread: Some(thread),
            report,
        })
    }

    /// Carry `write` out after those asked before it. Should the thread be
    /// gone, it is carried out here and now (nothing is lost).
    pub fn send(&self, write: Write) {
        self.send_job(Job::Game(write));
    }

    /// Keep a choice in the config file, after the writes asked before it.
    pub fn send_config(&self, write: ConfigWrite) {
        self.send_job(Job::Config(write));
    }

    fn send_job(&self, job: Job) {
        let unsent = match &self.to_thread {
            Some(tx) => tx.send(job).err().map(|e| e.0),
            None => Some(job),
        };
        if let Some(job) = unsent {
            (self.report)(job.perform());
        }
    }

    /// Wait until every write asked for is carried out, and end the thread.
    pub fn finish(&mut self) {
        self.to_thread = None;
        if let Some(thread) = self.thread.take() {
            // A panic in a write has been reported as far as it can be.
            thread.join().ok();
        }
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        self.finish();
    }
}

/// The thread's loop: write in order until the UI hangs up.
fn write_all(writes: &mpsc::Receiver<Job>, report: &(dyn Fn(Done) + Send + Sync)) {
    let mut queue = VecDeque::new();
    loop {
        if queue.is_empty() {
            match writes.recv() {
                Ok(write) => queue.push_back(write),
                Err(_) => return,
            }
        }
        queue.extend(writes.try_iter());
        let Some(job) = queue.pop_front() else {
            continue;
        };
        if let Job::Game(write) = &job {
            let games = queue.iter().filter_map(|j| match j {
                Job::Game(w) => Some(w),
                Job::Config(_) => None,
            });
            if superseded(write, games) {
                continue;
            }
        }
        let done = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job.perform()));
        if let Ok(done) = done {
            report(done);
        }
    }
}

/// Is `write` a keeping of a game that a later one in `queue` replaces
/// before anything else is written for that game? (An announced one is
/// always written: the screen waits for its answer.)
fn superseded<'a>(write: &Write, queue: impl IntoIterator<Item = &'a Write>) -> bool {
    let Write::Keep {
        session,
        announce: false,
        ..
    } = write
    else {
        return false;
    };
    let next_of_game = queue.into_iter().find(|w| match w {
        Write::Keep { session: s, .. }
        | Write::SaveAs { session: s, .. }
        | Write::Close { session: s, .. } => s == session,
        Write::Export { .. }
        | Write::StoreAnalysis { .. }
        | Write::StoreTree { .. }
        | Write::Delete { .. }
        | Write::Tidy { .. } => false,
    });
    matches!(next_of_game, Some(Write::Keep { .. }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use motley_game::variant::Registry;
    use motley_game::Game;
    use motley_records::store::record_to_save;
    use motley_session::record_file::RecordSlot;
    use std::path::Path;
    use std::sync::{Arc, Mutex};

    fn keep(slot: &RecordSlot, dir: &Path, game: &Game) -> Write {
        Write::Keep {
            session: 1,
            slot: slot.clone(),
            dir: dir.to_path_buf(),
            record: Box::new(record_to_save(game, None)),
            discard: false,
            announce: false,
        }
    }

    #[test]
    fn writes_are_done_in_order_off_the_caller_and_the_last_keeping_stands() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("games");
        let reports = Arc::new(Mutex::new(Vec::new()));
        let heard = reports.clone();
        let mut writer = Writer::spawn(move |done| {
            if let Done::Game(w) = done {
                heard.lock().unwrap().push(w);
            }
        })
        .unwrap();
        let slot = RecordSlot::default();
        let mut game = Game::new(Registry::builtin().get("standard").unwrap(), None, 1).unwrap();
        for mv in ["e4", "e5", "Nf3"] {
            game.play_text(mv).unwrap();
            writer.send(keep(&slot, &dir, &game));
        }
        writer.send(Write::Close {
            session: 1,
            slot,
            finished: false,
            saves_dir: None,
        });
        writer.finish();
        let reports = reports.lock().unwrap();
        assert!((2..=4).contains(&reports.len()), "{reports:?}");
        let Some(Written::Closed {
            result: Ok(Some(path)),
            ..
        }) = reports.last()
        else {
            panic!("the close comes last: {reports:?}")
        };
        let text = std::fs::read_to_string(path).unwrap();
        let rec = motley_records::GameRecord::from_json(&text).unwrap();
        assert_eq!(rec.moves, ["e2e4", "e7e5", "g1f3"]);
    }

    #[test]
    fn only_a_keeping_that_a_later_one_replaces_is_skipped() {
        let dir = std::env::temp_dir();
        let game = Game::new(Registry::builtin().get("standard").unwrap(), None, 1).unwrap();
        let (mine, other) = (RecordSlot::default(), RecordSlot::default());
        let first = keep(&mine, &dir, &game);
        let later = VecDeque::from([keep(&mine, &dir, &game)]);
        assert!(superseded(&first, &later));
        // Another game's keeping in between changes nothing; a save by
        // name of this game does: it must find the game as it was.
        let mut other_keep = keep(&other, &dir, &game);
        if let Write::Keep { session, .. } = &mut other_keep {
            *session = 2;
        }
        let between = VecDeque::from([other_keep, keep(&mine, &dir, &game)]);
        assert!(superseded(&first, &between));
        let save = Write::SaveAs {
            session: 1,
            slot: mine.clone(),
            path: dir.join("x.json"),
            record: Box::new(record_to_save(&game, None)),
        };
        let saved_first = VecDeque::from([save, keep(&mine, &dir, &game)]);
        assert!(!superseded(&first, &saved_first));
        // An announced keeping is always written.
        let mut announced = keep(&mine, &dir, &game);
        if let Write::Keep { announce, .. } = &mut announced {
            *announce = true;
        }
        assert!(!superseded(&announced, &later));
    }
}
