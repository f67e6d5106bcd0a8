//! Picking a move on the board by two squares (cursor and Enter, or two
//! clicks), for every screen that takes moves that way: what a pick on a
//! square means, given what is picked up already. The rules say what is
//! legal and why not; this only matches squares to their legal actions.

use motley_rules::core::{Action, CoordText, Piece, Square};
use motley_rules::{AnyPosition, IllegalReason, Position};

/// What a pick on a square comes to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pick {
    /// The piece on the square is picked up.
    Select(Square),
    /// The piece picked up is put back.
    Deselect,
    /// The one legal action the two squares (or the placement) name.
    Play(Action),
    /// Several actions go there (promotions): the player chooses.
    Choose(Vec<Action>),
    /// Not legal, with the rules' reason.
    Refuse(IllegalReason),
}

/// A pick on `sq` of `pos` (its legal actions `legal`), with `selected`
/// picked up before, or `placing` a piece to put down.
pub fn pick(
    pos: &AnyPosition,
    legal: &[Action],
    selected: Option<Square>,
    placing: Option<Piece>,
    sq: Square,
) -> Pick {
    if let Some(piece) = placing {
        let placed = legal.iter().find(|a| a.placed() == Some((piece, sq)));
        return match placed {
            Some(a) => Pick::Play(*a),
            None => Pick::Refuse(pos.why_illegal(&CoordText::Place(piece, sq), legal)),
        };
    }
    // A pass is no move from a square to another: a piece picked up twice
    // is put back, not passed with.
    let moves_from = |from: Square| -> Vec<Action> {
        legal
            .iter()
            .filter(|a| !a.is_pass() && matches!(a, Action::Move(m) if m.from == from))
            .copied()
            .collect()
    };
    let plain_move = |from: Square, to: Square| CoordText::plain(from, to);
    let Some(from) = selected else {
        if pos.board().piece_at(sq).is_none() {
            return Pick::Refuse(IllegalReason::NoPiece { square: sq });
        }
        if moves_from(sq).is_empty() {
            return Pick::Refuse(pos.why_illegal(&plain_move(sq, sq), legal));
        }
        return Pick::Select(sq);
    };
    if from == sq {
        return Pick::Deselect;
    }
    let candidates: Vec<Action> = moves_from(from)
        .into_iter()
        .filter(|a| matches!(a, Action::Move(m) if m.to == sq))
        .collect();
    match candidates.as_slice() {
        [] => {
            // Picking another of one's own movable pieces reselects.
            if pos.board().color_at(sq) == Some(pos.turn()) && !moves_from(sq).is_empty() {
                return Pick::Select(sq);
            }
            Pick::Refuse(pos.why_illegal(&plain_move(from, sq), legal))
        }
        [one] => Pick::Play(*one),
        _ => Pick::Choose(candidates),
    }
}
