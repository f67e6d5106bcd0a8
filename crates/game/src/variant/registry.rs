//! The variants a run knows: the built-in ones (the families' JSON files
//! under `variants/` and the sections of `variants/fairy.ini`, embedded
//! in the binary) and the user's, each file read the one way every
//! variant file is ([`crate::variant::source`]).

use super::{DataOrigin, Family, VariantDef, VariantError};
use crate::variant::keys::{KeyError, KeyErrorKind, KeyErrors};
use crate::variant::source::{read_variant_path, read_variant_text, VariantFile};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// Variant files compiled into the binary.
const BUILTIN: &[(&str, &str)] = &[
    (
        "standard.json",
        include_str!("../../../../variants/standard.json"),
    ),
    (
        "antichess.json",
        include_str!("../../../../variants/antichess.json"),
    ),
    (
        "contrast.json",
        include_str!("../../../../variants/contrast.json"),
    ),
    (
        "monochromatic.json",
        include_str!("../../../../variants/monochromatic.json"),
    ),
    (
        "monochromatic-knightless.json",
        include_str!("../../../../variants/monochromatic-knightless.json"),
    ),
    (
        "monochromatic-jamal.json",
        include_str!("../../../../variants/monochromatic-jamal.json"),
    ),
    (
        "monochromatic-daffy.json",
        include_str!("../../../../variants/monochromatic-daffy.json"),
    ),
    (
        "monochromatic-double-knight.json",
        include_str!("../../../../variants/monochromatic-double-knight.json"),
    ),
    (
        "monochrome.json",
        include_str!("../../../../variants/monochrome.json"),
    ),
    (
        "dice-money.json",
        include_str!("../../../../variants/dice-money.json"),
    ),
    (
        "chicken.json",
        include_str!("../../../../variants/chicken.json"),
    ),
];

/// The built-in variants from data, by name, each made once per run;
/// their rules are built when first played (and then kept, for every
/// registry of the run).
fn builtin_from_data() -> &'static [(&'static str, Arc<VariantDef>)] {
    use crate::variant::builtin::{
        builtin_description, builtin_display_name, builtin_played_names,
    };
    static DEFS: OnceLock<Vec<(&'static str, Arc<VariantDef>)>> = OnceLock::new();
    DEFS.get_or_init(|| {
        builtin_played_names()
            .into_iter()
            .filter_map(|name| {
                let keys = crate::variant::builtin::builtin_keys(name)?;
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
    /// ([`read_variant_path`]); a user file may replace a built-in id.
    /// `Err` only when the file cannot be read at all: problems with its
    /// variants are warnings.
    pub fn add_file(&mut self, path: &Path) -> Result<(), crate::variant::file::VariantFileError> {
        use crate::variant::source::ReadVariantError;
        let name = motley_rules::core::quote::path(path);
        match read_variant_path(path) {
            Ok(file) => self.add_variants(&name, file, crate::variant::source::is_json(path)),
            Err(ReadVariantError::File(e)) => return Err(e),
            Err(ReadVariantError::Variant(e)) => self.warnings.push(e.to_string()),
        }
        Ok(())
    }

    /// Add a variant file's text (a variants.ini, or a Motley JSON file
    /// when `json`), named `name` in messages, read as
    /// [`Registry::add_file`] reads a file.
    pub fn add_text(&mut self, name: &str, text: &str, json: bool) {
        let shown = motley_rules::core::quote::path_text(name);
        match read_variant_text(&shown, text, json) {
            Ok(file) => self.add_variants(&shown, file, json),
            Err(e) => self.warnings.push(e.to_string()),
        }
    }

    /// Add what a variant file defines (`shown` names it): a family's
    /// variant, or variants from data, each section a variant of its
    /// own, which may replace a built-in one. A section its file already
    /// refuses (a bad line, a missing parent) is skipped with a warning;
    /// the others' rules are built when they are played or checked
    /// ([`VariantDef::playable`]).
    fn add_variants(&mut self, shown: &str, file: VariantFile, json: bool) {
        let shown = shown.to_string();
        let file = match file {
            VariantFile::Family(def) => return self.replace_all(&shown, vec![*def]),
            VariantFile::Data(file) => file,
        };
        for e in &file.problems {
            let e = motley_rules::core::quote::visible(&e.to_string()).into_owned();
            self.warnings.push(format!("variant file {shown}: {e}"));
        }
        let sections = file.sections;
        let mut defs = Vec::new();
        for section in sections {
            if section.refused_unread() {
                // Every reason, its keys' too: the section is refused, so
                // its rules are built only to say why.
                let why = section.played().err().map(|e| e.describe(json));
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
            .or_else(|| self.chess960_form(id, &|base| self.get(base).ok()))
            .ok_or_else(|| self.unknown(id))
    }

    /// The variant `id` names as a variant's Chess960 form
    /// (`crazyhouse960`), found by `find` under its base id.
    fn chess960_form(
        &self,
        id: &str,
        find: &dyn Fn(&str) -> Option<Arc<VariantDef>>,
    ) -> Option<Arc<VariantDef>> {
        let base = crate::variant::chess960::base_id(id)?;
        let def = find(base)?.as_chess960().ok()?;
        def.id.eq_ignore_ascii_case(id).then_some(def)
    }

    /// `def` played as Chess960 ([`VariantDef::as_chess960`]); standard
    /// chess's is the built-in `chess960`.
    pub fn chess960_of(&self, def: &Arc<VariantDef>) -> Result<Arc<VariantDef>, VariantError> {
        match def.family {
            Family::Standard => self.get("chess960"),
            _ => def.as_chess960(),
        }
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
            .or_else(|| self.chess960_form(name, &|base| self.lookup(base).ok()))
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
            .or_else(|| {
                let base = crate::variant::chess960::base_id(id)?;
                self.variants
                    .iter()
                    .chain(&self.builtins)
                    .filter(|v| v.id == base)
                    .filter_map(|v| v.as_chess960().ok())
                    .find(|def| def.id == id && def.fingerprint() == fingerprint)
            })
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
        if let Some(key) = crate::variant::builtin::builtin_counted_only(name) {
            return VariantError::Refused {
                variant: name.to_string(),
                errors: KeyErrors(vec![KeyError {
                    line: 0,
                    kind: KeyErrorKind::NotPlayedYet(key.into()),
                }]),
                origin: DataOrigin::Builtin,
            };
        }
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
