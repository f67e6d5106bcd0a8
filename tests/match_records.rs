//! Saved games of a match keep what the previous game carried into their
//! start (Dice-Money: the winner's prices), so they replay exactly.

use motley::game::Game;
use motley::record::{load_games, save_game};
use motley::rules::Position;
use motley::variant::Registry;
use std::sync::Arc;

/// A registry whose Dice-Money gives both players $50, so the first turn
/// can buy something.
fn rich_registry(dir: &std::path::Path) -> Registry {
    let text = include_str!("../variants/dice-money.json")
        .replace(r#""white": 1, "black": 2"#, r#""white": 50, "black": 50"#);
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("dice-money.json"), text).unwrap();
    let mut r = Registry::builtin();
    r.add_dir(dir);
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    r
}

#[test]
fn dice_money_match_game_two_replays_with_the_winners_prices() {
    let dir = std::env::temp_dir().join(format!("motley-match-rec-{}", std::process::id()));
    let registry = rich_registry(&dir.join("variants"));
    let def: Arc<_> = registry.get("dice-money").unwrap();
    let mut first = Game::new(def, None, 1).unwrap();
    for a in ["roll:1,2", "buy:move1", "e2e4", "d2d4"] {
        first.play_text(a).unwrap();
    }
    first.resign(motley::core::Color::Black);
    assert_eq!(
        first.outcome().unwrap().winner,
        Some(motley::core::Color::White)
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
    let loaded = load_games(&path, &registry).unwrap().remove(0);
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
    let err = load_games(&path, &registry).unwrap_err().to_string();
    assert!(err.contains("carried"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}
