//! Reading and writing the user's files safely: only regular files are
//! read (a FIFO, a device or `/dev/zero` behind a symlink would hang Motley
//! or eat its memory), reads are bounded, saves are atomic, and a new file
//! never replaces anything — not another process's file created a moment
//! ago, not a dangling symlink.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, SystemTime};
use thiserror::Error;

/// Why a file could not be read.
#[derive(Debug, Error)]
pub enum ReadError {
    // Said in the message, so not also a `source()` (issue 22, item 13).
    #[error("cannot read the file: {0}")]
    Io(io::Error),
    #[error("cannot read the file: it is a folder")]
    Folder,
    #[error("not a regular file ({0}); only regular files are read")]
    NotRegular(&'static str),
    #[error("the file is {size} bytes; files over {limit} bytes are refused")]
    TooLarge { size: u64, limit: u64 },
}

impl From<io::Error> for ReadError {
    fn from(e: io::Error) -> ReadError {
        ReadError::Io(e)
    }
}

/// Words for what a non-regular file is.
fn kind_word(t: fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    let _ = t;
    "not a plain file"
}

/// Refuse anything that is not a regular file (symlinks are followed: a
/// link to a regular file is fine, a link to `/dev/zero` is not).
fn check_regular(meta: &fs::Metadata) -> Result<(), ReadError> {
    if meta.is_dir() {
        Err(ReadError::Folder)
    } else if !meta.is_file() {
        Err(ReadError::NotRegular(kind_word(meta.file_type())))
    } else {
        Ok(())
    }
}

/// Open a regular file for reading, with its size. The kind is checked
/// before opening, and again on the opened file (opened non-blocking, so a
/// FIFO swapped in between cannot hang the open).
pub fn open_regular(path: &Path) -> Result<(File, u64), ReadError> {
    check_regular(&fs::metadata(path)?)?;
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    let meta = file.metadata()?;
    check_regular(&meta)?;
    Ok((file, meta.len()))
}

/// The whole of a regular file of at most `limit` bytes: larger files are
/// refused before reading, and a file growing past the limit while being
/// read is cut there and refused.
pub fn read_regular(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let (file, size) = open_regular(path)?;
    if size > limit {
        return Err(ReadError::TooLarge { size, limit });
    }
    let mut bytes = Vec::with_capacity(size as usize);
    file.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge {
            size: bytes.len() as u64,
            limit,
        });
    }
    Ok(bytes)
}

/// Serialises saves within this process (the UI's autosave and a save by
/// name may race); other processes are kept apart by the pid in the
/// temporary name.
static WRITE_LOCK: Mutex<()> = Mutex::new(());

/// The temporary file a save of `path` writes first: `.NAME.PID.tmp` in the
/// same folder (a rename is only atomic within one file system).
pub fn temp_path_for(path: &Path) -> io::Result<PathBuf> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
    let tmp_name = format!(".{}.{}.tmp", name.to_string_lossy(), std::process::id());
    Ok(path.with_file_name(tmp_name))
}

/// How hard a write makes sure its bytes reach the disk.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Durability {
    /// Flushed to disk before the file appears (a save).
    Flushed,
    /// Left to the system, for bulk writes (an import of thousands of
    /// games) that call [`sync_file_system`] once at the end. A killed
    /// process still never leaves half a file under the name; only a
    /// power cut before the sync can.
    Batched,
}

/// Write `bytes` to the temporary file of `path`, flushed to disk; on
/// failure nothing is left behind.
fn write_temp(path: &Path, bytes: &[u8]) -> io::Result<PathBuf> {
    write_temp_with(path, bytes, Durability::Flushed)
}

fn write_temp_with(path: &Path, bytes: &[u8], durability: Durability) -> io::Result<PathBuf> {
    let tmp = temp_path_for(path)?;
    // A stale temporary file from a crash of a process with our pid goes;
    // a folder in its place makes the save fail below.
    let _ = fs::remove_file(&tmp);
    let result = (|| {
        let mut f = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        f.write_all(bytes)?;
        match durability {
            Durability::Flushed => f.sync_all(),
            Durability::Batched => Ok(()),
        }
    })();
    match result {
        Ok(()) => Ok(tmp),
        Err(e) => {
            remove_temp(&tmp);
            Err(e)
        }
    }
}

