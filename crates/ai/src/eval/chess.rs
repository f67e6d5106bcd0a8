//! Chess evaluation with piece-square tables: standard chess uses it as it
//! is, Contrast builds on it.

use super::{positional, FideEvaluate, PIECE_CENTIPAWNS};
use motley_rules::core::legal::FidePowers;
use motley_rules::core::{Board, Color, Piece, Role, Square};
use motley_rules::fide::{FideFamily, FidePosition};
use motley_rules::standard::Standard;
use motley_rules::Position;

// Tables from White's side, rank 8 first (as a board is printed); a white
// piece on square `sq` reads entry `(7 - rank) * 8 + file`, a black piece
// the mirrored entry. Values after the "Simplified Evaluation Function".
#[rustfmt::skip]
const PAWN: [i32; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
    50, 50, 50, 50, 50, 50, 50, 50,
    10, 10, 20, 30, 30, 20, 10, 10,
     5,  5, 10, 25, 25, 10,  5,  5,
     0,  0,  0, 20, 20,  0,  0,  0,
     5, -5,-10,  0,  0,-10, -5,  5,
     5, 10, 10,-20,-20, 10, 10,  5,
     0,  0,  0,  0,  0,  0,  0,  0,
];
#[rustfmt::skip]
const KNIGHT: [i32; 64] = [
   -50,-40,-30,-30,-30,-30,-40,-50,
   -40,-20,  0,  0,  0,  0,-20,-40,
   -30,  0, 10, 15, 15, 10,  0,-30,
   -30,  5, 15, 20, 20, 15,  5,-30,
   -30,  0, 15, 20, 20, 15,  0,-30,
   -30,  5, 10, 15, 15, 10,  5,-30,
   -40,-20,  0,  5,  5,  0,-20,-40,
   -50,-40,-30,-30,-30,-30,-40,-50,
];
#[rustfmt::skip]
const BISHOP: [i32; 64] = [
   -20,-10,-10,-10,-10,-10,-10,-20,
   -10,  0,  0,  0,  0,  0,  0,-10,
   -10,  0,  5, 10, 10,  5,  0,-10,
   -10,  5,  5, 10, 10,  5,  5,-10,
   -10,  0, 10, 10, 10, 10,  0,-10,
   -10, 10, 10, 10, 10, 10, 10,-10,
   -10,  5,  0,  0,  0,  0,  5,-10,
   -20,-10,-10,-10,-10,-10,-10,-20,
];
#[rustfmt::skip]
const ROOK: [i32; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
     5, 10, 10, 10, 10, 10, 10,  5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
     0,  0,  0,  5,  5,  0,  0,  0,
];
#[rustfmt::skip]
const QUEEN: [i32; 64] = [
   -20,-10,-10, -5, -5,-10,-10,-20,
   -10,  0,  0,  0,  0,  0,  0,-10,
   -10,  0,  5,  5,  5,  5,  0,-10,
    -5,  0,  5,  5,  5,  5,  0, -5,
     0,  0,  5,  5,  5,  5,  0, -5,
   -10,  5,  5,  5,  5,  5,  0,-10,
   -10,  0,  5,  0,  0,  0,  0,-10,
   -20,-10,-10, -5, -5,-10,-10,-20,
];
#[rustfmt::skip]
const KING_MIDDLE: [i32; 64] = [
   -30,-40,-40,-50,-50,-40,-40,-30,
   -30,-40,-40,-50,-50,-40,-40,-30,
   -30,-40,-40,-50,-50,-40,-40,-30,
   -30,-40,-40,-50,-50,-40,-40,-30,
   -20,-30,-30,-40,-40,-30,-30,-20,
   -10,-20,-20,-20,-20,-20,-20,-10,
    20, 20,  0,  0,  0,  0, 20, 20,
    20, 30, 10,  0,  0, 10, 30, 20,
];
#[rustfmt::skip]
const KING_END: [i32; 64] = [
   -50,-40,-30,-20,-20,-30,-40,-50,
   -30,-20,-10,  0,  0,-10,-20,-30,
   -30,-10, 20, 30, 30, 20,-10,-30,
   -30,-10, 30, 40, 40, 30,-10,-30,
   -30,-10, 30, 40, 40, 30,-10,-30,
   -30,-10, 20, 30, 30, 20,-10,-30,
   -30,-30,  0,  0,  0,  0,-30,-30,
   -50,-30,-30,-30,-30,-30,-30,-50,
];

