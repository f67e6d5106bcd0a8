//! PGN export and import for every variant.
//!
//! Export writes the Seven Tag Roster, `Variant` (none for standard
//! chess; lichess's and Fairy-Stockfish's spelling where they have the
//! variant, else its name), `SetUp`/`FEN` when the game did not start from
//! the variant's start, `Seed` where dice are rolled and the seed is not
//! 0, `Termination` with PGN's standard values (`normal`, `time forfeit`,
//! `adjudication`, `unterminated`), then SAN movetext with move numbers,
//! the ending in words as a comment before the result.
//!
//! Actions that have no SAN of their own — Dice-Money's `roll:3,5`,
//! `buy:move1`, `buy:move2`, `buy:king` and `pass` — are written as comments
//! holding exactly their coordinate text (`{roll:3,5}`); import reads such a
//! comment back as the action. Placements are SAN-like drops (`N@e4`) in
//! the movetext. Monochrome scores follow each scoring move as a comment
//! `{score 12-5}` (South-North), which import ignores (scores follow from
//! the moves).
//!
//! A game of a match after the first starts from what the previous game
//! carried over (Dice-Money: both players' prices); export writes it as the
//! tag `[Carried "…"]` (the JSON a record keeps in `carried`), import
//! restores it before the moves. A start set up in the position editor
//! with state beyond its FEN is written likewise as `[StartState "…"]`
//! (the record's `setup`), restored first.
//!
//! Import reads a stream, one game at a time, takes any number of games,
//! refuses a game cut off inside a comment or a variation and a bad
//! `[Seed]`, keeps comments, NAGs, annotation marks, clocks, evaluations
//! and variations as the game's tree ([`super::pgn_tree`]), honours `[Variant]` (ids or names, e.g. "Antichess",
//! "Chicken Chess"; no tag means standard chess), `[FEN]` and `[Seed]`, and
//! restores a result the board does not show as Motley's `Ending` tag
//! says (the ending's id), else as `Termination` says (time forfeit,
//! adjudication, or agreement as older Motleys wrote it), else as a
//! resignation (decisive) or an agreement (drawn). Bytes that are not
//! UTF-8 in a text file are read as Latin-1, and each game says so.

use super::pgn_tree::{play_item, Item, RawMove};
use super::reason::pgn_ending;
use super::tree::{GameTree, MAX_NESTING, MAX_VARIATION_MOVES};
use super::{
    carried_of, new_game, restore_carried, restore_dice, restore_ending, restore_setup,
    result_token, setup_of, Players, RecordError, RecordErrorKind, Replayed, SavedGame,
};
use motley_game::variant::{Family, Registry, VariantDef};
use motley_game::Game;
use motley_rules::core::quote::{clip, clip_middle};
use motley_rules::core::CoordText;
use motley_rules::{Describe, EndReason, Outcome, Position};
use serde_json::Value;
use std::collections::{BTreeMap, VecDeque};
use std::io::Read;
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

/// PGN of a game being played (players as `(white, black)`; `?` when
/// unknown), dated today.
pub fn export_pgn(game: &Game, players: Option<(&str, &str)>) -> String {
    let today = super::rfc3339(std::time::SystemTime::now());
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
    let today = super::rfc3339(std::time::SystemTime::now());
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
    let mut tokens = super::pgn_tree::movetext(game, tree, result_token(outcome.as_ref()));
    if let Some(o) = outcome {
        // The reason in words, as a comment before the result.
        let words = o.describe_with(game.position().side_names());
        tokens.insert(tokens.len() - 1, format!("{{{}}}", words.replace('}', ")")));
    }
    out.push_str(&wrapped(&tokens));
    out
}

/// The tag pairs of a game: the Seven Tag Roster (a kept Event, Site and
/// Round in their places, Motley's own for a game played here), the other
/// kept tags, then what Motley needs to read the game back.
fn tag_pairs(
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

/// What is wrong with the text of a PGN game (names of tags come
/// clipped).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PgnProblem {
    /// A `[` that starts no tag name.
    #[error("a tag pair must look like [Name \"value\"]")]
    TagShape,
    /// A tag whose value is not quoted.
    #[error("tag {0}: the value must be in double quotes")]
    TagUnquoted(String),
    /// A tag value running to the end of its line.
    #[error("tag {0}: the value has no closing quote")]
    TagUnclosed(String),
    /// A tag without its closing bracket.
    #[error("tag {0}: missing ']'")]
    TagUnclosedBracket(String),
    /// A `{` comment never closed: it would swallow the rest.
    #[error("unterminated comment: '{{' without '}}'")]
    UnterminatedComment,
    /// A game ending inside a `(` variation.
    #[error("the game is cut off inside a variation ('(' without ')')")]
    CutInVariation,
    /// A `Seed` tag that is not a `u64`.
    #[error("tag Seed: '{}' is not a whole number from 0 to {}", clip(.0), u64::MAX)]
    BadSeed(String),
    /// The `Carried` tag is not JSON (the parser's message, clipped).
    #[error("tag Carried: not the JSON Motley writes there ({0})")]
    BadCarried(String),
    /// Variations nested deeper than [`MAX_NESTING`].
    #[error("variations nested over {MAX_NESTING} deep")]
    TooDeep,
    /// More than [`MAX_VARIATION_MOVES`] moves in variations.
    #[error("over {MAX_VARIATION_MOVES} moves in variations")]
    TooManyMoves,
    /// The `StartState` tag (a start set up in the position editor) is
    /// not JSON.
    #[error("tag StartState: not the JSON Motley writes there ({0})")]
    BadStartState(String),
}

