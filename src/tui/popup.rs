//! Popups: a centred box over the screen. List popups (choices, offers,
//! confirmations, game over) share one geometry so keys and clicks agree.

use super::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};

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
        let text_h = self.text.len() as u16 + u16::from(!self.text.is_empty());
        centered(area, widest + 4, text_h + self.items.len() as u16 + 2)
    }

    /// The option under a screen position.
    pub fn item_at(&self, area: Rect, col: u16, row: u16) -> Option<usize> {
        let r = self.rect(area);
        if col < r.x || col >= r.right() {
            return None;
        }
        let first = r.y + 1 + self.text.len() as u16 + u16::from(!self.text.is_empty());
        let i = row.checked_sub(first)? as usize;
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

    /// Draw it.
    pub fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let r = self.rect(area);
        Clear.render(r, buf);
        let mut lines: Vec<Line> = self.text.iter().map(|t| Line::raw(t.clone())).collect();
        if !self.text.is_empty() {
            lines.push(Line::raw(""));
        }
        for (i, (k, label)) in self.items.iter().enumerate() {
            let row_style = if i == self.cursor {
                theme.selected_row()
            } else {
                Style::default()
            };
            lines.push(Line::from(vec![
                Span::styled(format!(" {k} "), theme.key().patch(row_style)),
                Span::styled(format!(" {label}"), row_style),
            ]));
        }
        Paragraph::new(lines)
            .block(
                Block::default()
                    .borders(Borders::ALL)
                    .title(Span::styled(format!(" {} ", self.title), theme.title())),
            )
            .render(r, buf);
    }
}

/// A scrolling text popup (help, rules).
pub fn render_text(
    area: Rect,
    buf: &mut Buffer,
    theme: &Theme,
    title: &str,
    lines: Vec<Line<'static>>,
    scroll: u16,
) {
    let r = centered(
        area,
        area.width.saturating_sub(6).min(90),
        area.height.saturating_sub(2),
    );
    Clear.render(r, buf);
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .scroll((scroll, 0))
        .block(
            Block::default()
                .borders(Borders::ALL)
                .title(Span::styled(format!(" {title} "), theme.title()))
                .title_bottom(Span::styled(" ↑/↓ scroll · Esc close ", theme.dim())),
        )
        .render(r, buf);
}

/// A one-line text entry popup (file names, FEN, ply numbers).
pub fn render_input(
    area: Rect,
    buf: &mut Buffer,
    theme: &Theme,
    title: &str,
    help: &str,
    text: &str,
) {
    let w = (area.width.saturating_sub(4)).min(80);
    let r = centered(area, w, 5);
    Clear.render(r, buf);
    let inner_w = r.width.saturating_sub(4) as usize;
    let shown: String = {
        let n = text.chars().count();
        text.chars()
            .skip(n.saturating_sub(inner_w.saturating_sub(1)))
            .collect()
    };
    Paragraph::new(vec![
        Line::from(vec![Span::raw(shown), Span::styled("█", theme.key())]),
        Line::styled(help.to_string(), theme.dim()),
    ])
    .block(
        Block::default()
            .borders(Borders::ALL)
            .title(Span::styled(format!(" {title} "), theme.title())),
    )
    .render(r, buf);
}
