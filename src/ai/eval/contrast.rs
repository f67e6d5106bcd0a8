//! Contrast's evaluation: chess with a bonus for pieces standing strong.

use super::chess::{chess_pst, fide_positional};
use super::positional;
use super::Evaluate;
use crate::core::Role;
use crate::rules::contrast::{strong_squares, Contrast};
use crate::rules::Position;

/// Centipawns for a piece of each role (P N B R Q K) standing strong.
const STRONG_BONUS: [i32; 6] = [15, 40, 35, 45, 30, 10];

impl Evaluate for Contrast {
    const ZUGZWANG_RARE: bool = true;

    fn null_move(&self) -> Option<Self> {
        super::chess::fide_null_move(self)
    }

    /// Chess material and piece squares, plus a bonus for every piece
    /// standing strong: strength is the whole point of the variant and
    /// changes with every move.
    fn evaluate(&self) -> i32 {
        let b = self.board();
        let turn = self.turn();
        let mut score = chess_pst(b, turn) + fide_positional(self, &positional::TUNED);
        for (c, sign) in [(turn, 1), (turn.other(), -1)] {
            let strong = b.by_color(c) & strong_squares(c);
            for role in Role::ALL {
                score +=
                    sign * STRONG_BONUS[role.index()] * (strong & b.by_role(role)).count() as i32;
            }
        }
        score
    }
}
