//! The tree of variations and annotations: adding, promoting and
//! deleting variations, comments, moving about, the caps on nesting, and
//! its JSON.

use motley_records::tree::{
    Annotations, Cursor, GameTree, Hop, LineNotes, Node, TreeError, TreeEval, TreeProblem,
    MAX_NESTING,
};

fn tree(moves: &[&str]) -> GameTree {
    let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    GameTree::new(&moves, &Annotations::default())
}

fn opening() -> GameTree {
    tree(&["e2e4", "e7e5", "g1f3", "b8c6"])
}

#[test]
fn a_move_that_differs_starts_a_variation_and_the_same_move_follows_it() {
    let mut t = opening();
    let v = t.add_move(&Cursor::main(2), "b1c3").unwrap().0;
    assert_eq!(v.hops, [Hop { at: 2, var: 0 }]);
    assert_eq!(v.ply(), 3);
    assert_eq!(t.actions_to(&v).unwrap(), ["e2e4", "e7e5", "b1c3"]);
    // The same move again follows the variation; the main move follows
    // the main line.
    assert_eq!(
        t.add_move(&Cursor::main(2), "b1c3").unwrap(),
        (v.clone(), false)
    );
    assert_eq!(
        t.add_move(&Cursor::main(2), "g1f3").unwrap(),
        (Cursor::main(3), false)
    );
    assert_eq!(t.main[2].variations.len(), 1);
    // A side line grows at its end; the main line never does.
    let w = t.add_move(&v, "g8f6").unwrap().0;
    assert_eq!(w.len, 2);
    assert_eq!(
        t.add_move(&Cursor::main(4), "f1b5"),
        Err(TreeError::NotAVariation)
    );
}

#[test]
fn promoting_swaps_a_variation_with_its_parent_line_step_by_step() {
    let mut t = opening();
    let v = t.add_move(&Cursor::main(1), "c7c5").unwrap().0;
    t.add_move(&v, "g1f3").unwrap();
    let sub = t.add_move(&v, "b1c3").unwrap().0;
    assert_eq!(sub.hops.len(), 2);
    // One step: the sub-variation becomes the side line's move...
    let up = t.promote(&sub).unwrap();
    assert_eq!(up.hops.len(), 1);
    assert_eq!(
        t.actions_to(&up).unwrap(),
        ["e2e4", "c7c5", "b1c3"],
        "the promoted move now continues the side line"
    );
    assert_eq!(t.main_actions(), ["e2e4", "e7e5", "g1f3", "b8c6"]);
    // ...and the next step makes it the main line, changing its moves.
    let main = t.promote(&up).unwrap();
    assert!(main.on_main_line());
    assert_eq!(t.main_actions(), ["e2e4", "c7c5", "b1c3"]);
    // The old main line is a variation of the new one, in its place.
    let old: Vec<&str> = t.main[1].variations[0]
        .iter()
        .map(|n| n.action.as_str())
        .collect();
    assert_eq!(old, ["e7e5", "g1f3", "b8c6"]);
    assert_eq!(t.promote(&main), Err(TreeError::NotAVariation));
}

#[test]
fn deleting_a_variation_returns_to_the_place_it_branched_from() {
    let mut t = opening();
    let v = t.add_move(&Cursor::main(3), "g8f6").unwrap().0;
    let v = t.add_move(&v, "f3e5").unwrap().0;
    assert_eq!(t.delete(&v).unwrap(), Cursor::main(3));
    assert!(t.is_bare());
    assert_eq!(t.delete(&Cursor::main(2)), Err(TreeError::NotAVariation));
}

#[test]
fn comments_are_set_and_cleared_and_the_start_holds_the_intro() {
    let mut t = opening();
    t.set_comment(&Cursor::main(0), Some("Open game")).unwrap();
    t.set_comment(&Cursor::main(2), Some(" solid ")).unwrap();
    assert_eq!(t.comment(&Cursor::main(0)), Some("Open game"));
    assert_eq!(t.comment(&Cursor::main(2)), Some("solid"));
    let a = t.annotations();
    assert_eq!(a.plies.len(), 1);
    assert_eq!(a.plies[0].ply, 2);
    t.set_comment(&Cursor::main(2), Some("   ")).unwrap();
    t.set_comment(&Cursor::main(0), None).unwrap();
    assert!(t.is_bare());
    assert_eq!(
        t.set_comment(&Cursor::main(9), Some("x")),
        Err(TreeError::NoSuchNode)
    );
}

