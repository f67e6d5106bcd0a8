//! The root of an iteration: its actions with their noise, the best
//! lines ranked (MultiPV) in an aspiration window, and the line expected
//! after each.

use super::score::{to_tt, INF, MATE_BOUND};
use super::searcher::Searcher;
use super::{Limits, Line, Report};
use crate::eval::Evaluate;
use crate::ordering::Ordering;
use crate::tt::{Bound, Entry};
use motley_rules::core::Action;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Iterations from which the root is searched in an aspiration window.
const ASPIRATION_DEPTH: i32 = 4;

/// Half-width of the first aspiration window, in centipawns.
const ASPIRATION_WINDOW: i32 = 40;

/// Beyond this half-width a failing side of the window opens fully.
const ASPIRATION_LIMIT: i32 = 400;

/// The root's actions with the noise each gets for the whole search (the
/// level's randomness, seeded by the position) and their first ordering
/// score: `(action, noise, order)`.
pub(super) fn root_actions<P: Evaluate>(
    pos: &P,
    legal: &[Action],
    limits: &Limits,
    ordering: &Ordering,
) -> Vec<(Action, i32, i32)> {
    let mut scores = Vec::new();
    ordering.score(pos, legal, None, 0, &mut scores);
    let mut rng = ChaCha8Rng::seed_from_u64(limits.seed ^ pos.hash());
    legal
        .iter()
        .zip(&scores)
        .map(|(a, o)| {
            let noise = if limits.noise > 0 {
                (rng.next_u32() % (2 * limits.noise as u32 + 1)) as i32 - limits.noise
            } else {
                0
            };
            (*a, noise, *o)
        })
        .collect()
}

