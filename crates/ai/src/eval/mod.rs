//! Static evaluation, one implementation per family (or per shared
//! evaluation): the search's knowledge of each variant lives here, not in
//! the rules.

mod antichess;
pub mod chess;
mod contrast;
mod dice_money;
mod fairy;
mod monochromatic;
mod monochrome;
pub mod positional;

use motley_rules::core::{Action, Board, Color, Role};
use motley_rules::fide::{FideFamily, FidePosition};
use motley_rules::{AnyPosition, Position};

/// A position the computer players can judge without searching.
pub trait Evaluate: Position {
    /// Static evaluation in centipawns from the point of view of the side
    /// to act ([`Position::turn`]).
    fn evaluate(&self) -> i32;

    /// Is a side to act almost never worse off than if it could pass? Then
    /// the search may cut lines by the static evaluation and by a pass
    /// (null move), and prune late quiet moves near the leaves. False where
    /// that is unsound: zugzwang is the rule (antichess, Chicken: captures
    /// are compulsory; Monochrome: every capture scores), or dice decide
    /// (Dice-Money).
    const ZUGZWANG_RARE: bool = false;

    /// Is `action` a quiet move that gives check where each check brings
    /// a win nearer (check counting)? Quiescence searches those at its
    /// first ply as it does captures: a race of checks is decided there.
    #[inline]
    fn quiet_check(&self, _action: &Action) -> bool {
        false
    }

    /// [`Evaluate::ZUGZWANG_RARE`] for this position's variant: a family
    /// whose variants differ (a variant from data: king of the hill
    /// trusts its evaluation, giveaway does not) answers per position.
    #[inline]
    fn zugzwang_rare(&self) -> bool {
        Self::ZUGZWANG_RARE
    }

    /// Does quiescence keep its results in the transposition table? Where
    /// pieces hop (grasshoppers) each capture makes hurdles for others,
    /// the same captures meet again in other orders, and the table saves
    /// most of the tree; elsewhere it saves little and costs a lookup at
    /// every quiescence node (a sixth to two fifths of the nodes per
    /// second, `motley bench`).
    fn quiescence_table(&self) -> bool {
        false
    }

    /// The position after the side to act passes, for null-move pruning:
    /// `None` where passing tells nothing (families without
    /// [`Evaluate::ZUGZWANG_RARE`], or a side with only pawns left, where
    /// zugzwang is common even in chess).
    fn null_move(&self) -> Option<Self> {
        None
    }

    /// The scale this family's evaluations are read on (analysis judges
    /// moves on it): pawns, unless the family counts something else.
    fn scale(&self) -> EvalScale {
        EvalScale::PAWNS
    }
}

/// Static evaluations are clamped to ± this, so they never look like mates.
pub const EVAL_LIMIT: i32 = 20_000;

/// The scale a variant's evaluations are read on. Evaluations are always
/// centipawns, but what a lead means differs: in chess-like games ten pawns
/// is as good as a win, while in Monochrome the higher score wins, so every
/// point still in play counts to the end. Analysis clamps evaluations to
/// the scale's limit and judges losses in its unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalScale {
    /// One unit of the scale, in words (`pawn`, `point`).
    pub unit: &'static str,
    /// Centipawns per unit.
    pub unit_cp: i32,
    /// Evaluations beyond ± this many centipawns are not told apart (a
    /// forced win counts as this much).
    pub limit_cp: i32,
}

impl EvalScale {
    /// Chess-like games: a pawn is 100 cp, and ten pawns are a win.
    pub const PAWNS: EvalScale = EvalScale {
        unit: "pawn",
        unit_cp: 100,
        limit_cp: 1000,
    };
}

/// The evaluation of a FIDE-like family (standard chess, Contrast,
/// Monochromatic): they share one state, and in all of them zugzwang is as
/// rare as in chess, so the search's cuts and passes hold for each.
pub trait FideEvaluate: FideFamily {
    /// [`Evaluate::evaluate`] of a position of this family.
    fn evaluate(pos: &FidePosition<Self>) -> i32;
}

impl<F: FideEvaluate> Evaluate for FidePosition<F> {
    const ZUGZWANG_RARE: bool = true;

    fn evaluate(&self) -> i32 {
        F::evaluate(self)
    }

    fn null_move(&self) -> Option<Self> {
        chess::fide_null_move(self)
    }
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
        motley_rules::dispatch!(self, p => p.evaluate())
    }

    fn scale(&self) -> EvalScale {
        motley_rules::dispatch!(self, p => p.scale())
    }

    fn quiescence_table(&self) -> bool {
        motley_rules::dispatch!(self, p => p.quiescence_table())
    }
}
