//! The main menu: continue a game in progress (offered first when there
//! is one), a new game (variant picker with descriptions and rules, then
//! the new-game form), load or replay a saved game (the game browser, with
//! a typed path for files elsewhere), edit a position (variant picker, then
//! the position editor), the theme, quit. Each page is a
//! section with its own state, keys and widget; this module moves between
//! them and opens the games.

mod browser;
pub mod catalog;
mod main_page;
mod new_game;
mod page;
mod variants;

pub use browser::{Ask, BrowseStep, Browser, Shelf, SortKey};
pub use main_page::{InProgress, MainItem, MainList};
pub use new_game::{clock_choices, level_description, FormError, FormRow, FormStep, NewGameForm};
pub use variants::{PickerStep, VariantPicker};

use crate::tui::base::{
    AppEvent, Ctx, EditorStart, Message, Nav, PlayChoices, PlayStart, ReplayStart, Request,
};
use crate::tui::config::{Config, ConfigChange, ConfigWrite, NewGameChoices};
use crate::tui::settings::Settings;
use crate::tui::theme::{Theme, ThemeName};
use crossterm::event::{KeyEvent, MouseButton, MouseEventKind};
use motley_game::variant::Registry;
use motley_game::Game;
use motley_records::games::OpenGame;
use motley_records::RecordErrorKind;
use motley_rules::core::Color;
use motley_session::{
    seat_players, DeleteError, LoadError, LoadJob, LoadedGame, SeatError, SeatJob, Session, Write,
    Written,
};
use page::PageContext;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};
use std::path::{Path, PathBuf};

/// The new-game choices kept in the config file (none without one).
fn remembered(settings: &Settings) -> NewGameChoices {
    settings
        .config
        .as_deref()
        .and_then(|path| Config::read(path).ok())
        .map(|c| c.new_game)
        .unwrap_or_default()
}

/// Which page of the menu shows.
#[derive(Clone, Debug)]
pub enum Page {
    Main(MainList),
    Variants(VariantPicker),
    NewGame(Box<NewGameForm>),
    Browse(Box<Browser>),
}

/// The main menu's state.
pub struct MenuState {
    pub page: Page,
    /// The games in progress, when there are any.
    pub in_progress: Option<InProgress>,
    /// Why a game could not be started or opened, or what was done.
    pub message: Option<Message>,
    /// The variant picker chooses the variant of a position to edit
    /// (else of a new game).
    pub editing: bool,
    /// A file being read, or a new game's engines being started, off the
    /// input path: what to do with the answer.
    pending: Option<Pending>,
    /// The tag of the next such job.
    next_job: u64,
}

/// Work the menu waits for, tagged by its job's id.
enum Pending {
    /// A game file is read: open it so.
    Load {
        id: u64,
        path: PathBuf,
        open: Opening,
    },
    /// A new game's engines start: play it with these choices, and keep
    /// the form's choices for the next new game once it opens.
    Seat {
        id: u64,
        choices: PlayChoices,
        remember: Option<Request>,
    },
}

/// How a file read for the menu opens.
struct Opening {
    /// In the viewer, whatever the file holds.
    replay: bool,
    /// The game is this Motley's own record of a game in progress (only
    /// then may an engine be seated).
    own_record: bool,
    /// Where the game is kept from now on.
    attach: Attach,
    /// What to say on the play screen whatever the file says (why the
    /// game is played on as a copy).
    warning: Option<String>,
}

/// Where a game played on from a file is kept.
enum Attach {
    /// In a record of its own from its first action; the file is offered
    /// when saving.
    SavedAt(PathBuf),
    /// In its own record of a game in progress, whose lock is held.
    Continue(OpenGame),
}

impl MenuState {
    /// The menu, offering to continue a game when one is in progress.
    pub fn new(settings: &Settings, registry: &Registry) -> MenuState {
        MenuState {
            page: Page::Main(MainList { cursor: 0 }),
            in_progress: in_progress(settings, registry),
            message: None,
            editing: false,
            pending: None,
            next_job: 0,
        }
    }

    /// A tag for the next job the menu waits for.
    fn job_id(&mut self) -> u64 {
        self.next_job += 1;
        self.next_job
    }

