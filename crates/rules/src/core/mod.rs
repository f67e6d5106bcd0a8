//! Variant-agnostic building blocks: squares, pieces, bitboards, attack
//! tables, the board, FEN, actions and their notations, and the move
//! generation the rule families share.

pub mod action;
pub mod attacks;
pub mod betza;
pub mod bitboard;
pub mod board;
pub mod fen;
pub mod grid;
pub mod legal;
pub mod movegen;
pub mod quote;
pub mod san;
pub mod types;
pub mod zobrist;

pub use action::{Action, CoordText, Move, MoveKind, NotationError, Purchase, WideMove};
pub use bitboard::Bitboard;
pub use board::Board;
pub use fen::{FenError, Setup};
pub use types::{Color, KnightKind, Piece, Role, Square};
