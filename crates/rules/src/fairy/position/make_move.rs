//! Making a move: the position after it, with captures to the hand,
//! promotions, castling, en passant, explosions, the rights and counters
//! it changes.

use super::{FairyMove, FairyMoveKind, FairyPosition, Man, NOT_PROMOTED};
use crate::core::betza::Reach;
use crate::core::grid::{Grid, GridSet, GridSquare};
use crate::core::Color;
use crate::fairy::{has_kind, MAX_KINDS};
use std::sync::Arc;

impl<G: Grid> FairyPosition<G> {
    /// The position after `m`, which must be one of its moves.
    pub fn played(&self, m: FairyMove<G>) -> FairyPosition<G> {
        let mut next = self.clone();
        self.play_onto(m, &mut next);
        next
    }

    /// The position with the turn handed over and nothing else changed
    /// but what any move changes (en passant gone, the counters): the
    /// computer's null move, never a move of a game (a variant's own pass
    /// is a move, [`FairyMoveKind::Pass`]).
    pub fn passed(&self) -> FairyPosition<G> {
        let mut next = self.clone();
        next.en_passant = G::Set::EMPTY;
        next.en_passant_victim = None;
        next.dropped_last = false;
        next.turn = self.turn.other();
        next.halfmoves = self.halfmoves.saturating_add(1);
        if self.turn == Color::Black {
            next.fullmoves = self.fullmoves.saturating_add(1);
        }
        next
    }

    /// Makes `m` on `next`, a copy of this position.
    pub(crate) fn play_onto(&self, m: FairyMove<G>, next: &mut FairyPosition<G>) {
        let m = self.castle_as_king_step(m);
        next.en_passant = G::Set::EMPTY;
        next.en_passant_victim = None;
        next.dropped_last = matches!(
            m.kind,
            FairyMoveKind::Drop(_) | FairyMoveKind::PromotedDrop(_)
        );
        next.passes = match m.kind {
            FairyMoveKind::Pass => self.passes.saturating_add(1),
            _ => 0,
        };
        let resets = match m.kind {
            FairyMoveKind::Drop(kind) => {
                let count = &mut next.hands[self.turn.index()][kind as usize];
                *count = count.saturating_sub(1);
                next.put(m.to, (self.turn, kind));
                if self.rules.castling_dropped_piece {
                    next.castle_with_dropped(m.to, kind);
                }
                true
            }
            FairyMoveKind::PromotedDrop(kind) => {
                let count = &mut next.hands[self.turn.index()][kind as usize];
                *count = count.saturating_sub(1);
                let turned = self.rules.promoted_kind[kind as usize].unwrap_or(kind);
                next.put(m.to, (self.turn, turned));
                next.unpromoted.as_mut()[m.to.index()] = kind;
                true
            }
            // As Fairy-Stockfish counts it, a pass by a piece of a kind
            // whose moves restart the count (a pawn) restarts it too.
            FairyMoveKind::Pass => self
                .piece_at(m.from)
                .is_some_and(|(_, kind)| has_kind(self.rules.n_move_kinds, kind)),
            _ => match next.move_piece(self, m) {
                Some(resets) => resets,
                None => return,
            },
        };
        let us = self.turn;
        next.turn = us.other();
        next.halfmoves = if resets {
            0
        } else {
            self.halfmoves.saturating_add(1)
        };
        if us == Color::Black {
            next.fullmoves = self.fullmoves.saturating_add(1);
        }
        if self.rules.check_counting && next.in_check(next.turn) {
            let left = &mut next.checks_left[us.index()];
            *left = left.saturating_sub(1);
        }
        next.update_count(self, m);
    }

    /// Makes this a copy of `other` without cloning its rules again when
    /// they are already the same (perft's positions per ply).
    pub(super) fn copy_from(&mut self, other: &FairyPosition<G>) {
        let FairyPosition {
            rules,
            squares,
            board_key,
            by_color,
            by_kind,
            turn,
            castling,
            en_passant,
            en_passant_victim,
            checks_left,
            halfmoves,
            fullmoves,
            dropped_last,
            hands,
            promoted,
            passes,
            unpromoted,
            counting_limit,
            counting_ply,
        } = other;
        if Arc::ptr_eq(&self.rules, rules) {
            // Only the variant's kinds: the rest are empty in both.
            let kinds = rules.kinds.len().min(MAX_KINDS);
            self.by_kind[..kinds].copy_from_slice(&by_kind[..kinds]);
        } else {
            self.rules = Arc::clone(rules);
            self.by_kind = *by_kind;
        }
        self.squares = *squares;
        self.board_key = *board_key;
        self.by_color = *by_color;
        self.turn = *turn;
        self.castling = *castling;
        self.en_passant = *en_passant;
        self.en_passant_victim = *en_passant_victim;
        self.checks_left = *checks_left;
        self.halfmoves = *halfmoves;
        self.fullmoves = *fullmoves;
        self.dropped_last = *dropped_last;
        self.hands = *hands;
        self.promoted = *promoted;
        self.passes = *passes;
        self.unpromoted = *unpromoted;
        self.counting_limit = *counting_limit;
        self.counting_ply = *counting_ply;
    }

