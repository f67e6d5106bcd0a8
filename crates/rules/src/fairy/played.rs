//! A variant from data's game on any grid ([`Fairy`]) and what it
//! answers alike on every grid: the rules' words, hashing, endings, facts
//! and marks whatever its board, the [`Position`] methods both games share
//! ([`fairy_position_common`]), and what each grid's game says of its
//! moves ([`PlayedGrid`], implemented beside each grid's game: 8×8 in
//! `play`, other sizes in `wide`), so neither imports the other.

use super::position::FairyRefusal;
use super::{
    has_kind, Extinction, FairyEnd, FairyGrid, FairyMove, FairyPosition, FairyRules, Verdict,
    MAX_KINDS,
};
use crate::core::betza::NAMED_PIECES;
use crate::core::fen::{castle, Setup};
use crate::core::grid::{Grid, Grid8, GridSet, GridSquare};
use crate::core::{zobrist, Action, Color, Role};
use crate::facts::{BoardLook, Fact, Fate, SquareMark};
use crate::illegal::{Attacks, DropRule, FamilyName, IllegalReason, PieceName};
use crate::{EndReason, Outcome};
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
    pub(super) view: OnceLock<Setup>,
    /// Each kind's role, by kind number.
    pub(super) roles: [Role; MAX_KINDS],
    /// The kind each role's letter names, by role; [`NO_KIND`] where the
    /// variant has none.
    pub(super) kinds: [u8; Role::COUNT],
}

/// In [`Fairy`]'s `kinds`: no kind has that letter.
pub(super) const NO_KIND: u8 = u8::MAX;

/// The role a kind of `rules` is shown and typed as: its letter's.
pub fn role_of<G: Grid>(rules: &FairyRules<G>, kind: u8) -> Role {
    let letter = rules.letter(Color::White, kind);
    Role::from_letter(letter).unwrap_or(Role::Pawn)
}

/// The kind of `rules` that `role`'s letter names, if any.
pub fn kind_of<G: Grid>(rules: &FairyRules<G>, role: Role) -> Option<u8> {
    rules.kind_of_letter(role.upper_char())
}

/// `pos`'s castling rights as a FEN's set of bits (`castle::*`): what
/// the view shows and the hash keys.
pub(super) fn castling_rights<G: Grid>(pos: &FairyPosition<G>) -> u8 {
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

    /// Why the data engine refuses the move from `from` to `to`, in the
    /// game's words; `None` where no move goes there at all.
    pub(super) fn refusal_reason(&self, from: G::Sq, to: G::Sq) -> Option<IllegalReason> {
        Some(match self.pos.refusal(from, to) {
            FairyRefusal::LeavesRoyalAttacked => IllegalReason::KingInCheck {
                in_check: self.pos.in_check(self.pos.turn()),
                attacks: Attacks::Variant,
            },
            FairyRefusal::GivesCheck => IllegalReason::ChecksForbidden,
            FairyRefusal::MustCapture => IllegalReason::CapturesCompulsory(FamilyName::FromData),
            FairyRefusal::MustDrop => IllegalReason::Drop(DropRule::MustDrop),
            FairyRefusal::GeneralsFace => IllegalReason::GeneralsFace,
            FairyRefusal::NotAMove => return None,
        })
    }

    /// The game's ending, if any, given whether a legal move exists.
    pub(super) fn ending(&self, any_legal: bool) -> Option<Outcome> {
        let end = self.pos.ending_given(any_legal)?;
        Some(outcome_of(self.pos.turn(), end.verdict, end.why))
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

/// The `Position` methods a variant from data answers alike on every
/// grid, from the data engine's position and rules: written once, for
/// the 8×8 game and the game on other boards ([`super::WideFairy`]).
macro_rules! fairy_position_common {
    () => {
        fn turn(&self) -> Color {
            self.pos.turn()
        }

        fn legal_actions(&self, out: &mut Vec<Action>) {
            self.list_actions(out)
        }

        fn count_legal_actions(&self, _scratch: &mut Vec<Action>) -> u64 {
            self.count_actions()
        }

        fn play_unchecked(&mut self, action: Action) {
            self.play_action(action)
        }

        fn quiet_plies(&self) -> u32 {
            self.pos.halfmoves()
        }

        fn fullmoves(&self) -> u32 {
            self.pos.fullmoves()
        }

        fn outcome_given(&self, legal: &[Action]) -> Option<Outcome> {
            self.ending(!legal.is_empty())
        }

        fn hash(&self) -> u64 {
            self.state_hash()
        }

        /// The variant's own move-count rule (`nMoveRule`, none when 0)
        /// ends its games ([`FairyPosition::ending`]); the fifty-move
        /// rule of the built-in families never does.
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

        fn in_check(&self, color: Color) -> bool {
            self.pos.in_check(color)
        }

        fn piece_name(&self, role: Role) -> crate::PieceName {
            self.name_of(role)
        }

        fn roles(&self) -> Vec<Role> {
            self.kinds_shown()
        }

        fn can_win(&self, color: Color) -> bool {
            self.may_win(color)
        }
    };
}
pub(super) use fairy_position_common;

/// A grid games are played on, and how the game's actions are its moves:
/// what code serving every board (the game's own methods, the computer's
/// evaluation) asks.
pub trait PlayedGrid: FairyGrid {
    /// The variant's move `action` stands for, if any.
    fn move_of(fairy: &Fairy<Self>, action: Action) -> Option<FairyMove<Self>>;
    /// The game's action for a move of the variant.
    fn action_of(fairy: &Fairy<Self>, m: FairyMove<Self>) -> Action;
    /// `f` with this thread's move buffer for the grid, so that listing
    /// moves never allocates.
    fn with_moves<T>(f: impl FnOnce(&mut Vec<FairyMove<Self>>) -> T) -> T;
}

impl<G: PlayedGrid> Fairy<G> {
    /// The variant's move `action` stands for, on any grid.
    #[inline]
    pub fn data_move(&self, action: Action) -> Option<FairyMove<G>> {
        G::move_of(self, action)
    }

    /// Every legal move, as the game's actions.
    #[inline]
    pub(super) fn list_actions(&self, out: &mut Vec<Action>) {
        G::with_moves(|moves| {
            self.pos.legal_moves_into(moves);
            out.extend(moves.iter().map(|&m| G::action_of(self, m)));
        });
    }

    /// How many legal moves there are, without listing them as actions.
    #[inline]
    pub(super) fn count_actions(&self) -> u64 {
        G::with_moves(|moves| self.pos.legal_count(moves))
    }

    /// Play `action`, when it is one of the variant's moves.
    #[inline]
    pub(super) fn play_action(&mut self, action: Action) {
        if let Some(m) = self.data_move(action) {
            let before = self.pos.clone();
            before.play_onto(m, &mut self.pos);
            self.view = OnceLock::new();
        }
    }
}
