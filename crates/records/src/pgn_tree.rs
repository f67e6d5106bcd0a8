//! A game's tree in PGN movetext: variations in parentheses, comments in
//! braces, NAGs as `$n`, the clock and the evaluation as the commands
//! `[%clk h:mm:ss]` and `[%eval 0.31]` / `[%eval #-3]` inside the move's
//! comment (after its text).
//!
//! Comment text is written so that reading it back gives it exactly:
//! `\` is written `\\`, `}` is written `\}`, the `[` of text that would
//! read as a clock or evaluation command is written `\[`, and a control
//! character (which PGN has no place for, and which must never reach a
//! terminal) is written `\x1b` (ESC) or `\u009b` (beyond ASCII). Import
//! reads those back as the characters they stand for; any other
//! backslash is text. A line break in a comment is layout: it is
//! written, and read, as a space.
//!
//! A tree is written and read on one scratch game that plays each move as
//! it goes and takes it back after the move's variations, so the cost
//! follows the tree's size, not its size times the game's length.

use super::tree::{GameTree, Node, Notes, TreeEval, MAX_CLOCK_MS};
use super::variations::{advance, in_variation, start_of};
use super::{play_coord, Action, RecordError, RecordErrorKind, Refusal};
use motley_game::Game;
use motley_rules::core::quote::{clip, is_unsafe};
use motley_rules::core::{Color, CoordText};
use motley_rules::{parse_action, MoveInputError, NamedOutcome, Position};

/// The movetext of `game` with its tree (none: the bare moves), ending
/// in `result`, as tokens (the caller wraps the lines).
pub(super) fn movetext(game: &Game, tree: Option<&GameTree>, result: &str) -> Vec<String> {
    let mut w = Movetext {
        tokens: Vec::new(),
        number_next: true,
    };
    let bare: Vec<Node>;
    let main = match tree {
        Some(t) => {
            if let Some(intro) = &t.intro {
                w.comment(&escape_comment(intro));
            }
            &t.main
        }
        None => {
            bare = game
                .actions()
                .iter()
                .map(|a| Node::new(&a.to_string()))
                .collect();
            &bare
        }
    };
    w.line(&mut start_of(game), main);
    w.tokens.push(result.to_string());
    w.tokens
}

/// Movetext being written.
struct Movetext {
    tokens: Vec<String>,
    /// The next move needs its number even when Black plays it (after a
    /// comment or a variation, and at a variation's start).
    number_next: bool,
}

/// Play a node's action on `game`; false when it cannot be played.
fn play_node(game: &mut Game, node: &Node) -> bool {
    let ply = game.ply() + 1;
    play_coord(game, ply, &node.action, CoordText::parse(&node.action)).is_ok()
}

impl Movetext {
    fn comment(&mut self, text: &str) {
        self.tokens.push(format!("{{{text}}}"));
        self.number_next = true;
    }

    /// Write `nodes`, played from `game`'s position, with the variations
    /// on them; `game` is back where it was after. A move that cannot be
    /// played (the tree was checked when it was read) ends the line.
    fn line(&mut self, game: &mut Game, nodes: &[Node]) {
        let from = game.ply();
        let mut scores = game.position().current_scores();
        for node in nodes {
            let i = game.ply();
            if !play_node(game, node) {
                break;
            }
            self.node(game, i, node, &mut scores);
            if !node.variations.is_empty() {
                // The variations replace the move: from before it.
                game.truncate(i);
                for variation in &node.variations {
                    self.variation(game, variation);
                }
                if !play_node(game, node) {
                    break;
                }
            }
        }
        game.truncate(from);
    }

    /// The tokens of the move at ply `i`, just played on `game`: its
    /// comment before, number, SAN, NAGs, notes and Monochrome score.
    fn node(&mut self, game: &Game, i: usize, node: &Node, scores: &mut Option<[u32; 2]>) {
        let (Some(pos), Some(action)) = (game.position_at(i), game.actions().get(i)) else {
            return;
        };
        if let Some(before) = &node.before {
            self.comment(&escape_comment(before));
        }
        self.number(game, i, pos.turn(), pos.fullmoves(), action);
        if as_comment(action) {
            self.tokens.push(format!("{{{action}}}"));
            self.number_next = true;
        } else {
            let san = game.sans().get(i).cloned();
            self.tokens.push(san.unwrap_or_else(|| action.to_string()));
            self.number_next = false;
        }
        self.tokens
            .extend(node.notes.nags.iter().map(|n| format!("${n}")));
        if let Some(text) = notes_comment(&node.notes) {
            self.comment(&text);
        }
        let after = game.position_at(i + 1).and_then(Position::current_scores);
        if after != *scores {
            if let Some([s, n]) = after {
                self.comment(&format!("score {s}-{n}"));
            }
            *scores = after;
        }
    }

