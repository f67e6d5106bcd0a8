//! The antichess family: kings are ordinary pieces and captures are
//! compulsory. Plain antichess (lichess rules) and Chicken Chess are the
//! same family; Chicken switches on Benedict flipping, its castling ruling
//! and the stalemate-by-count rule through [`AntichessOptions`].

use super::castling::{castling_side, positional_why};
use super::facts::{piece_counts, Describe, Fact, MarkedSquares, SquareMark};
use super::setup::{Draft, DraftError, DraftState, SetupProblem};
use super::{
    generic_why_illegal, CastlingBlock, EndReason, FamilyName, IllegalReason, Outcome, Position,
    PositionError,
};
use crate::core::board::piece_attacks;
use crate::core::fen::Setup;
use crate::core::movegen::{
    apply_move, gen_king_ordinary_captures, gen_king_ordinary_quiets, has_king_ordinary_capture,
    push_positional_castlings, KING_PROMOTIONS,
};
use crate::core::{
    zobrist, Action, Bitboard, Color, CoordText, Move, MoveKind, Piece, Role, Square,
};
use serde::{Deserialize, Serialize};

/// What a player with no legal move gets.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum StalemateRule {
    /// The stalemated player wins (lichess antichess).
    #[default]
    Win,
    /// The player with fewer pieces wins; equal counts draw (Chicken).
    FewerPieces,
}

/// Family options, read from the variant file.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct AntichessOptions {
    /// Benedict flipping: the moved piece converts the enemies it attacks.
    #[serde(default)]
    pub flips: bool,
    /// Chicken's castling ruling: king on its home square, own rook in a
    /// corner of that rank, squares between empty; no other conditions.
    #[serde(default)]
    pub castling: bool,
    /// What having no legal move means.
    #[serde(default)]
    pub stalemate: StalemateRule,
}

/// An antichess-family position.
///
/// Laid out in field order so that the board stays first: reached without
/// an offset, as move generation reads it at every node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct Antichess {
    /// The FEN's state, without castling rights (castling depends on the
    /// position only).
    setup: Setup,
    /// Squares flipped by the last move (shown by the UI).
    last_flips: Bitboard,
    options: AntichessOptions,
}

impl Antichess {
    /// The family's name in messages: Chicken where pieces flip.
    fn family_name(&self) -> FamilyName {
        if self.options.flips {
            FamilyName::Chicken
        } else {
            FamilyName::Antichess
        }
    }

    /// Build from a setup. Any number of kings is allowed; castling rights
    /// in the FEN are ignored (castling depends on the position only).
    pub fn from_setup(setup: Setup, options: AntichessOptions) -> Result<Antichess, PositionError> {
        let b = &setup.board;
        if let Some(sq) = (b.by_role(Role::Pawn) & (Bitboard::rank(0) | Bitboard::rank(7))).first()
        {
            return Err(PositionError::PawnOnBackRank(sq));
        }
        super::fide::validate_ep(b, setup.turn, setup.ep_square)?;
        Ok(Antichess {
            setup: Setup {
                castling: 0,
                ..setup
            },
            options,
            last_flips: Bitboard::EMPTY,
        })
    }

    /// The problems of a draft in this family: pawns on the back ranks
    /// and an impossible en-passant square; no king is required (kings
    /// are ordinary pieces). Castling rights are not kept (the board
    /// decides castling), and flips are marked only in Chicken, on
    /// squares with a piece.
    pub fn setup_problems(draft: &Draft, options: AntichessOptions) -> Vec<SetupProblem> {
        let s = &draft.setup;
        let mut out = super::setup::back_rank_pawns(&s.board);
        if s.castling != 0 {
            out.push(SetupProblem::CastlingNotKept);
        }
        out.extend(super::setup::ep_problem(&s.board, s.turn, s.ep_square));
        match draft.state {
            DraftState::Flips(flips) if flips.any() && !options.flips => {
                out.push(SetupProblem::FlipsNotKept)
            }
            DraftState::Flips(flips) => out.extend(
                (flips & !s.board.occupied())
                    .into_iter()
                    .map(SetupProblem::FlipOnEmpty),
            ),
            _ => out.push(SetupProblem::StateNotOfVariant),
        }
        out
    }

