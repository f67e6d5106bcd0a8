//! A game session: one game with its players, the computer players' jobs,
//! hints, the clock, the match it belongs to, and where it is kept. Every
//! change to the game goes through a method here, and every such method
//! ends in the one "after an action" path, [`Session::settle`]. The
//! session does no I/O itself: it asks for writes ([`Write`]) that whoever
//! runs it carries out — the terminal UI off its input path — and learns
//! what they came to ([`Session::take_written`]).
//!
//! It sits above the game, the computer player, the records and UCI, and
//! below every front end: the terminal UI shows a session, and `motley
//! match` plays matches with the same [`match_play`] and [`players`].
//!
//! Modules, bottom up: [`settings`], [`progress`] (a search's progress),
//! [`players`] (one type for every kind of player), [`jobs`] (searches off
//! the UI thread), [`timing`] (the chess clock), [`record_file`] and
//! [`writes`] (writes as requests), [`saving`] (what the session knows of
//! them), [`loading`], [`match_play`], [`refusals`] (why the session
//! refuses what a person asks); then the session here.

pub mod edit_file;
pub mod jobs;
pub mod loading;
pub mod match_play;
pub mod players;
pub mod progress;
pub mod record_file;
pub mod refusals;
pub mod saving;
pub mod settings;
pub mod timing;
pub mod uci;
pub mod writes;

pub use edit_file::EditSlot;
pub use edit_file::StoreError;
pub use jobs::{Handoff, Hint, HintJob, LoadJob, SearchOrder, SeatJob, ThinkJob};
pub use loading::{load_game, load_nth, LoadError, LoadedGame};
pub use match_play::MatchScore;
pub use players::{clean_name, default_name, seat_players, Player, PlayerError, SeatError};
pub use progress::{line_in_san, ProgressThrottle, ThinkProgress, PROGRESS_EVERY};
pub use refusals::{ComputerProblem, HintRefusal, NotYourTurn};
pub use saving::SaveTargetError;
pub use settings::SessionSettings;
pub use writes::{DeleteError, ExportError, Write, Written};

use jobs::Searches;
use motley_ai::search::Limits;
use motley_ai::{PlayerSpec, ThinkSettings, DEFAULT_LEVEL};
use motley_game::clock::{ChessClock, TimeControl};
use motley_game::variant::VariantError;
use motley_game::{Game, GameError};
use motley_records::games::OpenGame;
use motley_records::{GameRecord, RecordError};
use motley_rules::core::{Action, Color};
use motley_rules::{Describe, Position};
use saving::Saving;
use std::path::{Path, PathBuf};
use std::time::Duration;
use timing::{Flag, GameClock};

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
pub struct Session {
    game: Game,
    /// The run's choices this session reads.
    settings: SessionSettings,
    /// Players by colour index (White, Black).
    players: [Player; 2],
    /// The computer's and the hints' searches.
    searches: Searches,
    /// The chess clock, when the game is played with one.
    clock: GameClock,
    /// Where the game is kept and saved.
    saving: Saving,
    match_score: Option<MatchScore>,
    /// The current ending was reported by [`Settled::Ended`].
    ending_reported: bool,
    /// The computer's time per move in this game: fixed when the game
    /// is first played here (from the run's settings) or restored from
    /// its record, so a game resumed later keeps it.
    movetime: Option<Duration>,
    /// Bumped by every settling, which every change to the game ends in:
    /// a view compares it to know whether what it worked out still holds.
    revision: u64,
    /// The names given to the players (White, Black); `None`: the default
    /// ([`players::default_name`]).
    names: [Option<String>; 2],
}

impl Session {
    /// A game between `players` (White, Black), with the clock it was
    /// saved with (paused until the game settles on screen).
    pub fn new(game: Game, players: [PlayerSpec; 2]) -> Session {
        Session {
            clock: GameClock::of(&game),
            game,
            settings: SessionSettings::default(),
            players: players.map(Player::new),
            searches: Searches::default(),
            saving: Saving::default(),
            match_score: None,
            ending_reported: false,
            movetime: None,
            revision: 0,
            names: [None, None],
        }
    }

