//! The game controller: one game with its players, the computer players'
//! jobs, saving and the match score. Every change to the game goes through
//! a method here, and every such method ends in the one "after an action"
//! path, [`GameControl::settle`]. Screens turn input into these calls and
//! show what comes back; they never touch the game themselves.

use super::game_file::GameFile;
use super::panels;
use super::settings::Settings;
use crate::ai::search::{self, Iteration, Limits};
use crate::ai::{PlayerSpec, ThinkSettings, DEFAULT_LEVEL};
use crate::analysis::Eval;
use crate::clock::{ChessClock, TimeControl};
use crate::core::{Action, Color};
use crate::game::Game;
use crate::record::games::OpenGame;
use crate::record::Players;
use crate::rules::{parse_action, san_of, AnyPosition, Describe, Position};
use crate::uci::client::{EngineSeat, EngineTurn};
use crate::uci::protocol::{read_info, EngineInfo, InfoScore};
use crate::variant::Registry;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

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

/// A computer player's job: everything the search needs, so the runtime can
/// run it off the UI thread and send the answer back tagged with its
/// order's `generation`.
#[derive(Clone, Debug)]
pub struct ThinkJob {
    /// The position, the answer's tag and the stop flag.
    pub order: SearchOrder,
    /// Which computer player (level, random).
    pub spec: PlayerSpec,
    /// Time and seed for this move.
    pub settings: ThinkSettings,
    /// For a `uci:` player: its engine and the game so far.
    pub engine: Option<EngineTurn>,
}

impl ThinkJob {
    /// Think, or ask the external engine. `Err` says how an engine failed
    /// (it then loses the game).
    pub fn run(&self) -> Result<Option<Action>, String> {
        self.run_with(&mut |_| {})
    }

    /// [`ThinkJob::run`], passing the search's progress to `on_progress`
    /// after each completed iteration (Motley's own levels; other players
    /// report nothing).
    pub fn run_with(
        &self,
        on_progress: &mut dyn FnMut(ThinkProgress),
    ) -> Result<Option<Action>, String> {
        let order = &self.order;
        match &self.engine {
            Some(turn) => {
                let started = std::time::Instant::now();
                let mut on_line = |line: &str| {
                    let info = read_info(line);
                    let best = info.filter(|i| i.multipv.unwrap_or(1) == 1);
                    if let Some(p) = best.and_then(|i| {
                        ThinkProgress::of_engine(&order.position, &i, started.elapsed())
                    }) {
                        on_progress(p);
                    }
                };
                turn.play_with(
                    &order.position,
                    self.settings.movetime,
                    &order.stop,
                    &mut on_line,
                )
                .map_err(|e| e.to_string())
            }
            None => Ok(crate::ai::think_with(
                &order.position,
                &order.history,
                &self.spec,
                &self.settings,
                &order.stop,
                &mut |it| on_progress(ThinkProgress::of(&order.position, it)),
            )),
        }
    }
}

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
    last: Option<std::time::Instant>,
}

impl ProgressThrottle {
    /// A throttle letting one report through per `every`.
    pub fn new(every: Duration) -> ProgressThrottle {
        ProgressThrottle { every, last: None }
    }

