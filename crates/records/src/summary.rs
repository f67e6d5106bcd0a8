//! What a list of saved games shows of each file — variant, players,
//! length, result, date, clock — read from a JSON record's fields without
//! replaying its game, so hundreds of files list quickly. A PGN file is
//! summed up by its first game, which is replayed (PGN has no such fields).

use super::{
    read, GameRecord, Players, RecordError, RecordErrorKind, RecordedReason, MAX_FILE_BYTES,
};
use motley_disk::files;
use motley_game::clock::ClockState;
use motley_game::variant::Registry;
use motley_rules::Position;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// One saved file as a list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSummary {
    /// The file.
    pub path: PathBuf,
    /// Variant id (empty when the file could not be read).
    pub variant: String,
    /// Who played, when the file says.
    pub players: Option<Players>,
    /// Actions played.
    pub plies: usize,
    /// How the game ended; `None` while unfinished.
    pub ending: Option<Ending>,
    /// When the game was last saved (its `saved` time, else the file's).
    pub when: SystemTime,
    /// The date the file gives apart from the saving time (an imported
    /// game's PGN `Date`).
    pub date: Option<String>,
    /// The last position, when the file says (a preview draws it without
    /// replaying the game).
    pub final_fen: Option<String>,
    /// The chess clock the game was played with (its control and the time
    /// each side had left), when it had one.
    pub clock: Option<ClockState>,
    /// Why the file could not be read; such a file is still listed, so
    /// nothing disappears silently.
    pub problem: Option<RecordError>,
}

/// How a finished game ended, as its file says: a reason only ever comes
/// with a result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// Why the game ended, when the file says (shown in words by its
    /// `Display`).
    pub reason: Option<RecordedReason>,
}

impl GameSummary {
    /// The game has a result (it belongs to the history, not to the games
    /// in progress).
    pub fn finished(&self) -> bool {
        self.ending.is_some()
    }
}

/// The saved files in `dir` a list shows: `.json` and `.pgn` regular files
/// (symlinks to them too), never lock or temporary files (their names
/// start with a dot), folders, FIFOs or devices.
pub fn game_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| {
            p.extension().is_some_and(|x| x == "json" || x == "pgn")
                && !p
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with('.'))
                && fs::metadata(p).is_ok_and(|m| m.is_file())
        })
        .collect()
}

/// Sum up the file at `path`; a file that cannot be read is summed up by
/// its problem.
pub fn summarize(path: &Path, registry: &Registry) -> GameSummary {
    let modified = fs::metadata(path)
        .and_then(|m| m.modified())
        .unwrap_or(SystemTime::UNIX_EPOCH);
    let mut summary = GameSummary {
        path: path.to_path_buf(),
        variant: String::new(),
        players: None,
        plies: 0,
        ending: None,
        when: modified,
        date: None,
        final_fen: None,
        clock: None,
        problem: None,
    };
    let is_pgn = path.extension().is_some_and(|x| x == "pgn");
    let read = if is_pgn {
        from_pgn(path, registry, &mut summary)
    } else {
        from_json(path, &mut summary).map_err(RecordError::from)
    };
    if let Err(problem) = read {
        summary.problem = Some(problem);
    }
    summary
}

/// A JSON record's fields, without replaying the game.
fn from_json(path: &Path, summary: &mut GameSummary) -> Result<(), RecordErrorKind> {
    let bytes = files::read_regular(path, MAX_FILE_BYTES)?;
    let text = String::from_utf8(bytes)
        .map_err(|e| RecordErrorKind::NotUtf8(e.utf8_error().valid_up_to()))?;
    let rec = GameRecord::from_json(&text)?;
    summary.variant = rec.variant;
    summary.players = rec.players;
    summary.plies = rec.moves.len();
    summary.ending = rec.result.filter(|r| r.trim() != "*").map(|result| Ending {
        result,
        reason: rec.reason,
    });
    summary.final_fen = rec.final_fen;
    summary.date = rec.date;
    summary.clock = rec.clock;
    if let Some(t) = rec
        .saved
        .and_then(|s| humantime::parse_rfc3339_weak(&s).ok())
    {
        summary.when = t;
    }
    Ok(())
}

/// The first game of a PGN file, replayed as far as it is valid.
fn from_pgn(
    path: &Path,
    registry: &Registry,
    summary: &mut GameSummary,
) -> Result<(), RecordError> {
    let (saved, error) = read::load_first(path, registry).into_parts();
    let Some(saved) = saved else {
        return Err(error.unwrap_or_else(|| RecordErrorKind::NoGames.into()));
    };
    let game = &saved.game;
    summary.variant = game.variant().id.clone();
    summary.players = saved.players;
    summary.plies = game.ply();
    summary.ending = game.outcome().map(|o| Ending {
        result: o.result_str().to_string(),
        reason: Some(RecordedReason::Known(o.reason)),
    });
    summary.final_fen = Some(game.position().to_fen());
    summary.clock = game.clock_state().cloned();
    summary.date = saved.date;
    match error {
        Some(e) => Err(e),
        None => Ok(()),
    }
}
