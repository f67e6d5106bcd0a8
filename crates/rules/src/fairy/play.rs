//! A variant from data as a game plays it: a [`FairyPosition`] seen
//! through [`Position`], so the board, the computer, records and every
//! command play it as they play the built-in families. A kind of the
//! variant is the [`Role`] of its letter (docs/rules.md, "Variants from
//! data"): a variant's rook is `R`, its fers (`f`) the role of `F`.

use super::position::{CastleRefusal, FairyRefusal};
use super::{
    has_kind, Extinction, FairyEnd, FairyGrid, FairyMove, FairyMoveKind, FairyPosition, FairyRules,
    Verdict, MAX_KINDS,
};
use crate::core::betza::NAMED_PIECES;
use crate::core::fen::{castle, Setup};
use crate::core::grid::{Grid, Grid8, GridSet, GridSquare};
use crate::core::Square;
use crate::core::{
    zobrist, Action, Bitboard, Board, Color, CoordText, Move, MoveKind, Piece, Role,
};
use crate::facts::{
    board_effects, BoardLook, Describe, Effect, Fact, Fate, MarkedSquares, SquareMark,
};
use crate::illegal::{Attacks, CastlingBlock, DropRule, FamilyName, IllegalReason, PieceName};
use crate::{generic_why_illegal, EndReason, Outcome, Position};
use std::cell::RefCell;
use std::sync::{Arc, OnceLock};

/// A position of a variant from data as the game plays it: the data
/// engine's own position, played and hashed directly. The chess-shaped
/// view of it ([`Setup`]) that the board, records and the editor read is
/// built only when one of them asks, once per position: the search and
/// perft never ask, so they never pay for it (docs/architecture.md,
/// "One data engine").
#[derive(Clone, Debug)]
pub struct Fairy<G: Grid = Grid8> {
    pub(super) pos: FairyPosition<G>,
    /// The chess-shaped view, built on first request (8×8 only: a
    /// board of another size has none).
    view: OnceLock<Setup>,
    /// Each kind's role, by kind number.
    roles: [Role; MAX_KINDS],
    /// The kind each role's letter names, by role; [`NO_KIND`] where the
    /// variant has none.
    kinds: [u8; Role::COUNT],
}

/// In [`Fairy`]'s `kinds`: no kind has that letter.
const NO_KIND: u8 = u8::MAX;

/// The role a kind of `rules` is shown and typed as: its letter's.
pub fn role_of<G: Grid>(rules: &FairyRules<G>, kind: u8) -> Role {
    let letter = rules.letter(Color::White, kind);
    Role::from_letter(letter).unwrap_or(Role::Pawn)
}

/// The kind of `rules` that `role`'s letter names, if any.
pub fn kind_of<G: Grid>(rules: &FairyRules<G>, role: Role) -> Option<u8> {
    rules.kind_of_letter(role.upper_char())
}

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

