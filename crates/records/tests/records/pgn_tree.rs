//! A game's tree in PGN movetext: comments written so that they read
//! back exactly, clocks and evaluations as commands in comments, each
//! construct read by a small game built for it, and movetext no annotator
//! would write read without a panic.

use motley_game::variant::Registry;
use motley_records::pgn::{export_saved_pgn, PgnGames};
use motley_records::tree::{Notes, TreeEval};
use motley_records::SavedGame;

/// The one game of `pgn`, read whole.
fn read_whole(pgn: &str) -> SavedGame {
    let reg = Registry::builtin();
    let mut games = PgnGames::new(Vec::new(), 0, Box::new(pgn.as_bytes()), &reg);
    let game = games.next().unwrap();
    assert!(games.next().is_none(), "one game in {pgn}");
    game.into_result().unwrap_or_else(|e| panic!("{pgn}: {e}"))
}

/// The notes read on the move of `1. e4 {comment} *`.
fn notes_of(comment: &str) -> Notes {
    read_whole(&format!("1. e4 {{{comment}}} *")).tree.main[0]
        .notes
        .clone()
}

/// The comment written after `1. e4` holding `notes`, and the notes read
/// back from the PGN it is written in.
fn written_and_read(notes: Notes) -> (String, Notes) {
    let mut saved = read_whole("1. e4 *");
    saved.tree.main[0].notes = notes;
    let pgn = export_saved_pgn(&saved);
    // The movetext after the tags; a line break in it is layout.
    let movetext = pgn
        .split_once("\n\n")
        .map_or("", |(_, m)| m)
        .trim()
        .replace('\n', " ");
    let written = movetext
        .strip_prefix("1. e4 {")
        .and_then(|m| m.strip_suffix("} *"))
        .unwrap_or_else(|| panic!("no comment after 1. e4 in\n{pgn}"))
        .to_string();
    let back = read_whole(&pgn).tree.main[0].notes.clone();
    (written, back)
}

#[test]
fn comment_text_escapes_read_back_exactly() {
    for text in [
        "plain",
        "a } brace",
        "back\\slash \\} both",
        "looks like [%clk 0:01:00] but is text",
        "ends with \\",
    ] {
        let notes = Notes {
            comment: Some(text.to_string()),
            ..Notes::default()
        };
        let (written, back) = written_and_read(notes);
        assert!(!written.replace("\\}", "").contains('}'), "{written}");
        assert_eq!(back.comment.as_deref(), Some(text), "{written}");
    }
}

#[test]
fn clock_and_eval_commands_are_read_and_the_rest_stays_text() {
    let notes = notes_of("Good. [%eval -0.31] [%clk 1:02:03] [%csl Ge4]");
    assert_eq!(notes.comment.as_deref(), Some("Good.   [%csl Ge4]"));
    assert_eq!(notes.clock_ms, Some(3_723_000));
    assert_eq!(notes.eval, Some(TreeEval::Cp(-31)));
    assert_eq!(notes_of("[%eval #-3]").eval, Some(TreeEval::Mate(-3)));
    assert_eq!(notes_of("[%eval 0.25,18]").eval, Some(TreeEval::Cp(25)));
    assert_eq!(notes_of("[%clk 0:00:07.25]").clock_ms, Some(7_250));
    // Not a time, not an evaluation: text.
    let notes = notes_of("[%clk soon] [%eval nan]");
    assert_eq!(
        (notes.comment, notes.clock_ms, notes.eval),
        (Some("[%clk soon] [%eval nan]".to_string()), None, None)
    );
    for (ms, text) in [
        (300_000, "0:05:00"),
        (7_250, "0:00:07.250"),
        (3_723_000, "1:02:03"),
    ] {
        let notes = Notes {
            clock_ms: Some(ms),
            ..Notes::default()
        };
        let (written, back) = written_and_read(notes);
        assert_eq!(written, format!("[%clk {text}]"));
        assert_eq!(back.clock_ms, Some(ms));
    }
    for (eval, text) in [
        (TreeEval::Cp(31), "0.31"),
        (TreeEval::Cp(-105), "-1.05"),
        (TreeEval::Cp(-5), "-0.05"),
        (TreeEval::Mate(-3), "#-3"),
    ] {
        let notes = Notes {
            eval: Some(eval),
            ..Notes::default()
        };
        let (written, back) = written_and_read(notes);
        assert_eq!(written, format!("[%eval {text}]"));
        assert_eq!(back.eval, Some(eval));
    }
}

