//! A chess clock, apart from any screen or rule family: a time control
//! (starting time and Fischer increment), each side's remaining time,
//! whose clock runs, and the flag. Time is read from a [`TimeSource`] the
//! caller passes in as a reading, so the clock itself is a pure value and
//! tests drive it with a hand-set time.
//!
//! Time controls are written `M+S`: minutes (a decimal fraction allowed,
//! `0.5+0`) plus the increment in seconds; or `Ns+S` for a starting time
//! in seconds (`10s+0`). A bare `M` means no increment.

use motley_rules::core::Color;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use thiserror::Error;

/// The longest starting time or increment accepted: a day.
const MAX_TIME: Duration = Duration::from_secs(24 * 3600);

/// Below this a player's time is shown as urgent.
pub const URGENT: Duration = Duration::from_secs(10);

/// Why a time control could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ClockError {
    #[error(
        "'{0}' is not a time control: write minutes+increment seconds, e.g. 5+3, 0.5+0 or 10s+0"
    )]
    Syntax(String),
    #[error("'{0}': the starting time must be more than zero")]
    NoTime(String),
    #[error("'{0}': at most 24 hours of starting time or increment")]
    TooLong(String),
}

/// Starting time for each side and the Fischer increment, added to a
/// player's time each time their turn ends.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// Each side's time at the start.
    pub base: Duration,
    /// Added to a player's time when their turn ends.
    pub increment: Duration,
}

impl TimeControl {
    /// `minutes` + `increment` seconds.
    pub const fn minutes(minutes: u64, increment: u64) -> TimeControl {
        TimeControl {
            base: Duration::from_secs(minutes * 60),
            increment: Duration::from_secs(increment),
        }
    }

    /// The usual blitz to classical controls, offered in the new-game
    /// dialog.
    pub const PRESETS: [TimeControl; 6] = [
        TimeControl::minutes(1, 0),
        TimeControl::minutes(3, 2),
        TimeControl::minutes(5, 3),
        TimeControl::minutes(10, 5),
        TimeControl::minutes(15, 10),
        TimeControl::minutes(30, 0),
    ];
}

/// A non-negative decimal number of `unit`s as a duration, or `None`.
fn amount(text: &str, unit: f64) -> Option<Duration> {
    let t = text.trim();
    if t.is_empty() || !t.chars().all(|c| c.is_ascii_digit() || c == '.') {
        return None;
    }
    let v: f64 = t.parse().ok()?;
    let secs = v * unit;
    (secs.is_finite() && secs <= MAX_TIME.as_secs_f64() * 2.0)
        .then(|| Duration::from_millis((secs * 1000.0).round() as u64))
}

impl FromStr for TimeControl {
    type Err = ClockError;

    fn from_str(s: &str) -> Result<TimeControl, ClockError> {
        let text = s.trim();
        let bad = || ClockError::Syntax(motley_rules::core::quote::clip(text));
        let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
        let base = match base.trim().strip_suffix('s') {
            Some(secs) => amount(secs, 1.0),
            None => amount(base, 60.0),
        }
        .ok_or_else(bad)?;
        let increment = amount(inc.trim().trim_end_matches('s'), 1.0).ok_or_else(bad)?;
        if base.is_zero() {
            return Err(ClockError::NoTime(motley_rules::core::quote::clip(text)));
        }
        if base > MAX_TIME || increment > MAX_TIME {
            return Err(ClockError::TooLong(motley_rules::core::quote::clip(text)));
        }
        Ok(TimeControl { base, increment })
    }
}

/// Seconds with up to three decimals, no trailing zeros: `3`, `0.5`.
fn seconds_text(d: Duration) -> String {
    let ms = d.as_millis();
    if ms.is_multiple_of(1000) {
        (ms / 1000).to_string()
    } else {
        format!("{:.3}", d.as_secs_f64())
            .trim_end_matches('0')
            .to_string()
    }
}

