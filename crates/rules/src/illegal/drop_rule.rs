//! Why a drop from the hand is refused: one reason per rule of a
//! variant from data that bars it, in words only on the screen.

use super::PieceName;
use crate::core::{Role, Square};
use std::fmt;

/// Why a drop from the hand is not legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DropRule {
    /// The side to act holds no such piece; `held` lists the kinds it
    /// does hold (empty: nothing in hand).
    NotInHand { piece: PieceName, held: Vec<Role> },
    /// A piece stands on the square already.
    Occupied { square: Square, piece: PieceName },
    /// A pawn never drops on its first rank or in its promotion zone
    /// (unless the variant allows either).
    PawnSquare(Square),
    /// The piece may never stand there (the variant's region for it).
    OutsideRegion { piece: PieceName, square: Square },
    /// The side's drops land only in its drop region (`dropRegion…`).
    OutsideDropRegion(Square),
    /// The file already holds as many of the side's own pieces of the
    /// kind as it may (`dropNoDoubled`, shogi's two pawns on a file).
    Doubled { piece: PieceName, file: char },
    /// The drop would give check, which drops may not (`dropChecks`).
    GivesCheck,
    /// A piece in hand must be dropped this turn (`mustDrop`).
    MustDrop,
    /// While a piece of this kind is held, only it is dropped
    /// (`mustDropType`).
    MustDropKind(PieceName),
    /// The drop would leave the side unable to have its bishops on
    /// squares of both colours (`dropOppositeColoredBishop`).
    BishopColours(Square),
}

impl fmt::Display for DropRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DropRule::NotInHand { piece, held } if held.is_empty() => {
                write!(f, "you have no {piece} in hand: your hand is empty")
            }
            DropRule::NotInHand { piece, held } => {
                let letters: Vec<String> =
                    held.iter().map(|r| r.upper_char().to_string()).collect();
                write!(
                    f,
                    "you have no {piece} in hand (in hand: {})",
                    letters.join(" ")
                )
            }
            DropRule::Occupied { square, piece } => {
                write!(
                    f,
                    "a piece is dropped only on an empty square; {square} holds a {piece}"
                )
            }
            DropRule::PawnSquare(square) => write!(
                f,
                "a pawn is never dropped on its first rank or in its promotion zone ({square})"
            ),
            DropRule::OutsideRegion { piece, square } => {
                write!(
                    f,
                    "a {piece} may never stand on {square}, so it is not dropped there"
                )
            }
            DropRule::OutsideDropRegion(square) => {
                write!(f, "{square} is outside the squares you may drop on")
            }
            DropRule::Doubled { piece, file } => write!(
                f,
                "a {piece} is not dropped on the {file}-file: it holds your own {piece} already"
            ),
            DropRule::GivesCheck => f.write_str("a drop may not give check in this variant"),
            DropRule::MustDrop => f.write_str("a piece in hand must be dropped this turn"),
            DropRule::MustDropKind(piece) => {
                write!(f, "while you hold a {piece}, only a {piece} is dropped")
            }
            DropRule::BishopColours(square) => write!(
                f,
                "your bishops must be able to stand on squares of both colours; a drop on {square} would leave them no room to"
            ),
        }
    }
}
