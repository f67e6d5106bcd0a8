//! The parts both game screens (play and replay) are made of: the layout
//! (shared with the mouse handlers, so a click lands where the thing was
//! drawn), the board, the side panel with status, the family's panel and
//! the move list, the message line and the clickable key bar.

use super::base::Message;
use super::board::{BoardGeom, BoardPicture, BoardView, Marks, PieceLook};
use super::keymap::{help_rows, HelpRow, KeyBinding, KeyHint};
use super::move_list::{MoveList, MoveRows};
use super::panels::{self, PositionFacts};
use super::popup::{titled_block, TextPopup};
use super::rules_text;
use super::theme::Theme;
use super::wrap::{wrap_line, Flow};
use crossterm::event::KeyCode;
use motley_ai::analysis::Mark;
use motley_game::variant::VariantDef;
use motley_game::Game;
use motley_records::tree::Cursor;
use motley_rules::core::grid::Spot;
use motley_rules::core::{Action, Piece};
use motley_rules::{AnyPosition, Describe};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// Side panel width bounds.
const SIDE_MIN: u16 = 34;

/// The side panel's width when a large board needs the room (16×16 at
/// 80×24): the panel's lines wrap, the board is whole.
const SIDE_NARROW: u16 = 24;

/// Rows the move list keeps (borders and three moves) while the side
/// panel's state fits beside them.
const LIST_ROWS: u16 = 5;

/// Where a wrapped side panel line continues: under its text, two columns
/// in, so a continuation reads as one.
const PANEL_HANG: usize = 2;

/// Where everything on a game screen goes.
#[derive(Clone, Debug)]
pub struct PageLayout {
    /// The top row.
    pub title: Rect,
    /// The board's squares, when it fits.
    pub board: Option<BoardGeom>,
    /// The terminal size the board needs, when it does not fit.
    pub board_needs: Option<(u16, u16)>,
    /// Status, the family's panel and the move list.
    pub side: Rect,
    /// The message (or prompt) rows: as many as the message needs.
    pub message: Rect,
    /// The key bar row.
    pub hints: Rect,
    /// Clickable key labels in the key bar.
    pub buttons: Vec<(Rect, KeyCode)>,
}

impl PageLayout {
    /// Split a screen: title row, board left, panel right, the message
    /// (wrapped onto as many rows as it needs) and the key bar at the
    /// bottom. `centerline` reserves the row of a
    /// family's centerline; `board` is the board's files and ranks.
    pub fn new(
        size: (u16, u16),
        (flipped, centerline): (bool, bool),
        board: (u8, u8),
        hints: &[KeyHint],
        message: Option<&str>,
    ) -> PageLayout {
        let board_size = board;
        let area = Rect::new(0, 0, size.0, size.1);
        let title = Rect::new(0, 0, area.width, 1.min(area.height));
        // The board keeps its smallest size: the message takes what is left.
        let board_rows = BoardGeom::min_size(centerline, board_size).1;
        let spare = area.height.saturating_sub(2 + board_rows).max(1);
        let message_rows = message
            .map_or(1, |m| wrap_words(m, area.width).len() as u16)
            .clamp(1, spare);
        let body = Rect::new(
            0,
            1,
            area.width,
            area.height.saturating_sub(2 + message_rows),
        );
        let board_area = |side: u16| {
            Rect::new(
                body.x + 1,
                body.y,
                body.width.saturating_sub(side + 2),
                body.height,
            )
        };
        let board = BoardGeom::fit(board_area(SIDE_MIN), flipped, centerline, board_size)
            .or_else(|| BoardGeom::fit(board_area(SIDE_NARROW), flipped, centerline, board_size));
        let board_needs = board.is_none().then(|| {
            let (w, h) = BoardGeom::min_size(centerline, board_size);
            (w + SIDE_NARROW + 3, h + 2 + message_rows)
        });
        let board_w = board.map(|g| g.width() + 2).unwrap_or(0);
        let side = Rect::new(
            board_w + 1,
            body.y,
            area.width.saturating_sub(board_w + 1),
            body.height,
        );
        let message = Rect::new(
            0,
            area.height.saturating_sub(1 + message_rows),
            area.width,
            message_rows,
        );
        let hints_rect = Rect::new(0, area.height.saturating_sub(1), area.width, 1);
        PageLayout {
            title,
            board,
            board_needs,
            side,
            message,
            hints: hints_rect,
            buttons: buttons(hints_rect, hints),
        }
    }

