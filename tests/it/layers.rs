//! The crate's layers, read from its own source: every module names only
//! modules on its own layer or below, so no import runs back up and no two
//! modules import each other; the rules know nothing of the computer
//! player, the screen, saved files or JSON; a game session knows nothing
//! of the terminal; and neither the session nor the screen names a rule
//! family (a new family needs no UI change).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Top-level modules, bottom up: each folder of `src/` is one layer's
/// module. A module may use its own layer's peers only where the pair is
/// listed in `PEERS`.
const LAYERS: &[&[&str]] = &[
    &["core"],
    &["disk", "rules"],
    &["game"],
    &["ai", "record"],
    &["uci"],
    &["session"],
    &["tui"],
    &["cli", "main"],
];

/// Same-layer uses that are allowed (user, used).
const PEERS: &[(&str, &str)] = &[];

/// The text of every file in `dir` and the folders under it.
fn files_under(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for entry in fs::read_dir(dir).expect("a family module") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            out.extend(files_under(&path));
        } else {
            out.push(fs::read_to_string(&path).expect("a file"));
        }
    }
    out
}

/// What names a rule family, read from the rules themselves: each
/// family's type (a case of `AnyPosition`), its module, and the types its
/// module declares. A new family is covered without editing this test.
fn family_names() -> Vec<String> {
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules");
    let any = fs::read_to_string(rules.join("any.rs")).expect("rules/any.rs");
    let body = any
        .split_once("pub enum AnyPosition {")
        .and_then(|(_, rest)| rest.split_once('}'))
        .expect("AnyPosition lists the families")
        .0;
    let mut names = Vec::new();
    for case in body.lines().filter_map(|l| l.trim().split_once('(')) {
        let family = case.0.to_string();
        let module = snake_case(&family);
        // A family's module is a file, or a folder of files.
        let code = match fs::read_to_string(rules.join(format!("{module}.rs"))) {
            Ok(code) => code,
            Err(_) => files_under(&rules.join(&module)).join("\n"),
        };
        for line in code.lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            if let ["pub", "struct" | "enum" | "trait" | "type", name, ..] = words[..] {
                let name = name.split(['<', '(', '{', ';']).next().unwrap_or(name);
                names.push(name.to_string());
            }
        }
        names.push(format!("rules::{module}"));
        names.push(family);
    }
    names.sort();
    names.dedup();
    names
}

/// The families' own names: the cases of `AnyPosition`.
fn family_cases() -> Vec<String> {
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules");
    let any = fs::read_to_string(rules.join("any.rs")).expect("rules/any.rs");
    let body = any
        .split_once("pub enum AnyPosition {")
        .and_then(|(_, rest)| rest.split_once('}'))
        .expect("AnyPosition lists the families")
        .0;
    body.lines()
        .filter_map(|l| l.trim().split_once('('))
        .map(|(family, _)| family.to_string())
        .collect()
}

/// `DiceMoney` → `dice_money`.
fn snake_case(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push('_');
        }
        out.extend(c.to_lowercase());
    }
    out
}

#[test]
fn the_family_list_is_read_from_the_rules() {
    let names = family_names();
    for expected in [
        "Monochrome",
        "rules::dice_money",
        "DiceMoneyOptions",
        "Antichess",
    ] {
        assert!(
            names.iter().any(|n| n == expected),
            "{expected} missing: {names:?}"
        );
    }
}

