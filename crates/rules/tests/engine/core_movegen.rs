use motley_rules::core::fen::castle;
use motley_rules::core::movegen::{castle_bit, castle_rights_of, castling_rights_touching};
use motley_rules::core::{Color, Square};

#[test]
fn castling_rights_bits_are_the_fen_letters() {
    assert_eq!(castle_bit(Color::White, true), castle::WHITE_KING);
    assert_eq!(castle_bit(Color::White, false), castle::WHITE_QUEEN);
    assert_eq!(castle_bit(Color::Black, true), castle::BLACK_KING);
    assert_eq!(castle_bit(Color::Black, false), castle::BLACK_QUEEN);
    assert_eq!(
        castle_rights_of(Color::Black),
        castle::BLACK_KING | castle::BLACK_QUEEN
    );
}

#[test]
fn rights_are_lost_from_the_king_and_rook_home_squares_only() {
    let lost = |s: &str| castling_rights_touching(Square::parse(s).unwrap());
    assert_eq!(lost("e1"), castle::WHITE_KING | castle::WHITE_QUEEN);
    assert_eq!(lost("a8"), castle::BLACK_QUEEN);
    assert_eq!(lost("h1"), castle::WHITE_KING);
    assert_eq!(lost("d1"), 0);
    assert_eq!(lost("e8"), castle::BLACK_KING | castle::BLACK_QUEEN);
}
