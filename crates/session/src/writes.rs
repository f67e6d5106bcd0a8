//! Writes as requests: the session and the screens ask for a [`Write`]
//! instead of writing, and the runtime carries it out off the input path
//! ([`Write::perform`]: on a writer thread in the terminal UI; here and
//! now in tests and when Motley ends) and hands back what it came to, a
//! [`Written`], so a slow or failing disk never delays a key press and
//! every failure still reaches the screen.

use super::edit_file::{EditSlot, StoreError};
use super::record_file::RecordSlot;
use motley_ai::analysis::GameAnalysis;
use motley_game::variant::Registry;
use motley_records::games::OpenGame;
use motley_records::{Annotations, GameRecord, RecordError, RecordErrorKind};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use thiserror::Error;

/// A write to carry out, in the order asked.
#[derive(Clone, Debug)]
pub enum Write {
    /// Keep a game in its own record (after every action).
    Keep {
        /// The session asking ([`super::Session::id`]).
        session: u64,
        /// The game's record file.
        slot: RecordSlot,
        /// The games folder.
        dir: PathBuf,
        /// The game as it stands.
        record: Box<GameRecord>,
        /// Every action was taken back: the record goes.
        discard: bool,
        /// Say where the record is once written (a branch is announced).
        announce: bool,
    },
    /// Save a game to a file the player named.
    SaveAs {
        /// The session asking.
        session: u64,
        /// The game's own record file.
        slot: RecordSlot,
        /// Where to.
        path: PathBuf,
        /// The game as it stands.
        record: Box<GameRecord>,
    },
    /// A game leaves the screen: its record goes where it belongs.
    Close {
        /// The session asking.
        session: u64,
        /// The game's record file.
        slot: RecordSlot,
        /// The game is over (its record moves to the saves).
        finished: bool,
        /// The saves folder.
        saves_dir: Option<PathBuf>,
    },
    /// Write a game's PGN to a new file, never over another.
    Export {
        /// The exports folder (`None`: there is none).
        dir: Option<PathBuf>,
        /// The variant's id, which names the file.
        variant: String,
        /// The text.
        pgn: String,
    },
    /// Keep an analysis in the JSON record it is of.
    StoreAnalysis {
        /// The record.
        path: PathBuf,
        /// The analysis of the moves the record holds.
        analysis: Box<GameAnalysis>,
        /// The viewer's hold on the record.
        slot: EditSlot,
    },
    /// Keep a tree of variations and annotations in the JSON record it
    /// hangs on (the record's moves are never changed).
    StoreTree {
        /// The record.
        path: PathBuf,
        /// The record's moves, as the tree's main line has them.
        moves: Vec<String>,
        /// What hangs on them (`None`: nothing any more).
        annotations: Option<Box<Annotations>>,
        /// The viewer's hold on the record: its lock, and what it knows
        /// the file holds.
        slot: EditSlot,
    },
    /// Delete a saved game (never one another Motley has open).
    Delete {
        /// The game's file.
        path: PathBuf,
    },
    /// Put the games folder in order ([`motley_records::games::tidy`]):
    /// stale locks and temporary files go, finished games move to the
    /// saves.
    Tidy {
        /// The games folder.
        games_dir: PathBuf,
        /// The saves folder (`None`: finished games stay).
        saves_dir: Option<PathBuf>,
        /// The variants, to read the records by.
        registry: Box<Registry>,
    },
}

/// What a write came to.
#[derive(Clone, Debug)]
pub enum Written {
    /// A game's record was kept: where it is now (`None`: it has none),
    /// or why it could not be written.
    Kept {
        /// The session that asked.
        session: u64,
        /// Where, or why not.
        result: Result<Option<PathBuf>, RecordError>,
        /// To be said on screen.
        announce: bool,
    },
    /// A game was saved to a file the player named, or not.
    SavedAs {
        /// The session that asked.
        session: u64,
        /// The file.
        path: PathBuf,
        /// Why not, when not.
        result: Result<(), RecordError>,
    },
    /// A game left: where its record is now, or why a finished game's
    /// record could not move to the saves.
    Closed {
        /// The session that asked.
        session: u64,
        /// Where, or why not.
        result: Result<Option<PathBuf>, RecordError>,
    },
    /// A PGN export: the new file, or why there is none.
    Exported(Result<PathBuf, ExportError>),
    /// An analysis was kept in its record, or why not.
    AnalysisStored {
        /// The record.
        path: PathBuf,
        /// The analysis.
        analysis: Box<GameAnalysis>,
        /// Why not, when not.
        result: Result<(), StoreError>,
    },
    /// A tree was kept in its record, or why not.
    TreeStored {
        /// The record.
        path: PathBuf,
        /// Why not, when not.
        result: Result<(), StoreError>,
    },
    /// A saved game was deleted, or why not.
    Deleted {
        /// The file.
        path: PathBuf,
        /// Why not, when not.
        result: Result<(), DeleteError>,
    },
    /// The games folder was put in order: how many finished games moved
    /// to the saves.
    Tidied {
        /// Finished games moved.
        moved: usize,
    },
}

