//! The rules texts players read (`variants/*.json`, shown by `motley rules`
//! and the `i` key) say what the rules do, read against the inventors'
//! texts (issue 22, items 38-44). Where a text states what the program
//! does (who moves first, when a computer accepts), the code is asked too.

use motley_game::variant::Registry;
use motley_rules::core::Color;
use motley_rules::{Describe, Position};

/// A built-in variant's rules text, lines joined with spaces (the texts
/// are wrapped by hand, so a phrase may span lines).
fn text(id: &str) -> String {
    Registry::builtin()
        .get(id)
        .unwrap()
        .rules_text()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// `id`'s text says every one of `phrases` and none of `wrong`.
fn says(id: &str, phrases: &[&str], wrong: &[&str]) {
    let t = text(id);
    for p in phrases {
        assert!(t.contains(p), "{id}: expected '{p}' in:\n{t}");
    }
    for w in wrong {
        assert!(!t.contains(w), "{id}: '{w}' should be gone:\n{t}");
    }
}

const MONOCHROMATIC: [&str; 5] = [
    "monochromatic",
    "monochromatic-knightless",
    "monochromatic-jamal",
    "monochromatic-daffy",
    "monochromatic-double-knight",
];

// Issue 22, item 38: the letter's case in a placement is the piece's
// colour, told for Black as well as White.
#[test]
fn item_38_dice_money_placement_letters_are_explained_for_both_colours() {
    says(
        "dice-money",
        &[
            "The letter's case is the piece's colour: upper case is a White piece, lower case a Black one.",
            "Black writes its own pieces in lower case (p@e4 $3, n@e4 or b@e4 $7, r@e4 $11, q@e4 $19) and White's in upper case",
        ],
        &["written with the opponent's letter: lower case for Black"],
    );
}

// Issue 22, item 39: what Dice-Money's text left out or said loosely.
#[test]
fn item_39_dice_money_text_says_what_it_left_out() {
    says(
        "dice-money",
        &[
            "Check and checkmate are PICTORIAL",
            "A legal chess move here is one made without buying anything: no king power, no placement, and promotion only into lost pieces.",
            "place your own lost knight or bishop (one item with one price)",
            "Pawns double-step only from their own second rank, placed pawns included.",
            "and with the next chess move of either side, the double-stepper's own extra move included.",
            "In a match the colours alternate from game to game.",
            "Prices go back to the starting prices above when a new match begins.",
            "after a draw, the next game starts from the prices the drawn game started from.",
            "every single chess move of both sides counts, extra moves included",
            "castling and en passant rights",
        ],
        &["the prices stay as they were", "side, rights,"],
    );
}

// Issue 22, item 40: Contrast's king slide, weak pieces, and the ruling on
// a strong king passing over an attacked square.
#[test]
fn item_40_contrast_text_is_exact_about_kings_and_weak_pieces() {
    says(
        "contrast",
        &[
            "(the first square must be empty to reach the second)",
            "Weak pieces move only as follows:",
            "It may pass over an attacked square: only the square it ends on must be safe.",
        ],
        &["Weak pieces lose their normal moves and instead"],
    );
    // The ruling is the code's: a strong king (white on d1, a light square)
    // slides over e1, which Black's strong rook on e7 attacks, to f1.
    let p = Registry::builtin()
        .get("contrast")
        .unwrap()
        .position(Some("k7/4r3/8/8/8/8/8/3K4 w - - 0 1"))
        .unwrap();
    let mut legal = Vec::new();
    p.legal_actions(&mut legal);
    let moves: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
    assert!(moves.contains(&"d1f1".to_string()), "{moves:?}");
    assert!(!moves.contains(&"d1e1".to_string()), "{moves:?}");
}

// Issue 22, item 41: the camel's leap as the source gives it, no jargon,
// castling's pictorial path test, and the Daffy's and double knight's
// credits.
#[test]
fn item_41_monochromatic_texts_describe_pieces_and_credits_rightly() {
    says(
        "monochromatic-jamal",
        &["one square diagonally and then two squares vertically or horizontally"],
        &["two straight on"],
    );
    for id in MONOCHROMATIC {
        says(
            id,
            &["not passing over or landing on an attacked square - attacked pictorially"],
            &["knight-slot"],
        );
    }
    says("monochromatic-daffy", &["a DA by its jumps"], &[]);
    says("monochromatic-jamal", &["a camel by its (1,3) leap"], &[]);
    let registry = Registry::builtin();
    let daffy = registry.get("monochromatic-daffy").unwrap();
    assert!(
        daffy.inventor.starts_with("Ralph Betza"),
        "{}",
        daffy.inventor
    );
    let double = registry.get("monochromatic-double-knight").unwrap();
    assert!(
        double.inventor.contains("Encyclopedia of Chess Variants"),
        "{}",
        double.inventor
    );
}

// Issue 22, item 42: Monochrome says how to offer to end, when a computer
// accepts, and who moves first; the code agrees.
#[test]
fn item_42_monochrome_says_how_it_ends_by_agreement_and_who_starts() {
    says(
        "monochrome",
        &[
            "press d to offer to end the game",
            "A computer accepts when it is not behind on score.",
            "South moves first.",
            "the player set as White plays South and moves first",
        ],
        &[],
    );
    let start = Registry::builtin()
        .get("monochrome")
        .unwrap()
        .position(None)
        .unwrap();
    assert_eq!(start.turn(), Color::White);
    assert_eq!(start.side_names()[Color::White.index()], "South");
    // Level scores: a computer is not behind, so it accepts, either side.
    assert!(motley_ai::accepts_end_offer(&start, Color::Black));
    assert!(motley_ai::accepts_end_offer(&start, Color::White));
}

// Issue 22, item 43: Chicken is antichess by name, says which antichess
// rules it overrides, and how a flipped pawn double-steps.
#[test]
fn item_43_chicken_names_antichess_and_its_overrides() {
    says(
        "chicken",
        &[
            "Antichess (lose all your pieces to win, captures compulsory) with Benedict flipping.",
            "here you may castle, and a player with no legal move does not simply win",
            "double-steps only from its new owner's second rank",
        ],
        &["Suicide"],
    );
    let (code, out) = rules_command("chicken");
    assert_eq!(code, 0);
    assert!(
        out.contains("Antichess") && !out.contains("Suicide"),
        "{out}"
    );
}

// Issue 22, item 44: draws by repetition and the fifty-move rule are said
// to be automatic, under one name; "under the FIDE Laws" is gone.
#[test]
fn item_44_draws_are_automatic_under_one_name() {
    for v in Registry::builtin().all() {
        let t = text(&v.id);
        assert!(
            t.contains("the fifty-move rule") && t.contains("automatically"),
            "{}: {t}",
            v.id
        );
        assert!(!t.contains("100-ply"), "{}: {t}", v.id);
    }
    says("standard", &[], &["under the FIDE Laws"]);
    let docs = include_str!("../../../docs/rules.md");
    assert!(
        !docs.contains("100-ply"),
        "docs/rules.md names the rule twice"
    );
    assert!(!docs.contains("facing a dead position"));
    assert!(docs.contains("Motley applies\nthem automatically"));
    let standard = Registry::builtin().get("standard").unwrap();
    assert!(
        !standard.summary.contains("FIDE Laws"),
        "{}",
        standard.summary
    );
}

/// `motley rules ID`: exit status and standard output.
fn rules_command(id: &str) -> (i32, String) {
    let data = crate::support::temp::temp_dir("rules-texts-data");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_motley"))
        .args(["rules", id])
        .env("MOTLEY_DATA_DIR", &data)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// The rules in words of a built-in variant from data.
fn words_of(id: &str) -> String {
    let rules = motley_game::variant::builtin::builtin_fairy(id)
        .expect("built in")
        .expect("plays");
    motley_game::variant::words::rules_text(id, None, &rules)
}

// Issue 31, item 20: five-check's rules spoke of three checks ("the
// checks the FEN counts (3+3)"), and makruk's and shatranj's pawn was
// said to take en passant, which neither has.
#[test]
fn item_20_checks_are_counted_as_the_variant_counts_them_and_en_passant_only_where_it_is() {
    let five = words_of("5check");
    assert!(
        five.contains("its 5th check wins") && five.contains("5+5"),
        "{five}"
    );
    assert!(!five.contains("3+3"), "{five}");
    let three = words_of("3check");
    assert!(
        three.contains("its 3rd check wins") && three.contains("3+3"),
        "{three}"
    );
    for id in ["makruk", "shatranj"] {
        let text = words_of(id);
        assert!(!text.contains("en passant"), "{id}: {text}");
    }
    assert!(words_of("chess").contains("en passant too"));
}
