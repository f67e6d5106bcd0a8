//! Monochrome's evaluation: scores, and what each side can take next.

use super::{EvalScale, Evaluate, EVAL_LIMIT};
use motley_rules::core::Role;
use motley_rules::monochrome::Monochrome;
use motley_rules::Position;

impl Evaluate for Monochrome {
    /// Score difference (a point is worth a pawn), plus what each side can
    /// take next (the side to act takes the best now; the opponent's best
    /// threat counts half, since we may answer it), plus a small term for
    /// the material on each half: pieces on the opponent's half are our
    /// targets, ours are theirs.
    fn evaluate(&self) -> i32 {
        let us = self.turn();
        let them = us.other();
        let [mine, theirs] = [us, them].map(|c| self.scores()[c.index()] as i32);
        let now = self.best_capture(us) as i32;
        let threat = self.best_capture(them) as i32;
        let halves = self.half_value(them) as i32 - self.half_value(us) as i32;
        POINT_CP * (mine - theirs) + 90 * now - 50 * threat + 10 * halves
    }

    /// Points (100 cp each, as above). The higher score wins however large
    /// the lead, so nothing short of every point in play (scored and still
    /// on the board) is a decided game.
    fn scale(&self) -> EvalScale {
        let board = self.board();
        let on_board: u64 = Role::ALL
            .iter()
            .map(|&r| u64::from(board.by_role(r).count()) * u64::from(self.value(r)))
            .sum();
        let scored: u64 = self.scores().iter().map(|&s| u64::from(s)).sum();
        let in_play = on_board
            .saturating_add(scored)
            .saturating_mul(POINT_CP as u64);
        EvalScale {
            unit: "point",
            unit_cp: POINT_CP,
            limit_cp: in_play.clamp(POINT_CP as u64, EVAL_LIMIT as u64) as i32,
        }
    }
}

/// Centipawns per Monochrome point.
const POINT_CP: i32 = 100;
