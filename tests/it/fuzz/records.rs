//! Fuzz-style robustness: thousands of seeded random mutations of valid
//! JSON records and PGNs (of every variant) are read without a panic —
//! byte-level damage, token-level damage, and well-formed records whose
//! actions, variant, start or field types were changed.

use crate::support::records as record_util;

use motley_game::variant::Registry;
use motley_records::{self as record, export_pgn, record_of};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use record_util::random_game;
use serde_json::{json, Value};
use std::panic::{catch_unwind, AssertUnwindSafe};

const ROUNDS: usize = 4000;

const TOKENS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    "(",
    ")",
    "\"",
    "\\",
    ":",
    ",",
    ";",
    "%",
    "$5",
    "\n",
    "null",
    "true",
    "-1",
    "1e999",
    "18446744073709551616",
    "0",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "1.",
    "1...",
    "[Variant \"",
    "[FEN \"",
    "[Seed \"",
    "\u{feff}",
    "é",
    "\u{0}",
    "e2e4",
    "e7e8q",
    "a2a1k",
    "d4^e5",
    "N@e4",
    "n@a8",
    "P@h1",
    "roll:3,5",
    "roll:6,6",
    "roll:0,9",
    "buy:move1",
    "buy:move2",
    "buy:king",
    "pass",
    "O-O",
    "O-O-O",
    "0-0",
    "Nf3",
    "exd6",
    "e8=K",
    "Qxf7#",
    "Kxe1",
    "{roll:1,2}",
    "{pass}",
    "{score 3-4}",
];

const ACTIONS: &[&str] = &[
    "e2e4",
    "e7e5",
    "g1f3",
    "e1g1",
    "e8c8",
    "e7e8q",
    "a7a8k",
    "h2h1n",
    "d4^e5",
    "e1e1",
    "N@e4",
    "q@d5",
    "P@a8",
    "roll:1,1",
    "roll:3,5",
    "roll:6,2",
    "buy:move1",
    "buy:move2",
    "buy:king",
    "pass",
    "",
    "e2e4e4",
    "zz",
];

const FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "8/8/8/8/8/8/8/8 w - - 0 1",
    "K7/8/8/8/8/8/8/7k b - - 0 1",
    "PPPPPPPP/PPPPPPPP/8/8/8/8/pppppppp/pppppppp w - - 0 1",
    "kkkkkkkk/8/8/8/8/8/8/KKKKKKKK w KQkq e3 99 500",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
    "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1",
    "QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/8/8/qqqqqqqq/qqqqqqqq/qqqqqqqk w - - 0 1",
    "8/P7/8/8/8/8/p7/8 w - - 4294967295 4294967295",
    "not a fen",
    "",
];

fn pick<'a, T>(rng: &mut ChaCha8Rng, items: &'a [T]) -> &'a T {
    &items[rng.next_u32() as usize % items.len()]
}

fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    if n == 0 {
        0
    } else {
        rng.next_u32() as usize % n
    }
}

/// Byte- and token-level damage.
fn mutate_bytes(rng: &mut ChaCha8Rng, base: &[u8]) -> Vec<u8> {
    let mut v = base.to_vec();
    for _ in 0..1 + below(rng, 4) {
        let at = below(rng, v.len() + 1);
        match below(rng, 7) {
            0 if !v.is_empty() => {
                let i = below(rng, v.len());
                v[i] = rng.next_u32() as u8;
            }
            1 => {
                let end = (at + 1 + below(rng, 16)).min(v.len());
                v.drain(at.min(end)..end);
            }
            2 => {
                let bytes: Vec<u8> = (0..1 + below(rng, 8))
                    .map(|_| rng.next_u32() as u8)
                    .collect();
                v.splice(at..at, bytes);
            }
            3 | 4 => {
                let t = pick(rng, TOKENS).as_bytes().to_vec();
                v.splice(at..at, t);
            }
            5 => {
                let start = below(rng, v.len());
                let end = (start + below(rng, 40)).min(v.len());
                let chunk = v[start..end].to_vec();
                let at = below(rng, v.len() + 1);
                v.splice(at..at, chunk);
            }
            _ => v.truncate(at),
        }
    }
    v
}

