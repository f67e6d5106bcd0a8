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
    let (saved, error) = crate::record::load_first(path, registry).into_parts();
    (saved.map(|s| s.game), error.map(|e| e.to_string()))
}

/// Saved games (JSON and PGN) in a folder, newest first.
pub fn list_saves(dir: &Path) -> Vec<PathBuf> {
    crate::record::list_saves_in(dir)
}

/// Remove the autosave (the game it held has ended or was abandoned).
pub fn clear(path: &Path) {
    let _ = std::fs::remove_file(path);
}

/// A file name in `dir` that does not exist yet:
/// `<stem>-<YYYYMMDD>-<HHMMSS>[-n].json` (UTC).
pub fn fresh_path(dir: &Path, stem: &str) -> PathBuf {
    crate::record::store::fresh_path_in(dir, stem)
        .unwrap_or_else(|| dir.join(format!("{stem}.json")))
}

/// The players a saved game names, when they are player specs.
pub fn read_players(path: &Path, registry: &Registry) -> Option<[crate::ai::PlayerSpec; 2]> {
    let first = crate::record::load_first(path, registry);
    let players = first.saved()?.players.clone()?;
    Some([players.white.parse().ok()?, players.black.parse().ok()?])
}
