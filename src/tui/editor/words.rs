//! The rules' problems with a set-up position, in words: the one place a
//! [`SetupProblem`] becomes text.

use crate::core::Color;
use crate::rules::setup::{price_item_words, EpFault, SetupProblem};

/// A problem in words, with the family's names of the sides; `turn` is
/// the side to move (a check on the other side is told against it).
pub fn problem(p: &SetupProblem, turn: Color, names: [&str; 2]) -> String {
    let name = |c: Color| names[c.index()];
    match *p {
        SetupProblem::MissingKing(c) => format!("{} has no king", name(c)),
        SetupProblem::TooManyKings(c) => format!("{} has more than one king", name(c)),
        SetupProblem::TooManyPieces { color, count, max } => {
            format!("{} has {count} pieces; a set has {max}", name(color))
        }
        SetupProblem::MoreThanASet {
            color,
            role,
            count,
            max,
        } => format!(
            "{} has {count} {}s; one set has {max}",
            name(color),
            role.name()
        ),
        SetupProblem::PawnOnBackRank(sq) => {
            format!("a pawn stands on {sq}, on the first or last rank")
        }
        SetupProblem::NotToMoveInCheck(c) => {
            format!("{} is in check but {} is to move", name(c), name(turn))
        }
        SetupProblem::CastlingWithoutPieces(r) => format!(
            "castling right {} needs {}'s king and {} rook on their first squares",
            r.letter(),
            name(r.color),
            if r.kingside { "h-file" } else { "a-file" }
        ),
        SetupProblem::CastlingNotKept => {
            "this variant keeps no castling rights (the board decides castling)".to_string()
        }
        SetupProblem::EnPassant { square, fault } => {
            let why = match fault {
                EpFault::WrongRank => format!(
                    "is not on the rank a pawn passes in a double step with {} to move",
                    name(turn)
                ),
                EpFault::Occupied => "is not empty".to_string(),
                EpFault::NoPawn => format!(
                    "has no {} pawn in front of it that just moved two squares",
                    name(turn.other())
                ),
                EpFault::OriginOccupied => {
                    "cannot be: the square the pawn came from is not empty".to_string()
                }
            };
            format!("en-passant square {square} {why}")
        }
        SetupProblem::EnPassantNotKept => "this variant has no en passant".to_string(),
        SetupProblem::ScoreTooHigh { side, score, max } => {
            format!("{}'s score {score} is over {max}", name(side))
        }
        SetupProblem::MoneyOverCap { color, money, cap } => {
            format!("{} has ${money}; at most ${cap}", name(color))
        }
        SetupProblem::PriceTooHigh {
            color,
            item,
            price,
            max,
        } => {
            let item = price_item_words(item).unwrap_or("an item");
            format!("{}'s price {price} for {item} is over {max}", name(color))
        }
        SetupProblem::DieOutOfRange(d) => format!("a die shows {d}; dice show 1 to 6"),
        SetupProblem::FlipOnEmpty(sq) => format!("{sq} is marked flipped but is empty"),
        SetupProblem::FlipsNotKept => "pieces do not flip in this variant".to_string(),
        SetupProblem::StateNotOfVariant => {
            "the position's extra state is another variant's".to_string()
        }
        SetupProblem::NotOfVariant(sq) => {
            format!("the piece on {sq} is not one of this variant's")
        }
        SetupProblem::MustHavePromoted(sq) => {
            format!("the piece on {sq} stands where it must have promoted")
        }
        SetupProblem::OutsideRegion(sq) => {
            format!("the piece on {sq} may not stand there in this variant")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Square;

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
