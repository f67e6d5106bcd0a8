//! Betza notation: a piece's moves written as text (`N` a knight, `fmWfcF`
//! a pawn without its double step, `mRcpR` a cannon), so that a variant
//! file can define pieces instead of code. The reading follows
//! Fairy-Stockfish's, so that the same text means the same piece in both
//! programs (docs/rules.md, "Pieces in Betza notation"):
//!
//! - atoms `W F D N A H C L Z J G` (a leap of (1,0) … (3,3)) and the
//!   compounds `K` (W+F), `R`, `B`, `Q` (riders of W, F, K);
//! - a doubled atom or a digit after it makes it ride (`NN`, `W3`; 0 is
//!   no limit);
//! - `m` moves only, `c` captures only, neither both;
//! - `f b l r v s h` and their pairs choose directions (`fN`, `fsW`);
//! - `p` hops over one piece as a cannon, `g` as a grasshopper;
//! - `n` makes a leap lame (blocked on its way), `i` allows the part only
//!   from the double-step region, `e` marks a capture that may be en
//!   passant where the variant allows it.
//!
//! Where Fairy-Stockfish would silently give a piece no move (a dabbaba
//! rider, a hopping knight, a lame wazir) or ignore a letter, Motley
//! refuses the text with the place of the trouble instead.

mod reach;

pub use reach::{PieceMoves, Reach};

use thiserror::Error;

/// Longer texts are refused: no real piece needs more, and a file must not
/// be able to make tables of any size.
pub const MAX_BETZA_LEN: usize = 64;

/// How a part of a move gets to its squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Movement {
    /// One jump that nothing blocks.
    Leap,
    /// One jump blocked by a piece on its way (`nN`, the xiangqi horse).
    Lame,
    /// Repeated steps until blocked, at most `limit` of them (0: any).
    Ride {
        /// The most steps; 0 for no limit.
        limit: u8,
    },
    /// Along a line over exactly one piece (the hurdle): a cannon lands
    /// anywhere beyond it up to the next piece, a grasshopper just beyond.
    Hop {
        /// True for the grasshopper (`g`), which lands next to its hurdle.
        grasshopper: bool,
    },
}

/// One atom of a Betza text with the modifiers written before it: the
/// steps it may take, how, and for what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovePart {
    /// Steps as (files, ranks) from White's side; Black's are turned
    /// round (both signs changed), as Fairy-Stockfish turns them.
    pub steps: Vec<(i8, i8)>,
    /// How the steps are taken.
    pub movement: Movement,
    /// The part moves to empty squares.
    pub quiet: bool,
    /// The part captures.
    pub capture: bool,
    /// Only from the double-step region (`i`); such parts never capture.
    pub initial: bool,
    /// The capture may be en passant (`e`), where the variant allows it.
    pub en_passant: bool,
}

/// A piece's moves read from Betza notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Betza {
    /// The text as written.
    pub text: String,
    /// Its parts, in the order written.
    pub parts: Vec<MovePart>,
}

/// What Motley does not read in Betza notation, named so that a refusal
/// can say it in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum Unsupported {
    /// Only W, F, N and their compounds ride (`DD`, `AA` do not).
    #[error("a rider of '{0}' (only W, F, N and their compounds ride)")]
    RiderAtom(char),
    /// Only lines of rooks and bishops can be hopped along (`pN` cannot).
    #[error("a hopper along '{0}' leaps (hoppers go along a rook's or a bishop's lines)")]
    HopperAtom(char),
    /// A hopper with a range (`pR2`).
    #[error("a hopper with a range")]
    HopperRange,
    /// Only D, N, A and Z leaps can be lame (`nW` cannot).
    #[error("a lame '{0}' leap (only D, N, A and Z leaps can be lame)")]
    LameAtom(char),
    /// A lame rider (`nNN`).
    #[error("a lame rider")]
    LameRider,
    /// An initial move that captures (`icW`).
    #[error("an initial move that captures")]
    InitialCapture,
}

/// Why a Betza text was refused, with the character (counted from 1)
/// where the trouble is.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BetzaError {
    /// A character that is no atom, modifier or range.
    #[error("character {at} ('{ch}') is not Betza notation")]
    UnknownCharacter {
        /// Place, from 1.
        at: usize,
        /// The character.
        ch: char,
    },
    /// Modifiers after the last atom modify nothing.
    #[error("character {at}: the modifiers at the end come before no atom")]
    NoAtom {
        /// Place of the first such modifier, from 1.
        at: usize,
    },
    /// Readable, but a piece Motley cannot play as Fairy-Stockfish would.
    #[error("character {at}: {what} is not supported")]
    Unsupported {
        /// Place, from 1.
        at: usize,
        /// What it is.
        what: Unsupported,
    },
    /// Longer than [`MAX_BETZA_LEN`].
    #[error("{len} characters is too long for a piece (at most {MAX_BETZA_LEN})")]
    TooLong {
        /// The text's length in characters.
        len: usize,
    },
}

