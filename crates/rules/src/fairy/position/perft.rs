//! Perft, the reference count against Fairy-Stockfish: the last ply's
//! legal moves counted as sets where the shield spares them, without
//! being listed one by one.

use super::shield::{straight_path, Shield};
use super::{FairyMove, FairyMoveKind, FairyPosition};
use crate::core::grid::{Grid, GridSet};
use crate::fairy::has_kind;

/// Where a kind's pieces may go and what changes there, for counting.
#[derive(Clone, Copy)]
struct KindRegions<G: Grid> {
    /// Where it may move at all (`mobilityRegion`).
    allowed: G::Set,
    /// Where it may make its initial moves.
    initial: G::Set,
    /// Where it promotes.
    promotes: G::Set,
    /// Where it may make the pawn's double and triple steps.
    steps: G::Set,
}

impl<G: Grid> FairyPosition<G> {
    /// How many legal moves there are: what perft needs at its last ply.
    /// Where the shield spares all of a piece's moves they are counted
    /// as a set, without being listed; `scratch` holds the rest.
    pub fn legal_count(&self, scratch: &mut Vec<FairyMove<G>>) -> u64 {
        // Xiangqi's rules (facing kings, soldiers held back by the river)
        // are asked of every move.
        let shield = match self.spared_by_shield() {
            Some(s) if s.watch.is_none() => s,
            _ => {
                self.legal_moves_into(scratch);
                return scratch.len() as u64;
            }
        };
        let passes = self.rules.pass[self.turn.index()];
        if self.rules.must_capture || self.rules.drops || passes || self.variant_end().is_some() {
            self.legal_moves_into(scratch);
            return scratch.len() as u64;
        }
        scratch.clear();
        let mut count = 0;
        for kind in 0..self.rules.kinds.len() as u8 {
            if self.pieces_of(self.turn, kind).any() {
                count += self.count_kind(shield, kind, scratch);
            }
        }
        self.castles(scratch);
        count + self.count_listed(shield, scratch)
    }

    /// The legal moves among those listed in `scratch`, which is emptied.
    #[inline]
    fn count_listed(&self, shield: Shield<G>, scratch: &mut Vec<FairyMove<G>>) -> u64 {
        let legal = scratch
            .iter()
            .filter(|&&m| shield.spares(self, m) || self.is_legal(m));
        let n = legal.count() as u64;
        scratch.clear();
        n
    }

    /// The legal moves of the mover's pieces of `kind`, for
    /// [`Self::legal_count`].
    #[inline]
    fn count_kind(&self, shield: Shield<G>, kind: u8, scratch: &mut Vec<FairyMove<G>>) -> u64 {
        let (side, us) = (self.turn, self.turn.index());
        let rules = &self.rules;
        let k = &rules.kinds[kind as usize];
        let pieces = self.pieces_of(side, kind);
        if has_kind(rules.piece_promoters | rules.listed_kinds, kind) {
            // Shogi-style promotions, and moves a limit or immobility may
            // forbid, are listed and tried, move by move.
            for from in pieces {
                self.piece_moves(from, kind, scratch);
            }
            return self.count_listed(shield, scratch);
        }
        let plain = !k.has_initial
            && !has_kind(rules.promotion_pawns[us], kind)
            && rules.pawn != Some(kind)
            && !shield.hoppers
            && !shield.blast
            && (self.en_passant.is_empty() || !has_kind(rules.en_passant_kinds[us], kind));
        let allowed = rules.mobility_region[kind as usize][us];
        if plain {
            return self.count_plain(shield, kind, allowed, scratch);
        }
        let only = |yes: bool, region: G::Set| if yes { region } else { G::Set::EMPTY };
        let regions = KindRegions::<G> {
            allowed: rules.mobility_region[kind as usize][us],
            initial: only(k.has_initial, rules.double_step_region[us]),
            promotes: only(
                has_kind(rules.promotion_pawns[us], kind),
                rules.promotion_region[us],
            ),
            steps: only(
                rules.pawn == Some(kind),
                rules.double_step_region[us] | rules.triple_step_region[us],
            ),
        };
        let mut count = 0;
        let mut each = pieces;
        let many = k.moves.leap_count().is_some_and(|n| pieces.at_least(n));
        if many && !shield.hoppers && !shield.blast {
            // Leapers off every line to a royal piece, with no promotion
            // or initial move in reach, move as one set.
            let up = side.fold(1, -1);
            let promotes = regions.promotes;
            let near = match promotes.any() {
                true => {
                    k.moves.leaping_into(side, promotes)
                        | (G::shifted(promotes, 0, -2 * up) | G::shifted(promotes, 0, -3 * up))
                            & regions.steps
                }
                false => G::Set::EMPTY,
            };
            let free = pieces & !(shield.royals | shield.lines) & !regions.initial & !near;
            let empty = !self.occupied() & regions.allowed;
            let enemies = self.by_color[side.other().index()] & regions.allowed;
            if let Some(n) = k.moves.leaps_of_all(side, free, empty, enemies) {
                count += u64::from(n) + u64::from(self.step_count(free & regions.steps, kind));
                if self.en_passant.any() {
                    for from in free {
                        self.en_passant_captures(from, kind, scratch);
                    }
                    count += self.count_listed(shield, scratch);
                }
                each &= !free;
            }
        }
        for from in each {
            count += self.count_piece(shield, from, kind, regions, scratch);
        }
        count
    }

