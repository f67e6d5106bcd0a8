//! The FIDE-like families (standard chess, Contrast, Monochromatic): chess's
//! state — board, side to move, castling rights, en-passant square, clocks —
//! played with each family's piece powers. One generic position type holds
//! that state and implements [`Position`] once; a family supplies its
//! [`Powers`] and the few rules of its own through [`FideFamily`].

use super::setup::{Draft, DraftError, DraftState, SetupProblem};
use super::{chess_pattern, EndReason, IllegalReason, Outcome, PieceName, Position, PositionError};
use crate::core::fen::Setup;
use crate::core::legal::{gen_legal, king_attacked, FideState, Powers};
use crate::core::movegen::{
    apply_move, castling_rights_touching, ep_square_after, FIDE_PROMOTIONS,
};
use crate::core::{zobrist, Action, Bitboard, Board, Color, CoordText, MoveKind, Role, Square};
use std::fmt::Debug;

/// What a FIDE-like family adds to its piece powers.
pub trait FideFamily: Powers + Copy + Debug + Eq + Send + Sync + 'static {
    /// Is the game drawn by lack of material on this board?
    fn insufficient_material(&self, board: &Board) -> bool;

    /// Why a typed move is illegal, by the family's rules.
    fn why_illegal(pos: &FidePosition<Self>, text: &CoordText, legal: &[Action]) -> IllegalReason;

    /// A piece's name in messages ([`Position::piece_name`]); chess's by
    /// default.
    fn piece_name(&self, role: Role) -> PieceName {
        PieceName::Chess(role)
    }

    /// A piece's movement pattern ([`Position::move_pattern`]); chess's by
    /// default.
    fn move_pattern(&self, board: &Board, from: Square) -> Bitboard {
        board
            .piece_at(from)
            .map_or(Bitboard::EMPTY, |p| chess_pattern(p, from))
    }

    /// Every legal move ([`Position::legal_actions`]). A family whose
    /// powers carry an option may fix it as a constant here, so that the
    /// generator is compiled once per option value.
    #[inline(always)]
    fn generate(&self, state: &FideState<'_>, out: &mut Vec<Action>) {
        gen_legal(self, state, out);
    }

    /// Could `color` still win ([`Position::can_win`])? By default while it
    /// has more than its king.
    fn can_win(&self, board: &Board, color: Color) -> bool {
        (board.by_color(color) & !board.by_role(Role::King)).any()
    }
}

/// A position of a FIDE-like family: chess's state and the family's powers
/// (with its options).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FidePosition<F> {
    /// Board, side, castling, en passant and clocks, as in chess.
    setup: Setup,
    powers: F,
}

impl<F: FideFamily> FidePosition<F> {
    /// Check a setup against FIDE's requirements, check judged by the
    /// family's powers, and build the position.
    pub fn new(setup: Setup, powers: F) -> Result<FidePosition<F>, PositionError> {
        validate_fide_setup_with(&setup, &powers)?;
        Ok(FidePosition { setup, powers })
    }

    /// A position from a draft: every problem of the royal families'
    /// checks ([`super::setup::royal_problems`], check judged by the
    /// family's powers), and a draft with another family's state.
    pub fn from_draft(draft: &Draft, powers: F) -> Result<FidePosition<F>, DraftError> {
        let mut problems = super::setup::royal_problems(&draft.setup, &powers);
        if draft.state != DraftState::Plain {
            problems.push(SetupProblem::StateNotOfVariant);
        }
        super::setup::refuse(problems)?;
        Ok(FidePosition {
            setup: draft.setup,
            powers,
        })
    }

    /// A position from a setup known to pass the checks (a family's own
    /// start position).
    pub(super) fn new_unchecked(setup: Setup, powers: F) -> FidePosition<F> {
        FidePosition { setup, powers }
    }

    /// The position as a setup (FEN and what it holds).
    pub fn setup(&self) -> Setup {
        self.setup
    }

    /// The family's powers (and with them its options).
    pub fn powers(&self) -> F {
        self.powers
    }

    /// Castling-rights bits.
    pub fn castling(&self) -> u8 {
        self.setup.castling
    }

    /// En-passant square, if a capture there may be possible.
    pub fn ep_square(&self) -> Option<Square> {
        self.setup.ep_square
    }

    /// The position with the other side to act and no en-passant square:
    /// no rule lets a player pass, but a search asks what the opponent
    /// could do if it were their turn (null-move pruning). The fifty-move
    /// count restarts, so no repetition is looked for across the pass.
    pub fn passed(&self) -> FidePosition<F> {
        let mut p = *self;
        p.setup.turn = p.setup.turn.other();
        p.setup.ep_square = None;
        p.setup.halfmoves = 0;
        p
    }

