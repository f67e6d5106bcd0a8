//! Quoting user input in messages: a bad FEN, move or file may be huge,
//! and a message should stay one readable line. Text from files, the
//! command line or an engine may also hold terminal escapes (a PGN tag
//! with `ESC ] 0;…` retitles the terminal, `ESC [?1049l` leaves the
//! alternate screen): [`visible`] shows every control character as an
//! escape instead, and [`clip`] both shortens and escapes. Every echo of
//! something a user gave (an argument, a path, a name or value read from
//! a file) goes through [`clip`] or [`path`], so [`QUOTE_CHARS`] is the
//! one bound on what comes back.

use std::borrow::Cow;
use std::fmt::Write;

/// At most this many characters of a bad input are quoted in a message.
pub const QUOTE_CHARS: usize = 80;

/// Characters a terminal may act on rather than show: the C0 controls,
/// DEL and the C1 controls (`char::is_control`), and the bidirectional
/// overrides and isolates, which reorder what is shown around them. The
/// screen's last guard uses it too, on every cell it draws.
pub fn is_unsafe(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Does `text` hold an [`is_unsafe`] character? The screen asks this of
/// every cell of every frame, so it lives here, built optimised, rather
/// than in the unoptimised UI.
pub fn has_unsafe(text: &str) -> bool {
    // Printable ASCII, nearly every cell, is safe at a glance.
    !text.bytes().all(|b| (0x20..0x7f).contains(&b)) && text.chars().any(is_unsafe)
}

/// How an unsafe character is shown: `\x1b` for an ASCII control (ESC),
/// `\u{9b}` for the others.
fn push_escaped(out: &mut String, c: char) {
    if c.is_ascii() {
        let _ = write!(out, "\\x{:02x}", c as u32);
    } else {
        let _ = write!(out, "\\u{{{:x}}}", c as u32);
    }
}

/// `text` with every control character made visible (ESC as `\x1b`, BEL
/// as `\x07`, the C1 CSI as `\u{9b}`), so text from a file, the command
/// line or an engine can be shown on a terminal without the terminal
/// acting on it. Borrowed when there is nothing to escape.
pub fn visible(text: &str) -> Cow<'_, str> {
    escape(text, false)
}

/// [`visible`] for text that is meant as several lines (a rules text, a
/// PGN): line ends stay, every other control character is made visible.
pub fn visible_lines(text: &str) -> Cow<'_, str> {
    escape(text, true)
}

fn escape(text: &str, keep_newlines: bool) -> Cow<'_, str> {
    let kept = |c: char| !is_unsafe(c) || (keep_newlines && c == '\n');
    if text.chars().all(kept) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if kept(c) {
            out.push(c);
        } else {
            push_escaped(&mut out, c);
        }
    }
    Cow::Owned(out)
}

/// `text` made [`visible`] and cut to about [`QUOTE_CHARS`] characters
/// (with `…`), so an error about a megabyte of junk stays one readable
/// line that the terminal only shows. An escape is never cut in half.
pub fn clip(text: &str) -> String {
    let mut out = String::new();
    let mut shown = 0;
    let mut chars = text.chars();
    for c in chars.by_ref() {
        if shown >= QUOTE_CHARS {
            out.push('…');
            return out;
        }
        let before = out.len();
        if is_unsafe(c) {
            push_escaped(&mut out, c);
        } else {
            out.push(c);
        }
        shown += out[before..].chars().count();
    }
    out
}

/// A path as a message quotes it: made [`visible`] and, when longer than
/// [`QUOTE_CHARS`], cut at its start (`…` first), since a path's end —
/// the file's name — says most. An escape is never cut in half.
pub fn path(path: &std::path::Path) -> String {
    clip_start(&path.display().to_string())
}

/// [`path`] for a path held as text.
pub fn path_text(path: &str) -> String {
    clip_start(path)
}

/// `text` made visible, its end kept within [`QUOTE_CHARS`] characters.
fn clip_start(text: &str) -> String {
    let mut units: Vec<String> = Vec::new();
    let mut shown = 0;
    for c in text.chars().rev() {
        let mut unit = String::new();
        if is_unsafe(c) {
            push_escaped(&mut unit, c);
        } else {
            unit.push(c);
        }
        shown += unit.chars().count();
        if shown > QUOTE_CHARS {
            units.push("…".to_string());
            break;
        }
        units.push(unit);
    }
    units.iter().rev().map(String::as_str).collect()
}

/// A message that may quote bad input, cut in the middle when longer than
/// about two quotes, keeping its start and its end (where serde and the
/// rules say what was expected); made [`visible`] like [`clip`].
pub fn clip_middle(message: &str) -> String {
    let message = visible(message);
    let chars = message.chars().count();
    let keep = QUOTE_CHARS * 3 / 2;
    if chars <= keep + QUOTE_CHARS / 2 {
        return message.into_owned();
    }
    let head: String = message.chars().take(keep).collect();
    let tail: String = message.chars().skip(chars - QUOTE_CHARS / 2).collect();
    format!("{head}…{tail}")
}
