//! The board: where each square is on screen (shared by drawing and by mouse
//! clicks, so both always agree) and the widget that draws it.

use super::figures::{self, Figure, Sprite};
use super::theme::{Mark, Theme};
use motley_rules::core::action::spot_of;
use motley_rules::core::grid::{Grid, Grid16, GridSet, GridSquare, Spot};
use motley_rules::core::{Action, Bitboard, Board, Piece, Square};
use motley_rules::Position;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::widgets::Widget;

/// Width of the rank-label column left of the board.
const LABEL_W: u16 = 2;

/// A set of squares of a board of any size, as the screen marks them.
pub type Spots = <Grid16 as Grid>::Set;

/// Chess's squares as spots.
pub fn spots_of(squares: Bitboard) -> Spots {
    squares
        .into_iter()
        .map(spot_of)
        .fold(Spots::default(), Spots::with)
}

/// Where the board sits on screen and how big its cells are.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BoardGeom {
    pub x: u16,
    pub y: u16,
    pub cell_w: u16,
    pub cell_h: u16,
    /// Black at the bottom.
    pub flipped: bool,
    /// An extra row between the halves for a centerline.
    pub centerline: bool,
    /// The board's files and ranks (8×8 but for a variant from data).
    pub files: u8,
    pub ranks: u8,
}

impl BoardGeom {
    /// The largest board of `size` (files, ranks) that fits `area`, with
    /// cells about twice as wide as tall so squares look square. `None`
    /// if not even the smallest fits.
    pub fn fit(area: Rect, flipped: bool, centerline: bool, size: (u8, u8)) -> Option<BoardGeom> {
        let (files, ranks) = (u16::from(size.0), u16::from(size.1));
        let extra_rows = 1 + u16::from(centerline);
        let mut h = 1u16;
        while ranks * (h + 1) + extra_rows <= area.height
            && LABEL_W + files * (2 * (h + 1) + 1) <= area.width
        {
            h += 1;
        }
        let geom = BoardGeom {
            x: area.x,
            y: area.y,
            cell_w: 2 * h + 1,
            cell_h: h,
            flipped,
            centerline,
            files: size.0,
            ranks: size.1,
        };
        (geom.width() <= area.width && geom.height() <= area.height).then_some(geom)
    }

    /// The smallest size a board of `size` needs (width, height).
    pub fn min_size(centerline: bool, size: (u8, u8)) -> (u16, u16) {
        let (files, ranks) = (u16::from(size.0), u16::from(size.1));
        (LABEL_W + files * 3, ranks + 1 + u16::from(centerline))
    }

    /// Total width including labels.
    pub fn width(&self) -> u16 {
        LABEL_W + u16::from(self.files) * self.cell_w
    }

    /// Total height including the file labels (and centerline row).
    pub fn height(&self) -> u16 {
        u16::from(self.ranks) * self.cell_h + 1 + u16::from(self.centerline)
    }

    fn screen_col(&self, spot: Spot) -> u16 {
        let f = spot.file() as u16;
        if self.flipped {
            u16::from(self.files) - 1 - f
        } else {
            f
        }
    }

    fn screen_row(&self, spot: Spot) -> u16 {
        let r = spot.rank() as u16;
        if self.flipped {
            r
        } else {
            u16::from(self.ranks) - 1 - r
        }
    }

    /// The screen row that the centerline sits above.
    fn half(&self) -> u16 {
        u16::from(self.ranks) / 2
    }

    fn row_y(&self, row: u16) -> u16 {
        self.y + row * self.cell_h + u16::from(self.centerline && row >= self.half())
    }

    /// Is `spot` on this board?
    pub fn holds(&self, spot: Spot) -> bool {
        spot.file() < self.files as i8 && spot.rank() < self.ranks as i8
    }

