//! PGN export: the Seven Tag Roster, the variant and the start, and PGN's
//! own conventions for Variant, Seed and Termination; each read back.

use crate::support::reg;
use motley_game::Game;
use motley_records::{export_pgn, import_pgn};
use motley_rules::core::Color;
use motley_rules::Position;

#[test]
fn export_has_seven_tags_variant_and_setup() {
    let r = reg();
    let mut g = Game::new(
        r.get("standard").unwrap(),
        Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"),
        0,
    )
    .unwrap();
    g.play_text("e4").unwrap();
    let pgn = export_pgn(&g, Some(("ann \"a\"", "bob")));
    for t in [
        "[Event ",
        "[Site ",
        "[Date ",
        "[Round ",
        "[White \"ann \\\"a\\\"\"]",
        "[Black \"bob\"]",
        "[Result \"*\"]",
        "[SetUp \"1\"]",
        "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]",
    ] {
        assert!(pgn.contains(t), "{t} missing in\n{pgn}");
    }
    assert!(pgn.trim_end().ends_with("1. e4 *"), "{pgn}");
    let back = import_pgn(&pgn, &r);
    assert_eq!(
        back[0].as_ref().unwrap().position().to_fen(),
        g.position().to_fen()
    );
}

// Issue 22, item 15: PGN's own conventions for Variant, Seed and
// Termination.
#[test]
fn item_15_export_follows_pgn_conventions() {
    let r = reg();
    let mut mate = Game::new(r.get("standard").unwrap(), None, 7).unwrap();
    for m in ["f3", "e5", "g4", "Qh4#"] {
        mate.play_text(m).unwrap();
    }
    let pgn = export_pgn(&mate, None);
    assert!(
        !pgn.contains("[Variant ") && !pgn.contains("[Seed "),
        "{pgn}"
    );
    assert!(pgn.contains("[Termination \"normal\"]"), "{pgn}");
    assert!(pgn.contains("Qh4# {Black wins (checkmate)} 0-1"), "{pgn}");
    let back = import_pgn(&pgn, &r).remove(0).unwrap();
    assert_eq!(back.outcome(), mate.outcome());

    let anti = Game::new(r.get("antichess").unwrap(), None, 7).unwrap();
    let pgn = export_pgn(&anti, None);
    assert!(pgn.contains("[Variant \"Antichess\"]"), "{pgn}");
    assert!(pgn.contains("[Termination \"unterminated\"]"), "{pgn}");
    assert!(!pgn.contains("[Seed "), "{pgn}");
    // Dice are seeded: the seed is kept where dice are rolled.
    let dice = Game::new(r.get("dice-money").unwrap(), None, 7).unwrap();
    assert!(export_pgn(&dice, None).contains("[Seed \"7\"]"));

    let mut flag = Game::new(r.get("standard").unwrap(), None, 7).unwrap();
    flag.play_text("e4").unwrap();
    flag.time_out(Color::Black);
    let pgn = export_pgn(&flag, None);
    assert!(pgn.contains("[Termination \"time forfeit\"]"), "{pgn}");
    let back = import_pgn(&pgn, &r).remove(0).unwrap();
    assert_eq!(back.outcome(), flag.outcome());

    let mut adjudicated = Game::new(r.get("standard").unwrap(), None, 7).unwrap();
    adjudicated.play_text("e4").unwrap();
    adjudicated.adjudicate(None);
    let pgn = export_pgn(&adjudicated, None);
    assert!(pgn.contains("[Termination \"adjudication\"]"), "{pgn}");
    let back = import_pgn(&pgn, &r).remove(0).unwrap();
    assert_eq!(back.outcome(), adjudicated.outcome());
}
