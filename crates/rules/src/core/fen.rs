//! FEN: parsing into a [`Setup`] (syntax only; each rule family then checks
//! what it requires) and writing back.

use super::board::Board;
use super::types::{Color, Piece, Square};
use thiserror::Error;

/// Castling-rights bits.
pub mod castle {
    /// White may castle kingside (e1g1).
    pub const WHITE_KING: u8 = 1;
    /// White may castle queenside (e1c1).
    pub const WHITE_QUEEN: u8 = 2;
    /// Black may castle kingside (e8g8).
    pub const BLACK_KING: u8 = 4;
    /// Black may castle queenside (e8c8).
    pub const BLACK_QUEEN: u8 = 8;
    /// All four rights.
    pub const ALL: u8 = 15;
}

/// Everything a FEN says, before a rule family has judged it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    pub board: Board,
    pub turn: Color,
    /// Bits from [`castle`].
    pub castling: u8,
    pub ep_square: Option<Square>,
    pub halfmoves: u32,
    pub fullmoves: u32,
}

/// "1 field", "7 fields".
fn fields_said(n: usize) -> String {
    if n == 1 {
        "1 field".to_string()
    } else {
        format!("{n} fields")
    }
}

/// Why a FEN could not be read. Each names the field at fault.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
    #[error("empty FEN")]
    Empty,
    #[error("a FEN needs 6 fields separated by spaces (placement, side to move, castling, en passant, halfmove clock, move number; the last two may be left out); this one has {}", fields_said(*.0))]
    FieldCount(usize),
    #[error("FEN placement has {0} ranks; expected 8 separated by '/'")]
    RankCount(usize),
    #[error("FEN rank {rank} describes {squares} squares; expected 8")]
    RankWidth { rank: u8, squares: usize },
    #[error("FEN placement: '{0}' is not a piece letter (use PNBRQK / pnbrqk or digits 1-8)")]
    BadPiece(char),
    #[error("FEN side to move '{0}': expected 'w' or 'b'")]
    BadTurn(String),
    #[error("FEN castling field '{0}': expected '-' or letters from KQkq")]
    BadCastling(String),
    #[error("FEN en-passant field '{0}': expected '-' or a square on rank 3 (Black to move) or rank 6 (White to move)")]
    BadEnPassant(String),
    #[error("FEN halfmove clock '{0}' is not a number from 0 to {MAX_MOVE_COUNTER}")]
    BadHalfmoves(String),
    #[error("FEN move number '{0}' is not a number from 1 to {MAX_MOVE_COUNTER}")]
    BadFullmoves(String),
}

impl Setup {
    /// Count a played ply: the fifty-move count restarts after an
    /// irreversible move, the move number rises after Black's, and the turn
    /// passes. The one bookkeeping every family that follows FEN's counting
    /// shares.
    #[inline]
    pub fn end_ply(&mut self, irreversible: bool) {
        if irreversible {
            self.halfmoves = 0;
        } else {
            self.halfmoves = self.halfmoves.saturating_add(1);
        }
        if self.turn == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = self.turn.other();
    }

    /// The standard chess starting position.
    pub fn standard() -> Setup {
        // The constant is well-formed; a failure here is a programming error
        // caught by the first test run, never user input.
        Setup::parse(STANDARD_FEN).unwrap_or_else(|_| Setup::empty())
    }

