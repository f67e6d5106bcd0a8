//! Chance nodes (dice): expectimax over the weighted rolls, and
//! iterative deepening at a chance root.

use super::score::{from_tt, static_eval, to_tt, INF};
use super::searcher::Searcher;
use super::{Iteration, Limits, Report};
use crate::eval::Evaluate;
use crate::ordering::MAX_PLY;
use crate::tt::{Bound, Entry};
use std::time::{Duration, Instant};

/// Depth a chance node (dice roll) costs.
const CHANCE_COST: i32 = 2;

impl Searcher<'_> {
    /// Iterative deepening at a chance root: the expectimax value over the
    /// dice, reported per iteration like an ordinary search.
    pub(super) fn search_chance_root<P: Evaluate>(
        &mut self,
        pos: &P,
        limits: &Limits,
        soft: Option<Duration>,
        start: Instant,
        report: &mut Report,
        on_iteration: &mut dyn FnMut(&Iteration),
    ) {
        // A roll costs CHANCE_COST plies: start where the dice are searched.
        let first = CHANCE_COST as u32 + 1;
        for depth in first..=limits.max_depth.max(first) {
            self.root_depth = depth as i32;
            self.seldepth = 0;
            let v = self.chance(pos, depth as i32, 0);
            if self.aborted {
                break;
            }
            report.score = v;
            report.depth = depth;
            report.seldepth = self.seldepth as u32;
            on_iteration(&Iteration {
                depth,
                seldepth: report.seldepth,
                nodes: self.nodes,
                elapsed: start.elapsed(),
                lines: Vec::new(),
                score: v,
            });
            self.ordering.age();
            if soft.is_some_and(|t| start.elapsed() >= t) {
                break;
            }
        }
    }

    /// Expectimax over the dice: the weighted mean of the outcomes, each
    /// searched with a full window.
    pub(super) fn chance<P: Evaluate>(&mut self, pos: &P, depth: i32, ply: usize) -> i32 {
        if let Some(v) = self.chance_end(pos, ply) {
            return v;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return static_eval(pos);
        }
        let hash = pos.hash();
        if let Some(e) = self.tt.as_deref().and_then(|t| t.probe(hash)) {
            if e.bound == Bound::Exact && i32::from(e.depth) >= depth {
                return from_tt(e.score, ply);
            }
        }
        let outcomes = pos.chance_outcomes();
        let total: i64 = outcomes.iter().map(|(_, w)| i64::from(*w)).sum();
        if total == 0 {
            return static_eval(pos);
        }
        let turn = pos.turn();
        let mut sum = 0i64;
        for (a, w) in outcomes {
            let mut child = pos.clone();
            child.play_unchecked(a);
            let same = child.turn() == turn;
            let v = self.child(&child, same, depth - CHANCE_COST, -INF, INF, ply + 1);
            if self.aborted {
                return 0;
            }
            sum += i64::from(v) * i64::from(w);
        }
        let v = (sum / total) as i32;
        if let Some(tt) = &mut self.tt {
            tt.store(Entry {
                key: hash,
                best: None,
                score: to_tt(v, ply),
                depth: depth as i16,
                bound: Bound::Exact,
            });
        }
        v
    }

    /// The score of a chance node whose game is already over (Dice-Money
    /// judges mate and stalemate at the start of a turn, before the roll).
    pub(super) fn chance_end<P: Evaluate>(&mut self, pos: &P, ply: usize) -> Option<i32> {
        let (mut legal, scores) = self.take_buffers(ply);
        pos.legal_actions(&mut legal);
        let ended = pos.outcome_given(&legal);
        self.give_buffers(ply, legal, scores);
        ended.map(|o| self.ended(&o, pos.turn(), ply))
    }
}