    /// A path is being typed in the game browser, or the new-game form's
    /// focused row is a text row.
    pub fn takes_text(&self, registry: &Registry) -> bool {
        match &self.page {
            Page::Browse(b) => matches!(b.ask, Some(Ask::Path(_))),
            Page::NewGame(form) => form.on_text_row(registry),
            Page::Variants(picker) => picker.find.is_some(),
            Page::Main(_) => false,
        }
    }

    /// A game that was left has its record where it belongs now, or a
    /// saved game was deleted: list the games again, and say why a
    /// finished game's record could not move to the saves, or what the
    /// delete came to.
    fn game_closed(&mut self, written: &Written, ctx: &Ctx) {
        match written {
            Written::Closed { result: Err(e), .. } => {
                self.message = Some(Message::error(e.to_string()))
            }
            Written::Closed { .. } => {}
            Written::Deleted { path, result } => self.message = Some(deleted(path, result)),
            Written::Tidied { moved: 0 } => return,
            Written::Tidied { .. } => {}
            _ => return,
        }
        self.in_progress = in_progress(ctx.settings, ctx.registry);
        if let Page::Browse(browser) = &mut self.page {
            browser.reload(ctx.settings, ctx.registry);
        }
    }

    /// The writer's tidying of the games folder, asked for when the menu
    /// opens: what killed Motleys left there (lock files nobody holds,
    /// half-written saves, finished games not yet moved to the saves).
    /// The menu lists the games again once it is done.
    pub fn tidy(settings: &Settings, registry: &Registry) -> Option<Request> {
        let session = &settings.session;
        let games_dir = session.games_dir.clone()?;
        Some(Request::Write(Box::new(Write::Tidy {
            games_dir,
            saves_dir: session.saves_dir.clone(),
            registry: Box::new(registry.clone()),
        })))
    }

    /// The main page's entries (the theme entry names `theme`).
    pub fn main_items(&self, theme: &Theme) -> Vec<(MainItem, char, &'static str)> {
        main_page::items(self.in_progress.is_some(), theme.name)
    }

