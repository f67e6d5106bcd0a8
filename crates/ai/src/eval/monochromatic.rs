//! Monochromatic's evaluation: every piece is bound to its square colour.

use super::chess::fide_positional;
use super::{positional, FideEvaluate};
use motley_rules::core::movegen::pawn_start_rank;
use motley_rules::core::KnightKind;
use motley_rules::core::{Bitboard, Role};
use motley_rules::monochromatic::{Monochromatic, MonochromaticPowers};
use motley_rules::Position;

impl FideEvaluate for MonochromaticPowers {
    /// The game splits in a light and a dark battle: a bishop or pawn is
    /// worth more the more enemy pieces share its colour (its only possible
    /// targets). The knight slot is valued by what it can do here.
    fn evaluate(pos: &Monochromatic) -> i32 {
        let b = pos.board();
        let turn = pos.turn();
        let slot = match pos.options().knight {
            KnightKind::Knight => 40,
            KnightKind::Camel => 260,
            KnightKind::Da => 280,
            KnightKind::DoubleKnight => 150,
        };
        let values = [100, slot, 330, 500, 900, 0];
        let mut score = 0;
        for (c, sign) in [(turn, 1), (turn.other(), -1)] {
            let mine = b.by_color(c);
            let enemy = b.by_color(c.other());
            for role in Role::ALL {
                score += sign * values[role.index()] * (mine & b.by_role(role)).count() as i32;
            }
            for shade_mask in [Bitboard::LIGHT, Bitboard::DARK] {
                let targets = (enemy & shade_mask).count() as i32;
                let bishops = (mine & b.by_role(Role::Bishop) & shade_mask).count() as i32;
                let pawns = (mine & b.by_role(Role::Pawn) & shade_mask).count() as i32;
                score += sign * (bishops * (15 * targets - 60) + pawns * (2 * targets - 10));
            }
            // A pawn still on its start rank keeps its only forward move.
            let home = mine & b.by_role(Role::Pawn) & Bitboard::rank(pawn_start_rank(c));
            score += sign * 10 * home.count() as i32;
        }
        score + fide_positional(pos, &positional::TUNED)
    }
}