/// `pos`'s castling rights as a FEN's set of bits (`castle::*`): what
/// the view shows and the hash keys.
fn castling_rights<G: Grid>(pos: &FairyPosition<G>) -> u8 {
    let bits = [
        castle::WHITE_KING,
        castle::WHITE_QUEEN,
        castle::BLACK_KING,
        castle::BLACK_QUEEN,
    ];
    pos.castling()
        .iter()
        .zip(bits)
        .filter(|(on, _)| **on)
        .fold(0, |all, (_, bit)| all | bit)
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
fn with_moves<T>(f: impl FnOnce(&mut Vec<FairyMove>) -> T) -> T {
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

impl<G: FairyGrid> Fairy<G> {
    /// A game position from a position under the variant's rules.
    pub fn new(pos: FairyPosition<G>) -> Fairy<G> {
        let mut roles = [Role::Pawn; MAX_KINDS];
        for (kind, role) in roles.iter_mut().enumerate().take(pos.rules().kinds.len()) {
            *role = role_of(pos.rules(), kind as u8);
        }
        let mut kinds = [NO_KIND; Role::COUNT];
        for (i, kind) in kinds.iter_mut().enumerate() {
            if let Some(k) = Role::from_any_index(i).and_then(|r| kind_of(pos.rules(), r)) {
                *kind = k;
            }
        }
        Fairy {
            pos,
            view: OnceLock::new(),
            roles,
            kinds,
        }
    }

    /// The role kind `kind` is shown as.
    #[inline]
    pub(super) fn role(&self, kind: u8) -> Role {
        self.roles[usize::from(kind) % MAX_KINDS]
    }

    /// The kind `role`'s letter names, if any.
    #[inline]
    pub(super) fn kind(&self, role: Role) -> Option<u8> {
        let kind = self.kinds[role.index() % Role::COUNT];
        (kind != NO_KIND).then_some(kind)
    }

    /// This position with the turn handed over ([`FairyPosition::passed`]):
    /// the computer's null move.
    pub fn passed(&self) -> Fairy<G> {
        Fairy {
            pos: self.pos.passed(),
            view: OnceLock::new(),
            roles: self.roles,
            kinds: self.kinds,
        }
    }

    /// The position under the variant's own rules.
    pub fn position(&self) -> &FairyPosition<G> {
        &self.pos
    }

    /// The variant's rules.
    pub fn rules(&self) -> &Arc<FairyRules<G>> {
        self.pos.rules()
    }

    /// The extinction rule as the side panel shows it, with the counted
    /// pieces each side has left (on the board and in hand).
    fn extinction_fact(&self, rule: &Extinction) -> Fact {
        let rules = self.rules();
        let kinds: Vec<u8> = (0..rules.kinds.len() as u8)
            .filter(|&k| has_kind(rule.kinds, k))
            .collect();
        let held = |side: Color, k: u8| {
            let in_hand = self
                .pos
                .hand(side)
                .get(usize::from(k))
                .copied()
                .unwrap_or(0);
            self.pos.count_on_board(side, k) + u32::from(in_hand)
        };
        let left = Color::ALL.map(|side| {
            if rule.all_pieces || kinds.is_empty() {
                (0..rules.kinds.len() as u8).map(|k| held(side, k)).sum()
            } else {
                kinds.iter().map(|&k| held(side, k)).min().unwrap_or(0)
            }
        });
        Fact::Extinction {
            kinds: if rule.all_pieces {
                Vec::new()
            } else {
                kinds.iter().map(|&k| role_of(rules, k)).collect()
            },
            at: rule.count,
            fate: match rule.verdict {
                Verdict::Win => Fate::Win,
                Verdict::Loss => Fate::Loss,
                Verdict::Draw => Fate::Draw,
            },
            left,
        }
    }

    /// Why the side to act cannot pass: the variant has no pass, or only
    /// when no other move is legal, or not out of check.
    pub(super) fn why_pass_illegal(&self) -> IllegalReason {
        let us = self.pos.turn().index();
        let rules = self.rules();
        if !rules.pass[us] {
            IllegalReason::NoPass
        } else if self.pos.in_check(self.pos.turn()) {
            IllegalReason::KingInCheck {
                in_check: true,
                attacks: Attacks::Variant,
            }
        } else {
            IllegalReason::PassOnlyWhenStuck
        }
    }

    /// The position's hash: the board's key kept as pieces move, and
    /// the state beyond the board.
    pub(super) fn state_hash(&self) -> u64 {
        let pos = &self.pos;
        let mut h = pos.board_key() ^ zobrist::castling(castling_rights(pos));
        if pos.turn() == Color::Black {
            h ^= zobrist::black_to_move();
        }
        if let Some(ep) = pos.en_passant().first() {
            h ^= zobrist::ep_file(ep.file());
        }
        if self.rules().check_counting {
            for (side, left) in self.pos.checks_left().into_iter().enumerate() {
                h ^= zobrist::extra(CHECKS_SLOT + side, left as usize);
            }
        }
        let sides = if self.rules().drops {
            &Color::ALL[..]
        } else {
            &[]
        };
        for &side in sides {
            for (kind, &n) in self.pos.hand(side).iter().enumerate() {
                if n > 0 {
                    let key = (side.index() * 64 + kind) * 256 + usize::from(n);
                    h ^= zobrist::splitmix(key as u64 ^ 0x5EED_F00D);
                }
            }
        }
        h ^ zobrist::extra(PASSES_SLOT, usize::from(self.pos.passes()))
    }

    /// With `perpetualCheckIllegal`, the side that checked all the way
    /// loses (both: a draw), as Fairy-Stockfish has it; otherwise what
    /// `nFoldValue` says.
    pub(super) fn repetition_end(&self, [us_checked, them_checked]: [bool; 2]) -> Outcome {
        let turn = self.pos.turn();
        match (
            self.rules().perpetual_check_illegal,
            us_checked,
            them_checked,
        ) {
            (true, true, false) => Outcome::win(turn, EndReason::PerpetualCheck),
            (true, false, true) => Outcome::win(turn.other(), EndReason::PerpetualCheck),
            (true, true, true) => Outcome::draw(EndReason::PerpetualCheck),
            _ => self.rule_end(EndReason::Repetition),
        }
    }

    /// Repetition means what `nFoldValue` says, for the side to move
    /// (for White with `nFoldValueAbsolute`); the game's other rules (its
    /// move rule is the variant's own) draw.
    pub(super) fn rule_end(&self, reason: EndReason) -> Outcome {
        let rules = self.rules();
        let verdict = match reason {
            EndReason::Repetition if rules.n_fold_absolute && self.pos.turn() == Color::Black => {
                match rules.n_fold {
                    Verdict::Win => Verdict::Loss,
                    Verdict::Loss => Verdict::Win,
                    Verdict::Draw => Verdict::Draw,
                }
            }
            EndReason::Repetition => rules.n_fold,
            _ => Verdict::Draw,
        };
        match verdict {
            Verdict::Win => Outcome::win(self.pos.turn(), reason),
            Verdict::Loss => Outcome::win(self.pos.turn().other(), reason),
            Verdict::Draw => Outcome::draw(reason),
        }
    }

    /// The name a kind is given in words: chess's, a named piece's, or
    /// its letter.
    pub(super) fn name_of(&self, role: Role) -> PieceName {
        let rules = self.rules();
        let Some(kind) = kind_of(rules, role) else {
            return PieceName::Letter(role);
        };
        let name = rules.kinds[kind as usize].name.as_str();
        let chess = Role::ALL.into_iter().find(|r| r.name() == name);
        let named = NAMED_PIECES.iter().find(|(n, _)| *n == name);
        match (chess, named) {
            (Some(r), _) => PieceName::Chess(r),
            (None, Some((n, _))) => PieceName::Named(n),
            (None, None) => PieceName::Letter(role),
        }
    }

    /// The variant's kinds in the order its data lists them, each once.
    pub(super) fn kinds_shown(&self) -> Vec<Role> {
        let mut out: Vec<Role> = Vec::new();
        for kind in 0..self.rules().kinds.len() {
            let role = self.role(kind as u8);
            if !out.contains(&role) {
                out.push(role);
            }
        }
        out
    }

    /// A side can still win while it has a piece besides its royal ones,
    /// or a goal its king may reach.
    pub(super) fn may_win(&self, color: Color) -> bool {
        let rules = self.rules();
        let royal = rules.king.map(|k| self.role(k));
        let others = (0..rules.kinds.len() as u8)
            .any(|k| Some(self.role(k)) != royal && self.pos.count_on_board(color, k) > 0);
        others || rules.flag.is_some() || rules.check_counting || rules.extinction.is_some()
    }

    /// What the side panel shows on any board: material, checks to
    /// give, extinction, a count, hands (a goal's squares are the 8×8
    /// board's own).
    pub(super) fn common_facts(&self) -> Vec<Fact> {
        let rules = self.rules();
        let mut facts = vec![Fact::Material(super::value::material(&self.pos))];
        if rules.check_counting {
            facts.push(Fact::ChecksToGive(self.pos.checks_left()));
        }
        if let Some(rule) = &rules.extinction {
            facts.push(self.extinction_fact(rule));
        }
        if let Some((counted, limit)) = self.pos.count() {
            facts.push(Fact::Count { counted, limit });
        }
        if rules.drops {
            let hand = |side: Color| {
                self.pos
                    .hand(side)
                    .iter()
                    .enumerate()
                    .filter(|(_, &n)| n > 0)
                    .map(|(k, &n)| (role_of(rules, k as u8), n))
                    .collect()
            };
            facts.push(Fact::InHand([hand(Color::White), hand(Color::Black)]));
        }
        facts
    }

    /// The marks the board shows: the goal (a flag's region); as zones
    /// the promotion region where pieces promote as shogi's do or over
    /// more than a rank, and a royal piece's own squares where they are
    /// fewer than the board's (the palace); and the promoted pieces.
    pub(super) fn regions(&self) -> Vec<(SquareMark, G::Set)> {
        let rules = self.rules();
        let mut out = Vec::new();
        let whole = |set: G::Set| set.is_empty() || set == rules.board;
        if let Some(flag) = &rules.flag {
            let goal = (flag.region[0] | flag.region[1]) & rules.board;
            if !whole(goal) {
                out.push((SquareMark::Goal, goal));
            }
        }
        let mut zone = G::Set::default();
        let [white, black] = rules.promotion_region.map(|r| r & rules.board);
        let ranks = |set: G::Set| {
            (0..rules.ranks as i8)
                .filter(|&r| (set & G::Set::rank(r)).any())
                .count()
        };
        if rules.piece_promoters != 0 || ranks(white) > 1 || ranks(black) > 1 {
            zone |= white | black;
        }
        if let Some(region) = rules
            .king
            .and_then(|k| rules.mobility_region.get(usize::from(k)))
        {
            let palace = (region[0] | region[1]) & rules.board;
            if !whole(palace) {
                zone |= palace;
            }
        }
        if !whole(zone) {
            out.push((SquareMark::Zone, zone));
        }
        let promoted = self.pos.promoted_squares();
        if promoted.any() {
            out.push((SquareMark::Promoted, promoted));
        }
        out
    }

    /// A line across the board's middle where a kind may not cross it
    /// (xiangqi's river: its elephants keep to their own half).
    pub(super) fn look(&self) -> BoardLook {
        let rules = self.rules();
        let half = (0..rules.ranks as i8 / 2).fold(G::Set::default(), |s, r| s | G::Set::rank(r));
        let own_half = half & rules.board;
        let river = rules.ranks >= 4
            && rules
                .mobility_region
                .iter()
                .any(|r| r[0] & rules.board == own_half);
        BoardLook {
            centerline: river,
            ..BoardLook::default()
        }
    }

    /// The game's ending, if any, given whether a legal move exists.
    pub(super) fn ending(&self, any_legal: bool) -> Option<Outcome> {
        let end = self.pos.ending_given(any_legal)?;
        Some(outcome_of(self.pos.turn(), end.verdict, end.why))
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

/// The end of a game in the game's words.
fn outcome_of(turn: Color, verdict: Verdict, why: FairyEnd) -> Outcome {
    let reason = match (why, verdict) {
        (FairyEnd::Checkmate, _) => EndReason::Checkmate,
        (FairyEnd::Stalemate, Verdict::Draw) => EndReason::Stalemate,
        (FairyEnd::Stalemate | FairyEnd::PieceCount, _) => EndReason::NoLegalMoves,
        (FairyEnd::Extinction, _) => EndReason::Extinction,
        (FairyEnd::Flag, _) => EndReason::GoalReached,
        (FairyEnd::Checks, _) => EndReason::ChecksGiven,
        (FairyEnd::MoveRule, _) => EndReason::MoveRule,
        (FairyEnd::Passes, _) => EndReason::BothPassed,
        (FairyEnd::Counting, _) => EndReason::CountingRule,
        (FairyEnd::PawnDropMate, _) => EndReason::PawnDropMate,
    };
    match verdict {
        Verdict::Win => Outcome::win(turn, reason),
        Verdict::Loss => Outcome::win(turn.other(), reason),
        Verdict::Draw => Outcome::draw(reason),
    }
}

/// Hash slots of the state beyond the board ([`zobrist::extra`]).
const CHECKS_SLOT: usize = 12;
const PASSES_SLOT: usize = 14;

impl Position for Fairy {
    fn fen_state(&self) -> &Setup {
        self.view.get_or_init(|| mirror(&self.pos))
    }

    fn turn(&self) -> Color {
        self.pos.turn()
    }

    fn quiet_plies(&self) -> u32 {
        self.pos.halfmoves()
    }

    fn fullmoves(&self) -> u32 {
        self.pos.fullmoves()
    }

    fn role_at(&self, sq: Square) -> Option<Role> {
        self.pos.piece_at(sq).map(|(_, kind)| self.role(kind))
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        with_moves(|moves| {
            self.pos.legal_moves_into(moves);
            out.extend(moves.iter().map(|&m| self.action_of(m)));
        });
    }

    fn count_legal_actions(&self, _scratch: &mut Vec<Action>) -> u64 {
        with_moves(|moves| self.pos.legal_count(moves))
    }

    fn play_unchecked(&mut self, action: Action) {
        if let Some(m) = self.move_of(action) {
            let before = self.pos.clone();
            before.play_onto(m, &mut self.pos);
            self.view = OnceLock::new();
        }
    }

    fn outcome_given(&self, legal: &[Action]) -> Option<Outcome> {
        self.ending(!legal.is_empty())
    }

    fn hash(&self) -> u64 {
        self.state_hash()
    }

    /// The variant's own move-count rule (`nMoveRule`, none when 0) ends
    /// its games ([`FairyPosition::ending`]); the fifty-move rule of the
    /// built-in families never does.
    fn quiet_limit(&self) -> Option<u32> {
        None
    }

    fn repetition_window(&self) -> u32 {
        self.pos.halfmoves()
    }

    fn to_fen(&self) -> String {
        self.pos.to_fen()
    }

    /// `nFoldRule`: that many occurrences end the game (none when 0).
    fn repetition_limit(&self) -> Option<usize> {
        let n = self.rules().n_fold_rule;
        (n > 0).then_some(n as usize)
    }

    fn end_by_repetition(&self, checked_throughout: [bool; 2]) -> Outcome {
        self.repetition_end(checked_throughout)
    }

    fn end_by_rule(&self, reason: EndReason) -> Outcome {
        self.rule_end(reason)
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

    fn in_check(&self, color: Color) -> bool {
        self.pos.in_check(color)
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
        match self.pos.refusal(from, to) {
            FairyRefusal::LeavesRoyalAttacked => IllegalReason::KingInCheck {
                in_check: self.pos.in_check(self.pos.turn()),
                attacks: Attacks::Variant,
            },
            FairyRefusal::GivesCheck => IllegalReason::ChecksForbidden,
            FairyRefusal::MustCapture => IllegalReason::CapturesCompulsory(FamilyName::FromData),
            FairyRefusal::MustDrop => IllegalReason::Drop(DropRule::MustDrop),
            FairyRefusal::GeneralsFace => IllegalReason::GeneralsFace,
            FairyRefusal::NotAMove => generic_why_illegal(self, text, legal),
        }
    }

    fn why_cannot_castle(&self, kingside: bool) -> Option<CastlingBlock> {
        if !self.rules().castling {
            return Some(CastlingBlock::NoCastling(FamilyName::FromData));
        }
        let i = self.pos.turn().fold(0, 2) + usize::from(!kingside);
        self.castle_block(i)
    }

    fn piece_name(&self, role: Role) -> PieceName {
        self.name_of(role)
    }

    fn roles(&self) -> Vec<Role> {
        self.kinds_shown()
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

    fn can_win(&self, color: Color) -> bool {
        self.may_win(color)
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
