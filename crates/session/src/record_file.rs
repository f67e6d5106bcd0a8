//! A game's own record in the games folder, as the writer keeps it:
//! created at the game's first action (never on opening it, never over
//! another game's file) and held under a lock while the game is open;
//! replaced at every action; gone again when every action is taken back;
//! and, when the game leaves, moved with the saves once finished. Only
//! the runtime's writer touches it (through [`RecordSlot`]), one write
//! after the other, so the screen never waits for a disk.

use motley_records::games::OpenGame;
use motley_records::{save_record, GameRecord, RecordError};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};

/// See the module comment.
#[derive(Debug, Default)]
struct RecordFile {
    /// The game's record, once it has one.
    open: Option<OpenGame>,
    /// The last write failed: some actions are in no file at all.
    unsaved: bool,
    /// A file the player named holds the game exactly as it stands.
    named_copy_current: bool,
}

/// A game's record file, handed from write to write: the session holds
/// it without looking inside, the writer alone opens it.
#[derive(Clone, Debug, Default)]
pub struct RecordSlot(Arc<Mutex<RecordFile>>);

impl RecordSlot {
    /// The record of a game in progress read from it, which `open` locks.
    pub fn held(open: OpenGame) -> RecordSlot {
        RecordSlot(Arc::new(Mutex::new(RecordFile {
            open: Some(open),
            ..RecordFile::default()
        })))
    }

    fn file(&self) -> MutexGuard<'_, RecordFile> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The game changed: write `record` (the game as it stands) to its
    /// record file in `dir`, creating the record at the first action.
    /// With `discard` (every action was taken back) the record goes
    /// instead: there is nothing to continue. Says where the record is
    /// now (`None`: it has none).
    pub fn keep(
        &self,
        dir: &Path,
        record: &GameRecord,
        discard: bool,
    ) -> Result<Option<PathBuf>, RecordError> {
        let mut file = self.file();
        file.named_copy_current = false;
        if discard {
            if let Some(open) = file.open.take() {
                open.discard();
            }
            file.unsaved = false;
            return Ok(None);
        }
        let saved = match &file.open {
            Some(open) => open.save_record(record).map(|()| open.path().to_path_buf()),
            None => OpenGame::create_with(dir, record).map(|open| {
                let path = open.path().to_path_buf();
                file.open = Some(open);
                path
            }),
        };
        file.unsaved = saved.is_err();
        saved.map(Some)
    }

    /// The player saved the game as it stands to `path`, a file of their
    /// choice (atomically): nothing is lost by leaving now.
    pub fn save_as(&self, path: &Path, record: &GameRecord) -> Result<(), RecordError> {
        save_record(path, record)?;
        let mut file = self.file();
        file.unsaved = false;
        file.named_copy_current = true;
        Ok(())
    }

    /// The game leaves the screen. A finished game's record moves to
    /// `saves_dir` (the history) — unless the player saved it by name as
    /// it stands, which keeps one copy, theirs; an unfinished game's record
    /// stays for Continue, and so does a record whose last save failed (it
    /// is not the whole game). The lock is released. Says where the record
    /// is now; `Err` says why a finished game could not move (it stays
    /// with the games in progress, and moves when that list is next read).
    pub fn close(
        &self,
        finished: bool,
        saves_dir: Option<&Path>,
    ) -> Result<Option<PathBuf>, RecordError> {
        let mut file = self.file();
        let Some(open) = file.open.take() else {
            return Ok(None);
        };
        let here = open.path().to_path_buf();
        if !finished || file.unsaved {
            return Ok(Some(here));
        }
        if file.named_copy_current {
            open.discard();
            return Ok(None);
        }
        let Some(saves_dir) = saves_dir else {
            return Ok(Some(here));
        };
        open.finish(saves_dir).map(Some).map_err(|(_, e)| e)
    }
}
