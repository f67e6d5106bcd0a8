//! Fairy-Stockfish's key names: a key no program knows is a typo, told
//! with the known key nearest to it; a known key Motley does not play is
//! unsupported.

use motley_game::variant::key_names::{is_known_key, nearest_key};
use motley_game::variant::keys::KeyErrorKind;
use motley_game::variant::sections::read_fairy_file;

// Issue 31, item 15: typos are unknown keys, with the key meant.
#[test]
fn item_15_a_typo_is_an_unknown_key_with_the_nearest_known_one() {
    let nearest = |typed: &str| nearest_key(typed);
    assert_eq!(
        nearest("promotionPeiceTypes").as_deref(),
        Some("promotionPieceTypes")
    );
    assert_eq!(nearest("startFEN").as_deref(), Some("startFen"));
    assert_eq!(nearest("flagpiece").as_deref(), Some("flagPiece"));
    assert_eq!(nearest("customPeice1").as_deref(), Some("customPiece1"));
    assert_eq!(nearest_key("somethingElseEntirely"), None);
    assert!(is_known_key("gating") && is_known_key("mobilityRegionWhiteCustomPiece3"));
    assert!(!is_known_key("mobilityRegionWhiteQueenx"));
}

/// Why a chess section that adds only `key` (a key nothing reads) is
/// refused: its one error.
fn unread_key(key: &str) -> KeyErrorKind {
    let ini = format!("[t:chess]\n{key} = true\n");
    let errors = read_fairy_file(&ini)
        .sections
        .remove(0)
        .rules()
        .unwrap_err();
    assert_eq!(errors.0.len(), 1, "{errors}");
    errors.0[0].kind.clone()
}

// Issue 31, item 15: an unread key is unsupported or, when no program
// knows it, unknown with the key meant.
#[test]
fn item_15_an_unread_key_is_unsupported_or_unknown_with_the_key_meant() {
    assert_eq!(
        unread_key("gating"),
        KeyErrorKind::Unsupported("gating".into())
    );
    let typo = unread_key("startFEN").to_string();
    assert_eq!(typo, "unknown key 'startFEN' (did you mean startFen?)");
}
