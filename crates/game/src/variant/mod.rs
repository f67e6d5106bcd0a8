//! How a variant is defined, in one place. A variant is a rule family
//! with options, a start position and the rules text players read:
//!
//! - a **Rust family** (`standard`, `contrast`, `dice-money`, …) is a
//!   JSON file under `variants/` naming its family and that family's
//!   options; its rules are a module of the rules engine;
//! - a **variant from data** (the `fairy` family) is a section of a
//!   Fairy-Stockfish `variants.ini` (or a JSON file holding its keys):
//!   pieces in Betza notation and rules under Fairy-Stockfish's key
//!   names, played by the rules engine's data engine.
//!
//! Nearly every new variant is data; a Rust family is for rules no key
//! expresses (money, dice, ownership by half, colour-bound moves), as
//! docs/adding-a-variant.md explains.
//!
//! The parts, bottom up: [`file`] (a variant file's bytes and the id
//! rule), [`ini`] (a variants.ini's lines, sections and inheritance),
//! [`keys`] and [`key_names`] (Fairy-Stockfish's keys read into the data
//! engine's rules), [`builtin`] (Motley's own `variants/fairy.ini`),
//! [`sections`] (a user's file of sections), [`json`] (the one reader of
//! JSON variant files, every family's), [`source`] (what any variant
//! file defines, read the one way), [`words`] and [`betza_words`] (the
//! rules of a variant from data in words), and the registry of every
//! variant a run knows. This module holds the definition itself,
//! [`VariantDef`], and builds a variant's positions from it.

pub mod betza_words;
pub mod builtin;
pub mod chess960;
pub mod file;
pub mod ini;
pub mod json;
pub mod key_names;
pub mod keys;
mod registry;
pub mod sections;
pub mod source;
pub mod words;

pub use registry::{user_variant_dir, Registry};

use crate::variant::ini::ResolvedKeys;
use crate::variant::keys::KeyErrors;
use motley_rules::antichess::{Antichess, AntichessOptions};
use motley_rules::contrast::{Contrast, ContrastOptions, ContrastPowers};
use motley_rules::core::fen::Setup;
use motley_rules::core::grid::Grid16;
use motley_rules::core::legal::FidePowers;
use motley_rules::dice_money::{DiceMoney, DiceMoneyOptions};
use motley_rules::fairy::{Fairy, FairyPosition, FairyRules, WideFairy};
use motley_rules::monochromatic::{Monochromatic, MonochromaticOptions, MonochromaticPowers};
use motley_rules::monochrome::{Monochrome, MonochromeOptions};
use motley_rules::setup::{
    settle_by_half, Draft, DraftError, DraftState, SetupFields, SetupProblem,
};
use motley_rules::standard::Standard;
use motley_rules::AnyPosition;
use motley_rules::{OptionError, Position, PositionError};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::sync::{Arc, OnceLock};
use thiserror::Error;

/// The rule module a variant uses.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Family {
    Standard,
    Antichess,
    Contrast,
    Monochromatic,
    Monochrome,
    DiceMoney,
    /// A variant from data: pieces in Betza notation and rules as
    /// Fairy-Stockfish's keys, which `options` holds.
    Fairy,
}

/// Text given either as one string or as a list of lines (easier to write
/// in JSON).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Text {
    One(String),
    Lines(Vec<String>),
}

impl Text {
    /// The text as one string with newlines.
    pub fn joined(&self) -> String {
        match self {
            Text::One(s) => s.clone(),
            Text::Lines(l) => l.join("\n"),
        }
    }
}

