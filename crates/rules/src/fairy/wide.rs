//! A variant from data on a board of another size than 8×8, as a game
//! plays it: the data engine's position on the 16×16 grid, seen through
//! [`Position`], its moves the game's [`Action::Wide`] and
//! [`Action::WideDrop`] on [`Spot`]s (docs/architecture.md, "Boards of
//! every size"). Chess's 8×8 view ([`Position::board`]) is empty; a
//! screen asks [`Position::piece_on`] and [`Position::board_size`].

use super::played::{fairy_position_common, Fairy, PlayedGrid};
use super::{FairyMove, FairyMoveKind};
use crate::core::grid::{Grid16, Spot};
use crate::core::{Action, Color, CoordText, Move, MoveKind, Piece, Role, Setup, WideMove};
use crate::facts::{BoardLook, Describe, Effect, Fact, SquareMark};
use crate::illegal::IllegalReason;
use crate::why_illegal::off_board;
use crate::{EndReason, Outcome, Position};
use std::cell::RefCell;
use std::sync::OnceLock;

/// A variant from data on a board of another size, played on the 16×16
/// grid whatever its size, so the game has one square type for every
/// size ([`Spot`] is that grid's square).
pub type WideFairy = Fairy<Grid16>;

/// The view a wide position gives for chess's: empty, as no 8×8 square
/// holds its pieces (screens ask [`Position::piece_on`]).
fn no_view() -> &'static Setup {
    static VIEW: OnceLock<Setup> = OnceLock::new();
    VIEW.get_or_init(Setup::empty)
}

thread_local! {
    /// The data engine's move list for wide boards, reused by every call
    /// on this thread, so listing moves never allocates.
    static MOVES: RefCell<Vec<FairyMove<Grid16>>> = RefCell::new(Vec::with_capacity(256));
}

/// `f` with this thread's move buffer, or a fresh one should the buffer
/// be in use already.
pub(super) fn with_moves<T>(f: impl FnOnce(&mut Vec<FairyMove<Grid16>>) -> T) -> T {
    MOVES.with(|moves| match moves.try_borrow_mut() {
        Ok(mut moves) => f(&mut moves),
        Err(_) => f(&mut Vec::new()),
    })
}

impl Fairy<Grid16> {
    /// A move of the variant as the game writes it.
    #[inline]
    pub fn wide_action_of(&self, m: FairyMove<Grid16>) -> Action {
        let kind = match m.kind {
            FairyMoveKind::Normal | FairyMoveKind::PieceDemotion => MoveKind::Normal,
            FairyMoveKind::DoubleStep => MoveKind::DoublePush,
            FairyMoveKind::EnPassant => MoveKind::EnPassant,
            FairyMoveKind::Castle => MoveKind::Castle,
            FairyMoveKind::Promotion(k) => MoveKind::Promotion(self.role(k)),
            FairyMoveKind::PiecePromotion(k) => MoveKind::PiecePromotion(self.role(k)),
            FairyMoveKind::Pass => MoveKind::Pass,
            FairyMoveKind::Drop(k) | FairyMoveKind::PromotedDrop(k) => {
                return Action::WideDrop(Piece::new(self.pos.turn(), self.role(k)), m.to)
            }
        };
        Action::Wide(WideMove::new(m.from, m.to, kind))
    }

    /// The variant's move an action stands for, if any.
    #[inline]
    pub fn wide_move_of(&self, action: Action) -> Option<FairyMove<Grid16>> {
        let (from, to, kind) = match action {
            Action::Wide(m) => {
                let kind = match m.kind() {
                    MoveKind::Normal => FairyMoveKind::Normal,
                    MoveKind::DoublePush => FairyMoveKind::DoubleStep,
                    MoveKind::EnPassant => FairyMoveKind::EnPassant,
                    MoveKind::Castle => FairyMoveKind::Castle,
                    MoveKind::Promotion(r) => FairyMoveKind::Promotion(self.kind(r)?),
                    MoveKind::PiecePromotion(r) => FairyMoveKind::PiecePromotion(self.kind(r)?),
                    MoveKind::Pass => FairyMoveKind::Pass,
                    MoveKind::CaptureInPlace => return None,
                };
                (m.from, m.to, kind)
            }
            Action::WideDrop(piece, spot) => {
                (spot, spot, FairyMoveKind::Drop(self.kind(piece.role)?))
            }
            _ => return None,
        };
        Some(FairyMove { from, to, kind })
    }

