//! The application state and the pure input handler: every terminal event
//! (and every computer move arriving from its thread) goes through
//! [`handle`], which only changes [`App`] and queues [`Request`]s for the
//! runtime. Tests drive the whole UI through this one function.

use super::menu::MenuState;
use super::play::PlayState;
use super::replay::ReplayState;
use super::theme::Theme;
use crate::ai::{PlayerSpec, ThinkSettings};
use crate::core::Action;
use crate::rules::AnyPosition;
use crate::variant::Registry;
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseEvent};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The smallest terminal the screens are laid out for.
pub const MIN_WIDTH: u16 = 64;
/// See [`MIN_WIDTH`].
pub const MIN_HEIGHT: u16 = 18;

/// Something that happened: input, a resize, a computer's move, a timer.
#[derive(Clone, Debug)]
pub enum AppEvent {
    Key(KeyEvent),
    Mouse(MouseEvent),
    Resize(u16, u16),
    /// A computer player finished thinking for the job with `generation`.
    Thought {
        generation: u64,
        action: Option<Action>,
    },
    /// An external engine failed (crashed, stopped answering, moved
    /// illegally) in the job with `generation`: it loses the game.
    EngineFailed {
        generation: u64,
        message: String,
    },
    /// Autoplay timer in the replay viewer.
    Tick,
}

impl AppEvent {
    /// A plain key press (for tests and synthetic clicks).
    pub fn key(code: KeyCode) -> AppEvent {
        AppEvent::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    /// A printable character key.
    pub fn char(c: char) -> AppEvent {
        AppEvent::key(KeyCode::Char(c))
    }
}

/// A computer player's job, run off the UI thread by the runtime.
#[derive(Clone, Debug)]
pub struct ThinkJob {
    pub generation: u64,
    pub position: AnyPosition,
    pub history: Vec<u64>,
    pub spec: PlayerSpec,
    pub settings: ThinkSettings,
    pub stop: Arc<AtomicBool>,
    /// For a `uci:` player: its engine and the game so far.
    pub engine: Option<crate::uci::client::EngineTurn>,
}

impl ThinkJob {
    /// Think (or ask the external engine) and say what came of it.
    pub fn run(&self) -> AppEvent {
        let generation = self.generation;
        match &self.engine {
            Some(turn) => match turn.play(&self.position, self.settings.movetime, &self.stop) {
                Ok(action) => AppEvent::Thought { generation, action },
                Err(e) => AppEvent::EngineFailed {
                    generation,
                    message: e.to_string(),
                },
            },
            None => AppEvent::Thought {
                generation,
                action: crate::ai::think(
                    &self.position,
                    &self.history,
                    &self.spec,
                    &self.settings,
                    &self.stop,
                ),
            },
        }
    }
}

/// Work the handler asks the runtime to do.
#[derive(Clone, Debug)]
pub enum Request {
    Think(ThinkJob),
}

/// Choices fixed for the whole run.
#[derive(Clone, Debug)]
pub struct Settings {
    pub ascii: bool,
    /// Turn the board to the player to move in hot-seat games.
    pub auto_flip: bool,
    /// Computer thinking time per action.
    pub movetime: Duration,
    /// Where the unfinished game is kept (`None`: no autosave).
    pub autosave: Option<PathBuf>,
    /// The folder saved games go to and the load dialog lists.
    pub saves_dir: Option<PathBuf>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            ascii: false,
            auto_flip: true,
            movetime: Duration::from_millis(1000),
            autosave: None,
            saves_dir: None,
        }
    }
}

/// Which screen is showing.
pub enum Screen {
    Menu(Box<MenuState>),
    Play(Box<PlayState>),
    Replay(Box<ReplayState>),
}

/// Where a screen's handler wants to go next.
pub enum Nav {
    Stay,
    /// Back to the main menu (or quit when there was no menu).
    Leave,
    Quit,
    Play(Box<PlayState>),
    Replay(Box<ReplayState>),
}

/// What every handler may read and queue work into.
pub struct Ctx<'a> {
    pub settings: &'a Settings,
    pub registry: &'a Registry,
    pub theme: &'a Theme,
    pub size: (u16, u16),
    pub requests: &'a mut Vec<Request>,
}

