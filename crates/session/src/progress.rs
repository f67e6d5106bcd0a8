//! How far a computer's search has got: depth, score, speed and the line
//! it expects, read from Motley's own search or from an engine's `info`
//! lines alike, and let through a few times a second at most.

use crate::uci::protocol::{EngineInfo, InfoScore};
use motley_ai::analysis::Eval;
use motley_ai::search::Iteration;
use motley_rules::core::Action;
use motley_rules::{parse_action, san_of, AnyPosition, Position};
use std::time::{Duration, Instant};

/// How far a computer's search has got, for the line the play screen
/// shows while it thinks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThinkProgress {
    /// The depth last completed, in plies.
    pub depth: u32,
    /// The deepest ply any line of it reached.
    pub seldepth: u32,
    /// The best line's value as the side thinking sees it.
    pub score: Eval,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time thought so far.
    pub elapsed: Duration,
    /// The line the search expects, in SAN, from the move it would play.
    pub pv: Vec<String>,
}

impl ThinkProgress {
    /// The progress an iteration of a search of `pos` means.
    pub fn of(pos: &AnyPosition, it: &Iteration) -> ThinkProgress {
        let pv = it.lines.first().map_or(&[][..], |l| l.pv.as_slice());
        ThinkProgress {
            depth: it.depth,
            seldepth: it.seldepth,
            score: Eval::from_score(it.score),
            nodes: it.nodes,
            elapsed: it.elapsed,
            pv: line_in_san(pos, pv),
        }
    }

    /// The progress an external engine's `info` line reports (`None`
    /// without a depth and a score); `elapsed` stands in for a time the
    /// line does not give.
    pub fn of_engine(
        pos: &AnyPosition,
        info: &EngineInfo,
        elapsed: Duration,
    ) -> Option<ThinkProgress> {
        let depth = info.depth?;
        let score = match info.score? {
            InfoScore::Cp(cp) => Eval::Cp(cp),
            InfoScore::Mate(n) => Eval::Mate(n),
        };
        let mut line = Vec::new();
        let mut after = pos.clone();
        for text in &info.pv {
            let Ok(action) = parse_action(&after, text) else {
                break;
            };
            line.push(action);
            after.play_unchecked(action);
        }
        Some(ThinkProgress {
            depth,
            seldepth: info.seldepth.unwrap_or(depth),
            score,
            nodes: info.nodes.unwrap_or(0),
            elapsed: info.time_ms.map_or(elapsed, Duration::from_millis),
            pv: line_in_san(pos, &line),
        })
    }

    /// Nodes a second so far (0 before any time has passed).
    pub fn nodes_per_second(&self) -> u64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            (self.nodes as f64 / secs) as u64
        } else {
            0
        }
    }

    /// One line: depth, score as the side thinking sees it (`#N` for a
    /// mate), speed: "depth 9/15  +0.35  1.2M nodes/s".
    pub fn summary(&self) -> String {
        format!(
            "depth {}/{}  {}  {} nodes/s",
            self.depth,
            self.seldepth,
            self.score,
            si_count(self.nodes_per_second())
        )
    }
}

/// A count with a k/M/G suffix and one decimal: "1.2M".
fn si_count(n: u64) -> String {
    match n {
        0..=9_999 => n.to_string(),
        10_000..=999_999 => format!("{}k", n / 1000),
        1_000_000..=999_999_999 => format!("{:.1}M", n as f64 / 1e6),
        _ => format!("{:.1}G", n as f64 / 1e9),
    }
}

/// A search's line in SAN, as far as each action is legal where it comes
/// (a line from the table may end in one that is not).
pub fn line_in_san(pos: &AnyPosition, line: &[Action]) -> Vec<String> {
    let mut pos = pos.clone();
    let mut out = Vec::new();
    let mut legal = Vec::new();
    for action in line {
        legal.clear();
        pos.legal_actions(&mut legal);
        if !legal.contains(action) {
            break;
        }
        out.push(san_of(&pos, action, &legal));
        pos.play_unchecked(*action);
    }
    out
}

/// Lets through at most one progress report per `every`, so a fast
/// search does not redraw the screen more than a few times a second.
#[derive(Clone, Debug)]
pub struct ProgressThrottle {
    every: Duration,
    last: Option<Instant>,
}

impl ProgressThrottle {
    /// A throttle letting one report through per `every`.
    pub fn new(every: Duration) -> ProgressThrottle {
        ProgressThrottle { every, last: None }
    }

    /// Is a report at `now` to be passed on? The first always is.
    pub fn due(&mut self, now: Instant) -> bool {
        let due = self
            .last
            .is_none_or(|t| now.saturating_duration_since(t) >= self.every);
        if due {
            self.last = Some(now);
        }
        due
    }
}

/// How often the play screen redraws for a thinking computer's progress.
pub const PROGRESS_EVERY: Duration = Duration::from_millis(250);