    /// The key a click on the key bar stands for.
    pub fn button_at(&self, col: u16, row: u16) -> Option<KeyCode> {
        self.buttons
            .iter()
            .find(|(r, _)| r.contains((col, row).into()))
            .map(|(_, c)| *c)
    }
}

/// Text broken into rows of at most `width` columns at spaces (a word
/// longer than a row is broken inside), each row starting with a space:
/// how a message is shown in full.
pub fn wrap_words(text: &str, width: u16) -> Vec<String> {
    let width = usize::from(width.max(2));
    let mut rows: Vec<String> = Vec::new();
    let mut row = String::from(" ");
    let mut len = 1;
    for word in text.split_whitespace() {
        let mut chars: Vec<char> = word.chars().collect();
        let fits = len + usize::from(len > 1) + chars.len() <= width;
        if !fits && len > 1 {
            rows.push(std::mem::replace(&mut row, String::from(" ")));
            len = 1;
        }
        if len > 1 {
            row.push(' ');
            len += 1;
        }
        while len + chars.len() > width {
            let rest = chars.split_off(width - len);
            row.extend(chars);
            rows.push(std::mem::replace(&mut row, String::from(" ")));
            len = 1;
            chars = rest;
        }
        len += chars.len();
        row.extend(chars);
    }
    rows.push(row);
    rows
}

/// Where the key bar's labels go. Hints are taken by rank while they
/// fit (one that does not fit leaves room for a less important, shorter
/// one), so rank 0 — help — always shows; they are drawn in the order
/// listed, two spaces apart, or one where that shows more (or more
/// important) keys.
fn placed(area: Rect, hints: &[KeyHint]) -> Vec<(Rect, usize)> {
    let width = |i: usize| {
        let KeyHint { key, label, .. } = hints[i];
        (key.chars().count() + label.chars().count() + 1) as u16
    };
    let mut by_rank: Vec<usize> = (0..hints.len()).collect();
    by_rank.sort_by_key(|&i| hints[i].rank);
    let pick = |gap: u16| -> Vec<usize> {
        let mut used = 0u16;
        let mut chosen = Vec::new();
        for &i in &by_rank {
            let need = width(i) + if chosen.is_empty() { 0 } else { gap };
            if used + need <= area.width {
                used += need;
                chosen.push(i);
            }
        }
        chosen.sort_unstable();
        chosen
    };
    let (wide, narrow) = (pick(2), pick(1));
    // One space apart only where that shows more, or more important, keys.
    let worth = |set: &[usize]| {
        let ranks: u32 = set.iter().map(|&i| u32::from(hints[i].rank)).sum();
        (set.len(), std::cmp::Reverse(ranks))
    };
    let (gap, chosen) = if worth(&narrow) > worth(&wide) {
        (1, narrow)
    } else {
        (2, wide)
    };
    let mut x = area.x;
    chosen
        .into_iter()
        .map(|i| {
            let r = Rect::new(x, area.y, width(i), 1);
            x += width(i) + gap;
            (r, i)
        })
        .collect()
}

/// Clickable key labels of the key bar: where each shown one is, and its
/// key.
pub fn buttons(area: Rect, hints: &[KeyHint]) -> Vec<(Rect, KeyCode)> {
    placed(area, hints)
        .into_iter()
        .map(|(r, i)| (r, hints[i].code))
        .collect()
}

