//! What the engine's tests share.

use motley_rules::core::Square;

/// The square named `text` (`"e4"`).
pub fn sq(text: &str) -> Square {
    Square::parse(text).unwrap()
}
