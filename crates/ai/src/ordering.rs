//! Move ordering: alpha-beta prunes most when the best action comes first.
//! Order: the transposition-table action, captures by MVV-LVA (most
//! valuable victim, least valuable attacker), promotions, killer actions
//! (quiet actions that refuted a sibling), then quiet actions by their
//! history score.

use motley_rules::core::grid::GridSquare;
use motley_rules::core::{Action, Move, MoveKind, Role, WideMove};
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

/// History slots: one per (from, to) of chess's board; a board of
/// another size grows the table to one per (from, to) of 16×16 when its
/// first move is rewarded, so 8×8 searches keep a table of 16 KB.
const HISTORY_SLOTS: usize = 64 * 64;
const WIDE_HISTORY_SLOTS: usize = 256 * 256;

/// The history slot of a move on a board of another size.
#[inline]
fn wide_history_slot(m: &WideMove) -> usize {
    m.from.index() * 256 + m.to.index()
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
        Action::Wide(_) if P::WIDE_MOVES => wide_capture(pos, a),
        _ => false,
    }
}

/// Does this action change material (capture or promotion)? Quiescence
/// searches these.
#[inline]
pub fn is_noisy<P: Position>(pos: &P, a: &Action) -> bool {
    match a {
        Action::Move(m) => pos.is_capture(m) || m.promotion().is_some(),
        Action::Wide(_) if P::WIDE_MOVES => wide_noisy(pos, a),
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

/// Does a move on a board of another size capture? Kept out of line:
/// the 8×8 families' searches never ask it.
#[inline(never)]
fn wide_capture<P: Position>(pos: &P, a: &Action) -> bool {
    pos.captures(a)
}

/// Does a move on a board of another size capture or promote? Asked
/// only of a family with such moves ([`Position::WIDE_MOVES`]): the arm
/// alone cost the 8×8 quiescence search a twentieth of its instructions.
#[inline(never)]
fn wide_noisy<P: Position>(pos: &P, a: &Action) -> bool {
    pos.captures(a) || a.spot_move().is_some_and(|m| m.promotion().is_some())
}

/// A move on a board of another size's ordering score before killers
/// and history: a capture's and a promotion's (out of line, as above).
#[inline(never)]
fn wide_noisy_score<P: Position>(pos: &P, a: &Action, m: &WideMove) -> i32 {
    let mut s = 0;
    if pos.captures(a) {
        s += CAPTURE + wide_mvv_lva(pos, m);
    }
    if let Some(r) = m.promotion() {
        s += PROMOTION + order_value(r);
    }
    s
}

/// MVV-LVA score of a capture on a board of another size.
fn wide_mvv_lva<P: Position>(pos: &P, m: &WideMove) -> i32 {
    let role = |spot| pos.piece_on(spot).map_or(Role::Pawn, |p| p.role);
    let victim = match m.kind() {
        MoveKind::EnPassant => Role::Pawn,
        _ => role(m.to),
    };
    order_value(victim) * 16 - order_value(role(m.from))
}

impl Ordering {
    /// A quiet move's score on a board of another size: a killer's, or
    /// its history's.
    #[inline(never)]
    fn wide_quiet_score(&self, a: &Action, m: &WideMove, killers: [Option<Action>; 2]) -> i32 {
        if killers[0] == Some(*a) {
            KILLER + 1
        } else if killers[1] == Some(*a) {
            KILLER
        } else {
            let history = self.history.get(wide_history_slot(m));
            history.map_or(0, |h| (*h).min(KILLER - 1))
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
                    Action::Wide(m) => match wide_noisy_score(pos, a, m) {
                        0 => self.wide_quiet_score(a, m, killers),
                        s => s,
                    },
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
        let slot = match a {
            Action::Move(m) => m.from.index() * 64 + m.to.index(),
            Action::Wide(m) => {
                if self.history.len() < WIDE_HISTORY_SLOTS {
                    self.history.resize(WIDE_HISTORY_SLOTS, 0);
                }
                wide_history_slot(&m)
            }
            _ => return,
        };
        if let Some(h) = self.history.get_mut(slot) {
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