/// The leap of an atom letter as (long, short) components, Fairy-
/// Stockfish's reading of the letters; `K` is two atoms.
fn leaper_atoms(c: char) -> Option<&'static [(i8, i8)]> {
    Some(match c {
        'W' => &[(1, 0)],
        'F' => &[(1, 1)],
        'D' => &[(2, 0)],
        'N' => &[(2, 1)],
        'A' => &[(2, 2)],
        'H' => &[(3, 0)],
        'C' | 'L' => &[(3, 1)],
        'Z' | 'J' => &[(3, 2)],
        'G' => &[(3, 3)],
        'K' => &[(1, 0), (1, 1)],
        _ => return None,
    })
}

/// The riding compounds: a rook rides W, a bishop F, a queen both.
fn rider_atoms(c: char) -> Option<&'static [(i8, i8)]> {
    Some(match c {
        'R' => &[(1, 0)],
        'B' => &[(1, 1)],
        'Q' => &[(1, 0), (1, 1)],
        _ => return None,
    })
}

const VERTICALS: &str = "fbvh";
const HORIZONTALS: &str = "rlsh";

/// Modifiers read so far, waiting for their atom.
#[derive(Default)]
struct Pending {
    quiet: bool,
    capture: bool,
    hop: bool,
    grasshopper: bool,
    lame: bool,
    initial: bool,
    en_passant: bool,
    directions: Vec<[char; 2]>,
    /// Where the first pending modifier was, from 1.
    first: Option<usize>,
}

impl Betza {
    /// Reads a Betza text. The empty text is a piece that cannot move.
    pub fn parse(text: &str) -> Result<Betza, BetzaError> {
        let chars: Vec<char> = text.chars().collect();
        if chars.len() > MAX_BETZA_LEN {
            return Err(BetzaError::TooLong { len: chars.len() });
        }
        let mut parts = Vec::new();
        let mut pending = Pending::default();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let at = i + 1;
            match c {
                'm' | 'c' | 'p' | 'g' | 'n' | 'i' | 'e' => {
                    pending.first.get_or_insert(at);
                    match c {
                        'm' => pending.quiet = true,
                        'c' => pending.capture = true,
                        'p' => pending.hop = true,
                        'g' => (pending.hop, pending.grasshopper) = (true, true),
                        'n' => pending.lame = true,
                        'i' => pending.initial = true,
                        _ => pending.en_passant = true,
                    }
                }
                _ if VERTICALS.contains(c) || HORIZONTALS.contains(c) => {
                    pending.first.get_or_insert(at);
                    let next = chars.get(i + 1).copied();
                    match next.filter(|&n| pairs(c, n)) {
                        Some(n) => {
                            pending.directions.push([c, n]);
                            i += 1;
                        }
                        None => pending.directions.push([c, c]),
                    }
                }
                _ => {
                    let (part, used) = read_atom(&chars, i, std::mem::take(&mut pending))?;
                    parts.extend(part);
                    i += used;
                    continue;
                }
            }
            i += 1;
        }
        if let Some(at) = pending.first {
            return Err(BetzaError::NoAtom { at });
        }
        Ok(Betza {
            text: text.to_string(),
            parts,
        })
    }
}

/// Two direction letters read as one pair: a doubled letter, or one of
/// each axis (`fs`, `rf`, `fh`).
fn pairs(c: char, n: char) -> bool {
    c == n
        || (VERTICALS.contains(c) && HORIZONTALS.contains(n))
        || (HORIZONTALS.contains(c) && VERTICALS.contains(n))
}