/// A well-formed record with changed contents.
fn mutate_record(rng: &mut ChaCha8Rng, base: &Value, reg: &Registry) -> Value {
    let mut v = base.clone();
    for _ in 0..1 + below(rng, 3) {
        let moves = v["moves"].as_array().cloned().unwrap_or_default();
        match below(rng, 9) {
            0 | 1 if !moves.is_empty() => {
                let i = below(rng, moves.len());
                v["moves"][i] = json!(pick(rng, ACTIONS));
            }
            2 if moves.len() > 1 => {
                let (i, j) = (below(rng, moves.len()), below(rng, moves.len()));
                let mut m = moves.clone();
                m.swap(i, j);
                v["moves"] = json!(m);
            }
            3 if !moves.is_empty() => {
                let mut m = moves.clone();
                m.remove(below(rng, moves.len()));
                v["moves"] = json!(m);
            }
            4 => {
                let id = &pick(rng, reg.all()).id;
                v["variant"] = json!(id);
            }
            5 => v["start"] = json!(pick(rng, FENS)),
            6 => {
                let field = *pick(
                    rng,
                    &[
                        "format", "version", "variant", "start", "seed", "moves", "players",
                        "result", "reason",
                    ],
                );
                let value = pick(
                    rng,
                    &[
                        json!(null),
                        json!(7),
                        json!(-3),
                        json!("x"),
                        json!([1]),
                        json!({"a": 1}),
                        json!(1.5),
                        json!(u64::MAX),
                    ],
                )
                .clone();
                v[field] = value;
            }
            7 => {
                v["result"] = json!(pick(rng, &["1-0", "0-1", "1/2-1/2", "*", "2-0"]));
                v["reason"] = json!(pick(rng, &["resignation", "agreement", "checkmate", ""]));
            }
            _ => v["seed"] = json!(rng.next_u64()),
        }
    }
    v
}

/// How the mutated inputs fared, to show the fuzzing reaches the replay.
#[derive(Default, Debug)]
struct Tally {
    read: usize,
    bad_ply: usize,
    other: usize,
}

/// Read bytes as a saved file; a panic fails the test with the input.
fn read_never_panics(bytes: &[u8], reg: &Registry, what: &str, tally: &mut Tally) {
    let r = catch_unwind(AssertUnwindSafe(|| {
        match record::GameReader::from_bytes(bytes, "fuzz", reg) {
            Ok(games) => {
                for g in games {
                    match g.into_result() {
                        Ok(saved) => {
                            // What was read can be written again.
                            let _ = export_pgn(&saved.game, None);
                            let _ = record_of(&saved.game).to_json();
                            tally.read += 1;
                        }
                        Err(e) if e.ply().is_some() => tally.bad_ply += 1,
                        Err(_) => tally.other += 1,
                    }
                }
            }
            Err(_) => tally.other += 1,
        }
    }));
    if r.is_err() {
        panic!(
            "{what}: panic on input:\n{}",
            String::from_utf8_lossy(bytes)
        );
    }
}

fn assert_reaches_replay(tally: &Tally) {
    eprintln!("{tally:?}");
    assert!(tally.read > ROUNDS / 20, "{tally:?}");
    assert!(tally.bad_ply > ROUNDS / 20, "{tally:?}");
    assert!(tally.other > ROUNDS / 20, "{tally:?}");
}

fn bases(reg: &Registry) -> (Vec<Value>, Vec<String>) {
    let mut records = Vec::new();
    let mut pgns = Vec::new();
    for v in reg.all() {
        for seed in 0..3 {
            let g = random_game(reg, &v.id, None, seed, 60);
            records.push(serde_json::to_value(record_of(&g)).unwrap());
            pgns.push(export_pgn(&g, Some(("a", "b"))));
        }
    }
    (records, pgns)
}

#[test]
fn mutated_json_records_never_panic() {
    let reg = Registry::builtin();
    let (records, _) = bases(&reg);
    let mut rng = ChaCha8Rng::seed_from_u64(0xdecade);
    let mut tally = Tally::default();
    for round in 0..ROUNDS {
        let base = pick(&mut rng, &records);
        let bytes = if round % 2 == 0 {
            mutate_bytes(&mut rng, serde_json::to_string(base).unwrap().as_bytes())
        } else {
            serde_json::to_vec(&mutate_record(&mut rng, base, &reg)).unwrap()
        };
        read_never_panics(&bytes, &reg, &format!("json round {round}"), &mut tally);
    }
    assert_reaches_replay(&tally);
}

#[test]
fn mutated_pgns_never_panic() {
    let reg = Registry::builtin();
    let (_, pgns) = bases(&reg);
    let mut rng = ChaCha8Rng::seed_from_u64(0xbadc0de);
    let mut tally = Tally::default();
    for round in 0..ROUNDS {
        let base = pick(&mut rng, &pgns);
        let mut text = base.clone();
        if round % 3 == 0 {
            // Another variant's tag: the moves replayed under other rules.
            let name = &pick(&mut rng, reg.all()).name;
            text = text.replacen("[Variant \"", &format!("[Variant \"{name}\"]\n[X \""), 1);
        }
        if round % 5 == 0 {
            let fen = pick(&mut rng, FENS);
            text = format!("[FEN \"{fen}\"]\n{text}");
        }
        let bytes = mutate_bytes(&mut rng, text.as_bytes());
        read_never_panics(&bytes, &reg, &format!("pgn round {round}"), &mut tally);
    }
    assert_reaches_replay(&tally);
}

