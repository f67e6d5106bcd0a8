//! The rules trait every variant family implements, and the pieces of rule
//! logic that do not depend on a family (perft, SAN with check marks,
//! reading a typed move).
//!
//! # How each family maps onto [`Position`]
//!
//! A position is a plain `Clone` value; the hot path is copy-make:
//! [`Position::legal_actions`] fills a reused buffer and
//! [`Position::play_unchecked`] mutates a copy. Every family keeps only what
//! differs from chess; shared generation lives in [`crate::core::movegen`]
//! and, for the families with a royal king, [`crate::core::legal`].
//!
//! - **Standard, Contrast, Monochromatic** share one position type,
//!   [`fide::FidePosition`], generic over their piece powers.
//! - **Standard**: FIDE-legal generation with pins; outcome covers mate,
//!   stalemate and insufficient material. Fifty-move and repetition are
//!   judged by [`motley_game::Game`] from [`Position::quiet_rule_end`] and
//!   [`Position::repetition_key`], and the family says what they mean
//!   through [`Position::end_by_rule`].
//! - **Antichess / Chicken** (one family): kings are ordinary pieces; captures
//!   are compulsory; Chicken switches on *flipping* (after
//!   `play_unchecked` moves a piece, it recolours the enemies it attacks),
//!   its castling ruling and the stalemate-by-count rule, all as options.
//! - **Monochrome**: *positional ownership* is kept by recolouring a piece
//!   whenever it crosses the centerline, so `Board::by_color` always means
//!   "whose half". Scores and the no-rejection square pair are extra state in
//!   the position and in [`Position::hash`] (scores are left out of
//!   [`Position::repetition_key`], as docs/rules.md says).
//! - **Contrast**: strong/weak powers are a function of the board, given to
//!   the shared generator as the family's powers; the queen's *capture in
//!   place* is `MoveKind::CaptureInPlace` (the piece on `to` vanishes, the
//!   queen stays on `from`).
//! - **Monochromatic** (+ knightless, Jamal, Daffy, double knight): generate
//!   with the knight-slot leaper of the variant, keep only colour-keeping
//!   moves, and test legality with *pictorial check* (normal powers). The
//!   leaper shapes come from `core::attacks::Leaper`.
//! - **Dice-Money**: a turn is several actions. The position is a *chance
//!   node* when the dice must be rolled ([`Position::is_chance`],
//!   [`Position::chance_outcomes`] gives the 21 distinct rolls with weights;
//!   `legal_actions` lists all 36 ordered `Action::Roll`s). Then the same side
//!   acts several times — a purchase (`Action::Buy` or `Action::Place`), the
//!   main move, bought extra moves or `Action::Pass` — so callers must use
//!   [`Position::turn`] rather than assume sides alternate. Money, prices,
//!   lost pieces and dice live in the position and in its hash.

pub mod antichess;
pub mod any;
pub mod castling;
pub mod contrast;
pub mod core;
pub mod dice_money;
pub mod facts;
pub mod fairy;
pub mod fide;
pub mod illegal;
pub mod monochromatic;
pub mod monochrome;
pub mod setup;
pub mod shop;
pub mod standard;

pub use any::AnyPosition;
pub use facts::Describe;
pub use illegal::{
    AmbiguityHint, Attacks, CastlingBlock, FamilyName, IllegalReason, PieceName, UnreadableHint,
};

use crate::core::action::find_by_coord;
use crate::core::attacks::{king_attacks, pawn_attacks};
use crate::core::movegen::{castle_geometry, pawn_start_rank};
use crate::core::san;
use crate::core::{
    Action, Bitboard, Board, Color, CoordText, FenError, Move, MoveKind, Piece, Role, Setup, Square,
};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Why a game ended. Saved games keep it by its stable id
/// ([`EndReason::id`], e.g. `time_forfeit`), never by its words, so
/// rewording [`EndReason::describe`] changes no saved game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    Checkmate,
    Stalemate,
    InsufficientMaterial,
    /// 100 plies (or chess moves, per family) without the family's progress.
    FiftyMoves,
    Repetition,
    /// A player has no pieces (antichess family: that player wins).
    NoPieces,
    /// The player to move has no legal move (families where that is not
    /// stalemate-as-draw: antichess win, Chicken piece count, Monochrome
    /// scores).
    NoLegalMoves,
    /// Monochrome: one half of the board is empty.
    HalfEmpty,
    /// Both players agreed (draw offer accepted / Monochrome end offer).
    Agreement,
    Resignation,
    /// The player to act ran out of time and the opponent could still win.
    TimeForfeit,
    /// The player to act ran out of time, but the opponent cannot possibly
    /// win ([`Position::can_win`]): a draw.
    TimeoutCannotWin,
    /// Decided from outside the rules (a match stopped at its ply limit;
    /// PGN's `adjudication`).
    Adjudication,
    /// A variant from data: a side has too few pieces of a kind left
    /// (extinction).
    Extinction,
    /// A variant from data: a piece reached its goal region (the flag:
    /// king of the hill's centre, racing kings' last rank).
    GoalReached,
    /// A variant from data: the last of the checks to give was given.
    ChecksGiven,
    /// A variant from data: its own move-count rule (`nMoveRule`) ran out.
    MoveRule,
    /// A variant from data: both sides passed in a row.
    BothPassed,
    /// A variant from data: the count of its counting rule ran out
    /// (makruk's board's and pieces' honour).
    CountingRule,
}

