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
//! never be read differently from what its author meant. A bad line
//! refuses only the section it is in (a bad header, the lines up to the
//! next one), and every such line is reported, not just the first.
//!
//! A section may give its display name and summary in comments that
//! Fairy-Stockfish skips: `# name: Mini Chess`, `# summary: …`.
//!
//! The values' types (booleans, ranks, files, squares, castling rights,
//! results) are read by the functions at the end, each refusing what it
//! cannot read.

use motley_rules::core::grid::{Grid, Grid8, GridSet, GridSquare};
use motley_rules::core::Bitboard;
use std::collections::{BTreeMap, HashMap};
use thiserror::Error;

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
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct IniSection {
    /// The variant's id.
    pub name: String,
    /// The variant it inherits from, if any.
    pub parent: Option<String>,
    /// The header's line, from 1.
    pub line: usize,
    /// Its `key = value` lines, in order.
    pub entries: Vec<IniEntry>,
    /// The name players know it by (`# name: …`), if the file gives one.
    pub display_name: Option<String>,
    /// Its one-line description (`# summary: …`), if the file gives one.
    pub summary: Option<String>,
    /// Its lines that could not be read (the section is refused).
    pub problems: Vec<IniError>,
}

/// A whole file: its sections, and the lines that belong to none and
/// could not be read (bad headers, whose lines are skipped with them).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct IniFile {
    /// The sections, in the file's order.
    pub sections: Vec<IniSection>,
    /// Headers that could not be read, and bad lines before the first
    /// section.
    pub problems: Vec<IniError>,
}

/// What is wrong with a line, without the where.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IniErrorKind {
    /// A `[` with no `]` after it on the line.
    #[error("the section header has no closing ']'")]
    UnclosedHeader,
    /// `[]` or `[:parent]`.
    #[error("the section has no name")]
    EmptyName,
    /// `[name:]`.
    #[error("the section names no parent after ':'")]
    EmptyParent,
    /// A name that is no variant id
    /// ([`crate::variant::file::check_id`]).
    #[error("{0}")]
    BadName(crate::variant::file::IdError),
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
    /// A `[name:parent]` whose parent in the file is refused for a line
    /// that could not be read: the child cannot know what it inherits.
    #[error("variant '{name}' inherits from '{parent}', whose line {line} cannot be read")]
    RefusedParent {
        /// The child.
        name: String,
        /// The parent.
        parent: String,
        /// The parent's first bad line.
        line: usize,
    },
}

/// Why a line was refused, with the line.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}: {kind}")]
pub struct IniError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub kind: IniErrorKind,
}

/// Where the lines being read go.
enum Reading {
    /// Before the first section: skipped, as in Fairy-Stockfish.
    Nothing,
    /// After a header that could not be read: skipped with it.
    BadHeader,
    /// Into the last section.
    Section,
}

/// Reads the sections of a `variants.ini` text (a byte-order mark is
/// taken off before, see [`crate::variant::file`]). Nothing refuses
/// the whole file: each bad line is kept with its section, or with the
/// file when it belongs to none. Time and memory are linear in the text.
pub fn read_ini(text: &str) -> IniFile {
    let mut file = IniFile::default();
    let mut first_line: HashMap<String, usize> = HashMap::new();
    let mut into = Reading::Nothing;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let input = raw.strip_suffix('\r').unwrap_or(raw);
        let problem = |kind| IniError { line, kind };
        if let Some(header) = input.strip_prefix('[') {
            match read_header(header, line) {
                Ok(mut section) => {
                    if let Some(&first) = first_line.get(&section.name) {
                        let name = section.name.clone();
                        let kind = IniErrorKind::DuplicateSection { name, first };
                        section.problems.push(problem(kind));
                    } else {
                        first_line.insert(section.name.clone(), line);
                    }
                    file.sections.push(section);
                    into = Reading::Section;
                }
                Err(e) => {
                    file.problems.push(e);
                    into = Reading::BadHeader;
                }
            }
            continue;
        }
        let section = match (&into, file.sections.last_mut()) {
            (Reading::Section, Some(section)) => section,
            // Lines before the first section are not read, as in
            // Fairy-Stockfish; but a control character is never passed.
            (Reading::Nothing, _) if has_control(input) => {
                file.problems.push(problem(IniErrorKind::ControlCharacter));
                continue;
            }
            _ => continue,
        };
        if has_control(input) {
            section
                .problems
                .push(problem(IniErrorKind::ControlCharacter));
            continue;
        }
        if let Some(comment) = input.strip_prefix('#') {
            read_name_comment(section, comment);
            continue;
        }
        if input.starts_with(';') || input.trim().is_empty() {
            continue;
        }
        if let Some((key, value)) = input.split_once('=') {
            let key = key.trim_end();
            if key.trim().is_empty() {
                section.problems.push(problem(IniErrorKind::EmptyKey));
                continue;
            }
            section.entries.push(IniEntry {
                key: key.to_string(),
                value: value.trim().to_string(),
                line,
            });
        } else {
            section.problems.push(problem(IniErrorKind::NoEquals));
        }
    }
    file
}

