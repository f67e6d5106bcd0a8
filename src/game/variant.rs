//! Variant definitions: data files under `variants/` (embedded in the
//! binary) plus any the user drops into their own folder. A variant is a
//! rule family with options, a start position and the rules text players
//! read; a new variant that only changes those needs a file, not code.

use crate::core::fen::Setup;
use crate::core::legal::FidePowers;
use crate::rules::antichess::{Antichess, AntichessOptions};
use crate::rules::contrast::{Contrast, ContrastOptions, ContrastPowers};
use crate::rules::dice_money::{DiceMoney, DiceMoneyOptions};
use crate::rules::fairy::{Fairy, FairyPosition, FairyRules};
use crate::rules::monochromatic::{Monochromatic, MonochromaticOptions, MonochromaticPowers};
use crate::rules::monochrome::{Monochrome, MonochromeOptions};
use crate::rules::setup::{
    settle_by_half, Draft, DraftError, DraftState, SetupFields, SetupProblem,
};
use crate::rules::standard::Standard;
use crate::rules::AnyPosition;
use crate::rules::{OptionError, Position, PositionError};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
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
    /// A variant from data's rules, read from `options` once.
    #[serde(skip)]
    fairy: OnceLock<Arc<FairyRules>>,
}

/// Problems with variant files and ids.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum VariantError {
    #[error("unknown variant '{id}'; known: {known}")]
    Unknown { id: String, known: String },
    #[error("variant file {file}: {message}")]
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
    /// The rules text.
    pub fn rules_text(&self) -> String {
        self.rules.joined()
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
    /// keys (`keys`, each a string) with the rules already read from
    /// them.
    pub fn from_data(
        id: &str,
        summary: &str,
        keys: serde_json::Map<String, serde_json::Value>,
        rules: FairyRules,
    ) -> VariantDef {
        let about = (!summary.is_empty()).then_some(summary);
        let text = super::fairy_words::rules_body(about, &rules);
        let def = VariantDef {
            id: id.to_string(),
            aliases: Vec::new(),
            name: id.to_string(),
            summary: summary.to_string(),
            inventor: String::new(),
            year: None,
            family: Family::Fairy,
            start: rules.start_fen.clone(),
            options: serde_json::Value::Object(keys),
            rules: Text::One(text),
            fairy: OnceLock::new(),
        };
        let _ = def.fairy.set(Arc::new(rules));
        def
    }

    /// A variant from data's rules, read from its options (once).
    pub fn fairy_rules(&self) -> Result<Arc<FairyRules>, VariantError> {
        if let Some(rules) = self.fairy.get() {
            return Ok(rules.clone());
        }
        let refuse = |message: String| VariantError::Options {
            variant: self.id.clone(),
            message,
        };
        let keys = super::fairy_builtin::keys_of_options(&self.options)
            .map_err(|e| refuse(e.to_string()))?;
        let rules = super::fairy_keys::fairy_rules(&keys).map_err(|e| refuse(e.to_string()))?;
        Ok(self.fairy.get_or_init(|| Arc::new(rules)).clone())
    }

    /// A position of a variant from data from a FEN as Fairy-Stockfish
    /// writes it.
    fn fairy_position(&self, fen: &str) -> Result<AnyPosition, VariantError> {
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
        use crate::rules::fairy::setup::{foreign_pieces, setup_problems};
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

    /// Build a position: the variant's start, or `fen` when given.
    pub fn position(&self, fen: Option<&str>) -> Result<AnyPosition, VariantError> {
        let wrap = |error: PositionError| VariantError::Position {
            variant: self.id.clone(),
            error,
        };
        if self.family == Family::Fairy {
            return self.fairy_position(fen.unwrap_or(&self.start));
        }
        let setup = Setup::parse(fen.unwrap_or(&self.start)).map_err(|e| wrap(e.into()))?;
        Ok(match self.family {
            Family::Standard => AnyPosition::Standard(Standard::from_setup(setup).map_err(wrap)?),
            Family::Antichess => AnyPosition::Antichess(
                Antichess::from_setup(setup, options::<AntichessOptions>(self)?).map_err(wrap)?,
            ),
            Family::Contrast => {
                options::<ContrastOptions>(self)?;
                AnyPosition::Contrast(Contrast::from_setup(setup).map_err(wrap)?)
            }
            Family::Monochromatic => AnyPosition::Monochromatic(
                Monochromatic::from_setup(setup, options::<MonochromaticOptions>(self)?)
                    .map_err(wrap)?,
            ),
            Family::Monochrome => {
                let options = options::<MonochromeOptions>(self)?;
                options.check().map_err(|e| self.options_error(e))?;
                AnyPosition::Monochrome(Monochrome::from_setup(setup, options).map_err(wrap)?)
            }
            Family::DiceMoney => {
                let options = options::<DiceMoneyOptions>(self)?;
                options.check().map_err(|e| self.options_error(e))?;
                AnyPosition::DiceMoney(DiceMoney::from_setup(setup, options).map_err(wrap)?)
            }
            // Its FEN is Fairy-Stockfish's, read above.
            Family::Fairy => return self.fairy_position(fen.unwrap_or(&self.start)),
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
        Ok(self.position(None)?.draft())
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
            Family::Fairy => super::fairy_builtin::keys_of_options(&self.options)
                .ok()
                .map(|keys| format!("{keys:?}")),
        }
    }

    /// Parse and check a variant file's text; `file` names it in messages.
    pub fn from_json(file: &str, text: &str) -> Result<VariantDef, VariantError> {
        let def: VariantDef = serde_json::from_str(text).map_err(|e| VariantError::Malformed {
            file: file.to_string(),
            message: e.to_string(),
        })?;
        let well_formed = |id: &str| {
            !id.is_empty()
                && id
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        };
        for (field, name) in
            std::iter::once(("id", &def.id)).chain(def.aliases.iter().map(|a| ("aliases", a)))
        {
            if !well_formed(name) {
                return Err(VariantError::Malformed {
                    file: file.to_string(),
                    message: format!(
                        "field '{field}': '{}' must be lower-case letters, digits and '-'",
                        crate::core::quote::clip(name)
                    ),
                });
            }
        }
        def.position(None).map_err(|e| VariantError::Malformed {
            file: file.to_string(),
            message: match e {
                VariantError::Position { error, .. } => format!("field 'start': {error}"),
                other => other.to_string(),
            },
        })?;
        Ok(def)
    }
}

/// 64-bit FNV-1a: a short, stable hash for fingerprints (not a guard
/// against forgery: it tells versions of a file apart).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// A variant file is a page of JSON; anything larger is refused unread.
const MAX_VARIANT_FILE_BYTES: u64 = 1_000_000;

/// Variant files compiled into the binary.
const BUILTIN: &[(&str, &str)] = &[
    (
        "standard.json",
        include_str!("../../variants/standard.json"),
    ),
    (
        "antichess.json",
        include_str!("../../variants/antichess.json"),
    ),
    (
        "contrast.json",
        include_str!("../../variants/contrast.json"),
    ),
    (
        "monochromatic.json",
        include_str!("../../variants/monochromatic.json"),
    ),
    (
        "monochromatic-knightless.json",
        include_str!("../../variants/monochromatic-knightless.json"),
    ),
    (
        "monochromatic-jamal.json",
        include_str!("../../variants/monochromatic-jamal.json"),
    ),
    (
        "monochromatic-daffy.json",
        include_str!("../../variants/monochromatic-daffy.json"),
    ),
    (
        "monochromatic-double-knight.json",
        include_str!("../../variants/monochromatic-double-knight.json"),
    ),
    (
        "monochrome.json",
        include_str!("../../variants/monochrome.json"),
    ),
    (
        "dice-money.json",
        include_str!("../../variants/dice-money.json"),
    ),
    ("chicken.json", include_str!("../../variants/chicken.json")),
];

/// A built-in variant from data's name, and its definition or why the
/// built-in file could not give it.
type BuiltinFromData = (&'static str, Result<Arc<VariantDef>, String>);

/// The built-in variants from data, by name, each read once per run
/// (reading builds every piece's tables): the definition, or why the
/// built-in file could not give it.
fn builtin_from_data() -> &'static [BuiltinFromData] {
    use super::fairy_builtin::{builtin_description, builtin_display_name, builtin_fairy_names};
    static DEFS: OnceLock<Vec<BuiltinFromData>> = OnceLock::new();
    DEFS.get_or_init(|| {
        builtin_fairy_names()
            .into_iter()
            .filter_map(|name| {
                let keys = super::fairy_builtin::builtin_keys(name)?;
                let def = super::fairy_keys::fairy_rules(&keys)
                    .map(|rules| {
                        let about = builtin_description(name).unwrap_or_default();
                        let options = super::fairy_builtin::options_of_keys(&keys);
                        let mut def = VariantDef::from_data(name, &about, options, rules);
                        if let Some(shown) = builtin_display_name(name) {
                            def.name = shown.to_string();
                        }
                        Arc::new(def)
                    })
                    .map_err(|e| format!("built-in variant {name}: {e}"));
                Some((name, def))
            })
            .collect()
    })
}

/// All known variants.
#[derive(Clone, Debug)]
pub struct Registry {
    variants: Vec<Arc<VariantDef>>,
    /// The built-in definitions, also those a user file replaces: games
    /// played under them replay under them.
    builtins: Vec<Arc<VariantDef>>,
    /// Problems with user files (shown, never fatal).
    pub warnings: Vec<String>,
}

impl Registry {
    /// Only the built-in variants.
    pub fn builtin() -> Registry {
        let mut r = Registry {
            variants: Vec::new(),
            builtins: Vec::new(),
            warnings: Vec::new(),
        };
        for (file, text) in BUILTIN {
            match VariantDef::from_json(file, text) {
                Ok(def) => r.variants.push(Arc::new(def)),
                Err(e) => r.warnings.push(format!("built-in {e}")),
            }
        }
        r.add_builtin_from_data();
        r.builtins = r.variants.clone();
        r
    }

    /// The built-in variants from data (`variants/fairy.ini`) under their
    /// Fairy-Stockfish names, but for a name a variant here already
    /// answers to (`chess` is standard chess's).
    fn add_builtin_from_data(&mut self) {
        let taken = |name: &str| self.lookup(name).is_ok();
        let (defs, warnings): (Vec<_>, Vec<_>) = builtin_from_data()
            .iter()
            .filter(|(name, _)| !taken(name))
            .map(|(_, def)| def.clone())
            .partition(Result::is_ok);
        self.variants
            .extend(defs.into_iter().filter_map(Result::ok));
        self.warnings
            .extend(warnings.into_iter().filter_map(Result::err));
    }

    /// Built-in variants plus the user's folder (see [`user_variant_dir`]).
    pub fn load() -> Registry {
        let mut r = Registry::builtin();
        if let Some(dir) = user_variant_dir() {
            r.add_dir(&dir);
        }
        r
    }

    /// Add every `*.json` in a folder; a user file may replace a built-in id.
    pub fn add_dir(&mut self, dir: &Path) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut paths: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "json" || x == "ini"))
            .collect();
        paths.sort();
        for path in paths {
            let name = path.display().to_string();
            let text = match crate::disk::files::read_regular(&path, MAX_VARIANT_FILE_BYTES) {
                Ok(bytes) => match String::from_utf8(bytes) {
                    Ok(t) => t,
                    Err(e) => {
                        self.warnings.push(format!(
                            "variant file {name}: not a text file (invalid UTF-8 at byte {}), skipped",
                            e.utf8_error().valid_up_to()
                        ));
                        continue;
                    }
                },
                Err(e) => {
                    self.warnings
                        .push(format!("variant file {name}: {e}, skipped"));
                    continue;
                }
            };
            if super::fairy_builtin::is_fairy_json(&text) {
                self.add_from_data(&name, &text, true);
                continue;
            }
            if path.extension().is_some_and(|x| x == "ini") {
                self.add_from_data(&name, &text, false);
                continue;
            }
            match VariantDef::from_json(&name, &text) {
                Ok(def) => self.replace(&name, def),
                Err(e) => self.warnings.push(e.to_string()),
            }
        }
    }

    /// Add a file of variants from data (a variants.ini, or a Motley JSON
    /// file of the `fairy` family when `json`), named `name` in messages:
    /// each section a variant of its own, which may replace a built-in
    /// one; a section that cannot be played is skipped with a warning
    /// saying why.
    pub fn add_from_data(&mut self, name: &str, text: &str, json: bool) {
        use super::fairy_builtin::{options_of_keys, read_fairy_file, read_fairy_json};
        let shown = crate::core::quote::visible(name).into_owned();
        let sections = if json {
            read_fairy_json(text)
                .map(|s| vec![s])
                .map_err(|e| e.to_string())
        } else {
            read_fairy_file(text).map_err(|e| format!("line {}: {}", e.line, e.kind))
        };
        let sections = match sections {
            Ok(s) => s,
            Err(e) => {
                let e = crate::core::quote::visible(&e).into_owned();
                return self
                    .warnings
                    .push(format!("variant file {shown}: {e}, skipped"));
            }
        };
        for section in sections {
            let id = crate::core::quote::visible(&section.name).into_owned();
            match section.rules {
                Ok(rules) => {
                    let keys = options_of_keys(&section.keys);
                    let def = VariantDef::from_data(&section.name, "", keys, rules);
                    self.replace(name, def);
                }
                Err(e) => {
                    let e = crate::core::quote::visible(&e.to_string()).into_owned();
                    self.warnings
                        .push(format!("variant file {shown}: [{id}]: {e}, skipped"));
                }
            }
        }
    }

    /// Put `def` in, in place of a variant of its id (a built-in one is
    /// still there for games played under it, and the user is told).
    fn replace(&mut self, file: &str, def: VariantDef) {
        if self.builtins.iter().any(|b| b.id == def.id) {
            self.warnings.push(format!(
                "variant file {file} replaces the built-in variant '{}': \
                 new games follow the file; games played under the \
                 built-in rules still replay under them",
                crate::core::quote::visible(&def.id)
            ));
        }
        self.variants.retain(|v| v.id != def.id);
        self.variants.push(Arc::new(def));
    }

    /// Every variant, built-ins first in their fixed order.
    pub fn all(&self) -> &[Arc<VariantDef>] {
        &self.variants
    }

    /// Look a variant up by id.
    pub fn get(&self, id: &str) -> Result<Arc<VariantDef>, VariantError> {
        self.variants
            .iter()
            .find(|v| v.id == id)
            .cloned()
            .ok_or_else(|| self.unknown(id))
    }

    /// Look a variant up by a name a person types: its id or one of its
    /// aliases in any case (`Chicken`, `chess`), or its display name
    /// (`"Chicken Chess"`). Ids come first, so a user variant's id is never
    /// hidden by another's alias. Records keep exact ids ([`Registry::get`]).
    pub fn lookup(&self, name: &str) -> Result<Arc<VariantDef>, VariantError> {
        let name = name.trim();
        let by_id = |v: &&Arc<VariantDef>| v.id.eq_ignore_ascii_case(name);
        let by_alias =
            |v: &&Arc<VariantDef>| v.aliases.iter().any(|a| a.eq_ignore_ascii_case(name));
        let by_name = |v: &&Arc<VariantDef>| v.name.eq_ignore_ascii_case(name);
        let all = || self.variants.iter();
        all()
            .find(by_id)
            .or_else(|| all().find(by_alias))
            .or_else(|| all().find(by_name))
            .cloned()
            .ok_or_else(|| self.unknown(name))
    }

    /// The definition of `id` whose [`VariantDef::fingerprint`] is
    /// `fingerprint`: the one in use, or the built-in one a user file
    /// replaces (a game played before the file came).
    pub fn played_under(&self, id: &str, fingerprint: &str) -> Option<Arc<VariantDef>> {
        self.variants
            .iter()
            .chain(&self.builtins)
            .find(|v| v.id == id && v.fingerprint() == fingerprint)
            .cloned()
    }

    /// The ids a refusal lists: every variant's but those from data,
    /// which are counted (there are dozens; `motley list` names them).
    pub fn known_ids(&self) -> String {
        let from_data = |v: &&Arc<VariantDef>| v.family == Family::Fairy;
        let mut ids: Vec<String> = self
            .variants
            .iter()
            .filter(|v| !from_data(v))
            .map(|v| v.id.clone())
            .collect();
        let n = self.variants.iter().filter(from_data).count();
        if n > 0 {
            ids.push(format!(
                "and {n} variants from data (motley list names them)"
            ));
        }
        ids.join(", ")
    }

    /// The error for a variant name not found here, listing the ids there
    /// are (also for lookups by other names, like a PGN tag's).
    pub fn unknown(&self, name: &str) -> VariantError {
        VariantError::Unknown {
            id: crate::core::quote::clip(name),
            known: self.known_ids(),
        }
    }
}