/// One variant file.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantDef {
    /// Command-line id, e.g. `chicken`.
    pub id: String,
    /// Other names the command line accepts (`chess` for `standard`),
    /// lower case like the id; `motley list` shows them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// Display name.
    pub name: String,
    /// One line for menus and `motley list`.
    pub summary: String,
    #[serde(default)]
    pub inventor: String,
    #[serde(default)]
    pub year: Option<u32>,
    /// Which rule module plays it.
    pub family: Family,
    /// Start position as FEN.
    pub start: String,
    /// Options of the rule module (piece values, prices, knight type, …).
    #[serde(default)]
    pub options: serde_json::Value,
    /// The rules text shown to players.
    pub rules: Text,
    /// A variant from data's rules, read from its keys once, when first
    /// played.
    #[serde(skip)]
    fairy: OnceLock<Arc<FairyRules>>,
    /// The same for a variant from data on a board of another size than
    /// 8×8, on the 16×16 grid games play such boards on.
    #[serde(skip)]
    wide: OnceLock<Arc<FairyRules<Grid16>>>,
    /// A variant from data's keys with the lines they come from (in
    /// place of `options`), kept so that its rules are built only when
    /// it is played or checked and a refusal names the lines.
    #[serde(skip)]
    data: Option<Arc<FromData>>,
    /// Whether a variant from data can be played, once asked
    /// ([`VariantDef::playable`]), without keeping its rules.
    #[serde(skip)]
    verdict: OnceLock<Result<(), VariantError>>,
    /// The id of the variant this is the Chess960 form of
    /// ([`VariantDef::as_chess960`]), which an engine is asked to play
    /// with `UCI_Chess960`.
    #[serde(skip)]
    chess960_of: Option<String>,
}

/// The keys of a variant from data, as its file gave them.
#[derive(Debug)]
struct FromData {
    /// Fairy-Stockfish's keys, its parents' included, with their lines.
    keys: ResolvedKeys,
    /// The file they came from.
    origin: DataOrigin,
}

/// Where a variant from data's keys come from, for what a refusal says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DataOrigin {
    /// Motley's own `variants/fairy.ini`.
    Builtin,
    /// A section of a user's `.ini` file (named as messages show it).
    Ini(String),
    /// A user's JSON variant file (named as messages show it), which has
    /// no lines to name.
    Json(String),
}

impl DataOrigin {
    /// Whether the keys came from a JSON file.
    fn json(&self) -> bool {
        matches!(self, DataOrigin::Json(_))
    }

    /// The file in words (empty for a built-in).
    fn file_words(&self) -> String {
        match self {
            DataOrigin::Builtin => String::new(),
            DataOrigin::Ini(file) | DataOrigin::Json(file) => format!(" (from {file})"),
        }
    }
}

/// Problems with variant files and ids.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum VariantError {
    #[error("unknown variant '{id}'; known: {known}")]
    Unknown { id: String, known: String },
    /// The position editor's drafts are 8×8: a variant on a board of
    /// another size is played but not edited yet.
    #[error("variant '{variant}' is played on a {files}×{ranks} board: the position editor edits 8×8 boards only so far")]
    NotEditable {
        /// The variant's id.
        variant: String,
        /// Its board's files.
        files: u8,
        /// Its board's ranks.
        ranks: u8,
    },
    /// A variant that cannot be played as Chess960, or a start number
    /// that is none of the 960.
    #[error("variant '{variant}': {reason}")]
    Chess960 {
        /// The variant's id.
        variant: String,
        /// Why.
        reason: motley_rules::fairy::chess960::Chess960Error,
    },
    #[error("variant file {file}: {}", motley_rules::core::quote::clip_middle(.message))]
    Malformed { file: String, message: String },
    #[error("variant '{variant}': field 'options': {message}")]
    Options { variant: String, message: String },
    #[error("variant '{variant}': field 'options': {error}")]
    OptionOutOfRange { variant: String, error: OptionError },
    #[error("variant '{variant}': position: {error}")]
    Position {
        variant: String,
        error: PositionError,
    },
    /// A variant from data whose keys cannot be played, with every
    /// reason.
    #[error("variant '{variant}'{} cannot be played: {}", origin.file_words(), errors.describe(origin.json()))]
    Refused {
        variant: String,
        errors: KeyErrors,
        /// The file its keys came from.
        origin: DataOrigin,
    },
}

