//! Positional terms of the FIDE-like families (standard chess, Contrast,
//! Monochromatic): mobility, king safety and pawn structure. Every reach
//! comes from the family's own powers ([`Powers::targets`],
//! [`Powers::pawn_powers`]), so a weak Contrast bishop or a Monochromatic
//! camel counts the squares it really reaches, not a chess piece's.
//!
//! The weights are named constants ([`TUNED`]). They are hand-set so far;
//! `examples/texel.rs` fits them by Texel's method to the results of games
//! Motley played itself (docs/performance.md "Fitting the evaluation weights") by varying a
//! [`Weights`] value.

use motley_rules::core::attacks::{king_attacks, pawn_attacks};
use motley_rules::core::legal::Powers;
use motley_rules::core::{Bitboard, Board, Color, Role, Square};

/// Every weight of the positional terms, in centipawns. Pairs are
/// (middle game, endgame), blended by the game phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per square a knight, bishop, rook or queen reaches that holds no
    /// own piece and no enemy pawn guards, beyond a typical count.
    pub mobility: [(i32, i32); 4],
    /// Attack units per square of the enemy king's zone a piece of each
    /// kind (N, B, R, Q) reaches.
    pub king_attack: [i32; 4],
    /// Middle-game penalty is units² / this, once two pieces attack.
    pub king_danger_divisor: i32,
    /// Per own pawn on the two ranks in front of the king, on its file and
    /// the neighbours (middle game).
    pub pawn_shield: i32,
    /// Per file next to or at the king without an own pawn (middle game).
    pub king_open_file: i32,
    /// Per extra pawn on a file.
    pub doubled: (i32, i32),
    /// Per pawn with no own pawn on a neighbouring file.
    pub isolated: (i32, i32),
    /// A pawn no enemy pawn can stop or take, by ranks advanced (0–7).
    pub passed: [(i32, i32); 8],
    /// A rook on a file without pawns / without own pawns.
    pub rook_open: (i32, i32),
    pub rook_semi_open: (i32, i32),
}

impl Weights {
    /// Number of numbers in a [`Weights`] ([`Weights::to_vec`]).
    pub const LEN: usize = 8 + 4 + 3 + 4 + 16 + 4;

    /// Every weight as one list, in field order (what a tuner varies).
    pub fn to_vec(&self) -> Vec<i32> {
        let mut v = Vec::with_capacity(Self::LEN);
        for (mg, eg) in self.mobility {
            v.extend([mg, eg]);
        }
        v.extend(self.king_attack);
        v.extend([
            self.king_danger_divisor,
            self.pawn_shield,
            self.king_open_file,
        ]);
        v.extend([
            self.doubled.0,
            self.doubled.1,
            self.isolated.0,
            self.isolated.1,
        ]);
        for (mg, eg) in self.passed {
            v.extend([mg, eg]);
        }
        v.extend([self.rook_open.0, self.rook_open.1]);
        v.extend([self.rook_semi_open.0, self.rook_semi_open.1]);
        v
    }

    /// The weights of a list in [`Weights::to_vec`]'s order; `None` when
    /// its length is not [`Weights::LEN`].
    pub fn from_slice(v: &[i32]) -> Option<Weights> {
        if v.len() != Self::LEN {
            return None;
        }
        let pair = |i: usize| (v[i], v[i + 1]);
        Some(Weights {
            mobility: [pair(0), pair(2), pair(4), pair(6)],
            king_attack: [v[8], v[9], v[10], v[11]],
            king_danger_divisor: v[12],
            pawn_shield: v[13],
            king_open_file: v[14],
            doubled: pair(15),
            isolated: pair(17),
            passed: std::array::from_fn(|r| pair(19 + 2 * r)),
            rook_open: pair(35),
            rook_semi_open: pair(37),
        })
    }
}

/// The weights the evaluation uses (see the module documentation).
pub const TUNED: Weights = Weights {
    mobility: [(4, 4), (5, 5), (2, 4), (1, 2)],
    king_attack: [2, 2, 3, 5],
    king_danger_divisor: 4,
    pawn_shield: 10,
    king_open_file: 15,
    doubled: (10, 20),
    isolated: (10, 15),
    passed: [
        (0, 0),
        (0, 10),
        (5, 15),
        (10, 25),
        (20, 45),
        (35, 75),
        (60, 120),
        (0, 0),
    ],
    rook_open: (25, 10),
    rook_semi_open: (12, 5),
};

/// Reach a piece of each kind (N, B, R, Q) has on a typical square, so
/// mobility measures the difference from the usual, not material again.
const TYPICAL_REACH: [i32; 4] = [4, 6, 7, 12];

/// Phase of a full board (N, B = 1, R = 2, Q = 4).
pub const PHASE_TOTAL: i32 = 24;

/// The (middle game, endgame) sum of the terms for `us` minus `them`.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
struct Score(i32, i32);

impl Score {
    #[inline]
    fn add(&mut self, (mg, eg): (i32, i32), times: i32) {
        self.0 += mg * times;
        self.1 += eg * times;
    }
}

/// Squares pawns of `color` guard, with the family's pawn powers.
pub fn pawn_guards<P: Powers>(powers: &P, board: &Board, color: Color) -> Bitboard {
    let pawns = board.by_role(Role::Pawn) & board.by_color(color);
    let p = powers.pawn_powers(color, pawns);
    let mut out = Bitboard::EMPTY;
    for sq in p.diagonal_capture {
        out |= pawn_attacks(color, sq);
    }
    let forward = match color {
        Color::White => p.forward_capture.north(),
        Color::Black => p.forward_capture.south(),
    };
    out | forward
}

