use crate::support::sq;
use motley_rules::core::{Action, Color, CoordText, Move, MoveKind, Piece, Role, WideMove};

#[test]
fn every_text_form_round_trips() {
    for t in [
        "e2e4",
        "e7e8q",
        "a2a1k",
        "d4^e5",
        "c4b3+",
        "N@e4",
        "n@e4",
        "roll:3,5",
        "buy:move1",
        "buy:move2",
        "buy:king",
        "pass",
        "a10a9",
        "i9i10r",
        "p16a1",
        "c4b10+",
        "P@j5",
    ] {
        let parsed = CoordText::parse(t).unwrap();
        let action = match parsed {
            CoordText::Move {
                from,
                to,
                promotion,
                in_place,
                piece_promotion,
            } => Action::Move(Move::with_kind(
                from,
                to,
                match (promotion, in_place, piece_promotion) {
                    (Some(r), _, _) => MoveKind::Promotion(r),
                    (None, true, _) => MoveKind::CaptureInPlace,
                    (None, false, true) => MoveKind::PiecePromotion(Role::Queen),
                    _ => MoveKind::Normal,
                },
            )),
            CoordText::Place(p, s) => Action::Place(p, s),
            CoordText::Roll(a, b) => Action::Roll(a, b),
            CoordText::Buy(p) => Action::Buy(p),
            CoordText::Pass => Action::Pass,
            CoordText::Wide {
                from,
                to,
                promotion,
                piece_promotion,
            } => Action::Wide(WideMove::new(
                from,
                to,
                match (promotion, piece_promotion) {
                    (Some(r), _) => MoveKind::Promotion(r),
                    (None, true) => MoveKind::PiecePromotion(Role::Queen),
                    _ => MoveKind::Normal,
                },
            )),
            CoordText::WidePlace(p, s) => Action::WideDrop(p, s),
        };
        assert_eq!(action.to_string(), t);
        assert!(parsed.matches(&action));
    }
}

// Issue 33: a square past h or 8 is read on a board of another size, and
// an 8×8 text matches the same squares of a wide board's move.
#[test]
fn item_33_coordinates_past_h_and_8_read_and_match_wide_moves() {
    use motley_rules::core::grid::{GridSquare, Spot};
    let spot = |s: &str| Spot::parse(s).unwrap();
    for bad in [
        "a17a1", "q1a1", "a0a1", "a01a2", "a10", "a10a9x1", "j10j9++",
    ] {
        assert!(CoordText::parse(bad).is_err(), "{bad} read");
    }
    let wide = Action::Wide(WideMove::new(spot("e2"), spot("e3"), MoveKind::Normal));
    // Every kind packs and unpacks, and an action stays four bytes.
    for kind in [
        MoveKind::Normal,
        MoveKind::DoublePush,
        MoveKind::EnPassant,
        MoveKind::Castle,
        MoveKind::CaptureInPlace,
        MoveKind::Pass,
        MoveKind::Promotion(Role::Queen),
        MoveKind::Promotion(Role::from_letter('z').unwrap()),
        MoveKind::PiecePromotion(Role::from_letter('g').unwrap()),
    ] {
        assert_eq!(WideMove::new(spot("a1"), spot("p16"), kind).kind(), kind);
    }
    assert_eq!(std::mem::size_of::<Action>(), 4);
    assert!(CoordText::parse("e2e3").unwrap().matches(&wide));
    assert!(!CoordText::parse("e2e4").unwrap().matches(&wide));
    let drop = Action::WideDrop(Piece::new(Color::Black, Role::Pawn), spot("e5"));
    assert!(CoordText::parse("P@e5").unwrap().matches(&drop));
    assert!(CoordText::parse("p@e5").unwrap().matches(&drop));
    assert!(!CoordText::parse("N@e5").unwrap().matches(&drop));
}

// Issue item 7: a variant from data's moves are written as
// Fairy-Stockfish writes them, and their older forms still read.
#[test]
fn item_07_moves_from_data_are_written_as_fairy_stockfish_writes_them() {
    let black_bishop = Piece::new(Color::Black, Role::Bishop);
    let drop = Action::Drop(black_bishop, sq("a1"));
    let pass = Action::Move(Move::with_kind(sq("e1"), sq("e1"), MoveKind::Pass));
    let gold = MoveKind::PiecePromotion(Role::from_letter('g').unwrap());
    let promotion = Action::Move(Move::with_kind(sq("c4"), sq("b3"), gold));
    for (action, written, older) in [
        (drop, "B@a1", "b@a1"),
        (pass, "e1e1", "pass"),
        (promotion, "c4b3+", "c4b3g"),
    ] {
        assert_eq!(action.to_string(), written);
        for text in [written, older] {
            let read = CoordText::parse(text).unwrap();
            assert!(read.matches(&action), "{text} reads as {action:?}");
        }
    }
    // A Dice-Money placement keeps the piece's colour in its case.
    assert_eq!(Action::Place(black_bishop, sq("a1")).to_string(), "b@a1");
    assert!(!CoordText::parse("B@a1")
        .unwrap()
        .matches(&Action::Place(black_bishop, sq("a1"))));
}

#[test]
fn junk_is_refused() {
    for t in [
        "", "e2", "e2e17", "e7e8p", "roll:0,7", "buy:moon", "1@e4", "Nf3", "e2-e4x",
        // Four bytes before a `+` that are not four letters (found by the
        // PGN fuzzer: a slice inside the 'Ê' panicked).
        "qÊ6+", "éé+",
    ] {
        assert!(CoordText::parse(t).is_err(), "{t}");
    }
}
