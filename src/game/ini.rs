//! Fairy-Stockfish's `variants.ini` format, read as Fairy-Stockfish reads
//! it, so that a file written for it means the same here
//! (docs/rules.md, "Variant files in Fairy-Stockfish's format"):
//!
//! - `[name]` starts a variant and `[name:parent]` one that inherits its
//!   parent's rules, given earlier in the file or built in; anything after
//!   the `]` on that line is ignored, and lines before the first section
//!   are too;
//! - `key = value` lines: the key is what comes before the first `=`
//!   (trailing spaces trimmed), the value what follows it (leading and
//!   trailing spaces trimmed); a key given twice keeps its last value;
//! - lines whose first character is `#` or `;` are comments, and blank
//!   lines are skipped.
//!
//! Where Fairy-Stockfish only warns (a line with no `=`, a section given
//! twice) or goes on silently, Motley refuses with the line: a file must
//! never be read differently from what its author meant.
//!
//! The values' types (booleans, ranks, files, squares, castling rights,
//! results) are read by the functions at the end, each refusing what it
//! cannot read.

use crate::core::{Bitboard, Square};
use std::collections::BTreeMap;
use thiserror::Error;

/// Files larger than this are refused before reading: Fairy-Stockfish's
/// own file of every example is under 100 KB.
pub const MAX_INI_BYTES: usize = 1024 * 1024;

/// One `key = value` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IniEntry {
    /// The key, as written (case matters, as in Fairy-Stockfish).
    pub key: String,
    /// The value, trimmed.
    pub value: String,
    /// Its line in the file, from 1.
    pub line: usize,
}

/// One `[name]` or `[name:parent]` section and its lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IniSection {
    /// The variant's id.
    pub name: String,
    /// The variant it inherits from, if any.
    pub parent: Option<String>,
    /// The header's line, from 1.
    pub line: usize,
    /// Its `key = value` lines, in order.
    pub entries: Vec<IniEntry>,
}

/// What is wrong with a file, without the where.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IniErrorKind {
    /// Larger than [`MAX_INI_BYTES`].
    #[error("the file is larger than {MAX_INI_BYTES} bytes")]
    TooLarge,
    /// A `[` with no `]` after it on the line.
    #[error("the section header has no closing ']'")]
    UnclosedHeader,
    /// `[]` or `[:parent]`.
    #[error("the section has no name")]
    EmptyName,
    /// `[name:]`.
    #[error("the section names no parent after ':'")]
    EmptyParent,
    /// A name with characters beyond letters, digits, `-` and `_`.
    #[error("'{0}' is not a variant name (letters, digits, '-' and '_' only)")]
    BadName(String),
    /// The same section twice.
    #[error("variant '{name}' is already given on line {first}")]
    DuplicateSection {
        /// The name.
        name: String,
        /// Where it was first given.
        first: usize,
    },
    /// A line that is neither a section, a comment nor `key = value`.
    #[error("the line is not 'key = value'")]
    NoEquals,
    /// `= value`.
    #[error("the line has no key before '='")]
    EmptyKey,
    /// A control character (other than a tab) in a line.
    #[error("the line has a control character")]
    ControlCharacter,
    /// A `[name:parent]` whose parent is neither earlier in the file nor
    /// built in.
    #[error("variant '{name}' inherits from '{parent}', which is not defined before it")]
    UnknownParent {
        /// The child.
        name: String,
        /// The missing parent.
        parent: String,
    },
}

/// Why a file was refused, with its line.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}: {kind}")]
pub struct IniError {
    /// The line, from 1 (0 for the whole file).
    pub line: usize,
    /// What is wrong.
    pub kind: IniErrorKind,
}

/// Reads the sections of a `variants.ini` text.
pub fn read_ini(text: &str) -> Result<Vec<IniSection>, IniError> {
    if text.len() > MAX_INI_BYTES {
        return Err(IniError {
            line: 0,
            kind: IniErrorKind::TooLarge,
        });
    }
    let mut sections: Vec<IniSection> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let fail = |kind| Err(IniError { line, kind });
        let input = raw.strip_suffix('\r').unwrap_or(raw);
        if input.chars().any(|c| c.is_control() && c != '\t') {
            return fail(IniErrorKind::ControlCharacter);
        }
        if let Some(header) = input.strip_prefix('[') {
            let Some((inside, _)) = header.split_once(']') else {
                return fail(IniErrorKind::UnclosedHeader);
            };
            let section = read_header(inside, line)?;
            if let Some(first) = sections.iter().find(|s| s.name == section.name) {
                return fail(IniErrorKind::DuplicateSection {
                    name: section.name,
                    first: first.line,
                });
            }
            sections.push(section);
            continue;
        }
        // Lines before the first section are not read, as in Fairy-Stockfish.
        let Some(section) = sections.last_mut() else {
            continue;
        };
        if input.starts_with(['#', ';']) || input.trim().is_empty() {
            continue;
        }
        let Some((key, value)) = input.split_once('=') else {
            return fail(IniErrorKind::NoEquals);
        };
        let key = key.trim_end();
        if key.trim().is_empty() {
            return fail(IniErrorKind::EmptyKey);
        }
        section.entries.push(IniEntry {
            key: key.to_string(),
            value: value.trim().to_string(),
            line,
        });
    }
    Ok(sections)
}

