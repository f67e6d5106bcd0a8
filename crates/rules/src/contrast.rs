//! Contrast Chess (David Howe, 1997): every piece is strong or weak by the
//! colour of the square it stands on now (white on light or black on dark is
//! strong). Powers change as pieces move; the family gives the shared
//! generator ([`crate::core::legal`]) its own targets, attacks and the
//! squares that can open a check; everything else (castling rights, en
//! passant, clocks, FEN) is FIDE's.

use super::facts::{Describe, Fact, MarkedSquares, SquareMark};
use super::fide::{FideFamily, FidePosition};
use super::illegal::{ContrastPiece, ContrastRule};
use super::{generic_why_illegal, Attacks, CastlingBlock, IllegalReason, Position, PositionError};
use crate::core::attacks::{
    bishop_attacks, king_attacks, knight_attacks, leaper_attacks, pawn_attacks, queen_attacks,
    rook_attacks, Leaper,
};
use crate::core::fen::Setup;
use crate::core::legal::{lines_to, slider_snipers, Enemy, FidePowers, Node, PawnPowers, Powers};
use crate::core::movegen::castle_geometry;
use crate::core::{Action, Bitboard, Board, Color, CoordText, MoveKind, Piece, Role, Square};

/// Squares within two king steps of each square (the weak sliders' reach).
static DIST2: [u64; 64] = build_dist2();

/// For each square, the four 2-square orthogonal targets of the strong
/// bishop's bent move with the one or two diagonal squares it may pass.
static BENT: [[(u64, u64); 4]; 64] = build_bent();

const fn build_dist2() -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut s = 0;
    while s < 64 {
        let (f, r) = ((s % 8) as i32, (s / 8) as i32);
        let mut o: i32 = 0;
        while o < 64 {
            let (g, q) = (o % 8, o / 8);
            let df = if g > f { g - f } else { f - g };
            let dr = if q > r { q - r } else { r - q };
            let d = if df > dr { df } else { dr };
            if d >= 1 && d <= 2 {
                t[s] |= 1u64 << o;
            }
            o += 1;
        }
        s += 1;
    }
    t
}

const fn on_board(f: i32, r: i32) -> bool {
    f >= 0 && f < 8 && r >= 0 && r < 8
}

const fn build_bent() -> [[(u64, u64); 4]; 64] {
    let mut t = [[(0u64, 0u64); 4]; 64];
    let dirs: [(i32, i32); 4] = [(0, 2), (0, -2), (2, 0), (-2, 0)];
    let mut s = 0;
    while s < 64 {
        let (f, r) = ((s % 8) as i32, (s / 8) as i32);
        let mut d = 0;
        while d < 4 {
            let (df, dr) = dirs[d];
            let (tf, tr) = (f + df, r + dr);
            if on_board(tf, tr) {
                let (mf, mr) = (f + df / 2, r + dr / 2);
                let (pf, pr) = if df == 0 { (1, 0) } else { (0, 1) };
                let mut inter = 0u64;
                if on_board(mf + pf, mr + pr) {
                    inter |= 1u64 << ((mr + pr) * 8 + mf + pf);
                }
                if on_board(mf - pf, mr - pr) {
                    inter |= 1u64 << ((mr - pr) * 8 + mf - pf);
                }
                t[s][d] = (1u64 << (tr * 8 + tf), inter);
            }
            d += 1;
        }
        s += 1;
    }
    t
}

/// Squares where pieces of `c` are strong.
#[inline]
pub fn strong_squares(c: Color) -> Bitboard {
    c.fold(Bitboard::LIGHT, Bitboard::DARK)
}

/// Is a piece of colour `c` on `sq` strong?
#[inline]
pub fn is_strong(c: Color, sq: Square) -> bool {
    strong_squares(c).contains(sq)
}

#[inline]
fn dist2(sq: Square) -> Bitboard {
    Bitboard(DIST2[sq.index()])
}

/// The strong bishop's bent-move targets: 2 squares orthogonally, reached
/// through a diagonal neighbour that is empty.
#[inline]
pub fn bent_targets(sq: Square, occupied: Bitboard) -> Bitboard {
    let mut out = 0u64;
    for &(t, inter) in &BENT[sq.index()] {
        if inter & !occupied.0 != 0 {
            out |= t;
        }
    }
    Bitboard(out)
}

/// Capture targets (and, for all pieces but pawns, move targets) of a
/// non-pawn piece by its Contrast powers; the queen's capture in place adds
/// nothing here, as a strong queen reaches its neighbours anyway.
#[inline]
pub fn piece_targets(role: Role, sq: Square, strong: bool, occupied: Bitboard) -> Bitboard {
    match (role, strong) {
        (Role::Knight, true) => knight_attacks(sq) | leaper_attacks(Leaper::Alfil, sq),
        (Role::Knight, false) | (Role::King, false) => leaper_attacks(Leaper::Wazir, sq),
        (Role::Bishop, true) => bishop_attacks(sq, occupied) | bent_targets(sq, occupied),
        (Role::Bishop, false) => bishop_attacks(sq, occupied) & dist2(sq),
        (Role::Rook, true) => rook_attacks(sq, occupied) | knight_attacks(sq),
        (Role::Rook, false) => rook_attacks(sq, occupied) & dist2(sq),
        (Role::Queen, true) => queen_attacks(sq, occupied),
        (Role::Queen, false) | (Role::King, true) => queen_attacks(sq, occupied) & dist2(sq),
        _ => Bitboard::EMPTY,
    }
}

