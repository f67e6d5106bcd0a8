//! The variants from data that ship with Motley (`variants/fairy.ini`
//! for 8×8 boards and `variants/sizes.ini` for the others, Motley's own
//! definitions under Fairy-Stockfish's names): their keys, names and
//! descriptions, which a user's sections may inherit.

use crate::variant::ini::{read_ini, resolve_all, IniFile, ResolvedKeys};
use crate::variant::keys::{fairy_rules, sized_rules, KeyErrors};
use motley_rules::fairy::{FairyRules, SizedRules};
use std::collections::HashMap;
use std::sync::OnceLock;

const BUILTIN_INI: &str = concat!(
    include_str!("../../../../variants/fairy.ini"),
    "\n",
    include_str!("../../../../variants/sizes.ini")
);

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

/// The names of the built-in variants from data that games play (8×8
/// boards), in the file's order.
pub fn builtin_fairy_names() -> Vec<&'static str> {
    static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();
    NAMES
        .get_or_init(|| {
            builtin_sized_names()
                .into_iter()
                .filter(|name| {
                    let keys = builtin_resolved().get(*name);
                    let size = |key: &str| keys.and_then(|k| k.get(key)).map(|(v, _)| v.as_str());
                    matches!(size("maxFile"), None | Some("8" | "h"))
                        && matches!(size("maxRank"), None | Some("8"))
                })
                .collect()
        })
        .clone()
}

/// The names of the built-in variants from data that games play, every
/// board size, in the files' order: all but those with a key perft
/// counts and games do not play yet (`pieceDemotion`, `dropPromoted`).
pub fn builtin_played_names() -> Vec<&'static str> {
    builtin_sized_names()
        .into_iter()
        .filter(|name| builtin_counted_only(name).is_none())
        .collect()
}

/// The key perft counts and games do not play yet that a built-in
/// variant from data has, if any: read from its keys, without building
/// its rules.
pub fn builtin_counted_only(name: &str) -> Option<&'static str> {
    let keys = builtin_resolved().get(name)?;
    ["pieceDemotion", "dropPromoted"]
        .into_iter()
        .find(|key| keys.get(*key).is_some_and(|(v, _)| v == "true"))
}

/// The names of every built-in variant from data, every board size, in
/// the files' order: what perft counts.
pub fn builtin_sized_names() -> Vec<&'static str> {
    builtin_file()
        .sections
        .iter()
        .map(|s| s.name.as_str())
        .collect()
}

/// The rules of a built-in variant from data, for play (8×8 only).
pub fn builtin_fairy(name: &str) -> Option<Result<FairyRules, KeyErrors>> {
    builtin_keys(name).map(|keys| fairy_rules(&keys))
}

/// The rules of a built-in variant from data of any board size.
pub fn builtin_sized(name: &str) -> Option<Result<SizedRules, KeyErrors>> {
    builtin_keys(name).map(|keys| sized_rules(&keys))
}
