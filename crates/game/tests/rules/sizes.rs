//! Variants from data on boards other than 8×8 (`variants/sizes.ini`)
//! count perft, list moves and write FENs after a move as Fairy-Stockfish
//! (built with `largeboards=yes`) does, from each start and from middle
//! games (tests/sizes/*.txt, numbers from Fairy-Stockfish kept as data).

use motley_game::variant::builtin::{builtin_fairy, builtin_sized, builtin_sized_names};
use motley_game::variant::ini::{read_ini, resolve_all};
use motley_game::variant::keys::sized_rules;
use motley_game::variant::Registry;
use motley_rules::fairy::{SizedPosition, SizedRules};
use motley_rules::{parse_action, AnyPosition, Position};

/// The lines of a data file, split at ` | `, comments left out.
fn rows(text: &'static str) -> Vec<Vec<&'static str>> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split(" | ").collect())
        .collect()
}

fn rules(variant: &str) -> SizedRules {
    builtin_sized(variant).expect("built in").expect("reads")
}

fn position(variant: &str, fen: &str) -> SizedPosition {
    rules(variant).position(Some(fen)).expect(fen)
}

#[test]
fn every_larger_and_smaller_board_variant_counts_perft_as_fairy_stockfish() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for row in rows(include_str!("../sizes/perft.txt")) {
        let (variant, fen) = (row[0], row[1]);
        let pos = position(variant, fen);
        let counts: Vec<u64> = row[2].split(' ').map(|n| n.parse().unwrap()).collect();
        // Depth 3 everywhere keeps the test quick; the data goes deeper.
        for (d, &want) in counts.iter().enumerate().take(3) {
            let got = pos.perft(d as u32 + 1);
            if got != want {
                failures.push(format!(
                    "{variant} {fen} depth {}: {got}, FSF {want}",
                    d + 1
                ));
                break;
            }
        }
        checked += 1;
    }
    assert!(checked >= 80, "{checked}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_larger_and_smaller_board_variant_lists_fairy_stockfishs_moves() {
    let mut checked = 0;
    for row in rows(include_str!("../sizes/moves.txt")) {
        let (variant, fen) = (row[0], row[1]);
        let pos = position(variant, fen);
        let mut moves = pos.legal_uci();
        moves.sort();
        let want: Vec<&str> = row
            .get(2)
            .map_or(Vec::new(), |m| m.split_whitespace().collect());
        let mut want: Vec<String> = want.into_iter().map(String::from).collect();
        want.sort();
        assert_eq!(moves, want, "{variant} {fen}");
        checked += 1;
    }
    assert!(checked >= 80, "{checked}");
}

#[test]
fn every_move_on_larger_and_smaller_boards_leaves_fairy_stockfishs_fen() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for row in rows(include_str!("../sizes/fens.txt")) {
        let (variant, fen, uci, after) = (row[0], row[1], row[2], row[3]);
        let pos = position(variant, fen);
        match pos.after(uci) {
            Some(next) if next.to_fen() == after => {}
            Some(next) => failures.push(format!(
                "{variant} {fen} {uci}: {}, FSF {after}",
                next.to_fen()
            )),
            None => failures.push(format!("{variant} {fen}: {uci} is not legal")),
        }
        checked += 1;
    }
    assert!(checked >= 700, "{checked}");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The game of a built-in variant from data, when games play it: every
/// size but those with a key perft counts and games do not play yet.
fn game_position(variant: &str, fen: &str) -> Option<AnyPosition> {
    static REGISTRY: std::sync::OnceLock<Registry> = std::sync::OnceLock::new();
    let def = REGISTRY.get_or_init(Registry::builtin).get(variant).ok()?;
    Some(def.position(Some(fen)).expect("the data's FEN"))
}