impl EndReason {
    /// Every reason, for readers that look one up by its id.
    pub const ALL: [EndReason; 19] = [
        EndReason::Checkmate,
        EndReason::Stalemate,
        EndReason::InsufficientMaterial,
        EndReason::FiftyMoves,
        EndReason::Repetition,
        EndReason::NoPieces,
        EndReason::NoLegalMoves,
        EndReason::HalfEmpty,
        EndReason::Agreement,
        EndReason::Resignation,
        EndReason::TimeForfeit,
        EndReason::TimeoutCannotWin,
        EndReason::Adjudication,
        EndReason::Extinction,
        EndReason::GoalReached,
        EndReason::ChecksGiven,
        EndReason::MoveRule,
        EndReason::BothPassed,
        EndReason::CountingRule,
    ];

    /// The stable id saved games keep (the serde name): never reworded.
    pub fn id(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::InsufficientMaterial => "insufficient_material",
            EndReason::FiftyMoves => "fifty_moves",
            EndReason::Repetition => "repetition",
            EndReason::NoPieces => "no_pieces",
            EndReason::NoLegalMoves => "no_legal_moves",
            EndReason::HalfEmpty => "half_empty",
            EndReason::Agreement => "agreement",
            EndReason::Resignation => "resignation",
            EndReason::TimeForfeit => "time_forfeit",
            EndReason::TimeoutCannotWin => "timeout_cannot_win",
            EndReason::Adjudication => "adjudication",
            EndReason::Extinction => "extinction",
            EndReason::GoalReached => "goal_reached",
            EndReason::ChecksGiven => "checks_given",
            EndReason::MoveRule => "move_rule",
            EndReason::BothPassed => "both_passed",
            EndReason::CountingRule => "counting_rule",
        }
    }

    /// The reason with this id ([`EndReason::id`]), if any.
    pub fn from_id(id: &str) -> Option<EndReason> {
        EndReason::ALL.into_iter().find(|r| r.id() == id)
    }

    /// Words for status lines and `check` output: the one place an ending
    /// becomes words.
    pub fn describe(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::InsufficientMaterial => "insufficient material",
            EndReason::FiftyMoves => "fifty-move rule",
            EndReason::Repetition => "threefold repetition",
            EndReason::NoPieces => "a player has no pieces left",
            EndReason::NoLegalMoves => "no legal move",
            EndReason::HalfEmpty => "one half of the board is empty",
            EndReason::Agreement => "agreement",
            EndReason::Resignation => "resignation",
            EndReason::TimeForfeit => "time ran out",
            EndReason::TimeoutCannotWin => "time ran out; the opponent cannot win",
            EndReason::Adjudication => "adjudication",
            EndReason::Extinction => "a side has too few pieces of a kind left",
            EndReason::GoalReached => "a piece reached its goal",
            EndReason::ChecksGiven => "the last check was given",
            EndReason::MoveRule => "the variant's move-count rule",
            EndReason::BothPassed => "both sides passed",
            EndReason::CountingRule => "the count ran out before the mate",
        }
    }
}

impl Serialize for EndReason {
    /// As its id ([`EndReason::id`]).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for EndReason {
    /// From its id ([`EndReason::id`]); anything else is refused by name.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<EndReason, D::Error> {
        let id = String::deserialize(d)?;
        EndReason::from_id(&id).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "'{}' is not an ending's id",
                crate::core::quote::clip(&id)
            ))
        })
    }
}

/// The end of a game: who won (None = draw), why, and the final scores in
/// families that keep them (Monochrome: `[south, north]`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub winner: Option<Color>,
    pub reason: EndReason,
    pub scores: Option<[u32; 2]>,
}

impl Outcome {
    /// A decisive result.
    pub fn win(winner: Color, reason: EndReason) -> Outcome {
        Outcome {
            winner: Some(winner),
            reason,
            scores: None,
        }
    }

    /// A draw.
    pub fn draw(reason: EndReason) -> Outcome {
        Outcome {
            winner: None,
            reason,
            scores: None,
        }
    }

    /// Scored ending: the higher score wins, equal scores draw.
    pub fn scored(scores: [u32; 2], reason: EndReason) -> Outcome {
        let winner = match scores[0].cmp(&scores[1]) {
            std::cmp::Ordering::Greater => Some(Color::White),
            std::cmp::Ordering::Less => Some(Color::Black),
            std::cmp::Ordering::Equal => None,
        };
        Outcome {
            winner,
            reason,
            scores: Some(scores),
        }
    }

