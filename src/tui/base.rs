//! What the app and every screen share: the events a screen handles, the
//! context it reads and queues work into, and where it goes next. It names
//! no screen, so screens import it and the app imports screens without a
//! loop.

use super::config::{ConfigKept, ConfigWrite};
use super::jobs::{AnalysisJob, EngineLines, LinesJob};
use super::settings::Settings;
use super::theme::{Theme, ThemeName};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseEvent};
use motley_ai::analysis::{GameAnalysis, PlyAnalysis};
use motley_game::variant::Registry;
use motley_game::Game;
use motley_rules::core::Action;
use motley_session::{
    Handoff, HintJob, LoadError, LoadJob, LoadedGame, PlayerError, SeatError, SeatJob, Session,
    ThinkJob, ThinkProgress, Write, Written,
};
use std::path::PathBuf;
use std::sync::Arc;

/// The smallest terminal the screens are laid out for.
pub const MIN_WIDTH: u16 = 64;
/// See [`MIN_WIDTH`].
pub const MIN_HEIGHT: u16 = 18;

/// Something that happened: input, a resize, a computer's move, a timer.
#[derive(Clone, Debug)]
pub enum AppEvent {
    /// A key press (or release, on terminals that report them).
    Key(KeyEvent),
    /// A click or the wheel.
    Mouse(MouseEvent),
    /// The terminal's new size (columns, rows).
    Resize(u16, u16),
    /// A computer player finished thinking for the job with `generation`.
    Thought {
        /// The job's generation (see `ThinkJob`).
        generation: u64,
        /// Its move, or `None` when it found none.
        action: Option<Action>,
    },
    /// A computer player's search completed another iteration in the job
    /// with `generation` (at most a few a second, see
    /// [`motley_session::PROGRESS_EVERY`]).
    Thinking {
        /// The job's generation (see `ThinkJob`); a stale report is dropped.
        generation: u64,
        /// Depth, score, speed and line so far.
        progress: Box<ThinkProgress>,
    },
    /// An external engine failed (crashed, stopped answering, moved
    /// illegally) in the job with `generation`: it loses the game.
    EngineFailed {
        /// The job's generation (see `ThinkJob`).
        generation: u64,
        /// What went wrong.
        error: Arc<PlayerError>,
    },
    /// A timer: the replay viewer's autoplay, a chess clock's second.
    Tick,
    /// A hint's search finished for the request with `generation` (see
    /// [`HintJob`]).
    Hinted {
        /// The request's generation; a stale answer is dropped.
        generation: u64,
        /// The suggested action, or `None` when the search found none.
        action: Option<Action>,
    },
    /// One ply of a background analysis is ready (plies arrive in the
    /// order they finish).
    Analysed {
        /// The analysis job ([`AnalysisJob::id`]).
        job: u64,
        /// The ply's verdict.
        ply: Box<PlyAnalysis>,
    },
    /// A background analysis ended.
    AnalysisDone {
        /// The analysis job ([`AnalysisJob::id`]).
        job: u64,
        /// The whole analysis with its summary, or `None` when it ended
        /// without one (stopped, failed, or no thread could start).
        analysis: Option<Box<GameAnalysis>>,
    },
    /// A write ([`Request::Write`]) was carried out: what it came to.
    Written(Box<Written>),
    /// A change to the config file ([`Request::Config`]) was carried out.
    ConfigKept(Arc<ConfigKept>),
    /// A live search ([`Request::Lines`]) completed another iteration.
    Lines {
        /// The search ([`LinesJob::id`]); a replaced one's is dropped.
        job: u64,
        /// What it shows.
        lines: Box<EngineLines>,
    },
    /// A game file was read ([`Request::Load`]).
    Loaded {
        /// The read's tag ([`LoadJob::id`]); one no longer waited for is
        /// dropped.
        id: u64,
        /// The first game, or why there is none (empty when the reading
        /// stopped).
        loaded: Handoff<Result<LoadedGame, LoadError>>,
    },
    /// A new game's engines were started ([`Request::Seat`]).
    Seated {
        /// The start's tag ([`SeatJob::id`]).
        id: u64,
        /// The game and whether its players could start (empty when the
        /// start stopped).
        seated: Handoff<(Session, Result<(), SeatError>)>,
    },
}

