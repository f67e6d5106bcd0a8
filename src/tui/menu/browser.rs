//! The game browser, for continuing a game in progress, loading a saved
//! game to play on, or replaying one: each game with its variant, players,
//! date, length, result (or "unfinished") and clock, a small board of its
//! last position, sorting, a filter by variant, deleting with confirmation
//! (never a game another Motley has open), and a typed path for files
//! elsewhere.

use super::catalog::{self, Entry};
use super::page::PageContext;
use crate::tui::board::BoardGeom;
use crate::tui::game_page::draw_board;
use crate::tui::line_edit::{LineEdit, LineKey};
use crate::tui::popup::{centered, row_style, titled_block, InputPopup};
use crate::tui::popup::{ListKey, ListPopup};
use crate::tui::settings::Settings;
use crossterm::event::{KeyCode, KeyEvent};
use motley_game::clock::ClockState;
use motley_game::variant::Registry;
use motley_records::summary::{Ending, GameSummary};
use motley_rules::core::quote::visible;
use motley_rules::AnyPosition;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph, Widget, Wrap};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The keys, at the foot of the screen.
pub const FOOTER: &str = "↑↓ Enter · s sort · v variant · d delete · t path · Esc back";

/// Which games a browser lists, and what Enter does with one.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Shelf {
    /// The games in progress: Enter plays on, in the game's own record.
    Continue,
    /// The saved games: Enter plays on from one (in a new record; the
    /// saved file stays as it is).
    Load,
    /// The saved games: Enter replays one.
    Replay,
}

impl Shelf {
    fn title(self) -> &'static str {
        match self {
            Shelf::Continue => " Continue a game ",
            Shelf::Load => " Load a saved game ",
            Shelf::Replay => " Replay a saved game ",
        }
    }
}

/// The order of the list.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SortKey {
    /// Newest first.
    Date,
    /// By variant name, newest first within one.
    Variant,
    /// Longest first.
    Plies,
}

impl SortKey {
    fn next(self) -> SortKey {
        match self {
            SortKey::Date => SortKey::Variant,
            SortKey::Variant => SortKey::Plies,
            SortKey::Plies => SortKey::Date,
        }
    }

    fn words(self) -> &'static str {
        match self {
            SortKey::Date => "newest first",
            SortKey::Variant => "by variant",
            SortKey::Plies => "longest first",
        }
    }
}

/// A question over the list (one at a time).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ask {
    /// Delete this file?
    Delete(PathBuf, ListPopup),
    /// The game is open in another Motley: replay it instead?
    Locked(PathBuf, ListPopup),
    /// Which file elsewhere? The path as typed so far.
    Path(LineEdit),
}

/// The last position of the game under the cursor, for the preview.
#[derive(Clone, Debug)]
pub struct Preview {
    /// The file it is from.
    pub path: PathBuf,
    /// The final or current position.
    pub position: AnyPosition,
}

/// What the browser asks of the menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BrowseStep {
    /// Nothing for the menu to do.
    Stay,
    /// Back to the main page.
    Back,
    /// Open the game as the shelf says (play on, or replay).
    Open(PathBuf),
    /// Replay the game, read-only (it is open elsewhere).
    Replay(PathBuf),
    /// Delete the file (confirmed).
    Delete(PathBuf),
    /// A path typed by the player (`~` not yet expanded).
    Typed(String),
}

/// The browser's state.
#[derive(Clone, Debug)]
pub struct Browser {
    /// Which games, and what Enter does.
    pub shelf: Shelf,
    /// Every game of the shelf, in the list's order.
    pub entries: Vec<Entry>,
    /// The order of `entries`.
    pub sort: SortKey,
    /// Only games of this variant id.
    pub filter: Option<String>,
    /// Index into [`Browser::shown`]; one past its end is "type a path".
    pub cursor: usize,
    /// A question over the list.
    pub ask: Option<Ask>,
    /// The board of the game under the cursor.
    pub preview: Option<Preview>,
}

impl Browser {
    /// The browser of `shelf`, listing its folder (none without one).
    pub fn new(shelf: Shelf, settings: &Settings, registry: &Registry) -> Browser {
        let mut b = Browser {
            shelf,
            entries: Vec::new(),
            sort: SortKey::Date,
            filter: None,
            cursor: 0,
            ask: None,
            preview: None,
        };
        b.reload(settings, registry);
        b
    }

