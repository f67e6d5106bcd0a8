//! A variant from data on chess's 8×8 board as a game plays it: a
//! [`FairyPosition`] seen through [`Position`], so the board, the
//! computer, records and every command play it as they play the built-in
//! families. A kind of the
//! variant is the [`Role`] of its letter (docs/rules.md, "Variants from
//! data"): a variant's rook is `R`, its fers (`f`) the role of `F`.

use super::played::{castling_rights, fairy_position_common, kind_of, role_of, Fairy, PlayedGrid};
use super::position::CastleRefusal;
use super::{FairyMove, FairyMoveKind, FairyPosition};
use crate::core::fen::Setup;
use crate::core::grid::Grid8;
use crate::core::Square;
use crate::core::{Action, Bitboard, Board, Color, CoordText, Move, MoveKind, Piece, Role};
use crate::facts::{board_effects, BoardLook, Describe, Effect, Fact, MarkedSquares};
use crate::illegal::{Attacks, CastlingBlock, DropRule, FamilyName, IllegalReason, PieceName};
use crate::{generic_why_illegal, EndReason, Outcome, Position};
use std::cell::RefCell;

/// The chess-shaped view of `pos`: its pieces by role, its castling
/// rights and en passant square as a FEN has them.
fn mirror(pos: &FairyPosition) -> Setup {
    let rules = pos.rules();
    let mut board = Board::empty();
    for sq in pos.occupied_squares() {
        if let Some((color, kind)) = pos.piece_at(sq) {
            board.set(sq, Piece::new(color, role_of(rules, kind)));
        }
    }
    Setup {
        board,
        turn: pos.turn(),
        castling: castling_rights(pos),
        ep_square: pos.en_passant().first(),
        halfmoves: pos.halfmoves(),
        fullmoves: pos.fullmoves(),
    }
}

/// The chess-shaped view of `pos` (see [`mirror`]): what a draft of it
/// holds, for judging it as the editor does.
pub(super) fn fen_view(pos: &FairyPosition) -> Setup {
    mirror(pos)
}

thread_local! {
    /// The data engine's move list, reused by every call of
    /// [`Position::legal_actions`] on this thread, so listing moves never
    /// allocates.
    static MOVES: RefCell<Vec<FairyMove>> = RefCell::new(Vec::with_capacity(256));
}

/// `f` with this thread's move buffer ([`MOVES`]), or a fresh one should
/// the buffer be in use already.
pub(super) fn with_moves<T>(f: impl FnOnce(&mut Vec<FairyMove>) -> T) -> T {
    MOVES.with(|moves| match moves.try_borrow_mut() {
        Ok(mut moves) => f(&mut moves),
        Err(_) => f(&mut Vec::new()),
    })
}

impl Fairy {
    /// The castling of the side to move (its index, as
    /// [`FairyPosition::castle_refusal`] takes it) a move from `from` to
    /// `to` is written as: the king to its castling square, or to its
    /// own castling rook (Chess960's way).
    fn castling_meant(&self, from: Square, to: Square) -> Option<usize> {
        let rules = self.rules();
        let king = rules.castling_king.filter(|_| rules.castling)?;
        let us = self.pos.turn();
        if self.pos.piece_at(from) != Some((us, king)) {
            return None;
        }
        let first = us.fold(0, 2);
        (first..first + 2).find(|&i| {
            let [kf, kt, rf, _] = rules.castle_layout.squares[i];
            kf == from && (to == rf || (to == kt && kt != kf && !rules.chess960))
        })
    }

    /// Why castling `i` is not legal now, in the words of castling.
    fn castle_block(&self, i: usize) -> Option<CastlingBlock> {
        let us = self.pos.turn();
        let kingside = i.is_multiple_of(2);
        Some(match self.pos.castle_refusal(i)? {
            CastleRefusal::NoRight => CastlingBlock::NoRight {
                color: us,
                kingside,
            },
            CastleRefusal::Occupied(sq) => CastlingBlock::PathOccupied(Some(sq)),
            CastleRefusal::InCheck => CastlingBlock::InCheck,
            CastleRefusal::Attacked(square) => CastlingBlock::ThroughCheck {
                attacker: us.other(),
                square,
            },
            CastleRefusal::ExposesKing => CastlingBlock::ExposesKing,
        })
    }
}

