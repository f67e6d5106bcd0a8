//! The application: which screen shows, and the pure input handler. Every
//! terminal event (and every computer move or finished write arriving from
//! its thread) goes through [`handle`], which only changes [`App`] and
//! queues [`Request`]s for the runtime — writes included: the handler
//! never touches a disk. Tests drive the whole UI through this one
//! function (running the queued work with [`run_requests_inline`]), and
//! draw it as a widget (`&App`).

use super::base::{AppEvent, Ctx, Message, Nav, Request, MIN_HEIGHT, MIN_WIDTH};
use super::config::{ConfigChange, ConfigKept, ConfigWrite};
use super::editor::EditorState;
use super::menu::MenuState;
use super::play::PlayState;
use super::replay::ReplayState;
use super::settings::Settings;
use super::theme::{Theme, ThemeName};
use crossterm::event::{KeyCode, KeyEventKind, KeyModifiers};
use motley_game::variant::Registry;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};
use std::sync::Arc;
use std::time::Duration;

/// Which screen is showing.
pub enum Screen {
    Menu(Box<MenuState>),
    Play(Box<PlayState>),
    Replay(Box<ReplayState>),
    Editor(Box<EditorState>),
}

impl Screen {
    /// A line of text is being typed: Ctrl and Alt chords are its editing
    /// keys (Ctrl-U, Ctrl-W, …) rather than keys to ignore.
    fn takes_text(&self, registry: &Registry) -> bool {
        match self {
            Screen::Menu(m) => m.takes_text(registry),
            Screen::Play(p) => p.takes_text(),
            Screen::Replay(r) => r.takes_text(),
            Screen::Editor(_) => false,
        }
    }
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
        // A game opened directly may start with a computer to move; the
        // menu has its games folder put in order by the writer.
        let (screen, mut ctx) = app.split();
        match screen {
            Screen::Play(p) => p.settle(&mut ctx),
            Screen::Menu(_) => ctx
                .requests
                .extend(MenuState::tidy(ctx.settings, ctx.registry)),
            Screen::Replay(_) | Screen::Editor(_) => {}
        }
        app
    }

    /// The screen, and the context its handlers get (borrowed apart).
    fn split(&mut self) -> (&mut Screen, Ctx<'_>) {
        let ctx = Ctx {
            settings: &self.settings,
            registry: &self.registry,
            theme: &self.theme,
            size: self.size,
            requests: &mut self.requests,
        };
        (&mut self.screen, ctx)
    }

    /// The terminal is too small for any screen.
    pub fn too_small(&self) -> bool {
        self.size.0 < MIN_WIDTH || self.size.1 < MIN_HEIGHT
    }

    /// When the next timer event is due (replay autoplay, a running chess
    /// clock's next change of display), or `None`: the loop then sleeps
    /// until input arrives.
    pub fn tick_interval(&self) -> Option<Duration> {
        match &self.screen {
            Screen::Replay(r) => r.autoplay_interval(),
            Screen::Play(p) => p.session.clock_wakeup(),
            Screen::Menu(_) | Screen::Editor(_) => None,
        }
    }

    /// Stop background work for the current screen and ask for its game
    /// to be put where it belongs (leaving it); the writes are queued.
    fn close_screen(&mut self) {
        match &mut self.screen {
            Screen::Play(p) => {
                p.close(&self.settings);
                let writes = p.session.take_writes();
                let queued = writes.into_iter().map(|w| Request::Write(Box::new(w)));
                self.requests.extend(queued);
            }
            Screen::Replay(r) => r.close(),
            Screen::Menu(_) | Screen::Editor(_) => {}
        }
    }

    /// The UI ends (the user quit): close the screen and carry out every
    /// write still asked for, here and now (the runtime's writer is done
    /// by then).
    pub fn shutdown(&mut self) {
        self.close_screen();
        perform_writes(self);
    }

    /// A signal ends Motley: close the screen and carry out every write
    /// still asked for, here and now, then say in a line where the game
    /// is, or that it could not be saved (printed once the terminal is
    /// back).
    pub fn stop(&mut self) -> Option<String> {
        self.shutdown();
        let Screen::Play(p) = &self.screen else {
            return None;
        };
        let session = &p.session;
        match session.closed_at() {
            Some(Err(e)) => Some(format!(
                "the finished game stays with the games in progress: {e}"
            )),
            _ if session.has_unsaved_actions() => Some(format!(
                "the game was NOT saved: {}",
                session
                    .save_problem()
                    .map_or("saving failed".to_string(), |e| e.to_string())
            )),
            Some(Ok(Some(path))) => Some(format!(
                "the game is saved in {}",
                motley_rules::core::quote::path(path)
            )),
            Some(Ok(None)) | None => None,
        }
    }

    /// Draw in theme `name` from now on and keep it in the config file;
    /// a config file that cannot be read or written is said on the menu
    /// (and left as it is).
    fn set_theme(&mut self, name: ThemeName) {
        self.theme = Theme::new(name, self.theme.mode, self.settings.ascii);
        if let Some(path) = &self.settings.config {
            self.requests.push(Request::Config(Box::new(ConfigWrite {
                path: path.clone(),
                change: ConfigChange::Theme(name),
            })));
        }
    }

    /// A choice was kept in the config file, or could not be: a theme
    /// that could not be kept is said on the menu.
    fn config_kept(&mut self, kept: &ConfigKept) {
        if let (ConfigChange::Theme(_), Err(e), Screen::Menu(m)) =
            (&kept.change, &kept.result, &mut self.screen)
        {
            m.message = Some(Message::error(format!("Theme not kept: {e}")));
        }
    }

    /// Go where a screen's handler asked. The screen showing is closed
    /// first (the menu lists its game again once the writes closing asked
    /// for are done: [`motley_session::Written::Closed`]).
    fn navigate(&mut self, nav: Nav) {
        if matches!(nav, Nav::Stay) {
            return;
        }
        if let Nav::Theme(name) = nav {
            self.set_theme(name);
            return;
        }
        self.close_screen();
        self.screen = match nav {
            Nav::Leave if self.has_menu => {
                let tidy = MenuState::tidy(&self.settings, &self.registry);
                self.requests.extend(tidy);
                Screen::Menu(Box::new(MenuState::new(&self.settings, &self.registry)))
            }
            Nav::Play(start) => {
                if let Some(choices) = start.choices {
                    choices.apply(&mut self.settings);
                    self.theme = Theme::new(self.theme.name, self.theme.mode, choices.ascii);
                }
                Screen::Play(Box::new(PlayState::open(*start)))
            }
            Nav::Replay(start) => {
                Screen::Replay(Box::new(ReplayState::open_start(*start, &self.registry)))
            }
            Nav::Edit(start) => Screen::Editor(Box::new(EditorState::open(*start))),
            Nav::Leave | Nav::Quit => {
                self.quit = true;
                return;
            }
            Nav::Stay | Nav::Theme(_) => return,
        };
        let (screen, mut ctx) = self.split();
        match screen {
            Screen::Play(p) => p.settle(&mut ctx),
            Screen::Replay(r) => r.settle(&mut ctx),
            Screen::Menu(_) | Screen::Editor(_) => {}
        }
    }
}

