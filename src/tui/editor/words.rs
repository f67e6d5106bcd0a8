//! The rules' problems with a set-up position, in words: the rules word
//! them ([`SetupProblem::words`]) with the family's names of the sides.

use motley_rules::core::Color;
use motley_rules::setup::SetupProblem;

/// A problem in words, with the family's names of the sides; `turn` is
/// the side to move (a check on the other side is told against it).
pub fn problem(p: &SetupProblem, turn: Color, names: [&str; 2]) -> String {
    p.words(turn, names)
}

#[cfg(test)]
mod tests {
    use super::*;
    use motley_rules::core::Square;

    #[test]
    fn a_check_on_the_side_not_to_move_names_both_sides() {
        let p = SetupProblem::NotToMoveInCheck(Color::Black);
        assert_eq!(
            problem(&p, Color::White, ["White", "Black"]),
            "Black is in check but White is to move"
        );
        let sq = Square::parse("d5").unwrap();
        assert_eq!(
            problem(
                &SetupProblem::FlipOnEmpty(sq),
                Color::White,
                ["White", "Black"]
            ),
            "d5 is marked flipped but is empty"
        );
    }
}
