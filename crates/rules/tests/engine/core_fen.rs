use motley_rules::core::fen::{FenError, Setup, STANDARD_FEN};

#[test]
fn start_fen_round_trips() {
    assert_eq!(Setup::parse(STANDARD_FEN).unwrap().to_fen(), STANDARD_FEN);
}

#[test]
fn a_fen_with_too_few_fields_says_what_a_fen_needs() {
    let e = Setup::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR").unwrap_err();
    assert_eq!(e, FenError::FieldCount(1));
    let said = e.to_string();
    assert!(
        said.starts_with("a FEN needs 6 fields separated by spaces"),
        "{said}"
    );
    assert!(said.ends_with("this one has 1 field"), "{said}");
    assert!(FenError::FieldCount(7)
        .to_string()
        .ends_with("has 7 fields"));
}

#[test]
fn malformed_fens_are_typed_errors() {
    let cases: &[(&str, FenError)] = &[
        ("", FenError::Empty),
        ("8/8/8/8/8/8/8/8 w", FenError::FieldCount(2)),
        ("8/8/8/8/8/8/8 w - - 0 1", FenError::RankCount(7)),
        ("9/8/8/8/8/8/8/8 w - - 0 1", FenError::BadPiece('9')),
        (
            "ppppppppp/8/8/8/8/8/8/8 w - - 0 1",
            FenError::RankWidth {
                rank: 8,
                squares: 9,
            },
        ),
        (
            "7/8/8/8/8/8/8/8 w - - 0 1",
            FenError::RankWidth {
                rank: 8,
                squares: 7,
            },
        ),
        ("x7/8/8/8/8/8/8/8 w - - 0 1", FenError::BadPiece('x')),
        ("8/8/8/8/8/8/8/8 x - - 0 1", FenError::BadTurn("x".into())),
        (
            "8/8/8/8/8/8/8/8 w KX - 0 1",
            FenError::BadCastling("KX".into()),
        ),
        (
            "8/8/8/8/8/8/8/8 w - e4 0 1",
            FenError::BadEnPassant("e4".into()),
        ),
        (
            "8/8/8/8/8/8/8/8 w - e3 0 1",
            FenError::BadEnPassant("e3".into()),
        ),
        (
            "8/8/8/8/8/8/8/8 w - - x 1",
            FenError::BadHalfmoves("x".into()),
        ),
        (
            "8/8/8/8/8/8/8/8 w - - 0 0",
            FenError::BadFullmoves("0".into()),
        ),
    ];
    for (fen, want) in cases {
        assert_eq!(Setup::parse(fen).as_ref().err(), Some(want), "{fen}");
    }
}