/// A lexical token of PGN.
#[derive(Debug, PartialEq)]
enum Tok<'a> {
    Tag(String, String),
    BadTag(PgnProblem),
    Comment(&'a str),
    UnterminatedComment,
    Open,
    Close,
    Word(&'a str),
    /// The digits of a `$n`.
    Nag(&'a str),
}

/// Where the comment starting at `from` (after its `{`) ends: the first
/// `}` not escaped as `\}` (comment escapes: [`super::pgn_tree`]).
fn comment_end(b: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while i < b.len() {
        match b[i] {
            b'\\' if matches!(b.get(i + 1), Some(b'\\' | b'}' | b'[')) => i += 2,
            b'}' => return Some(i),
            _ => i += 1,
        }
    }
    None
}

fn is_word_end(b: u8) -> bool {
    b.is_ascii_whitespace() || b"{}()[];".contains(&b)
}

/// Split PGN text into tokens, one at a time. Only ASCII bytes are
/// delimiters, so every slice falls on a character boundary.
struct Lexer<'a> {
    text: &'a str,
    i: usize,
    /// Where the last token returned starts.
    start: usize,
    line_start: bool,
}

fn lex(text: &str) -> Lexer<'_> {
    Lexer {
        text,
        i: 0,
        start: 0,
        line_start: true,
    }
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Tok<'a>;

    fn next(&mut self) -> Option<Tok<'a>> {
        let text = self.text;
        let b = text.as_bytes();
        let skip_line = |mut i: usize| {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            i
        };
        while self.i < b.len() {
            let i = self.i;
            let c = b[i];
            if c == b'\n' {
                self.line_start = true;
                self.i += 1;
                continue;
            }
            let at_line_start = self.line_start;
            self.line_start = false;
            self.start = i;
            if c.is_ascii_whitespace() {
                self.i += 1;
                continue;
            }
            match c {
                b'%' if at_line_start => self.i = skip_line(i),
                b';' => self.i = skip_line(i),
                b'{' => {
                    return Some(match comment_end(b, i + 1) {
                        Some(end) => {
                            self.i = end + 1;
                            Tok::Comment(&text[i + 1..end])
                        }
                        None => {
                            self.i = b.len();
                            Tok::UnterminatedComment
                        }
                    })
                }
                b'[' => {
                    let (tok, next) = lex_tag(text, i);
                    self.i = next;
                    return Some(tok);
                }
                b'(' => {
                    self.i += 1;
                    return Some(Tok::Open);
                }
                b')' => {
                    self.i += 1;
                    return Some(Tok::Close);
                }
                b'}' | b']' => self.i += 1,
                b'$' => {
                    self.i += 1;
                    while self.i < b.len() && b[self.i].is_ascii_digit() {
                        self.i += 1;
                    }
                    return Some(Tok::Nag(&text[i + 1..self.i]));
                }
                _ => {
                    let mut j = i;
                    while j < b.len() && !is_word_end(b[j]) {
                        j += 1;
                    }
                    self.i = j;
                    return Some(Tok::Word(&text[i..j]));
                }
            }
        }
        None
    }
}

/// Read `[Name "value"]` starting at the `[` at `start`; returns the token
/// and where to go on.
fn lex_tag(text: &str, start: usize) -> (Tok<'_>, usize) {
    let b = text.as_bytes();
    let mut i = start + 1;
    let bad = |i: usize, problem: PgnProblem| {
        // Resume after the rest of the line or the closing bracket.
        let mut j = i;
        while j < b.len() && b[j] != b']' && b[j] != b'\n' {
            j += 1;
        }
        (Tok::BadTag(problem), (j + 1).min(b.len()))
    };
    while i < b.len() && b[i] == b' ' {
        i += 1;
    }
    let name_start = i;
    while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
        i += 1;
    }
    if i == name_start {
        return bad(i, PgnProblem::TagShape);
    }
    let name = clip(&text[name_start..i]);
    while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
        i += 1;
    }
    if i >= b.len() || b[i] != b'"' {
        return bad(i, PgnProblem::TagUnquoted(name));
    }
    i += 1;
    let mut value = Vec::new();
    loop {
        match b.get(i) {
            None | Some(b'\n') => return bad(i, PgnProblem::TagUnclosed(name)),
            Some(b'\\') if matches!(b.get(i + 1), Some(b'"') | Some(b'\\')) => {
                value.push(b[i + 1]);
                i += 2;
            }
            Some(b'"') => {
                i += 1;
                break;
            }
            Some(&x) => {
                value.push(x);
                i += 1;
            }
        }
    }
    while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
        i += 1;
    }
    if b.get(i) != Some(&b']') {
        return bad(i, PgnProblem::TagUnclosedBracket(name));
    }
    let value = String::from_utf8_lossy(&value).into_owned();
    (Tok::Tag(name, value), i + 1)
}

