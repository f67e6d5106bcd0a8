//! Monochrome's evaluation: scores, and what each side can take next.

use super::Evaluate;
use crate::rules::monochrome::Monochrome;
use crate::rules::Position;

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
        100 * (mine - theirs) + 90 * now - 50 * threat + 10 * halves
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::monochrome::tests::mono;

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
}
