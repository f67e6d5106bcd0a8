//! The state of a position a FEN cannot hold: what one game of a match
//! carries to the next ([`Carried`]) and a family's own state
//! ([`ExtraState`]).

use crate::dice_money;
use serde::{Deserialize, Serialize};
use thiserror::Error;

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
