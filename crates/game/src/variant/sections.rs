//! A variants.ini file as Motley reads it: every section with its keys
//! (its parents' included, built-in parents too) and what was wrong with
//! its lines. A section's rules are built only when asked for
//! ([`SectionReport::rules`]): reading a file of thousands of sections
//! resolves each once and builds none.

use crate::variant::builtin::builtin_keys;
use crate::variant::ini::{read_ini, resolve_all, IniError, ResolvedKeys};
use crate::variant::keys::{
    fairy_rules, is_8x8, sized_rules, wide_rules, KeyError, KeyErrorKind, KeyErrors,
};
use motley_rules::fairy::{FairyRules, SizedRules};

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
    pub(crate) resolved: bool,
}

impl SectionReport {
    /// The section's rules, or every error of it: its lines', its
    /// parent's and its keys'.
    pub fn rules(&self) -> Result<FairyRules, KeyErrors> {
        self.read_with(fairy_rules)
    }

    /// Whether games play the section, on its board whatever its size,
    /// or every reason they do not.
    pub fn played(&self) -> Result<(), KeyErrors> {
        self.read_with(|keys| match is_8x8(keys) {
            true => fairy_rules(keys).map(|_| ()),
            false => wide_rules(keys).map(|_| ()),
        })
    }

    /// The section's rules on a board of any size (what perft counts),
    /// or every reason it is refused.
    pub fn sized_rules(&self) -> Result<SizedRules, KeyErrors> {
        self.read_with(sized_rules)
    }

    fn read_with<T>(
        &self,
        read: impl FnOnce(&ResolvedKeys) -> Result<T, KeyErrors>,
    ) -> Result<T, KeyErrors> {
        let mut errors = self.problems.clone();
        if self.resolved {
            match read(&self.keys) {
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
