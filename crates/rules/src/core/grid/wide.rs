//! The wide grids, 12×10 and 16×16: squares numbered along ranks of
//! the grid's width, sets of two or four 64-bit words, and line attacks
//! from rays worked out once per grid.

use super::{Grid, GridSet, GridSquare, MAX_SIDE};
use crate::core::types::Color;
use crate::core::zobrist;
use std::fmt::{self, Debug, Display};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};
use std::sync::OnceLock;

/// A square of a wide grid of `STRIDE` files.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell<const STRIDE: u8, const WORDS: usize>(u8);

impl<const STRIDE: u8, const WORDS: usize> Cell<STRIDE, WORDS> {
    const CELLS: usize = (WORDS * 64 / STRIDE as usize) * STRIDE as usize;
}

impl Cell<16, 4> {
    /// Chess's square of the same file and rank: every 8×8 square is a
    /// spot, so a screen or a move text reads boards of every size alike.
    #[inline]
    pub fn of_square(sq: crate::core::types::Square) -> Self {
        Cell(sq.rank() as u8 * 16 + sq.file() as u8)
    }
}

impl<const STRIDE: u8, const WORDS: usize> GridSquare for Cell<STRIDE, WORDS> {
    #[inline]
    fn index(self) -> usize {
        usize::from(self.0)
    }
    #[inline]
    fn file(self) -> i8 {
        (self.0 % STRIDE) as i8
    }
    #[inline]
    fn rank(self) -> i8 {
        (self.0 / STRIDE) as i8
    }
    #[inline]
    fn from_coords(file: i8, rank: i8) -> Option<Self> {
        let ranks = (WORDS * 64 / STRIDE as usize) as i8;
        ((0..STRIDE as i8).contains(&file) && (0..ranks).contains(&rank))
            .then(|| Cell((rank as u8) * STRIDE + file as u8))
    }
}

impl<const STRIDE: u8, const WORDS: usize> Display for Cell<STRIDE, WORDS> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file() as u8) as char,
            self.rank() + 1
        )
    }
}

impl<const STRIDE: u8, const WORDS: usize> Debug for Cell<STRIDE, WORDS> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Display::fmt(self, f)
    }
}

/// A set of a wide grid's squares, `WORDS` 64-bit words.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct WideSet<const STRIDE: u8, const WORDS: usize>([u64; WORDS]);

impl<const STRIDE: u8, const WORDS: usize> Default for WideSet<STRIDE, WORDS> {
    fn default() -> Self {
        WideSet([0; WORDS])
    }
}

impl<const STRIDE: u8, const WORDS: usize> WideSet<STRIDE, WORDS> {
    /// Its highest-numbered square.
    #[inline]
    fn last(self) -> Option<Cell<STRIDE, WORDS>> {
        (0..WORDS).rev().find_map(|w| {
            let word = self.0[w];
            (word != 0).then(|| Cell((w * 64 + 63 - word.leading_zeros() as usize) as u8))
        })
    }
}

macro_rules! wide_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident) => {
        impl<const S: u8, const W: usize> $tr for WideSet<S, W> {
            type Output = Self;
            #[inline]
            fn $f(mut self, rhs: Self) -> Self {
                self.$fa(rhs);
                self
            }
        }
        impl<const S: u8, const W: usize> $tra for WideSet<S, W> {
            #[inline]
            fn $fa(&mut self, rhs: Self) {
                for (word, other) in self.0.iter_mut().zip(rhs.0) {
                    word.$fa(other);
                }
            }
        }
    };
}
wide_op!(BitAnd, bitand, BitAndAssign, bitand_assign);
wide_op!(BitOr, bitor, BitOrAssign, bitor_assign);
wide_op!(BitXor, bitxor, BitXorAssign, bitxor_assign);

impl<const S: u8, const W: usize> Not for WideSet<S, W> {
    type Output = Self;
    /// The complement within the grid: no bit beyond its cells is ever
    /// set, so that counts and iteration stay on squares.
    #[inline]
    fn not(mut self) -> Self {
        for (word, full) in self.0.iter_mut().zip(Self::FULL.0) {
            *word = !*word & full;
        }
        self
    }
}

impl<const S: u8, const W: usize> Iterator for WideSet<S, W> {
    type Item = Cell<S, W>;
    #[inline]
    fn next(&mut self) -> Option<Cell<S, W>> {
        for i in 0..W {
            let word = self.0[i];
            if word != 0 {
                self.0[i] = word & (word - 1);
                return Some(Cell((i * 64) as u8 + word.trailing_zeros() as u8));
            }
        }
        None
    }
}

impl<const S: u8, const W: usize> Debug for WideSet<S, W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(*self).finish()
    }
}

