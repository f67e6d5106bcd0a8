//! The searches a session runs off the UI thread — a computer player's
//! move ([`ThinkJob`]) and a hint ([`HintJob`]) — and their bookkeeping
//! ([`Searches`]): each order carries a generation, so an answer that
//! comes after the game moved on is recognised and dropped, and a stop
//! flag, so a search no longer wanted ends.

use super::players::{Player, PlayerError, Turn};
use super::progress::ThinkProgress;
use motley_ai::search::{self, Limits};
use motley_ai::ThinkSettings;
use motley_game::Game;
use motley_rules::core::{Action, Color};
use motley_rules::{san_of, AnyPosition, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// What every search run off the UI thread for the game carries (a
/// computer's move, a hint): the position, a number to match the answer
/// to it, and a flag to stop it.
#[derive(Clone, Debug)]
pub struct SearchOrder {
    /// Matches the answer to the order; a stale answer is dropped.
    pub generation: u64,
    /// The position to search.
    pub position: AnyPosition,
    /// Repetition keys of the positions before this one.
    pub history: Vec<u64>,
    /// Set to make the search answer now (or give up, when the game moved
    /// on).
    pub stop: Arc<AtomicBool>,
}

/// The game as an engine is told it: the variant, the start and every
/// action since.
#[derive(Clone, Debug)]
pub struct GameSoFar {
    /// The variant.
    pub variant: Arc<motley_game::variant::VariantDef>,
    /// The game's start when it is not the variant's.
    pub start_fen: Option<String>,
    /// Every action so far.
    pub actions: Vec<Action>,
}

/// A computer player's job: everything the search needs, so the runtime can
/// run it off the UI thread and send the answer back tagged with its
/// order's `generation`.
#[derive(Clone, Debug)]
pub struct ThinkJob {
    /// The position, the answer's tag and the stop flag.
    pub order: SearchOrder,
    /// Which computer player (a level, random, an engine).
    pub player: Player,
    /// Time and seed for this move.
    pub settings: ThinkSettings,
    /// The game so far, for an engine.
    pub game: GameSoFar,
}

impl ThinkJob {
    /// Think, or ask the external engine. `Err` says how an engine failed
    /// (it then loses the game).
    pub fn run(&self) -> Result<Option<Action>, PlayerError> {
        self.choose(None)
    }

    /// [`ThinkJob::run`], passing the search's progress to `on_progress`
    /// as it goes (after each iteration of Motley's own levels, with each
    /// `info` line of an engine's; other players report nothing).
    pub fn run_with(
        &self,
        on_progress: &mut dyn FnMut(ThinkProgress),
    ) -> Result<Option<Action>, PlayerError> {
        self.choose(Some(on_progress))
    }

    fn choose(
        &self,
        on_progress: Option<&mut dyn FnMut(ThinkProgress)>,
    ) -> Result<Option<Action>, PlayerError> {
        let turn = Turn {
            position: &self.order.position,
            history: &self.order.history,
            variant: &self.game.variant,
            start_fen: self.game.start_fen.as_deref(),
            actions: &self.game.actions,
        };
        let stop = &self.order.stop;
        self.player.choose(turn, &self.settings, stop, on_progress)
    }
}

/// A hint: the side to move's best action by a short search (as long as
/// the default level thinks), run off the UI thread like a computer's move.
#[derive(Clone, Debug)]
pub struct HintJob {
    /// The position the hint is for, the answer's tag and the stop flag
    /// (set when the hint is no longer wanted).
    pub order: SearchOrder,
    /// How long and how deep to search.
    pub limits: Limits,
}

impl HintJob {
    /// Search; `None` when there is nothing to suggest.
    pub fn run(&self) -> Option<Action> {
        let SearchOrder {
            position,
            history,
            stop,
            ..
        } = &self.order;
        search::search_any(position, history, &self.limits, stop).best
    }
}

/// A hint on show: the suggested action for the position at `ply`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The suggested action.
    pub action: Action,
    /// It in SAN, for the message line.
    pub san: String,
    /// Who it is for.
    pub side: Color,
}

/// A search at work.
#[derive(Clone, Debug)]
struct Running {
    generation: u64,
    stop: Arc<AtomicBool>,
    /// What its search reported last.
    progress: Option<ThinkProgress>,
}

impl Running {
    fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The searches of one game: the computer player thinking, the hint
/// searched for and the one on show, and the hints each side used.
#[derive(Clone, Debug, Default)]
pub struct Searches {
    /// Bumped whenever the game changes under a computer's feet.
    generation: u64,
    thinking: Option<Running>,
    /// The hint being searched for, if any.
    hint_asked: Option<Running>,
    /// The hint on show (until the game changes).
    hint: Option<Hint>,
    /// Hints used by each side (colour index), kept in the record.
    hints_used: [u32; 2],
}

impl Searches {
    /// The bookkeeping of a game whose record counted `hints` already.
    pub fn with_hints_used(hints: [u32; 2]) -> Searches {
        Searches {
            hints_used: hints,
            ..Searches::default()
        }
    }

    /// A search of the end of `game` under a new generation, and the
    /// record that it is under way.
    fn order(&mut self, game: &Game) -> (SearchOrder, Running) {
        self.generation += 1;
        let stop = Arc::new(AtomicBool::new(false));
        let running = Running {
            generation: self.generation,
            stop: stop.clone(),
            progress: None,
        };
        let order = SearchOrder {
            generation: self.generation,
            position: game.position().clone(),
            history: game.repetition_history(),
            stop,
        };
        (order, running)
    }