fn has_control(line: &str) -> bool {
    line.chars().any(|c| c.is_control() && c != '\t')
}

/// `# name: …` and `# summary: …` in a section: what players call the
/// variant and its one line, which Fairy-Stockfish reads as comments.
fn read_name_comment(section: &mut IniSection, comment: &str) {
    let Some((field, value)) = comment.trim().split_once(':') else {
        return;
    };
    let value = value.trim();
    if value.is_empty() {
        return;
    }
    match field.trim() {
        "name" => section.display_name = Some(value.to_string()),
        "summary" => section.summary = Some(value.to_string()),
        _ => {}
    }
}

/// Reads a header line after its `[`.
fn read_header(header: &str, line: usize) -> Result<IniSection, IniError> {
    let fail = |kind| Err(IniError { line, kind });
    let Some((inside, _)) = header.split_once(']') else {
        return fail(IniErrorKind::UnclosedHeader);
    };
    let (name, parent) = match inside.split_once(':') {
        Some((name, parent)) => (name, Some(parent)),
        None => (inside, None),
    };
    if name.is_empty() {
        return fail(IniErrorKind::EmptyName);
    }
    let check = crate::variant::file::check_id;
    if let Err(e) = check(name) {
        return fail(IniErrorKind::BadName(e));
    }
    match parent {
        Some("") => return fail(IniErrorKind::EmptyParent),
        Some(p) => {
            if let Err(e) = check(p) {
                return fail(IniErrorKind::BadName(e));
            }
        }
        None => {}
    }
    Ok(IniSection {
        name: name.to_string(),
        parent: parent.map(str::to_string),
        line,
        ..IniSection::default()
    })
}

/// A variant's keys with inheritance applied: each key's value and the
/// line it came from (in this file; 0 when it came from a built-in).
pub type ResolvedKeys = BTreeMap<String, (String, usize)>;

/// The keys of every section of `file` with its parents' underneath (a
/// parent given earlier in the file, or else one `builtin` knows), in
/// the file's order. A key given twice keeps its last value; a child's
/// value replaces its parent's. Each section is resolved once, its
/// parent found by name in a map: linear in the file however long its
/// chains are. A section whose parent is missing or refused for a bad
/// line gets that error.
pub fn resolve_all(
    file: &IniFile,
    builtin: &dyn Fn(&str) -> Option<ResolvedKeys>,
) -> Vec<Result<ResolvedKeys, IniError>> {
    let mut out: Vec<Result<ResolvedKeys, IniError>> = Vec::with_capacity(file.sections.len());
    // The first section of each name, the one a child inherits from.
    let mut by_name: HashMap<&str, usize> = HashMap::new();
    for (index, section) in file.sections.iter().enumerate() {
        let fail = |kind| IniError {
            line: section.line,
            kind,
        };
        let keys = match &section.parent {
            None => Ok(ResolvedKeys::new()),
            Some(parent) => match by_name.get(parent.as_str()) {
                Some(&p) => match (&out[p], file.sections[p].problems.first()) {
                    (Ok(keys), None) => Ok(keys.clone()),
                    (_, Some(bad)) => Err(fail(IniErrorKind::RefusedParent {
                        name: section.name.clone(),
                        parent: parent.clone(),
                        line: bad.line,
                    })),
                    (Err(e), None) => Err(fail(inherited(e, &section.name, parent))),
                },
                None => builtin(parent).ok_or_else(|| {
                    fail(IniErrorKind::UnknownParent {
                        name: section.name.clone(),
                        parent: parent.clone(),
                    })
                }),
            },
        };
        let inherited_keys = keys.clone().unwrap_or_default();
        let keys = keys.map(|mut keys| {
            for entry in &section.entries {
                let value = merged(&inherited_keys, &entry.key, &entry.value);
                keys.insert(entry.key.clone(), (value, entry.line));
            }
            keys
        });
        out.push(keys);
        by_name.entry(section.name.as_str()).or_insert(index);
    }
    out
}

