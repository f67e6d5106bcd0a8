//! Shared helpers for the Contrast and Monochromatic tests: a deliberately
//! naive, independent move generator (a square array, direction stepping,
//! make-and-test legality, no bitboards) that the fast generators are
//! compared with, and the perft data-file reader.

use motley_game::variant::Registry;
use motley_rules::core::fen::Setup;
use motley_rules::core::{Color, MoveKind, Role, Square};
use motley_rules::{perft, AnyPosition, Position};

/// Which rules the reference generator plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Rules {
    Contrast,
    /// Monochromatic with its knight-slot piece: "knight", "camel", "da",
    /// "double_knight".
    Mono(&'static str),
}

const ORTH: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const CAMEL: [(i8, i8); 8] = [
    (1, 3),
    (3, 1),
    (3, -1),
    (1, -3),
    (-1, -3),
    (-3, -1),
    (-3, 1),
    (-1, 3),
];
const ALFIL: [(i8, i8); 4] = [(2, 2), (2, -2), (-2, 2), (-2, -2)];
const DABBABA: [(i8, i8); 4] = [(2, 0), (-2, 0), (0, 2), (0, -2)];

/// A position for the naive generator.
#[derive(Clone)]
pub struct Ref {
    rules: Rules,
    sq: [Option<(Color, Role)>; 64],
    turn: Color,
    /// K Q k q as bits 1 2 4 8 (same as FEN order).
    castling: u8,
    ep: Option<(i8, i8)>,
}

fn idx(f: i8, r: i8) -> usize {
    (r * 8 + f) as usize
}

fn on(f: i8, r: i8) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

fn name(f: i8, r: i8) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

/// a1 is dark.
fn dark(f: i8, r: i8) -> bool {
    (f + r) % 2 == 0
}

impl Ref {
    /// From a FEN (the library's FEN reader is trusted; it is tested apart).
    pub fn new(rules: Rules, fen: &str) -> Ref {
        let s = Setup::parse(fen).unwrap();
        let mut sq = [None; 64];
        for (i, slot) in sq.iter_mut().enumerate() {
            *slot = s
                .board
                .piece_at(Square::new(i as u8).unwrap())
                .map(|p| (p.color, p.role));
        }
        Ref {
            rules,
            sq,
            turn: s.turn,
            castling: s.castling,
            ep: s.ep_square.map(|e| (e.file(), e.rank())),
        }
    }

    fn at(&self, f: i8, r: i8) -> Option<(Color, Role)> {
        if on(f, r) {
            self.sq[idx(f, r)]
        } else {
            None
        }
    }

    fn strong(c: Color, f: i8, r: i8) -> bool {
        (c == Color::White) != dark(f, r)
    }

    fn slide(&self, f: i8, r: i8, dirs: &[(i8, i8)], max: i8, out: &mut Vec<(i8, i8)>) {
        for &(df, dr) in dirs {
            for k in 1..=max {
                let (g, q) = (f + df * k, r + dr * k);
                if !on(g, q) {
                    break;
                }
                out.push((g, q));
                if self.at(g, q).is_some() {
                    break;
                }
            }
        }
    }

    fn leap(f: i8, r: i8, offs: &[(i8, i8)], out: &mut Vec<(i8, i8)>) {
        for &(df, dr) in offs {
            if on(f + df, r + dr) {
                out.push((f + df, r + dr));
            }
        }
    }

