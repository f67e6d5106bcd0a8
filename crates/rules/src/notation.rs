//! SAN as a family writes it: with `+` and `#` where the family has check.

use crate::core::san;
use crate::core::Action;
use crate::{EndReason, Position};

/// SAN of a legal action, with `+`/`#` where the family has check.
pub fn san_of<P: Position>(pos: &P, action: &Action, legal: &[Action]) -> String {
    let role_on = |spot| pos.piece_on(spot).map(|p| p.role);
    let mut s = san::write_san(&role_on, action, legal, &|a| pos.captures(a));
    if action.spot_move().is_some() {
        let mut after = pos.clone();
        after.play_unchecked(*action);
        let opponent = pos.turn().other();
        if after.in_check(opponent) {
            // Mate is judged only when the opponent is the one to act, and
            // only a mate is written `#`: a check that ends the game by
            // another rule (three-check's last) is a check.
            let mut replies = Vec::new();
            if after.turn() == opponent {
                after.legal_actions(&mut replies);
            }
            let mated = after.turn() == opponent
                && after
                    .outcome_given(&replies)
                    .is_some_and(|o| o.reason == EndReason::Checkmate);
            s.push(if mated { '#' } else { '+' });
        }
    }
    s
}

/// SAN of every legal action, in the same order.
pub fn all_sans<P: Position>(pos: &P, legal: &[Action]) -> Vec<String> {
    legal.iter().map(|a| san_of(pos, a, legal)).collect()
}