/// Keys a child adds to rather than replaces, as Fairy-Stockfish reads
/// them: a child's `promotedPieceType` sets its pieces' entries and
/// keeps the parent's others (gorogoroplus adds the lance's and knight's
/// to gorogoro's pawn and silver).
const MERGED_KEYS: [&str; 1] = ["promotedPieceType"];

/// A child's value of `key`, with the parent's first where the key adds
/// to it ([`MERGED_KEYS`]; the reader lets a later entry win).
fn merged(parent: &ResolvedKeys, key: &str, value: &str) -> String {
    match parent.get(key) {
        Some((before, _)) if MERGED_KEYS.contains(&key) => format!("{before} {value}"),
        _ => value.to_string(),
    }
}

/// What a child is told when its parent's own parent is missing or
/// refused: the parent's trouble, named as the child's.
fn inherited(e: &IniError, name: &str, parent: &str) -> IniErrorKind {
    match &e.kind {
        IniErrorKind::RefusedParent { line, .. } => IniErrorKind::RefusedParent {
            name: name.to_string(),
            parent: parent.to_string(),
            line: *line,
        },
        _ => IniErrorKind::RefusedParent {
            name: name.to_string(),
            parent: parent.to_string(),
            line: e.line,
        },
    }
}

/// Why a value could not be read as its key's type.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ValueError {
    /// Not `true` or `false`.
    #[error("'{}' is not true or false", motley_rules::core::quote::clip(.0))]
    Bool(String),
    /// Not a whole number in range.
    #[error("'{}' is not a whole number from 0 to {max}", motley_rules::core::quote::clip(.0), max = u32::MAX)]
    Number(String),
    /// Not a rank of the board.
    #[error("'{}' is not a rank of the board", motley_rules::core::quote::clip(.0))]
    Rank(String),
    /// Not a file of the board.
    #[error("'{}' is not a file of the board", motley_rules::core::quote::clip(.0))]
    File(String),
    /// Not a square, `*N` rank or `x*` file of the board.
    #[error("'{}' is not a square, rank (*1) or file (a*) of the board", motley_rules::core::quote::clip(.0))]
    Square(String),
    /// Not `win`, `loss`, `draw` or `none`.
    #[error("'{}' is not win, loss, draw or none", motley_rules::core::quote::clip(.0))]
    Result(String),
    /// Not castling letters (`KQkq`, or `-`).
    #[error("'{}' is not castling rights (KQkq or -)", motley_rules::core::quote::clip(.0))]
    Castling(String),
    /// Not piece values written `letter:value` (`p:150 n:800`).
    #[error("'{}' is not piece values written as letter:value (p:150 n:800)", motley_rules::core::quote::clip(.0))]
    PieceValues(String),
    /// Not pairs of piece letters (`p:g n:e`).
    #[error("'{}' is not pieces paired as letter:letter (p:g n:e)", motley_rules::core::quote::clip(.0))]
    PiecePairs(String),
}

/// Pairs of piece letters as `p:g n:e` (a kind and what it promotes to).
pub fn read_piece_pairs(value: &str) -> Result<Vec<(char, char)>, ValueError> {
    let bad = || ValueError::PiecePairs(motley_rules::core::quote::clip(value));
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
    let bad = || ValueError::PieceValues(motley_rules::core::quote::clip(value));
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
    read_grid_squares::<Grid8>(value, files, ranks)
}

/// [`read_squares`] on a board in grid `G` (`j10`, `*10`).
pub fn read_grid_squares<G: Grid>(value: &str, files: u8, ranks: u8) -> Result<G::Set, ValueError> {
    let mut out = G::Set::EMPTY;
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
                    out.insert(G::Sq::from_coords(f, r).ok_or_else(bad)?);
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