    /// Is a report at `now` to be passed on? The first always is.
    pub fn due(&mut self, now: std::time::Instant) -> bool {
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
        crate::dispatch!(position, p => search::search(p, history, &self.limits, stop)).best
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

/// A computer player at work.
#[derive(Clone, Debug)]
struct Thinking {
    generation: u64,
    stop: Arc<AtomicBool>,
    /// What its search reported last.
    progress: Option<ThinkProgress>,
}

/// Several games in a row with alternating colours (in variants that carry
/// something from one game to the next).
#[derive(Clone, Debug, PartialEq)]
pub struct MatchScore {
    /// Games in the match.
    pub games: u32,
    /// Games finished so far.
    pub played: u32,
    /// Points of the player who had White in game 1, and of the other.
    pub points: [f32; 2],
    /// Colours are swapped relative to game 1.
    pub swapped: bool,
}

impl MatchScore {
    /// A match of `games` games, none played.
    pub fn new(games: u32) -> MatchScore {
        MatchScore {
            games,
            played: 0,
            points: [0.0, 0.0],
            swapped: false,
        }
    }

    /// Another game follows the current one.
    pub fn has_next(&self) -> bool {
        self.played + 1 < self.games
    }

    /// The points once `game`'s result counts (unchanged while it goes on).
    pub fn points_after(&self, game: &Game) -> [f32; 2] {
        let mut points = self.points;
        let Some(o) = game.outcome() else {
            return points;
        };
        let first = if self.swapped {
            Color::Black
        } else {
            Color::White
        };
        match o.winner {
            Some(w) if w == first => points[0] += 1.0,
            Some(_) => points[1] += 1.0,
            None => {
                points[0] += 0.5;
                points[1] += 0.5;
            }
        }
        points
    }
}

/// Where the game stands after a change.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Settled {
    /// The game goes on.
    Ongoing,
    /// The game has just ended: the screen shows the result.
    Ended,
    /// The game was over already and its result was shown.
    StillOver,
}

/// One game under way: see the module comment.
pub struct GameControl {
    game: Game,
    /// Players by colour index (White, Black).
    players: [PlayerSpec; 2],
    thinking: Option<Thinking>,
    /// Bumped whenever the game changes under a computer's feet.
    generation: u64,
    /// Bumped by every settling, which every change to the game ends in:
    /// a view compares it to know whether what it worked out still holds.
    revision: u64,
    /// Where a save goes by default (the loaded or last saved file).
    save_path: Option<PathBuf>,
    /// The file the player last saved to here (saving there again needs
    /// no consent to replace it).
    saved_to: Option<PathBuf>,
    match_score: Option<MatchScore>,
    /// The current ending was reported by [`Settled::Ended`].
    ending_reported: bool,
    /// Something was played or taken back here: from then on the game is
    /// kept in its own record (opening a game, even a finished one, writes
    /// nothing).
    touched: bool,
    /// The game's record in the games folder and whether saving works.
    file: GameFile,
    /// The engines of `uci:` players, by colour index.
    engines: [EngineSeat; 2],
    /// Hints used by each side (colour index), kept in the record.
    hints_used: [u32; 2],
    /// The hint being searched for, if any.
    hint_asked: Option<Thinking>,
    /// The hint on show (until the game changes).
    hint: Option<Hint>,
    /// The chess clock, when the game is played with one.
    clock: Option<ChessClock>,
    /// The ply the clock last followed: a change to a later ply ends a
    /// turn (the increment is added), taking back does not.
    clock_ply: usize,
    /// The clock has not started: it waits while this side is to act,
    /// and starts when the other side is (after White's first move in a
    /// new game, as on lichess; after the first move of a branch).
    clock_waits: Option<Color>,
    /// The computer's time per move in this game: fixed when the game
    /// is first played here (from the run's settings) or restored from
    /// its record, so a game resumed later keeps it.
    movetime: Option<Duration>,
}

impl GameControl {
    /// A game between `players` (White, Black), with the clock it was
    /// saved with (paused until the game settles on screen).
    pub fn new(game: Game, players: [PlayerSpec; 2]) -> GameControl {
        let clock = game
            .clock_state()
            .and_then(|state| ChessClock::restore(state).ok());
        let clock_ply = game.ply();
        // A clock saved before any move has not started yet.
        let clock_waits = (clock.is_some() && clock_ply == 0).then(|| game.position().turn());
        GameControl {
            clock,
            clock_ply,
            clock_waits,
            game,
            players,
            thinking: None,
            generation: 0,
            revision: 0,
            save_path: None,
            saved_to: None,
            match_score: None,
            ending_reported: false,
            touched: false,
            file: GameFile::default(),
            engines: Default::default(),
            hints_used: [0, 0],
            hint_asked: None,
            hint: None,
            movetime: None,
        }
    }

    /// A game resumed from a record that kept the computer's time per
    /// move (`movetime_ms`).
    pub fn with_movetime(mut self, movetime_ms: Option<u64>) -> GameControl {
        if let Some(ms) = movetime_ms {
            self.movetime = Some(Duration::from_millis(ms));
        }
        self
    }

    /// The computer's time per move in this game (before the clock's
    /// share): its own once fixed, else the run's.
    pub fn movetime(&self, settings: &Settings) -> Duration {
        self.movetime.unwrap_or(settings.movetime)
    }

