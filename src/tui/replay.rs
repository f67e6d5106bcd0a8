//! The replay viewer: step through a saved game with the play screen's
//! board and panels, jump to a ply, autoplay, and branch a new game from any
//! ply (saved as a new file; the original is never written).

use super::app::{AppEvent, Ctx, Nav, Settings};
use super::board::BoardView;
use super::panels;
use super::play::{Message, PlayState};
use super::play_view;
use super::popup;
use super::store;
use super::theme::Theme;
use crate::ai::PlayerSpec;
use crate::game::Game;
use crate::rules::Position;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};
use std::path::PathBuf;
use std::time::Duration;

/// Autoplay speeds, milliseconds per ply.
const SPEEDS: [u64; 6] = [3000, 2000, 1000, 500, 250, 100];

/// The viewer's popups.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayPopup {
    Help {
        scroll: u16,
    },
    Rules {
        scroll: u16,
    },
    /// Typing a ply number.
    Jump {
        text: String,
    },
}

/// A game being replayed.
pub struct ReplayState {
    /// The game as far as the file is valid.
    pub game: Game,
    /// Plies shown (0 = start).
    pub ply: usize,
    pub path: Option<PathBuf>,
    /// What was wrong with the file, in words.
    pub error: Option<String>,
    /// Autoplay on.
    pub autoplay: bool,
    /// Index into the speed table.
    pub speed: usize,
    pub flipped: bool,
    pub popup: Option<ReplayPopup>,
    pub message: Option<Message>,
}

/// Keys of the viewer, for the help popup.
pub const REPLAY_KEYS: &[(&str, &str)] = &[
    ("← / h,  → / l", "one ply back / forward"),
    ("Home / End", "the start / the end"),
    ("g", "go to a ply by number"),
    ("a / Space", "autoplay on or off"),
    ("+ / -", "autoplay faster / slower"),
    (
        "b",
        "branch: play on from this ply as a new game (saved as a new file)",
    ),
    ("f", "flip the board"),
    ("i", "the rules of this variant"),
    ("?", "this help"),
    ("q / Esc", "leave the viewer"),
];

impl ReplayState {
    /// A viewer at the start of `game`.
    pub fn new(game: Game, path: Option<PathBuf>, error: Option<String>) -> ReplayState {
        ReplayState {
            game,
            ply: 0,
            path,
            error,
            autoplay: false,
            speed: 2,
            flipped: false,
            popup: None,
            message: None,
        }
    }

    /// Open a file: the game as far as it is valid, with its error.
    pub fn open(path: PathBuf, registry: &crate::variant::Registry) -> Result<ReplayState, String> {
        let (game, error) = store::load_partial(&path, registry);
        match game {
            Some(g) => Ok(ReplayState::new(g, Some(path), error)),
            None => Err(error.unwrap_or_else(|| format!("{} holds no game", path.display()))),
        }
    }

    /// Plies in the game.
    pub fn len(&self) -> usize {
        self.game.ply()
    }

    /// The game has no actions.
    pub fn is_empty(&self) -> bool {
        self.game.ply() == 0
    }

    /// The period of the autoplay timer, when on.
    pub fn autoplay_interval(&self) -> Option<Duration> {
        self.autoplay
            .then(|| Duration::from_millis(SPEEDS[self.speed.min(SPEEDS.len() - 1)]))
    }

    fn hints(&self) -> Vec<(KeyCode, &'static str, &'static str)> {
        vec![
            (KeyCode::Left, "←", "back"),
            (KeyCode::Right, "→", "forward"),
            (KeyCode::Home, "Home", "start"),
            (KeyCode::End, "End", "end"),
            (KeyCode::Char('g'), "g", "go to"),
            (
                KeyCode::Char('a'),
                "a",
                if self.autoplay { "stop" } else { "autoplay" },
            ),
            (KeyCode::Char('b'), "b", "branch"),
            (KeyCode::Char('?'), "?", "help"),
            (KeyCode::Char('q'), "q", "quit"),
            (KeyCode::Char('+'), "+", "faster"),
            (KeyCode::Char('-'), "-", "slower"),
            (KeyCode::Char('f'), "f", "flip"),
        ]
    }

    fn layout(&self, size: (u16, u16)) -> play_view::PlayLayout {
        play_view::split(
            size,
            self.flipped,
            panels::centerline(self.game.position()),
            &self.hints(),
        )
    }

