//! Saving and loading games for the UI: one place that talks to the
//! saved-game format, so screens only see "save this game here" and
//! "load what you can from this file".

use crate::game::Game;
use crate::variant::Registry;
use std::path::{Path, PathBuf};

/// Save a game (atomically). Errors are in plain words for the status line.
pub fn save(path: &Path, game: &Game, players: (&str, &str)) -> Result<(), String> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create folder {}: {e}", dir.display()))?;
    }
    let moves: Vec<String> = game.actions().iter().map(|a| a.to_string()).collect();
    let value = serde_json::json!({
        "format": "motley-game",
        "version": 1,
        "variant": game.variant().id,
        "start": game.start_fen(),
        "seed": game.seed(),
        "moves": moves,
        "players": { "white": players.0, "black": players.1 },
        "result": game.outcome().map(|o| o.result_str()).unwrap_or("*"),
    });
    let text = serde_json::to_string_pretty(&value).map_err(|e| e.to_string())?;
    let tmp = path.with_extension("json.tmp");
    std::fs::write(&tmp, text).map_err(|e| format!("cannot write {}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Load the first game of a file as far as it is valid: the game up to the
/// first bad action, and what was wrong (in words naming the file and ply).
pub fn load_partial(path: &Path, registry: &Registry) -> (Option<Game>, Option<String>) {
    let name = path.display();
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => return (None, Some(format!("cannot read {name}: {e}"))),
    };
    let value: serde_json::Value = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(e) => return (None, Some(format!("{name} is not a saved game: {e}"))),
    };
    let field = |k: &str| value.get(k);
    if field("format").and_then(|f| f.as_str()) != Some("motley-game") {
        return (None, Some(format!("{name} is not a Motley saved game")));
    }
    match field("version").and_then(|v| v.as_u64()) {
        Some(1) => {}
        Some(v) => {
            return (
                None,
                Some(format!(
                    "{name} has format version {v}; this program reads version 1"
                )),
            )
        }
        None => return (None, Some(format!("{name}: field 'version' is missing"))),
    }
    let Some(id) = field("variant").and_then(|v| v.as_str()) else {
        return (None, Some(format!("{name}: field 'variant' is missing")));
    };
    let variant = match registry.get(id) {
        Ok(v) => v,
        Err(e) => return (None, Some(format!("{name}: {e}"))),
    };
    let start = field("start").and_then(|s| s.as_str());
    let seed = field("seed").and_then(|s| s.as_u64()).unwrap_or(0);
    let mut game = match Game::new(variant, start, seed) {
        Ok(g) => g,
        Err(e) => return (None, Some(format!("{name}: {e}"))),
    };
    let moves = field("moves")
        .and_then(|m| m.as_array())
        .cloned()
        .unwrap_or_default();
    for (i, m) in moves.iter().enumerate() {
        let text = m.as_str().unwrap_or("");
        if let Err(e) = game.play_text(text) {
            return (
                Some(game),
                Some(format!("{name}: ply {} ('{text}'): {e}", i + 1)),
            );
        }
    }
    (Some(game), None)
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

/// A file name in `dir` that does not exist yet: `<stem>-<n>.json`.
pub fn fresh_path(dir: &Path, stem: &str) -> PathBuf {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let mut n = 0u32;
    loop {
        let name = if n == 0 {
            format!("{stem}-{secs}.json")
        } else {
            format!("{stem}-{secs}-{n}.json")
        };
        let p = dir.join(name);
        if !p.exists() {
            return p;
        }
        n += 1;
    }
}

/// The players a saved game names (`players.white` / `players.black`).
pub fn read_players(path: &Path) -> Option<[crate::ai::PlayerSpec; 2]> {
    let text = std::fs::read_to_string(path).ok()?;
    let v: serde_json::Value = serde_json::from_str(&text).ok()?;
    let p = v.get("players")?;
    let w = p.get("white")?.as_str()?.parse().ok()?;
    let b = p.get("black")?.as_str()?.parse().ok()?;
    Some([w, b])
}

/// The data folder: `MOTLEY_DATA_DIR`, else the user's data folder.
pub fn data_dir() -> PathBuf {
    match std::env::var_os("MOTLEY_DATA_DIR") {
        Some(d) if !d.is_empty() => PathBuf::from(d),
        _ => dirs::data_dir()
            .unwrap_or_else(std::env::temp_dir)
            .join("motley"),
    }
}

/// Where the unfinished game is kept.
pub fn autosave_path() -> PathBuf {
    data_dir().join("autosave.json")
}

/// Where saved games go.
pub fn saves_dir() -> PathBuf {
    data_dir().join("saves")
}