/// The key bar: as many hints as fit, by priority.
pub struct KeyBar<'a> {
    pub hints: &'a [KeyHint],
    pub theme: &'a Theme,
}

impl Widget for KeyBar<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        for (rect, i) in placed(area, self.hints) {
            let KeyHint { key, label, .. } = self.hints[i];
            buf.set_string(rect.x, rect.y, key, self.theme.key());
            let x = rect.x + key.chars().count() as u16 + 1;
            buf.set_string(x, rect.y, label, self.theme.dim());
        }
    }
}

/// Width of a key table's key column, with the gap after it.
const KEY_COLUMN: usize = 18;

/// The rows of a key table: a key, then what it does, wrapped under its
/// own text (not under the key).
fn key_lines(rows: impl Iterator<Item = HelpRow>, theme: &Theme) -> Vec<Flow> {
    rows.map(|HelpRow { keys, what }| {
        let line = Line::from(vec![
            Span::styled(format!("{keys:>16}  "), theme.key()),
            Span::raw(what.to_string()),
        ]);
        Flow::hanging(line, KEY_COLUMN)
    })
    .collect()
}

/// A help popup: the help rows of a screen's key table.
pub fn keys_popup<'a, A, C>(
    title: &'a str,
    table: &[KeyBinding<A, C>],
    scroll: u16,
    theme: &'a Theme,
) -> TextPopup<'a> {
    TextPopup {
        title,
        text: key_lines(help_rows(table), theme),
        scroll,
        theme,
    }
}

/// A variant's rules in a popup.
pub fn rules_popup<'a>(def: &'a VariantDef, scroll: u16, theme: &'a Theme) -> TextPopup<'a> {
    TextPopup {
        title: &def.name,
        text: rules_text(def),
        scroll,
        theme,
    }
}

/// A variant's rules text, under its name and inventor, as flowing text
/// ([`rules_text::parse`] reads the file's convention).
fn rules_text(def: &VariantDef) -> Vec<Flow> {
    let by = match (&def.inventor, def.year) {
        (i, Some(y)) if !i.is_empty() => format!(" — {i}, {y}"),
        (i, None) if !i.is_empty() => format!(" — {i}"),
        _ => String::new(),
    };
    let mut v = vec![
        Flow::hanging(Line::raw(format!("{}{by}", def.name)), 0),
        Flow::blank(),
    ];
    v.extend(rules_text::parse(&def.rules_text()));
    v
}

/// Draw the message rows: every cell of `area` is written, blanks past
/// the text included, so nothing of an earlier or wider message (or of
/// anything under the rows) stays beside a shorter one.
/// What the screen calls a game's variant: its name, and the number of
/// its Chess960 start position when it began from one (`Chess960 #518`).
pub fn variant_title(game: &Game) -> String {
    let name = &game.variant().name;
    match game.chess960_number() {
        Some(n) => format!("{name} #{n}"),
        None => name.clone(),
    }
}

pub fn render_message(lines: Vec<Line<'static>>, area: Rect, buf: &mut Buffer) {
    ratatui::widgets::Clear.render(area, buf);
    let width = usize::from(area.width);
    let padded: Vec<Line<'static>> = lines
        .into_iter()
        .map(|mut line| {
            let used = line.width();
            if used < width {
                line.spans.push(Span::raw(" ".repeat(width - used)));
            }
            line
        })
        .collect();
    Paragraph::new(padded).render(area, buf);
}

/// A message in full, wrapped to `width` columns, styled as news or as a
/// refusal.
pub fn message_lines(m: &Message, width: u16, theme: &Theme) -> Vec<Line<'static>> {
    let style = m.style(theme);
    wrap_words(&m.text, width)
        .into_iter()
        .map(|row| Line::styled(row, style))
        .collect()
}

