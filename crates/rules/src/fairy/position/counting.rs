//! Makruk's and ASEAN chess's counting rules (`countingRule`), as
//! Fairy-Stockfish plays them (docs/rules.md, "Variants from data"): once
//! no pawn is left, the side to move that is to be mated gets a count of
//! plies, and the game is drawn when the count runs past its limit
//! before the mate.

use super::{FairyMove, FairyMoveKind, FairyPosition};
use crate::core::grid::{Grid, GridSet};
use crate::core::Color;
use crate::fairy::CountingRule;

impl<G: Grid> FairyPosition<G> {
    /// The count after `m`, played from `before`, made this position.
    pub(super) fn update_count(&mut self, before: &FairyPosition<G>, m: FairyMove<G>) {
        let Some(rule) = self.rules.counting else {
            return;
        };
        if self.counting_limit > 0 {
            self.counting_ply = self.counting_ply.saturating_add(1);
        }
        let mover = before.turn;
        let to_move = self.turn;
        let taken = before.victim_kind(m);
        let all = self.occupied().count();
        // A bare king that takes the last pawn counts at once (makruk).
        let pawn_taken = taken.is_some() && taken == self.rules.pawn;
        if rule != CountingRule::Asean && pawn_taken && self.side_count(mover) == 1 {
            if let Some(limit) = self.count_limit(rule, mover) {
                self.counting_limit = 2 * limit;
                self.counting_ply = (2 * all).saturating_sub(1);
            }
        }
        let promoted = matches!(m.kind, FairyMoveKind::Promotion(_));
        let bared = (taken.is_some() || promoted) && self.side_count(to_move) == 1;
        if self.counting_limit == 0 || bared {
            if let Some(limit) = self.count_limit(rule, to_move) {
                self.counting_limit = 2 * limit;
                self.counting_ply = if rule == CountingRule::Asean || self.side_count(to_move) > 1 {
                    0
                } else {
                    2 * all
                };
            }
        }
    }

    /// Whether the count has run past its limit.
    pub(super) fn count_ran_out(&self) -> bool {
        self.counting_limit > 0 && self.counting_ply > self.counting_limit
    }

    /// The count in moves `side` gets now, if any: the board's honour
    /// while it has more than its king, else the pieces' honour by what
    /// the other side has.
    fn count_limit(&self, rule: CountingRule, side: Color) -> Option<u32> {
        let other = side.other();
        let of = |name: &str| self.named_count(other, name);
        // Pawns on the board: nothing counts (asked on every move, so by
        // the pawn's own set before any kind is looked up by name).
        let pawns = self
            .rules
            .pawn
            .map_or(G::Set::EMPTY, |k| self.by_kind[usize::from(k)]);
        if pawns.any() {
            return None;
        }
        let limit = match rule {
            CountingRule::Makruk if self.side_count(other) == 1 => 0,
            CountingRule::Makruk if self.side_count(side) > 1 => 64,
            CountingRule::Makruk => match (of("rook"), of("silver"), of("knight")) {
                (r, _, _) if r > 1 => 8,
                (1, _, _) => 16,
                (_, s, _) if s > 1 => 22,
                (_, _, n) if n > 1 => 32,
                (_, 1, _) => 44,
                _ => 64,
            },
            CountingRule::Asean if self.side_count(side) > 1 => 0,
            CountingRule::Asean => match (of("rook"), of("silver"), of("knight")) {
                (r, _, _) if r > 0 => 16,
                (_, s, _) if s > 0 => 44,
                (_, _, n) if n > 0 => 64,
                _ => 0,
            },
        };
        (limit > 0).then_some(limit)
    }

    fn side_count(&self, side: Color) -> u32 {
        self.by_color[side.index()].count()
    }

    /// How many pieces `side` has of the kind Fairy-Stockfish calls `name`.
    fn named_count(&self, side: Color, name: &str) -> u32 {
        self.rules
            .kinds
            .iter()
            .position(|k| k.name == name)
            .map_or(0, |k| self.pieces_of(side, k as u8).count())
    }

    /// The kind `m` takes, if it is a capture.
    fn victim_kind(&self, m: FairyMove<G>) -> Option<u8> {
        let at = match m.kind {
            FairyMoveKind::EnPassant => self.en_passant_victim?,
            FairyMoveKind::Castle | FairyMoveKind::Drop(_) | FairyMoveKind::Pass => return None,
            _ => m.to,
        };
        self.piece_at(at).map(|(_, kind)| kind)
    }

    /// The count for the FEN: the limit in the en passant field's place
    /// and the plies counted in the halfmove clock's, as Fairy-Stockfish
    /// writes them.
    pub fn count(&self) -> Option<(u32, u32)> {
        (self.counting_limit > 0).then_some((self.counting_ply, self.counting_limit))
    }
}
