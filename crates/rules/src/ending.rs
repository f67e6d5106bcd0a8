//! How a game ends: the reason ([`EndReason`], saved by its stable id),
//! the result ([`Outcome`]) and the result told with a family's names for
//! the sides ([`NamedOutcome`]).

use crate::core::Color;
use crate::Describe;
use serde::{Deserialize, Serialize};

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
    /// win ([`Position::can_win`](crate::Position::can_win)): a draw.
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
    /// A variant from data (`shogiPawnDropMateIllegal`): mated by a pawn
    /// just dropped, which shogi forbids, so the mated side wins.
    PawnDropMate,
    /// A variant from data (`perpetualCheckIllegal`): a position repeated
    /// with one side giving check all the way; that side loses.
    PerpetualCheck,
}

impl EndReason {
    /// Every reason, for readers that look one up by its id.
    pub const ALL: [EndReason; 21] = [
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
        EndReason::PawnDropMate,
        EndReason::PerpetualCheck,
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
            EndReason::PawnDropMate => "pawn_drop_mate",
            EndReason::PerpetualCheck => "perpetual_check",
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
            EndReason::PawnDropMate => "mate by a dropped pawn, which loses",
            EndReason::PerpetualCheck => "perpetual check, which loses",
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