    /// Handle one event.
    pub fn handle(&mut self, event: AppEvent, ctx: &mut Ctx) -> Nav {
        match event {
            AppEvent::Tick => {
                if self.autoplay {
                    if self.ply < self.len() {
                        self.ply += 1;
                    }
                    if self.ply >= self.len() {
                        self.autoplay = false;
                    }
                }
                Nav::Stay
            }
            AppEvent::Key(k) => self.on_key(k, ctx),
            AppEvent::Mouse(m) => {
                if m.kind != MouseEventKind::Down(MouseButton::Left) {
                    return Nav::Stay;
                }
                if self.popup.is_some() {
                    if !matches!(self.popup, Some(ReplayPopup::Jump { .. })) {
                        self.popup = None;
                    }
                    return Nav::Stay;
                }
                let lay = self.layout(ctx.size);
                // A click on a move in the list goes to that ply.
                let (_, _, list_rect) = play_view::side_parts(
                    lay.side,
                    &self.game,
                    self.ply,
                    self.status_lines(ctx.theme),
                    None,
                    ctx.theme,
                );
                let (_, hits) =
                    play_view::move_list_view(&self.game, list_rect, Some(self.ply), 0, ctx.theme);
                if let Some((.., ply)) = hits
                    .iter()
                    .find(|(x0, x1, y, _)| m.row == *y && m.column >= *x0 && m.column < *x1)
                {
                    self.autoplay = false;
                    self.ply = *ply;
                    return Nav::Stay;
                }
                let hit = lay
                    .buttons
                    .iter()
                    .find(|(r, _)| r.contains((m.column, m.row).into()))
                    .map(|(_, c)| *c);
                match hit {
                    Some(code) => self.on_key(KeyEvent::new(code, KeyModifiers::NONE), ctx),
                    None => Nav::Stay,
                }
            }
            AppEvent::Resize(..) | AppEvent::Thought { .. } => Nav::Stay,
        }
    }

    fn on_key(&mut self, k: KeyEvent, ctx: &mut Ctx) -> Nav {
        if let Some(p) = self.popup.take() {
            match p {
                ReplayPopup::Help { scroll } | ReplayPopup::Rules { scroll } => {
                    let help = matches!(p, ReplayPopup::Help { .. });
                    let s = match k.code {
                        KeyCode::Up | KeyCode::Char('k') => scroll.saturating_sub(1),
                        KeyCode::Down | KeyCode::Char('j') => scroll.saturating_add(1),
                        _ => return Nav::Stay,
                    };
                    self.popup = Some(if help {
                        ReplayPopup::Help { scroll: s }
                    } else {
                        ReplayPopup::Rules { scroll: s }
                    });
                }
                ReplayPopup::Jump { mut text } => match k.code {
                    KeyCode::Esc => {}
                    KeyCode::Enter => match text.trim().parse::<usize>() {
                        Ok(n) if n <= self.len() => {
                            self.ply = n;
                            self.message = None;
                        }
                        _ => {
                            self.message = Some(Message {
                                text: format!(
                                    "'{}' is not a ply: type 0 to {}",
                                    text.trim(),
                                    self.len()
                                ),
                                error: true,
                            })
                        }
                    },
                    KeyCode::Backspace => {
                        text.pop();
                        self.popup = Some(ReplayPopup::Jump { text });
                    }
                    KeyCode::Char(c) if c.is_ascii_digit() && text.len() < 6 => {
                        text.push(c);
                        self.popup = Some(ReplayPopup::Jump { text });
                    }
                    _ => self.popup = Some(ReplayPopup::Jump { text }),
                },
            }
            return Nav::Stay;
        }
        match k.code {
            KeyCode::Left | KeyCode::Char('h') => {
                self.autoplay = false;
                self.ply = self.ply.saturating_sub(1);
            }
            KeyCode::Right | KeyCode::Char('l') => {
                self.autoplay = false;
                if self.ply < self.len() {
                    self.ply += 1;
                }
            }
            KeyCode::Home => {
                self.autoplay = false;
                self.ply = 0;
            }
            KeyCode::End => {
                self.autoplay = false;
                self.ply = self.len();
            }
            KeyCode::Char('g') => {
                self.popup = Some(ReplayPopup::Jump {
                    text: String::new(),
                })
            }
            KeyCode::Char('a') | KeyCode::Char(' ') => {
                self.autoplay = !self.autoplay;
                if self.autoplay && self.ply >= self.len() {
                    self.ply = 0;
                }
            }
            KeyCode::Char('+') | KeyCode::Char('=') => {
                self.speed = (self.speed + 1).min(SPEEDS.len() - 1)
            }
            KeyCode::Char('-') => self.speed = self.speed.saturating_sub(1),
            KeyCode::Char('f') => self.flipped = !self.flipped,
            KeyCode::Char('?') => self.popup = Some(ReplayPopup::Help { scroll: 0 }),
            KeyCode::Char('i') => self.popup = Some(ReplayPopup::Rules { scroll: 0 }),
            KeyCode::Char('b') => return self.branch(ctx.settings),
            KeyCode::Char('q') | KeyCode::Esc => return Nav::Leave,
            KeyCode::Char(c) => {
                self.message = Some(Message {
                    text: format!("'{c}' is not a key here; press ? for the list of keys"),
                    error: true,
                })
            }
            _ => {}
        }
        Nav::Stay
    }

