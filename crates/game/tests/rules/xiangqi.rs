//! Xiangqi's rules from data that the reference counts (tests/sizes) do
//! not name: the flying general refused with its own reason in a game,
//! and the soldier's river, asked of the sized rules directly.

use motley_game::variant::builtin::builtin_sized;
use motley_game::variant::Registry;
use motley_game::Game;

#[test]
fn a_move_that_leaves_the_kings_facing_is_refused_as_the_flying_general() {
    let mut registry = Registry::builtin();
    registry.add_text("fg.ini", "[generals:chess]\nflyingGeneral = true\n", false);
    let def = registry.get("generals").unwrap();
    // The bishop on e4 stands between the kings on the e-file.
    let mut game = Game::new(def, Some("4k3/8/8/8/4B3/8/8/4K3 w - - 0 1"), 0).unwrap();
    let legal: Vec<String> = game.legal_actions().iter().map(|a| a.to_string()).collect();
    assert!(!legal.iter().any(|m| m.starts_with("e4")), "{legal:?}");
    assert!(legal.contains(&"e1d1".to_string()), "{legal:?}");
    let why = game.play_text("e4d5").unwrap_err().to_string();
    assert!(why.contains("flying general"), "{why}");
    // Without the rule the bishop moves.
    let chess = registry.get("kingofthehill").unwrap();
    let mut plain = Game::new(chess, Some("4k3/8/8/8/4B3/8/8/4K3 w - - 0 1"), 0).unwrap();
    plain.play_text("e4d5").unwrap();
}

#[test]
fn a_soldier_steps_sideways_only_past_the_river() {
    let rules = builtin_sized("xiangqi").expect("built in").expect("reads");
    let moves = |fen: &str| {
        let mut m = rules.position(Some(fen)).expect(fen).legal_uci();
        m.sort();
        m
    };
    // White's soldier on c4 (its own side): forward only.
    let short = moves("3k5/9/9/9/9/9/2P6/9/9/4K4 w - - 0 1");
    assert!(short.contains(&"c4c5".to_string()), "{short:?}");
    assert!(!short.contains(&"c4b4".to_string()) && !short.contains(&"c4d4".to_string()));
    // On c6, past the river: sideways too, never back.
    let past = moves("3k5/9/9/9/2P6/9/9/9/9/4K4 w - - 0 1");
    for m in ["c6b6", "c6d6", "c6c7"] {
        assert!(past.contains(&m.to_string()), "{m}: {past:?}");
    }
    assert!(!past.contains(&"c6c5".to_string()));
}
