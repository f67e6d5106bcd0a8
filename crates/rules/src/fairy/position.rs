//! A position under [`FairyRules`]: its legal moves, the position after
//! one, how the game has ended, and perft, all as Fairy-Stockfish rules
//! them, so that its numbers are the reference (tests/fairy/perft.txt).
//!
//! This module holds the position's state and what reads it; its parts
//! are in the modules below: reading and writing FEN, attacks, the shield
//! that spares most moves a legality test, move generation, legality,
//! making a move, the endings, the counting rules and perft.

use super::{FairyRules, MAX_KINDS};
use crate::core::grid::{Grid, Grid8, GridSet, GridSquare};
use crate::core::Color;
use std::sync::Arc;

mod attacks;
mod counting;
mod ending;
mod fen;
mod generation;
mod legality;
mod make_move;
mod perft;
mod shield;

pub use ending::{FairyEnd, FairyEnding};
pub use legality::{CastleRefusal, FairyRefusal};

/// How a move is made beyond going from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FairyMoveKind {
    /// A move or capture on the destination.
    Normal,
    /// A pawn's double or triple step, or a kind's initial-only move
    /// (`i`): the squares it passes may be taken en passant.
    DoubleStep,
    /// A capture of the piece that just passed the destination.
    EnPassant,
    /// Castling, written as the king's two-square move.
    Castle,
    /// A move that promotes to this kind.
    Promotion(u8),
    /// A move on which the piece turns into its promoted kind, this one,
    /// as a shogi piece does (`promotedPieceType`): written `+`.
    PiecePromotion(u8),
    /// A promoted piece that turns back into the kind it was
    /// (`pieceDemotion`): written `-`.
    PieceDemotion,
    /// A piece of this kind put from the hand on the empty square `to`
    /// (`from` is `to` too).
    Drop(u8),
    /// A piece of this kind put from the hand turned over, as its
    /// promoted kind (`dropPromoted`): written `+` before the letter.
    PromotedDrop(u8),
    /// The turn passed (`pass`): written as the king's square twice, or
    /// the first piece's where there is no king, as Fairy-Stockfish
    /// writes it.
    Pass,
}

/// A move in a [`FairyPosition`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FairyMove<G: Grid = Grid8> {
    /// From.
    pub from: G::Sq,
    /// To.
    pub to: G::Sq,
    /// How.
    pub kind: FairyMoveKind,
}

impl<G: Grid> FairyMove<G> {
    /// The move as UCI and Fairy-Stockfish write it: from, to, and a
    /// promotion's piece letter in lower case (`e7e8q`); a drop as its
    /// letter in upper case, `@` and the square (`N@f3`).
    pub fn uci(&self, rules: &FairyRules<G>) -> String {
        match self.kind {
            FairyMoveKind::Drop(k) => format!("{}@{}", rules.letter(Color::White, k), self.to),
            FairyMoveKind::Promotion(k) => {
                format!("{}{}{}", self.from, self.to, rules.letter(Color::Black, k))
            }
            FairyMoveKind::PiecePromotion(_) => format!("{}{}+", self.from, self.to),
            FairyMoveKind::PieceDemotion => format!("{}{}-", self.from, self.to),
            FairyMoveKind::PromotedDrop(k) => {
                format!("+{}@{}", rules.letter(Color::White, k), self.to)
            }
            _ => format!("{}{}", self.from, self.to),
        }
    }
}

/// A piece: its side and kind.
type Man = (Color, u8);

/// In [`FairyPosition`]'s `unpromoted`: no piece promoted as a shogi
/// piece stands there.
const NOT_PROMOTED: u8 = u8::MAX;

/// A position under [`FairyRules`].
#[derive(Clone, Debug)]
pub struct FairyPosition<G: Grid = Grid8> {
    rules: Arc<FairyRules<G>>,
    squares: G::Cells<Option<Man>>,
    /// The zobrist key of the pieces on the board, kept as they move, so
    /// that hashing a position never scans its squares.
    board_key: u64,
    by_color: [G::Set; 2],
    by_kind: [G::Set; MAX_KINDS],
    turn: Color,
    /// White's king side, White's queen side, Black's, Black's.
    castling: [bool; 4],
    /// The squares an en passant capture may land on now.
    en_passant: G::Set,
    /// The piece an en passant capture takes.
    en_passant_victim: Option<G::Sq>,
    /// Checks each side still has to give (check counting).
    checks_left: [u32; 2],
    /// Plies since the last capture or move of an `nMoveRuleTypes` kind.
    halfmoves: u32,
    /// The move number, from 1.
    fullmoves: u32,
    /// The last move was a drop (for `shogiPawnDropMateIllegal`).
    dropped_last: bool,
    /// Each side's pieces in hand, by kind (drops).
    hands: [[u8; MAX_KINDS]; 2],
    /// Pieces that were promoted, which go to the hand as pawns.
    promoted: G::Set,
    /// Passes played in a row just before this position (two end the
    /// game in a draw, as in Fairy-Stockfish).
    passes: u8,
    /// The kind each promoted piece was before it promoted
    /// (`promotedPieceType`), by square; [`NOT_PROMOTED`] elsewhere.
    unpromoted: G::Cells<u8>,
    /// The plies the counting rule allows, 0 while nothing is counted.
    counting_limit: u32,
    /// The plies counted so far.
    counting_ply: u32,
}

