//! The variants from data that ship with Motley (`variants/fairy.ini`,
//! Motley's own definitions under Fairy-Stockfish's names), and the
//! reading of a user's file of them, whose sections may inherit from the
//! built-in ones. A section's rules are built only when asked for
//! ([`SectionReport::rules`]): reading a file of thousands of sections
//! resolves each once and builds none.

use super::fairy_keys::{fairy_rules, KeyError, KeyErrorKind, KeyErrors};
use super::ini::{read_ini, resolve_all, IniError, IniFile, ResolvedKeys};
use super::variant_file::{check_id, IdError};
use motley_rules::fairy::FairyRules;
use std::collections::HashMap;
use std::sync::OnceLock;

const BUILTIN_INI: &str = include_str!("../../../variants/fairy.ini");

fn builtin_file() -> &'static IniFile {
    static FILE: OnceLock<IniFile> = OnceLock::new();
    FILE.get_or_init(|| read_ini(BUILTIN_INI))
}

/// Every built-in section's keys, its parents' included, resolved once;
/// their lines are 0, as a built-in's are in a user's file.
fn builtin_resolved() -> &'static HashMap<String, ResolvedKeys> {
    static KEYS: OnceLock<HashMap<String, ResolvedKeys>> = OnceLock::new();
    KEYS.get_or_init(|| {
        let file = builtin_file();
        let resolved = resolve_all(file, &|_| None);
        file.sections
            .iter()
            .zip(resolved)
            .filter_map(|(section, keys)| {
                let mut keys = keys.ok()?;
                for (_, line) in keys.values_mut() {
                    *line = 0;
                }
                Some((section.name.clone(), keys))
            })
            .collect()
    })
}

/// The built-in variant `name`'s keys, its parents' included; their
/// lines are 0, as a built-in's are in a user's file.
pub fn builtin_keys(name: &str) -> Option<ResolvedKeys> {
    builtin_resolved().get(name).cloned()
}

/// What the built-in file says of a variant: the comment lines right
/// above its section, without their `#`.
pub fn builtin_description(name: &str) -> Option<String> {
    let header = format!("[{name}");
    let lines: Vec<&str> = BUILTIN_INI.lines().collect();
    let at = lines.iter().position(|l| {
        l.strip_prefix(&header)
            .is_some_and(|rest| rest.starts_with(']') || rest.starts_with(':'))
    })?;
    let comments: Vec<&str> = lines[..at]
        .iter()
        .rev()
        .take_while(|l| l.starts_with('#'))
        .map(|l| l.trim_start_matches('#').trim())
        .collect();
    Some(comments.into_iter().rev().collect::<Vec<_>>().join(" "))
}

/// The name players know a built-in variant from data by (its `# name:`
/// line; its id stays Fairy-Stockfish's).
pub fn builtin_display_name(name: &str) -> Option<&'static str> {
    builtin_file()
        .sections
        .iter()
        .find(|s| s.name == name)?
        .display_name
        .as_deref()
}

/// The names of the built-in variants from data, in the file's order.
pub fn builtin_fairy_names() -> Vec<&'static str> {
    builtin_file()
        .sections
        .iter()
        .map(|s| s.name.as_str())
        .collect()
}

/// The rules of a built-in variant from data.
pub fn builtin_fairy(name: &str) -> Option<Result<FairyRules, KeyErrors>> {
    builtin_keys(name).map(|keys| fairy_rules(&keys))
}

/// One section of a file: its name, header line and keys, and what was
/// wrong with its lines. Its rules are built when asked for.
#[derive(Clone, Debug)]
pub struct SectionReport {
    /// The variant's id.
    pub name: String,
    /// Its header's line, from 1 (0 in a JSON file).
    pub line: usize,
    /// The name players know it by, when the file gives one.
    pub display_name: Option<String>,
    /// Its one-line description, when the file gives one.
    pub summary: Option<String>,
    /// Its keys, its parents' included (empty when a parent is missing).
    pub keys: ResolvedKeys,
    /// Its lines that could not be read and a parent that could not be
    /// found: the section is refused with them.
    pub problems: Vec<KeyError>,
    /// Whether its parent's keys were found (else its keys are not
    /// worth reading: they would be read without the parent's).
    resolved: bool,
}