// Issue 33: the game plays boards of every size with the data engine's
// own position: its perft, its legal moves in Fairy-Stockfish's notation
// and the FEN after each move agree with Fairy-Stockfish's numbers, as
// the data engine's own do above.
#[test]
fn games_on_larger_and_smaller_boards_count_list_and_move_as_fairy_stockfish() {
    let mut played = 0;
    for row in rows(include_str!("../sizes/perft.txt")) {
        let Some(pos) = game_position(row[0], row[1]) else {
            continue;
        };
        let counts: Vec<u64> = row[2].split(' ').map(|n| n.parse().unwrap()).collect();
        for (d, &want) in counts.iter().enumerate().take(2) {
            assert_eq!(
                pos.perft(d as u32 + 1),
                want,
                "{} {} depth {}",
                row[0],
                row[1],
                d + 1
            );
        }
        played += 1;
    }
    assert!(played >= 80, "{played}");
    for row in rows(include_str!("../sizes/moves.txt")) {
        let Some(pos) = game_position(row[0], row[1]) else {
            continue;
        };
        let mut legal = Vec::new();
        pos.legal_actions(&mut legal);
        let mut moves: Vec<String> = legal.iter().map(ToString::to_string).collect();
        moves.sort();
        let mut want: Vec<String> = row.get(2).map_or(Vec::new(), |m| {
            m.split_whitespace().map(String::from).collect()
        });
        want.sort();
        assert_eq!(moves, want, "{} {}", row[0], row[1]);
    }
    for row in rows(include_str!("../sizes/fens.txt")) {
        let (variant, fen, uci, after) = (row[0], row[1], row[2], row[3]);
        let Some(mut pos) = game_position(variant, fen) else {
            continue;
        };
        let action =
            parse_action(&pos, uci).unwrap_or_else(|e| panic!("{variant} {fen} {uci}: {e}"));
        pos.play_unchecked(action);
        assert_eq!(pos.to_fen(), after, "{variant} {fen} {uci}");
    }
}

// Issue 33: a built-in of another size is played, and one with a key
// games do not play yet is refused naming it.
#[test]
fn boards_other_than_eight_by_eight_are_played_unless_a_key_is_not() {
    let registry = Registry::builtin();
    // `chess` is standard chess's own name, played by its family.
    for name in builtin_sized_names().into_iter().filter(|n| *n != "chess") {
        let counted_only = builtin_sized(name)
            .expect("built in")
            .is_ok_and(|_| registry.get(name).is_err());
        match registry.get(name) {
            Ok(def) => assert_eq!(def.playable(), Ok(()), "{name}"),
            Err(e) => {
                let e = e.to_string();
                assert!(counted_only, "{name}: {e}");
                assert!(
                    e.contains("pieceDemotion") || e.contains("dropPromoted"),
                    "{e}"
                );
            }
        }
        if rules(name).size() == (8, 8) {
            assert!(builtin_fairy(name).expect("built in").is_ok(), "{name}");
        }
    }
}

/// A section of its own reads on any board from 1×1 to 16×16, and one
/// beyond is refused naming the key.
#[test]
fn a_board_from_one_by_one_to_sixteen_by_sixteen_reads_and_a_larger_is_refused() {
    // Two wazirs in opposite corners, no king.
    let section = |files: u8, ranks: u8| {
        let last = (b'a' + files - 1) as char;
        let gap = |n: u8| if n > 0 { n.to_string() } else { String::new() };
        let mut rows = vec![files.to_string(); usize::from(ranks)];
        rows[0] = format!("w{}", gap(files - 1));
        let bottom = format!("{}W", gap(files - 1));
        match ranks {
            1 => rows[0] = format!("w{}W", gap(files - 2)),
            _ => rows[usize::from(ranks) - 1] = bottom,
        }
        let fen = rows.join("/");
        format!(
            "[t]\ncustomPiece1 = w:W\nmaxFile = {last}\nmaxRank = {ranks}\ncastling = false\nstartFen = {fen} w - - 0 1\n"
        )
    };
    for (files, ranks) in [
        (2, 1),
        (2, 2),
        (3, 4),
        (5, 5),
        (8, 8),
        (9, 9),
        (12, 10),
        (11, 11),
        (16, 16),
        (16, 2),
        (2, 16),
    ] {
        let ini = section(files, ranks);
        let file = read_ini(&ini);
        let keys = resolve_all(&file, &|_| None).remove(0).expect("resolves");
        let rules = sized_rules(&keys).unwrap_or_else(|e| panic!("{ini}: {e}"));
        assert_eq!(rules.size(), (files, ranks));
        let pos = rules.position(None).expect("start");
        // The wazir in its corner has its one or two steps on the board.
        let steps = u64::from(files > 1) + u64::from(ranks > 1);
        assert_eq!(pos.perft(1), steps, "{files}x{ranks}");
    }
    for (key, value) in [("maxFile", "q"), ("maxRank", "17"), ("maxRank", "0")] {
        let ini = format!("[t]\nking = k\n{key} = {value}\n");
        let file = read_ini(&ini);
        let keys = resolve_all(&file, &|_| None).remove(0).expect("resolves");
        let err = sized_rules(&keys).expect_err("refused").to_string();
        assert!(err.contains(&format!("{key} = {value}")), "{err}");
    }
}

