//! The rules trait every variant family implements, and the pieces of rule
//! logic that do not depend on a family (perft, SAN with check marks,
//! reading a typed move).
//!
//! # How each family maps onto [`Position`]
//!
//! A position is a plain `Clone` value; the hot path is copy-make:
//! [`Position::legal_actions`] fills a reused buffer and
//! [`Position::play_unchecked`] mutates a copy. Every family keeps only what
//! differs from chess; shared generation lives in [`crate::core::movegen`].
//!
//! - **Standard**: FIDE-legal generation with pins; outcome covers mate,
//!   stalemate and insufficient material. Fifty-move and repetition are
//!   judged by [`crate::game::Game`] from [`Position::quiet_plies`] and
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
//! - **Contrast**: strong/weak powers are a function of the board, so the
//!   family generates its own moves and attacks; the queen's *capture in
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
pub mod contrast;
pub mod dice_money;
pub mod facts;
pub mod monochromatic;
pub mod monochrome;
pub mod standard;

pub use any::AnyPosition;
pub use facts::Describe;

use crate::core::action::find_by_coord;
use crate::core::san;
use crate::core::{Action, Board, Color, CoordText, FenError, Move, MoveKind, Square};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Why a game ended.
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
}

impl EndReason {
    /// Words for status lines and `check` output.
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
        }
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

    /// One line for people: "White wins (checkmate)", "Draw (stalemate)".
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
        match self.scores {
            Some([s, n]) => format!("{who} ({}; score {s}–{n})", self.reason.describe()),
            None => format!("{who} ({})", self.reason.describe()),
        }
    }
}

/// Why a position could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    #[error(transparent)]
    Fen(#[from] FenError),
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
    #[error("{0}")]
    Invalid(String),
}

/// The rules of one family, as a position that knows its legal actions.
pub trait Position: Clone + Send + Sync + 'static {
    /// Piece placement.
    fn board(&self) -> &Board;

    /// The side that acts now (in Dice-Money the same side acts several
    /// times in a row).
    fn turn(&self) -> Color;

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
    /// the game ends at 100.
    fn quiet_plies(&self) -> u32;

    /// How many plies back an earlier position may share this one's
    /// repetition key (the game scans only that far). Families whose
    /// [`Position::quiet_plies`] counts something other than plies
    /// (Dice-Money counts chess moves, not rolls and purchases) override.
    fn repetition_window(&self) -> u32 {
        self.quiet_plies()
    }

    /// FEN move number.
    fn fullmoves(&self) -> u32;

    /// The position as FEN (families with extra state write only the FEN
    /// part; saves keep the rest as actions).
    fn to_fen(&self) -> String;

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

    /// What an ending by a game-level rule means here (draw, or Monochrome's
    /// scored end).
    fn end_by_rule(&self, reason: EndReason) -> Outcome {
        Outcome::draw(reason)
    }

    /// Explain in words why a typed action is not legal. Families override
    /// to name their own rules; the default covers the common cases.
    fn why_illegal(&self, text: &CoordText, legal: &[Action]) -> String {
        generic_why_illegal(self, text, legal)
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

/// The common explanations: no piece, wrong side, wrong square.
pub fn generic_why_illegal<P: Position>(pos: &P, text: &CoordText, legal: &[Action]) -> String {
    if legal.is_empty() {
        return "the game is over: no action is possible".to_string();
    }
    if pos.is_chance() {
        return "the dice must be rolled first".to_string();
    }
    match *text {
        CoordText::Move { from, to, .. } => {
            let board = pos.board();
            let Some(piece) = board.piece_at(from) else {
                return format!("there is no piece on {from}");
            };
            if piece.color != pos.turn() {
                return format!(
                    "the {} on {from} is not yours; {} to move",
                    piece.role.name(),
                    pos.turn().name()
                );
            }
            let from_moves: Vec<Move> = legal
                .iter()
                .filter_map(|a| a.as_move())
                .filter(|m| m.from == from)
                .collect();
            if from_moves.is_empty() {
                return format!("the {} on {from} has no legal move", piece.role.name());
            }
            if from_moves.iter().any(|m| m.to == to) {
                return match text {
                    CoordText::Move {
                        promotion: None, ..
                    } if from_moves.iter().any(|m| m.promotion().is_some()) => {
                        "that move promotes: add the piece letter, e.g. e7e8q".to_string()
                    }
                    _ => format!("{from}{to} is possible only in another form"),
                };
            }
            format!("the {} on {from} cannot move to {to}", piece.role.name())
        }
        CoordText::Roll(..) => "dice are rolled only at the start of a turn".to_string(),
        CoordText::Buy(_) | CoordText::Place(..) => {
            "purchases and placements exist only in Dice-Money, before the main move".to_string()
        }
        CoordText::Pass => "pass gives up remaining extra moves; there are none now".to_string(),
    }
}

/// Why typed text could not be played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveInputError {
    #[error("'{0}' is not a move (try e2e4 or Nf3)")]
    NotUnderstood(String),
    #[error("'{text}' is illegal: {reason}")]
    Illegal { text: String, reason: String },
    #[error("'{0}' is ambiguous: say which piece (e.g. Nbd2)")]
    Ambiguous(String),
}