fn remove_temp(tmp: &Path) {
    if fs::symlink_metadata(tmp).is_ok_and(|m| m.is_file()) {
        let _ = fs::remove_file(tmp);
    }
}

/// Replace `path` with `bytes` atomically: write a temporary file in the
/// same folder, flush it to disk, rename it over `path`, then flush the
/// folder. On any failure the temporary file is removed and `path` is as it
/// was.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let _guard = WRITE_LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let tmp = write_temp(path, bytes)?;
    if let Err(e) = fs::rename(&tmp, path) {
        remove_temp(&tmp);
        return Err(e);
    }
    sync_parent(path);
    remove_stale_temps_once(path);
    Ok(())
}

/// Create `path` with `bytes`, atomically and only if nothing is there —
/// no file, folder or symlink (dangling or not): the complete file appears
/// under its name at once, or the call fails with `AlreadyExists` and
/// nothing changed. Safe against another process creating the same name.
pub fn write_new(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_new_with(path, bytes, Durability::Flushed)
}

/// [`write_new`] with the given [`Durability`].
pub fn write_new_with(path: &Path, bytes: &[u8], durability: Durability) -> io::Result<()> {
    let _guard = WRITE_LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let tmp = write_temp_with(path, bytes, durability)?;
    // link(2) never follows or replaces what is at the new name.
    let linked = fs::hard_link(&tmp, path);
    let result = match linked {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(e),
        // File systems without hard links: an exclusive create (O_EXCL
        // refuses symlinks too), then the bytes.
        Err(_) => write_exclusive(path, bytes),
    };
    remove_temp(&tmp);
    if result.is_ok() && durability == Durability::Flushed {
        sync_parent(path);
    }
    result
}

/// Flush everything written to the file system holding `dir` (after
/// [`Durability::Batched`] writes). Best effort where unsupported.
pub fn sync_file_system(dir: &Path) -> io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        let d = File::open(dir)?;
        // SAFETY: syncfs only reads the descriptor, which `d` keeps open.
        if unsafe { libc::syncfs(d.as_raw_fd()) } != 0 {
            return Err(io::Error::last_os_error());
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = dir;
    Ok(())
}

fn write_exclusive(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut f = OpenOptions::new().write(true).create_new(true).open(path)?;
    let written = f.write_all(bytes).and_then(|()| f.sync_all());
    if written.is_err() {
        let _ = fs::remove_file(path);
    }
    written
}

/// Whether `base` names a file in a folder and nothing else: not empty,
/// no path separator, not hidden, `.` or `..`, no control character. A
/// name made from a variant id or a typed word must pass before it is
/// joined to a folder.
pub fn is_plain_name(base: &str) -> bool {
    !base.is_empty()
        && !base.starts_with('.')
        && !base.contains(['/', '\\'])
        && !base.chars().any(char::is_control)
}

/// The names Motley tries for a new file, in order: `dir/BASE.EXT`, then
/// `BASE-2.EXT`, `BASE-3.EXT`… (one naming scheme for every new file);
/// none when `base` or `ext` is not a [plain name](is_plain_name).
fn candidate_names<'a>(
    dir: &'a Path,
    base: &'a str,
    ext: &'a str,
) -> impl Iterator<Item = PathBuf> + 'a {
    let count = match is_plain_name(base) && is_plain_name(ext) {
        true => 100_000,
        false => 0,
    };
    (1u32..=count).map(move |n| {
        dir.join(if n == 1 {
            format!("{base}.{ext}")
        } else {
            format!("{base}-{n}.{ext}")
        })
    })
}