    /// Makes the piece move `m` on this copy of `before`: captures (to
    /// the hand where captures go there), promotions, castling, en
    /// passant, explosions and castling rights. Returns whether the move
    /// count restarts; `None` when no piece stands on `from`.
    fn move_piece(&mut self, before: &FairyPosition<G>, m: FairyMove<G>) -> Option<bool> {
        let us = before.turn;
        let was_promoted = before.promoted.contains(m.from);
        let unpromoted = before.unpromoted.as_ref()[m.from.index()];
        let man = self.take(m.from)?;
        self.promoted.remove(m.from);
        let victim = match m.kind {
            FairyMoveKind::EnPassant => before.en_passant_victim,
            FairyMoveKind::Castle => None,
            _ => Some(m.to),
        };
        if let Some(sq) = victim {
            if let Some((_, kind)) = before
                .piece_at(sq)
                .filter(|_| before.rules.captures_to_hand)
            {
                let back = match before.unpromoted.as_ref()[sq.index()] {
                    NOT_PROMOTED if before.promoted.contains(sq) && !before.rules.drop_loop => {
                        before.rules.pawn.unwrap_or(kind)
                    }
                    NOT_PROMOTED => kind,
                    from => from,
                };
                let count = &mut self.hands[us.index()][back as usize];
                *count = count.saturating_add(1);
            }
            self.promoted.remove(sq);
            if m.kind == FairyMoveKind::EnPassant {
                self.take(sq);
            }
        }
        if m.kind != FairyMoveKind::Castle {
            self.take(m.to);
        }
        match m.kind {
            FairyMoveKind::Castle => self.castle(m, man),
            FairyMoveKind::Promotion(kind) => {
                self.put(m.to, (us, kind));
                if before.rules.drops {
                    self.promoted.insert(m.to);
                }
            }
            FairyMoveKind::PiecePromotion(kind) => {
                self.put(m.to, (us, kind));
                self.unpromoted.as_mut()[m.to.index()] = man.1;
            }
            FairyMoveKind::PieceDemotion => {
                let back = match unpromoted {
                    NOT_PROMOTED => man.1,
                    from => from,
                };
                self.put(m.to, (us, back));
            }
            _ => {
                self.put(m.to, man);
                self.unpromoted.as_mut()[m.to.index()] = unpromoted;
            }
        }
        if m.kind == FairyMoveKind::DoubleStep {
            self.en_passant = before.passed_squares(m, man.1);
            self.en_passant_victim = Some(m.to);
        }
        if was_promoted && m.kind != FairyMoveKind::Castle {
            self.promoted.insert(m.to);
        }
        let blasted = if before.rules.blast && before.is_capture(m) {
            self.explode(m.to)
        } else {
            G::Set::EMPTY
        };
        let touched = blasted.with(m.from).with(m.to);
        let layout = &before.rules.castle_layout;
        if (touched & layout.corners).any() && self.castling.iter().any(|&right| right) {
            for (i, names) in layout.squares.iter().enumerate() {
                let [kf, _, rf, _] = *names;
                if touched.contains(kf) || touched.contains(rf) {
                    self.castling[i] = false;
                }
            }
        }
        let irreversible = || {
            let moves = &before.rules.kinds[man.1 as usize].moves;
            !moves
                .reach(Reach::Quiet, us, m.to, G::Set::EMPTY)
                .contains(m.from)
        };
        Some(
            before.is_capture(m)
                || matches!(
                    m.kind,
                    FairyMoveKind::Promotion(_) | FairyMoveKind::PiecePromotion(_)
                )
                || (has_kind(before.rules.n_move_kinds, man.1) && irreversible()),
        )
    }