    /// The move number before the action at ply `i` (`turn` to move,
    /// move `fullmoves`), where PGN wants one.
    fn number(&mut self, game: &Game, i: usize, turn: Color, fullmoves: u32, action: &Action) {
        let turn_starts = i == 0
            || game
                .position_at(i - 1)
                .is_some_and(|prev| prev.turn() != turn);
        if !turn_starts {
            return;
        }
        match turn {
            Color::White => self.tokens.push(format!("{fullmoves}.")),
            Color::Black if self.number_next || as_comment(action) => {
                self.tokens.push(format!("{fullmoves}..."))
            }
            Color::Black => {}
        }
    }

    /// `( … )`: a line replacing the move `game` would play next.
    fn variation(&mut self, game: &mut Game, nodes: &[Node]) {
        let first = self.tokens.len();
        let number_next = std::mem::replace(&mut self.number_next, true);
        self.line(game, nodes);
        if self.tokens.len() == first {
            // Not a move of it could be played: nothing is written.
            self.number_next = number_next;
            return;
        }
        // `(` and `)` close up to the variation's first and last tokens.
        if let Some(t) = self.tokens.get_mut(first) {
            t.insert(0, '(');
        }
        if let Some(t) = self.tokens.last_mut() {
            t.push(')');
        }
        self.number_next = true;
    }
}

/// The tree of a PGN game whose main line `game` holds: the main line's
/// notes, and each variation played through from its place (cut at its
/// first move that cannot be played, with the error naming its ply).
/// `last_comment` is a comment before the result that turned out to be
/// the last move's, not the ending's.
pub(super) fn read_tree(
    game: &Game,
    intro: &[String],
    items: &[RawMove],
    last_comment: Option<&str>,
) -> (GameTree, Option<RecordError>) {
    let mut error = None;
    let mut intro = intro.to_vec();
    let mut main = Vec::with_capacity(items.len());
    let mut scratch = start_of(game);
    for (i, (m, action)) in items.iter().zip(game.actions()).enumerate() {
        let mut node = Node::new(&action.to_string());
        let returned = (i + 1 == items.len()).then_some(last_comment).flatten();
        node.notes = read_notes(&m.comments, returned, &m.nags);
        if advance(&mut scratch, game, i) {
            node.variations = read_variations(&mut scratch, &m.variations, &mut error);
        }
        main.push(node);
    }
    if items.is_empty() {
        intro.extend(last_comment.map(str::to_string));
    }
    let tree = GameTree {
        intro: joined_text(&intro),
        main,
        ..GameTree::default()
    };
    (tree, error)
}

/// The lines replacing the move `game` would play next, played through;
/// `game` is back where it was after.
fn read_variations(
    game: &mut Game,
    lines: &[Vec<RawMove>],
    error: &mut Option<RecordError>,
) -> Vec<Vec<Node>> {
    lines
        .iter()
        .map(|line| read_line(game, line, error))
        .filter(|line| !line.is_empty())
        .collect()
}

/// One variation from `game`'s position, with the variations in it;
/// `game` is back where it was after.
fn read_line(game: &mut Game, line: &[RawMove], error: &mut Option<RecordError>) -> Vec<Node> {
    let from = game.ply();
    let mut nodes = Vec::with_capacity(line.len());
    for m in line {
        let at = game.ply();
        let variations = read_variations(game, &m.variations, error);
        if let Err(e) = play_item(game, at + 1, &m.item) {
            error.get_or_insert_with(|| in_variation(e));
            break;
        }
        let Some(action) = game.actions().last() else {
            break;
        };
        let mut node = Node::new(&action.to_string());
        node.before = joined_text(&m.before);
        node.notes = read_notes(&m.comments, None, &m.nags);
        node.variations = variations;
        nodes.push(node);
    }
    game.truncate(from);
    nodes
}

/// The notes of a move from its comments (texts joined by a space; the
/// last clock and evaluation given) and NAGs.
fn read_notes(comments: &[String], extra: Option<&str>, nags: &[u8]) -> Notes {
    let mut notes = Notes {
        nags: nags.to_vec(),
        ..Notes::default()
    };
    let mut texts = Vec::new();
    for c in comments.iter().map(String::as_str).chain(extra) {
        let (text, clock, eval) = read_comment(c);
        texts.extend(text);
        notes.clock_ms = clock.or(notes.clock_ms);
        notes.eval = eval.or(notes.eval);
    }
    notes.comment = (!texts.is_empty()).then(|| texts.join(" "));
    notes
}

/// The texts of comments (commands left out), joined by a space.
fn joined_text(comments: &[String]) -> Option<String> {
    let texts: Vec<String> = comments.iter().filter_map(|c| read_comment(c).0).collect();
    (!texts.is_empty()).then(|| texts.join(" "))
}

