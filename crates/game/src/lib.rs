//! A game in progress: a variant, a start position and the actions played,
//! with undo/redo, the game-level endings (fifty-move, repetition, agreement,
//! resignation) and the seeded dice. Beside it: the variant definitions a
//! game is played under, and its clock.

pub mod clock;
pub mod variant;

use self::clock::ClockState;
use self::variant::{DraftRefusal, VariantDef, VariantError};
use motley_rules::core::{Action, Color, Piece};
use motley_rules::setup::{Draft, StartState, StartStateError};
use motley_rules::{
    parse_action, san_of, AnyPosition, Carried, CarryError, Describe, EndReason, MoveInputError,
    NamedOutcome, Outcome, Position,
};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use thiserror::Error;

/// Why an action could not be played in a game.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameError {
    /// The game has ended, and how.
    #[error("the game is over: {0}")]
    Finished(NamedOutcome),
    #[error(transparent)]
    Input(#[from] MoveInputError),
    /// An action not among the legal ones.
    #[error("{0} is not a legal action here")]
    Illegal(Action),
}

/// A game: start + actions, with the position after each ply kept so undo
/// and replay are instant.
#[derive(Clone, Debug)]
pub struct Game {
    variant: Arc<VariantDef>,
    start_fen: Option<String>,
    seed: u64,
    rng: ChaCha8Rng,
    positions: Vec<AnyPosition>,
    actions: Vec<Action>,
    sans: Vec<String>,
    redo: Vec<Action>,
    /// An ending not visible on the board (resignation, agreement).
    declared: Option<(usize, Outcome)>,
    /// What the previous game of a match carried into this start.
    carried: Option<Carried>,
    /// The chess clock as last saved (the live clock is the session's).
    clock: Option<ClockState>,
    /// A set-up start's state beyond its FEN (the position editor's
    /// Monochrome scores, Dice-Money economy, Chicken flips).
    start_state: Option<StartState>,
    /// The Chess960 start position the game began from, by number.
    chess960: Option<u16>,
}

