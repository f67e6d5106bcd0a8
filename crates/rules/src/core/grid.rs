//! Boards of any size for the data engine: a [`Grid`] names the square
//! and square-set types a board of up to its capacity is played with, so
//! that one generator, generic over the grid, serves 8×8 with 64-bit
//! sets (chess's own [`Square`] and [`Bitboard`], nothing lost) and
//! larger boards with 128- and 256-bit sets (docs/architecture.md,
//! "Boards of every size").
//!
//! A board smaller than its grid sits in the grid's lower left corner;
//! the squares beyond it are never occupied, and what lands there is cut
//! away with the board's mask ([`crate::fairy::FairyRules::board`]).
//! Lines only move away from the board once they leave it, so a slider's
//! reach over the grid, cut to the board, is its reach on the board.

use super::attacks;
use super::bitboard::Bitboard;
use super::types::{Color, Square};
use super::zobrist;
use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

mod wide;

pub use wide::{Cell, Grid12, Grid16, WideSet};

/// A square of any board up to 16×16, numbered as the 16×16 grid numbers
/// them: what the game's moves on boards of other sizes than 8×8 name
/// ([`crate::core::Action::Wide`]) and what a screen's cursor is.
pub type Spot = Cell<16, 4>;

/// The largest board played: 16 files by 16 ranks.
pub const MAX_SIDE: u8 = 16;

/// A square of a grid: its number in the grid's sets and its coordinates.
pub trait GridSquare: Copy + Eq + Ord + Hash + Debug + Display + Send + Sync + 'static {
    /// The square's bit in its grid's sets.
    fn index(self) -> usize;
    /// Its file, from 0 (a).
    fn file(self) -> i8;
    /// Its rank, from 0 (the first).
    fn rank(self) -> i8;
    /// The square at `file` and `rank`, if the grid has it.
    fn from_coords(file: i8, rank: i8) -> Option<Self>;
    /// The square `df` files and `dr` ranks away, if the grid has it.
    #[inline]
    fn offset(self, df: i8, dr: i8) -> Option<Self> {
        Self::from_coords(self.file() + df, self.rank() + dr)
    }
    /// A square written as files a–p and ranks 1–16 (`a1`, `j10`).
    fn parse(text: &str) -> Option<Self> {
        let (file, rank) = parse_coords(text)?;
        Self::from_coords(file, rank)
    }
}

/// The file and rank of `a1` … `p16`, without a grid to check them in.
pub fn parse_coords(text: &str) -> Option<(i8, i8)> {
    let bytes = text.as_bytes();
    let (&f, digits) = bytes.split_first()?;
    let f = f.to_ascii_lowercase();
    if !(b'a'..b'a' + MAX_SIDE).contains(&f)
        || digits.is_empty()
        || digits.len() > 2
        || digits[0] == b'0'
        || !digits.iter().all(u8::is_ascii_digit)
    {
        return None;
    }
    let rank: u8 = std::str::from_utf8(digits).ok()?.parse().ok()?;
    (1..=MAX_SIDE)
        .contains(&rank)
        .then_some(((f - b'a') as i8, rank as i8 - 1))
}

/// A set of a grid's squares: the currency of move generation.
pub trait GridSet:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + IntoIterator<Item = <Self as GridSet>::Sq>
{
    /// The squares it holds.
    type Sq: GridSquare;
    /// No square.
    const EMPTY: Self;
    /// Every square of the grid.
    const FULL: Self;
    /// One square.
    fn from_square(sq: Self::Sq) -> Self;
    /// Whether it holds `sq`.
    fn contains(self, sq: Self::Sq) -> bool;
    /// How many squares.
    fn count(self) -> u32;
    /// Whether it holds more than one square.
    fn more_than_one(self) -> bool;
    /// The lowest-numbered square.
    fn first(self) -> Option<Self::Sq>;
    /// Every square moved by `delta` bits, the grid's number of squares
    /// per rank for each rank; squares pushed out of the grid are lost.
    fn shift(self, delta: i32) -> Self;
    /// A shift's `delta` as [`GridSet::shift_kept`] takes it, worked out
    /// once where a leap's shift is made.
    #[inline]
    fn kept_delta(delta: i32) -> i32 {
        delta
    }
    /// [`GridSet::shift`] of a set the caller has cut so that no square
    /// leaves the grid (a leap's shift), by a delta from
    /// [`GridSet::kept_delta`]: a rotation where that is quicker.
    #[inline]
    fn shift_kept(self, delta: i32) -> Self {
        self.shift(delta)
    }
    /// The squares of rank `r` (0 = the first) in the whole grid.
    fn rank(r: i8) -> Self;
    /// The squares of file `f` (0 = a) in the whole grid.
    fn file(f: i8) -> Self;
    /// Whether it is empty.
    #[inline]
    fn is_empty(self) -> bool {
        self == Self::EMPTY
    }
    /// Whether it holds any square.
    #[inline]
    fn any(self) -> bool {
        self != Self::EMPTY
    }
    /// Its one square, if it holds exactly one.
    #[inline]
    fn single(self) -> Option<Self::Sq> {
        if self.more_than_one() {
            None
        } else {
            self.first()
        }
    }
    /// Whether it holds at least `n` squares, without counting them all.
    #[inline]
    fn at_least(self, n: usize) -> bool {
        self.into_iter().nth(n.saturating_sub(1)).is_some() || n == 0
    }
    /// Whether any of its squares passes `f`.
    #[inline]
    fn any_square(self, f: impl FnMut(Self::Sq) -> bool) -> bool {
        self.into_iter().any(f)
    }
    /// Adds `sq`.
    #[inline]
    fn insert(&mut self, sq: Self::Sq) {
        *self |= Self::from_square(sq);
    }
    /// Removes `sq`.
    #[inline]
    fn remove(&mut self, sq: Self::Sq) {
        *self &= !Self::from_square(sq);
    }
    /// The set with `sq` added.
    #[inline]
    fn with(self, sq: Self::Sq) -> Self {
        self | Self::from_square(sq)
    }
    /// The set with `sq` removed.
    #[inline]
    fn without(self, sq: Self::Sq) -> Self {
        self & !Self::from_square(sq)
    }
}