/// One game's tags and movetext, before replay (owned: it outlives the
/// stretch of the stream it was read from).
#[derive(Debug, Default)]
pub(super) struct RawGame {
    tags: Vec<(String, String)>,
    /// The main line.
    pub(super) items: Vec<RawMove>,
    /// Comments before the first move.
    pub(super) intro: Vec<String>,
    result: Option<&'static str>,
    error: Option<PgnProblem>,
    /// Where the game's text is in the text it was split from.
    span: (usize, usize),
    /// Bytes of the game that were not UTF-8, read as Latin-1.
    latin1: usize,
    /// The comment just before the result: the ending in words.
    ending: Option<String>,
    /// The game's text is over [`MAX_GAME_BYTES`]: it is refused whole.
    too_long: bool,
}

impl RawGame {
    fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    fn has_movetext(&self) -> bool {
        !self.items.is_empty() || self.result.is_some()
    }

    fn is_empty(&self) -> bool {
        self.tags.is_empty() && !self.has_movetext() && self.error.is_none()
    }

    fn fail(&mut self, problem: PgnProblem) {
        self.error.get_or_insert(problem);
    }

    /// Refuse the game as too long to be one (what it holds is dropped:
    /// nothing of it is kept or replayed).
    fn refuse_as_too_long(&mut self) {
        *self = RawGame {
            span: self.span,
            too_long: true,
            ..RawGame::default()
        };
    }
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Strip a move number (`12.`, `12...`) from the front of a word.
fn strip_move_number(w: &str) -> &str {
    let digits = w.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return w;
    }
    let rest = &w[digits..];
    let dots = rest.bytes().take_while(|&c| c == b'.').count();
    if dots > 0 {
        &rest[dots..]
    } else if rest.is_empty() {
        // A bare number: a move number without its dot.
        ""
    } else {
        w
    }
}

/// Group tokens into games (all at once; tests look at them).
#[cfg(test)]
fn split_games(text: &str) -> Vec<RawGame> {
    complete_games(text, true).0
}

/// The games of `text` that are complete, and where the rest (an
/// unfinished game) starts. A game is complete at its result token, or
/// when the next game's tags begin; at the end of the input (`at_end`)
/// whatever is left is a game too.
fn complete_games(text: &str, at_end: bool) -> (Vec<RawGame>, usize) {
    let mut games = Vec::new();
    let mut b = Builder::default();
    let mut cur_start = 0usize;
    let mut tokens = lex(text);
    while let Some(tok) = tokens.next() {
        match tok {
            Tok::Tag(..) | Tok::BadTag(_) => {
                if b.cur.has_movetext() {
                    let mut done = b.finish();
                    done.span = (cur_start, tokens.start);
                    games.push(done);
                    cur_start = tokens.start;
                }
                b.reset();
                match tok {
                    Tok::Tag(k, v) => b.cur.tags.push((k, v)),
                    Tok::BadTag(problem) => b.cur.fail(problem),
                    _ => {}
                }
            }
            Tok::Word(w) if b.depth() == 0 && RESULTS.contains(&w) => {
                let mut done = b.finish_with(RESULTS.iter().find(|r| **r == w).copied());
                done.span = (cur_start, tokens.i);
                games.push(done);
                cur_start = tokens.i;
            }
            tok => b.token(tok),
        }
    }
    if !at_end {
        return (games, cur_start);
    }
    let mut last = b.finish();
    if !last.is_empty() {
        last.span = (cur_start, text.len());
        games.push(last);
    }
    (games, text.len())
}

/// Builds one game's tree of moves from its movetext tokens.
#[derive(Default)]
struct Builder {
    cur: RawGame,
    /// Variations open, innermost last (each replaces the last move of
    /// the line outside it), with the comments before their first move.
    open: Vec<(Vec<RawMove>, Vec<String>)>,
    /// Parentheses open around text that is skipped (a variation with no
    /// move to replace, or nested too deep).
    skipped: usize,
    /// The last token was a comment after the main line's last move (the
    /// ending in words, when a result follows).
    comment_last: bool,
    /// Moves read in variations so far.
    variation_moves: usize,
}

impl Builder {
    fn depth(&self) -> usize {
        self.open.len() + self.skipped
    }

    fn reset(&mut self) {
        self.open.clear();
        self.skipped = 0;
        self.comment_last = false;
        self.variation_moves = 0;
    }

    /// The game, its variations closed (a cut-off one is an error).
    fn finish(&mut self) -> RawGame {
        if self.depth() > 0 {
            self.cur.fail(PgnProblem::CutInVariation);
        }
        self.reset();
        std::mem::take(&mut self.cur)
    }

    /// The game at its result: the comment just before it is the ending
    /// in words.
    fn finish_with(&mut self, result: Option<&'static str>) -> RawGame {
        if self.comment_last {
            let last = match self.cur.items.last_mut() {
                Some(m) => m.comments.pop(),
                None => self.cur.intro.pop(),
            };
            self.cur.ending = last;
        }
        self.cur.result = result;
        self.finish()
    }

    /// The line moves go to now and the comments waiting for its next
    /// move.
    fn line(&mut self) -> (&mut Vec<RawMove>, &mut Vec<String>) {
        match self.open.last_mut() {
            Some((line, before)) => (line, before),
            None => (&mut self.cur.items, &mut self.cur.intro),
        }
    }