    /// Every square of the board.
    pub fn spots(&self) -> impl Iterator<Item = Spot> + '_ {
        (0..self.ranks as i8)
            .flat_map(move |r| (0..self.files as i8).filter_map(move |f| Spot::from_coords(f, r)))
    }

    /// The screen cells of a square.
    pub fn cell(&self, spot: Spot) -> Rect {
        Rect {
            x: self.x + LABEL_W + self.screen_col(spot) * self.cell_w,
            y: self.row_y(self.screen_row(spot)),
            width: self.cell_w,
            height: self.cell_h,
        }
    }

    /// The square under a screen position, if any.
    pub fn square_at(&self, col: u16, row: u16) -> Option<Spot> {
        let bx = col.checked_sub(self.x + LABEL_W)?;
        let sc = bx / self.cell_w;
        if sc >= u16::from(self.files) {
            return None;
        }
        let by = row.checked_sub(self.y)?;
        let line = if self.centerline {
            let half = self.half() * self.cell_h;
            if by < half {
                by
            } else if by == half {
                return None;
            } else {
                by - 1
            }
        } else {
            by
        };
        let sr = line / self.cell_h;
        if sr >= u16::from(self.ranks) {
            return None;
        }
        let (file, rank) = if self.flipped {
            (u16::from(self.files) - 1 - sc, sr)
        } else {
            (sc, u16::from(self.ranks) - 1 - sr)
        };
        Spot::from_coords(file as i8, rank as i8)
    }

    /// The square `df` files and `dr` ranks from `spot`, if on the board.
    pub fn offset(&self, spot: Spot, df: i8, dr: i8) -> Option<Spot> {
        spot.offset(df, dr).filter(|s| self.holds(*s))
    }

    /// The screen step for "up" / "right" in board terms, given the flip.
    pub fn step(&self, screen_dx: i8, screen_dy: i8) -> (i8, i8) {
        if self.flipped {
            (-screen_dx, screen_dy)
        } else {
            (screen_dx, -screen_dy)
        }
    }
}

/// Everything highlighted on the board.
#[derive(Clone, Debug, Default)]
pub struct Marks {
    pub cursor: Option<Spot>,
    pub selected: Option<Spot>,
    pub destinations: Spots,
    pub last_move: Vec<Spot>,
    pub check: Option<Spot>,
    pub flipped: Spots,
    /// A goal region's squares (a variant from data's flag).
    pub goal: Spots,
    /// A region the rules draw: a promotion zone, a palace.
    pub zone: Spots,
    /// The engine's suggested move (hint or analysis).
    pub best: Vec<Spot>,
    /// A premove's from and to squares, waiting for its turn.
    pub premove: Vec<Spot>,
}

impl Marks {
    /// The background mark of a square (destinations are drawn as glyphs).
    pub fn mark_of(&self, sq: Spot) -> Option<Mark> {
        if self.check == Some(sq) {
            Some(Mark::Check)
        } else if self.selected == Some(sq) {
            Some(Mark::Selected)
        } else if self.cursor == Some(sq) {
            Some(Mark::Cursor)
        } else if self.premove.contains(&sq) {
            Some(Mark::Premove)
        } else if self.best.contains(&sq) {
            Some(Mark::Best)
        } else if self.flipped.contains(sq) {
            Some(Mark::Flipped)
        } else if self.last_move.contains(&sq) {
            Some(Mark::LastMove)
        } else if self.goal.contains(sq) {
            Some(Mark::Goal)
        } else if self.zone.contains(sq) {
            Some(Mark::Zone)
        } else {
            None
        }
    }
}

