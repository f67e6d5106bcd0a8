//! A game in progress: its history (undo and redo) and the endings the
//! game keeps beyond the board (repetition, the fifty-move rule) and on
//! it (checkmate).

use motley_game::variant::Registry;
use motley_game::Game;
use motley_rules::EndReason;

/// A built-in variant's game from its start.
fn builtin_game(id: &str, seed: u64) -> Game {
    Game::new(Registry::builtin().get(id).unwrap(), None, seed).unwrap()
}

#[test]
fn undo_redo_walks_the_history() {
    let mut g = builtin_game("standard", 1);
    g.play_text("e4").unwrap();
    g.play_text("e7e5").unwrap();
    assert_eq!(g.sans(), ["e4", "e5"]);
    assert!(g.undo());
    assert_eq!(g.ply(), 1);
    assert!(g.redo());
    assert_eq!(g.ply(), 2);
    assert!(!g.redo());
}

#[test]
fn threefold_repetition_draws() {
    let mut g = builtin_game("standard", 1);
    for m in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
        g.play_text(m).unwrap();
    }
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, EndReason::Repetition);
    assert_eq!(o.winner, None);
    assert!(g.play_text("e4").is_err());
}

#[test]
fn fifty_move_rule_draws() {
    let reg = Registry::builtin();
    let g = Game::new(
        reg.get("standard").unwrap(),
        Some("4k3/8/8/8/8/8/8/R3K3 w - - 100 80"),
        1,
    )
    .unwrap();
    assert_eq!(g.outcome().unwrap().reason, EndReason::FiftyMoves);
}

#[test]
fn scholar_mate_ends_with_checkmate() {
    let mut g = builtin_game("standard", 1);
    for m in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"] {
        g.play_text(m).unwrap();
    }
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, EndReason::Checkmate);
    assert_eq!(o.result_str(), "1-0");
    assert_eq!(g.sans().last().unwrap(), "Qxf7#");
}
