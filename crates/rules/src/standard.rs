//! FIDE chess: the baseline whose public perft numbers prove the shared
//! generator right.

use super::fide::{FideFamily, FidePosition};
use super::{
    beyond_reach, generic_why_illegal, Attacks, CastlingBlock, Describe, IllegalReason, Position,
    PositionError,
};
use crate::core::fen::Setup;
use crate::core::legal::FidePowers;
use crate::core::movegen::{apply_move, castle_geometry, is_attacked, king_in_check};
use crate::core::{Action, Bitboard, Board, Color, CoordText, Piece, Role, Square};

/// A standard chess position.
pub type Standard = FidePosition<FidePowers<false>>;

impl Standard {
    /// Check a setup against FIDE's requirements and build the position.
    pub fn from_setup(setup: Setup) -> Result<Standard, PositionError> {
        FidePosition::new(setup, FidePowers)
    }

    /// The starting position.
    pub fn start() -> Standard {
        FidePosition::new_unchecked(Setup::standard(), FidePowers)
    }
}

/// Insufficient material by FIDE: K v K, K+minor v K, or only bishops all on
/// one square colour.
pub fn insufficient_material(b: &Board) -> bool {
    let heavy = b.by_role(Role::Pawn) | b.by_role(Role::Rook) | b.by_role(Role::Queen);
    if heavy.any() {
        return false;
    }
    let knights = b.by_role(Role::Knight);
    let bishops = b.by_role(Role::Bishop);
    let minors = knights | bishops;
    if minors.count() <= 1 {
        return true;
    }
    knights.is_empty()
        && ((bishops & Bitboard::DARK).is_empty() || (bishops & Bitboard::LIGHT).is_empty())
}

impl FideFamily for FidePowers<false> {
    fn insufficient_material(&self, board: &Board) -> bool {
        insufficient_material(board)
    }

    fn why_illegal(pos: &Standard, text: &CoordText, legal: &[Action]) -> IllegalReason {
        fide_castling_why(pos.board(), pos.turn(), pos.castling(), text)
            .map(IllegalReason::Castling)
            .unwrap_or_else(|| fide_why_illegal(pos, pos.board(), pos.turn(), text, legal))
    }

    /// FIDE's dead position, for one side: it cannot win when it has only
    /// its king, or when no series of legal moves can mate at all
    /// (insufficient material). A king and knight against a king and
    /// anything can still win: the other pieces may block their own king.
    fn can_win(&self, board: &Board, color: Color) -> bool {
        (board.by_color(color) & !board.by_role(Role::King)).any() && !insufficient_material(board)
    }
}

/// Plain chess shows material; everything else is the default.
impl Describe for Standard {}

/// Explanations for FIDE-like families, first reason first: a move the
/// piece cannot make at all, then one that would leave (or not get) the
/// king out of check, otherwise the common reasons.
pub fn fide_why_illegal<P: Position>(
    pos: &P,
    board: &Board,
    turn: Color,
    text: &CoordText,
    legal: &[Action],
) -> IllegalReason {
    if legal.is_empty() {
        return generic_why_illegal(pos, text, legal);
    }
    if let Some(why) = beyond_reach(pos, text) {
        return why;
    }
    if let CoordText::Move { from, to, .. } = *text {
        if board.color_at(from) == Some(turn) && moves_ignoring_check(board, from, to) {
            let mut after = *board;
            apply_move(&mut after, crate::core::Move::new(from, to));
            if king_in_check(&after, turn) {
                return IllegalReason::KingInCheck {
                    in_check: king_in_check(board, turn),
                    attacks: Attacks::Chess,
                };
            }
        }
    }
    generic_why_illegal(pos, text, legal)
}

/// Can the piece on `from` go to `to` on this board if check did not
/// matter (chess powers; pawns push to empty squares and capture enemies)?
fn moves_ignoring_check(board: &Board, from: Square, to: Square) -> bool {
    let Some(piece) = board.piece_at(from) else {
        return false;
    };
    if board.by_color(piece.color).contains(to) {
        return false;
    }
    if piece.role != Role::Pawn {
        return board.attacks_from(from).contains(to);
    }
    if from.file() != to.file() {
        return board.color_at(to) == Some(piece.color.other())
            && crate::core::attacks::pawn_attacks(piece.color, from).contains(to);
    }
    let path = crate::core::attacks::between(from, to) | Bitboard::from_square(to);
    super::chess_pattern(piece, from).contains(to) && (path & board.occupied()).is_empty()
}

/// Why a FIDE castling move (the king two squares from its start toward a
/// rook) is illegal, when it is one: the right is gone, a square between
/// is occupied, the king is in check, or it would pass through or land on
/// an attacked square. `None` for any other move, or a legal castling.
pub fn fide_castling_why(
    board: &Board,
    turn: Color,
    rights: u8,
    text: &CoordText,
) -> Option<CastlingBlock> {
    let CoordText::Move { from, to, .. } = *text else {
        return None;
    };
    if board.piece_at(from) != Some(Piece::new(turn, Role::King)) {
        return None;
    }
    let kingside = to.file() > from.file();
    let g = castle_geometry(turn, kingside);
    if from != g.king_from || to != g.king_to {
        return None;
    }
    if let Some(why) = super::castling::right_gone(board, turn, rights, kingside) {
        return Some(why);
    }
    if let Some(sq) = (g.must_be_empty & board.occupied()).first() {
        return Some(CastlingBlock::PathOccupied(Some(sq)));
    }
    let them = turn.other();
    if king_in_check(board, turn) {
        return Some(CastlingBlock::InCheck);
    }
    let occ = board.occupied();
    let mut path = g.king_path;
    path.find(|sq| is_attacked(board, *sq, them, occ))
        .map(|square| CastlingBlock::ThroughCheck {
            attacker: them,
            square,
        })
}
