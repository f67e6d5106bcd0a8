//! Which pseudo-legal moves are legal: royal pieces left safe, checks
//! where none may be given, makpong and explosions, and why a move the
//! piece could make is refused.

use super::shield::Shield;
use super::{FairyMove, FairyMoveKind, FairyPosition};
use crate::core::grid::{Grid, GridSet};
use crate::core::Color;
use crate::fairy::{has_kind, KindSet};

/// Why a move the piece could make is not legal now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FairyRefusal {
    /// No move of the piece goes there now (a piece in the way, no
    /// piece to hop over).
    NotAMove,
    /// It would leave a royal piece of the mover attacked.
    LeavesRoyalAttacked,
    /// It would give check where no move may.
    GivesCheck,
    /// A capture must be made, and it is none.
    MustCapture,
    /// A piece in hand must be dropped (`mustDrop`), and this is a move.
    MustDrop,
    /// It would leave the kings facing each other (`flyingGeneral`).
    GeneralsFace,
}

/// Why a castling is not a legal move now, for an explanation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastleRefusal<Sq> {
    /// The right is gone (or the variant does not castle).
    NoRight,
    /// A square the king or the rook crosses or lands on is taken.
    Occupied(Sq),
    /// The king is in check.
    InCheck,
    /// The king would pass or land on this attacked square.
    Attacked(Sq),
    /// Castled, the king would be in check all the same (a Chess960 rook
    /// that shielded it along the rank moves away).
    ExposesKing,
}

impl<G: Grid> FairyPosition<G> {
    /// Why castling `i` (White's king side, queen side, Black's king
    /// side, queen side) is not a legal move now; `None` when it is.
    pub fn castle_refusal(&self, i: usize) -> Option<CastleRefusal<G::Sq>> {
        let us = self.turn;
        let layout = &self.rules.castle_layout;
        let king = self.rules.castling_king.filter(|_| self.rules.castling);
        let (Some(king), Some(names)) = (king, layout.squares.get(i)) else {
            return Some(CastleRefusal::NoRight);
        };
        let [kf, _, rf, _] = *names;
        let rook_home = matches!(self.piece_at(rf), Some((c, k))
            if c == us && has_kind(self.rules.castling_rooks, k));
        let side_of = if i < 2 { Color::White } else { Color::Black };
        if side_of != us || !self.castling[i] || self.piece_at(kf) != Some((us, king)) || !rook_home
        {
            return Some(CastleRefusal::NoRight);
        }
        let [crossed, walked] = layout.spans[i];
        if let Some(sq) = (crossed & self.occupied()).into_iter().next() {
            return Some(CastleRefusal::Occupied(sq));
        }
        let royal = self.rules.king == Some(king)
            || (self.pseudo_royals(us) & self.pieces_of(us, king)).any();
        if self.rules.king == Some(king) && self.in_check(us) {
            return Some(CastleRefusal::InCheck);
        }
        if let Some(sq) = walked
            .into_iter()
            .find(|&sq| royal && self.unsafe_for_castling(sq, us))
        {
            return Some(CastleRefusal::Attacked(sq));
        }
        let mut moves = Vec::new();
        self.castles(&mut moves);
        let castle = moves
            .into_iter()
            .find(|m| m.from == kf && (m.to == rf || m.to == names[1]));
        match castle {
            Some(m) if self.is_legal(m) => None,
            _ => Some(CastleRefusal::ExposesKing),
        }
    }

    /// Why no legal move goes from `from` to `to` though the piece there
    /// may move so: what an explanation of a refused move says.
    pub fn refusal(&self, from: G::Sq, to: G::Sq) -> FairyRefusal {
        let mut pseudo = Vec::new();
        if self.variant_end().is_none() {
            self.pseudo_moves(&mut pseudo);
        }
        pseudo.retain(|m| m.from == from && m.to == to);
        if pseudo.is_empty() {
            return FairyRefusal::NotAMove;
        }
        let facing = |m: &FairyMove<G>| self.rules.flying_general && self.generals_face_after(*m);
        if pseudo.iter().all(facing) {
            return FairyRefusal::GeneralsFace;
        }
        if pseudo.iter().any(|&m| self.is_legal(m)) {
            // Legal but for a rule of the whole list: a drop is due, or
            // only captures are kept.
            if self.must_drop().is_some() {
                return FairyRefusal::MustDrop;
            }
            return FairyRefusal::MustCapture;
        }
        if !self.rules.checking && pseudo.iter().any(|&m| self.gives_check(m)) {
            return FairyRefusal::GivesCheck;
        }
        FairyRefusal::LeavesRoyalAttacked
    }

    /// The legal moves: none once the game has ended by the variant's
    /// own rules.
    pub fn legal_moves(&self) -> Vec<FairyMove<G>> {
        let mut moves = Vec::new();
        self.legal_moves_into(&mut moves);
        moves
    }

