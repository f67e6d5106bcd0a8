//! Pseudo-legal move generation: each kind's Betza moves, the pawn's
//! steps, promotions, en passant, drops, castling and the pass.

use super::{FairyMove, FairyMoveKind, FairyPosition};
use crate::core::betza::Reach;
use crate::core::grid::{Grid, GridSet, GridSquare};
use crate::core::Color;
use crate::fairy::has_kind;

impl<G: Grid> FairyPosition<G> {
    pub(super) fn pseudo_moves(&self, out: &mut Vec<FairyMove<G>>) {
        self.board_moves(out);
        self.drops(out);
    }

    /// The pseudo-legal moves but drops: the pieces', castling and the
    /// pass.
    pub(super) fn board_moves(&self, out: &mut Vec<FairyMove<G>>) {
        for from in self.by_color[self.turn.index()] {
            if let Some((_, kind)) = self.piece_at(from) {
                self.piece_moves(from, kind, out);
            }
        }
        self.castles(out);
        self.pass(out);
    }

    /// The pass, where the variant allows it: the king stays on its
    /// square (the first piece stays, with no king).
    fn pass(&self, out: &mut Vec<FairyMove<G>>) {
        let us = self.turn;
        if !self.rules.pass[us.index()] {
            return;
        }
        let kings = self
            .rules
            .king
            .map_or(G::Set::EMPTY, |k| self.pieces_of(us, k));
        let stays = kings.first().or_else(|| self.by_color[us.index()].first());
        if let Some(sq) = stays {
            out.push(FairyMove {
                from: sq,
                to: sq,
                kind: FairyMoveKind::Pass,
            });
        }
    }

    /// Where the mover's piece of `kind` on `from` goes by its own moves
    /// (not the pawn's double steps or en passant), and which of those
    /// squares only its initial move reaches.
    fn targets(&self, from: G::Sq, kind: u8) -> (G::Set, G::Set) {
        let us = self.turn;
        let occupied = self.occupied();
        let enemies = self.by_color[us.other().index()];
        let moves = &self.rules.kinds[kind as usize].moves;
        let allowed = self.rules.mobility_region[kind as usize][us.index()];
        let initial = self.rules.kinds[kind as usize].has_initial
            && self.rules.double_step_region[us.index()].contains(from);
        let targets = moves.moves(us, from, occupied, enemies, initial) & allowed;
        let only_initial = if initial {
            moves.reach(Reach::InitialQuiet, us, from, occupied)
                & !moves.reach(Reach::Quiet, us, from, G::Set::EMPTY)
                & !occupied
        } else {
            G::Set::EMPTY
        };
        (targets, only_initial)
    }

    /// The pseudo-legal moves of the mover's piece of `kind` on `from`.
    pub(super) fn piece_moves(&self, from: G::Sq, kind: u8, out: &mut Vec<FairyMove<G>>) {
        let (targets, only_initial) = self.targets(from, kind);
        let rules = &self.rules;
        let promotes = rules.promotion_pawns[self.turn.index()] | rules.piece_promoters;
        if only_initial.is_empty() && !has_kind(promotes | rules.listed_kinds, kind) {
            // Most pieces: every target a plain move, pushed at once.
            out.extend(targets.into_iter().map(|to| FairyMove {
                from,
                to,
                kind: FairyMoveKind::Normal,
            }));
        } else {
            self.push_targets(from, kind, targets, only_initial, out);
        }
        if Some(kind) == self.rules.pawn {
            self.pawn_steps(from, out);
        }
        self.en_passant_captures(from, kind, out);
    }

    /// [`Self::piece_moves`] to `targets` for a piece that may promote
    /// or make initial moves there.
    fn push_targets(
        &self,
        from: G::Sq,
        kind: u8,
        targets: G::Set,
        only_initial: G::Set,
        out: &mut Vec<FairyMove<G>>,
    ) {
        for to in targets {
            let how = if only_initial.contains(to) {
                FairyMoveKind::DoubleStep
            } else {
                FairyMoveKind::Normal
            };
            self.push_move(from, to, kind, how, out);
        }
    }

