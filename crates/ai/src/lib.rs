//! Computer players. Every player is generic over the rules trait plus the
//! family's evaluation ([`eval::Evaluate`], one implementation per family
//! in [`eval`]) and is given a position and a stop flag; it never touches
//! the terminal.
//!
//! `ai:LEVEL` players run the search in [`search`] with the settings of
//! [`level`]; `random` and `greedy` (in [`players`]) exist for testing.

pub mod analysis;
pub mod eval;
pub mod opening;
pub mod ordering;
pub mod players;
pub mod search;
pub mod tt;

use eval::Evaluate;
use motley_rules::core::{Action, Color};
use motley_rules::{AnyPosition, Describe, Position};
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;
use thiserror::Error;

/// Who plays a side: `human`, `ai[:LEVEL]` (1–5, default 3), `ai:RATING`
/// (the level whose rating in [`LEVEL_RATINGS`] is nearest), `random`
/// (uniform legal actions), `greedy` (best material after one ply) or
/// `uci:COMMAND` (an external UCI engine, run by [`motley_session::uci::client`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    Human,
    Computer {
        level: u8,
    },
    Random,
    Greedy,
    /// An external engine: the command line that starts it (program and
    /// arguments, split like a shell would split them).
    Uci {
        command: Arc<str>,
    },
}

impl PlayerSpec {
    /// A player as a file other than this Motley's own game records names
    /// it (a saved game, a PGN): anything but an external engine as read,
    /// else `None`. A file must never start a program: a `uci:` name in a
    /// downloaded record would run any command it likes.
    pub fn seatable_from_file(name: &str) -> Option<PlayerSpec> {
        match name.parse() {
            Ok(PlayerSpec::Uci { .. }) => None,
            Ok(spec) => Some(spec),
            Err(_) => Some(PlayerSpec::Human),
        }
    }
}

/// The default computer level.
pub const DEFAULT_LEVEL: u8 = 3;

/// Ratings below this in `ai:N` are levels; from here on they are ratings.
pub const LOWEST_RATING: u32 = 100;

/// Strength of each level (level, Elo on the scale of Stockfish's
/// `UCI_Elo`), at the level's default time per move: measured in standard
/// chess against Stockfish 15.1 with `UCI_LimitStrength` (level 1, below
/// its floor, against level 2). docs/performance.md "Ratings of the levels" has the games,
/// scores and error bars (±55 to ±380) and `scripts/ladder.sh` repeats the
/// measurement. This table is the only place `ai:RATING`, `UCI_Elo` and the
/// menu read them from.
pub const LEVEL_RATINGS: [(u8, u32); 5] = [(1, 970), (2, 1340), (3, 1590), (4, 1810), (5, 1940)];

/// The variant [`LEVEL_RATINGS`] were measured in. Elsewhere a rating
/// would claim more than was measured: only the steps between levels are
/// known there (docs/performance.md "Levels in each variant"), so menus show no rating.
pub const RATED_VARIANT: &str = "standard";

/// The variants in which the steps between neighbouring levels were
/// measured (docs/performance.md "Levels in each variant"): what a menu may claim
/// for them. Nothing was measured in the others, variants from data
/// among them.
pub const STEPS_MEASURED: [&str; 11] = [
    "standard",
    "antichess",
    "contrast",
    "monochromatic",
    "monochromatic-knightless",
    "monochromatic-jamal",
    "monochromatic-daffy",
    "monochromatic-double-knight",
    "monochrome",
    "dice-money",
    "chicken",
];

/// True when [`LEVEL_RATINGS`] holds measurements, not estimates (menus
/// mark estimates with a `?`).
pub const RATINGS_CALIBRATED: bool = true;

/// The level whose rating is nearest to `rating` (the weaker on a tie).
pub fn level_for_rating(rating: u32) -> u8 {
    LEVEL_RATINGS
        .iter()
        .min_by_key(|(_, r)| r.abs_diff(rating))
        .map_or(DEFAULT_LEVEL, |(level, _)| *level)
}

/// The rating of level `n` (clamped to 1–5) from [`LEVEL_RATINGS`].
pub fn rating_of_level(n: u8) -> u32 {
    let n = n.clamp(1, 5);
    LEVEL_RATINGS
        .iter()
        .find(|(level, _)| *level == n)
        .map_or(0, |(_, r)| *r)
}

/// A player text that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("'{0}' is not a player: use human, ai, ai:1 … ai:5, ai:RATING (e.g. ai:1500), random, greedy or uci:COMMAND")]
pub struct PlayerSpecError(pub String);

