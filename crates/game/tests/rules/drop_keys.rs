//! Fairy-Stockfish's drop keys (`dropRegionWhite`/`Black`,
//! `firstRankPawnDrops`, `promotionZonePawnDrops`, `dropNoDoubled`,
//! `dropNoDoubledCount`, `dropChecks`, `dropLoop`,
//! `dropOppositeColoredBishop`, `castlingDroppedPiece`), each in a
//! section of its own on crazyhouse, `mustDrop` and `mustDropType`, and
//! drops in atomic, where
//! each piece blown up goes to its opponent's hand (tests/drops/drops.ini): perft, the legal moves and the FEN
//! after each move as Fairy-Stockfish has them, from each start, from
//! random games and from positions built so that the key matters
//! (tests/drops/*.txt, numbers from Fairy-Stockfish kept as data).

use motley_game::variant::sections::read_fairy_file;
use motley_rules::fairy::{FairyPosition, FairyRules};
use std::collections::HashMap;
use std::sync::Arc;

fn rows(text: &'static str) -> Vec<Vec<&'static str>> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split(" | ").collect())
        .collect()
}

fn sections() -> HashMap<String, Arc<FairyRules>> {
    read_fairy_file(include_str!("../drops/drops.ini"))
        .sections
        .into_iter()
        .map(|s| {
            let rules = s.rules().unwrap_or_else(|e| panic!("[{}]: {e}", s.name));
            (s.name, Arc::new(rules))
        })
        .collect()
}

fn uci(pos: &FairyPosition) -> Vec<String> {
    let mut moves: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| m.uci(pos.rules()))
        .collect();
    moves.sort();
    moves
}

#[test]
fn drop_keys_count_perft_as_fairy_stockfish() {
    let sections = sections();
    assert_eq!(sections.len(), 14);
    let mut failures = Vec::new();
    let rows = rows(include_str!("../drops/perft.txt"));
    for row in &rows {
        let pos = FairyPosition::from_fen(sections[row[0]].clone(), row[1]).expect(row[1]);
        let counts: Vec<u64> = row[2].split(' ').map(|n| n.parse().unwrap()).collect();
        for (d, &want) in counts.iter().enumerate().take(3) {
            let got = pos.perft(d as u32 + 1);
            if got != want {
                failures.push(format!(
                    "{} {} ({}) depth {}: {got}, FSF {want}",
                    row[0],
                    row[1],
                    row[3],
                    d + 1
                ));
                break;
            }
        }
    }
    assert!(rows.len() >= 60);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn drop_keys_list_fairy_stockfishs_moves_and_fens() {
    let sections = sections();
    let moves = rows(include_str!("../drops/moves.txt"));
    for row in &moves {
        let pos = FairyPosition::from_fen(sections[row[0]].clone(), row[1]).expect(row[1]);
        let want: Vec<&str> = row
            .get(2)
            .map_or(Vec::new(), |m| m.split_whitespace().collect());
        assert_eq!(uci(&pos), want, "{} {}", row[0], row[1]);
    }
    let fens = rows(include_str!("../drops/fens.txt"));
    for row in &fens {
        let pos = FairyPosition::from_fen(sections[row[0]].clone(), row[1]).expect(row[1]);
        let m = pos
            .legal_moves()
            .into_iter()
            .find(|m| m.uci(pos.rules()) == row[2])
            .unwrap_or_else(|| panic!("{} {}: {} is not legal", row[0], row[1], row[2]));
        assert_eq!(
            pos.played(m).to_fen(),
            row[3],
            "{} {} {}",
            row[0],
            row[1],
            row[2]
        );
    }
    assert!(moves.len() >= 60 && fens.len() >= 1000);
}

/// The reason a typed drop is refused, in a section's position.
fn refused(section: &str, fen: &str, typed: &str) -> String {
    use motley_rules::{parse_action, AnyPosition, MoveInputError};
    let rules = sections()[section].clone();
    let pos = FairyPosition::from_fen(rules, fen).expect(fen);
    let any = AnyPosition::Fairy(motley_rules::fairy::Fairy::new(pos));
    match parse_action(&any, typed) {
        Err(MoveInputError::Illegal { reason, .. }) => reason.to_string(),
        other => panic!("{section} {typed}: expected an illegal drop, got {other:?}"),
    }
}

#[test]
fn a_refused_drop_names_the_drop_rule_that_bars_it() {
    let fen = "4k3/8/8/8/8/8/4P3/4K3[PNQpnq] w - - 0 1";
    let cases = [
        (
            "dropregion",
            "N@d5",
            "d5 is outside the squares you may drop on",
        ),
        ("dropregion", "P@a1", "never dropped on its first rank"),
        ("zonedrops", "P@a1", "never dropped on its first rank"),
        (
            "firstrankdrops",
            "P@a8",
            "never dropped on its first rank or in its promotion zone",
        ),
        (
            "nifu",
            "P@e4",
            "not dropped on the e-file: it holds your own pawn already",
        ),
        ("nodropchecks", "N@d6", "a drop may not give check"),
        ("nodropchecks", "Q@e7", "a drop may not give check"),
        (
            "mustdrop",
            "e1d1",
            "a piece in hand must be dropped this turn",
        ),
        (
            "mustdropknight",
            "Q@c3",
            "while you hold a knight, only a knight is dropped",
        ),
    ];
    for (section, typed, expected) in cases {
        let why = refused(section, fen, typed);
        assert!(why.contains(expected), "{section} {typed}: {why}");
    }
    // Bishops on both colours: a1 and b1 are the last free squares of
    // each colour a bishop in hand needs.
    let bishops = "4k3/8/8/8/8/8/8/2RQKRNR[BBNbb] w - - 0 1";
    for typed in ["N@a1", "N@b1"] {
        let why = refused("bishopcolours", bishops, typed);
        assert!(why.contains("squares of both colours"), "{typed}: {why}");
    }
    // The same drops stand where the keys allow them.
    let allowed = [
        ("firstrankdrops", "P@a1"),
        ("zonedrops", "P@a8"),
        ("nifu2", "P@e4"),
        ("nifu", "P@d4"),
    ];
    for (section, drop) in allowed {
        let pos = FairyPosition::from_fen(sections()[section].clone(), fen).expect(fen);
        assert!(uci(&pos).contains(&drop.to_string()), "{section} {drop}");
    }
}