    /// Squares the piece on (f, r) could capture on (its attacks).
    fn reach(&self, f: i8, r: i8) -> Vec<(i8, i8)> {
        let mut out = Vec::new();
        let Some((c, role)) = self.at(f, r) else {
            return out;
        };
        let all: Vec<(i8, i8)> = ORTH.iter().chain(DIAG.iter()).copied().collect();
        match self.rules {
            Rules::Contrast => {
                let s = Self::strong(c, f, r);
                match (role, s) {
                    (Role::King, true) => self.slide(f, r, &all, 2, &mut out),
                    (Role::King, false) | (Role::Knight, false) => {
                        Self::leap(f, r, &ORTH, &mut out)
                    }
                    (Role::Queen, true) => self.slide(f, r, &all, 7, &mut out),
                    (Role::Queen, false) => self.slide(f, r, &all, 2, &mut out),
                    (Role::Rook, true) => {
                        self.slide(f, r, &ORTH, 7, &mut out);
                        Self::leap(f, r, &KNIGHT, &mut out);
                    }
                    (Role::Rook, false) => self.slide(f, r, &ORTH, 2, &mut out),
                    (Role::Bishop, true) => {
                        self.slide(f, r, &DIAG, 7, &mut out);
                        for a in DIAG {
                            for b in DIAG {
                                if a.0 * b.0 + a.1 * b.1 != 0 {
                                    continue;
                                }
                                let (mf, mr) = (f + a.0, r + a.1);
                                let (tf, tr) = (mf + b.0, mr + b.1);
                                if on(mf, mr) && self.at(mf, mr).is_none() && on(tf, tr) {
                                    out.push((tf, tr));
                                }
                            }
                        }
                    }
                    (Role::Bishop, false) => self.slide(f, r, &DIAG, 2, &mut out),
                    (Role::Knight, true) => {
                        Self::leap(f, r, &KNIGHT, &mut out);
                        Self::leap(f, r, &ALFIL, &mut out);
                    }
                    (Role::Pawn, true) => {
                        let d = if c == Color::White { 1 } else { -1 };
                        Self::leap(f, r, &[(-1, d), (1, d), (0, d)], &mut out);
                    }
                    (Role::Pawn, false) => {}
                    _ => {}
                }
            }
            Rules::Mono(kind) => match role {
                Role::King => Self::leap(f, r, &all, &mut out),
                Role::Queen => self.slide(f, r, &all, 7, &mut out),
                Role::Rook => self.slide(f, r, &ORTH, 7, &mut out),
                Role::Bishop => self.slide(f, r, &DIAG, 7, &mut out),
                Role::Pawn => {
                    let d = if c == Color::White { 1 } else { -1 };
                    Self::leap(f, r, &[(-1, d), (1, d)], &mut out);
                }
                Role::Knight => match kind {
                    "knight" => Self::leap(f, r, &KNIGHT, &mut out),
                    "camel" => Self::leap(f, r, &CAMEL, &mut out),
                    "da" => {
                        Self::leap(f, r, &ALFIL, &mut out);
                        Self::leap(f, r, &DABBABA, &mut out);
                    }
                    "double_knight" => {
                        for (df, dr) in KNIGHT {
                            let (mf, mr) = (f + df, r + dr);
                            if on(mf, mr) && self.at(mf, mr).is_none() && on(f + 2 * df, r + 2 * dr)
                            {
                                out.push((f + 2 * df, r + 2 * dr));
                            }
                        }
                    }
                    other => panic!("unknown knight kind {other}"),
                },
                _ => {}
            },
        }
        out.sort();
        out.dedup();
        out
    }

