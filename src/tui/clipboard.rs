//! Copying text out of the program through the terminal: the OSC 52
//! escape asks the terminal to put base64-encoded text on the system
//! clipboard. It needs no clipboard program and works over ssh and in
//! tmux (with `set-clipboard on`); terminals without it ignore it.

use base64::prelude::{Engine, BASE64_STANDARD};
use std::io::Write;

/// The escape sequence that puts `text` on the clipboard.
pub fn osc52(text: &str) -> String {
    format!("\x1b]52;c;{}\x07", BASE64_STANDARD.encode(text))
}

/// Send `text` to the terminal's clipboard (the runtime calls this; a
/// screen only asks for it).
pub fn copy_to_terminal(text: &str) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(osc52(text).as_bytes())?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn osc52_carries_the_text_in_base64() {
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let seq = osc52(fen);
        let body = seq
            .strip_prefix("\x1b]52;c;")
            .and_then(|s| s.strip_suffix('\x07'))
            .expect("OSC 52 framing");
        assert_eq!(BASE64_STANDARD.decode(body).unwrap(), fen.as_bytes());
    }
}
