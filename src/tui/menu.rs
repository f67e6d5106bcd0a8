//! The main menu: resume the autosaved game (offered first), a new game
//! (variant picker with descriptions and rules, then players, match length
//! and an optional start FEN), load or replay a saved game (file picker
//! over the saves folder plus a typed path), quit.

use super::app::{AppEvent, Ctx, Nav, Settings};
use super::play::{MatchInfo, PlayState};
use super::play_view;
use super::popup::{self, centered};
use super::replay::ReplayState;
use super::store;
use super::theme::Theme;
use crate::ai::PlayerSpec;
use crate::game::Game;
use crate::rules::Position;
use crate::variant::Registry;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};
use std::path::PathBuf;

/// Player choices on the setup page.
pub const PLAYER_CHOICES: [&str; 7] = ["human", "ai:1", "ai:2", "ai:3", "ai:4", "ai:5", "random"];

/// Main menu entries.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MainItem {
    Resume,
    NewGame,
    Load,
    Replay,
    Quit,
}

/// Game setup choices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub variant: usize,
    /// Focused row (see [`Setup::rows`]).
    pub row: usize,
    pub white: usize,
    pub black: usize,
    pub match_games: u32,
    pub fen: String,
}

/// Rows of the setup page.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SetupRow {
    White,
    Black,
    MatchGames,
    Fen,
    Start,
}

/// Which page of the menu shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Page {
    Main {
        cursor: usize,
    },
    /// The variant picker (`rules`: the full rules popup is open).
    Variants {
        cursor: usize,
        rules: Option<u16>,
    },
    Setup(Setup),
    /// The file picker; `typed` is the path entry when open.
    Load {
        replay: bool,
        files: Vec<PathBuf>,
        cursor: usize,
        typed: Option<String>,
    },
}

/// The main menu's state.
pub struct MenuState {
    pub page: Page,
    /// The autosaved unfinished game, if there is one.
    pub resume: Option<PathBuf>,
    pub message: Option<String>,
}

/// Does the variant carry something from one game of a match to the next
/// (so a match length is worth asking for)? The rules say.
fn plays_matches(registry: &Registry, idx: usize) -> bool {
    registry
        .all()
        .get(idx)
        .and_then(|v| v.position(None).ok())
        .is_some_and(|p| p.carried().is_some())
}

impl Setup {
    /// The rows shown for the chosen variant.
    pub fn rows(&self, registry: &Registry) -> Vec<SetupRow> {
        let mut v = vec![SetupRow::White, SetupRow::Black];
        if plays_matches(registry, self.variant) {
            v.push(SetupRow::MatchGames);
        }
        v.push(SetupRow::Fen);
        v.push(SetupRow::Start);
        v
    }
}

impl MenuState {
    /// The menu, offering the autosaved game when one exists.
    pub fn new(settings: &Settings, registry: &Registry) -> MenuState {
        let resume = settings.autosave.clone().filter(|p| {
            p.exists()
                && store::load_partial(p, registry)
                    .0
                    .is_some_and(|g| g.outcome().is_none())
        });
        MenuState {
            page: Page::Main { cursor: 0 },
            resume,
            message: None,
        }
    }

    /// The main menu's entries.
    pub fn main_items(&self) -> Vec<(MainItem, char, &'static str)> {
        let mut v = Vec::new();
        if self.resume.is_some() {
            v.push((MainItem::Resume, 'c', "Continue the unfinished game"));
        }
        v.push((MainItem::NewGame, 'n', "New game"));
        v.push((MainItem::Load, 'l', "Load a saved game"));
        v.push((MainItem::Replay, 'r', "Replay a saved game"));
        v.push((MainItem::Quit, 'q', "Quit"));
        v
    }

    fn main_rect(&self, size: (u16, u16)) -> Rect {
        centered(
            Rect::new(0, 0, size.0, size.1),
            44,
            self.main_items().len() as u16 + 6,
        )
    }