impl Write {
    /// Carry the write out, now, on this thread.
    pub fn perform(self) -> Written {
        match self {
            Write::Keep {
                session,
                slot,
                dir,
                record,
                discard,
                announce,
            } => Written::Kept {
                session,
                result: slot.keep(&dir, &record, discard),
                announce,
            },
            Write::SaveAs {
                session,
                slot,
                path,
                record,
            } => {
                let result = slot.save_as(&path, &record);
                Written::SavedAs {
                    session,
                    path,
                    result,
                }
            }
            Write::Close {
                session,
                slot,
                finished,
                saves_dir,
            } => Written::Closed {
                session,
                result: slot.close(finished, saves_dir.as_deref()),
            },
            Write::Export { dir, variant, pgn } => {
                Written::Exported(export(dir.as_deref(), &variant, &pgn))
            }
            Write::StoreTree {
                path,
                moves,
                annotations,
                slot,
            } => {
                let result = slot.store_tree(&path, &moves, annotations.map(|a| *a));
                Written::TreeStored { path, result }
            }
            Write::Delete { path } => {
                let result = delete_game(&path);
                Written::Deleted { path, result }
            }
            Write::Tidy {
                games_dir,
                saves_dir,
                registry,
            } => Written::Tidied {
                moved: motley_records::games::tidy(&games_dir, saves_dir.as_deref(), &registry),
            },
            Write::StoreAnalysis {
                path,
                analysis,
                slot,
            } => {
                let result = slot.store_analysis(&path, &analysis);
                Written::AnalysisStored {
                    path,
                    analysis,
                    result,
                }
            }
        }
    }
}

/// Why a game was not exported.
#[derive(Clone, Debug, Error)]
pub enum ExportError {
    #[error("there is no data folder to export to")]
    /// No data folder on this system.
    NoFolder,
    #[error("cannot create {}: {error}", motley_rules::core::quote::path(dir))]
    /// The exports folder could not be made.
    Folder {
        /// The folder.
        dir: PathBuf,
        /// Why.
        error: Arc<std::io::Error>,
    },
    #[error("writing in {}: {error}", motley_rules::core::quote::path(dir))]
    /// The file could not be written.
    Write {
        /// The folder.
        dir: PathBuf,
        /// Why.
        error: Arc<std::io::Error>,
    },
}

/// Write `pgn` to a new file `<variant>-<time stamp>[-n].pgn` in `dir`,
/// never over an existing file.
fn export(dir: Option<&Path>, variant: &str, pgn: &str) -> Result<PathBuf, ExportError> {
    let dir = dir.ok_or(ExportError::NoFolder)?;
    std::fs::create_dir_all(dir).map_err(|e| ExportError::Folder {
        dir: dir.to_path_buf(),
        error: Arc::new(e),
    })?;
    let base = motley_records::store::stamped(variant);
    motley_disk::files::write_fresh(dir, &base, "pgn", pgn.as_bytes()).map_err(|e| {
        ExportError::Write {
            dir: dir.to_path_buf(),
            error: Arc::new(e),
        }
    })
}

/// Why a saved game was not deleted.
#[derive(Clone, Debug, Error)]
pub enum DeleteError {
    #[error("the game is open in another Motley")]
    /// Another Motley plays it.
    Locked,
    #[error(transparent)]
    /// Its lock could not be taken, or the file is gone.
    Open(RecordError),
    #[error("{}: {error}", motley_rules::core::quote::path(path))]
    /// The file could not be removed.
    Remove {
        /// The file.
        path: PathBuf,
        /// Why.
        error: Arc<std::io::Error>,
    },
}

/// Delete the saved game at `path` under its lock, so that a game another
/// Motley has open is never deleted.
fn delete_game(path: &Path) -> Result<(), DeleteError> {
    let open = OpenGame::open(path).map_err(|e| match *e.kind {
        RecordErrorKind::Locked => DeleteError::Locked,
        _ => DeleteError::Open(e),
    })?;
    let removed = std::fs::remove_file(path);
    open.discard();
    removed.map_err(|error| DeleteError::Remove {
        path: path.to_path_buf(),
        error: Arc::new(error),
    })
}
