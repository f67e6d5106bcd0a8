//! How long iterative deepening goes on: the soft share of the time,
//! stretched or shrunk by how settled the best action is, never past the
//! hard limit.

use motley_rules::core::Action;
use std::time::Duration;

/// When iterative deepening stops starting new iterations: after the soft
/// share of the time, stretched while the best action keeps changing or
/// the score falls (the search is finding something), shrunk while it
/// stays put — never past the hard limit.
pub(super) struct TimeUse {
    soft: Option<Duration>,
    hard: Option<Duration>,
    best: Option<Action>,
    score: i32,
    /// Completed iterations in a row with the same best action.
    stable: u32,
    /// Factor on the soft time.
    stretch: f64,
}

impl TimeUse {
    pub(super) fn new(soft: Option<Duration>, hard: Option<Duration>) -> TimeUse {
        TimeUse {
            soft,
            hard,
            best: None,
            score: 0,
            stable: 0,
            stretch: 1.0,
        }
    }

    /// Take in a completed iteration.
    pub(super) fn completed(&mut self, depth: u32, best: Option<Action>, score: i32) {
        if best == self.best {
            self.stable += 1;
        } else {
            self.stable = 0;
        }
        let falling = depth > 1 && score < self.score - 30;
        self.best = best;
        self.score = score;
        if depth < 5 {
            return;
        }
        self.stretch = match self.stable {
            0 => 1.8,
            1 => 1.3,
            2 | 3 => 1.0,
            _ => 0.7,
        };
        if falling {
            self.stretch = self.stretch.max(1.5);
        }
    }

    /// Should no new iteration start at `elapsed`?
    pub(super) fn out_of_time(&self, elapsed: Duration) -> bool {
        let Some(soft) = self.soft else {
            return false;
        };
        let mut limit = soft.mul_f64(self.stretch);
        if let Some(hard) = self.hard {
            limit = limit.min(hard);
        }
        elapsed >= limit
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use motley_rules::core::Action;

    #[test]
    fn time_use_stretches_while_the_best_action_changes_and_never_passes_the_hard_limit() {
        let ms = Duration::from_millis;
        let a = Action::Pass;
        let b = Action::Roll(1, 2);
        let mut unsure = TimeUse::new(Some(ms(600)), Some(ms(1000)));
        let mut sure = TimeUse::new(Some(ms(600)), Some(ms(1000)));
        for depth in 1..=8 {
            unsure.completed(depth, Some(if depth % 2 == 0 { a } else { b }), 0);
            sure.completed(depth, Some(a), 0);
        }
        // Past the soft share: the sure search stops, the unsure goes on.
        assert!(sure.out_of_time(ms(500)));
        assert!(!unsure.out_of_time(ms(700)));
        // Never past the hard limit.
        assert!(unsure.out_of_time(ms(1000)));
        // A falling score also buys time.
        let mut falling = TimeUse::new(Some(ms(600)), Some(ms(1000)));
        for depth in 1..=8 {
            falling.completed(depth, Some(a), -40 * depth as i32);
        }
        assert!(!falling.out_of_time(ms(700)));
        // No clock, no limit.
        assert!(!TimeUse::new(None, None).out_of_time(ms(1_000_000)));
    }
}