/// SAN of a legal action, with `+`/`#` where the family has check.
pub fn san_of<P: Position>(pos: &P, action: &Action, legal: &[Action]) -> String {
    let mut s = san::write_san(pos.board(), action, legal, &|m| pos.is_capture(m));
    if action.as_move().is_some() {
        let mut after = pos.clone();
        after.play_unchecked(*action);
        let opponent = pos.turn().other();
        if after.in_check(opponent) {
            // Mate is judged only when the opponent is the one to act.
            let mut replies = Vec::new();
            if after.turn() == opponent {
                after.legal_actions(&mut replies);
            }
            let mated = after.turn() == opponent && replies.is_empty();
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
/// action, or say in words why not.
pub fn parse_action<P: Position>(pos: &P, text: &str) -> Result<Action, MoveInputError> {
    let trimmed = text.trim();
    let mut legal = Vec::with_capacity(64);
    pos.legal_actions(&mut legal);
    if let Ok(coord) = CoordText::parse(trimmed) {
        return find_by_coord(&coord, &legal).ok_or_else(|| MoveInputError::Illegal {
            text: trimmed.to_string(),
            reason: pos.why_illegal(&coord, &legal),
        });
    }
    let sans: Vec<String> = legal
        .iter()
        .map(|a| san::write_san(pos.board(), a, &legal, &|m| pos.is_capture(m)))
        .collect();
    match san::parse_san(trimmed, &legal, &sans, pos.board()) {
        san::SanMatch::Found(a) => Ok(a),
        san::SanMatch::Ambiguous => Err(MoveInputError::Ambiguous(trimmed.to_string())),
        san::SanMatch::NoMatch => {
            let looks_like_san = trimmed
                .chars()
                .next()
                .is_some_and(|c| "KQRBNO0abcdefgh".contains(c));
            if !looks_like_san {
                return Err(MoveInputError::NotUnderstood(trimmed.to_string()));
            }
            let reason = if legal.is_empty() {
                "the game is over".to_string()
            } else {
                match san_meant_move(pos, trimmed) {
                    Some(coord) => pos.why_illegal(&coord, &legal),
                    None => "no legal move has that notation here".to_string(),
                }
            };
            Err(MoveInputError::Illegal {
                text: trimmed.to_string(),
                reason,
            })
        }
    }
}

/// For SAN that matches no legal action, the one move of a piece of the
/// side to act that it must mean (by role, destination, hints and the
/// piece's normal reach), so the family can say why that move is illegal.
fn san_meant_move<P: Position>(pos: &P, text: &str) -> Option<CoordText> {
    let t = san::normalize_san(text);
    let t = t.split('=').next().unwrap_or(&t);
    let chars: Vec<char> = t.chars().collect();
    let (role, rest) = match chars.first() {
        Some(c) if "KQRBN".contains(*c) => (crate::core::Role::from_char(*c)?, &chars[1..]),
        _ => (crate::core::Role::Pawn, &chars[..]),
    };
    let rest: String = rest
        .iter()
        .filter(|c| !matches!(c, 'x' | '^' | ':'))
        .collect();
    if rest.len() < 2 || !rest.is_ascii() {
        return None;
    }
    let to = Square::parse(&rest[rest.len() - 2..])?;
    let hint = &rest[..rest.len() - 2];
    let board = pos.board();
    let mine = board.by_color(pos.turn()) & board.by_role(role);
    let mut candidates = mine.filter(|from| {
        let reach = if role == crate::core::Role::Pawn {
            let df = (to.file() - from.file()).abs();
            let dr = (to.rank() - from.rank()).abs();
            (df == 0 && (1..=2).contains(&dr)) || (df == 1 && dr == 1)
        } else {
            board.attacks_from(*from).contains(to)
        };
        reach
            && hint
                .chars()
                .all(|h| h == from.file_char() || h == from.rank_char())
    });
    let from = candidates.next()?;
    if candidates.next().is_some() {
        return None;
    }
    Some(CoordText::Move {
        from,
        to,
        promotion: None,
        in_place: false,
    })
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