impl fmt::Display for TimeControl {
    /// `5+3`, or `10s+0` when the starting time is not whole minutes: the
    /// form [`TimeControl::from_str`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let inc = seconds_text(self.increment);
        if self.base.as_millis().is_multiple_of(60_000) {
            write!(f, "{}+{inc}", self.base.as_secs() / 60)
        } else {
            write!(f, "{}s+{inc}", seconds_text(self.base))
        }
    }
}

/// Where the clock reads the time: the system's monotonic clock, or a
/// hand-set time (tests). A reading is the time since the source began,
/// less the time Motley was stopped (Ctrl-Z): a player's clock must not
/// run while the game is not even on the screen.
#[derive(Clone, Debug)]
pub enum TimeSource {
    /// Real time since `start`, less `stopped` milliseconds (shared by
    /// every copy, so one resume tells them all).
    System {
        /// When the source began.
        start: Instant,
        /// Milliseconds the program spent stopped since.
        stopped: Arc<AtomicU64>,
    },
    /// Milliseconds set by hand with [`TimeSource::advance`].
    Manual(Arc<AtomicU64>),
}

impl Default for TimeSource {
    fn default() -> Self {
        TimeSource::System {
            start: Instant::now(),
            stopped: Arc::new(AtomicU64::new(0)),
        }
    }
}

impl TimeSource {
    /// A hand-set time starting at zero.
    pub fn manual() -> TimeSource {
        TimeSource::Manual(Arc::new(AtomicU64::new(0)))
    }

    /// The current reading.
    pub fn now(&self) -> Duration {
        match self {
            TimeSource::System { start, stopped } => start
                .elapsed()
                .saturating_sub(Duration::from_millis(stopped.load(Ordering::Relaxed))),
            TimeSource::Manual(ms) => Duration::from_millis(ms.load(Ordering::Relaxed)),
        }
    }

    /// Leave out of real time a span the program was stopped (a suspend
    /// by Ctrl-Z or SIGTSTP until it was continued). A hand-set time
    /// moves only by hand: no effect.
    pub fn leave_out(&self, stopped_for: Duration) {
        if let TimeSource::System { stopped, .. } = self {
            let by = u64::try_from(stopped_for.as_millis()).unwrap_or(u64::MAX);
            stopped.fetch_add(by, Ordering::Relaxed);
        }
    }

    /// Move a hand-set time on (real time moves by itself: no effect).
    pub fn advance(&self, by: Duration) {
        if let TimeSource::Manual(ms) = self {
            let by = u64::try_from(by.as_millis()).unwrap_or(u64::MAX);
            ms.fetch_add(by, Ordering::Relaxed);
        }
    }
}

/// A clock as saved with a game: the control and each side's time left
/// when it was saved (the clock is paused while a game is not on screen).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockState {
    /// The time control, as written on the command line (`5+3`).
    pub control: String,
    /// White's time left, in milliseconds.
    pub white_ms: u64,
    /// Black's time left, in milliseconds.
    pub black_ms: u64,
}

/// Two players' times: see the module comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChessClock {
    control: TimeControl,
    remaining: [Duration; 2],
    /// The side whose time runs, and the reading when it started.
    running: Option<(Color, Duration)>,
    flagged: Option<Color>,
}

impl ChessClock {
    /// Both sides with the control's starting time; nothing runs yet.
    pub fn new(control: TimeControl) -> ChessClock {
        ChessClock {
            control,
            remaining: [control.base; 2],
            running: None,
            flagged: None,
        }
    }

    /// A paused clock as saved. A side with no time left has its flag
    /// down as soon as the clock is polled.
    pub fn restore(state: &ClockState) -> Result<ChessClock, ClockError> {
        let control: TimeControl = state.control.parse()?;
        let mut clock = ChessClock::new(control);
        clock.remaining = [
            Duration::from_millis(state.white_ms),
            Duration::from_millis(state.black_ms),
        ];
        clock.flagged = Color::ALL
            .into_iter()
            .find(|c| clock.remaining[c.index()].is_zero());
        Ok(clock)
    }