/// How pieces are drawn, as the rules describe them
/// ([`motley_rules::facts::BoardLook`] and the square marks).
#[derive(Clone, Debug)]
pub struct PieceLook {
    /// Every piece in one colour: where a piece stands says whose it is.
    pub same_look: bool,
    /// Squares whose pieces have their strong powers (bold, underlined, `+`).
    pub strong: Spots,
    /// Squares whose pieces have their weak powers (dim, `-`).
    pub weak: Spots,
    /// Squares of promoted pieces, which turn back when taken (`+`).
    pub promoted: Spots,
    /// The figure of the piece in the knight's slot, for multi-cell figures.
    pub knight: Figure,
    /// The family's names of the sides, for the halves of a centerline.
    pub side_names: [&'static str; 2],
}

impl Default for PieceLook {
    fn default() -> Self {
        PieceLook {
            same_look: false,
            strong: Spots::default(),
            weak: Spots::default(),
            promoted: Spots::default(),
            knight: Figure::default(),
            side_names: ["White", "Black"],
        }
    }
}

/// Squares this many rows tall or more draw multi-cell figures (when the
/// figure design fits) and marks down their whole edges; smaller ones draw
/// one glyph.
pub const FIGURE_MIN_ROWS: u16 = 5;

/// The pieces a board shows, square by square, on a board of any size:
/// what the widget draws, made from a position or an editor's draft.
#[derive(Clone, Debug)]
pub struct BoardPicture {
    files: u8,
    pieces: Vec<Option<Piece>>,
}

impl BoardPicture {
    /// Chess's 8×8 board.
    pub fn of_board(board: &Board) -> BoardPicture {
        BoardPicture::made((8, 8), |spot| {
            Square::from_coords(spot.file(), spot.rank()).and_then(|sq| board.piece_at(sq))
        })
    }

    /// A position's board, whatever its size.
    pub fn of_position<P: Position>(pos: &P) -> BoardPicture {
        BoardPicture::made(pos.board_size(), |spot| pos.piece_on(spot))
    }

    fn made(size: (u8, u8), piece: impl Fn(Spot) -> Option<Piece>) -> BoardPicture {
        let (files, ranks) = size;
        let pieces = (0..ranks as i8)
            .flat_map(|r| (0..files as i8).map(move |f| (f, r)))
            .map(|(f, r)| Spot::from_coords(f, r).and_then(&piece))
            .collect();
        BoardPicture { files, pieces }
    }

    /// The piece on `spot`.
    pub fn piece_at(&self, spot: Spot) -> Option<Piece> {
        let (f, r) = (spot.file() as usize, spot.rank() as usize);
        if f >= usize::from(self.files) {
            return None;
        }
        self.pieces
            .get(r * usize::from(self.files) + f)
            .copied()
            .flatten()
    }
}

/// The board widget.
pub struct BoardView<'a> {
    pub board: &'a BoardPicture,
    pub geom: BoardGeom,
    pub marks: &'a Marks,
    pub look: &'a PieceLook,
    pub theme: &'a Theme,
}

/// Writes inside the area the widget was given, never past it.
struct Painter<'b> {
    buf: &'b mut Buffer,
    clip: Rect,
}

impl Painter<'_> {
    fn put(&mut self, x: u16, y: u16, s: &str, style: Style) {
        let c = self.clip;
        if x < c.right() && y < c.bottom() && x >= c.x && y >= c.y {
            self.buf
                .set_stringn(x, y, s, (c.right() - x) as usize, style);
        }
    }

    fn put_char(&mut self, x: u16, y: u16, ch: char, style: Style) {
        let mut tmp = [0u8; 4];
        self.put(x, y, ch.encode_utf8(&mut tmp), style);
    }

    /// Draw a sprite centred in `area`: half blocks (two pixel rows per
    /// text row), or with `ascii` one `#` pair per pixel.
    fn sprite(&mut self, area: Rect, sprite: &Sprite, ascii: bool, style: Style) {
        if ascii {
            let left = area.x + area.width.saturating_sub(2 * sprite.width as u16) / 2;
            let top = area.y + area.height.saturating_sub(sprite.height as u16) / 2;
            for y in 0..sprite.height {
                for x in 0..sprite.width {
                    if sprite.at(x as isize, y as isize) {
                        self.put(left + 2 * x as u16, top + y as u16, "##", style);
                    }
                }
            }
            return;
        }
        let left = area.x + area.width.saturating_sub(sprite.width as u16) / 2;
        let top_px = (2 * area.height as usize).saturating_sub(sprite.height) / 2;
        let rows = figures::half_block_rows(sprite, top_px, area.height as usize);
        for (dy, row) in rows.iter().enumerate() {
            for (dx, cell) in row.iter().enumerate() {
                if let Some(ch) = cell {
                    self.put_char(left + dx as u16, area.y + dy as u16, *ch, style);
                }
            }
        }
    }
}