/// Every grid counts alike: variants whose boards fit a smaller grid,
/// read into the 128- and 256-bit ones, count Fairy-Stockfish's numbers
/// there too (the 8×8 ones from tests/fairy/perft.txt, the others from
/// tests/sizes/perft.txt).
#[test]
fn a_board_read_into_a_larger_grid_counts_as_in_its_own() {
    use motley_game::variant::builtin::builtin_keys;
    use motley_game::variant::keys::rules_in_grid;
    use motley_rules::core::grid::{Grid12, Grid16};
    use motley_rules::fairy::FairyPosition;
    use std::sync::Arc;
    let eight = rows(include_str!("../fairy/perft.txt"));
    let other = rows(include_str!("../sizes/perft.txt"));
    let mut checked = 0;
    for row in eight.iter().chain(&other) {
        let (variant, fen) = (row[0], row[1]);
        let Some(keys) = builtin_keys(variant) else {
            continue;
        };
        let counts: Vec<u64> = row[2].split(' ').map(|n| n.parse().unwrap()).collect();
        let depth = counts.len().min(3);
        let want = counts[depth - 1];
        let wide = Arc::new(rules_in_grid::<Grid16>(&keys).expect(variant));
        let pos = FairyPosition::from_fen(wide, fen).expect(fen);
        assert_eq!(
            pos.perft(depth as u32),
            want,
            "{variant} {fen} on 16x16 sets"
        );
        if let Ok(rules) = rules_in_grid::<Grid12>(&keys) {
            let pos = FairyPosition::from_fen(Arc::new(rules), fen).expect(fen);
            assert_eq!(
                pos.perft(depth as u32),
                want,
                "{variant} {fen} on 12x10 sets"
            );
        }
        checked += 1;
    }
    assert!(checked >= 250, "{checked}");
}

// A child's `promotedPieceType` adds its pieces' promotions to its
// parent's, as Fairy-Stockfish reads it; and a FEN may leave out the
// castling and en passant fields before its counters (`w 0 1`). A goro
// goro section of our own with a lance and a knight in hand: Fairy-
// Stockfish counts 44,436 and 1,330,443 at depths 3 and 4 (its own
// section of these keys, `gorogoroplus`).
#[test]
fn a_childs_promoted_piece_types_add_to_its_parents() {
    let ini = "[plus:gorogoro]\nstartFen = sgkgs/5/1ppp1/1PPP1/5/SGKGS[LNln] w 0 1\nlance = l\nshogiKnight = n\npromotedPieceType = l:g n:g\n";
    let file = read_ini(ini);
    let keys = resolve_all(&file, &motley_game::variant::builtin::builtin_keys)
        .remove(0)
        .expect("resolved");
    let rules = sized_rules(&keys).expect("read");
    let pos = rules.position(None).expect("the start");
    assert_eq!(pos.perft(3), 44_436);
    assert_eq!(pos.perft(4), 1_330_443);
}
