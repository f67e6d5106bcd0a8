//! What Cargo cannot check about the layers: neither the game session nor
//! the screen names a rule family, so a new family needs no UI change.
//! (Which crate may use which is the crates' manifests' business: the
//! rules engine depends on no JSON, terminal or argument crate, and the
//! session on no terminal crate, because their `Cargo.toml`s list none.)

use std::fs;
use std::path::{Path, PathBuf};

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
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/rules/src");
    let any = fs::read_to_string(rules.join("any.rs")).expect("the rules' any.rs");
    let body = any
        .split_once("pub enum AnyPosition {")
        .and_then(|(_, rest)| rest.split_once('}'))
        .expect("AnyPosition lists the families")
        .0;
    let mut names = Vec::new();
    for case in body.lines().filter_map(|l| l.trim().split_once('(')) {
        let family = case.0.to_string();
        let module = snake_case(&family);
        // A family's module is a file, or a folder of files, or (a family
        // played on another board) the file that declares its type.
        let ty = case.1.trim_end_matches([')', ',']);
        let code = match fs::read_to_string(rules.join(format!("{module}.rs"))) {
            Ok(code) => code,
            Err(_) if rules.join(&module).is_dir() => files_under(&rules.join(&module)).join("\n"),
            Err(_) => declaring(&rules, ty).expect("the file declaring the family's type"),
        };
        for line in code.lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            if let ["pub", "struct" | "enum" | "trait" | "type", name, ..] = words[..] {
                let name = name.split(['<', '(', '{', ';']).next().unwrap_or(name);
                names.push(name.to_string());
            }
        }
        names.push(format!("motley_rules::{module}"));
        names.push(family);
    }
    names.sort();
    names.dedup();
    names
}

/// The text of the file under `dir` that declares the type `ty`.
fn declaring(dir: &Path, ty: &str) -> Option<String> {
    let needles = [format!("pub type {ty} "), format!("pub struct {ty}")];
    files_under(dir)
        .into_iter()
        .find(|code| needles.iter().any(|n| code.contains(n.as_str())))
}

/// The families' own names: the cases of `AnyPosition`.
fn family_cases() -> Vec<String> {
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/rules/src");
    let any = fs::read_to_string(rules.join("any.rs")).expect("the rules' any.rs");
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
        "motley_rules::dice_money",
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

/// The code of every source file of the game session and the screen.
fn session_and_screen_code() -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    source_files(&root.join("crates/session/src"), &mut files);
    source_files(&root.join("src/tui"), &mut files);
    files.sort();
    files
        .into_iter()
        .map(|file| {
            let text = fs::read_to_string(&file).expect("source is text");
            let code = code_of(&text);
            (file, code)
        })
        .collect()
}

// Issue item 32: `ExtraState::DiceMoney` and `Family::Fairy` named a
// family as a case of an enum, which this test let pass; a case named
// after a family (`AnyPosition`'s) names it, whatever its enum.
#[test]
fn the_session_and_the_screen_name_no_rule_family() {
    let families = family_names();
    let cases = family_cases();
    assert!(cases.contains(&"Fairy".to_string()), "{cases:?}");
    for (file, code) in &session_and_screen_code() {
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
