//! Popups: boxes centred over a screen, as widgets, with the key handling
//! they share. List popups (choices, offers, confirmations, game over) use
//! one geometry for drawing and clicking, so keys and clicks agree.

use super::line_edit::LineEdit;
use super::theme::Theme;
use super::wrap::{flow_lines, Flow};
use crossterm::event::KeyCode;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Padding, Paragraph, Widget};

/// A box of `w`×`h` centred in `area` (shrunk to fit).
pub fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect {
        x: area.x + (area.width - w) / 2,
        y: area.y + (area.height - h) / 2,
        width: w,
        height: h,
    }
}

/// The style of a row in a list: highlighted under the cursor.
pub fn row_style(theme: &Theme, selected: bool) -> Style {
    if selected {
        theme.selected_row()
    } else {
        Style::default()
    }
}

/// A bordered box with a title in the title style.
pub fn titled_block<'a>(title: impl Into<String>, theme: &Theme) -> Block<'a> {
    Block::default()
        .borders(Borders::ALL)
        .title(Span::styled(title.into(), theme.title()))
}

/// What a key did to a list popup.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ListKey {
    /// The option with this index was chosen.
    Chosen(usize),
    /// Esc: closed without a choice.
    Closed,
    /// The cursor moved, or the key means nothing here.
    Stay,
    /// A letter that is none of the options' keys.
    NotAChoice(char),
}

/// A list of options, each picked by its key, by Enter on the cursor, or by
/// a click.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListPopup {
    pub title: String,
    /// Explanatory lines above the options.
    pub text: Vec<String>,
    /// (key, label) per option.
    pub items: Vec<(char, String)>,
    pub cursor: usize,
}

impl ListPopup {
    /// A popup with options.
    pub fn new(
        title: impl Into<String>,
        text: Vec<String>,
        items: Vec<(char, String)>,
    ) -> ListPopup {
        ListPopup {
            title: title.into(),
            text,
            items,
            cursor: 0,
        }
    }

    /// A yes/no question (`y` first, so it is the Enter default).
    pub fn yes_no(title: &str, text: Vec<String>, yes: &str, no: &str) -> ListPopup {
        ListPopup::new(
            title,
            text,
            vec![('y', yes.to_string()), ('n', no.to_string())],
        )
    }

    /// Its box on a screen of `area`.
    pub fn rect(&self, area: Rect) -> Rect {
        let widest = self
            .text
            .iter()
            .map(|t| t.chars().count())
            .chain(self.items.iter().map(|(_, l)| l.chars().count() + 6))
            .chain(std::iter::once(self.title.chars().count() + 4))
            .max()
            .unwrap_or(10) as u16;
        centered(
            area,
            widest + 4,
            self.text_rows() + self.items.len() as u16 + 2,
        )
    }

    /// Rows above the options: the text and a blank line after it.
    fn text_rows(&self) -> u16 {
        self.text.len() as u16 + u16::from(!self.text.is_empty())
    }

    /// The option under a screen position.
    pub fn item_at(&self, area: Rect, col: u16, row: u16) -> Option<usize> {
        let r = self.rect(area);
        if col < r.x || col >= r.right() {
            return None;
        }
        let i = row.checked_sub(r.y + 1 + self.text_rows())? as usize;
        (i < self.items.len()).then_some(i)
    }

    /// The option a typed key picks.
    pub fn item_for_key(&self, c: char) -> Option<usize> {
        self.items.iter().position(|(k, _)| *k == c)
    }

    /// Move the cursor by `d` (wrapping).
    pub fn step(&mut self, d: i32) {
        let n = self.items.len() as i32;
        if n > 0 {
            self.cursor = ((self.cursor as i32 + d).rem_euclid(n)) as usize;
        }
    }

    /// Handle a key: arrows (and `j`/`k` unless they are option keys) move
    /// the cursor, Enter and the option keys choose, Esc closes.
    pub fn key(&mut self, code: KeyCode) -> ListKey {
        match code {
            KeyCode::Up | KeyCode::Char('k') if self.item_for_key('k').is_none() => {
                self.step(-1);
                ListKey::Stay
            }
            KeyCode::Down | KeyCode::Char('j') if self.item_for_key('j').is_none() => {
                self.step(1);
                ListKey::Stay
            }
            KeyCode::Enter => ListKey::Chosen(self.cursor),
            KeyCode::Esc => ListKey::Closed,
            KeyCode::Char(c) => match self.item_for_key(c) {
                Some(i) => ListKey::Chosen(i),
                None => ListKey::NotAChoice(c),
            },
            _ => ListKey::Stay,
        }
    }

    /// The popup as a widget, drawn centred in the area it is given.
    pub fn widget<'a>(&'a self, theme: &'a Theme) -> ListPopupView<'a> {
        ListPopupView { list: self, theme }
    }
}

/// A [`ListPopup`] drawn with a theme.
pub struct ListPopupView<'a> {
    list: &'a ListPopup,
    theme: &'a Theme,
}