    /// The moves of the side to move by the family's powers, leaving its
    /// king attacked or not (for explanations).
    pub fn moves_ignoring_check(&self) -> Vec<Action> {
        let mut out = Vec::new();
        crate::core::legal::gen_ignoring_check(&self.powers, &self.state(), &mut out);
        out
    }

    #[inline]
    fn state(&self) -> FideState<'_> {
        FideState {
            board: &self.setup.board,
            turn: self.setup.turn,
            castling: self.setup.castling,
            ep_square: self.setup.ep_square,
            promotions: &FIDE_PROMOTIONS,
        }
    }
}

impl<F: FideFamily> Position for FidePosition<F> {
    #[inline]
    fn fen_state(&self) -> &Setup {
        &self.setup
    }

    #[inline]
    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.powers.generate(&self.state(), out);
    }

    #[inline]
    fn play_unchecked(&mut self, action: Action) {
        let Action::Move(m) = action else { return };
        let s = &mut self.setup;
        let applied = apply_move(&mut s.board, m);
        s.castling &= !(castling_rights_touching(m.from) | castling_rights_touching(m.to));
        s.ep_square = None;
        if m.kind == MoveKind::DoublePush {
            // Only pawns the family lets take en passant make the square
            // worth recording (hashes and FENs stay canonical).
            let taker = s.turn.other();
            let pawns = s.board.by_role(Role::Pawn) & s.board.by_color(taker);
            let takers = self.powers.pawn_powers(taker, pawns).en_passant;
            s.ep_square = ep_square_after(m, s.turn, takers);
        }
        s.end_ply(applied.moved == Role::Pawn || applied.captured.is_some());
    }

    fn outcome_given(&self, legal: &[Action]) -> Option<Outcome> {
        if legal.is_empty() {
            return Some(mate_or_stalemate(
                self.setup.turn,
                self.in_check(self.setup.turn),
            ));
        }
        self.powers
            .insufficient_material(&self.setup.board)
            .then(|| Outcome::draw(EndReason::InsufficientMaterial))
    }

    #[inline]
    fn hash(&self) -> u64 {
        let s = &self.setup;
        fide_hash(&s.board, s.turn, s.castling, s.ep_square)
    }

    #[inline]
    fn in_check(&self, color: Color) -> bool {
        king_attacked(&self.powers, &self.setup.board, color)
    }

    fn why_illegal(&self, text: &CoordText, legal: &[Action]) -> IllegalReason {
        F::why_illegal(self, text, legal)
    }

    fn piece_name(&self, role: Role) -> PieceName {
        self.powers.piece_name(role)
    }

    fn move_pattern(&self, from: Square) -> Bitboard {
        self.powers.move_pattern(&self.setup.board, from)
    }

    fn can_win(&self, color: Color) -> bool {
        self.powers.can_win(&self.setup.board, color)
    }
}

/// FIDE setup checks shared by families played with a normal king: the
/// first of [`super::setup::royal_problems`] (one king each, no pawns on
/// the back ranks, castling rights that fit the pieces, an en-passant
/// square behind a pawn that just moved, the side not to move not in
/// check by `powers`), as the error a typed FEN gets.
pub fn validate_fide_setup_with<P: Powers>(setup: &Setup, powers: &P) -> Result<(), PositionError> {
    super::setup::first_error(super::setup::royal_problems(setup, powers))
}

/// [`validate_fide_setup_with`] chess's powers (Dice-Money's setups).
pub fn validate_fide_setup(setup: &Setup) -> Result<(), PositionError> {
    validate_fide_setup_with(setup, &crate::core::legal::FidePowers::<false>)
}

/// The en-passant square must be empty with the opponent's pawn in front
/// ([`super::setup::ep_problem`]).
pub fn validate_ep(b: &Board, turn: Color, ep: Option<Square>) -> Result<(), PositionError> {
    super::setup::first_error(super::setup::ep_problem(b, turn, ep).into_iter().collect())
}

/// The end when the side to move has no legal move: checkmate if in check,
/// stalemate (a draw) otherwise.
pub fn mate_or_stalemate(turn: Color, in_check: bool) -> Outcome {
    if in_check {
        Outcome::win(turn.other(), EndReason::Checkmate)
    } else {
        Outcome::draw(EndReason::Stalemate)
    }
}

/// Hash of the FIDE state fields.
#[inline]
pub fn fide_hash(board: &Board, turn: Color, castling: u8, ep: Option<Square>) -> u64 {
    board.hash()
        ^ zobrist::side(turn)
        ^ zobrist::castling(castling)
        ^ ep.map_or(0, |s| zobrist::ep_file(s.file()))
}
