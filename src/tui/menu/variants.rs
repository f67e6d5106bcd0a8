//! The variant picker: every variant with its description, and its full
//! rules in a popup. With four dozen variants and more, it has the list
//! keys (↑/↓, PgUp/PgDn, Home/End) and type-to-find: a letter that is no
//! key of the picker, or `/` and then any text, filters the list to the
//! variants whose name, id or alias holds the text (in any case), edited
//! as every prompt is; Esc shows them all again. `!` opens the problems
//! with the user's variant files (a line per refused section, with its
//! reasons) in a popup of their own.

use super::page::PageContext;
use crate::tui::game_page::rules_popup;
use crate::tui::line_edit::{LineEdit, LineKey};
use crate::tui::popup::{row_style, scroll_key, titled_block, TextPopup};
use crate::tui::wrap::Flow;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use motley_game::variant::VariantDef;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};
use std::sync::Arc;

/// The keys, at the foot of the screen.
pub const FOOTER: &str =
    "↑↓ PgUp/PgDn Home/End move · type to find · Enter picks · i rules · ! file problems · Esc back";

/// The picker's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantPicker {
    /// Index into the registry.
    pub cursor: usize,
    /// The rules popup's scroll, while it is open.
    pub rules: Option<u16>,
    /// The text typed to find a variant, while finding: only the variants
    /// that match it are listed.
    pub find: Option<LineEdit>,
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

/// Variants the list shows at once on a screen of `size`.
fn page_rows(size: (u16, u16)) -> usize {
    usize::from(areas(size).0.height.saturating_sub(2)).max(1)
}

/// Whether `v` is found by `text` (already lower case).
fn matches(v: &VariantDef, text: &str) -> bool {
    std::iter::once(&v.name)
        .chain(std::iter::once(&v.id))
        .chain(&v.aliases)
        .any(|s| s.to_lowercase().contains(text))
}

impl VariantPicker {
    /// The picker with the cursor on variant `cursor`, nothing open.
    pub fn new(cursor: usize) -> VariantPicker {
        VariantPicker {
            cursor,
            rules: None,
            find: None,
            problems: None,
        }
    }

    /// The variants listed, as indices into `variants`: those the find
    /// text matches, or all.
    pub fn shown(&self, variants: &[Arc<VariantDef>]) -> Vec<usize> {
        let text = self
            .find
            .as_ref()
            .map(|f| f.text().trim().to_lowercase())
            .unwrap_or_default();
        (0..variants.len())
            .filter(|&i| text.is_empty() || matches(&variants[i], &text))
            .collect()
    }

    /// Handle a key, choosing among `variants` on a screen of `size`.
    pub fn key(
        &mut self,
        k: KeyEvent,
        variants: &[Arc<VariantDef>],
        size: (u16, u16),
    ) -> PickerStep {
        if let Some(scroll) = self.rules {
            self.rules = scroll_key(scroll, k.code);
            return PickerStep::Stay;
        }
        if let Some(scroll) = self.problems {
            self.problems = scroll_key(scroll, k.code);
            return PickerStep::Stay;
        }
        if k.code == KeyCode::Char('!') && self.find.is_none() {
            self.problems = Some(0);
            return PickerStep::Stay;
        }
        let page = page_rows(size);
        if let Some(step) = self.list_key(k.code, variants, page) {
            return step;
        }
        if let Some(mut find) = self.find.take() {
            match find.key(k, |_, _| true) {
                LineKey::Cancel => {}
                LineKey::Submit => {
                    self.find = Some(find);
                    return self.pick(variants);
                }
                LineKey::Edit => self.find = Some(find),
            }
            self.keep_cursor_shown(variants);
            return PickerStep::Stay;
        }
        let plain = !k
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
        match k.code {
            KeyCode::Char('k') => return self.step_by(-1, variants, true),
            KeyCode::Char('j') => return self.step_by(1, variants, true),
            KeyCode::Char('i') | KeyCode::Char('?') => self.rules = Some(0),
            KeyCode::Enter | KeyCode::Char(' ') => return self.pick(variants),
            KeyCode::Esc | KeyCode::Char('q') => return PickerStep::Back,
            KeyCode::Char('/') => self.find = Some(LineEdit::new()),
            KeyCode::Char(c) if plain && c.is_alphanumeric() => {
                self.find = Some(LineEdit::typed(c.to_string()));
                self.keep_cursor_shown(variants);
            }
            _ => {}
        }
        PickerStep::Stay
    }

