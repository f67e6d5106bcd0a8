//! A piece's Betza text in plain words, for the legend of a variant from
//! data: the screen's wording of what [`motley_rules::core::betza`] reads.

use motley_rules::core::betza::{Betza, MovePart, Movement};

/// A piece's moves in words, one clause per part, joined by `;`. Its
/// captures marked for en passant (`e`) are said to take en passant only
/// where the variant has en passant (`en_passant`): makruk's pawn is
/// written as chess's, and has none.
pub fn betza_in_words(betza: &Betza, en_passant: bool) -> String {
    if betza.parts.is_empty() {
        return "does not move".into();
    }
    let clauses: Vec<String> = betza
        .parts
        .iter()
        .map(|p| part_in_words(p, en_passant))
        .collect();
    clauses.join("; ")
}

fn part_in_words(part: &MovePart, en_passant: bool) -> String {
    let verb = match (part.quiet, part.capture) {
        (true, true) => "moves or captures",
        (true, false) => "moves",
        _ => "captures",
    };
    let atoms = atoms_in_words(&part.steps);
    let how = match part.movement {
        Movement::Leap => atoms,
        Movement::Lame => format!("{atoms}, unless a piece stands on its way"),
        Movement::Ride { limit: 0 } => {
            format!("{atoms}, repeated any number of times along a line")
        }
        Movement::Ride { limit } => format!("{atoms}, repeated up to {limit} times along a line"),
        Movement::Hop { grasshopper: false } => {
            format!("along a line of {atoms} steps over one piece, to any square beyond it")
        }
        Movement::Hop { grasshopper: true } => {
            format!("along a line of {atoms} steps over one piece, to the square just beyond it")
        }
    };
    let mut out = format!("{verb} {how}");
    if part.initial {
        out += ", from its double-step squares only";
    }
    if part.en_passant && en_passant {
        out += ", en passant too";
    }
    out
}

/// The (long, short) leg of a step.
fn leg((x, y): (i8, i8)) -> (i8, i8) {
    (x.abs().max(y.abs()), x.abs().min(y.abs()))
}

/// The steps grouped by their leg, each named with its directions: a
/// compound such as the king is "one square straight or one square
/// diagonally".
fn atoms_in_words(steps: &[(i8, i8)]) -> String {
    let mut legs: Vec<(i8, i8)> = Vec::new();
    for &s in steps {
        if !legs.contains(&leg(s)) {
            legs.push(leg(s));
        }
    }
    let words: Vec<String> = legs
        .into_iter()
        .map(|(long, short)| {
            let mine: Vec<(i8, i8)> = steps
                .iter()
                .copied()
                .filter(|&s| leg(s) == (long, short))
                .collect();
            let name = match (long, short) {
                (1, 0) => "one square straight".to_string(),
                (1, 1) => "one square diagonally".to_string(),
                (2, 0) => "two squares straight".to_string(),
                (2, 2) => "two squares diagonally".to_string(),
                (3, 0) => "three squares straight".to_string(),
                (3, 3) => "three squares diagonally".to_string(),
                (2, 1) => "a knight's leap".to_string(),
                (l, s) => format!("a ({l},{s}) leap"),
            };
            let all = if short == 0 || long == short { 4 } else { 8 };
            format!("{name}{}", directions(&mine, all))
        })
        .collect();
    words.join(" or ")
}

/// Which ways the steps go, when not all `all` of them: forward,
/// sideways, backward, from the mover's side.
fn directions(steps: &[(i8, i8)], all: usize) -> String {
    if steps.len() >= all {
        return String::new();
    }
    let ways: Vec<&str> = [("forward", 1i8), ("sideways", 0), ("backward", -1)]
        .into_iter()
        .filter(|&(_, sign)| steps.iter().any(|&(_, y)| y.signum() == sign))
        .map(|(word, _)| word)
        .collect();
    format!(" ({})", ways.join(" and "))
}