/// Turn one event into state changes.
pub fn handle(app: &mut App, event: AppEvent) {
    if let AppEvent::Key(k) = &event {
        // Key releases (on terminals that report them) are not presses.
        if k.kind == KeyEventKind::Release {
            return;
        }
        if k.code == KeyCode::Char('c') && k.modifiers.contains(KeyModifiers::CONTROL) {
            // In raw mode Ctrl-C is a key: quit, as leaving a game would
            // (asking first when the game could not be saved).
            let nav = match &mut app.screen {
                Screen::Play(p) => p.quit_key(),
                Screen::Replay(r) => r.quit_key(),
                _ => Nav::Quit,
            };
            app.navigate(nav);
            return;
        }
        // Control/Alt chords are not the plain letters the screens bind
        // (a stray Ctrl-J must not move the cursor); a line being typed
        // takes them as its editing keys.
        if matches!(k.code, KeyCode::Char(_))
            && k.modifiers
                .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
            && !app.screen.takes_text(&app.registry)
        {
            return;
        }
    }
    if let AppEvent::Resize(w, h) = event {
        app.size = (w, h);
        return;
    }
    if let AppEvent::ConfigKept(kept) = &event {
        app.config_kept(kept);
        return;
    }
    let input = matches!(event, AppEvent::Key(_) | AppEvent::Mouse(_));
    if input && app.too_small() {
        // Only the enlarge message is showing; nothing on it to act on.
        return;
    }
    let (screen, mut ctx) = app.split();
    let nav = match screen {
        Screen::Menu(m) => m.handle(event, &mut ctx),
        Screen::Play(p) => p.handle(event, &mut ctx),
        Screen::Replay(r) => r.handle(event, &mut ctx),
        Screen::Editor(e) => e.handle(event, &mut ctx),
    };
    app.navigate(nav);
}

