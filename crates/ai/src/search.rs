//! Iterative-deepening negamax alpha-beta (principal-variation search),
//! generic over [`Evaluate`] (the rules plus the family's evaluation) so it
//! runs on the concrete family type.
//!
//! Sides do not always alternate (Dice-Money: purchase, main move and extra
//! moves are one side's consecutive actions), so a child's score is negated
//! only when the side to act changes between parent and child. Chance nodes
//! (`Position::is_chance`) are averaged over their weighted outcomes
//! (expectimax); a roll costs two plies of depth so dice games stay
//! searchable in time, while a purchase costs none (it only announces the
//! extra moves or king power that follow in the same turn).

use crate::eval::Evaluate;
use crate::tt::Table;
use motley_rules::AnyPosition;
use root::root_actions;
use searcher::Searcher;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

mod chance;
mod limits;
mod pruning;
mod quiescence;
mod root;
mod score;
mod searcher;
mod time;
mod tree;

pub use limits::{Iteration, Limits, Line, Report};
pub use score::{mate_in_plies, outcome_score, INF, MATE, MATE_BOUND};
pub use time::TimeUse;

/// Search `pos` and return the best action. `history` holds the repetition
/// keys of the game's earlier positions (oldest first).
pub fn search<P: Evaluate>(pos: &P, history: &[u64], limits: &Limits, stop: &AtomicBool) -> Report {
    let mut table = limits.use_tt.then(|| Table::new(limits.tt_mb));
    search_with(pos, history, limits, stop, table.as_mut(), &mut |_| {})
}

/// [`search`] of whichever family `pos` is, on its concrete type: the
/// search is compiled here, in the engine crate at its optimisation, not
/// in the caller's crate.
pub fn search_any(
    pos: &AnyPosition,
    history: &[u64],
    limits: &Limits,
    stop: &AtomicBool,
) -> Report {
    motley_rules::dispatch!(pos, p => search(p, history, limits, stop))
}

/// [`search_with`] of whichever family `pos` is, compiled here for the
/// same reason as [`search_any`].
pub fn search_any_with(
    pos: &AnyPosition,
    history: &[u64],
    limits: &Limits,
    stop: &AtomicBool,
    tt: Option<&mut Table>,
    on_iteration: &mut dyn FnMut(&Iteration),
) -> Report {
    motley_rules::dispatch!(pos, p => search_with(p, history, limits, stop, tt, on_iteration))
}

/// [`search`] with a transposition table the caller keeps between searches
/// (a UCI engine's `Hash`; `None` searches without one, ignoring
/// [`Limits::use_tt`] and [`Limits::tt_mb`]) and a callback that receives
/// every completed iteration. At a chance node the result is the
/// expectimax value over the dice, with no best action.
pub fn search_with<P: Evaluate>(
    pos: &P,
    history: &[u64],
    limits: &Limits,
    stop: &AtomicBool,
    tt: Option<&mut Table>,
    on_iteration: &mut dyn FnMut(&Iteration),
) -> Report {
    let start = Instant::now();
    let mut s = Searcher::new(pos, history, limits, start, stop, tt);
    let mut report = Report {
        best: None,
        score: 0,
        depth: 0,
        nodes: 0,
        elapsed: Duration::ZERO,
        seldepth: 0,
        lines: Vec::new(),
        line: None,
    };
    let soft = limits
        .movetime
        .map(|t| t.mul_f64(limits.soft_share.clamp(0.0, 1.0)));
    if pos.is_chance() {
        s.search_chance_root(pos, limits, soft, start, &mut report, on_iteration);
        report.nodes = s.nodes;
        report.elapsed = start.elapsed();
        return report;
    }
    let mut legal = Vec::with_capacity(64);
    pos.legal_actions(&mut legal);
    if legal.is_empty() {
        return report;
    }
    let mut root = root_actions(pos, &legal, limits, &s.ordering);
    root.sort_by_key(|r| std::cmp::Reverse(r.2));
    report.best = Some(root[0].0);
    let lines_wanted = limits.multipv.clamp(1, root.len());
    let mut clock = TimeUse::new(soft, limits.movetime);
    for depth in 1..=limits.max_depth.max(1) {
        s.root_depth = depth as i32;
        s.seldepth = 0;
        let guess = (depth > 1 && lines_wanted == 1).then_some(report.score);
        let found = s.root(
            pos,
            &mut root,
            depth as i32,
            limits.noise > 0,
            lines_wanted,
            guess,
        );
        s.take_found(pos, &found, depth, &mut report);
        if s.aborted {
            break;
        }
        on_iteration(&Iteration {
            depth,
            seldepth: report.seldepth,
            nodes: s.nodes,
            elapsed: start.elapsed(),
            lines: report.lines.clone(),
            score: report.score,
        });
        s.ordering.age();
        if report.score.abs() > MATE_BOUND && MATE - report.score.abs() <= depth as i32 {
            // A forced result within the horizon: deeper search cannot change it.
            break;
        }
        if root.len() == 1 && limits.movetime.is_some() {
            // The only legal action: nothing to think about on a clock.
            break;
        }
        clock.completed(depth, report.best, report.score);
        if clock.out_of_time(start.elapsed()) {
            break;
        }
    }
    report.nodes = s.nodes;
    report.elapsed = start.elapsed();
    report
}
