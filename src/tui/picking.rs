//! Picking a move on the board by two squares (cursor and Enter, or two
//! clicks), for every screen that takes moves that way: what a pick on a
//! square means, given what is picked up already. The rules say what is
//! legal and why not; this only matches squares to their legal actions.

use motley_rules::core::grid::Spot;
use motley_rules::core::{Action, CoordText, Piece, Square};
use motley_rules::{AnyPosition, IllegalReason, Position};

/// What a pick on a square comes to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pick {
    /// The piece on the square is picked up.
    Select(Spot),
    /// The piece picked up is put back.
    Deselect,
    /// The one legal action the two squares (or the placement) name.
    Play(Action),
    /// Several actions go there (promotions): the player chooses.
    Choose(Vec<Action>),
    /// Not legal, with the rules' reason.
    Refuse(IllegalReason),
}

/// The text of a plain move between two spots, for asking the rules why
/// it is not legal: chess's squares where both are on 8×8.
pub fn plain_text(from: Spot, to: Spot) -> CoordText {
    match (square_of(from), square_of(to)) {
        (Some(f), Some(t)) => CoordText::plain(f, t),
        _ => CoordText::Wide {
            from,
            to,
            promotion: None,
            piece_promotion: false,
        },
    }
}

/// The text of a placement on a spot.
fn place_text(piece: Piece, spot: Spot) -> CoordText {
    match square_of(spot) {
        Some(sq) => CoordText::Place(piece, sq),
        None => CoordText::WidePlace(piece, spot),
    }
}

/// Chess's square at a spot, if it is on 8×8.
pub fn square_of(spot: Spot) -> Option<Square> {
    use motley_rules::core::grid::GridSquare;
    Square::from_coords(spot.file(), spot.rank())
}

/// A pick on `sq` of `pos` (its legal actions `legal`), with `selected`
/// picked up before, or `placing` a piece to put down.
pub fn pick(
    pos: &AnyPosition,
    legal: &[Action],
    selected: Option<Spot>,
    placing: Option<Piece>,
    sq: Spot,
) -> Pick {
    if let Some(piece) = placing {
        let placed = legal
            .iter()
            .find(|a| a.placed_on_spot() == Some((piece, sq)));
        return match placed {
            Some(a) => Pick::Play(*a),
            None => Pick::Refuse(pos.why_illegal(&place_text(piece, sq), legal)),
        };
    }
    // A pass is no move from a square to another: a piece picked up twice
    // is put back, not passed with.
    let moves_from = |from: Spot| -> Vec<Action> {
        legal
            .iter()
            .filter(|a| {
                !a.is_pass() && a.move_kind().is_some() && a.spots().is_some_and(|(f, _)| f == from)
            })
            .copied()
            .collect()
    };
    let Some(from) = selected else {
        if pos.piece_on(sq).is_none() {
            return Pick::Refuse(IllegalReason::NoPiece { square: sq });
        }
        if moves_from(sq).is_empty() {
            return Pick::Refuse(pos.why_illegal(&plain_text(sq, sq), legal));
        }
        return Pick::Select(sq);
    };
    if from == sq {
        return Pick::Deselect;
    }
    let candidates: Vec<Action> = moves_from(from)
        .into_iter()
        .filter(|a| a.spots().is_some_and(|(_, to)| to == sq))
        .collect();
    match candidates.as_slice() {
        [] => {
            // Picking another of one's own movable pieces reselects.
            let own = pos.piece_on(sq).is_some_and(|p| p.color == pos.turn());
            if own && !moves_from(sq).is_empty() {
                return Pick::Select(sq);
            }
            Pick::Refuse(pos.why_illegal(&plain_text(from, sq), legal))
        }
        [one] => Pick::Play(*one),
        _ => Pick::Choose(candidates),
    }
}