/// Squares a pawn of `c` on `sq` attacks: none when weak; both forward
/// diagonals and the square straight ahead when strong.
#[inline]
pub fn pawn_targets(c: Color, sq: Square, strong: bool) -> Bitboard {
    if strong {
        strong_pawn_reach(c, sq)
    } else {
        Bitboard::EMPTY
    }
}

/// The strong pawn's reach: both forward diagonals and straight ahead. The
/// shape is its own mirror, so the strong pawns of one side that reach a
/// square stand on the reach of the other side's pawn from that square.
#[inline]
fn strong_pawn_reach(c: Color, sq: Square) -> Bitboard {
    let ahead = match c {
        Color::White => Bitboard::from_square(sq).north(),
        Color::Black => Bitboard::from_square(sq).south(),
    };
    pawn_attacks(c, sq) | ahead
}

/// Contrast's pawn moves: every pawn steps straight forward; a strong pawn
/// also double-steps, captures diagonally and straight ahead, steps
/// diagonally onto an empty square and takes en passant.
#[inline]
fn pawn_powers(us: Color, pawns: Bitboard) -> PawnPowers {
    let strong = pawns & strong_squares(us);
    PawnPowers {
        step: pawns,
        double_step: strong,
        diagonal_capture: strong,
        diagonal_step: strong,
        forward_capture: strong,
        en_passant: strong,
    }
}

/// Pieces among `them` (pieces of `by`) attacking `s` with their current
/// Contrast powers, given an occupancy. Passing `them` and `occupied`
/// separately lets legality be judged after a move without making it.
#[inline]
pub fn attackers_to(
    board: &Board,
    s: Square,
    by: Color,
    occupied: Bitboard,
    them: Bitboard,
) -> Bitboard {
    let strong = them & strong_squares(by);
    let weak = them & !strong_squares(by);
    let rq = board.rooks_and_queens();
    let bq = board.bishops_and_queens();
    let rays_r = rook_attacks(s, occupied);
    let rays_b = bishop_attacks(s, occupied);
    let near = dist2(s);
    let knights = board.by_role(Role::Knight);
    let rooks = board.by_role(Role::Rook);
    let bishops = board.by_role(Role::Bishop);
    let kings = board.by_role(Role::King);
    let pawns = board.by_role(Role::Pawn);
    let knight_sq = knight_attacks(s);

    let mut a = ((rays_r & rq) | (rays_b & bq)) & (strong | (weak & near));
    a |= strong & rooks & knight_sq;
    a |= strong & knights & (knight_sq | leaper_attacks(Leaper::Alfil, s));
    a |= weak & (knights | kings) & leaper_attacks(Leaper::Wazir, s);
    a |= strong & kings & (rays_r | rays_b) & near;
    let strong_bishops = strong & bishops;
    if strong_bishops.any() {
        a |= strong_bishops & bent_targets(s, occupied);
    }
    let strong_pawns = strong & pawns;
    if strong_pawns.any() {
        a |= strong_pawns & strong_pawn_reach(by.other(), s);
    }
    a
}

/// The family has no options; a variant file that gives any is refused
/// rather than silently ignored.
#[derive(Copy, Clone, Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContrastOptions {}

/// Contrast's piece powers: each piece strong or weak by the colour of the
/// square it stands on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ContrastPowers;

/// A Contrast Chess position.
pub type Contrast = FidePosition<ContrastPowers>;

impl Contrast {
    /// Check a setup (FIDE requirements, check judged by Contrast powers)
    /// and build the position.
    pub fn from_setup(setup: Setup) -> Result<Contrast, PositionError> {
        FidePosition::new(setup, ContrastPowers)
    }
}

impl Powers for ContrastPowers {
    #[inline]
    fn attackers_to(&self, board: &Board, sq: Square, enemy: Enemy) -> Bitboard {
        attackers_to(board, sq, enemy.color, enemy.occupied, enemy.pieces)
    }

    #[inline]
    fn targets(&self, role: Role, color: Color, from: Square, occupied: Bitboard) -> Bitboard {
        piece_targets(role, from, is_strong(color, from), occupied)
    }

    /// A strong queen's reach, limited to two squares when weak.
    #[inline]
    fn queen_targets(&self, color: Color, from: Square, occ: Bitboard, diagonal: bool) -> Bitboard {
        let line = FidePowers::<false>.queen_targets(color, from, occ, diagonal);
        if is_strong(color, from) {
            line
        } else {
            line & dist2(from)
        }
    }

