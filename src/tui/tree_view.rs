//! The replay viewer's move list when the game has a tree: the main
//! line as PGN writes it, each variation on rows of its own under the
//! move it replaces, indented by its depth, in parentheses (`(12. Nc3 Nf6
//! 13. e4)`), then the main line going on (`12... Bg4`); NAGs as glyphs,
//! comments, evaluations and clock times after their moves (file text
//! made safe for the terminal), the move shown highlighted.

use super::theme::Theme;
use crate::core::quote::visible;
use crate::core::Color;
use crate::game::Game;
use crate::record::tree::{Cursor, GameTree, Hop, Node, TreeEval};
use crate::record::variations::play_nodes;
use crate::rules::Position;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// The tree's rows at a width, and which holds the move shown.
#[derive(Debug)]
pub struct TreeRows {
    /// The rows, each a line of styled words.
    pub lines: Vec<Line<'static>>,
    /// The row of the move shown (the first at the start).
    pub current_row: usize,
    /// Where each move is, to go there on a click.
    pub hits: Vec<TreeHit>,
}

/// Where a move of the tree is in its rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeHit {
    /// The row.
    pub row: usize,
    /// Its first column and the column after it.
    pub x0: usize,
    pub x1: usize,
    /// The place the move leads to.
    pub at: Cursor,
}

/// What a tree's rows are made of, before they are wrapped.
enum Piece {
    /// A word (a move number, a move, a comment), its style, and where
    /// it leads when it is a move.
    Word(String, Style, Option<Cursor>),
    /// A new row, indented this many steps.
    Row(usize),
}

/// The rows of `tree` (whose main line `game` holds), `width` columns
/// wide, the move leading to `at` highlighted.
pub fn tree_rows(game: &Game, tree: &GameTree, at: &Cursor, width: u16, theme: &Theme) -> TreeRows {
    let mut w = Walk {
        pieces: Vec::new(),
        number_next: true,
        at,
        theme,
        current: None,
    };
    if let Some(intro) = &tree.intro {
        w.comment(intro);
    }
    w.line(game, 0, &tree.main, &[], 0);
    wrap(w.pieces, w.current, usize::from(width.max(8)))
}

/// Walking the tree into pieces.
struct Walk<'a> {
    pieces: Vec<Piece>,
    number_next: bool,
    at: &'a Cursor,
    theme: &'a Theme,
    /// The index of the piece of the move shown.
    current: Option<usize>,
}

impl Walk<'_> {
    fn word(&mut self, text: String, style: Style) {
        self.pieces.push(Piece::Word(text, style, None));
    }

    /// The moves of `nodes`, which `game` holds from ply `from` on, the
    /// line reached by `hops`, `depth` variations deep.
    fn line(&mut self, game: &Game, from: usize, nodes: &[Node], hops: &[Hop], depth: usize) {
        for (k, node) in nodes.iter().enumerate() {
            let i = from + k;
            let (Some(pos), Some(san)) = (game.position_at(i), game.sans().get(i)) else {
                break;
            };
            let turn = pos.turn();
            let turn_starts = i == 0 || game.position_at(i - 1).is_some_and(|p| p.turn() != turn);
            if turn_starts {
                match turn {
                    Color::White => self.word(format!("{}.", pos.fullmoves()), Style::default()),
                    Color::Black if self.number_next => {
                        self.word(format!("{}...", pos.fullmoves()), Style::default())
                    }
                    Color::Black => {}
                }
            }
            self.number_next = false;
            let here = Cursor {
                hops: hops.to_vec(),
                len: k + 1,
            };
            let style = if &here == self.at {
                self.current = Some(self.pieces.len());
                self.theme.selected_row()
            } else {
                Style::default()
            };
            let glyphs: String = node.notes.nags.iter().map(|n| nag_glyph(*n)).collect();
            let text = format!("{}{glyphs}", visible(san));
            self.pieces.push(Piece::Word(text, style, Some(here)));
            self.notes(node);
            for (v, variation) in node.variations.iter().enumerate() {
                let mut g = game.clone();
                g.truncate(i);
                let played = play_nodes(&mut g, variation);
                let mut inner = hops.to_vec();
                inner.push(Hop { at: k, var: v });
                self.pieces.push(Piece::Row(depth + 1));
                let first = self.pieces.len();
                self.number_next = true;
                self.line(&g, i, &variation[..played], &inner, depth + 1);
                if let Some(Piece::Word(t, ..)) = self.pieces.get_mut(first) {
                    t.insert(0, '(');
                }
                if let Some(Piece::Word(t, ..)) = self.pieces.last_mut() {
                    t.push(')');
                }
                self.pieces.push(Piece::Row(depth));
                self.number_next = true;
            }
        }
    }

    /// A comment in braces, dim, word by word (so that it wraps).
    fn comment(&mut self, text: &str) {
        let text = format!("{{{}}}", visible(text));
        for word in text.split_whitespace() {
            self.word(word.to_string(), self.theme.dim());
        }
        self.number_next = true;
    }

    /// A move's evaluation, clock and comment, dim.
    fn notes(&mut self, node: &Node) {
        let dim = self.theme.dim();
        if let Some(eval) = node.notes.eval {
            self.word(eval_words(eval), dim);
        }
        if let Some(ms) = node.notes.clock_ms {
            let s = ms / 1000;
            self.word(
                format!("⏱{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60),
                dim,
            );
        }
        if let Some(c) = &node.notes.comment {
            self.comment(c);
        }
    }
}