    /// [`Self::count_kind`] for a kind with no promotion, step, initial
    /// move or en passant: the pieces off every line to a royal piece
    /// have all their moves, counted in one tight loop.
    fn count_plain(
        &self,
        shield: Shield<G>,
        kind: u8,
        allowed: G::Set,
        scratch: &mut Vec<FairyMove<G>>,
    ) -> u64 {
        let side = self.turn;
        let moves = &self.rules.kinds[kind as usize].moves;
        let pieces = self.pieces_of(side, kind);
        let occupied = self.occupied();
        let enemies = self.by_color[side.other().index()];
        let risky = shield.royals | shield.lines;
        let mut count = 0;
        for from in pieces & !risky {
            let targets = moves.moves(side, from, occupied, enemies, false);
            count += u64::from((targets & allowed).count());
        }
        let regions = KindRegions::<G> {
            allowed,
            initial: G::Set::EMPTY,
            promotes: G::Set::EMPTY,
            steps: G::Set::EMPTY,
        };
        for from in pieces & risky {
            count += self.count_piece(shield, from, kind, regions, scratch);
        }
        count
    }

    /// The legal moves of the mover's piece of `kind` on `from`, for
    /// [`Self::legal_count`]: counted as a set where the shield spares
    /// them all, else listed and tried.
    #[inline]
    fn count_piece(
        &self,
        shield: Shield<G>,
        from: G::Sq,
        kind: u8,
        regions: KindRegions<G>,
        scratch: &mut Vec<FairyMove<G>>,
    ) -> u64 {
        let side = self.turn;
        let occupied = self.occupied();
        let enemies = self.by_color[side.other().index()];
        let moves = &self.rules.kinds[kind as usize].moves;
        let initial = regions.initial.contains(from);
        let targets = moves.moves(side, from, occupied, enemies, initial) & regions.allowed;
        let stepped = match regions.steps.contains(from) {
            true => self.step_targets(from, kind),
            false => G::Set::EMPTY,
        };
        let pinned = shield.lines.contains(from);
        let royal = shield.royals.contains(from);
        let promotes = ((targets | stepped) & regions.promotes).any();
        if royal && shield.pins && !promotes && Some(kind) == self.rules.king {
            return self.count_king(from, targets | stepped, scratch);
        }
        let listed = royal || promotes || (pinned && !shield.pins);
        if listed {
            self.piece_moves(from, kind, scratch);
            return self.count_listed(shield, scratch);
        }
        let (targets, stepped) = match pinned {
            true => {
                let allowed = self.pin_mask(from, shield.royals);
                (targets & allowed, stepped & allowed)
            }
            false => (targets, stepped),
        };
        let mut unsure = G::Set::EMPTY;
        if shield.hoppers {
            unsure |= shield.lines;
        }
        if shield.blast {
            unsure |= occupied;
        }
        let mut count = u64::from((targets & !unsure).count());
        if stepped.any() {
            count += u64::from((stepped & !unsure).count());
        }
        if unsure.any() {
            for to in (targets & unsure).into_iter().chain(stepped & unsure) {
                let m = FairyMove {
                    from,
                    to,
                    kind: FairyMoveKind::Normal,
                };
                count += u64::from(self.is_legal(m));
            }
        }
        if self.en_passant.any() {
            self.en_passant_captures(from, kind, scratch);
        }
        match scratch.is_empty() {
            true => count,
            false => count + self.count_listed(shield, scratch),
        }
    }