impl Fairy {
    /// A move of the variant as the game writes it.
    #[inline]
    pub fn action_of(&self, m: FairyMove) -> Action {
        let kind = match m.kind {
            FairyMoveKind::Normal => MoveKind::Normal,
            FairyMoveKind::DoubleStep => MoveKind::DoublePush,
            FairyMoveKind::EnPassant => MoveKind::EnPassant,
            FairyMoveKind::Castle => MoveKind::Castle,
            FairyMoveKind::Promotion(k) => MoveKind::Promotion(self.role(k)),
            FairyMoveKind::PiecePromotion(k) => MoveKind::PiecePromotion(self.role(k)),
            FairyMoveKind::Drop(k) => {
                return Action::Drop(Piece::new(self.pos.turn(), self.role(k)), m.to)
            }
            FairyMoveKind::Pass => MoveKind::Pass,
            // Games refuse the keys these come with (`pieceDemotion`,
            // `dropPromoted`), so no game meets them; their shapes stand.
            FairyMoveKind::PieceDemotion => MoveKind::Normal,
            FairyMoveKind::PromotedDrop(k) => {
                return Action::Drop(Piece::new(self.pos.turn(), self.role(k)), m.to)
            }
        };
        Action::Move(Move::with_kind(m.from, m.to, kind))
    }

    /// The variant's move an action stands for; `None` for an action no
    /// move of the variant is written as.
    #[inline]
    pub fn move_of(&self, action: Action) -> Option<FairyMove> {
        let kind = |role: Role| self.kind(role);
        let (from, to, kind) = match action {
            Action::Move(m) => {
                let kind = match m.kind {
                    MoveKind::Normal => FairyMoveKind::Normal,
                    MoveKind::DoublePush => FairyMoveKind::DoubleStep,
                    MoveKind::EnPassant => FairyMoveKind::EnPassant,
                    MoveKind::Castle => FairyMoveKind::Castle,
                    MoveKind::Promotion(r) => FairyMoveKind::Promotion(kind(r)?),
                    MoveKind::PiecePromotion(r) => FairyMoveKind::PiecePromotion(kind(r)?),
                    MoveKind::Pass => FairyMoveKind::Pass,
                    MoveKind::CaptureInPlace => return None,
                };
                (m.from, m.to, kind)
            }
            Action::Drop(piece, sq) => (sq, sq, FairyMoveKind::Drop(kind(piece.role)?)),
            Action::Place(..)
            | Action::Pass
            | Action::Roll(..)
            | Action::Buy(_)
            | Action::Wide(_)
            | Action::WideDrop(..) => return None,
        };
        Some(FairyMove { from, to, kind })
    }

    /// Where the variant's goal region is for `side` (the flag), if any.
    pub fn goal(&self, side: Color) -> Bitboard {
        self.rules()
            .flag
            .as_ref()
            .map_or(Bitboard::EMPTY, |f| f.region[side.index()])
    }
}

impl Fairy {
    /// Why the side to act cannot drop a `role` on `sq`: the variant has
    /// no drops, none is in hand, the square is taken or barred to the
    /// piece, or the drop leaves a royal piece attacked.
    fn why_drop_illegal(&self, role: Role, sq: Square) -> IllegalReason {
        let rules = self.rules();
        if !rules.drops {
            return IllegalReason::NoPurchases;
        }
        let us = self.pos.turn();
        let hand = self.pos.hand(us);
        let held = |k: &u8| hand.get(usize::from(*k)).is_some_and(|&n| n > 0);
        let piece = self.piece_name(role);
        let Some(kind) = kind_of(rules, role).filter(held) else {
            let held = (0..rules.kinds.len() as u8)
                .filter(held)
                .map(|k| role_of(rules, k))
                .collect();
            return IllegalReason::Drop(DropRule::NotInHand { piece, held });
        };
        if let Some(on) = self.board().piece_at(sq) {
            let piece = self.piece_name(on.role);
            return IllegalReason::Drop(DropRule::Occupied { square: sq, piece });
        }
        if let Some(rule) = self.drop_rule(kind, piece, sq) {
            return IllegalReason::Drop(rule);
        }
        let in_check = self.pos.in_check(us);
        if !in_check && !rules.checking {
            return IllegalReason::ChecksForbidden;
        }
        IllegalReason::KingInCheck {
            in_check,
            attacks: Attacks::Variant,
        }
    }

