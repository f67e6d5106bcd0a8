//! FIDE chess: the baseline whose public perft numbers prove the shared
//! generator right.

use super::{
    beyond_reach, generic_why_illegal, Describe, EndReason, Outcome, Position, PositionError,
};
use crate::core::fen::{castle, Setup};
use crate::core::movegen::{
    apply_move, castle_bit, castle_geometry, castling_rights_touching, ep_square_after,
    gen_fide_legal, is_attacked, king_in_check, Applied, FideParams, FIDE_PROMOTIONS,
};
use crate::core::{zobrist, Action, Bitboard, Board, Color, CoordText, Move, Piece, Role, Square};

/// A standard chess position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standard {
    /// Board, side, castling, en passant and clocks, as in chess.
    fide: Setup,
}

impl Standard {
    /// Check a setup against FIDE's requirements and build the position.
    pub fn from_setup(setup: Setup) -> Result<Standard, PositionError> {
        validate_fide_setup(&setup)?;
        Ok(Standard { fide: setup })
    }

    /// The starting position.
    pub fn start() -> Standard {
        Standard {
            fide: Setup::standard(),
        }
    }

    /// Castling-rights bits.
    pub fn castling(&self) -> u8 {
        self.fide.castling
    }

    /// En-passant square, if a capture there may be possible.
    pub fn ep_square(&self) -> Option<Square> {
        self.fide.ep_square
    }

    /// The position as a setup (for FEN and other families built on it).
    pub fn setup(&self) -> Setup {
        self.fide
    }
}

/// FIDE setup checks shared by families played with a normal king: one king
/// each, no pawns on the back ranks, castling rights that fit the pieces,
/// an en-passant square behind a pawn that just moved, the side not to move
/// not in check.
pub fn validate_fide_setup(setup: &Setup) -> Result<(), PositionError> {
    validate_fide_setup_with(setup, king_in_check)
}

/// [`validate_fide_setup`] with the family's own check test (Contrast and
/// Monochromatic judge check with other powers than FIDE's).
pub fn validate_fide_setup_with(
    setup: &Setup,
    in_check: impl Fn(&Board, Color) -> bool,
) -> Result<(), PositionError> {
    let b = &setup.board;
    for c in Color::ALL {
        match b.by_piece(Piece::new(c, Role::King)).count() {
            0 => return Err(PositionError::MissingKing(c)),
            1 => {}
            _ => return Err(PositionError::TooManyKings(c)),
        }
        let count = b.count(c);
        if count > 16 {
            return Err(PositionError::TooManyPieces { color: c, count });
        }
    }
    if let Some(sq) = (b.by_role(Role::Pawn) & (Bitboard::rank(0) | Bitboard::rank(7))).first() {
        return Err(PositionError::PawnOnBackRank(sq));
    }
    validate_castling(b, setup.castling)?;
    validate_ep(b, setup.turn, setup.ep_square)?;
    if in_check(b, setup.turn.other()) {
        return Err(PositionError::OppositeCheck(setup.turn.other()));
    }
    Ok(())
}

/// Each castling right needs its king and rook on their home squares.
pub fn validate_castling(b: &Board, rights: u8) -> Result<(), PositionError> {
    for (bit, color, kingside, letter) in [
        (castle::WHITE_KING, Color::White, true, 'K'),
        (castle::WHITE_QUEEN, Color::White, false, 'Q'),
        (castle::BLACK_KING, Color::Black, true, 'k'),
        (castle::BLACK_QUEEN, Color::Black, false, 'q'),
    ] {
        if rights & bit == 0 {
            continue;
        }
        let g = castle_geometry(color, kingside);
        if b.piece_at(g.king_from) != Some(Piece::new(color, Role::King))
            || b.piece_at(g.rook_from) != Some(Piece::new(color, Role::Rook))
        {
            return Err(PositionError::BadCastling(letter));
        }
    }
    Ok(())
}