impl Searcher<'_> {
    /// One iteration at the root: ranks the best `lines` root actions
    /// (each searched exactly, best moved to the front for the next
    /// iteration). Returns them best first, each with the line the search
    /// found after it; when aborted, the first line may hold a best action
    /// found part way (as before MultiPV existed).
    pub(super) fn root<P: Evaluate>(
        &mut self,
        pos: &P,
        root: &mut [(Action, i32, i32)],
        depth: i32,
        noisy: bool,
        lines: usize,
        guess: Option<i32>,
    ) -> Vec<(Action, i32, Vec<Action>)> {
        self.nodes += 1;
        let pushed = pos.repetition_key().map(|k| self.keys.push(k)).is_some();
        let mut found = Vec::with_capacity(lines);
        for first in 0..lines.min(root.len()) {
            let best = if first == 0 {
                self.aspirated_root(pos, root, depth, noisy, guess)
            } else {
                self.root_line(pos, &root[first..], depth, noisy, (-INF, INF))
            };
            let Some((i, v)) = best else { break };
            if self.aborted && first > 0 {
                break;
            }
            // The best action of this line goes first among the rest.
            root[first..=first + i].rotate_right(1);
            let a = root[first].0;
            let line = if self.root_pv.first() == Some(&a) {
                self.root_pv.clone()
            } else {
                vec![a]
            };
            found.push((a, v, line));
            if first == 0 && !self.aborted {
                if let Some(tt) = &mut self.tt {
                    tt.store(Entry {
                        key: pos.hash(),
                        best: Some(a),
                        score: to_tt(v, 0),
                        depth: depth as i16,
                        bound: Bound::Exact,
                    });
                }
            }
            if self.aborted {
                break;
            }
        }
        if pushed {
            self.keys.pop();
        }
        found
    }

    /// The best of `root` (index and score) within `window`, searching the
    /// first action with the window and the rest with null windows (full
    /// windows with noise). Stops at the first score at or above the
    /// window's top (a fail high); when nothing rises above its bottom,
    /// the first action is kept with its score (a fail low).
    fn root_line<P: Evaluate>(
        &mut self,
        pos: &P,
        root: &[(Action, i32, i32)],
        depth: i32,
        noisy: bool,
        window: (i32, i32),
    ) -> Option<(usize, i32)> {
        let turn = pos.turn();
        let (mut alpha, beta) = window;
        let mut best: Option<(usize, i32)> = None;
        for (i, &(a, noise, _)) in root.iter().enumerate() {
            let mut child = pos.clone();
            child.play_unchecked(a);
            let same = child.turn() == turn;
            let ext = i32::from(child.in_check(child.turn()) || matches!(a, Action::Buy(_)));
            let d = depth - 1 + ext;
            let v = if noisy {
                // A forced result is exact: noise only tells near-equal
                // moves apart.
                let v = self.child(&child, same, d, -INF, INF, 1);
                if v.abs() > MATE_BOUND {
                    v
                } else {
                    v + noise
                }
            } else if i == 0 {
                self.child(&child, same, d, alpha, beta, 1)
            } else {
                let v = self.child(&child, same, d, alpha, alpha + 1, 1);
                if v > alpha && !self.aborted {
                    self.child(&child, same, d, alpha, beta, 1)
                } else {
                    v
                }
            };
            if self.aborted {
                break;
            }
            let better = best.is_none_or(|(_, b)| v > b && (noisy || v > alpha));
            if better {
                best = Some((i, v));
                self.extend_pv(0, a);
                self.root_pv.clone_from(&self.pv[0]);
                alpha = alpha.max(v);
                if v >= beta && !noisy {
                    break;
                }
            }
        }
        best
    }

    /// The best root action of an iteration, searched in a narrow window
    /// around `guess` (the last iteration's score) that widens on each
    /// failure: most iterations land inside it and cost less. Without a
    /// guess (early iterations, noise, mate scores) the window is full.
    fn aspirated_root<P: Evaluate>(
        &mut self,
        pos: &P,
        root: &mut [(Action, i32, i32)],
        depth: i32,
        noisy: bool,
        guess: Option<i32>,
    ) -> Option<(usize, i32)> {
        let guess = guess.filter(|g| !noisy && depth >= ASPIRATION_DEPTH && g.abs() < MATE_BOUND);
        let Some(guess) = guess else {
            return self.root_line(pos, root, depth, noisy, (-INF, INF));
        };
        let mut delta = ASPIRATION_WINDOW;
        let (mut low, mut high) = (guess - delta, guess + delta);
        let mut last = None;
        loop {
            let found = self.root_line(pos, root, depth, false, (low, high));
            let Some((i, v)) = found else {
                // Stopped before the first action finished: what the last
                // window showed.
                return last;
            };
            if self.aborted {
                return found;
            }
            delta *= 2;
            if v <= low {
                low = if delta > ASPIRATION_LIMIT {
                    -INF
                } else {
                    (v - delta).max(-INF)
                };
                last = Some((i, v));
            } else if v >= high {
                // The action that failed high is searched first next time.
                root[..=i].rotate_right(1);
                high = if delta > ASPIRATION_LIMIT {
                    INF
                } else {
                    (v + delta).min(INF)
                };
                last = Some((0, v));
            } else {
                return found;
            }
        }
    }

    /// Take an iteration's ranked root actions (with their searched lines)
    /// into `report`: the best action and its score always; the lines when
    /// the iteration completed; when it did not but found a better action,
    /// that action's line as far as it was searched.
    pub(super) fn take_found<P: Evaluate>(
        &self,
        pos: &P,
        found: &[(Action, i32, Vec<Action>)],
        depth: u32,
        report: &mut Report,
    ) {
        let line = |(_, v, pv): &(Action, i32, Vec<Action>)| Line {
            score: *v,
            pv: self.principal_variation(pos, pv, depth as usize),
        };
        if let Some(first) = found.first() {
            report.best = Some(first.0);
            report.score = first.1;
            let changed = report
                .line
                .as_ref()
                .is_none_or(|l| l.pv.first() != Some(&first.0));
            if self.aborted && changed {
                report.line = Some(line(first));
            }
        }
        if self.aborted {
            return;
        }
        report.depth = depth;
        report.seldepth = self.seldepth as u32;
        report.lines = found.iter().map(line).collect();
        report.line = report.lines.first().cloned();
    }

    /// The line expected after a root action: `searched`, the line the
    /// search itself found (the action first), then the transposition
    /// table's best actions while they are legal, for at least `depth`
    /// plies in all, stopping at chance nodes, ended games and repetitions.
    /// The searched part does not depend on the table keeping its entries.
    fn principal_variation<P: Evaluate>(
        &self,
        pos: &P,
        searched: &[Action],
        depth: usize,
    ) -> Vec<Action> {
        let mut pv = Vec::with_capacity(depth.max(searched.len()));
        let mut p = pos.clone();
        let mut seen = vec![p.hash()];
        let mut legal = Vec::with_capacity(64);
        let table = self.tt.as_deref();
        for i in 0.. {
            if p.is_chance() || (i >= searched.len() && pv.len() >= depth.max(1)) {
                break;
            }
            let next = match searched.get(i) {
                Some(&a) => Some(a),
                None => table.and_then(|t| t.probe(p.hash())).and_then(|e| e.best),
            };
            let Some(a) = next else {
                break;
            };
            legal.clear();
            p.legal_actions(&mut legal);
            if !legal.contains(&a) {
                break;
            }
            p.play_unchecked(a);
            pv.push(a);
            if seen.contains(&p.hash()) {
                break;
            }
            seen.push(p.hash());
        }
        pv
    }
}
