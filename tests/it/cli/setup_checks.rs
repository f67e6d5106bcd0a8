//! Positions judged alike wherever they come from: a FEN of a variant
//! from data is refused for what the position editor refuses (a side not
//! to move in check, no king, a king in hand), a variant whose start or
//! promotions cannot be is refused, a record's start state must be the
//! family's own, and every refusal is said in words.

use crate::support::temp::temp_dir;
use motley_game::variant::Registry;
use motley_game::Game;
use motley_records::{game_from_record, GameRecord};
use motley_rules::parse_action;
use std::process::Command;

fn motley(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_motley"))
        .args(args)
        .env("MOTLEY_DATA_DIR", temp_dir("setup-checks"))
        .output()
        .expect("run motley");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

/// Why `fen` is refused for `variant`, or `None` when it is taken.
fn refusal(variant: &str, fen: &str) -> Option<String> {
    let reg = Registry::builtin();
    let def = reg.get(variant).expect("built in");
    def.position(Some(fen)).err().map(|e| e.to_string())
}

/// Whether a variant file's section can be played.
fn playable(ini: &str, id: &str) -> bool {
    let mut reg = Registry::builtin();
    reg.add_text("mine.ini", ini, false);
    reg.get(id).is_ok_and(|def| Game::new(def, None, 1).is_ok())
}

fn record(json: serde_json::Value) -> Result<Game, String> {
    let record = GameRecord::from_json(&json.to_string()).map_err(|e| e.to_string())?;
    game_from_record(&record, &Registry::builtin()).map_err(|e| e.to_string())
}

// Issue item 17: king of the hill listed moves where standard refuses.
#[test]
fn item_17_the_side_not_to_move_in_check_is_refused_as_in_standard() {
    let fen = "4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1";
    for variant in ["standard", "kingofthehill"] {
        let (ok, text) = motley(&["moves", variant, "--fen", fen]);
        assert!(!ok, "{variant}: {text}");
        assert!(text.contains("in check"), "{variant}: {text}");
    }
}

// Issue item 17: crazyhouse took a board without kings and kings in hand.
#[test]
fn item_17_crazyhouse_needs_its_kings_on_the_board_not_in_hand() {
    let no_kings = refusal("crazyhouse", "8/8/8/8/8/8/8/8[Kk] w - - 0 1").expect("refused");
    assert!(no_kings.contains("has no king"), "{no_kings}");
    let in_hand = refusal("crazyhouse", "4k3/8/8/8/8/8/8/4K3[K] w - - 0 1").expect("refused");
    assert!(in_hand.contains("king in hand"), "{in_hand}");
    assert_eq!(
        refusal("crazyhouse", "4k3/8/8/8/8/8/8/4K3[Qq] w - - 0 1"),
        None
    );
}

// Issue item 17: `promotionPieceTypes = kq` allowed a second royal king;
// a start without a king passed and was drawn at ply 0.
#[test]
fn item_17_a_variant_that_could_not_start_or_would_crown_a_second_king_is_refused() {
    assert!(playable("[fine:chess]\n", "fine"));
    assert!(!playable(
        "[crowned:chess]\npromotionPieceTypes = kq\n",
        "crowned"
    ));
    let kingless = "[kingless:chess]\nstartFen = 8/pppppppp/8/8/8/8/PPPPPPPP/8 w - - 0 1\n";
    assert!(!playable(kingless, "kingless"));
}

// Issue item 20: makruk's refusal gave "e.g. e7e8q", a piece it lacks.
#[test]
fn item_20_a_promotion_left_out_is_shown_with_the_variant_s_own_kinds() {
    let reg = Registry::builtin();
    let def = reg.get("makruk").expect("built in");
    let game = Game::new(def, Some("4k3/8/8/2P5/8/8/8/4K3 w - - 0 1"), 1).expect("a position");
    let err = parse_action(game.position(), "c5c6").expect_err("it must promote");
    let text = err.to_string();
    assert!(text.contains("c5c6m"), "{text}");
    assert!(!text.contains('q'), "{text}");
}

// Issue item 20: a refused start state printed ids ("flip_on_empty").
#[test]
fn item_20_a_refused_start_state_is_said_in_words() {
    let err = record(serde_json::json!({
        "format": "motley-game", "version": 1, "variant": "chicken",
        "start": null, "seed": 1, "moves": [],
        "setup": {"flipped": ["d5"]},
    }))
    .expect_err("d5 is empty");
    assert!(err.contains("d5 is marked flipped but is empty"), "{err}");
    assert!(!err.contains("flip_on_empty"), "{err}");
}

// Issue item 30: `"setup": []` was taken for Monochrome.
#[test]
fn item_30_a_start_state_that_is_not_the_family_s_is_refused() {
    let monochrome = |setup: serde_json::Value| {
        record(serde_json::json!({
            "format": "motley-game", "version": 1, "variant": "monochrome",
            "start": null, "seed": 1, "moves": [], "setup": setup,
        }))
    };
    for setup in [
        serde_json::json!([]),
        serde_json::json!({}),
        serde_json::json!([[1, 2]]),
    ] {
        let err = monochrome(setup.clone()).expect_err("no scores");
        assert!(err.contains("setup"), "{setup}: {err}");
    }
    assert!(monochrome(serde_json::json!({"scores": [3, 4]})).is_ok());
}
