use motley_rules::core::{Bitboard, Square};

#[test]
fn dark_mask_agrees_with_square_colour() {
    for sq in Square::all() {
        assert_eq!(Bitboard::DARK.contains(sq), sq.is_dark(), "{sq}");
    }
}

#[test]
fn halves_split_at_the_centerline() {
    for sq in Square::all() {
        assert_eq!(Bitboard::SOUTH_HALF.contains(sq), sq.rank() < 4);
    }
}
