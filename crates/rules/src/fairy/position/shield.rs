//! What keeps the mover's royal pieces safe at a node ([`Shield`]): the
//! enemy lines towards them, so that most moves are known legal without
//! being tried.

use super::{FairyMove, FairyMoveKind, FairyPosition};
use crate::core::betza::Reach;
use crate::core::grid::{Grid, GridSet, GridSquare};
use crate::core::Color;

/// The squares a ride from `a` to `b` passes: the steps of the smallest
/// whole step between them (rook and bishop lines from the table).
pub(super) fn straight_path<G: Grid>(a: G::Sq, b: G::Sq) -> G::Set {
    G::line_between(a, b).unwrap_or_else(|| steps_between::<G>(a, b))
}

/// The squares from `a` towards `b` by the smallest whole step between
/// them, neither end included.
fn steps_between<G: Grid>(a: G::Sq, b: G::Sq) -> G::Set {
    let (dx, dy) = (b.file() - a.file(), b.rank() - a.rank());
    let gcd = {
        let (mut x, mut y) = (dx.unsigned_abs(), dy.unsigned_abs());
        while y != 0 {
            (x, y) = (y, x % y);
        }
        x.max(1) as i8
    };
    let step = (dx / gcd, dy / gcd);
    let mut out = G::Set::EMPTY;
    let mut at = a.offset(step.0, step.1);
    while let Some(sq) = at.filter(|&s| s != b) {
        out.insert(sq);
        at = sq.offset(step.0, step.1);
    }
    out
}

/// The squares a line move from `a` to `b` passes: the steps of the
/// smallest whole step between them, and a lame leap's leg.
fn path_between<G: Grid>(a: G::Sq, b: G::Sq) -> G::Set {
    let (dx, dy) = (b.file() - a.file(), b.rank() - a.rank());
    let mut out = steps_between::<G>(a, b);
    // A lame leap's leg: the squares beside the straight way.
    for sq in G::all() {
        let (fx, fy) = (sq.file() - a.file(), sq.rank() - a.rank());
        let inside = |v: i8, d: i8| {
            if d >= 0 {
                (0..=d).contains(&v)
            } else {
                (d..=0).contains(&v)
            }
        };
        if dx.abs() <= 3 && dy.abs() <= 3 && inside(fx, dx) && inside(fy, dy) && sq != a && sq != b
        {
            out.insert(sq);
        }
    }
    out
}

/// What keeps the mover's royal pieces safe at a node: a move by
/// another piece can uncover one only from a square on an enemy line
/// towards it, and (with hoppers or lame leapers about) also by landing
/// on one. Where checks are not allowed, the same for the enemy king.
#[derive(Clone, Copy)]
pub(super) struct Shield<G: Grid> {
    /// The mover's royal and pseudo-royal pieces.
    pub(super) royals: G::Set,
    /// The squares on enemy capture lines towards them.
    pub(super) lines: G::Set,
    /// A piece on those lines hops or leaps lamely, so a piece landing
    /// on a line matters too.
    pub(super) hoppers: bool,
    /// Promotions may make a new pseudo-royal piece: always tried.
    pub(super) try_promotions: bool,
    /// The enemy king and the lines towards it, when no move may check.
    pub(super) watch: Option<(G::Sq, G::Set, bool)>,
    /// Captures explode: they are always tried.
    pub(super) blast: bool,
    /// One royal piece, attacked only along rides (no hoppers, no
    /// explosions, no new royal pieces): a piece on a line is pinned
    /// only when it alone stands between, and may move along it.
    pub(super) pins: bool,
}

impl<G: Grid> Shield<G> {
    /// Whether `m` may blow pieces up, or changes more than its own
    /// piece's square (so that with explosions it is always tried).
    pub(super) fn explodes(pos: &FairyPosition<G>, m: FairyMove<G>) -> bool {
        pos.is_capture(m)
            || matches!(
                m.kind,
                FairyMoveKind::Castle
                    | FairyMoveKind::Promotion(_)
                    | FairyMoveKind::PiecePromotion(_)
                    | FairyMoveKind::Drop(_)
            )
    }

    /// Whether every drop is surely legal: no royal piece is attacked
    /// (else there is no shield), and a piece put down takes nothing and
    /// opens no line, so only a hopper's new screen, an explosion or a
    /// forbidden check could make one illegal.
    #[inline]
    pub(super) fn spares_drops(self) -> bool {
        !self.hoppers && !self.blast && self.watch.is_none()
    }

    /// Whether `m` is surely legal without being tried.
    pub(super) fn spares(self, pos: &FairyPosition<G>, m: FairyMove<G>) -> bool {
        if matches!(m.kind, FairyMoveKind::Drop(_)) && self.spares_drops() {
            return true;
        }
        let on = |lines: G::Set, hoppers: bool| {
            lines.contains(m.from) || (hoppers && lines.contains(m.to))
        };
        if self.royals.contains(m.from)
            || matches!(
                m.kind,
                FairyMoveKind::EnPassant | FairyMoveKind::Castle | FairyMoveKind::Pass
            )
            || on(self.lines, self.hoppers)
            || (self.try_promotions
                && matches!(
                    m.kind,
                    FairyMoveKind::Promotion(_) | FairyMoveKind::PiecePromotion(_)
                ))
            || (self.blast && Shield::explodes(pos, m))
        {
            return false;
        }
        let Some((king, lines, hoppers)) = self.watch else {
            return true;
        };
        let kind = match (m.kind, pos.piece_at(m.from)) {
            (
                FairyMoveKind::Promotion(k)
                | FairyMoveKind::PiecePromotion(k)
                | FairyMoveKind::Drop(k),
                _,
            )
            | (_, Some((_, k))) => k,
            _ => return false,
        };
        let moves = &pos.rules.kinds[kind as usize].moves;
        if on(lines, hoppers) || !moves.empty_board_captures(pos.turn, m.to).contains(king) {
            return !on(lines, hoppers);
        }
        let occupied = pos.occupied().without(m.from).with(m.to);
        !moves
            .reach(Reach::Capture, pos.turn, m.to, occupied)
            .contains(king)
    }
}