/// Where a figure may go in a square: all of it but the edge columns,
/// which carry the marks.
fn figure_area(r: Rect) -> Rect {
    Rect::new(r.x + 1, r.y, r.width.saturating_sub(2), r.height)
}

/// The pixels a figure area offers (half blocks: one column, two rows per
/// cell; letters: two columns, one row).
fn pixel_room(area: Rect, ascii: bool) -> (usize, usize) {
    if ascii {
        (usize::from(area.width / 2), usize::from(area.height))
    } else {
        (usize::from(area.width), 2 * usize::from(area.height))
    }
}

impl Widget for BoardView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let g = self.geom;
        let t = self.theme;
        let clip = area.intersection(buf.area);
        let mut p = Painter { buf, clip };
        for spot in g.spots() {
            self.draw_square(&mut p, spot);
        }
        // Rank labels and file labels.
        for rank in 0..g.ranks {
            if let Some(spot) = Spot::from_coords(0, rank as i8) {
                let r = g.cell(spot);
                let label = format!("{:<2}", rank + 1);
                p.put(g.x, r.y + r.height / 2, &label, t.coords());
            }
        }
        for file in 0..g.files {
            if let Some(spot) = Spot::from_coords(file as i8, 0) {
                let r = g.cell(spot);
                let letter = char::from(b'a' + file);
                p.put_char(r.x + r.width / 2, g.y + g.height() - 1, letter, t.coords());
            }
        }
        if g.centerline {
            draw_centerline(&mut p, g, self.look.side_names, t);
        }
    }
}

/// A centerline between the halves, naming them on the line itself: the
/// far half above it, the near half below (`side_names`: the first
/// player's half is ranks 1–4).
fn draw_centerline(p: &mut Painter, g: BoardGeom, side_names: [&str; 2], t: &Theme) {
    let y = g.y + g.half() * g.cell_h;
    let w = u16::from(g.files) * g.cell_w;
    let line: String = std::iter::repeat_n('━', w as usize).collect();
    p.put(g.x + LABEL_W, y, &line, t.centerline());
    p.put(g.x, y, "══", t.centerline());
    let [south, north] = side_names;
    let (far, near) = if g.flipped {
        (south, north)
    } else {
        (north, south)
    };
    let initial = |name: &str| name.chars().next().unwrap_or('?');
    let label = format!(" ▲ {far} ━━ {near} ▼ ");
    let short = format!(" ▲{} ━ {}▼ ", initial(far), initial(near));
    for text in [label.as_str(), short.as_str()] {
        let lw = text.chars().count() as u16;
        // Keep at least three cells of line on each side of the label.
        if lw + 6 <= w {
            p.put(g.x + LABEL_W + (w - lw) / 2, y, text, t.centerline());
            break;
        }
    }
}