    /// The players named (White, Black): each cleaned ([`clean_name`]);
    /// an empty one keeps its default.
    pub fn with_names(mut self, names: [Option<&str>; 2]) -> Session {
        self.names = names.map(|n| n.and_then(clean_name));
        self
    }

    /// The name given to `side`'s player, if one was other than its
    /// default (a record keeps the defaults too).
    pub fn given_name(&self, side: Color) -> Option<&str> {
        let name = self.names[side.index()].as_deref()?;
        (name != self.default_name(side)).then_some(name)
    }

    /// The players' names (White, Black): as given, else by default.
    pub fn names(&self) -> [String; 2] {
        [Color::White, Color::Black].map(|side| match &self.names[side.index()] {
            Some(name) => name.clone(),
            None => self.default_name(side),
        })
    }

    /// A computer by its kind; a person by their login name when they are
    /// the only person playing, else by their side.
    fn default_name(&self, side: Color) -> String {
        let specs = self.players();
        let people = specs.iter().filter(|p| **p == PlayerSpec::Human).count();
        let login = (people == 1).then(players::login_name).flatten();
        let spec = &specs[side.index()];
        players::default_name(spec, self.side_name(side), login.as_deref())
    }

    /// The game played with `settings` (rather than the defaults: nothing
    /// kept, a second a move, the system's time).
    pub fn with_settings(mut self, settings: SessionSettings) -> Session {
        self.settings = settings;
        self
    }

    /// Read `settings` from now on: a front end whose run's settings may
    /// change hands them over as they stand.
    pub fn follow_settings(&mut self, settings: &SessionSettings) {
        self.settings.clone_from(settings);
    }

    /// Where the game stands in its changes: a different number means the
    /// game may have changed (a view works out what it shows again).
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// The settings the session reads.
    pub fn settings(&self) -> &SessionSettings {
        &self.settings
    }

    /// A game resumed from a record that kept the computer's time per
    /// move (`movetime_ms`).
    pub fn with_movetime(mut self, movetime_ms: Option<u64>) -> Session {
        if let Some(ms) = movetime_ms {
            self.movetime = Some(Duration::from_millis(ms));
        }
        self
    }

    /// A game resumed from a record that counted `hints` already.
    pub fn with_hints(mut self, hints: Option<[u32; 2]>) -> Session {
        self.searches = Searches::with_hints_used(hints.unwrap_or_default());
        self
    }

    /// Play with a fresh chess clock of `control`. It starts when the
    /// side to act now has moved: no time runs before the first move.
    pub fn with_clock(mut self, control: TimeControl) -> Session {
        self.clock = GameClock::fresh(control, &self.game);
        self
    }

    /// The first game of a match of `games` games.
    pub fn in_match(mut self, games: u32) -> Session {
        self.match_score = Some(MatchScore::new(games));
        self
    }

    /// A game read from `path`, offered as the file to save to (after
    /// asking before replacing it); it is played on in a record of its own.
    pub fn saved_at(mut self, path: PathBuf) -> Session {
        self.saving.offer(path);
        self
    }

    /// A game in progress read from its record, which `open` locks: it is
    /// played on in that record.
    pub fn continued(mut self, open: OpenGame) -> Session {
        self.saving = Saving::held(open);
        self
    }

    /// Start the players' engines now (and ask them for the variant), so
    /// one that cannot play the game is refused before it opens.
    pub fn start_players(&self) -> Result<(), SeatError> {
        let variant = crate::uci::client::EngineVariant::of(self.game.variant());
        self.players.iter().try_for_each(|p| p.start(&variant))
    }

    /// Whether a player is an external engine, whose start takes time
    /// (a screen starts them off its input path).
    pub fn has_engine(&self) -> bool {
        self.players.iter().any(|p| p.is_engine())
    }

    /// The number that tags this session's writes.
    pub fn id(&self) -> u64 {
        self.saving.session()
    }