impl SectionReport {
    /// The section's rules, or every error of it: its lines', its
    /// parent's and its keys'.
    pub fn rules(&self) -> Result<FairyRules, KeyErrors> {
        let mut errors = self.problems.clone();
        if self.resolved {
            match fairy_rules(&self.keys) {
                Ok(rules) if errors.is_empty() => return Ok(rules),
                Ok(_) => {}
                Err(KeyErrors(more)) => errors.extend(more),
            }
        }
        errors.sort_by_key(|e| e.line);
        Err(KeyErrors(errors))
    }

    /// Whether reading the file already refused it (no rules need be
    /// built to know).
    pub fn refused_unread(&self) -> bool {
        !self.problems.is_empty()
    }
}

/// A variants.ini file as read: its sections, and the lines that belong
/// to none and could not be read (bad headers).
#[derive(Clone, Debug, Default)]
pub struct FairyFile {
    /// Every section whose header could be read, in the file's order.
    pub sections: Vec<SectionReport>,
    /// Headers that could not be read (their lines are skipped).
    pub problems: Vec<IniError>,
}

/// Reads every section of a `variants.ini` text. Nothing refuses the
/// whole file: each section is played or refused on its own (a parent
/// not to be found refuses only its children), and a bad header only
/// the lines under it. No rules are built here.
pub fn read_fairy_file(text: &str) -> FairyFile {
    let file = read_ini(text);
    let resolved = resolve_all(&file, &builtin_keys);
    let sections = file
        .sections
        .into_iter()
        .zip(resolved)
        .map(|(section, keys)| {
            let mut problems: Vec<KeyError> = section
                .problems
                .into_iter()
                .map(|e| KeyError {
                    line: e.line,
                    kind: KeyErrorKind::Line(e.kind),
                })
                .collect();
            let resolved = keys.is_ok();
            let keys = keys.unwrap_or_else(|e| {
                problems.push(KeyError {
                    line: e.line,
                    kind: KeyErrorKind::Line(e.kind),
                });
                ResolvedKeys::new()
            });
            SectionReport {
                name: section.name,
                line: section.line,
                display_name: section.display_name,
                summary: section.summary,
                keys,
                problems,
                resolved,
            }
        })
        .collect();
    FairyFile {
        sections,
        problems: file.problems,
    }
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
pub fn keys_of_options(options: &serde_json::Value) -> Result<ResolvedKeys, FairyJsonError> {
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

/// The keys as a JSON object of strings, as a variant file's `options`
/// holds them.
pub fn options_of_keys(keys: &ResolvedKeys) -> serde_json::Map<String, serde_json::Value> {
    keys.iter()
        .map(|(k, (v, _))| (k.clone(), serde_json::Value::String(v.clone())))
        .collect()
}

/// Whether a JSON text is a Motley variant file of the `fairy` family.
pub fn is_fairy_json(text: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(text)
        .is_ok_and(|v| v.get("family").and_then(|f| f.as_str()) == Some("fairy"))
}

/// The fields a JSON variant from data may have.
const JSON_FIELDS: [&str; 6] = ["id", "name", "summary", "family", "parent", "options"];

/// Reads a Motley JSON variant file of the `fairy` family: `id` (a
/// variant id, [`check_id`]), an optional `name` and `summary`,
/// `"family": "fairy"`, an optional built-in `parent`, and `options`
/// holding Fairy-Stockfish's keys, read as a section of a variants.ini
/// would be (its keys' lines are 0: a JSON file has no lines to name).
pub fn read_fairy_json(text: &str) -> Result<SectionReport, FairyJsonError> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        FairyJsonError::Json(motley_rules::core::quote::clip_middle(&e.to_string()))
    })?;
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