/// A move's comment with its clock and evaluation commands, escaped; none
/// when there is nothing to say.
fn notes_comment(notes: &Notes) -> Option<String> {
    let mut parts = Vec::new();
    if let Some(text) = &notes.comment {
        parts.push(escape_comment(text));
    }
    if let Some(eval) = notes.eval {
        parts.push(format!("[%eval {}]", eval_text(eval)));
    }
    if let Some(ms) = notes.clock_ms {
        parts.push(format!("[%clk {}]", clock_text(ms)));
    }
    (!parts.is_empty()).then(|| parts.join(" "))
}

/// Comment text that reads back as itself (see the module's note).
pub(super) fn escape_comment(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push_str("\\\\"),
            '}' => out.push_str("\\}"),
            '[' if is_command(chars.clone()) => out.push_str("\\["),
            '\n' | '\r' => out.push(' '),
            c if is_unsafe(c) => out.push_str(&control_escape(c)),
            c => out.push(c),
        }
    }
    out
}

/// Does the text after a `[` read as a clock or evaluation command?
fn is_command(after: impl Iterator<Item = char>) -> bool {
    let head: String = after.take(5).collect();
    head.starts_with("%clk") || head.starts_with("%eval")
}

/// `0.31`, `-1.05`, `#3`, `#-3`: pawns from White's side, or mate.
fn eval_text(eval: TreeEval) -> String {
    match eval {
        TreeEval::Cp(c) => {
            let sign = if c < 0 { "-" } else { "" };
            let a = c.unsigned_abs();
            format!("{sign}{}.{:02}", a / 100, a % 100)
        }
        TreeEval::Mate(n) => format!("#{n}"),
    }
}

/// `h:mm:ss`, with the thousandths when there are any (`0:00:07.250`).
fn clock_text(ms: u64) -> String {
    let s = ms / 1000;
    let base = format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
    match ms % 1000 {
        0 => base,
        frac => format!("{base}.{frac:03}"),
    }
}

/// A comment as read: its text (escapes undone, the commands taken out,
/// trimmed; `None` when nothing is left), its clock and its evaluation.
pub(super) fn read_comment(raw: &str) -> (Option<String>, Option<u64>, Option<TreeEval>) {
    let mut text = String::with_capacity(raw.len());
    let (mut clock, mut eval) = (None, None);
    let mut i = 0;
    // Where the next `]` is (found once per stretch: a comment full of
    // `[%` stays linear).
    let mut close: Option<usize> = None;
    while let Some(c) = raw[i..].chars().next() {
        let rest = &raw[i..];
        if let Some(after) = rest.strip_prefix('\\') {
            if let Some(e @ ('\\' | '}' | '[')) = after.chars().next() {
                text.push(e);
                i += 2;
                continue;
            }
            if let Some((c, len)) = escaped_control(after) {
                text.push(c);
                i += 1 + len;
                continue;
            }
        }
        if rest.starts_with("[%") {
            if close.is_none_or(|at| at < i) {
                close = raw[i..].find(']').map(|n| i + n).or(Some(usize::MAX));
            }
            if let Some(end) = close.filter(|&at| at != usize::MAX) {
                let command = &raw[i + 2..end];
                let taken = match command.split_once(char::is_whitespace) {
                    Some(("clk", v)) => parse_clock(v).map(|ms| clock = Some(ms)),
                    Some(("eval", v)) => parse_eval(v).map(|e| eval = Some(e)),
                    _ => None,
                };
                if taken.is_some() {
                    i = end + 1;
                    continue;
                }
            }
        }
        text.push(c);
        i += c.len_utf8();
    }
    // A line break in a comment is layout (PGN wraps comments at will):
    // it and the spaces around it read as one space.
    let text = if text.contains(['\n', '\r']) {
        text.lines().map(str::trim).collect::<Vec<_>>().join(" ")
    } else {
        text
    };
    let text = text.trim();
    let text = (!text.is_empty()).then(|| text.to_string());
    (text, clock, eval)
}

/// How a control character is written in a comment: `\x1b` for an
/// ASCII one (ESC), `\u009b` for the others (every character Motley
/// escapes is below U+10000); no brace, which would end the comment.
fn control_escape(c: char) -> String {
    if c.is_ascii() {
        format!("\\x{:02x}", u32::from(c))
    } else {
        format!("\\u{:04x}", u32::from(c))
    }
}

/// The control character an escape at the start of `after` (what
/// follows a backslash) stands for, as [`control_escape`] writes them,
/// and the escape's length. Only characters Motley escapes are read so:
/// `\x41` stays text.
fn escaped_control(after: &str) -> Option<(char, usize)> {
    let (hex, len) = match after.as_bytes().first()? {
        b'x' => (after.get(1..3)?, 3),
        b'u' => (after.get(1..5)?, 5),
        _ => return None,
    };
    if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let c = char::from_u32(u32::from_str_radix(hex, 16).ok()?)?;
    is_unsafe(c).then_some((c, len))
}