    /// The computer's time per move in this game (before the clock's
    /// share): its own once fixed, else the run's.
    pub fn movetime(&self) -> Duration {
        self.movetime.unwrap_or(self.settings.movetime)
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Players by colour index (White, Black).
    pub fn players(&self) -> [PlayerSpec; 2] {
        self.players.each_ref().map(|p| p.spec().clone())
    }

    /// The player of a side.
    pub fn player(&self, side: Color) -> PlayerSpec {
        self.players[side.index()].spec().clone()
    }

    /// The match this game belongs to, if any.
    pub fn match_score(&self) -> Option<&MatchScore> {
        self.match_score.as_ref()
    }

    /// The family's name of a side ("White", or "South").
    pub fn side_name(&self, side: Color) -> &'static str {
        self.side_names()[side.index()]
    }

    /// The family's names of both sides.
    pub fn side_names(&self) -> [&'static str; 2] {
        self.game.position().side_names()
    }

    /// The side that acts now is a person (and the game goes on).
    pub fn human_to_act(&self) -> bool {
        self.game.outcome().is_none()
            && !self.game.position().is_chance()
            && self.players[self.game.position().turn().index()].is_human()
    }

    /// The person acting (or the only person, against a computer).
    pub fn human_side(&self) -> Option<Color> {
        let turn = self.game.position().turn();
        [turn, turn.other()]
            .into_iter()
            .find(|c| self.players[c.index()].is_human())
    }

    /// Why the person cannot act now, if so.
    pub fn not_your_turn(&self) -> Option<NotYourTurn> {
        if let Some(outcome) = self.game.outcome() {
            let sides = self.side_names();
            return Some(NotYourTurn::Over { outcome, sides });
        }
        if !self.human_to_act() {
            let side = self.side_name(self.game.position().turn());
            return Some(NotYourTurn::ComputerToAct { side });
        }
        None
    }

    /// After any change: roll due dice, keep the game, and say whether the
    /// game has just ended. The one path every change ends in.
    pub fn settle(&mut self) -> Settled {
        self.revision += 1;
        self.searches.drop_hint();
        if !self.flag_down() {
            for _ in 0..64 {
                if self.game.roll_dice().is_none() {
                    break;
                }
            }
        }
        self.clock.follow(&mut self.game, self.settings.time.now());
        self.autosave(false);
        if self.game.outcome().is_none() {
            self.ending_reported = false;
            Settled::Ongoing
        } else if self.ending_reported {
            Settled::StillOver
        } else {
            self.ending_reported = true;
            self.searches.cancel_thinking();
            Settled::Ended
        }
    }

    /// Something was played or taken back: settle it.
    fn changed(&mut self) -> Settled {
        self.saving.touch();
        self.settle()
    }

    /// Is the game over by the clock? A flag that has just fallen ends
    /// the game on time here.
    fn flag_down(&mut self) -> bool {
        match self
            .clock
            .flag_down(&mut self.game, self.settings.time.now())
        {
            Flag::Up => false,
            Flag::Down => true,
            Flag::JustDown => {
                self.saving.touch();
                true
            }
        }
    }

    /// Play a person's action.
    pub fn play(&mut self, action: Action) -> Result<Settled, GameError> {
        if self.flag_down() {
            return Ok(self.settle());
        }
        self.game.play(action)?;
        Ok(self.changed())
    }

    /// Play a person's typed action (any notation the game reads).
    pub fn play_text(&mut self, text: &str) -> Result<Settled, GameError> {
        if self.flag_down() {
            return Ok(self.settle());
        }
        // The variant is on screen already; the engine's explanation names
        // a family rule itself when one is the reason.
        self.game.play_text(text)?;
        Ok(self.changed())
    }

    /// Take back to the last time a person was to act. Settles either way;
    /// the flag says whether anything was taken back.
    pub fn undo(&mut self) -> (bool, Settled) {
        if self.clock.flag_fallen() {
            // Time ran out: that ending is final.
            return (false, self.settle());
        }
        self.searches.cancel_thinking();
        let mut undone = false;
        while self.game.undo() {
            undone = true;
            let pos = self.game.position();
            if !pos.is_chance() && self.players[pos.turn().index()].is_human() {
                break;
            }
        }
        if undone {
            (true, self.changed())
        } else {
            (false, self.settle())
        }
    }

