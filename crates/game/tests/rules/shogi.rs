//! Shogi's rules from data that perft cannot show (the shogi family's
//! counts are Fairy-Stockfish's, in tests/sizes): a pawn dropped to mate
//! loses for the side that dropped it (`shogiPawnDropMateIllegal`), and a
//! repetition whose value is White's whoever moves (`nFoldValueAbsolute`).

use motley_game::variant::builtin::builtin_sized;
use motley_game::variant::Registry;
use motley_game::Game;
use motley_rules::core::Color;
use motley_rules::fairy::Verdict;
use motley_rules::EndReason;

fn minishogi(fen: &str) -> motley_rules::fairy::SizedPosition {
    let rules = builtin_sized("minishogi")
        .expect("built in")
        .expect("reads");
    rules.position(Some(fen)).expect(fen)
}

#[test]
fn a_pawn_dropped_to_mate_wins_for_the_mated_side() {
    // Black's king on a5; the gold covers b4 and b5, White's king guards a4.
    let dropped = minishogi("k4/2G2/1K3/5/5[P] w - - 0 1")
        .after("P@a4")
        .unwrap();
    assert!(dropped.legal_uci().is_empty());
    assert_eq!(dropped.outcome(), Some(Verdict::Win), "Black, mated, wins");
    // The same mate by a pawn's step is an ordinary mate.
    let stepped = minishogi("k4/2G2/PK3/5/5[] w - - 0 1")
        .after("a3a4")
        .unwrap();
    assert!(stepped.legal_uci().is_empty());
    assert_eq!(stepped.outcome(), Some(Verdict::Loss));
    // A mate by another piece dropped is an ordinary mate too.
    let gold = minishogi("k4/5/1K3/5/5[G] w - - 0 1")
        .after("G@a4")
        .unwrap();
    assert_eq!(gold.outcome(), Some(Verdict::Loss), "{}", gold.to_fen());
}

/// A registry with an 8×8 board of minishogi's rules, which games play.
fn eight_by_eight() -> Registry {
    let mut registry = Registry::builtin();
    let text = "[shogi8:minishogi]\nmaxFile = 8\nmaxRank = 8\nperpetualCheckIllegal = false\n\
                promotionRegionWhite = *8\npromotionRegionBlack = *1\n\
                startFen = k7/8/8/8/8/8/8/7K[] w - - 0 1\n";
    registry.add_text("shogi8.ini", text, false);
    registry
}

#[test]
fn a_game_ended_by_a_pawn_drop_mate_is_won_by_the_mated_side() {
    let registry = eight_by_eight();
    let def = registry.get("shogi8").unwrap();
    let mut game = Game::new(def, Some("k7/2G5/1K6/8/8/8/8/8[P] w - - 0 1"), 0).unwrap();
    game.play_text("P@a7").unwrap();
    let outcome = game.outcome().expect("over");
    assert_eq!(outcome.reason, EndReason::PawnDropMate);
    assert_eq!(outcome.winner, Some(Color::Black));
}

#[test]
fn a_repetition_valued_for_white_loses_for_white_whoever_is_to_move() {
    let registry = eight_by_eight();
    for (fen, moves) in [
        (
            "k7/8/8/8/8/8/8/7K[] w - - 0 1",
            ["h1g1", "a8b8", "g1h1", "b8a8"],
        ),
        (
            "k7/8/8/8/8/8/8/7K[] b - - 0 1",
            ["a8b8", "h1g1", "b8a8", "g1h1"],
        ),
    ] {
        let def = registry.get("shogi8").unwrap();
        let mut game = Game::new(def, Some(fen), 0).unwrap();
        // The fourth time the start comes back ends the game.
        for _ in 0..3 {
            for m in moves {
                game.play_text(m).unwrap();
            }
        }
        let outcome = game.outcome().expect("the fourth repetition ends it");
        assert_eq!(outcome.reason, EndReason::Repetition, "{fen}");
        assert_eq!(outcome.winner, Some(Color::Black), "{fen}");
    }
}

#[test]
fn a_repetition_by_checking_all_the_way_loses_for_the_checking_side() {
    let mut registry = Registry::builtin();
    registry.add_text(
        "perpetual.ini",
        "[perpetual:chess]\nperpetualCheckIllegal = true\n",
        false,
    );
    let def = registry.get("perpetual").unwrap();
    let play = |start: &str, moves: &[&str]| {
        let mut game = Game::new(def.clone(), Some(start), 0).unwrap();
        for _ in 0..2 {
            for m in moves {
                game.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
            }
        }
        game.outcome().expect("the third time ends it")
    };
    // White's rook checks from e1 and d1 in turn; the third time the
    // start comes back, with White to move, White has lost.
    let start = "4k3/8/8/8/8/8/8/K2R4 w - - 0 1";
    let checks = ["d1e1", "e8d8", "e1d1", "d8e8"];
    let outcome = play(start, &checks);
    assert_eq!(outcome.reason, EndReason::PerpetualCheck);
    assert_eq!(outcome.winner, Some(Color::Black));
    // Seen with Black to move at the end, the checked side wins the same.
    let after = "4k3/8/8/8/8/8/8/K3R3 b - - 1 1";
    let outcome = play(after, &["e8d8", "e1d1", "d8e8", "d1e1"]);
    assert_eq!(outcome.reason, EndReason::PerpetualCheck);
    assert_eq!(outcome.winner, Some(Color::Black));
    // A repetition without checks all the way is the variant's draw.
    let quiet = play(start, &["a1b1", "e8f8", "b1a1", "f8e8"]);
    assert_eq!((quiet.reason, quiet.winner), (EndReason::Repetition, None));
}