/// Each PGN construct read by a small game built for it.
mod reading {
    use motley_game::variant::Registry;
    use motley_records::pgn::{export_saved_pgn, PgnGames};
    use motley_records::tree::MAX_NESTING;
    use motley_records::tree::{Cursor, GameTree, Hop, Node, TreeEval};
    use motley_records::{RecordError, RecordErrorKind, SavedGame};

    fn read(pgn: &str) -> (Option<SavedGame>, Option<RecordError>) {
        let reg = Registry::builtin();
        let mut games = PgnGames::new(Vec::new(), 0, Box::new(pgn.as_bytes()), &reg);
        games.next().unwrap().into_parts()
    }

    fn tree(pgn: &str) -> GameTree {
        let (saved, error) = read(pgn);
        assert!(error.is_none(), "{error:?}");
        saved.unwrap().tree
    }

    fn actions(line: &[Node]) -> Vec<&str> {
        line.iter().map(|n| n.action.as_str()).collect()
    }

    #[test]
    fn nags_are_read_as_dollars_and_as_glyphs() {
        let t = tree("1. e4 $1 e5 $14 $2 2. Nf3!? Nc6?? 3. Bb5 ! *");
        let nags: Vec<Vec<u8>> = t.main.iter().map(|n| n.notes.nags.clone()).collect();
        assert_eq!(nags, [vec![1], vec![14, 2], vec![5], vec![4], vec![1]]);
    }

    #[test]
    fn nested_variations_hang_on_the_moves_they_replace() {
        let t = tree("1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6) d6) (1... e6) 2. Nf3 *");
        assert_eq!(actions(&t.main), ["e2e4", "e7e5", "g1f3"]);
        let alts = &t.main[1].variations;
        assert_eq!(alts.len(), 2);
        assert_eq!(actions(&alts[0]), ["c7c5", "g1f3", "d7d6"]);
        assert_eq!(actions(&alts[1]), ["e7e6"]);
        assert_eq!(actions(&alts[0][1].variations[0]), ["b1c3", "b8c6"]);
        let deep = Cursor {
            hops: vec![Hop { at: 1, var: 0 }, Hop { at: 1, var: 0 }],
            len: 2,
        };
        assert_eq!(
            t.actions_to(&deep).unwrap(),
            ["e2e4", "c7c5", "b1c3", "b8c6"]
        );
    }

    #[test]
    fn comments_before_and_after_moves_and_a_brace_inside_one() {
        let t = tree(
            "{Before all} 1. e4 {best by test} {says Fischer} e5 (1... c5 ) ( {Or} 1... e6 {French \\} here}) 2. Nf3 *",
        );
        assert_eq!(t.intro.as_deref(), Some("Before all"));
        assert_eq!(
            t.main[0].notes.comment.as_deref(),
            Some("best by test says Fischer")
        );
        let french = &t.main[1].variations[1][0];
        assert_eq!(french.before.as_deref(), Some("Or"));
        assert_eq!(french.notes.comment.as_deref(), Some("French } here"));
    }

    #[test]
    fn a_clock_and_a_mate_eval_reach_the_move() {
        let t = tree("1. e4 { [%eval 0.3] [%clk 0:05:00] } e5 {[%clk 0:04:58.5] [%eval #-3]} *");
        assert_eq!(t.main[0].notes.clock_ms, Some(300_000));
        assert_eq!(t.main[0].notes.eval, Some(TreeEval::Cp(30)));
        assert_eq!(t.main[0].notes.comment, None);
        assert_eq!(t.main[1].notes.clock_ms, Some(298_500));
        assert_eq!(t.main[1].notes.eval, Some(TreeEval::Mate(-3)));
    }

