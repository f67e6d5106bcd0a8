//! Scores: the bounds, mate scores counted from the root or from a node
//! (as the transposition table keeps them), and the static evaluation as
//! the search trusts it.

use crate::eval::{Evaluate, EVAL_LIMIT};
use motley_rules::Outcome;

/// Larger than any score.
pub const INF: i32 = 32_000;

/// Score of winning now; a win in `n` plies scores `MATE - n`.
pub const MATE: i32 = 31_000;

/// Scores beyond this are forced wins or losses.
pub const MATE_BOUND: i32 = 30_000;

/// Plies to a forced win (positive) or loss (negative) that `score` means,
/// if it is a mate score.
pub fn mate_in_plies(score: i32) -> Option<i32> {
    if score > MATE_BOUND {
        Some(MATE - score)
    } else if score < -MATE_BOUND {
        Some(-(MATE + score))
    } else {
        None
    }
}

/// Score an ended game for `side` (the side to act there), `ply` plies from
/// the root: quicker wins and slower losses are better.
#[inline]
pub fn outcome_score(o: &Outcome, side: motley_rules::core::Color, ply: usize) -> i32 {
    match o.winner {
        Some(w) if w == side => MATE - ply as i32,
        Some(_) => -(MATE - ply as i32),
        None => 0,
    }
}

#[inline]
pub(super) fn static_eval<P: Evaluate>(pos: &P) -> i32 {
    pos.evaluate().clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

/// Mate scores are stored relative to the node, not the root.
#[inline]
pub(super) fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline]
pub(super) fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
