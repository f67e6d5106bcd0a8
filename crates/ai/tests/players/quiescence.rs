//! Quiescence keeps its results in the transposition table where pieces
//! hop: there every capture makes hurdles for others, and without the
//! table the same captures, met again in other orders, grow a tree of
//! millions of nodes at depth 2.

use motley_ai::eval::Evaluate;
use motley_ai::search::{search, Limits};
use motley_game::variant::Registry;
use motley_game::Game;
use std::sync::atomic::AtomicBool;

fn game(id: &str, moves: &[&str]) -> Game {
    let mut g = Game::new(Registry::builtin().get(id).unwrap(), None, 1).unwrap();
    for m in moves {
        g.play_text(m).unwrap();
    }
    g
}

#[test]
fn quiescence_remembers_where_pieces_hop_and_only_there() {
    assert!(game("grasshopper", &[]).position().quiescence_table());
    for id in [
        "standard",
        "kingofthehill",
        "crazyhouse",
        "atomic",
        "hoppelpoppel",
        "antichess",
    ] {
        assert!(!game(id, &[]).position().quiescence_table(), "{id}");
    }
}

#[test]
fn a_grasshopper_melee_is_searched_to_depth_2_in_under_a_million_nodes() {
    let moves = ["d3d4", "g7e5", "c2a4", "a7a5", "g2g4", "c7a7", "e2e4"];
    let g = game("grasshopper", &moves);
    let stop = AtomicBool::new(false);
    let report = search(g.position(), &[], &Limits::depth(2), &stop);
    assert_eq!(report.depth, 2);
    // 3,948,801 nodes before quiescence kept its results; 725,471 since.
    assert!(report.nodes < 1_000_000, "{} nodes", report.nodes);
}
