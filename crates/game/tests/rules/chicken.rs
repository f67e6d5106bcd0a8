//! Chicken Chess (docs/rules.md, "Chicken Chess"): the antichess family with flipping, its
//! castling ruling and stalemate by piece count, each rule shown in a
//! position built for it.

use motley_game::variant::Registry;
use motley_game::Game;
use motley_rules::core::{Color, MoveKind, Piece, Role, Square};
use motley_rules::{perft, AnyPosition, EndReason, Position};

fn pos(fen: &str) -> AnyPosition {
    Registry::builtin()
        .get("chicken")
        .unwrap()
        .position(Some(fen))
        .unwrap()
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn moves(p: &AnyPosition) -> Vec<String> {
    let mut legal = Vec::new();
    p.legal_actions(&mut legal);
    let mut v: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
    v.sort();
    v
}

fn play(p: &AnyPosition, text: &str) -> AnyPosition {
    let a = motley_rules::parse_action(p, text).unwrap();
    let mut next = p.clone();
    next.play_unchecked(a);
    next
}

fn at(p: &AnyPosition, s: &str) -> Option<Piece> {
    p.board().piece_at(sq(s))
}

fn white(role: Role) -> Option<Piece> {
    Some(Piece::new(Color::White, role))
}

fn black(role: Role) -> Option<Piece> {
    Some(Piece::new(Color::Black, role))
}

#[test]
fn quiet_move_flips_what_the_moved_piece_attacks() {
    let p = pos("r3k3/8/8/8/3p4/8/8/4K1N1 w - - 0 1");
    let after = play(&p, "Nf3");
    assert_eq!(at(&after, "d4"), white(Role::Pawn));
    assert_eq!(at(&after, "a8"), black(Role::Rook), "not attacked: stays");
    assert_eq!(after.board().count(Color::Black), 2);
}

#[test]
fn capture_flips_from_the_destination_without_chain_reactions() {
    // Rxa5 removes the pawn, then the rook on a5 flips a7 (file) and c5
    // (rank). The flipped bishop on a7 attacks the rook on b6 and the
    // flipped knight on c5 attacks d7: neither flips (no chain reactions).
    let p = pos("4k3/b2p4/1r6/p1n5/8/8/8/R3K3 w - - 0 1");
    assert_eq!(moves(&p), ["a1a5"]);
    let after = play(&p, "Rxa5");
    assert_eq!(at(&after, "a5"), white(Role::Rook));
    assert_eq!(at(&after, "a7"), white(Role::Bishop));
    assert_eq!(at(&after, "c5"), white(Role::Knight));
    assert_eq!(at(&after, "b6"), black(Role::Rook));
    assert_eq!(at(&after, "d7"), black(Role::Pawn));
    assert_eq!(after.quiet_plies(), 0);
}

#[test]
fn promotion_flips_as_the_promoted_piece_including_king() {
    let p = pos("4r2k/1Pn5/8/8/8/8/8/K7 w - - 0 1");
    let flipped = |promo: &str| {
        let after = play(&p, promo);
        (
            at(&after, "c7").map(|x| x.color),
            at(&after, "e8").map(|x| x.color),
        )
    };
    let (w, b) = (Some(Color::White), Some(Color::Black));
    assert_eq!(flipped("b8=Q"), (w, w));
    assert_eq!(flipped("b8=R"), (b, w));
    assert_eq!(flipped("b8=B"), (w, b));
    assert_eq!(flipped("b8=N"), (b, b));
    assert_eq!(flipped("b8=K"), (w, b));
    assert_eq!(at(&play(&p, "b7b8k"), "b8"), white(Role::King));
}

#[test]
fn castling_flips_only_by_the_king() {
    // After O-O the king on g1 flips the knight on g2; the rook on f1 would
    // see the rook on f5, which stays black.
    let p = pos("4k3/8/8/5r2/8/8/6n1/4K2R w - - 0 1");
    assert!(moves(&p).contains(&"e1g1".to_string()));
    let after = play(&p, "O-O");
    assert_eq!(at(&after, "g1"), white(Role::King));
    assert_eq!(at(&after, "f1"), white(Role::Rook));
    assert_eq!(at(&after, "g2"), white(Role::Knight));
    assert_eq!(at(&after, "f5"), black(Role::Rook));
}

#[test]
fn castling_ruling_home_squares_empty_path_and_no_capture() {
    // King back on e1 after moving: castling depends on the position only.
    let p = pos("4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
    let p = play(&play(&play(&play(&p, "Kf1"), "Kd8"), "Ke1"), "Ke8");
    let m = moves(&p);
    assert!(m.contains(&"e1g1".to_string()) && m.contains(&"e1c1".to_string()));
    // A piece between: no castling on that side.
    let m = moves(&pos("4k3/8/8/8/8/8/8/RN2K2R w - - 0 1"));
    assert!(m.contains(&"e1g1".to_string()) && !m.contains(&"e1c1".to_string()));
    // King not on its home square: no castling.
    let p = pos("4k3/8/8/8/8/8/8/R4K1R w - - 0 1");
    let mut legal = Vec::new();
    p.legal_actions(&mut legal);
    assert!(!legal
        .iter()
        .any(|a| a.as_move().is_some_and(|m| m.kind == MoveKind::Castle)));
    // A capture available: castling is not a capture, so it is not allowed.
    let m = moves(&pos("4k3/8/8/7p/8/8/8/4K2R w - - 0 1"));
    assert_eq!(m, ["h1h5"]);
}

#[test]
fn discovered_attacks_do_not_flip() {
    // Nc3 uncovers the rook's line to a5; only the knight flips, and it
    // attacks nothing black.
    let p = pos("7k/8/8/r7/8/8/N7/R3K3 w - - 0 1");
    let after = play(&p, "Nc3");
    assert_eq!(at(&after, "a5"), black(Role::Rook));
}

#[test]
fn captures_are_compulsory_including_en_passant() {
    let p = pos("4k3/4n3/8/3pP3/8/8/8/4K3 w - d6 0 1");
    assert_eq!(moves(&p), ["e5d6"]);
    let after = play(&p, "exd6");
    assert_eq!(at(&after, "d5"), None, "the pawn taken en passant is gone");
    // The pawn on d6 flips the knight on e7 (a forward diagonal).
    assert_eq!(at(&after, "e7"), white(Role::Knight));
    // Any capture may be chosen when several exist.
    let p = pos("4k3/8/8/2p1p3/3P4/8/8/4K3 w - - 0 1");
    assert_eq!(moves(&p), ["d4c5", "d4e5"]);
}

#[test]
fn pawns_flip_only_on_their_forward_diagonals() {
    // e2-e3 flips the rooks on its forward diagonals d4 and f4.
    let p = pos("4k3/8/8/8/3r1r2/8/4P3/4K3 w - - 0 1");
    let after = play(&p, "e3");
    assert_eq!(at(&after, "d4"), white(Role::Rook));
    assert_eq!(at(&after, "f4"), white(Role::Rook));
    // dxe5: the pawn on e5 flips d6 and f6, not d5/f5 beside it nor the
    // rook on f4 on a backward diagonal.
    let p = pos("4k3/8/3n1n2/3bpb2/3P1r2/8/8/4K3 w - - 0 1");
    assert_eq!(moves(&p), ["d4e5"]);
    let after = play(&p, "dxe5");
    assert_eq!(at(&after, "d6"), white(Role::Knight));
    assert_eq!(at(&after, "f6"), white(Role::Knight));
    assert_eq!(at(&after, "d5"), black(Role::Bishop));
    assert_eq!(at(&after, "f5"), black(Role::Bishop));
    assert_eq!(at(&after, "f4"), black(Role::Rook));
}

#[test]
fn a_flipped_pawn_moves_its_new_owners_way() {
    let p = pos("4k3/8/8/8/3p4/8/8/4K1N1 w - - 0 1");
    let p = play(&play(&p, "Nf3"), "Kd8");
    let m = moves(&p);
    assert!(m.contains(&"d4d5".to_string()));
    assert!(!m.contains(&"d4d3".to_string()));
    // A black pawn on d2 flipped to White double-steps from its new
    // owner's second rank and no longer heads for rank 1.
    let p = pos("k7/8/8/8/8/2N5/3p4/7K w - - 0 1");
    let p = play(&play(&p, "Nb1"), "Kb8");
    assert_eq!(at(&p, "d2"), white(Role::Pawn));
    let m = moves(&p);
    assert!(m.contains(&"d2d3".to_string()) && m.contains(&"d2d4".to_string()));
    assert!(!m.iter().any(|t| t.starts_with("d2d1")));
}

#[test]
fn losing_all_pieces_by_capture_wins() {
    let p = pos("4k3/8/8/8/8/8/3q4/4K3 b - - 0 1");
    assert_eq!(moves(&p), ["d2e1"]);
    let after = play(&p, "Qxe1");
    let o = after.outcome().unwrap();
    assert_eq!(o.winner, Some(Color::White));
    assert_eq!(o.reason, EndReason::NoPieces);
    assert!(moves(&after).is_empty());
}

// Issue 22, item 19: the ending says which player has no pieces left
// (`motley check` says it too: the command line's tests).
#[test]
fn item_19_the_ending_names_the_player_left_without_pieces() {
    let after = play(&pos("4k3/8/8/8/8/8/3q4/4K3 b - - 0 1"), "Qxe1");
    let o = after.outcome().unwrap();
    assert_eq!(o.describe(), "White wins (White has no pieces left)");
}

#[test]
fn losing_all_pieces_by_flipping_wins() {
    let p = pos("7k/6n1/8/8/3P4/8/8/8 b - - 0 1");
    let after = play(&p, "Ne6");
    assert_eq!(after.board().count(Color::White), 0);
    let o = after.outcome().unwrap();
    assert_eq!(o.winner, Some(Color::White));
    assert_eq!(o.reason, EndReason::NoPieces);
}

#[test]
fn stalemate_is_decided_by_piece_count() {
    // White (1 piece) cannot move, Black has 2: fewer pieces wins.
    let o = pos("8/8/8/8/8/p7/P7/7k w - - 0 1").outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), EndReason::NoLegalMoves)
    );
    // Equal counts draw.
    let o = pos("8/8/8/8/8/p7/P7/8 w - - 0 1").outcome().unwrap();
    assert_eq!((o.winner, o.reason), (None, EndReason::NoLegalMoves));
    // More pieces loses.
    let o = pos("8/8/8/8/p7/P7/P7/8 w - - 0 1").outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), EndReason::NoLegalMoves)
    );
}