impl BoardView<'_> {
    fn draw_square(&self, p: &mut Painter, sq: Spot) {
        let t = self.theme;
        let r = self.geom.cell(sq);
        let mark = self.marks.mark_of(sq);
        let dark = (sq.file() + sq.rank()) % 2 == 0;
        let bg = t.square(dark, mark);
        let fill = t.empty_fill(dark);
        let line: String = std::iter::repeat_n(fill, r.width as usize).collect();
        for dy in 0..r.height {
            p.put(r.x, r.y + dy, &line, bg);
        }
        let (mid_x, mid_y) = (r.x + r.width / 2, r.y + r.height / 2);
        let big = r.height >= FIGURE_MIN_ROWS;
        let dest = self.marks.destinations.contains(sq);
        let piece = self.board.piece_at(sq);
        // The edge columns: a mark's characters, or a capture's parentheses
        // (down the whole edge on big squares).
        let (mut left, mut right, mut edge_style) = {
            let (l, rt) = t.mark_chars(mark);
            (l, rt, bg)
        };
        if dest && piece.is_some() {
            (left, right, edge_style) = ('(', ')', bg.patch(t.destination()));
        }
        let edge_rows = if big {
            r.y..r.bottom()
        } else {
            mid_y..mid_y + 1
        };
        let mut badge_at = None;
        match piece {
            Some(pc) => {
                let style = bg.patch(self.piece_style(sq, pc));
                let figure = if big {
                    self.draw_figure(p, r, pc, style)
                } else {
                    None
                };
                if let Some(top_row_free) = figure {
                    // Top right; in words when the figure leaves room.
                    badge_at = Some((r.right() - 1, r.y, top_row_free && r.width >= 12));
                } else {
                    if fill != ' ' && r.width >= 3 {
                        p.put(mid_x - 1, mid_y, "   ", bg);
                    }
                    let glyph = t.piece_glyph(pc, self.look.same_look, self.look.knight);
                    p.put_char(mid_x, mid_y, glyph, style);
                    badge_at = if r.width >= 5 {
                        Some((mid_x + 1, mid_y, false))
                    } else if right == ' ' {
                        Some((r.right() - 1, mid_y, false))
                    } else {
                        None
                    };
                }
            }
            None if dest => {
                let style = bg.patch(t.destination());
                if big {
                    let d = usize::from(r.height) * 2 / 3;
                    let dot = Sprite::from_fn(d, d, |x, y| {
                        let (cx, cy) = (
                            2 * x as isize + 1 - d as isize,
                            2 * y as isize + 1 - d as isize,
                        );
                        cx * cx + cy * cy <= (d * d) as isize
                    });
                    p.sprite(figure_area(r), &dot, t.ascii, style);
                } else {
                    p.put(mid_x, mid_y, "•", style);
                }
            }
            None => {}
        }
        if left != ' ' {
            for y in edge_rows {
                p.put_char(r.x, y, left, edge_style);
                p.put_char(r.right() - 1, y, right, edge_style);
            }
        }
        let strength = if self.look.strong.contains(sq) {
            Some(true)
        } else if self.look.weak.contains(sq) {
            Some(false)
        } else {
            None
        };
        let promoted = self.look.promoted.contains(sq);
        let badge = match (strength, promoted) {
            (Some(true), _) => Some(["+", "+ strong"]),
            (Some(false), _) => Some(["-", "- weak"]),
            (None, true) => Some(["+", "+ promoted"]),
            (None, false) => None,
        };
        if let (Some(badge), Some(pc), Some((x, y, words))) = (badge, piece, badge_at) {
            let badge = badge[usize::from(words)];
            // `x` is where the badge ends.
            let x = x + 1 - badge.len() as u16;
            p.put(x, y, badge, bg.patch(self.piece_style(sq, pc)));
        }
    }

    /// Draw a piece as a multi-cell figure if one fits the square; then
    /// whether the figure left the square's top row free.
    fn draw_figure(&self, p: &mut Painter, r: Rect, pc: Piece, style: Style) -> Option<bool> {
        let t = self.theme;
        let area = figure_area(r);
        let (w, h) = pixel_room(area, t.ascii);
        let figure = Figure::of(pc.role, self.look.knight)?;
        let outline = t.outline(pc, self.look.same_look);
        let sprite = figures::sprite(figure, outline, w, h)?;
        p.sprite(area, &sprite, t.ascii, style);
        // Pixel rows above the figure (it is centred), two per text row
        // with half blocks, one with letters.
        let above = h.saturating_sub(sprite.height) / 2;
        Some(above >= if t.ascii { 1 } else { 2 })
    }

    /// A piece's colour; pieces marked strong are bold and underlined,
    /// weak ones dim.
    fn piece_style(&self, sq: Spot, pc: Piece) -> Style {
        let style = self.theme.piece(pc.color, self.look.same_look);
        if self.look.strong.contains(sq) {
            style.add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
        } else if self.look.weak.contains(sq) {
            style
                .remove_modifier(Modifier::BOLD)
                .add_modifier(Modifier::DIM)
        } else {
            style
        }
    }
}

/// The squares of an action to highlight: a move's from and to, a
/// placement's square; nothing for buying, passing or rolling.
pub fn action_squares(action: &Action) -> Vec<Spot> {
    match action.spots() {
        Some((from, to)) if from == to && action.placed_on_spot().is_some() => vec![to],
        Some((from, to)) if !action.is_pass() => vec![from, to],
        _ => Vec::new(),
    }
}
