//! Games in progress: each lives in its own record file in the games
//! folder (`<data>/games`, see [`motley_disk::paths::games_dir`]) from its first
//! action on, created exclusively as `<YYYYMMDD>-<HHMMSS>-<variant>.json`,
//! so a new game never touches another's file. A process playing a game
//! holds an advisory lock on it (a lock file beside it, `.<name>.lock`,
//! since saves replace the record file itself); another process asking for
//! the same game is told [`RecordErrorKind::Locked`] and can offer a
//! read-only replay. A finished game moves to the saves folder.

use super::lock::{self, Lock};
use super::store::{file_text, record_to_save, stamp};
use super::{GameRecord, Players, RecordError, RecordErrorKind, MAX_FILE_BYTES};
use motley_disk::files;
use motley_game::variant::Registry;
use motley_game::Game;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// A game in progress held by this process: its record file and the lock
/// that keeps other processes from playing it too. Dropping it releases
/// the lock; the file stays for the next session.
#[derive(Debug)]
pub struct OpenGame {
    path: PathBuf,
    /// Held for as long as the game is open here.
    lock: Lock,
}

fn at(path: &Path, kind: RecordErrorKind) -> RecordError {
    RecordError::from(kind).in_file(&path.display().to_string())
}

fn write_error(path: &Path, e: io::Error) -> RecordError {
    at(path, RecordErrorKind::Write(e.to_string()))
}

/// Take the lock of the game at `path`: `Ok(None)` when another process
/// holds it.
fn try_lock(path: &Path) -> Result<Option<Lock>, RecordError> {
    lock::try_take(path).map_err(|e| write_error(&lock::lock_path(path), e))
}

/// Is the game at `path` open right now (in any [`OpenGame`], this
/// process's included)?
pub fn is_locked_elsewhere(path: &Path) -> bool {
    lock::is_held(path)
}

impl OpenGame {
    /// Start the file of a new game in `dir` (created if needed) from its
    /// first action on: `<YYYYMMDD>-<HHMMSS>-<variant>.json`, or `-2`, `-3`…
    /// when taken; never replaces anything. The game is locked.
    pub fn create(
        dir: &Path,
        game: &Game,
        players: Option<(&str, &str)>,
    ) -> Result<OpenGame, RecordError> {
        OpenGame::create_with(dir, &record_to_save(game, players))
    }

    /// [`OpenGame::create`] writing `rec`, a game's record with what the
    /// caller keeps beyond the game itself (a session's hints), named
    /// after its variant.
    pub fn create_with(dir: &Path, rec: &GameRecord) -> Result<OpenGame, RecordError> {
        fs::create_dir_all(dir).map_err(|e| write_error(dir, e))?;
        let text = file_text(rec).map_err(|kind| at(dir, kind))?;
        let base = format!("{}-{}", stamp(SystemTime::now()), rec.variant);
        for n in 1u32..=1000 {
            let name = if n == 1 {
                format!("{base}.json")
            } else {
                format!("{base}-{n}.json")
            };
            let path = dir.join(name);
            // Lock first, then create: no other process can take the new
            // game between the two steps.
            let Some(lock) = try_lock(&path)? else {
                continue;
            };
            match files::write_new(&path, text.as_bytes()) {
                Ok(()) => return Ok(OpenGame { path, lock }),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(write_error(&path, e)),
            }
        }
        Err(at(
            &dir.join(format!("{base}.json")),
            RecordErrorKind::Write("every name for the new game is taken".to_string()),
        ))
    }

    /// Take a game in progress to play it on. Another process playing it
    /// gives [`RecordErrorKind::Locked`] (offer a read-only replay then).
    pub fn open(path: &Path) -> Result<OpenGame, RecordError> {
        let lock = try_lock(path)?.ok_or_else(|| at(path, RecordErrorKind::Locked))?;
        // Checked under the lock: the game may have finished and moved
        // away just before.
        files::open_regular(path).map_err(|e| at(path, RecordErrorKind::from(e)))?;
        Ok(OpenGame {
            path: path.to_path_buf(),
            lock,
        })
    }

