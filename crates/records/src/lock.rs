//! Advisory locks on record files. A record's lock is the file
//! `.<name>.lock` beside it (saves replace the record file itself, so the
//! lock cannot live on it). A Motley playing a game holds its lock; any
//! write over a record takes the lock for the time of the write, so a
//! record another Motley holds is never written over, whatever path
//! names it.
//!
//! Lock files are removed once nobody holds them: a holder removes its
//! lock file before releasing it, and [`sweep_stale`] removes those a
//! killed process left. Removal is safe because a taker checks, once it
//! holds the lock, that the file it locked is still the one at the path;
//! a lock on a file removed meanwhile is dropped and taken again.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io;
use std::path::{Path, PathBuf};

/// A record's lock, held: released (and its lock file removed) on drop.
#[derive(Debug)]
pub struct Lock {
    /// The lock file.
    path: PathBuf,
    /// The open lock file; closing it releases the lock.
    file: File,
}

impl Drop for Lock {
    /// Remove the lock file while still holding it: a process that opened
    /// it meanwhile finds, once it gets the lock, that it locked a file no
    /// longer there, and takes the lock again.
    fn drop(&mut self) {
        if same_file(&self.file, &self.path) {
            let _ = fs::remove_file(&self.path);
        }
    }
}

impl Lock {
    /// Is this the lock of the record at `record` (whatever path names it)?
    pub fn guards(&self, record: &Path) -> bool {
        lock_path(record) == self.path
    }
}

/// The lock file of a record: `.<name>.lock` beside the file the path
/// leads to, symbolic links followed, so that a link to a game locks (and
/// sees the lock of) the game itself.
pub fn lock_path(record: &Path) -> PathBuf {
    let record = resolved(record);
    let name = record
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    record.with_file_name(format!(".{name}.lock"))
}

/// How many symbolic links in a row are followed to a record that does
/// not exist yet (the system's own limit is about as many).
const MAX_LINKS: usize = 40;

/// The path of the file `record` leads to: its links followed, its folder
/// made canonical; as given when its folder cannot be found.
fn resolved(record: &Path) -> PathBuf {
    if let Ok(path) = fs::canonicalize(record) {
        return path;
    }
    // No such file (yet): a dangling link leads to where its target
    // would be; the folder of a new file is made canonical.
    let mut path = record.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::read_link(&path) {
            Ok(target) => {
                path = match path.parent() {
                    Some(dir) => dir.join(target),
                    None => target,
                }
            }
            Err(_) => break,
        }
    }
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
        return path;
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    fs::canonicalize(dir).map_or(path.clone(), |dir| dir.join(name))
}

/// Is `name` a lock file's name (`.<name>.lock`)?
fn is_lock_name(name: &str) -> bool {
    name.len() > ".lock".len() + 1 && name.starts_with('.') && name.ends_with(".lock")
}

/// Is the file `file` has open still the one at `path`? (A lock file
/// removed or replaced since it was opened is not.)
fn same_file(file: &File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (file.metadata(), fs::symlink_metadata(path)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = file;
        path.exists()
    }
}

/// How often a lock whose file vanished under it is taken again before
/// giving up (each retry means another process removed a lock file in the
/// instant between opening and locking it).
const RETRIES: usize = 100;

/// Take the lock of the record at `record` without waiting: `Ok(None)`
/// when another holder has it (another process, or another [`Lock`] of
/// this one).
pub fn try_take(record: &Path) -> io::Result<Option<Lock>> {
    take_with(record, |f| match f.try_lock() {
        Ok(()) => Ok(true),
        Err(TryLockError::WouldBlock) => Ok(false),
        Err(TryLockError::Error(e)) => Err(e),
    })
}

/// Take the lock of the record at `record`, waiting for its holder.
pub fn take(record: &Path) -> io::Result<Lock> {
    take_with(record, |f| f.lock().map(|()| true))?.ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::WouldBlock,
            "the lock could not be taken".to_string(),
        )
    })
}

fn take_with(record: &Path, lock: impl Fn(&File) -> io::Result<bool>) -> io::Result<Option<Lock>> {
    let path = lock_path(record);
    for _ in 0..RETRIES {
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)?;
        if !lock(&file)? {
            return Ok(None);
        }
        if same_file(&file, &path) {
            return Ok(Some(Lock { path, file }));
        }
        // Removed by its last holder or a sweep between our open and our
        // lock: this lock guards nothing; take the new file's.
    }
    Err(io::Error::other(
        "the lock file keeps disappearing; try again",
    ))
}

/// Is the record at `record` held right now (by another process, or by a
/// [`Lock`] of this one)?
pub fn is_held(record: &Path) -> bool {
    let Ok(file) = File::open(lock_path(record)) else {
        return false;
    };
    matches!(file.try_lock_shared(), Err(TryLockError::WouldBlock))
}

/// Remove the lock files in `dir` that nobody holds (left by processes
/// that were killed), best effort. A held lock is left alone, and so is
/// one taken at this very moment (see the module comment).
pub fn sweep_stale(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.filter_map(|e| e.ok()) {
        let name = entry.file_name();
        if !is_lock_name(&name.to_string_lossy()) {
            continue;
        }
        if !entry.file_type().is_ok_and(|t| t.is_file()) {
            continue;
        }
        let path = entry.path();
        let Ok(file) = OpenOptions::new().read(true).write(true).open(&path) else {
            continue;
        };
        if file.try_lock().is_ok() && same_file(&file, &path) {
            let _ = fs::remove_file(&path);
        }
    }
}
