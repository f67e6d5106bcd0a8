//! A game's chess clock as the session runs it: it waits for the first
//! move, follows the game from turn to turn (an increment for a turn
//! played, none for a take-back), ends the game when a flag falls, and
//! shares out a computer's thinking time.

use motley_game::clock::{ChessClock, TimeControl};
use motley_game::Game;
use motley_rules::core::Color;
use motley_rules::Position;
use std::time::Duration;

/// Whether a flag is down, read as the game goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Flag {
    /// No side's time is out (or the game has no clock).
    Up,
    /// A side's time ran out before: the game was over by it already.
    Down,
    /// A side's time has just run out: the game has just been lost (or
    /// drawn) on time.
    JustDown,
}

/// The chess clock of a game, when it is played with one.
#[derive(Clone, Debug, Default)]
pub struct GameClock {
    clock: Option<ChessClock>,
    /// The ply the clock last followed: a change to a later ply ends a
    /// turn (the increment is added), taking back does not.
    ply: usize,
    /// The clock has not started: it waits while this side is to act,
    /// and starts when the other side is (after White's first move in a
    /// new game, as on lichess; after the first move of a branch).
    waits: Option<Color>,
}

impl GameClock {
    /// The clock `game` was saved with, if any (a clock saved before any
    /// move has not started yet).
    pub fn of(game: &Game) -> GameClock {
        let clock = game
            .clock_state()
            .and_then(|state| ChessClock::restore(state).ok());
        let ply = game.ply();
        let waits = (clock.is_some() && ply == 0).then(|| game.position().turn());
        GameClock { clock, ply, waits }
    }

    /// A fresh clock of `control` for `game`. It starts when the side to
    /// act now has moved: no time runs before the first move.
    pub fn fresh(control: TimeControl, game: &Game) -> GameClock {
        GameClock {
            clock: Some(ChessClock::new(control)),
            ply: game.ply(),
            waits: Some(game.position().turn()),
        }
    }

    /// The chess clock, if the game has one.
    pub fn clock(&self) -> Option<&ChessClock> {
        self.clock.as_ref()
    }

    /// The time control, if the game has a clock.
    pub fn control(&self) -> Option<TimeControl> {
        self.clock.as_ref().map(ChessClock::control)
    }

    /// The clock waits for the first move (no time runs yet).
    pub fn waiting(&self) -> bool {
        self.clock.is_some() && self.waits.is_some()
    }

    /// A side's time is out: the game is over by the clock.
    pub fn flag_fallen(&self) -> bool {
        self.clock.as_ref().is_some_and(|c| c.flagged().is_some())
    }

    /// How long the event loop may sleep before the clock's display
    /// changes or a flag falls (`None`: no clock runs).
    pub fn wakeup(&self, now: Duration) -> Option<Duration> {
        self.clock.as_ref()?.next_change(now)
    }

    /// Has a flag fallen by `now`? True once the running side's time is
    /// out.
    pub fn poll(&mut self, now: Duration) -> bool {
        self.clock.as_mut().and_then(|c| c.poll(now)).is_some()
    }

    /// Declare `game` lost (or drawn) on time when the running side's
    /// flag is down at `now`.
    pub fn flag_down(&mut self, game: &mut Game, now: Duration) -> Flag {
        let Some(loser) = self.clock.as_mut().and_then(|c| c.poll(now)) else {
            return Flag::Up;
        };
        if game.outcome().is_some() {
            return Flag::Down;
        }
        game.time_out(loser);
        Flag::JustDown
    }

    /// Let the clock follow `game`: the side to act runs (the same side
    /// acting again is the same turn), nothing runs once the game is over;
    /// the game keeps the clock's state for saving.
    pub fn follow(&mut self, game: &mut Game, now: Duration) {
        let Some(clock) = &mut self.clock else {
            return;
        };
        let turn = game.position().turn();
        if self.waits.is_some_and(|side| side != turn) {
            self.waits = None;
        }
        if game.outcome().is_some() || self.waits.is_some() {
            clock.pause(now);
        } else {
            let forward = game.ply() > self.ply;
            clock.switch_to(turn, now, forward);
        }
        self.ply = game.ply();
        game.set_clock_state(Some(clock.state(now)));
    }

    /// Stop the clock as the game leaves the screen, keeping its state in
    /// `game`; true when it was running (time spent on the game is kept
    /// even when nothing was played).
    pub fn pause(&mut self, game: &mut Game, now: Duration) -> bool {
        let Some(clock) = &mut self.clock else {
            return false;
        };
        let running = clock.running().is_some();
        clock.pause(now);
        game.set_clock_state(Some(clock.state(now)));
        running
    }

    /// The computer's time for an action of `side`: `movetime`, or with a
    /// clock, a thirtieth of what is left plus the increment (never more
    /// than half of what is left), whichever is less.
    pub fn think_time(&self, side: Color, movetime: Duration, now: Duration) -> Duration {
        let Some(clock) = &self.clock else {
            return movetime;
        };
        let left = clock.remaining(side, now);
        let budget = (left / 30 + clock.control().increment).min(left / 2);
        budget.min(movetime).max(Duration::from_millis(1))
    }
}