impl<G: Grid> FairyPosition<G> {
    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The zobrist key of the pieces on the board (the rest of the state
    /// is the caller's to fold in, as it hashes what matters to it).
    pub fn board_key(&self) -> u64 {
        self.board_key
    }

    /// The squares of `side`'s pieces.
    pub fn side_pieces(&self, side: Color) -> G::Set {
        self.by_color[side.index()]
    }

    /// The squares of every piece.
    pub fn occupied_squares(&self) -> G::Set {
        self.occupied()
    }

    /// The piece on `sq`: its side and kind.
    pub fn piece_at(&self, sq: G::Sq) -> Option<(Color, u8)> {
        self.squares.as_ref()[sq.index()]
    }

    /// The rules it is played under.
    pub fn rules(&self) -> &Arc<FairyRules<G>> {
        &self.rules
    }

    /// The castling rights: White's king side, queen side, Black's.
    pub fn castling(&self) -> [bool; 4] {
        self.castling
    }

    /// The squares an en passant capture may land on now.
    pub fn en_passant(&self) -> G::Set {
        self.en_passant
    }

    /// Plies since the last capture or pawn move.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number, from 1.
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// Checks each side still has to give (check counting).
    pub fn checks_left(&self) -> [u32; 2] {
        self.checks_left
    }

    /// Passes played in a row just before this position.
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// The piece an en passant capture would take now.
    pub fn en_passant_victim(&self) -> Option<G::Sq> {
        self.en_passant_victim
    }

    /// How many pieces of `kind` `side` has on the board: what an
    /// evaluation of extinction asks without scanning the squares.
    pub fn count_on_board(&self, side: Color, kind: u8) -> u32 {
        self.pieces_of(side, kind).count()
    }

    /// Each side's pieces in hand, by kind.
    pub fn hand(&self, side: Color) -> &[u8; MAX_KINDS] {
        &self.hands[side.index()]
    }

    fn put(&mut self, sq: G::Sq, man: Man) {
        self.take(sq);
        self.squares.as_mut()[sq.index()] = Some(man);
        self.board_key ^= G::piece_key(man.0, man.1, sq);
        self.by_color[man.0.index()].insert(sq);
        self.by_kind[man.1 as usize].insert(sq);
    }

    fn take(&mut self, sq: G::Sq) -> Option<Man> {
        let man = self.squares.as_mut()[sq.index()].take()?;
        self.board_key ^= G::piece_key(man.0, man.1, sq);
        self.unpromoted.as_mut()[sq.index()] = NOT_PROMOTED;
        self.by_color[man.0.index()].remove(sq);
        self.by_kind[man.1 as usize].remove(sq);
        Some(man)
    }

    fn occupied(&self) -> G::Set {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares of promoted pieces: a shogi piece turned over, or a
    /// promoted pawn that goes to the hand as a pawn (crazyhouse). What a
    /// screen marks `+`.
    pub fn promoted_squares(&self) -> G::Set {
        let shogi = self
            .occupied()
            .into_iter()
            .filter(|&sq| self.is_promoted(sq))
            .fold(G::Set::default(), |set, sq| set.with(sq));
        shogi | (self.promoted & self.occupied())
    }

    /// Whether the piece on `sq` stands promoted, shogi-style.
    #[inline]
    fn is_promoted(&self, sq: G::Sq) -> bool {
        self.unpromoted_at(sq).is_some()
    }

    /// The kind the piece on `sq` was before it promoted shogi-style.
    #[inline]
    fn unpromoted_at(&self, sq: G::Sq) -> Option<u8> {
        Some(self.unpromoted.as_ref()[sq.index()]).filter(|&k| k != NOT_PROMOTED)
    }

    /// The squares of `side`'s pieces of `kind`.
    #[inline]
    pub fn pieces_of(&self, side: Color, kind: u8) -> G::Set {
        self.by_kind[kind as usize] & self.by_color[side.index()]
    }

    /// `side`'s royal kings (none where the variant has no royal kind).
    #[inline]
    pub fn royal_kings(&self, side: Color) -> G::Set {
        self.rules
            .king
            .map_or(G::Set::EMPTY, |k| self.pieces_of(side, k))
    }
}
