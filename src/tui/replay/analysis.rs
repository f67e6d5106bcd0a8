//! The engines' work in the viewer: the game analysed in the background
//! (started, stopped, finished, and kept in the record it came from) and
//! the live lines that search the position shown.

use super::ReplayState;
use crate::tui::base::{Ctx, Message, Request};
use motley_ai::analysis::GameAnalysis;
use motley_session::{StoreError, Write};
use std::path::Path;

impl ReplayState {
    /// Search the position shown live (a search at work is replaced).
    pub(super) fn start_lines(&mut self, ctx: &mut Ctx) {
        // Fields apart: the lines change while the position is borrowed.
        let (game, ply) = match &self.off {
            Some(o) => (&o.game, o.game.ply()),
            None => (&self.file.game, self.ply),
        };
        let Some(position) = game.position_at(ply) else {
            return;
        };
        let job = self.lines.start(position, ply);
        self.lines_at = self.cursor();
        ctx.requests.push(Request::Lines(Box::new(job)));
    }

    /// `a`: analyse in the background, or stop the analysis under way.
    pub(super) fn analyse(&mut self, ctx: &mut Ctx) {
        if self.review.stop() {
            self.view.message = Some(Message::info(format!(
                "analysis stopped ({} of {} plies done); press a to start again",
                self.review.done(),
                self.review.total()
            )));
            return;
        }
        if self.is_empty() {
            self.view.message = Some(Message::error("there are no moves to analyse"));
            return;
        }
        match self
            .review
            .start(&self.file.game, &ctx.settings.session.analysis)
        {
            Some(job) => {
                self.view.message = Some(Message::info(format!(
                    "analysing {} plies in the background ({} ms a position)…",
                    self.len(),
                    job.settings.movetime.as_millis()
                )));
                ctx.requests.push(Request::Analyse(Box::new(job)));
            }
            None => {
                self.view.message = Some(Message::info(
                    "the game is analysed already (the marks are in the move list)",
                ))
            }
        }
    }

    /// The analysis of job `job` finished: show it, and keep it in the
    /// record when the game came from a file that holds these moves.
    pub(super) fn analysis_done(&mut self, job: u64, analysis: Box<GameAnalysis>, ctx: &mut Ctx) {
        if !self.review.finish(job, &analysis) {
            return;
        }
        let summary = summary_words(&analysis);
        self.view.message = Some(match (&self.file.path, &self.file.error) {
            (Some(path), None) => {
                let path = path.clone();
                let store = Write::StoreAnalysis {
                    path,
                    analysis,
                    slot: self.edits.slot.clone(),
                };
                ctx.requests.push(Request::Write(Box::new(store)));
                Message::info(format!("{summary}; storing it in the record…"))
            }
            (Some(_), Some(_)) => {
                Message::info(format!("{summary}; not stored (the file has a bad ply)"))
            }
            (None, _) => Message::info(summary),
        });
    }
}

/// A finished analysis in a line: the marks of each side.
fn summary_words(analysis: &GameAnalysis) -> String {
    let [w, b] = &analysis.summary;
    format!(
        "analysed; ?!/?/??: White {}/{}/{}, Black {}/{}/{}",
        w.inaccuracies, w.mistakes, w.blunders, b.inaccuracies, b.mistakes, b.blunders
    )
}

/// What keeping `analysis` in the record at `path` came to, after its
/// summary.
pub(super) fn stored(
    path: &Path,
    analysis: &GameAnalysis,
    result: Result<(), StoreError>,
) -> Message {
    let summary = summary_words(analysis);
    match result {
        Ok(()) => {
            let file = path.file_name().map_or(path.display().to_string(), |f| {
                f.to_string_lossy().to_string()
            });
            Message::info(format!("{summary}; stored in {file}"))
        }
        Err(why) => Message::error(format!("{summary}; analysis not stored: {why}")),
    }
}
