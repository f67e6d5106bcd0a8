//! The state of one search ([`Searcher`]): the table, move ordering, the
//! node count and limits, the path's repetition keys, per-ply buffers and
//! the principal variation; and what every node asks of it.

use super::score::{from_tt, outcome_score, to_tt};
use super::Limits;
use crate::eval::Evaluate;
use crate::ordering::{Ordering, MAX_PLY};
use crate::tt::{Bound, Entry, Table};
use motley_rules::core::Action;
use motley_rules::Outcome;
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use std::time::Instant;

/// What a node of the search knows before its actions are searched.
#[derive(Clone, Copy)]
pub(super) struct Node {
    /// Depth left, in plies.
    pub(super) depth: i32,
    /// Plies from the root.
    pub(super) ply: usize,
    /// Its hash, the table's key.
    pub(super) hash: u64,
    /// Its repetition key, when positions can repeat.
    pub(super) key: Option<u64>,
    /// The side to act is in check.
    pub(super) in_check: bool,
    /// Searched with an open window (a principal-variation node).
    pub(super) pv_node: bool,
    /// The static evaluation, where the family trusts it for pruning.
    pub(super) eval: Option<i32>,
    /// The table's best action, tried first.
    pub(super) tt_move: Option<Action>,
}

/// One search in progress: what it may use, how far it has got, and the
/// buffers its nodes reuse.
pub(super) struct Searcher<'a> {
    /// The transposition table, when the search has one.
    pub(super) tt: Option<&'a mut Table>,
    /// Quiescence keeps its results in the table too: the variant's
    /// answer ([`Evaluate::quiescence_table`]), asked once a search.
    pub(super) quiescence_table: bool,
    /// Move ordering: killers and history, kept across iterations.
    pub(super) ordering: Ordering,
    /// Set from outside to stop the search.
    stop: &'a AtomicBool,
    /// When the search must unwind, if it has a clock.
    deadline: Option<Instant>,
    /// Nodes after which the search unwinds.
    node_limit: u64,
    /// Nodes visited so far.
    pub(super) nodes: u64,
    /// Deepest ply reached in the current iteration.
    pub(super) seldepth: usize,
    /// The search is unwinding: stopped, out of time or out of nodes.
    pub(super) aborted: bool,
    /// Repetition keys of the game history and the current search path.
    pub(super) keys: Vec<u64>,
    /// Per ply: the action buffer, reused.
    move_bufs: Vec<Vec<Action>>,
    /// Per ply: the ordering scores buffer, reused.
    score_bufs: Vec<Vec<i32>>,
    /// The depth of the current iteration.
    pub(super) root_depth: i32,
    /// The side to act at the root (contempt is its dislike of a draw).
    root_side: motley_rules::core::Color,
    /// How much the root side dislikes a draw, in centipawns.
    contempt: i32,
    /// Per ply: was the action there a pass (null move)?
    pub(super) passes: Vec<bool>,
    /// Per ply: the line the search found from there at a PV node (the
    /// triangular PV), so a reported line does not depend on the table
    /// keeping every entry along it.
    pub(super) pv: Vec<Vec<Action>>,
    /// The line of the best root action of the current iteration so far.
    pub(super) root_pv: Vec<Action>,
}

impl<'a> Searcher<'a> {
    /// A searcher for one search from `pos`, with the repetition keys of
    /// the positions before it.
    pub(super) fn new<P: Evaluate>(
        pos: &P,
        history: &[u64],
        limits: &Limits,
        start: Instant,
        stop: &'a AtomicBool,
        tt: Option<&'a mut Table>,
    ) -> Self {
        Searcher {
            quiescence_table: tt.is_some() && pos.quiescence_table(),
            tt,
            ordering: Ordering::default(),
            stop,
            // A time too long for the clock to add is no limit.
            deadline: limits.movetime.and_then(|t| start.checked_add(t)),
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            nodes: 0,
            seldepth: 0,
            aborted: false,
            keys: history.to_vec(),
            move_bufs: Vec::new(),
            score_bufs: Vec::new(),
            root_depth: 1,
            root_side: pos.turn(),
            contempt: limits.contempt,
            passes: Vec::new(),
            pv: vec![Vec::new(); MAX_PLY + 2],
            root_pv: Vec::new(),
        }
    }
}

