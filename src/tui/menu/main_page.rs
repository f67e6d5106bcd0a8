//! The menu's first page: continue a game in progress, start one, load or
//! replay a saved one, edit a position, the theme, quit.

use super::page::PageContext;
use crate::tui::popup::{centered, row_style, titled_block};
use crate::tui::theme::ThemeName;
use crossterm::event::KeyCode;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

/// The keys, at the foot of the screen.
pub const FOOTER: &str = "↑/↓ choose · Enter or the letter opens · click works too · q quits";

/// Main menu entries.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MainItem {
    Resume,
    NewGame,
    Load,
    Replay,
    /// Set up a position in the editor (after choosing the variant).
    Edit,
    /// Switch to the next theme (kept in the config file).
    Theme,
    Quit,
}

/// The entries (with their keys and labels); Continue only when a game
/// is in progress. The theme entry names the theme in use.
pub fn items(in_progress: bool, theme: ThemeName) -> Vec<(MainItem, char, &'static str)> {
    let mut v = Vec::new();
    if in_progress {
        v.push((MainItem::Resume, 'c', "Continue a game"));
    }
    v.push((MainItem::NewGame, 'n', "New game"));
    v.push((MainItem::Load, 'l', "Load a saved game"));
    v.push((MainItem::Replay, 'r', "Replay a saved game"));
    v.push((MainItem::Edit, 'e', "Edit a position"));
    let theme_label = match theme {
        ThemeName::Default => "Theme: default",
        ThemeName::HighContrast => "Theme: high-contrast",
        ThemeName::ColourBlind => "Theme: colour-blind",
        ThemeName::Mono => "Theme: mono",
    };
    v.push((MainItem::Theme, 't', theme_label));
    v.push((MainItem::Quit, 'q', "Quit"));
    v
}

/// The main page's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MainList {
    pub cursor: usize,
}

impl MainList {
    /// Its box on a screen of `size`, for `n` entries.
    pub fn rect(size: (u16, u16), n: usize) -> Rect {
        centered(Rect::new(0, 0, size.0, size.1), 44, n as u16 + 6)
    }

    /// The entry a key picks, if any (arrows only move the cursor).
    pub fn key(&mut self, code: KeyCode, items: &[(MainItem, char, &str)]) -> Option<MainItem> {
        let n = items.len();
        match code {
            KeyCode::Up | KeyCode::Char('k') => self.cursor = (self.cursor + n - 1) % n,
            KeyCode::Down | KeyCode::Char('j') => self.cursor = (self.cursor + 1) % n,
            KeyCode::Enter | KeyCode::Char(' ') => return items.get(self.cursor).map(|i| i.0),
            KeyCode::Esc => return Some(MainItem::Quit),
            KeyCode::Char(c) => return items.iter().find(|i| i.1 == c).map(|i| i.0),
            _ => {}
        }
        None
    }

    /// The entry a click picks, if any.
    pub fn click(
        &mut self,
        col: u16,
        row: u16,
        size: (u16, u16),
        items: &[(MainItem, char, &str)],
    ) -> Option<MainItem> {
        let r = MainList::rect(size, items.len());
        let first = r.y + 4;
        if col < r.x || col >= r.right() || row < first {
            return None;
        }
        let i = (row - first) as usize;
        let item = items.get(i)?;
        self.cursor = i;
        Some(item.0)
    }
}

/// The games in progress, as the main page mentions them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InProgress {
    /// How many there are.
    pub count: usize,
    /// What the newest is: its variant and length ("…, 12 plies").
    pub newest: String,
}

/// The main page as a widget.
pub struct MainView<'a> {
    pub list: &'a MainList,
    pub items: &'a [(MainItem, char, &'static str)],
    /// The games in progress, when there are any.
    pub in_progress: Option<&'a InProgress>,
    pub ctx: PageContext<'a>,
}

impl Widget for MainView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let theme = self.ctx.theme;
        let r = MainList::rect((area.width, area.height), self.items.len());
        let second = match self.in_progress {
            Some(InProgress { count: 1, newest }) => {
                Line::styled(format!("unfinished: {newest}"), theme.good())
            }
            Some(InProgress { count, .. }) => {
                Line::styled(format!("unfinished: {count} games"), theme.good())
            }
            None => Line::raw(""),
        };
        let mut lines = vec![
            Line::styled("rare chess variants in the terminal", theme.dim()),
            second,
        ];
        for (i, (_, key, label)) in self.items.iter().enumerate() {
            let st = row_style(theme, i == self.list.cursor);
            lines.push(Line::from(vec![
                Span::styled(format!(" {key} "), theme.key().patch(st)),
                Span::styled(format!(" {label:<36}"), st),
            ]));
        }
        Paragraph::new(lines)
            .block(titled_block(" Motley ", theme))
            .render(r, buf);
        if let Some(m) = self.ctx.message {
            // Above the footer, wrapped: a settings file that could not be
            // read, a theme that could not be kept.
            let rows = Rect::new(0, area.height.saturating_sub(4), area.width, 3);
            Paragraph::new(Line::styled(format!(" {}", m.text), m.style(theme)))
                .wrap(Wrap { trim: false })
                .render(rows, buf);
        }
    }
}
