//! Contrast's evaluation: chess with a bonus for pieces standing strong.

use super::chess::{chess_pst, fide_positional};
use super::positional;
use super::FideEvaluate;
use motley_rules::contrast::{strong_squares, Contrast, ContrastPowers};
use motley_rules::core::Role;
use motley_rules::Position;

/// Centipawns for a piece of each role (P N B R Q K) standing strong.
const STRONG_BONUS: [i32; 6] = [15, 40, 35, 45, 30, 10];

impl FideEvaluate for ContrastPowers {
    /// Chess material and piece squares, plus a bonus for every piece
    /// standing strong: strength is the whole point of the variant and
    /// changes with every move.
    fn evaluate(pos: &Contrast) -> i32 {
        let b = pos.board();
        let turn = pos.turn();
        let mut score = chess_pst(b, turn) + fide_positional(pos, &positional::TUNED);
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