    /// A capture's explosion on `at`: the piece there and every piece but
    /// pawns next to it go, save the immune kinds. Returns the squares.
    fn explode(&mut self, at: G::Sq) -> G::Set {
        let mut blasted = G::Set::EMPTY;
        for sq in G::neighbours(at).with(at) {
            let Some((color, kind)) = self.piece_at(sq) else {
                continue;
            };
            let pawn = sq != at && Some(kind) == self.rules.pawn;
            if !pawn && !has_kind(self.rules.blast_immune, kind) {
                if self.rules.captures_to_hand {
                    // As Fairy-Stockfish has it, every piece blown up goes
                    // to its opponent's hand, the capturing piece too.
                    let back = match self.unpromoted.as_ref()[sq.index()] {
                        NOT_PROMOTED if self.promoted.contains(sq) && !self.rules.drop_loop => {
                            self.rules.pawn.unwrap_or(kind)
                        }
                        NOT_PROMOTED => kind,
                        from => from,
                    };
                    let count = &mut self.hands[color.other().index()][back as usize];
                    *count = count.saturating_add(1);
                }
                self.promoted.remove(sq);
                self.take(sq);
                blasted.insert(sq);
            }
        }
        blasted
    }

    /// The squares a double step or initial move leaves open to en
    /// passant, as Fairy-Stockfish marks them: the pawn's passed squares
    /// when an enemy can take there (or the enemy has other en passant
    /// kinds); another kind's passed squares and its own, always.
    fn passed_squares(&self, m: FairyMove<G>, kind: u8) -> G::Set {
        let them = self.turn.other();
        let region = self.rules.en_passant_region[them.index()];
        if Some(kind) != self.rules.pawn {
            return (G::between(m.from, m.to) | G::Set::from_square(m.to)) & region;
        }
        let pawn_only = self.rules.pawn.map_or(0, |k| 1 << k);
        let others_take = self.rules.en_passant_kinds[them.index()] & !pawn_only != 0;
        let occupied = self.occupied().without(m.from).with(m.to);
        let takers = self.pieces_of(them, kind);
        let pawn = &self.rules.kinds[kind as usize].moves;
        let mut out = G::Set::EMPTY;
        for sq in G::between(m.from, m.to) & region {
            if others_take || (pawn.reach(Reach::Capture, self.turn, sq, occupied) & takers).any() {
                out.insert(sq);
            }
        }
        out
    }

    /// A castling written king to rook (where the king's own step would
    /// read the same) as the king's step to its castling square; any
    /// other move as it is.
    fn castle_as_king_step(&self, m: FairyMove<G>) -> FairyMove<G> {
        if m.kind != FairyMoveKind::Castle {
            return m;
        }
        let squares = self.rules.castle_layout.squares;
        match squares.iter().find(|c| c[0] == m.from && c[2] == m.to) {
            Some(c) => FairyMove { to: c[1], ..m },
            None => m,
        }
    }

    fn castle(&mut self, m: FairyMove<G>, king: Man) {
        let layout = &self.rules.castle_layout;
        let squares = layout
            .squares
            .iter()
            .find(|c| c[0] == m.from && c[1] == m.to)
            .copied();
        // The rook leaves first: on a narrow board the king may land on
        // its square (d1 to f1, the rook from f1 to e1).
        let rook = squares.and_then(|names| Some((names[3], self.take(names[2])?)));
        self.put(m.to, king);
        if let Some((to, rook)) = rook {
            self.put(to, rook);
        }
    }
}

impl<G: Grid> FairyPosition<G> {
    /// The castling rights a piece just dropped on `to` gains
    /// (`castlingDroppedPiece`), as Fairy-Stockfish has it: a king on its
    /// castling square gains those of the castling rooks standing in
    /// their corners; a castling rook in its corner gains its own while
    /// the king stands on its square.
    /// Called on the position being made, before its turn passes.
    fn castle_with_dropped(&mut self, to: G::Sq, kind: u8) {
        let us = self.turn;
        let rules = Arc::clone(&self.rules);
        let Some(king) = rules.castling_king.filter(|_| rules.castling) else {
            return;
        };
        let first = us.fold(0, 2);
        for i in first..first + 2 {
            let [kf, _, rf, _] = rules.castle_layout.squares[i];
            let rook_home = matches!(self.piece_at(rf), Some((c, k))
                if c == us && has_kind(rules.castling_rooks, k));
            let king_home = self.piece_at(kf) == Some((us, king));
            let dropped_here =
                (kind == king && to == kf) || (has_kind(rules.castling_rooks, kind) && to == rf);
            if dropped_here && rook_home && king_home {
                self.castling[i] = true;
            }
        }
    }
}