    /// [`Self::legal_moves`] into `moves`, emptied first, so that a
    /// search can keep one buffer per ply.
    pub fn legal_moves_into(&self, moves: &mut Vec<FairyMove<G>>) {
        moves.clear();
        if self.variant_end().is_some() {
            return;
        }
        self.board_moves(moves);
        let shield = self.spared_by_shield();
        let legal = |m: FairyMove<G>| shield.is_some_and(|s| s.spares(self, m)) || self.is_legal(m);
        moves.retain(|&m| legal(m));
        let listed = moves.len();
        self.drops(moves);
        if !shield.is_some_and(|s| s.spares_drops()) {
            let mut kept = listed;
            for i in listed..moves.len() {
                if legal(moves[i]) {
                    moves[kept] = moves[i];
                    kept += 1;
                }
            }
            moves.truncate(kept);
        }
        if self.rules.must_capture && moves.iter().any(|&m| self.is_capture(m)) {
            moves.retain(|&m| self.is_capture(m));
        }
        if let Some(kinds) = self.must_drop() {
            // Other drops go, and board moves while such a drop stands.
            let dropped = |m: &FairyMove<G>| match m.kind {
                FairyMoveKind::Drop(k) | FairyMoveKind::PromotedDrop(k) => Some(k),
                _ => None,
            };
            moves.retain(|m| dropped(m).is_none_or(|k| has_kind(kinds, k)));
            if moves.iter().any(|m| dropped(m).is_some()) {
                moves.retain(|m| dropped(m).is_some());
            }
        }
        let passing = |m: &FairyMove<G>| m.kind == FairyMoveKind::Pass;
        if self.rules.pass_on_stalemate[self.turn.index()] && moves.iter().any(|m| !passing(m)) {
            moves.retain(|m| !passing(m));
        }
    }

    /// The kinds the side to move must drop (`mustDrop`), when it holds
    /// any of them.
    pub fn must_drop(&self) -> Option<KindSet> {
        let kinds = self.rules.must_drop;
        if kinds == 0 {
            return None;
        }
        let hand = &self.hands[self.turn.index()];
        let holds = hand
            .iter()
            .enumerate()
            .any(|(k, &n)| n > 0 && has_kind(kinds, k as u8));
        holds.then_some(kinds)
    }

    /// Whether `m` takes a piece.
    pub fn is_capture(&self, m: FairyMove<G>) -> bool {
        match m.kind {
            FairyMoveKind::EnPassant => true,
            FairyMoveKind::Castle | FairyMoveKind::Pass => false,
            _ => self.piece_at(m.to).is_some(),
        }
    }

    /// A pseudo-legal move is legal when it leaves no royal king or
    /// pseudo-royal piece of the mover attacked, where checks are not
    /// allowed gives none, and under makpong moves a king in check only
    /// to take its one checker.
    pub(super) fn is_legal(&self, m: FairyMove<G>) -> bool {
        self.is_legal_but_generals(m) && !(self.rules.flying_general && self.generals_face_after(m))
    }

    /// [`Self::is_legal`] but for the flying general.
    #[inline(always)]
    fn is_legal_but_generals(&self, m: FairyMove<G>) -> bool {
        let us = self.turn;
        let king_moves = self
            .rules
            .king
            .is_some_and(|k| self.piece_at(m.from) == Some((us, k)));
        if self.rules.makpong && king_moves {
            let checkers = self.attackers(m.from, us.other());
            if checkers.any() && checkers != G::Set::from_square(m.to) {
                return false;
            }
        }
        if self.rules.blast {
            return self.blast_leaves_royals_safe(m);
        }
        if !matches!(m.kind, FairyMoveKind::Castle | FairyMoveKind::Pass)
            && self
                .rules
                .extinction
                .as_ref()
                .is_none_or(|e| !e.pseudo_royal)
        {
            return self.leaves_king_safe(m, king_moves)
                && (self.rules.checking || !self.gives_check(m));
        }
        let next = self.played(m);
        let safe = match m.kind {
            // As Fairy-Stockfish has it, the pieces royal before a
            // shogi-style promotion stay so, the mover following its
            // piece, and the promoted piece does not become royal.
            FairyMoveKind::PiecePromotion(_) => {
                let mut royals = self.pseudo_royals(us);
                if royals.contains(m.from) {
                    royals = royals.without(m.from).with(m.to);
                }
                !royals.any_square(|sq| next.attacked(sq, us.other()))
            }
            _ => !next.pseudo_royal_attacked(us),
        };
        !next.in_check(us) && safe && (self.rules.checking || !next.in_check(us.other()))
    }

    /// Whether `m` leaves the kings facing each other (`flyingGeneral`,
    /// which forbids it: asked of the moves listed, apart from the other
    /// legality tests, so that other variants pay nothing for it).
    #[inline(never)]
    pub(super) fn generals_face_after(&self, m: FairyMove<G>) -> bool {
        let (us, Some(king)) = (self.turn, self.rules.king) else {
            return false;
        };
        if !matches!(m.kind, FairyMoveKind::Normal | FairyMoveKind::Pass) {
            return self.played(m).kings_face(us);
        }
        // A plain move changes two squares: worked out without playing it.
        let occupied = self.occupied().without(m.from).with(m.to);
        let theirs = self.pieces_of(us.other(), king).without(m.to);
        let ours = self.pieces_of(us, king);
        let ours = if ours.contains(m.from) {
            ours.without(m.from).with(m.to)
        } else {
            ours
        };
        ours.any_square(|sq| (G::rook_attacks(sq, occupied) & theirs).any())
    }

