//! Why a position or a family's options could not be set up.

use crate::core::{Color, FenError, Role, Square};
use crate::{fairy, setup};
use thiserror::Error;

/// Why a position could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    #[error(transparent)]
    Fen(#[from] FenError),
    /// A FEN a variant from data cannot read.
    #[error("FEN: {0}")]
    FromData(#[from] fairy::FairyFenError),
    #[error("{0} has no king")]
    MissingKing(Color),
    #[error("{0} has more than one king")]
    TooManyKings(Color),
    #[error("a pawn stands on the first or last rank ({0})")]
    PawnOnBackRank(Square),
    #[error("the side not to move ({0}) is in check")]
    OppositeCheck(Color),
    #[error("castling right {0} does not match the king and rook squares")]
    BadCastling(char),
    #[error("en-passant square {0} has no pawn that just double-stepped past it")]
    BadEnPassant(Square),
    #[error("{color} has {count} pieces; at most 16 fit one set")]
    TooManyPieces { color: Color, count: u32 },
    /// Dice-Money: more of a role than one set holds (promotion brings
    /// back only lost pieces).
    #[error("Dice-Money: {color} has {count} {}s but one set has only {max} (promotion only brings back lost pieces)", .role.name())]
    MoreThanASet {
        color: Color,
        role: Role,
        count: u32,
        max: u32,
    },
    /// Monochrome: a start score over the bound.
    #[error("a Monochrome score may be at most {max}")]
    ScoreTooHigh { max: u32 },
    /// A family option beyond its bound, named by its variant-file field.
    #[error(transparent)]
    Option(#[from] OptionError),
    /// Any other reason a set-up position is refused, in its words.
    #[error("the position cannot be set up: {0}")]
    Setup(setup::SetupProblem),
}

/// A variant file's family option beyond what the family allows, named by
/// its field, so no game's arithmetic can overflow.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OptionError {
    /// Monochrome: a piece worth more than the bound.
    #[error("values.{field} is {value}; a piece may be worth at most {max}")]
    PieceValue {
        field: &'static str,
        value: u32,
        max: u32,
    },
    /// Dice-Money: an amount of money, a price or an increment over the
    /// bound.
    #[error("{field} is {value}; at most {max}")]
    Amount {
        field: &'static str,
        value: u32,
        max: u32,
    },
}
