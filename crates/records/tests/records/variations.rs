//! Variations in records: played through when read, kept and written
//! flat, an illegal move cutting its variation and named by ply.

use crate::support::replay;
use motley_game::variant::Registry;
use motley_game::Game;
use motley_records::tree::{Annotations, Cursor, Hop, Node, PlyNotes, TreeProblem};
use motley_records::{record_of, GameRecord, RecordErrorKind};

/// A built-in variant's game from its start.
fn builtin_game(id: &str, seed: u64) -> Game {
    let registry = motley_game::variant::Registry::builtin();
    Game::new(registry.get(id).unwrap(), None, seed).unwrap()
}

fn record(moves: &[&str], annotations: Annotations) -> GameRecord {
    let mut g = builtin_game("standard", 0);
    for m in moves {
        g.play_text(m).unwrap();
    }
    let mut rec = record_of(&g);
    rec.annotations = Some(annotations);
    rec
}

fn variation(ply: usize, actions: &[&str]) -> PlyNotes {
    PlyNotes {
        ply,
        notes: Default::default(),
        variations: vec![actions.iter().map(|a| Node::new(a)).collect()],
    }
}

#[test]
fn a_legal_tree_reads_back_whole_through_json() {
    let ann = Annotations {
        intro: Some("A quiet start".to_string()),
        plies: vec![variation(2, &["c7c5", "g1f3"])],
        ..Default::default()
    };
    let rec = record(&["e4", "e5", "Nf3"], ann.clone());
    let rec = GameRecord::from_json(&rec.to_json()).unwrap();
    let saved = replay(&rec, &Registry::builtin()).into_result().unwrap();
    // Kept, and written flat.
    let kept = saved.tree.annotations();
    assert_eq!(kept.intro, ann.intro);
    assert_eq!(kept.lines.len(), 1);
    assert_eq!((kept.lines[0].of, kept.lines[0].ply), (0, 2));
    let actions: Vec<&str> = kept.lines[0]
        .moves
        .iter()
        .map(|n| n.action.as_str())
        .collect();
    assert_eq!(actions, ["c7c5", "g1f3"]);
    assert_eq!(saved.tree.main_actions(), ["e2e4", "e7e5", "g1f3"]);
}

#[test]
fn an_illegal_variation_move_is_refused_naming_its_ply_and_cut_there() {
    // 2... c5 3. Nf3 then a knight that cannot reach e5 from g8.
    let rec = record(
        &["e4", "e5", "Nf3"],
        Annotations {
            plies: vec![
                variation(2, &["c7c5", "g1f3", "g8e5"]),
                variation(3, &["h1h5"]),
            ],
            ..Default::default()
        },
    );
    let (saved, error) = replay(&rec, &Registry::builtin()).into_parts();
    let error = error.unwrap();
    let text = error.to_string();
    assert!(
        matches!(*error.kind, RecordErrorKind::InVariation(_))
            && text.contains("ply 4")
            && text.contains("'g8e5'"),
        "{text}"
    );
    // The game is whole; the bad variation keeps its legal moves, and
    // one whose first move is illegal is gone.
    let tree = saved.unwrap().tree;
    assert_eq!(tree.main_actions(), ["e2e4", "e7e5", "g1f3"]);
    let at = Cursor {
        hops: vec![Hop { at: 1, var: 0 }],
        len: 2,
    };
    assert_eq!(tree.actions_to(&at).unwrap(), ["e2e4", "c7c5", "g1f3"]);
    assert!(tree.main[2].variations.is_empty());
}

#[test]
fn annotations_of_a_ply_the_game_lacks_are_refused_by_number() {
    let rec = record(
        &["e4"],
        Annotations {
            plies: vec![variation(5, &["e2e4"])],
            ..Default::default()
        },
    );
    let error = replay(&rec, &Registry::builtin())
        .into_result()
        .unwrap_err();
    assert!(
        matches!(
            *error.kind,
            RecordErrorKind::Annotations(TreeProblem::NoSuchPly { ply: 5, moves: 1 })
        ),
        "{error}"
    );
}

#[test]
fn a_record_without_annotations_reads_as_before_and_writes_none() {
    let rec = record(&["e4"], Annotations::default());
    let mut rec = rec;
    rec.annotations = None;
    let json = rec.to_json();
    assert!(!json.contains("annotations"), "{json}");
    let saved = replay(&rec, &Registry::builtin()).into_result().unwrap();
    assert!(saved.tree.is_bare());
}