#[test]
fn stepping_and_switching_among_the_moves_of_one_ply() {
    let mut t = opening();
    let a = t.add_move(&Cursor::main(2), "b1c3").unwrap().0;
    let b = t.add_move(&Cursor::main(2), "f1c4").unwrap().0;
    let main = Cursor::main(3);
    assert_eq!(t.other_move(&main, 1), Some((a.clone(), 3)));
    assert_eq!(t.other_move(&a, 1), Some((b.clone(), 3)));
    assert_eq!(t.other_move(&b, 1), Some((main.clone(), 3)));
    assert_eq!(t.other_move(&main, -1), Some((b.clone(), 3)));
    assert_eq!(t.back(&a), Some(Cursor::main(2)));
    assert_eq!(t.forward(&a), None);
    assert_eq!(t.forward(&Cursor::main(2)), Some(Cursor::main(3)));
    assert_eq!(t.back(&Cursor::main(0)), None);
    assert!(t.other_move(&Cursor::main(0), 1).is_none());
    // A move with no alternative is its only one.
    assert_eq!(
        t.other_move(&Cursor::main(1), 1),
        Some((Cursor::main(1), 1))
    );
}

/// Lines each replacing the first move of the one before: nested
/// `n` deep.
fn chain(n: usize, of_first: usize, ply: usize, action: &str) -> Vec<LineNotes> {
    (0..n)
        .map(|k| LineNotes {
            of: if k == 0 { of_first } else { of_first + k },
            ply,
            moves: vec![Node::new(action)],
        })
        .collect()
}

// Issue 31, item 2: one cap on nesting, in the reader too.
#[test]
fn item_02_flat_lines_past_the_cap_or_from_nowhere_are_left_out_by_name() {
    let moves: Vec<String> = ["e2e4", "e7e5"].map(String::from).to_vec();
    let read = |lines: Vec<LineNotes>| {
        let annotations = Annotations {
            lines,
            ..Default::default()
        };
        GameTree::read(&moves, &annotations)
    };
    let (at_cap, problem) = read(chain(MAX_NESTING, 0, 2, "c7c5"));
    assert_eq!(problem, None);
    let (past, problem) = read(chain(MAX_NESTING + 1, 0, 2, "c7c5"));
    assert_eq!(problem, Some(TreeProblem::TooDeep));
    assert_eq!(past, at_cap);
    let stray = vec![LineNotes {
        of: 2,
        ply: 1,
        moves: vec![Node::new("d2d4")],
    }];
    assert_eq!(
        read(stray).1,
        Some(TreeProblem::NoBranch {
            line: 1,
            of: 2,
            ply: 1
        })
    );
}

// Issue 31, item 2: promoting a variation nests the line it replaces
// one deeper: never past the cap.
#[test]
fn item_02_a_promotion_that_would_nest_past_the_cap_is_refused() {
    let moves: Vec<String> = ["e2e4", "e7e5", "g1f3"].map(String::from).to_vec();
    let tree = |deep: usize| {
        // 1... c5 2. Nf3 with 1... e6 beside c5, and under 2. Nf3 a
        // chain of variations `deep` more levels deep.
        let mut lines = vec![
            LineNotes {
                of: 0,
                ply: 2,
                moves: vec![Node::new("c7c5"), Node::new("g1f3")],
            },
            LineNotes {
                of: 1,
                ply: 2,
                moves: vec![Node::new("e7e6")],
            },
        ];
        lines.extend(
            chain(deep, 1, 3, "b1c3")
                .into_iter()
                .enumerate()
                .map(|(k, mut l)| {
                    l.of = if k == 0 { 1 } else { k + 2 };
                    l
                }),
        );
        let annotations = Annotations {
            lines,
            ..Default::default()
        };
        let (t, problem) = GameTree::read(&moves, &annotations);
        assert_eq!(problem, None);
        t
    };
    let e6 = Cursor {
        hops: vec![Hop { at: 1, var: 0 }, Hop { at: 0, var: 0 }],
        len: 1,
    };
    // The chain under 2. Nf3 reaches the cap once the line is moved
    // down: refused, the tree as it was.
    let mut full = tree(MAX_NESTING - 1);
    let before = full.clone();
    assert_eq!(full.promote(&e6), Err(TreeError::TooDeep));
    assert_eq!(full, before);
    // One level less: promoted.
    let mut room = tree(MAX_NESTING - 2);
    assert!(room.promote(&e6).is_ok());
}

#[test]
fn annotations_round_trip_through_json_and_leave_out_what_is_empty() {
    let mut t = opening();
    let v = t.add_move(&Cursor::main(2), "b1c3").unwrap().0;
    t.set_comment(&v, Some("Vienna")).unwrap();
    t.main[0].notes.nags = vec![1];
    t.main[0].notes.clock_ms = Some(299_000);
    t.main[1].notes.eval = Some(TreeEval::Mate(-3));
    let a = t.annotations();
    let json = serde_json::to_string(&a).unwrap();
    assert_eq!(
        json,
        r#"{"plies":[{"ply":1,"nags":[1],"clock_ms":299000},{"ply":2,"eval":{"mate":-3}}],"lines":[{"ply":3,"moves":[{"action":"b1c3","comment":"Vienna"}]}]}"#
    );
    let back: Annotations = serde_json::from_str(&json).unwrap();
    assert_eq!(GameTree::new(&t.main_actions(), &back), t);
}