    /// Replay taken-back actions up to a person's turn; `None` when there
    /// is nothing to redo.
    pub fn redo(&mut self) -> Option<Settled> {
        if !self.game.can_redo() || self.clock.flag_fallen() {
            return None;
        }
        self.searches.cancel_thinking();
        while self.game.redo() {
            let pos = self.game.position();
            if self.game.outcome().is_some()
                || (!pos.is_chance() && self.players[pos.turn().index()].is_human())
            {
                break;
            }
        }
        Some(self.changed())
    }

    /// `side` resigns.
    pub fn resign(&mut self, side: Color) -> Settled {
        self.searches.cancel_thinking();
        self.game.resign(side);
        self.changed()
    }

    /// Both sides agree to end the game (a draw, or a scored end where the
    /// rules say so).
    pub fn agree(&mut self) -> Settled {
        self.searches.cancel_thinking();
        self.game.agree();
        self.changed()
    }

    /// What offering to end the game means here, in words ("a draw").
    pub fn end_offer(&self) -> &'static str {
        self.game.position().end_offer().describe()
    }

    /// Does a computer playing `computer` accept an offer to end the game?
    /// The AI decides, by the rules' ruling where they have one.
    pub fn computer_accepts(&self, computer: Color) -> bool {
        motley_ai::accepts_end_offer(self.game.position(), computer)
    }

    /// The game that follows this one, colours swapped: the next of the
    /// match (carried state kept) or a rematch from the same start.
    pub fn next_game(&self) -> Result<Session, VariantError> {
        let next_in_match = self.match_score.as_ref().filter(|m| m.has_next());
        let game = match_play::next_game(&self.game, next_in_match.is_some())?;
        let [white, black] = self.players();
        let mut next = Session {
            settings: self.settings.clone(),
            movetime: self.movetime,
            match_score: next_in_match.map(|m| m.after(&self.game)),
            names: [self.names[1].clone(), self.names[0].clone()],
            ..Session::new(game, [black, white])
        };
        if let Some(control) = self.clock.control() {
            next = next.with_clock(control);
        }
        Ok(next)
    }
}

/// The chess clock.
impl Session {
    /// The clock waits for the first move (no time runs yet).
    pub fn clock_waiting(&self) -> bool {
        self.clock.waiting()
    }

    /// The chess clock, if the game has one.
    pub fn clock(&self) -> Option<&ChessClock> {
        self.clock.clock()
    }

    /// A side's time is out: the game is over by the clock.
    pub fn flag_fallen(&self) -> bool {
        self.clock.flag_fallen()
    }

    /// How long the event loop may sleep before the clock's display
    /// changes or a flag falls (`None`: no clock runs).
    pub fn clock_wakeup(&self) -> Option<Duration> {
        self.clock.wakeup(self.settings.time.now())
    }

    /// The clock's timer fired: has a flag fallen? `Some` when the game
    /// has just ended by it (settled); `None` when nothing changed.
    pub fn tick(&mut self) -> Option<Settled> {
        if !self.clock.poll(self.settings.time.now()) {
            return None;
        }
        (self.game.outcome().is_none()).then(|| self.changed())
    }
}

/// The computer players and hints.
impl Session {
    /// A computer player is thinking.
    pub fn is_thinking(&self) -> bool {
        self.searches.is_thinking()
    }

    /// What the thinking computer's search reported last, if anything.
    pub fn progress(&self) -> Option<&ThinkProgress> {
        self.searches.progress()
    }

    /// Progress of job `generation`: kept for the screen; false when the
    /// job is stale (the game moved on).
    pub fn take_progress(&mut self, generation: u64, progress: ThinkProgress) -> bool {
        self.searches.take_progress(generation, progress)
    }

