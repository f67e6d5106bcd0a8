//! Move ordering: alpha-beta prunes most when the best action comes first.
//! Order: the transposition-table action, captures by MVV-LVA (most
//! valuable victim, least valuable attacker), promotions, killer actions
//! (quiet actions that refuted a sibling), then quiet actions by their
//! history score.

use motley_rules::core::{Action, Move, MoveKind, Role};
use motley_rules::Position;

/// Deepest ply the killer table covers.
pub const MAX_PLY: usize = 128;

/// Rough value of a role for ordering (not the evaluation).
const ORDER_VALUE: [i32; 6] = [1, 3, 3, 5, 9, 12];

const TT_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 24;
const PROMOTION: i32 = 1 << 23;
pub const KILLER: i32 = 1 << 22;
const PLACEMENT: i32 = 1 << 21;
const PURCHASE: i32 = 1 << 20;

/// What the search learned about quiet actions: killers per ply and a
/// history score per (from, to).
pub struct Ordering {
    killers: Vec<[Option<Action>; 2]>,
    history: Vec<i32>,
}

impl Default for Ordering {
    fn default() -> Self {
        Ordering {
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 64 * 64],
        }
    }
}

/// Is this a capture in this position? (Placements and purchases are not.)
#[inline]
pub fn is_capture<P: Position>(pos: &P, a: &Action) -> bool {
    match a {
        Action::Move(m) => pos.is_capture(m),
        _ => false,
    }
}

/// Does this action change material (capture or promotion)? Quiescence
/// searches these.
#[inline]
pub fn is_noisy<P: Position>(pos: &P, a: &Action) -> bool {
    match a {
        Action::Move(m) => pos.is_capture(m) || m.promotion().is_some(),
        _ => false,
    }
}

/// A role's worth for ordering; a kind from data counts as a minor piece.
#[inline]
fn order_value(role: Role) -> i32 {
    ORDER_VALUE.get(role.index()).copied().unwrap_or(3)
}

/// MVV-LVA score of a capture.
#[inline]
fn mvv_lva<P: Position>(pos: &P, m: &Move) -> i32 {
    let victim = match m.kind {
        MoveKind::EnPassant => Role::Pawn,
        _ => pos.role_at(m.to).unwrap_or(Role::Pawn),
    };
    let attacker = pos.role_at(m.from).unwrap_or(Role::Pawn);
    order_value(victim) * 16 - order_value(attacker)
}

impl Ordering {
    /// Score every action for ordering (higher first).
    pub fn score<P: Position>(
        &self,
        pos: &P,
        actions: &[Action],
        tt_move: Option<Action>,
        ply: usize,
        scores: &mut Vec<i32>,
    ) {
        scores.clear();
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        for a in actions {
            let s = if Some(*a) == tt_move {
                TT_MOVE
            } else {
                match a {
                    Action::Move(m) => {
                        let mut s = 0;
                        if pos.is_capture(m) {
                            s += CAPTURE + mvv_lva(pos, m);
                        }
                        if let Some(r) = m.promotion() {
                            s += PROMOTION + order_value(r);
                        }
                        if s == 0 {
                            if killers[0] == Some(*a) {
                                s = KILLER + 1;
                            } else if killers[1] == Some(*a) {
                                s = KILLER;
                            } else {
                                s = self.history[m.from.index() * 64 + m.to.index()]
                                    .min(KILLER - 1);
                            }
                        }
                        s
                    }
                    Action::Place(p, _) | Action::Drop(p, _) => PLACEMENT + order_value(p.role),
                    Action::Buy(_) => PURCHASE,
                    Action::Roll(..) | Action::Pass => 0,
                }
            };
            scores.push(s);
        }
    }

    /// A quiet action caused a cut-off at `ply` with `depth` remaining.
    pub fn reward(&mut self, a: Action, ply: usize, depth: i32) {
        if let Some(k) = self.killers.get_mut(ply) {
            if k[0] != Some(a) {
                k[1] = k[0];
                k[0] = Some(a);
            }
        }
        if let Action::Move(m) = a {
            let h = &mut self.history[m.from.index() * 64 + m.to.index()];
            *h = (*h + depth * depth).min(KILLER / 2);
        }
    }

    /// Halve history scores between searches so old knowledge fades.
    pub fn age(&mut self) {
        for h in &mut self.history {
            *h /= 2;
        }
    }
}

/// Move the best-scored remaining action to `i` (selection sort step: most
/// nodes cut off after one or two actions, so full sorting is wasted).
#[inline]
pub fn pick(actions: &mut [Action], scores: &mut [i32], i: usize) {
    let mut best = i;
    for j in i + 1..scores.len() {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    actions.swap(i, best);
    scores.swap(i, best);
}
