//! Multi-cell piece figures for squares with room: one pixel design per
//! piece kind, scaled by whole numbers to fit a square and
//! drawn with half-block characters (two square pixels per cell) or, for
//! letters-only terminals, with `#` (one pixel per two cells). White's
//! figures are outlines of the filled shapes Black gets, so the sides
//! differ by shape as well as by colour.

use motley_rules::core::Role;

/// What a piece looks like: the six roles, and the pieces some variants
/// put in the knight's slot.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Figure {
    Pawn,
    #[default]
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
    /// The (1,3) leaper (Jamal).
    Camel,
    /// Dabbaba + alfil (Daffy), drawn as an elephant (alfil).
    Da,
    /// The (2,4) double knight: two knight heads.
    DoubleKnight,
}

impl Figure {
    /// Every figure.
    pub const ALL: [Figure; 9] = [
        Figure::Pawn,
        Figure::Knight,
        Figure::Bishop,
        Figure::Rook,
        Figure::Queen,
        Figure::King,
        Figure::Camel,
        Figure::Da,
        Figure::DoubleKnight,
    ];

    /// The figure of a role, with `knight` standing in the knight's slot;
    /// `None` for a kind from data, which is drawn by its letter.
    pub fn of(role: Role, knight: Figure) -> Option<Figure> {
        Some(match role {
            Role::Pawn => Figure::Pawn,
            Role::Knight => knight,
            Role::Bishop => Figure::Bishop,
            Role::Rook => Figure::Rook,
            Role::Queen => Figure::Queen,
            Role::King => Figure::King,
            _ => return None,
        })
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// The designs above their base, 9×8 pixels; with [`BASE`] they are 9×10
/// (an 11×5-cell square), scaled up by whole numbers on bigger squares.
const DESIGNS: [[&str; 8]; 9] = [
    [
        ".........",
        ".........",
        "...###...",
        "..#####..",
        "..#####..",
        "...###...",
        "...###...",
        "..#####..",
    ],
    [
        "...##....",
        "..####...",
        ".######..",
        "##.#####.",
        "########.",
        "#..#####.",
        "...#####.",
        "..######.",
    ],
    [
        "....#....",
        "...###...",
        "..##.##..",
        "..#.###..",
        "..#####..",
        "...###...",
        "....#....",
        "..#####..",
    ],
    [
        ".........",
        ".........",
        ".##.#.##.",
        ".#######.",
        "..#####..",
        "..#####..",
        "..#####..",
        "..#####..",
    ],
    [
        "#...#...#",
        ".#..#..#.",
        ".#.###.#.",
        ".#######.",
        "..#####..",
        "...###...",
        "...###...",
        "..#####..",
    ],
    [
        "....#....",
        "...###...",
        "....#....",
        ".##.#.##.",
        "#########",
        "#########",
        ".#######.",
        "..#####..",
    ],
    [
        ".###.....",
        "##.#.....",
        "...#..#..",
        "...#.###.",
        "...######",
        "...######",
        "...#.#..#",
        "...#.#..#",
    ],
    [
        ".........",
        "...#####.",
        "..#######",
        ".##.#####",
        "##..#####",
        "#...#####",
        "#...##.##",
        "##..##.##",
    ],
    [
        "..#...#..",
        ".##...##.",
        "###...###",
        "#.##.##.#",
        "..##.##..",
        ".###.###.",
        ".###.###.",
        "..#####..",
    ],
];

/// The pedestal every figure stands on: the bottom rows of each design.
const BASE: [&str; 2] = [".#######.", "#########"];

/// A figure as pixels, ready to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sprite {
    pub width: usize,
    pub height: usize,
    /// Row-major, `true` where the figure is.
    pixels: Vec<bool>,
}

impl Sprite {
    fn from_rows(rows: &[&str], scale: usize) -> Sprite {
        let height = rows.len() * scale;
        let width = rows.first().map_or(0, |r| r.len()) * scale;
        let mut pixels = vec![false; width * height];
        for (y, px) in pixels.chunks_mut(width.max(1)).enumerate() {
            let row = rows[y / scale].as_bytes();
            for (x, p) in px.iter_mut().enumerate() {
                *p = row[x / scale] == b'#';
            }
        }
        Sprite {
            width,
            height,
            pixels,
        }
    }

    /// Whether the pixel at (x, y) is set; outside is unset.
    pub fn at(&self, x: isize, y: isize) -> bool {
        x >= 0
            && y >= 0
            && (x as usize) < self.width
            && (y as usize) < self.height
            && self.pixels[y as usize * self.width + x as usize]
    }