    /// Drops from the hand on empty squares of the drop region; pawns
    /// not on their first rank or in their promotion region unless the
    /// variant allows it, a kind that may not be doubled not on a file
    /// with its own, and no drop that checks where drops may not.
    pub(super) fn drops(&self, out: &mut Vec<FairyMove<G>>) {
        let us = self.turn;
        if !self.rules.drops {
            return;
        }
        let empty = !self.occupied();
        for (kind, &n) in self.hands[us.index()]
            .iter()
            .enumerate()
            .take(self.rules.kinds.len())
        {
            if n == 0 {
                continue;
            }
            let kind = kind as u8;
            let squares = empty & self.drop_squares(kind);
            // Turned over too where the variant allows it (`+B@a2` first,
            // as Fairy-Stockfish lists them).
            if self.rules.drop_promoted && self.rules.promoted_kind[kind as usize].is_some() {
                self.push_drops(squares, FairyMoveKind::PromotedDrop(kind), out);
            }
            self.push_drops(squares, FairyMoveKind::Drop(kind), out);
        }
    }

    /// Drops of one kind (`how`) on `squares`, but those that check where
    /// drops may not.
    fn push_drops(&self, squares: G::Set, how: FairyMoveKind, out: &mut Vec<FairyMove<G>>) {
        let drops = squares.into_iter().map(|to| FairyMove {
            from: to,
            to,
            kind: how,
        });
        if self.rules.drop_checks {
            out.extend(drops);
        } else {
            out.extend(drops.filter(|&drop| !self.gives_check(drop)));
        }
    }

    /// Where the side to move may drop a piece of `kind`, empty or not.
    #[inline]
    fn drop_squares(&self, kind: u8) -> G::Set {
        let rules = &self.rules;
        let mut squares = self.region_drop_squares(kind);
        if let Some(bishop) = rules.opposite_bishops {
            squares &= self.bishop_colour_squares(kind, bishop);
        }
        if Some(kind) == rules.pawn {
            squares &= !self.pawn_drop_bars(kind);
        }
        if Some(kind) == rules.drop_no_doubled {
            squares &= !self.doubled_files(kind);
        }
        squares
    }

    /// Where the side to move may drop a piece of `kind` by the regions
    /// alone: its mobility and drop regions, where it could move again.
    #[inline]
    fn region_drop_squares(&self, kind: u8) -> G::Set {
        let (us, rules) = (self.turn, &self.rules);
        rules.mobility_region[kind as usize][us.index()]
            & rules.drop_region[us.index()]
            & !rules.immobile_squares(us, kind)
    }

    /// Where a drop of `kind` leaves the side to move able to stand its
    /// bishops (`bishop`, those on the board and in hand) on squares of
    /// both colours (`dropOppositeColoredBishop`), as Fairy-Stockfish
    /// counts it: a bishop not on a colour that has half of them already,
    /// and no other piece on the last free square a bishop needs.
    #[inline(never)]
    pub fn bishop_colour_squares(&self, kind: u8, bishop: u8) -> G::Set {
        let us = self.turn;
        let ours = self.pieces_of(us, bishop);
        let total = ours.count() + u32::from(self.hands[us.index()][bishop as usize]);
        let board = self.rules.board;
        let dark = board
            .into_iter()
            .filter(|sq| (sq.file() + sq.rank()) % 2 == 0)
            .fold(G::Set::EMPTY, |set, sq| set.with(sq));
        let colours = [dark, board & !dark];
        if kind == bishop {
            return colours
                .into_iter()
                .filter(|&colour| (ours & colour).count() < total.div_ceil(2))
                .fold(G::Set::EMPTY, |set, colour| set | colour);
        }
        let free = self.region_drop_squares(bishop) & !self.occupied();
        let need = total / 2;
        let mut squares = board;
        for colour in colours {
            let room = ((ours | free) & colour).count();
            if room < need {
                return G::Set::EMPTY;
            }
            if room == need {
                squares &= !(free & colour);
            }
        }
        squares
    }

    /// Where the side to move's pawn (the kind named `pawn`) is not
    /// dropped: its first rank and its promotion region, unless the
    /// variant allows either; nowhere for any other kind.
    #[inline]
    pub fn pawn_drop_bars(&self, kind: u8) -> G::Set {
        let (us, rules) = (self.turn, &self.rules);
        let mut bars = G::Set::EMPTY;
        if Some(kind) == rules.pawn {
            if !rules.first_rank_pawn_drops {
                bars |= G::rank_set(us.fold(0, rules.ranks as i8 - 1));
            }
            if !rules.promotion_zone_pawn_drops {
                bars |= rules.promotion_region[us.index()];
            }
        }
        bars
    }

