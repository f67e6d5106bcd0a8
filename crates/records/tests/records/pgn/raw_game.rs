//! PGN text split into games and moves: what the lexer skips, and Dice-Money's
//! actions written as comments, read through the import.

use crate::support::reg;
use motley_records::pgn::PgnGames;
use motley_records::SavedGame;

/// The games of `text`, each read whole.
fn games_of(text: &str) -> Vec<SavedGame> {
    let reg = reg();
    PgnGames::new(Vec::new(), 0, Box::new(text.as_bytes()), &reg)
        .map(|g| g.into_result().unwrap_or_else(|e| panic!("{text}: {e}")))
        .collect()
}

#[test]
fn lexer_skips_comments_nags_variations_and_escapes() {
    let text = "[Event \"a \\\"b\\\"\"]\n% escape line\n1. e4 $1 {comment} (1. d4 d5 (1... Nf6)) e5!? ; rest\n2. Nf3 *";
    let games = games_of(text);
    assert_eq!(games.len(), 1);
    assert_eq!(
        games[0].tags.get("Event").map(String::as_str),
        Some("a \"b\"")
    );
    // The moves, and nothing else, are played: no comment, NAG, variation
    // or escaped line is read as one (it would be refused as no move).
    assert_eq!(games[0].tree.main_actions(), ["e2e4", "e7e5", "g1f3"]);
    // `*` is the result: the game goes on.
    assert_eq!(games[0].game.outcome(), None);
}

#[test]
fn dice_actions_in_comments_are_read_as_actions() {
    // White starts with the $5 that buying an extra move costs.
    let games = games_of(concat!(
        "[Variant \"dice-money\"]\n",
        r#"[StartState "{\"money\":[5,2],\"prices\":[[5,15,10,5,3,7,11,19],[5,15,10,5,3,7,11,19]]}"]"#,
        "\n\n1. {roll:3,5} {buy:move1} e4 {pass} {not an action} {score 3-4} *",
    ));
    let actions: Vec<String> = games[0]
        .game
        .actions()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(actions, ["roll:3,5", "buy:move1", "e2e4", "pass"]);
}
