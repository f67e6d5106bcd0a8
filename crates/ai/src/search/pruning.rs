//! The pruning rules: reverse futility and the null move before a node's
//! actions, futility and late-move pruning and reductions among them, in
//! families that trust their evaluation.

use super::score::MATE_BOUND;
use super::searcher::Searcher;
use crate::eval::Evaluate;

/// Deepest remaining depth at which a static evaluation far enough above
/// beta cuts a node (reverse futility).
const STATIC_CUT_DEPTH: i32 = 6;

/// Centipawns per ply of remaining depth the static evaluation must exceed
/// beta by for that cut.
const STATIC_CUT_MARGIN: i32 = 85;

/// Deepest remaining depth at which quiet actions are pruned: those that
/// cannot lift a static evaluation near alpha (futility) and those late in
/// the order (late-move pruning).
const LATE_PRUNE_DEPTH: i32 = 3;

/// Centipawns of futility margin: base plus this per ply of depth.
const FUTILITY_MARGIN: i32 = 100;

/// Plies a null move's search is reduced by, beyond the pass itself.
#[inline]
fn null_reduction(depth: i32) -> i32 {
    3 + depth / 4
}

/// Should a quiet action (not giving check), the `tried`-th quiet one so
/// far, be skipped at a non-PV node whose static evaluation is `eval`?
#[inline]
pub(super) fn prune_late(eval: i32, depth: i32, alpha: i32, tried: i32) -> bool {
    depth <= LATE_PRUNE_DEPTH
        && (eval + FUTILITY_MARGIN * (depth + 1) <= alpha || tried >= 3 + 2 * depth * depth)
}

/// Plies to reduce the `index`-th action (a quiet one) of a node with
/// `depth` left. Families that trust their evaluation
/// ([`Evaluate::zugzwang_rare`]) reduce by a logarithmic table, less at PV
/// nodes and for killers; the others keep the gentle rule they were tuned
/// with.
#[inline]
pub(super) fn reduction(
    zugzwang_rare: bool,
    depth: i32,
    index: usize,
    pv_node: bool,
    killer: bool,
) -> i32 {
    if depth < 3 || index < 2 {
        return 0;
    }
    if !zugzwang_rare {
        return if index >= 3 && !killer {
            1 + i32::from(index >= 8 && depth >= 6)
        } else {
            0
        };
    }
    let r = 0.75 + (depth as f64).ln() * (index as f64).ln() / 2.25;
    let r = r as i32 - i32::from(pv_node) - i32::from(killer);
    r.clamp(0, depth - 2)
}

impl Searcher<'_> {
    /// Cuts before any action is searched, in families that trust the
    /// static evaluation `eval` (non-PV nodes, not in check): a position
    /// far above `beta` near the leaves is taken as a cut (reverse
    /// futility), and so is one where even passing keeps the score above
    /// `beta` in a search reduced by [`null_reduction`] (null move; never
    /// twice in a row).
    pub(super) fn prune_early<P: Evaluate>(
        &mut self,
        pos: &P,
        eval: i32,
        depth: i32,
        beta: i32,
        ply: usize,
    ) -> Option<i32> {
        if beta.abs() >= MATE_BOUND {
            return None;
        }
        if depth <= STATIC_CUT_DEPTH && eval - STATIC_CUT_MARGIN * depth >= beta {
            return Some(eval);
        }
        let after_pass = ply > 0 && self.passes.get(ply - 1).copied().unwrap_or(false);
        if depth < 3 || eval < beta || after_pass {
            return None;
        }
        let null = pos.null_move()?;
        if self.passes.len() <= ply {
            self.passes.resize(ply + 1, false);
        }
        self.passes[ply] = true;
        let v = -self.negamax(
            &null,
            depth - 1 - null_reduction(depth),
            -beta,
            -beta + 1,
            ply + 1,
        );
        self.passes[ply] = false;
        if self.aborted {
            return Some(0);
        }
        // A pass proves no mate: a mate score is only a bound.
        (v >= beta).then_some(if v > MATE_BOUND { beta } else { v })
    }
}
