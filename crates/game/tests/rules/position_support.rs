//! The one way tests build a library position from a variant id and a FEN.

use motley_game::variant::Registry;
use motley_rules::AnyPosition;

/// The library position of a variant at a FEN (the test fails on a bad
/// id or FEN: those are the test's own).
pub fn position(variant: &str, fen: &str) -> AnyPosition {
    Registry::builtin()
        .get(variant)
        .unwrap()
        .position(Some(fen))
        .unwrap()
}