/// The user's variant folder: `variants` in Motley's data folder
/// (see [`crate::disk::paths::variants_dir`]).
pub fn user_variant_dir() -> Option<PathBuf> {
    crate::disk::paths::variants_dir()
}

#[cfg(test)]
mod tests {
    use super::*;

    // The table of files compiled in is written by hand: a file added to
    // variants/ and not to it would silently not ship.
    #[test]
    fn the_builtin_table_is_every_file_in_variants() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants");
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".json"))
            .collect();
        files.sort();
        let mut built: Vec<String> = BUILTIN.iter().map(|(f, _)| f.to_string()).collect();
        built.sort();
        assert_eq!(files, built);
    }

    #[test]
    fn every_builtin_variant_loads() {
        let r = Registry::builtin();
        assert!(r.warnings.is_empty(), "{:?}", r.warnings);
        let from_data = |v: &&Arc<VariantDef>| v.family == Family::Fairy;
        assert_eq!(
            r.all().len() - r.all().iter().filter(from_data).count(),
            BUILTIN.len()
        );
        // Every built-in variant from data but `chess` (standard's alias).
        let names = crate::game::fairy_builtin::builtin_fairy_names();
        assert_eq!(r.all().iter().filter(from_data).count(), names.len() - 1);
    }

    #[test]
    fn malformed_files_name_the_file_and_field() {
        let e = VariantDef::from_json("x.json", "{")
            .unwrap_err()
            .to_string();
        assert!(e.contains("x.json"), "{e}");
        let e = VariantDef::from_json(
            "y.json",
            r#"{"id":"y","name":"Y","summary":"s","family":"standard","start":"bad","rules":"r"}"#,
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("y.json") && e.contains("start"), "{e}");
        let e = VariantDef::from_json(
            "z.json",
            r#"{"id":"z","name":"Z","summary":"s","family":"antichess","start":"8/8/8/8/8/8/8/K7 w - - 0 1","options":{"flipz":true},"rules":"r"}"#,
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("z.json") && e.contains("flipz"), "{e}");
        let e = VariantDef::from_json(
            "w.json",
            r#"{"id":"w","name":"W","summary":"s","family":"nope","start":"","rules":"r"}"#,
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("w.json") && e.contains("nope"), "{e}");
    }

    #[test]
    fn user_folder_adds_and_reports() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        std::fs::write(
            dir.join("mini.json"),
            r#"{"id":"mini","name":"Mini","summary":"kings and a pawn","family":"standard","start":"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1","rules":["line one","line two"]}"#,
        )
        .unwrap();
        std::fs::write(dir.join("broken.json"), "{\"id\": 3}").unwrap();
        let mut r = Registry::builtin();
        r.add_dir(dir);
        assert!(r.get("mini").is_ok());
        assert_eq!(r.warnings.len(), 1);
        assert!(r.warnings[0].contains("broken.json"));
    }
}

#[cfg(test)]
#[path = "setup_tests.rs"]
mod setup_tests;
