//! Why the session refuses what a person asks, or what went wrong with a
//! computer's answer: typed values the screen puts into words (adding its
//! own keys where they help).

use motley_game::GameError;
use motley_rules::Outcome;
use thiserror::Error;

/// Why a person cannot act now (the screen adds its keys).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Error)]
pub enum NotYourTurn {
    #[error("the game is over: {}", .outcome.describe_with(*.sides))]
    /// The game is over.
    Over {
        /// How it ended.
        outcome: Outcome,
        /// The family's names of the sides.
        sides: [&'static str; 2],
    },
    #[error("{side} (computer) is thinking")]
    /// A computer is to act.
    ComputerToAct {
        /// The family's name of its side.
        side: &'static str,
    },
}

/// Why no hint is given.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Error)]
pub enum HintRefusal {
    #[error(transparent)]
    /// The person is not to act.
    NotYourTurn(NotYourTurn),
    #[error("a hint is being searched for already")]
    /// One is on its way.
    Searching,
    #[error("the computer found no move to suggest")]
    /// The search found nothing legal.
    NothingFound,
}

/// What went wrong with a computer's answer.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ComputerProblem {
    #[error("the computer's move failed: {0}")]
    /// The game refused its move.
    Refused(GameError),
    #[error("the computer found no move")]
    /// It gave none.
    NoMove,
}
