//! What is wrong with a variant's keys: typed, with the line of each,
//! so that a section is refused with every reason at once.

use crate::variant::ini::ValueError;
use motley_rules::core::betza::BetzaError;
use motley_rules::fairy::{FairyFenError, MAX_KINDS};
use thiserror::Error;

/// What is wrong with one key of a variant.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum KeyErrorKind {
    /// A key of Fairy-Stockfish's that Motley does not play.
    #[error("{} is not supported", motley_rules::core::quote::clip(.0))]
    Unsupported(String),
    /// A key neither Fairy-Stockfish nor Motley knows: a typo, most
    /// likely, with the known key nearest to it.
    #[error("unknown key '{key}'{}", .nearest.as_ref().map(|k| format!(" (did you mean {k}?)")).unwrap_or_default())]
    Unknown {
        /// The key as written (clipped and made visible).
        key: String,
        /// The known key it is nearest to, if any is near.
        nearest: Option<String>,
    },
    /// A value Motley does not play for a key it knows.
    #[error("{} = {} is not supported", motley_rules::core::quote::clip(.key), motley_rules::core::quote::clip(.value))]
    UnsupportedValue {
        /// The key.
        key: String,
        /// Its value.
        value: String,
    },
    /// A value that is not of the key's type.
    #[error("{key}: {error}")]
    Value {
        /// The key.
        key: String,
        /// Why the value was refused.
        error: ValueError,
    },
    /// A piece's Betza text.
    #[error("{key}: {error}")]
    Betza {
        /// The piece's key.
        key: String,
        /// Why its text was refused.
        error: BetzaError,
    },
    /// A custom piece not written `letter:Betza`, or a named piece given
    /// something other than a letter (or `-`).
    #[error("{} = '{}': {}", motley_rules::core::quote::clip(.key), motley_rules::core::quote::clip(.value), if *.custom { "a custom piece is a letter, ':' and its moves in Betza notation (a:mNcK)" } else { "a piece is given a letter, or '-' to remove it" })]
    Letter {
        /// The piece's key.
        key: String,
        /// Its value.
        value: String,
        /// Whether the key is a custom piece's (or the king's, which
        /// may have moves of its own).
        custom: bool,
    },
    /// A piece letter in a list that no piece of the variant has.
    #[error("{key}: '{letter}' is no piece of this variant")]
    UnknownLetter {
        /// The key.
        key: String,
        /// The letter.
        letter: char,
    },
    /// More kinds than [`MAX_KINDS`].
    #[error("more than {MAX_KINDS} kinds of piece")]
    TooManyKinds,
    /// A line of the section that could not be read, or its parent.
    #[error("{0}")]
    Line(crate::variant::ini::IniErrorKind),
    /// A board size beyond 16 files or ranks, or none at all.
    #[error("{key} = {}: a board has 1 to 16 files (a to p) and 1 to 16 ranks", motley_rules::core::quote::clip(.value))]
    BoardSize {
        /// `maxFile` or `maxRank`.
        key: String,
        /// Its value.
        value: String,
    },
    /// A board other than 8×8 where only chess's board serves: the
    /// position editor and Chess960's starts.
    #[error("a board of {files}×{ranks}: the position editor and Chess960 starts are on 8×8 boards only so far")]
    Needs8x8 {
        /// The board's files.
        files: u8,
        /// The board's ranks.
        ranks: u8,
    },
    /// A key perft counts by but games do not play yet (a rule of the
    /// game's history, or moves the game has no shape for).
    #[error("{0} is counted by `motley variant perft` but not played in games yet")]
    NotPlayedYet(String),
    /// Castling's king or rook squares are not on the board.
    #[error("castling's squares are not on the board (castlingKingFile, castlingKingsideFile, castlingQueensideFile, castlingRank)")]
    CastlingOffBoard,
    /// The start position cannot be read with the variant's pieces.
    #[error("startFen: {0}")]
    StartFen(FairyFenError),
}

/// Why a variant's keys could not be read, with the line of the key (0
/// when it came from a built-in variant).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{kind}")]
pub struct KeyError {
    /// The line of the key, from 1; 0 for a built-in's key.
    pub line: usize,
    /// What is wrong.
    pub kind: KeyErrorKind,
}

impl KeyError {
    /// The error with where it is: its line in a `.ini` file, or that it
    /// came with a built-in parent; a JSON file (`json`) has no lines.
    pub fn located(&self, json: bool) -> String {
        let why = motley_rules::core::quote::visible(&self.kind.to_string()).into_owned();
        match (json, self.line) {
            (true, _) => why,
            (false, 0) => format!("{why} (in the built-in variant it inherits)"),
            (false, line) => format!("line {line}: {why}"),
        }
    }
}

/// Every error of one variant, in the order of their lines (never
/// empty): a section is refused with all of them at once.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}", self.describe(false))]
pub struct KeyErrors(pub Vec<KeyError>);

impl KeyErrors {
    /// Each error [`KeyError::located`], joined by `; `.
    pub fn describe(&self, json: bool) -> String {
        let all: Vec<String> = self.0.iter().map(|e| e.located(json)).collect();
        all.join("; ")
    }
}