/// The board of a game in position `pos`, with the family's marks and
/// looks and `adjust`'s own marks (cursor, selection) on top.
pub fn draw_board(
    buf: &mut Buffer,
    geom: BoardGeom,
    pos: &AnyPosition,
    last: Option<&Action>,
    adjust: impl FnOnce(&mut Marks),
    theme: &Theme,
) {
    let mut marks = panels::position_marks(pos, last);
    adjust(&mut marks);
    draw_marked_board(buf, geom, pos, &marks, &panels::piece_look(pos), theme);
}

/// The board in position `pos` with the marks and the look worked out
/// already ([`PositionFacts`] and the screen's own marks).
pub fn draw_marked_board(
    buf: &mut Buffer,
    geom: BoardGeom,
    pos: &AnyPosition,
    marks: &Marks,
    look: &PieceLook,
    theme: &Theme,
) {
    BoardView {
        board: &BoardPicture::of_position(pos),
        geom,
        marks,
        look,
        theme,
    }
    .render(Rect::new(geom.x, geom.y, geom.width(), geom.height()), buf);
}

/// The line that says the board did not fit and what it needs: the
/// first of the side panel's, where the board would be.
pub fn board_needs_line(needs: Option<(u16, u16)>, theme: &Theme) -> Option<Line<'static>> {
    let (w, h) = needs?;
    Some(Line::styled(
        format!("The board needs a terminal of {w}×{h} or more: enlarge it to see the board"),
        theme.error(),
    ))
}

/// The move list's title: " Moves ", with the legend of the effect marks
/// the game's moves show when it fits in `width` columns.
fn moves_title(moves: &MoveList, width: u16, theme: &Theme) -> String {
    let legend = moves.legend(theme.ascii);
    if !legend.is_empty() && legend_fits_title(&legend, width) {
        format!(" Moves · {legend} ")
    } else {
        " Moves ".to_string()
    }
}

/// Whether the legend fits the move list's title in `width` columns.
fn legend_fits_title(legend: &str, width: u16) -> bool {
    format!(" Moves · {legend} ").chars().count() <= usize::from(width)
}

/// A box's title for a box `width` wide: the name, shortened with "…"
/// where it would run into the corner.
fn box_title(name: &str, width: u16) -> String {
    let room = usize::from(width.saturating_sub(4));
    if name.chars().count() <= room {
        return format!(" {name} ");
    }
    let short: String = name.chars().take(room.saturating_sub(1)).collect();
    format!(" {short}… ")
}

/// A ply's text on screen, for clicks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ScreenHit {
    /// Its first column.
    pub x0: u16,
    /// Its last column, exclusive.
    pub x1: u16,
    /// Its row.
    pub y: u16,
    /// The ply count after it.
    pub ply: usize,
}

/// The side panel: status lines and the family's panel on top, the move
/// list under them.
pub struct SidePanel<'a> {
    pub game: &'a Game,
    /// The game's move list.
    pub moves: &'a MoveList,
    /// The rules' facts of the position the family's panel describes.
    pub facts: &'a PositionFacts,
    pub status: Vec<Line<'static>>,
    /// The ply highlighted and kept in view (replay), or `None` to follow
    /// the newest move, scrolled up by `scroll` rows.
    pub current: Option<usize>,
    pub scroll: u16,
    /// The square the family's panel explains (cursor or selection).
    pub focus: Option<Spot>,
    /// An analysis's mark of each ply (index = ply − 1), shown after the
    /// moves; empty without analysis.
    pub marks: &'a [Option<Mark>],
    /// The game's tree of variations, shown instead of the plain move
    /// list (the replay viewer, when the game has one).
    pub tree: Option<TreeShown<'a>>,
    pub theme: &'a Theme,
}

/// A tree of variations to show as the move list: the game whose main
/// line it hangs on, the tree, and the place shown.
#[derive(Clone, Copy)]
pub struct TreeShown<'a> {
    /// The game whose moves are the tree's main line.
    pub game: &'a Game,
    /// The tree.
    pub tree: &'a motley_records::GameTree,
    /// The place shown, highlighted.
    pub at: &'a Cursor,
    /// The tree's rows as last laid out, and the tree's revision (the
    /// rows are laid out again only when it changes).
    pub memo: &'a super::tree_view::TreeRowsMemo,
    pub revision: u64,
}

