//! Standard Algebraic Notation, for any rule family. Writing needs the legal
//! actions (for disambiguation) and the family's judgement of captures and
//! checks; parsing matches the text against the SAN of every legal action,
//! then falls back to a structural reading for over-specified input.

use super::action::{Action, MoveKind};
use super::grid::{parse_coords, GridSquare, Spot};
use super::types::Role;

/// The role on a square of the board, whatever its size: what SAN names.
pub type RoleOn<'a> = &'a dyn Fn(Spot) -> Option<Role>;

/// A square's file letter.
fn file_char(spot: Spot) -> char {
    char::from(b'a' + spot.file() as u8)
}

/// A square's rank number (`10` on a large board).
fn rank_text(spot: Spot) -> String {
    (spot.rank() + 1).to_string()
}

/// Write the SAN of `action` (legal in the position whose pieces
/// `role_on` names), without the check suffix; `is_capture` is the
/// family's capture test. Boards of every size are written alike
/// (`Ca10`, `P@j5`).
pub fn write_san(
    role_on: RoleOn,
    action: &Action,
    legal: &[Action],
    is_capture: &dyn Fn(&Action) -> bool,
) -> String {
    let Some(m) = action.spot_move() else {
        return action.to_string();
    };
    if m.kind == MoveKind::Castle {
        return if m.to.file() > m.from.file() {
            "O-O".to_string()
        } else {
            "O-O-O".to_string()
        };
    }
    let role = role_on(m.from).unwrap_or(Role::Pawn);
    let capture = is_capture(action);
    let in_place = |k: MoveKind| k == MoveKind::CaptureInPlace;
    let mut s = String::with_capacity(8);
    // Rivals: other legal moves of the same role and kind to the same
    // square, with whether each captures.
    let rivals: Vec<(Spot, bool)> = legal
        .iter()
        .filter_map(|a| Some((a.spot_move()?, a)))
        .filter(|(o, _)| {
            o.to == m.to
                && o.from != m.from
                && in_place(o.kind) == in_place(m.kind)
                && o.kind != MoveKind::Castle
                && role_on(o.from) == Some(role)
                && o.promotion() == m.promotion()
        })
        .map(|(o, a)| (o.from, is_capture(a)))
        .collect();
    if role == Role::Pawn && !in_place(m.kind) {
        // Pawn: file of origin when leaving the file or capturing; the rank
        // too when another pawn move would read the same (Monochrome pawns
        // move both ways and capture on four diagonals).
        let prefix = |from: Spot, cap: bool| cap || from.file() != m.to.file();
        let same_text = rivals.iter().any(|&(r, r_capture)| {
            r_capture == capture
                && prefix(r, r_capture) == prefix(m.from, capture)
                && (!prefix(m.from, capture) || r.file() == m.from.file())
        });
        if prefix(m.from, capture) || same_text {
            s.push(file_char(m.from));
            if same_text {
                s.push_str(&rank_text(m.from));
            }
        }
        if capture {
            s.push('x');
        }
        s.push_str(&m.to.to_string());
    } else {
        s.push(role.upper_char());
        if !rivals.is_empty() {
            let file_unique = rivals.iter().all(|(r, _)| r.file() != m.from.file());
            let rank_unique = rivals.iter().all(|(r, _)| r.rank() != m.from.rank());
            if file_unique {
                s.push(file_char(m.from));
            } else if rank_unique {
                s.push_str(&rank_text(m.from));
            } else {
                s.push_str(&m.from.to_string());
            }
        }
        if in_place(m.kind) {
            s.push('^');
        } else if capture {
            s.push('x');
        }
        s.push_str(&m.to.to_string());
    }
    if let Some(r) = m.promotion() {
        s.push('=');
        s.push(r.upper_char());
    }
    s
}

/// Strip decorations that never change which move is meant.
pub fn normalize_san(text: &str) -> String {
    let t = text.trim().trim_end_matches(['+', '#', '!', '?']);
    let t = t.replace("0-0-0", "O-O-O").replace("0-0", "O-O");
    t.trim_end_matches("e.p.").trim().to_string()
}