    /// A new game from the current ply, saved as a new file.
    fn branch(&mut self, settings: &Settings) -> Nav {
        let mut g = self.game.clone();
        g.truncate(self.ply);
        let mut p = PlayState::new(g, [PlayerSpec::Human, PlayerSpec::Human]);
        let dir = settings.saves_dir.clone().or_else(|| {
            self.path
                .as_ref()
                .and_then(|p| p.parent().map(|d| d.to_path_buf()))
        });
        match dir {
            Some(d) => {
                let stem = format!("{}-branch-ply{}", self.game.variant().id, self.ply);
                let path = store::fresh_path(&d, &stem);
                p.save_to(path);
            }
            None => {
                p.message = Some(Message {
                    text: "branched (not saved yet: press s to save)".to_string(),
                    error: false,
                })
            }
        }
        Nav::Play(Box::new(p))
    }

    /// The status lines above the family panel.
    fn status_lines(&self, theme: &Theme) -> Vec<Line<'static>> {
        let game = &self.game;
        let Some(pos) = game.position_at(self.ply) else {
            return Vec::new();
        };
        let mut status = vec![Line::styled(
            format!("Ply {} of {}", self.ply, self.len()),
            theme.title(),
        )];
        if self.ply == self.len() {
            if let Some(o) = game.outcome() {
                status.push(Line::styled(
                    format!("{} {}", o.result_str(), panels::describe_outcome(pos, &o)),
                    theme.title(),
                ));
            } else {
                status.push(Line::raw(format!(
                    "{} to move (game unfinished)",
                    panels::side_name(pos, pos.turn())
                )));
            }
        } else {
            status.push(Line::raw(format!(
                "{} to move",
                panels::side_name(pos, pos.turn())
            )));
        }
        if pos.in_check(pos.turn()) {
            status.push(Line::styled("Check!", theme.error()));
        }
        if let Some(e) = &self.error {
            status.push(Line::styled(
                format!("Problem in the file: {e}"),
                theme.error(),
            ));
            status.push(Line::styled("Shown up to the bad ply.", theme.dim()));
        }
        if self.autoplay {
            status.push(Line::styled(
                format!(
                    "Autoplay: {} ms per ply",
                    SPEEDS[self.speed.min(SPEEDS.len() - 1)]
                ),
                theme.good(),
            ));
        }
        status
    }

    /// Draw the viewer.
    pub fn draw(&self, size: (u16, u16), settings: &Settings, theme: &Theme, buf: &mut Buffer) {
        let _ = settings;
        let lay = self.layout(size);
        let game = &self.game;
        let Some(pos) = game.position_at(self.ply) else {
            return;
        };
        let name = self
            .path
            .as_ref()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        Paragraph::new(Line::from(vec![
            Span::styled(" Motley replay ", theme.title()),
            Span::raw(format!("· {} · {name}", game.variant().name)),
        ]))
        .render(lay.title, buf);
        if let Some(geom) = lay.board {
            let last = self.ply.checked_sub(1).and_then(|i| game.actions().get(i));
            let marks = panels::position_marks(pos, last);
            let look = panels::piece_look(pos);
            BoardView {
                board: pos.board(),
                geom,
                marks: &marks,
                look: &look,
                theme,
            }
            .render(Rect::new(geom.x, geom.y, geom.width(), geom.height()), buf);
        }
        let status = self.status_lines(theme);
        play_view::draw_side(
            buf,
            lay.side,
            game,
            self.ply,
            status,
            Some(self.ply),
            0,
            None,
            theme,
        );
        if let Some(m) = &self.message {
            Paragraph::new(Line::styled(
                format!(" {}", m.text),
                if m.error { theme.error() } else { theme.good() },
            ))
            .render(lay.message, buf);
        }
        play_view::draw_hints(buf, lay.hints, &self.hints(), theme);
        let area = Rect::new(0, 0, size.0, size.1);
        match &self.popup {
            None => {}
            Some(ReplayPopup::Help { scroll }) => popup::render_text(
                area,
                buf,
                theme,
                "Replay keys",
                play_view::key_lines(REPLAY_KEYS, theme),
                *scroll,
            ),
            Some(ReplayPopup::Rules { scroll }) => popup::render_text(
                area,
                buf,
                theme,
                &game.variant().name,
                play_view::rules_lines(game.variant()),
                *scroll,
            ),
            Some(ReplayPopup::Jump { text }) => popup::render_input(
                area,
                buf,
                theme,
                "Go to ply",
                &format!("0 to {} · Enter goes · Esc cancels", self.len()),
                text,
            ),
        }
    }
}