    fn push_move(&mut self, item: Item) {
        // On the main line, comments before the first move are the
        // game's (the intro); in a variation, its first move's.
        let main = self.open.is_empty();
        if !main {
            self.variation_moves += 1;
            if self.variation_moves > MAX_VARIATION_MOVES {
                self.cur.fail(PgnProblem::TooManyMoves);
                return;
            }
        }
        let (line, before) = self.line();
        let before = if main {
            Vec::new()
        } else {
            std::mem::take(before)
        };
        line.push(RawMove::new(item, before));
    }

    fn token(&mut self, tok: Tok<'_>) {
        self.comment_last = false;
        match tok {
            Tok::UnterminatedComment => self.cur.fail(PgnProblem::UnterminatedComment),
            Tok::Open => self.open_variation(),
            Tok::Close => self.close_variation(),
            _ if self.skipped > 0 => {}
            Tok::Comment(c) => self.comment(c),
            Tok::Nag(digits) => {
                if let Ok(n) = digits.parse::<u8>() {
                    self.nag(n);
                }
            }
            Tok::Word(w) => self.word(w),
            Tok::Tag(..) | Tok::BadTag(_) => {}
        }
    }

    fn open_variation(&mut self) {
        let nothing_to_replace = self.line().0.is_empty();
        if self.skipped > 0 || nothing_to_replace {
            self.skipped += 1;
        } else if self.open.len() >= MAX_NESTING {
            self.cur.fail(PgnProblem::TooDeep);
            self.skipped += 1;
        } else {
            self.open.push((Vec::new(), Vec::new()));
        }
    }

    fn close_variation(&mut self) {
        if self.skipped > 0 {
            self.skipped -= 1;
            return;
        }
        // A `)` without its `(` is ignored.
        if let Some((line, _)) = self.open.pop() {
            if let (false, Some(last)) = (line.is_empty(), self.line().0.last_mut()) {
                last.variations.push(line);
            }
        }
    }

    fn comment(&mut self, c: &str) {
        let trimmed = c.trim();
        if matches!(
            CoordText::parse(trimmed),
            Ok(CoordText::Roll(..) | CoordText::Buy(_) | CoordText::Pass)
        ) {
            self.push_move(Item::Action(trimmed.to_string()));
            return;
        }
        if is_score(trimmed) {
            // Motley's Monochrome scores follow from the moves.
            return;
        }
        let main = self.open.is_empty();
        let (line, before) = self.line();
        match line.last_mut() {
            Some(m) => m.comments.push(c.to_string()),
            None => before.push(c.to_string()),
        }
        self.comment_last = main;
    }

    fn nag(&mut self, n: u8) {
        if let Some(m) = self.line().0.last_mut() {
            m.nags.push(n);
        }
    }

    fn word(&mut self, w: &str) {
        let w = strip_move_number(w);
        if w.is_empty() || w == "e.p." || RESULTS.contains(&w) {
            return;
        }
        if let Some(n) = glyph_nag(w) {
            self.nag(n);
            return;
        }
        let san = w.trim_end_matches(['!', '?']);
        if san.is_empty() {
            return;
        }
        self.push_move(Item::San(san.to_string()));
        if let Some(n) = glyph_nag(&w[san.len()..]) {
            self.nag(n);
        }
    }
}

/// The NAG of a move-quality glyph: `!` 1, `?` 2, `!!` 3, `??` 4, `!?` 5,
/// `?!` 6.
fn glyph_nag(glyph: &str) -> Option<u8> {
    ["!", "?", "!!", "??", "!?", "?!"]
        .iter()
        .position(|g| *g == glyph)
        .and_then(|i| u8::try_from(i + 1).ok())
}

/// Is a comment Motley's Monochrome score (`score 12-5`)?
fn is_score(c: &str) -> bool {
    c.strip_prefix("score ")
        .and_then(|rest| rest.split_once('-'))
        .is_some_and(|(a, b)| {
            [a, b]
                .iter()
                .all(|n| !n.is_empty() && n.bytes().all(|d| d.is_ascii_digit()))
        })
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
        _ => Err(unknown()),
    }
}

/// The game a PGN game's tags set up: variant, start, seed, and the state
/// an earlier match game carried in.
fn setup_game(raw: &RawGame, registry: &Registry) -> Result<Game, RecordError> {
    if let Some(problem) = &raw.error {
        return Err(RecordErrorKind::Pgn(problem.clone()).into());
    }
    let def = resolve_variant(registry, raw.tag("Variant"))?;
    let fen = raw.tag("FEN").map(str::trim).filter(|f| !f.is_empty());
    let seed = match raw.tag("Seed").map(str::trim) {
        None | Some("") => 0,
        Some(text) => text
            .parse::<u64>()
            .map_err(|_| RecordErrorKind::Pgn(PgnProblem::BadSeed(text.to_string())))?,
    };
    let mut game = new_game(def, fen, seed)?;
    if let Some(text) = raw.tag("StartState") {
        let state: Value = serde_json::from_str(text).map_err(|e| {
            RecordErrorKind::Pgn(PgnProblem::BadStartState(clip_middle(&e.to_string())))
        })?;
        restore_setup(&mut game, &state)?;
    }
    if let Some(text) = raw.tag("Carried") {
        let state: Value = serde_json::from_str(text).map_err(|e| {
            RecordErrorKind::Pgn(PgnProblem::BadCarried(clip_middle(&e.to_string())))
        })?;
        restore_carried(&mut game, &state)?;
    }
    Ok(game)
}