/// The en-passant square must be empty with the opponent's pawn in front.
pub fn validate_ep(b: &Board, turn: Color, ep: Option<Square>) -> Result<(), PositionError> {
    let Some(ep) = ep else { return Ok(()) };
    let mover = turn.other();
    let dir = mover.fold(1i8, -1);
    let pawn_sq = ep.offset(0, dir);
    let origin = ep.offset(0, -dir);
    let ok = !b.occupied().contains(ep)
        && pawn_sq.is_some_and(|s| b.piece_at(s) == Some(Piece::new(mover, Role::Pawn)))
        && origin.is_some_and(|s| !b.occupied().contains(s));
    if ok {
        Ok(())
    } else {
        Err(PositionError::BadEnPassant(ep))
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

/// Play a move on a FIDE state: board mechanics, castling rights lost by
/// touching a king or rook square, the en-passant square, the clocks and
/// the turn. Shared by every family that keeps chess's state.
#[inline]
pub fn play_fide_move(fide: &mut Setup, m: Move) -> Applied {
    let applied = apply_move(&mut fide.board, m);
    fide.castling &= !(castling_rights_touching(m.from) | castling_rights_touching(m.to));
    fide.ep_square = ep_square_after(&fide.board, m, fide.turn);
    if applied.moved == Role::Pawn || applied.captured.is_some() {
        fide.halfmoves = 0;
    } else {
        fide.halfmoves = fide.halfmoves.saturating_add(1);
    }
    if fide.turn == Color::Black {
        fide.fullmoves = fide.fullmoves.saturating_add(1);
    }
    fide.turn = fide.turn.other();
    applied
}

/// The end when the side to move has no legal move: checkmate if in check,
/// stalemate (a draw) otherwise.
pub fn mate_or_stalemate(turn: Color, in_check: bool) -> Outcome {
    if in_check {
        Outcome::win(turn.other(), EndReason::Checkmate)
    } else {
        Outcome::draw(EndReason::Stalemate)
    }
}

/// Hash of a whole FIDE state.
#[inline]
pub fn fide_setup_hash(fide: &Setup) -> u64 {
    fide_hash(&fide.board, fide.turn, fide.castling, fide.ep_square)
}

/// Hash of the FIDE state fields.
#[inline]
pub fn fide_hash(board: &Board, turn: Color, castling: u8, ep: Option<Square>) -> u64 {
    board.hash()
        ^ zobrist::side(turn)
        ^ zobrist::castling(castling)
        ^ ep.map_or(0, |s| zobrist::ep_file(s.file()))
}

impl Position for Standard {
    #[inline]
    fn board(&self) -> &Board {
        &self.fide.board
    }

    #[inline]
    fn turn(&self) -> Color {
        self.fide.turn
    }

    #[inline]
    fn legal_actions(&self, out: &mut Vec<Action>) {
        gen_fide_legal(
            &self.fide.board,
            self.fide.turn,
            &FideParams {
                castling: self.fide.castling,
                ep_square: self.fide.ep_square,
                promotions: &FIDE_PROMOTIONS,
                king_slides: false,
            },
            out,
        );
    }

    #[inline]
    fn play_unchecked(&mut self, action: Action) {
        let Action::Move(m) = action else { return };
        play_fide_move(&mut self.fide, m);
    }

    fn outcome_given(&self, legal: &[Action]) -> Option<Outcome> {
        if legal.is_empty() {
            return Some(mate_or_stalemate(
                self.fide.turn,
                self.in_check(self.fide.turn),
            ));
        }
        insufficient_material(&self.fide.board)
            .then(|| Outcome::draw(EndReason::InsufficientMaterial))
    }

    #[inline]
    fn hash(&self) -> u64 {
        fide_setup_hash(&self.fide)
    }

    fn quiet_plies(&self) -> u32 {
        self.fide.halfmoves
    }

    fn fullmoves(&self) -> u32 {
        self.fide.fullmoves
    }

    fn to_fen(&self) -> String {
        self.setup().to_fen()
    }

    #[inline]
    fn in_check(&self, color: Color) -> bool {
        king_in_check(&self.fide.board, color)
    }

    fn why_illegal(&self, text: &CoordText, legal: &[Action]) -> String {
        let f = &self.fide;
        fide_castling_why(&f.board, f.turn, f.castling, text)
            .unwrap_or_else(|| fide_why_illegal(self, &f.board, f.turn, text, legal))
    }

    /// FIDE's dead position, for one side: it cannot win when it has only
    /// its king, or when no series of legal moves can mate at all
    /// (insufficient material). A king and knight against a king and
    /// anything can still win: the other pieces may block their own king.
    fn can_win(&self, color: Color) -> bool {
        let b = &self.fide.board;
        (b.by_color(color) & !b.by_role(Role::King)).any() && !insufficient_material(b)
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
) -> String {
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
                return if king_in_check(board, turn) {
                    "your king is in check and this move does not get it out".to_string()
                } else {
                    "that would leave your king in check".to_string()
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
) -> Option<String> {
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
    let side = if kingside { "kingside" } else { "queenside" };
    if rights & castle_bit(turn, kingside) == 0 {
        return Some(format!(
            "castling {side} is no longer allowed: the king or that rook has moved"
        ));
    }
    if let Some(sq) = (g.must_be_empty & board.occupied()).first() {
        return Some(format!(
            "castling needs every square between king and rook empty; {sq} is occupied"
        ));
    }
    let them = turn.other();
    if king_in_check(board, turn) {
        return Some("you may not castle while in check".to_string());
    }
    let occ = board.occupied();
    let mut path = g.king_path;
    path.find(|sq| is_attacked(board, *sq, them, occ))
        .map(|sq| format!("the king may not castle through or into check: {them} attacks {sq}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{parse_action, perft, san_of};

    fn pos(fen: &str) -> Standard {
        Standard::from_setup(Setup::parse(fen).unwrap()).unwrap()
    }

    #[test]
    fn start_position_counts() {
        let p = Standard::start();
        assert_eq!(perft(&p, 1), 20);
        assert_eq!(perft(&p, 2), 400);
        assert_eq!(perft(&p, 3), 8902);
    }

    #[test]
    fn setups_fide_forbids_are_refused() {
        for (fen, why) in [
            ("8/8/8/8/8/8/8/K7 w - - 0 1", "no black king"),
            ("k7/8/8/8/8/8/8/KK6 w - - 0 1", "two white kings"),
            ("k7/8/8/8/8/8/8/K6P w - - 0 1", "pawn on rank 1"),
            ("k7/8/8/8/8/8/8/K7 w K - 0 1", "castling without pieces"),
            ("k7/8/8/8/8/8/8/K7 w - e6 0 1", "en passant without a pawn"),
            ("k6R/8/8/8/8/8/8/K7 w - - 0 1", "side not to move in check"),
        ] {
            assert!(
                Standard::from_setup(Setup::parse(fen).unwrap()).is_err(),
                "{why}"
            );
        }
    }

    #[test]
    fn san_marks_check_and_mate() {
        let p = pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
        let mut legal = Vec::new();
        p.legal_actions(&mut legal);
        let a = parse_action(&p, "Ra8").unwrap();
        assert_eq!(san_of(&p, &a, &legal), "Ra8#");
    }

    #[test]
    fn illegal_move_is_explained() {
        let p = pos("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
        let err = parse_action(&p, "e1d2").unwrap_err().to_string();
        assert!(err.contains("check"), "{err}");
        let err = parse_action(&p, "e1e3").unwrap_err().to_string();
        assert!(err.contains("cannot move"), "{err}");
    }

    #[test]
    fn insufficient_material_cases() {
        assert!(insufficient_material(
            &pos("k7/8/8/8/8/8/8/K7 w - - 0 1").fide.board
        ));
        assert!(insufficient_material(
            &pos("k7/8/8/8/8/8/8/KN6 w - - 0 1").fide.board
        ));
        assert!(insufficient_material(
            &pos("k1b5/8/8/8/8/8/8/KB6 w - - 0 1").fide.board
        ));
        assert!(!insufficient_material(
            &pos("kb6/8/8/8/8/8/8/KB6 w - - 0 1").fide.board
        ));
        assert!(!insufficient_material(
            &pos("k7/8/8/8/8/8/8/KNN5 w - - 0 1").fide.board
        ));
    }
}
