//! Playing a game read from PGN: its set-up from the tags, its moves,
//! its tree and the ending its tags and last comment say.

use super::raw_game::RawGame;
use super::tags::{kept_tags, raw_players, resolve_variant};
use super::{PgnProblem, MAX_GAME_BYTES};
use crate::pgn_tree::play_item;
use crate::reason::pgn_ending;
use crate::tree::GameTree;
use crate::{
    new_game, restore_carried, restore_dice, restore_ending, restore_setup, RecordError,
    RecordErrorKind, Replayed, SavedGame,
};
use motley_game::variant::Registry;
use motley_game::Game;
use motley_rules::core::quote::clip_middle;
use motley_rules::EndReason;
use serde_json::Value;

/// The game a PGN game's tags set up: variant, start, seed, and the state
/// an earlier match game carried in.
fn setup_game(raw: &RawGame, registry: &Registry) -> Result<Game, RecordError> {
    if let Some(problem) = &raw.error {
        return Err(RecordErrorKind::Pgn(problem.clone()).into());
    }
    let def = resolve_variant(registry, raw.tag("Variant"))?;
    let fen = raw.tag("FEN").map(str::trim).filter(|f| !f.is_empty());
    let seed = match raw.tag("Seed").map(str::trim) {
        None | Some("") => 0,
        Some(text) => text
            .parse::<u64>()
            .map_err(|_| RecordErrorKind::Pgn(PgnProblem::BadSeed(text.to_string())))?,
    };
    let mut game = new_game(def, fen, seed)?;
    if let Some(text) = raw.tag("StartState") {
        let state: Value = serde_json::from_str(text).map_err(|e| {
            RecordErrorKind::Pgn(PgnProblem::BadStartState(clip_middle(&e.to_string())))
        })?;
        restore_setup(&mut game, &state)?;
    }
    if let Some(text) = raw.tag("Carried") {
        let state: Value = serde_json::from_str(text).map_err(|e| {
            RecordErrorKind::Pgn(PgnProblem::BadCarried(clip_middle(&e.to_string())))
        })?;
        restore_carried(&mut game, &state)?;
    }
    Ok(game)
}

/// Replay one PGN game as far as it is valid.
pub(super) fn replay_raw(raw: &RawGame, registry: &Registry) -> Replayed {
    if raw.too_long {
        return Replayed::Failed(RecordErrorKind::PgnGameTooLong(MAX_GAME_BYTES).into());
    }
    let mut game = match setup_game(raw, registry) {
        Ok(g) => g,
        Err(e) => return Replayed::Failed(e),
    };
    let mut error = None;
    for (i, m) in raw.items.iter().enumerate() {
        if let Err(e) = play_item(&mut game, i + 1, &m.item) {
            error = Some(e);
            break;
        }
    }
    let mut tree = None;
    if error.is_none() {
        let (built, tree_error) = finish_raw(raw, &mut game);
        tree = Some(built);
        error = tree_error;
    }
    restore_dice(&mut game);
    let players = raw_players(raw);
    let date = raw
        .tag("Date")
        .filter(|d| d.bytes().any(|c| c.is_ascii_digit()))
        .map(str::to_string);
    let notes = match raw.latin1 {
        0 => Vec::new(),
        1 => vec!["a byte that is not UTF-8 was read as Latin-1".to_string()],
        n => vec![format!("{n} bytes that are not UTF-8 were read as Latin-1")],
    };
    let tree =
        tree.unwrap_or_else(|| GameTree::new(&crate::game_moves(&game), &Default::default()));
    let saved = SavedGame {
        game,
        tags: kept_tags(raw),
        names: players.clone(),
        players,
        date,
        hints: None,
        analysis: None,
        movetime_ms: None,
        tree,
        notes,
    };
    Replayed::of(saved, error)
}

/// After a game's moves all played: its tree, and its ending restored as
/// its tags and the comment before its result say.
fn finish_raw(raw: &RawGame, game: &mut Game) -> (GameTree, Option<RecordError>) {
    // The comment before the result is the ending in words when Motley
    // wrote it (its `Ending` tag) or its words name one; else it is the
    // last move's.
    let ending = raw
        .ending
        .as_deref()
        .filter(|c| raw.tag("Ending").is_some() || pgn_ending(None, None, Some(c)).is_some());
    let last_comment = raw.ending.as_deref().filter(|_| ending.is_none());
    let built = crate::pgn_tree::read_tree(game, &raw.intro, &raw.items, last_comment);
    let result = raw.result.or(raw.tag("Result"));
    let said = pgn_ending(raw.tag("Ending"), raw.tag("Termination"), ending);
    let reason = match (result, said) {
        (Some("*") | None, _) => None,
        (_, Some(ending)) => Some(ending),
        (Some("1/2-1/2"), None) => Some(EndReason::Agreement),
        (Some(_), None) => Some(EndReason::Resignation),
    };
    restore_ending(game, result, reason);
    built
}