    /// A game resumed from a record that counted `hints` already.
    pub fn with_hints(mut self, hints: Option<[u32; 2]>) -> GameControl {
        self.hints_used = hints.unwrap_or_default();
        self
    }

    /// Give `side`'s `uci:` player an engine started already (so a start
    /// that fails is reported before the game opens).
    pub fn set_engine(&mut self, side: Color, seat: EngineSeat) {
        self.engines[side.index()] = seat;
    }

    /// Play with a fresh chess clock of `control`. It starts when the
    /// side to act now has moved: no time runs before the first move.
    pub fn with_clock(mut self, control: TimeControl) -> GameControl {
        self.clock = Some(ChessClock::new(control));
        self.clock_ply = self.game.ply();
        self.clock_waits = Some(self.game.position().turn());
        self
    }

    /// The clock waits for the first move (no time runs yet).
    pub fn clock_waiting(&self) -> bool {
        self.clock.is_some() && self.clock_waits.is_some()
    }

    /// The chess clock, if the game has one.
    pub fn clock(&self) -> Option<&ChessClock> {
        self.clock.as_ref()
    }

    /// A side's time is out: the game is over by the clock.
    pub fn flag_fallen(&self) -> bool {
        self.clock.as_ref().is_some_and(|c| c.flagged().is_some())
    }

    /// How long the event loop may sleep before the clock's display
    /// changes or a flag falls (`None`: no clock runs).
    pub fn clock_wakeup(&self, settings: &Settings) -> Option<Duration> {
        self.clock.as_ref()?.next_change(settings.time.now())
    }

    /// The clock's timer fired: has a flag fallen? `Some` when the game
    /// has just ended by it (settled); `None` when nothing changed.
    pub fn tick(&mut self, settings: &Settings) -> Option<Settled> {
        let clock = self.clock.as_mut()?;
        clock.poll(settings.time.now())?;
        (self.game.outcome().is_none()).then(|| self.changed(settings))
    }

    /// Declare the game lost (or drawn) on time when the running side's
    /// flag is down; true when the game is over by the clock.
    fn flag_down(&mut self, settings: &Settings) -> bool {
        let Some(clock) = &mut self.clock else {
            return false;
        };
        let Some(loser) = clock.poll(settings.time.now()) else {
            return false;
        };
        if self.game.outcome().is_none() {
            self.game.time_out(loser);
            self.touched = true;
        }
        true
    }

    /// Let the clock follow the game: the side to act runs (the same side
    /// acting again is the same turn), nothing runs once the game is over;
    /// the game keeps the clock's state for saving.
    fn follow_clock(&mut self, settings: &Settings) {
        let Some(clock) = &mut self.clock else {
            return;
        };
        let now = settings.time.now();
        let turn = self.game.position().turn();
        if self.clock_waits.is_some_and(|side| side != turn) {
            self.clock_waits = None;
        }
        if self.game.outcome().is_some() || self.clock_waits.is_some() {
            clock.pause(now);
        } else {
            let forward = self.game.ply() > self.clock_ply;
            clock.switch_to(turn, now, forward);
        }
        self.clock_ply = self.game.ply();
        self.game.set_clock_state(Some(clock.state(now)));
    }

    /// The first game of a match of `games` games.
    pub fn in_match(mut self, games: u32) -> GameControl {
        self.match_score = Some(MatchScore::new(games));
        self
    }

    /// A game read from `path`, offered as the file to save to (after
    /// asking before replacing it); it is played on in a record of its own.
    pub fn saved_at(mut self, path: PathBuf) -> GameControl {
        self.save_path = Some(path);
        self
    }

    /// A game in progress read from its record, which `open` locks: it is
    /// played on in that record.
    pub fn continued(mut self, open: OpenGame) -> GameControl {
        self.file = GameFile::held(open);
        self
    }

