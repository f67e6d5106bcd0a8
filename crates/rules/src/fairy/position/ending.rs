//! How a game from data ends: the variant's own rules (extinction, the
//! flag, the checks given, passes, the counting and move-count rules),
//! then mate and stalemate as the variant values them.

use super::FairyPosition;
use crate::core::grid::{Grid, GridSet};
use crate::core::Color;
use crate::fairy::{has_kind, Verdict};

/// The rule that ended a game from data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FairyEnd {
    /// The side to move is in check with no move.
    Checkmate,
    /// The side to move has no move and is not in check.
    Stalemate,
    /// No move and not in check, decided by who has fewer pieces
    /// (`stalematePieceCount`).
    PieceCount,
    /// A side has too few pieces of a kind (`extinctionValue`).
    Extinction,
    /// A piece reached its flag region (`flagRegion`).
    Flag,
    /// The last check was given (`checkCounting`).
    Checks,
    /// Too many moves without a capture or a pawn's move (`nMoveRule`).
    MoveRule,
    /// Both sides passed in a row.
    Passes,
    /// The count of a counting rule ran out (`countingRule`).
    Counting,
    /// Mated by a pawn just dropped where that is forbidden
    /// (`shogiPawnDropMateIllegal`): the mated side wins.
    PawnDropMate,
}

/// How a game from data ended, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FairyEnding {
    /// What the end means for the side to move.
    pub verdict: Verdict,
    /// The rule that ended it.
    pub why: FairyEnd,
}

impl<G: Grid> FairyPosition<G> {
    /// How the game has ended, for the side to move, or `None` while it
    /// goes on: the variant's own ends first, then no legal move.
    pub fn outcome(&self) -> Option<Verdict> {
        self.ending().map(|e| e.verdict)
    }

    /// [`Self::outcome`] with the rule that ended the game.
    pub fn ending(&self) -> Option<FairyEnding> {
        let has_moves = self.variant_end().is_none() && !self.legal_moves().is_empty();
        self.ending_given(has_moves)
    }

    /// [`Self::ending`] when it is known whether the side to move has a
    /// legal move (a caller that listed them need not list them again).
    pub fn ending_given(&self, has_moves: bool) -> Option<FairyEnding> {
        if let Some(end) = self.variant_ending() {
            return Some(end);
        }
        let ended = |verdict, why| Some(FairyEnding { verdict, why });
        let mated = || !has_moves && self.in_check(self.turn);
        if self.count_ran_out() && !mated() {
            return ended(Verdict::Draw, FairyEnd::Counting);
        }
        let n_moves = self.rules.n_move_rule;
        // The n-move rule draws, unless the last move mated.
        if n_moves > 0 && self.halfmoves >= n_moves.saturating_mul(2) && !mated() {
            return ended(Verdict::Draw, FairyEnd::MoveRule);
        }
        if has_moves {
            return None;
        }
        if self.in_check(self.turn) {
            if self.mated_by_dropped_pawn() {
                return ended(Verdict::Win, FairyEnd::PawnDropMate);
            }
            return ended(self.rules.checkmate, FairyEnd::Checkmate);
        }
        if !self.rules.stalemate_piece_count {
            return ended(self.rules.stalemate, FairyEnd::Stalemate);
        }
        let count = |side: Color| self.by_color[side.index()].count();
        let verdict = match count(self.turn).cmp(&count(self.turn.other())) {
            std::cmp::Ordering::Equal => Verdict::Draw,
            std::cmp::Ordering::Less => self.rules.stalemate,
            std::cmp::Ordering::Greater => self.rules.stalemate.flipped(),
        };
        ended(verdict, FairyEnd::PieceCount)
    }

    /// An end by the variant's own rules (extinction, the flag, the last
    /// check), which leaves no move to play.
    pub fn variant_end(&self) -> Option<Verdict> {
        self.variant_ending().map(|e| e.verdict)
    }

    /// [`Self::variant_end`] with the rule that ended the game.
    fn variant_ending(&self) -> Option<FairyEnding> {
        let rules = &self.rules;
        if rules.extinction.is_none() && rules.flag.is_none() && !rules.check_counting {
            // Only the passes can end it (chess and most variants: never).
            return (self.passes >= 2).then_some(FairyEnding {
                verdict: Verdict::Draw,
                why: FairyEnd::Passes,
            });
        }
        let by = |why| move |verdict| FairyEnding { verdict, why };
        self.extinction_end()
            .map(by(FairyEnd::Extinction))
            .or_else(|| self.flag_end().map(by(FairyEnd::Flag)))
            .or_else(|| self.check_count_end().map(by(FairyEnd::Checks)))
            .or_else(|| {
                (self.passes >= 2)
                    .then_some(Verdict::Draw)
                    .map(by(FairyEnd::Passes))
            })
    }