    /// The piece on `spot`, as the game names pieces.
    fn piece_of(&self, spot: Spot) -> Option<Piece> {
        let (color, kind) = self.pos.piece_at(spot)?;
        Some(Piece::new(color, self.role(kind)))
    }

    /// Why a move of the side to act from `from` to `to` is not legal,
    /// in the common words and the variant's own.
    fn why_move_illegal(&self, text: &CoordText, legal: &[Action]) -> IllegalReason {
        let Some((from, to)) = text.spots() else {
            return IllegalReason::UnknownNotation;
        };
        if let Some(off) = off_board(self, from).or_else(|| off_board(self, to)) {
            return off;
        }
        let Some(piece) = self.piece_of(from) else {
            return IllegalReason::NoPiece { square: from };
        };
        let name = self.name_of(piece.role);
        if piece.color != self.pos.turn() {
            return IllegalReason::NotYours {
                piece: name,
                square: from,
                to_move: self.pos.turn(),
            };
        }
        if let Some(own) = self
            .piece_of(to)
            .filter(|p| p.color == piece.color && to != from)
        {
            return IllegalReason::OwnPiece {
                square: to,
                piece: self.name_of(own.role),
            };
        }
        let from_here = |a: &&Action| a.spots().is_some_and(|(f, _)| f == from);
        if !legal.iter().any(|a| from_here(&a)) {
            return IllegalReason::NoLegalMove {
                piece: name,
                square: from,
            };
        }
        if legal.iter().any(|a| a.spots() == Some((from, to))) {
            return IllegalReason::UnknownNotation;
        }
        self.refusal_reason(from, to)
            .unwrap_or(IllegalReason::CannotMoveTo {
                piece: name,
                from,
                to,
            })
    }
}

impl Position for Fairy<Grid16> {
    const WIDE_MOVES: bool = true;
    fairy_position_common!();

    fn fen_state(&self) -> &Setup {
        no_view()
    }

    fn board_size(&self) -> (u8, u8) {
        (self.rules().files, self.rules().ranks)
    }

    fn piece_on(&self, spot: Spot) -> Option<Piece> {
        self.piece_of(spot)
    }

    fn role_at(&self, _sq: crate::core::Square) -> Option<Role> {
        None
    }

    fn is_capture(&self, _m: &Move) -> bool {
        false
    }

    fn why_illegal(&self, text: &CoordText, legal: &[Action]) -> IllegalReason {
        if legal.is_empty() {
            return IllegalReason::GameOver;
        }
        match *text {
            CoordText::Pass => self.why_pass_illegal(),
            CoordText::Place(..) | CoordText::WidePlace(..) if !self.rules().drops => {
                IllegalReason::NoPurchases
            }
            CoordText::Place(..) | CoordText::WidePlace(..) => text
                .spots()
                .and_then(|(_, spot)| off_board(self, spot))
                .unwrap_or(IllegalReason::UnknownNotation),
            CoordText::Move { .. } | CoordText::Wide { .. } => self.why_move_illegal(text, legal),
            CoordText::Roll(..) => IllegalReason::RollNotNow,
            CoordText::Buy(_) => IllegalReason::NoPurchases,
        }
    }
}

impl Describe for Fairy<Grid16> {
    fn facts(&self) -> Vec<Fact> {
        self.common_facts()
    }

    fn board_look(&self) -> BoardLook {
        self.look()
    }

    fn spot_marks(&self) -> Vec<(SquareMark, Vec<Spot>)> {
        self.regions()
            .into_iter()
            .map(|(mark, set)| (mark, set.into_iter().collect()))
            .collect()
    }

    fn action_effects(&self, _action: &Action) -> Vec<Effect> {
        Vec::new()
    }

    fn captured_piece(&self, action: &Action) -> Option<Piece> {
        let m = self.wide_move_of(*action)?;
        if !self.pos.is_capture(m) {
            return None;
        }
        let at = match m.kind {
            FairyMoveKind::EnPassant => self.pos.en_passant_victim()?,
            _ => m.to,
        };
        self.piece_of(at)
    }
}

impl PlayedGrid for Grid16 {
    #[inline]
    fn move_of(fairy: &Fairy<Self>, action: Action) -> Option<FairyMove<Self>> {
        fairy.wide_move_of(action)
    }
    #[inline]
    fn action_of(fairy: &Fairy<Self>, m: FairyMove<Self>) -> Action {
        fairy.wide_action_of(m)
    }
    #[inline]
    fn with_moves<T>(f: impl FnOnce(&mut Vec<FairyMove<Self>>) -> T) -> T {
        with_moves(f)
    }
}
