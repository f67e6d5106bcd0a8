//! Move ordering: alpha-beta prunes most when the best action comes first.
//! Order: the transposition-table action, captures by MVV-LVA (most
//! valuable victim, least valuable attacker), promotions, killer actions
//! (quiet actions that refuted a sibling), then quiet actions by their
//! history score.

use motley_rules::core::grid::{GridSquare, Spot};
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

/// History slots: one per (from, to) of the largest board, 16×16 (an
/// 8×8 move uses the first 64 × 64).
const HISTORY_SLOTS: usize = 256 * 256;

/// The history slot of a piece move.
#[inline]
fn history_slot(a: &Action) -> Option<usize> {
    match a {
        Action::Move(m) => Some(m.from.index() * 64 + m.to.index()),
        Action::Wide(m) => Some(m.from.index() * 256 + m.to.index()),
        _ => None,
    }
}

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
            history: vec![0; HISTORY_SLOTS],
        }
    }
}

/// Is this a capture in this position? (Placements and purchases are not.)
#[inline]
pub fn is_capture<P: Position>(pos: &P, a: &Action) -> bool {
    match a {
        Action::Move(m) => pos.is_capture(m),
        Action::Wide(_) => pos.captures(a),
        _ => false,
    }
}

/// Does this action change material (capture or promotion)? Quiescence
/// searches these.
#[inline]
pub fn is_noisy<P: Position>(pos: &P, a: &Action) -> bool {
    match a {
        Action::Move(m) => pos.is_capture(m) || m.promotion().is_some(),
        Action::Wide(m) => pos.captures(a) || m.promotion().is_some(),
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

/// MVV-LVA score of a capture on a board of another size.
#[inline]
fn wide_mvv_lva<P: Position>(pos: &P, m: &Move<Spot>) -> i32 {
    let role = |spot| pos.piece_on(spot).map_or(Role::Pawn, |p| p.role);
    let victim = match m.kind {
        MoveKind::EnPassant => Role::Pawn,
        _ => role(m.to),
    };
    order_value(victim) * 16 - order_value(role(m.from))
}

impl Ordering {
    /// A quiet move's score: a killer's, or its history's.
    #[inline]
    fn quiet_score(&self, a: &Action, killers: [Option<Action>; 2]) -> i32 {
        if killers[0] == Some(*a) {
            KILLER + 1
        } else if killers[1] == Some(*a) {
            KILLER
        } else {
            history_slot(a)
                .and_then(|i| self.history.get(i))
                .map_or(0, |h| (*h).min(KILLER - 1))
        }
    }

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
                let noisy = match a {
                    Action::Move(m) => {
                        Some((pos.is_capture(m).then(|| mvv_lva(pos, m)), m.promotion()))
                    }
                    Action::Wide(m) => {
                        Some((pos.captures(a).then(|| wide_mvv_lva(pos, m)), m.promotion()))
                    }
                    _ => None,
                };
                match a {
                    Action::Move(_) | Action::Wide(_) => {
                        let (capture, promotion) = noisy.unwrap_or((None, None));
                        let mut s = capture.map_or(0, |v| CAPTURE + v);
                        if let Some(r) = promotion {
                            s += PROMOTION + order_value(r);
                        }
                        if s == 0 {
                            s = self.quiet_score(a, killers);
                        }
                        s
                    }
                    Action::Place(p, _) | Action::Drop(p, _) | Action::WideDrop(p, _) => {
                        PLACEMENT + order_value(p.role)
                    }
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
        if let Some(h) = history_slot(&a).and_then(|i| self.history.get_mut(i)) {
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
