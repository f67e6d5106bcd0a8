//! A set of squares as a 64-bit word; the currency of move generation.

use super::types::Square;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares, bit i = square i (a1 = bit 0).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);
    /// Dark squares (a1 dark).
    pub const DARK: Bitboard = Bitboard(0xAA55_AA55_AA55_AA55);
    /// Light squares.
    pub const LIGHT: Bitboard = Bitboard(!0xAA55_AA55_AA55_AA55);
    /// Ranks 1–4: South's half in Monochrome.
    pub const SOUTH_HALF: Bitboard = Bitboard(0x0000_0000_FFFF_FFFF);
    /// Ranks 5–8: North's half in Monochrome.
    pub const NORTH_HALF: Bitboard = Bitboard(0xFFFF_FFFF_0000_0000);

    /// The set holding one square.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1u64 << sq.index_const())
    }

    /// All squares of rank 0..8.
    #[inline]
    pub const fn rank(r: i8) -> Bitboard {
        Bitboard(0xFFu64 << (8 * (r as u32 & 7)))
    }

    /// All squares of file 0..8.
    #[inline]
    pub const fn file(f: i8) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101u64 << (f as u32 & 7))
    }

    /// True when no square is in the set.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when at least one square is in the set.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Number of squares.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Membership test.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1u64 << sq.index_const()) != 0
    }

    /// More than one square in the set.
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square, if any.
    #[inline]
    pub fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new_unchecked(self.0.trailing_zeros() as u8))
        }
    }

    /// The single square of a one-square set (lowest square otherwise).
    #[inline]
    pub fn single(self) -> Option<Square> {
        if self.more_than_one() {
            None
        } else {
            self.first()
        }
    }

    /// Add a square.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1u64 << sq.index();
    }

    /// Remove a square.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1u64 << sq.index());
    }

    /// Toggle a square.
    #[inline]
    pub fn toggle(&mut self, sq: Square) {
        self.0 ^= 1u64 << sq.index();
    }

    /// Set with a square added (by value).
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | (1u64 << sq.index_const()))
    }

    /// Set with a square removed (by value).
    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1u64 << sq.index_const()))
    }

    /// Does any square of the set satisfy `f`? (A set is consumed as it is
    /// iterated; this reads a copy.)
    #[inline]
    pub fn any_square(self, f: impl FnMut(Square) -> bool) -> bool {
        let mut squares = self;
        Iterator::any(&mut squares, f)
    }

    /// Shift every square one rank up (towards rank 8).
    #[inline]
    pub const fn north(self) -> Bitboard {
        Bitboard(self.0 << 8)
    }

    /// Shift every square one rank down (towards rank 1).
    #[inline]
    pub const fn south(self) -> Bitboard {
        Bitboard(self.0 >> 8)
    }

    /// Every square moved by `delta` square indices (positive: toward h8);
    /// squares pushed off the board vanish, and callers mask off the files
    /// a sideways step would wrap across.
    #[inline]
    pub const fn shift(self, delta: i8) -> Bitboard {
        if delta >= 0 {
            Bitboard(self.0 << delta)
        } else {
            Bitboard(self.0 >> -delta)
        }
    }
}

/// Per file step `dx + 7`: the files a step of `dx` files keeps on the
/// board, so that [`Bitboard::shifted`] never wraps round an edge.
const KEPT_FILES: [u64; 15] = {
    let mut kept = [0u64; 15];
    let mut i = 0;
    while i < 15 {
        let dx = i as i8 - 7;
        let mut file = 0;
        while file < 8 {
            if file + dx >= 0 && file + dx < 8 {
                kept[i] |= 0x0101_0101_0101_0101u64 << file;
            }
            file += 1;
        }
        i += 1;
    }
    kept
};

impl Bitboard {
    /// Every square moved `dx` files and `dy` ranks; squares moved off
    /// the board vanish. Moves a whole set of leapers at once.
    #[inline]
    pub const fn shifted(self, dx: i8, dy: i8) -> Bitboard {
        if dx < -7 || dx > 7 || dy < -7 || dy > 7 {
            return Bitboard(0);
        }
        Bitboard(self.0 & KEPT_FILES[(dx + 7) as usize]).shift(dy * 8 + dx)
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square::new_unchecked(self.0.trailing_zeros() as u8);
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl Bitboard {
    /// The set of the squares given (an `Option` is none or one).
    pub fn from_squares(squares: impl IntoIterator<Item = Square>) -> Bitboard {
        squares.into_iter().collect()
    }
}

/// The set of the squares an iterator gives.
impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(squares: I) -> Bitboard {
        squares
            .into_iter()
            .fold(Bitboard::EMPTY, |set, sq| set.with(sq))
    }
}

impl From<Square> for Bitboard {
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $op:tt, $tra:ident, $fa:ident) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, &, BitAndAssign, bitand_assign);
bit_op!(BitOr, bitor, |, BitOrAssign, bitor_assign);
bit_op!(BitXor, bitxor, ^, BitXorAssign, bitxor_assign);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl std::fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Bitboard({:#018x})", self.0)
    }
}
