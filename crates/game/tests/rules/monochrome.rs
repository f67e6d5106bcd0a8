//! Monochrome Chess (docs/rules.md, "Monochrome Chess"): positional ownership, captures across
//! the centerline, two-way pawns, the castling ruling, no rejection and the
//! scored endings, each shown in a position built for it.

use motley_game::variant::Registry;
use motley_game::Game;
use motley_rules::core::{Color, CoordText, MoveKind, Role, Square};
use motley_rules::monochrome::{Monochrome, MonochromeOptions};
use motley_rules::{perft, AnyPosition, EndReason, Position};

fn mono(fen: &str) -> Monochrome {
    let setup = motley_rules::core::Setup::parse(fen).unwrap();
    Monochrome::from_setup(setup, MonochromeOptions::default()).unwrap()
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn moves<P: Position>(p: &P) -> Vec<String> {
    let mut legal = Vec::new();
    p.legal_actions(&mut legal);
    let mut v: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
    v.sort();
    v
}

/// Legal moves of the piece on `from`, as destination squares, sorted.
fn moves_from<P: Position>(p: &P, from: &str) -> Vec<String> {
    moves(p)
        .into_iter()
        .filter(|m| m.starts_with(from))
        .map(|m| m[2..].to_string())
        .collect()
}

fn play<P: Position>(p: &P, text: &str) -> P {
    let a = motley_rules::parse_action(p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut next = p.clone();
    next.play_unchecked(a);
    next
}

fn why<P: Position>(p: &P, text: &str) -> String {
    let mut legal = Vec::new();
    p.legal_actions(&mut legal);
    p.why_illegal(&CoordText::parse(text).unwrap(), &legal)
        .to_string()
}

fn game(fen: &str) -> Game {
    Game::new(Registry::builtin().get("monochrome").unwrap(), Some(fen), 1).unwrap()
}

#[test]
fn start_position_counts_match_the_known_numbers() {
    let p = Registry::builtin()
        .get("monochrome")
        .unwrap()
        .position(None)
        .unwrap();
    assert!(matches!(p, AnyPosition::Monochrome(_)));
    assert_eq!(perft(&p, 1), 20);
    assert_eq!(perft(&p, 2), 400);
    assert_eq!(perft(&p, 3), 9302);
}

#[test]
fn ownership_is_positional_and_fen_case_is_ignored() {
    // Lower-case letters on ranks 1-4 and upper case on 5-8 still belong to
    // the half they stand on; output is written by owner.
    let p = mono("4K3/8/8/3N4/3n4/8/8/4k3 w - - 0 1");
    assert_eq!(p.board().color_at(sq("d4")), Some(Color::White));
    assert_eq!(p.board().color_at(sq("d5")), Some(Color::Black));
    assert_eq!(p.to_fen(), "4k3/8/8/3n4/3N4/8/8/4K3 w - - 0 1");
}

#[test]
fn pawn_steps_one_square_up_or_down_to_an_empty_square() {
    let p = mono("4k3/8/8/8/8/3P4/8/4K3 w - - 0 1");
    assert_eq!(moves_from(&p, "d3"), ["d2", "d4"]);
    // Blocked above by any piece (here North's on the other side is not
    // reachable straight ahead).
    let p = mono("4k3/8/8/3p4/3P4/8/8/4K3 w - - 0 1");
    assert_eq!(moves_from(&p, "d4"), ["d3"]);
    // North's pawns step both ways too.
    let p = mono("4k3/8/3p4/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(moves_from(&p, "d6"), ["d5", "d7"]);
}

#[test]
fn pawn_captures_diagonally_in_every_direction_across_the_line() {
    // A South pawn on rank 4 takes up-left and up-right; a North pawn on
    // rank 5 takes down-left and down-right. Diagonals on one's own half
    // hold one's own pieces and are never captures.
    let p = mono("4k3/8/8/2p1p3/3P4/2P1P3/8/4K3 w - - 0 1");
    assert_eq!(moves_from(&p, "d4"), ["c5", "d3", "d5", "e5"]);
    let p = mono("4k3/8/2P1P3/3p4/2P1P3/8/8/4K3 b - - 0 1");
    assert_eq!(moves_from(&p, "d5"), ["c4", "d4", "d6", "e4"]);
    // A pawn that came down from the North captures upward, against its
    // old direction: capture directions do not depend on where it started.
    let p = mono("4k3/8/8/2ppp3/8/8/8/4K3 b - - 0 1");
    let p = play(&play(&p, "d5d4"), "Kd1");
    assert_eq!(moves_from(&p, "c5"), ["c4", "c6", "d4"]);
    let p = play(&p, "Kd8");
    assert_eq!(moves_from(&p, "d4"), ["c5", "d3", "d5", "e5"]);
}

#[test]
fn pawn_double_steps_toward_the_centerline_at_any_time() {
    let p = mono("4k3/4p3/8/8/8/8/3P4/4K3 w - - 0 1");
    assert_eq!(moves_from(&p, "d2"), ["d1", "d3", "d4"]);
    // After moving away and coming back, the double step is there again.
    let p = play(&play(&play(&play(&p, "d2d3"), "e7e6"), "d3d2"), "e6e7");
    assert_eq!(moves_from(&p, "d2"), ["d1", "d3", "d4"]);
    let mut legal = Vec::new();
    p.legal_actions(&mut legal);
    assert!(legal.iter().any(|a| a
        .as_move()
        .is_some_and(|m| m.to == sq("d4") && m.kind == MoveKind::DoublePush)));
    // North double-steps down from rank 7 (e8 above is occupied).
    let p = play(&p, "Ke2");
    assert_eq!(moves_from(&p, "e7"), ["e5", "e6"]);
    // Both squares must be empty.
    let p = mono("4k3/8/8/8/3p4/8/3P4/4K3 w - - 0 1");
    assert_eq!(moves_from(&p, "d2"), ["d1", "d3"]);
    // Not from rank 3, and never away from the centerline.
    let p = mono("4k3/8/8/8/8/3P4/8/4K3 w - - 0 1");
    assert!(!moves_from(&p, "d3").contains(&"d1".to_string()));
}

#[test]
fn pawns_never_promote() {
    let p = mono("4k3/8/8/8/8/8/3P4/4K3 w - - 0 1");
    let after = play(&p, "d2d1");
    assert_eq!(after.board().role_at(sq("d1")), Some(Role::Pawn));
    assert!(
        !moves(&p).iter().any(|m| m.len() == 5),
        "no promotion forms"
    );
    let p = mono("4k3/3p4/8/8/8/8/8/4K3 b - - 0 1");
    let after = play(&p, "d7d8");
    assert_eq!(after.board().role_at(sq("d8")), Some(Role::Pawn));
}

#[test]
fn capture_on_own_half_is_refused() {
    let p = mono("4k3/8/8/p7/8/N7/8/R3K3 w - - 0 1");
    assert!(!moves(&p).contains(&"a1a3".to_string()));
    assert_eq!(
        why(&p, "a1a3"),
        "Monochrome: you may only capture pieces on the opponent's half"
    );
    // The piece on the opponent's half can be taken.
    let p = mono("4k3/8/8/p7/8/8/8/R3K3 w - - 0 1");
    assert!(moves(&p).contains(&"a1a5".to_string()));
}

#[test]
fn only_pieces_on_ones_own_half_move() {
    let p = mono("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        why(&p, "e8e7"),
        "Monochrome: you may only move pieces on your half"
    );
}

#[test]
fn a_piece_that_crosses_changes_owner() {
    let p = mono("4k3/8/8/8/4N3/8/8/4K3 w - - 0 1");
    let after = play(&p, "Nf6");
    assert_eq!(after.board().color_at(sq("f6")), Some(Color::Black));
    assert_eq!(after.turn(), Color::Black);
    // North now moves it.
    assert!(moves(&after).contains(&"f6g4".to_string()));
    // And a capture carries the capturer over too.
    let p = mono("4k3/8/8/p7/8/8/8/R3K3 w - - 0 1");
    let after = play(&p, "Rxa5");
    assert_eq!(after.board().color_at(sq("a5")), Some(Color::Black));
    assert_eq!(after.board().role_at(sq("a5")), Some(Role::Rook));
    assert_eq!(after.scores(), [1, 0]);
}

#[test]
fn no_rejection_forbids_exactly_the_one_move_back_on_the_next_ply() {
    let p = mono("4k3/8/8/8/4N3/8/8/4K3 w - - 0 1");
    let after = play(&p, "e4f6");
    assert_eq!(after.no_rejection(), Some((sq("e4"), sq("f6"))));
    let from_f6 = moves_from(&after, "f6");
    assert!(!from_f6.contains(&"e4".to_string()));
    // Every other knight move stays, including another crossing.
    assert_eq!(from_f6, ["d5", "d7", "g4", "g8", "h5", "h7"]);
    assert_eq!(
        why(&after, "f6e4"),
        "Monochrome: that piece was just moved across; it may not go straight back"
    );
    // One ply later it may go back.
    let later = play(&play(&after, "Kd8"), "Kd1");
    assert_eq!(later.no_rejection(), None);
    assert!(moves_from(&later, "f6").contains(&"e4".to_string()));
    // After a capture too: the rook that took on a5 may not return to a1,
    // but may stop short on a2-a4.
    let p = mono("4k3/8/8/p7/8/8/8/R3K3 w - - 0 1");
    let after = play(&p, "Rxa5");
    let from_a5 = moves_from(&after, "a5");
    assert!(!from_a5.contains(&"a1".to_string()));
    for s in ["a2", "a3", "a4"] {
        assert!(from_a5.contains(&s.to_string()), "{s}");
    }
}

#[test]
fn no_rejection_is_part_of_repetition_but_scores_are_not() {
    let p = mono("4k3/8/8/8/4N3/8/8/4K3 w - - 0 1");
    let crossed = play(&p, "e4f6");
    let plain = mono("4k3/8/5n2/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(crossed.board(), plain.board());
    assert_ne!(crossed.repetition_key(), plain.repetition_key());
    let scored = plain.with_scores([5, 2]).unwrap();
    assert_eq!(scored.repetition_key(), plain.repetition_key());
    assert_ne!(scored.hash(), plain.hash());
}

#[test]
fn castling_needs_only_king_and_rook_home_and_an_empty_path() {
    let p = mono("4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
    // The king goes away and comes back: castling is still there.
    let p = play(&play(&play(&play(&p, "Kf2"), "Kd8"), "Ke1"), "Ke8");
    let m = moves(&p);
    assert!(m.contains(&"e1g1".to_string()) && m.contains(&"e1c1".to_string()));
    let after = play(&p, "O-O-O");
    assert_eq!(after.board().role_at(sq("c1")), Some(Role::King));
    assert_eq!(after.board().role_at(sq("d1")), Some(Role::Rook));
    // Attacks do not matter (no check); pieces between do.
    let p = mono("4k3/8/8/8/8/8/8/RN2K2R w - - 0 1");
    let m = moves(&p);
    assert!(m.contains(&"e1g1".to_string()) && !m.contains(&"e1c1".to_string()));
    // North castles the same way, the FEN castling field is ignored.
    let p = mono("r3k2r/8/8/8/8/8/8/4K3 b KQ - 0 1");
    let m = moves(&p);
    assert!(m.contains(&"e8g8".to_string()) && m.contains(&"e8c8".to_string()));
    assert_eq!(p.to_fen(), "r3k2r/8/8/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn kings_are_ordinary_and_can_be_captured_for_ten() {
    // The South king may stand next to North's pieces; capturing the North
    // king scores 10.
    let p = mono("8/8/8/4k3/3Q4/8/8/4K3 w - - 0 1");
    let after = play(&p, "Qxe5");
    assert_eq!(after.scores(), [10, 0]);
}

#[test]
fn game_ends_when_a_half_empties_and_the_scores_decide() {
    // South's only piece captures the pawn on a5 (1 point) and crosses:
    // South's half is empty, South leads 1-0 and wins.
    let mut g = game("7k/8/8/p7/R7/8/8/8 w - - 0 1");
    g.play_text("Rxa5").unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, EndReason::HalfEmpty);
    assert_eq!(o.scores, Some([1, 0]));
    assert_eq!(o.winner, Some(Color::White));
    // North's knight takes South's queen (8) and so becomes South's only
    // piece; it takes a pawn (1) and crosses, emptying South's half. South
    // ended the game but North leads 8-1 and wins.
    let mut g = game("7k/8/8/1pn1p3/8/3Q4/8/8 b - - 0 1");
    g.play_text("Nxd3").unwrap();
    assert!(g.outcome().is_none());
    g.play_text("Nxe5").unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, EndReason::HalfEmpty);
    assert_eq!(o.scores, Some([1, 8]));
    assert_eq!(o.winner, Some(Color::Black));
    assert!(g.legal_actions().is_empty());
}

#[test]
fn a_player_with_one_piece_ends_the_game_by_crossing() {
    let p = mono("rnbqk3/8/8/8/4K3/8/8/8 w - - 0 1");
    let after = play(&p, "Ke5");
    assert!(after.board().by_color(Color::White).is_empty());
    let o = after.outcome().unwrap();
    assert_eq!(o.reason, EndReason::HalfEmpty);
    assert_eq!(o.winner, None, "0-0 is a draw");
    let ahead = p.with_scores([3, 1]).unwrap();
    let o = play(&ahead, "Ke5").outcome().unwrap();
    assert_eq!((o.winner, o.scores), (Some(Color::White), Some([3, 1])));
}

#[test]
fn other_endings_are_scored() {
    // No legal move for the player to move: South's pawns jammed on the a-file.
    let p = mono("7k/8/8/p7/P7/P7/P7/P7 w - - 0 1")
        .with_scores([0, 4])
        .unwrap();
    assert!(moves(&p).is_empty());
    let o = p.outcome().unwrap();
    assert_eq!(
        (o.reason, o.winner),
        (EndReason::NoLegalMoves, Some(Color::Black))
    );
    // Threefold repetition, scored: the rejection pair after Rxa5 makes
    // that position differ, then the kings shuffle.
    let mut g = game("4k3/8/8/p7/R7/8/8/4K3 w - - 0 1");
    g.play_text("Rxa5").unwrap();
    for m in ["Kd8", "Kd1", "Ke8", "Ke1", "Kd8", "Kd1", "Ke8", "Ke1"] {
        assert!(g.outcome().is_none(), "{m}");
        g.play_text(m).unwrap();
    }
    assert!(g.outcome().is_none());
    g.play_text("Kd8").unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.reason, o.winner),
        (EndReason::Repetition, Some(Color::White))
    );
    assert_eq!(o.scores, Some([1, 0]));
    // 100 quiet plies.
    let g = game("4k3/8/8/8/8/8/8/4K3 w - - 100 80");
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, EndReason::FiftyMoves);
    assert_eq!(o.scores, Some([0, 0]));
    // Agreement.
    let mut g = game("4k3/8/8/p7/R7/8/8/4K3 w - - 0 1");
    g.play_text("Rxa5").unwrap();
    g.play_text("Kd8").unwrap();
    g.agree();
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.reason, o.winner),
        (EndReason::Agreement, Some(Color::White))
    );
}

