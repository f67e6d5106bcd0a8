//! The tree search below the root: negamax with principal-variation
//! search, the table's cuts, reductions and pruning where the family
//! allows them.

use super::pruning::{prune_late, reduction};
use super::score::{static_eval, INF, MATE_BOUND};
use super::searcher::{Node, Searcher};
use crate::eval::Evaluate;
use crate::ordering::{self, is_noisy, pick, MAX_PLY};
use motley_rules::core::Action;
use motley_rules::{EndReason, Outcome};

/// How the rules end the game at `pos` (whose legal actions are `moves`),
/// the quiet-move limit included; `None` while it goes on.
fn ended_by_rules<P: Evaluate>(pos: &P, moves: &[Action]) -> Option<Outcome> {
    pos.outcome_given(moves).or_else(|| pos.quiet_rule_end())
}

impl Searcher<'_> {
    /// Value of `child` for the parent's side: negated only if the side to
    /// act changed.
    #[inline]
    pub(super) fn child<P: Evaluate>(
        &mut self,
        child: &P,
        same_side: bool,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if same_side {
            self.negamax(child, depth, alpha, beta, ply)
        } else {
            -self.negamax(child, depth, -beta, -alpha, ply)
        }
    }

    pub(super) fn negamax<P: Evaluate>(
        &mut self,
        pos: &P,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        if let Some(line) = self.pv.get_mut(ply) {
            line.clear();
        }
        self.seldepth = self.seldepth.max(ply);
        if pos.is_chance() {
            return self.chance(pos, depth, ply);
        }
        let turn = pos.turn();
        let key = pos.repetition_key();
        if let Some(k) = key {
            if self.repeated(k, pos.repetition_window()) {
                return self.ended(&pos.end_by_rule(EndReason::Repetition), turn, ply);
            }
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.qsearch(pos, alpha, beta, ply, 0);
        }
        let (mut moves, scores) = self.take_buffers(ply);
        pos.legal_actions(&mut moves);
        if let Some(o) = ended_by_rules(pos, &moves) {
            self.give_buffers(ply, moves, scores);
            return self.ended(&o, turn, ply);
        }

        let hash = pos.hash();
        let (tt_move, cut) = self.probe(hash, depth, alpha, beta, ply);
        if let Some(v) = cut {
            self.give_buffers(ply, moves, scores);
            return v;
        }

        let in_check = pos.in_check(turn);
        let pv_node = beta - alpha > 1;
        // The static evaluation, where the family lets the search trust it
        // for cuts (see `Evaluate::ZUGZWANG_RARE`).
        let eval = (pos.zugzwang_rare() && !in_check && !pv_node).then(|| static_eval(pos));
        if let Some(eval) = eval {
            if let Some(v) = self.prune_early(pos, eval, depth, beta, ply) {
                self.give_buffers(ply, moves, scores);
                return v;
            }
        }
        let node = Node {
            depth,
            ply,
            hash,
            key,
            in_check,
            pv_node,
            eval,
            tt_move,
        };
        self.search_actions(pos, &node, moves, scores, alpha, beta)
    }

    /// The actions of a node that neither the rules, the table nor an early
    /// cut decided: ordered, searched (PVS with reductions, late quiet
    /// actions pruned where the family allows), the result stored.
    fn search_actions<P: Evaluate>(
        &mut self,
        pos: &P,
        node: &Node,
        mut moves: Vec<Action>,
        mut scores: Vec<i32>,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let (depth, ply, key, eval) = (node.depth, node.ply, node.key, node.eval);
        let turn = pos.turn();
        let zugzwang_rare = pos.zugzwang_rare();
        self.ordering
            .score(pos, &moves, node.tt_move, ply, &mut scores);
        if let Some(k) = key {
            self.keys.push(k);
        }
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_action = None;
        let mut quiets_tried = 0;
        for i in 0..moves.len() {
            pick(&mut moves, &mut scores, i);
            let a = moves[i];
            let quiet = matches!(a, Action::Move(_)) && !is_noisy(pos, &a);
            let mut child = pos.clone();
            child.play_unchecked(a);
            let same = child.turn() == turn;
            let gives_check = child.in_check(child.turn());
            if quiet && !gives_check && best > -MATE_BOUND {
                if let Some(eval) = eval {
                    if prune_late(eval, depth, alpha, quiets_tried) {
                        continue;
                    }
                }
            }
            if quiet {
                quiets_tried += 1;
            }
            // Checks and purchases (a purchase only announces the moves it
            // buys) do not use up depth.
            let ext = i32::from(
                (gives_check && (ply as i32) < 2 * self.root_depth) || matches!(a, Action::Buy(_)),
            );
            let d = depth - 1 + ext;
            let v = if i == 0 {
                self.child(&child, same, d, alpha, beta, ply + 1)
            } else {
                let reduce = if quiet && !node.in_check && !gives_check && !child.is_chance() {
                    reduction(
                        zugzwang_rare,
                        depth,
                        i,
                        node.pv_node,
                        scores[i] >= ordering::KILLER,
                    )
                } else {
                    0
                };
                self.later_child(&child, same, d, reduce, alpha, beta, ply + 1)
            };
            if self.aborted {
                break;
            }
            if v > best {
                best = v;
                best_action = Some(a);
                if v > alpha {
                    alpha = v;
                    if node.pv_node {
                        self.extend_pv(ply, a);
                    }
                    if v >= beta {
                        if quiet {
                            self.ordering.reward(a, ply, depth);
                        }
                        break;
                    }
                }
            }
        }
        if best_action.is_none() {
            // Every action was pruned as hopeless: a fail low.
            best = alpha;
        }
        if key.is_some() {
            self.keys.pop();
        }
        self.give_buffers(ply, moves, scores);
        if self.aborted {
            return 0;
        }
        self.remember(node, best, best_action, (original_alpha, beta));
        best
    }

    /// A later action's score by principal-variation search: a null window
    /// first (reduced by `reduce` plies), widened only when it beats
    /// `alpha`.
    #[allow(clippy::too_many_arguments)]
    fn later_child<P: Evaluate>(
        &mut self,
        child: &P,
        same: bool,
        d: i32,
        reduce: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let mut v = self.child(child, same, d - reduce, alpha, alpha + 1, ply);
        if v > alpha && reduce > 0 && !self.aborted {
            v = self.child(child, same, d, alpha, alpha + 1, ply);
        }
        if v > alpha && v < beta && !self.aborted {
            v = self.child(child, same, d, alpha, beta, ply);
        }
        v
    }
}