impl FromStr for PlayerSpec {
    type Err = PlayerSpecError;
    fn from_str(s: &str) -> Result<PlayerSpec, PlayerSpecError> {
        let trimmed = s.trim();
        let t = trimmed.to_ascii_lowercase();
        let err = || PlayerSpecError(motley_rules::core::quote::clip(s));
        if t.starts_with("uci:") {
            // The command keeps its case (paths, options).
            let command = trimmed.get(4..).unwrap_or("").trim();
            if command.is_empty() {
                return Err(err());
            }
            return Ok(PlayerSpec::Uci {
                command: Arc::from(command),
            });
        }
        match t.as_str() {
            "human" => Ok(PlayerSpec::Human),
            "random" => Ok(PlayerSpec::Random),
            "greedy" => Ok(PlayerSpec::Greedy),
            "ai" => Ok(PlayerSpec::Computer {
                level: DEFAULT_LEVEL,
            }),
            _ => {
                let number = t.strip_prefix("ai:").ok_or_else(err)?;
                let number: u32 = number.parse().map_err(|_| err())?;
                match number {
                    1..=5 => Ok(PlayerSpec::Computer {
                        level: number as u8,
                    }),
                    LOWEST_RATING.. => Ok(PlayerSpec::Computer {
                        level: level_for_rating(number),
                    }),
                    _ => Err(err()),
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
            PlayerSpec::Uci { command } => write!(f, "uci:{command}"),
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

/// What a computer level does. The time share is the fraction of the
/// per-move time ([`ThinkSettings::movetime`]) the level may use (a hard
/// stop); no new iteration starts after the soft share of that (stretched
/// while the best action keeps changing). Weaker levels also stop at a
/// node budget, so their strength is the same on any machine and under
/// any load, and add noise to their root scores.
///
/// | level | max depth | nodes | time share | soft | root noise | contempt |
/// | --- | --- | --- | --- | --- | --- | --- |
/// | 1 | 64 | 600 | 10% | 45% | ±10 cp | 0 |
/// | 2 | 64 | 1,000 | 20% | 45% | none | 0 |
/// | 3 | 64 | 3,000 | 25% | 45% | none | 15 cp |
/// | 4 | 64 | 30,000 | 50% | 50% | none | 15 cp |
/// | 5 | 64 | — | 100% | 60% | none | 15 cp |
///
/// The budgets are spaced by measurement (docs/performance.md "Ratings of the levels": the
/// ladder against Stockfish and between levels). Levels without noise
/// (2–5) add ±[`OPENING_NOISE`] in the first [`OPENING_MOVES`] moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// Deepest iteration in plies.
    pub max_depth: u32,
    /// Per-mille of the move time the level may use.
    pub time_permille: u32,
    /// Uniform noise added to root scores, in centipawns.
    pub noise: i32,
    /// Per-mille of the level's time after which no new iteration starts.
    pub soft_permille: u32,
    /// Centipawns a draw is worth less than a level position to the
    /// searching side (avoids drifting into repetitions).
    pub contempt: i32,
    /// Most nodes one action's search may visit (`None`: only time).
    pub nodes: Option<u64>,
}

/// Moves (FEN move numbers) in which levels without noise still get
/// [`OPENING_NOISE`].
pub const OPENING_MOVES: u32 = 4;
/// Root noise of levels 3–5 in the opening, in centipawns: enough to choose
/// among near-equal moves, far too little to choose a bad one.
pub const OPENING_NOISE: i32 = 10;

/// The settings of level `n` (1–5; others are clamped).
pub fn level(n: u8) -> Level {
    let budgeted = |time_permille, noise, contempt, nodes| Level {
        max_depth: 64,
        time_permille,
        noise,
        soft_permille: 450,
        contempt,
        nodes: Some(nodes),
    };
    match n.clamp(1, 5) {
        1 => budgeted(100, 10, 0, 600),
        2 => budgeted(200, 0, 0, 1_000),
        3 => budgeted(250, 0, 15, 3_000),
        4 => Level {
            soft_permille: 500,
            ..budgeted(500, 0, 15, 30_000)
        },
        _ => Level {
            max_depth: 64,
            time_permille: 1000,
            noise: 0,
            soft_permille: 600,
            contempt: 15,
            nodes: None,
        },
    }
}

/// Choose an action for the side to act. `history` holds the repetition
/// keys of the earlier positions of the game (oldest first) so the search
/// can see repetitions. Returns `None` for a human player, for an external
/// engine (its moves come from [`motley_session::uci::client`], which needs the
/// whole game), at a chance node (the game rolls dice itself) or when there
/// is no legal action. Stops
/// early when `stop` becomes true (still returning a legal action).
pub fn think(
    pos: &AnyPosition,
    history: &[u64],
    spec: &PlayerSpec,
    settings: &ThinkSettings,
    stop: &AtomicBool,
) -> Option<Action> {
    think_with(pos, history, spec, settings, stop, &mut |_| {})
}

/// [`think`], passing each completed iteration of a level's search to
/// `on_iteration` as it happens, so a screen can show the thinking
/// (players without a search report nothing).
pub fn think_with(
    pos: &AnyPosition,
    history: &[u64],
    spec: &PlayerSpec,
    settings: &ThinkSettings,
    stop: &AtomicBool,
    on_iteration: &mut dyn FnMut(&search::Iteration),
) -> Option<Action> {
    if pos.is_chance() {
        return None;
    }
    match spec {
        PlayerSpec::Human | PlayerSpec::Uci { .. } => None,
        PlayerSpec::Random => players::random(pos, settings.seed),
        PlayerSpec::Greedy => greedy_any(pos, settings.seed),
        PlayerSpec::Computer { level } => {
            analyse_with(pos, history, *level, settings, stop, on_iteration).and_then(|r| r.best)
        }
    }
}

/// How far behind (in centipawns, by its evaluation) a computer player must
/// stand to accept a draw offer.
pub const DRAW_ACCEPT_DEFICIT: i32 = 200;

/// Does a computer player of `side` accept an offer to end the game? The
/// rules' own ruling where they have one (Monochrome: when not behind on
/// score); otherwise a draw is accepted when the evaluation says the
/// computer is clearly worse.
pub fn accepts_end_offer(pos: &AnyPosition, side: Color) -> bool {
    if let Some(ruling) = pos.rules_accept_end_offer(side) {
        return ruling;
    }
    let eval = pos.evaluate();
    let mine = if pos.turn() == side { eval } else { -eval };
    mine <= -DRAW_ACCEPT_DEFICIT
}

fn greedy_any(pos: &AnyPosition, seed: u64) -> Option<Action> {
    motley_rules::dispatch!(pos, p => players::greedy(p, seed))
}

/// Run the search of computer level `level` and report what it found
/// (best action, score, depth, nodes) — for UIs that show the thinking.
/// `None` at a chance node.
pub fn analyse(
    pos: &AnyPosition,
    history: &[u64],
    level_number: u8,
    settings: &ThinkSettings,
    stop: &AtomicBool,
) -> Option<search::Report> {
    analyse_with(pos, history, level_number, settings, stop, &mut |_| {})
}

/// [`analyse`], passing each completed iteration to `on_iteration`.
pub fn analyse_with(
    pos: &AnyPosition,
    history: &[u64],
    level_number: u8,
    settings: &ThinkSettings,
    stop: &AtomicBool,
    on_iteration: &mut dyn FnMut(&search::Iteration),
) -> Option<search::Report> {
    if pos.is_chance() {
        return None;
    }
    let limits = level_limits(level_number, pos.fullmoves(), settings);
    let mut table = limits.use_tt.then(|| tt::Table::new(limits.tt_mb));
    Some(motley_rules::dispatch!(pos, p => search::search_with(
        p,
        history,
        &limits,
        stop,
        table.as_mut(),
        on_iteration
    )))
}

/// The search limits of computer level `level_number` for a position at
/// FEN move `fullmoves`, with `settings.movetime` as the time per move.
pub fn level_limits(level_number: u8, fullmoves: u32, settings: &ThinkSettings) -> search::Limits {
    let lv = level(level_number);
    // Strong levels vary their opening a little so that games (and match
    // results) are not one game replayed.
    let noise = if lv.noise == 0 && fullmoves <= OPENING_MOVES {
        OPENING_NOISE
    } else {
        lv.noise
    };
    search::Limits {
        max_depth: lv.max_depth,
        movetime: Some(settings.movetime * lv.time_permille / 1000),
        use_tt: true,
        tt_mb: 16,
        noise,
        seed: settings.seed,
        contempt: lv.contempt,
        soft_share: f64::from(lv.soft_permille) / 1000.0,
        nodes: lv.nodes,
        multipv: 1,
    }
}