/// Reads what is between `[` and `]`.
fn read_header(inside: &str, line: usize) -> Result<IniSection, IniError> {
    let fail = |kind| Err(IniError { line, kind });
    let (name, parent) = match inside.split_once(':') {
        Some((name, parent)) => (name, Some(parent)),
        None => (inside, None),
    };
    if name.is_empty() {
        return fail(IniErrorKind::EmptyName);
    }
    let good = |s: &str| {
        s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    };
    if !good(name) {
        return fail(IniErrorKind::BadName(name.to_string()));
    }
    match parent {
        Some("") => return fail(IniErrorKind::EmptyParent),
        Some(p) if !good(p) => return fail(IniErrorKind::BadName(p.to_string())),
        _ => {}
    }
    Ok(IniSection {
        name: name.to_string(),
        parent: parent.map(str::to_string),
        line,
        entries: Vec::new(),
    })
}

/// A variant's keys with inheritance applied: each key's value and the
/// line it came from (in this file; 0 when it came from a built-in).
pub type ResolvedKeys = BTreeMap<String, (String, usize)>;

/// The keys of section `index` with its parents' underneath: a parent
/// given earlier in the file, or else one `builtin` knows. A key given
/// twice keeps its last value; a child's value replaces its parent's.
pub fn resolve(
    sections: &[IniSection],
    index: usize,
    builtin: &dyn Fn(&str) -> Option<ResolvedKeys>,
) -> Result<ResolvedKeys, IniError> {
    let section = &sections[index];
    let mut keys = match &section.parent {
        None => ResolvedKeys::new(),
        Some(parent) => match sections[..index].iter().position(|s| &s.name == parent) {
            Some(p) => resolve(sections, p, builtin)?,
            None => builtin(parent).ok_or_else(|| IniError {
                line: section.line,
                kind: IniErrorKind::UnknownParent {
                    name: section.name.clone(),
                    parent: parent.clone(),
                },
            })?,
        },
    };
    for entry in &section.entries {
        keys.insert(entry.key.clone(), (entry.value.clone(), entry.line));
    }
    Ok(keys)
}

/// Why a value could not be read as its key's type.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ValueError {
    /// Not `true` or `false`.
    #[error("'{0}' is not true or false")]
    Bool(String),
    /// Not a whole number in range.
    #[error("'{0}' is not a whole number from 0 to {max}", max = u32::MAX)]
    Number(String),
    /// Not a rank of the board.
    #[error("'{0}' is not a rank of the board")]
    Rank(String),
    /// Not a file of the board.
    #[error("'{0}' is not a file of the board")]
    File(String),
    /// Not a square, `*N` rank or `x*` file of the board.
    #[error("'{0}' is not a square, rank (*1) or file (a*) of the board")]
    Square(String),
    /// Not `win`, `loss`, `draw` or `none`.
    #[error("'{0}' is not win, loss, draw or none")]
    Result(String),
    /// Not castling letters (`KQkq`, or `-`).
    #[error("'{0}' is not castling rights (KQkq or -)")]
    Castling(String),
    /// Not piece values written `letter:value` (`p:150 n:800`).
    #[error("'{0}' is not piece values written as letter:value (p:150 n:800)")]
    PieceValues(String),
    /// Not pairs of piece letters (`p:g n:e`).
    #[error("'{0}' is not pieces paired as letter:letter (p:g n:e)")]
    PiecePairs(String),
}

/// Pairs of piece letters as `p:g n:e` (a kind and what it promotes to).
pub fn read_piece_pairs(value: &str) -> Result<Vec<(char, char)>, ValueError> {
    let bad = || ValueError::PiecePairs(crate::core::quote::clip(value));
    let letter = |text: &str| {
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => Some(c),
            _ => None,
        }
    };
    value
        .split_whitespace()
        .map(|pair| {
            let (from, to) = pair.split_once(':').ok_or_else(bad)?;
            Ok((letter(from).ok_or_else(bad)?, letter(to).ok_or_else(bad)?))
        })
        .collect()
}