    /// A position from a draft without problems
    /// ([`Antichess::setup_problems`]), its flips marked.
    pub fn from_draft(draft: &Draft, options: AntichessOptions) -> Result<Antichess, DraftError> {
        super::setup::refuse(Antichess::setup_problems(draft, options))?;
        let flips = match draft.state {
            DraftState::Flips(f) => f,
            _ => Bitboard::EMPTY,
        };
        Ok(Antichess {
            setup: draft.setup,
            options,
            last_flips: flips,
        })
    }

    /// The family's options.
    pub fn options(&self) -> AntichessOptions {
        self.options
    }

    /// Squares whose pieces the last move flipped.
    pub fn last_flips(&self) -> Bitboard {
        self.last_flips
    }

    /// Does the side to move have a capture (and so must capture)?
    #[inline]
    pub fn capture_available(&self) -> bool {
        has_king_ordinary_capture(&self.setup.board, self.setup.turn, self.setup.ep_square)
    }

    fn gen_castling(&self, out: &mut Vec<Action>) {
        let us = self.setup.turn;
        let b = &self.setup.board;
        push_positional_castlings(
            us,
            b.by_piece(Piece::new(us, Role::King)),
            b.by_piece(Piece::new(us, Role::Rook)),
            b.occupied(),
            out,
        );
    }

    fn ep_after(&self, m: Move) -> Option<Square> {
        if m.kind != MoveKind::DoublePush {
            return None;
        }
        let ep = Square::from_coords(m.from.file(), (m.from.rank() + m.to.rank()) / 2)?;
        let enemy_pawns = self.setup.board.by_role(Role::Pawn)
            & self.setup.board.by_color(self.setup.turn.other());
        (crate::core::attacks::pawn_attacks(self.setup.turn, ep) & enemy_pawns)
            .any()
            .then_some(ep)
    }
}

impl Position for Antichess {
    #[inline]
    fn fen_state(&self) -> &Setup {
        &self.setup
    }

