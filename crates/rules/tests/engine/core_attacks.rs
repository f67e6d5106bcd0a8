use crate::support::sq;
use motley_rules::core::attacks::{
    between, bishop_attacks, knight_attacks, leaper_attacks, line, pawn_attacks, rook_attacks,
    Leaper,
};
use motley_rules::core::{Bitboard, Color, Square};

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The squares whose occupancy matters to a slider on `from`: its rays
/// without their last squares, which never block anything beyond them.
fn relevant_mask(from: Square, dirs: &[(i8, i8)]) -> u64 {
    let mut out = 0;
    for &(df, dr) in dirs {
        let mut cur = from;
        while let Some(next) = cur.offset(df, dr) {
            if next.offset(df, dr).is_none() {
                break;
            }
            out |= 1u64 << next.index();
            cur = next;
        }
    }
    out
}

/// A slider's reach walked square by square with `Square::offset`,
/// apart from the tables' own code.
fn walk(from: Square, dirs: &[(i8, i8)], occupied: u64) -> u64 {
    let mut out = 0;
    for &(df, dr) in dirs {
        let mut cur = from;
        while let Some(next) = cur.offset(df, dr) {
            out |= 1u64 << next.index();
            if occupied & (1u64 << next.index()) != 0 {
                break;
            }
            cur = next;
        }
    }
    out
}

#[test]
fn magic_sliders_agree_with_ray_walking_for_every_occupancy() {
    for s in Square::all() {
        for (dirs, attacks) in [
            (&ROOK_DIRS, rook_attacks as fn(Square, Bitboard) -> Bitboard),
            (&BISHOP_DIRS, bishop_attacks),
        ] {
            let mask = relevant_mask(s, dirs);
            let mut sub = 0u64;
            loop {
                // Squares outside the mask never change the answer.
                for occ in [sub, sub | !mask] {
                    assert_eq!(attacks(s, Bitboard(occ)).0, walk(s, dirs, occ), "{s}");
                }
                sub = sub.wrapping_sub(mask) & mask;
                if sub == 0 {
                    break;
                }
            }
        }
    }
}

#[test]
fn leapers_have_their_shapes() {
    assert_eq!(knight_attacks(sq("a1")).count(), 2);
    assert_eq!(knight_attacks(sq("e4")).count(), 8);
    let camel: Vec<String> = leaper_attacks(Leaper::Camel, sq("e4"))
        .map(|s| s.to_string())
        .collect();
    let mut camel = camel;
    camel.sort();
    assert_eq!(camel, ["b3", "b5", "d1", "d7", "f1", "f7", "h3", "h5"]);
    assert_eq!(pawn_attacks(Color::White, sq("e4")).count(), 2);
    assert!(pawn_attacks(Color::Black, sq("e4")).contains(sq("d3")));
}

#[test]
fn between_and_line() {
    assert_eq!(between(sq("a1"), sq("d4")).count(), 2);
    assert_eq!(between(sq("d4"), sq("a1")), between(sq("a1"), sq("d4")));
    assert!(between(sq("a1"), sq("b3")).is_empty());
    assert!(between(sq("e1"), sq("e2")).is_empty());
    assert_eq!(between(sq("e1"), sq("e8")).count(), 6);
    assert!(line(sq("a1"), sq("c3")).contains(sq("h8")));
    assert!(line(sq("c3"), sq("a1")).contains(sq("c3")));
    assert_eq!(line(sq("b2"), sq("b7")).count(), 8);
    assert!(line(sq("a1"), sq("b3")).is_empty());
}
