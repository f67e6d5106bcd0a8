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
use std::io::{self, Write};
use std::path::{Path, PathBuf};

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
        Share::Export => match export_pgn(&(shown.pgn)(), shown.variant, settings) {
            Ok(path) => Message::info(format!("exported the game to {}", path.display())),
            Err(why) => Message::error(why.to_string()),
        },
    }
}

/// Why a game was not exported (the message line says so in words).
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error("not exported: there is no data folder to export to")]
    NoDataFolder,
    #[error("not exported: cannot create {}: {source}", dir.display())]
    Folder { dir: PathBuf, source: io::Error },
    #[error("not exported: {}: {source}", path.display())]
    Create { path: PathBuf, source: io::Error },
    #[error("not exported: writing {}: {source}", path.display())]
    Write { path: PathBuf, source: io::Error },
    #[error("not exported: no free file name in {}", dir.display())]
    NoFreeName { dir: PathBuf },
}

/// Write `pgn` to a new file `<variant>-<time stamp>[-n].pgn` in the data
/// folder's `exports`, never over an existing file; where it went.
pub fn export_pgn(pgn: &str, variant: &str, settings: &Settings) -> Result<PathBuf, ExportError> {
    let dir = settings
        .saves_dir
        .as_ref()
        .and_then(|d| d.parent())
        .map(|d| d.join("exports"))
        .ok_or(ExportError::NoDataFolder)?;
    if let Err(source) = std::fs::create_dir_all(&dir) {
        return Err(ExportError::Folder { dir, source });
    }
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
        let path = dir.join(name);
        if write_new(&path, pgn)? {
            return Ok(path);
        }
    }
    Err(ExportError::NoFreeName { dir })
}

/// Write `text` to `path` when no file is there: false when one is.
fn write_new(path: &Path, text: &str) -> Result<bool, ExportError> {
    // create_new: an existing file is never written over.
    let file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path);
    match file {
        Ok(mut f) => f
            .write_all(text.as_bytes())
            .and_then(|()| f.sync_all())
            .map(|()| true)
            .map_err(|source| ExportError::Write {
                path: path.to_path_buf(),
                source,
            }),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(false),
        Err(source) => Err(ExportError::Create {
            path: path.to_path_buf(),
            source,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_export_says_why_in_the_words_of_before() {
        let none = Settings::default();
        let why = export_pgn("1. e4 *", "standard", &none).map(|_| ());
        assert_eq!(
            why.map_err(|e| e.to_string()),
            Err("not exported: there is no data folder to export to".to_string())
        );
        // `exports` is a file: the folder cannot be made.
        let data = std::env::temp_dir().join(format!("motley-sharing-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&data);
        std::fs::create_dir_all(&data).expect("a temporary folder");
        std::fs::write(data.join("exports"), "").expect("a file");
        let settings = Settings {
            saves_dir: Some(data.join("saves")),
            ..Settings::default()
        };
        let why = export_pgn("1. e4 *", "standard", &settings);
        let _ = std::fs::remove_dir_all(&data);
        assert!(matches!(why, Err(ExportError::Folder { .. })), "{why:?}");
        let text = why.map_err(|e| e.to_string()).unwrap_err();
        assert!(text.starts_with("not exported: cannot create "), "{text}");
    }
}