impl AppEvent {
    /// The event that reports a job's answer ([`ThinkJob::run`]).
    pub fn answer(generation: u64, answer: Result<Option<Action>, PlayerError>) -> AppEvent {
        match answer {
            Ok(action) => AppEvent::Thought { generation, action },
            Err(error) => AppEvent::EngineFailed {
                generation,
                error: Arc::new(error),
            },
        }
    }

    /// A plain key press (for tests and synthetic clicks).
    pub fn key(code: KeyCode) -> AppEvent {
        AppEvent::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    /// A printable character key.
    pub fn char(c: char) -> AppEvent {
        AppEvent::key(KeyCode::Char(c))
    }
}

/// Work a handler asks the runtime to do.
#[derive(Debug)]
pub enum Request {
    /// Run a computer player's search off the UI thread.
    Think(Box<ThinkJob>),
    /// Search for a hint off the UI thread.
    Hint(Box<HintJob>),
    /// Analyse a game off the UI thread, streaming plies back.
    Analyse(Box<AnalysisJob>),
    /// Put text on the terminal's clipboard (OSC 52).
    Clipboard(String),
    /// Write a file off the input path (a game kept or saved, an export,
    /// an analysis stored), in the order asked; what it came to comes
    /// back as [`AppEvent::Written`].
    Write(Box<Write>),
    /// Keep a choice in the config file off the input path, after the
    /// writes asked before it; what it came to comes back as
    /// [`AppEvent::ConfigKept`].
    Config(Box<ConfigWrite>),
    /// Search a position until stopped, streaming its best lines
    /// ([`AppEvent::Lines`]).
    Lines(Box<LinesJob>),
    /// Read a game file off the input path ([`AppEvent::Loaded`]).
    Load(Box<LoadJob>),
    /// Start a new game's engines off the input path
    /// ([`AppEvent::Seated`]).
    Seat(Box<SeatJob>),
}

/// The event a file read comes back as.
pub fn loaded_event(job: &LoadJob) -> AppEvent {
    AppEvent::Loaded {
        id: job.id,
        loaded: Handoff::new(job.run()),
    }
}

/// The event a start of engines comes back as.
pub fn seated_event(job: SeatJob) -> AppEvent {
    AppEvent::Seated {
        id: job.id,
        seated: Handoff::new(job.run()),
    }
}

/// What every handler may read and queue work into.
pub struct Ctx<'a> {
    /// The run's choices.
    pub settings: &'a Settings,
    /// The variants (new games, reading files).
    pub registry: &'a Registry,
    /// Styles (a click's hit test measures styled text).
    pub theme: &'a Theme,
    /// The terminal's size (columns, rows), for hit tests.
    pub size: (u16, u16),
    /// Work for the runtime, run after the event.
    pub requests: &'a mut Vec<Request>,
}

/// A line under the board: what happened or why an input was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The words shown.
    pub text: String,
    /// A refusal or failure (drawn as an error).
    pub error: bool,
}

impl Message {
    /// News.
    pub fn info(text: impl Into<String>) -> Message {
        Message {
            text: shown(text.into()),
            error: false,
        }
    }

    /// A refusal or failure.
    pub fn error(text: impl Into<String>) -> Message {
        Message {
            text: shown(text.into()),
            error: true,
        }
    }

    /// How it is drawn: errors stand out, news reads as done.
    pub fn style(&self, theme: &Theme) -> ratatui::style::Style {
        if self.error {
            theme.error()
        } else {
            theme.good()
        }
    }
}

/// A message's text as the screen may show it: messages quote files,
/// engines and typed text, so their control characters are made visible
/// (line ends stay).
fn shown(text: String) -> String {
    match motley_rules::core::quote::visible_lines(&text) {
        std::borrow::Cow::Borrowed(_) => text,
        std::borrow::Cow::Owned(escaped) => escaped,
    }
}

/// The new-game form's choices that the run's [`Settings`] hold: a game
/// started from the form is played with them (and so are the games after
/// it, until the form changes them).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlayChoices {
    /// Pieces as letters.
    pub ascii: bool,
    /// Turn the board to the side to move in hot-seat games.
    pub auto_flip: bool,
    /// The computer's time per move.
    pub movetime: std::time::Duration,
}

impl PlayChoices {
    /// The choices `settings` holds now.
    pub fn of(settings: &Settings) -> PlayChoices {
        PlayChoices {
            ascii: settings.ascii,
            auto_flip: settings.auto_flip,
            movetime: settings.session.movetime,
        }
    }