/// Why a set-up start's state could not be put into a game.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StartRefusal {
    /// It sets up the start, so it cannot come later.
    #[error("the start's state applies only before the first action")]
    AfterFirstAction,
    /// It does not fit the variant.
    #[error(transparent)]
    State(#[from] StartStateError),
    /// The position it makes is refused by the rules, or the variant is.
    #[error(transparent)]
    Refused(#[from] DraftRefusal),
}

impl Game {
    /// A dice seed from the wall clock, for games the user did not seed:
    /// each unseeded game then rolls differently.
    pub fn clock_seed() -> u64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(1)
    }

    /// A new game of `variant`, from its start or from `fen`.
    pub fn new(
        variant: Arc<VariantDef>,
        fen: Option<&str>,
        seed: u64,
    ) -> Result<Game, VariantError> {
        let start = variant.position(fen)?;
        let chess960 = variant.chess960_number(fen);
        Ok(Game {
            variant,
            start_fen: fen.map(|f| f.trim().to_string()),
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
            positions: vec![start],
            actions: Vec::new(),
            sans: Vec::new(),
            redo: Vec::new(),
            declared: None,
            carried: None,
            clock: None,
            start_state: None,
            chess960,
        })
    }

    /// A new game from a position set up in the editor: its FEN is the
    /// game's start FEN, and what the family keeps beyond the FEN (when it
    /// is not what the FEN alone gives) is the game's start state, which
    /// records keep.
    pub fn from_draft(
        variant: Arc<VariantDef>,
        draft: &Draft,
        seed: u64,
    ) -> Result<Game, DraftRefusal> {
        let start = variant.position_from_draft(draft)?;
        let fen = start.to_fen();
        let mut game = Game::new(variant, Some(&fen), seed)?;
        let state = start.draft().state;
        if game.positions[0].draft().state != state {
            game.start_state = Some(StartState::of(&state));
        }
        game.positions[0] = start;
        Ok(game)
    }

    /// The number of the Chess960 start position the game began from,
    /// when it is one: shown beside the variant's name and recorded.
    pub fn chess960_number(&self) -> Option<u16> {
        self.chess960
    }

    /// The start's state beyond its FEN, when set up (see
    /// [`Game::from_draft`]).
    pub fn start_state(&self) -> Option<&StartState> {
        self.start_state.as_ref()
    }

    /// Put a recorded start state into the start before any action
    /// (loading a saved game set up in the editor).
    pub fn restore_start_state(&mut self, state: &StartState) -> Result<(), StartRefusal> {
        if !self.actions.is_empty() {
            return Err(StartRefusal::AfterFirstAction);
        }
        let mut draft = self.positions[0].draft();
        state.apply(&mut draft.state)?;
        self.positions[0] = self.variant.position_from_draft(&draft)?;
        self.start_state = Some(state.clone());
        Ok(())
    }

    /// The variant played.
    pub fn variant(&self) -> &Arc<VariantDef> {
        &self.variant
    }

    /// The FEN the game started from, when not the variant's start.
    pub fn start_fen(&self) -> Option<&str> {
        self.start_fen.as_deref()
    }

    /// The dice seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The current position.
    pub fn position(&self) -> &AnyPosition {
        // positions is never empty: it starts with the start position and
        // undo never removes it.
        &self.positions[self.positions.len() - 1]
    }

    /// The position after `ply` actions (0 = start), if that far.
    pub fn position_at(&self, ply: usize) -> Option<&AnyPosition> {
        self.positions.get(ply)
    }

    /// Actions played so far.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// SAN of each action played.
    pub fn sans(&self) -> &[String] {
        &self.sans
    }

    /// Number of actions played.
    pub fn ply(&self) -> usize {
        self.actions.len()
    }

    /// Legal actions now (none once the game is over).
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        let mut v = Vec::with_capacity(64);
        self.position().legal_actions(&mut v);
        v
    }

    /// The result, if the game is over: declared, by the position, or by the
    /// fifty-move or repetition rules.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some((_, o)) = self.declared {
            return Some(o);
        }
        let pos = self.position();
        if let Some(o) = pos.outcome() {
            return Some(o);
        }
        if let Some(o) = pos.quiet_rule_end() {
            return Some(o);
        }
        if let Some(limit) = pos.repetition_limit() {
            if self.repetitions() >= limit {
                return Some(pos.end_by_repetition(self.checked_throughout(limit)));
            }
        }
        None
    }

    /// Whether the side to move was in check at each of its turns from
    /// the earliest of the `limit` occurrences of the current position to
    /// now, and the other side at each of its turns between: what the
    /// rules need to judge a perpetual check.
    fn checked_throughout(&self, limit: usize) -> [bool; 2] {
        let n = self.positions.len() - 1;
        let key = self.position().repetition_key();
        // The earliest of the last `limit` occurrences, two plies a step.
        let mut found = 1;
        let mut first = n;
        let mut at = n;
        while found < limit && at >= 2 {
            at -= 2;
            if self.positions[at].repetition_key() == key {
                found += 1;
                first = at;
            }
        }
        let checked = |p: &AnyPosition| p.in_check(p.turn());
        let us = (first..=n).step_by(2).all(|i| checked(&self.positions[i]));
        let them = (first + 1..n)
            .step_by(2)
            .all(|i| checked(&self.positions[i]));
        [us, them && first < n]
    }

    /// How many times the current position has occurred (1 = first time).
    pub fn repetitions(&self) -> usize {
        let Some(key) = self.position().repetition_key() else {
            return 1;
        };
        let window = self.position().repetition_window() as usize;
        let n = self.positions.len();
        let first = n.saturating_sub(window.saturating_add(1));
        self.positions[first..]
            .iter()
            .filter(|p| p.repetition_key() == Some(key))
            .count()
    }

    /// The pieces each side captured in the first `ply` actions, by the side
    /// that took them: `[white's captures, black's captures]`.
    pub fn taken_until(&self, ply: usize) -> [Vec<Piece>; 2] {
        let mut out = [Vec::new(), Vec::new()];
        for (before, action) in self.positions.iter().zip(&self.actions).take(ply) {
            if let Some(victim) = before.captured_piece(action) {
                out[before.turn().index()].push(victim);
            }
        }
        out
    }

    /// The repetition keys of the positions before the current one, oldest
    /// first: what a computer player needs to see repetitions coming.
    pub fn repetition_history(&self) -> Vec<u64> {
        self.positions[..self.positions.len() - 1]
            .iter()
            .filter_map(|p| p.repetition_key())
            .collect()
    }

    /// Play a legal action.
    pub fn play(&mut self, action: Action) -> Result<(), GameError> {
        if let Some(o) = self.outcome() {
            return Err(GameError::Finished(NamedOutcome::of(o, self.position())));
        }
        let mut legal = Vec::with_capacity(64);
        self.position().legal_actions(&mut legal);
        if !legal.contains(&action) {
            return Err(GameError::Illegal(action));
        }
        self.push(action, &legal);
        self.redo.clear();
        Ok(())
    }

    fn push(&mut self, action: Action, legal: &[Action]) {
        let san = san_of(self.position(), &action, legal);
        let mut next = self.position().clone();
        next.play_unchecked(action);
        self.positions.push(next);
        self.actions.push(action);
        self.sans.push(san);
    }

    /// Play typed text (coordinate notation or SAN).
    pub fn play_text(&mut self, text: &str) -> Result<Action, GameError> {
        if let Some(o) = self.outcome() {
            return Err(GameError::Finished(NamedOutcome::of(o, self.position())));
        }
        let action = parse_action(self.position(), text)?;
        self.play(action)?;
        Ok(action)
    }

    /// At a chance node, roll the dice from the game's seeded generator and
    /// play the roll. Returns the roll played, or `None` if no roll is due.
    pub fn roll_dice(&mut self) -> Option<Action> {
        if !self.position().is_chance() || self.outcome().is_some() {
            return None;
        }
        let a = (self.rng.next_u32() % 6 + 1) as u8;
        let b = (self.rng.next_u32() % 6 + 1) as u8;
        let roll = Action::Roll(a, b);
        self.play(roll).ok().map(|_| roll)
    }

    /// Advance the dice generator past `rolls` rolls, as if
    /// [`Game::roll_dice`] had made them: a game rebuilt from a saved record
    /// (whose rolls are replayed as recorded) then continues with fresh dice
    /// instead of repeating the first rolls of the game.
    pub fn skip_dice(&mut self, rolls: usize) {
        for _ in 0..rolls {
            self.rng.next_u32();
            self.rng.next_u32();
        }
    }

    /// Take back the last action (and a declared ending). False at the start.
    pub fn undo(&mut self) -> bool {
        if self.declared.take().is_some() {
            return true;
        }
        if self.actions.is_empty() {
            return false;
        }
        self.positions.pop();
        self.sans.pop();
        if let Some(a) = self.actions.pop() {
            self.redo.push(a);
        }
        true
    }

    /// Replay the last undone action. False when there is none.
    pub fn redo(&mut self) -> bool {
        let Some(a) = self.redo.pop() else {
            return false;
        };
        let mut legal = Vec::new();
        self.position().legal_actions(&mut legal);
        if legal.contains(&a) {
            self.push(a, &legal);
            true
        } else {
            self.redo.clear();
            false
        }
    }

    /// Is there something to redo?
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// End the game by resignation of `loser`.
    pub fn resign(&mut self, loser: Color) {
        if self.outcome().is_none() {
            self.declared = Some((
                self.ply(),
                Outcome::win(loser.other(), EndReason::Resignation),
            ));
        }
    }

    /// End the game because `loser`'s time ran out: a loss when the
    /// opponent could still win ([`Position::can_win`]), a draw otherwise.
    pub fn time_out(&mut self, loser: Color) {
        if self.outcome().is_none() {
            let winner = loser.other();
            let o = if self.position().can_win(winner) {
                Outcome::win(winner, EndReason::TimeForfeit)
            } else {
                Outcome::draw(EndReason::TimeoutCannotWin)
            };
            self.declared = Some((self.ply(), o));
        }
    }

    /// End the game by adjudication: `winner` wins, or a draw (a match
    /// stopped at its ply limit). Families that keep scores keep them.
    pub fn adjudicate(&mut self, winner: Option<Color>) {
        if self.outcome().is_none() {
            let scores = self.position().current_scores();
            let o = Outcome {
                winner,
                reason: EndReason::Adjudication,
                scores,
            };
            self.declared = Some((self.ply(), o));
        }
    }

    /// The chess clock as last saved with the game, if it is played with one.
    pub fn clock_state(&self) -> Option<&ClockState> {
        self.clock.as_ref()
    }

    /// Keep the clock's state with the game (for saving and resuming).
    pub fn set_clock_state(&mut self, state: Option<ClockState>) {
        self.clock = state;
    }

    /// End the game by agreement (a draw, or Monochrome's scored end).
    pub fn agree(&mut self) {
        if self.outcome().is_none() {
            let o = self.position().end_by_rule(EndReason::Agreement);
            self.declared = Some((self.ply(), o));
        }
    }

    /// The next game of a match: a fresh game of the same variant and start
    /// (with `seed` for its dice), into which the family carries what the
    /// match rules pass on (Dice-Money: the winner's prices).
    pub fn next_in_match(&self, seed: u64) -> Result<Game, VariantError> {
        let mut next = Game::new(self.variant.clone(), self.start_fen.as_deref(), seed)?;
        if let Some(state) = &self.start_state {
            // The same start was set up once already, so it sets up again.
            next.restore_start_state(state).ok();
        }
        let winner = self.outcome().and_then(|o| o.winner);
        let mut start = next.positions[0].clone();
        start.carry_over(&self.positions[0], self.position(), winner);
        next.carried = start.carried();
        next.positions[0] = start;
        Ok(next)
    }

    /// What a previous game of a match carried into this game's start, for
    /// saved records.
    pub fn carried(&self) -> Option<&Carried> {
        self.carried.as_ref()
    }

    /// Restore a carried start state before any action is played (loading a
    /// saved game of a match).
    pub fn restore_carried(&mut self, carried: &Carried) -> Result<(), CarryError> {
        if !self.actions.is_empty() {
            return Err(CarryError::AfterFirstAction);
        }
        self.positions[0].restore_carried(carried)?;
        self.carried = Some(carried.clone());
        Ok(())
    }

    /// Truncate to the first `ply` actions (branching from a replay).
    pub fn truncate(&mut self, ply: usize) {
        if ply < self.actions.len() {
            self.positions.truncate(ply + 1);
            self.actions.truncate(ply);
            self.sans.truncate(ply);
            self.redo.clear();
            self.declared = None;
        }
    }
}