#[test]
fn every_legal_move_round_trips_through_san() {
    // Two-way pawns make SAN need extra disambiguation (a pawn above and
    // below the same empty square); every written SAN must read back.
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        "3k4/pP6/8/2pPp3/1PpP4/8/6Pp/4K3 b - - 0 1",
        "4k3/8/8/8/3P4/8/3P4/R3K2R w - - 0 1",
        "r3k2r/ppp2ppp/2n1bn2/3pp3/3PP3/2N1BN2/PPP2PPP/R3K2R w - - 0 1",
    ] {
        let p = mono(fen);
        let mut legal = Vec::new();
        p.legal_actions(&mut legal);
        for a in &legal {
            let san = motley_rules::san_of(&p, a, &legal);
            let back = motley_rules::parse_action(&p, &san)
                .unwrap_or_else(|e| panic!("{fen}: {san}: {e}"));
            assert_eq!(back, *a, "{fen}: {san}");
        }
    }
}

#[test]
fn capture_values_come_from_the_variant_file() {
    let text = r#"{"id":"mono-x","name":"X","summary":"s","family":"monochrome",
        "start":"7k/8/8/p7/R7/8/8/7K w - - 0 1",
        "options":{"values":{"pawn":7,"knight":3,"bishop":4,"rook":5,"queen":8,"king":10}},
        "rules":"r"}"#;
    let def = motley_game::variant::VariantDef::from_json("x.json", text).unwrap();
    let mut g = Game::new(std::sync::Arc::new(def), None, 1).unwrap();
    g.play_text("Rxa5").unwrap();
    let AnyPosition::Monochrome(p) = g.position() else {
        panic!("not a Monochrome position")
    };
    assert_eq!(p.scores(), [7, 0]);
    // Unknown option names are refused with the field named.
    let bad = text.replace("\"pawn\":7", "\"pawm\":7");
    let e = motley_game::variant::VariantDef::from_json("x.json", &bad)
        .unwrap_err()
        .to_string();
    assert!(e.contains("pawm"), "{e}");
}