    /// Handle one event.
    pub fn handle(&mut self, event: AppEvent, ctx: &mut Ctx) -> Nav {
        match event {
            AppEvent::Key(k) => self.on_key(k, ctx),
            AppEvent::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                self.on_click(m.column, m.row, ctx)
            }
            _ => Nav::Stay,
        }
    }

    fn on_click(&mut self, col: u16, row: u16, ctx: &mut Ctx) -> Nav {
        let size = ctx.size;
        let enter = KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE);
        let main_rect = self.main_rect(size);
        let n_items = self.main_items().len();
        match &mut self.page {
            Page::Main { cursor } => {
                let r = main_rect;
                let first = r.y + 4;
                if col >= r.x && col < r.right() && row >= first {
                    let i = (row - first) as usize;
                    if i < n_items {
                        *cursor = i;
                        return self.on_key(enter, ctx);
                    }
                }
            }
            Page::Variants { cursor, rules } => {
                if rules.is_some() {
                    *rules = None;
                    return Nav::Stay;
                }
                let (list, _) = variant_areas(size);
                if let Some(i) = row.checked_sub(list.y + 1).map(|i| i as usize) {
                    if col >= list.x && col < list.right() && i < ctx.registry.all().len() {
                        if *cursor == i {
                            return self.on_key(enter, ctx);
                        }
                        *cursor = i;
                    }
                }
            }
            Page::Setup(s) => {
                let r = setup_rect(size);
                let rows = s.rows(ctx.registry);
                if let Some(i) = row.checked_sub(r.y + 3).map(|i| i as usize) {
                    if col >= r.x && col < r.right() && i < rows.len() {
                        s.row = i;
                        if rows[i] == SetupRow::Start {
                            return self.on_key(enter, ctx);
                        }
                        return self.on_key(KeyEvent::new(KeyCode::Right, KeyModifiers::NONE), ctx);
                    }
                }
            }
            Page::Load {
                files,
                cursor,
                typed,
                ..
            } => {
                if typed.is_some() {
                    return Nav::Stay;
                }
                let r = load_rect(size);
                if let Some(i) = row.checked_sub(r.y + 1).map(|i| i as usize) {
                    if col >= r.x && col < r.right() && i <= files.len() {
                        *cursor = i;
                        return self.on_key(enter, ctx);
                    }
                }
            }
        }
        Nav::Stay
    }

    fn on_key(&mut self, k: KeyEvent, ctx: &mut Ctx) -> Nav {
        let registry = ctx.registry;
        let n_variants = registry.all().len().max(1);
        let items = self.main_items();
        match &mut self.page {
            Page::Main { cursor } => {
                let pick = match k.code {
                    KeyCode::Up | KeyCode::Char('k') => {
                        *cursor = (*cursor + items.len() - 1) % items.len();
                        None
                    }
                    KeyCode::Down | KeyCode::Char('j') => {
                        *cursor = (*cursor + 1) % items.len();
                        None
                    }
                    KeyCode::Enter | KeyCode::Char(' ') => items.get(*cursor).map(|i| i.0),
                    KeyCode::Esc => Some(MainItem::Quit),
                    KeyCode::Char(c) => items.iter().find(|i| i.1 == c).map(|i| i.0),
                    _ => None,
                };
                match pick {
                    None => Nav::Stay,
                    Some(MainItem::Quit) => Nav::Quit,
                    Some(MainItem::NewGame) => {
                        self.message = None;
                        self.page = Page::Variants {
                            cursor: 0,
                            rules: None,
                        };
                        Nav::Stay
                    }
                    Some(MainItem::Load) | Some(MainItem::Replay) => {
                        let replay = pick == Some(MainItem::Replay);
                        let files = ctx
                            .settings
                            .saves_dir
                            .as_ref()
                            .map(|d| store::list_saves(d))
                            .unwrap_or_default();
                        self.message = None;
                        self.page = Page::Load {
                            replay,
                            files,
                            cursor: 0,
                            typed: None,
                        };
                        Nav::Stay
                    }
                    Some(MainItem::Resume) => {
                        let Some(path) = self.resume.clone() else {
                            return Nav::Stay;
                        };
                        self.open_game(path, false, ctx, false)
                    }
                }
            }
            Page::Variants { cursor, rules } => {
                if let Some(scroll) = rules {
                    match k.code {
                        KeyCode::Up | KeyCode::Char('k') => *scroll = scroll.saturating_sub(1),
                        KeyCode::Down | KeyCode::Char('j') => *scroll = scroll.saturating_add(1),
                        _ => *rules = None,
                    }
                    return Nav::Stay;
                }
                match k.code {
                    KeyCode::Up | KeyCode::Char('k') => {
                        *cursor = (*cursor + n_variants - 1) % n_variants
                    }
                    KeyCode::Down | KeyCode::Char('j') => *cursor = (*cursor + 1) % n_variants,
                    KeyCode::Char('i') | KeyCode::Char('?') => *rules = Some(0),
                    KeyCode::Enter | KeyCode::Char(' ') => {
                        let v = *cursor;
                        self.page = Page::Setup(Setup {
                            variant: v,
                            row: 0,
                            white: 0,
                            black: 0,
                            match_games: 1,
                            fen: String::new(),
                        });
                    }
                    KeyCode::Esc | KeyCode::Char('q') => self.page = Page::Main { cursor: 0 },
                    _ => {}
                }
                Nav::Stay
            }
            Page::Setup(s) => {
                let rows = s.rows(registry);
                s.row = s.row.min(rows.len() - 1);
                let row = rows[s.row];
                let cycle = |v: &mut usize, d: i32| {
                    let n = PLAYER_CHOICES.len() as i32;
                    *v = ((*v as i32 + d).rem_euclid(n)) as usize;
                };
                match (k.code, row) {
                    (KeyCode::Up, _) => s.row = (s.row + rows.len() - 1) % rows.len(),
                    (KeyCode::Down, _) | (KeyCode::Tab, _) => s.row = (s.row + 1) % rows.len(),
                    (KeyCode::Left, SetupRow::White) => cycle(&mut s.white, -1),
                    (KeyCode::Right, SetupRow::White) => cycle(&mut s.white, 1),
                    (KeyCode::Left, SetupRow::Black) => cycle(&mut s.black, -1),
                    (KeyCode::Right, SetupRow::Black) => cycle(&mut s.black, 1),
                    (KeyCode::Left, SetupRow::MatchGames) => {
                        s.match_games = s.match_games.saturating_sub(1).max(1)
                    }
                    (KeyCode::Right, SetupRow::MatchGames) => {
                        s.match_games = (s.match_games + 1).min(99)
                    }
                    (KeyCode::Char(c), SetupRow::Fen) => s.fen.push(c),
                    (KeyCode::Backspace, SetupRow::Fen) => {
                        s.fen.pop();
                    }
                    (KeyCode::Esc, _) => {
                        let v = s.variant;
                        self.page = Page::Variants {
                            cursor: v,
                            rules: None,
                        };
                    }
                    (KeyCode::Enter, _) => return self.start_game(ctx),
                    (KeyCode::Char('q'), _) => {
                        let v = s.variant;
                        self.page = Page::Variants {
                            cursor: v,
                            rules: None,
                        };
                    }
                    _ => {}
                }
                Nav::Stay
            }
            Page::Load {
                replay,
                files,
                cursor,
                typed,
            } => {
                let replay = *replay;
                if let Some(text) = typed {
                    match k.code {
                        KeyCode::Esc => *typed = None,
                        KeyCode::Enter => {
                            let path = PathBuf::from(text.trim());
                            *typed = None;
                            return self.open_game(path, replay, ctx, true);
                        }
                        KeyCode::Backspace => {
                            text.pop();
                        }
                        KeyCode::Char(c) => text.push(c),
                        _ => {}
                    }
                    return Nav::Stay;
                }
                let n = files.len() + 1;
                match k.code {
                    KeyCode::Up | KeyCode::Char('k') => *cursor = (*cursor + n - 1) % n,
                    KeyCode::Down | KeyCode::Char('j') => *cursor = (*cursor + 1) % n,
                    KeyCode::Char('t') => *typed = Some(String::new()),
                    KeyCode::Enter => {
                        if *cursor < files.len() {
                            let path = files[*cursor].clone();
                            return self.open_game(path, replay, ctx, true);
                        }
                        *typed = Some(String::new());
                    }
                    KeyCode::Esc | KeyCode::Char('q') => self.page = Page::Main { cursor: 0 },
                    _ => {}
                }
                Nav::Stay
            }
        }
    }

    fn start_game(&mut self, ctx: &mut Ctx) -> Nav {
        let Page::Setup(s) = &self.page else {
            return Nav::Stay;
        };
        let Some(variant) = ctx.registry.all().get(s.variant).cloned() else {
            return Nav::Stay;
        };
        let fen = s.fen.trim();
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(1);
        let game = match Game::new(variant, (!fen.is_empty()).then_some(fen), seed) {
            Ok(g) => g,
            Err(e) => {
                self.message = Some(format!("cannot start: {e}"));
                return Nav::Stay;
            }
        };
        let spec = |i: usize| PLAYER_CHOICES[i].parse().unwrap_or(PlayerSpec::Human);
        let mut p = PlayState::new(game, [spec(s.white), spec(s.black)]);
        if s.match_games > 1 && plays_matches(ctx.registry, s.variant) {
            p.match_info = Some(MatchInfo {
                games: s.match_games,
                played: 0,
                points: [0.0, 0.0],
                swapped: false,
            });
        }
        Nav::Play(Box::new(p))
    }

    /// Open a file to play on (or to replay). Files with an error open in
    /// the viewer so the valid part can be seen.
    fn open_game(&mut self, path: PathBuf, replay: bool, ctx: &mut Ctx, keep_path: bool) -> Nav {
        let (game, error) = store::load_partial(&path, ctx.registry);
        let Some(game) = game else {
            self.message =
                Some(error.unwrap_or_else(|| format!("{} holds no game", path.display())));
            return Nav::Stay;
        };
        if replay || error.is_some() {
            return Nav::Replay(Box::new(ReplayState::new(game, Some(path), error)));
        }
        let players = store::read_players(&path, ctx.registry)
            .unwrap_or([PlayerSpec::Human, PlayerSpec::Human]);
        let mut p = PlayState::new(game, players);
        if keep_path {
            p.save_path = Some(path);
        }
        Nav::Play(Box::new(p))
    }

    /// Draw the menu.
    pub fn draw(&self, size: (u16, u16), registry: &Registry, theme: &Theme, buf: &mut Buffer) {
        let area = Rect::new(0, 0, size.0, size.1);
        let footer = Rect::new(0, area.height.saturating_sub(1), area.width, 1);
        match &self.page {
            Page::Main { cursor } => {
                let r = self.main_rect(size);
                let mut lines = vec![
                    Line::styled("rare chess variants in the terminal", theme.dim()),
                    Line::raw(""),
                ];
                if let Some(p) = &self.resume {
                    let what = store::load_partial(p, registry)
                        .0
                        .map(|g| {
                            let n = g.ply();
                            let unit = if n == 1 { "ply" } else { "plies" };
                            format!("{}, {n} {unit}", g.variant().name)
                        })
                        .unwrap_or_default();
                    lines[1] = Line::styled(format!("unfinished: {what}"), theme.good());
                }
                for (i, (_, key, label)) in self.main_items().iter().enumerate() {
                    let st = if i == *cursor {
                        theme.selected_row()
                    } else {
                        Style::default()
                    };
                    lines.push(Line::from(vec![
                        Span::styled(format!(" {key} "), theme.key().patch(st)),
                        Span::styled(format!(" {label:<36}"), st),
                    ]));
                }
                Paragraph::new(lines)
                    .block(
                        Block::default()
                            .borders(Borders::ALL)
                            .title(Span::styled(" Motley ", theme.title())),
                    )
                    .render(r, buf);
                footer_line(
                    buf,
                    footer,
                    "↑/↓ choose · Enter or the letter opens · click works too · q quits",
                    theme,
                );
            }
            Page::Variants { cursor, rules } => {
                let (list, desc) = variant_areas(size);
                let lines: Vec<Line> = registry
                    .all()
                    .iter()
                    .enumerate()
                    .map(|(i, v)| {
                        let st = if i == *cursor {
                            theme.selected_row()
                        } else {
                            Style::default()
                        };
                        Line::styled(format!(" {:<34}", v.name), st)
                    })
                    .collect();
                Paragraph::new(lines)
                    .block(
                        Block::default()
                            .borders(Borders::ALL)
                            .title(Span::styled(" Choose a variant ", theme.title())),
                    )
                    .render(list, buf);
                if let Some(v) = registry.all().get(*cursor) {
                    let mut d = vec![
                        Line::styled(v.name.clone(), theme.title()),
                        Line::raw(v.summary.clone()),
                        Line::raw(""),
                    ];
                    if !v.inventor.is_empty() {
                        d.push(Line::styled(
                            format!(
                                "by {}{}",
                                v.inventor,
                                v.year.map(|y| format!(", {y}")).unwrap_or_default()
                            ),
                            theme.dim(),
                        ));
                    }
                    d.push(Line::styled(format!("id: {}", v.id), theme.dim()));
                    Paragraph::new(d)
                        .wrap(Wrap { trim: true })
                        .block(Block::default().borders(Borders::ALL))
                        .render(desc, buf);
                    if let Some(scroll) = rules {
                        popup::render_text(
                            area,
                            buf,
                            theme,
                            &v.name,
                            play_view::rules_lines(v),
                            *scroll,
                        );
                    }
                }
                footer_line(
                    buf,
                    footer,
                    "↑/↓ choose · Enter picks · i full rules · Esc back",
                    theme,
                );
            }
            Page::Setup(s) => {
                let r = setup_rect(size);
                let name = registry
                    .all()
                    .get(s.variant)
                    .map(|v| v.name.clone())
                    .unwrap_or_default();
                let mut lines = vec![Line::styled(name, theme.title()), Line::raw("")];
                for (i, row) in s.rows(registry).iter().enumerate() {
                    let st = if i == s.row {
                        theme.selected_row()
                    } else {
                        Style::default()
                    };
                    let text = match row {
                        SetupRow::White => format!("White        ◂ {} ▸", PLAYER_CHOICES[s.white]),
                        SetupRow::Black => format!("Black        ◂ {} ▸", PLAYER_CHOICES[s.black]),
                        SetupRow::MatchGames => format!("Match games  ◂ {} ▸", s.match_games),
                        SetupRow::Fen => format!(
                            "Start FEN    {}",
                            if s.fen.is_empty() && i != s.row {
                                "(the variant's start)".to_string()
                            } else {
                                format!("{}▏", s.fen)
                            }
                        ),
                        SetupRow::Start => "[ Start the game ]".to_string(),
                    };
                    lines.push(Line::styled(format!(" {text}"), st));
                }
                if let Some(m) = &self.message {
                    lines.push(Line::raw(""));
                    lines.push(Line::styled(m.clone(), theme.error()));
                }
                Paragraph::new(lines)
                    .wrap(Wrap { trim: false })
                    .block(
                        Block::default()
                            .borders(Borders::ALL)
                            .title(Span::styled(" New game ", theme.title())),
                    )
                    .render(r, buf);
                footer_line(
                    buf,
                    footer,
                    "↑/↓ row · ←/→ change · type the FEN on its row · Enter starts · Esc back",
                    theme,
                );
            }
            Page::Load {
                replay,
                files,
                cursor,
                typed,
            } => {
                let r = load_rect(size);
                let mut lines: Vec<Line> = files
                    .iter()
                    .enumerate()
                    .map(|(i, f)| {
                        let st = if i == *cursor {
                            theme.selected_row()
                        } else {
                            Style::default()
                        };
                        let name = f
                            .file_name()
                            .map(|n| n.to_string_lossy().to_string())
                            .unwrap_or_default();
                        Line::styled(format!(" {name}"), st)
                    })
                    .collect();
                let st = if *cursor == files.len() {
                    theme.selected_row()
                } else {
                    Style::default()
                };
                lines.push(Line::styled(" t  type a path…", st));
                if files.is_empty() {
                    lines.push(Line::styled(
                        " (no saved games in the saves folder yet)",
                        theme.dim(),
                    ));
                }
                if let Some(m) = &self.message {
                    lines.push(Line::raw(""));
                    lines.push(Line::styled(m.clone(), theme.error()));
                }
                Paragraph::new(lines)
                    .wrap(Wrap { trim: false })
                    .block(Block::default().borders(Borders::ALL).title(Span::styled(
                        if *replay {
                            " Replay a saved game "
                        } else {
                            " Load a saved game "
                        },
                        theme.title(),
                    )))
                    .render(r, buf);
                footer_line(
                    buf,
                    footer,
                    "↑/↓ choose · Enter opens · t type a path · Esc back",
                    theme,
                );
                if let Some(text) = typed {
                    popup::render_input(
                        area,
                        buf,
                        theme,
                        "Path of a saved game",
                        "Enter opens · Esc cancels",
                        text,
                    );
                }
            }
        }
    }
}

fn footer_line(buf: &mut Buffer, area: Rect, text: &str, theme: &Theme) {
    Paragraph::new(Line::styled(format!(" {text}"), theme.dim())).render(area, buf);
}

/// The variant list and the description box.
fn variant_areas(size: (u16, u16)) -> (Rect, Rect) {
    let h = size.1.saturating_sub(2);
    let list = Rect::new(1, 1, 38.min(size.0 / 2), h);
    let desc = Rect::new(
        list.right() + 1,
        1,
        size.0.saturating_sub(list.right() + 2),
        h,
    );
    (list, desc)
}

fn setup_rect(size: (u16, u16)) -> Rect {
    centered(Rect::new(0, 0, size.0, size.1), 70, 14)
}

fn load_rect(size: (u16, u16)) -> Rect {
    let area = Rect::new(0, 0, size.0, size.1.saturating_sub(1));
    centered(area, 70, area.height.saturating_sub(2))
}
