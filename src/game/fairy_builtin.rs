//! The variants from data that ship with Motley (`variants/fairy.ini`,
//! Motley's own definitions under Fairy-Stockfish's names), and the
//! reading of a user's file of them, whose sections may inherit from the
//! built-in ones.

use super::fairy_keys::{fairy_rules, KeyError, KeyErrorKind};
use super::ini::{read_ini, resolve, IniError, IniSection, ResolvedKeys};
use crate::rules::fairy::FairyRules;
use std::sync::OnceLock;

const BUILTIN_INI: &str = include_str!("../../variants/fairy.ini");

fn builtin_sections() -> &'static [IniSection] {
    static SECTIONS: OnceLock<Vec<IniSection>> = OnceLock::new();
    SECTIONS.get_or_init(|| {
        read_ini(BUILTIN_INI)
            .unwrap_or_else(|e| unreachable!("the built-in file is tested to read: {e}"))
    })
}

/// The built-in variant `name`'s keys, its parents' included; their
/// lines are 0, as a built-in's are in a user's file.
pub fn builtin_keys(name: &str) -> Option<ResolvedKeys> {
    let sections = builtin_sections();
    let index = sections.iter().position(|s| s.name == name)?;
    let mut keys = resolve(sections, index, &|_| None).ok()?;
    for (_, line) in keys.values_mut() {
        *line = 0;
    }
    Some(keys)
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

/// The names players know the built-in variants from data by, for menus
/// and headings (their ids stay Fairy-Stockfish's).
const DISPLAY_NAMES: &[(&str, &str)] = &[
    ("chess", "Chess (from data)"),
    ("nocastle", "No-Castling Chess"),
    ("kingofthehill", "King of the Hill"),
    ("3check", "Three-Check"),
    ("5check", "Five-Check"),
    ("racingkings", "Racing Kings"),
    ("horde", "Horde Chess"),
    ("knightmate", "Knightmate"),
    ("extinction", "Extinction Chess"),
    ("kinglet", "Kinglet Chess"),
    ("threekings", "Three Kings Chess"),
    ("losers", "Losers Chess"),
    ("giveaway", "Giveaway Chess"),
    ("codrus", "Codrus"),
    ("amazon", "Amazon Chess"),
    ("almost", "Almost Chess"),
    ("chigorin", "Chigorin Chess"),
    ("nightrider", "Nightrider Chess"),
    ("grasshopper", "Grasshopper Chess"),
    ("hoppelpoppel", "Hoppel-Poppel"),
    ("newzealand", "New Zealand Chess"),
    ("berolina", "Berolina Chess"),
    ("pawnsideways", "Sideways Pawns Chess"),
    ("pawnback", "Backward Pawns Chess"),
    ("torpedo", "Torpedo Chess"),
    ("shatranj", "Shatranj"),
    ("chaturanga", "Chaturanga"),
    ("coregal", "Coregal Chess"),
    ("makruk", "Makruk (Thai Chess)"),
    ("makpong", "Makpong"),
    ("ai-wok", "Ai-Wok"),
    ("asean", "ASEAN Chess"),
    ("nocheckatomic", "Atomic Chess (no check)"),
    ("atomic", "Atomic Chess"),
    ("crazyhouse", "Crazyhouse"),
];

/// The name players know a built-in variant from data by.
pub fn builtin_display_name(name: &str) -> Option<&'static str> {
    DISPLAY_NAMES
        .iter()
        .find(|(id, _)| *id == name)
        .map(|(_, shown)| *shown)
}

/// The names of the built-in variants from data, in the file's order.
pub fn builtin_fairy_names() -> Vec<&'static str> {
    builtin_sections().iter().map(|s| s.name.as_str()).collect()
}

/// The rules of a built-in variant from data.
pub fn builtin_fairy(name: &str) -> Option<Result<FairyRules, KeyError>> {
    builtin_keys(name).map(|keys| fairy_rules(&keys))
}

/// One section of a file: its name, header line and what became of it.
#[derive(Debug)]
pub struct SectionReport {
    /// The variant's id.
    pub name: String,
    /// Its header's line, from 1.
    pub line: usize,
    /// Its rules, or why it cannot be played.
    pub rules: Result<FairyRules, KeyError>,
    /// Its keys, its parents' included (empty when a parent is missing).
    pub keys: ResolvedKeys,
}

/// Reads every section of a `variants.ini` text. A file that cannot be
/// read at all is refused; each section is then played or refused on
/// its own (a parent not to be found refuses only its children).
pub fn read_fairy_file(text: &str) -> Result<Vec<SectionReport>, IniError> {
    let sections = read_ini(text)?;
    let mut out = Vec::new();
    for (index, section) in sections.iter().enumerate() {
        let (rules, keys) = match resolve(&sections, index, &builtin_keys) {
            Ok(keys) => (fairy_rules(&keys), keys),
            Err(e) => {
                let why = KeyError {
                    line: e.line,
                    kind: KeyErrorKind::Parent(e.kind),
                };
                (Err(why), ResolvedKeys::new())
            }
        };
        out.push(SectionReport {
            name: section.name.clone(),
            line: section.line,
            rules,
            keys,
        });
    }
    Ok(out)
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
            _ => return Err(FairyJsonError::Option(key.clone())),
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

/// Reads a Motley JSON variant file of the `fairy` family: `id`,
/// `"family": "fairy"`, an optional built-in `parent`, and `options`
/// holding Fairy-Stockfish's keys, read as a section of a variants.ini
/// would be (its keys' lines are 0: a JSON file has no lines to name).
pub fn read_fairy_json(text: &str) -> Result<SectionReport, FairyJsonError> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| FairyJsonError::Json(e.to_string()))?;
    let object = value
        .as_object()
        .ok_or_else(|| FairyJsonError::Json("not an object".into()))?;
    let string = |field: &'static str| {
        object
            .get(field)
            .and_then(|v| v.as_str())
            .ok_or(FairyJsonError::Field(field))
    };
    let id = string("id")?.to_string();
    if string("family")? != "fairy" {
        return Err(FairyJsonError::Family);
    }
    let mut keys = match object.get("parent") {
        None => ResolvedKeys::new(),
        Some(parent) => {
            let name = parent.as_str().ok_or(FairyJsonError::Field("parent"))?;
            builtin_keys(name).ok_or_else(|| FairyJsonError::Parent(name.to_string()))?
        }
    };
    if let Some(options) = object.get("options") {
        keys.extend(keys_of_options(options)?);
    }
    Ok(SectionReport {
        name: id,
        line: 0,
        rules: fairy_rules(&keys),
        keys,
    })
}