    /// The variant's rule that bars a drop of `kind` on the empty `sq`,
    /// if one does: where the piece may stand, the drop region, the
    /// pawn's ranks, doubled pieces on a file, a drop that checks.
    fn drop_rule(&self, kind: u8, piece: PieceName, sq: Square) -> Option<DropRule> {
        let rules = self.rules();
        let us = self.pos.turn();
        let region = rules.mobility_region.get(usize::from(kind));
        if region.is_some_and(|r| !r[us.index()].contains(sq))
            || rules.immobile_squares(us, kind).contains(sq)
        {
            return Some(DropRule::OutsideRegion { piece, square: sq });
        }
        if !rules.drop_region[us.index()].contains(sq) {
            return Some(DropRule::OutsideDropRegion(sq));
        }
        if let Some(kinds) = self.pos.must_drop().filter(|&k| k & 1 << kind == 0) {
            let due = (0..rules.kinds.len() as u8).find(|&k| kinds & 1 << k != 0);
            let role = due.map_or(Role::Pawn, |k| role_of(rules, k));
            return Some(DropRule::MustDropKind(self.piece_name(role)));
        }
        if self.pos.pawn_drop_bars(kind).contains(sq) {
            return Some(DropRule::PawnSquare(sq));
        }
        if self.pos.doubled_files(kind).contains(sq) {
            return Some(DropRule::Doubled {
                piece,
                file: sq.file_char(),
            });
        }
        if let Some(bishop) = rules.opposite_bishops {
            if !self.pos.bishop_colour_squares(kind, bishop).contains(sq) {
                return Some(DropRule::BishopColours(sq));
            }
        }
        let drop = FairyMove {
            from: sq,
            to: sq,
            kind: FairyMoveKind::Drop(kind),
        };
        (!rules.drop_checks && self.pos.gives_check(drop)).then_some(DropRule::GivesCheck)
    }
}

impl Position for Fairy {
    fairy_position_common!();

    fn fen_state(&self) -> &Setup {
        self.view.get_or_init(|| mirror(&self.pos))
    }

    fn role_at(&self, sq: Square) -> Option<Role> {
        self.pos.piece_at(sq).map(|(_, kind)| self.role(kind))
    }

    /// Asked of every move the search orders, so answered from the
    /// squares without turning the move into the variant's.
    #[inline]
    fn is_capture(&self, m: &Move) -> bool {
        match m.kind {
            MoveKind::EnPassant => true,
            MoveKind::Castle | MoveKind::Pass | MoveKind::CaptureInPlace => false,
            _ => self.pos.piece_at(m.to).is_some(),
        }
    }

    fn why_illegal(&self, text: &CoordText, legal: &[Action]) -> IllegalReason {
        let CoordText::Move { from, to, .. } = *text else {
            return match *text {
                _ if legal.is_empty() => generic_why_illegal(self, text, legal),
                CoordText::Place(piece, sq) => self.why_drop_illegal(piece.role, sq),
                CoordText::Pass => self.why_pass_illegal(),
                _ => generic_why_illegal(self, text, legal),
            };
        };
        if let Some(i) = self.castling_meant(from, to) {
            if let Some(why) = self.castle_block(i) {
                return IllegalReason::Castling(why);
            }
        }
        let mine = self.pos.piece_at(from).map(|(c, _)| c) == Some(self.pos.turn());
        let in_pattern = self.move_pattern(from).contains(to);
        let listed = legal
            .iter()
            .any(|a| matches!(a, Action::Move(m) if m.from == from && m.to == to));
        if legal.is_empty() || !mine || !in_pattern || listed {
            return generic_why_illegal(self, text, legal);
        }
        self.refusal_reason(from, to)
            .unwrap_or_else(|| generic_why_illegal(self, text, legal))
    }

