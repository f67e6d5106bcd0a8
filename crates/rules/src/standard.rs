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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse_action, perft, san_of};

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

    /// Chess's customary order: king, knights, bishops with the queens'
    /// diagonal moves, rooks, the queens' other moves, pawns pawn by pawn,
    /// castling. Seeded random players and saved test games rely on it.
    #[test]
    fn moves_come_in_chess_customary_order() {
        for (fen, order) in [
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                "e1d1 e1f1 c3b1 c3d1 c3a4 c3b5 e5d3 e5c4 e5g4 e5c6 e5g6 e5d7 e5f7 d2c1 d2e3 \
                 d2f4 d2g5 d2h6 e2d1 e2f1 e2d3 e2c4 e2b5 e2a6 f3g4 f3h5 a1b1 a1c1 a1d1 h1f1 \
                 h1g1 f3d3 f3e3 f3g3 f3h3 f3f4 f3f5 f3f6 a2a3 a2a4 b2b3 g2g3 g2g4 g2h3 d5d6 \
                 d5e6 e1g1 e1c1",
            ),
            (
                "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                "e1f1 e1d2 e1f2 b1d2 b1a3 b1c3 e2g1 e2c3 e2g3 e2d4 e2f4 c1d2 c1e3 c1f4 c1g5 \
                 c1h6 c4b3 c4d3 c4b5 c4d5 c4a6 c4e6 c4f7 h1f1 h1g1 d1d2 d1d3 d1d4 d1d5 d1d6 \
                 a2a3 a2a4 b2b3 b2b4 c2c3 g2g3 g2g4 h2h3 h2h4 d7c8q d7c8r d7c8b d7c8n e1g1",
            ),
            (
                "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 2",
                "e1d1 e1f1 e1d2 e1e2 e1f2 d5d6 d5c6",
            ),
        ] {
            let mut legal = Vec::new();
            pos(fen).legal_actions(&mut legal);
            let got: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
            assert_eq!(
                got.join(" "),
                order.split_whitespace().collect::<Vec<_>>().join(" "),
                "{fen}"
            );
        }
    }

    #[test]
    fn insufficient_material_cases() {
        assert!(insufficient_material(
            pos("k7/8/8/8/8/8/8/K7 w - - 0 1").board()
        ));
        assert!(insufficient_material(
            pos("k7/8/8/8/8/8/8/KN6 w - - 0 1").board()
        ));
        assert!(insufficient_material(
            pos("k1b5/8/8/8/8/8/8/KB6 w - - 0 1").board()
        ));
        assert!(!insufficient_material(
            pos("kb6/8/8/8/8/8/8/KB6 w - - 0 1").board()
        ));
        assert!(!insufficient_material(
            pos("k7/8/8/8/8/8/8/KNN5 w - - 0 1").board()
        ));
    }
}