    /// PGN result token.
    pub fn result_str(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// One line for people with chess's names for the sides: "White wins
    /// (checkmate)", "Draw (stalemate)". Where a position is at hand, use
    /// [`Outcome::describe_with`] and the family's names instead.
    pub fn describe(&self) -> String {
        self.describe_with([Color::White.name(), Color::Black.name()])
    }

    /// [`Outcome::describe`] with the family's names for the sides
    /// ([`Describe::side_names`]: Monochrome's South and North).
    pub fn describe_with(&self, side_names: [&str; 2]) -> String {
        let who = match self.winner {
            Some(c) => format!("{} wins", side_names[c.index()]),
            None => "Draw".to_string(),
        };
        let why = self.reason_with(side_names);
        match self.scores {
            Some([s, n]) => format!("{who} ({why}; score {s}–{n})"),
            None => format!("{who} ({why})"),
        }
    }

    /// The reason in words, naming the side where the reason is about one:
    /// "White has no pieces left" rather than "a player has …" (in the
    /// antichess family the player left without pieces is the winner).
    pub fn reason_with(&self, side_names: [&str; 2]) -> String {
        match (self.reason, self.winner) {
            (EndReason::NoPieces, Some(c)) => {
                format!("{} has no pieces left", side_names[c.index()])
            }
            (reason, _) => reason.describe().to_string(),
        }
    }
}

/// An outcome with the family's names for the sides ([`Describe::side_names`]):
/// what a message about a finished game says, typed until it is shown.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NamedOutcome {
    /// How the game ended.
    pub outcome: Outcome,
    /// The family's names for White and Black.
    pub sides: [&'static str; 2],
}

impl NamedOutcome {
    /// The outcome as told in `pos`'s family.
    pub fn of(outcome: Outcome, pos: &impl Describe) -> NamedOutcome {
        NamedOutcome {
            outcome,
            sides: pos.side_names(),
        }
    }
}

impl std::fmt::Display for NamedOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.outcome.describe_with(self.sides))
    }
}

