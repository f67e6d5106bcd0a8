//! The start of a rule family from data: a position whose piece kinds are
//! read from Betza notation ([`crate::core::betza`]), with chess's pawn
//! rules (double step, en passant, promotion to the kinds the rules
//! list), castling and a royal king, and its legal moves counted by
//! perft. Not yet a family a variant can name: the other keys of
//! Fairy-Stockfish's format, the game's end and the link to
//! [`super::AnyPosition`] come next (docs/rules.md, "Pieces in Betza
//! notation").
//!
//! Kinds are small numbers into the rules' list, so a variant may have as
//! many as [`MAX_KINDS`]; the built-in families keep their own six roles
//! and lose nothing.

use crate::core::betza::{Betza, BetzaError, PieceMoves};
use crate::core::{Bitboard, Color, Square};
use std::sync::Arc;
use thiserror::Error;

/// The most piece kinds a variant may have: chess's six and 25 more.
pub const MAX_KINDS: usize = 31;

/// A piece kind: its FEN letter (White's, upper case) and its moves.
#[derive(Clone, Debug)]
pub struct Kind {
    /// FEN letter, upper case (Black's is the lower case).
    pub letter: char,
    /// Its moves, ready to ask.
    pub moves: PieceMoves,
}

/// What makes the rules unusable.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FairyError {
    /// A kind's Betza text.
    #[error("piece '{letter}': {error}")]
    Betza {
        /// The kind's letter.
        letter: char,
        /// Why its text was refused.
        error: BetzaError,
    },
    /// Two kinds with one letter, a letter that is no letter, or too many.
    #[error("piece '{0}' is given twice, is not a letter, or is one kind too many")]
    BadKind(char),
    /// A FEN the rules cannot read.
    #[error("the FEN cannot be read: {0}")]
    Fen(String),
}

/// The rules of a variant from data, as far as this family goes yet.
#[derive(Clone, Debug)]
pub struct FairyRules {
    /// The piece kinds.
    pub kinds: Vec<Kind>,
    /// The kind that steps twice from its second rank, takes en passant
    /// and promotes on the last rank.
    pub pawn: Option<u8>,
    /// The royal kind: never left attacked.
    pub king: Option<u8>,
    /// The kind that castles with the king.
    pub rook: Option<u8>,
    /// What a pawn promotes to.
    pub promotions: Vec<u8>,
}

impl FairyRules {
    /// Rules with `kinds` given as (letter, Betza text); the pawn, king
    /// and rook are the kinds lettered P, K and R, if any, and pawns
    /// promote to every kind but those two.
    pub fn new(kinds: &[(char, &str)]) -> Result<FairyRules, FairyError> {
        let mut out = Vec::new();
        for &(letter, text) in kinds {
            let letter = letter.to_ascii_uppercase();
            if !letter.is_ascii_alphabetic()
                || out.iter().any(|k: &Kind| k.letter == letter)
                || out.len() == MAX_KINDS
            {
                return Err(FairyError::BadKind(letter));
            }
            let betza = Betza::parse(text).map_err(|error| FairyError::Betza { letter, error })?;
            out.push(Kind {
                letter,
                moves: PieceMoves::new(&betza),
            });
        }
        let find = |c: char| out.iter().position(|k| k.letter == c).map(|i| i as u8);
        let (pawn, king, rook) = (find('P'), find('K'), find('R'));
        let promotions = (0..out.len() as u8)
            .filter(|&k| Some(k) != pawn && Some(k) != king)
            .collect();
        Ok(FairyRules {
            kinds: out,
            pawn,
            king,
            rook,
            promotions,
        })
    }
}

/// How a move is made beyond going from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FairyMoveKind {
    /// A move or capture on the destination.
    Normal,
    /// A pawn's double step.
    DoubleStep,
    /// A pawn's capture of the pawn that just stepped past.
    EnPassant,
    /// Castling, written as the king's two-square move.
    Castle,
    /// A pawn's move that promotes to this kind.
    Promotion(u8),
}

/// A move in a [`FairyPosition`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FairyMove {
    /// From.
    pub from: Square,
    /// To.
    pub to: Square,
    /// How.
    pub kind: FairyMoveKind,
}

/// A piece: its side and kind.
type Man = (Color, u8);

/// A position under [`FairyRules`].
#[derive(Clone, Debug)]
pub struct FairyPosition {
    rules: Arc<FairyRules>,
    squares: [Option<Man>; 64],
    by_color: [Bitboard; 2],
    turn: Color,
    /// White's king side, White's queen side, Black's, Black's.
    castling: [bool; 4],
    en_passant: Option<Square>,
}