    /// Keep the game in a record of its own now, before any action (a
    /// branch from a replay is a new game already). Says where, or why
    /// not.
    pub fn keep_now(&mut self, settings: &Settings) -> Result<String, String> {
        self.touched = true;
        self.autosave(settings);
        match (self.file.problem(), self.file.path()) {
            (Some(problem), _) => Err(format!("not saved: {problem}")),
            (None, Some(path)) => Ok(format!("saved as {}", path.display())),
            (None, None) => Ok("not saved yet: it has no moves".to_string()),
        }
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Players by colour index (White, Black).
    pub fn players(&self) -> [PlayerSpec; 2] {
        self.players.clone()
    }

    /// The player of a side.
    pub fn player(&self, side: Color) -> PlayerSpec {
        self.players[side.index()].clone()
    }

    /// The match this game belongs to, if any.
    pub fn match_score(&self) -> Option<&MatchScore> {
        self.match_score.as_ref()
    }

    /// Where `s` saves by default.
    pub fn save_path(&self) -> Option<&Path> {
        self.save_path.as_deref()
    }

    /// Why the game is not being saved, while saving fails.
    pub fn save_problem(&self) -> Option<&str> {
        self.file.problem()
    }

    /// Some actions are in no file: leaving now would lose them.
    pub fn has_unsaved_actions(&self) -> bool {
        self.file.unsaved()
    }

    /// The game's own record, once it has one.
    pub fn game_file(&self) -> Option<&Path> {
        self.file.path()
    }

    /// Where the game stands in its changes: a different number means the
    /// game may have changed (a view works out what it shows again).
    pub fn revision(&self) -> u64 {
        self.revision
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
    /// job is stale (the game moved on).
    pub fn take_progress(&mut self, generation: u64, progress: ThinkProgress) -> bool {
        match &mut self.thinking {
            Some(t) if t.generation == generation => {
                t.progress = Some(progress);
                true
            }
            _ => false,
        }
    }

    /// The side that acts now is a person (and the game goes on).
    pub fn human_to_act(&self) -> bool {
        self.game.outcome().is_none()
            && !self.game.position().is_chance()
            && self.player(self.game.position().turn()) == PlayerSpec::Human
    }

    /// The person acting (or the only person, against a computer).
    pub fn human_side(&self) -> Option<Color> {
        let turn = self.game.position().turn();
        [turn, turn.other()]
            .into_iter()
            .find(|c| self.player(*c) == PlayerSpec::Human)
    }

    /// Why the person cannot act now, if so.
    pub fn not_your_turn(&self) -> Option<String> {
        if let Some(o) = self.game.outcome() {
            return Some(format!(
                "the game is over: {} (n: rematch, s: save, q: leave)",
                panels::describe_outcome(self.game.position(), &o)
            ));
        }
        if !self.human_to_act() {
            return Some(format!(
                "{} (computer) is thinking; press m to make it move now",
                self.side_name(self.game.position().turn())
            ));
        }
        None
    }

    /// After any change: roll due dice, autosave, and say whether the game
    /// has just ended. The one path every change ends in.
    pub fn settle(&mut self, settings: &Settings) -> Settled {
        self.revision += 1;
        self.drop_hint();
        if !self.flag_down(settings) {
            for _ in 0..64 {
                if self.game.roll_dice().is_none() {
                    break;
                }
            }
        }
        self.follow_clock(settings);
        self.autosave(settings);
        if self.game.outcome().is_none() {
            self.ending_reported = false;
            Settled::Ongoing
        } else if self.ending_reported {
            Settled::StillOver
        } else {
            self.ending_reported = true;
            self.cancel_thinking();
            Settled::Ended
        }
    }

    /// Something was played or taken back: settle it.
    fn changed(&mut self, settings: &Settings) -> Settled {
        self.touched = true;
        self.settle(settings)
    }

    /// Play a person's action.
    pub fn play(&mut self, action: Action, settings: &Settings) -> Result<Settled, String> {
        if self.flag_down(settings) {
            return Ok(self.settle(settings));
        }
        self.game.play(action).map_err(|e| e.to_string())?;
        Ok(self.changed(settings))
    }

    /// Play a person's typed action (any notation the game reads).
    pub fn play_text(&mut self, text: &str, settings: &Settings) -> Result<Settled, String> {
        if self.flag_down(settings) {
            return Ok(self.settle(settings));
        }
        // The variant is on screen already; the engine's explanation names
        // a family rule itself when one is the reason.
        match self.game.play_text(text) {
            Ok(_) => Ok(self.changed(settings)),
            Err(e) => Err(e.to_string()),
        }
    }

    /// A computer's answer for job `generation`: `None` when stale (the
    /// game moved on); else where the game stands, and what went wrong.
    pub fn take_thought(
        &mut self,
        generation: u64,
        action: Option<Action>,
        settings: &Settings,
    ) -> Option<(Settled, Option<String>)> {
        if self.thinking.as_ref().map(|t| t.generation) != Some(generation) {
            return None;
        }
        self.thinking = None;
        if self.flag_down(settings) {
            return Some((self.settle(settings), None));
        }
        let problem = match action {
            Some(a) => match self.game.play(a) {
                Ok(()) => {
                    self.touched = true;
                    None
                }
                Err(e) => Some(format!("the computer's move failed: {e}")),
            },
            None => Some("the computer found no move".to_string()),
        };
        Some((self.settle(settings), problem))
    }

    /// An external engine failed in job `generation` (`None` when stale):
    /// it loses the game by resignation, and the message says why.
    pub fn take_engine_failure(
        &mut self,
        generation: u64,
        message: &str,
        settings: &Settings,
    ) -> Option<(Settled, String)> {
        if self.thinking.as_ref().map(|t| t.generation) != Some(generation) {
            return None;
        }
        self.thinking = None;
        let side = self.game.position().turn();
        self.game.resign(side);
        self.touched = true;
        Some((
            self.settle(settings),
            format!("{message}: {} loses", self.side_name(side)),
        ))
    }

    /// The computer's job when a computer is to act and not yet thinking.
    pub fn computer_job(&mut self, settings: &Settings) -> Option<ThinkJob> {
        if self.game.outcome().is_some() || self.thinking.is_some() {
            return None;
        }
        let side = self.game.position().turn();
        let spec = self.player(side);
        if spec == PlayerSpec::Human {
            return None;
        }
        let engine = match &spec {
            PlayerSpec::Uci { command } => Some(EngineTurn::for_game(
                self.engines[side.index()].clone(),
                command.clone(),
                &self.game,
            )),
            _ => None,
        };
        self.movetime.get_or_insert(settings.movetime);
        let (order, thinking) = self.new_search();
        self.thinking = Some(thinking);
        Some(ThinkJob {
            order,
            spec,
            settings: ThinkSettings {
                movetime: self.think_time(settings),
                seed: self.game.seed() ^ self.game.ply() as u64,
            },
            engine,
        })
    }

    /// A search of the current position under a new generation, and the
    /// record that it is under way.
    fn new_search(&mut self) -> (SearchOrder, Thinking) {
        self.generation += 1;
        let stop = Arc::new(AtomicBool::new(false));
        let thinking = Thinking {
            generation: self.generation,
            stop: stop.clone(),
            progress: None,
        };
        let order = SearchOrder {
            generation: self.generation,
            position: self.game.position().clone(),
            history: self.game.repetition_history(),
            stop,
        };
        (order, thinking)
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

    /// The search for a hint for the side to move: as long as the default
    /// level thinks, at most `settings.analysis.max_depth` deep. `Err` says
    /// why no hint can be given now.
    pub fn hint_job(&mut self, settings: &Settings) -> Result<HintJob, String> {
        if let Some(why) = self.not_your_turn() {
            return Err(why);
        }
        if self.hint_asked.is_some() {
            return Err("a hint is being searched for already".to_string());
        }
        let (order, thinking) = self.new_search();
        self.hint_asked = Some(thinking);
        let think = ThinkSettings {
            movetime: self.movetime(settings),
            seed: 0,
        };
        let pos = self.game.position();
        let limits = Limits {
            max_depth: settings.analysis.max_depth.max(1),
            noise: 0,
            contempt: 0,
            ..crate::ai::level_limits(DEFAULT_LEVEL, pos.fullmoves(), &think)
        };
        Ok(HintJob { order, limits })
    }

    /// A hint's answer for request `generation`: `None` when stale (the
    /// game moved on); else the hint, now shown and counted for the side to
    /// move, or why there is none.
    pub fn take_hint(
        &mut self,
        generation: u64,
        action: Option<Action>,
    ) -> Option<Result<Hint, String>> {
        if self.hint_asked.as_ref().map(|t| t.generation) != Some(generation) {
            return None;
        }
        self.hint_asked = None;
        let pos = self.game.position();
        let legal = self.game.legal_actions();
        let Some(action) = action.filter(|a| legal.contains(a)) else {
            return Some(Err("the computer found no move to suggest".to_string()));
        };
        let side = pos.turn();
        self.hints_used[side.index()] += 1;
        let hint = Hint {
            action,
            san: san_of(pos, &action, &legal),
            side,
        };
        self.hint = Some(hint.clone());
        Some(Ok(hint))
    }

    /// Forget the hint on show and stop one being searched for (the game
    /// changed).
    fn drop_hint(&mut self) {
        self.hint = None;
        if let Some(t) = self.hint_asked.take() {
            t.stop.store(true, Ordering::Relaxed);
        }
    }

    /// The computer's time for this action: its level's time, or with a
    /// clock, a thirtieth of what is left plus the increment (never more
    /// than half of what is left), whichever is less.
    fn think_time(&self, settings: &Settings) -> Duration {
        let movetime = self.movetime(settings);
        let Some(clock) = &self.clock else {
            return movetime;
        };
        let side = self.game.position().turn();
        let left = clock.remaining(side, settings.time.now());
        let budget = (left / 30 + clock.control().increment).min(left / 2);
        budget.min(movetime).max(Duration::from_millis(1))
    }

    /// Ask the thinking computer to answer now; false when none thinks.
    pub fn move_now(&self) -> bool {
        match &self.thinking {
            Some(t) => {
                t.stop.store(true, Ordering::Relaxed);
                true
            }
            None => false,
        }
    }

    /// Stop the computer and forget its pending answer.
    fn cancel_thinking(&mut self) {
        if let Some(t) = self.thinking.take() {
            t.stop.store(true, Ordering::Relaxed);
        }
        self.generation += 1;
    }

    /// Take back to the last time a person was to act. Settles either way;
    /// the flag says whether anything was taken back.
    pub fn undo(&mut self, settings: &Settings) -> (bool, Settled) {
        if self.flag_fallen() {
            // Time ran out: that ending is final.
            return (false, self.settle(settings));
        }
        self.cancel_thinking();
        let mut undone = false;
        while self.game.undo() {
            undone = true;
            let pos = self.game.position();
            if !pos.is_chance() && self.player(pos.turn()) == PlayerSpec::Human {
                break;
            }
        }
        if undone {
            (true, self.changed(settings))
        } else {
            (false, self.settle(settings))
        }
    }

    /// Replay taken-back actions up to a person's turn; `None` when there
    /// is nothing to redo.
    pub fn redo(&mut self, settings: &Settings) -> Option<Settled> {
        if !self.game.can_redo() || self.flag_fallen() {
            return None;
        }
        self.cancel_thinking();
        while self.game.redo() {
            let pos = self.game.position();
            if self.game.outcome().is_some()
                || (!pos.is_chance() && self.player(pos.turn()) == PlayerSpec::Human)
            {
                break;
            }
        }
        Some(self.changed(settings))
    }

    /// `side` resigns.
    pub fn resign(&mut self, side: Color, settings: &Settings) -> Settled {
        self.cancel_thinking();
        self.game.resign(side);
        self.changed(settings)
    }

    /// Both sides agree to end the game (a draw, or a scored end where the
    /// rules say so).
    pub fn agree(&mut self, settings: &Settings) -> Settled {
        self.cancel_thinking();
        self.game.agree();
        self.changed(settings)
    }

    /// What offering to end the game means here, in words ("a draw").
    pub fn end_offer(&self) -> &'static str {
        self.game.position().end_offer().describe()
    }

    /// The family's name of a side ("White", or "South").
    pub fn side_name(&self, side: Color) -> &'static str {
        panels::side_name(self.game.position(), side)
    }

    /// The family's names of both sides.
    pub fn side_names(&self) -> [&'static str; 2] {
        self.game.position().side_names()
    }

    /// Does a computer playing `computer` accept an offer to end the game?
    /// The AI decides, by the rules' ruling where they have one.
    pub fn computer_accepts(&self, computer: Color) -> bool {
        crate::ai::accepts_end_offer(self.game.position(), computer)
    }

    /// The game that follows this one, colours swapped: the next of the
    /// match (carried state kept) or a rematch from the same start.
    pub fn next_game(&self) -> Result<GameControl, String> {
        let seed = self.game.seed().wrapping_add(1);
        let next_in_match = self.match_score.as_ref().filter(|m| m.has_next());
        let game = match next_in_match {
            Some(_) => self.game.next_in_match(seed),
            None => Game::new(self.game.variant().clone(), self.game.start_fen(), seed),
        }
        .map_err(|e| format!("cannot start a new game: {e}"))?;
        let mut players = self.players.clone();
        players.swap(0, 1);
        let mut next = GameControl::new(game, players);
        next.movetime = self.movetime;
        if let Some(clock) = &self.clock {
            next = next.with_clock(clock.control());
        }
        if let Some(m) = next_in_match {
            next.match_score = Some(MatchScore {
                games: m.games,
                played: m.played + 1,
                points: m.points_after(&self.game),
                swapped: !m.swapped,
            });
        }
        Ok(next)
    }

    /// Where the save dialog suggests saving: the game's file, or a new
    /// name in the saves folder — in the home folder while saving into
    /// the data folder fails (the data folder is likely what fails).
    pub fn suggested_save_path(&self, settings: &Settings) -> Option<PathBuf> {
        let home = || crate::paths::expand_user(Path::new("~")).ok();
        let dir = match self.file.problem() {
            Some(_) => home().or_else(|| settings.saves_dir.clone()),
            None => settings.saves_dir.clone(),
        };
        // A file another Motley plays on cannot be saved over: not offered.
        self.save_path
            .clone()
            .filter(|p| !crate::record::lock::is_held(p))
            .or_else(|| dir.map(|d| fresh_path(&d, &self.game.variant().id)))
    }

    /// Where a path the player typed points (`~` is the home folder), and
    /// whether saving there replaces a file without their consent yet
    /// (anything there but the file saved to before here). A game in
    /// progress — another Motley's, or this game's own record — is never
    /// saved over, so replacing it is not even asked.
    pub fn save_target(&self, typed: &str) -> Result<(PathBuf, bool), String> {
        let path = crate::paths::expand_user(Path::new(typed.trim()))
            .map_err(|e| format!("not saved: {e}"))?;
        let own = self.file.path().is_some_and(|p| same_path(p, &path));
        if own {
            return Err(format!(
                "not saved: {} is this game's own record, kept already; choose another name",
                path.display()
            ));
        }
        if crate::record::lock::is_held(&path) {
            return Err(format!(
                "not saved: another Motley has {} open; choose another name",
                path.display()
            ));
        }
        let taken = std::fs::symlink_metadata(&path).is_ok();
        let replaces = taken && self.saved_to.as_deref() != Some(path.as_path());
        Ok((path, replaces))
    }

    /// Save to `path` (atomically), which becomes the default. Says what
    /// happened in words for the message line: "saved to …" or why not.
    pub fn save_to(&mut self, path: PathBuf) -> Result<String, String> {
        match crate::record::save_record(&path, &self.record()) {
            Ok(()) => {
                let said = format!("saved to {}", path.display());
                self.save_path = Some(path.clone());
                self.saved_to = Some(path);
                self.file.saved_elsewhere();
                Ok(said)
            }
            Err(e) => Err(format!("not saved: {e}")),
        }
    }

    /// The game as PGN, with its players.
    pub fn pgn(&self) -> String {
        let (w, b) = (self.players[0].to_string(), self.players[1].to_string());
        crate::record::export_pgn(&self.game, Some((&w, &b)))
    }

    /// Leaving the screen: stop thinking, save a last time, and put the
    /// record where it belongs (a finished game with the saves, an
    /// unfinished one with the games in progress). Says where it is now;
    /// `Err` says what could not be done.
    pub fn close(&mut self, settings: &Settings) -> Result<Option<PathBuf>, String> {
        self.cancel_thinking();
        if let Some(clock) = &mut self.clock {
            let now = settings.time.now();
            // Time spent on this game is kept even when nothing was played.
            self.touched |= clock.running().is_some();
            clock.pause(now);
            self.game.set_clock_state(Some(clock.state(now)));
        }
        self.autosave(settings);
        for seat in &self.engines {
            seat.close();
        }
        self.file.close(&self.game, settings.saves_dir.as_deref())
    }

    /// Keep the game in its own record once something was played or taken
    /// back here. A failure must not interrupt play: it is kept for the
    /// screen (which warns until a save works), and the next action tries
    /// again.
    fn autosave(&mut self, settings: &Settings) {
        if !self.touched {
            return;
        }
        self.movetime.get_or_insert(settings.movetime);
        let record = self.record();
        self.file
            .keep(settings.games_dir.as_deref(), &self.game, &record);
    }

    /// The record a save writes: the game, its players, the hints used.
    fn record(&self) -> crate::record::GameRecord {
        let (w, b) = (self.players[0].to_string(), self.players[1].to_string());
        let mut rec = crate::record::store::record_to_save(&self.game, Some((&w, &b)));
        rec.hints = (self.hints_used != [0, 0]).then_some(self.hints_used);
        rec.movetime_ms = self.movetime.map(|t| {
            u64::try_from(t.as_millis())
                .unwrap_or(u64::MAX)
                .clamp(1, crate::record::MAX_MOVETIME_MS)
        });
        rec
    }
}

/// A game read from a file for a screen: as far as the file is valid.
pub struct LoadedGame {
    /// The game up to the first bad action.
    pub game: Game,
    /// What was wrong with the file (naming the file, ply and move).
    pub error: Option<String>,
    /// Who played, as the file names them.
    pub players: Option<crate::record::Players>,
    /// Hints each side used, as the record counts them.
    pub hints: Option<[u32; 2]>,
    /// The analysis stored with the record (JSON), if any.
    pub analysis: Option<serde_json::Value>,
    /// The computer's time per move the game was played with, if kept.
    pub movetime_ms: Option<u64>,
}

/// Read the first game of a file (JSON record or PGN) as far as it is
/// valid. `Err` says why there is no game at all.
pub fn load_game(path: &Path, registry: &Registry) -> Result<LoadedGame, String> {
    loaded(crate::record::load_first(path, registry), path)
}

/// A game of `path` as read, for a screen: `Err` says why there is none.
pub fn loaded(replayed: crate::record::Replayed, path: &Path) -> Result<LoadedGame, String> {
    let (saved, error) = replayed.into_parts();
    let error = error.map(|e| e.to_string());
    match saved {
        Some(saved) => Ok(LoadedGame {
            game: saved.game,
            error,
            players: saved.players,
            hints: saved.hints,
            analysis: saved.analysis,
            movetime_ms: saved.movetime_ms,
        }),
        None => Err(error.unwrap_or_else(|| format!("{} holds no game", path.display()))),
    }
}

/// The players a loaded game names, as they can be seated here, and the
/// sides whose engine was left out. Engines (`uci:`) are started only from
/// this Motley's own records of games in progress (`own_record`): any
/// other file could name any command, and opening a file must never run
/// one. A name that is no player (a PGN's "Ann") is a person.
pub fn seat_players(players: Option<&Players>, own_record: bool) -> ([PlayerSpec; 2], Vec<Color>) {
    let mut seats = [PlayerSpec::Human, PlayerSpec::Human];
    let mut left_out = Vec::new();
    let Some(players) = players else {
        return (seats, left_out);
    };
    for (side, name) in [
        (Color::White, &players.white),
        (Color::Black, &players.black),
    ] {
        seats[side.index()] = if own_record {
            name.parse().unwrap_or(PlayerSpec::Human)
        } else {
            PlayerSpec::seatable_from_file(name).unwrap_or_else(|| {
                left_out.push(side);
                PlayerSpec::Human
            })
        };
    }
    (seats, left_out)
}

/// Do `a` and `b` name the same file (when both exist), or the same path?
fn same_path(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// A file name in `dir` that does not exist yet:
/// `<stem>-<YYYYMMDD>-<HHMMSS>[-n].json` (UTC).
pub fn fresh_path(dir: &Path, stem: &str) -> PathBuf {
    crate::record::store::fresh_path_in(dir, stem)
        .unwrap_or_else(|| dir.join(format!("{stem}.json")))
}
