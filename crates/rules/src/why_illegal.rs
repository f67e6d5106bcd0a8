//! The explanations every family shares for an action that is not legal:
//! the piece's movement pattern on an empty board, and the common reasons
//! (no piece, not one's own, out of reach, blocked, written otherwise).
//! Families add their own rules through [`Position::why_illegal`].

use crate::core::action::spot_of;
use crate::core::attacks::{king_attacks, pawn_attacks};
use crate::core::grid::GridSquare;
use crate::core::movegen::{castle_geometry, pawn_start_rank};
use crate::core::{Action, Bitboard, CoordText, Move, MoveKind, Piece, Role, Square};
use crate::{IllegalReason, Position};

/// Chess's movement pattern of `piece` on `from` on an empty board: the
/// usual powers, pawns one or two squares forward (two only from their
/// first rank) and one diagonally forward, kings also their castling
/// squares while on their start square.
pub fn chess_pattern(piece: Piece, from: Square) -> Bitboard {
    let empty = Bitboard::EMPTY;
    match piece.role {
        Role::Pawn => {
            let dir = piece.color.fold(1i8, -1);
            let mut out = pawn_attacks(piece.color, from);
            if let Some(one) = from.offset(0, dir) {
                out |= Bitboard::from_square(one);
            }
            if from.rank() == pawn_start_rank(piece.color) {
                if let Some(two) = from.offset(0, 2 * dir) {
                    out |= Bitboard::from_square(two);
                }
            }
            out
        }
        Role::King => {
            let mut out = king_attacks(from);
            for kingside in [true, false] {
                let g = castle_geometry(piece.color, kingside);
                if g.king_from == from {
                    out |= Bitboard::from_square(g.king_to);
                }
            }
            out
        }
        _ => crate::core::board::piece_attacks(piece, from, empty),
    }
}

/// The first reason of all for a move of one's own piece: the piece cannot
/// make that move at all (it is outside its [`Position::move_pattern`]).
/// `None` when the move is within the pattern, or is not a move of a
/// piece of the side to act.
pub fn beyond_reach<P: Position>(pos: &P, text: &CoordText) -> Option<IllegalReason> {
    let CoordText::Move { from, to, .. } = *text else {
        return None;
    };
    let piece = pos.board().piece_at(from)?;
    if piece.color != pos.turn() || from == to || pos.move_pattern(from).contains(to) {
        return None;
    }
    Some(IllegalReason::CannotMoveTo {
        piece: pos.piece_name(piece.role),
        from: spot_of(from),
        to: spot_of(to),
    })
}

/// Why the piece of the side to act on `from` cannot go to `to` whatever
/// the rules of check or captures say: outside its pattern, onto one's
/// own piece, or (for sliders and pawn pushes) through a piece.
fn why_move_impossible<P: Position>(pos: &P, from: Square, to: Square) -> Option<IllegalReason> {
    let board = pos.board();
    let piece = board.piece_at(from)?;
    let text = CoordText::plain(from, to);
    if let Some(why) = beyond_reach(pos, &text) {
        return Some(why);
    }
    if let Some(own) = board
        .piece_at(to)
        .filter(|p| p.color == piece.color && to != from)
    {
        return Some(IllegalReason::OwnPiece {
            square: spot_of(to),
            piece: pos.piece_name(own.role),
        });
    }
    let slides = match piece.role {
        Role::Bishop | Role::Rook | Role::Queen => true,
        Role::Pawn => from.file() == to.file(),
        _ => false,
    };
    let blockers = crate::core::attacks::between(from, to) & board.occupied();
    match blockers.first() {
        Some(blocker) if slides => Some(IllegalReason::Blocked {
            piece: pos.piece_name(piece.role),
            from,
            blocker,
            to,
        }),
        _ => None,
    }
}

/// The common explanations: no piece, wrong side, wrong square.
pub fn generic_why_illegal<P: Position>(
    pos: &P,
    text: &CoordText,
    legal: &[Action],
) -> IllegalReason {
    if legal.is_empty() {
        return IllegalReason::GameOver;
    }
    if pos.is_chance() {
        return IllegalReason::DiceFirst;
    }
    match *text {
        CoordText::Move { from, to, .. } => {
            let board = pos.board();
            let Some(piece) = board.piece_at(from) else {
                return IllegalReason::NoPiece {
                    square: spot_of(from),
                };
            };
            let name = pos.piece_name(piece.role);
            if piece.color != pos.turn() {
                return IllegalReason::NotYours {
                    piece: name,
                    square: spot_of(from),
                    to_move: pos.turn(),
                };
            }
            let from_moves: Vec<Move> = legal
                .iter()
                .filter_map(|a| a.as_move())
                .filter(|m| m.from == from)
                .collect();
            // Reasons about the move itself, unless the family allows that
            // move in some form (then the form is at fault, below).
            if !from_moves.iter().any(|m| m.to == to) {
                if let Some(why) = why_move_impossible(pos, from, to) {
                    return why;
                }
            }
            if from_moves.is_empty() {
                return IllegalReason::NoLegalMove {
                    piece: name,
                    square: spot_of(from),
                };
            }
            let same_squares: Vec<Move> =
                from_moves.iter().copied().filter(|m| m.to == to).collect();
            if !same_squares.is_empty() {
                return other_form(text, same_squares);
            }
            IllegalReason::CannotMoveTo {
                piece: name,
                from: spot_of(from),
                to: spot_of(to),
            }
        }
        CoordText::Wide { from, to, .. } => off_board(pos, from)
            .or(off_board(pos, to))
            .unwrap_or(IllegalReason::UnknownNotation),
        CoordText::WidePlace(_, square) => {
            off_board(pos, square).unwrap_or(IllegalReason::NoPurchases)
        }
        CoordText::Roll(..) => IllegalReason::RollNotNow,
        CoordText::Buy(_) | CoordText::Place(..) => IllegalReason::NoPurchases,
        CoordText::Pass => IllegalReason::NoPass,
    }
}

/// `square` is past the edge of `pos`'s board.
pub fn off_board<P: Position>(pos: &P, square: crate::core::grid::Spot) -> Option<IllegalReason> {
    let (files, ranks) = pos.board_size();
    (square.file() >= files as i8 || square.rank() >= ranks as i8)
        .then_some(IllegalReason::OffBoard { square })
}

/// The legal move from and to the squares typed exists, but the text
/// wrote it otherwise: say how it is written.
fn other_form(text: &CoordText, moves: Vec<Move>) -> IllegalReason {
    if let Some(castle) = moves.iter().find(|m| m.kind == MoveKind::Castle) {
        return IllegalReason::CastleWrittenAs(*castle);
    }
    let promotes = moves.iter().any(|m| m.promotion().is_some());
    match text {
        CoordText::Move {
            promotion: None, ..
        } if promotes => IllegalReason::MustPromote(
            moves
                .into_iter()
                .filter(|m| m.promotion().is_some())
                .collect(),
        ),
        CoordText::Move {
            promotion,
            piece_promotion,
            ..
        } if (promotion.is_some() || *piece_promotion) && !promotes => {
            IllegalReason::DoesNotPromote(moves)
        }
        _ => IllegalReason::WrittenAs(moves),
    }
}
