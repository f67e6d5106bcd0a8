//! The Monochrome and Chicken perft data (`tests/perft/<variant>.txt`,
//! also run by `tests/perft.rs`) checked a second way: the shallow counts
//! must match a naive, independently written reference generator.

use crate::reference;

use motley_game::variant::Registry;
use motley_rules::perft;

/// Positions and counts from a data file: `FEN ; d1 ; d2 ; ...`.
fn suite(text: &str) -> Vec<(String, Vec<u64>)> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut parts = l.split(';').map(str::trim);
            let fen = parts.next().unwrap().to_string();
            let counts = parts.map(|n| n.parse().unwrap()).collect();
            (fen, counts)
        })
        .collect()
}

/// Depths up to which the slow reference is compared.
const REFERENCE_DEPTH: usize = 4;

fn check(variant: &str, text: &str, reference: impl Fn(&str, u32) -> u64) {
    let def = Registry::builtin().get(variant).unwrap();
    let rows = suite(text);
    assert!(
        rows.len() >= 4,
        "start plus at least three mid-game positions"
    );
    for (fen, counts) in rows {
        let pos = def.position(Some(&fen)).unwrap();
        for (i, &want) in counts.iter().enumerate() {
            let depth = i as u32 + 1;
            assert_eq!(perft(&pos, depth), want, "{variant} {fen} depth {depth}");
            if i < REFERENCE_DEPTH {
                assert_eq!(
                    reference(&fen, depth),
                    want,
                    "reference {variant} {fen} depth {depth}"
                );
            }
        }
    }
}

#[test]
fn monochrome_perft_suite() {
    check(
        "monochrome",
        include_str!("../perft/monochrome.txt"),
        |fen, d| reference::Mono::from_fen(fen).perft(d),
    );
}

#[test]
fn chicken_perft_suite() {
    check("chicken", include_str!("../perft/chicken.txt"), |fen, d| {
        reference::Chicken::from_fen(fen).perft(d)
    });
}