/// Why a position could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    #[error(transparent)]
    Fen(#[from] FenError),
    /// A FEN a variant from data cannot read.
    #[error("FEN: {0}")]
    FromData(#[from] fairy::FairyFenError),
    #[error("{0} has no king")]
    MissingKing(Color),
    #[error("{0} has more than one king")]
    TooManyKings(Color),
    #[error("a pawn stands on the first or last rank ({0})")]
    PawnOnBackRank(Square),
    #[error("the side not to move ({0}) is in check")]
    OppositeCheck(Color),
    #[error("castling right {0} does not match the king and rook squares")]
    BadCastling(char),
    #[error("en-passant square {0} has no pawn that just double-stepped past it")]
    BadEnPassant(Square),
    #[error("{color} has {count} pieces; at most 16 fit one set")]
    TooManyPieces { color: Color, count: u32 },
    /// Dice-Money: more of a role than one set holds (promotion brings
    /// back only lost pieces).
    #[error("Dice-Money: {color} has {count} {}s but one set has only {max} (promotion only brings back lost pieces)", .role.name())]
    MoreThanASet {
        color: Color,
        role: Role,
        count: u32,
        max: u32,
    },
    /// Monochrome: a start score over the bound.
    #[error("a Monochrome score may be at most {max}")]
    ScoreTooHigh { max: u32 },
    /// A family option beyond its bound, named by its variant-file field.
    #[error(transparent)]
    Option(#[from] OptionError),
    /// Any other reason a set-up position is refused, in its words.
    #[error("the position cannot be set up: {0}")]
    Setup(setup::SetupProblem),
}

/// A variant file's family option beyond what the family allows, named by
/// its field, so no game's arithmetic can overflow.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OptionError {
    /// Monochrome: a piece worth more than the bound.
    #[error("values.{field} is {value}; a piece may be worth at most {max}")]
    PieceValue {
        field: &'static str,
        value: u32,
        max: u32,
    },
    /// Dice-Money: an amount of money, a price or an increment over the
    /// bound.
    #[error("{field} is {value}; at most {max}")]
    Amount {
        field: &'static str,
        value: u32,
        max: u32,
    },
}

/// Plies without progress that end a game by the fifty-move rule, in the
/// families that have it ([`Position::quiet_limit`]).
pub const QUIET_LIMIT: u32 = 100;

/// The rules of one family, as a position that knows its legal actions.
pub trait Position: Clone + Send + Sync + 'static {
    /// The part of the state a FEN records, kept in one shape by every
    /// family so that the accessors below are written once.
    fn fen_state(&self) -> &Setup;

    /// Piece placement.
    #[inline]
    fn board(&self) -> &Board {
        &self.fen_state().board
    }

    /// The side that acts now (in Dice-Money the same side acts several
    /// times in a row).
    #[inline]
    fn turn(&self) -> Color {
        self.fen_state().turn
    }

    /// Append every legal action to `out` (which the caller has cleared).
    /// Empty exactly when the game is over by the board: no pieces, an empty
    /// Monochrome half, or no legal move.
    fn legal_actions(&self, out: &mut Vec<Action>);

    /// Play an action taken from `legal_actions`. Anything else may leave
    /// the position meaningless (but never panics).
    fn play_unchecked(&mut self, action: Action);

    /// The result if the game is over by the position itself, given this
    /// position's legal actions (so callers that generated them already do
    /// not generate twice). Fifty-move and repetition are judged by the game.
    fn outcome_given(&self, legal: &[Action]) -> Option<Outcome>;

    /// Zobrist hash of everything that matters to play (for the AI's
    /// transposition table).
    fn hash(&self) -> u64;

    /// Key compared for threefold repetition, or `None` where this state does
    /// not count (Dice-Money mid-turn).
    fn repetition_key(&self) -> Option<u64> {
        Some(self.hash())
    }

    /// Plies (or chess moves) since the family's last irreversible event;
    /// the game ends when they reach [`Position::quiet_limit`].
    fn quiet_plies(&self) -> u32 {
        self.fen_state().halfmoves
    }

    /// How many [`Position::quiet_plies`] end the game by the fifty-move
    /// rule ([`EndReason::FiftyMoves`]), or `None` where the family has no
    /// such rule or ends the game by its own (a variant from data's
    /// `nMoveRule`, judged in its outcome), so no limit is imposed on it.
    fn quiet_limit(&self) -> Option<u32> {
        Some(QUIET_LIMIT)
    }

    /// The end by the quiet-move rule, once [`Position::quiet_limit`] is
    /// reached: what the game and the computer's search both ask, so the
    /// rule has one owner.
    fn quiet_rule_end(&self) -> Option<Outcome> {
        let limit = self.quiet_limit()?;
        (self.quiet_plies() >= limit).then(|| self.end_by_rule(EndReason::FiftyMoves))
    }

    /// How many plies back an earlier position may share this one's
    /// repetition key (the game scans only that far). Families whose
    /// [`Position::quiet_plies`] counts something other than plies
    /// (Dice-Money counts chess moves, not rolls and purchases) override.
    fn repetition_window(&self) -> u32 {
        self.quiet_plies()
    }

    /// FEN move number.
    fn fullmoves(&self) -> u32 {
        self.fen_state().fullmoves
    }

    /// The position as FEN (families with extra state write only the FEN
    /// part; saves keep the rest as actions).
    fn to_fen(&self) -> String {
        self.fen_state().to_fen()
    }

    /// Does this move capture? (For SAN's `x` and clocks.)
    fn is_capture(&self, m: &Move) -> bool {
        match m.kind {
            MoveKind::EnPassant | MoveKind::CaptureInPlace => true,
            MoveKind::Castle => false,
            _ => self.board().occupied().contains(m.to),
        }
    }

    /// Is `color`'s king in check now, whoever acts? Always false in
    /// families without check. In Dice-Money a check given by the main move
    /// is seen during the mover's extra moves.
    fn in_check(&self, _color: Color) -> bool {
        false
    }

    /// True when the next action is a chance event (dice).
    fn is_chance(&self) -> bool {
        false
    }

    /// The distinct chance outcomes with integer weights (Dice-Money: 21
    /// rolls, weights 1 or 2 out of 36). Empty when not a chance node.
    fn chance_outcomes(&self) -> Vec<(Action, u32)> {
        Vec::new()
    }

    /// The scores of families that keep them (Monochrome: `[south,
    /// north]`), as they stand now; `None` elsewhere.
    fn current_scores(&self) -> Option<[u32; 2]> {
        None
    }

    /// What an ending by a game-level rule means here: a draw, or where
    /// the family keeps scores ([`Position::current_scores`]) the higher
    /// score wins.
    fn end_by_rule(&self, reason: EndReason) -> Outcome {
        match self.current_scores() {
            Some(scores) => Outcome::scored(scores, reason),
            None => Outcome::draw(reason),
        }
    }

    /// How many times one position must occur for the game to end by
    /// repetition ([`Position::end_by_rule`] says what it means): three
    /// in every family but a variant from data that sets `nFoldRule`;
    /// `None` where repetition never ends the game.
    fn repetition_limit(&self) -> Option<usize> {
        Some(3)
    }

    /// Why a typed action is not legal: the first reason that applies, so
    /// a piece that cannot make that move at all is told so before any
    /// rule about check or captures ([`beyond_reach`]). Families override
    /// to name their own rules; the default covers the common cases. The
    /// words are [`IllegalReason`]'s.
    fn why_illegal(&self, text: &CoordText, legal: &[Action]) -> IllegalReason {
        generic_why_illegal(self, text, legal)
    }

    /// Why the side to act cannot castle on that side (`O-O` typed), when
    /// the reason is not the castling move itself: the family has no
    /// castling, or the king is not where castling starts. `None` when the
    /// king's castling move is there to be explained by
    /// [`Position::why_illegal`]. The default is FIDE's: the right to castle
    /// leaves with the king's first move.
    fn why_cannot_castle(&self, _kingside: bool) -> Option<CastlingBlock> {
        castling::king_left_home(self.board(), self.turn())
    }

    /// The name of a piece in messages: families whose pieces are not the
    /// chess pieces their letters suggest (Jamal's camel in the knight's
    /// place) override, so an explanation never calls a camel a knight.
    fn piece_name(&self, role: Role) -> PieceName {
        PieceName::Chess(role)
    }

    /// The kinds of piece the variant has, in its own order: what the
    /// position editor offers to place and what typing a letter there
    /// may pick. The built-in families have chess's six; a variant from
    /// data has its own.
    fn roles(&self) -> Vec<Role> {
        Role::ALL.to_vec()
    }

    /// Where the piece on `from` could ever go on an otherwise empty board,
    /// castling included: its movement pattern in this family. A move
    /// outside it is explained as impossible before any other rule, and
    /// typed SAN is matched to the piece it must mean with it. Empty when
    /// `from` is empty. The default is chess's pattern
    /// ([`chess_pattern`]).
    fn move_pattern(&self, from: Square) -> Bitboard {
        self.board()
            .piece_at(from)
            .map_or(Bitboard::EMPTY, |p| chess_pattern(p, from))
    }

    /// Could `color` still win this game in some way, however unlikely? A
    /// flag fall is a loss only when the opponent can still win, a draw
    /// otherwise. The default: a side with nothing but its king cannot win
    /// (no family here mates or scores with a lone king); families with
    /// finer or other ideas of winning override.
    fn can_win(&self, color: Color) -> bool {
        let board = self.board();
        (board.by_color(color) & !board.by_role(Role::King)).any()
    }

    /// Match play: set up this (fresh) start position from the previous
    /// game of the match — its start, its end and its winner. Dice-Money
    /// carries prices over; other families have nothing to carry.
    fn carry_over(&mut self, _previous_start: &Self, _previous_end: &Self, _winner: Option<Color>) {
    }

    /// Match play: what [`Position::carry_over`] can set, so a saved game of
    /// a match replays from the same start. `None` in families that carry
    /// nothing from one game to the next (so they play no matches with
    /// carry-over).
    fn carried(&self) -> Option<Carried> {
        None
    }

    /// Put back what [`Position::carried`] gave.
    fn restore_carried(&mut self, _carried: &Carried) -> Result<(), CarryError> {
        Err(CarryError::NothingCarried)
    }

    /// The state a FEN cannot hold (Dice-Money: money, lost pieces, prices,
    /// dice), typed; records write its `Display`. `None` where the FEN says
    /// everything.
    fn extra_state(&self) -> Option<ExtraState> {
        None
    }

    /// The position as a [`setup::Draft`]: what the position editor
    /// starts from, and what a record's set-up start is compared with.
    /// Families with state beyond the FEN override (mid-turn details such
    /// as Dice-Money's bought extra moves are not part of a draft).
    fn draft(&self) -> setup::Draft {
        setup::Draft::plain(*self.fen_state())
    }

    /// The result if the game is over by the position itself.
    fn outcome(&self) -> Option<Outcome> {
        let mut legal = Vec::with_capacity(64);
        self.legal_actions(&mut legal);
        self.outcome_given(&legal)
    }
}