/// The whole UI state.
pub struct App {
    pub screen: Screen,
    /// Terminal size (columns, rows).
    pub size: (u16, u16),
    pub theme: Theme,
    pub settings: Settings,
    pub registry: Registry,
    /// Work for the runtime (drained after each event).
    pub requests: Vec<Request>,
    pub quit: bool,
    /// Whether leaving a game goes back to the menu (else it quits).
    pub has_menu: bool,
}

impl App {
    /// An app showing `screen`.
    pub fn new(
        screen: Screen,
        registry: Registry,
        settings: Settings,
        theme: Theme,
        size: (u16, u16),
    ) -> App {
        let has_menu = matches!(screen, Screen::Menu(_));
        let mut app = App {
            screen,
            size,
            theme,
            settings,
            registry,
            requests: Vec::new(),
            quit: false,
            has_menu,
        };
        // A game opened directly may start with a computer to move.
        if let Screen::Play(p) = &mut app.screen {
            let mut ctx = Ctx {
                settings: &app.settings,
                registry: &app.registry,
                theme: &app.theme,
                size: app.size,
                requests: &mut app.requests,
            };
            p.settle(&mut ctx);
        }
        app
    }

    /// The terminal is too small for any screen.
    pub fn too_small(&self) -> bool {
        self.size.0 < MIN_WIDTH || self.size.1 < MIN_HEIGHT
    }

    /// True while a timer should fire (replay autoplay), with its period.
    pub fn tick_interval(&self) -> Option<Duration> {
        match &self.screen {
            Screen::Replay(r) => r.autoplay_interval(),
            _ => None,
        }
    }

    /// Stop background work for the current screen (closing or quitting).
    pub fn shutdown(&mut self) {
        if let Screen::Play(p) = &mut self.screen {
            p.close(&self.settings);
        }
    }
}

/// Turn one event into state changes.
pub fn handle(app: &mut App, event: AppEvent) {
    if let AppEvent::Key(k) = &event {
        // Key releases/repeats (on terminals that report them) are not
        // presses.
        if k.kind == KeyEventKind::Release {
            return;
        }
        if k.code == KeyCode::Char('c') && k.modifiers.contains(KeyModifiers::CONTROL) {
            app.shutdown();
            app.quit = true;
            return;
        }
        // Control/Alt chords are not the plain letters the screens bind
        // (a stray Ctrl-J must not move the cursor).
        if matches!(k.code, KeyCode::Char(_))
            && k.modifiers
                .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
        {
            return;
        }
    }
    if let AppEvent::Resize(w, h) = event {
        app.size = (w, h);
        return;
    }
    let input = matches!(event, AppEvent::Key(_) | AppEvent::Mouse(_));
    if input && app.too_small() {
        // Only the enlarge message is showing; nothing on it to act on.
        return;
    }
    let mut ctx = Ctx {
        settings: &app.settings,
        registry: &app.registry,
        theme: &app.theme,
        size: app.size,
        requests: &mut app.requests,
    };
    let nav = match &mut app.screen {
        Screen::Menu(m) => m.handle(event, &mut ctx),
        Screen::Play(p) => p.handle(event, &mut ctx),
        Screen::Replay(r) => r.handle(event, &mut ctx),
    };
    match nav {
        Nav::Stay => {}
        Nav::Quit => {
            app.shutdown();
            app.quit = true;
        }
        Nav::Leave => {
            app.shutdown();
            if app.has_menu {
                app.screen = Screen::Menu(Box::new(MenuState::new(&app.settings, &app.registry)));
            } else {
                app.quit = true;
            }
        }
        Nav::Play(mut p) => {
            app.shutdown();
            let mut ctx = Ctx {
                settings: &app.settings,
                registry: &app.registry,
                theme: &app.theme,
                size: app.size,
                requests: &mut app.requests,
            };
            p.settle(&mut ctx);
            app.screen = Screen::Play(p);
        }
        Nav::Replay(r) => {
            app.shutdown();
            app.screen = Screen::Replay(r);
        }
    }
}

/// Run queued computer jobs on this thread, feeding the results back in
/// (tests use this instead of the runtime's threads).
pub fn run_requests_inline(app: &mut App) {
    for _ in 0..1000 {
        let Some(Request::Think(job)) = app.requests.pop() else {
            return;
        };
        let event = job.run();
        handle(app, event);
    }
}