    /// Read the folder again (after a delete), keeping sort and filter.
    pub fn reload(&mut self, settings: &Settings, registry: &Registry) {
        self.entries = match (
            self.shelf,
            &settings.session.games_dir,
            &settings.session.saves_dir,
        ) {
            (Shelf::Continue, Some(games), _) => catalog::in_progress(games, registry),
            (Shelf::Load | Shelf::Replay, _, Some(saves)) => catalog::list(saves, registry),
            _ => Vec::new(),
        };
        if self
            .filter
            .as_ref()
            .is_some_and(|f| !self.variants().contains(f))
        {
            self.filter = None;
        }
        self.sort_entries(registry);
        self.cursor = self.cursor.min(self.shown().len());
        self.update_preview(registry);
    }

    fn sort_entries(&mut self, registry: &Registry) {
        let name = |e: &Entry| variant_name(&e.summary.variant, registry);
        let newest = |a: &Entry, b: &Entry| {
            (b.summary.when, &b.summary.path).cmp(&(a.summary.when, &a.summary.path))
        };
        match self.sort {
            SortKey::Date => self.entries.sort_by(newest),
            SortKey::Variant => self
                .entries
                .sort_by(|a, b| name(a).cmp(&name(b)).then_with(|| newest(a, b))),
            SortKey::Plies => self.entries.sort_by(|a, b| {
                b.summary
                    .plies
                    .cmp(&a.summary.plies)
                    .then_with(|| newest(a, b))
            }),
        }
    }

    /// The entries the filter lets through, in order.
    pub fn shown(&self) -> Vec<&Entry> {
        self.entries
            .iter()
            .filter(|e| self.filter.as_ref().is_none_or(|f| *f == e.summary.variant))
            .collect()
    }

    /// The variant ids in the list, sorted, once each.
    fn variants(&self) -> Vec<String> {
        let mut ids: Vec<String> = self
            .entries
            .iter()
            .map(|e| e.summary.variant.clone())
            .filter(|id| !id.is_empty())
            .collect();
        ids.sort();
        ids.dedup();
        ids
    }

    /// The entry under the cursor.
    pub fn selected(&self) -> Option<&Entry> {
        self.shown().get(self.cursor).copied()
    }

    /// Draw the board of the entry under the cursor (read only when the
    /// cursor moves to another file).
    fn update_preview(&mut self, registry: &Registry) {
        let Some(entry) = self.selected() else {
            self.preview = None;
            return;
        };
        let path = entry.summary.path.clone();
        if self.preview.as_ref().is_some_and(|p| p.path == path) {
            return;
        }
        self.preview =
            last_position(&entry.summary, registry).map(|position| Preview { path, position });
    }

    /// Handle a key.
    pub fn key(&mut self, k: KeyEvent, registry: &Registry) -> BrowseStep {
        if let Some(ask) = self.ask.take() {
            return self.answer(ask, k);
        }
        let code = k.code;
        let n = self.shown().len() + 1;
        match code {
            KeyCode::Up | KeyCode::Char('k') => self.cursor = (self.cursor + n - 1) % n,
            KeyCode::Down | KeyCode::Char('j') => self.cursor = (self.cursor + 1) % n,
            KeyCode::PageUp => self.cursor = self.cursor.saturating_sub(10),
            KeyCode::PageDown => self.cursor = (self.cursor + 10).min(n - 1),
            KeyCode::Home => self.cursor = 0,
            KeyCode::End => self.cursor = n - 1,
            KeyCode::Char('s') => {
                self.sort = self.sort.next();
                self.sort_entries(registry);
            }
            KeyCode::Char('v') => self.next_filter(),
            KeyCode::Char('d') | KeyCode::Delete => {
                if let Some(step) = self.ask_delete(registry) {
                    return step;
                }
            }
            KeyCode::Char('t') => self.ask = Some(Ask::Path(LineEdit::new())),
            KeyCode::Enter => return self.open_selected(),
            KeyCode::Esc | KeyCode::Char('q') => return BrowseStep::Back,
            _ => {}
        }
        self.update_preview(registry);
        BrowseStep::Stay
    }

    /// A click on an entry opens it.
    pub fn click(
        &mut self,
        col: u16,
        row: u16,
        size: (u16, u16),
        registry: &Registry,
    ) -> BrowseStep {
        if self.ask.is_some() {
            return BrowseStep::Stay;
        }
        let parts = Parts::of(Rect::new(0, 0, size.0, size.1.saturating_sub(1)));
        let list = parts.list;
        if col < list.x || col >= list.right() || row < list.y || row >= list.bottom() {
            return BrowseStep::Stay;
        }
        let first = first_shown(self.cursor, list.height);
        let i = first + usize::from((row - list.y) / ROWS_PER_ENTRY);
        if i > self.shown().len() {
            return BrowseStep::Stay;
        }
        self.cursor = i;
        self.update_preview(registry);
        self.open_selected()
    }