/// What one game of a match passes on to the next. Records keep it as
/// JSON in their `carried` field (`{"prices": [[…], […]]}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Carried {
    /// Both players' price lists (Dice-Money).
    Prices(dice_money::PriceLists),
}

impl<'de> Deserialize<'de> for Carried {
    /// Read as the one kind there is, so a bad value gets that kind's own
    /// message (e.g. "unknown field `prizes`, expected `prices`").
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Carried, D::Error> {
        dice_money::PriceLists::deserialize(d).map(Carried::Prices)
    }
}

/// Why a carried state could not be put back.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CarryError {
    /// The family has nothing to carry, so a record's carried state is
    /// not its own.
    #[error("this variant carries nothing from one game of a match to the next")]
    NothingCarried,
    /// A carried state sets up a game's start, so it cannot come later.
    #[error("the carried state applies only before the first action")]
    AfterFirstAction,
    /// A carried price beyond what the family's files allow (over
    /// Dice-Money's cap), named by side and index.
    #[error("prices[{side}][{index}] is {price}; at most {max}")]
    PriceTooHigh {
        side: usize,
        index: usize,
        price: u32,
        max: u32,
    },
}

/// The state of a position that a FEN cannot hold, typed by family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExtraState {
    /// Dice-Money's money, lost pieces, prices and turn.
    DiceMoney(dice_money::Ledger),
}

impl std::fmt::Display for ExtraState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExtraState::DiceMoney(ledger) => ledger.fmt(f),
        }
    }
}

/// Chess's movement pattern of `piece` on `from` on an empty board: the
/// usual powers, pawns one or two squares forward (two only from their
/// first rank) and one diagonally forward, kings also their castling
/// squares while on their start square.
pub fn chess_pattern(piece: Piece, from: Square) -> Bitboard {
    let empty = Bitboard::EMPTY;
    match piece.role {
        Role::Pawn => {
            let dir = piece.color.fold(1i8, -1);
            let mut out = pawn_attacks(piece.color, from);
            if let Some(one) = from.offset(0, dir) {
                out |= Bitboard::from_square(one);
            }
            if from.rank() == pawn_start_rank(piece.color) {
                if let Some(two) = from.offset(0, 2 * dir) {
                    out |= Bitboard::from_square(two);
                }
            }
            out
        }
        Role::King => {
            let mut out = king_attacks(from);
            for kingside in [true, false] {
                let g = castle_geometry(piece.color, kingside);
                if g.king_from == from {
                    out |= Bitboard::from_square(g.king_to);
                }
            }
            out
        }
        _ => crate::core::board::piece_attacks(piece, from, empty),
    }
}

/// The first reason of all for a move of one's own piece: the piece cannot
/// make that move at all (it is outside its [`Position::move_pattern`]).
/// `None` when the move is within the pattern, or is not a move of a
/// piece of the side to act.
pub fn beyond_reach<P: Position>(pos: &P, text: &CoordText) -> Option<IllegalReason> {
    let CoordText::Move { from, to, .. } = *text else {
        return None;
    };
    let piece = pos.board().piece_at(from)?;
    if piece.color != pos.turn() || from == to || pos.move_pattern(from).contains(to) {
        return None;
    }
    Some(IllegalReason::CannotMoveTo {
        piece: pos.piece_name(piece.role),
        from,
        to,
    })
}

/// Why the piece of the side to act on `from` cannot go to `to` whatever
/// the rules of check or captures say: outside its pattern, onto one's
/// own piece, or (for sliders and pawn pushes) through a piece.
fn why_move_impossible<P: Position>(pos: &P, from: Square, to: Square) -> Option<IllegalReason> {
    let board = pos.board();
    let piece = board.piece_at(from)?;
    let text = CoordText::plain(from, to);
    if let Some(why) = beyond_reach(pos, &text) {
        return Some(why);
    }
    if let Some(own) = board
        .piece_at(to)
        .filter(|p| p.color == piece.color && to != from)
    {
        return Some(IllegalReason::OwnPiece {
            square: to,
            piece: pos.piece_name(own.role),
        });
    }
    let slides = match piece.role {
        Role::Bishop | Role::Rook | Role::Queen => true,
        Role::Pawn => from.file() == to.file(),
        _ => false,
    };
    let blockers = crate::core::attacks::between(from, to) & board.occupied();
    match blockers.first() {
        Some(blocker) if slides => Some(IllegalReason::Blocked {
            piece: pos.piece_name(piece.role),
            from,
            blocker,
            to,
        }),
        _ => None,
    }
}