/// Piece values as `p:150 n:800`: each letter (lower case) with its
/// value in Fairy-Stockfish's units.
pub fn read_piece_values(value: &str) -> Result<Vec<(char, u32)>, ValueError> {
    let bad = || ValueError::PieceValues(crate::core::quote::clip(value));
    value
        .split_whitespace()
        .map(|pair| {
            let (letter, number) = pair.split_once(':').ok_or_else(bad)?;
            let mut chars = letter.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return Err(bad());
            };
            let v = number.parse::<u32>().map_err(|_| bad())?;
            (c.is_ascii_alphabetic() && v <= 100_000)
                .then_some((c.to_ascii_lowercase(), v))
                .ok_or_else(bad)
        })
        .collect()
}

/// A game result from the side to move's point of view (`Value` in the
/// format): what stalemate, checkmate or a flag means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IniResult {
    /// The side to move wins.
    Win,
    /// The side to move loses.
    Loss,
    /// A draw.
    Draw,
    /// The rule does not apply.
    None,
}

/// Reads `true` or `false`.
pub fn read_bool(value: &str) -> Result<bool, ValueError> {
    match value {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(ValueError::Bool(value.to_string())),
    }
}

/// Reads a whole number.
pub fn read_number(value: &str) -> Result<u32, ValueError> {
    value
        .parse::<u32>()
        .ok()
        .filter(|_| value.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| ValueError::Number(value.to_string()))
}

/// Reads a rank, 1 to `ranks`, as a 0-based index.
pub fn read_rank(value: &str, ranks: u8) -> Result<i8, ValueError> {
    match read_number(value) {
        Ok(r) if (1..=u32::from(ranks)).contains(&r) => Ok(r as i8 - 1),
        _ => Err(ValueError::Rank(value.to_string())),
    }
}

/// Reads a file, a letter or 1 to `files`, as a 0-based index.
pub fn read_file(value: &str, files: u8) -> Result<i8, ValueError> {
    let bad = || ValueError::File(value.to_string());
    let index = match value.as_bytes() {
        [c] if c.is_ascii_lowercase() => u32::from(c - b'a') + 1,
        _ => read_number(value).map_err(|_| bad())?,
    };
    if (1..=u32::from(files)).contains(&index) {
        Ok(index as i8 - 1)
    } else {
        Err(bad())
    }
}

/// Reads a list of squares (`d4 e4`), whole ranks (`*1`) and whole files
/// (`a*`), on a board of `files` × `ranks`; `-` or nothing is none.
pub fn read_squares(value: &str, files: u8, ranks: u8) -> Result<Bitboard, ValueError> {
    let mut out = Bitboard::EMPTY;
    for word in value.split_whitespace() {
        if word == "-" {
            break;
        }
        let bad = || ValueError::Square(word.to_string());
        let (file, rank) = match word.split_at_checked(1).ok_or_else(bad)? {
            ("*", rank) => (None, Some(read_rank(rank, ranks).map_err(|_| bad())?)),
            (file, "*") => (Some(read_file(file, files).map_err(|_| bad())?), None),
            (file, rank) => (
                Some(read_file(file, files).map_err(|_| bad())?),
                Some(read_rank(rank, ranks).map_err(|_| bad())?),
            ),
        };
        for f in 0..files as i8 {
            for r in 0..ranks as i8 {
                if file.is_none_or(|x| x == f) && rank.is_none_or(|x| x == r) {
                    out.insert(Square::from_coords(f, r).ok_or_else(bad)?);
                }
            }
        }
    }
    Ok(out)
}

/// Reads a result for the side to move.
pub fn read_result(value: &str) -> Result<IniResult, ValueError> {
    match value {
        "win" => Ok(IniResult::Win),
        "loss" => Ok(IniResult::Loss),
        "draw" => Ok(IniResult::Draw),
        "none" => Ok(IniResult::None),
        _ => Err(ValueError::Result(value.to_string())),
    }
}

/// Castling rights as FEN writes them: White's king side, White's queen
/// side, Black's king side, Black's queen side.
pub fn read_castling(value: &str) -> Result<[bool; 4], ValueError> {
    let mut rights = [false; 4];
    for c in value.chars().filter(|c| !c.is_whitespace()) {
        match c {
            '-' => break,
            'K' => rights[0] = true,
            'Q' => rights[1] = true,
            'k' => rights[2] = true,
            'q' => rights[3] = true,
            _ => return Err(ValueError::Castling(value.to_string())),
        }
    }
    Ok(rights)
}
