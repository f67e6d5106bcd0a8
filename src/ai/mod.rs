//! Computer players. Every player is generic over the rules trait and is
//! given a position and a stop flag; it never touches the terminal.

use crate::core::Action;
use crate::rules::{AnyPosition, Position};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use thiserror::Error;

/// Who plays a side: `human`, `ai[:LEVEL]` (1–5, default 3), `random`
/// (uniform legal actions) or `greedy` (best material after one ply).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    Human,
    Computer { level: u8 },
    Random,
    Greedy,
}

/// The default computer level.
pub const DEFAULT_LEVEL: u8 = 3;

/// A player text that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("'{0}' is not a player: use human, ai, ai:1 … ai:5, random or greedy")]
pub struct PlayerSpecError(pub String);

impl FromStr for PlayerSpec {
    type Err = PlayerSpecError;
    fn from_str(s: &str) -> Result<PlayerSpec, PlayerSpecError> {
        let t = s.trim().to_ascii_lowercase();
        let err = || PlayerSpecError(s.to_string());
        match t.as_str() {
            "human" => Ok(PlayerSpec::Human),
            "random" => Ok(PlayerSpec::Random),
            "greedy" => Ok(PlayerSpec::Greedy),
            "ai" => Ok(PlayerSpec::Computer {
                level: DEFAULT_LEVEL,
            }),
            _ => {
                let level = t.strip_prefix("ai:").ok_or_else(err)?;
                let level: u8 = level.parse().map_err(|_| err())?;
                if (1..=5).contains(&level) {
                    Ok(PlayerSpec::Computer { level })
                } else {
                    Err(err())
                }
            }
        }
    }
}

impl std::fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayerSpec::Human => write!(f, "human"),
            PlayerSpec::Computer { level } => write!(f, "ai:{level}"),
            PlayerSpec::Random => write!(f, "random"),
            PlayerSpec::Greedy => write!(f, "greedy"),
        }
    }
}

/// How long and with what randomness a computer player thinks.
#[derive(Copy, Clone, Debug)]
pub struct ThinkSettings {
    /// Time budget for one action.
    pub movetime: Duration,
    /// Seed for players that use randomness (random, low levels).
    pub seed: u64,
}

impl Default for ThinkSettings {
    fn default() -> Self {
        ThinkSettings {
            movetime: Duration::from_millis(1000),
            seed: 0,
        }
    }
}

/// Choose an action for the side to act. `history` holds the repetition
/// keys of the earlier positions of the game (oldest first) so the search
/// can see repetitions. Returns `None` for a human player, at a chance node
/// (the game rolls dice itself) or when there is no legal action. Stops
/// early when `stop` becomes true.
pub fn think(
    pos: &AnyPosition,
    history: &[u64],
    spec: &PlayerSpec,
    settings: &ThinkSettings,
    stop: &AtomicBool,
) -> Option<Action> {
    let _ = (history, stop);
    if pos.is_chance() {
        return None;
    }
    let mut legal = Vec::new();
    pos.legal_actions(&mut legal);
    if legal.is_empty() {
        return None;
    }
    match spec {
        PlayerSpec::Human => None,
        PlayerSpec::Random => {
            let mut rng = ChaCha8Rng::seed_from_u64(settings.seed ^ pos.hash());
            let i = (rng.next_u64() % legal.len() as u64) as usize;
            legal.get(i).copied()
        }
        PlayerSpec::Greedy | PlayerSpec::Computer { .. } => greedy(pos, &legal, settings.seed),
    }
}

/// One-ply best by the family's evaluation, ties broken by the seed.
fn greedy<P: Position>(pos: &P, legal: &[Action], seed: u64) -> Option<Action> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ pos.hash());
    let me = pos.turn();
    let mut best: Option<(i64, Action)> = None;
    for a in legal {
        let mut child = pos.clone();
        child.play_unchecked(*a);
        let score = match child.outcome() {
            Some(o) => match o.winner {
                Some(w) if w == me => 1_000_000,
                Some(_) => -1_000_000,
                None => 0,
            },
            None => {
                let e = child.evaluate() as i64;
                if child.turn() == me {
                    e
                } else {
                    -e
                }
            }
        };
        let key = score * 1024 + (rng.next_u32() % 1024) as i64;
        if best.is_none_or(|(b, _)| key > b) {
            best = Some((key, *a));
        }
    }
    best.map(|(_, a)| a)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_specs_parse() {
        assert_eq!("human".parse(), Ok(PlayerSpec::Human));
        assert_eq!("ai".parse(), Ok(PlayerSpec::Computer { level: 3 }));
        assert_eq!("ai:5".parse(), Ok(PlayerSpec::Computer { level: 5 }));
        assert!("ai:6".parse::<PlayerSpec>().is_err());
        assert!("bob".parse::<PlayerSpec>().is_err());
    }
}
