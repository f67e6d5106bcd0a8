//! Saving records: atomic saves (a crash, a full disk or a killed process
//! never leaves half a save nor destroys the previous one), new files that
//! never replace anything, and the list of saved games.

use super::lock;
use super::{
    record_of, rfc3339, GameRecord, Players, RecordError, RecordErrorKind, MAX_FILE_BYTES,
};
use motley_disk::files::{self, Durability};
use motley_game::Game;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

pub use motley_disk::files::{temp_path_for, write_atomic};

/// The record of a game with its players and the time of saving.
pub fn record_to_save(game: &Game, players: Option<(&str, &str)>) -> GameRecord {
    let mut rec = record_of(game);
    rec.players = players.map(|(w, b)| Players {
        white: w.to_string(),
        black: b.to_string(),
    });
    rec.saved = Some(rfc3339(SystemTime::now()));
    rec
}

/// Save a game as a JSON record (with players and the time of saving),
/// atomically: the previous file at `path` survives any failure.
pub fn save_game(
    path: &Path,
    game: &Game,
    players: Option<(&str, &str)>,
) -> Result<(), RecordError> {
    save_record(path, &record_to_save(game, players))
}

/// The record as the text of its file; refused when it is larger than
/// Motley reads back ([`MAX_FILE_BYTES`]): a file written must never be
/// one that every command then refuses.
pub(super) fn file_text(rec: &GameRecord) -> Result<String, RecordErrorKind> {
    let mut text = rec.to_json();
    text.push('\n');
    let size = text.len() as u64;
    if size > MAX_FILE_BYTES {
        return Err(RecordErrorKind::TooLargeToWrite {
            size,
            limit: MAX_FILE_BYTES,
        });
    }
    Ok(text)
}

fn write_failed(path: &Path, e: io::Error) -> RecordError {
    RecordError::from(RecordErrorKind::Write(e.to_string())).in_file(&path.display().to_string())
}

/// Write a record atomically, creating its folder if needed. The record's
/// lock is held for the write: a record another Motley has open (a game
/// in progress there) is refused with [`RecordErrorKind::HeldElsewhere`]
/// and left as it is, whatever path names it.
pub fn save_record(path: &Path, rec: &GameRecord) -> Result<(), RecordError> {
    let fail = |e| write_failed(path, e);
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir).map_err(fail)?;
    }
    let in_file =
        |kind: RecordErrorKind| RecordError::from(kind).in_file(&path.display().to_string());
    let text = file_text(rec).map_err(in_file)?;
    let _held = lock::try_take(path)
        .map_err(fail)?
        .ok_or_else(|| in_file(RecordErrorKind::HeldElsewhere))?;
    write_atomic(path, text.as_bytes()).map_err(fail)
}

/// Write a record atomically over `path` under its lock, which the
/// caller holds (the replay viewer, for as long as it edits the record).
pub fn save_record_held(
    path: &Path,
    rec: &GameRecord,
    held: &lock::Lock,
) -> Result<(), RecordError> {
    if !held.guards(path) {
        return Err(
            RecordError::from(RecordErrorKind::HeldElsewhere).in_file(&path.display().to_string())
        );
    }
    let text = file_text(rec)
        .map_err(|kind| RecordError::from(kind).in_file(&path.display().to_string()))?;
    write_atomic(path, text.as_bytes()).map_err(|e| write_failed(path, e))
}

/// Write a record as a new file in `dir` named `BASE.json` (or `BASE-2.json`,
/// … when taken), never replacing anything, even a file another process
/// creates at the same moment or a dangling symlink. Returns the path.
/// Bulk writers (import) pass [`Durability::Batched`] and call
/// [`motley_disk::files::sync_file_system`] at the end.
pub fn save_record_new(
    dir: &Path,
    base: &str,
    rec: &GameRecord,
    durability: Durability,
) -> Result<PathBuf, RecordError> {
    let file = dir.join(format!("{base}.json"));
    let fail = |e| write_failed(&file, e);
    let text = file_text(rec)
        .map_err(|kind| RecordError::from(kind).in_file(&file.display().to_string()))?;
    fs::create_dir_all(dir).map_err(fail)?;
    files::write_fresh_with(dir, base, "json", text.as_bytes(), durability).map_err(fail)
}

/// `<YYYYMMDD>-<HHMMSS>` (UTC): a time in file names, sorting by time.
pub fn stamp(t: SystemTime) -> String {
    let digits: String = rfc3339(t).chars().filter(char::is_ascii_digit).collect();
    let (date, time) = digits.split_at(digits.len().min(8));
    format!("{date}-{time}")
}

/// `<stem>-<YYYYMMDD>-<HHMMSS>` (UTC, now): the name of a new save.
pub fn stamped(stem: &str) -> String {
    format!("{stem}-{}", stamp(SystemTime::now()))
}

/// A file name in `dir` free right now, `<stem>-<YYYYMMDD>-<HHMMSS>[-n].json`
/// (UTC): a save prompt's suggestion. [`save_record_new`] creates files
/// under the same names without a race.
pub fn fresh_path_in(dir: &Path, stem: &str) -> Option<PathBuf> {
    files::free_name(dir, &stamped(stem), "json")
}

/// The saved games (JSON and PGN) in a folder, newest first.
pub fn list_saves_in(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<(SystemTime, PathBuf)> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json" || x == "pgn") && p.is_file())
        .map(|p| {
            let t = fs::metadata(&p)
                .and_then(|m| m.modified())
                .unwrap_or(SystemTime::UNIX_EPOCH);
            (t, p)
        })
        .collect();
    found.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    found.into_iter().map(|(_, p)| p).collect()
}

/// The saved games in the data folder's saves folder, newest first.
pub fn list_saves() -> Vec<PathBuf> {
    motley_disk::paths::saves_dir().map_or_else(Vec::new, |dir| list_saves_in(&dir))
}
