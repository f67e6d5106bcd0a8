//! Saved games on disk: atomic writes (so a crash, a full disk or a killed
//! process never leaves half a save nor destroys the previous one), and the
//! data folder with the autosave and the saves folder.

use super::{
    read_games, record_of, rfc3339, GameRecord, Players, RecordError, RecordErrorKind, SavedGame,
};
use crate::game::Game;
use crate::variant::Registry;
use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::SystemTime;

/// Environment variable naming Motley's data folder instead of the
/// platform's (`<data>/motley`): tests and scripted sessions use it to keep
/// their autosave and saves apart from the user's.
pub const DATA_DIR_ENV: &str = "MOTLEY_DATA_DIR";

/// Motley's data folder: `$MOTLEY_DATA_DIR` when set and not empty, else
/// `<platform data dir>/motley` (`~/.local/share/motley` on Linux).
pub fn data_dir() -> Option<PathBuf> {
    match std::env::var_os(DATA_DIR_ENV) {
        Some(d) if !d.is_empty() => Some(PathBuf::from(d)),
        _ => dirs::data_dir().map(|d| d.join("motley")),
    }
}

/// Where the game in progress is saved after every action.
pub fn autosave_path() -> Option<PathBuf> {
    data_dir().map(|d| d.join("autosave.json"))
}

/// Where games saved by name go.
pub fn saves_dir() -> Option<PathBuf> {
    data_dir().map(|d| d.join("saves"))
}

/// A new file in [`saves_dir`] for a game: `<variant>-<YYYYMMDD>-<HHMMSS>.json`
/// (UTC), with `-2`, `-3`… when that exists.
pub fn new_save_path(game: &Game) -> Option<PathBuf> {
    let dir = saves_dir()?;
    fresh_path_in(&dir, &game.variant().id)
}

/// A file name in `dir` that does not exist yet:
/// `<stem>-<YYYYMMDD>-<HHMMSS>[-n].json` (UTC).
pub fn fresh_path_in(dir: &Path, stem: &str) -> Option<PathBuf> {
    let stamp: String = rfc3339(SystemTime::now())
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    let (date, time) = stamp.split_at(stamp.len().min(8));
    let base = format!("{stem}-{date}-{time}");
    let first = dir.join(format!("{base}.json"));
    if !first.exists() {
        return Some(first);
    }
    (2u32..10_000)
        .map(|n| dir.join(format!("{base}-{n}.json")))
        .find(|p| !p.exists())
}

/// The saved games (JSON and PGN) in [`saves_dir`], newest first.
pub fn list_saves() -> Vec<PathBuf> {
    saves_dir().map_or_else(Vec::new, |dir| list_saves_in(&dir))
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

/// Forget the autosave (the game it held ended or was saved by name).
/// Returns false when a file is still there afterwards.
pub fn clear_autosave() -> bool {
    let Some(path) = autosave_path() else {
        return true;
    };
    match fs::remove_file(&path) {
        Ok(()) => true,
        Err(e) if e.kind() == io::ErrorKind::NotFound => true,
        Err(_) => !path.exists(),
    }
}

/// Save the game in progress to the autosave file.
pub fn autosave(game: &Game, players: Option<(&str, &str)>) -> Result<(), RecordError> {
    let path = autosave_path().ok_or_else(|| RecordError::from(RecordErrorKind::NoDataDir))?;
    save_game(&path, game, players)
}

/// The autosaved game, if there is one (`None` when no autosave exists).
pub fn load_autosave(registry: &Registry) -> Option<Result<SavedGame, RecordError>> {
    let path = autosave_path()?;
    if !path.exists() {
        return None;
    }
    Some(match read_games(&path, registry) {
        Err(e) => Err(e),
        Ok(games) => games
            .into_iter()
            .next()
            .map_or_else(|| Err(RecordErrorKind::NoGames.into()), |r| r.into_result()),
    })
}

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

/// Write a record atomically, creating its folder if needed.
pub fn save_record(path: &Path, rec: &GameRecord) -> Result<(), RecordError> {
    let mut text = rec.to_json();
    text.push('\n');
    let fail = |e: io::Error| {
        RecordError::from(RecordErrorKind::Write(e.to_string()))
            .in_file(&path.display().to_string())
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir).map_err(fail)?;
    }
    write_atomic(path, text.as_bytes()).map_err(fail)
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

/// Replace `path` with `bytes` atomically: write a temporary file in the
/// same folder, flush it to disk, rename it over `path`, then flush the
/// folder. On any failure the temporary file is removed and `path` is as it
/// was.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let _guard = WRITE_LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let tmp = temp_path_for(path)?;
    // A stale temporary file from a crash of a process with our pid goes;
    // a folder in its place makes the save fail below.
    let _ = fs::remove_file(&tmp);
    let result = (|| {
        let mut f = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        drop(f);
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        if fs::symlink_metadata(&tmp).is_ok_and(|m| m.is_file()) {
            let _ = fs::remove_file(&tmp);
        }
        return result;
    }
    sync_parent(path);
    remove_stale_temps(path);
    Ok(())
}

/// Temporary files of `path` left by killed processes (`.NAME.PID.tmp`
/// older than a minute, so no live save is touched) are removed, best
/// effort, so crashes do not pile them up.
fn remove_stale_temps(path: &Path) {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
        return;
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let prefix = format!(".{}.", name.to_string_lossy());
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let minute_ago = SystemTime::now() - std::time::Duration::from_secs(60);
    for entry in entries.filter_map(|e| e.ok()) {
        let file_name = entry.file_name();
        let file_name = file_name.to_string_lossy();
        let is_temp = file_name
            .strip_prefix(&prefix)
            .and_then(|rest| rest.strip_suffix(".tmp"))
            .is_some_and(|pid| !pid.is_empty() && pid.bytes().all(|c| c.is_ascii_digit()));
        let stale = entry
            .metadata()
            .ok()
            .filter(|m| m.is_file())
            .and_then(|m| m.modified().ok())
            .is_some_and(|t| t < minute_ago);
        if is_temp && stale {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Flush the folder entry of a rename (best effort; Unix only).
fn sync_parent(path: &Path) {
    #[cfg(unix)]
    if let Some(dir) = path.parent() {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        if let Ok(d) = fs::File::open(dir) {
            let _ = d.sync_all();
        }
    }
    #[cfg(not(unix))]
    let _ = path;
}
