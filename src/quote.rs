//! Quoting user input in messages: a bad FEN, move or file may be huge,
//! and a message should stay one readable line.

/// At most this many characters of a bad input are quoted in a message.
pub const QUOTE_CHARS: usize = 80;

/// `text` cut to [`QUOTE_CHARS`] characters (with `…`), so an error about a
/// megabyte of junk stays one readable line.
pub fn clip(text: &str) -> String {
    match text.char_indices().nth(QUOTE_CHARS) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}…", &text[..cut]),
    }
}

/// A message that may quote bad input, cut in the middle when longer than
/// about two quotes, keeping its start and its end (where serde and the
/// rules say what was expected).
pub fn clip_middle(message: &str) -> String {
    let chars = message.chars().count();
    let keep = QUOTE_CHARS * 3 / 2;
    if chars <= keep + QUOTE_CHARS / 2 {
        return message.to_string();
    }
    let head: String = message.chars().take(keep).collect();
    let tail: String = message.chars().skip(chars - QUOTE_CHARS / 2).collect();
    format!("{head}…{tail}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_inputs_are_clipped_to_80_characters() {
        assert_eq!(clip("short"), "short");
        let long = "é".repeat(1000);
        let c = clip(&long);
        assert_eq!(c.chars().count(), QUOTE_CHARS + 1);
        assert!(c.ends_with('…'));
        let m = format!(
            "invalid type: string \"{}\", expected u64",
            "x".repeat(10_000)
        );
        let c = clip_middle(&m);
        assert!(c.len() < 200 && c.starts_with("invalid type") && c.ends_with("expected u64"));
    }
}
