//! Writing a game as PGN: its tags, then the movetext with its
//! variations and annotations, in lines of at most 79 columns.

use super::tags::tag_pairs;
use crate::pgn_tree::movetext;
use crate::tree::GameTree;
use crate::{result_token, SavedGame};
use motley_game::Game;
use motley_rules::Describe;
use std::collections::BTreeMap;

/// PGN of a game being played (players as `(white, black)`; `?` when
/// unknown), dated today.
pub fn export_pgn(game: &Game, players: Option<(&str, &str)>) -> String {
    let today = crate::rfc3339(std::time::SystemTime::now());
    export_with(game, None, players, Some(&today), &BTreeMap::new())
}

/// PGN of a game shown from a file: its players' names, the date and
/// tags the file gave it (today's date when it gave none), and its tree
/// of variations and annotations as it stands.
pub fn export_kept_pgn(
    game: &Game,
    tree: Option<&GameTree>,
    players: Option<(&str, &str)>,
    date: Option<&str>,
    tags: &BTreeMap<String, String>,
) -> String {
    let today = crate::rfc3339(std::time::SystemTime::now());
    export_with(game, tree, players, date.or(Some(&today)), tags)
}

/// PGN of a game read from a file, keeping its players' names, date and
/// tags.
pub fn export_saved_pgn(saved: &SavedGame) -> String {
    let players = saved
        .names
        .as_ref()
        .or(saved.players.as_ref())
        .map(|p| (p.white.as_str(), p.black.as_str()));
    export_with(
        &saved.game,
        Some(&saved.tree),
        players,
        saved.date.as_deref(),
        &saved.tags,
    )
}

/// The whole PGN text of a game: tags, then the movetext with the
/// tree's variations and annotations when there is one.
fn export_with(
    game: &Game,
    tree: Option<&GameTree>,
    players: Option<(&str, &str)>,
    date: Option<&str>,
    tags: &BTreeMap<String, String>,
) -> String {
    let mut out = tag_pairs(game, players, date, tags);
    out.push('\n');
    let outcome = game.outcome();
    let mut tokens = movetext(game, tree, result_token(outcome.as_ref()));
    if let Some(o) = outcome {
        // The reason in words, as a comment before the result.
        let words = o.describe_with(game.position().side_names());
        tokens.insert(tokens.len() - 1, format!("{{{}}}", words.replace('}', ")")));
    }
    out.push_str(&wrapped(&tokens));
    out
}

/// Movetext tokens in lines of at most 79 columns (a longer comment
/// broken between its words).
fn wrapped(tokens: &[String]) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for t in tokens.iter().flat_map(|t| wrappable(t)) {
        if !line.is_empty() && line.len() + 1 + t.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// A movetext token as the pieces a line may break between: a comment too
/// long for a line breaks between its words (a line break in a comment
/// reads back as the space it replaced; a run of spaces stays with the
/// word after it), any other token is whole.
fn wrappable(token: &str) -> Vec<String> {
    if !token.starts_with('{') || token.len() <= 79 {
        return vec![token.to_string()];
    }
    let mut words: Vec<String> = Vec::new();
    let mut spaces = String::new();
    for word in token.split(' ') {
        if word.is_empty() {
            spaces.push(' ');
        } else {
            words.push(format!("{spaces}{word}"));
            spaces.clear();
        }
    }
    if let Some(last) = words.last_mut() {
        last.push_str(&spaces);
    }
    words
}
