//! The registry of variants: every built-in file ships and loads, a
//! broken file is named with its field, and a user's folder adds its
//! variants and reports the files it cannot read.

use motley_game::variant::builtin::builtin_played_names;
use motley_game::variant::{Family, Registry, VariantDef};
use std::path::Path;
use std::sync::Arc;

/// Every JSON variant file under `variants/`, by name, with its text, in
/// the order of their names.
fn variant_files() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants");
    let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|path| path.extension().is_some_and(|x| x == "json"))
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&path).unwrap())
        })
        .collect();
    files.sort();
    files
}

// The table of files compiled in is written by hand: a file added to
// variants/ and not to it would silently not ship. The built-in variants
// of the Rust families are exactly the files' variants, each as its file
// defines it.
#[test]
fn the_builtin_table_is_every_file_in_variants() {
    let r = Registry::builtin();
    let mut files: Vec<String> = Vec::new();
    for (file, text) in variant_files() {
        let def = VariantDef::from_json(&file, &text).unwrap();
        let built = r.get(&def.id).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_ne!(built.family, Family::Fairy, "{file}");
        assert_eq!(
            serde_json::to_value(&*built).unwrap(),
            serde_json::to_value(&def).unwrap(),
            "{file}"
        );
        files.push(def.id);
    }
    files.sort();
    let mut built: Vec<String> = r
        .all()
        .iter()
        .filter(|v| v.family != Family::Fairy)
        .map(|v| v.id.clone())
        .collect();
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
        variant_files().len()
    );
    // Every built-in variant from data but `chess` (standard's alias),
    // each playable and named.
    let names = builtin_played_names();
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