impl SidePanel<'_> {
    /// The top part's rows and rectangle, and the move list's rectangle.
    /// The top part's lines are wrapped to its width, a continuation under
    /// its line's text. It shows everything it has: while it fits beside a
    /// move list of [`LIST_ROWS`], a blank row parts the status from the
    /// family's panel; where it does not, that row goes and the move list
    /// gives up rows, down to its borders.
    fn parts(&self, area: Rect) -> (Vec<Line<'static>>, Rect, Rect) {
        let inner_w = usize::from(area.width.saturating_sub(2));
        let rows = |lines: &[Line<'static>]| -> Vec<Line<'static>> {
            lines
                .iter()
                .flat_map(|l| wrap_line(l, inner_w, PANEL_HANG))
                .collect()
        };
        let mut top = rows(&self.status);
        let panel = match self.game.position_at(self.facts.ply) {
            Some(pos) => rows(&panels::variant_panel(
                self.facts, pos, self.focus, self.theme,
            )),
            None => Vec::new(),
        };
        let room = usize::from(area.height.saturating_sub(LIST_ROWS + 2));
        if !top.is_empty() && !panel.is_empty() && top.len() + 1 + panel.len() <= room {
            top.push(Line::raw(""));
        }
        top.extend(panel);
        let need = u16::try_from(top.len())
            .unwrap_or(u16::MAX)
            .saturating_add(2);
        let top_h = need
            .min(area.height.saturating_sub(2).max(3))
            .min(area.height);
        let top_rect = Rect::new(area.x, area.y, area.width, top_h);
        let list_rect = Rect::new(area.x, area.y + top_h, area.width, area.height - top_h);
        (top, top_rect, list_rect)
    }

    /// The legend of the move list's marks when it does not fit its title
    /// (a narrow panel): shown as the list's last row instead, so no mark
    /// is left unexplained.
    fn legend_row(&self, list_rect: Rect) -> Option<String> {
        let legend = self.moves.legend(self.theme.ascii);
        let fits = legend_fits_title(&legend, list_rect.width.saturating_sub(2));
        let room = list_rect.height >= 4;
        (self.tree.is_none() && !legend.is_empty() && !fits && room).then_some(legend)
    }

    /// The visible rows of the move list and where each shown ply is.
    fn move_list(&self, list_rect: Rect) -> (Vec<Line<'static>>, Vec<ScreenHit>) {
        let inner_w = list_rect.width.saturating_sub(2);
        let legend_rows = usize::from(self.legend_row(list_rect).is_some());
        let visible = (list_rect.height.saturating_sub(2) as usize).saturating_sub(legend_rows);
        if let Some(t) = &self.tree {
            let (shown, _) = tree_list(t, list_rect, self.theme);
            return (shown, Vec::new());
        }
        let laid_out = self
            .moves
            .rows(self.current, self.marks, inner_w, self.theme);
        let MoveRows {
            lines: rows,
            current_row: cur,
            hits,
        } = &*laid_out;
        let cur = *cur;
        let start = if self.current.is_some() {
            // Keep the current ply in view.
            cur.saturating_sub(visible / 2)
                .min(rows.len().saturating_sub(visible))
        } else {
            rows.len()
                .saturating_sub(visible)
                .saturating_sub(self.scroll as usize)
        };
        let screen_hits = hits
            .iter()
            .filter(|h| h.row >= start && h.row < start + visible)
            .map(|h| ScreenHit {
                x0: list_rect.x + 1 + h.x0,
                x1: list_rect.x + 1 + h.x1,
                y: list_rect.y + 1 + (h.row - start) as u16,
                ply: h.ply,
            })
            .collect();
        let shown = rows.iter().skip(start).take(visible).cloned().collect();
        (shown, screen_hits)
    }

    /// The place in the tree whose move is shown at a screen position,
    /// when the panel is drawn in `area` with a tree.
    pub fn tree_at(&self, area: Rect, col: u16, row: u16) -> Option<Cursor> {
        let t = self.tree.as_ref()?;
        let (_, _, list_rect) = self.parts(area);
        let (_, hits) = tree_list(t, list_rect, self.theme);
        hits.into_iter()
            .find(|h| row == h.y && col >= h.x0 && col < h.x1)
            .map(|h| h.at)
    }

    /// The piece in hand shown at a screen position (its letter in the
    /// family's panel), when the panel is drawn in `area`: where a drop is
    /// started with the mouse. `None` where the line is wrapped.
    pub fn hand_at(&self, area: Rect, col: u16, row: u16) -> Option<Piece> {
        let hands = self.facts.hands()?;
        let pos = self.game.position_at(self.facts.ply)?;
        let (text, pieces) = panels::hand_line(hands, pos.side_names());
        let (top, top_rect, _) = self.parts(area);
        let inside = |at: u16, start: u16, len: u16| at > start && at < start + len - 1;
        if !inside(row, top_rect.y, top_rect.height) || !inside(col, top_rect.x, top_rect.width) {
            return None;
        }
        let line = top.get(usize::from(row - top_rect.y - 1))?;
        let shown: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
        if shown != text {
            return None;
        }
        pieces
            .get(usize::from(col - top_rect.x - 1))
            .copied()
            .flatten()
    }

    /// The ply whose move is shown at a screen position, when the panel is
    /// drawn in `area`.
    pub fn ply_at(&self, area: Rect, col: u16, row: u16) -> Option<usize> {
        let (_, _, list_rect) = self.parts(area);
        let (_, hits) = self.move_list(list_rect);
        hits.iter()
            .find(|h| row == h.y && col >= h.x0 && col < h.x1)
            .map(|h| h.ply)
    }
}