    /// The clock as saved, read at `now`.
    pub fn state(&self, now: Duration) -> ClockState {
        let ms = |c: Color| u64::try_from(self.remaining(c, now).as_millis()).unwrap_or(u64::MAX);
        ClockState {
            control: self.control.to_string(),
            white_ms: ms(Color::White),
            black_ms: ms(Color::Black),
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The side whose time runs.
    pub fn running(&self) -> Option<Color> {
        self.running.map(|(c, _)| c)
    }

    /// The side whose flag has fallen.
    pub fn flagged(&self) -> Option<Color> {
        self.flagged
    }

    /// `side`'s time left at `now`.
    pub fn remaining(&self, side: Color, now: Duration) -> Duration {
        let left = self.remaining[side.index()];
        match self.running {
            Some((c, since)) if c == side => left.saturating_sub(now.saturating_sub(since)),
            _ => left,
        }
    }

    /// Book the running side's time up to `now`.
    fn charge(&mut self, now: Duration) {
        if let Some((side, _)) = self.running {
            self.remaining[side.index()] = self.remaining(side, now);
            self.running = Some((side, now));
        }
    }

    /// `side` is to act from `now` on. When the other side's time was
    /// running, its turn is over: its time is booked and, with
    /// `increment`, the increment added. Nothing changes when `side`'s
    /// time runs already (a Dice-Money turn of several actions is one
    /// turn), nor after a flag fall.
    pub fn switch_to(&mut self, side: Color, now: Duration, increment: bool) {
        if self.flagged.is_some() || self.running() == Some(side) {
            return;
        }
        self.charge(now);
        if let Some((done, _)) = self.running {
            if increment && !self.remaining[done.index()].is_zero() {
                let t = &mut self.remaining[done.index()];
                *t = t.saturating_add(self.control.increment);
            }
        }
        self.running = Some((side, now));
    }

    /// Stop the clock (the game is left or over); times are kept.
    pub fn pause(&mut self, now: Duration) {
        self.charge(now);
        self.running = None;
    }

    /// Has a flag fallen by `now`? Returns the side whose time is out (the
    /// first time and every time after); the clock stops then.
    pub fn poll(&mut self, now: Duration) -> Option<Color> {
        if self.flagged.is_none() {
            if let Some(side) = self.running() {
                if self.remaining(side, now).is_zero() {
                    self.pause(now);
                    self.flagged = Some(side);
                }
            }
        }
        self.flagged
    }

    /// How long until the running side's display changes (whole seconds,
    /// rounded up, and tenths under [`TENTHS_BELOW`]) or its flag falls:
    /// the event loop sleeps that long, so a running clock redraws once a
    /// second, and ten times a second in its last seconds. `None` while
    /// stopped.
    pub fn next_change(&self, now: Duration) -> Option<Duration> {
        let side = self.running()?;
        let left = self.remaining(side, now);
        let step = if left <= TENTHS_BELOW {
            Duration::from_millis(100)
        } else {
            Duration::from_secs(1)
        };
        let into_step = Duration::from_nanos((left.as_nanos() % step.as_nanos()) as u64);
        Some(if into_step.is_zero() && !left.is_zero() {
            step
        } else {
            into_step
        })
    }
}

/// Under this a player's time is shown in tenths of a second, as on
/// lichess: the last seconds are where they matter.
pub const TENTHS_BELOW: Duration = Duration::from_secs(10);

/// A player's time as shown: `4:05`, `1:02:03` over an hour, `0:09.4`
/// under ten seconds. Time is rounded up (to the second, or to the tenth
/// under ten seconds), so only a fallen flag shows `0:00.0`.
pub fn format_time(d: Duration) -> String {
    let tenths = d.as_millis().div_ceil(100);
    if tenths < TENTHS_BELOW.as_millis() / 100 {
        return format!("0:{:02}.{}", tenths / 10, tenths % 10);
    }
    let secs = d.as_secs() + u64::from(d.subsec_nanos() > 0);
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}
