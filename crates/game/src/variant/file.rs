//! What every variant source shares: the one way a variant file is read
//! from disk (a regular file only, bounded, a byte-order mark accepted,
//! bad UTF-8 named by its line) and the one rule a variant id keeps,
//! whether it comes from a JSON file, an `.ini` section or a built-in.
//! Ids reach terminals, engines (UCI) and file names, so none of them
//! may carry more than letters, digits, `-` and `_`.

use motley_disk::files::{read_regular, ReadError};
use motley_rules::core::quote::clip;
use std::path::Path;
use thiserror::Error;

/// The most bytes a variant file may have, JSON or `.ini`, wherever it
/// is read from: Fairy-Stockfish's own file of every example is under
/// 100 KB.
pub const MAX_VARIANT_FILE_BYTES: u64 = 1024 * 1024;

/// The longest variant id: longer ones are no names a person types.
pub const MAX_ID_CHARS: usize = 64;

/// Why a variant file could not be read as text.
#[derive(Debug, Error)]
pub enum VariantFileError {
    /// Not a regular file, too large, or unreadable.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// A byte that is not UTF-8.
    #[error("line {line} is not UTF-8 text (byte {byte} of the file)")]
    NotUtf8 {
        /// The line of the bad byte, from 1.
        line: usize,
        /// Its offset in the file, from 0.
        byte: usize,
    },
}

/// The text of a variant file: only a regular file (never a FIFO or a
/// device, nor one behind a symlink) of at most
/// [`MAX_VARIANT_FILE_BYTES`], without a leading byte-order mark.
pub fn read_variant_file(path: &Path) -> Result<String, VariantFileError> {
    let bytes = read_regular(path, MAX_VARIANT_FILE_BYTES)?;
    variant_text(bytes)
}

/// Bytes of a variant file as its text: a UTF-8 byte-order mark is
/// dropped (editors on some systems write one), and a byte that is not
/// UTF-8 is refused with its line.
pub fn variant_text(mut bytes: Vec<u8>) -> Result<String, VariantFileError> {
    if bytes.starts_with(b"\xef\xbb\xbf") {
        bytes.drain(..3);
    }
    String::from_utf8(bytes).map_err(|e| {
        let byte = e.utf8_error().valid_up_to();
        let line = 1 + e.as_bytes()[..byte].iter().filter(|&&b| b == b'\n').count();
        VariantFileError::NotUtf8 { line, byte }
    })
}

/// Why a text is not a variant id.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IdError {
    /// Nothing at all.
    #[error("a variant id cannot be empty")]
    Empty,
    /// Longer than [`MAX_ID_CHARS`].
    #[error("'{0}' is not a variant id: at most {MAX_ID_CHARS} characters")]
    TooLong(String),
    /// A character other than a letter, a digit, `-` or `_`.
    #[error("'{0}' is not a variant id: letters, digits, '-' and '_' only")]
    Characters(String),
}

/// The one rule every variant id keeps, from every source: 1 to
/// [`MAX_ID_CHARS`] ASCII letters, digits, `-` and `_`. Such an id is
/// safe in a file name (no separator, no `..`, no leading dot), a UCI
/// line and a terminal.
pub fn check_id(id: &str) -> Result<(), IdError> {
    if id.is_empty() {
        return Err(IdError::Empty);
    }
    if !id
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(IdError::Characters(clip(id)));
    }
    if id.len() > MAX_ID_CHARS {
        return Err(IdError::TooLong(clip(id)));
    }
    Ok(())
}
