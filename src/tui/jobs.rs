//! The searches the screens hand to the runtime's computer threads, and
//! what they send back: a game's analysis, streamed ply by ply, and a live
//! search of one position, its best lines at each depth. Every job is
//! numbered anew across the run, so an answer for a viewer that moved on
//! (or was left) is dropped; each holds the flag that stops it.

use motley_ai::analysis::{
    analyse_game_streaming, AnalysisSettings, Eval, GameAnalysis, PlyAnalysis,
};
use motley_ai::search::{self, Iteration, Limits};
use motley_ai::tt::Table;
use motley_game::Game;
use motley_rules::{AnyPosition, Position};
use motley_session::{line_in_san, ProgressThrottle, PROGRESS_EVERY};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// Numbers analysis jobs across the whole run, so an answer from a viewer
/// that was left can never land in another one.
static NEXT_ANALYSIS: AtomicU64 = AtomicU64::new(1);

/// A game to analyse off the UI thread.
#[derive(Clone, Debug)]
pub struct AnalysisJob {
    /// Tags every answer of this job.
    pub id: u64,
    /// The game as far as it is shown.
    pub game: Game,
    /// Time, depth and threads.
    pub settings: AnalysisSettings,
    /// Set to stop (leaving the viewer, or `a` again).
    pub stop: Arc<AtomicBool>,
}

impl AnalysisJob {
    /// A job for `game`, numbered anew, not stopped.
    pub fn new(game: &Game, settings: &AnalysisSettings) -> AnalysisJob {
        AnalysisJob {
            id: NEXT_ANALYSIS.fetch_add(1, Ordering::Relaxed),
            game: game.clone(),
            settings: *settings,
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Analyse, handing each ply to `on_ply` as it is ready; the whole
    /// analysis at the end, or `None` when it was stopped (what it found
    /// after the stop is shallow and not worth keeping).
    pub fn run(&self, on_ply: &(dyn Fn(&PlyAnalysis) + Sync)) -> Option<GameAnalysis> {
        let analysis =
            analyse_game_streaming(&self.game, &self.settings, &self.stop, &|_, _| {}, on_ply);
        (!self.stop.load(Ordering::Relaxed)).then_some(analysis)
    }
}

/// Most lines shown at once.
pub const MAX_LINES: usize = 5;
/// Moves of each line shown.
const MOVES_SHOWN: usize = 8;
/// Deepest iteration a live search goes to (it is stopped long before).
const MAX_DEPTH: u32 = 64;
/// Transposition table of a live search, in MB.
const TABLE_MB: usize = 32;

/// Numbers live searches across the run, so an update from a search that
/// was replaced is never shown.
static NEXT_LINES: AtomicU64 = AtomicU64::new(1);

/// A live search of one position, for a thread of its own.
#[derive(Clone, Debug)]
pub struct LinesJob {
    /// Tags every update of this search.
    pub id: u64,
    /// The position searched.
    pub position: AnyPosition,
    /// How many root actions each iteration ranks.
    pub count: usize,
    /// Set to stop (lines off, another position, the viewer left).
    pub stop: Arc<AtomicBool>,
}

/// What one completed iteration shows (nothing at depth 0: the game is
/// over in the position, so there is nothing to search).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EngineLines {
    /// The depth completed.
    pub depth: u32,
    /// Nodes searched a second so far.
    pub nodes_per_second: u64,
    /// The best lines, best first: the evaluation from White's side and
    /// the first moves in SAN.
    pub lines: Vec<(Eval, Vec<String>)>,
    /// The value of a position where the dice are to be rolled (its lines
    /// are empty: the dice choose, not a player).
    pub chance_value: Option<Eval>,
}

impl LinesJob {
    /// A search of `position` for its best `count` lines, numbered anew,
    /// not stopped.
    pub fn new(position: &AnyPosition, count: usize) -> LinesJob {
        LinesJob {
            id: NEXT_LINES.fetch_add(1, Ordering::Relaxed),
            position: position.clone(),
            count,
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Search until stopped (or `max_depth` is done), handing each
    /// iteration to `on_update`; iterations closer together than the
    /// screen redraws are left out, except the first and the last.
    pub fn run(&self, max_depth: u32, on_update: &mut dyn FnMut(EngineLines)) {
        if self.position.outcome().is_some() {
            return on_update(EngineLines::default());
        }
        let limits = Limits {
            multipv: self.count.clamp(1, MAX_LINES),
            tt_mb: TABLE_MB,
            ..Limits::depth(max_depth.min(MAX_DEPTH))
        };
        let mut table = Table::new(TABLE_MB);
        let mut throttle = ProgressThrottle::new(PROGRESS_EVERY);
        let pos = &self.position;
        // An iteration held back by the throttle is shown when the search
        // ends by itself (at its depth, or a forced result).
        let mut held = None;
        let mut report = |it: &Iteration| {
            let lines = EngineLines::of(pos, it);
            if throttle.due(Instant::now()) {
                held = None;
                on_update(lines);
            } else {
                held = Some(lines);
            }
        };
        search::search_any_with(pos, &[], &limits, &self.stop, Some(&mut table), &mut report);
        if let Some(lines) = held.filter(|_| !self.stop.load(Ordering::Relaxed)) {
            on_update(lines);
        }
    }
}

impl EngineLines {
    /// What iteration `it` of a search of `pos` shows.
    fn of(pos: &AnyPosition, it: &Iteration) -> EngineLines {
        let mover = pos.turn();
        let white_view = |score: i32| Eval::from_score(score).for_white(mover);
        let lines = it
            .lines
            .iter()
            .map(|l| {
                let mut moves = line_in_san(pos, &l.pv);
                moves.truncate(MOVES_SHOWN);
                (white_view(l.score), moves)
            })
            .collect::<Vec<_>>();
        let seconds = it.elapsed.as_secs_f64().max(1e-3);
        EngineLines {
            depth: it.depth,
            nodes_per_second: (it.nodes as f64 / seconds) as u64,
            chance_value: lines.is_empty().then(|| white_view(it.score)),
            lines,
        }
    }
}
