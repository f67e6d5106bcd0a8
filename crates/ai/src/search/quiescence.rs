//! Quiescence: captures and promotions resolved before the static
//! evaluation is trusted, with no standing pat where captures are
//! compulsory or the side is in check. Where the family asks for it
//! ([`Evaluate::quiescence_table`]) its results go to the transposition
//! table: where cheap pieces capture everywhere (grasshoppers) the same
//! captures in other orders meet again, and a tree that does not know
//! them grows without end.

use super::score::{static_eval, INF};
use super::searcher::Searcher;
use crate::eval::Evaluate;
use crate::ordering::{is_noisy, pick, MAX_PLY};

/// Quiescence plies before the static evaluation is trusted regardless.
const QS_MAX: usize = 10;

/// Quiescence plies in which compulsory captures are all searched (beyond,
/// the evaluation is trusted: Chicken's flips keep creating captures).
const QS_FORCED_PLIES: usize = 4;

/// Quiescence plies in which check evasions are searched.
const QS_CHECK_PLIES: usize = 3;

impl Searcher<'_> {
    /// Quiescence: resolve captures (and promotions) before trusting the
    /// static evaluation. Where every legal action is a capture (captures
    /// compulsory, as in antichess) or the side is in check, there is no
    /// "stand pat": all actions are searched.
    pub(super) fn qsearch<P: Evaluate>(
        &mut self,
        pos: &P,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if pos.is_chance() {
            return self
                .chance_end(pos, ply)
                .unwrap_or_else(|| static_eval(pos));
        }
        let turn = pos.turn();
        let (mut moves, mut scores) = self.take_buffers(ply);
        pos.legal_actions(&mut moves);
        if let Some(o) = pos.outcome_given(&moves) {
            self.give_buffers(ply, moves, scores);
            return self.ended(&o, turn, ply);
        }
        if qply >= QS_MAX || ply >= MAX_PLY {
            self.give_buffers(ply, moves, scores);
            return static_eval(pos);
        }
        let noisy = moves.iter().filter(|a| is_noisy(pos, a)).count();
        let forced = noisy == moves.len();
        if forced && qply >= QS_FORCED_PLIES {
            self.give_buffers(ply, moves, scores);
            return static_eval(pos);
        }
        let hash = self.quiescence_table.then(|| pos.hash());
        let (tt_move, cut) = match hash {
            Some(hash) => self.probe(hash, 0, alpha, beta, ply),
            None => (None, None),
        };
        if let Some(v) = cut {
            self.give_buffers(ply, moves, scores);
            return v;
        }
        let window = (alpha, beta);
        let in_check = !forced && qply < QS_CHECK_PLIES && pos.in_check(pos.turn());
        let mut best = -INF;
        if !(forced || in_check) {
            let stand = static_eval(pos);
            if stand < beta {
                // At the first ply, checks that bring a win nearer too.
                let checks = qply == 0;
                moves.retain(|a| is_noisy(pos, a) || (checks && pos.quiet_check(a)));
            }
            if stand >= beta || moves.is_empty() {
                self.give_buffers(ply, moves, scores);
                if let Some(hash) = hash {
                    self.remember_quiet(hash, ply, stand, None, window);
                }
                return stand;
            }
            best = stand;
            alpha = alpha.max(stand);
        }
        self.ordering
            .score(pos, &moves, tt_move, MAX_PLY, &mut scores);
        let mut best_action = None;
        for i in 0..moves.len() {
            pick(&mut moves, &mut scores, i);
            let a = moves[i];
            let mut child = pos.clone();
            child.play_unchecked(a);
            let v = if child.turn() == turn {
                self.qsearch(&child, alpha, beta, ply + 1, qply + 1)
            } else {
                -self.qsearch(&child, -beta, -alpha, ply + 1, qply + 1)
            };
            if self.aborted {
                break;
            }
            if v > best {
                best = v;
                best_action = Some(a);
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        self.give_buffers(ply, moves, scores);
        if self.aborted {
            return 0;
        }
        if let Some(hash) = hash {
            self.remember_quiet(hash, ply, best, best_action, window);
        }
        best
    }
}