    /// The game's record file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Save the game over its own file, atomically.
    pub fn save(&self, game: &Game, players: Option<(&str, &str)>) -> Result<(), RecordError> {
        self.save_record(&record_to_save(game, players))
    }

    /// Save `rec` (the game's record, with what the caller keeps beyond
    /// the game) over the game's own file, atomically.
    pub fn save_record(&self, rec: &GameRecord) -> Result<(), RecordError> {
        let text = file_text(rec).map_err(|kind| at(&self.path, kind))?;
        files::write_atomic(&self.path, text.as_bytes()).map_err(|e| write_error(&self.path, e))
    }

    /// The game is over (or saved by name): move its record into
    /// `saves_dir` under its own name (`-2`, … when taken, never replacing
    /// anything) and release it. Returns the new path. On failure the game
    /// stays where it was, still open.
    pub fn finish(self, saves_dir: &Path) -> Result<PathBuf, (OpenGame, RecordError)> {
        let moved = (|| {
            let bytes = files::read_regular(&self.path, MAX_FILE_BYTES)
                .map_err(|e| at(&self.path, RecordErrorKind::from(e)))?;
            fs::create_dir_all(saves_dir).map_err(|e| write_error(saves_dir, e))?;
            let stem = self
                .path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| "game".to_string());
            files::write_fresh(saves_dir, &stem, "json", &bytes)
                .map_err(|e| write_error(&saves_dir.join(format!("{stem}.json")), e))
        })();
        match moved {
            Ok(new_path) => {
                self.remove();
                Ok(new_path)
            }
            Err(e) => Err((self, e)),
        }
    }

    /// Forget the game (e.g. every action was taken back): its file goes.
    pub fn discard(self) {
        self.remove();
    }

    /// Remove the record, then release the lock (which removes its file
    /// while still holding it: a process that opened the old lock file
    /// finds no game).
    fn remove(self) {
        let _ = fs::remove_file(&self.path);
        drop(self.lock);
    }
}

/// What the menu shows of an unfinished game, read from its record's
/// fields without replaying it.
#[derive(Debug, Clone)]
pub struct UnfinishedGame {
    /// The record file (give it to [`OpenGame::open`] and
    /// [`super::load_first`]).
    pub path: PathBuf,
    /// Variant id.
    pub variant: String,
    /// Who plays, when the record says.
    pub players: Option<Players>,
    /// Actions played.
    pub plies: usize,
    /// When the game was last saved (its `saved` time, else the file's).
    pub last_played: SystemTime,
    /// Open right now (in another process, or in an [`OpenGame`] of this
    /// one): offer a read-only replay.
    pub locked: bool,
    /// Why the record could not be read, if it could not; the file is
    /// listed anyway so nothing disappears silently.
    pub problem: Option<RecordErrorKind>,
}