/// The common explanations: no piece, wrong side, wrong square.
pub fn generic_why_illegal<P: Position>(
    pos: &P,
    text: &CoordText,
    legal: &[Action],
) -> IllegalReason {
    if legal.is_empty() {
        return IllegalReason::GameOver;
    }
    if pos.is_chance() {
        return IllegalReason::DiceFirst;
    }
    match *text {
        CoordText::Move { from, to, .. } => {
            let board = pos.board();
            let Some(piece) = board.piece_at(from) else {
                return IllegalReason::NoPiece { square: from };
            };
            let name = pos.piece_name(piece.role);
            if piece.color != pos.turn() {
                return IllegalReason::NotYours {
                    piece: name,
                    square: from,
                    to_move: pos.turn(),
                };
            }
            let from_moves: Vec<Move> = legal
                .iter()
                .filter_map(|a| a.as_move())
                .filter(|m| m.from == from)
                .collect();
            // Reasons about the move itself, unless the family allows that
            // move in some form (then the form is at fault, below).
            if !from_moves.iter().any(|m| m.to == to) {
                if let Some(why) = why_move_impossible(pos, from, to) {
                    return why;
                }
            }
            if from_moves.is_empty() {
                return IllegalReason::NoLegalMove {
                    piece: name,
                    square: from,
                };
            }
            let same_squares: Vec<Move> =
                from_moves.iter().copied().filter(|m| m.to == to).collect();
            if !same_squares.is_empty() {
                return other_form(text, same_squares);
            }
            IllegalReason::CannotMoveTo {
                piece: name,
                from,
                to,
            }
        }
        CoordText::Roll(..) => IllegalReason::RollNotNow,
        CoordText::Buy(_) | CoordText::Place(..) => IllegalReason::NoPurchases,
        CoordText::Pass => IllegalReason::NoPass,
    }
}

/// The legal move from and to the squares typed exists, but the text
/// wrote it otherwise: say how it is written.
fn other_form(text: &CoordText, moves: Vec<Move>) -> IllegalReason {
    if let Some(castle) = moves.iter().find(|m| m.kind == MoveKind::Castle) {
        return IllegalReason::CastleWrittenAs(*castle);
    }
    let promotes = moves.iter().any(|m| m.promotion().is_some());
    match text {
        CoordText::Move {
            promotion: None, ..
        } if promotes => IllegalReason::MustPromote(
            moves
                .into_iter()
                .filter(|m| m.promotion().is_some())
                .collect(),
        ),
        CoordText::Move {
            promotion,
            piece_promotion,
            ..
        } if (promotion.is_some() || *piece_promotion) && !promotes => {
            IllegalReason::DoesNotPromote(moves)
        }
        _ => IllegalReason::WrittenAs(moves),
    }
}

/// Why typed text could not be played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveInputError {
    #[error("{0}")]
    NotUnderstood(Unreadable),
    #[error("'{}' is illegal: {reason}", crate::core::quote::clip(.text))]
    Illegal { text: String, reason: IllegalReason },
    #[error("{0}")]
    Ambiguous(Ambiguity),
}

/// Typed text that reads as no action at all, and what would read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("'{}' is not a move ({hint})", crate::core::quote::clip(.text))]
pub struct Unreadable {
    /// The text as typed (trimmed).
    pub text: String,
    /// What is wrong with it, or what a move looks like.
    pub hint: UnreadableHint,
}

impl Unreadable {
    /// Text with no recognisable move in it.
    fn new(text: &str) -> Unreadable {
        Unreadable {
            text: text.to_string(),
            hint: UnreadableHint::Example,
        }
    }
}

/// Typed text that fits several legal actions, and how to say which.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("'{}' is ambiguous: {hint}", crate::core::quote::clip(.text))]
pub struct Ambiguity {
    /// The text as typed (trimmed).
    pub text: String,
    /// How to write the one meant.
    pub hint: AmbiguityHint,
}

/// SAN of a legal action, with `+`/`#` where the family has check.
pub fn san_of<P: Position>(pos: &P, action: &Action, legal: &[Action]) -> String {
    let mut s = san::write_san(pos.board(), action, legal, &|m| pos.is_capture(m));
    if action.as_move().is_some() {
        let mut after = pos.clone();
        after.play_unchecked(*action);
        let opponent = pos.turn().other();
        if after.in_check(opponent) {
            // Mate is judged only when the opponent is the one to act, and
            // only a mate is written `#`: a check that ends the game by
            // another rule (three-check's last) is a check.
            let mut replies = Vec::new();
            if after.turn() == opponent {
                after.legal_actions(&mut replies);
            }
            let mated = after.turn() == opponent
                && after
                    .outcome_given(&replies)
                    .is_some_and(|o| o.reason == EndReason::Checkmate);
            s.push(if mated { '#' } else { '+' });
        }
    }
    s
}

/// SAN of every legal action, in the same order.
pub fn all_sans<P: Position>(pos: &P, legal: &[Action]) -> Vec<String> {
    legal.iter().map(|a| san_of(pos, a, legal)).collect()
}

