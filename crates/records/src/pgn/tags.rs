//! PGN's tag pairs both ways: the roster and Motley's own tags written
//! for a game, and the players, kept tags and variant read from a game's
//! tags.

use super::raw_game::RawGame;
use crate::{carried_of, result_token, setup_of, Players, RecordErrorKind};
use motley_game::variant::{Family, Registry, VariantDef};
use motley_game::Game;
use motley_rules::{EndReason, Outcome, Position};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The tags an import keeps beyond those other fields hold (the date, the
/// players' names, the variant, the start), in the order export writes
/// them: the roster's Event, Site and Round take their places in it, the
/// others follow the result.
pub const KEPT_TAGS: [&str; 7] = [
    "Event",
    "Site",
    "Round",
    "WhiteElo",
    "BlackElo",
    "TimeControl",
    "ECO",
];

/// A PGN date `YYYY.MM.DD` from an RFC 3339 or PGN date, or the unknown date.
fn pgn_date(date: Option<&str>) -> String {
    let unknown = "????.??.??".to_string();
    let Some(d) = date else { return unknown };
    let d = d.trim();
    let head: String = d.chars().take(10).collect();
    let parts: Vec<&str> = head.split(['-', '.']).collect();
    let ok = parts.len() == 3
        && [4, 2, 2]
            .iter()
            .zip(&parts)
            .all(|(n, p)| p.len() == *n && p.chars().all(|c| c.is_ascii_digit() || c == '?'));
    if ok {
        parts.join(".")
    } else {
        unknown
    }
}

/// A tag value with PGN escapes, on one line.
fn escape(value: &str) -> String {
    let mut s = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => s.push_str("\\\\"),
            '"' => s.push_str("\\\""),
            c if c.is_control() => s.push(' '),
            c => s.push(c),
        }
    }
    s
}

/// Does the game start somewhere other than its variant's start?
fn custom_start(game: &Game) -> Option<String> {
    let fen = game.start_fen()?;
    let standard = game.variant().position(None).ok().map(|p| p.to_fen());
    let given = game.position_at(0).map(|p| p.to_fen());
    if standard.is_some() && standard == given {
        None
    } else {
        Some(fen.to_string())
    }
}

/// The tag pairs of a game: the Seven Tag Roster (a kept Event, Site and
/// Round in their places, Motley's own for a game played here), the other
/// kept tags, then what Motley needs to read the game back.
pub(super) fn tag_pairs(
    game: &Game,
    players: Option<(&str, &str)>,
    date: Option<&str>,
    tags: &BTreeMap<String, String>,
) -> String {
    let outcome = game.outcome();
    let name = |s: &str| {
        if s.trim().is_empty() {
            "?".to_string()
        } else {
            escape(s)
        }
    };
    let (white, black) = players.map_or(("?".to_string(), "?".to_string()), |(w, b)| {
        (name(w), name(b))
    });
    let mut out = String::new();
    let mut tag = |k: &str, v: &str| out.push_str(&format!("[{k} \"{v}\"]\n"));
    let kept =
        |name: &str, otherwise: &str| tags.get(name).map_or(otherwise.to_string(), |v| escape(v));
    tag("Event", &kept("Event", "Motley game"));
    tag("Site", &kept("Site", "Motley"));
    tag("Date", &pgn_date(date));
    tag("Round", &kept("Round", "-"));
    tag("White", &white);
    tag("Black", &black);
    tag("Result", result_token(outcome.as_ref()));
    for name in &KEPT_TAGS[3..] {
        if let Some(value) = tags.get(*name) {
            tag(name, &escape(value));
        }
    }
    if let Some(name) = pgn_variant_name(game.variant()) {
        tag("Variant", &escape(name));
    }
    if let Some(fen) = custom_start(game) {
        tag("SetUp", "1");
        tag("FEN", &escape(&fen));
    }
    if game.seed() != 0 && game.variant().family == Family::DiceMoney {
        tag("Seed", &game.seed().to_string());
    }
    if let Some(state) = setup_of(game) {
        tag("StartState", &escape(&state.to_string()));
    }
    if let Some(carried) = carried_of(game) {
        tag("Carried", &escape(&carried.to_string()));
    }
    tag("Termination", termination(outcome.as_ref()));
    if let Some(o) = &outcome {
        // Motley's own tag: the ending by its id, so reading it back never
        // depends on the words of the comment below.
        tag("Ending", o.reason.id());
    }
    out
}

