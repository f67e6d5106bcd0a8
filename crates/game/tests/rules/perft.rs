//! Perft suites as data: every `tests/perft/<variant-id>.txt` file lists
//! positions with their node counts per depth; every count must match.

use motley_game::variant::Registry;
use motley_rules::Position;
use std::path::Path;

struct Case {
    file: String,
    line: usize,
    fen: String,
    counts: Vec<u64>,
}

fn read_suite(path: &Path) -> Vec<Case> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.split(';').map(str::trim);
        let fen = fields.next().unwrap().to_string();
        let counts = fields
            .map(|f| f.replace(['_', ','], "").parse::<u64>().unwrap())
            .collect();
        cases.push(Case {
            file: path.display().to_string(),
            line: i + 1,
            fen,
            counts,
        });
    }
    cases
}

fn run_suite(variant: &str) {
    let registry = Registry::builtin();
    let def = registry.get(variant).unwrap();
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/perft")
        .join(format!("{variant}.txt"));
    let cases = read_suite(&path);
    assert!(!cases.is_empty(), "no cases in {}", path.display());
    for case in cases {
        let pos = def
            .position(Some(&case.fen))
            .unwrap_or_else(|e| panic!("{}:{}: {e}", case.file, case.line));
        // FEN write ∘ parse is the identity on every suite position.
        if variant == "standard" || variant == "antichess" {
            assert_eq!(pos.to_fen(), case.fen, "{}:{}", case.file, case.line);
        }
        for (d, want) in case.counts.iter().enumerate() {
            let depth = d as u32 + 1;
            let got = pos.perft(depth);
            assert_eq!(
                got, *want,
                "{}:{}: {} depth {depth}",
                case.file, case.line, case.fen
            );
        }
    }
}

/// Every data file must name a known variant and pass.
#[test]
fn every_perft_data_file_matches() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    let mut ids: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let p = e.ok()?.path();
            if p.extension()? != "txt" {
                return None;
            }
            Some(p.file_stem()?.to_string_lossy().into_owned())
        })
        .collect();
    ids.sort();
    assert!(ids.contains(&"standard".to_string()));
    assert!(ids.contains(&"antichess".to_string()));
    for id in ids {
        run_suite(&id);
    }
}