#[test]
fn flips_do_not_reset_the_fifty_move_count() {
    let p = pos("r3k3/8/8/8/3p4/8/8/4K1N1 w - - 7 30");
    let after = play(&p, "Nf3");
    assert_eq!(at(&after, "d4"), white(Role::Pawn));
    assert_eq!(after.quiet_plies(), 8);
}

#[test]
fn fen_castling_field_is_ignored_and_written_as_dash() {
    let p = pos("4k3/8/8/8/8/8/8/R3K2R w Qk - 0 1");
    assert!(p.to_fen().contains(" w - - "));
    assert!(moves(&p).contains(&"e1c1".to_string()));
}

#[test]
fn public_game_replays_legally() {
    let reg = Registry::builtin();
    let mut g = Game::new(reg.get("chicken").unwrap(), None, 1).unwrap();
    let record = "1. b3 b5 2. g3 g5 3. h3 g4 4. Rxh3 Rxh7 5. Bxh3 Rxh3 6. fxg3 Rxg3 \
                  7. axb3 Rxb3 8. cxb3 Nxd2 9. Kxd2 Nxe2 10. Qxc1 Qxc7 11. Kxe2";
    for tok in record.split_whitespace() {
        if tok.ends_with('.') {
            continue;
        }
        g.play_text(tok)
            .unwrap_or_else(|e| panic!("{tok} at ply {}: {e}", g.ply() + 1));
    }
    assert_eq!(g.ply(), 21);
    assert!(g.outcome().is_none());
}

#[test]
fn start_position_counts_match_the_known_numbers() {
    let reg = Registry::builtin();
    let p = reg.get("chicken").unwrap().position(None).unwrap();
    assert_eq!(perft(&p, 1), 20);
    assert_eq!(perft(&p, 2), 400);
    assert_eq!(perft(&p, 3), 8243);
}

#[test]
fn every_legal_move_round_trips_through_san() {
    for fen in [
        "8/1P3k2/8/8/8/8/p5K1/1N6 b - - 0 1",
        "r3k2r/p6p/8/8/8/8/P6P/R3K2R w - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w - f6 0 3",
        "4k3/1P6/8/8/8/8/8/K3K3 w - - 0 1",
    ] {
        let p = pos(fen);
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
fn a_side_may_own_several_kings() {
    // Two white kings; either may move, and a king can be captured.
    let p = pos("4k3/8/8/8/8/8/8/K3K3 w - - 0 1");
    let m = moves(&p);
    assert!(m.contains(&"a1a2".to_string()) && m.contains(&"e1e2".to_string()));
    let p = pos("8/8/8/8/8/8/3k4/K3K3 w - - 0 1");
    assert_eq!(moves(&p), ["e1d2"]);
}