/// The corners and the king's squares castling uses: king from, king to,
/// rook from, rook to.
const CASTLES: [[&str; 4]; 4] = [
    ["e1", "g1", "h1", "f1"],
    ["e1", "c1", "a1", "d1"],
    ["e8", "g8", "h8", "f8"],
    ["e8", "c8", "a8", "d8"],
];

fn square(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| unreachable!("a fixed square name: {name}"))
}

impl FairyPosition {
    /// Reads a FEN whose letters are the rules' kinds.
    pub fn from_fen(rules: Arc<FairyRules>, fen: &str) -> Result<FairyPosition, FairyError> {
        let bad = |why: &str| FairyError::Fen(why.to_string());
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let [placement, turn, castling, ep, ..] = fields[..] else {
            return Err(bad("it needs placement, side, castling and en passant"));
        };
        let mut pos = FairyPosition {
            rules,
            squares: [None; 64],
            by_color: [Bitboard::EMPTY; 2],
            turn: match turn {
                "w" => Color::White,
                "b" => Color::Black,
                _ => return Err(bad("the side to move is not w or b")),
            },
            castling: [false; 4],
            en_passant: match ep {
                "-" => None,
                s => Some(Square::parse(s).ok_or_else(|| bad("bad en passant square"))?),
            },
        };
        let rows: Vec<&str> = placement.split('/').collect();
        if rows.len() != 8 {
            return Err(bad("the placement needs 8 ranks"));
        }
        for (i, row) in rows.iter().enumerate() {
            let rank = 7 - i as i8;
            let mut file = 0i8;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as i8;
                    continue;
                }
                let kind = pos
                    .rules
                    .kinds
                    .iter()
                    .position(|k| k.letter == c.to_ascii_uppercase())
                    .ok_or_else(|| bad("a letter no kind has"))?;
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let sq = Square::from_coords(file, rank).ok_or_else(|| bad("a rank too long"))?;
                pos.put(sq, (color, kind as u8));
                file += 1;
            }
            if file != 8 {
                return Err(bad("a rank is not 8 squares"));
            }
        }
        for (i, c) in ['K', 'Q', 'k', 'q'].into_iter().enumerate() {
            pos.castling[i] = castling.contains(c);
        }
        Ok(pos)
    }

    fn put(&mut self, sq: Square, man: Man) {
        self.squares[sq.index()] = Some(man);
        self.by_color[man.0.index()].insert(sq);
    }

    fn take(&mut self, sq: Square) -> Option<Man> {
        let man = self.squares[sq.index()].take()?;
        self.by_color[man.0.index()].remove(sq);
        Some(man)
    }

    fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// Whether a piece of `by` attacks `target`.
    pub fn attacked(&self, target: Square, by: Color) -> bool {
        let occupied = self.occupied();
        self.by_color[by.index()].any_square(|from| {
            let Some((_, kind)) = self.squares[from.index()] else {
                return false;
            };
            let moves = &self.rules.kinds[kind as usize].moves;
            moves
                .reach(crate::core::betza::Reach::Capture, by, from, occupied)
                .contains(target)
        })
    }

    fn king_attacked(&self, side: Color) -> bool {
        let Some(king) = self.rules.king else {
            return false;
        };
        self.by_color[side.index()]
            .filter(|&sq| self.squares[sq.index()] == Some((side, king)))
            .any(|sq| self.attacked(sq, side.other()))
    }

    /// The legal moves.
    pub fn legal_moves(&self) -> Vec<FairyMove> {
        let mut moves = Vec::new();
        self.pseudo_moves(&mut moves);
        moves.retain(|m| !self.played(*m).king_attacked(self.turn));
        moves
    }

    fn pseudo_moves(&self, out: &mut Vec<FairyMove>) {
        let us = self.turn;
        let occupied = self.occupied();
        let enemies = self.by_color[us.other().index()];
        let second = us.fold(1, 6);
        for from in self.by_color[us.index()] {
            let Some((_, kind)) = self.squares[from.index()] else {
                continue;
            };
            let moves = &self.rules.kinds[kind as usize].moves;
            let pawn = Some(kind) == self.rules.pawn;
            let targets = moves.moves(us, from, occupied, enemies, from.rank() == second);
            for to in targets {
                let last = to.rank() == us.fold(7, 0);
                if pawn && last {
                    for &p in &self.rules.promotions {
                        out.push(FairyMove {
                            from,
                            to,
                            kind: FairyMoveKind::Promotion(p),
                        });
                    }
                } else {
                    out.push(FairyMove {
                        from,
                        to,
                        kind: FairyMoveKind::Normal,
                    });
                }
            }
            if pawn {
                self.pawn_extras(from, out);
            }
        }
        self.castles(out);
    }

    /// A pawn's double step and en passant capture.
    fn pawn_extras(&self, from: Square, out: &mut Vec<FairyMove>) {
        let us = self.turn;
        let up = us.fold(1, -1);
        let occupied = self.occupied();
        if from.rank() == us.fold(1, 6) {
            if let (Some(one), Some(two)) = (from.offset(0, up), from.offset(0, 2 * up)) {
                if !occupied.contains(one) && !occupied.contains(two) {
                    out.push(FairyMove {
                        from,
                        to: two,
                        kind: FairyMoveKind::DoubleStep,
                    });
                }
            }
        }
        if let Some(ep) = self.en_passant {
            let Some(kind) = self.rules.pawn else { return };
            let moves = &self.rules.kinds[kind as usize].moves;
            if moves
                .reach(crate::core::betza::Reach::Capture, us, from, occupied)
                .contains(ep)
            {
                out.push(FairyMove {
                    from,
                    to: ep,
                    kind: FairyMoveKind::EnPassant,
                });
            }
        }
    }

    /// Castling: king and rook on their squares with the right kept, the
    /// squares between empty, and the king neither in check nor passing
    /// or landing on an attacked square.
    fn castles(&self, out: &mut Vec<FairyMove>) {
        let (Some(king), Some(rook)) = (self.rules.king, self.rules.rook) else {
            return;
        };
        let us = self.turn;
        for (i, names) in CASTLES.iter().enumerate() {
            if !self.castling[i] || (i < 2) != (us == Color::White) {
                continue;
            }
            let [kf, kt, rf, rt] = names.map(square);
            if self.squares[kf.index()] != Some((us, king))
                || self.squares[rf.index()] != Some((us, rook))
            {
                continue;
            }
            let files = |a: Square, b: Square| {
                let (lo, hi) = (a.file().min(b.file()), a.file().max(b.file()));
                (lo..=hi).filter_map(move |f| Square::from_coords(f, a.rank()))
            };
            let mut crossed = files(kf, kt).chain(files(rf, rt));
            if crossed.any(|sq| sq != kf && sq != rf && self.occupied().contains(sq)) {
                continue;
            }
            if files(kf, kt).any(|sq| self.attacked(sq, us.other())) {
                continue;
            }
            out.push(FairyMove {
                from: kf,
                to: kt,
                kind: FairyMoveKind::Castle,
            });
        }
    }

    /// The position after `m`, which must be one of its moves.
    pub fn played(&self, m: FairyMove) -> FairyPosition {
        let mut next = self.clone();
        let us = self.turn;
        let Some(man) = next.take(m.from) else {
            return next;
        };
        next.take(m.to);
        next.en_passant = None;
        match m.kind {
            FairyMoveKind::Normal | FairyMoveKind::Castle => next.put(m.to, man),
            FairyMoveKind::DoubleStep => {
                next.put(m.to, man);
                next.en_passant = m.from.offset(0, us.fold(1, -1));
            }
            FairyMoveKind::EnPassant => {
                next.put(m.to, man);
                if let Some(victim) = m.to.offset(0, us.fold(-1, 1)) {
                    next.take(victim);
                }
            }
            FairyMoveKind::Promotion(kind) => next.put(m.to, (us, kind)),
        }
        if m.kind == FairyMoveKind::Castle {
            if let Some(names) = CASTLES
                .iter()
                .find(|c| square(c[0]) == m.from && square(c[1]) == m.to)
            {
                if let Some(rook) = next.take(square(names[2])) {
                    next.put(square(names[3]), rook);
                }
            }
        }
        for (i, names) in CASTLES.iter().enumerate() {
            if [m.from, m.to]
                .iter()
                .any(|&s| s == square(names[0]) || s == square(names[2]))
            {
                next.castling[i] = false;
            }
        }
        next.turn = us.other();
        next
    }

    /// The number of move sequences `depth` plies long.
    pub fn perft(&self, depth: u32) -> u64 {
        let moves = self.legal_moves();
        if depth <= 1 {
            return if depth == 0 { 1 } else { moves.len() as u64 };
        }
        moves.iter().map(|&m| self.played(m).perft(depth - 1)).sum()
    }
}
