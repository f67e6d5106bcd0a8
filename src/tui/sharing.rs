//! Getting a game out of Motley, the same on every screen that shows one
//! (the play screen and the replay viewer): `y` copies the FEN of the
//! position on screen and `Y` the game's PGN to the terminal's clipboard,
//! `e` writes the PGN to a new file in the data folder's `exports`
//! (beside `saves`), never over an existing file. Each screen says what
//! it shows; the words, the request and the file are made here once.

use super::base::{Message, Request};
use super::keymap::KeyBinding;
use super::settings::Settings;
use crate::rules::{AnyPosition, Position};
use crossterm::event::KeyCode;
use std::io::Write;
use std::path::Path;

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
/// or write the file, and say what was done (or why not) for the message
/// line.
pub fn share<F: FnOnce() -> String>(
    what: Share,
    shown: Shown<'_, F>,
    settings: &Settings,
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
        Share::Export => Message::of(export_pgn(&(shown.pgn)(), shown.variant, settings)),
    }
}

/// Write `pgn` to a new file `<variant>-<time stamp>[-n].pgn` in the data
/// folder's `exports`, never over an existing file. Says where, or why
/// not, in words for the message line.
pub fn export_pgn(pgn: &str, variant: &str, settings: &Settings) -> Result<String, String> {
    let dir = settings
        .saves_dir
        .as_ref()
        .and_then(|d| d.parent())
        .map(|d| d.join("exports"))
        .ok_or("not exported: there is no data folder to export to")?;
    std::fs::create_dir_all(&dir)
        .map_err(|e| format!("not exported: cannot create {}: {e}", dir.display()))?;
    let stamp: String = crate::record::rfc3339(std::time::SystemTime::now())
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    let base = format!("{variant}-{stamp}");
    for n in 1..1000 {
        let name = match n {
            1 => format!("{base}.pgn"),
            n => format!("{base}-{n}.pgn"),
        };
        match write_new(&dir.join(name), pgn) {
            Ok(Some(said)) => return Ok(said),
            Ok(None) => continue,
            Err(why) => return Err(why),
        }
    }
    Err(format!(
        "not exported: no free file name in {}",
        dir.display()
    ))
}

/// Write `text` to `path` when no file is there: `Ok(None)` when one is.
fn write_new(path: &Path, text: &str) -> Result<Option<String>, String> {
    // create_new: an existing file is never written over.
    let file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path);
    match file {
        Ok(mut f) => f
            .write_all(text.as_bytes())
            .and_then(|()| f.sync_all())
            .map(|()| Some(format!("exported the game to {}", path.display())))
            .map_err(|e| format!("not exported: writing {}: {e}", path.display())),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(None),
        Err(e) => Err(format!("not exported: {}: {e}", path.display())),
    }
}