impl<const S: u8, const W: usize> GridSet for WideSet<S, W> {
    type Sq = Cell<S, W>;
    const EMPTY: Self = WideSet([0; W]);
    const FULL: Self = WideSet(full_words::<S, W>());
    #[inline]
    fn from_square(sq: Self::Sq) -> Self {
        let mut words = [0; W];
        words[sq.index() / 64] = 1 << (sq.index() % 64);
        WideSet(words)
    }
    #[inline]
    fn contains(self, sq: Self::Sq) -> bool {
        self.0[sq.index() / 64] >> (sq.index() % 64) & 1 != 0
    }
    #[inline]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    fn more_than_one(self) -> bool {
        let mut seen = false;
        for w in self.0 {
            if w != 0 {
                if seen || w & (w - 1) != 0 {
                    return true;
                }
                seen = true;
            }
        }
        false
    }
    #[inline]
    fn first(self) -> Option<Self::Sq> {
        let mut copy = self;
        copy.next()
    }
    #[inline]
    fn shift(self, delta: i32) -> Self {
        let bits = (W * 64) as i32;
        if delta >= bits || delta <= -bits {
            return Self::EMPTY;
        }
        if W == 2 {
            // Two words are one 128-bit number.
            let both = u128::from(self.0[0]) | u128::from(self.0[1]) << 64;
            let moved = match delta {
                d if d >= 0 => both << d,
                d => both >> -d,
            };
            let mut words = [0u64; W];
            words[0] = moved as u64;
            words[1] = (moved >> 64) as u64;
            return WideSet(words) & Self::FULL;
        }
        let (words, rest) = (
            (delta.unsigned_abs() / 64) as usize,
            delta.unsigned_abs() % 64,
        );
        let mut out = [0u64; W];
        for (i, slot) in out.iter_mut().enumerate() {
            let from = |j: isize| -> u64 {
                usize::try_from(j)
                    .ok()
                    .and_then(|j| self.0.get(j))
                    .copied()
                    .unwrap_or(0)
            };
            let i = i as isize;
            let w = words as isize;
            *slot = if delta >= 0 {
                let low = if rest == 0 {
                    0
                } else {
                    from(i - w - 1) >> (64 - rest)
                };
                from(i - w) << rest | low
            } else {
                let high = if rest == 0 {
                    0
                } else {
                    from(i + w + 1) << (64 - rest)
                };
                from(i + w) >> rest | high
            };
        }
        WideSet(out) & Self::FULL
    }
    fn rank(r: i8) -> Self {
        Self::FULL.filter(|sq| sq.rank() == r).collect()
    }
    fn file(f: i8) -> Self {
        Self::FULL.filter(|sq| sq.file() == f).collect()
    }
}

impl<const S: u8, const W: usize> FromIterator<Cell<S, W>> for WideSet<S, W> {
    fn from_iter<I: IntoIterator<Item = Cell<S, W>>>(squares: I) -> Self {
        squares
            .into_iter()
            .fold(Self::EMPTY, |set, sq| set.with(sq))
    }
}

/// The words of a wide grid's every cell.
const fn full_words<const S: u8, const W: usize>() -> [u64; W] {
    let mut words = [0u64; W];
    let cells = Cell::<S, W>::CELLS;
    let mut i = 0;
    while i < cells {
        words[i / 64] |= 1 << (i % 64);
        i += 1;
    }
    words
}

/// A wide grid's lines from each square, per direction: what its rook
/// and bishop reach and the squares between two squares are read from.
struct Rays<const S: u8, const W: usize> {
    /// Per square, per direction of [`DIRECTIONS`].
    lines: Vec<[WideSet<S, W>; 8]>,
    /// Each rank's squares.
    ranks: Vec<WideSet<S, W>>,
    /// Each file's squares.
    files: Vec<WideSet<S, W>>,
    /// Per file step `dx` (from −15, at `dx + 15`): the files whose
    /// squares stay in the grid when moved so.
    kept: [WideSet<S, W>; 31],
}

/// The eight directions: the rook's four, then the bishop's; the first
/// two of each go up the square numbers, the last two down.
const DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (0, 1),
    (-1, 0),
    (0, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
    (1, -1),
];

impl<const S: u8, const W: usize> Rays<S, W> {
    fn new() -> Self {
        let lines = (0..Cell::<S, W>::CELLS)
            .map(|i| {
                DIRECTIONS.map(|(dx, dy)| {
                    let mut set = WideSet::EMPTY;
                    let mut at = Cell::<S, W>(i as u8);
                    while let Some(next) = at.offset(dx, dy) {
                        set.insert(next);
                        at = next;
                    }
                    set
                })
            })
            .collect();
        let ranks: Vec<_> = (0..MAX_SIDE as i8).map(WideSet::rank).collect();
        let files: Vec<_> = (0..MAX_SIDE as i8).map(WideSet::file).collect();
        let kept = std::array::from_fn(|i| {
            let dx = i as i8 - 15;
            (0..S as i8)
                .filter(|f| (0..S as i8).contains(&(f + dx)))
                .fold(WideSet::EMPTY, |k, f| k | files[f as usize])
        });
        Rays {
            lines,
            ranks,
            files,
            kept,
        }
    }