/// Replay one PGN game as far as it is valid.
fn replay_raw(raw: &RawGame, registry: &Registry) -> Replayed {
    if raw.too_long {
        return Replayed::Failed(RecordErrorKind::PgnGameTooLong(MAX_GAME_BYTES).into());
    }
    let mut game = match setup_game(raw, registry) {
        Ok(g) => g,
        Err(e) => return Replayed::Failed(e),
    };
    let mut error = None;
    for (i, m) in raw.items.iter().enumerate() {
        if let Err(e) = play_item(&mut game, i + 1, &m.item) {
            error = Some(e);
            break;
        }
    }
    let mut tree = None;
    if error.is_none() {
        let (built, tree_error) = finish_raw(raw, &mut game);
        tree = Some(built);
        error = tree_error;
    }
    restore_dice(&mut game);
    let players = raw_players(raw);
    let date = raw
        .tag("Date")
        .filter(|d| d.bytes().any(|c| c.is_ascii_digit()))
        .map(str::to_string);
    let notes = match raw.latin1 {
        0 => Vec::new(),
        1 => vec!["a byte that is not UTF-8 was read as Latin-1".to_string()],
        n => vec![format!("{n} bytes that are not UTF-8 were read as Latin-1")],
    };
    let tree = tree
        .unwrap_or_else(|| super::GameTree::new(&super::game_moves(&game), &Default::default()));
    let saved = SavedGame {
        game,
        tags: kept_tags(raw),
        names: players.clone(),
        players,
        date,
        hints: None,
        analysis: None,
        movetime_ms: None,
        tree,
        notes,
    };
    Replayed::of(saved, error)
}

/// After a game's moves all played: its tree, and its ending restored as
/// its tags and the comment before its result say.
fn finish_raw(raw: &RawGame, game: &mut Game) -> (GameTree, Option<RecordError>) {
    // The comment before the result is the ending in words when Motley
    // wrote it (its `Ending` tag) or its words name one; else it is the
    // last move's.
    let ending = raw
        .ending
        .as_deref()
        .filter(|c| raw.tag("Ending").is_some() || pgn_ending(None, None, Some(c)).is_some());
    let last_comment = raw.ending.as_deref().filter(|_| ending.is_none());
    let built = super::pgn_tree::read_tree(game, &raw.intro, &raw.items, last_comment);
    let result = raw.result.or(raw.tag("Result"));
    let said = pgn_ending(raw.tag("Ending"), raw.tag("Termination"), ending);
    let reason = match (result, said) {
        (Some("*") | None, _) => None,
        (_, Some(ending)) => Some(ending),
        (Some("1/2-1/2"), None) => Some(EndReason::Agreement),
        (Some(_), None) => Some(EndReason::Resignation),
    };
    restore_ending(game, result, reason);
    built
}