/// Comment texts the annotation fuzz writes: JSON and PGN specials,
/// braces, escapes that look like Motley's own, text beyond ASCII.
const COMMENTS: &[&str] = &[
    "plain",
    "a } brace { and [%clk 0:01:00] text",
    "back\\slash \\x1b \\u009b \\} \"quotes\"",
    "é ü 漢字 🙂",
    "",
    "   ",
    "[%eval #-3]",
];

/// A viewer of the record at `path` for the annotation fuzz.
fn fuzz_viewer(path: &std::path::Path) -> motley::tui::App {
    use crate::support::tui::{registry, settings, theme};
    use motley::tui::ReplayState;
    use motley::tui::{App, Screen};
    let state = ReplayState::open(path.to_path_buf(), &registry()).unwrap();
    App::new(
        Screen::Replay(Box::new(state)),
        registry(),
        settings(None),
        theme(),
        (100, 35),
    )
}

/// One random key (or a few, for a popup) to the viewer: a move from
/// the position shown, stepping, switching among a ply's moves, a
/// comment, promoting or deleting a variation.
fn fuzz_key(rng: &mut ChaCha8Rng, app: &mut motley::tui::App) {
    use crate::support::tui::{key, replay, shift, typ};
    use crossterm::event::KeyCode;
    match below(rng, 12) {
        0..=3 => {
            let r = replay(app);
            let Ok(game) = record::game_at(r.game(), r.tree(), &r.cursor()) else {
                return;
            };
            let legal = game.legal_actions();
            if legal.is_empty() {
                return;
            }
            let action = pick(rng, &legal).to_string();
            key(app, KeyCode::Char('m'));
            typ(app, &action);
            key(app, KeyCode::Enter);
        }
        4 => key(app, KeyCode::Left),
        5 => key(app, KeyCode::Right),
        6 => key(
            app,
            *pick(rng, &[KeyCode::Up, KeyCode::Down, KeyCode::Home]),
        ),
        7 | 8 => {
            key(app, KeyCode::Char('c'));
            for _ in 0..40 {
                key(app, KeyCode::Backspace);
            }
            let text: String = pick(rng, COMMENTS).chars().take(30).collect();
            typ(app, &text);
            key(app, KeyCode::Enter);
        }
        9 => shift(app, 'P'),
        10 => {
            key(app, KeyCode::Char('x'));
            key(app, KeyCode::Char('y'));
        }
        _ => key(app, KeyCode::Esc),
    }
}

// Issue 31 (what must be shown): annotations edited at random through the
// replay viewer's own write path, by two viewers of one record; after
// every key the record reads back whole, and holds exactly the tree of the
// viewer that writes it: never one another viewer dropped.
#[test]
fn annotations_edited_at_random_through_the_viewer_read_back_whole() {
    use crate::support::tui::replay;
    let _locks = crate::support::locks::checking_locks();
    let reg = Registry::builtin();
    let dir = crate::support::temp::temp_dir("annotation-fuzz");
    let mut rng = ChaCha8Rng::seed_from_u64(31);
    for round in 0..4 {
        let variant = ["standard", "chicken", "monochromatic", "contrast"][round];
        let game = random_game(&reg, variant, None, 12 + round as u64, 12);
        let path = dir.join(format!("{variant}.json"));
        record::save_record(&path, &record_of(&game)).unwrap();
        // Two viewers opened together: the first to write keeps the
        // record, the other is read-only once it tries.
        let mut viewers = [fuzz_viewer(&path), fuzz_viewer(&path)];
        let mut on_disk = record::load_all(&path, &reg).unwrap().remove(0).tree;
        for step in 0..100 {
            let app = &mut viewers[usize::from(rng.next_u32() % 3 == 0)];
            let before = replay(app).tree().clone();
            fuzz_key(&mut rng, app);
            let what = format!("{variant} round {round}, step {step}");
            let saved = record::load_all(&path, &reg)
                .unwrap_or_else(|e| panic!("{what}: the record no longer reads: {e}"))
                .remove(0);
            assert_eq!(saved.tree.main_actions(), game_moves(&game), "{what}");
            let r = replay(app);
            if *r.tree() == before || r.read_only() {
                assert_eq!(saved.tree, on_disk, "{what}: written without an edit kept");
            } else {
                assert!(!r.is_unsaved(), "{what}: an edit not kept");
                assert_eq!(&saved.tree, r.tree(), "{what}: not the writer's tree");
            }
            on_disk = saved.tree;
        }
        assert!(
            !(replay(&viewers[0]).read_only() && replay(&viewers[1]).read_only()),
            "both viewers were refused"
        );
    }
}

/// A game's actions in coordinate form.
fn game_moves(game: &motley_game::Game) -> Vec<String> {
    game.actions().iter().map(|a| a.to_string()).collect()
}
