//! What a search may do ([`Limits`]) and what it reports: each completed
//! iteration ([`Iteration`]) and the result ([`Report`]), with their
//! ranked lines.

use super::score::mate_in_plies;
use motley_rules::core::Action;
use std::time::Duration;

/// What a search may do.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Deepest iteration, in plies (single actions).
    pub max_depth: u32,
    /// Hard time budget; `None` searches to `max_depth` whatever it takes.
    pub movetime: Option<Duration>,
    /// Use the transposition table (off only to test that it changes nothing).
    pub use_tt: bool,
    /// Transposition table size in MB.
    pub tt_mb: usize,
    /// Root scores get uniform noise in `[-noise, noise]` centipawns (weak
    /// levels); with noise every root action is searched with a full window.
    pub noise: i32,
    /// Seed of the noise.
    pub seed: u64,
    /// How much the searching side dislikes a draw, in centipawns (so it
    /// plays on in level positions instead of repeating).
    pub contempt: i32,
    /// Fraction of `movetime` after which no new iteration starts.
    pub soft_share: f64,
    /// Stop after about this many nodes (checked every 1024 nodes); `None`
    /// has no node limit. UCI's `go nodes`.
    pub nodes: Option<u64>,
    /// How many best root actions each iteration ranks exactly (UCI's
    /// MultiPV); 1 searches only the best, as players do.
    pub multipv: usize,
}

impl Limits {
    /// Search exactly to `depth`, no clock (tests and analysis).
    pub fn depth(depth: u32) -> Limits {
        Limits {
            max_depth: depth,
            movetime: None,
            use_tt: true,
            tt_mb: 8,
            noise: 0,
            seed: 0,
            contempt: 0,
            soft_share: 0.45,
            nodes: None,
            multipv: 1,
        }
    }
}

/// One ranked root action of a completed iteration, with the line the
/// search expects to follow it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Score in centipawns for the side to act at the root (mates near
    /// ±[`MATE`](super::MATE)).
    pub score: i32,
    /// The root action first, then the expected replies (from the
    /// transposition table; it ends at a chance node, an ended game or
    /// where the table forgot).
    pub pv: Vec<Action>,
}

impl Line {
    /// Plies to a forced win (positive) or loss (negative), if the score is one.
    pub fn mate_in_plies(&self) -> Option<i32> {
        mate_in_plies(self.score)
    }
}

/// What an iteration of iterative deepening found, reported as soon as it
/// completes so a front end (UCI `info` lines, a thinking display) can
/// show the search's progress.
#[derive(Clone, Debug)]
pub struct Iteration {
    /// The depth just completed.
    pub depth: u32,
    /// The deepest ply any line of this iteration reached (quiescence too).
    pub seldepth: u32,
    /// Nodes visited so far in this search.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The best root actions, best first ([`Limits::multipv`] of them, or
    /// fewer when there are fewer legal actions). Empty at a chance root.
    pub lines: Vec<Line>,
    /// The value at a chance root (expectimax over the dice); otherwise the
    /// score of the first line.
    pub score: i32,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct Report {
    /// The action to play (`None` only when there is no legal action).
    pub best: Option<Action>,
    /// Its score in centipawns for the side to act (mates near ±[`MATE`](super::MATE)).
    pub score: i32,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Nodes visited (including quiescence and chance nodes).
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// Deepest ply reached in the last completed iteration.
    pub seldepth: u32,
    /// The ranked root lines of the last completed iteration.
    pub lines: Vec<Line>,
    /// The line of `best` with its score: the first of `lines`, unless an
    /// iteration the search had no time to finish found a better action
    /// (then that action's line as far as it was searched). A front end
    /// repeats it last, so the final line shown is the move played.
    pub line: Option<Line>,
}

impl Report {
    /// Plies to a forced win (positive) or loss (negative), if the score is one.
    pub fn mate_in_plies(&self) -> Option<i32> {
        mate_in_plies(self.score)
    }
}