/// Where a move of a tree is on screen.
struct TreeScreenHit {
    x0: u16,
    x1: u16,
    y: u16,
    at: Cursor,
}

/// The rows of a tree shown in `list_rect` (inside its border), the move
/// shown kept in view, and where each visible move is on screen.
fn tree_list(
    t: &TreeShown<'_>,
    list_rect: Rect,
    theme: &Theme,
) -> (Vec<Line<'static>>, Vec<TreeScreenHit>) {
    let inner_w = list_rect.width.saturating_sub(2);
    let visible = usize::from(list_rect.height.saturating_sub(2));
    let rows = t.memo.rows(t.game, t.tree, t.revision, inner_w, theme);
    let window = rows.window(t.at, visible, theme);
    let start = window.start;
    let on_screen = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
    let hits = window
        .hits
        .iter()
        .map(|h| {
            let x = |c: usize| list_rect.x.saturating_add(1).saturating_add(on_screen(c));
            let y = list_rect.y + 1 + on_screen(h.row - start);
            TreeScreenHit {
                x0: x(h.x0),
                x1: x(h.x1),
                y,
                at: h.at.clone(),
            }
        })
        .collect();
    (window.lines, hits)
}

impl Widget for SidePanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.width < 4 || area.height < 4 {
            return;
        }
        let (top, top_rect, list_rect) = self.parts(area);
        let (shown, _) = self.move_list(list_rect);
        let name = box_title(&variant_title(self.game), area.width);
        Paragraph::new(top)
            .block(titled_block(name, self.theme))
            .render(top_rect, buf);
        let title = moves_title(self.moves, list_rect.width.saturating_sub(2), self.theme);
        Paragraph::new(shown)
            .block(titled_block(title, self.theme))
            .render(list_rect, buf);
        if let Some(legend) = self.legend_row(list_rect) {
            let row = Rect::new(
                list_rect.x + 1,
                list_rect.bottom() - 2,
                list_rect.width - 2,
                1,
            );
            Paragraph::new(Line::styled(legend, self.theme.dim())).render(row, buf);
        }
    }
}
