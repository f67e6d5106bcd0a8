//! A game read from a file for a screen: as far as the file is valid,
//! with who played, the hints used, the stored analysis and the
//! computer's time per move, as the file kept them.

use motley_ai::analysis::{analysis_from_evals, Eval};
use motley_game::variant::Registry;
use motley_game::Game;
use motley_records::tree::TreeEval;
use motley_records::GameTree;
use motley_records::{Players, RecordError, Replayed};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Why a file gives no game at all.
#[derive(Clone, Debug, Error)]
pub enum LoadError {
    #[error(transparent)]
    /// The file cannot be read, or its first game is not valid from the
    /// start.
    Record(#[from] RecordError),
    #[error("{} holds no game", motley_rules::core::quote::path(.0))]
    /// There is no game in it.
    Empty(PathBuf),
    #[error("{} holds no game {} (it changed since it was opened)", motley_rules::core::quote::path(.path), .index + 1)]
    /// The file has fewer games than when it was listed.
    NoSuchGame {
        /// The file.
        path: PathBuf,
        /// The game asked for (from 0).
        index: usize,
    },
}

/// A game read from a file for a screen: as far as the file is valid.
pub struct LoadedGame {
    /// The game up to the first bad action.
    pub game: Game,
    /// What was wrong with the file (naming the file, ply and move).
    pub error: Option<RecordError>,
    /// Who played, as the file names them.
    pub players: Option<Players>,
    /// The players' names, when the file gives them.
    pub names: Option<Players>,
    /// The date the file gives the game, and the PGN tags it keeps.
    pub date: Option<String>,
    pub tags: std::collections::BTreeMap<String, String>,
    /// Hints each side used, as the record counts them.
    pub hints: Option<[u32; 2]>,
    /// The analysis stored with the record (JSON), if any.
    pub analysis: Option<serde_json::Value>,
    /// The computer's time per move the game was played with, if kept.
    pub movetime_ms: Option<u64>,
    /// The variations and annotations on the game's moves.
    pub tree: motley_records::GameTree,
    /// What the reader had to assume (bytes read as Latin-1, a variant
    /// definition changed since), for the player to be told.
    pub notes: Vec<String>,
    /// The file holds more games after this one (a screen lists them
    /// rather than play on the first unasked).
    pub more_games: bool,
}

/// Read the first game of a file (JSON record or PGN) as far as it is
/// valid, and whether another follows it: the file is read once.
pub fn load_game(path: &Path, registry: &Registry) -> Result<LoadedGame, LoadError> {
    let mut reader = motley_records::open(path, registry)?;
    let first = reader.next().ok_or_else(|| {
        let name = path.display().to_string();
        RecordError::from(motley_records::RecordErrorKind::NoGames).in_file(&name)
    })?;
    let mut game = loaded(first, path)?;
    game.more_games = reader.next().is_some();
    Ok(game)
}

/// Game `index` (from 0) of the file at `path`, as far as it is valid.
pub fn load_nth(path: &Path, index: usize, registry: &Registry) -> Result<LoadedGame, LoadError> {
    let mut reader = motley_records::open(path, registry)?;
    match reader.nth(index) {
        Some(game) => loaded(game, path),
        None => Err(LoadError::NoSuchGame {
            path: path.to_path_buf(),
            index,
        }),
    }
}

/// A game of `path` as read, for a screen.
pub fn loaded(replayed: Replayed, path: &Path) -> Result<LoadedGame, LoadError> {
    let (saved, error) = replayed.into_parts();
    match (saved, error) {
        (Some(saved), error) => Ok(LoadedGame {
            analysis: saved
                .analysis
                .or_else(|| analysis_of_file_evals(&saved.game, &saved.tree)),
            game: saved.game,
            error,
            players: saved.players,
            names: saved.names,
            date: saved.date,
            tags: saved.tags,
            hints: saved.hints,
            movetime_ms: saved.movetime_ms,
            tree: saved.tree,
            notes: saved.notes,
            more_games: false,
        }),
        (None, Some(error)) => Err(error.into()),
        (None, None) => Err(LoadError::Empty(path.to_path_buf())),
    }
}

/// The file's own evaluations of every move of the game (PGN's `[%eval]`)
/// as an analysis, for a game that has no stored one: the viewer then
/// shows their graph, marks and accuracy at once.
fn analysis_of_file_evals(game: &Game, tree: &GameTree) -> Option<serde_json::Value> {
    let annotations = tree.annotations();
    let mut evals = vec![None; game.ply()];
    for p in &annotations.plies {
        let eval = match p.notes.eval? {
            TreeEval::Cp(cp) => Eval::Cp(cp),
            TreeEval::Mate(n) => Eval::Mate(n),
        };
        *evals.get_mut(p.ply.checked_sub(1)?)? = Some(eval);
    }
    let analysis = analysis_from_evals(game, &evals)?;
    serde_json::to_value(analysis).ok()
}
