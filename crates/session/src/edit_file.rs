//! A JSON record the replay viewer keeps its edits in (variations,
//! comments, the analysis). Two viewers on one record must never write
//! over each other: the first to write takes the record's lock and holds
//! it while it is open, so that another Motley — viewer or player — is
//! refused and says it is read-only here; and a write goes only when the
//! file still holds the annotations this viewer read (or last wrote), so
//! that what another Motley wrote in the meantime is never dropped.

use motley_ai::analysis::GameAnalysis;
use motley_disk::files::ReadError;
use motley_records::lock::{self, Lock};
use motley_records::RecordError;
use motley_records::{Annotations, GameRecord, GameTree, MAX_FILE_BYTES};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use thiserror::Error;

/// See the module comment. Cloned into each write; the lock goes with the
/// last clone (the viewer leaving, and its last write done).
#[derive(Clone, Debug, Default)]
pub struct EditSlot(Arc<Mutex<EditFile>>);

#[derive(Debug, Default)]
struct EditFile {
    /// The record's lock, from this viewer's first write on.
    lock: Option<Lock>,
    /// The annotations the file holds as far as this viewer knows (as
    /// read, then as written here), in the form [`normalized`] gives.
    known: Annotations,
    /// Why this viewer writes no more: another Motley has the record
    /// open, or changed it since it was read here.
    refused: Option<StoreError>,
}

/// Annotations as the tree they make gives them back: older nested
/// records and flat ones compare alike.
pub fn normalized(moves: &[String], annotations: Option<&Annotations>) -> Annotations {
    match annotations {
        Some(a) => GameTree::new(moves, a).annotations(),
        None => Annotations::default(),
    }
}

impl EditSlot {
    /// The slot of a record whose annotations, as read, make `tree`.
    pub fn reading(tree: &GameTree) -> EditSlot {
        EditSlot(Arc::new(Mutex::new(EditFile {
            known: tree.annotations(),
            ..EditFile::default()
        })))
    }

    fn file(&self) -> MutexGuard<'_, EditFile> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Why writes are refused here, once they are.
    pub fn refused(&self) -> Option<StoreError> {
        self.file().refused.clone()
    }

    /// Keep `annotations` (none: nothing any more) in the record at
    /// `path`, when it still holds `moves` and the annotations this
    /// viewer knows of; nothing else of the record changes.
    pub fn store_tree(
        &self,
        path: &Path,
        moves: &[String],
        annotations: Option<Annotations>,
    ) -> Result<(), StoreError> {
        let annotations = annotations.filter(|a| !a.is_empty());
        let mut file = self.file();
        let mut rec = file.take(path)?;
        if rec.moves != moves {
            return Err(file.refuse(StoreError::OtherMoves(path.to_path_buf())));
        }
        if normalized(&rec.moves, rec.annotations.as_ref()) != file.known {
            return Err(file.refuse(StoreError::ChangedElsewhere(path.to_path_buf())));
        }
        rec.annotations = annotations.clone();
        file.write(path, &rec)?;
        file.known = annotations.unwrap_or_default();
        Ok(())
    }

    /// Keep `analysis` in the record at `path`, when it still holds the
    /// moves analysed; nothing else of the record changes.
    pub fn store_analysis(&self, path: &Path, analysis: &GameAnalysis) -> Result<(), StoreError> {
        let mut file = self.file();
        let mut rec = file.take(path)?;
        let analysed: Vec<&str> = analysis.plies.iter().map(|p| p.action.as_str()).collect();
        if rec.moves != analysed || rec.variant != analysis.variant {
            return Err(StoreError::OtherMoves(path.to_path_buf()));
        }
        let value = serde_json::to_value(analysis).map_err(|e| StoreError::Encode(Arc::new(e)))?;
        rec.analysis = Some(value);
        file.write(path, &rec)
    }
}

impl EditFile {
    /// Refuse every write from now on, for `why`; the lock goes.
    fn refuse(&mut self, why: StoreError) -> StoreError {
        self.lock = None;
        self.refused = Some(why.clone());
        why
    }

    /// The record at `path`, read under its lock (taken now if this
    /// viewer does not hold it yet).
    fn take(&mut self, path: &Path) -> Result<GameRecord, StoreError> {
        if let Some(why) = &self.refused {
            return Err(why.clone());
        }
        if self.lock.is_none() {
            let taken = lock::try_take(path).map_err(|e| StoreError::Read {
                path: path.to_path_buf(),
                error: Arc::new(motley_disk::files::ReadError::Io(e)),
            })?;
            match taken {
                Some(held) => self.lock = Some(held),
                None => return Err(self.refuse(StoreError::HeldElsewhere(path.to_path_buf()))),
            }
        }
        let bytes = motley_disk::files::read_regular(path, MAX_FILE_BYTES).map_err(|e| {
            StoreError::Read {
                path: path.to_path_buf(),
                error: Arc::new(e),
            }
        })?;
        let text = String::from_utf8_lossy(&bytes);
        GameRecord::from_json(&text).map_err(|_| StoreError::NotARecord(path.to_path_buf()))
    }

    /// Write `rec` over the record at `path`, atomically, under the lock
    /// held.
    fn write(&self, path: &Path, rec: &GameRecord) -> Result<(), StoreError> {
        let Some(held) = &self.lock else {
            return Err(StoreError::HeldElsewhere(path.to_path_buf()));
        };
        motley_records::store::save_record_held(path, rec, held).map_err(StoreError::Save)
    }
}

/// Why an analysis was not kept in its record.
#[derive(Clone, Debug, Error)]
pub enum StoreError {
    #[error("{} is open in another Motley (played or edited there): it is read-only here", motley_rules::core::quote::path(.0))]
    /// Another Motley has the record open: a game played there, or a
    /// replay viewer that wrote to it.
    HeldElsewhere(PathBuf),
    #[error("{} was changed by another Motley since it was opened here: it is read-only here (open it again to see the changes)", motley_rules::core::quote::path(.0))]
    /// The record's annotations are no longer those this viewer read:
    /// writing would drop what another Motley wrote.
    ChangedElsewhere(PathBuf),
    #[error("{}: {error}", motley_rules::core::quote::path(path))]
    /// The record could not be read.
    Read {
        /// The record.
        path: PathBuf,
        /// Why.
        error: Arc<ReadError>,
    },
    #[error("{} is not a JSON record (PGN files keep no analysis and no variations: e exports them)", motley_rules::core::quote::path(.0))]
    /// The file is no JSON record.
    NotARecord(PathBuf),
    #[error("{} holds other moves than those analysed", motley_rules::core::quote::path(.0))]
    /// The file changed since it was analysed.
    OtherMoves(PathBuf),
    #[error("{0}")]
    /// The analysis could not be put into JSON.
    Encode(Arc<serde_json::Error>),
    #[error(transparent)]
    /// The record could not be written.
    Save(RecordError),
}