    /// `player`'s job at the end of `game`, thinking as `settings` says;
    /// it is thinking from now on.
    pub fn think(&mut self, game: &Game, player: &Player, settings: ThinkSettings) -> ThinkJob {
        let (order, running) = self.order(game);
        self.thinking = Some(running);
        ThinkJob {
            order,
            player: player.clone(),
            settings,
            game: GameSoFar {
                variant: game.variant().clone(),
                start_fen: game.start_fen().map(str::to_string),
                actions: game.actions().to_vec(),
            },
        }
    }

    /// A computer player is thinking.
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// What the thinking computer's search reported last, if anything.
    pub fn progress(&self) -> Option<&ThinkProgress> {
        self.thinking.as_ref()?.progress.as_ref()
    }

    /// Progress of job `generation`: kept for the screen; false when the
    /// job is stale.
    pub fn take_progress(&mut self, generation: u64, progress: ThinkProgress) -> bool {
        match &mut self.thinking {
            Some(t) if t.generation == generation => {
                t.progress = Some(progress);
                true
            }
            _ => false,
        }
    }

    /// The answer of job `generation` arrived: true (and no longer
    /// thinking) when it is the job under way, false when stale.
    pub fn answered(&mut self, generation: u64) -> bool {
        if self.thinking.as_ref().map(|t| t.generation) != Some(generation) {
            return false;
        }
        self.thinking = None;
        true
    }

    /// Ask the thinking computer to answer now; false when none thinks.
    pub fn move_now(&self) -> bool {
        self.thinking.as_ref().inspect(|t| t.stop()).is_some()
    }

    /// Stop the computer and forget its pending answer.
    pub fn cancel_thinking(&mut self) {
        if let Some(t) = self.thinking.take() {
            t.stop();
        }
        self.generation += 1;
    }

    /// Hints used so far by each side (White, Black).
    pub fn hints_used(&self) -> [u32; 2] {
        self.hints_used
    }

    /// The hint on show for the current position, if any.
    pub fn hint(&self) -> Option<&Hint> {
        self.hint.as_ref()
    }

    /// A hint's search is under way.
    pub fn is_hinting(&self) -> bool {
        self.hint_asked.is_some()
    }

    /// The search for a hint at the end of `game` within `limits`.
    pub fn ask_hint(&mut self, game: &Game, limits: Limits) -> HintJob {
        let (order, running) = self.order(game);
        self.hint_asked = Some(running);
        HintJob { order, limits }
    }

    /// A hint's answer for request `generation`: `None` when stale; else
    /// the hint for the side to move in `game`, now shown and counted, or
    /// `Some(None)` when the search found nothing legal to suggest.
    pub fn take_hint(
        &mut self,
        generation: u64,
        action: Option<Action>,
        game: &Game,
    ) -> Option<Option<Hint>> {
        if self.hint_asked.as_ref().map(|t| t.generation) != Some(generation) {
            return None;
        }
        self.hint_asked = None;
        let pos = game.position();
        let legal = game.legal_actions();
        let Some(action) = action.filter(|a| legal.contains(a)) else {
            return Some(None);
        };
        let side = pos.turn();
        self.hints_used[side.index()] += 1;
        let hint = Hint {
            action,
            san: san_of(pos, &action, &legal),
            side,
        };
        self.hint = Some(hint.clone());
        Some(Some(hint))
    }

    /// Forget the hint on show and stop one being searched for (the game
    /// changed).
    pub fn drop_hint(&mut self) {
        self.hint = None;
        if let Some(t) = self.hint_asked.take() {
            t.stop();
        }
    }
}

/// A value handed from a worker thread to the screen once: an event may be
/// copied, what it carries is taken by the first to ask.
pub struct Handoff<T>(Arc<std::sync::Mutex<Option<T>>>);

impl<T> std::fmt::Debug for Handoff<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Handoff")
    }
}

impl<T> Clone for Handoff<T> {
    fn clone(&self) -> Self {
        Handoff(self.0.clone())
    }
}

impl<T> Handoff<T> {
    /// Hand `value` over.
    pub fn new(value: T) -> Handoff<T> {
        Handoff(Arc::new(std::sync::Mutex::new(Some(value))))
    }

    /// Nothing to hand over (a job that stopped before its answer).
    pub fn empty() -> Handoff<T> {
        Handoff(Arc::new(std::sync::Mutex::new(None)))
    }

    /// The value, the first time it is asked for.
    pub fn take(&self) -> Option<T> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).take()
    }
}

/// A game file to read for a screen, off the input path: a file may be a
/// PGN of many megabytes. `id` tags the answer so a screen drops a read
/// it no longer waits for.
#[derive(Debug)]
pub struct LoadJob {
    /// The answer's tag.
    pub id: u64,
    /// The file.
    pub path: std::path::PathBuf,
    /// The variants, to read its games by.
    pub registry: motley_game::variant::Registry,
}

impl LoadJob {
    /// Read the file's first game (and whether more follow), once.
    pub fn run(&self) -> Result<super::LoadedGame, super::LoadError> {
        super::load_game(&self.path, &self.registry)
    }
}

/// A new game whose external engines start off the input path: an engine
/// has seconds to answer, and the screen goes on drawing meanwhile.
pub struct SeatJob {
    /// The answer's tag.
    pub id: u64,
    /// The game, its players not yet started.
    pub session: super::Session,
}

impl std::fmt::Debug for SeatJob {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SeatJob({})", self.id)
    }
}

impl SeatJob {
    /// Start the players (each engine is asked whether it plays the
    /// variant); the game comes back either way.
    pub fn run(self) -> (super::Session, Result<(), super::SeatError>) {
        let result = self.session.start_players();
        (self.session, result)
    }
}
