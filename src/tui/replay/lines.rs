//! Live engine lines in the replay viewer: the position shown is searched
//! deeper and deeper with its best few root actions ranked (the search's
//! MultiPV), each completed iteration shown as it arrives, until the
//! lines are turned off, the position changes (a new search starts at
//! once) or the viewer is left.

use crate::tui::jobs::{EngineLines, LinesJob, MAX_LINES};
use crate::tui::theme::Theme;
use motley_rules::AnyPosition;
use ratatui::text::Line;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The viewer's live lines: off, or searching one position.
#[derive(Debug)]
pub struct LiveLines {
    /// The search at work, with the ply it searches.
    running: Option<(u64, usize, Arc<AtomicBool>)>,
    /// Lines asked for (1 to [`MAX_LINES`]).
    count: usize,
    /// The latest update of the search at work.
    pub latest: Option<EngineLines>,
}

impl Default for LiveLines {
    /// Off, one line when turned on.
    fn default() -> LiveLines {
        LiveLines {
            running: None,
            count: 1,
            latest: None,
        }
    }
}

impl LiveLines {
    /// Whether lines are on.
    pub fn is_on(&self) -> bool {
        self.running.is_some()
    }

    /// Lines asked for.
    pub fn count(&self) -> usize {
        self.count
    }

    /// Start searching `position`, the viewer's ply `ply`; a search at
    /// work is stopped first.
    pub fn start(&mut self, position: &AnyPosition, ply: usize) -> LinesJob {
        self.stop();
        let job = LinesJob::new(position, self.count());
        self.running = Some((job.id, ply, job.stop.clone()));
        job
    }

    /// Stop the search at work, if any: lines are off.
    pub fn stop(&mut self) {
        if let Some((_, _, stop)) = self.running.take() {
            stop.store(true, Ordering::Relaxed);
        }
        self.latest = None;
    }

    /// The ply searched, while lines are on.
    pub fn ply(&self) -> Option<usize> {
        self.running.as_ref().map(|r| r.1)
    }

    /// One more line, from [`MAX_LINES`] back to one.
    pub fn next_count(&mut self) {
        self.count = self.count % MAX_LINES + 1;
    }

    /// An update of search `job`: kept when it is the one at work.
    pub fn take(&mut self, job: u64, lines: EngineLines) {
        if self.running.as_ref().is_some_and(|r| r.0 == job) {
            self.latest = Some(lines);
        }
    }

    /// The lines as the side panel shows them.
    pub fn text(&self, theme: &Theme) -> Vec<Line<'static>> {
        if !self.is_on() {
            return Vec::new();
        }
        let Some(latest) = &self.latest else {
            return vec![Line::styled("Engine lines: thinking…", theme.title())];
        };
        if latest.depth == 0 {
            return vec![Line::styled(
                "Engine lines: the game is over here",
                theme.title(),
            )];
        }
        let mut out = vec![Line::styled(
            format!(
                "Engine lines: depth {} · {} kN/s",
                latest.depth,
                latest.nodes_per_second / 1000
            ),
            theme.title(),
        )];
        if let Some(value) = latest.chance_value {
            out.push(Line::raw(format!("{value} (the dice decide)")));
        }
        for (eval, moves) in &latest.lines {
            out.push(Line::raw(format!("{eval:>6} {}", moves.join(" "))));
        }
        out
    }
}

impl Drop for LiveLines {
    fn drop(&mut self) {
        self.stop();
    }
}