/// `h:mm:ss`, `m:ss` or seconds, each with optional decimals, to
/// milliseconds; none when it is not a time a clock can show: minutes and
/// seconds after a larger unit under 60, at most [`MAX_CLOCK_MS`] (as
/// records hold clocks).
fn parse_clock(v: &str) -> Option<u64> {
    let v = v.trim();
    let (whole, frac) = v.split_once('.').unwrap_or((v, ""));
    let mut seconds: u64 = 0;
    let parts: Vec<&str> = whole.split(':').collect();
    if parts.len() > 3 || frac.len() > 3 || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    for (k, p) in parts.iter().enumerate() {
        if p.is_empty() || p.len() > 6 || !p.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let n: u64 = p.parse().ok()?;
        if k > 0 && n >= 60 {
            return None;
        }
        seconds = seconds.checked_mul(60)?.checked_add(n)?;
    }
    let frac_ms = if frac.is_empty() {
        0
    } else {
        format!("{frac:0<3}").parse::<u64>().ok()?
    };
    let ms = seconds.checked_mul(1000)?.checked_add(frac_ms)?;
    (ms <= MAX_CLOCK_MS).then_some(ms)
}

/// `0.25`, `-1.5`, `#3`, `#-3` (and a `,depth` after it, ignored) to an
/// evaluation; none when it is not one.
fn parse_eval(v: &str) -> Option<TreeEval> {
    let v = v.trim();
    let v = v.split(',').next().unwrap_or(v).trim();
    if let Some(mate) = v.strip_prefix('#') {
        return mate.parse::<i32>().ok().map(TreeEval::Mate);
    }
    let pawns: f64 = v.parse().ok()?;
    let cp = (pawns * 100.0).round();
    (cp.is_finite() && cp.abs() <= 1_000_000.0).then_some(TreeEval::Cp(cp as i32))
}

/// Is this action written as a comment (it has no SAN of its own)?
pub(super) fn as_comment(action: &Action) -> bool {
    matches!(action, Action::Roll(..) | Action::Buy(_) | Action::Pass)
}

/// One item of movetext that is played.
#[derive(Debug)]
pub(super) enum Item {
    /// A SAN (or coordinate) token.
    San(String),
    /// An action written as a comment (`{roll:3,5}`).
    Action(String),
}

/// A move as read, with what the text says about it (owned).
#[derive(Debug)]
pub(super) struct RawMove {
    pub(super) item: Item,
    /// Comments before it (where a variation starts).
    pub(super) before: Vec<String>,
    /// Comments after it, raw (escapes and commands still in).
    pub(super) comments: Vec<String>,
    pub(super) nags: Vec<u8>,
    /// Lines replacing it.
    pub(super) variations: Vec<Vec<RawMove>>,
}

impl RawMove {
    pub(super) fn new(item: Item, before: Vec<String>) -> RawMove {
        RawMove {
            item,
            before,
            comments: Vec::new(),
            nags: Vec::new(),
            variations: Vec::new(),
        }
    }
}

/// Play one item of movetext at `ply`.
pub(super) fn play_item(game: &mut Game, ply: usize, item: &Item) -> Result<(), RecordError> {
    match item {
        Item::San(w) => play_san(game, ply, w),
        Item::Action(t) => play_coord(game, ply, t, CoordText::parse(t)),
    }
}

/// Play one SAN (or coordinate) token at `ply`.
fn play_san(game: &mut Game, ply: usize, text: &str) -> Result<(), RecordError> {
    let mover = super::mover(game);
    let illegal = |reason: Refusal| -> RecordError {
        RecordErrorKind::Illegal {
            ply,
            mover: mover.clone(),
            action: clip(text),
            reason: Box::new(reason),
        }
        .into()
    };
    if let Some(o) = game.outcome() {
        return Err(illegal(Refusal::AlreadyOver(NamedOutcome::of(
            o,
            game.position(),
        ))));
    }
    match parse_action(game.position(), text) {
        Ok(a) => game.play(a).map_err(|e| illegal(Refusal::Game(e))),
        Err(MoveInputError::NotUnderstood(_)) => Err(RecordErrorKind::BadAction {
            ply,
            mover: mover.clone(),
            action: clip(text),
            message: "not SAN or coordinate notation".to_string(),
        }
        .into()),
        Err(MoveInputError::Illegal { reason, .. }) => Err(illegal(Refusal::Illegal(reason))),
        Err(MoveInputError::Ambiguous(a)) => Err(illegal(Refusal::Ambiguous(a))),
    }
}