/// The games in progress in `dir`, newest first. Lock files nobody holds
/// any more (left by killed processes) are removed on the way.
pub fn list_unfinished(dir: &Path) -> Vec<UnfinishedGame> {
    lock::sweep_stale(dir);
    files::remove_stale_temps(dir);
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut games: Vec<UnfinishedGame> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| {
            p.extension().is_some_and(|x| x == "json")
                && !p
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .filter_map(|p| describe(&p))
        .collect();
    games.sort_by(|a, b| {
        b.last_played
            .cmp(&a.last_played)
            .then_with(|| b.path.cmp(&a.path))
    });
    games
}

/// One game's line in the list; `None` when the entry is no file at all.
fn describe(path: &Path) -> Option<UnfinishedGame> {
    let meta = fs::metadata(path).ok()?;
    if meta.is_dir() {
        return None;
    }
    let modified = meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
    let mut game = UnfinishedGame {
        path: path.to_path_buf(),
        variant: String::new(),
        players: None,
        plies: 0,
        last_played: modified,
        locked: is_locked_elsewhere(path),
        problem: None,
    };
    let read = files::read_regular(path, MAX_FILE_BYTES)
        .map_err(RecordErrorKind::from)
        .and_then(|bytes| {
            let text = String::from_utf8(bytes)
                .map_err(|e| RecordErrorKind::NotUtf8(e.utf8_error().valid_up_to()))?;
            GameRecord::from_json(&text)
        });
    match read {
        Ok(rec) => {
            game.variant = rec.variant;
            game.players = rec.players;
            game.plies = rec.moves.len();
            if let Some(t) = rec
                .saved
                .and_then(|s| humantime::parse_rfc3339_weak(&s).ok())
            {
                game.last_played = t;
            }
        }
        Err(e) => game.problem = Some(e),
    }
    Some(game)
}

/// Move the single autosave of older Motleys (`autosave.json`, see
/// [`motley_disk::paths::legacy_autosave_path`]) into `games_dir` as a game in
/// progress, byte for byte (even a damaged one: nothing is lost), and
/// remove it. Returns the new path, or `None` when there was nothing to
/// move. Safe when two processes start at once: the move happens once.
pub fn migrate_legacy_autosave(
    autosave: &Path,
    games_dir: &Path,
) -> Result<Option<PathBuf>, RecordError> {
    if fs::symlink_metadata(autosave).is_err() {
        return Ok(None);
    }
    fs::create_dir_all(games_dir).map_err(|e| write_error(games_dir, e))?;
    let guard = games_dir.join("migration");
    let _held = lock::take(&guard).map_err(|e| write_error(&lock::lock_path(&guard), e))?;
    // Another process may have moved it while we waited.
    if fs::symlink_metadata(autosave).is_err() {
        return Ok(None);
    }
    let bytes = files::read_regular(autosave, MAX_FILE_BYTES)
        .map_err(|e| at(autosave, RecordErrorKind::from(e)))?;
    let record = std::str::from_utf8(&bytes)
        .ok()
        .and_then(|t| GameRecord::from_json(t).ok());
    let when = record
        .as_ref()
        .and_then(|r| r.saved.as_deref())
        .and_then(|s| humantime::parse_rfc3339_weak(s).ok())
        .or_else(|| fs::metadata(autosave).and_then(|m| m.modified()).ok())
        .unwrap_or_else(SystemTime::now);
    let variant = record.map_or_else(|| "autosave".to_string(), |r| r.variant);
    let base = format!("{}-{}", stamp(when), safe_name(&variant));
    let new_path = files::write_fresh(games_dir, &base, "json", &bytes)
        .map_err(|e| write_error(&games_dir.join(format!("{base}.json")), e))?;
    fs::remove_file(autosave).map_err(|e| write_error(autosave, e))?;
    Ok(Some(new_path))
}

/// A variant id fit for a file name (ids are checked, but a damaged record
/// may say anything).
fn safe_name(id: &str) -> String {
    let name: String = id
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .take(40)
        .collect();
    if name.is_empty() {
        "game".to_string()
    } else {
        name
    }
}

/// Put the games folder in order after Motleys that ended without doing
/// it: lock files nobody holds and half-written saves go, and a finished
/// game found there (its process ended before moving it) moves to
/// `saves_dir`, unless another Motley has it open. How many games moved.
/// Done by a screen's writer, never while a key is being handled.
pub fn tidy(games_dir: &Path, saves_dir: Option<&Path>, registry: &Registry) -> usize {
    lock::sweep_stale(games_dir);
    files::remove_stale_temps(games_dir);
    let Some(saves_dir) = saves_dir else {
        return 0;
    };
    super::summary::game_files(games_dir)
        .into_iter()
        .filter(|path| !is_locked_elsewhere(path))
        .filter(|path| super::summary::summarize(path, registry).finished())
        .filter(|path| OpenGame::open(path).is_ok_and(|open| open.finish(saves_dir).is_ok()))
        .count()
}