/// A board's shape as the generator sees it: its square and set types,
/// how many files and ranks it holds at most, and its line attacks.
pub trait Grid: Copy + Clone + Debug + Default + PartialEq + Eq + Send + Sync + 'static {
    /// Its squares.
    type Sq: GridSquare;
    /// Its sets of squares.
    type Set: GridSet<Sq = Self::Sq>;
    /// One value per square of the grid, kept inline so that a
    /// position's copy stays one block of memory.
    type Cells<T: Copy + Debug>: Copy + Debug + AsRef<[T]> + AsMut<[T]>;
    /// The most files a board of the grid has.
    const FILES: u8;
    /// The most ranks a board of the grid has.
    const RANKS: u8;
    /// Every cell holding `value`.
    fn cells<T: Copy + Debug>(value: T) -> Self::Cells<T>;
    /// The square numbered `index` (below the grid's number of cells).
    fn square(index: usize) -> Self::Sq;
    /// A rook's reach from `sq` through `occupied`, to the first piece
    /// in each direction.
    fn rook_attacks(sq: Self::Sq, occupied: Self::Set) -> Self::Set;
    /// A bishop's reach, as [`Grid::rook_attacks`].
    fn bishop_attacks(sq: Self::Sq, occupied: Self::Set) -> Self::Set;
    /// The squares strictly between two squares on one line (empty when
    /// they are on none).
    fn between(a: Self::Sq, b: Self::Sq) -> Self::Set;
    /// [`Grid::between`] when the squares share a rook or bishop line,
    /// `None` when they do not.
    fn line_between(a: Self::Sq, b: Self::Sq) -> Option<Self::Set>;
    /// The squares next to `sq`: where a king steps and a blast reaches.
    fn neighbours(sq: Self::Sq) -> Self::Set;
    /// The squares of rank `r` in the whole grid, from a table where the
    /// grid keeps one (what a hot loop asks).
    #[inline]
    fn rank_set(r: i8) -> Self::Set {
        Self::Set::rank(r)
    }
    /// The squares of file `f` in the whole grid, as [`Grid::rank_set`].
    #[inline]
    fn file_set(f: i8) -> Self::Set {
        Self::Set::file(f)
    }
    /// Every square of `set` moved `dx` files and `dy` ranks; those
    /// leaving the grid are lost.
    fn shifted(set: Self::Set, dx: i8, dy: i8) -> Self::Set {
        let kept = (0..Self::FILES as i8)
            .filter(|f| (0..Self::FILES as i8).contains(&(f + dx)))
            .fold(Self::Set::EMPTY, |k, f| k | Self::Set::file(f));
        (set & kept).shift(i32::from(dy) * i32::from(Self::FILES) + i32::from(dx))
    }
    /// The hash of `color`'s piece of `kind` on `sq`.
    fn piece_key(color: Color, kind: u8, sq: Self::Sq) -> u64;
    /// Every square of the grid, in number order.
    fn all() -> impl Iterator<Item = Self::Sq> {
        (0..usize::from(Self::FILES) * usize::from(Self::RANKS)).map(Self::square)
    }
    /// The squares of a board of `files` × `ranks` in the grid.
    fn board(files: u8, ranks: u8) -> Self::Set {
        Self::all()
            .filter(|sq| sq.file() < files as i8 && sq.rank() < ranks as i8)
            .fold(Self::Set::EMPTY, |set, sq| set.with(sq))
    }
}

