//! The replay viewer's analysis: the engine's verdict on every ply, as it
//! streams in from a background job or as stored with the record (the
//! viewer asks for it to be kept there, [`motley_session::Write`], so that
//! reopening the game does not redo it).
//! A stored analysis is used only while it matches the game's moves.
//! Accuracy is worked out here from the plies in, on the game's scale, so
//! an analysis stored before accuracy existed shows it too.

use crate::tui::jobs::AnalysisJob;
use motley_ai::analysis::{
    game_scale, side_accuracy, AnalysisSettings, Eval, GameAnalysis, Mark, PlyAnalysis,
};
use motley_ai::eval::EvalScale;
use motley_game::Game;
use motley_rules::core::{Action, Color};
use motley_rules::Position;
use serde_json::Value;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Where the analysis stands.
#[derive(Clone, Debug)]
enum Progress {
    /// Never started, or stopped before anything arrived.
    Idle,
    /// A job is at work.
    Running { job: u64, stop: Arc<AtomicBool> },
    /// Stopped by the player with some plies done.
    Stopped,
    /// Every ply is in (just finished, or stored with the record).
    Done,
}

/// The analysis the viewer shows (see the module comment).
#[derive(Clone, Debug)]
pub struct Review {
    /// One per ply of the game (index = ply − 1), filled as results come.
    plies: Vec<Option<PlyAnalysis>>,
    /// Thinking time per position of the analysis shown, in ms.
    movetime_ms: u64,
    progress: Progress,
    /// It came from the record (nothing was searched this time).
    from_record: bool,
    /// The scale the game's evaluations are read on (its start's).
    scale: EvalScale,
    /// The sides' names in the game's variant (White, Black; South, North).
    sides: [&'static str; 2],
}

impl Review {
    /// Nothing analysed for a game of `plies` plies (on the pawn scale
    /// until it is known: [`Review::for_game`]).
    pub fn new(plies: usize) -> Review {
        Review {
            plies: vec![None; plies],
            movetime_ms: 0,
            progress: Progress::Idle,
            from_record: false,
            scale: EvalScale::PAWNS,
            sides: ["White", "Black"],
        }
    }

    /// Nothing analysed yet for `game`, read on its scale.
    pub fn for_game(game: &Game) -> Review {
        Review {
            scale: game_scale(game),
            sides: game.position_at(0).map_or(["White", "Black"], |p| {
                [Color::White, Color::Black].map(|c| crate::tui::panels::side_name(p, c))
            }),
            ..Review::new(game.ply())
        }
    }

    /// The analysis a record stored for `game`. A stored analysis that is
    /// unreadable or of other moves is left out; the text says so.
    pub fn from_record(stored: Option<&Value>, game: &Game) -> (Review, Option<String>) {
        let mut review = Review::for_game(game);
        let Some(value) = stored else {
            return (review, None);
        };
        match serde_json::from_value::<GameAnalysis>(value.clone()) {
            Ok(a) if a.matches(game) => {
                review.movetime_ms = a.movetime_ms;
                review.plies = a.plies.into_iter().map(Some).collect();
                review.progress = Progress::Done;
                review.from_record = true;
                (review, None)
            }
            Ok(_) => (
                review,
                Some("the stored analysis is of other moves: press a to analyse again".into()),
            ),
            Err(_) => (
                review,
                Some("the stored analysis cannot be read: press a to analyse again".into()),
            ),
        }
    }

    /// Start analysing `game` in the background; `None` when it is
    /// analysed already or being analysed.
    pub fn start(&mut self, game: &Game, settings: &AnalysisSettings) -> Option<AnalysisJob> {
        if matches!(self.progress, Progress::Running { .. } | Progress::Done) {
            return None;
        }
        let job = AnalysisJob::new(game, settings);
        *self = Review::for_game(game);
        self.movetime_ms = settings.movetime.as_millis() as u64;
        self.progress = Progress::Running {
            job: job.id,
            stop: job.stop.clone(),
        };
        Some(job)
    }

    /// Stop the job at work, keeping what arrived. False when none runs.
    pub fn stop(&mut self) -> bool {
        let Progress::Running { stop, job } = &self.progress else {
            return false;
        };
        stop.store(true, Ordering::Relaxed);
        let job = *job;
        self.ended_early(job)
    }

    fn is_job(&self, job: u64) -> bool {
        matches!(self.progress, Progress::Running { job: j, .. } if j == job)
    }

    /// A ply from job `job` arrived; false when it is not this viewer's.
    pub fn accept_ply(&mut self, job: u64, ply: PlyAnalysis) -> bool {
        if !self.is_job(job) {
            return false;
        }
        match ply.ply.checked_sub(1).and_then(|i| self.plies.get_mut(i)) {
            Some(slot) => {
                *slot = Some(ply);
                true
            }
            None => false,
        }
    }

    /// Job `job` finished with `analysis`; false when it is not this
    /// viewer's (stopped, or another viewer's).
    pub fn finish(&mut self, job: u64, analysis: &GameAnalysis) -> bool {
        if !self.is_job(job) {
            return false;
        }
        self.plies = analysis.plies.iter().cloned().map(Some).collect();
        self.movetime_ms = analysis.movetime_ms;
        self.progress = Progress::Done;
        true
    }

    /// Job `job` ended without a result (it failed, or no thread could
    /// run it): what arrived stays. False when it is not this viewer's.
    pub fn ended_early(&mut self, job: u64) -> bool {
        if !self.is_job(job) {
            return false;
        }
        self.progress = if self.done() > 0 {
            Progress::Stopped
        } else {
            Progress::Idle
        };
        true
    }