/// Long algebraic notation as players type it — `e2-e4`, `e2 e4`, `e2xe4`,
/// `Ng1-f3`, `e7-e8=Q` — joined into the text Motley reads (`e2e4`,
/// `Ng1f3`, `e7e8=Q`): the mark between the two squares says nothing the
/// squares do not. Any other text comes back unchanged.
pub fn join_long_algebraic(text: &str) -> String {
    let b = text.as_bytes();
    // A square's length at `i` (`e2`, `j10`), 0 where none starts.
    let square = |i: usize| -> usize {
        let digits = b
            .iter()
            .skip(i + 1)
            .take(2)
            .take_while(|c| c.is_ascii_digit());
        let len = 1 + digits.count();
        let name = text.get(i..i + len).unwrap_or("");
        if len > 1 && Spot::parse(name).is_some() && b[i].is_ascii_lowercase() {
            len
        } else {
            0
        }
    };
    let is_square = |i: usize| square(i) > 0;
    let start = if is_square(0) {
        0
    } else if matches!(b.first(), Some(c) if c.is_ascii_alphabetic()) && is_square(1) {
        1
    } else {
        return text.to_string();
    };
    let first = square(start);
    let mut i = start + first;
    let skip_spaces = |mut i: usize| {
        while b.get(i).is_some_and(u8::is_ascii_whitespace) {
            i += 1;
        }
        i
    };
    i = skip_spaces(i);
    if matches!(b.get(i), Some(b'-' | b'x' | b':')) {
        i = skip_spaces(i + 1);
    }
    if i == start + first || !is_square(i) {
        return text.to_string();
    }
    format!("{}{}", &text[..start + first], &text[i..])
}

/// Piece letters typed in lower case (`nf3`, `qxd7`, `o-o`) and a lower-case
/// promotion letter (`e8=q`) in the upper case SAN uses. `b` is left alone:
/// it is also the b-file, so `bc4` stays a pawn's text for the caller to
/// weigh against the bishop's.
pub fn capitalise_pieces(text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    if chars.iter().all(|c| matches!(c, 'o' | 'O' | '0' | '-')) {
        return text.to_ascii_uppercase();
    }
    // `nf3`, `nxe5`, `ngf3`: a piece letter before a square, file, rank or
    // capture mark (not a word like `quit`).
    let second_fits = chars
        .get(1)
        .is_some_and(|c| matches!(c, 'a'..='h' | '1'..='8' | 'x' | ':' | '^'));
    if let Some(first) = chars.first_mut() {
        if "kqrn".contains(*first) && second_fits {
            *first = first.to_ascii_uppercase();
        }
    }
    let n = chars.len();
    if n >= 3 && chars[n - 1].is_ascii_lowercase() {
        let before = chars[n - 2];
        // `e8=q`, and for a variant from data any kind's letter (`a1=a`).
        if before == '=' || (before.is_ascii_digit() && "qrbnk".contains(chars[n - 1])) {
            chars[n - 1] = chars[n - 1].to_ascii_uppercase();
        }
    }
    chars.into_iter().collect()
}

/// Text left over after a move's destination square, where nothing but a
/// promotion (`=Q`, `Q`) may stand once [`normalize_san`] has taken off
/// check and comment marks: `Ke7x` leaves `x` after e7. Returns the square
/// and the left-over text; `None` when the text ends as a move ends, or
/// does not read as SAN up to its last square (castling, `buy:move1`).
pub fn trailing_junk(text: &str) -> Option<(Spot, String)> {
    let t = normalize_san(text);
    let chars: Vec<char> = t.chars().collect();
    let is_file = |c: char| ('a'..='p').contains(&c);
    let last = (0..chars.len().saturating_sub(1))
        .rev()
        .find(|&i| is_file(chars[i]) && ('1'..='9').contains(&chars[i + 1]))?;
    let san_like = chars[..last]
        .iter()
        .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || is_file(*c) || "x:^".contains(*c));
    if !san_like {
        return None;
    }
    // The square's rank: one digit, or two where a board has them.
    let digits = chars[last + 1..]
        .iter()
        .take(2)
        .take_while(|c| c.is_ascii_digit())
        .count();
    let name: String = chars[last..last + 1 + digits].iter().collect();
    let (square, end) = match Spot::parse(&name) {
        Some(sq) => (sq, last + 1 + digits),
        None => (Spot::parse(&name[..2])?, last + 2),
    };
    let rest: String = chars[end..].iter().collect();
    let promotion = rest.strip_prefix('=').unwrap_or(&rest);
    // Any piece letter: a variant from data promotes to its own kinds.
    let is_promotion = promotion.len() == 1
        && promotion
            .chars()
            .all(|c| c.is_ascii_uppercase() || "qrbnk".contains(c));
    (!rest.is_empty() && !is_promotion).then_some((square, rest))
}

fn loose(s: &str) -> String {
    s.chars()
        .filter(|c| *c != 'x' && *c != '=' && *c != ':')
        .collect()
}

/// What a SAN text matched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SanMatch {
    /// Exactly one legal action.
    Found(Action),
    /// Several legal actions fit (the candidates); the text must say which.
    Ambiguous(Vec<Action>),
    /// No legal action fits.
    NoMatch,
}

