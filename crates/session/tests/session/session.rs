//! The session (the crate's root): the players' names in its record and
//! in the rematch.

use motley_ai::PlayerSpec;
use motley_game::variant::Registry;
use motley_game::Game;
use motley_records::{GameRecord, Players};
use motley_rules::core::Color;
use motley_session::{Session, Write};
use std::path::PathBuf;

/// The record `session` writes when saved (as its save asks for it).
fn record_of(session: &mut Session) -> GameRecord {
    session.save_to(PathBuf::from("game.json"));
    let writes = session.take_writes();
    let records: Vec<&GameRecord> = writes
        .iter()
        .filter_map(|w| match w {
            Write::SaveAs { record, .. } => Some(&**record),
            _ => None,
        })
        .collect();
    assert_eq!(records.len(), 1, "one save asked for");
    records[0].clone()
}

#[test]
fn names_are_kept_in_the_record_and_follow_the_players_in_a_rematch() {
    let variant = Registry::builtin().get("standard").unwrap();
    let game = Game::new(variant, None, 1).unwrap();
    let players = [PlayerSpec::Human, PlayerSpec::Greedy];
    let mut session = Session::new(game, players).with_names([Some("Ann"), Some("  ")]);
    let names = Players {
        white: "Ann".into(),
        black: "Computer (greedy)".into(),
    };
    assert_eq!(record_of(&mut session).names, Some(names));
    assert_eq!(session.given_name(Color::White), Some("Ann"));
    // A default kept in a record is not shown as a given name.
    assert_eq!(session.given_name(Color::Black), None);
    // The rematch swaps colours, and the names go with their players.
    let next = session.next_game().unwrap();
    assert_eq!(next.players(), [PlayerSpec::Greedy, PlayerSpec::Human]);
    assert_eq!(
        next.names(),
        ["Computer (greedy)".to_string(), "Ann".to_string()]
    );
}