    #[inline]
    fn in_place_targets(&self, role: Role, color: Color, from: Square) -> Bitboard {
        if role == Role::Queen && is_strong(color, from) {
            king_attacks(from)
        } else {
            Bitboard::EMPTY
        }
    }

    #[inline]
    fn pawn_powers(&self, us: Color, pawns: Bitboard) -> PawnPowers {
        pawn_powers(us, pawns)
    }

    /// Squares between the king and an enemy piece whose attack on it an
    /// emptied square could open: sliders on the king's lines, a strong
    /// king two squares away, strong bishops at bent-move distance.
    #[inline]
    fn sensitive_squares(&self, node: &Node<'_, Self>) -> Bitboard {
        let (b, king, theirs) = (node.board, node.king, node.theirs);
        let strong_theirs = theirs & strong_squares(node.them);
        let strong_kings = b.by_role(Role::King) & strong_theirs & dist2(king);
        let mut out = lines_to(king, slider_snipers(b, king, theirs) | strong_kings);
        let strong_bishops = b.by_role(Role::Bishop) & strong_theirs;
        if strong_bishops.any() {
            for &(t, inter) in &BENT[king.index()] {
                if strong_bishops.0 & t != 0 {
                    out |= Bitboard(inter);
                }
            }
        }
        out
    }
}
impl FideFamily for ContrastPowers {
    /// Only bare kings are a draw by material in Contrast.
    fn insufficient_material(&self, board: &Board) -> bool {
        board.occupied() == board.by_role(Role::King)
    }

    fn why_illegal(pos: &Contrast, text: &CoordText, legal: &[Action]) -> IllegalReason {
        let CoordText::Move {
            from, to, in_place, ..
        } = *text
        else {
            return generic_why_illegal(pos, text, legal);
        };
        let Some(p) = pos.board().piece_at(from) else {
            return generic_why_illegal(pos, text, legal);
        };
        if p.color != pos.turn() || legal.is_empty() {
            return generic_why_illegal(pos, text, legal);
        }
        if in_place {
            if p.role != Role::Queen || !is_strong(p.color, from) {
                return IllegalReason::Contrast(ContrastRule::InPlaceNeedsStrongQueen(
                    contrast_piece(p, from),
                ));
            }
            if pos.board().color_at(to) != Some(p.color.other()) || !king_attacks(from).contains(to)
            {
                return IllegalReason::Contrast(ContrastRule::NothingToTakeInPlace { from, to });
            }
        }
        if p.role == Role::King && from.rank() == to.rank() && (from.file() - to.file()).abs() == 2
        {
            let kingside = to.file() > from.file();
            let geo = castle_geometry(p.color, kingside);
            if from == geo.king_from && to == geo.king_to {
                let block =
                    super::castling::right_gone(pos.board(), p.color, pos.castling(), kingside)
                        .unwrap_or(if (pos.board().occupied() & geo.must_be_empty).any() {
                            CastlingBlock::PathOccupied(None)
                        } else {
                            CastlingBlock::CheckOnPath(Attacks::Contrast)
                        });
                return IllegalReason::Castling(block);
            }
        }
        let ignoring_check = pos.moves_ignoring_check();
        if ignoring_check.iter().filter_map(|a| a.as_move()).any(|m| {
            m.from == from && m.to == to && (m.kind == MoveKind::CaptureInPlace) == in_place
        }) {
            return IllegalReason::KingInCheck {
                in_check: pos.in_check(pos.turn()),
                attacks: Attacks::Contrast,
            };
        }
        if legal
            .iter()
            .filter_map(|a| a.as_move())
            .any(|m| m.from == from && m.to == to)
        {
            return generic_why_illegal(pos, text, legal);
        }
        IllegalReason::Contrast(ContrastRule::Powers(contrast_piece(p, from)))
    }
}

impl Describe for Contrast {
    /// Every piece is marked strong or weak by the square it stands on.
    fn square_marks(&self) -> Vec<MarkedSquares> {
        let b = self.board();
        let strong = (b.by_color(Color::White) & strong_squares(Color::White))
            | (b.by_color(Color::Black) & strong_squares(Color::Black));
        vec![
            MarkedSquares {
                mark: SquareMark::Strong,
                squares: strong,
            },
            MarkedSquares {
                mark: SquareMark::Weak,
                squares: b.occupied() & !strong,
            },
        ]
    }

    fn facts(&self) -> Vec<Fact> {
        vec![Fact::reminder(
            "Strong: White on a light square, Black on a dark square (a1 is dark)",
        )]
    }

    fn explain_square(&self, sq: Square) -> Option<String> {
        let p = self.board().piece_at(sq)?;
        Some(contrast_piece(p, sq).powers())
    }
}

/// `piece` on `square`, strong or weak there by Contrast's rule: what the
/// words of a reason or an explanation need to know.
fn contrast_piece(piece: Piece, square: Square) -> ContrastPiece {
    ContrastPiece {
        piece,
        square,
        strong: is_strong(piece.color, square),
    }
}
