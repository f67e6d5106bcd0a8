use motley_rules::core::fen::Setup;
use motley_rules::standard::{insufficient_material, Standard};
use motley_rules::{parse_action, perft, san_of, Position};

fn pos(fen: &str) -> Standard {
    Standard::from_setup(Setup::parse(fen).unwrap()).unwrap()
}

#[test]
fn start_position_counts() {
    let p = Standard::start();
    assert_eq!(perft(&p, 1), 20);
    assert_eq!(perft(&p, 2), 400);
    assert_eq!(perft(&p, 3), 8902);
}

#[test]
fn setups_fide_forbids_are_refused() {
    for (fen, why) in [
        ("8/8/8/8/8/8/8/K7 w - - 0 1", "no black king"),
        ("k7/8/8/8/8/8/8/KK6 w - - 0 1", "two white kings"),
        ("k7/8/8/8/8/8/8/K6P w - - 0 1", "pawn on rank 1"),
        ("k7/8/8/8/8/8/8/K7 w K - 0 1", "castling without pieces"),
        ("k7/8/8/8/8/8/8/K7 w - e6 0 1", "en passant without a pawn"),
        ("k6R/8/8/8/8/8/8/K7 w - - 0 1", "side not to move in check"),
    ] {
        assert!(
            Standard::from_setup(Setup::parse(fen).unwrap()).is_err(),
            "{why}"
        );
    }
}

#[test]
fn san_marks_check_and_mate() {
    let p = pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    let mut legal = Vec::new();
    p.legal_actions(&mut legal);
    let a = parse_action(&p, "Ra8").unwrap();
    assert_eq!(san_of(&p, &a, &legal), "Ra8#");
}

#[test]
fn illegal_move_is_explained() {
    let p = pos("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
    let err = parse_action(&p, "e1d2").unwrap_err().to_string();
    assert!(err.contains("check"), "{err}");
    let err = parse_action(&p, "e1e3").unwrap_err().to_string();
    assert!(err.contains("cannot move"), "{err}");
}

/// Chess's customary order: king, knights, bishops with the queens'
/// diagonal moves, rooks, the queens' other moves, pawns pawn by pawn,
/// castling. Seeded random players and saved test games rely on it.
#[test]
fn moves_come_in_chess_customary_order() {
    for (fen, order) in [
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "e1d1 e1f1 c3b1 c3d1 c3a4 c3b5 e5d3 e5c4 e5g4 e5c6 e5g6 e5d7 e5f7 d2c1 d2e3 \
             d2f4 d2g5 d2h6 e2d1 e2f1 e2d3 e2c4 e2b5 e2a6 f3g4 f3h5 a1b1 a1c1 a1d1 h1f1 \
             h1g1 f3d3 f3e3 f3g3 f3h3 f3f4 f3f5 f3f6 a2a3 a2a4 b2b3 g2g3 g2g4 g2h3 d5d6 \
             d5e6 e1g1 e1c1",
        ),
        (
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "e1f1 e1d2 e1f2 b1d2 b1a3 b1c3 e2g1 e2c3 e2g3 e2d4 e2f4 c1d2 c1e3 c1f4 c1g5 \
             c1h6 c4b3 c4d3 c4b5 c4d5 c4a6 c4e6 c4f7 h1f1 h1g1 d1d2 d1d3 d1d4 d1d5 d1d6 \
             a2a3 a2a4 b2b3 b2b4 c2c3 g2g3 g2g4 h2h3 h2h4 d7c8q d7c8r d7c8b d7c8n e1g1",
        ),
        (
            "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 2",
            "e1d1 e1f1 e1d2 e1e2 e1f2 d5d6 d5c6",
        ),
    ] {
        let mut legal = Vec::new();
        pos(fen).legal_actions(&mut legal);
        let got: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
        assert_eq!(
            got.join(" "),
            order.split_whitespace().collect::<Vec<_>>().join(" "),
            "{fen}"
        );
    }
}

#[test]
fn insufficient_material_cases() {
    assert!(insufficient_material(
        pos("k7/8/8/8/8/8/8/K7 w - - 0 1").board()
    ));
    assert!(insufficient_material(
        pos("k7/8/8/8/8/8/8/KN6 w - - 0 1").board()
    ));
    assert!(insufficient_material(
        pos("k1b5/8/8/8/8/8/8/KB6 w - - 0 1").board()
    ));
    assert!(!insufficient_material(
        pos("kb6/8/8/8/8/8/8/KB6 w - - 0 1").board()
    ));
    assert!(!insufficient_material(
        pos("k7/8/8/8/8/8/8/KNN5 w - - 0 1").board()
    ));
}
