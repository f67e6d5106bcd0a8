//! Getting a game out of Motley, the same on every screen that shows one
//! (the play screen and the replay viewer): `y` copies the FEN of the
//! position on screen and `Y` the game's PGN to the terminal's clipboard,
//! `e` writes the PGN to a new file in the data folder's `exports`
//! (beside `saves`), never over an existing file — a write the runtime
//! carries out. Each screen says what it shows; the words and the
//! requests are made here once.

use super::base::{Message, Request};
use super::keymap::KeyBinding;
use crossterm::event::KeyCode;
use motley_rules::{AnyPosition, Position};
use motley_session::{ExportError, SessionSettings, Write};
use std::path::PathBuf;

/// What a copy or export key asks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Share {
    /// The FEN of the position on screen, to the clipboard.
    Fen,
    /// The game's PGN, to the clipboard.
    Pgn,
    /// The game's PGN, to a new file.
    Export,
}

impl Share {
    /// The key of this copy or export on both game screens, with its help
    /// row, as a binding of a screen's table whose action for it is
    /// `action`; it applies `always`.
    pub const fn binding<A, C: Copy>(self, action: A, always: C) -> KeyBinding<A, C> {
        let (keys, key, what): (&'static [KeyCode], _, _) = match self {
            Share::Fen => (
                &[KeyCode::Char('y')],
                "y",
                "copy the position's FEN (terminal clipboard, OSC 52: works over ssh)",
            ),
            Share::Pgn => (
                &[KeyCode::Char('Y')],
                "Y",
                "copy the game's PGN (terminal clipboard)",
            ),
            Share::Export => (
                &[KeyCode::Char('e')],
                "e",
                "export the game to a new PGN file in the data folder",
            ),
        };
        KeyBinding::new(keys, action, always).help(key, what)
    }
}

/// A game as a screen offers it for copying: the position on screen, the
/// game's length and its PGN (made only when asked for).
pub struct Shown<'a, F: FnOnce() -> String> {
    /// The position on screen (the replay viewer's ply, the play
    /// screen's current position).
    pub position: &'a AnyPosition,
    /// Plies in the game, for the message.
    pub plies: usize,
    /// The variant's id, which names an exported file.
    pub variant: &'a str,
    /// The game's PGN.
    pub pgn: F,
}

/// Carry out `what` for the game on screen: queue the clipboard request
/// or the export's write, and say what was done (or is under way) for the
/// message line.
pub fn share<F: FnOnce() -> String>(
    what: Share,
    shown: Shown<'_, F>,
    settings: &SessionSettings,
    requests: &mut Vec<Request>,
) -> Message {
    match what {
        Share::Fen => {
            let fen = shown.position.to_fen();
            requests.push(Request::Clipboard(fen.clone()));
            Message::info(format!("FEN sent to the terminal's clipboard: {fen}"))
        }
        Share::Pgn => {
            let plies = shown.plies;
            let unit = if plies == 1 { "ply" } else { "plies" };
            requests.push(Request::Clipboard((shown.pgn)()));
            Message::info(format!(
                "PGN of the game ({plies} {unit}) sent to the terminal's clipboard"
            ))
        }
        Share::Export => {
            let export = Write::Export {
                dir: settings.exports_dir.clone(),
                variant: shown.variant.to_string(),
                pgn: (shown.pgn)(),
            };
            requests.push(Request::Write(Box::new(export)));
            Message::info("exporting the game…")
        }
    }
}

/// What an export came to, for the message line: the new file (named
/// `<variant>-<time stamp>[-n].pgn`, never over another), or why not.
pub fn exported(result: &Result<PathBuf, ExportError>) -> Message {
    match result {
        Ok(path) => Message::info(format!(
            "exported the game to {}",
            motley_rules::core::quote::path(path)
        )),
        Err(e) => Message::error(format!("not exported: {e}")),
    }
}