/// Squares the piece on `from` reaches by its family's powers.
#[inline]
fn reach<P: Powers>(powers: &P, role: Role, color: Color, from: Square, occ: Bitboard) -> Bitboard {
    powers.targets(role, color, from, occ) | powers.in_place_targets(role, color, from)
}

/// Files next to and at `sq`.
#[inline]
fn files_around(sq: Square) -> Bitboard {
    let f = sq.file();
    let mut out = Bitboard::file(f);
    if f > 0 {
        out |= Bitboard::file(f - 1);
    }
    if f < 7 {
        out |= Bitboard::file(f + 1);
    }
    out
}

/// Squares strictly ahead of `sq` for `color`, on its file and the
/// neighbours (where an enemy pawn could stop or take a pawn on `sq`).
#[inline]
fn front_span(color: Color, sq: Square) -> Bitboard {
    let ahead = match color {
        Color::White => Bitboard(!0u64 << 8 << (8 * sq.rank() as u32)),
        Color::Black => Bitboard((1u64 << (8 * sq.rank() as u32)).wrapping_sub(1)),
    };
    ahead & files_around(sq)
}

/// Ranks a pawn of `color` on `sq` has advanced from its side's edge.
#[inline]
fn advanced(color: Color, sq: Square) -> usize {
    match color {
        Color::White => sq.rank() as usize,
        Color::Black => 7 - sq.rank() as usize,
    }
}

/// Mobility and the attack on the enemy king of `color`'s pieces.
fn pieces<P: Powers>(powers: &P, board: &Board, color: Color, w: &Weights) -> Score {
    let mut s = Score::default();
    let own = board.by_color(color);
    let occ = board.occupied();
    let enemy_guards = pawn_guards(powers, board, color.other());
    let zone = board
        .king_of(color.other())
        .map_or(Bitboard::EMPTY, |k| king_attacks(k).with(k));
    let (mut units, mut attackers) = (0, 0);
    for (i, role) in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .into_iter()
        .enumerate()
    {
        for sq in board.by_role(role) & own {
            let r = reach(powers, role, color, sq, occ);
            let free = (r & !own & !enemy_guards).count() as i32;
            s.add(w.mobility[i], free - TYPICAL_REACH[i]);
            let hits = (r & zone).count() as i32;
            if hits > 0 {
                attackers += 1;
                units += w.king_attack[i] * hits;
            }
        }
    }
    if attackers >= 2 {
        s.0 += units * units / w.king_danger_divisor.max(1);
    }
    s
}

/// The shelter of `color`'s king: pawns in front of it, open files by it
/// (middle game only).
fn shelter(board: &Board, color: Color, w: &Weights) -> i32 {
    let Some(k) = board.king_of(color) else {
        return 0;
    };
    let pawns = board.by_role(Role::Pawn) & board.by_color(color);
    let dir = color.fold(1i8, -1);
    let mut shield = Bitboard::EMPTY;
    for dr in [1, 2] {
        if let Some(sq) = k.offset(0, dr * dir) {
            shield |= Bitboard::rank(sq.rank());
        }
    }
    let around = files_around(k);
    let mut score = w.pawn_shield * (pawns & shield & around).count() as i32;
    for f in 0..8 {
        let file = Bitboard::file(f);
        if (file & around).any() && (pawns & file).is_empty() {
            score -= w.king_open_file;
        }
    }
    score
}

/// Doubled, isolated and passed pawns, and rooks on open files, of
/// `color`.
fn pawns_and_files(board: &Board, color: Color, w: &Weights) -> Score {
    let mut s = Score::default();
    let ours = board.by_role(Role::Pawn) & board.by_color(color);
    let theirs = board.by_role(Role::Pawn) & board.by_color(color.other());
    for f in 0..8 {
        let n = (ours & Bitboard::file(f)).count() as i32;
        if n > 1 {
            s.add(w.doubled, -(n - 1));
        }
    }
    for sq in ours {
        let neighbours = files_around(sq) & !Bitboard::file(sq.file());
        if (ours & neighbours).is_empty() {
            s.add(w.isolated, -1);
        }
        if (theirs & front_span(color, sq)).is_empty() {
            s.add(w.passed[advanced(color, sq)], 1);
        }
    }
    for sq in board.by_role(Role::Rook) & board.by_color(color) {
        let file = Bitboard::file(sq.file());
        if (ours & file).is_empty() {
            if (theirs & file).is_empty() {
                s.add(w.rook_open, 1);
            } else {
                s.add(w.rook_semi_open, 1);
            }
        }
    }
    s
}

/// The positional terms for the side `to_act` (its terms minus the
/// opponent's), blended by `phase` (0 bare, [`PHASE_TOTAL`] full).
pub fn positional<P: Powers>(
    powers: &P,
    board: &Board,
    to_act: Color,
    phase: i32,
    w: &Weights,
) -> i32 {
    let mut total = Score::default();
    for (color, sign) in [(to_act, 1), (to_act.other(), -1)] {
        let p = pieces(powers, board, color, w);
        let q = pawns_and_files(board, color, w);
        total.0 += sign * (p.0 + q.0 + shelter(board, color, w));
        total.1 += sign * (p.1 + q.1);
    }
    let phase = phase.clamp(0, PHASE_TOTAL);
    (total.0 * phase + total.1 * (PHASE_TOTAL - phase)) / PHASE_TOTAL
}
