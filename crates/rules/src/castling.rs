//! Castling explained: why a side cannot castle, in the terms of its
//! family's castling rule (FIDE's rights, or the positional rulings of
//! Chicken and Monochrome), as a [`CastlingBlock`]. Typed `O-O`, `Kg1` and
//! `e1g1` all come here, so each gets the same reason.

use super::illegal::{CastlingBlock, FamilyName, PositionalGap};
use crate::core::movegen::{castle_bit, castle_geometry};
use crate::core::{Board, Color, Piece, Role, Square};

/// FIDE-rights families: why `turn` cannot castle when its king is not on
/// its home square (the right went with the king's first move); `None`
/// when the king is at home, so the castling move itself is explained.
pub fn king_left_home(board: &Board, turn: Color) -> Option<CastlingBlock> {
    let home = castle_geometry(turn, true).king_from;
    let kings = board.by_piece(Piece::new(turn, Role::King));
    if kings.contains(home) {
        return None;
    }
    Some(match kings.first() {
        Some(at) => CastlingBlock::KingMoved {
            color: turn,
            at,
            home,
        },
        None => CastlingBlock::NoKing(turn),
    })
}

/// FIDE-rights families: why the right to castle on one side is gone
/// while the king stands at home. The position does not record which
/// piece moved, so the board says what it can: a rook missing from its
/// corner, else that the king or that rook moved earlier (even there and
/// back).
pub fn lost_right(board: &Board, turn: Color, kingside: bool) -> CastlingBlock {
    let g = castle_geometry(turn, kingside);
    if board.piece_at(g.rook_from) != Some(Piece::new(turn, Role::Rook)) {
        return CastlingBlock::RookGone {
            color: turn,
            kingside,
        };
    }
    CastlingBlock::RightLost {
        color: turn,
        kingside,
    }
}

/// The side (`true`: kingside) of the castling whose king move is `from`
/// to `to`, when a king of `turn` stands on `from`; `None` for any other
/// move. Typed text is judged by its squares, as castling is written.
pub fn castling_side(board: &Board, turn: Color, from: Square, to: Square) -> Option<bool> {
    if board.piece_at(from) != Some(Piece::new(turn, Role::King)) {
        return None;
    }
    [true, false].into_iter().find(|&kingside| {
        let g = castle_geometry(turn, kingside);
        g.king_from == from && g.king_to == to
    })
}

/// Rights families: the right itself, if it is gone ([`lost_right`]).
pub fn right_gone(board: &Board, turn: Color, rights: u8, kingside: bool) -> Option<CastlingBlock> {
    (rights & castle_bit(turn, kingside) == 0).then(|| lost_right(board, turn, kingside))
}

/// The positional rulings (Chicken, Monochrome): castling needs a king of
/// `turn` on its home square, its own rook in that side's corner and every
/// square between them empty, nothing else. Why one of those fails, with
/// `family` naming the ruling; `None` when all hold.
pub fn positional_why(
    board: &Board,
    turn: Color,
    kingside: bool,
    family: FamilyName,
) -> Option<CastlingBlock> {
    let g = castle_geometry(turn, kingside);
    let gap = if board.piece_at(g.king_from) != Some(Piece::new(turn, Role::King)) {
        PositionalGap::NoKing
    } else if board.piece_at(g.rook_from) != Some(Piece::new(turn, Role::Rook)) {
        PositionalGap::NoRook
    } else {
        PositionalGap::Occupied((g.must_be_empty & board.occupied()).first()?)
    };
    Some(CastlingBlock::Positional {
        family,
        color: turn,
        kingside,
        gap,
    })
}