    /// The reach along directions `dirs` through `occupied`.
    #[inline]
    fn reach(&self, sq: Cell<S, W>, occupied: WideSet<S, W>, dirs: [usize; 4]) -> WideSet<S, W> {
        let lines = &self.lines[sq.index()];
        let mut out = WideSet::EMPTY;
        for (n, d) in dirs.into_iter().enumerate() {
            let line = lines[d];
            let blockers = line & occupied;
            let blocker = if n < 2 {
                blockers.first()
            } else {
                blockers.last()
            };
            out |= match blocker {
                Some(b) => line ^ self.lines[b.index()][d],
                None => line,
            };
        }
        out
    }

    fn between(&self, a: Cell<S, W>, b: Cell<S, W>) -> Option<WideSet<S, W>> {
        let lines = &self.lines[a.index()];
        (0..8)
            .find(|&d| lines[d].contains(b))
            .map(|d| (lines[d] ^ self.lines[b.index()][d]).without(b))
    }
}

macro_rules! wide_grid {
    ($(#[$doc:meta])* $name:ident, $stride:literal, $words:literal, $cells:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $name;

        impl $name {
            fn rays() -> &'static Rays<$stride, $words> {
                static RAYS: OnceLock<Rays<$stride, $words>> = OnceLock::new();
                RAYS.get_or_init(Rays::new)
            }
        }

        impl Grid for $name {
            type Sq = Cell<$stride, $words>;
            type Set = WideSet<$stride, $words>;
            type Cells<T: Copy + Debug> = [T; $cells];
            const FILES: u8 = $stride;
            const RANKS: u8 = ($words * 64 / $stride) as u8;
            #[inline]
            fn cells<T: Copy + Debug>(value: T) -> [T; $cells] {
                [value; $cells]
            }
            #[inline]
            fn square(index: usize) -> Self::Sq {
                Cell((index % $cells) as u8)
            }
            #[inline]
            fn rook_attacks(sq: Self::Sq, occupied: Self::Set) -> Self::Set {
                Self::rays().reach(sq, occupied, [0, 1, 2, 3])
            }
            #[inline]
            fn bishop_attacks(sq: Self::Sq, occupied: Self::Set) -> Self::Set {
                Self::rays().reach(sq, occupied, [4, 5, 6, 7])
            }
            #[inline]
            fn between(a: Self::Sq, b: Self::Sq) -> Self::Set {
                Self::rays().between(a, b).unwrap_or(WideSet::EMPTY)
            }
            #[inline]
            fn line_between(a: Self::Sq, b: Self::Sq) -> Option<Self::Set> {
                Self::rays().between(a, b)
            }
            #[inline]
            fn rank_set(r: i8) -> Self::Set {
                Self::rays().ranks.get(r as usize).copied().unwrap_or(WideSet::EMPTY)
            }
            #[inline]
            fn file_set(f: i8) -> Self::Set {
                Self::rays().files.get(f as usize).copied().unwrap_or(WideSet::EMPTY)
            }
            #[inline]
            fn shifted(set: Self::Set, dx: i8, dy: i8) -> Self::Set {
                let Some(&kept) = Self::rays().kept.get((dx + 15) as usize) else {
                    return WideSet::EMPTY;
                };
                (set & kept).shift(i32::from(dy) * $stride + i32::from(dx))
            }
            fn neighbours(sq: Self::Sq) -> Self::Set {
                DIRECTIONS
                    .iter()
                    .filter_map(|&(dx, dy)| sq.offset(dx, dy))
                    .collect()
            }
            #[inline]
            fn piece_key(color: Color, kind: u8, sq: Self::Sq) -> u64 {
                let number = (color.index() * 32 + usize::from(kind)) * 256 + sq.index();
                zobrist::splitmix(0x6c62_272e_07bb_0142 ^ number as u64)
            }
        }
    };
}

wide_grid!(
    /// Boards up to 12 files by 10 ranks on 128-bit sets, as
    /// Fairy-Stockfish's large boards.
    Grid12,
    12,
    2,
    120
);

wide_grid!(
    /// Boards up to 16 by 16 on 256-bit sets: beyond any reference
    /// program.
    Grid16,
    16,
    4,
    256
);