    fn open_selected(&mut self) -> BrowseStep {
        let Some(entry) = self.selected() else {
            self.ask = Some(Ask::Path(LineEdit::new()));
            return BrowseStep::Stay;
        };
        let path = entry.summary.path.clone();
        if entry.locked && self.shelf != Shelf::Replay {
            self.ask = Some(ask_locked(path));
            return BrowseStep::Stay;
        }
        BrowseStep::Open(path)
    }

    /// The game at `path` turned out to be open in another Motley: offer
    /// to replay it.
    pub fn say_locked(&mut self, path: PathBuf) {
        self.ask = Some(ask_locked(path));
    }

    fn next_filter(&mut self) {
        let ids = self.variants();
        self.filter = match &self.filter {
            None => ids.first().cloned(),
            Some(f) => ids
                .iter()
                .position(|id| id == f)
                .and_then(|i| ids.get(i + 1).cloned()),
        };
        self.cursor = 0;
    }

    /// Ask before deleting the game under the cursor; a game open in
    /// another Motley goes straight to the menu, which refuses it.
    fn ask_delete(&mut self, registry: &Registry) -> Option<BrowseStep> {
        let entry = self.selected()?;
        let s = &entry.summary;
        if entry.locked {
            return Some(BrowseStep::Delete(s.path.clone()));
        }
        let name = file_name(&s.path);
        let text = vec![
            format!(
                "{}, {} · {}",
                variant_name(&s.variant, registry),
                plies_text(s.plies),
                result_text(s)
            ),
            name,
            "The file is removed for good.".to_string(),
        ];
        let popup = ListPopup::yes_no("Delete this game?", text, "yes, delete it", "no, keep it");
        self.ask = Some(Ask::Delete(s.path.clone(), popup));
        None
    }

    fn answer(&mut self, ask: Ask, k: KeyEvent) -> BrowseStep {
        let (path, mut popup, delete) = match ask {
            Ask::Delete(path, popup) => (path, popup, true),
            Ask::Locked(path, popup) => (path, popup, false),
            Ask::Path(line) => return self.edit_path(line, k),
        };
        match popup.key(k.code) {
            ListKey::Chosen(0) if delete => BrowseStep::Delete(path),
            ListKey::Chosen(0) => BrowseStep::Replay(path),
            ListKey::Chosen(_) | ListKey::Closed => BrowseStep::Stay,
            ListKey::Stay | ListKey::NotAChoice(_) => {
                self.ask = Some(if delete {
                    Ask::Delete(path, popup)
                } else {
                    Ask::Locked(path, popup)
                });
                BrowseStep::Stay
            }
        }
    }

    /// A key while the path is being typed: Enter opens it, Esc cancels.
    fn edit_path(&mut self, mut line: LineEdit, k: KeyEvent) -> BrowseStep {
        match line.key(k, |_, _| true) {
            LineKey::Cancel => BrowseStep::Stay,
            LineKey::Submit => BrowseStep::Typed(line.text().trim().to_string()),
            LineKey::Edit => {
                self.ask = Some(Ask::Path(line));
                BrowseStep::Stay
            }
        }
    }
}

/// The question for a game open in another Motley.
fn ask_locked(path: PathBuf) -> Ask {
    let text = vec![
        "This game is open in another Motley, which is".to_string(),
        "playing it: it can be replayed here, not played.".to_string(),
        file_name(&path),
    ];
    let items = vec![
        ('r', "replay it (read-only)".to_string()),
        ('n', "back to the list (Esc)".to_string()),
    ];
    Ask::Locked(path, ListPopup::new("Open in another Motley", text, items))
}

/// The last position of a listed game: from the position the record
/// keeps, else by replaying the file.
fn last_position(s: &GameSummary, registry: &Registry) -> Option<AnyPosition> {
    if let (Ok(def), Some(fen)) = (registry.get(&s.variant), &s.final_fen) {
        if let Ok(pos) = def.position(Some(fen)) {
            return Some(pos);
        }
    }
    let saved = motley_records::load_first(&s.path, registry)
        .into_parts()
        .0?;
    Some(saved.game.position().clone())
}

/// A variant's name, or its id when this Motley does not know it.
fn variant_name(id: &str, registry: &Registry) -> String {
    match registry.get(id) {
        Ok(def) => visible(&def.name).into_owned(),
        Err(_) if id.is_empty() => "?".to_string(),
        Err(_) => visible(id).into_owned(),
    }
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| visible(&n.to_string_lossy()).into_owned())
        .unwrap_or_default()
}

