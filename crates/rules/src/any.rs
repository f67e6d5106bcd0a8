//! One type for "a position of whichever family": the game, the records and
//! the UI hold this; the AI is generic and is handed the concrete type.

use super::antichess::Antichess;
use super::contrast::Contrast;
use super::dice_money::DiceMoney;
use super::facts::{BoardLook, Describe, Effect, EndOffer, Fact, MarkedSquares};
use super::fairy::{Fairy, WideFairy};
use super::monochromatic::Monochromatic;
use super::monochrome::Monochrome;
use super::standard::Standard;
use super::{
    Carried, CarryError, CastlingBlock, EndReason, ExtraState, IllegalReason, Outcome, PieceName,
    Position,
};
use crate::core::grid::Spot;
use crate::core::{Action, Bitboard, Board, Color, CoordText, Move, Piece, Role, Setup, Square};

/// A position of any family.
///
/// A variant from data's position is held inline, though it is the
/// largest: the search and perft work on the concrete family and copy it
/// once per move, where a box would cost an allocation per move; only the
/// game's history holds this enum, one per ply.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum AnyPosition {
    Standard(Standard),
    Antichess(Antichess),
    Contrast(Contrast),
    Monochromatic(Monochromatic),
    Monochrome(Monochrome),
    DiceMoney(DiceMoney),
    /// A variant from data: docs/rules.md, "Variants from data".
    Fairy(Fairy),
    /// A variant from data on a board of another size than 8×8.
    FairyOtherSize(WideFairy),
}

/// Forward a call to the concrete family.
#[macro_export]
macro_rules! dispatch {
    ($any:expr, $p:ident => $body:expr) => {
        match $any {
            $crate::AnyPosition::Standard($p) => $body,
            $crate::AnyPosition::Antichess($p) => $body,
            $crate::AnyPosition::Contrast($p) => $body,
            $crate::AnyPosition::Monochromatic($p) => $body,
            $crate::AnyPosition::Monochrome($p) => $body,
            $crate::AnyPosition::DiceMoney($p) => $body,
            $crate::AnyPosition::Fairy($p) => $body,
            $crate::AnyPosition::FairyOtherSize($p) => $body,
        }
    };
}

impl AnyPosition {
    /// Perft of whichever family this is, on its concrete type. Compiled
    /// here, in the engine crate at its optimisation, so a caller in a
    /// crate built for compile time (the binary) still counts at full
    /// speed.
    pub fn perft(&self, depth: u32) -> u64 {
        dispatch!(self, p => crate::perft(p, depth))
    }

    /// [`crate::perft_divide`] on the concrete family type, compiled here
    /// for the same reason as [`AnyPosition::perft`].
    pub fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        dispatch!(self, p => crate::perft_divide(p, depth))
    }
}

/// The concrete position inside an [`AnyPosition`], when it is of this
/// family: how a call between two positions finds a partner of its own
/// kind. Every family implements it, so [`dispatch!`] over a call that
/// needs it fails to compile for a family added without it.
pub trait OfFamily: Sized {
    /// `any` as this family, if it is one.
    fn of(any: &AnyPosition) -> Option<&Self>;
}

macro_rules! of_family {
    ($($family:ident),*) => {$(
        impl OfFamily for $family {
            fn of(any: &AnyPosition) -> Option<&$family> {
                match any {
                    AnyPosition::$family(p) => Some(p),
                    _ => None,
                }
            }
        }
    )*};
}

of_family!(
    Standard,
    Antichess,
    Contrast,
    Monochromatic,
    Monochrome,
    DiceMoney,
    Fairy
);

impl OfFamily for WideFairy {
    fn of(any: &AnyPosition) -> Option<&WideFairy> {
        match any {
            AnyPosition::FairyOtherSize(p) => Some(p),
            _ => None,
        }
    }
}

/// Carry a finished game's state over to `next` when both games are of
/// its family (carrying over only makes sense within one family).
fn carry_within_family<P: Position + OfFamily>(
    next: &mut P,
    previous_start: &AnyPosition,
    previous_end: &AnyPosition,
    winner: Option<Color>,
) {
    if let (Some(start), Some(end)) = (P::of(previous_start), P::of(previous_end)) {
        next.carry_over(start, end, winner);
    }
}

impl Position for AnyPosition {
    /// It may hold a board of another size.
    const WIDE_MOVES: bool = true;

