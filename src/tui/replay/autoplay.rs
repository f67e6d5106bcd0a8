//! Autoplay: the viewer steps on through the game by itself, at one of a
//! few speeds, until the line ends or a key stops it.

use crate::tui::base::Message;
use std::time::Duration;

/// Autoplay speeds, milliseconds per ply.
const SPEEDS: [u64; 6] = [3000, 2000, 1000, 500, 250, 100];

/// Whether the viewer steps on by itself, and how fast.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Autoplay {
    /// Autoplay on.
    pub on: bool,
    /// Index into the speed table.
    pub speed: usize,
}

impl Default for Autoplay {
    /// Off, at a ply a second.
    fn default() -> Autoplay {
        Autoplay {
            on: false,
            speed: 2,
        }
    }
}

impl Autoplay {
    fn speed_ms(&self) -> u64 {
        SPEEDS[self.speed.min(SPEEDS.len() - 1)]
    }

    /// The period of the autoplay timer, when on.
    pub fn interval(&self) -> Option<Duration> {
        self.on.then(|| Duration::from_millis(self.speed_ms()))
    }

    /// Autoplay's speed in words: "1 ply every 0.5 s".
    pub fn speed_text(&self) -> String {
        let ms = self.speed_ms();
        let secs = if ms.is_multiple_of(1000) {
            format!("{}", ms / 1000)
        } else {
            format!("{}", ms as f64 / 1000.0)
        };
        format!("1 ply every {secs} s")
    }

    /// One speed faster, and the speed said (the fastest, at the end).
    pub fn faster(&mut self) -> Message {
        self.speed = (self.speed + 1).min(SPEEDS.len() - 1);
        self.said(self.speed + 1 == SPEEDS.len(), "fastest")
    }

    /// One speed slower, and the speed said (the slowest, at the end).
    pub fn slower(&mut self) -> Message {
        self.speed = self.speed.saturating_sub(1);
        self.said(self.speed == 0, "slowest")
    }

    /// The speed just chosen in words (and when it is the end of the
    /// scale).
    fn said(&self, at_end: bool, end: &str) -> Message {
        let limit = if at_end {
            format!(" (the {end})")
        } else {
            String::new()
        };
        Message::info(format!("autoplay speed: {}{limit}", self.speed_text()))
    }
}