/// Game phase weights (N, B = 1, R = 2, Q = 4; 24 at the start).
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
const PHASE_TOTAL: i32 = 24;
/// Small bonus for the side to act.
const TEMPO: i32 = 10;
const BISHOP_PAIR: i32 = 30;

#[inline]
fn table_index(color: Color, sq: Square) -> usize {
    let row = match color {
        Color::White => 7 - sq.rank(),
        Color::Black => sq.rank(),
    };
    (row as usize) * 8 + sq.file() as usize
}

/// Game phase from 0 (bare kings and pawns) to 24 (all pieces).
pub fn phase(board: &Board) -> i32 {
    Role::ALL
        .iter()
        .map(|r| PHASE[r.index()] * board.by_role(*r).count() as i32)
        .sum::<i32>()
        .min(PHASE_TOTAL)
}

/// Material plus piece-square terms of one colour, the king's table
/// blended by `phase`.
fn side_score(board: &Board, color: Color, phase: i32) -> i32 {
    let mut s = 0;
    for role in Role::ALL {
        let bb = board.by_piece(Piece::new(color, role));
        for sq in bb {
            let i = table_index(color, sq);
            s += PIECE_CENTIPAWNS[role.index()];
            s += match role {
                Role::Pawn => PAWN[i],
                Role::Knight => KNIGHT[i],
                Role::Bishop => BISHOP[i],
                Role::Rook => ROOK[i],
                Role::Queen => QUEEN[i],
                Role::King => {
                    (KING_MIDDLE[i] * phase + KING_END[i] * (PHASE_TOTAL - phase)) / PHASE_TOTAL
                }
                _ => 0,
            };
        }
    }
    if board.by_piece(Piece::new(color, Role::Bishop)).count() >= 2 {
        s += BISHOP_PAIR;
    }
    s
}

/// Distance from the centre (0 in the middle four squares, 3 in a corner
/// region), for driving a lone king to the edge.
fn centre_distance(sq: Square) -> i32 {
    let f = sq.file() as i32;
    let r = sq.rank() as i32;
    (f - 3).max(4 - f) - 1 + (r - 3).max(4 - r) - 1
}

/// Bonus for the stronger side in a pawnless ending with a clear material
/// lead: push the weaker king to the edge and bring the kings together, so
/// won endings are actually mated and not drawn by the fifty-move rule.
fn mop_up(board: &Board, strong: Color, lead: i32) -> i32 {
    if lead < 400 || (board.by_role(Role::Pawn) & board.by_color(strong.other())).any() {
        return 0;
    }
    let (Some(ks), Some(kw)) = (board.king_of(strong), board.king_of(strong.other())) else {
        return 0;
    };
    let dist = (ks.file() - kw.file())
        .abs()
        .max((ks.rank() - kw.rank()).abs()) as i32;
    10 * centre_distance(kw) + 4 * (7 - dist)
}

/// Chess evaluation with piece-square tables, for the side `to_act`.
pub fn chess_pst(board: &Board, to_act: Color) -> i32 {
    let ph = phase(board);
    let us = side_score(board, to_act, ph);
    let them = side_score(board, to_act.other(), ph);
    let mut s = us - them + TEMPO;
    if ph <= 8 {
        if s > 0 {
            s += mop_up(board, to_act, s);
        } else if s < 0 {
            s -= mop_up(board, to_act.other(), -s);
        }
    }
    s
}

/// Standard chess's evaluation with the positional weights `w` (the
/// tuner varies them; play uses [`positional::TUNED`]).
pub fn standard_eval(pos: &Standard, w: &positional::Weights) -> i32 {
    let board = pos.board();
    chess_pst(board, pos.turn()) + fide_positional(pos, w)
}

/// The positional terms of a FIDE-like position by its family's powers.
pub fn fide_positional<F: FideFamily>(pos: &FidePosition<F>, w: &positional::Weights) -> i32 {
    let board = pos.board();
    positional::positional(&pos.powers(), board, pos.turn(), phase(board), w)
}

/// The pass of a FIDE-like position, when the side to act has a piece
/// besides pawns and its king (with only those, zugzwang is common).
pub fn fide_null_move<F: FideFamily>(pos: &FidePosition<F>) -> Option<FidePosition<F>> {
    let b = pos.board();
    let pieces = b.by_color(pos.turn()) & !(b.by_role(Role::Pawn) | b.by_role(Role::King));
    pieces.any().then(|| pos.passed())
}

impl FideEvaluate for FidePowers<false> {
    fn evaluate(pos: &Standard) -> i32 {
        standard_eval(pos, &positional::TUNED)
    }
}