impl Widget for ListPopupView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (list, theme) = (self.list, self.theme);
        let r = list.rect(area);
        Clear.render(r, buf);
        let mut lines: Vec<Line> = list.text.iter().map(|t| Line::raw(t.clone())).collect();
        if !list.text.is_empty() {
            lines.push(Line::raw(""));
        }
        for (i, (k, label)) in list.items.iter().enumerate() {
            let st = row_style(theme, i == list.cursor);
            lines.push(Line::from(vec![
                Span::styled(format!(" {k} "), theme.key().patch(st)),
                Span::styled(format!(" {label}"), st),
            ]));
        }
        Paragraph::new(lines)
            .block(titled_block(format!(" {} ", list.title), theme))
            .render(r, buf);
    }
}

/// A scrolling text popup (help, rules), drawn centred in its area. Its
/// text flows to the popup's width ([`Flow`]), so it is wrapped once, at
/// the width it is shown at.
pub struct TextPopup<'a> {
    pub title: &'a str,
    /// The text, laid out at the popup's width when drawn.
    pub text: Vec<Flow>,
    /// Rows scrolled down (kept within the text when drawn).
    pub scroll: u16,
    pub theme: &'a Theme,
}

/// A text popup's answer to a key: the new scroll offset, or `None` when
/// the key closes it (every key but the scrolling ones).
pub fn scroll_key(scroll: u16, code: KeyCode) -> Option<u16> {
    match code {
        KeyCode::Up | KeyCode::Char('k') => Some(scroll.saturating_sub(1)),
        KeyCode::Down | KeyCode::Char('j') => Some(scroll.saturating_add(1)),
        KeyCode::PageUp => Some(scroll.saturating_sub(10)),
        KeyCode::PageDown => Some(scroll.saturating_add(10)),
        _ => None,
    }
}

impl TextPopup<'_> {
    /// Its largest box on a screen of `area` (it is drawn only as tall as
    /// its text).
    pub fn rect(area: Rect) -> Rect {
        centered(
            area,
            area.width.saturating_sub(6).min(90),
            area.height.saturating_sub(2),
        )
    }

    /// The farthest it scrolls on a screen of `size`: its last row at the
    /// bottom of its box (so scrolling back up moves at once).
    pub fn last_scroll(&self, size: (u16, u16)) -> u16 {
        let area = Rect::new(0, 0, size.0, size.1);
        let visible = usize::from(Self::rect(area).height.saturating_sub(2));
        let last = self.lines(area).len().saturating_sub(visible);
        u16::try_from(last).unwrap_or(u16::MAX)
    }

    /// Its rows, at the width inside its box (a column of margin on each
    /// side) on a screen of `area`.
    pub fn lines(&self, area: Rect) -> Vec<Line<'static>> {
        let inner = Self::rect(area).width.saturating_sub(4);
        flow_lines(&self.text, usize::from(inner))
    }
}

impl Widget for TextPopup<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let lines = self.lines(area);
        let most = Self::rect(area);
        let tall = u16::try_from(lines.len())
            .unwrap_or(u16::MAX)
            .saturating_add(2);
        let r = centered(area, most.width, most.height.min(tall));
        Clear.render(r, buf);
        let visible = usize::from(r.height.saturating_sub(2));
        let last = lines.len().saturating_sub(visible);
        let scroll = usize::from(self.scroll).min(last);
        let keys = match (last, scroll < last) {
            (0, _) => " Esc close ",
            (_, true) => " ↑/↓ scroll, more below · Esc close ",
            (_, false) => " ↑/↓ scroll · Esc close ",
        };
        let shown: Vec<Line> = lines.into_iter().skip(scroll).take(visible).collect();
        Paragraph::new(shown)
            .block(
                titled_block(format!(" {} ", self.title), self.theme)
                    .padding(Padding::horizontal(1))
                    .title_bottom(Span::styled(keys, self.theme.dim())),
            )
            .render(r, buf);
    }
}

/// A one-line text entry popup (file names, FEN, ply numbers), drawn
/// centred in its area; without a line, a question answered by a key.
pub struct InputPopup<'a> {
    pub title: &'a str,
    /// The keys, under the text.
    pub help: &'a str,
    /// The line being typed, if any.
    pub line: Option<&'a LineEdit>,
    pub theme: &'a Theme,
}

impl Widget for InputPopup<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let w = (area.width.saturating_sub(4)).min(80);
        let r = centered(area, w, 5);
        Clear.render(r, buf);
        let inner_w = r.width.saturating_sub(4) as usize;
        let typed = match self.line {
            Some(line) => Line::from(line.spans(inner_w, self.theme)),
            None => Line::default(),
        };
        Paragraph::new(vec![
            typed,
            Line::styled(self.help.to_string(), self.theme.dim()),
        ])
        .block(titled_block(format!(" {} ", self.title), self.theme))
        .render(r, buf);
    }
}
