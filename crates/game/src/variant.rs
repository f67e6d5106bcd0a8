//! Variant definitions: data files under `variants/` (embedded in the
//! binary) plus any the user drops into their own folder. A variant is a
//! rule family with options, a start position and the rules text players
//! read; a new variant that only changes those needs a file, not code.

use super::fairy_keys::KeyErrors;
use super::ini::ResolvedKeys;
use motley_rules::antichess::{Antichess, AntichessOptions};
use motley_rules::contrast::{Contrast, ContrastOptions, ContrastPowers};
use motley_rules::core::fen::Setup;
use motley_rules::core::legal::FidePowers;
use motley_rules::dice_money::{DiceMoney, DiceMoneyOptions};
use motley_rules::fairy::{Fairy, FairyPosition, FairyRules};
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
    /// A variant from data's rules, read from its keys once, when first
    /// played.
    #[serde(skip)]
    fairy: OnceLock<Arc<FairyRules>>,
    /// A variant from data's keys with the lines they come from (in
    /// place of `options`), kept so that its rules are built only when
    /// it is played or checked and a refusal names the lines.
    #[serde(skip)]
    data: Option<Arc<FromData>>,
    /// Whether a variant from data can be played, once asked
    /// ([`VariantDef::playable`]), without keeping its rules.
    #[serde(skip)]
    verdict: OnceLock<Result<(), VariantError>>,
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
        match self.fairy_rules() {
            Ok(rules) => super::fairy_words::rules_body(about, &rules),
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
            data: Some(Arc::new(FromData { keys, origin })),
            verdict: OnceLock::new(),
        }
    }

    /// A variant from data's keys: those its file gave, or those of a
    /// JSON variant file's `options` (lines 0).
    fn data_keys(&self) -> Result<std::borrow::Cow<'_, ResolvedKeys>, VariantError> {
        if let Some(data) = &self.data {
            return Ok(std::borrow::Cow::Borrowed(&data.keys));
        }
        super::fairy_builtin::keys_of_options(&self.options)
            .map(std::borrow::Cow::Owned)
            .map_err(|e| VariantError::Options {
                variant: self.id.clone(),
                message: e.to_string(),
            })
    }

    /// A variant from data's rules built from its keys.
    fn build_fairy_rules(&self) -> Result<FairyRules, VariantError> {
        let keys = self.data_keys()?;
        super::fairy_keys::fairy_rules(&keys).map_err(|errors| VariantError::Refused {
            variant: self.id.clone(),
            errors,
            origin: self
                .data
                .as_ref()
                .map_or(DataOrigin::Json(self.id.clone()), |d| d.origin.clone()),
        })
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
        self.verdict
            .get_or_init(|| self.build_fairy_rules().map(|_| ()))
            .clone()
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
            // The keys without their lines, as a JSON file's options
            // read: moving a section in its file changes nothing.
            Family::Fairy => self.data_keys().ok().map(|keys| {
                let mut keys = keys.into_owned();
                for (_, line) in keys.values_mut() {
                    *line = 0;
                }
                format!("{keys:?}")
            }),
        }
    }

    /// Parse and check a variant file's text; `file` names it in messages.
    pub fn from_json(file: &str, text: &str) -> Result<VariantDef, VariantError> {
        let def: VariantDef = serde_json::from_str(text).map_err(|e| VariantError::Malformed {
            file: file.to_string(),
            message: e.to_string(),
        })?;
        for (field, name) in
            std::iter::once(("id", &def.id)).chain(def.aliases.iter().map(|a| ("aliases", a)))
        {
            if let Err(e) = super::variant_file::check_id(name) {
                return Err(VariantError::Malformed {
                    file: file.to_string(),
                    message: format!("field '{field}': {e}"),
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

/// Variant files compiled into the binary.
const BUILTIN: &[(&str, &str)] = &[
    (
        "standard.json",
        include_str!("../../../variants/standard.json"),
    ),
    (
        "antichess.json",
        include_str!("../../../variants/antichess.json"),
    ),
    (
        "contrast.json",
        include_str!("../../../variants/contrast.json"),
    ),
    (
        "monochromatic.json",
        include_str!("../../../variants/monochromatic.json"),
    ),
    (
        "monochromatic-knightless.json",
        include_str!("../../../variants/monochromatic-knightless.json"),
    ),
    (
        "monochromatic-jamal.json",
        include_str!("../../../variants/monochromatic-jamal.json"),
    ),
    (
        "monochromatic-daffy.json",
        include_str!("../../../variants/monochromatic-daffy.json"),
    ),
    (
        "monochromatic-double-knight.json",
        include_str!("../../../variants/monochromatic-double-knight.json"),
    ),
    (
        "monochrome.json",
        include_str!("../../../variants/monochrome.json"),
    ),
    (
        "dice-money.json",
        include_str!("../../../variants/dice-money.json"),
    ),
    (
        "chicken.json",
        include_str!("../../../variants/chicken.json"),
    ),
];

/// The built-in variants from data, by name, each made once per run;
/// their rules are built when first played (and then kept, for every
/// registry of the run).
fn builtin_from_data() -> &'static [(&'static str, Arc<VariantDef>)] {
    use super::fairy_builtin::{builtin_description, builtin_display_name, builtin_fairy_names};
    static DEFS: OnceLock<Vec<(&'static str, Arc<VariantDef>)>> = OnceLock::new();
    DEFS.get_or_init(|| {
        builtin_fairy_names()
            .into_iter()
            .filter_map(|name| {
                let keys = super::fairy_builtin::builtin_keys(name)?;
                let about = builtin_description(name).unwrap_or_default();
                let shown = builtin_display_name(name);
                let def = VariantDef::from_data(name, shown, &about, keys, DataOrigin::Builtin);
                Some((name, Arc::new(def)))
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
        for (name, def) in builtin_from_data() {
            if self.lookup(name).is_err() {
                self.variants.push(def.clone());
            }
        }
    }

    /// Built-in variants plus the user's folder (see [`user_variant_dir`]).
    pub fn load() -> Registry {
        let mut r = Registry::builtin();
        if let Some(dir) = user_variant_dir() {
            r.add_dir(&dir);
        }
        r
    }

    /// Add every `*.json` and `*.ini` in a folder, each read as
    /// [`Registry::add_file`] reads it; a file that cannot be read is
    /// skipped with a warning.
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
            if let Err(e) = self.add_file(&path) {
                let name = motley_rules::core::quote::path(&path);
                self.warnings
                    .push(format!("variant file {name}: {e}, skipped"));
            }
        }
    }

    /// Add a variant file (`.json`, or `.ini` in Fairy-Stockfish's
    /// format), read the one way every variant file is
    /// ([`super::variant_file::read_variant_file`]); a user file may
    /// replace a built-in id. `Err` only when the file cannot be read at
    /// all: problems with its variants are warnings.
    pub fn add_file(&mut self, path: &Path) -> Result<(), super::variant_file::VariantFileError> {
        let text = super::variant_file::read_variant_file(path)?;
        let ini = path.extension().is_some_and(|x| x == "ini");
        if ini || super::fairy_builtin::is_fairy_json(&text) {
            self.add_from_data(&path.display().to_string(), &text, !ini);
            return Ok(());
        }
        let name = motley_rules::core::quote::path(path);
        match VariantDef::from_json(&name, &text) {
            Ok(def) => self.replace_all(&name, vec![def]),
            Err(e) => self.warnings.push(e.to_string()),
        }
        Ok(())
    }

    /// Add a file of variants from data (a variants.ini, or a Motley JSON
    /// file of the `fairy` family when `json`), named `name` in messages:
    /// each section a variant of its own, which may replace a built-in
    /// one. A section its file already refuses (a bad line, a missing
    /// parent) is skipped with a warning; the others' rules are built
    /// when they are played or checked ([`VariantDef::playable`]).
    pub fn add_from_data(&mut self, name: &str, text: &str, json: bool) {
        use super::fairy_builtin::{read_fairy_file, read_fairy_json};
        let shown = motley_rules::core::quote::path_text(name);
        let sections = if json {
            match read_fairy_json(text) {
                Ok(section) => vec![section],
                Err(e) => {
                    let e = motley_rules::core::quote::visible(&e.to_string()).into_owned();
                    return self
                        .warnings
                        .push(format!("variant file {shown}: {e}, skipped"));
                }
            }
        } else {
            let file = read_fairy_file(text);
            for e in &file.problems {
                let e = motley_rules::core::quote::visible(&e.to_string()).into_owned();
                self.warnings.push(format!("variant file {shown}: {e}"));
            }
            file.sections
        };
        let mut defs = Vec::new();
        for section in sections {
            if section.refused_unread() {
                // Every reason, its keys' too: the section is refused, so
                // its rules are built only to say why.
                let why = section.rules().err().map(|e| e.describe(json));
                self.warnings.push(format!(
                    "variant file {shown}: [{}]: {}, skipped",
                    motley_rules::core::quote::clip(&section.name),
                    why.unwrap_or_default()
                ));
                continue;
            }
            defs.push(VariantDef::from_data(
                &section.name,
                section.display_name.as_deref(),
                section.summary.as_deref().unwrap_or_default(),
                section.keys,
                match json {
                    true => DataOrigin::Json(shown.clone()),
                    false => DataOrigin::Ini(shown.clone()),
                },
            ));
        }
        self.replace_all(&shown, defs);
    }

    /// Put `defs` in, each in place of a variant of its id (a built-in
    /// one is still there for games played under it, and the user is
    /// told), the new ones after the others: linear in the registry and
    /// the file.
    fn replace_all(&mut self, file: &str, defs: Vec<VariantDef>) {
        let builtin_ids: std::collections::HashSet<&str> =
            self.builtins.iter().map(|b| b.id.as_str()).collect();
        let mut replaced = Vec::new();
        let mut new: std::collections::HashMap<String, Arc<VariantDef>> =
            std::collections::HashMap::new();
        let mut order = Vec::new();
        for def in defs {
            if builtin_ids.contains(def.id.as_str()) {
                replaced.push(def.id.clone());
            }
            if !new.contains_key(&def.id) {
                order.push(def.id.clone());
            }
            new.insert(def.id.clone(), Arc::new(def));
        }
        for variant in &mut self.variants {
            if let Some(def) = new.remove(&variant.id) {
                *variant = def;
            }
        }
        self.variants
            .extend(order.iter().filter_map(|id| new.remove(id)));
        for id in replaced {
            self.warnings.push(format!(
                "variant file {file} replaces the built-in variant '{id}': \
                 new games follow the file; games played under the \
                 built-in rules still replay under them"
            ));
        }
    }

    /// Every problem with the user's variants, a line each: the files'
    /// warnings, then each variant from data that cannot be played, with
    /// all its reasons. Builds every such variant's rules to know (and
    /// keeps none), so it is asked only where a person looks.
    pub fn problems(&self) -> Vec<String> {
        let mut out = self.warnings.clone();
        for def in &self.variants {
            if self.builtins.iter().any(|b| Arc::ptr_eq(b, def)) {
                continue;
            }
            if let Err(e) = def.playable() {
                out.push(e.to_string());
            }
        }
        out
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
            id: motley_rules::core::quote::clip(name),
            known: self.known_ids(),
        }
    }
}

/// The user's variant folder: `variants` in Motley's data folder
/// (see [`motley_disk::paths::variants_dir`]).
pub fn user_variant_dir() -> Option<PathBuf> {
    motley_disk::paths::variants_dir()
}

#[cfg(test)]
mod tests {
    use super::*;

    // The table of files compiled in is written by hand: a file added to
    // variants/ and not to it would silently not ship.
    #[test]
    fn the_builtin_table_is_every_file_in_variants() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants");
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
        // Every built-in variant from data but `chess` (standard's alias),
        // each playable and named.
        let names = crate::fairy_builtin::builtin_fairy_names();
        assert_eq!(r.all().iter().filter(from_data).count(), names.len() - 1);
        for v in r.all() {
            assert_eq!(v.playable(), Ok(()), "{}", v.id);
            assert_ne!(v.name, v.id, "{} has a name for players", v.id);
        }
        assert!(r.problems().is_empty());
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
