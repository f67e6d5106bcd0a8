//! The variant picker: every variant with its description, and its full
//! rules in a popup; and the problems with the user's variant files (a
//! line per refused section, with its reasons), in a popup of their own.

use super::page::PageContext;
use crate::tui::game_page::rules_popup;
use crate::tui::popup::{row_style, scroll_key, titled_block, TextPopup};
use crate::tui::wrap::Flow;
use crossterm::event::KeyCode;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};

/// The keys, at the foot of the screen.
pub const FOOTER: &str = "↑/↓ choose · Enter picks · i full rules · ! file problems · Esc back";

/// The picker's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantPicker {
    /// Index into the registry.
    pub cursor: usize,
    /// The rules popup's scroll, while it is open.
    pub rules: Option<u16>,
    /// The variant files' problems popup's scroll, while it is open.
    pub problems: Option<u16>,
}

/// What the picker asks of the menu.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PickerStep {
    Stay,
    /// This variant (index into the registry) was chosen.
    Chosen(usize),
    Back,
}

/// The variant list and the description box.
fn areas(size: (u16, u16)) -> (Rect, Rect) {
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

impl VariantPicker {
    /// The picker with the cursor on variant `cursor`, nothing open.
    pub fn at(cursor: usize) -> VariantPicker {
        VariantPicker {
            cursor,
            rules: None,
            problems: None,
        }
    }

    /// Handle a key, with `n` variants to choose from.
    pub fn key(&mut self, code: KeyCode, n: usize) -> PickerStep {
        if let Some(scroll) = self.rules {
            self.rules = scroll_key(scroll, code);
            return PickerStep::Stay;
        }
        if let Some(scroll) = self.problems {
            self.problems = scroll_key(scroll, code);
            return PickerStep::Stay;
        }
        if code == KeyCode::Char('!') {
            self.problems = Some(0);
            return PickerStep::Stay;
        }
        match code {
            KeyCode::Up | KeyCode::Char('k') => self.cursor = (self.cursor + n - 1) % n,
            KeyCode::Down | KeyCode::Char('j') => self.cursor = (self.cursor + 1) % n,
            KeyCode::Char('i') | KeyCode::Char('?') => self.rules = Some(0),
            KeyCode::Enter | KeyCode::Char(' ') => return PickerStep::Chosen(self.cursor),
            KeyCode::Esc | KeyCode::Char('q') => return PickerStep::Back,
            _ => {}
        }
        PickerStep::Stay
    }

    /// A click: closes the rules, moves the cursor, or (on the variant
    /// under the cursor) chooses it.
    pub fn click(&mut self, col: u16, row: u16, size: (u16, u16), n: usize) -> PickerStep {
        if self.rules.is_some() || self.problems.is_some() {
            self.rules = None;
            self.problems = None;
            return PickerStep::Stay;
        }
        let (list, _) = areas(size);
        let Some(i) = row.checked_sub(list.y + 1).map(usize::from) else {
            return PickerStep::Stay;
        };
        if i >= usize::from(list.height.saturating_sub(2)) {
            return PickerStep::Stay;
        }
        let i = i + first_shown(self.cursor, list);
        if col < list.x || col >= list.right() || i >= n {
            return PickerStep::Stay;
        }
        if self.cursor == i {
            return PickerStep::Chosen(i);
        }
        self.cursor = i;
        PickerStep::Stay
    }
}

/// The first variant the list shows: with more variants than rows the
/// list turns a page at a time, so the cursor stays in sight and a
/// click on a shown row never moves the rows under the pointer.
fn first_shown(cursor: usize, list: Rect) -> usize {
    let rows = usize::from(list.height.saturating_sub(2)).max(1);
    cursor / rows * rows
}

/// The picker as a widget.
pub struct PickerView<'a> {
    pub picker: &'a VariantPicker,
    pub ctx: PageContext<'a>,
}

impl Widget for PickerView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let theme = self.ctx.theme;
        let (list, desc) = areas((area.width, area.height));
        let variants = self.ctx.registry.all();
        let lines: Vec<Line> = variants
            .iter()
            .enumerate()
            .skip(first_shown(self.picker.cursor, list))
            .map(|(i, v)| {
                let st = row_style(theme, i == self.picker.cursor);
                Line::styled(format!(" {:<34}", v.name), st)
            })
            .collect();
        Paragraph::new(lines)
            .block(titled_block(" Choose a variant ", theme))
            .render(list, buf);
        let Some(v) = variants.get(self.picker.cursor) else {
            return;
        };
        let mut d = vec![
            Line::styled(v.name.clone(), theme.title()),
            Line::raw(v.summary.clone()),
            Line::raw(""),
        ];
        // A variant from data is checked when first looked at.
        if let Err(e) = v.playable() {
            d.push(Line::styled(e.to_string(), theme.error()));
            d.push(Line::raw(""));
        }
        if let Some(origin) = v.origin() {
            d.push(Line::styled(format!("Origin: {origin}"), theme.dim()));
        }
        d.push(Line::styled(format!("id: {}", v.id), theme.dim()));
        Paragraph::new(d)
            .wrap(Wrap { trim: true })
            .block(Block::default().borders(Borders::ALL))
            .render(desc, buf);
        if let Some(scroll) = self.picker.rules {
            rules_popup(v, scroll, theme).render(area, buf);
        }
        if let Some(scroll) = self.picker.problems {
            problems_popup(&self.ctx.registry.problems(), scroll, theme).render(area, buf);
        }
    }
}

/// The problems with the user's variant files, a paragraph each: files
/// that could not be read, lines that could not be, and every section
/// that cannot be played, with its reasons.
fn problems_popup<'a>(
    problems: &[String],
    scroll: u16,
    theme: &'a crate::tui::theme::Theme,
) -> TextPopup<'a> {
    let mut text = Vec::new();
    if problems.is_empty() {
        text.push(Flow::hanging(
            Line::raw("Every variant file was read and every variant in them plays."),
            0,
        ));
    }
    for problem in problems {
        text.push(Flow::hanging(Line::raw(format!("• {problem}")), 2));
    }
    TextPopup {
        title: "Variant file problems",
        text,
        scroll,
        theme,
    }
}