    fn draft(&self) -> Draft {
        Draft {
            setup: self.setup,
            state: DraftState::Flips(self.last_flips),
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        if self.setup.board.by_color(Color::White).is_empty()
            || self.setup.board.by_color(Color::Black).is_empty()
        {
            return;
        }
        if self.capture_available() {
            gen_king_ordinary_captures(
                &self.setup.board,
                self.setup.turn,
                self.setup.ep_square,
                &KING_PROMOTIONS,
                out,
            );
        } else {
            gen_king_ordinary_quiets(&self.setup.board, self.setup.turn, &KING_PROMOTIONS, out);
            if self.options.castling {
                self.gen_castling(out);
            }
        }
    }

    fn play_unchecked(&mut self, action: Action) {
        let Action::Move(m) = action else { return };
        let ep_next = self.ep_after(m);
        let applied = apply_move(&mut self.setup.board, m);
        self.last_flips = Bitboard::EMPTY;
        if self.options.flips {
            // Only the moved piece flips, from where it now stands, after any
            // capture; the castling rook does not flip.
            let dest = applied.destination;
            if let Some(p) = self.setup.board.piece_at(dest) {
                // The piece's own colour gives a pawn its forward diagonals;
                // a promoted piece attacks as its new role.
                let attacked = piece_attacks(p, dest, self.setup.board.occupied());
                let victims = attacked & self.setup.board.by_color(self.setup.turn.other());
                for sq in victims {
                    self.setup.board.recolor(sq, self.setup.turn);
                }
                self.last_flips = victims;
            }
        }
        self.setup.ep_square = ep_next;
        self.setup
            .end_ply(applied.moved == Role::Pawn || applied.captured.is_some());
    }

    fn outcome_given(&self, legal: &[Action]) -> Option<Outcome> {
        for c in [self.setup.turn, self.setup.turn.other()] {
            if self.setup.board.by_color(c).is_empty() {
                return Some(Outcome::win(c, EndReason::NoPieces));
            }
        }
        if !legal.is_empty() {
            return None;
        }
        Some(match self.options.stalemate {
            StalemateRule::Win => Outcome::win(self.setup.turn, EndReason::NoLegalMoves),
            StalemateRule::FewerPieces => {
                let mine = self.setup.board.count(self.setup.turn);
                let theirs = self.setup.board.count(self.setup.turn.other());
                match mine.cmp(&theirs) {
                    std::cmp::Ordering::Less => {
                        Outcome::win(self.setup.turn, EndReason::NoLegalMoves)
                    }
                    std::cmp::Ordering::Greater => {
                        Outcome::win(self.setup.turn.other(), EndReason::NoLegalMoves)
                    }
                    std::cmp::Ordering::Equal => Outcome::draw(EndReason::NoLegalMoves),
                }
            }
        })
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.setup.board.hash()
            ^ zobrist::side(self.setup.turn)
            ^ self
                .setup
                .ep_square
                .map_or(0, |s| zobrist::ep_file(s.file()))
    }

    fn why_illegal(&self, text: &CoordText, legal: &[Action]) -> IllegalReason {
        if let Some(why) = super::beyond_reach(self, text).filter(|_| !legal.is_empty()) {
            return why;
        }
        if let CoordText::Move { from, to, .. } = *text {
            let board = &self.setup.board;
            if let Some(why) = castling_side(board, self.setup.turn, from, to)
                .filter(|_| !legal.is_empty())
                .and_then(|kingside| self.why_cannot_castle(kingside))
            {
                return IllegalReason::Castling(why);
            }
            let ours = board.color_at(from) == Some(self.setup.turn);
            let all_captures = legal
                .iter()
                .filter_map(|a| a.as_move())
                .all(|m| self.is_capture(&m));
            if ours && all_captures && !legal.is_empty() {
                return IllegalReason::CapturesCompulsory(self.family_name());
            }
        }
        generic_why_illegal(self, text, legal)
    }

    /// No castling in plain antichess; Chicken's positional ruling
    /// otherwise (king at home, own rook in the corner, squares between
    /// empty), whatever moved before.
    fn why_cannot_castle(&self, kingside: bool) -> Option<CastlingBlock> {
        if !self.options.castling {
            return Some(CastlingBlock::NoCastling(self.family_name()));
        }
        positional_why(
            &self.setup.board,
            self.setup.turn,
            kingside,
            self.family_name(),
        )
    }

    /// A player wins by losing everything (or, in Chicken, by the count at
    /// a stalemate), which the opponent can always help along: a side can
    /// always still win, so a flag fall always loses.
    fn can_win(&self, _color: Color) -> bool {
        true
    }
}

impl Describe for Antichess {
    fn square_marks(&self) -> Vec<MarkedSquares> {
        if self.options.flips && self.last_flips.any() {
            vec![MarkedSquares {
                mark: SquareMark::Flipped,
                squares: self.last_flips,
            }]
        } else {
            Vec::new()
        }
    }

    fn facts(&self) -> Vec<Fact> {
        let mut facts = vec![Fact::PieceCounts(piece_counts(&self.setup.board))];
        if self.options.flips {
            facts.push(Fact::Flipped(self.last_flips));
        }
        if self.capture_available() {
            facts.push(Fact::constraint("Must capture: a capture is available"));
        }
        facts.push(Fact::reminder(match self.options.stalemate {
            StalemateRule::FewerPieces => {
                "Lose all your pieces to win (fewer pieces wins when stuck)"
            }
            StalemateRule::Win => "Lose all your pieces (or get stuck) to win",
        }));
        facts
    }
}
