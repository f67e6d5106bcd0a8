//! A variant from data judging a position set up by hand (the position
//! editor): the problems that would make a game from it wrong or
//! impossible under the variant's own rules, typed as the other
//! families' are ([`SetupProblem`]). A FEN read as Fairy-Stockfish
//! writes it is judged the same way ([`fen_problems`]), pieces in hand
//! too.

use super::{has_kind, kind_of, FairyPosition, FairyRules};
use crate::core::grid::{Grid, GridSet};
use crate::core::{Board, Color, Setup, Square};
use crate::setup::{CastlingRight, EpFault, SetupProblem};

/// The pieces on `board` of kinds `rules` does not have: checked before
/// the board is read as the variant's, which could not hold them.
pub fn foreign_pieces(rules: &FairyRules, board: &Board) -> Vec<SetupProblem> {
    Square::all()
        .filter(|&sq| {
            board
                .piece_at(sq)
                .is_some_and(|p| kind_of(rules, p.role).is_none())
        })
        .map(SetupProblem::NotOfVariant)
        .collect()
}

/// Every problem with `pos`, set up as `setup` says, in the order the
/// editor lists them: the royal pieces, where pieces stand, castling,
/// en passant, then a check on the side not to move (its royal or
/// pseudo-royal pieces attacked).
pub fn setup_problems(pos: &FairyPosition, setup: &Setup) -> Vec<SetupProblem> {
    let mut out = royal_problems(pos);
    out.extend(placement_problems(pos));
    out.extend(castling_problems(pos, setup.castling));
    out.extend(ep_problem(pos, setup));
    out.extend(not_to_move_in_check(pos));
    out
}

/// A check on the side not to move: its royal or pseudo-royal pieces
/// attacked.
fn not_to_move_in_check<G: Grid>(pos: &FairyPosition<G>) -> Option<SetupProblem> {
    let not_to_move = pos.turn().other();
    // Pseudo-royal pieces (coregal's queen) count as the king does; where
    // captures explode, their own rule of touching royals applies, so
    // only the king is asked there.
    let pseudo = !pos.rules().blast && pos.pseudo_royal_attacked(not_to_move);
    (pos.in_check(not_to_move) || pseudo).then_some(SetupProblem::NotToMoveInCheck(not_to_move))
}

/// The problems of a FEN on a board other than chess's grid, whose
/// squares [`SetupProblem`] cannot name: the royal pieces on the board
/// and in hand, and a check on the side not to move.
pub fn wide_fen_problems<G: Grid>(pos: &FairyPosition<G>) -> Vec<SetupProblem> {
    let mut out = royal_problems(pos);
    out.extend(royal_in_hand(pos));
    out.extend(not_to_move_in_check(pos));
    out
}

/// A royal piece in a hand: a drop would give a side a second king, or
/// a first where the board has none.
fn royal_in_hand<G: Grid>(pos: &FairyPosition<G>) -> Vec<SetupProblem> {
    let Some(king) = pos.rules().king else {
        return Vec::new();
    };
    Color::ALL
        .into_iter()
        .filter(|&side| {
            pos.hand(side)
                .get(usize::from(king))
                .is_some_and(|&n| n > 0)
        })
        .map(SetupProblem::RoyalInHand)
        .collect()
}

/// Every problem with a position read from a FEN: a draft's, and a
/// royal piece in a hand (a drop would give a side a second king, or a
/// first where the board has none). The castling and en passant fields
/// are read as Fairy-Stockfish reads them (a right with no castling
/// piece on its square, or in a variant without castling, castles
/// never; an en passant field may list several squares), so a draft's
/// checks of those two are left to the reader.
pub fn fen_problems(pos: &FairyPosition) -> Vec<SetupProblem> {
    let fields_read_as_written = |p: &SetupProblem| {
        matches!(
            p,
            SetupProblem::CastlingNotKept
                | SetupProblem::CastlingWithoutPieces(_)
                | SetupProblem::EnPassant { .. }
                | SetupProblem::EnPassantNotKept
        )
    };
    let mut out = setup_problems(pos, &super::play::fen_view(pos));
    out.retain(|p| !fields_read_as_written(p));
    out.extend(royal_in_hand(pos));
    out
}

