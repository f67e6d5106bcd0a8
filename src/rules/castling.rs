//! Castling explained in words: why a side cannot castle, in the terms of
//! its family's castling rule (FIDE's rights, or the positional rulings of
//! Chicken and Monochrome), and how a castling is written. Typed `O-O`,
//! `Kg1` and `e1g1` all come here, so each gets the same reason.

use crate::core::movegen::{castle_bit, castle_geometry};
use crate::core::{Board, Color, Move, Piece, Role, Square};

/// `kingside` or `queenside`, for messages.
fn side_word(kingside: bool) -> &'static str {
    if kingside {
        "kingside"
    } else {
        "queenside"
    }
}

/// How a legal castling is written: `castle with O-O (or e1g1)`, for a
/// player who typed the king's move in another form (`Kg1`).
pub fn how_to_castle(m: &Move) -> String {
    let san = if m.to.file() > m.from.file() {
        "O-O"
    } else {
        "O-O-O"
    };
    format!("castle with {san} (or {}{})", m.from, m.to)
}

/// FIDE-rights families: why `turn` cannot castle when its king is not on
/// its home square (the right went with the king's first move); `None`
/// when the king is at home, so the castling move itself is explained.
pub fn king_left_home(board: &Board, turn: Color) -> Option<String> {
    let home = castle_geometry(turn, true).king_from;
    let kings = board.by_piece(Piece::new(turn, Role::King));
    if kings.contains(home) {
        return None;
    }
    Some(match kings.first() {
        Some(k) => format!(
            "{turn} has lost the right to castle: the king has moved (it stands on {k}, not {home})",
            turn = turn.name()
        ),
        None => format!("{} has no king to castle with", turn.name()),
    })
}

/// FIDE-rights families: why the right to castle on one side is gone
/// while the king stands at home. The position does not record which
/// piece moved, so the board says what it can: a rook missing from its
/// corner, else that the king or that rook moved earlier (even there and
/// back).
pub fn lost_right(board: &Board, turn: Color, kingside: bool) -> String {
    let g = castle_geometry(turn, kingside);
    let who = turn.name();
    let side = side_word(kingside);
    if board.piece_at(g.rook_from) != Some(Piece::new(turn, Role::Rook)) {
        return format!(
            "{who} has lost the right to castle {side}: there is no longer a rook of {who}'s on {}",
            g.rook_from
        );
    }
    format!(
        "{who} has lost the right to castle {side}: the king or the rook on {} has moved earlier in the game (a move there and back ends the right too)",
        g.rook_from
    )
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
pub fn right_gone(board: &Board, turn: Color, rights: u8, kingside: bool) -> Option<String> {
    (rights & castle_bit(turn, kingside) == 0).then(|| lost_right(board, turn, kingside))
}

/// The positional rulings (Chicken, Monochrome): castling needs a king of
/// `turn` on its home square, its own rook in that side's corner and every
/// square between them empty, nothing else. Why one of those fails, with
/// `family` naming the ruling; `None` when all hold.
pub fn positional_why(board: &Board, turn: Color, kingside: bool, family: &str) -> Option<String> {
    let g = castle_geometry(turn, kingside);
    let rule = format!(
        "{family}: castling needs your king on {}, your rook on {} and every square between them empty",
        g.king_from, g.rook_from
    );
    if board.piece_at(g.king_from) != Some(Piece::new(turn, Role::King)) {
        return Some(format!(
            "{rule}; there is no king of yours on {}",
            g.king_from
        ));
    }
    if board.piece_at(g.rook_from) != Some(Piece::new(turn, Role::Rook)) {
        return Some(format!(
            "{rule}; there is no rook of yours on {}",
            g.rook_from
        ));
    }
    (g.must_be_empty & board.occupied())
        .first()
        .map(|sq| format!("{rule}; {sq} is occupied"))
}
