//! Dice-Money's evaluation: material, money, lost pieces that may come
//! back, and extra moves still to make.

use super::{material_balance, Evaluate, PIECE_CENTIPAWNS};
use motley_rules::dice_money::{DiceMoney, LOSABLE};
use motley_rules::Position;

/// Centipawns per dollar.
const MONEY_CP: i32 = 8;
/// Centipawns per extra move still to make.
const EXTRA_MOVE_CP: i32 = 60;

impl Evaluate for DiceMoney {
    fn evaluate(&self) -> i32 {
        let us = self.turn();
        let them = us.other();
        let mut score = material_balance(self.board(), us);
        score += (self.money(us) as i32 - self.money(them) as i32) * MONEY_CP;
        // A lost piece may come back (placement or promotion): a little of
        // its value stays with its owner.
        for r in LOSABLE {
            let v = PIECE_CENTIPAWNS[r.index()] / 8;
            score += v * (i32::from(self.lost(us, r)) - i32::from(self.lost(them, r)));
        }
        score + EXTRA_MOVE_CP * i32::from(self.extra_moves_left())
    }
}
