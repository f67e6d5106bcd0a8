//! Where a session's game is kept and saved, as the session sees it: it
//! asks for writes ([`Write`]) and learns what they came to ([`Written`]),
//! so it knows whether every action is in some file and, while saving
//! fails, why — which the screen shows until a save works again. The
//! game is kept in its own record from the first action played or taken
//! back here; opening a game, even a finished one, writes nothing.

use super::record_file::RecordSlot;
use super::writes::{Write, Written};
use motley_disk::paths::PathError;
use motley_game::Game;
use motley_records::games::OpenGame;
use motley_records::{GameRecord, RecordError};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use thiserror::Error;

/// Numbers sessions across the run, so what a write came to reaches the
/// session that asked for it and no other.
static NEXT_SESSION: AtomicU64 = AtomicU64::new(1);

/// Why the game cannot be saved where the player typed.
#[derive(Debug, Error)]
pub enum SaveTargetError {
    #[error(transparent)]
    /// The path cannot be read (`~user`, no home folder).
    Path(#[from] PathError),
    #[error("{} is this game's own record, kept already", motley_rules::core::quote::path(.0))]
    /// The game's own record is kept already.
    OwnRecord(PathBuf),
    #[error("another Motley has {} open", motley_rules::core::quote::path(.0))]
    /// Another Motley plays the game saved there.
    HeldElsewhere(PathBuf),
    #[error("there is no folder {}: a folder is not made with a game file's name", motley_rules::core::quote::path(.0))]
    /// The path goes through a folder that does not exist and is named
    /// like a game file (`game.json/…`): a suggested name that typing was
    /// added to, never a folder to make.
    FolderLikeAFile(PathBuf),
}

/// The extensions of game files, which no folder Motley makes may end in.
const GAME_FILE_EXTENSIONS: [&str; 2] = ["json", "pgn"];

/// The first folder on the way to `path` that does not exist yet and is
/// named like a game file, if any.
fn new_folder_like_a_file(path: &Path) -> Option<PathBuf> {
    let mut found = None;
    for folder in path.ancestors().skip(1) {
        if std::fs::symlink_metadata(folder).is_ok() {
            break;
        }
        let like_a_file = folder.extension().is_some_and(|x| {
            GAME_FILE_EXTENSIONS
                .iter()
                .any(|g| x.eq_ignore_ascii_case(g))
        });
        if like_a_file {
            found = Some(folder.to_path_buf());
        }
    }
    found
}

/// See the module comment.
#[derive(Debug)]
pub struct Saving {
    /// Tags this session's writes.
    session: u64,
    /// The game's own record, as the writer keeps it.
    slot: RecordSlot,
    /// The game's own record's path, once it has one.
    record_path: Option<PathBuf>,
    /// Why the last save failed, while saving fails.
    problem: Option<RecordError>,
    /// Some actions are in no file at all.
    unsaved: bool,
    /// Something was played or taken back here.
    touched: bool,
    /// The game has left the screen: nothing more is written.
    closed: bool,
    /// Where a save goes by default (the loaded or last saved file).
    save_path: Option<PathBuf>,
    /// The file the player last saved to here (saving there again needs
    /// no consent to replace it).
    saved_to: Option<PathBuf>,
    /// Where the record went when the game left, once known.
    closed_at: Option<Result<Option<PathBuf>, RecordError>>,
    /// Writes asked for and not yet handed to the runtime.
    writes: Vec<Write>,
}

impl Default for Saving {
    fn default() -> Saving {
        Saving {
            session: NEXT_SESSION.fetch_add(1, Ordering::Relaxed),
            slot: RecordSlot::default(),
            record_path: None,
            problem: None,
            unsaved: false,
            touched: false,
            closed: false,
            save_path: None,
            saved_to: None,
            closed_at: None,
            writes: Vec::new(),
        }
    }
}

impl Saving {
    /// The number that tags this session's writes.
    pub fn session(&self) -> u64 {
        self.session
    }

    /// A game in progress read from its record, which `open` locks: it is
    /// played on in that record.
    pub fn held(open: OpenGame) -> Saving {
        Saving {
            record_path: Some(open.path().to_path_buf()),
            slot: RecordSlot::held(open),
            ..Saving::default()
        }
    }

    /// Offer `path` as the file to save to (after asking before replacing
    /// it).
    pub fn offer(&mut self, path: PathBuf) {
        self.save_path = Some(path);
    }

    /// Something was played or taken back: the game is kept from now on.
    pub fn touch(&mut self) {
        self.touched = true;
    }

    /// The game is to be kept: something was played or taken back here,
    /// and it has not left.
    pub fn keeps(&self) -> bool {
        self.touched && !self.closed
    }

    /// Keep the game (`record`, the game as it stands) in its own record
    /// in `games_dir`, once something was played or taken back here; with
    /// `announce` the screen is told where. `None` for `games_dir`: games
    /// are not kept at all (nothing is written, nor said to be unsaved).
    pub fn keep(
        &mut self,
        games_dir: Option<&Path>,
        game: &Game,
        record: GameRecord,
        announce: bool,
    ) {
        let Some(dir) = games_dir.filter(|_| self.keeps()) else {
            return;
        };
        self.writes.push(Write::Keep {
            session: self.session,
            slot: self.slot.clone(),
            dir: dir.to_path_buf(),
            record: Box::new(record),
            discard: game.ply() == 0 && game.outcome().is_none(),
            announce,
        });
    }

