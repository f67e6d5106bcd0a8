//! Saved games of a match keep what the previous game carried into their
//! start (Dice-Money: the winner's prices), so they replay exactly.

use crate::support::temp::temp_dir;
use motley_game::variant::Registry;
use motley_game::Game;
use motley_records::{load_all, save_game};
use motley_rules::Position;
use std::sync::Arc;

/// A registry whose Dice-Money gives both players $50, so the first turn
/// can buy something.
fn rich_registry(dir: &std::path::Path) -> Registry {
    let text = include_str!("../../../variants/dice-money.json")
        .replace(r#""white": 1, "black": 2"#, r#""white": 50, "black": 50"#);
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("dice-money.json"), text).unwrap();
    let mut r = Registry::builtin();
    r.add_dir(dir);
    // Only the warning that the file replaces the built-in variant.
    assert!(
        r.warnings.len() == 1 && r.warnings[0].contains("replaces the built-in"),
        "{:?}",
        r.warnings
    );
    r
}

#[test]
fn dice_money_match_game_two_replays_with_the_winners_prices() {
    let dir = temp_dir("match-rec");
    let registry = rich_registry(&dir.join("variants"));
    let def: Arc<_> = registry.get("dice-money").unwrap();
    let mut first = Game::new(def, None, 1).unwrap();
    for a in ["roll:1,2", "buy:move1", "e2e4", "d2d4"] {
        first.play_text(a).unwrap();
    }
    first.resign(motley_rules::core::Color::Black);
    assert_eq!(
        first.outcome().unwrap().winner,
        Some(motley_rules::core::Color::White)
    );
    let summary_after = first.position().extra_state().unwrap().to_string();
    assert!(summary_after.contains("prices 6/15"), "{summary_after}");

    let mut second = first.next_in_match(2).unwrap();
    let carried = second
        .position_at(0)
        .unwrap()
        .extra_state()
        .unwrap()
        .to_string();
    assert!(carried.matches("prices 6/15").count() == 2, "{carried}");
    second.play_text("roll:3,4").unwrap();
    second.play_text("e2e4").unwrap();

    let path = dir.join("game2.json");
    save_game(&path, &second, None).unwrap();
    let loaded = load_all(&path, &registry).unwrap().remove(0).game;
    assert_eq!(
        loaded.position_at(0).unwrap().extra_state(),
        second.position_at(0).unwrap().extra_state()
    );
    assert_eq!(loaded.position().hash(), second.position().hash());

    // The carried prices keep their JSON shape: both players' lists.
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let lists = &saved["carried"]["prices"];
    assert_eq!(lists[0], serde_json::json!([6, 15, 10, 5, 3, 7, 11, 19]));
    assert_eq!(lists[0], lists[1]);
    assert_eq!(saved["carried"].as_object().unwrap().len(), 1);

    // A corrupt carried state is refused with the field named.
    let text = std::fs::read_to_string(&path)
        .unwrap()
        .replace("\"prices\"", "\"prizes\"");
    std::fs::write(&path, text).unwrap();
    let err = load_all(&path, &registry).unwrap_err().to_string();
    assert!(err.contains("carried"), "{err}");
}

/// Play random actions (rolling dice where due) until the game ends or
/// `plies` actions were played, buying whenever the dice allow it, so the
/// prices move.
fn play_randomly(game: &mut Game, seed: u64, plies: usize) {
    let mut n = seed;
    while game.ply() < plies && game.outcome().is_none() {
        if game.position().is_chance() {
            game.roll_dice().unwrap();
            continue;
        }
        let legal = game.legal_actions();
        let buys: Vec<_> = legal
            .iter()
            .filter(|a| a.to_string().starts_with("buy:"))
            .collect();
        n = n
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let a = match buys.first() {
            Some(b) if n.is_multiple_of(3) => **b,
            _ => legal[(n >> 33) as usize % legal.len()],
        };
        game.play(a).unwrap();
    }
}

/// A match game exported as PGN and imported again is the same game at
/// every ply: the prices the previous game carried in travel in the
/// `Carried` tag.
#[test]
fn match_games_round_trip_through_pgn_at_every_ply() {
    let dir = temp_dir("match-pgn");
    let registry = rich_registry(&dir.join("variants"));
    let mut game = Game::new(registry.get("dice-money").unwrap(), None, 11).unwrap();
    play_randomly(&mut game, 11, 80);
    game.resign(motley_rules::core::Color::Black);
    let mut checked = 0;
    let fresh = Game::new(registry.get("dice-money").unwrap(), None, 1).unwrap();
    let default_prices = fresh.position_at(0).unwrap().extra_state();
    let mut carried_changes = 0;
    for k in 2..=4u64 {
        let mut next = game.next_in_match(10 + k).unwrap();
        assert!(next.carried().is_some());
        if next.position_at(0).unwrap().extra_state() != default_prices {
            carried_changes += 1;
        }
        play_randomly(&mut next, 10 + k, 80);
        let pgn = motley_records::export_pgn(&next, Some(("a", "b")));
        assert!(pgn.contains("[Carried \""), "{pgn}");
        let back = motley_records::import_pgn(&pgn, &registry)
            .remove(0)
            .unwrap();
        assert_eq!(back.ply(), next.ply());
        assert_eq!(back.carried(), next.carried());
        for ply in 0..=next.ply() {
            let (a, b) = (
                next.position_at(ply).unwrap(),
                back.position_at(ply).unwrap(),
            );
            assert_eq!(a.to_fen(), b.to_fen(), "game {k} ply {ply}");
            assert_eq!(a.extra_state(), b.extra_state(), "game {k} ply {ply}");
            assert_eq!(a.hash(), b.hash(), "game {k} ply {ply}");
            checked += 1;
        }
        assert_eq!(back.legal_actions(), next.legal_actions());
        next.resign(motley_rules::core::Color::White);
        game = next;
    }
    assert!(checked > 100, "{checked}");
    assert!(carried_changes > 0, "the prices never moved");
    // A damaged tag is refused naming it.
    let pgn = motley_records::export_pgn(&game.next_in_match(9).unwrap(), None)
        .replace("[Carried \"{", "[Carried \"{oops");
    let e = motley_records::import_pgn(&pgn, &registry)
        .remove(0)
        .unwrap_err()
        .to_string();
    assert!(e.contains("tag Carried"), "{e}");
}
