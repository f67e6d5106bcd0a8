//! A variant from data played as Chess960 (docs/rules.md, "Chess960"):
//! its keys with `chess960 = true`, under its id with `960` after it
//! (`crazyhouse960`), so that a saved game names the variant it was
//! played in and replays under it. Only a variant whose start has
//! chess's back rank to shuffle and which castles is played so.

use super::{FromData, VariantDef, VariantError};
use motley_rules::fairy::chess960::{self, Chess960Error};
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
        if !rules.castling || rules.castling_king.is_none() {
            return Err(refuse(Chess960Error::NotChess960));
        }
        let mut keys = data.keys.clone();
        keys.insert("chess960".into(), ("true".into(), 0));
        let def = VariantDef {
            id: format!("{}{SUFFIX}", self.id),
            aliases: Vec::new(),
            name: format!("{} (Chess960)", self.name),
            fairy: OnceLock::new(),
            data: Some(Arc::new(FromData {
                keys,
                origin: data.origin.clone(),
            })),
            verdict: OnceLock::new(),
            ..VariantDef::clone(self)
        };
        def.fairy_rules()?
            .chess960_start(chess960::CHESS)
            .map_err(refuse)?;
        Ok(Arc::new(def))
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
