//! Live engine lines in the replay viewer: the position shown is searched
//! deeper and deeper with its best few root actions ranked (the search's
//! MultiPV), each completed iteration shown as it arrives, until the
//! lines are turned off, the position changes (a new search starts at
//! once) or the viewer is left.

use crate::tui::theme::Theme;
use motley_ai::analysis::Eval;
use motley_ai::search::{self, Iteration, Limits};
use motley_ai::tt::Table;
use motley_rules::{AnyPosition, Position};
use motley_session::{line_in_san, ProgressThrottle, PROGRESS_EVERY};
use ratatui::text::Line;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

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
static NEXT_JOB: AtomicU64 = AtomicU64::new(1);

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

/// The viewer's live lines: off, or searching one position.
#[derive(Debug)]
pub struct LiveLines {
    /// The search at work, with the ply it searches.
    running: Option<(u64, usize, Arc<AtomicBool>)>,
    /// Lines asked for (1 to [`MAX_LINES`]).
    count: usize,
    /// The latest update of the search at work.
    pub latest: Option<EngineLines>,
}

impl Default for LiveLines {
    /// Off, one line when turned on.
    fn default() -> LiveLines {
        LiveLines {
            running: None,
            count: 1,
            latest: None,
        }
    }
}

impl LiveLines {
    /// Whether lines are on.
    pub fn is_on(&self) -> bool {
        self.running.is_some()
    }

    /// Lines asked for.
    pub fn count(&self) -> usize {
        self.count
    }

    /// Start searching `position`, the viewer's ply `ply`; a search at
    /// work is stopped first.
    pub fn start(&mut self, position: &AnyPosition, ply: usize) -> LinesJob {
        self.stop();
        let stop = Arc::new(AtomicBool::new(false));
        let id = NEXT_JOB.fetch_add(1, Ordering::Relaxed);
        self.running = Some((id, ply, stop.clone()));
        LinesJob {
            id,
            position: position.clone(),
            count: self.count(),
            stop,
        }
    }

    /// Stop the search at work, if any: lines are off.
    pub fn stop(&mut self) {
        if let Some((_, _, stop)) = self.running.take() {
            stop.store(true, Ordering::Relaxed);
        }
        self.latest = None;
    }

    /// The ply searched, while lines are on.
    pub fn ply(&self) -> Option<usize> {
        self.running.as_ref().map(|r| r.1)
    }

    /// One more line, from [`MAX_LINES`] back to one.
    pub fn next_count(&mut self) {
        self.count = self.count % MAX_LINES + 1;
    }

    /// An update of search `job`: kept when it is the one at work.
    pub fn take(&mut self, job: u64, lines: EngineLines) {
        if self.running.as_ref().is_some_and(|r| r.0 == job) {
            self.latest = Some(lines);
        }
    }

    /// The lines as the side panel shows them.
    pub fn text(&self, theme: &Theme) -> Vec<Line<'static>> {
        if !self.is_on() {
            return Vec::new();
        }
        let Some(latest) = &self.latest else {
            return vec![Line::styled("Engine lines: thinking…", theme.title())];
        };
        if latest.depth == 0 {
            return vec![Line::styled(
                "Engine lines: the game is over here",
                theme.title(),
            )];
        }
        let mut out = vec![Line::styled(
            format!(
                "Engine lines: depth {} · {} kN/s",
                latest.depth,
                latest.nodes_per_second / 1000
            ),
            theme.title(),
        )];
        if let Some(value) = latest.chance_value {
            out.push(Line::raw(format!("{value} (the dice decide)")));
        }
        for (eval, moves) in &latest.lines {
            out.push(Line::raw(format!("{eval:>6} {}", moves.join(" "))));
        }
        out
    }
}

impl Drop for LiveLines {
    fn drop(&mut self) {
        self.stop();
    }
}