    fn why_cannot_castle(&self, kingside: bool) -> Option<CastlingBlock> {
        if !self.rules().castling {
            return Some(CastlingBlock::NoCastling(FamilyName::FromData));
        }
        let i = self.pos.turn().fold(0, 2) + usize::from(!kingside);
        self.castle_block(i)
    }

    fn move_pattern(&self, from: Square) -> Bitboard {
        let Some((color, kind)) = self.pos.piece_at(from) else {
            return Bitboard::EMPTY;
        };
        let rules = self.rules();
        let mut pattern = rules.kinds[kind as usize]
            .moves
            .empty_board_reach(color, from);
        if rules.pawn == Some(kind) {
            // The pawn's double and triple steps from data, not Betza.
            let ahead = color.fold(1, -1);
            for n in 2..=3 {
                pattern |= Bitboard::from_squares(from.offset(0, ahead * n));
            }
        }
        if rules.castling && rules.castling_king == Some(kind) {
            pattern |= Bitboard::from_squares(from.offset(2, 0));
            pattern |= Bitboard::from_squares(from.offset(-2, 0));
        }
        pattern
    }
}

impl Describe for Fairy {
    fn board_look(&self) -> BoardLook {
        self.look()
    }

    fn square_marks(&self) -> Vec<MarkedSquares> {
        self.regions()
            .into_iter()
            .map(|(mark, squares)| MarkedSquares { mark, squares })
            .collect()
    }

    fn facts(&self) -> Vec<Fact> {
        let rules = self.rules();
        let mut facts = self.common_facts();
        if let Some(flag) = &rules.flag {
            let goal = |side: Color| {
                let kind = flag.kind[side.index()]?;
                Some((role_of(rules, kind), flag.region[side.index()]))
            };
            facts.insert(1, Fact::Goal([goal(Color::White), goal(Color::Black)]));
        }
        facts
    }

    /// A capture that explodes lists the squares it blew up, as a flip
    /// lists the pieces it turned.
    fn action_effects(&self, action: &Action) -> Vec<Effect> {
        let mut after = self.clone();
        after.play_unchecked(*action);
        let mut effects = board_effects(self.board(), after.board(), self.turn(), action);
        let m = self.move_of(*action);
        if self.rules().blast && m.is_some_and(|m| self.pos.is_capture(m)) {
            let from = m.map_or(Bitboard::EMPTY, |m| Bitboard::from_square(m.from));
            let gone = self.board().occupied() & !after.board().occupied() & !from;
            effects.push(Effect::Exploded(gone));
        }
        effects
    }

    fn captured_piece(&self, action: &Action) -> Option<Piece> {
        let m = self.move_of(*action)?;
        if !self.pos.is_capture(m) {
            return None;
        }
        let at = match m.kind {
            FairyMoveKind::EnPassant => self.pos.en_passant_victim()?,
            _ => m.to,
        };
        self.board().piece_at(at)
    }
}

impl PlayedGrid for Grid8 {
    #[inline]
    fn move_of(fairy: &Fairy<Self>, action: Action) -> Option<FairyMove<Self>> {
        fairy.move_of(action)
    }
    #[inline]
    fn action_of(fairy: &Fairy<Self>, m: FairyMove<Self>) -> Action {
        fairy.action_of(m)
    }
    #[inline]
    fn with_moves<T>(f: impl FnOnce(&mut Vec<FairyMove<Self>>) -> T) -> T {
        with_moves(f)
    }
}