    /// An empty board, White to move, nothing else set.
    pub fn empty() -> Setup {
        Setup {
            board: Board::empty(),
            turn: Color::White,
            castling: 0,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// Parse a FEN (4 to 6 fields; missing clocks default to 0 and 1).
    pub fn parse(fen: &str) -> Result<Setup, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return Err(FenError::Empty);
        }
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::FieldCount(fields.len()));
        }
        let board = parse_placement(fields[0])?;
        let turn = match fields[1] {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            other => return Err(FenError::BadTurn(clip(other))),
        };
        let castling = parse_castling(fields[2])?;
        let ep_square = match fields[3] {
            "-" => None,
            s => {
                let sq = Square::parse(s).ok_or_else(|| FenError::BadEnPassant(clip(s)))?;
                let want_rank = turn.fold(5, 2);
                if sq.rank() != want_rank {
                    return Err(FenError::BadEnPassant(clip(s)));
                }
                Some(sq)
            }
        };
        let counter = |s: &str, min: u32| {
            s.parse::<u32>()
                .ok()
                .filter(|n| (min..=MAX_MOVE_COUNTER).contains(n))
        };
        let halfmoves = match fields.get(4) {
            None => 0,
            Some(s) => counter(s, 0).ok_or_else(|| FenError::BadHalfmoves(clip(s)))?,
        };
        let fullmoves = match fields.get(5) {
            None => 1,
            Some(s) => counter(s, 1).ok_or_else(|| FenError::BadFullmoves(clip(s)))?,
        };
        Ok(Setup {
            board,
            turn,
            castling,
            ep_square,
            halfmoves,
            fullmoves,
        })
    }

    /// Write as FEN.
    pub fn to_fen(&self) -> String {
        format!(
            "{} {} {} {} {} {}",
            placement_fen(&self.board),
            self.turn.fold('w', 'b'),
            castling_fen(self.castling),
            self.ep_square
                .map_or_else(|| "-".to_string(), |s| s.to_string()),
            self.halfmoves,
            self.fullmoves
        )
    }
}

/// The largest halfmove clock and move number a FEN may give: more than
/// any game reaches, and far enough from `u32::MAX` that counting on from
/// it never wraps.
pub const MAX_MOVE_COUNTER: u32 = 1_000_000;

/// A FEN field quoted in a message, cut short.
fn clip(s: &str) -> String {
    crate::core::quote::clip(s)
}

/// FEN of the standard starting position.
pub const STANDARD_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn parse_placement(s: &str) -> Result<Board, FenError> {
    let ranks: Vec<&str> = s.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::RankCount(ranks.len()));
    }
    let mut board = Board::empty();
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i as i8;
        let mut file: usize = 0;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 || d > 8 {
                    return Err(FenError::BadPiece(c));
                }
                file += d as usize;
            } else {
                let p = Piece::from_char(c).ok_or(FenError::BadPiece(c))?;
                if file < 8 {
                    if let Some(sq) = Square::from_coords(file as i8, rank) {
                        board.set(sq, p);
                    }
                }
                file += 1;
            }
            if file > 8 {
                return Err(FenError::RankWidth {
                    rank: rank as u8 + 1,
                    squares: file,
                });
            }
        }
        if file != 8 {
            return Err(FenError::RankWidth {
                rank: rank as u8 + 1,
                squares: file,
            });
        }
    }
    Ok(board)
}

fn parse_castling(s: &str) -> Result<u8, FenError> {
    if s == "-" {
        return Ok(0);
    }
    let mut bits = 0u8;
    for c in s.chars() {
        let bit = match c {
            'K' => castle::WHITE_KING,
            'Q' => castle::WHITE_QUEEN,
            'k' => castle::BLACK_KING,
            'q' => castle::BLACK_QUEEN,
            _ => return Err(FenError::BadCastling(clip(s))),
        };
        if bits & bit != 0 {
            return Err(FenError::BadCastling(clip(s)));
        }
        bits |= bit;
    }
    Ok(bits)
}

/// Piece-placement field of a FEN.
pub fn placement_fen(board: &Board) -> String {
    let mut out = String::with_capacity(72);
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            let p = Square::from_coords(file, rank).and_then(|sq| board.piece_at(sq));
            match p {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(p.char());
                }
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// Castling field of a FEN.
pub fn castling_fen(bits: u8) -> String {
    let mut s = String::new();
    for (bit, c) in [
        (castle::WHITE_KING, 'K'),
        (castle::WHITE_QUEEN, 'Q'),
        (castle::BLACK_KING, 'k'),
        (castle::BLACK_QUEEN, 'q'),
    ] {
        if bits & bit != 0 {
            s.push(c);
        }
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}