/// Read typed text — coordinate notation first, then SAN — as a legal
/// action, or say in words why not. Long algebraic (`e2-e4`, `e2 e4`,
/// `e2xe4`, `Ng1-f3`) is read as the squares it names; piece letters may
/// be lower case (`nf3`) where that cannot be a file (a lower-case `b` is
/// weighed as the b-file and as a bishop, and refused when both fit).
pub fn parse_action<P: Position>(pos: &P, text: &str) -> Result<Action, MoveInputError> {
    let trimmed = text.trim();
    let joined = san::join_long_algebraic(trimmed);
    let mut legal = Vec::with_capacity(64);
    pos.legal_actions(&mut legal);
    if let Ok(mut coord) = CoordText::parse(&joined) {
        // `e2e4+` that is no piece's own promotion: a check mark after
        // coordinates.
        let plus_is_check = matches!(
            coord,
            CoordText::Move {
                piece_promotion: true,
                ..
            }
        ) && find_by_coord(&coord, &legal).is_none();
        if let Some(plain) = joined.strip_suffix('+').filter(|_| plus_is_check) {
            return parse_action(pos, plain);
        }
        // Other programs write every drop in upper case (`N@f3` for
        // Black's knight): read so, it is the side to act's own piece.
        if let CoordText::Place(piece, sq) = coord {
            let own = CoordText::Place(Piece::new(pos.turn(), piece.role), sq);
            let upper_for_black = piece.color == Color::White && pos.turn() == Color::Black;
            if upper_for_black
                && find_by_coord(&coord, &legal).is_none()
                && find_by_coord(&own, &legal).is_some()
            {
                coord = own;
            }
        }
        return find_by_coord(&coord, &legal).ok_or_else(|| MoveInputError::Illegal {
            text: trimmed.to_string(),
            reason: pos.why_illegal(&coord, &legal),
        });
    }
    let typed = san::capitalise_pieces(&joined);
    if let Some((square, junk)) = san::trailing_junk(&typed) {
        return Err(MoveInputError::NotUnderstood(Unreadable {
            text: trimmed.to_string(),
            hint: UnreadableHint::TrailingJunk { junk, square },
        }));
    }
    let sans: Vec<String> = legal
        .iter()
        .map(|a| san::write_san(pos.board(), a, &legal, &|m| pos.is_capture(m)))
        .collect();
    let read = |t: &str| san::parse_san(t, &legal, &sans, pos.board());
    let as_typed = read(&typed);
    // A lower-case b: the b-file as typed, or a bishop, unless the text is
    // a legal move's SAN exactly (`bxc4` is the pawn's, as SAN writes it).
    let exact = sans.contains(&san::normalize_san(&typed));
    let bishop_text = typed
        .strip_prefix('b')
        .filter(|rest| rest.len() >= 2 && !exact)
        .map(|rest| format!("B{rest}"));
    let found = match &bishop_text {
        Some(bishop_text) => match (as_typed, read(bishop_text)) {
            (san::SanMatch::NoMatch, bishop) => bishop,
            (pawn, san::SanMatch::NoMatch) => pawn,
            (pawn, _) => {
                let pawn_san = match &pawn {
                    san::SanMatch::Found(a) => legal
                        .iter()
                        .position(|l| l == a)
                        .and_then(|i| sans.get(i).cloned()),
                    _ => None,
                };
                return Err(MoveInputError::Ambiguous(Ambiguity {
                    text: trimmed.to_string(),
                    hint: AmbiguityHint::BFile {
                        bishop: bishop_text.clone(),
                        pawn: pawn_san,
                    },
                }));
            }
        },
        None => as_typed,
    };
    match found {
        san::SanMatch::Found(a) => Ok(a),
        san::SanMatch::Ambiguous(candidates) => Err(MoveInputError::Ambiguous(Ambiguity {
            text: trimmed.to_string(),
            hint: ambiguity_hint(&candidates),
        })),
        san::SanMatch::NoMatch => Err(
            match (
                &bishop_text,
                explain_unmatched_san(pos, trimmed, &typed, &legal),
            ) {
                (Some(_), MoveInputError::Illegal { text, reason }) => MoveInputError::Illegal {
                    text,
                    reason: IllegalReason::BFile(Box::new(reason)),
                },
                (_, err) => err,
            },
        ),
    }
}

/// How to say which of several legal actions one SAN text meant: a king
/// move that is also a castling (`Kg1` with two kings) is told how
/// castling is written.
fn ambiguity_hint(candidates: &[Action]) -> AmbiguityHint {
    let moves: Vec<Move> = candidates.iter().filter_map(|a| a.as_move()).collect();
    match moves.iter().find(|m| m.kind == MoveKind::Castle) {
        Some(castle) => AmbiguityHint::Castling {
            castle: *castle,
            king_step: moves.iter().copied().find(|m| m.kind != MoveKind::Castle),
        },
        None => AmbiguityHint::WhichPiece,
    }
}

