//! PGN's tokens: tags, comments, variations' parentheses, NAGs and
//! words, read one at a time.

use super::PgnProblem;
use motley_rules::core::quote::clip;

/// A lexical token of PGN.
#[derive(Debug, PartialEq)]
pub(super) enum Tok<'a> {
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
/// `}` not escaped as `\}` (comment escapes: [`crate::pgn_tree`]).
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
pub(super) struct Lexer<'a> {
    text: &'a str,
    /// Where the next token is looked for.
    pub(super) i: usize,
    /// Where the last token returned starts.
    pub(super) start: usize,
    line_start: bool,
}

pub(super) fn lex(text: &str) -> Lexer<'_> {
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
