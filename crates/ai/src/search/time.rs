//! How long iterative deepening goes on: the soft share of the time,
//! stretched or shrunk by how settled the best action is, never past the
//! hard limit.

use motley_rules::core::Action;
use std::time::Duration;

/// When iterative deepening stops starting new iterations: after the soft
/// share of the time, stretched while the best action keeps changing or
/// the score falls (the search is finding something), shrunk while it
/// stays put — never past the hard limit.
///
/// This is what [`Limits::soft_share`](super::Limits::soft_share) and
/// [`Limits::movetime`](super::Limits::movetime) mean for a search. It is
/// public as that rule, apart from the clock: it is fed completed
/// iterations and an elapsed time, never reads the time itself, so the
/// rule can be followed and checked with times set by hand (the search
/// reads the wall clock, which no test may assert on).
#[derive(Debug)]
pub struct TimeUse {
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
    /// Before the first iteration: `soft` is the soft share of the time
    /// (none: no soft limit), `hard` the time the search may not pass.
    pub fn new(soft: Option<Duration>, hard: Option<Duration>) -> TimeUse {
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
    pub fn completed(&mut self, depth: u32, best: Option<Action>, score: i32) {
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
    pub fn out_of_time(&self, elapsed: Duration) -> bool {
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