impl Searcher<'_> {
    /// Score of an ended game for `side`; draws carry the contempt.
    #[inline]
    pub(super) fn ended(&self, o: &Outcome, side: motley_rules::core::Color, ply: usize) -> i32 {
        if o.winner.is_none() && self.contempt != 0 {
            if side == self.root_side {
                -self.contempt
            } else {
                self.contempt
            }
        } else {
            outcome_score(o, side, ply)
        }
    }

    /// Count a node; true when the search must unwind (stop or time).
    #[inline]
    pub(super) fn tick(&mut self) -> bool {
        self.nodes += 1;
        // The node budget is exact (weak levels' budgets are a few hundred
        // nodes); the clock and the stop flag are read every 1024 nodes.
        if !self.aborted
            && (self.nodes >= self.node_limit
                || (self.nodes.is_multiple_of(1024)
                    && (self.stop.load(AtomicOrdering::Relaxed)
                        || self.deadline.is_some_and(|d| Instant::now() >= d))))
        {
            self.aborted = true;
        }
        self.aborted
    }

    pub(super) fn take_buffers(&mut self, ply: usize) -> (Vec<Action>, Vec<i32>) {
        while self.move_bufs.len() <= ply {
            self.move_bufs.push(Vec::with_capacity(64));
            self.score_bufs.push(Vec::with_capacity(64));
        }
        let mut m = std::mem::take(&mut self.move_bufs[ply]);
        let mut s = std::mem::take(&mut self.score_bufs[ply]);
        m.clear();
        s.clear();
        (m, s)
    }

    pub(super) fn give_buffers(&mut self, ply: usize, m: Vec<Action>, s: Vec<i32>) {
        self.move_bufs[ply] = m;
        self.score_bufs[ply] = s;
    }

    /// Has `key` occurred since the last irreversible action (game history
    /// or search path)? One earlier occurrence is enough inside the search.
    pub(super) fn repeated(&self, key: u64, window: u32) -> bool {
        self.keys
            .iter()
            .rev()
            .take(window as usize)
            .any(|&k| k == key)
    }

    /// The line at `ply` becomes `action` followed by the line just found
    /// from the position after it.
    pub(super) fn extend_pv(&mut self, ply: usize, action: Action) {
        if ply + 1 >= self.pv.len() {
            return;
        }
        let (here, below) = self.pv.split_at_mut(ply + 1);
        let line = &mut here[ply];
        line.clear();
        line.push(action);
        line.extend_from_slice(&below[0]);
    }

    /// Store a searched node's result in the table, bounded by the window
    /// `(alpha, beta)` it was searched in.
    pub(super) fn remember(
        &mut self,
        node: &Node,
        best: i32,
        best_action: Option<Action>,
        window: (i32, i32),
    ) {
        let Some(tt) = &mut self.tt else {
            return;
        };
        let bound = bound_of(best, window);
        tt.store(Entry {
            key: node.hash,
            best: best_action,
            score: to_tt(best, node.ply),
            depth: node.depth as i16,
            bound,
        });
    }

    /// Remember a quiescence result (depth 0) where it displaces no
    /// searched entry: the many quiescence nodes must not push out what
    /// the full-width search stored.
    pub(super) fn remember_quiet(
        &mut self,
        hash: u64,
        ply: usize,
        best: i32,
        best_action: Option<Action>,
        window: (i32, i32),
    ) {
        let Some(tt) = &mut self.tt else {
            return;
        };
        if tt.probe_slot(hash).is_some_and(|e| e.depth > 0) {
            return;
        }
        let bound = bound_of(best, window);
        tt.store(Entry {
            key: hash,
            best: best_action,
            score: to_tt(best, ply),
            depth: 0,
            bound,
        });
    }

    /// What the table knows of position `hash`: its best action (to try
    /// first) and, when stored deep enough with a bound that decides this
    /// window, the score to return at once.
    pub(super) fn probe(
        &self,
        hash: u64,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> (Option<Action>, Option<i32>) {
        let Some(e) = self.tt.as_deref().and_then(|t| t.probe(hash)) else {
            return (None, None);
        };
        if i32::from(e.depth) < depth {
            return (e.best, None);
        }
        let s = from_tt(e.score, ply);
        let cut = match e.bound {
            Bound::Exact => true,
            Bound::Lower => s >= beta,
            Bound::Upper => s <= alpha,
        };
        (e.best, cut.then_some(s))
    }
}

/// How a score found in the window `(alpha, beta)` bounds the true value.
fn bound_of(best: i32, window: (i32, i32)) -> Bound {
    if best >= window.1 {
        Bound::Lower
    } else if best > window.0 {
        Bound::Exact
    } else {
        Bound::Upper
    }
}
