//! The one reader of Motley's JSON variant files, whatever their family:
//! a Rust family's file is its definition with the options that family
//! reads; a `fairy` family's file holds Fairy-Stockfish's keys under
//! `options`, read as a variants.ini section's would be.

use super::{VariantDef, VariantError};
use crate::variant::builtin::builtin_keys;
use crate::variant::file::{check_id, IdError};
use crate::variant::ini::ResolvedKeys;
use crate::variant::sections::SectionReport;

/// What a JSON variant file defines.
#[derive(Debug)]
pub enum JsonVariant {
    /// A variant of a Rust family, checked: its id and its start.
    Family(Box<VariantDef>),
    /// A variant from data: its keys, to be played as a section's.
    Data(SectionReport),
}

/// Reads a JSON variant file's text (named `file` in messages): parsed
/// once, then read as its `family` says.
pub fn read_json(file: &str, text: &str) -> Result<JsonVariant, VariantError> {
    let malformed = |message: String| VariantError::Malformed {
        file: file.to_string(),
        message,
    };
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| malformed(e.to_string()))?;
    if value.get("family").and_then(|f| f.as_str()) == Some("fairy") {
        return data_section(&value)
            .map(JsonVariant::Data)
            .map_err(|e| malformed(e.to_string()));
    }
    let def: VariantDef = serde_json::from_value(value).map_err(|e| malformed(e.to_string()))?;
    for (field, name) in
        std::iter::once(("id", &def.id)).chain(def.aliases.iter().map(|a| ("aliases", a)))
    {
        check_id(name).map_err(|e| malformed(format!("field '{field}': {e}")))?;
    }
    def.position(None).map_err(|e| {
        malformed(match e {
            VariantError::Position { error, .. } => format!("field 'start': {error}"),
            other => other.to_string(),
        })
    })?;
    Ok(JsonVariant::Family(Box::new(def)))
}

/// Why a JSON variant file could not be read as a variant from data.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FairyJsonError {
    /// Not JSON, or not an object.
    #[error("not a JSON object: {0}")]
    Json(String),
    /// A field missing or of the wrong type.
    #[error("{0} must be a string")]
    Field(&'static str),
    /// `family` is not `fairy`.
    #[error("family must be \"fairy\" for a variant from data")]
    Family,
    /// The id breaks the rule every variant id keeps.
    #[error("field 'id': {0}")]
    Id(IdError),
    /// A field a variant from data does not have.
    #[error("field '{0}' is not read in a variant from data (only id, name, summary, family, parent and options)")]
    UnknownField(String),
    /// A name or summary with a control character or a line break.
    #[error("field '{0}' must be one line of text without control characters")]
    NotOneLine(&'static str),
    /// An option whose value is not a string, number or true/false.
    #[error("options.{0} must be a string, a number or true/false")]
    Option(String),
    /// `parent` names no built-in variant from data.
    #[error("parent '{0}' is no built-in variant from data")]
    Parent(String),
}

/// Fairy-Stockfish's keys from a JSON object of them (`options` of a
/// variant file): each a string, a number or true/false, read as a
/// section's would be (their lines are 0: JSON names none).
fn keys_of_options(options: &serde_json::Value) -> Result<ResolvedKeys, FairyJsonError> {
    let empty = serde_json::Map::new();
    let options = match options {
        serde_json::Value::Null => &empty,
        o => o.as_object().ok_or(FairyJsonError::Field("options"))?,
    };
    let mut keys = ResolvedKeys::new();
    for (key, value) in options {
        let text = match value {
            serde_json::Value::String(s) => s.clone(),
            serde_json::Value::Bool(b) => b.to_string(),
            serde_json::Value::Number(n) => n.to_string(),
            _ => return Err(FairyJsonError::Option(motley_rules::core::quote::clip(key))),
        };
        keys.insert(key.clone(), (text, 0));
    }
    Ok(keys)
}

/// The fields a JSON variant from data may have.
const JSON_FIELDS: [&str; 6] = ["id", "name", "summary", "family", "parent", "options"];

/// A Motley JSON variant file of the `fairy` family: `id` (a
/// variant id, [`check_id`]), an optional `name` and `summary`,
/// `"family": "fairy"`, an optional built-in `parent`, and `options`
/// holding Fairy-Stockfish's keys, read as a section of a variants.ini
/// would be (its keys' lines are 0: a JSON file has no lines to name).
fn data_section(value: &serde_json::Value) -> Result<SectionReport, FairyJsonError> {
    let object = value
        .as_object()
        .ok_or_else(|| FairyJsonError::Json("not an object".into()))?;
    if let Some(field) = object.keys().find(|k| !JSON_FIELDS.contains(&k.as_str())) {
        return Err(FairyJsonError::UnknownField(
            motley_rules::core::quote::clip(field),
        ));
    }
    let string = |field: &'static str| {
        object
            .get(field)
            .and_then(|v| v.as_str())
            .ok_or(FairyJsonError::Field(field))
    };
    let id = string("id")?.to_string();
    check_id(&id).map_err(FairyJsonError::Id)?;
    if string("family")? != "fairy" {
        return Err(FairyJsonError::Family);
    }
    let line_of = |field: &'static str| match object.get(field) {
        None => Ok(None),
        Some(_) => {
            let text = string(field)?;
            let one_line = !text.chars().any(motley_rules::core::quote::is_unsafe);
            one_line
                .then(|| Some(text.trim().to_string()))
                .ok_or(FairyJsonError::NotOneLine(field))
        }
    };
    let (display_name, summary) = (line_of("name")?, line_of("summary")?);
    let mut keys = match object.get("parent") {
        None => ResolvedKeys::new(),
        Some(parent) => {
            let name = parent.as_str().ok_or(FairyJsonError::Field("parent"))?;
            builtin_keys(name)
                .ok_or_else(|| FairyJsonError::Parent(motley_rules::core::quote::clip(name)))?
        }
    };
    if let Some(options) = object.get("options") {
        keys.extend(keys_of_options(options)?);
    }
    Ok(SectionReport {
        name: id,
        line: 0,
        display_name: display_name.filter(|n| !n.is_empty()),
        summary: summary.filter(|s| !s.is_empty()),
        keys,
        problems: Vec::new(),
        resolved: true,
    })
}

impl VariantDef {
    /// The variant of a JSON variant file's text (`file` names it in
    /// messages), read by [`read_json`]; a variant from data's keys are
    /// kept to be built when it is played.
    pub fn from_json(file: &str, text: &str) -> Result<VariantDef, VariantError> {
        match read_json(file, text)? {
            JsonVariant::Family(def) => Ok(*def),
            JsonVariant::Data(section) => {
                if section.refused_unread() {
                    let why = section.played().err().map(|e| e.describe(true));
                    return Err(VariantError::Malformed {
                        file: file.to_string(),
                        message: why.unwrap_or_default(),
                    });
                }
                Ok(VariantDef::from_data(
                    &section.name,
                    section.display_name.as_deref(),
                    section.summary.as_deref().unwrap_or_default(),
                    section.keys,
                    super::DataOrigin::Json(file.to_string()),
                ))
            }
        }
    }
}