    fn extinction_end(&self) -> Option<Verdict> {
        let blast = self.rules.blast;
        let ext = self
            .rules
            .extinction
            .as_ref()
            .filter(|e| !e.pseudo_royal || blast)?;
        let us = self.turn;
        for side in [us.other(), us] {
            let count = |c: Color, kind: Option<u8>| match kind {
                None => self.by_color[c.index()].count(),
                Some(k) => self.pieces_of(c, k).count(),
            };
            let kinds = (0..self.rules.kinds.len() as u8)
                .filter(|&k| has_kind(ext.kinds, k))
                .map(Some)
                .chain(ext.all_pieces.then_some(None));
            for kind in kinds {
                let needed = ext.opponent_count + u32::from(ext.claim && side == us);
                if count(side, kind) <= ext.count && count(side.other(), kind) >= needed {
                    return Some(if side == us {
                        ext.verdict
                    } else {
                        ext.verdict.flipped()
                    });
                }
            }
        }
        None
    }

    /// Whether `side` has reached its flag region, as Fairy-Stockfish
    /// counts it: enough pieces there (or the region full, where that
    /// wins), and, where they must be safe, none attacked when exactly
    /// enough stand there.
    fn flag_reached(&self, side: Color) -> bool {
        let Some(flag) = &self.rules.flag else {
            return false;
        };
        let Some(kind) = flag.kind[side.index()] else {
            return false;
        };
        let region = flag.region[side.index()];
        let inside = self.pieces_of(side, kind) & region;
        if inside.is_empty() {
            return false;
        }
        let n = inside.count();
        let full = flag.blocked_win && (region & !self.occupied()).is_empty();
        if n < flag.count && !full {
            return false;
        }
        let judged_safe = flag.safe && (!flag.flag_move || side == self.turn.other());
        if judged_safe && n == flag.count {
            return !inside.any_square(|sq| self.attacked(sq, side.other()));
        }
        true
    }

    fn flag_is_king(&self, side: Color) -> bool {
        let flag = self.rules.flag.as_ref();
        flag.is_some_and(|f| {
            f.kind[side.index()].is_some() && f.kind[side.index()] == self.rules.king
        })
    }

    fn flag_end(&self) -> Option<Verdict> {
        let flag = self.rules.flag.as_ref()?;
        let (us, them) = (self.turn, self.turn.other());
        // A side that reached it a move ago wins now where a flag waits
        // a move (flagMove) or must stay safe (flagPieceSafe).
        if (flag.flag_move || flag.safe) && self.flag_reached(us) {
            let racing = flag.flag_move && us == Color::White && self.flag_is_king(them);
            let both = (racing || (flag.safe && !flag.flag_move)) && self.flag_reached(them);
            return Some(if both { Verdict::Draw } else { Verdict::Win });
        }
        if (!flag.flag_move || flag.safe || self.flag_is_king(us)) && self.flag_reached(them) {
            let can_follow = flag.flag_move
                && self.flag_is_king(us)
                && us == Color::Black
                && !self.in_check(us)
                && self.king_can_reach_flag();
            return (!can_follow).then_some(Verdict::Loss);
        }
        None
    }

    /// Whether Black's king has a legal move into its flag region, to
    /// draw by reaching it right after White (racing kings).
    fn king_can_reach_flag(&self) -> bool {
        let (Some(flag), Some(king)) = (&self.rules.flag, self.rules.king) else {
            return false;
        };
        let mut moves = Vec::new();
        self.pseudo_moves(&mut moves);
        moves.into_iter().any(|m| {
            self.piece_at(m.from) == Some((self.turn, king))
                && flag.region[self.turn.index()].contains(m.to)
                && self.is_legal(m)
        })
    }

    fn check_count_end(&self) -> Option<Verdict> {
        let them = self.turn.other();
        (self.rules.check_counting && self.checks_left[them.index()] == 0).then_some(Verdict::Loss)
    }
}

impl<G: Grid> FairyPosition<G> {
    /// Whether the side to move, in check, is checked only by pawns of the
    /// kind whose drop may not mate (`shogiPawnDropMateIllegal`), and the
    /// last move was a drop: as Fairy-Stockfish has it, such a mate
    /// cannot be given, so the mated side wins.
    fn mated_by_dropped_pawn(&self) -> bool {
        let (Some(pawn), Some(king)) = (self.rules.pawn_drop_mate, self.rules.king) else {
            return false;
        };
        if !self.dropped_last {
            return false;
        }
        let us = self.turn;
        let Some(square) = self.pieces_of(us, king).single() else {
            return false;
        };
        let checkers = self.attackers(square, us.other());
        checkers.any() && (checkers & !self.pieces_of(us.other(), pawn)).is_empty()
    }
}