impl<G: Grid> FairyPosition<G> {
    /// What keeps the mover's royal pieces safe now, when that lets
    /// most moves be known legal without trying them; `None` when every
    /// move must be tried (a royal piece attacked, several enemy kings).
    /// [`Self::shield`], with the flying general where the variant has
    /// it: a piece between the kings on a file or rank is held there as
    /// by a pin, so its moves are tried rather than spared.
    #[inline(always)]
    pub(super) fn spared_by_shield(&self) -> Option<Shield<G>> {
        if self.rules.flying_general {
            return self.between_generals();
        }
        self.shield()
    }

    /// The shield with the squares between the kings among its lines
    /// (when they share a file or rank), and no pins taken as the only
    /// ones.
    #[inline(never)]
    fn between_generals(&self) -> Option<Shield<G>> {
        let mut shield = self.shield()?;
        let (us, them) = (self.turn, self.turn.other());
        let kings = (
            self.royal_kings(us).single(),
            self.royal_kings(them).single(),
        );
        if let (Some(a), Some(b)) = kings {
            if a.file() == b.file() || a.rank() == b.rank() {
                let between = G::between(a, b);
                shield.lines |= between;
                shield.pins &= between.is_empty();
            }
        }
        Some(shield)
    }

    fn shield(&self) -> Option<Shield<G>> {
        let rules = &self.rules;
        let (us, them) = (self.turn, self.turn.other());
        let royals = self.royal_kings(us) | self.pseudo_royals(us);
        let (lines, hoppers) = self.unattacked_lines(royals, them)?;
        let watch = match (rules.checking, self.royal_kings(them)) {
            (true, _) => None,
            (false, k) if k.is_empty() => None,
            (false, k) => {
                let king = k.single()?;
                let (lines, hoppers) = self.lines_towards(k, us);
                Some((king, lines, hoppers))
            }
        };
        let try_promotions = rules.extinction.as_ref().is_some_and(|e| e.pseudo_royal);
        Some(Shield {
            royals,
            lines,
            hoppers,
            try_promotions,
            watch,
            blast: rules.blast,
            pins: !hoppers
                && !rules.blast
                && !try_promotions
                && !rules.makpong
                && royals.single().is_some(),
        })
    }

    /// [`Self::lines_towards`] when no piece of `by` attacks `targets`,
    /// found in the same pass over `by`'s kinds; `None` when one does.
    fn unattacked_lines(&self, targets: G::Set, by: Color) -> Option<(G::Set, bool)> {
        let (mut lines, mut hoppers) = (G::Set::EMPTY, false);
        let occupied = self.occupied();
        for (i, k) in self.rules.kinds.iter().enumerate() {
            let theirs = self.by_kind[i] & self.by_color[by.index()];
            if theirs.is_empty() {
                continue;
            }
            let along = k.moves.captures_along_lines();
            for target in targets {
                let near = match k.reversible {
                    true => k.moves.empty_board_captures(by.other(), target) & theirs,
                    false => theirs.into_iter().fold(G::Set::EMPTY, |near, from| {
                        match k.moves.empty_board_captures(by, from).contains(target) {
                            true => near.with(from),
                            false => near,
                        }
                    }),
                };
                if near.is_empty() {
                    continue;
                }
                let attacks = match k.reversible {
                    true => {
                        (k.moves.reach(Reach::Capture, by.other(), target, occupied) & near).any()
                    }
                    false => near.any_square(|from| {
                        k.moves
                            .reach(Reach::Capture, by, from, occupied)
                            .contains(target)
                    }),
                };
                if attacks {
                    return None;
                }
                if along {
                    for from in near {
                        lines |= match k.reversible {
                            true => straight_path::<G>(from, target),
                            false => path_between::<G>(from, target),
                        };
                    }
                    hoppers |= k.hops;
                }
            }
        }
        Some((lines, hoppers))
    }

    /// The squares on `by`'s capture lines towards `targets`, and whether
    /// any such piece hops or leaps lamely (so a piece landing there
    /// matters too).
    fn lines_towards(&self, targets: G::Set, by: Color) -> (G::Set, bool) {
        let (mut lines, mut hoppers) = (G::Set::EMPTY, false);
        for (i, k) in self.rules.kinds.iter().enumerate() {
            let theirs = self.by_kind[i] & self.by_color[by.index()];
            if theirs.is_empty() || !k.moves.captures_along_lines() {
                continue;
            }
            let mut add = |from: G::Sq, target: G::Sq| {
                // Only lame leaps have legs beside the straight way.
                lines |= match k.reversible {
                    true => straight_path::<G>(from, target),
                    false => path_between::<G>(from, target),
                };
                hoppers |= k.hops;
            };
            if k.reversible {
                // Only pieces that reach a target on an empty board.
                for target in targets {
                    for from in k.moves.empty_board_captures(by.other(), target) & theirs {
                        add(from, target);
                    }
                }
            } else {
                for from in theirs {
                    for target in k.moves.empty_board_captures(by, from) & targets {
                        add(from, target);
                    }
                }
            }
        }
        (lines, hoppers)
    }
}