// Issue 22, item 30: with every piece worth 16,383 (the most a variant
// file may give) scores saturated at 16,383, and 17 captures against 3
// came out a draw.
#[test]
fn item_30_scores_never_saturate_at_the_largest_piece_values() {
    use motley_rules::monochrome::{PieceValues, MAX_VALUE};
    let top = PieceValues {
        pawn: MAX_VALUE,
        knight: MAX_VALUE,
        bishop: MAX_VALUE,
        rook: MAX_VALUE,
        queen: MAX_VALUE,
        king: MAX_VALUE,
    };
    let options = MonochromeOptions { values: top };
    options.check().unwrap();
    let setup = motley_rules::core::Setup::parse("k7/8/8/pp6/RR6/8/8/7K w - - 0 1").unwrap();
    let start = Monochrome::from_setup(setup, options).unwrap();
    let one = play(&start, "a4a5");
    let two = play(&play(&one, "a8b8"), "b4b5");
    assert_eq!(one.scores(), [MAX_VALUE, 0]);
    assert_eq!(two.scores(), [2 * MAX_VALUE, 0]);
    assert_ne!(two.hash(), two.with_scores([MAX_VALUE, 0]).unwrap().hash());
    // 17 captures against 3 is a win, whatever the values.
    let scored = start.with_scores([17 * MAX_VALUE, 3 * MAX_VALUE]).unwrap();
    let end = scored.end_by_rule(EndReason::Agreement);
    assert_eq!(end.winner, Some(Color::White));
    assert_eq!(end.scores, Some([17 * MAX_VALUE, 3 * MAX_VALUE]));
}