    #[test]
    fn an_illegal_move_in_a_variation_names_the_game_and_ply() {
        let pgn =
            "[Event \"1\"]\n\n1. e4 *\n\n[Event \"2\"]\n\n1. e4 e5 (1... c5 2. Ke3) 2. Nf3 *\n";
        let reg = Registry::builtin();
        let games: Vec<_> = PgnGames::new(Vec::new(), 0, Box::new(pgn.as_bytes()), &reg).collect();
        let (saved, error) = match &games[1] {
            motley_records::Replayed::Partial { saved, error } => (saved, error),
            other => panic!("{other:?}"),
        };
        assert!(matches!(*error.kind, RecordErrorKind::InVariation(_)));
        let text = error.to_string();
        assert!(
            text.contains("game 2") && text.contains("ply 3") && text.contains("'Ke3'"),
            "{text}"
        );
        // The game is whole; the variation keeps the moves before.
        assert_eq!(saved.game.ply(), 3);
        assert_eq!(actions(&saved.tree.main[1].variations[0]), ["c7c5"]);
    }

    #[test]
    fn the_ending_in_words_is_not_a_comment_and_a_plain_last_comment_is() {
        let t = tree("1. e4 {good} 1-0");
        assert_eq!(t.main[0].notes.comment.as_deref(), Some("good"));
        let (saved, _) = read("1. e4 {good} {White wins (resignation)} 1-0");
        assert_eq!(
            saved.unwrap().tree.main[0].notes.comment.as_deref(),
            Some("good")
        );
    }

    #[test]
    fn variations_nested_too_deep_are_refused() {
        let deep = format!(
            "1. e4 e5 {}1... c5{} *",
            "(1... c5 ".repeat(MAX_NESTING + 1),
            ")".repeat(MAX_NESTING + 1)
        );
        let (_, error) = read(&deep);
        let error = error.unwrap();
        assert!(error.to_string().contains("nested"), "{error}");
    }

    #[test]
    fn export_writes_numbers_after_variations_and_comments() {
        let (saved, _) = read("1. e4 e5 (1... c5 2. Nf3) 2. Nf3 {main} Nc6 $1 *");
        let pgn = export_saved_pgn(&saved.unwrap());
        assert!(
            pgn.contains("1. e4 e5 (1... c5 2. Nf3) 2. Nf3 {main} 2... Nc6 $1 *"),
            "{pgn}"
        );
    }
}

/// Movetext no annotator would write is read without a panic: every
/// game gives a game or an error.
mod malformed {
    use motley_game::variant::Registry;
    use motley_records::pgn::PgnGames;

    #[test]
    fn broken_variations_comments_and_glyphs_never_panic() {
        let reg = Registry::builtin();
        for text in [
            "( 1. e4 ) 1. d4 *",
            "1. e4 ) ) e5 *",
            "1. e4 ( ( ( e5 *",
            "1. e4 {\\} e5 *",
            "1. e4 {\\\\} e5 $999 $ !!! ??? *",
            "1. e4 (1... e5 (1... c5 (1... e6 (1... d5)))) *",
            "1. e4 () (1... ) ( {only a comment} ) e5 *",
            "1. e4 {[%clk 99999999999999:00:00] [%eval #] [%eval 1e400] [%clk :]} *",
            "1. e4 (1. d4 {[%eval] [%clk} 1... d5 2. Qxh7) 1-0",
            "{} {} 1. e4 {} ( 1. d4 {}) *",
        ] {
            let games: Vec<_> = PgnGames::new(Vec::new(), 0, Box::new(text.as_bytes()), &reg)
                .map(|g| g.into_parts())
                .collect();
            assert!(!games.is_empty(), "{text}");
            for (saved, error) in games {
                assert!(saved.is_some() || error.is_some(), "{text}");
            }
        }
    }
}
