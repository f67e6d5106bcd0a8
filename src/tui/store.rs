//! Saving and loading games for the UI: one place that talks to the
//! saved-game format, so screens only see "save this game here" and
//! "load what you can from this file".

use crate::game::Game;
use crate::variant::Registry;
use std::path::{Path, PathBuf};

/// Save a game (atomically, through the saved-games module). Errors are
/// in plain words for the status line.
pub fn save(path: &Path, game: &Game, players: (&str, &str)) -> Result<(), String> {
    crate::record::save_game(path, game, Some(players)).map_err(|e| e.to_string())
}

/// Load the first game of a file (JSON record or PGN) as far as it is
/// valid: the game up to the first bad action, and what was wrong (in words
/// naming the file, ply and move).
pub fn load_partial(path: &Path, registry: &Registry) -> (Option<Game>, Option<String>) {
    let (game, error) = crate::record::load_partial(path, registry);
    (game, error.map(|e| e.to_string()))
}

/// Saved games in a folder, newest first.
pub fn list_saves(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<(std::time::SystemTime, PathBuf)> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json" || x == "pgn"))
        .map(|p| {
            let t = std::fs::metadata(&p)
                .and_then(|m| m.modified())
                .unwrap_or(std::time::UNIX_EPOCH);
            (t, p)
        })
        .collect();
    files.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    files.into_iter().map(|(_, p)| p).collect()
}

/// Remove the autosave (the game it held has ended or was abandoned).
pub fn clear(path: &Path) {
    let _ = std::fs::remove_file(path);
}

/// A file name in `dir` that does not exist yet:
/// `<stem>-<YYYYMMDD>-<HHMMSS>[-n].json` (UTC).
pub fn fresh_path(dir: &Path, stem: &str) -> PathBuf {
    let stamp: String = crate::record::rfc3339(std::time::SystemTime::now())
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    let (date, time) = stamp.split_at(stamp.len().min(8));
    let mut n = 1u32;
    loop {
        let name = if n == 1 {
            format!("{stem}-{date}-{time}.json")
        } else {
            format!("{stem}-{date}-{time}-{n}.json")
        };
        let p = dir.join(name);
        if !p.exists() || n > 10_000 {
            return p;
        }
        n += 1;
    }
}

/// The players a saved game names, when they are player specs.
pub fn read_players(path: &Path, registry: &Registry) -> Option<[crate::ai::PlayerSpec; 2]> {
    let games = crate::record::read_games(path, registry).ok()?;
    let players = games.into_iter().next()?.saved?.players?;
    Some([players.white.parse().ok()?, players.black.parse().ok()?])
}
