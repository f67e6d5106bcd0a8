//! Static evaluation, one implementation per family (or per shared
//! evaluation): the search's knowledge of each variant lives here, not in
//! the rules.

mod antichess;
pub mod chess;
mod contrast;
mod dice_money;
mod monochromatic;
mod monochrome;

use crate::core::{Board, Color, Role};
use crate::rules::{AnyPosition, Position};

/// A position the computer players can judge without searching.
pub trait Evaluate: Position {
    /// Static evaluation in centipawns from the point of view of the side
    /// to act ([`Position::turn`]).
    fn evaluate(&self) -> i32;
}

/// Conventional piece values in centipawns (P N B R Q K).
pub const PIECE_CENTIPAWNS: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// Material of `side` minus the opponent's, in centipawns.
pub fn material_balance(board: &Board, side: Color) -> i32 {
    let mut score = 0;
    for role in Role::ALL {
        let v = PIECE_CENTIPAWNS[role.index()];
        let bb = board.by_role(role);
        score += v * (bb & board.by_color(side)).count() as i32;
        score -= v * (bb & board.by_color(side.other())).count() as i32;
    }
    score
}

impl Evaluate for AnyPosition {
    fn evaluate(&self) -> i32 {
        crate::dispatch!(self, p => p.evaluate())
    }
}