/// Why a draft did not set up a position of a variant.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DraftRefusal {
    /// The family's problems with the draft (never empty).
    #[error("the position has {} problem(s)", .0.len())]
    Problems(Vec<SetupProblem>),
    /// The variant's own file is at fault.
    #[error(transparent)]
    Variant(#[from] VariantError),
}

fn options<T: serde::de::DeserializeOwned + Default>(def: &VariantDef) -> Result<T, VariantError> {
    if def.options.is_null() {
        return Ok(T::default());
    }
    serde_json::from_value(def.options.clone()).map_err(|e| VariantError::Options {
        variant: def.id.clone(),
        message: e.to_string(),
    })
}

impl VariantDef {
    /// The rules text: a variant from data's is written from its rules
    /// (or says why it cannot be played).
    pub fn rules_text(&self) -> String {
        if self.data.is_none() {
            return self.rules.joined();
        }
        let about = (!self.summary.is_empty()).then_some(self.summary.as_str());
        if self.is_wide() {
            return match self.wide_rules() {
                Ok(rules) => crate::variant::words::rules_body(about, &rules),
                Err(e) => e.to_string(),
            };
        }
        match self.fairy_rules() {
            Ok(rules) => crate::variant::words::rules_body(about, &rules),
            Err(e) => e.to_string(),
        }
    }

    /// Where the variant comes from, `Andrew Looney, 1996` or
    /// `traditional`: inventor and year as the file gives them, or `None`
    /// when it gives neither. One phrase for every card and heading, so
    /// none reads "by traditional".
    pub fn origin(&self) -> Option<String> {
        match (self.inventor.trim(), self.year) {
            ("", None) => None,
            ("", Some(y)) => Some(y.to_string()),
            (i, None) => Some(i.to_string()),
            (i, Some(y)) => Some(format!("{i}, {y}")),
        }
    }

    /// The title line of the rules: the name and its [`VariantDef::origin`]
    /// (`Monochrome Chess — Andrew Looney, 1996`), printed once above the
    /// rules text, which therefore does not repeat it.
    pub fn heading(&self) -> String {
        match self.origin() {
            Some(o) => format!("{} — {o}", self.name),
            None => self.name.clone(),
        }
    }

    fn options_error(&self, error: OptionError) -> VariantError {
        VariantError::OptionOutOfRange {
            variant: self.id.clone(),
            error,
        }
    }

    /// A variant from data: its definition, made from Fairy-Stockfish's
    /// keys (with the lines they come from, in the file `origin`), shown
    /// as `name` (its id when `None`). Its rules are built when it is
    /// first played or checked, not here: a file of thousands of
    /// sections costs only their keys.
    pub fn from_data(
        id: &str,
        name: Option<&str>,
        summary: &str,
        keys: ResolvedKeys,
        origin: DataOrigin,
    ) -> VariantDef {
        let start = keys.get("startFen").map_or_else(
            || "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string(),
            |(fen, _)| fen.clone(),
        );
        VariantDef {
            id: id.to_string(),
            aliases: Vec::new(),
            name: name.unwrap_or(id).to_string(),
            summary: summary.to_string(),
            inventor: String::new(),
            year: None,
            family: Family::Fairy,
            start,
            options: serde_json::Value::Null,
            rules: Text::One(String::new()),
            fairy: OnceLock::new(),
            wide: OnceLock::new(),
            data: Some(Arc::new(FromData { keys, origin })),
            verdict: OnceLock::new(),
            chess960_of: None,
        }
    }

    /// A variant from data's keys, as its file gave them: every variant
    /// from data is made by [`VariantDef::from_data`], which keeps them.
    fn data_keys(&self) -> Result<&ResolvedKeys, VariantError> {
        self.data
            .as_ref()
            .map(|data| &data.keys)
            .ok_or_else(|| VariantError::Options {
                variant: self.id.clone(),
                message: "a variant from data is read from its keys, not from options".into(),
            })
    }