    /// Something to show: an analysis under way, stopped or done.
    pub fn is_shown(&self) -> bool {
        !matches!(self.progress, Progress::Idle)
    }

    /// A job is at work.
    pub fn is_running(&self) -> bool {
        matches!(self.progress, Progress::Running { .. })
    }

    /// Every ply is analysed.
    pub fn is_done(&self) -> bool {
        matches!(self.progress, Progress::Done)
    }

    /// Plies analysed so far.
    pub fn done(&self) -> usize {
        self.plies.iter().flatten().count()
    }

    /// Plies in the game.
    pub fn total(&self) -> usize {
        self.plies.len()
    }

    /// Thinking time per position of the analysis shown, in ms.
    pub fn movetime_ms(&self) -> u64 {
        self.movetime_ms
    }

    /// It was read from the record.
    pub fn is_from_record(&self) -> bool {
        self.from_record
    }

    /// The analysis of ply `ply` (1 = the first action), when in.
    pub fn ply(&self, ply: usize) -> Option<&PlyAnalysis> {
        self.plies.get(ply.checked_sub(1)?)?.as_ref()
    }

    /// The evaluation of the position after `ply` plies, from White's side:
    /// the next ply's "before", or this ply's "after".
    pub fn eval_at(&self, ply: usize) -> Option<Eval> {
        if let Some(next) = self.ply(ply + 1) {
            return Some(next.before.for_white(next.mover_color()));
        }
        let this = self.ply(ply)?;
        Some(this.after.for_white(this.mover_color()))
    }

    /// Evaluations from White's side of every position analysed so far,
    /// by ply (0 = the start).
    pub fn evals(&self) -> Vec<(usize, Eval)> {
        (0..=self.plies.len())
            .filter_map(|k| Some((k, self.eval_at(k)?)))
            .collect()
    }

    /// The scale the evaluations are read on.
    pub fn scale(&self) -> &EvalScale {
        &self.scale
    }

    /// The name of `side` in the game's variant.
    pub fn side_name(&self, side: Color) -> &'static str {
        self.sides[side.index()]
    }

    /// `side`'s accuracy over its moves analysed so far, 0 to 100.
    pub fn accuracy(&self, side: Color) -> Option<f64> {
        side_accuracy(self.plies.iter().flatten(), side, &self.scale)
    }

    /// The mark of each ply (index = ply − 1), for the move list.
    pub fn marks(&self) -> Vec<Option<Mark>> {
        self.plies
            .iter()
            .map(|p| p.as_ref().and_then(|p| p.mark))
            .collect()
    }

    /// The engine's choice in the position after `ply` plies, as an action
    /// of `game` (none at the end, or for a roll).
    pub fn best_at(&self, game: &Game, ply: usize) -> Option<Action> {
        let text = self.ply(ply + 1)?.best_action.as_deref()?;
        let pos = game.position_at(ply)?;
        let mut legal = Vec::new();
        pos.legal_actions(&mut legal);
        // Read as coordinates, so an analysis saved in an older notation
        // (`pass`, `b@a1`) still finds its move.
        let coord = motley_rules::core::CoordText::parse(text).ok()?;
        motley_rules::core::action::find_by_coord(&coord, &legal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use motley_game::variant::Registry;

    fn game(moves: &[&str]) -> Game {
        let def = Registry::builtin().get("standard").unwrap();
        let mut g = Game::new(def, None, 1).unwrap();
        for m in moves {
            g.play_text(m).unwrap();
        }
        g
    }

    fn settings() -> AnalysisSettings {
        AnalysisSettings {
            movetime: std::time::Duration::from_secs(60),
            max_depth: 2,
            threads: 1,
        }
    }

    /// A review of 1. e4 e5 with its job run to the end (the answers not
    /// yet handed to the review).
    fn analysed() -> (Game, Review, AnalysisJob, GameAnalysis) {
        let played = game(&["e4", "e5"]);
        let mut review = Review::new(played.ply());
        let job = review.start(&played, &settings()).unwrap();
        let analysis = job.run(&|_| {}).unwrap();
        (played, review, job, analysis)
    }

    #[test]
    fn a_stored_analysis_of_other_moves_is_ignored() {
        let (played, _, _, analysis) = analysed();
        let stored = serde_json::to_value(&analysis).unwrap();
        let (same, note) = Review::from_record(Some(&stored), &played);
        assert!(same.is_done() && same.is_from_record() && note.is_none());
        let other = game(&["e4", "c5"]);
        let (stale, note) = Review::from_record(Some(&stored), &other);
        assert!(!stale.is_shown() && stale.done() == 0);
        assert!(note.unwrap().contains("other moves"));
        let longer = game(&["e4", "e5", "Nf3"]);
        assert!(!Review::from_record(Some(&stored), &longer).0.is_shown());
    }

    #[test]
    fn answers_of_a_stopped_or_foreign_job_are_dropped() {
        let (_, mut review, job, analysis) = analysed();
        assert!(!review.accept_ply(job.id + 1, analysis.plies[0].clone()));
        assert!(review.accept_ply(job.id, analysis.plies[0].clone()));
        assert!(review.stop());
        assert!(!review.accept_ply(job.id, analysis.plies[1].clone()));
        assert!(!review.finish(job.id, &analysis));
        assert_eq!(review.done(), 1);
    }
}