    /// The files on which the side to move holds as many of its own
    /// pieces of `kind` as it may before dropping another there
    /// (`dropNoDoubled`); none for any other kind.
    #[inline(never)]
    pub fn doubled_files(&self, kind: u8) -> G::Set {
        let rules = &self.rules;
        if Some(kind) != rules.drop_no_doubled {
            return G::Set::EMPTY;
        }
        let own = self.pieces_of(self.turn, kind);
        (0..rules.files as i8)
            .map(G::file_set)
            .filter(|&file| (own & file).count() >= rules.drop_no_doubled_count)
            .fold(G::Set::EMPTY, |all, file| all | file)
    }

    /// Pushes a move, or the promotions it may or must be: a promoting
    /// kind's into the promotion region, and a shogi-style promotion into,
    /// within or out of it (`promotedPieceType`), as Fairy-Stockfish
    /// lists them.
    fn push_move(
        &self,
        from: G::Sq,
        to: G::Sq,
        kind: u8,
        how: FairyMoveKind,
        out: &mut Vec<FairyMove<G>>,
    ) {
        let us = self.turn.index();
        let rules = &self.rules;
        // A move onto a square the piece could never leave, unpromoted,
        // is no move (`immobilityIllegal`).
        let mobile = || !rules.immobile_squares(self.turn, kind).contains(to);
        let promoters = rules.promotion_pawns[us] | rules.piece_promoters | rules.demoting_kinds;
        if !has_kind(promoters, kind) {
            if mobile() {
                out.push(FairyMove {
                    from,
                    to,
                    kind: how,
                });
            }
            return;
        }
        let zone = rules.promotion_region[us];
        let mut plain = mobile();
        if has_kind(rules.promotion_pawns[us], kind) && zone.contains(to) {
            for p in 0..rules.kinds.len() as u8 {
                if has_kind(rules.promotion_pieces[us], p) && self.may_promote_to(p) {
                    out.push(FairyMove {
                        from,
                        to,
                        kind: FairyMoveKind::Promotion(p),
                    });
                }
            }
            plain &= !rules.mandatory_promotion;
        }
        // With `piecePromotionOnCapture`, shogi-style promotions and
        // demotions come with captures only.
        let captures = || {
            !rules.piece_promotion_on_capture
                || self.by_color[self.turn.other().index()].contains(to)
        };
        if let Some(p) = rules.promoted_kind[kind as usize].filter(|_| rules.king != Some(kind)) {
            // The pawn promotes so only into the region, other kinds
            // also within and out of it.
            let pawn = rules.pawn == Some(kind);
            if (zone.contains(to) || (!pawn && zone.contains(from))) && captures() {
                out.push(FairyMove {
                    from,
                    to,
                    kind: FairyMoveKind::PiecePromotion(p),
                });
                if !pawn && rules.mandatory_piece_promotion {
                    plain = false;
                }
            }
        }
        if rules.piece_demotion
            && self.is_promoted(from)
            && (zone.contains(to) || zone.contains(from))
            && captures()
        {
            out.push(FairyMove {
                from,
                to,
                kind: FairyMoveKind::PieceDemotion,
            });
            plain &= !rules.mandatory_piece_promotion;
        }
        if plain {
            out.push(FairyMove {
                from,
                to,
                kind: how,
            });
        }
    }

    /// Whether the side to move has fewer pieces of `kind` than its
    /// promotion limit (`promotionLimit`), where it has one.
    fn may_promote_to(&self, kind: u8) -> bool {
        match self.rules.promotion_limit.get(usize::from(kind)) {
            Some(&limit) if limit > 0 => self.count_on_board(self.turn, kind) < limit,
            _ => true,
        }
    }

    /// The pawn's double and triple steps from their regions.
    fn pawn_steps(&self, from: G::Sq, out: &mut Vec<FairyMove<G>>) {
        if let Some(kind) = self.rules.pawn {
            for to in self.step_targets(from, kind) {
                self.push_move(from, to, kind, FairyMoveKind::DoubleStep, out);
            }
        }
    }

    /// Where the pawn of `kind` on `from` goes by double and triple steps
    /// from their regions, across empty squares.
    pub(super) fn step_targets(&self, from: G::Sq, kind: u8) -> G::Set {
        self.steps_of(G::Set::from_square(from), kind)
            .into_iter()
            .fold(G::Set::EMPTY, |all, to| all | to)
    }

