//! Which squares a side attacks, and whether its royal king or
//! pseudo-royal pieces stand attacked.

use super::FairyPosition;
use crate::core::betza::Reach;
use crate::core::grid::{Grid, GridSet};
use crate::core::Color;
use crate::fairy::has_kind;

impl<G: Grid> FairyPosition<G> {
    /// Whether a piece of `by` attacks `target`: each kind's captures
    /// read backwards from the target where they can be, else from each
    /// piece of the kind.
    pub fn attacked(&self, target: G::Sq, by: Color) -> bool {
        self.attacked_with(target, by, self.occupied(), self.by_color[by.index()], None)
    }

    /// [`Self::attacked`] with `occupied` on the board and `by`'s pieces
    /// only those in `pieces`: the board as a move would leave it.
    pub(super) fn attacked_with(
        &self,
        target: G::Sq,
        by: Color,
        occupied: G::Set,
        pieces: G::Set,
        landed: Option<(u8, G::Sq)>,
    ) -> bool {
        let (landed_kind, landed_on) = match landed {
            Some((k, sq)) => (k as usize, G::Set::from_square(sq)),
            None => (usize::MAX, G::Set::EMPTY),
        };
        self.rules.kinds.iter().enumerate().any(|(i, kind)| {
            let mut theirs = self.by_kind[i] & pieces;
            if i == landed_kind {
                theirs |= landed_on;
            }
            if theirs.is_empty() {
                false
            } else if kind.reversible {
                // Attackers stand where the kind reaches backwards on an
                // empty board; the pieces in the way need only be asked then.
                (kind.moves.empty_board_captures(by.other(), target) & theirs).any()
                    && (kind
                        .moves
                        .reach(Reach::Capture, by.other(), target, occupied)
                        & theirs)
                        .any()
            } else {
                theirs.any_square(|from| {
                    kind.moves.empty_board_captures(by, from).contains(target)
                        && kind
                            .moves
                            .reach(Reach::Capture, by, from, occupied)
                            .contains(target)
                })
            }
        })
    }

    /// Whether `side`'s royal king is attacked.
    pub fn in_check(&self, side: Color) -> bool {
        let Some(king) = self.rules.king else {
            return false;
        };
        self.pieces_of(side, king)
            .any_square(|sq| self.attacked(sq, side.other()))
    }

    /// The pieces of `by` that attack `target`.
    pub(super) fn attackers(&self, target: G::Sq, by: Color) -> G::Set {
        let mut out = G::Set::EMPTY;
        for from in self.by_color[by.index()] {
            if let Some((_, kind)) = self.piece_at(from) {
                let moves = &self.rules.kinds[kind as usize].moves;
                if moves
                    .reach(Reach::Capture, by, from, self.occupied())
                    .contains(target)
                {
                    out.insert(from);
                }
            }
        }
        out
    }

    /// `side`'s pseudo-royal pieces: those of an extinction kind it
    /// cannot lose without losing.
    pub(super) fn pseudo_royals(&self, side: Color) -> G::Set {
        let Some(ext) = self.rules.extinction.as_ref().filter(|e| e.pseudo_royal) else {
            return G::Set::EMPTY;
        };
        (0..self.rules.kinds.len() as u8)
            .filter(|&k| has_kind(ext.kinds, k))
            .map(|k| self.pieces_of(side, k))
            .filter(|pieces| pieces.count() <= ext.count.saturating_add(1))
            .fold(G::Set::EMPTY, |all, pieces| all | pieces)
    }

    /// Whether one of `side`'s pseudo-royal pieces is attacked.
    pub(in crate::fairy) fn pseudo_royal_attacked(&self, side: Color) -> bool {
        self.pseudo_royals(side)
            .any_square(|sq| self.attacked(sq, side.other()))
    }
}
