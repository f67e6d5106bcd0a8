use motley_rules::core::Square;

#[test]
fn a1_is_dark_and_h1_is_light() {
    assert!(Square::parse("a1").unwrap().is_dark());
    assert!(!Square::parse("h1").unwrap().is_dark());
    assert!(Square::parse("h8").unwrap().is_dark());
    assert!(
        Square::parse("e1").unwrap().is_dark(),
        "e1 is dark (5+1 even)"
    );
}

#[test]
fn square_text_round_trips() {
    for sq in Square::all() {
        assert_eq!(Square::parse(&sq.to_string()), Some(sq));
    }
    assert_eq!(Square::parse("i1"), None);
    assert_eq!(Square::parse("a9"), None);
    assert_eq!(Square::parse("a"), None);
}