/// `+0.31`, `#-3`.
fn eval_words(eval: TreeEval) -> String {
    match eval {
        TreeEval::Cp(c) => {
            let sign = if c < 0 { '-' } else { '+' };
            let a = c.unsigned_abs();
            format!("{sign}{}.{:02}", a / 100, a % 100)
        }
        TreeEval::Mate(n) => format!("#{n}"),
    }
}

/// How a NAG is shown after its move: the six move marks as glyphs,
/// others as ` $n`.
fn nag_glyph(n: u8) -> String {
    match n {
        1 => "!".into(),
        2 => "?".into(),
        3 => "!!".into(),
        4 => "??".into(),
        5 => "!?".into(),
        6 => "?!".into(),
        n => format!(" ${n}"),
    }
}

/// Lay pieces out in rows of `width` columns: words parted by a space,
/// a long word split where it must, each row indented two columns a step
/// (a word that wraps goes on under its row's indent).
fn wrap(pieces: Vec<Piece>, current: Option<usize>, width: usize) -> TreeRows {
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mut row: Vec<Span<'static>> = Vec::new();
    let mut used = 0usize;
    let mut indent = 0usize;
    let mut current_row = 0;
    let mut hits = Vec::new();
    let flush = |row: &mut Vec<Span<'static>>, lines: &mut Vec<Line<'static>>| {
        if !row.is_empty() {
            lines.push(Line::from(std::mem::take(row)));
        }
    };
    for (i, piece) in pieces.into_iter().enumerate() {
        match piece {
            Piece::Row(depth) => {
                flush(&mut row, &mut lines);
                used = 0;
                indent = (depth * 2).min(width / 2);
            }
            Piece::Word(text, style, at) => {
                let len = text.chars().count();
                if used > indent && used + 1 + len > width {
                    flush(&mut row, &mut lines);
                    used = 0;
                }
                if used == 0 {
                    row.push(Span::raw(" ".repeat(indent)));
                    used = indent;
                } else {
                    row.push(Span::raw(" "));
                    used += 1;
                }
                if Some(i) == current {
                    current_row = lines.len();
                }
                if let Some(at) = at {
                    // A variation's first move starts with its `(`.
                    let open = usize::from(text.starts_with('('));
                    hits.push(TreeHit {
                        row: lines.len(),
                        x0: used + open,
                        x1: used + len,
                        at,
                    });
                }
                used += len;
                row.push(Span::styled(text, style));
            }
        }
    }
    flush(&mut row, &mut lines);
    TreeRows {
        lines,
        current_row,
        hits,
    }
}