    /// Put them into `settings`.
    pub fn apply(self, settings: &mut Settings) {
        settings.ascii = self.ascii;
        settings.auto_flip = self.auto_flip;
        settings.session.movetime = self.movetime;
    }
}

/// A game to show on the play screen, with what carries over from the
/// screen that opened it.
pub struct PlayStart {
    /// The game with its players, match and file.
    pub session: Session,
    /// The `f` key's extra flip (kept from one game of a match to the next).
    pub flip_toggle: bool,
    /// The first message under the board (a branch's save, say).
    pub message: Option<Message>,
    /// Settings the new-game form chose for this game (`None`: as they are).
    pub choices: Option<PlayChoices>,
}

impl PlayStart {
    /// A game shown as it is.
    pub fn new(session: Session) -> PlayStart {
        PlayStart {
            session,
            flip_toggle: false,
            message: None,
            choices: None,
        }
    }
}

/// A game to show in the replay viewer.
pub struct ReplayStart {
    /// The game as far as the file is valid.
    pub game: Game,
    /// The file it came from (its name is shown, branches go beside it).
    pub path: Option<PathBuf>,
    /// What was wrong with the file, in words.
    pub error: Option<String>,
    /// Who played, as the file names them (a branch offers them).
    pub players: Option<motley_records::Players>,
    /// The players' names, when the file gives them (its PGN export
    /// writes them).
    pub names: Option<motley_records::Players>,
    /// The date the file gives the game, and the PGN tags it keeps (its
    /// PGN export writes them).
    pub date: Option<String>,
    pub tags: std::collections::BTreeMap<String, String>,
    /// The analysis stored with the record (JSON), if any.
    pub analysis: Option<serde_json::Value>,
    /// The variations and annotations on the game's moves.
    pub tree: motley_records::GameTree,
    /// Start the live engine lines at once (the editor's analyse).
    pub live_lines: bool,
    /// What the reader had to assume to read the file, to be told.
    pub notes: Vec<String>,
}

impl ReplayStart {
    /// A game with nothing known of it beyond itself (no file, players,
    /// date or stored analysis).
    pub fn of(game: Game) -> ReplayStart {
        ReplayStart {
            game,
            path: None,
            error: None,
            players: None,
            names: None,
            date: None,
            tags: Default::default(),
            analysis: None,
            live_lines: false,
            tree: Default::default(),
            notes: Vec::new(),
        }
    }

    /// A game read from the file at `path`, with all the file says of it.
    pub fn loaded(loaded: motley_session::LoadedGame, path: PathBuf) -> ReplayStart {
        ReplayStart {
            game: loaded.game,
            path: Some(path),
            error: loaded.error.map(|e| e.to_string()),
            players: loaded.players,
            names: loaded.names,
            date: loaded.date,
            tags: loaded.tags,
            analysis: loaded.analysis,
            tree: loaded.tree,
            live_lines: false,
            notes: loaded.notes,
        }
    }
}

/// A position to open the position editor on.
pub struct EditorStart {
    /// The variant whose position is edited.
    pub variant: Arc<motley_game::variant::VariantDef>,
    /// The position to start from (`None`: the variant's start).
    pub draft: Option<motley_rules::setup::Draft>,
}

impl EditorStart {
    /// The editor on `position`, a position of a game of `variant` (the
    /// play screen's or the replay viewer's position shown).
    pub fn of(
        variant: Arc<motley_game::variant::VariantDef>,
        position: &motley_rules::AnyPosition,
    ) -> EditorStart {
        use motley_rules::Position;
        EditorStart {
            variant,
            draft: Some(position.draft()),
        }
    }
}

/// Where a screen's handler wants to go next.
pub enum Nav {
    /// Nothing changes screens.
    Stay,
    /// Back to the main menu (or quit when there was no menu).
    Leave,
    /// End the program.
    Quit,
    /// Show a game on the play screen.
    Play(Box<PlayStart>),
    /// Show a game in the replay viewer.
    Replay(Box<ReplayStart>),
    /// Open the position editor.
    Edit(Box<EditorStart>),
    /// Draw everything in this theme from now on, and keep it in the
    /// config file (the screen stays).
    Theme(ThemeName),
}
