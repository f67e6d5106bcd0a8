//! Match play: the score of the first player whatever their colour, and
//! games stopped at the ply limit saved as the table counts them.

use motley_ai::PlayerSpec;
use motley_game::variant::Registry;
use motley_game::Game;
use motley_rules::core::Color;
use motley_session::match_play::{next_game, play_match, MatchSettings};
use motley_session::MatchScore;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

// Issue 22, item 37: a game stopped at the ply limit counted as a draw
// in the table but was saved with the result `*`.
#[test]
fn item_37_a_game_stopped_at_the_ply_limit_is_saved_as_the_table_says() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("saved");
    let registry = Registry::builtin();
    let settings = MatchSettings {
        games: 1,
        seed: 3,
        movetime: Duration::from_millis(5),
        save_dir: Some(dir.clone()),
        opening_plies: 0,
        ply_limit: 6,
    };
    let players = [PlayerSpec::Random, PlayerSpec::Random];
    let stop = AtomicBool::new(false);
    let variant = registry.get("standard").unwrap();
    let score = play_match(&variant, players, &settings, &stop, &mut |_, _| {}).unwrap();
    assert_eq!(score.tally(None), [0, 1, 0], "a draw in the table");
    let text = std::fs::read_to_string(dir.join("standard-3-game001.json")).unwrap();
    let rec: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(rec["moves"].as_array().unwrap().len(), 6);
    assert_eq!(
        (&rec["result"], &rec["reason"]),
        (&"1/2-1/2".into(), &"adjudication".into())
    );
    let saved = motley_records::load_all(&dir.join("standard-3-game001.json"), &registry).unwrap();
    let outcome = saved[0].game.outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (None, motley_rules::EndReason::Adjudication)
    );
}

#[test]
fn the_score_counts_for_the_first_player_whatever_their_colour() {
    let registry = Registry::builtin();
    let mut game = Game::new(registry.get("standard").unwrap(), None, 1).unwrap();
    game.resign(Color::Black);
    let mut score = MatchScore::new(3);
    score.count(&game);
    assert_eq!(
        (score.played, score.points, score.swapped),
        (1, [1.0, 0.0], true)
    );
    // Game 2: the first player has Black, and White wins.
    let mut second = next_game(&game, true).unwrap();
    assert_eq!(second.seed(), 2);
    second.resign(Color::Black);
    assert_eq!(score.points_after(&second), [1.0, 1.0]);
    score.count(&second);
    assert_eq!(score.tally(None), [1, 0, 1]);
    assert_eq!(score.tally(Some(true)), [1, 0, 0]);
    assert_eq!(score.tally(Some(false)), [0, 0, 1]);
    assert!(!score.has_next(), "the game under way, game 3, is the last");
}