    /// How many double and triple steps all of `pawns` (of `kind`) have.
    pub(super) fn step_count(&self, pawns: G::Set, kind: u8) -> u32 {
        self.steps_of(pawns, kind)
            .iter()
            .map(|to| if to.any() { to.count() } else { 0 })
            .sum()
    }

    /// Where `pawns` of `kind` go by double steps, and by triple steps,
    /// from their regions across empty squares, as a set each.
    fn steps_of(&self, pawns: G::Set, kind: u8) -> [G::Set; 2] {
        let us = self.turn.index();
        let up = self.turn.fold(1, -1);
        let empty = !self.occupied();
        let allowed = self.rules.mobility_region[kind as usize][us];
        let regions = [
            (2, self.rules.double_step_region[us]),
            (3, self.rules.triple_step_region[us]),
        ];
        regions.map(|(steps, region)| {
            let mut at = pawns & region;
            for _ in 0..steps {
                at = G::shifted(at, 0, up) & empty;
            }
            at & allowed
        })
    }

    /// En passant, for a kind the variant lets take so: onto a square it
    /// captures to but could not move to quietly.
    pub(super) fn en_passant_captures(&self, from: G::Sq, kind: u8, out: &mut Vec<FairyMove<G>>) {
        let us = self.turn;
        if self.en_passant.is_empty() || !has_kind(self.rules.en_passant_kinds[us.index()], kind) {
            return;
        }
        let targets = self.en_passant & !self.occupied() & self.rules.en_passant_region[us.index()];
        if targets.is_empty() || self.en_passant_victim.is_none() {
            return;
        }
        let moves = &self.rules.kinds[kind as usize].moves;
        let occupied = self.occupied();
        let reach = moves.reach(Reach::Capture, us, from, occupied)
            & !moves.reach(Reach::Quiet, us, from, occupied);
        for to in reach & targets {
            out.push(FairyMove {
                from,
                to,
                kind: FairyMoveKind::EnPassant,
            });
        }
    }

    /// Whether the castling king of `us` may not pass or land on `sq`:
    /// it is attacked (beside an enemy royal piece where captures
    /// explode, nothing is).
    #[inline]
    pub(super) fn unsafe_for_castling(&self, sq: G::Sq, us: Color) -> bool {
        let their_royals = self.pseudo_royals(us.other());
        let touching = self.rules.blast && (G::neighbours(sq) & their_royals).any();
        !touching && self.attacked(sq, us.other())
    }

    /// Castling: king and rook on their squares with the right kept, the
    /// squares between empty, and a royal king neither in check nor
    /// passing or landing on an attacked square.
    pub(super) fn castles(&self, out: &mut Vec<FairyMove<G>>) {
        let Some(king) = self.rules.castling_king.filter(|_| self.rules.castling) else {
            return;
        };
        let us = self.turn;
        let rights = match us {
            Color::White => &self.castling[..2],
            Color::Black => &self.castling[2..],
        };
        if !rights.iter().any(|&right| right) {
            return;
        }
        let unsafe_square = |sq: G::Sq| self.unsafe_for_castling(sq, us);
        let first = us.fold(0, 2);
        let layout = &self.rules.castle_layout;
        for (i, names) in layout.squares.iter().enumerate().skip(first).take(2) {
            if !self.castling[i] {
                continue;
            }
            let [kf, kt, rf, _] = *names;
            let [crossed, walked] = layout.spans[i];
            if (crossed & self.occupied()).any() {
                continue;
            }
            let rook_ok = matches!(self.piece_at(rf), Some((c, k)) if c == us && has_kind(self.rules.castling_rooks, k));
            if self.piece_at(kf) != Some((us, king)) || !rook_ok {
                continue;
            }
            let royal = self.rules.king == Some(king)
                || (self.pseudo_royals(us) & self.pieces_of(us, king)).any();
            if royal && walked.any_square(unsafe_square) {
                continue;
            }
            // Written king to rook where the king's own step there would
            // read the same, and always in Chess960, as Fairy-Stockfish
            // writes it.
            let moves = &self.rules.kinds[king as usize].moves;
            let ambiguous = moves
                .reach(Reach::Quiet, us, kf, self.occupied())
                .contains(kt);
            out.push(FairyMove {
                from: kf,
                to: if ambiguous || self.rules.chess960 {
                    rf
                } else {
                    kt
                },
                kind: FairyMoveKind::Castle,
            });
        }
    }
}