    /// The computer's job when a computer is to act and not yet thinking.
    pub fn computer_job(&mut self) -> Option<ThinkJob> {
        if self.game.outcome().is_some() || self.searches.is_thinking() {
            return None;
        }
        let side = self.game.position().turn();
        let player = &self.players[side.index()];
        if player.is_human() {
            return None;
        }
        self.movetime.get_or_insert(self.settings.movetime);
        let think = ThinkSettings {
            movetime: self.think_time(),
            seed: self.game.seed() ^ self.game.ply() as u64,
        };
        Some(self.searches.think(&self.game, player, think))
    }

    /// The computer's time for this action: its level's time, or with a
    /// clock, its share of what is left.
    fn think_time(&self) -> Duration {
        let side = self.game.position().turn();
        let movetime = self.movetime();
        self.clock
            .think_time(side, movetime, self.settings.time.now())
    }

    /// Ask the thinking computer to answer now; false when none thinks.
    pub fn move_now(&self) -> bool {
        self.searches.move_now()
    }

    /// A computer's answer for job `generation`: `None` when stale (the
    /// game moved on); else where the game stands, and what went wrong.
    pub fn take_thought(
        &mut self,
        generation: u64,
        action: Option<Action>,
    ) -> Option<(Settled, Option<ComputerProblem>)> {
        if !self.searches.answered(generation) {
            return None;
        }
        if self.flag_down() {
            return Some((self.settle(), None));
        }
        let problem = match action {
            Some(a) => match self.game.play(a) {
                Ok(()) => {
                    self.saving.touch();
                    None
                }
                Err(e) => Some(ComputerProblem::Refused(e)),
            },
            None => Some(ComputerProblem::NoMove),
        };
        Some((self.settle(), problem))
    }

    /// An external engine failed in job `generation` (`None` when stale):
    /// it loses the game by resignation. Says where the game stands and
    /// whose engine it was.
    pub fn take_engine_failure(&mut self, generation: u64) -> Option<(Settled, Color)> {
        if !self.searches.answered(generation) {
            return None;
        }
        let side = self.game.position().turn();
        self.game.resign(side);
        self.saving.touch();
        Some((self.settle(), side))
    }

    /// Hints used so far by each side (White, Black).
    pub fn hints_used(&self) -> [u32; 2] {
        self.searches.hints_used()
    }

    /// The hint on show for the current position, if any.
    pub fn hint(&self) -> Option<&Hint> {
        self.searches.hint()
    }

    /// A hint's search is under way.
    pub fn is_hinting(&self) -> bool {
        self.searches.is_hinting()
    }

    /// The search for a hint for the side to move: as long as the default
    /// level thinks, at most `analysis.max_depth` of the settings deep.
    pub fn hint_job(&mut self) -> Result<HintJob, HintRefusal> {
        if let Some(why) = self.not_your_turn() {
            return Err(HintRefusal::NotYourTurn(why));
        }
        if self.searches.is_hinting() {
            return Err(HintRefusal::Searching);
        }
        let think = ThinkSettings {
            movetime: self.movetime(),
            seed: 0,
        };
        let fullmoves = self.game.position().fullmoves();
        let limits = Limits {
            max_depth: self.settings.analysis.max_depth.max(1),
            noise: 0,
            contempt: 0,
            ..motley_ai::level_limits(DEFAULT_LEVEL, fullmoves, &think)
        };
        Ok(self.searches.ask_hint(&self.game, limits))
    }

    /// A hint's answer for request `generation`: `None` when stale (the
    /// game moved on); else the hint, now shown and counted for the side to
    /// move, or why there is none.
    pub fn take_hint(
        &mut self,
        generation: u64,
        action: Option<Action>,
    ) -> Option<Result<Hint, HintRefusal>> {
        let hint = self.searches.take_hint(generation, action, &self.game)?;
        Some(hint.ok_or(HintRefusal::NothingFound))
    }
}

/// Keeping and saving the game.
impl Session {
    /// Where `s` saves by default.
    pub fn save_path(&self) -> Option<&Path> {
        self.saving.save_path()
    }