/// The players a game's White and Black tags name (`?` is nobody).
fn raw_players(raw: &RawGame) -> Option<Players> {
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
fn kept_tags(raw: &RawGame) -> BTreeMap<String, String> {
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

/// Text, as opposed to a binary file: no control bytes but white space.
/// Only text that is not UTF-8 is read as Latin-1; anything else is "not
/// a text file".
fn looks_like_text(bytes: &[u8]) -> bool {
    !bytes
        .iter()
        .any(|&b| (b < 0x20 && !b"\t\n\r\x0c".contains(&b)) || b == 0x7f)
}

/// How much PGN is read from the input at a time.
const READ_CHUNK: usize = 64 * 1024;

/// A PGN game with more text than this is refused (and skipped): it is an
/// unterminated comment or variation swallowing the file, not a game.
/// This, not the file's size, bounds the memory an import uses.
pub const MAX_GAME_BYTES: u64 = 10 * 1024 * 1024;

/// The games of a PGN stream, read and replayed one at a time: memory is
/// bounded by one game, however large the file. Errors are numbered by
/// game; a problem with the stream itself (unreadable, not UTF-8, no game
/// at all) ends it with a `Failed` item without a game number.
pub struct PgnGames<'a> {
    input: Box<dyn Read + 'a>,
    registry: &'a Registry,
    /// Text read but not yet split into games.
    buf: Vec<u8>,
    /// Where `buf` starts in the stream.
    offset: u64,
    at_end: bool,
    /// Dropping text up to the next line starting with `[` (after a game
    /// too long to be one).
    skipping: bool,
    ready: VecDeque<RawGame>,
    /// Games handed out so far.
    count: usize,
    finished: bool,
    /// Where in `buf` characters stand that were bytes not UTF-8, read as
    /// Latin-1 (in order).
    latin1: Vec<usize>,
}

impl<'a> PgnGames<'a> {
    /// The games of `input`, of which `head` (starting at byte `offset` of
    /// the stream) was already read.
    pub fn new(
        head: Vec<u8>,
        offset: u64,
        input: Box<dyn Read + 'a>,
        registry: &'a Registry,
    ) -> PgnGames<'a> {
        PgnGames {
            input,
            registry,
            buf: head,
            offset,
            at_end: false,
            skipping: false,
            ready: VecDeque::new(),
            count: 0,
            finished: false,
            latin1: Vec::new(),
        }
    }

    /// Bytes of the stream consumed so far (for progress).
    pub fn position(&self) -> u64 {
        self.offset + self.buf.len() as u64
    }

    /// Read at least `want` more bytes, or to the end of the input.
    fn read_more(&mut self, want: usize) -> Result<(), RecordError> {
        let goal = self.buf.len() + want;
        while self.buf.len() < goal {
            let old = self.buf.len();
            self.buf.resize(goal, 0);
            match self.input.read(&mut self.buf[old..]) {
                Ok(0) => {
                    self.buf.truncate(old);
                    self.at_end = true;
                    return Ok(());
                }
                Ok(n) => self.buf.truncate(old + n),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => self.buf.truncate(old),
                Err(e) => {
                    self.buf.truncate(old);
                    return Err(RecordErrorKind::Read(e.to_string()).into());
                }
            }
        }
        Ok(())
    }

    /// Forget the first `n` bytes of the buffer.
    fn consume(&mut self, n: usize) {
        self.buf.drain(..n);
        self.offset += n as u64;
        self.latin1.retain(|&at| at >= n);
        for at in &mut self.latin1 {
            *at -= n;
        }
    }

    /// Make the first `end` bytes of the buffer UTF-8, reading each byte
    /// that is not part of a UTF-8 character as Latin-1 (the usual
    /// encoding of older PGN files: `M\xfcller` is "Müller"), and note
    /// where. Returns where those bytes end now.
    fn decode_latin1(&mut self, end: usize) -> usize {
        let mut text = Vec::with_capacity(end + 64);
        for chunk in self.buf[..end].utf8_chunks() {
            text.extend_from_slice(chunk.valid().as_bytes());
            for &b in chunk.invalid() {
                self.latin1.push(text.len());
                let mut utf8 = [0u8; 2];
                text.extend_from_slice(char::from(b).encode_utf8(&mut utf8).as_bytes());
            }
        }
        let grown = text.len() - end;
        self.buf.splice(..end, text);
        // The stream position (for progress) stays where it was.
        self.offset = self.offset.saturating_sub(grown as u64);
        end + grown
    }

    /// Read on until at least one more game is complete, or the end.
    fn refill(&mut self) -> Result<(), RecordError> {
        loop {
            if !self.at_end {
                // Doubling what is read while a game stays unfinished keeps
                // re-splitting it linear in its length.
                self.read_more(READ_CHUNK.max(self.buf.len()))?;
            }
            // Split only at a line end (never inside a token or a
            // character) until the input ends.
            let end = if self.at_end {
                self.buf.len()
            } else {
                match self.buf.iter().rposition(|&b| b == b'\n') {
                    Some(i) => i + 1,
                    None if (self.buf.len() as u64) <= MAX_GAME_BYTES => continue,
                    None => self.buf.len(),
                }
            };
            if self.skipping {
                let restart = self.buf[..end].windows(2).position(|w| w == b"\n[");
                match restart {
                    Some(i) => {
                        self.consume(i + 1);
                        self.skipping = false;
                    }
                    None => {
                        self.consume(end);
                        if self.at_end {
                            // The input ended inside the game refused:
                            // nothing is left to skip, and nothing to read.
                            self.skipping = false;
                            return Ok(());
                        }
                    }
                }
                continue;
            }
            let end = if std::str::from_utf8(&self.buf[..end]).is_ok()
                || !looks_like_text(&self.buf[..end])
            {
                end
            } else {
                self.decode_latin1(end)
            };
            let text = std::str::from_utf8(&self.buf[..end])
                .map_err(|e| RecordErrorKind::NotUtf8(self.offset as usize + e.valid_up_to()))?;
            let (mut games, rest) = complete_games(text, self.at_end);
            for g in &mut games {
                let (from, to) = g.span;
                // Whatever the size of the read that brought it in whole.
                if to.saturating_sub(from) as u64 > MAX_GAME_BYTES {
                    g.refuse_as_too_long();
                    continue;
                }
                g.latin1 = self
                    .latin1
                    .iter()
                    .filter(|&&at| at >= from && at < to)
                    .count();
            }
            self.ready.extend(games);
            self.consume(rest);
            if !self.ready.is_empty() || self.at_end {
                return Ok(());
            }
            if self.buf.len() as u64 > MAX_GAME_BYTES {
                self.buf.clear();
                self.skipping = true;
                return Err(RecordErrorKind::PgnGameTooLong(MAX_GAME_BYTES).into());
            }
        }
    }
}

impl Iterator for PgnGames<'_> {
    type Item = Replayed;

    fn next(&mut self) -> Option<Replayed> {
        loop {
            if let Some(raw) = self.ready.pop_front() {
                self.count += 1;
                let n = self.count;
                return Some(replay_raw(&raw, self.registry).in_game(n));
            }
            if self.finished {
                return None;
            }
            if self.at_end && !self.skipping && self.buf.is_empty() {
                self.finished = true;
                return (self.count == 0)
                    .then(|| Replayed::Failed(RecordErrorKind::NoGames.into()));
            }
            if let Err(e) = self.refill() {
                if matches!(*e.kind, RecordErrorKind::PgnGameTooLong(_)) {
                    self.count += 1;
                    return Some(Replayed::Failed(e.in_game(self.count)));
                }
                self.finished = true;
                return Some(Replayed::Failed(e));
            }
        }
    }
}