    /// Handle one event.
    pub fn handle(&mut self, event: AppEvent, ctx: &mut Ctx) -> Nav {
        match event {
            AppEvent::Key(k) => self.on_key(k, ctx),
            AppEvent::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                self.on_click(m.column, m.row, ctx)
            }
            AppEvent::Written(written) => {
                self.game_closed(&written, ctx);
                Nav::Stay
            }
            AppEvent::Loaded { id, loaded } => self.loaded(id, loaded.take()),
            AppEvent::Seated { id, seated } => self.seated(id, seated.take(), ctx),
            _ => Nav::Stay,
        }
    }

    fn on_key(&mut self, k: KeyEvent, ctx: &mut Ctx) -> Nav {
        let (registry, code) = (ctx.registry, k.code);
        let items = self.main_items(ctx.theme);
        match &mut self.page {
            Page::Main(list) => match list.key(code, &items) {
                Some(item) => self.main_item(item, ctx),
                None => Nav::Stay,
            },
            Page::Variants(picker) => {
                let step = picker.key(k, registry.all(), ctx.size);
                self.picker_step(step, ctx)
            }
            Page::NewGame(form) => {
                let step = form.key(k, registry);
                self.form_step(step, ctx)
            }
            Page::Browse(browser) => {
                let step = browser.key(k, registry);
                self.browse_step(step, ctx)
            }
        }
    }

    fn on_click(&mut self, col: u16, row: u16, ctx: &mut Ctx) -> Nav {
        let (size, registry) = (ctx.size, ctx.registry);
        let items = self.main_items(ctx.theme);
        match &mut self.page {
            Page::Main(list) => match list.click(col, row, size, &items) {
                Some(item) => self.main_item(item, ctx),
                None => Nav::Stay,
            },
            Page::Variants(picker) => {
                let step = picker.click(col, row, size, registry.all());
                self.picker_step(step, ctx)
            }
            Page::NewGame(form) => {
                let step = form.click(col, row, size, registry);
                self.form_step(step, ctx)
            }
            Page::Browse(browser) => {
                let step = browser.click(col, row, size, registry);
                self.browse_step(step, ctx)
            }
        }
    }

    fn main_item(&mut self, item: MainItem, ctx: &mut Ctx) -> Nav {
        match item {
            MainItem::Quit => Nav::Quit,
            MainItem::Theme => {
                let all = ThemeName::ALL;
                let now = all.iter().position(|t| *t == ctx.theme.name).unwrap_or(0);
                Nav::Theme(all[(now + 1) % all.len()])
            }
            MainItem::NewGame | MainItem::Edit => {
                self.message = None;
                self.editing = item == MainItem::Edit;
                // The picker opens on the variant played last.
                let last = remembered(ctx.settings).variant;
                let cursor = ctx
                    .registry
                    .all()
                    .iter()
                    .position(|v| Some(&v.id) == last.as_ref());
                self.page = Page::Variants(VariantPicker::new(cursor.unwrap_or(0)));
                Nav::Stay
            }
            MainItem::Load | MainItem::Replay | MainItem::Resume => {
                let shelf = match item {
                    MainItem::Resume => Shelf::Continue,
                    MainItem::Load => Shelf::Load,
                    _ => Shelf::Replay,
                };
                self.message = None;
                let browser = Browser::new(shelf, ctx.settings, ctx.registry);
                self.page = Page::Browse(Box::new(browser));
                Nav::Stay
            }
        }
    }

    fn picker_step(&mut self, step: PickerStep, ctx: &Ctx) -> Nav {
        match step {
            PickerStep::Stay => {}
            PickerStep::Chosen(v) if self.editing => {
                if let Some(variant) = ctx.registry.all().get(v) {
                    if let Err(e) = variant.editable() {
                        self.message = Some(Message::error(e.to_string()));
                        return Nav::Stay;
                    }
                    return Nav::Edit(Box::new(EditorStart {
                        variant: variant.clone(),
                        draft: None,
                    }));
                }
            }
            PickerStep::Chosen(v) => {
                let id = ctx.registry.all().get(v).map_or("", |d| d.id.as_str());
                let defaults = PlayChoices::of(ctx.settings);
                let last = remembered(ctx.settings);
                let form = NewGameForm::with_choices(v, id, &last, defaults);
                self.page = Page::NewGame(Box::new(form));
            }
            PickerStep::Back => self.page = Page::Main(MainList { cursor: 0 }),
        }
        Nav::Stay
    }

    fn form_step(&mut self, step: FormStep, ctx: &mut Ctx) -> Nav {
        let Page::NewGame(form) = &self.page else {
            return Nav::Stay;
        };
        if step != FormStep::Start {
            // Why the last start failed no longer holds once the form changes.
            self.message = None;
        }
        match step {
            FormStep::Stay => Nav::Stay,
            FormStep::Theme(d) => {
                let all = ThemeName::ALL;
                let now = all.iter().position(|t| *t == ctx.theme.name).unwrap_or(0);
                let next = (now as i32 + i32::from(d)).rem_euclid(all.len() as i32);
                Nav::Theme(all[next as usize])
            }
            FormStep::Start => {
                let form = form.clone();
                self.start_game(&form, ctx)
            }
            FormStep::Back => {
                self.page = Page::Variants(VariantPicker::new(form.variant));
                Nav::Stay
            }
        }
    }

    fn browse_step(&mut self, step: BrowseStep, ctx: &mut Ctx) -> Nav {
        let Page::Browse(browser) = &mut self.page else {
            return Nav::Stay;
        };
        self.message = None;
        match step {
            BrowseStep::Stay => Nav::Stay,
            BrowseStep::Back => {
                // Read again: games may have been deleted or moved.
                *self = MenuState::new(ctx.settings, ctx.registry);
                Nav::Stay
            }
            BrowseStep::Open(path) => match browser.shelf {
                Shelf::Continue => self.continue_game(path, ctx),
                Shelf::Load => self.open_game(path, false, ctx),
                Shelf::Replay => self.open_game(path, true, ctx),
            },
            BrowseStep::Replay(path) => self.open_game(path, true, ctx),
            BrowseStep::Typed(text) => {
                let replay = browser.shelf == Shelf::Replay;
                match motley_disk::paths::expand_user(Path::new(&text)) {
                    Ok(path) => self.open_game(path, replay, ctx),
                    Err(e) => {
                        self.message = Some(Message::error(e.to_string()));
                        Nav::Stay
                    }
                }
            }
            BrowseStep::Delete(path) => {
                let delete = Write::Delete { path };
                ctx.requests.push(Request::Write(Box::new(delete)));
                Nav::Stay
            }
        }
    }

    /// Start the game the form describes, or say on the form why not. A
    /// game with an external engine opens once the engine has answered,
    /// started off the input path ([`Request::Seat`]).
    fn start_game(&mut self, form: &NewGameForm, ctx: &mut Ctx) -> Nav {
        let (session, choices) = match new_game_session(form, ctx.registry) {
            Ok(started) => started,
            Err(e) => {
                self.message = Some(Message::error(format!("cannot start: {e}")));
                return Nav::Stay;
            }
        };
        // Remembered for the next new game once it opens; a config file
        // that cannot be read was reported at start and is left alone.
        let remember = ctx.settings.config.as_ref().map(|path| {
            Request::Config(Box::new(ConfigWrite {
                path: path.clone(),
                change: ConfigChange::NewGame(form.choices(ctx.registry)),
            }))
        });
        if !session.has_engine() {
            ctx.requests.extend(remember);
            return Nav::Play(Box::new(PlayStart {
                choices: Some(choices),
                ..PlayStart::new(session)
            }));
        }
        let id = self.job_id();
        self.pending = Some(Pending::Seat {
            id,
            choices,
            remember,
        });
        self.message = Some(Message::info("starting the engine…"));
        ctx.requests
            .push(Request::Seat(Box::new(SeatJob { id, session })));
        Nav::Stay
    }

    /// A new game's engines answered: play it, or say why not.
    fn seated(
        &mut self,
        id: u64,
        seated: Option<(Session, Result<(), SeatError>)>,
        ctx: &mut Ctx,
    ) -> Nav {
        let (choices, remember) = match self.pending.take() {
            Some(Pending::Seat {
                id: waited,
                choices,
                remember,
            }) if waited == id => (choices, remember),
            other => {
                self.pending = other;
                return Nav::Stay;
            }
        };
        self.message = None;
        match seated {
            Some((session, Ok(()))) => {
                ctx.requests.extend(remember);
                Nav::Play(Box::new(PlayStart {
                    choices: Some(choices),
                    ..PlayStart::new(session)
                }))
            }
            Some((_, Err(e))) => {
                let e = StartError::Engine(e.error);
                self.message = Some(Message::error(format!("cannot start: {e}")));
                Nav::Stay
            }
            None => {
                self.message = Some(Message::error("cannot start: the engine's start stopped"));
                Nav::Stay
            }
        }
    }

    /// Open a file to play on (or to replay). Files with an error open in
    /// the viewer so the valid part can be seen. A game played on from a
    /// saved file gets a record of its own at its first action; the file
    /// stays as it is (and is offered when saving, after asking).
    fn open_game(&mut self, path: PathBuf, replay: bool, ctx: &mut Ctx) -> Nav {
        let open = Opening {
            replay,
            own_record: false,
            attach: Attach::SavedAt(path.clone()),
            warning: None,
        };
        self.load(path, open, ctx)
    }

    /// Read a game file off the input path ([`Request::Load`]); it opens
    /// as `open` says when read ([`MenuState::loaded`]).
    fn load(&mut self, path: PathBuf, open: Opening, ctx: &mut Ctx) -> Nav {
        let id = self.job_id();
        let shown = motley_rules::core::quote::path(&path);
        self.message = Some(Message::info(format!("reading {shown}…")));
        ctx.requests.push(Request::Load(Box::new(LoadJob {
            id,
            path: path.clone(),
            registry: ctx.registry.clone(),
        })));
        self.pending = Some(Pending::Load { id, path, open });
        Nav::Stay
    }

    /// A file the menu asked for was read: open it as it was to open.
    fn loaded(&mut self, id: u64, loaded: Option<Result<LoadedGame, LoadError>>) -> Nav {
        let (path, open) = match self.pending.take() {
            Some(Pending::Load {
                id: waited,
                path,
                open,
            }) if waited == id => (path, open),
            other => {
                self.pending = other;
                return Nav::Stay;
            }
        };
        self.message = None;
        match loaded {
            Some(Ok(loaded)) => self.open_loaded(loaded, path, open),
            Some(Err(e)) => {
                self.message = Some(Message::error(e.to_string()));
                Nav::Stay
            }
            None => {
                let shown = motley_rules::core::quote::path(&path);
                self.message = Some(Message::error(format!("{shown}: the reading stopped")));
                Nav::Stay
            }
        }
    }

    /// Open a game read from `path`: in the viewer when asked or when the
    /// file has an error, otherwise to play on, kept where `open` says.
    /// Only this Motley's own records of games in progress may seat an
    /// engine.
    fn open_loaded(&mut self, loaded: LoadedGame, path: PathBuf, open: Opening) -> Nav {
        let Opening {
            replay,
            own_record,
            attach,
            warning,
        } = open;
        // A file of several games opens in the viewer, which lists them:
        // playing on the first one unasked would hide the others.
        let several = !replay && loaded.more_games;
        if replay || several || loaded.error.is_some() {
            return Nav::Replay(Box::new(ReplayStart::loaded(loaded, path)));
        }
        let (players, left_out) = seat_players(loaded.players.as_ref(), own_record);
        // A side an engine is not seated for keeps no engine's name.
        let names = loaded.names.as_ref().map_or([None, None], |n| {
            [(Color::White, &n.white), (Color::Black, &n.black)]
                .map(|(side, name)| (!left_out.contains(&side)).then_some(name.as_str()))
        });
        let session = Session::new(loaded.game, players)
            .with_names(names)
            .with_hints(loaded.hints)
            .with_movetime(loaded.movetime_ms);
        let left_out = match left_out.as_slice() {
            [] => None,
            [side] => Some(session.side_name(*side)),
            _ => Some("Each side"),
        };
        let session = match attach {
            Attach::SavedAt(file) => session.saved_at(file),
            Attach::Continue(game) => session.continued(game),
        };
        let mut start = PlayStart::new(session);
        if let Some(who) = left_out {
            start.message = Some(Message::info(format!(
                "{who} was an engine in the file: a file never starts a program, so a person \
                 plays it here (choose an engine in a new game)"
            )));
        } else if !loaded.notes.is_empty() {
            start.message = Some(Message::info(loaded.notes.join("; ")));
        }
        if let Some(warning) = warning {
            start.message = Some(Message::error(warning));
        }
        Nav::Play(Box::new(start))
    }

    /// Play on a game in progress, in its own record, which is locked for
    /// as long as it is open here; a game another Motley has open is
    /// offered for replay instead.
    fn continue_game(&mut self, path: PathBuf, ctx: &mut Ctx) -> Nav {
        let open = match OpenGame::open(&path) {
            Ok(open) => open,
            Err(e) => {
                if let (Page::Browse(b), RecordErrorKind::Locked) = (&mut self.page, &*e.kind) {
                    b.say_locked(path);
                    return Nav::Stay;
                }
                // No lock to be had (a read-only games folder): play on
                // from the file as from a saved one, saying why.
                let open = Opening {
                    replay: false,
                    own_record: false,
                    attach: Attach::SavedAt(path.clone()),
                    warning: Some(format!(
                        "played on as a copy: the game's lock could not be taken: {e}"
                    )),
                };
                return self.load(path, open, ctx);
            }
        };
        let open = Opening {
            replay: false,
            own_record: true,
            attach: Attach::Continue(open),
            warning: None,
        };
        self.load(path, open, ctx)
    }

    /// The screen's widget.
    pub fn page<'a>(&'a self, registry: &'a Registry, theme: &'a Theme) -> MenuPage<'a> {
        MenuPage {
            menu: self,
            registry,
            theme,
        }
    }
}

