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

#[cfg(test)]
mod tests {
    use super::*;
    use motley_rules::core::Setup;
    use motley_rules::monochrome::{Monochrome, MonochromeOptions};

    fn mono(fen: &str) -> Monochrome {
        Monochrome::from_setup(Setup::parse(fen).unwrap(), MonochromeOptions::default()).unwrap()
    }

    #[test]
    fn evaluation_follows_scores_and_the_next_capture() {
        let p = mono("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        let ahead = p.with_scores([5, 0]).unwrap();
        assert!(ahead.evaluate() > p.evaluate());
        // Bishop and queen attack each other across the line: the side to
        // act that can take the queen stands better than the one that can
        // only take the bishop while its queen hangs.
        let can_take = mono("4k3/8/8/3q4/4B3/8/8/4K3 w - - 0 1");
        let is_attacked = mono("4k3/8/8/3q4/4B3/8/8/4K3 b - - 0 1");
        assert!(can_take.evaluate() > 0);
        assert!(can_take.evaluate() > is_attacked.evaluate());
    }

    /// Issue 22, item 1: Monochrome's scale is points, and its limit is
    /// every point in play (scored or on the board), not ten.
    #[test]
    fn item_1_the_scale_is_points_up_to_every_point_in_play() {
        // Looney's values: 8 pawns, 2 each of N B R, Q and K per side.
        let start = mono("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
        let scale = start.scale();
        assert_eq!((scale.unit, scale.unit_cp), ("point", 100));
        assert_eq!(scale.limit_cp, 2 * 50 * 100);
        // Points scored still count as in play.
        let kings = mono("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(kings.scale().limit_cp, 20 * 100);
        assert_eq!(
            kings.with_scores([30, 7]).unwrap().scale().limit_cp,
            57 * 100
        );
    }
}
