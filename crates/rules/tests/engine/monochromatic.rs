use motley_rules::core::attacks::KNIGHT_OFFSETS;
use motley_rules::core::zobrist::splitmix;
use motley_rules::core::{Bitboard, KnightKind, Square};
use motley_rules::monochromatic::slot_attacks;

/// The double knight's leaps as the rule states them: two knight jumps
/// the same way, the first landing on an empty square.
fn leaps_by_rule(sq: Square, occupied: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for (df, dr) in KNIGHT_OFFSETS {
        let middle = sq.offset(df, dr);
        let target = sq.offset(2 * df, 2 * dr);
        if let (Some(m), Some(t)) = (middle, target) {
            if !occupied.contains(m) {
                out.insert(t);
            }
        }
    }
    out
}

#[test]
fn double_knight_leaps_need_an_empty_middle_square() {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..200 {
        seed = splitmix(seed);
        // Sparse and dense boards alike.
        let occupied = Bitboard(seed & splitmix(seed ^ 1));
        for sq in Square::all() {
            assert_eq!(
                slot_attacks(KnightKind::DoubleKnight, sq, occupied),
                leaps_by_rule(sq, occupied),
                "double knight on {sq} with {occupied:?}"
            );
        }
    }
}