    /// Save `record` to `path`, a file the player named.
    pub fn save_as(&mut self, path: PathBuf, record: GameRecord) {
        self.writes.push(Write::SaveAs {
            session: self.session,
            slot: self.slot.clone(),
            path,
            record: Box::new(record),
        });
    }

    /// The game leaves: put its record where it belongs (with the saves
    /// once `finished`), after the writes asked for already.
    pub fn close(&mut self, finished: bool, saves_dir: Option<&Path>) {
        if self.closed {
            return;
        }
        self.closed = true;
        self.writes.push(Write::Close {
            session: self.session,
            slot: self.slot.clone(),
            finished,
            saves_dir: saves_dir.map(Path::to_path_buf),
        });
    }

    /// Hand the writes asked for to whoever carries them out, in order.
    pub fn take_writes(&mut self) -> Vec<Write> {
        std::mem::take(&mut self.writes)
    }

    /// What a write came to: false when it was not this session's.
    pub fn take(&mut self, written: &Written) -> bool {
        match written {
            Written::Kept {
                session, result, ..
            } if *session == self.session => {
                match result {
                    Ok(path) => {
                        self.record_path.clone_from(path);
                        self.unsaved = false;
                        self.problem = None;
                    }
                    Err(e) => {
                        self.unsaved = true;
                        self.problem = Some(e.clone());
                    }
                }
                true
            }
            Written::SavedAs {
                session,
                path,
                result,
            } if *session == self.session => {
                if result.is_ok() {
                    self.save_path = Some(path.clone());
                    self.saved_to = Some(path.clone());
                    self.unsaved = false;
                }
                true
            }
            Written::Closed { session, result } if *session == self.session => {
                self.closed_at = Some(result.clone());
                true
            }
            _ => false,
        }
    }

    /// Why the game is not being saved, while saving fails.
    pub fn problem(&self) -> Option<&RecordError> {
        self.problem.as_ref()
    }

    /// Some actions are in no file: leaving now would lose them.
    pub fn unsaved(&self) -> bool {
        self.unsaved
    }

    /// The game's own record, once it has one.
    pub fn record_path(&self) -> Option<&Path> {
        self.record_path.as_deref()
    }

    /// Where `s` saves by default.
    pub fn save_path(&self) -> Option<&Path> {
        self.save_path.as_deref()
    }

    /// Where the record went when the game left (`None` until known).
    pub fn closed_at(&self) -> Option<&Result<Option<PathBuf>, RecordError>> {
        self.closed_at.as_ref()
    }

    /// Where the save dialog suggests saving a game of `variant`: the
    /// game's file, or a new name in `saves_dir` — in the home folder
    /// while saving into the data folder fails (the data folder is likely
    /// what fails).
    pub fn suggested_path(&self, saves_dir: Option<&Path>, variant: &str) -> Option<PathBuf> {
        let home = || motley_disk::paths::expand_user(Path::new("~")).ok();
        let dir = match self.problem {
            Some(_) => home().or_else(|| saves_dir.map(Path::to_path_buf)),
            None => saves_dir.map(Path::to_path_buf),
        };
        // A file another Motley plays on cannot be saved over: not offered.
        self.save_path
            .clone()
            .filter(|p| !motley_records::lock::is_held(p))
            .or_else(|| dir.map(|d| fresh_path(&d, variant)))
    }

    /// Where a path the player typed points (`~` is the home folder), and
    /// whether saving there replaces a file without their consent yet
    /// (anything there but the file saved to before here). A folder named
    /// like a game file is never made on the way. A game in
    /// progress — another Motley's, or this game's own record — is never
    /// saved over, so replacing it is not even asked.
    pub fn target(&self, typed: &str) -> Result<(PathBuf, bool), SaveTargetError> {
        let path = motley_disk::paths::expand_user(Path::new(typed.trim()))?;
        if let Some(folder) = new_folder_like_a_file(&path) {
            return Err(SaveTargetError::FolderLikeAFile(folder));
        }
        if self.record_path().is_some_and(|p| same_path(p, &path)) {
            return Err(SaveTargetError::OwnRecord(path));
        }
        if motley_records::lock::is_held(&path) {
            return Err(SaveTargetError::HeldElsewhere(path));
        }
        let taken = std::fs::symlink_metadata(&path).is_ok();
        let replaces = taken && self.saved_to.as_deref() != Some(path.as_path());
        Ok((path, replaces))
    }
}

/// Do `a` and `b` name the same file (when both exist), or the same path?
fn same_path(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// A file name in `dir` that does not exist yet:
/// `<stem>-<YYYYMMDD>-<HHMMSS>[-n].json` (UTC).
pub fn fresh_path(dir: &Path, stem: &str) -> PathBuf {
    motley_records::store::fresh_path_in(dir, stem).unwrap_or_else(|| {
        // A stem that is no plain file name never becomes a path.
        let stem = match motley_disk::files::is_plain_name(stem) {
            true => stem,
            false => "game",
        };
        dir.join(format!("{stem}.json"))
    })
}
