//! One game's tags and movetext grouped from the tokens, its moves as a
//! tree of variations, before anything is played: where a game ends,
//! and the limits on nesting and variation moves.

use super::lexer::{lex, Tok};
use super::PgnProblem;
use crate::pgn_tree::{Item, RawMove};
use crate::tree::{MAX_NESTING, MAX_VARIATION_MOVES};
use motley_rules::core::CoordText;

/// One game's tags and movetext, before replay (owned: it outlives the
/// stretch of the stream it was read from).
#[derive(Debug, Default)]
pub(super) struct RawGame {
    tags: Vec<(String, String)>,
    /// The main line.
    pub(super) items: Vec<RawMove>,
    /// Comments before the first move.
    pub(super) intro: Vec<String>,
    /// The result token that ended the game, if one did.
    pub(super) result: Option<&'static str>,
    /// The first problem with the game's text.
    pub(super) error: Option<PgnProblem>,
    /// Where the game's text is in the text it was split from.
    pub(super) span: (usize, usize),
    /// Bytes of the game that were not UTF-8, read as Latin-1.
    pub(super) latin1: usize,
    /// The comment just before the result: the ending in words.
    pub(super) ending: Option<String>,
    /// The game's text is over [`MAX_GAME_BYTES`](super::MAX_GAME_BYTES): it is refused whole.
    pub(super) too_long: bool,
}

impl RawGame {
    /// The value of tag `name` (any case), if the game has it.
    pub(super) fn tag(&self, name: &str) -> Option<&str> {
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
    pub(super) fn refuse_as_too_long(&mut self) {
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

/// The games of `text` that are complete, and where the rest (an
/// unfinished game) starts. A game is complete at its result token, or
/// when the next game's tags begin; at the end of the input (`at_end`)
/// whatever is left is a game too.
pub(super) fn complete_games(text: &str, at_end: bool) -> (Vec<RawGame>, usize) {
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