fn plies_text(n: usize) -> String {
    if n == 1 {
        "1 ply".to_string()
    } else {
        format!("{n} plies")
    }
}

/// The result with its reason, or "unfinished".
fn result_text(s: &GameSummary) -> String {
    match &s.ending {
        Some(Ending {
            result,
            reason: Some(why),
        }) => format!("{} {}", visible(result), visible(&why.to_string())),
        Some(Ending { result, .. }) => visible(result).into_owned(),
        None => "unfinished".to_string(),
    }
}

/// "White v Black" as the file names them (what a file says is text, never
/// an escape for the terminal).
fn players_text(s: &GameSummary) -> String {
    match &s.players {
        Some(p) => format!("{} v {}", visible(&p.white), visible(&p.black)),
        None => "players not recorded".to_string(),
    }
}

/// When the game was played: the date the file gives, else when it was
/// last saved (`2026-11-23 12:40`, UTC).
fn date_text(s: &GameSummary) -> String {
    if let Some(d) = &s.date {
        return visible(d).into_owned();
    }
    let t = motley_records::rfc3339(s.when);
    t.get(..16).unwrap_or(&t).replace('T', " ")
}

/// A saved clock: its control and each side's time left.
fn clock_text(clock: &ClockState) -> String {
    let left = |ms: u64| motley_game::clock::format_time(Duration::from_millis(ms));
    format!(
        "clock {}: {} – {}",
        visible(&clock.control),
        left(clock.white_ms),
        left(clock.black_ms)
    )
}

/// Screen rows per entry in the list.
const ROWS_PER_ENTRY: u16 = 2;
/// Width of the preview column (the smallest board and its margin).
const PREVIEW_W: u16 = 30;

/// Where the browser's parts go inside its area.
struct Parts {
    frame: Rect,
    header: Rect,
    list: Rect,
    preview: Option<Rect>,
    message: Rect,
}

impl Parts {
    fn of(area: Rect) -> Parts {
        let frame = centered(area, area.width.min(120), area.height);
        let inner = Rect::new(
            frame.x + 1,
            frame.y + 1,
            frame.width.saturating_sub(2),
            frame.height.saturating_sub(2),
        );
        let header = Rect::new(inner.x + 1, inner.y, inner.width.saturating_sub(1), 1);
        let body_h = inner.height.saturating_sub(4);
        let with_preview = inner.width >= PREVIEW_W + 32;
        let list_w = if with_preview {
            inner.width - PREVIEW_W
        } else {
            inner.width
        };
        let list = Rect::new(inner.x, inner.y + 2, list_w, body_h);
        // The preview runs to the bottom (a message, when there is one,
        // covers its last rows).
        let preview_h = inner.height.saturating_sub(2);
        let preview = with_preview
            .then(|| Rect::new(inner.x + list_w + 1, inner.y + 2, PREVIEW_W - 1, preview_h));
        let message = Rect::new(
            inner.x + 1,
            inner.bottom().saturating_sub(2),
            inner.width.saturating_sub(1),
            2,
        );
        Parts {
            frame,
            header,
            list,
            preview,
            message,
        }
    }
}

/// The first entry shown in a list of `height` rows, keeping the cursor
/// in view.
fn first_shown(cursor: usize, height: u16) -> usize {
    let fits = usize::from((height / ROWS_PER_ENTRY).max(1));
    (cursor + 1).saturating_sub(fits)
}

/// The browser as a widget.
pub struct BrowserView<'a> {
    /// What to draw.
    pub browser: &'a Browser,
    /// Its message says what went wrong opening or deleting, or what was
    /// done.
    pub ctx: PageContext<'a>,
}

impl Widget for BrowserView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (b, theme) = (self.browser, self.ctx.theme);
        let parts = Parts::of(area);
        titled_block(b.shelf.title(), theme).render(parts.frame, buf);
        let filter = b.filter.as_deref().map_or_else(
            || "all".to_string(),
            |id| variant_name(id, self.ctx.registry),
        );
        let shown = b.shown();
        let header = format!(
            "{} of {} · s sort: {} · v variant: {filter}",
            shown.len(),
            plural(b.entries.len(), "game"),
            b.sort.words()
        );
        Paragraph::new(Line::styled(header, theme.dim())).render(parts.header, buf);
        self.list(&shown, parts.list, buf);
        if let Some(rect) = parts.preview {
            self.preview(rect, buf);
        }
        if let Some(m) = self.ctx.message {
            Clear.render(parts.message, buf);
            Paragraph::new(Line::styled(m.text.clone(), m.style(theme)))
                .wrap(Wrap { trim: false })
                .render(parts.message, buf);
        }
        match &b.ask {
            Some(Ask::Delete(_, popup) | Ask::Locked(_, popup)) => {
                popup.widget(theme).render(area, buf)
            }
            Some(Ask::Path(line)) => InputPopup {
                title: "Path of a saved game",
                help: "Enter opens · Esc cancels · ~ is your home folder",
                line: Some(line),
                theme,
            }
            .render(area, buf),
            None => {}
        }
    }
}

fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

impl BrowserView<'_> {
    /// Two rows per game, then "type a path".
    fn list(&self, shown: &[&Entry], rect: Rect, buf: &mut Buffer) {
        let (b, theme) = (self.browser, self.ctx.theme);
        let first = first_shown(b.cursor, rect.height);
        let mut lines: Vec<Line> = Vec::new();
        let width = usize::from(rect.width);
        for (i, entry) in shown.iter().enumerate().skip(first) {
            // Padded to the width, so the cursor's bar spans the list.
            let [top, bottom] = self.entry_lines(entry).map(|l| format!("{l:<width$}"));
            let st = row_style(theme, i == b.cursor);
            lines.push(Line::styled(top, st));
            let second = if entry.summary.problem.is_some() {
                theme.error()
            } else {
                theme.dim()
            };
            lines.push(Line::styled(bottom, second.patch(st)));
        }
        lines.push(Line::styled(
            " t  type a path…",
            row_style(theme, b.cursor == shown.len()),
        ));
        if shown.is_empty() {
            let none = match b.shelf {
                Shelf::Continue => " (no games in progress)",
                Shelf::Load | Shelf::Replay => " (no saved games in the saves folder yet)",
            };
            lines.push(Line::styled(none, theme.dim()));
        }
        Paragraph::new(lines).render(rect, buf);
    }

    /// An entry's two rows: variant, players, clock; date, length, result.
    fn entry_lines(&self, entry: &Entry) -> [String; 2] {
        let s = &entry.summary;
        let mut top = format!(
            " {} · {}",
            variant_name(&s.variant, self.ctx.registry),
            players_text(s)
        );
        if let Some(clock) = &s.clock {
            top.push_str(&format!(" · clock {}", clock.control));
        }
        let mut bottom = match &s.problem {
            Some(p) => format!(
                "   {} · cannot be read: {}",
                file_name(&s.path),
                visible(&p.to_string())
            ),
            None => format!(
                "   {} · {} · {}",
                plies_text(s.plies),
                result_text(s),
                date_text(s)
            ),
        };
        if entry.locked {
            bottom.push_str(" · open in another Motley");
        }
        [top, bottom]
    }

    /// The board of the game under the cursor and its details in full.
    fn preview(&self, rect: Rect, buf: &mut Buffer) {
        let (b, theme) = (self.browser, self.ctx.theme);
        let Some(entry) = b.selected() else {
            return;
        };
        let mut y = rect.y;
        if let Some(p) = b.preview.as_ref().filter(|p| p.path == entry.summary.path) {
            let geom = BoardGeom {
                x: rect.x,
                y: rect.y,
                cell_w: 3,
                cell_h: 1,
                flipped: false,
                centerline: false,
                files: 8,
                ranks: 8,
            };
            if geom.height() <= rect.height {
                draw_board(buf, geom, &p.position, None, |_| {}, theme);
                // A blank row under the board when there is room for it.
                y += geom.height() + u16::from(rect.height >= 18);
            }
        }
        let s = &entry.summary;
        let mut details = vec![Line::styled(
            variant_name(&s.variant, self.ctx.registry),
            theme.title(),
        )];
        if let Some(p) = &s.players {
            details.push(Line::raw(format!("White: {}", visible(&p.white))));
            details.push(Line::raw(format!("Black: {}", visible(&p.black))));
        }
        details.push(Line::raw(format!(
            "{} · {}",
            plies_text(s.plies),
            result_text(s)
        )));
        details.push(Line::raw(date_text(s)));
        if let Some(clock) = &s.clock {
            details.push(Line::raw(clock_text(clock)));
        }
        details.push(Line::styled(file_name(&s.path), theme.dim()));
        let rest = Rect::new(rect.x, y, rect.width, rect.bottom().saturating_sub(y));
        Paragraph::new(details)
            .wrap(Wrap { trim: false })
            .render(rest, buf);
    }
}