    /// The legal moves of the mover's one royal king on `from` going to
    /// `targets` (and en passant), each asked only whether its square is
    /// attacked.
    fn count_king(&self, from: G::Sq, targets: G::Set, scratch: &mut Vec<FairyMove<G>>) -> u64 {
        let mut count = 0;
        for to in targets {
            let m = FairyMove {
                from,
                to,
                kind: FairyMoveKind::Normal,
            };
            count += u64::from(self.leaves_king_safe(m, true));
        }
        if self.en_passant.any() {
            if let Some(kind) = self.rules.king {
                self.en_passant_captures(from, kind, scratch);
                for &m in scratch.iter() {
                    count += u64::from(self.is_legal(m));
                }
                scratch.clear();
            }
        }
        count
    }

    /// Where the mover's piece on `from` may go without uncovering its
    /// one royal piece `royal`: along the line of the rider it alone
    /// holds back, or anywhere. Only where [`Shield::pins`] holds.
    fn pin_mask(&self, from: G::Sq, royal: G::Set) -> G::Set {
        let Some(king) = royal.single() else {
            return G::Set::EMPTY;
        };
        let (us, them) = (self.turn, self.turn.other());
        let occupied = self.occupied();
        let mut allowed = G::Set::FULL;
        for (i, k) in self.rules.kinds.iter().enumerate() {
            let theirs = self.by_kind[i] & self.by_color[them.index()];
            // One-way kinds near the royal piece turn pins off (hoppers).
            if theirs.is_empty() || !k.moves.captures_along_lines() || !k.reversible {
                continue;
            }
            for a in k.moves.empty_board_captures(us, king) & theirs {
                let path = straight_path::<G>(a, king);
                if path.contains(from) && (path & occupied) == G::Set::from_square(from) {
                    allowed &= path.with(a);
                }
            }
        }
        allowed
    }

    /// The number of move sequences `depth` plies long.
    pub fn perft(&self, depth: u32) -> u64 {
        let mut plies: Vec<Ply<G>> = (0..depth)
            .map(|_| Ply {
                moves: Vec::with_capacity(64),
                next: self.clone(),
            })
            .collect();
        self.perft_with(&mut plies)
    }

    /// Perft to the depth of `plies`, one move buffer and position per ply.
    fn perft_with(&self, plies: &mut [Ply<G>]) -> u64 {
        let Some((Ply { moves, next }, deeper)) = plies.split_first_mut() else {
            return 1;
        };
        if deeper.is_empty() {
            return self.legal_count(moves);
        }
        self.legal_moves_into(moves);
        let mut total = 0;
        for &m in moves.iter() {
            next.copy_from(self);
            self.play_onto(m, next);
            total += next.perft_with(deeper);
        }
        total
    }
}

/// One ply of perft: its moves and the position after the one tried.
struct Ply<G: Grid> {
    moves: Vec<FairyMove<G>>,
    next: FairyPosition<G>,
}
