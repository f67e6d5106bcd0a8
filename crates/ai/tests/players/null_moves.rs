//! Where the search may pass (a null move): only where zugzwang is rare
//! and no goal waits for a quiet move; and which quiet moves count as
//! tactics (checks, where checks are counted).

use motley_ai::eval::Evaluate;
use motley_game::variant::Registry;
use motley_rules::{AnyPosition, Position};

fn position(id: &str, fen: Option<&str>) -> motley_rules::AnyPosition {
    Registry::builtin().get(id).unwrap().position(fen).unwrap()
}

#[test]
fn null_moves_are_offered_only_where_zugzwang_is_rare() {
    let AnyPosition::Standard(chess) = position("standard", None) else {
        panic!("standard is standard");
    };
    let passed = chess.null_move().unwrap();
    assert_eq!(passed.turn(), chess.turn().other());
    // Only pawns and the king: no pass.
    let AnyPosition::Standard(pawns) =
        position("standard", Some("4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1"))
    else {
        panic!("standard is standard");
    };
    assert!(pawns.null_move().is_none());
    for id in ["antichess", "chicken", "monochrome", "dice-money"] {
        let pos = position(id, None);
        let offered = motley_rules::dispatch!(&pos, p => p.null_move().is_some());
        assert!(!offered, "{id}");
    }
    for id in ["contrast", "monochromatic"] {
        let pos = position(id, None);
        let offered = motley_rules::dispatch!(&pos, p => p.null_move().is_some());
        assert!(offered, "{id}");
    }
}

// Where checks are counted, a quiet check is searched in quiescence
// as a capture is: the last check to give wins at once.
#[test]
fn quiet_checks_count_as_tactics_only_where_checks_are_counted() {
    let fen = "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1";
    let AnyPosition::Fairy(three) = position("3check", Some(&format!("{fen} 1+3"))) else {
        panic!("3check is a variant from data");
    };
    let quiet = |pos: &motley_rules::fairy::Fairy, text: &str| {
        let action = motley_rules::parse_action(pos, text).unwrap();
        pos.quiet_check(&action)
    };
    assert!(quiet(&three, "d2d7"), "a check");
    assert!(quiet(&three, "d2e2"), "a check from afar");
    assert!(!quiet(&three, "d2d3"), "no check");
    let taking = "4k3/3r4/8/8/8/8/3Q4/4K3 w - - 0 1 1+3";
    let AnyPosition::Fairy(three_taking) = position("3check", Some(taking)) else {
        panic!("3check is a variant from data");
    };
    assert!(!quiet(&three_taking, "d2d7"), "a capture, searched as one");
    let AnyPosition::Fairy(hill) = position("kingofthehill", Some(fen)) else {
        panic!("kingofthehill is a variant from data");
    };
    assert!(!quiet(&hill, "d2d7"), "checks are not counted there");
}

// Variants from data differ: chess-like ones pass, and those where
// captures are compulsory, losing pieces wins or a king wins by
// stepping onto a goal (a quiet move the cuts would skip) do not.
#[test]
fn variants_from_data_pass_only_where_zugzwang_is_rare_and_no_goal_waits() {
    for (id, rare) in [
        ("3check", true),
        ("crazyhouse", true),
        ("atomic", true),
        ("giveaway", false),
        ("losers", false),
        ("kingofthehill", false),
        ("racingkings", false),
    ] {
        let AnyPosition::Fairy(pos) = position(id, None) else {
            panic!("{id} is a variant from data");
        };
        assert_eq!(pos.zugzwang_rare(), rare, "{id}");
        let passed = pos.null_move();
        assert_eq!(passed.is_some(), rare, "{id}");
        if let Some(passed) = passed {
            assert_eq!(passed.turn(), pos.turn().other(), "{id}");
            assert_eq!(passed.board(), pos.board(), "{id}");
            assert_ne!(passed.hash(), pos.hash(), "{id}");
        }
    }
    // Only pawns and the king: no pass.
    let pawns = "4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1 3+3";
    let AnyPosition::Fairy(pos) = position("3check", Some(pawns)) else {
        panic!("3check is a variant from data");
    };
    assert!(pos.null_move().is_none());
}