/// Every game of a PGN text (any number of games), each a game or the
/// error naming the game, ply and move that stopped it.
pub fn import_pgn(text: &str, registry: &Registry) -> Vec<Result<Game, RecordError>> {
    PgnGames::new(Vec::new(), 0, Box::new(text.as_bytes()), registry)
        .map(|r| r.into_result().map(|s| s.game))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use motley_rules::core::Color;

    fn reg() -> Registry {
        Registry::builtin()
    }

    #[test]
    fn lexer_skips_comments_nags_variations_and_escapes() {
        let text = "[Event \"a \\\"b\\\"\"]\n% escape line\n1. e4 $1 {comment} (1. d4 d5 (1... Nf6)) e5!? ; rest\n2. Nf3 *";
        let games = split_games(text);
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].tag("Event"), Some("a \"b\""));
        let sans: Vec<&str> = games[0]
            .items
            .iter()
            .map(|i| match &i.item {
                Item::San(s) | Item::Action(s) => s.as_str(),
            })
            .collect();
        assert_eq!(sans, ["e4", "e5", "Nf3"]);
        assert_eq!(games[0].result, Some("*"));
    }

    #[test]
    fn multi_game_files_split_on_results_and_tags() {
        let text = "[Event \"1\"]\n1. e4 e5 1-0\n\n[Event \"2\"]\n1. d4 0-1\n[Event \"3\"]\n1. c4\n[Event \"4\"]\n1.Nf3 Nf6 2.g3 *";
        let games = import_pgn(text, &reg());
        assert_eq!(games.len(), 4);
        let plies: Vec<usize> = games.iter().map(|g| g.as_ref().unwrap().ply()).collect();
        assert_eq!(plies, [2, 1, 1, 3]);
        // The decisive results the board does not show are resignations.
        let g = games[0].as_ref().unwrap();
        assert_eq!(g.outcome().unwrap().result_str(), "1-0");
    }

    #[test]
    fn variant_tags_map_names_and_ids() {
        let r = reg();
        for (tag, id) in [
            (None, "standard"),
            (Some("Standard"), "standard"),
            (Some("From Position"), "standard"),
            (Some("Antichess"), "antichess"),
            (Some("antichess"), "antichess"),
            (Some("ANTICHESS"), "antichess"),
        ] {
            assert_eq!(resolve_variant(&r, tag).unwrap().id, id, "{tag:?}");
        }
        assert!(resolve_variant(&r, Some("Chess960x")).is_err());
    }

    #[test]
    fn illegal_san_names_game_ply_and_move() {
        let text = "1. e4 e5 2. Nf3 Nc6\n\n[Event \"x\"]\n1. e4 e5 2. Ke3 *";
        let games = import_pgn(text, &reg());
        let e = games[1].as_ref().unwrap_err().to_string();
        assert!(
            e.contains("game 2") && e.contains("ply 3") && e.contains("'Ke3'"),
            "{e}"
        );
    }

    #[test]
    fn dice_actions_in_comments_are_read_as_actions() {
        let games =
            split_games("1. {roll:3,5} {buy:move1} e4 {pass} {not an action} {score 3-4} *");
        let kinds: Vec<String> = games[0]
            .items
            .iter()
            .map(|i| format!("{:?}", i.item))
            .collect();
        assert_eq!(
            kinds,
            [
                "Action(\"roll:3,5\")",
                "Action(\"buy:move1\")",
                "San(\"e4\")",
                "Action(\"pass\")"
            ]
        );
    }

    #[test]
    fn export_has_seven_tags_variant_and_setup() {
        let r = reg();
        let mut g = Game::new(
            r.get("standard").unwrap(),
            Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"),
            0,
        )
        .unwrap();
        g.play_text("e4").unwrap();
        let pgn = export_pgn(&g, Some(("ann \"a\"", "bob")));
        for t in [
            "[Event ",
            "[Site ",
            "[Date ",
            "[Round ",
            "[White \"ann \\\"a\\\"\"]",
            "[Black \"bob\"]",
            "[Result \"*\"]",
            "[SetUp \"1\"]",
            "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]",
        ] {
            assert!(pgn.contains(t), "{t} missing in\n{pgn}");
        }
        assert!(pgn.trim_end().ends_with("1. e4 *"), "{pgn}");
        let back = import_pgn(&pgn, &r);
        assert_eq!(
            back[0].as_ref().unwrap().position().to_fen(),
            g.position().to_fen()
        );
    }

    // Issue 22, item 15: PGN's own conventions for Variant, Seed and
    // Termination.
    #[test]
    fn item_15_export_follows_pgn_conventions() {
        let r = reg();
        let mut mate = Game::new(r.get("standard").unwrap(), None, 7).unwrap();
        for m in ["f3", "e5", "g4", "Qh4#"] {
            mate.play_text(m).unwrap();
        }
        let pgn = export_pgn(&mate, None);
        assert!(
            !pgn.contains("[Variant ") && !pgn.contains("[Seed "),
            "{pgn}"
        );
        assert!(pgn.contains("[Termination \"normal\"]"), "{pgn}");
        assert!(pgn.contains("Qh4# {Black wins (checkmate)} 0-1"), "{pgn}");
        let back = import_pgn(&pgn, &r).remove(0).unwrap();
        assert_eq!(back.outcome(), mate.outcome());

        let anti = Game::new(r.get("antichess").unwrap(), None, 7).unwrap();
        let pgn = export_pgn(&anti, None);
        assert!(pgn.contains("[Variant \"Antichess\"]"), "{pgn}");
        assert!(pgn.contains("[Termination \"unterminated\"]"), "{pgn}");
        assert!(!pgn.contains("[Seed "), "{pgn}");
        // Dice are seeded: the seed is kept where dice are rolled.
        let dice = Game::new(r.get("dice-money").unwrap(), None, 7).unwrap();
        assert!(export_pgn(&dice, None).contains("[Seed \"7\"]"));

        let mut flag = Game::new(r.get("standard").unwrap(), None, 7).unwrap();
        flag.play_text("e4").unwrap();
        flag.time_out(Color::Black);
        let pgn = export_pgn(&flag, None);
        assert!(pgn.contains("[Termination \"time forfeit\"]"), "{pgn}");
        let back = import_pgn(&pgn, &r).remove(0).unwrap();
        assert_eq!(back.outcome(), flag.outcome());

        let mut adjudicated = Game::new(r.get("standard").unwrap(), None, 7).unwrap();
        adjudicated.play_text("e4").unwrap();
        adjudicated.adjudicate(None);
        let pgn = export_pgn(&adjudicated, None);
        assert!(pgn.contains("[Termination \"adjudication\"]"), "{pgn}");
        let back = import_pgn(&pgn, &r).remove(0).unwrap();
        assert_eq!(back.outcome(), adjudicated.outcome());
    }

    // Issue 22, item 15: files older Motleys wrote still import as before.
    #[test]
    fn item_15_older_motley_pgn_still_imports() {
        let old = "[Event \"Motley game\"]\n[Result \"1-0\"]\n[Variant \"Standard chess\"]\n\
                   [Seed \"7\"]\n[Termination \"time ran out\"]\n\n1. e4 1-0\n\n\
                   [Variant \"Standard chess\"]\n[Termination \"agreement\"]\n\n1. d4 1/2-1/2\n";
        let games = import_pgn(old, &reg());
        let reasons: Vec<EndReason> = games
            .iter()
            .map(|g| g.as_ref().unwrap().outcome().unwrap().reason)
            .collect();
        assert_eq!(reasons, [EndReason::TimeForfeit, EndReason::Agreement]);
        assert_eq!(games[0].as_ref().unwrap().seed(), 7);
    }

    // Issue 22, item 26: a byte that is not UTF-8 is read as Latin-1, said
    // for its game only; a binary file is still no text.
    #[test]
    fn item_26_latin1_bytes_are_read_as_latin1_in_their_game_only() {
        let r = reg();
        let text = b"[White \"Smith\"]\n\n1. e4 *\n\n[White \"M\xfcller\"]\n\n1. d4 *\n\n[White \"Jones\"]\n\n1. c4 *\n";
        let games: Vec<Replayed> = PgnGames::new(Vec::new(), 0, Box::new(&text[..]), &r).collect();
        assert_eq!(games.len(), 3);
        let saved: Vec<&SavedGame> = games.iter().map(|g| g.saved().unwrap()).collect();
        assert_eq!(saved[1].players.as_ref().unwrap().white, "Müller");
        assert!(saved[0].notes.is_empty() && saved[2].notes.is_empty());
        assert_eq!(
            saved[1].notes,
            ["game 2: a byte that is not UTF-8 was read as Latin-1"]
        );
        let binary = b"\x7fELF\x02\x01\xff\x00 1. e4 *";
        let games: Vec<Replayed> =
            PgnGames::new(Vec::new(), 0, Box::new(&binary[..]), &r).collect();
        let e = games[0].error().unwrap().to_string();
        assert!(e.contains("not a text file"), "{e}");
    }

    /// Plies of each game read from `text` as a stream, or the error.
    fn stream_plies(text: &str) -> Vec<Result<usize, RecordError>> {
        let reg = reg();
        PgnGames::new(Vec::new(), 0, Box::new(text.as_bytes()), &reg)
            .map(|r| r.into_result().map(|s| s.game.ply()))
            .collect()
    }

    #[test]
    fn a_comment_longer_than_a_read_spans_reads() {
        let comment = "long words\n".repeat(READ_CHUNK / 5);
        let text = format!("1. e4 {{{comment}}} e5 2. Nf3 *\n\n1. d4 *\n");
        assert_eq!(stream_plies(&text), [Ok(3), Ok(1)]);
    }

    #[test]
    fn a_game_over_the_limit_is_refused_and_the_next_is_read() {
        // Well past the limit before the input ends.
        let junk = "junk without an end\n".repeat(MAX_GAME_BYTES as usize / 8);
        let text = format!("1. e4 {{{junk}\n[Event \"2\"]\n1. d4 d5 *\n");
        let games = stream_plies(&text);
        assert_eq!(games.len(), 2, "{games:?}");
        let e = games[0].as_ref().unwrap_err().to_string();
        assert!(e.contains("game 1") && e.contains("over"), "{e}");
        assert_eq!(games[1], Ok(2));
    }

    #[test]
    fn many_games_stream_in_order() {
        let one = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 1-0\n\n";
        let text = one.repeat(5000);
        let games = stream_plies(&text);
        assert_eq!(games.len(), 5000);
        assert!(games.iter().all(|g| *g == Ok(3)));
    }
}