    /// A variant from data's rules built from its keys.
    fn build_fairy_rules(&self) -> Result<FairyRules, VariantError> {
        let keys = self.data_keys()?;
        crate::variant::keys::fairy_rules(keys).map_err(|errors| self.refused(errors))
    }

    /// The error for a variant from data whose keys are refused.
    fn refused(&self, errors: KeyErrors) -> VariantError {
        VariantError::Refused {
            variant: self.id.clone(),
            errors,
            origin: self
                .data
                .as_ref()
                .map_or(DataOrigin::Json(self.id.clone()), |d| d.origin.clone()),
        }
    }

    /// Whether this is a variant from data on a board of another size
    /// than 8×8, which games play as [`WideFairy`].
    pub fn is_wide(&self) -> bool {
        self.data
            .as_ref()
            .is_some_and(|d| !crate::variant::keys::is_8x8(&d.keys))
    }

    /// A variant from data's rules on a board of another size than 8×8,
    /// built from its keys once, when first asked for.
    pub fn wide_rules(&self) -> Result<Arc<FairyRules<Grid16>>, VariantError> {
        if let Some(rules) = self.wide.get() {
            return Ok(rules.clone());
        }
        let rules = crate::variant::keys::wide_rules(self.data_keys()?)
            .map_err(|errors| self.refused(errors))?;
        Ok(self.wide.get_or_init(|| Arc::new(rules)).clone())
    }

    /// A variant from data's rules, built from its keys once, when first
    /// asked for.
    pub fn fairy_rules(&self) -> Result<Arc<FairyRules>, VariantError> {
        if let Some(rules) = self.fairy.get() {
            return Ok(rules.clone());
        }
        let rules = self.build_fairy_rules()?;
        Ok(self.fairy.get_or_init(|| Arc::new(rules)).clone())
    }

    /// Whether the variant can be played: a variant from data's keys are
    /// read into rules once to know (and the rules are not kept: a list
    /// of thousands of sections asks this of each); other families'
    /// files were checked when read.
    pub fn playable(&self) -> Result<(), VariantError> {
        if self.family != Family::Fairy || self.fairy.get().is_some() {
            return Ok(());
        }
        if self.is_wide() {
            return self.wide_rules().map(|_| ());
        }
        self.verdict
            .get_or_init(|| self.build_fairy_rules().map(|_| ()))
            .clone()
    }

    /// A position of a variant from data from a FEN as Fairy-Stockfish
    /// writes it.
    fn fairy_position(&self, fen: &str) -> Result<AnyPosition, VariantError> {
        if self.is_wide() {
            let pos = FairyPosition::from_fen(self.wide_rules()?, fen).map_err(|e| {
                VariantError::Position {
                    variant: self.id.clone(),
                    error: e.into(),
                }
            })?;
            return Ok(AnyPosition::FairyOtherSize(WideFairy::new(pos)));
        }
        let pos = FairyPosition::from_fen(self.fairy_rules()?, fen).map_err(|e| {
            VariantError::Position {
                variant: self.id.clone(),
                error: e.into(),
            }
        })?;
        Ok(AnyPosition::Fairy(Fairy::new(pos)))
    }

    /// A position of a variant from data from a draft, judged by the
    /// variant's own rules (a FEN typed elsewhere is taken as written).
    fn fairy_draft(&self, draft: &Draft) -> Result<AnyPosition, DraftRefusal> {
        use motley_rules::fairy::setup::{foreign_pieces, setup_problems};
        let rules = self.fairy_rules()?;
        if draft.state != DraftState::Plain {
            return Err(DraftRefusal::Problems(vec![
                SetupProblem::StateNotOfVariant,
            ]));
        }
        let foreign = foreign_pieces(&rules, &draft.setup.board);
        if !foreign.is_empty() {
            return Err(DraftRefusal::Problems(foreign));
        }
        let pos =
            FairyPosition::from_fen_as_written(rules, &draft.setup.to_fen()).map_err(|e| {
                VariantError::Position {
                    variant: self.id.clone(),
                    error: e.into(),
                }
            })?;
        let problems = setup_problems(&pos, &draft.setup);
        if !problems.is_empty() {
            return Err(DraftRefusal::Problems(problems));
        }
        Ok(AnyPosition::Fairy(Fairy::new(pos)))
    }

