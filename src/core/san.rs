//! Standard Algebraic Notation, for any rule family. Writing needs the legal
//! actions (for disambiguation) and the family's judgement of captures and
//! checks; parsing matches the text against the SAN of every legal action,
//! then falls back to a structural reading for over-specified input.

use super::action::{Action, Move, MoveKind};
use super::board::Board;
use super::types::{Role, Square};

/// Write the SAN of `action` (legal in the position of `board`), without the
/// check suffix; `is_capture` is the family's capture test.
pub fn write_san(
    board: &Board,
    action: &Action,
    legal: &[Action],
    is_capture: &dyn Fn(&Move) -> bool,
) -> String {
    let m = match action {
        Action::Move(m) => *m,
        other => return other.to_string(),
    };
    if m.kind == MoveKind::Castle {
        return if m.to.file() > m.from.file() {
            "O-O".to_string()
        } else {
            "O-O-O".to_string()
        };
    }
    let role = board.role_at(m.from).unwrap_or(Role::Pawn);
    let capture = is_capture(&m);
    let mut s = String::with_capacity(8);
    // Rivals: other legal moves of the same role and kind to the same square.
    let rivals: Vec<Square> = legal
        .iter()
        .filter_map(|a| a.as_move())
        .filter(|o| {
            o.to == m.to
                && o.from != m.from
                && (o.kind == MoveKind::CaptureInPlace) == (m.kind == MoveKind::CaptureInPlace)
                && o.kind != MoveKind::Castle
                && board.role_at(o.from) == Some(role)
                && o.promotion() == m.promotion()
        })
        .map(|o| o.from)
        .collect();
    if role == Role::Pawn && m.kind != MoveKind::CaptureInPlace {
        // Pawn: file of origin when leaving the file or capturing; the rank
        // too when another pawn move would read the same (Monochrome pawns
        // move both ways and capture on four diagonals).
        let prefix = |from: Square, cap: bool| cap || from.file() != m.to.file();
        let same_text = rivals.iter().any(|r| {
            let r_capture = is_capture(&Move::with_kind(*r, m.to, MoveKind::Normal));
            r_capture == capture
                && prefix(*r, r_capture) == prefix(m.from, capture)
                && (!prefix(m.from, capture) || r.file() == m.from.file())
        });
        if prefix(m.from, capture) || same_text {
            s.push(m.from.file_char());
            if same_text {
                s.push(m.from.rank_char());
            }
        }
        if capture {
            s.push('x');
        }
        s.push_str(&m.to.to_string());
        if let Some(r) = m.promotion() {
            s.push('=');
            s.push(r.upper_char());
        }
        return s;
    }
    s.push(role.upper_char());
    if !rivals.is_empty() {
        let file_unique = rivals.iter().all(|r| r.file() != m.from.file());
        let rank_unique = rivals.iter().all(|r| r.rank() != m.from.rank());
        if file_unique {
            s.push(m.from.file_char());
        } else if rank_unique {
            s.push(m.from.rank_char());
        } else {
            s.push_str(&m.from.to_string());
        }
    }
    if m.kind == MoveKind::CaptureInPlace {
        s.push('^');
    } else if capture {
        s.push('x');
    }
    s.push_str(&m.to.to_string());
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

fn loose(s: &str) -> String {
    s.chars()
        .filter(|c| *c != 'x' && *c != '=' && *c != ':')
        .collect()
}

/// What a SAN text matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SanMatch {
    /// Exactly one legal action.
    Found(Action),
    /// Several legal actions fit; the text must say which piece.
    Ambiguous,
    /// No legal action fits.
    NoMatch,
}

/// Find the legal action a SAN text means, given the SAN of every legal
/// action (same order as `legal`).
pub fn parse_san(text: &str, legal: &[Action], sans: &[String], board: &Board) -> SanMatch {
    let want = normalize_san(text);
    if want.is_empty() {
        return SanMatch::NoMatch;
    }
    if let Some(i) = sans.iter().position(|s| *s == want) {
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
    structural(&want, legal, board)
}

/// Read `[KQRBN]?[a-h]?[1-8]?[x^]?[a-h][1-8](=?[QRBNK])?` and find the unique
/// legal move fitting it (accepts over-disambiguated input like `Ngf3`).
fn structural(text: &str, legal: &[Action], board: &Board) -> SanMatch {
    structural_inner(text, legal, board).unwrap_or(SanMatch::NoMatch)
}

fn structural_inner(text: &str, legal: &[Action], board: &Board) -> Option<SanMatch> {
    let mut chars: Vec<char> = text.chars().collect();
    let mut promotion = None;
    if let Some(&last) = chars.last() {
        if "QRBNK".contains(last) && chars.len() >= 3 {
            let before = chars[chars.len() - 2];
            if before == '=' || before.is_ascii_digit() {
                promotion = Role::from_char(last);
                chars.pop();
                if chars.last() == Some(&'=') {
                    chars.pop();
                }
            }
        }
    }
    let role = match chars.first() {
        Some(c) if "KQRBN".contains(*c) => {
            let r = Role::from_char(*c);
            chars.remove(0);
            r
        }
        _ => Some(Role::Pawn),
    }?;
    if chars.len() < 2 {
        return None;
    }
    let to = Square::parse(&chars[chars.len() - 2..].iter().collect::<String>())?;
    chars.truncate(chars.len() - 2);
    let in_place = chars.last() == Some(&'^');
    if matches!(chars.last(), Some('x') | Some('^') | Some(':')) {
        chars.pop();
    }
    let mut from_file = None;
    let mut from_rank = None;
    for c in chars {
        match c {
            'a'..='h' => from_file = Some(c as i8 - 'a' as i8),
            '1'..='8' => from_rank = Some(c as i8 - '1' as i8),
            _ => return None,
        }
    }
    let mut found = None;
    for a in legal {
        let Some(m) = a.as_move() else { continue };
        if m.kind == MoveKind::Castle
            || m.to != to
            || m.promotion() != promotion
            || (m.kind == MoveKind::CaptureInPlace) != in_place
            || board.role_at(m.from) != Some(role)
            || from_file.is_some_and(|f| f != m.from.file())
            || from_rank.is_some_and(|r| r != m.from.rank())
        {
            continue;
        }
        if found.is_some() {
            return Some(SanMatch::Ambiguous);
        }
        found = Some(*a);
    }
    Some(found.map_or(SanMatch::NoMatch, SanMatch::Found))
}