    fn attacked(&self, f: i8, r: i8, by: Color) -> bool {
        for g in 0..8 {
            for q in 0..8 {
                if let Some((c, _)) = self.at(g, q) {
                    if c == by && self.reach(g, q).contains(&(f, r)) {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn king(&self, c: Color) -> (i8, i8) {
        for i in 0..64 {
            if self.sq[i] == Some((c, Role::King)) {
                return ((i % 8) as i8, (i / 8) as i8);
            }
        }
        panic!("no king")
    }

    /// Is the side to move in check?
    pub fn in_check(&self) -> bool {
        let (f, r) = self.king(self.turn);
        self.attacked(f, r, self.turn.other())
    }

    /// Do the piece's colour-keeping rule and this family's moves allow a
    /// step from (f, r) to (g, q)? (Monochromatic: no move changes the
    /// square's colour.)
    fn colour_ok(&self, f: i8, r: i8, g: i8, q: i8) -> bool {
        match self.rules {
            Rules::Contrast => true,
            Rules::Mono(_) => dark(f, r) == dark(g, q),
        }
    }

    /// The move of the side to move's piece on (f, r) to (g, q), each
    /// promotion when a pawn reaches the last rank; `ep` takes the pawn
    /// beside it en passant.
    fn push_move(
        &self,
        (f, r): (i8, i8),
        (g, q): (i8, i8),
        ep: bool,
        out: &mut Vec<(String, Ref)>,
    ) {
        let us = self.turn;
        let Some((_, role)) = self.at(f, r) else {
            return;
        };
        if !self.colour_ok(f, r, g, q) {
            return;
        }
        let last = if us == Color::White { 7 } else { 0 };
        let promos: &[char] = if role == Role::Pawn && q == last {
            &['q', 'r', 'b', 'n']
        } else {
            &[' ']
        };
        for &p in promos {
            let mut n = self.clone();
            n.sq[idx(f, r)] = None;
            let new_role = match p {
                'q' => Role::Queen,
                'r' => Role::Rook,
                'b' => Role::Bishop,
                'n' => Role::Knight,
                _ => role,
            };
            n.sq[idx(g, q)] = Some((us, new_role));
            if ep {
                n.sq[idx(g, r)] = None;
            }
            let mut text = format!("{}{}", name(f, r), name(g, q));
            if p != ' ' {
                text.push(p);
            }
            out.push((text, n));
        }
    }

    /// The pseudo moves of the side to move's pawn on (f, r): steps,
    /// captures, en passant, and Contrast's weak pawn's ways.
    fn pawn_moves(&self, f: i8, r: i8, out: &mut Vec<(String, Ref)>) {
        let us = self.turn;
        let d: i8 = if us == Color::White { 1 } else { -1 };
        let start = if us == Color::White { 1 } else { 6 };
        let pawn_strong = match self.rules {
            Rules::Contrast => Self::strong(us, f, r),
            Rules::Mono(_) => true,
        };
        if self.at(f, r + d).is_none() {
            self.push_move((f, r), (f, r + d), false, out);
            if pawn_strong && r == start && self.at(f, r + 2 * d).is_none() {
                self.push_move((f, r), (f, r + 2 * d), false, out);
            }
        }
        if !pawn_strong {
            return;
        }
        for df in [-1, 1] {
            let (g, q) = (f + df, r + d);
            if !on(g, q) {
                continue;
            }
            match self.at(g, q) {
                Some((c2, _)) if c2 != us => self.push_move((f, r), (g, q), false, out),
                Some(_) => {}
                None => {
                    if self.ep == Some((g, q)) {
                        self.push_move((f, r), (g, q), true, out);
                    } else if self.rules == Rules::Contrast {
                        self.push_move((f, r), (g, q), false, out);
                    }
                }
            }
        }
        if self.rules == Rules::Contrast && matches!(self.at(f, r + d), Some((c2, _)) if c2 != us) {
            self.push_move((f, r), (f, r + d), false, out);
        }
    }

    /// The pseudo moves of the side to move's piece (not a pawn) on
    /// (f, r), Contrast's capture in place included.
    fn piece_moves(&self, f: i8, r: i8, role: Role, out: &mut Vec<(String, Ref)>) {
        let us = self.turn;
        for (g, q) in self.reach(f, r) {
            if !matches!(self.at(g, q), Some((c2, _)) if c2 == us) {
                self.push_move((f, r), (g, q), false, out);
            }
        }
        if self.rules == Rules::Contrast && role == Role::Queen && Self::strong(us, f, r) {
            for (df, dr) in ORTH.iter().chain(DIAG.iter()) {
                let (g, q) = (f + df, r + dr);
                if matches!(self.at(g, q), Some((c2, _)) if c2 != us) {
                    let mut n = self.clone();
                    n.sq[idx(g, q)] = None;
                    out.push((format!("{}^{}", name(f, r), name(g, q)), n));
                }
            }
        }
    }

    /// Castling: FIDE conditions; in Monochromatic both pieces must keep
    /// their square colours.
    fn castles(&self, out: &mut Vec<(String, Ref)>) {
        let us = self.turn;
        let home = if us == Color::White { 0 } else { 7 };
        for (bit, rook_f, king_to, rook_to, empty) in [
            (0usize, 7i8, 6i8, 5i8, &[5i8, 6][..]),
            (1, 0, 2, 3, &[1, 2, 3][..]),
        ] {
            let bit = 1u8 << (bit + if us == Color::White { 0 } else { 2 });
            if self.castling & bit == 0
                || self.at(4, home) != Some((us, Role::King))
                || self.at(rook_f, home) != Some((us, Role::Rook))
                || empty.iter().any(|&g| self.at(g, home).is_some())
                || !self.colour_ok(4, home, king_to, home)
                || !self.colour_ok(rook_f, home, rook_to, home)
            {
                continue;
            }
            let step = if king_to > 4 { 1 } else { -1 };
            if [4, 4 + step, king_to]
                .iter()
                .any(|&g| self.attacked(g, home, us.other()))
            {
                continue;
            }
            let mut n = self.clone();
            n.sq[idx(4, home)] = None;
            n.sq[idx(rook_f, home)] = None;
            n.sq[idx(king_to, home)] = Some((us, Role::King));
            n.sq[idx(rook_to, home)] = Some((us, Role::Rook));
            out.push((format!("{}{}", name(4, home), name(king_to, home)), n));
        }
    }

    /// Every pseudo move as (text, resulting position).
    fn pseudo(&self) -> Vec<(String, Ref)> {
        let mut out = Vec::new();
        for f in 0..8 {
            for r in 0..8 {
                match self.at(f, r) {
                    Some((c, Role::Pawn)) if c == self.turn => self.pawn_moves(f, r, &mut out),
                    Some((c, role)) if c == self.turn => self.piece_moves(f, r, role, &mut out),
                    _ => {}
                }
            }
        }
        self.castles(&mut out);
        out
    }

    /// Legal moves as sorted coordinate texts, with the positions after.
    pub fn legal(&self) -> Vec<(String, Ref)> {
        let us = self.turn;
        let mut out: Vec<(String, Ref)> = self
            .pseudo()
            .into_iter()
            .filter(|(_, n)| {
                let (f, r) = n.king(us);
                !n.attacked(f, r, us.other())
            })
            .map(|(t, mut n)| {
                n.finish_move(&t, self);
                (t, n)
            })
            .collect();
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }

    /// Update turn, castling rights and the en-passant square after `text`.
    fn finish_move(&mut self, text: &str, before: &Ref) {
        let b = text.as_bytes();
        let sqs = |i: usize| ((b[i] - b'a') as i8, (b[i + 1] - b'1') as i8);
        let from = sqs(0);
        let to = if b[2] == b'^' { sqs(3) } else { sqs(2) };
        for (sq, bits) in [
            ((0, 0), 2u8),
            ((4, 0), 3),
            ((7, 0), 1),
            ((0, 7), 8),
            ((4, 7), 12),
            ((7, 7), 4),
        ] {
            if from == sq || to == sq {
                self.castling &= !bits;
            }
        }
        self.ep = None;
        let was_pawn = matches!(before.at(from.0, from.1), Some((_, Role::Pawn)));
        if was_pawn && (to.1 - from.1).abs() == 2 {
            // Recorded only when an enemy pawn could take (as the library
            // keeps FENs canonical); in Contrast it must be strong.
            let ep = (from.0, (from.1 + to.1) / 2);
            let them = before.turn.other();
            let d: i8 = if them == Color::White { 1 } else { -1 };
            let taker = [-1, 1].iter().any(|&df| {
                let (g, q) = (ep.0 + df, ep.1 - d);
                self.at(g, q) == Some((them, Role::Pawn))
                    && (before.rules != Rules::Contrast || Self::strong(them, g, q))
            });
            if taker {
                self.ep = Some(ep);
            }
        }
        self.turn = before.turn.other();
    }

    /// Perft by the naive generator.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|(_, n)| n.perft(depth - 1)).sum()
    }
}

use crate::position_support;
pub use position_support::position;

/// Sorted coordinate texts of the library's legal actions.
pub fn legal_texts(pos: &AnyPosition) -> Vec<String> {
    let mut legal = Vec::new();
    pos.legal_actions(&mut legal);
    let mut t: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
    t.sort();
    t
}

/// Tiny deterministic generator for random walks.
pub struct Rng(pub u64);
impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Walk random games from `fen`, comparing at every node the library's
/// legal moves and check status with the naive generator's. Returns how
/// many legal moves of each special kind the walks met (so a test can show
/// the walks reached castling, en passant, promotion, capture in place) and
/// how many nodes were in check.
pub fn compare_random_walks(
    variant: &str,
    rules: Rules,
    fen: &str,
    games: usize,
    plies: usize,
) -> WalkStats {
    let mut stats = WalkStats::default();
    let mut rng = Rng(0x5eed_1234_abcd_0001 ^ fen.len() as u64);
    for g in 0..games {
        let mut pos = position(variant, fen);
        let mut reference = Ref::new(rules, fen);
        for ply in 0..plies {
            let lib = legal_texts(&pos);
            let refm = reference.legal();
            let ref_texts: Vec<String> = refm.iter().map(|(t, _)| t.clone()).collect();
            assert_eq!(
                lib,
                ref_texts,
                "{variant} game {g} ply {ply}: {}",
                pos.to_fen()
            );
            assert_eq!(
                pos.in_check(pos.turn()),
                reference.in_check(),
                "check status, {variant} {}",
                pos.to_fen()
            );
            if pos.in_check(pos.turn()) {
                stats.checks += 1;
            }
            let mut actions = Vec::new();
            pos.legal_actions(&mut actions);
            for a in &actions {
                match a.as_move().map(|m| m.kind) {
                    Some(MoveKind::Castle) => stats.castles += 1,
                    Some(MoveKind::EnPassant) => stats.en_passant += 1,
                    Some(MoveKind::Promotion(_)) => stats.promotions += 1,
                    Some(MoveKind::CaptureInPlace) => stats.in_place += 1,
                    _ => {}
                }
            }
            if lib.is_empty() {
                stats.finished += 1;
                break;
            }
            let i = rng.below(lib.len());
            let action = motley_rules::parse_action(&pos, &lib[i]).unwrap();
            pos.play_unchecked(action);
            reference = refm[i].1.clone();
        }
    }
    stats
}

/// What random walks met (counts of legal moves of each kind, nodes in
/// check, games that ended with no legal move).
#[derive(Debug, Default)]
pub struct WalkStats {
    pub castles: u32,
    pub en_passant: u32,
    pub promotions: u32,
    pub in_place: u32,
    pub checks: u32,
    pub finished: u32,
}

/// One perft data line: FEN and counts for depths 1, 2, …
pub struct PerftCase {
    pub fen: String,
    pub counts: Vec<u64>,
}

/// Read `tests/perft/<file>`: lines `FEN ; n1 ; n2 ; …`, `#` comments.
pub fn read_perft(file: &str) -> Vec<PerftCase> {
    let path = format!("{}/tests/perft/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut parts = l.split(';').map(str::trim);
            let fen = parts.next().unwrap().to_string();
            let counts = parts.map(|n| n.parse().unwrap()).collect();
            PerftCase { fen, counts }
        })
        .collect()
}

/// Check every case of a perft file with the library, and depths up to
/// `ref_depth` also with the naive generator.
pub fn check_perft_file(variant: &str, rules: Rules, file: &str, ref_depth: u32) {
    let cases = read_perft(file);
    assert!(
        cases.len() >= 4,
        "{file}: start plus three mid-game positions"
    );
    for c in cases {
        let pos = position(variant, &c.fen);
        for (i, &want) in c.counts.iter().enumerate() {
            let d = i as u32 + 1;
            assert_eq!(perft(&pos, d), want, "{variant} depth {d}: {}", c.fen);
            if d <= ref_depth {
                assert_eq!(
                    Ref::new(rules, &c.fen).perft(d),
                    want,
                    "naive generator, {variant} depth {d}: {}",
                    c.fen
                );
            }
        }
    }
}

/// A random placement as FEN: both kings, up to `extra` other pieces, no
/// pawn on a back rank, random side to move, no castling or en passant.
pub fn random_fen(rng: &mut Rng, extra: usize) -> String {
    let mut board = [' '; 64];
    let letters = ['P', 'N', 'B', 'R', 'Q', 'p', 'n', 'b', 'r', 'q'];
    let mut place = |c: char, rng: &mut Rng| loop {
        let s = rng.below(64);
        let rank = s / 8;
        if board[s] == ' ' && !(c.eq_ignore_ascii_case(&'p') && (rank == 0 || rank == 7)) {
            board[s] = c;
            return;
        }
    };
    place('K', rng);
    place('k', rng);
    for _ in 0..rng.below(extra + 1) {
        let c = letters[rng.below(letters.len())];
        place(c, rng);
    }
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                ' ' => empty += 1,
                c => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(c);
                }
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen.push_str(if rng.below(2) == 0 {
        " w - - 0 1"
    } else {
        " b - - 0 1"
    });
    fen
}

/// Compare the library with the naive generator on many random placements
/// (depths 1 and 2); placements the variant refuses (side not to move in
/// check) are skipped. Returns how many were compared.
pub fn compare_random_placements(variant: &str, rules: Rules, count: usize) -> usize {
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    let def = Registry::builtin().get(variant).unwrap();
    let mut compared = 0;
    for _ in 0..count {
        let fen = random_fen(&mut rng, 14);
        let Ok(pos) = def.position(Some(&fen)) else {
            continue;
        };
        let reference = Ref::new(rules, &fen);
        let refm = reference.legal();
        let ref_texts: Vec<String> = refm.iter().map(|(t, _)| t.clone()).collect();
        assert_eq!(legal_texts(&pos), ref_texts, "{variant}: {fen}");
        assert_eq!(
            pos.in_check(pos.turn()),
            reference.in_check(),
            "{variant}: {fen}"
        );
        assert_eq!(
            perft(&pos, 2),
            reference.perft(2),
            "{variant} depth 2: {fen}"
        );
        compared += 1;
    }
    compared
}