    /// Build a position: the variant's start, or `fen` when given. A
    /// variant from data reads Fairy-Stockfish's FEN by its own rules;
    /// the other families read a FEN as [`Setup`] does.
    pub fn position(&self, fen: Option<&str>) -> Result<AnyPosition, VariantError> {
        let wrap = |error: PositionError| VariantError::Position {
            variant: self.id.clone(),
            error,
        };
        let fen = fen.unwrap_or(&self.start);
        let setup = || Setup::parse(fen).map_err(|e| wrap(e.into()));
        Ok(match self.family {
            Family::Standard => {
                AnyPosition::Standard(Standard::from_setup(setup()?).map_err(wrap)?)
            }
            Family::Antichess => AnyPosition::Antichess(
                Antichess::from_setup(setup()?, options::<AntichessOptions>(self)?)
                    .map_err(wrap)?,
            ),
            Family::Contrast => {
                options::<ContrastOptions>(self)?;
                AnyPosition::Contrast(Contrast::from_setup(setup()?).map_err(wrap)?)
            }
            Family::Monochromatic => AnyPosition::Monochromatic(
                Monochromatic::from_setup(setup()?, options::<MonochromaticOptions>(self)?)
                    .map_err(wrap)?,
            ),
            Family::Monochrome => {
                let options = options::<MonochromeOptions>(self)?;
                options.check().map_err(|e| self.options_error(e))?;
                AnyPosition::Monochrome(Monochrome::from_setup(setup()?, options).map_err(wrap)?)
            }
            Family::DiceMoney => {
                let options = options::<DiceMoneyOptions>(self)?;
                options.check().map_err(|e| self.options_error(e))?;
                AnyPosition::DiceMoney(DiceMoney::from_setup(setup()?, options).map_err(wrap)?)
            }
            Family::Fairy => self.fairy_position(fen)?,
        })
    }

    /// Which parts of a position this variant keeps, for the position
    /// editor: castling rights where the FEN's castling field counts, an
    /// en-passant square where the family has en passant, whether a
    /// piece's colour is the half it stands on, and whether pieces flip.
    pub fn setup_fields(&self) -> SetupFields {
        let fide = SetupFields {
            castling: true,
            en_passant: true,
            colour_by_half: false,
            flips: false,
        };
        match self.family {
            Family::Antichess => SetupFields {
                castling: false,
                flips: options::<AntichessOptions>(self).is_ok_and(|o| o.flips),
                ..fide
            },
            Family::Monochrome => SetupFields {
                castling: false,
                en_passant: false,
                colour_by_half: true,
                flips: false,
            },
            // Castling and en passant where the variant has them.
            Family::Fairy => match self.fairy_rules() {
                Ok(rules) => SetupFields {
                    castling: rules.castling,
                    en_passant: rules.has_en_passant(),
                    ..fide
                },
                Err(_) => fide,
            },
            _ => fide,
        }
    }

    /// The variant's start as a draft (the editor's reset).
    pub fn start_draft(&self) -> Result<Draft, VariantError> {
        self.editable()?;
        Ok(self.position(None)?.draft())
    }

    /// Whether the position editor takes the variant: its drafts are
    /// chess's 8×8 board.
    pub fn editable(&self) -> Result<(), VariantError> {
        if !self.is_wide() {
            return Ok(());
        }
        let (files, ranks) = self.wide_rules().map(|r| (r.files, r.ranks))?;
        Err(VariantError::NotEditable {
            variant: self.id.clone(),
            files,
            ranks,
        })
    }

    /// Apply what the family makes of a placed piece (Monochrome: its
    /// owner is the half it stands on).
    pub fn settle(&self, draft: &mut Draft) {
        if self.setup_fields().colour_by_half {
            settle_by_half(draft);
        }
    }