/// Reads the atom at `chars[i]` (with a doubling letter or digit after
/// it) under the pending modifiers; returns its part and the characters
/// used.
fn read_atom(
    chars: &[char],
    i: usize,
    pending: Pending,
) -> Result<(Option<MovePart>, usize), BetzaError> {
    let c = chars[i];
    let at = i + 1;
    let unsupported = |what| Err(BetzaError::Unsupported { at, what });
    let (atoms, mut rider) = match (rider_atoms(c), leaper_atoms(c)) {
        (Some(atoms), _) => (atoms, true),
        (None, Some(atoms)) => (atoms, false),
        (None, None) => return Err(BetzaError::UnknownCharacter { at, ch: c }),
    };
    let mut used = 1;
    let mut limit = 0u8;
    match chars.get(i + 1) {
        Some(&d) if d.is_ascii_digit() => {
            rider = true;
            limit = d as u8 - b'0';
            used = 2;
        }
        Some(&d) if d == c => {
            rider = true;
            used = 2;
        }
        _ => {}
    }
    let straight_or_diagonal = atoms.iter().all(|&(_, short)| short == 0)
        || atoms.iter().all(|&(long, short)| long == short);
    let unit = atoms.iter().all(|&(long, _)| long == 1);
    let movement = if pending.hop {
        // A hopper on a W or F leap hops along the whole line, as its rider.
        if !(straight_or_diagonal || c == 'K' || c == 'Q') || !unit {
            return unsupported(Unsupported::HopperAtom(c));
        }
        if limit != 0 {
            return unsupported(Unsupported::HopperRange);
        }
        Movement::Hop {
            grasshopper: pending.grasshopper,
        }
    } else if pending.lame {
        if rider {
            return unsupported(Unsupported::LameRider);
        }
        if !matches!(c, 'D' | 'N' | 'A' | 'Z' | 'J') {
            return unsupported(Unsupported::LameAtom(c));
        }
        Movement::Lame
    } else if rider {
        if !matches!(c, 'W' | 'F' | 'K' | 'R' | 'B' | 'Q' | 'N') {
            return unsupported(Unsupported::RiderAtom(c));
        }
        Movement::Ride { limit }
    } else {
        Movement::Leap
    };
    let (mut quiet, mut capture) = (pending.quiet, pending.capture);
    if !quiet && !capture {
        (quiet, capture) = (true, !pending.initial);
    }
    if pending.initial && capture {
        return unsupported(Unsupported::InitialCapture);
    }
    let single_orthogonal = atoms.len() == 1 && atoms[0].1 == 0;
    let mut steps = Vec::new();
    for &atom in atoms {
        for step in directed_steps(atom, &pending.directions, single_orthogonal) {
            if !steps.contains(&step) {
                steps.push(step);
            }
        }
    }
    let part = MovePart {
        steps,
        movement,
        quiet,
        capture,
        initial: pending.initial,
        en_passant: pending.en_passant,
    };
    Ok((Some(part), used))
}

/// The eight ways an atom (long, short) can be turned, each with the
/// direction pairs that choose it. The first letter of a mixed pair is the
/// side the move leans to, the second its main direction (`rf`: forward,
/// leaning right); `h` pairs choose by one component (`fh`: every move
/// with a forward part) or by chirality (`hr`, `hl`).
fn directed_steps(
    (long, short): (i8, i8),
    directions: &[[char; 2]],
    single_orthogonal: bool,
) -> Vec<(i8, i8)> {
    let eight: [((i8, i8), &[&str]); 8] = [
        ((short, long), &["ff", "vv", "rf", "rv", "fh", "rh", "hr"]),
        ((-short, -long), &["bb", "vv", "lb", "lv", "bh", "lh", "hr"]),
        ((long, -short), &["rr", "ss", "br", "bs", "bh", "rh", "hr"]),
        ((-long, short), &["ll", "ss", "fl", "fs", "fh", "lh", "hr"]),
        ((long, short), &["rr", "ss", "fr", "fs", "fh", "rh", "hl"]),
        ((-long, -short), &["ll", "ss", "bl", "bs", "bh", "lh", "hl"]),
        ((short, -long), &["bb", "vv", "rb", "rv", "bh", "rh", "hl"]),
        ((-short, long), &["ff", "vv", "lf", "lv", "fh", "lh", "hl"]),
    ];
    // A mixed pair on a lone straight atom means both of its letters
    // (`fsW`: forward and sideways), as for a xiangqi soldier.
    let mut chosen: Vec<String> = Vec::new();
    for &[a, b] in directions {
        if single_orthogonal && a != b {
            chosen.push([a, a].iter().collect());
            chosen.push([b, b].iter().collect());
        } else {
            chosen.push([a, b].iter().collect());
        }
    }
    let mut steps = Vec::new();
    for (step, names) in eight {
        let wanted = chosen.is_empty() || chosen.iter().any(|c| names.contains(&c.as_str()));
        if wanted && !steps.contains(&step) {
            steps.push(step);
        }
    }
    steps
}

/// Fairy-Stockfish's predefined piece names whose moves are their Betza
/// text alone, so a variant file can say `fers = f` instead of writing
/// the moves. Pieces with rules beyond their moves (the pawn, the king,
/// xiangqi's and janggi's special pieces) are not here.
pub const NAMED_PIECES: &[(&str, &str)] = &[
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("aiwok", "RNF"),
    ("bers", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "fN"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("clobber", "cW"),
    ("breakthrough", "fmWfF"),
    ("immobile", ""),
    ("cannon", "mRcpR"),
    ("soldier", "fsW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("banner", "RcpRnN"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
];

/// The Betza text of a predefined piece name.
pub fn named_piece(name: &str) -> Option<&'static str> {
    NAMED_PIECES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, betza)| *betza)
}
