//! Why a typed move is illegal: the rules engine gives the first reason
//! that applies, and gives the same reason whether the move is typed in
//! SAN or in coordinates. Each case: a position by FEN, the text typed,
//! the reason expected.

use motley_game::variant::Registry;
use motley_rules::{parse_action, AnyPosition, MoveInputError};

use crate::position_support;
use position_support::position as pos;

/// The reason given for `typed`, which must be refused as illegal.
fn reason(p: &AnyPosition, typed: &str) -> String {
    match parse_action(p, typed) {
        Err(MoveInputError::Illegal { reason, .. }) => reason.to_string(),
        other => panic!("{typed}: expected an illegal move, got {other:?}"),
    }
}

/// Every text in `typed` is refused with a reason containing `expected`,
/// and all of them with the same reason.
fn explained(variant: &str, fen: &str, typed: &[&str], expected: &str) {
    let p = pos(variant, fen);
    let reasons: Vec<String> = typed.iter().map(|t| reason(&p, t)).collect();
    for (t, r) in typed.iter().zip(&reasons) {
        assert!(
            r.contains(expected),
            "{variant} {t}: expected '{expected}' in '{r}'"
        );
    }
    assert!(
        reasons.windows(2).all(|w| w[0] == w[1]),
        "{variant}: one move, several reasons: {reasons:?}"
    );
}

/// Chicken after 1.e3 b5: White must take on b5.
const CHICKEN_E3_B5: &str = "rnbqkbnr/p1pppppp/8/1p6/8/4P3/PPPP1PPP/RNBQKBNR w KQkq - 0 2";

#[test]
fn chicken_san_pawn_push_is_refused_because_captures_are_compulsory() {
    explained(
        "chicken",
        CHICKEN_E3_B5,
        &["a3", "a2a3"],
        "captures are compulsory",
    );
}

#[test]
fn chicken_san_blocked_bishop_move_is_refused_because_captures_are_compulsory() {
    explained(
        "chicken",
        CHICKEN_E3_B5,
        &["Ba6", "f1a6"],
        "captures are compulsory",
    );
}

#[test]
fn antichess_pawn_that_cannot_reach_is_told_before_compulsory_captures() {
    explained(
        "antichess",
        CHICKEN_E3_B5,
        &["a2a5", "a5"],
        "the pawn on a2 cannot move to a5",
    );
}

#[test]
fn contrast_weak_knight_explained_in_san_and_coordinates() {
    explained(
        "contrast",
        motley_rules::core::fen::STANDARD_FEN,
        &["Ng1f3", "Nf3", "g1f3"],
        "the knight on g1 is weak",
    );
}

/// White in check from the rook on h1.
const IN_CHECK: &str = "4k3/8/8/8/8/8/P7/4K2r w - - 0 1";

#[test]
fn pawn_that_cannot_reach_is_told_before_check() {
    explained(
        "standard",
        IN_CHECK,
        &["a2a5", "a5"],
        "the pawn on a2 cannot move to a5",
    );
}

#[test]
fn pawn_move_that_ignores_check_is_told_so() {
    explained(
        "standard",
        IN_CHECK,
        &["a3", "a2a3"],
        "your king is in check and this move does not get it out",
    );
}

#[test]
fn blocked_pawn_is_told_it_is_blocked_not_about_check() {
    // The pawn's path is blocked by the white knight on a3.
    explained(
        "standard",
        "4k3/8/8/8/8/N7/P7/4K2r w - - 0 1",
        &["a4", "a2a4"],
        "cannot pass a3",
    );
}

#[test]
fn castling_in_check_is_refused_for_the_check() {
    explained(
        "standard",
        "r3k2r/8/8/8/8/8/4q3/R3K2R w KQkq - 0 1",
        &["O-O", "e1g1"],
        "may not castle while in check",
    );
}

#[test]
fn castling_with_the_path_blocked_names_the_square() {
    explained(
        "standard",
        "r3k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1",
        &["O-O", "0-0", "e1g1"],
        "g1 is occupied",
    );
}

#[test]
fn castling_through_an_attacked_square_names_it() {
    explained(
        "standard",
        "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1",
        &["O-O", "e1g1"],
        "attacks f1",
    );
}

#[test]
fn castling_without_the_right_says_so() {
    explained(
        "standard",
        "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1",
        &["O-O", "e1g1", "Kg1"],
        "White has lost the right to castle kingside: the king or the rook on h1 has moved",
    );
}

// Issue 22, item 6: `O-O` after the king has moved says that the right to
// castle is lost and why, not that the king cannot step to g7.
#[test]
fn item_6_castling_after_the_king_moved_says_the_right_is_lost() {
    explained(
        "standard",
        "r3k2r/8/8/8/8/8/4K3/R6R w kq - 0 1",
        &["O-O", "0-0", "O-O-O"],
        "White has lost the right to castle: the king has moved (it stands on e2, not e1)",
    );
    // Black's king too, in the families that keep FIDE's rights.
    for variant in ["standard", "contrast", "monochromatic-knightless"] {
        let r = reason(&pos(variant, "r6r/4k3/8/8/8/8/8/R3K2R b KQ - 0 1"), "O-O");
        assert!(
            r.contains("Black has lost the right to castle: the king has moved"),
            "{variant}: {r}"
        );
    }
}