/// Chess's grid: 8×8 and smaller boards on 64-bit sets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Grid8;

impl GridSquare for Square {
    #[inline]
    fn index(self) -> usize {
        Square::index(self)
    }
    #[inline]
    fn file(self) -> i8 {
        Square::file(self)
    }
    #[inline]
    fn rank(self) -> i8 {
        Square::rank(self)
    }
    #[inline]
    fn from_coords(file: i8, rank: i8) -> Option<Self> {
        Square::from_coords(file, rank)
    }
    #[inline]
    fn offset(self, df: i8, dr: i8) -> Option<Self> {
        Square::offset(self, df, dr)
    }
}

impl GridSet for Bitboard {
    type Sq = Square;
    const EMPTY: Self = Bitboard::EMPTY;
    const FULL: Self = Bitboard::FULL;
    #[inline]
    fn from_square(sq: Square) -> Self {
        Bitboard::from_square(sq)
    }
    #[inline]
    fn contains(self, sq: Square) -> bool {
        Bitboard::contains(self, sq)
    }
    #[inline]
    fn count(self) -> u32 {
        Bitboard::count(self)
    }
    #[inline]
    fn more_than_one(self) -> bool {
        Bitboard::more_than_one(self)
    }
    #[inline]
    fn first(self) -> Option<Square> {
        Bitboard::first(self)
    }
    #[inline]
    fn is_empty(self) -> bool {
        self.0 == 0
    }
    #[inline]
    fn any(self) -> bool {
        self.0 != 0
    }
    #[inline]
    fn insert(&mut self, sq: Square) {
        Bitboard::insert(self, sq)
    }
    #[inline]
    fn remove(&mut self, sq: Square) {
        Bitboard::remove(self, sq)
    }
    #[inline]
    fn with(self, sq: Square) -> Self {
        Bitboard::with(self, sq)
    }
    #[inline]
    fn without(self, sq: Square) -> Self {
        Bitboard::without(self, sq)
    }
    #[inline]
    fn any_square(self, f: impl FnMut(Square) -> bool) -> bool {
        Bitboard::any_square(self, f)
    }
    #[inline]
    fn shift(self, delta: i32) -> Self {
        match delta {
            d if d >= 64 || d <= -64 => Bitboard::EMPTY,
            d if d >= 0 => Bitboard(self.0 << d),
            d => Bitboard(self.0 >> -d),
        }
    }
    #[inline]
    fn kept_delta(delta: i32) -> i32 {
        delta.rem_euclid(64)
    }
    #[inline]
    fn shift_kept(self, delta: i32) -> Self {
        Bitboard(self.0.rotate_left(delta as u32))
    }
    #[inline]
    fn at_least(self, n: usize) -> bool {
        let mut rest = self.0;
        for _ in 1..n {
            if rest == 0 {
                return false;
            }
            rest &= rest - 1;
        }
        rest != 0 || n == 0
    }
    #[inline]
    fn rank(r: i8) -> Self {
        Bitboard::rank(r)
    }
    #[inline]
    fn file(f: i8) -> Self {
        Bitboard::file(f)
    }
}

impl Grid for Grid8 {
    type Sq = Square;
    type Set = Bitboard;
    type Cells<T: Copy + Debug> = [T; 64];
    const FILES: u8 = 8;
    const RANKS: u8 = 8;
    #[inline]
    fn cells<T: Copy + Debug>(value: T) -> [T; 64] {
        [value; 64]
    }
    #[inline]
    fn square(index: usize) -> Square {
        Square::new_unchecked(index as u8)
    }
    #[inline]
    fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        attacks::rook_attacks(sq, occupied)
    }
    #[inline]
    fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        attacks::bishop_attacks(sq, occupied)
    }
    #[inline]
    fn between(a: Square, b: Square) -> Bitboard {
        attacks::between(a, b)
    }
    #[inline]
    fn line_between(a: Square, b: Square) -> Option<Bitboard> {
        attacks::line(a, b).any().then(|| attacks::between(a, b))
    }
    #[inline]
    fn shifted(set: Bitboard, dx: i8, dy: i8) -> Bitboard {
        set.shifted(dx, dy)
    }
    #[inline]
    fn neighbours(sq: Square) -> Bitboard {
        attacks::king_attacks(sq)
    }
    #[inline]
    fn piece_key(color: Color, kind: u8, sq: Square) -> u64 {
        zobrist::kind_piece(color, kind, sq)
    }
}
