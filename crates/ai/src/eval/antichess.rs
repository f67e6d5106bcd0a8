//! The antichess family's evaluation (antichess and Chicken): losing pieces
//! is the goal.

use super::Evaluate;
use motley_rules::antichess::Antichess;
use motley_rules::core::{Bitboard, Board, Color};
use motley_rules::Position;

/// Squares a colour's pieces attack or can move to (pseudo-mobility).
fn mobility(board: &Board, color: Color) -> i32 {
    let own = board.by_color(color);
    let mut total = 0;
    for sq in own {
        let targets = board.attacks_from(sq) & !own;
        total += targets.count() as i32;
    }
    total
}

/// Fewer pieces is better; mobility (room to avoid a bad forced capture) is
/// worth a little; our pieces the opponent attacks are good for us
/// (captures are compulsory, so they may have to take them), enemy pieces
/// we attack are bad (we may have to take them).
fn antichess(board: &Board, to_act: Color) -> i32 {
    let us = board.by_color(to_act);
    let them = board.by_color(to_act.other());
    let count = 120 * (them.count() as i32 - us.count() as i32);
    let mob = 4 * (mobility(board, to_act) - mobility(board, to_act.other()));
    let mut exposed_ours = Bitboard::EMPTY;
    for sq in them {
        exposed_ours |= board.attacks_from(sq) & us;
    }
    let mut exposed_theirs = Bitboard::EMPTY;
    for sq in us {
        exposed_theirs |= board.attacks_from(sq) & them;
    }
    count + mob + 15 * (exposed_ours.count() as i32 - exposed_theirs.count() as i32)
}

impl Evaluate for Antichess {
    fn evaluate(&self) -> i32 {
        antichess(self.board(), self.turn())
    }
}
