//! What a kind of a variant from data is worth, worked out from its
//! moves: the side panel's material count and the computer's evaluation
//! both read it, so a fers and an amazon are weighed as their moves
//! deserve (docs/rules.md, "Variants from data").

use super::{FairyPosition, FairyRules};
use crate::core::betza::Reach;
use crate::core::grid::{Grid, GridSet};
use crate::core::Color;

/// The squares of chess's start position, the first two ranks and the
/// last two: the hurdles a hopping or lame piece is weighed among (on an
/// empty board a grasshopper would seem to reach along every line, as a
/// queen, and a lame leaper everywhere).
fn hurdles<G: Grid>(rules: &FairyRules<G>) -> G::Set {
    let last = rules.ranks as i8 - 1;
    [0, 1, last - 1, last]
        .into_iter()
        .fold(G::Set::EMPTY, |set, r| set | G::Set::rank(r))
        & rules.board
}

/// A kind's value in centipawns: 100 for a pawn, the chess values for
/// chess's pieces, and for any other a line through the knight's and the
/// queen's values by the average number of squares reached on an empty
/// board (a fers about 250, an amazon about 1060); a piece that hops or
/// leaps lamely, among the pieces of chess's start instead. The royal
/// kind is worth nothing: it is never traded.
pub fn kind_value<G: Grid>(rules: &FairyRules<G>, kind: u8) -> i32 {
    if rules.king == Some(kind) {
        return 0;
    }
    let Some(k) = rules.kinds.get(usize::from(kind)) else {
        return 0;
    };
    if rules.pawn == Some(kind) || rules.promotion_pawns.iter().any(|&s| s & (1 << kind) != 0) {
        return 100;
    }
    match k.betza.as_str() {
        "N" => return 320,
        "B" => return 330,
        "R" => return 500,
        "Q" => return 900,
        _ => {}
    }
    let hurdles = hurdles(rules);
    let reached: u32 = rules
        .board
        .into_iter()
        .map(|sq| match k.hops {
            true => [Reach::Quiet, Reach::Capture]
                .iter()
                .fold(G::Set::EMPTY, |set, &r| {
                    set | k.moves.reach(r, Color::White, sq, hurdles)
                })
                .count(),
            false => (k.moves.empty_board_reach(Color::White, sq) & rules.board).count(),
        })
        .sum();
    let average = f64::from(reached) / f64::from(rules.board.count().max(1));
    // Knight: 5.25 squares, 320 cp; queen: 22.75 squares, 900 cp.
    let value = 320.0 + (average - 5.25) * (580.0 / 17.5);
    value.clamp(50.0, 3000.0).round() as i32
}

/// Every kind's value, by kind number.
pub fn kind_values<G: Grid>(rules: &FairyRules<G>) -> Vec<i32> {
    (0..rules.kinds.len() as u8)
        .map(|k| kind_value(rules, k))
        .collect()
}

/// Material per side, on the board and in hand (a piece in hand is
/// dropped when its owner likes), in pawns (rounded), as the side panel
/// shows it.
pub fn material<G: Grid>(pos: &FairyPosition<G>) -> [u32; 2] {
    let values = &pos.rules().values;
    let value = |kind: usize| values.get(kind).copied().unwrap_or(0);
    let mut cp = [0i32; 2];
    for sq in pos.rules().board {
        if let Some((color, kind)) = pos.piece_at(sq) {
            cp[color.index()] += value(usize::from(kind));
        }
    }
    for side in Color::ALL {
        for (kind, &n) in pos.hand(side).iter().enumerate() {
            cp[side.index()] += value(kind) * i32::from(n);
        }
    }
    cp.map(|c| ((c + 50) / 100).max(0) as u32)
}