/// One royal piece each where the variant has one; none is allowed
/// where an extinction rule decides the game instead (horde's White).
fn royal_problems<G: Grid>(pos: &FairyPosition<G>) -> Vec<SetupProblem> {
    let rules = pos.rules();
    let Some(king) = rules.king else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for side in Color::ALL {
        match pos.pieces_of(side, king).count() {
            0 if rules.extinction.is_none() => out.push(SetupProblem::MissingKing(side)),
            0 | 1 => {}
            _ => out.push(SetupProblem::TooManyKings(side)),
        }
    }
    out
}

/// Pieces where they could never stand: outside their kind's region,
/// or in the promotion zone where promotion is compulsory.
fn placement_problems(pos: &FairyPosition) -> Vec<SetupProblem> {
    let rules = pos.rules();
    // A pawn dropped in its promotion region stands there unpromoted.
    let dropped_in_zone = rules.drops && rules.promotion_zone_pawn_drops;
    let mut out = Vec::new();
    for sq in Square::all() {
        let Some((side, kind)) = pos.piece_at(sq) else {
            continue;
        };
        let s = side.index();
        let region = rules.mobility_region.get(usize::from(kind));
        if region.is_some_and(|r| !r[s].contains(sq)) {
            out.push(SetupProblem::OutsideRegion(sq));
        } else if rules.mandatory_promotion
            && !(dropped_in_zone && rules.pawn == Some(kind))
            && has_kind(rules.promotion_pawns[s], kind)
            && rules.promotion_pieces[s] != 0
            && rules.promotion_region[s].contains(sq)
        {
            out.push(SetupProblem::MustHavePromoted(sq));
        }
    }
    out
}

/// Castling rights only where the variant castles, each with its king
/// and a rook of the variant on their first squares.
fn castling_problems(pos: &FairyPosition, rights: u8) -> Vec<SetupProblem> {
    let rules = pos.rules();
    if rights != 0 && !rules.castling {
        return vec![SetupProblem::CastlingNotKept];
    }
    CastlingRight::ALL
        .into_iter()
        .filter(|r| rights & r.bit() != 0)
        .filter(|r| {
            let side = r.color.index() * 2 + usize::from(!r.kingside);
            let [king_from, _, rook_from, _] = rules.castle_layout.squares[side];
            let king = pos.piece_at(king_from);
            let rook = pos.piece_at(rook_from);
            let king_ok = rules
                .castling_king
                .is_some_and(|k| king == Some((r.color, k)));
            let rook_ok =
                matches!(rook, Some((c, k)) if c == r.color && has_kind(rules.castling_rooks, k));
            !(king_ok && rook_ok)
        })
        .map(SetupProblem::CastlingWithoutPieces)
        .collect()
}

/// An en-passant square only where the variant has en passant: empty,
/// one a capture of the side to move may land on, with the piece that
/// just stepped twice in front of it (a pawn, or a kind with initial
/// moves) and the square it came from, in its double-step region, empty.
fn ep_problem(pos: &FairyPosition, setup: &Setup) -> Option<SetupProblem> {
    let square = setup.ep_square?;
    let rules = pos.rules();
    if !rules.has_en_passant() {
        return Some(SetupProblem::EnPassantNotKept);
    }
    let them = pos.turn().other();
    let ahead = them.fold(1, -1);
    let origin = square.offset(0, -ahead);
    let from_region = origin.is_some_and(|o| rules.double_step_region[them.index()].contains(o));
    let stepper = |kind: u8| {
        rules.pawn == Some(kind)
            || rules
                .kinds
                .get(usize::from(kind))
                .is_some_and(|k| k.has_initial)
    };
    let victim = square.offset(0, ahead).and_then(|v| pos.piece_at(v));
    let fault = if pos.piece_at(square).is_some() {
        EpFault::Occupied
    } else if !from_region || !rules.en_passant_region[pos.turn().index()].contains(square) {
        EpFault::WrongRank
    } else if !matches!(victim, Some((c, k)) if c == them && stepper(k)) {
        EpFault::NoPawn
    } else if origin.and_then(|o| pos.piece_at(o)).is_some() {
        EpFault::OriginOccupied
    } else {
        return None;
    };
    Some(SetupProblem::EnPassant { square, fault })
}
