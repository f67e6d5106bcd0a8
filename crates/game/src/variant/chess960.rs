//! A variant from data played as Chess960 (docs/rules.md, "Chess960"):
//! its keys with `chess960 = true`, under its id with `960` after it
//! (`crazyhouse960`), so that a saved game names the variant it was
//! played in and replays under it. Only a variant whose start has
//! chess's back rank to shuffle and which castles is played so.

use super::{FromData, VariantDef, VariantError};
use motley_rules::fairy::chess960;
/// The numbering and its refusals, for screens that show a number's
/// back rank (they name no rule family themselves).
pub use motley_rules::fairy::chess960::{back_rank, Chess960Error, POSITIONS};
use std::sync::{Arc, OnceLock};

/// What is written after a variant's id for its Chess960 form.
pub const SUFFIX: &str = "960";

impl VariantDef {
    /// This variant played as Chess960: itself when it is already, else
    /// a variant of its own (`crazyhouse960`, "Crazyhouse (Chess960)").
    /// Refused, saying why, for a variant that is not from data, does
    /// not castle, or has no chess back rank to shuffle.
    pub fn as_chess960(self: &Arc<Self>) -> Result<Arc<VariantDef>, VariantError> {
        let refuse = |reason| VariantError::Chess960 {
            variant: self.id.clone(),
            reason,
        };
        let data = self
            .data
            .as_ref()
            .ok_or(refuse(Chess960Error::NotChess960))?;
        let rules = self.fairy_rules()?;
        if rules.chess960 {
            return Ok(self.clone());
        }
        rules.shuffles().map_err(refuse)?;
        let mut keys = data.keys.clone();
        keys.insert("chess960".into(), ("true".into(), 0));
        Ok(Arc::new(VariantDef {
            id: format!("{}{SUFFIX}", self.id),
            aliases: Vec::new(),
            name: format!("{} (Chess960)", self.name),
            fairy: OnceLock::new(),
            wide: OnceLock::new(),
            data: Some(Arc::new(FromData {
                keys,
                origin: data.origin.clone(),
            })),
            verdict: OnceLock::new(),
            chess960_of: Some(self.id.clone()),
            ..VariantDef::clone(self)
        }))
    }

    /// The id of the variant this is the Chess960 form of, when it is
    /// one (`crazyhouse` for `crazyhouse960`).
    pub fn chess960_of(&self) -> Option<&str> {
        self.chess960_of.as_deref()
    }

    /// Whether a game of this variant may start as Chess960: standard
    /// chess (as the built-in `chess960`), and a variant from data that
    /// is played so or could be ([`VariantDef::as_chess960`]).
    pub fn offers_chess960(&self) -> bool {
        match self.family {
            super::Family::Standard => true,
            _ if self.data.is_none() => false,
            _ => self
                .fairy_rules()
                .is_ok_and(|rules| rules.chess960 || rules.shuffles().is_ok()),
        }
    }

    /// The FEN of Chess960 start position `n` in this variant (played
    /// as Chess960).
    pub fn chess960_start(&self, n: u16) -> Result<String, VariantError> {
        self.fairy_rules()?
            .chess960_start(n)
            .map_err(|reason| VariantError::Chess960 {
                variant: self.id.clone(),
                reason,
            })
    }

    /// The Chess960 start position a game of this variant from `fen`
    /// (its start when `None`) begins with, if it is one.
    pub fn chess960_number(&self, fen: Option<&str>) -> Option<u16> {
        let rules = self.fairy_rules().ok().filter(|r| r.chess960)?;
        rules.chess960_number(fen.unwrap_or(&self.start))
    }
}

/// The id of the variant whose Chess960 form `id` names, if it names one
/// (`crazyhouse960` → `crazyhouse`).
pub fn base_id(id: &str) -> Option<&str> {
    id.strip_suffix(SUFFIX).filter(|base| !base.is_empty())
}

impl super::Registry {
    /// A new game's variant and start: `def` from `fen` (its start when
    /// `None`), or, when `chess960` asks for it or the variant is played
    /// as Chess960 and no FEN is given, from a Chess960 position
    /// ([`super::Registry::chess960_game`]).
    pub fn game_start(
        &self,
        def: Arc<VariantDef>,
        fen: Option<String>,
        chess960: Option<Option<u16>>,
        seed: u64,
    ) -> Result<(Arc<VariantDef>, Option<String>), VariantError> {
        let shuffle = chess960.or((fen.is_none() && def.is_chess960()).then_some(None));
        match shuffle {
            Some(number) => {
                let (def, fen) = self.chess960_game(&def, number, seed)?;
                Ok((def, Some(fen)))
            }
            None => Ok((def, fen)),
        }
    }

    /// A game of `def` played as Chess960 ([`super::Registry::chess960_of`]):
    /// that variant and the FEN of start position `number`, or of one
    /// drawn from `seed` (so a seeded game starts alike every time).
    pub fn chess960_game(
        &self,
        def: &Arc<VariantDef>,
        number: Option<u16>,
        seed: u64,
    ) -> Result<(Arc<VariantDef>, String), VariantError> {
        let def = self.chess960_of(def)?;
        let fen = def.chess960_start(number.unwrap_or_else(|| drawn(seed)))?;
        Ok((def, fen))
    }
}

/// The Chess960 start position's number drawn from `seed`.
fn drawn(seed: u64) -> u16 {
    use rand_chacha::rand_core::{RngCore, SeedableRng};
    let draw = rand_chacha::ChaCha8Rng::seed_from_u64(seed).next_u64();
    (draw % u64::from(chess960::POSITIONS)) as u16
}

impl VariantDef {
    /// The FEN of a Chess960 start position of this variant (played as
    /// Chess960) drawn from `seed`: a match's pair of games, or a new
    /// game, starts alike for the same seed.
    pub fn chess960_drawn(&self, seed: u64) -> Result<String, VariantError> {
        self.chess960_start(drawn(seed))
    }

    /// Whether this variant is played as Chess960: a new game of it
    /// starts from one of the 960 positions.
    pub fn is_chess960(&self) -> bool {
        self.data.is_some() && self.fairy_rules().is_ok_and(|rules| rules.chess960)
    }
}