    fn fen_state(&self) -> &Setup {
        dispatch!(self, p => p.fen_state())
    }
    fn board(&self) -> &Board {
        dispatch!(self, p => p.board())
    }
    fn turn(&self) -> Color {
        dispatch!(self, p => p.turn())
    }
    fn board_size(&self) -> (u8, u8) {
        dispatch!(self, p => p.board_size())
    }
    fn piece_on(&self, spot: Spot) -> Option<Piece> {
        dispatch!(self, p => p.piece_on(spot))
    }
    fn outcome(&self) -> Option<Outcome> {
        dispatch!(self, p => p.outcome())
    }
    fn legal_actions(&self, out: &mut Vec<Action>) {
        dispatch!(self, p => p.legal_actions(out))
    }
    fn play_unchecked(&mut self, action: Action) {
        dispatch!(self, p => p.play_unchecked(action))
    }
    fn count_legal_actions(&self, scratch: &mut Vec<Action>) -> u64 {
        dispatch!(self, p => p.count_legal_actions(scratch))
    }
    fn role_at(&self, sq: Square) -> Option<Role> {
        dispatch!(self, p => p.role_at(sq))
    }
    fn outcome_given(&self, legal: &[Action]) -> Option<Outcome> {
        dispatch!(self, p => p.outcome_given(legal))
    }
    fn hash(&self) -> u64 {
        dispatch!(self, p => p.hash())
    }
    fn repetition_key(&self) -> Option<u64> {
        dispatch!(self, p => p.repetition_key())
    }
    fn quiet_plies(&self) -> u32 {
        dispatch!(self, p => p.quiet_plies())
    }
    fn quiet_limit(&self) -> Option<u32> {
        dispatch!(self, p => p.quiet_limit())
    }
    fn quiet_rule_end(&self) -> Option<Outcome> {
        dispatch!(self, p => p.quiet_rule_end())
    }
    fn repetition_window(&self) -> u32 {
        dispatch!(self, p => p.repetition_window())
    }
    fn fullmoves(&self) -> u32 {
        dispatch!(self, p => p.fullmoves())
    }
    fn to_fen(&self) -> String {
        dispatch!(self, p => p.to_fen())
    }
    fn is_capture(&self, m: &Move) -> bool {
        dispatch!(self, p => p.is_capture(m))
    }
    fn captures(&self, action: &Action) -> bool {
        dispatch!(self, p => p.captures(action))
    }
    fn in_check(&self, color: Color) -> bool {
        dispatch!(self, p => p.in_check(color))
    }
    fn is_chance(&self) -> bool {
        dispatch!(self, p => p.is_chance())
    }
    fn chance_outcomes(&self) -> Vec<(Action, u32)> {
        dispatch!(self, p => p.chance_outcomes())
    }
    fn current_scores(&self) -> Option<[u32; 2]> {
        dispatch!(self, p => p.current_scores())
    }
    fn end_by_rule(&self, reason: EndReason) -> Outcome {
        dispatch!(self, p => p.end_by_rule(reason))
    }
    fn end_by_repetition(&self, checked_throughout: [bool; 2]) -> Outcome {
        dispatch!(self, p => p.end_by_repetition(checked_throughout))
    }
    fn repetition_limit(&self) -> Option<usize> {
        dispatch!(self, p => p.repetition_limit())
    }
    fn why_illegal(&self, text: &CoordText, legal: &[Action]) -> IllegalReason {
        dispatch!(self, p => p.why_illegal(text, legal))
    }
    fn why_cannot_castle(&self, kingside: bool) -> Option<CastlingBlock> {
        dispatch!(self, p => p.why_cannot_castle(kingside))
    }
    fn piece_name(&self, role: Role) -> PieceName {
        dispatch!(self, p => p.piece_name(role))
    }
    fn roles(&self) -> Vec<Role> {
        dispatch!(self, p => p.roles())
    }
    fn move_pattern(&self, from: Square) -> Bitboard {
        dispatch!(self, p => p.move_pattern(from))
    }
    fn can_win(&self, color: Color) -> bool {
        dispatch!(self, p => p.can_win(color))
    }
    fn carried(&self) -> Option<Carried> {
        dispatch!(self, p => p.carried())
    }
    fn restore_carried(&mut self, carried: &Carried) -> Result<(), CarryError> {
        dispatch!(self, p => p.restore_carried(carried))
    }
    fn extra_state(&self) -> Option<ExtraState> {
        dispatch!(self, p => p.extra_state())
    }
    fn draft(&self) -> super::setup::Draft {
        dispatch!(self, p => p.draft())
    }
    fn carry_over(&mut self, previous_start: &Self, previous_end: &Self, winner: Option<Color>) {
        dispatch!(self, p => carry_within_family(p, previous_start, previous_end, winner))
    }
}

impl Describe for AnyPosition {
    fn side_names(&self) -> [&'static str; 2] {
        dispatch!(self, p => p.side_names())
    }
    fn board_look(&self) -> BoardLook {
        dispatch!(self, p => p.board_look())
    }
    fn spot_marks(&self) -> Vec<(crate::facts::SquareMark, Vec<Spot>)> {
        dispatch!(self, p => p.spot_marks())
    }
    fn square_marks(&self) -> Vec<MarkedSquares> {
        dispatch!(self, p => p.square_marks())
    }
    fn facts(&self) -> Vec<Fact> {
        dispatch!(self, p => p.facts())
    }
    fn explain_square(&self, sq: Square) -> Option<String> {
        dispatch!(self, p => p.explain_square(sq))
    }
    fn end_offer(&self) -> EndOffer {
        dispatch!(self, p => p.end_offer())
    }
    fn rules_accept_end_offer(&self, side: Color) -> Option<bool> {
        dispatch!(self, p => p.rules_accept_end_offer(side))
    }
    fn describe_purchase(&self, action: &Action) -> Option<String> {
        dispatch!(self, p => p.describe_purchase(action))
    }
    fn captured_piece(&self, action: &Action) -> Option<Piece> {
        dispatch!(self, p => p.captured_piece(action))
    }
    fn action_effects(&self, action: &Action) -> Vec<Effect> {
        dispatch!(self, p => p.action_effects(action))
    }
}