    /// Why the game is not being saved, while saving fails.
    pub fn save_problem(&self) -> Option<&RecordError> {
        self.saving.problem()
    }

    /// Some actions are in no file: leaving now would lose them.
    pub fn has_unsaved_actions(&self) -> bool {
        self.saving.unsaved()
    }

    /// The game's own record, once it has one.
    pub fn game_file(&self) -> Option<&Path> {
        self.saving.record_path()
    }

    /// Where the game's record went when it left the screen, once known.
    pub fn closed_at(&self) -> Option<&Result<Option<PathBuf>, RecordError>> {
        self.saving.closed_at()
    }

    /// Keep the game in a record of its own now, before any action (a
    /// branch from a replay is a new game already); the answer
    /// ([`Written::Kept`]) is to be announced.
    pub fn keep_now(&mut self) {
        self.saving.touch();
        self.autosave(true);
    }

    /// Where the save dialog suggests saving: the game's file, or a new
    /// name in the saves folder — in the home folder while saving into
    /// the data folder fails.
    pub fn suggested_save_path(&self) -> Option<PathBuf> {
        let saves = self.settings.saves_dir.as_deref();
        self.saving.suggested_path(saves, &self.game.variant().id)
    }

    /// Where a path the player typed points, and whether saving there
    /// replaces a file without their consent yet (see
    /// [`saving::Saving::target`]).
    pub fn save_target(&self, typed: &str) -> Result<(PathBuf, bool), SaveTargetError> {
        self.saving.target(typed)
    }

    /// Save to `path` (atomically), which becomes the default once saved
    /// ([`Written::SavedAs`] says whether it was).
    pub fn save_to(&mut self, path: PathBuf) {
        let record = self.record();
        self.saving.save_as(path, record);
    }

    /// The game as PGN, with its players.
    pub fn pgn(&self) -> String {
        let [w, b] = self.names();
        motley_records::export_pgn(&self.game, Some((&w, &b)))
    }

    /// Leaving the screen: stop thinking, keep the game a last time, and
    /// put its record where it belongs (a finished game with the saves,
    /// an unfinished one with the games in progress); [`Written::Closed`]
    /// says where it is then.
    pub fn close(&mut self) {
        self.searches.cancel_thinking();
        // Time spent on this game is kept even when nothing was played.
        if self.clock.pause(&mut self.game, self.settings.time.now()) {
            self.saving.touch();
        }
        self.autosave(false);
        for player in &self.players {
            player.close();
        }
        let finished = self.game.outcome().is_some();
        self.saving
            .close(finished, self.settings.saves_dir.as_deref());
    }

    /// The writes asked for since last taken, in order, for the runtime.
    pub fn take_writes(&mut self) -> Vec<Write> {
        self.saving.take_writes()
    }

    /// What a write came to: false when it was not this session's.
    pub fn take_written(&mut self, written: &Written) -> bool {
        self.saving.take(written)
    }

    /// Keep the game in its own record once something was played or taken
    /// back here. A failure must not interrupt play: it is kept for the
    /// screen (which warns until a save works), and the next action tries
    /// again.
    fn autosave(&mut self, announce: bool) {
        if !self.saving.keeps() {
            return;
        }
        self.movetime.get_or_insert(self.settings.movetime);
        let record = self.record();
        let dir = self.settings.games_dir.as_deref();
        self.saving.keep(dir, &self.game, record, announce);
    }

    /// The record a save writes: the game, its players, the hints used.
    fn record(&self) -> GameRecord {
        let [w, b] = self.players().map(|p| p.to_string());
        let mut rec = motley_records::store::record_to_save(&self.game, Some((&w, &b)));
        let [white, black] = self.names();
        rec.names = Some(motley_records::Players { white, black });
        let hints = self.searches.hints_used();
        rec.hints = (hints != [0, 0]).then_some(hints);
        rec.movetime_ms = self.movetime.map(|t| {
            u64::try_from(t.as_millis())
                .unwrap_or(u64::MAX)
                .clamp(1, motley_records::MAX_MOVETIME_MS)
        });
        rec
    }
}