/// The error for SAN (`typed`, already read with capital piece letters)
/// that fits no legal action: not a move at all, or the reason the move
/// it must mean is illegal.
fn explain_unmatched_san<P: Position>(
    pos: &P,
    trimmed: &str,
    typed: &str,
    legal: &[Action],
) -> MoveInputError {
    let names_a_square = typed
        .as_bytes()
        .windows(2)
        .any(|w| (b'a'..=b'h').contains(&w[0]) && (b'1'..=b'8').contains(&w[1]));
    let castles = matches!(san::normalize_san(typed).as_str(), "O-O" | "O-O-O");
    let looks_like_san = (names_a_square || castles)
        && typed
            .chars()
            .next()
            .is_some_and(|c| "KQRBNabcdefgh".contains(c) || castles);
    if !looks_like_san {
        return MoveInputError::NotUnderstood(Unreadable::new(trimmed));
    }
    let reason = if legal.is_empty() {
        IllegalReason::GameOver
    } else {
        match san_meant_move(pos, typed) {
            Ok(coord) => pos.why_illegal(&coord, legal),
            Err(why) => why,
        }
    };
    MoveInputError::Illegal {
        text: trimmed.to_string(),
        reason,
    }
}

/// For SAN that matches no legal action, the move it must mean, so the
/// family explains that move exactly as it explains the same move typed
/// in coordinates or clicked. Castling (`O-O`, `O-O-O`) means the king's
/// castling move; otherwise the piece is the one of the side to act with
/// the letter's role whose movement pattern ([`Position::move_pattern`])
/// reaches the square (a pawn without a capture mark stays on its file),
/// consistent with any file or rank hint, preferring one whose path is
/// clear when several fit. `Err` says why no single move is meant.
fn san_meant_move<P: Position>(pos: &P, text: &str) -> Result<CoordText, IllegalReason> {
    let t = san::normalize_san(text);
    let board = pos.board();
    let turn = pos.turn();
    let plain = |from: Square, to: Square| CoordText::plain(from, to);
    if t == "O-O" || t == "O-O-O" {
        let kingside = t == "O-O";
        if let Some(why) = pos.why_cannot_castle(kingside) {
            return Err(IllegalReason::Castling(why));
        }
        let g = castle_geometry(turn, kingside);
        return Ok(plain(g.king_from, g.king_to));
    }
    let t = t.split('=').next().unwrap_or(&t);
    let chars: Vec<char> = t.chars().collect();
    let unclear = || IllegalReason::UnknownNotation;
    let (role, rest) = match chars.first() {
        Some(c) if "KQRBN".contains(*c) => (Role::from_char(*c).ok_or_else(unclear)?, &chars[1..]),
        _ => (Role::Pawn, &chars[..]),
    };
    let capture = rest.iter().any(|c| matches!(c, 'x' | ':'));
    let rest: String = rest
        .iter()
        .filter(|c| !matches!(c, 'x' | '^' | ':'))
        .collect();
    if rest.len() < 2 || !rest.is_ascii() {
        return Err(unclear());
    }
    let to = Square::parse(&rest[rest.len() - 2..]).ok_or_else(unclear)?;
    let hint = &rest[..rest.len() - 2];
    let name = pos.piece_name(role);
    let mine: Vec<Square> = (board.by_color(turn) & board.by_role(role))
        .filter(|from| {
            hint.chars()
                .all(|h| h == from.file_char() || h == from.rank_char())
        })
        .collect();
    if mine.is_empty() {
        return Err(IllegalReason::NoPieceFits {
            color: turn,
            piece: name,
            text: text.to_string(),
        });
    }
    // A pawn move without a file or capture mark is a push along the file.
    let stays_on_file = role == Role::Pawn && !capture && hint.is_empty();
    let fits: Vec<Square> = mine
        .iter()
        .copied()
        .filter(|from| pos.move_pattern(*from).contains(to))
        .filter(|from| !stays_on_file || from.file() == to.file())
        .collect();
    let clear: Vec<Square> = fits
        .iter()
        .copied()
        .filter(|from| (crate::core::attacks::between(*from, to) & board.occupied()).is_empty())
        .collect();
    let on_file: Vec<Square> = mine
        .iter()
        .copied()
        .filter(|from| !stays_on_file || from.file() == to.file())
        .collect();
    match (fits.as_slice(), clear.as_slice(), on_file.as_slice()) {
        ([from], ..) | (_, [from], _) => Ok(plain(*from, to)),
        ([], _, [from]) => Ok(plain(*from, to)),
        ([], ..) => Err(IllegalReason::NoneCanReach {
            piece: name,
            color: turn,
            to,
        }),
        _ => Err(unclear()),
    }
}

/// Count leaf nodes of the action tree (bulk-counting the last ply).
pub fn perft<P: Position>(pos: &P, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<Action>> =
        (0..depth.max(1)).map(|_| Vec::with_capacity(256)).collect();
    perft_inner(pos, depth, &mut buffers)
}

fn perft_inner<P: Position>(pos: &P, depth: u32, buffers: &mut [Vec<Action>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some((buf, rest)) = buffers.split_first_mut() else {
        return 1;
    };
    buf.clear();
    pos.legal_actions(buf);
    if depth == 1 {
        return buf.len() as u64;
    }
    let mut total = 0;
    for a in buf.iter() {
        let mut child = pos.clone();
        child.play_unchecked(*a);
        total += perft_inner(&child, depth - 1, rest);
    }
    total
}

/// Perft split by root action: `(coordinate text, count)` sorted by text.
pub fn perft_divide<P: Position>(pos: &P, depth: u32) -> Vec<(String, u64)> {
    let mut legal = Vec::new();
    pos.legal_actions(&mut legal);
    let mut rows: Vec<(String, u64)> = legal
        .iter()
        .map(|a| {
            let mut child = pos.clone();
            child.play_unchecked(*a);
            (a.to_string(), perft(&child, depth.saturating_sub(1)))
        })
        .collect();
    rows.sort();
    rows
}