    /// The keys that move in the list, finding or not.
    fn list_key(
        &mut self,
        code: KeyCode,
        variants: &[Arc<VariantDef>],
        page: usize,
    ) -> Option<PickerStep> {
        let finding = self.find.is_some();
        let page = page as isize;
        Some(match code {
            KeyCode::Up => self.step_by(-1, variants, true),
            KeyCode::Down => self.step_by(1, variants, true),
            KeyCode::PageUp => self.step_by(-page, variants, false),
            KeyCode::PageDown => self.step_by(page, variants, false),
            // While finding, Home and End edit the find text.
            KeyCode::Home if !finding => self.step_by(isize::MIN / 2, variants, false),
            KeyCode::End if !finding => self.step_by(isize::MAX / 2, variants, false),
            _ => return None,
        })
    }

    /// Move `by` rows among the variants listed: round the ends when
    /// `wrap`, else stopping at them.
    fn step_by(&mut self, by: isize, variants: &[Arc<VariantDef>], wrap: bool) -> PickerStep {
        let shown = self.shown(variants);
        if shown.is_empty() {
            return PickerStep::Stay;
        }
        let n = shown.len() as isize;
        let at = shown.iter().position(|&i| i == self.cursor).unwrap_or(0) as isize;
        let to = if wrap {
            (at + by).rem_euclid(n)
        } else {
            at.saturating_add(by).clamp(0, n - 1)
        };
        self.cursor = shown[to as usize];
        PickerStep::Stay
    }

    /// The cursor on a listed variant: the first match when the find
    /// text no longer matches the one it was on.
    fn keep_cursor_shown(&mut self, variants: &[Arc<VariantDef>]) {
        let shown = self.shown(variants);
        if !shown.contains(&self.cursor) {
            if let Some(&first) = shown.first() {
                self.cursor = first;
            }
        }
    }

    /// Enter: the variant under the cursor, when one is listed.
    fn pick(&mut self, variants: &[Arc<VariantDef>]) -> PickerStep {
        if self.shown(variants).contains(&self.cursor) {
            PickerStep::Chosen(self.cursor)
        } else {
            PickerStep::Stay
        }
    }

    /// A click: closes the rules, moves the cursor, or (on the variant
    /// under the cursor) chooses it.
    pub fn click(
        &mut self,
        col: u16,
        row: u16,
        size: (u16, u16),
        variants: &[Arc<VariantDef>],
    ) -> PickerStep {
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
        let shown = self.shown(variants);
        let at = shown.iter().position(|&v| v == self.cursor).unwrap_or(0);
        let Some(&v) = shown.get(i + first_shown(at, list)) else {
            return PickerStep::Stay;
        };
        if col < list.x || col >= list.right() {
            return PickerStep::Stay;
        }
        if self.cursor == v {
            return PickerStep::Chosen(v);
        }
        self.cursor = v;
        PickerStep::Stay
    }
}

/// The first row the list shows, the cursor's row being `at`: with more
/// variants than rows the list turns a page at a time, so the cursor stays
/// in sight and a click on a shown row never moves the rows under the
/// pointer.
fn first_shown(at: usize, list: Rect) -> usize {
    let rows = usize::from(list.height.saturating_sub(2)).max(1);
    at / rows * rows
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
        let shown = self.picker.shown(variants);
        let at = shown
            .iter()
            .position(|&i| i == self.picker.cursor)
            .unwrap_or(0);
        let lines: Vec<Line> = shown
            .iter()
            .skip(first_shown(at, list))
            .map(|&i| {
                let st = row_style(theme, i == self.picker.cursor);
                Line::styled(format!(" {:<34}", variants[i].name), st)
            })
            .collect();
        let mut block = titled_block(" Choose a variant ", theme);
        if let Some(find) = &self.picker.find {
            let width = usize::from(list.width.saturating_sub(16)).max(4);
            let mut spans = vec![Span::styled(" find: ", theme.key())];
            spans.extend(find.spans(width, theme));
            spans.push(Span::styled(
                format!(" {} of {} ", shown.len(), variants.len()),
                theme.dim(),
            ));
            block = block.title_bottom(Line::from(spans));
        }
        Paragraph::new(lines).block(block).render(list, buf);
        if shown.is_empty() {
            let none = Rect::new(list.x + 2, list.y + 1, list.width.saturating_sub(4), 1);
            Paragraph::new(Line::styled("no variant matches", theme.dim())).render(none, buf);
            return;
        }
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