/// Why the game a new-game form describes cannot start.
#[derive(Debug, thiserror::Error)]
enum StartError {
    #[error("no such variant")]
    /// The form names no variant.
    NoVariant,
    #[error(transparent)]
    /// The form's choices do not make a game.
    Form(#[from] FormError),
    #[error(transparent)]
    /// The start position is not valid.
    Position(#[from] motley_game::variant::VariantError),
    #[error(transparent)]
    /// An engine cannot start or cannot play the variant.
    Engine(motley_session::PlayerError),
}

/// The game a new-game form describes, with the settings it is played
/// with. External engines are started (and asked for the variant) now,
/// so one that cannot play it is refused before the board opens.
fn new_game_session(
    form: &NewGameForm,
    registry: &Registry,
) -> Result<(Session, PlayChoices), StartError> {
    let variant = registry
        .all()
        .get(form.variant)
        .cloned()
        .ok_or(StartError::NoVariant)?;
    let setup = form.setup(registry)?;
    let seed = setup.seed.unwrap_or_else(Game::clock_seed);
    let (variant, fen) = registry.game_start(variant, setup.fen.clone(), setup.chess960, seed)?;
    let game = Game::new(variant, fen.as_deref(), seed)?;
    let names = setup.names.each_ref().map(|n| Some(n.as_str()));
    let mut session = Session::new(game, setup.players.clone()).with_names(names);
    if let Some(tc) = setup.clock {
        session = session.with_clock(tc);
    }
    if setup.match_games > 1 {
        session = session.in_match(setup.match_games);
    }
    session
        .start_players()
        .map_err(|e| StartError::Engine(e.error))?;
    Ok((session, setup.choices))
}

/// What the main page says of the games in progress, when there are any.
fn in_progress(settings: &Settings, registry: &Registry) -> Option<InProgress> {
    let session = &settings.session;
    let games = session
        .games_dir
        .as_deref()
        .map_or_else(Vec::new, |dir| catalog::in_progress(dir, registry));
    let newest = games
        .iter()
        .max_by_key(|e| (e.summary.when, e.summary.path.clone()))?;
    let s = &newest.summary;
    let name = registry
        .get(&s.variant)
        .map_or_else(|_| s.variant.clone(), |d| d.name.clone());
    let unit = if s.plies == 1 { "ply" } else { "plies" };
    Some(InProgress {
        count: games.len(),
        newest: format!("{name}, {} {unit}", s.plies),
    })
}

/// The menu as a widget: the page showing, and its keys at the foot.
pub struct MenuPage<'a> {
    menu: &'a MenuState,
    registry: &'a Registry,
    theme: &'a Theme,
}

impl Widget for MenuPage<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (menu, theme) = (self.menu, self.theme);
        let ctx = PageContext {
            registry: self.registry,
            message: menu.message.as_ref(),
            theme,
        };
        let footer = match &menu.page {
            Page::Main(list) => {
                let items = menu.main_items(theme);
                let in_progress = menu.in_progress.as_ref();
                let view = main_page::MainView {
                    list,
                    items: &items,
                    in_progress,
                    ctx,
                };
                view.render(area, buf);
                main_page::FOOTER
            }
            Page::Variants(picker) => {
                variants::PickerView { picker, ctx }.render(area, buf);
                variants::FOOTER
            }
            Page::NewGame(form) => {
                new_game::FormView { form, ctx }.render(area, buf);
                new_game::FOOTER
            }
            Page::Browse(browser) => {
                let above_footer = Rect::new(0, 0, area.width, area.height.saturating_sub(1));
                browser::BrowserView { browser, ctx }.render(above_footer, buf);
                browser::FOOTER
            }
        };
        let row = Rect::new(0, area.height.saturating_sub(1), area.width, 1);
        Paragraph::new(Line::styled(format!(" {footer}"), theme.dim())).render(row, buf);
    }
}

/// What deleting `path` came to, for the message line.
fn deleted(path: &Path, result: &Result<(), DeleteError>) -> Message {
    match result {
        Ok(()) => Message::info(format!("deleted {}", motley_rules::core::quote::path(path))),
        Err(e) => Message::error(format!("not deleted: {e}")),
    }
}
