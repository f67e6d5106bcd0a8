//! Random playouts over every built-in variant: thousands of seeded games
//! never panic, keep the incremental hash equal to a recomputed one, and
//! every legal action's SAN and coordinate text read back as that action.

use motley_game::variant::{Family, Registry};
use motley_rules::core::san::{parse_san, write_san, SanMatch};
use motley_rules::core::Action;
use motley_rules::{all_sans, parse_action, AnyPosition, Position};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;

fn playout(start: &AnyPosition, rng: &mut ChaCha8Rng, max_plies: usize, check_notation: bool) {
    let mut pos = start.clone();
    let mut legal = Vec::new();
    for _ in 0..max_plies {
        assert_eq!(
            pos.board().hash(),
            pos.board().recompute_hash(),
            "incremental hash drifted at {}",
            pos.to_fen()
        );
        legal.clear();
        pos.legal_actions(&mut legal);
        // No legal action is listed twice.
        let distinct: HashSet<Action> = legal.iter().copied().collect();
        assert_eq!(
            distinct.len(),
            legal.len(),
            "duplicate actions at {}",
            pos.to_fen()
        );
        let _ = pos.outcome_given(&legal);
        if legal.is_empty() {
            return;
        }
        if check_notation {
            // SAN with check marks, read back against the SAN list without
            // them (what `parse_action` compares with), computed once.
            let sans = all_sans(&pos, &legal);
            let role_on = |spot| pos.piece_on(spot).map(|p| p.role);
            let plain: Vec<String> = legal
                .iter()
                .map(|a| write_san(&role_on, a, &legal, &|a| pos.captures(a)))
                .collect();
            for (a, san) in legal.iter().zip(&sans) {
                let back = parse_san(san, &legal, &plain, &role_on);
                assert_eq!(back, SanMatch::Found(*a), "SAN {san} at {}", pos.to_fen());
                let castle = a.move_kind() == Some(motley_rules::core::MoveKind::Castle);
                if !castle {
                    let text = a.to_string();
                    assert_eq!(parse_action(&pos, &text).ok(), Some(*a), "{text}");
                }
            }
        }
        let a = legal[(rng.next_u32() as usize) % legal.len()];
        pos.play_unchecked(a);
    }
}

#[test]
fn thousands_of_random_games_keep_positions_consistent() {
    let registry = Registry::builtin();
    for def in registry.all() {
        // Thousands of games for the baselines that anchor the shared
        // generator; hundreds for each variant family on top; dozens for
        // each variant from data, whose moves Fairy-Stockfish's numbers
        // check (tests/fairy).
        let games = if ["standard", "antichess"].contains(&def.id.as_str()) {
            2000
        } else if def.family == Family::Fairy {
            40
        } else {
            500
        };
        let start = def.position(None).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(0x5eed);
        for _ in 0..games {
            playout(&start, &mut rng, 200, false);
        }
    }
}

#[test]
fn every_legal_action_reads_back_from_its_san_and_coordinates() {
    let registry = Registry::builtin();
    for def in registry.all() {
        let start = def.position(None).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(0xc0de);
        let games = if def.family == Family::Fairy { 10 } else { 60 };
        for _ in 0..games {
            playout(&start, &mut rng, 150, true);
        }
    }
}

#[test]
fn fen_round_trips_through_random_standard_and_antichess_games() {
    let registry = Registry::builtin();
    for id in ["standard", "antichess"] {
        let def = registry.get(id).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for _ in 0..200 {
            let mut pos = def.position(None).unwrap();
            let mut legal = Vec::new();
            for _ in 0..120 {
                let fen = pos.to_fen();
                let again = def.position(Some(&fen)).unwrap();
                assert_eq!(again.to_fen(), fen);
                assert_eq!(again.hash(), pos.hash(), "{fen}");
                legal.clear();
                pos.legal_actions(&mut legal);
                if legal.is_empty() {
                    break;
                }
                pos.play_unchecked(legal[(rng.next_u32() as usize) % legal.len()]);
            }
        }
    }
}

// A variant from data is played on the data engine's own position: its
// key is kept as pieces move, its board view built only when asked, and
// perft's last ply counted without listing. Each must agree with the
// same position read afresh from its FEN and with the listed moves.
#[test]
fn variants_from_data_keep_their_key_view_and_move_count_through_random_games() {
    let registry = Registry::builtin();
    for def in registry.all().iter().filter(|d| d.family == Family::Fairy) {
        let mut rng = ChaCha8Rng::seed_from_u64(0xda7a);
        for _ in 0..6 {
            let mut pos = def.position(None).unwrap();
            let mut legal = Vec::new();
            for _ in 0..100 {
                let fen = pos.to_fen();
                let again = def.position(Some(&fen)).unwrap();
                assert_eq!(again.hash(), pos.hash(), "{} {fen}", def.id);
                assert_eq!(again.board(), pos.board(), "{} {fen}", def.id);
                legal.clear();
                pos.legal_actions(&mut legal);
                let counted = pos.count_legal_actions(&mut Vec::new());
                assert_eq!(counted, legal.len() as u64, "{} {fen}", def.id);
                if legal.is_empty() {
                    break;
                }
                let action = legal[(rng.next_u32() as usize) % legal.len()];
                pos.play_unchecked(action);
            }
        }
    }
}

#[test]
fn a_variant_from_data_hashes_transpositions_alike_and_other_positions_apart() {
    let registry = Registry::builtin();
    let def = registry.get("kingofthehill").unwrap();
    let start = def.position(None).unwrap();
    let play = |moves: &[&str]| {
        let mut pos = start.clone();
        for text in moves {
            let action = parse_action(&pos, text).unwrap();
            pos.play_unchecked(action);
        }
        pos
    };
    let one = play(&["g1f3", "g8f6", "b1c3"]);
    let other = play(&["b1c3", "g8f6", "g1f3"]);
    assert_eq!(one.hash(), other.hash());
    let four = play(&["g1f3", "g8f6", "b1c3", "b8c6"]);
    let eight = play(&[
        "g1f3", "g8f6", "b1c3", "b8c6", "f3g1", "f6g8", "g1f3", "g8f6",
    ]);
    assert_eq!(four.hash(), eight.hash());
    let five = play(&["g1f3", "g8f6", "b1c3", "b8c6", "f3g1"]);
    assert_ne!(five.hash(), four.hash());
}