    /// Whether `side`'s royal king sees the enemy's along a file or rank
    /// with nothing between (`flyingGeneral`: the side that moved may not
    /// leave them so).
    fn kings_face(&self, side: Color) -> bool {
        let theirs = self.royal_kings(side.other());
        self.royal_kings(side)
            .any_square(|sq| (G::rook_attacks(sq, self.occupied()) & theirs).any())
    }

    /// Legality where captures explode: no royal piece of the mover may
    /// be blown up; blowing up an enemy royal piece wins whatever else;
    /// else none of the mover's royal pieces may be left attacked, but
    /// one touching an enemy royal piece cannot be taken (the taker
    /// would blow up its own).
    fn blast_leaves_royals_safe(&self, m: FairyMove<G>) -> bool {
        let (us, them) = (self.turn, self.turn.other());
        let theirs = self.royal_kings(them) | self.pseudo_royals(them);
        if m.kind == FairyMoveKind::Castle {
            // The king and the rook both move (and the king's square is
            // not `m.to` when written king to rook); nothing blows up.
            let next = self.played(m);
            let ours = next.royal_kings(us) | next.pseudo_royals(us);
            return !ours.any_square(|sq| {
                (G::neighbours(sq) & theirs).is_empty() && next.attacked(sq, them)
            });
        }
        let mut ours = self.royal_kings(us) | self.pseudo_royals(us);
        if ours.contains(m.from) {
            ours = ours.without(m.from).with(m.to);
        }
        if ours.is_empty() {
            return true;
        }
        if !Shield::explodes(self, m) {
            // Nothing blows up: only the squares of the moving piece change.
            let occupied = self.occupied().without(m.from).with(m.to);
            let pieces = self.by_color[them.index()];
            return !ours.any_square(|sq| {
                (G::neighbours(sq) & theirs).is_empty()
                    && self.attacked_with(sq, them, occupied, pieces, None)
            });
        }
        let next = self.played(m);
        if (ours & !next.occupied()).any() {
            return false;
        }
        if (theirs & !next.occupied()).any() {
            return true;
        }
        !ours.any_square(|sq| (G::neighbours(sq) & theirs).is_empty() && next.attacked(sq, them))
    }

    /// Whether `m` leaves the enemy's royal king attacked, found from the
    /// squares it empties and fills without playing it.
    pub fn gives_check(&self, m: FairyMove<G>) -> bool {
        let us = self.turn;
        let Some(king) = self.rules.king else {
            return false;
        };
        let kings = self.pieces_of(us.other(), king).without(m.to);
        let Some(target) = kings.single() else {
            return kings.any() && self.played(m).in_check(us.other());
        };
        let moved = match (m.kind, self.piece_at(m.from)) {
            (
                FairyMoveKind::Promotion(k)
                | FairyMoveKind::PiecePromotion(k)
                | FairyMoveKind::Drop(k),
                _,
            ) => k,
            (FairyMoveKind::PromotedDrop(k), _) => {
                self.rules.promoted_kind[k as usize].unwrap_or(k)
            }
            (FairyMoveKind::PieceDemotion, Some((_, k))) => self.unpromoted_at(m.from).unwrap_or(k),
            (_, Some((_, k))) => k,
            _ => return false,
        };
        let (occupied, _) = self.board_after(m);
        let ours = self.by_color[us.index()].without(m.from);
        self.attacked_with(target, us, occupied, ours, Some((moved, m.to)))
    }

    /// The occupied squares after `m` (not castling) and the square of
    /// the piece it takes, found without playing it.
    fn board_after(&self, m: FairyMove<G>) -> (G::Set, G::Set) {
        let taken = match (m.kind, self.en_passant_victim) {
            (FairyMoveKind::EnPassant, Some(victim)) => G::Set::from_square(victim),
            _ => G::Set::from_square(m.to),
        };
        let occupied = (self.occupied().without(m.from) & !taken).with(m.to);
        (occupied, taken)
    }

    /// Whether the mover's royal king is unattacked after `m`, found from
    /// the squares it empties and fills without playing it.
    pub(super) fn leaves_king_safe(&self, m: FairyMove<G>, king_moves: bool) -> bool {
        let us = self.turn;
        let Some(king) = self.rules.king else {
            return true;
        };
        let kings = self.pieces_of(us, king);
        let target = if king_moves {
            m.to
        } else {
            match kings.single() {
                Some(sq) => sq,
                None => return kings.is_empty() || !self.played(m).in_check(us),
            }
        };
        let (occupied, taken) = self.board_after(m);
        let theirs = self.by_color[us.other().index()] & !taken;
        !self.attacked_with(target, us.other(), occupied, theirs, None)
    }
}