// Issue 22, item 6: families whose castling is a positional ruling say
// what the ruling needs; antichess has none at all.
#[test]
fn item_6_castling_is_explained_by_each_familys_own_rule() {
    explained(
        "chicken",
        "4k3/8/8/8/8/8/8/R4K1R w - - 0 1",
        &["O-O"],
        "Chicken: castling needs your king on e1, your rook on h1 and every square between them empty; there is no king of yours on e1",
    );
    explained(
        "monochrome",
        "4k3/8/8/8/8/8/8/4KB1R w - - 0 1",
        &["O-O", "e1g1"],
        "Monochrome: castling needs your king on e1, your rook on h1 and every square between them empty; f1 is occupied",
    );
    explained(
        "antichess",
        motley_rules::core::fen::STANDARD_FEN,
        &["O-O", "e1g1"],
        "Antichess: there is no castling",
    );
}

// Issue 22, item 12: Black typing an upper-case placement is told that
// upper case is White's piece, how to write its own, and what it can place.
#[test]
fn item_12_dice_money_placement_letters_are_explained_for_black() {
    let mut game = motley_game::Game::new(
        Registry::builtin().get("dice-money").unwrap(),
        Some("rnb1kbnr/pppp1ppp/8/8/8/8/PPP1PPPP/RNBQKBNR w KQkq - 0 1"),
        3,
    )
    .unwrap();
    // Black has lost its queen and e-pawn, White its d-pawn; Black to roll.
    for a in ["roll:1,1", "a2a3"] {
        game.play_text(a).unwrap();
    }
    game.roll_dice().unwrap();
    let e = game.clone().play_text("Q@e4").unwrap_err().to_string();
    for needle in [
        "Q@e4 names a White queen, and White has no lost queen",
        "upper case White's, lower case Black's",
        "your own lost queen is q@e4",
        "You can place: your own pawn (p@e4), your own queen (q@e4), White's pawn (P@e4)",
    ] {
        assert!(e.contains(needle), "expected '{needle}' in: {e}");
    }
    assert!(!e.contains("your opponent's lost pieces only"), "{e}");
}

#[test]
fn dice_money_castling_is_explained_like_chess() {
    let mut game = motley_game::Game::new(
        Registry::builtin().get("dice-money").unwrap(),
        Some("r3k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1"),
        3,
    )
    .unwrap();
    game.play_text("roll:1,1").unwrap();
    for typed in ["O-O", "e1g1"] {
        let e = game.clone().play_text(typed).unwrap_err().to_string();
        assert!(e.contains("g1 is occupied"), "{typed}: {e}");
    }
}

#[test]
fn jamal_errors_call_the_camel_a_camel() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    explained(
        "monochromatic-jamal",
        start,
        &["b1c3"],
        "the camel on b1 cannot move to c3",
    );
    let r = reason(&pos("monochromatic-jamal", start), "Nc3");
    assert!(r.contains("camel") && !r.contains("knight"), "{r}");
}

#[test]
fn move_onto_an_own_piece_names_it() {
    explained(
        "standard",
        motley_rules::core::fen::STANDARD_FEN,
        &["Ke2", "e1e2"],
        "e2 holds your own pawn",
    );
}

#[test]
fn blocked_slider_names_the_blocking_square() {
    explained(
        "standard",
        motley_rules::core::fen::STANDARD_FEN,
        &["Bb5", "f1b5"],
        "cannot pass e2",
    );
}

#[test]
fn no_piece_of_that_kind_is_said_in_words() {
    let r = reason(&pos("standard", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"), "Nf3");
    assert!(r.contains("White has no knight"), "{r}");
}

/// The rules give a typed reason; only its `Display` is words, so callers
/// test what happened, not how it is said.
#[test]
fn reasons_are_typed_values() {
    use motley_rules::{CastlingBlock, IllegalReason};
    let typed = |variant: &str, fen: &str, text: &str| match parse_action(&pos(variant, fen), text)
    {
        Err(MoveInputError::Illegal { reason, .. }) => reason,
        other => panic!("{text}: expected an illegal move, got {other:?}"),
    };
    assert_eq!(
        typed("standard", "r3k2r/8/8/8/8/8/4q3/R3K2R w KQkq - 0 1", "O-O"),
        IllegalReason::Castling(CastlingBlock::InCheck)
    );
    assert!(matches!(
        typed("standard", IN_CHECK, "a3"),
        IllegalReason::KingInCheck { in_check: true, .. }
    ));
    assert!(matches!(
        typed("standard", motley_rules::core::fen::STANDARD_FEN, "Bb5"),
        IllegalReason::Blocked { .. }
    ));
}