/// The `Variant` tag of a variant: none for standard chess, lichess's and
/// Fairy-Stockfish's spelling where they have the variant (`Antichess`;
/// a variant from data's id is its Fairy-Stockfish name), else its own
/// name.
fn pgn_variant_name(def: &VariantDef) -> Option<&str> {
    match def.id.as_str() {
        "standard" => None,
        "antichess" => Some("Antichess"),
        _ if def.family == Family::Fairy => Some(&def.id),
        _ => Some(&def.name),
    }
}

/// PGN's standard `Termination` value for an ending (the reason in words
/// goes in a comment before the result).
fn termination(outcome: Option<&Outcome>) -> &'static str {
    match outcome.map(|o| o.reason) {
        None => "unterminated",
        Some(EndReason::TimeForfeit | EndReason::TimeoutCannotWin) => "time forfeit",
        Some(EndReason::Adjudication) => "adjudication",
        Some(_) => "normal",
    }
}

/// Normalise a variant name for matching: letters and digits, lower case,
/// without a trailing "chess".
fn norm(s: &str) -> String {
    let t: String = s
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    match t.strip_suffix("chess") {
        Some(rest) if !rest.is_empty() => rest.to_string(),
        _ => t,
    }
}

/// The variant a PGN `Variant` tag names: an id, a name, or either written
/// loosely ("Dice-Money Chess", "chicken"); no tag means standard chess.
pub fn resolve_variant(
    registry: &Registry,
    tag: Option<&str>,
) -> Result<Arc<VariantDef>, RecordErrorKind> {
    let name = tag.map(str::trim).unwrap_or("");
    let unknown = || RecordErrorKind::UnknownVariant(registry.unknown(name));
    let n = norm(name);
    if matches!(
        n.as_str(),
        "" | "chess" | "standard" | "normal" | "fromposition"
    ) {
        return registry.get("standard").map_err(|_| unknown());
    }
    let all = registry.all();
    if let Some(v) = all.iter().find(|v| v.id == name) {
        return Ok(v.clone());
    }
    if let Some(v) = all.iter().find(|v| v.name.eq_ignore_ascii_case(name)) {
        return Ok(v.clone());
    }
    let hits: Vec<&Arc<VariantDef>> = all
        .iter()
        .filter(|v| norm(&v.id) == n || norm(&v.name) == n)
        .collect();
    match hits.as_slice() {
        [one] => Ok((*one).clone()),
        // A variant's Chess960 form (`crazyhouse960`) is named, not listed.
        [] => registry.lookup(name).map_err(|_| unknown()),
        _ => Err(unknown()),
    }
}

/// The players a game's White and Black tags name (`?` is nobody).
pub(super) fn raw_players(raw: &RawGame) -> Option<Players> {
    let known = |v: Option<&str>| {
        v.map(str::trim)
            .filter(|s| !s.is_empty() && *s != "?")
            .map(str::to_string)
    };
    let white = known(raw.tag("White"));
    let black = known(raw.tag("Black"));
    (white.is_some() || black.is_some()).then(|| Players {
        white: white.unwrap_or_default(),
        black: black.unwrap_or_default(),
    })
}

/// The tags a game keeps ([`KEPT_TAGS`]), as written, `?` included; an
/// Event, Site or Round the game lacks is `?`, PGN's unknown, so that an
/// export writes the roster PGN requires without inventing a value (never
/// Motley's own, which are for games played here).
pub(super) fn kept_tags(raw: &RawGame) -> BTreeMap<String, String> {
    KEPT_TAGS
        .iter()
        .enumerate()
        .filter_map(|(i, name)| {
            let value = raw.tag(name).map(str::trim).filter(|s| !s.is_empty());
            let value = match value {
                Some(v) => v,
                None if i < 3 => "?",
                None => return None,
            };
            Some((name.to_string(), value.to_string()))
        })
        .collect()
}