fn source_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = fs::read_dir(dir).expect("src is readable");
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            source_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a file without its test module and without comments (doc
/// links name modules without importing them).
fn code_of(text: &str) -> String {
    let text = match text
        .find("#[cfg(test)]\nmod tests")
        .or_else(|| text.find("#[cfg(test)]\npub(crate) mod tests"))
    {
        Some(i) => &text[..i],
        None => text,
    };
    text.lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The top-level module a file belongs to (`src/tui/play/keys.rs` → tui).
fn top_module(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).expect("under src");
    let first = rel.components().next().expect("a file name");
    let name = first.as_os_str().to_string_lossy();
    name.trim_end_matches(".rs").to_string()
}

/// Every top-level module a piece of code names through `crate::` (the
/// binary names the library as `motley::`).
fn named_modules(code: &str, prefix: &str) -> BTreeSet<String> {
    let mut named = BTreeSet::new();
    let mut rest = code;
    while let Some(i) = rest.find(prefix) {
        rest = &rest[i + prefix.len()..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() {
            named.insert(name);
        }
    }
    named
}

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

/// Which top-level modules each top-level module names.
type Graph = BTreeMap<String, BTreeSet<String>>;

/// Which modules each module names, and the code of each file.
fn crate_graph() -> (Graph, Vec<(PathBuf, String)>) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    source_files(&src, &mut files);
    files.sort();
    let mut graph = Graph::new();
    let mut codes = Vec::new();
    for file in files {
        let text = fs::read_to_string(&file).expect("source is text");
        let code = code_of(&text);
        let top = top_module(&src, &file);
        let uses = graph.entry(top.clone()).or_default();
        for prefix in ["crate::", "motley::"] {
            uses.extend(named_modules(&code, prefix));
        }
        uses.remove(&top);
        // `crate::dispatch!` is a macro the rules export, not a module.
        if uses.remove("dispatch") {
            uses.insert("rules".to_string());
        }
        codes.push((file, code));
    }
    (graph, codes)
}

#[test]
fn every_module_is_on_a_layer() {
    let (graph, _) = crate_graph();
    for module in graph.keys().filter(|m| *m != "lib") {
        assert!(layer_of(module).is_some(), "{module} is on no layer");
    }
}

#[test]
fn no_module_names_a_module_on_a_layer_above_or_beside_it() {
    let (graph, _) = crate_graph();
    let mut wrong = Vec::new();
    for (module, uses) in graph.iter().filter(|(m, _)| *m != "lib") {
        let Some(own) = layer_of(module) else {
            continue;
        };
        for used in uses {
            let Some(theirs) = layer_of(used) else {
                continue; // not a module of this crate (e.g. a macro)
            };
            let peer = PEERS.contains(&(module.as_str(), used.as_str()));
            if theirs > own || (theirs == own && !peer) {
                wrong.push(format!("{module} → {used}"));
            }
        }
    }
    assert!(wrong.is_empty(), "imports running up or across: {wrong:?}");
}

#[test]
fn no_two_modules_import_each_other() {
    let (graph, _) = crate_graph();
    for (module, uses) in &graph {
        for used in uses {
            let back = graph.get(used).is_some_and(|u| u.contains(module));
            assert!(!back, "{module} and {used} import each other");
        }
    }
}

#[test]
fn the_rules_use_nothing_of_the_player_the_screen_the_files_or_json() {
    let (_, codes) = crate_graph();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for (file, code) in &codes {
        let top = top_module(&src, file);
        if top != "core" && top != "rules" {
            continue;
        }
        for banned in ["crate::ai", "crate::tui", "crate::record", "serde_json"] {
            assert!(!code.contains(banned), "{} uses {banned}", file.display());
        }
    }
}

#[test]
fn the_session_knows_nothing_of_the_terminal() {
    let (_, codes) = crate_graph();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for (file, code) in &codes {
        if top_module(&src, file) != "session" {
            continue;
        }
        for banned in ["crate::tui", "ratatui", "crossterm"] {
            assert!(!code.contains(banned), "{} uses {banned}", file.display());
        }
    }
}

// Issue item 32: `ExtraState::DiceMoney` and `Family::Fairy` named a
// family as a case of an enum, which this test let pass; a case named
// after a family (`AnyPosition`'s) names it, whatever its enum.
#[test]
fn the_session_and_the_screen_name_no_rule_family() {
    let (_, codes) = crate_graph();
    let families = family_names();
    let cases = family_cases();
    assert!(cases.contains(&"Fairy".to_string()), "{cases:?}");
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for (file, code) in &codes {
        if !["session", "tui"].contains(&top_module(&src, file).as_str()) {
            continue;
        }
        for family in &families {
            let named = code.match_indices(family.as_str()).any(|(i, _)| {
                let after = code[i + family.len()..].chars().next();
                let before = code[..i].chars().next_back();
                let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
                // `Fact::Prices` is a case of a screen-facing enum, not the
                // family's type of the same name; `Family::Fairy` is the
                // family itself.
                let own_name = cases.contains(family);
                let case_of_enum = !own_name
                    && code[..i].strip_suffix("::").is_some_and(|path| {
                        let owner = path.rsplit(|c: char| !c.is_alphanumeric() && c != '_');
                        owner
                            .into_iter()
                            .next()
                            .is_some_and(|o| o.starts_with(char::is_uppercase))
                    });
                !word(after) && !word(before) && !case_of_enum
            });
            assert!(!named, "{} names {family}", file.display());
        }
    }
}