/// The first of the [`candidate_names`] free right now: a suggestion to
/// show (a save prompt's default). To create a file use [`write_fresh`],
/// which cannot race.
pub fn free_name(dir: &Path, base: &str, ext: &str) -> Option<PathBuf> {
    candidate_names(dir, base, ext).find(|p| fs::symlink_metadata(p).is_err())
}

/// Create a new file under the first free one of the [`candidate_names`],
/// with [`write_new`]: safe against other processes creating files there
/// at the same moment. Returns the path written.
pub fn write_fresh(dir: &Path, base: &str, ext: &str, bytes: &[u8]) -> io::Result<PathBuf> {
    write_fresh_with(dir, base, ext, bytes, Durability::Flushed)
}

/// [`write_fresh`] with the given [`Durability`].
pub fn write_fresh_with(
    dir: &Path,
    base: &str,
    ext: &str,
    bytes: &[u8],
    durability: Durability,
) -> io::Result<PathBuf> {
    if !is_plain_name(base) || !is_plain_name(ext) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "'{}' cannot name a file in a folder",
                motley_rules::core::quote::clip(base)
            ),
        ));
    }
    for path in candidate_names(dir, base, ext) {
        match write_new_with(&path, bytes, durability) {
            Ok(()) => return Ok(path),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        format!("every name {base}-N.{ext} is taken"),
    ))
}

/// Files whose stale temporary files this process has already swept
/// (once each, so saving stays cheap however full the folder is).
static SWEPT: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Temporary files of `path` left by killed processes (see
/// [`is_stale_temp`]) are removed, best effort, once per file and process.
fn remove_stale_temps_once(path: &Path) {
    let Some(name) = path.file_name() else {
        return;
    };
    {
        let mut swept = SWEPT.lock().unwrap_or_else(|e| e.into_inner());
        if swept.iter().any(|p| p == path) {
            return;
        }
        swept.push(path.to_path_buf());
    }
    let prefix = format!(".{}.", name.to_string_lossy());
    sweep_temps(folder_of(path), |file_name| file_name.starts_with(&prefix));
}

/// Remove every stale temporary file in `dir` (`.NAME.PID.tmp` over a
/// minute old, left when a process was killed between writing a file
/// aside and linking or renaming it in, e.g. `kill -9` during an import),
/// best effort.
pub fn remove_stale_temps(dir: &Path) {
    sweep_temps(dir, |_| true);
}

/// Remove the stale temporary files in `dir` whose names `wanted` accepts.
fn sweep_temps(dir: &Path, wanted: impl Fn(&str) -> bool) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.filter_map(|e| e.ok()) {
        let file_name = entry.file_name();
        let file_name = file_name.to_string_lossy();
        if !is_temp_name(&file_name) || !wanted(&file_name) {
            continue;
        }
        let Ok(meta) = entry.metadata() else {
            continue;
        };
        if meta.is_file() && is_stale_temp(meta.modified().ok()) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Is this a temporary file's name, `.NAME.PID.tmp`?
fn is_temp_name(file_name: &str) -> bool {
    let parts = file_name
        .strip_prefix('.')
        .and_then(|rest| rest.strip_suffix(".tmp"))
        .and_then(|rest| rest.rsplit_once('.'));
    parts.is_some_and(|(name, pid)| {
        !name.is_empty() && !pid.is_empty() && pid.bytes().all(|c| c.is_ascii_digit())
    })
}

/// A temporary file is stale when it is over a minute old: a write takes
/// milliseconds. (Its pid is no guide: the folder may be shared with
/// other machines or containers, where the number means another process.)
fn is_stale_temp(modified: Option<SystemTime>) -> bool {
    let minute_ago = SystemTime::now().checked_sub(Duration::from_secs(60));
    matches!((modified, minute_ago), (Some(t), Some(m)) if t < m)
}

/// The folder a path is in (`.` for a bare name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// Flush the folder entry of a rename or link (best effort; Unix only).
fn sync_parent(path: &Path) {
    #[cfg(unix)]
    if let Ok(d) = File::open(folder_of(path)) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = path;
}