    /// The outline: the pixels of the figure next to a pixel outside it
    /// (above, below, left or right).
    pub fn outline(&self) -> Sprite {
        let mut out = self.clone();
        for y in 0..self.height as isize {
            for x in 0..self.width as isize {
                let inner = [(0, 1), (0, -1), (1, 0), (-1, 0)]
                    .iter()
                    .all(|(dx, dy)| self.at(x + dx, y + dy));
                if inner {
                    out.pixels[y as usize * self.width + x as usize] = false;
                }
            }
        }
        out
    }

    /// How many pixels are set.
    #[cfg(test)]
    pub fn count(&self) -> usize {
        self.pixels.iter().filter(|p| **p).count()
    }

    /// A sprite of the given size with pixels from `f(x, y)`.
    pub fn from_fn(width: usize, height: usize, f: impl Fn(usize, usize) -> bool) -> Sprite {
        let pixels = (0..width * height)
            .map(|i| f(i % width, i / width))
            .collect();
        Sprite {
            width,
            height,
            pixels,
        }
    }
}

/// The largest drawing of `figure` that fits `width`×`height` pixels (its
/// design at the largest whole scale that fits); `None` if the design does
/// not fit at all. `outline` gives White's look.
pub fn sprite(figure: Figure, outline: bool, width: usize, height: usize) -> Option<Sprite> {
    let design = &DESIGNS[figure.index()];
    let rows: [&str; 10] = std::array::from_fn(|k| match design.get(k) {
        Some(row) => row,
        None => BASE[k - design.len()],
    });
    let scale = (width / rows[0].len()).min(height / rows.len());
    if scale == 0 {
        return None;
    }
    let filled = Sprite::from_rows(&rows, scale);
    Some(if outline { filled.outline() } else { filled })
}

/// Text rows drawing `sprite` with half blocks, two pixel rows per text
/// row, starting at pixel row `top` (which may be odd); `None` cells are
/// left for the background.
pub fn half_block_rows(sprite: &Sprite, top: usize, rows: usize) -> Vec<Vec<Option<char>>> {
    (0..rows)
        .map(|r| {
            (0..sprite.width)
                .map(|x| {
                    let y = 2 * r as isize - top as isize;
                    let (up, down) = (sprite.at(x as isize, y), sprite.at(x as isize, y + 1));
                    match (up, down) {
                        (true, true) => Some('█'),
                        (true, false) => Some('▀'),
                        (false, true) => Some('▄'),
                        (false, false) => None,
                    }
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_design_is_rectangular_and_distinct() {
        for (i, d) in DESIGNS.iter().enumerate() {
            assert!(
                d.iter().chain(&BASE).all(|r| r.len() == d[0].len()),
                "{:?}",
                Figure::ALL[i]
            );
            for (j, e) in DESIGNS.iter().enumerate().skip(i + 1) {
                assert_ne!(d, e, "{:?} and {:?}", Figure::ALL[i], Figure::ALL[j]);
            }
        }
    }

    #[test]
    fn outlines_differ_visibly_from_filled_figures_at_every_size() {
        for figure in Figure::ALL {
            for (w, h) in [(9, 10), (12, 15), (18, 20), (23, 24), (40, 30)] {
                let filled = sprite(figure, false, w, h).unwrap();
                let outline = sprite(figure, true, w, h).unwrap();
                assert!(filled.width <= w && filled.height <= h);
                // At least a tenth of the figure is hollow in the outline.
                let hollow = filled.count() - outline.count();
                assert!(
                    hollow * 10 >= filled.count(),
                    "{figure:?} at {w}x{h}: only {hollow} of {} pixels hollow",
                    filled.count()
                );
            }
        }
    }

    #[test]
    fn the_largest_fitting_design_is_chosen() {
        assert_eq!(sprite(Figure::King, false, 8, 10), None);
        assert_eq!(sprite(Figure::King, false, 9, 9), None);
        let m = sprite(Figure::King, false, 9, 10).unwrap();
        assert_eq!((m.width, m.height), (9, 10));
        let l = sprite(Figure::King, false, 23, 24).unwrap();
        assert_eq!((l.width, l.height), (18, 20));
    }

    #[test]
    fn half_blocks_pair_pixel_rows() {
        let s = Sprite::from_fn(2, 3, |x, y| (x + y) % 2 == 0);
        // Rows: "#." / ".#" / "#." starting one pixel down.
        let rows = half_block_rows(&s, 1, 2);
        assert_eq!(rows[0], vec![Some('▄'), None]);
        assert_eq!(rows[1], vec![Some('▄'), Some('▀')]);
    }
}
