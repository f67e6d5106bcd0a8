//! The board: where each square is on screen (shared by drawing and by mouse
//! clicks, so both always agree) and the widget that draws it.

use super::theme::{Mark, Theme};
use crate::core::{Bitboard, Piece, Square};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::widgets::Widget;

/// Width of the rank-label column left of the board.
const LABEL_W: u16 = 2;

/// Where the board sits on screen and how big its cells are.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BoardGeom {
    pub x: u16,
    pub y: u16,
    pub cell_w: u16,
    pub cell_h: u16,
    /// Black at the bottom.
    pub flipped: bool,
    /// An extra row between ranks 4 and 5 for a centerline.
    pub centerline: bool,
}

impl BoardGeom {
    /// The largest board that fits `area`, with cells about twice as wide as
    /// tall so squares look square. `None` if not even the smallest fits.
    pub fn fit(area: Rect, flipped: bool, centerline: bool) -> Option<BoardGeom> {
        let extra_rows = 1 + u16::from(centerline);
        let mut h = 1u16;
        while 8 * (h + 1) + extra_rows <= area.height
            && LABEL_W + 8 * (2 * (h + 1) + 1) <= area.width
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
        };
        (geom.width() <= area.width && geom.height() <= area.height).then_some(geom)
    }

    /// The smallest size a board needs (width, height).
    pub fn min_size(centerline: bool) -> (u16, u16) {
        (LABEL_W + 8 * 3, 8 + 1 + u16::from(centerline))
    }

    /// Total width including labels.
    pub fn width(&self) -> u16 {
        LABEL_W + 8 * self.cell_w
    }

    /// Total height including the file labels (and centerline row).
    pub fn height(&self) -> u16 {
        8 * self.cell_h + 1 + u16::from(self.centerline)
    }

    fn screen_col(&self, sq: Square) -> u16 {
        let f = sq.file() as u16;
        if self.flipped {
            7 - f
        } else {
            f
        }
    }

    fn screen_row(&self, sq: Square) -> u16 {
        let r = sq.rank() as u16;
        if self.flipped {
            r
        } else {
            7 - r
        }
    }

    fn row_y(&self, row: u16) -> u16 {
        self.y + row * self.cell_h + u16::from(self.centerline && row >= 4)
    }

    /// The screen cells of a square.
    pub fn cell(&self, sq: Square) -> Rect {
        Rect {
            x: self.x + LABEL_W + self.screen_col(sq) * self.cell_w,
            y: self.row_y(self.screen_row(sq)),
            width: self.cell_w,
            height: self.cell_h,
        }
    }

    /// The square under a screen position, if any.
    pub fn square_at(&self, col: u16, row: u16) -> Option<Square> {
        let bx = col.checked_sub(self.x + LABEL_W)?;
        let sc = bx / self.cell_w;
        if sc >= 8 {
            return None;
        }
        let by = row.checked_sub(self.y)?;
        let line = if self.centerline {
            let half = 4 * self.cell_h;
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
        if sr >= 8 {
            return None;
        }
        let (file, rank) = if self.flipped {
            (7 - sc, sr)
        } else {
            (sc, 7 - sr)
        };
        Square::from_coords(file as i8, rank as i8)
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
    pub cursor: Option<Square>,
    pub selected: Option<Square>,
    pub destinations: Bitboard,
    pub last_move: Vec<Square>,
    pub check: Option<Square>,
    pub flipped: Bitboard,
}

impl Marks {
    /// The background mark of a square (destinations are drawn as glyphs).
    pub fn mark_of(&self, sq: Square) -> Option<Mark> {
        if self.check == Some(sq) {
            Some(Mark::Check)
        } else if self.selected == Some(sq) {
            Some(Mark::Selected)
        } else if self.cursor == Some(sq) {
            Some(Mark::Cursor)
        } else if self.flipped.contains(sq) {
            Some(Mark::Flipped)
        } else if self.last_move.contains(&sq) {
            Some(Mark::LastMove)
        } else {
            None
        }
    }
}

/// How pieces are drawn, as the rules describe them
/// ([`crate::rules::facts::BoardLook`] and the square marks).
#[derive(Clone, Debug)]
pub struct PieceLook {
    /// Every piece in one colour: where a piece stands says whose it is.
    pub same_look: bool,
    /// Squares whose pieces have their strong powers (bold, underlined, `+`).
    pub strong: Bitboard,
    /// Squares whose pieces have their weak powers (dim, `-`).
    pub weak: Bitboard,
    /// The family's names of the sides, for the halves of a centerline.
    pub side_names: [&'static str; 2],
}

impl Default for PieceLook {
    fn default() -> Self {
        PieceLook {
            same_look: false,
            strong: Bitboard::EMPTY,
            weak: Bitboard::EMPTY,
            side_names: ["White", "Black"],
        }
    }
}

/// The board widget.
pub struct BoardView<'a> {
    pub board: &'a crate::core::Board,
    pub geom: BoardGeom,
    pub marks: &'a Marks,
    pub look: &'a PieceLook,
    pub theme: &'a Theme,
}

impl Widget for BoardView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let g = self.geom;
        let t = self.theme;
        let clip = area.intersection(buf.area);
        let put = |buf: &mut Buffer, x: u16, y: u16, s: &str, style: Style| {
            if x < clip.right() && y < clip.bottom() && x >= clip.x && y >= clip.y {
                buf.set_stringn(x, y, s, (clip.right() - x) as usize, style);
            }
        };
        for sq in Square::all() {
            let r = g.cell(sq);
            let mark = self.marks.mark_of(sq);
            let bg = t.square(sq.is_dark(), mark);
            let piece = self.board.piece_at(sq);
            let fill = t.empty_fill(sq.is_dark());
            let line: String = std::iter::repeat_n(fill, r.width as usize).collect();
            for dy in 0..r.height {
                put(buf, r.x, r.y + dy, &line, bg);
            }
            let mid_y = r.y + r.height / 2;
            let mid_x = r.x + r.width / 2;
            let (l, rt) = t.mark_chars(mark);
            if l != ' ' {
                put(buf, r.x, mid_y, &l.to_string(), bg);
                put(buf, r.right() - 1, mid_y, &rt.to_string(), bg);
            }
            let dest = self.marks.destinations.contains(sq);
            match piece {
                Some(p) => {
                    let (glyph, style) = self.piece_cell(sq, p);
                    if fill != ' ' && r.width >= 3 {
                        put(buf, mid_x - 1, mid_y, "   ", bg);
                    }
                    put(buf, mid_x, mid_y, &glyph.to_string(), bg.patch(style));
                    let badge = if self.look.strong.contains(sq) {
                        Some("+")
                    } else if self.look.weak.contains(sq) {
                        Some("-")
                    } else {
                        None
                    };
                    if let (Some(badge), true) = (badge, r.width >= 5) {
                        put(buf, mid_x + 1, mid_y, badge, bg.patch(style));
                    }
                    if dest {
                        put(buf, r.x, mid_y, "(", bg.patch(t.destination()));
                        put(buf, r.right() - 1, mid_y, ")", bg.patch(t.destination()));
                    }
                }
                None if dest => {
                    put(buf, mid_x, mid_y, "•", bg.patch(t.destination()));
                }
                None => {}
            }
        }
        // Rank labels and file labels.
        for i in 0..8u8 {
            let Some(rank_sq) = Square::from_coords(0, i as i8) else {
                continue;
            };
            let r = g.cell(rank_sq);
            put(
                buf,
                g.x,
                r.y + r.height / 2,
                &rank_sq.rank_char().to_string(),
                t.coords(),
            );
            let Some(file_sq) = Square::from_coords(i as i8, 0) else {
                continue;
            };
            let r = g.cell(file_sq);
            put(
                buf,
                r.x + r.width / 2,
                g.y + g.height() - 1,
                &file_sq.file_char().to_string(),
                t.coords(),
            );
        }
        if g.centerline {
            let y = g.y + 4 * g.cell_h;
            let line: String = std::iter::repeat_n('━', (8 * g.cell_w) as usize).collect();
            put(buf, g.x + LABEL_W, y, &line, t.centerline());
            put(buf, g.x, y, "══", t.centerline());
            // Name the halves on the line itself: the far half above it,
            // the near half below.
            let [south, north] = self.look.side_names;
            let (far, near) = if g.flipped {
                (south, north)
            } else {
                (north, south)
            };
            let initial = |name: &str| name.chars().next().unwrap_or('?');
            let label = format!(" ▲ {far} ━━ {near} ▼ ");
            let short = format!(" ▲{} ━ {}▼ ", initial(far), initial(near));
            let w = 8 * g.cell_w;
            for text in [label.as_str(), short.as_str()] {
                let lw = text.chars().count() as u16;
                if lw + 2 <= w {
                    put(buf, g.x + LABEL_W + (w - lw) / 2, y, text, t.centerline());
                    break;
                }
            }
        }
    }
}

impl BoardView<'_> {
    fn piece_cell(&self, sq: Square, p: Piece) -> (char, Style) {
        let t = self.theme;
        let glyph = t.glyph(p, self.look.same_look);
        let mut style = t.piece(p.color, self.look.same_look);
        if self.look.strong.contains(sq) {
            style = style.add_modifier(Modifier::BOLD | Modifier::UNDERLINED);
        } else if self.look.weak.contains(sq) {
            style = style
                .remove_modifier(Modifier::BOLD)
                .add_modifier(Modifier::DIM);
        }
        (glyph, style)
    }
}