    /// Every problem the family finds with `draft` (empty: a game can
    /// start from it, [`VariantDef::position_from_draft`]).
    pub fn setup_problems(&self, draft: &Draft) -> Result<Vec<SetupProblem>, VariantError> {
        match self.position_from_draft(draft) {
            Ok(_) => Ok(Vec::new()),
            Err(DraftRefusal::Problems(p)) => Ok(p),
            Err(DraftRefusal::Variant(e)) => Err(e),
        }
    }

    /// The position a draft sets up, or the family's problems with it.
    pub fn position_from_draft(&self, draft: &Draft) -> Result<AnyPosition, DraftRefusal> {
        let wrap = |e: DraftError| match e {
            DraftError::Problems(p) => DraftRefusal::Problems(p),
            DraftError::Position(error) => DraftRefusal::Variant(VariantError::Position {
                variant: self.id.clone(),
                error,
            }),
        };
        Ok(match self.family {
            Family::Standard => {
                AnyPosition::Standard(Standard::from_draft(draft, FidePowers).map_err(wrap)?)
            }
            Family::Antichess => AnyPosition::Antichess(
                Antichess::from_draft(draft, options::<AntichessOptions>(self)?).map_err(wrap)?,
            ),
            Family::Contrast => {
                options::<ContrastOptions>(self)?;
                AnyPosition::Contrast(Contrast::from_draft(draft, ContrastPowers).map_err(wrap)?)
            }
            Family::Monochromatic => {
                let knight = options::<MonochromaticOptions>(self)?.knight;
                let powers = MonochromaticPowers { knight };
                AnyPosition::Monochromatic(Monochromatic::from_draft(draft, powers).map_err(wrap)?)
            }
            Family::Monochrome => {
                let options = options::<MonochromeOptions>(self)?;
                AnyPosition::Monochrome(Monochrome::from_draft(draft, options).map_err(wrap)?)
            }
            Family::DiceMoney => {
                let options = options::<DiceMoneyOptions>(self)?;
                AnyPosition::DiceMoney(DiceMoney::from_draft(draft, options).map_err(wrap)?)
            }
            Family::Fairy => self.fairy_draft(draft)?,
        })
    }

    /// A fingerprint of the rules this definition plays — family, start
    /// and options as the rules read them; names and texts left out — so
    /// a saved game can tell whether the variant of its id changed since
    /// it was played (a user file replacing a built-in). 16 hex digits.
    pub fn fingerprint(&self) -> String {
        let start = self
            .position(None)
            .map_or_else(|_| self.start.clone(), |p| p.to_fen());
        let options = self
            .canonical_options()
            .unwrap_or_else(|| self.options.to_string());
        let text = format!("{:?}\n{start}\n{options}", self.family);
        format!("{:016x}", fnv1a(text.as_bytes()))
    }

    /// The options as the family reads them (defaults filled in), so that
    /// writing a default out does not change the fingerprint.
    fn canonical_options(&self) -> Option<String> {
        fn typed<T: DeserializeOwned + Default + Serialize>(def: &VariantDef) -> Option<String> {
            options::<T>(def)
                .ok()
                .and_then(|o| serde_json::to_string(&o).ok())
        }
        match self.family {
            Family::Standard | Family::Contrast => Some(String::new()),
            Family::Antichess => typed::<AntichessOptions>(self),
            Family::Monochromatic => typed::<MonochromaticOptions>(self),
            Family::Monochrome => typed::<MonochromeOptions>(self),
            Family::DiceMoney => typed::<DiceMoneyOptions>(self),
            // The keys without their lines, as a JSON file's options
            // read: moving a section in its file changes nothing.
            Family::Fairy => self.data_keys().ok().map(|keys| {
                let mut keys = keys.clone();
                for (_, line) in keys.values_mut() {
                    *line = 0;
                }
                format!("{keys:?}")
            }),
        }
    }
}

/// 64-bit FNV-1a: a short, stable hash for fingerprints (not a guard
/// against forgery: it tells versions of a file apart).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}