/// How deep a live search run by [`run_requests_inline`] goes.
pub const INLINE_LINES_DEPTH: u32 = 4;

/// Run queued work on this thread — writes first, in the order asked,
/// then jobs (computer moves, hints, analyses) — feeding the results back
/// in as the runtime's threads would (tests use this instead of the
/// threads). Other requests (the clipboard) stay queued for the test to
/// look at.
pub fn run_requests_inline(app: &mut App) {
    for _ in 0..1000 {
        perform_writes(app);
        let Some(i) = app.requests.iter().rposition(|r| {
            matches!(
                r,
                Request::Think(_)
                    | Request::Hint(_)
                    | Request::Analyse(_)
                    | Request::Lines(_)
                    | Request::Load(_)
                    | Request::Seat(_)
            )
        }) else {
            return;
        };
        let request = app.requests.remove(i);
        for event in request_events(request) {
            handle(app, event);
        }
    }
}

/// Carry out the queued writes here and now, in the order asked (and
/// those their outcomes ask for in turn), each outcome handled as it
/// comes.
fn perform_writes(app: &mut App) {
    for _ in 0..1000 {
        let Some(i) = app
            .requests
            .iter()
            .position(|r| matches!(r, Request::Write(_) | Request::Config(_)))
        else {
            return;
        };
        for event in request_events(app.requests.remove(i)) {
            handle(app, event);
        }
    }
}

/// Run one job here and now; the events it sends back, in order.
pub fn request_events(request: Request) -> Vec<AppEvent> {
    match request {
        Request::Think(job) => {
            let generation = job.order.generation;
            let mut events = Vec::new();
            let answer = job.run_with(&mut |progress| {
                let progress = Box::new(progress);
                events.push(AppEvent::Thinking {
                    generation,
                    progress,
                })
            });
            events.push(AppEvent::answer(generation, answer));
            events
        }
        Request::Hint(job) => vec![AppEvent::Hinted {
            generation: job.order.generation,
            action: job.run(),
        }],
        Request::Clipboard(_) => Vec::new(),
        Request::Write(write) => vec![AppEvent::Written(Box::new(write.perform()))],
        Request::Config(write) => vec![AppEvent::ConfigKept(Arc::new(write.perform()))],
        Request::Load(job) => vec![crate::tui::base::loaded_event(&job)],
        Request::Seat(job) => vec![crate::tui::base::seated_event(*job)],
        Request::Lines(job) => {
            // Here and now a live search goes only a few plies deep.
            let mut events = Vec::new();
            job.run(INLINE_LINES_DEPTH, &mut |lines| {
                events.push(AppEvent::Lines {
                    job: job.id,
                    lines: Box::new(lines),
                })
            });
            events
        }
        Request::Analyse(job) => {
            let events = std::sync::Mutex::new(Vec::new());
            let done = job.run(&|p| {
                if let Ok(mut events) = events.lock() {
                    events.push(AppEvent::Analysed {
                        job: job.id,
                        ply: Box::new(p.clone()),
                    });
                }
            });
            let mut events = events.into_inner().unwrap_or_else(|e| e.into_inner());
            events.push(AppEvent::AnalysisDone {
                job: job.id,
                analysis: done.map(Box::new),
            });
            events
        }
    }
}

impl Widget for &App {
    /// The screen showing, or the request to enlarge the terminal.
    fn render(self, area: Rect, buf: &mut Buffer) {
        if self.too_small() {
            TooSmall {
                size: self.size,
                theme: &self.theme,
            }
            .render(area, buf);
            return;
        }
        let theme = &self.theme;
        match &self.screen {
            Screen::Play(p) => p.page(&self.settings, theme).render(area, buf),
            Screen::Menu(m) => m.page(&self.registry, theme).render(area, buf),
            Screen::Replay(r) => r.page(theme).render(area, buf),
            Screen::Editor(e) => e.page(theme).render(area, buf),
        }
    }
}

/// "Please enlarge" in place of a screen that does not fit.
struct TooSmall<'a> {
    size: (u16, u16),
    theme: &'a Theme,
}

impl Widget for TooSmall<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (w, h) = self.size;
        let text = vec![
            Line::styled("Motley", self.theme.title()),
            Line::raw(format!(
                "please enlarge the terminal to {MIN_WIDTH}×{MIN_HEIGHT}"
            )),
            Line::styled(format!("(now {w}×{h})"), self.theme.dim()),
        ];
        Paragraph::new(text)
            .wrap(Wrap { trim: true })
            .render(area, buf);
    }
}