/// Find the legal action a SAN text means, given the SAN of every legal
/// action (same order as `legal`).
pub fn parse_san(text: &str, legal: &[Action], sans: &[String], role_on: RoleOn) -> SanMatch {
    let want = normalize_san(text);
    if want.is_empty() {
        return SanMatch::NoMatch;
    }
    if let Some(i) = sans.iter().position(|s| *s == want) {
        return legal
            .get(i)
            .map_or(SanMatch::NoMatch, |a| SanMatch::Found(*a));
    }
    // A drop's letter in either case (`N@f3` for Black, as other programs
    // write it): only the side to act drops, so the case tells nothing.
    let drop = |s: &String| s.contains('@') && s.eq_ignore_ascii_case(&want);
    if let Some(i) = sans.iter().position(drop) {
        return legal
            .get(i)
            .map_or(SanMatch::NoMatch, |a| SanMatch::Found(*a));
    }
    let want_loose = loose(&want);
    let hits: Vec<usize> = (0..sans.len())
        .filter(|&i| loose(&sans[i]) == want_loose)
        .collect();
    if hits.len() == 1 {
        return legal
            .get(hits[0])
            .map_or(SanMatch::NoMatch, |a| SanMatch::Found(*a));
    }
    structural(&want, legal, role_on)
}

/// Read `[A-Z]?[a-p]?[1-16]?[x^]?[a-p][1-16](=?[A-Z])?` and find the
/// unique legal move fitting it (accepts over-disambiguated input like
/// `Ngf3`). A king's move to the square its castling lands on reads as
/// that castling (`Kg1` for `O-O`, as lichess reads it) when nothing else
/// fits.
fn structural(text: &str, legal: &[Action], role_on: RoleOn) -> SanMatch {
    structural_inner(text, legal, role_on).unwrap_or(SanMatch::NoMatch)
}

/// The square a SAN text ends on (one or two digits of rank), and what
/// comes before it.
fn split_destination(chars: &[char]) -> Option<(Spot, usize)> {
    let digits = chars
        .iter()
        .rev()
        .take_while(|c| c.is_ascii_digit())
        .count();
    for n in [digits.min(2), 1] {
        let start = chars.len().checked_sub(n + 1)?;
        let name: String = chars[start..].iter().collect();
        if n > 0 && name.len() == n + 1 {
            if let Some(spot) = Spot::parse(&name) {
                return Some((spot, start));
            }
        }
    }
    None
}

fn structural_inner(text: &str, legal: &[Action], role_on: RoleOn) -> Option<SanMatch> {
    let mut chars: Vec<char> = text.chars().collect();
    let mut promotion = None;
    if let Some(&last) = chars.last() {
        if last.is_ascii_uppercase() && chars.len() >= 3 {
            let before = chars[chars.len() - 2];
            if before == '=' || before.is_ascii_digit() {
                promotion = Role::from_letter(last);
                chars.pop();
                if chars.last() == Some(&'=') {
                    chars.pop();
                }
            }
        }
    }
    let role = match chars.first() {
        Some(c) if c.is_ascii_uppercase() => {
            let r = Role::from_letter(*c);
            chars.remove(0);
            r
        }
        _ => Some(Role::Pawn),
    }?;
    let (to, start) = split_destination(&chars)?;
    chars.truncate(start);
    let in_place = chars.last() == Some(&'^');
    if matches!(chars.last(), Some('x') | Some('^') | Some(':')) {
        chars.pop();
    }
    let from = chars.iter().collect::<String>();
    let (from_file, from_rank) = match from.as_str() {
        "" => (None, None),
        f if f.len() == 1 && f.as_bytes()[0].is_ascii_lowercase() => {
            (Some((f.as_bytes()[0] - b'a') as i8), None)
        }
        r if r.bytes().all(|b| b.is_ascii_digit()) => {
            (None, Some(r.parse::<i8>().ok()?.checked_sub(1)?))
        }
        sq => {
            let (f, r) = parse_coords(sq)?;
            (Some(f), Some(r))
        }
    };
    let mut found = Vec::new();
    for a in legal {
        let Some(m) = a.spot_move() else { continue };
        if m.to != to
            || m.promotion() != promotion
            || (m.kind == MoveKind::CaptureInPlace) != in_place
            || role_on(m.from) != Some(role)
            || from_file.is_some_and(|f| f != m.from.file())
            || from_rank.is_some_and(|r| r != m.from.rank())
        {
            continue;
        }
        found.push(*a);
    }
    Some(match found.as_slice() {
        [] => SanMatch::NoMatch,
        [one] => SanMatch::Found(*one),
        _ => SanMatch::Ambiguous(found),
    })
}
