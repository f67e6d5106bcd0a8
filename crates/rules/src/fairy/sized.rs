//! A variant from data on whichever grid its board needs: the rules and
//! positions of every board size behind one type, so that a command
//! counting perft or listing moves serves 5×5 and 16×16 alike without
//! knowing the grid ([`crate::core::grid`]).

use super::{FairyFenError, FairyPosition, FairyRules, Verdict};
use crate::core::grid::{Grid12, Grid16, Grid8};
use std::sync::Arc;

/// A variant's rules on the smallest grid that holds its board.
#[derive(Clone, Debug)]
pub enum SizedRules {
    /// Up to 8×8, on 64-bit sets.
    Grid8(Arc<FairyRules<Grid8>>),
    /// Up to 12×10, on 128-bit sets.
    Grid12(Arc<FairyRules<Grid12>>),
    /// Up to 16×16, on 256-bit sets.
    Grid16(Arc<FairyRules<Grid16>>),
}

/// A position of a [`SizedRules`] variant (boxed: a 16×16 position is
/// several times the size of an 8×8 one).
#[derive(Clone, Debug)]
pub enum SizedPosition {
    /// On chess's grid.
    Grid8(Box<FairyPosition<Grid8>>),
    /// On the 12×10 grid.
    Grid12(Box<FairyPosition<Grid12>>),
    /// On the 16×16 grid.
    Grid16(Box<FairyPosition<Grid16>>),
}

/// Runs `$body` with `$v` bound to whichever grid's value `$e` holds.
macro_rules! on_grid {
    ($ty:ident, $e:expr, $v:ident => $body:expr) => {
        match $e {
            $ty::Grid8($v) => $body,
            $ty::Grid12($v) => $body,
            $ty::Grid16($v) => $body,
        }
    };
}

impl SizedRules {
    /// The board's files and ranks.
    pub fn size(&self) -> (u8, u8) {
        on_grid!(SizedRules, self, r => (r.files, r.ranks))
    }

    /// Each piece's letter and Betza text, and which is royal.
    pub fn pieces(&self) -> Vec<(char, String, bool)> {
        on_grid!(SizedRules, self, r => r
            .kinds
            .iter()
            .enumerate()
            .map(|(i, k)| (k.letter, k.betza.clone(), r.king == Some(i as u8)))
            .collect())
    }

    /// The position `fen` describes, or the start when `None`.
    pub fn position(&self, fen: Option<&str>) -> Result<SizedPosition, FairyFenError> {
        match self {
            SizedRules::Grid8(r) => open(r, fen).map(|p| SizedPosition::Grid8(Box::new(p))),
            SizedRules::Grid12(r) => open(r, fen).map(|p| SizedPosition::Grid12(Box::new(p))),
            SizedRules::Grid16(r) => open(r, fen).map(|p| SizedPosition::Grid16(Box::new(p))),
        }
    }
}

fn open<G: super::FairyGrid>(
    rules: &Arc<FairyRules<G>>,
    fen: Option<&str>,
) -> Result<FairyPosition<G>, FairyFenError> {
    match fen {
        Some(fen) => FairyPosition::from_fen(rules.clone(), fen),
        None => FairyPosition::start(rules.clone()),
    }
}

impl SizedPosition {
    /// Perft: the leaf nodes `depth` plies on.
    pub fn perft(&self, depth: u32) -> u64 {
        on_grid!(SizedPosition, self, p => p.perft(depth))
    }

    /// The legal moves as UCI and Fairy-Stockfish write them (`a10a9`,
    /// `N@j5`), in no particular order.
    pub fn legal_uci(&self) -> Vec<String> {
        on_grid!(SizedPosition, self, p => p
            .legal_moves()
            .iter()
            .map(|m| m.uci(p.rules()))
            .collect())
    }

    /// The position after the legal move written `uci`, if it is one.
    pub fn after(&self, uci: &str) -> Option<SizedPosition> {
        match self {
            SizedPosition::Grid8(p) => played(p, uci).map(|p| SizedPosition::Grid8(Box::new(p))),
            SizedPosition::Grid12(p) => played(p, uci).map(|p| SizedPosition::Grid12(Box::new(p))),
            SizedPosition::Grid16(p) => played(p, uci).map(|p| SizedPosition::Grid16(Box::new(p))),
        }
    }

    /// The position in Fairy-Stockfish's FEN.
    pub fn to_fen(&self) -> String {
        on_grid!(SizedPosition, self, p => p.to_fen())
    }

    /// How the game has ended for the side to move, if it has.
    pub fn outcome(&self) -> Option<Verdict> {
        on_grid!(SizedPosition, self, p => p.outcome())
    }
}

fn played<G: super::FairyGrid>(pos: &FairyPosition<G>, uci: &str) -> Option<FairyPosition<G>> {
    pos.legal_moves()
        .into_iter()
        .find(|m| m.uci(pos.rules()) == uci)
        .map(|m| pos.played(m))
}
