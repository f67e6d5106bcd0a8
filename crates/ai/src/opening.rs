//! Random openings for engine matches: deterministic engines (or the same
//! engine twice) would otherwise replay one game, so a match may start
//! each pair of games from a few seeded random plies, kept only when a
//! short search finds the position roughly level.

use super::players;
use super::search::{self, Limits};
use motley_game::{Game, GameError};
use motley_rules::Position;
use std::sync::atomic::AtomicBool;

/// Depth of the search that judges an opening.
const JUDGE_DEPTH: u32 = 3;
/// Largest advantage, in centipawns, an opening may give either side.
pub const LEVEL_MARGIN: i32 = 120;
/// Openings tried before the last one that did not end the game is taken.
const ATTEMPTS: u64 = 64;

/// Play `plies` seeded random actions (dice rolled where due, not counted)
/// on `game`, choosing among up to [`ATTEMPTS`] seeds the first opening a
/// depth-[`JUDGE_DEPTH`] search scores within ±[`LEVEL_MARGIN`]. The same
/// game and seed give the same opening, so both games of a pair (colours
/// swapped) start alike. Returns the number of plies played.
pub fn random_opening(game: &mut Game, plies: u32, seed: u64) -> Result<u32, GameError> {
    if plies == 0 {
        return Ok(0);
    }
    let mut fallback = None;
    for attempt in 0..ATTEMPTS {
        let mut trial = game.clone();
        let attempt_seed = seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(attempt);
        if !play_random(&mut trial, plies, attempt_seed)? {
            continue;
        }
        if level_enough(&trial) {
            *game = trial;
            return Ok(plies);
        }
        fallback.get_or_insert(trial);
    }
    if let Some(trial) = fallback {
        *game = trial;
        return Ok(plies);
    }
    Ok(0)
}

/// Random actions until `plies` are played; false if the game ended.
fn play_random(game: &mut Game, plies: u32, seed: u64) -> Result<bool, GameError> {
    let mut played = 0;
    while played < plies {
        if game.outcome().is_some() {
            return Ok(false);
        }
        if game.position().is_chance() {
            if game.roll_dice().is_none() {
                return Ok(false);
            }
            continue;
        }
        let Some(action) = players::random(game.position(), seed ^ u64::from(played)) else {
            return Ok(false);
        };
        game.play(action)?;
        played += 1;
    }
    Ok(game.outcome().is_none())
}

/// Does a short search call the position level?
fn level_enough(game: &Game) -> bool {
    let stop = AtomicBool::new(false);
    let history = game.repetition_history();
    let limits = Limits::depth(JUDGE_DEPTH);
    let report =
        motley_rules::dispatch!(game.position(), p => search::search(p, &history, &limits, &stop));
    report.score.abs() <= LEVEL_MARGIN
}
