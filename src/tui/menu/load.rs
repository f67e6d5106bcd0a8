//! The file picker for loading or replaying a saved game: the saves folder's
//! games, newest first, and a typed path.

use crate::tui::popup::{centered, edit_line, row_style, titled_block, InputPopup, LineKey};
use crate::tui::theme::Theme;
use crossterm::event::KeyCode;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};
use std::path::{Path, PathBuf};

/// The keys, at the foot of the screen.
pub const FOOTER: &str = "↑/↓ choose · Enter opens · t type a path · Esc back";

/// The picker's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadList {
    /// Open the chosen game in the replay viewer (else to play on).
    pub replay: bool,
    pub files: Vec<PathBuf>,
    /// Index into `files`; one past the end is "type a path".
    pub cursor: usize,
    /// The typed path while its entry is open.
    pub typed: Option<String>,
}

/// What the picker asks of the menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadStep {
    Stay,
    Open(PathBuf),
    Back,
}

/// The list's box on a screen of `size`.
fn rect(size: (u16, u16)) -> Rect {
    let area = Rect::new(0, 0, size.0, size.1.saturating_sub(1));
    centered(area, 70, area.height.saturating_sub(2))
}

impl LoadList {
    /// The saved games in `saves_dir` (none without a folder).
    pub fn new(replay: bool, saves_dir: Option<&Path>) -> LoadList {
        LoadList {
            replay,
            files: saves_dir
                .map(crate::record::list_saves_in)
                .unwrap_or_default(),
            cursor: 0,
            typed: None,
        }
    }

    /// Handle a key.
    pub fn key(&mut self, code: KeyCode) -> LoadStep {
        if let Some(text) = &mut self.typed {
            match edit_line(text, code, |_, _| true) {
                LineKey::Cancel => self.typed = None,
                LineKey::Submit => {
                    let path = PathBuf::from(text.trim());
                    self.typed = None;
                    return LoadStep::Open(path);
                }
                LineKey::Edit => {}
            }
            return LoadStep::Stay;
        }
        let n = self.files.len() + 1;
        match code {
            KeyCode::Up | KeyCode::Char('k') => self.cursor = (self.cursor + n - 1) % n,
            KeyCode::Down | KeyCode::Char('j') => self.cursor = (self.cursor + 1) % n,
            KeyCode::Char('t') => self.typed = Some(String::new()),
            KeyCode::Enter => match self.files.get(self.cursor) {
                Some(path) => return LoadStep::Open(path.clone()),
                None => self.typed = Some(String::new()),
            },
            KeyCode::Esc | KeyCode::Char('q') => return LoadStep::Back,
            _ => {}
        }
        LoadStep::Stay
    }

    /// A click on an entry opens it.
    pub fn click(&mut self, col: u16, row: u16, size: (u16, u16)) -> LoadStep {
        if self.typed.is_some() {
            return LoadStep::Stay;
        }
        let r = rect(size);
        let Some(i) = row.checked_sub(r.y + 1).map(usize::from) else {
            return LoadStep::Stay;
        };
        if col < r.x || col >= r.right() || i > self.files.len() {
            return LoadStep::Stay;
        }
        self.cursor = i;
        self.key(KeyCode::Enter)
    }
}

/// The picker as a widget.
pub struct LoadView<'a> {
    pub list: &'a LoadList,
    /// Why the chosen file could not be opened.
    pub message: Option<&'a str>,
    pub theme: &'a Theme,
}

impl Widget for LoadView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (list, theme) = (self.list, self.theme);
        let mut lines: Vec<Line> = list
            .files
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let name = f
                    .file_name()
                    .map(|n| n.to_string_lossy().to_string())
                    .unwrap_or_default();
                Line::styled(format!(" {name}"), row_style(theme, i == list.cursor))
            })
            .collect();
        let typing = row_style(theme, list.cursor == list.files.len());
        lines.push(Line::styled(" t  type a path…", typing));
        if list.files.is_empty() {
            lines.push(Line::styled(
                " (no saved games in the saves folder yet)",
                theme.dim(),
            ));
        }
        if let Some(m) = self.message {
            lines.push(Line::raw(""));
            lines.push(Line::styled(m.to_string(), theme.error()));
        }
        let title = if list.replay {
            " Replay a saved game "
        } else {
            " Load a saved game "
        };
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(titled_block(title, theme))
            .render(rect((area.width, area.height)), buf);
        if let Some(text) = &list.typed {
            InputPopup {
                title: "Path of a saved game",
                help: "Enter opens · Esc cancels",
                text,
                theme,
            }
            .render(area, buf);
        }
    }
}
