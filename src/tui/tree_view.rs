//! The replay viewer's move list when the game has a tree: the main
//! line as PGN writes it, each variation on rows of its own under the
//! move it replaces, indented by its depth, in parentheses (`(12. Nc3 Nf6
//! 13. e4)`), then the main line going on (`12... Bg4`); NAGs as glyphs,
//! comments, evaluations and clock times after their moves (file text
//! made safe for the terminal), the move shown highlighted.
//!
//! The rows are laid out once for a tree and a width ([`TreeRowsMemo`]):
//! stepping through the game only finds the move shown among them and
//! draws the rows in view, so a key costs the same with a hundred
//! thousand variations as with none.

use super::theme::Theme;
use crate::tui::memo::LastLayout;
use motley_game::Game;
use motley_records::tree::{Cursor, GameTree, Hop, Node, TreeEval};
use motley_records::variations::{advance, start_of};
use motley_rules::core::quote::visible;
use motley_rules::core::Color;
use motley_rules::Position;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

/// A tree's rows at a width, for any place shown.
#[derive(Debug, Default)]
pub struct TreeLayout {
    /// The rows, each a line of styled words, nothing highlighted.
    lines: Vec<Line<'static>>,
    /// Where each move is, in the order of the rows.
    hits: Vec<TreeHit>,
    /// Which hit each place's move is.
    index: HashMap<Cursor, usize>,
}

/// Where a move of the tree is in its rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeHit {
    /// The row.
    pub row: usize,
    /// Which span of its row the move is.
    span: usize,
    /// Its first column and the column after it.
    pub x0: usize,
    pub x1: usize,
    /// The place the move leads to.
    pub at: Cursor,
}

/// The rows in view, the move shown highlighted.
#[derive(Debug)]
pub struct TreeWindow<'a> {
    /// The rows shown.
    pub lines: Vec<Line<'static>>,
    /// The first row shown.
    pub start: usize,
    /// Where each move in view is.
    pub hits: &'a [TreeHit],
}

impl TreeLayout {
    /// The rows `visible` high that keep the move leading to `at` in view
    /// (the first rows at the start), that move highlighted.
    pub fn window(&self, at: &Cursor, visible: usize, theme: &Theme) -> TreeWindow<'_> {
        let current = self.index.get(at).map(|&i| &self.hits[i]);
        let current_row = current.map_or(0, |h| h.row);
        let start = current_row
            .saturating_sub(visible / 2)
            .min(self.lines.len().saturating_sub(visible));
        let end = (start + visible).min(self.lines.len());
        let mut lines = self.lines[start..end].to_vec();
        if let Some(hit) = current {
            let span = lines
                .get_mut(hit.row - start)
                .and_then(|l| l.spans.get_mut(hit.span));
            if let Some(span) = span {
                span.style = theme.selected_row();
            }
        }
        let first = self.hits.partition_point(|h| h.row < start);
        let last = self.hits.partition_point(|h| h.row < end);
        TreeWindow {
            lines,
            start,
            hits: &self.hits[first..last],
        }
    }

    /// All rows, the move leading to `at` highlighted (tests, snapshots).
    pub fn all_rows(&self, at: &Cursor, theme: &Theme) -> Vec<Line<'static>> {
        self.window(at, self.lines.len(), theme).lines
    }
}

/// What a memo's rows were laid out for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct MemoKey {
    /// The tree's revision (the viewer counts its edits).
    revision: u64,
    width: u16,
    theme: Theme,
}

/// A tree's rows, laid out again only when the tree, the width or the
/// theme changed.
#[derive(Debug, Default)]
pub struct TreeRowsMemo {
    laid_out: LastLayout<MemoKey, TreeLayout>,
    /// How many times rows were laid out.
    layouts: Mutex<u64>,
}

impl TreeRowsMemo {
    /// The rows of `tree` (whose main line `game` holds) at revision
    /// `revision`, `width` columns wide: those laid out last when they
    /// are of the same.
    pub fn rows(
        &self,
        game: &Game,
        tree: &GameTree,
        revision: u64,
        width: u16,
        theme: &Theme,
    ) -> Arc<TreeLayout> {
        let key = MemoKey {
            revision,
            width,
            theme: *theme,
        };
        self.laid_out.get_or(key, || {
            *self.layouts.lock().unwrap_or_else(PoisonError::into_inner) += 1;
            tree_rows(game, tree, width, theme)
        })
    }

    /// How many times the rows were laid out (each tree edit or new
    /// width lays them out once; moving about never does).
    pub fn layouts(&self) -> u64 {
        *self.layouts.lock().unwrap_or_else(PoisonError::into_inner)
    }
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
/// wide, nothing highlighted.
pub fn tree_rows(game: &Game, tree: &GameTree, width: u16, theme: &Theme) -> TreeLayout {
    let mut w = Walk {
        pieces: Vec::new(),
        number_next: true,
        theme,
    };
    if let Some(intro) = &tree.intro {
        w.comment(intro);
    }
    w.main_line(game, &tree.main);
    wrap(w.pieces, usize::from(width.max(8)))
}

/// Walking the tree into pieces.
struct Walk<'a> {
    pieces: Vec<Piece>,
    number_next: bool,
    theme: &'a Theme,
}

impl Walk<'_> {
    fn word(&mut self, text: String, style: Style) {
        self.pieces.push(Piece::Word(text, style, None));
    }

    /// The game's own moves (`game` holds them), each followed by its
    /// variations, walked on one scratch game.
    fn main_line(&mut self, game: &Game, nodes: &[Node]) {
        let mut scratch = start_of(game);
        for (i, node) in nodes.iter().enumerate() {
            if !self.node(game, i, node, Cursor::main(i + 1)) {
                break;
            }
            if !node.variations.is_empty() && advance(&mut scratch, game, i) {
                self.variations(&mut scratch, node, &[], i, 0);
            }
        }
    }

    /// The variations on `node` (move `k` of the line reached by `hops`,
    /// `depth` variations deep), played from `scratch`'s position; it is
    /// back there after.
    fn variations(
        &mut self,
        scratch: &mut Game,
        node: &Node,
        hops: &[Hop],
        k: usize,
        depth: usize,
    ) {
        for (v, variation) in node.variations.iter().enumerate() {
            let mut inner = hops.to_vec();
            inner.push(Hop { at: k, var: v });
            self.pieces.push(Piece::Row(depth + 1));
            let first = self.pieces.len();
            self.number_next = true;
            self.line(scratch, variation, &inner, depth + 1);
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

    /// The moves of a variation, played from `scratch`'s position (which
    /// it is back at after), the line reached by `hops`, `depth` deep.
    fn line(&mut self, scratch: &mut Game, nodes: &[Node], hops: &[Hop], depth: usize) {
        let from = scratch.ply();
        for (k, node) in nodes.iter().enumerate() {
            let i = scratch.ply();
            if !node.variations.is_empty() {
                // They replace this move: from before it, after it in
                // the rows.
                let mut rows = Walk {
                    pieces: Vec::new(),
                    number_next: true,
                    theme: self.theme,
                };
                rows.variations(scratch, node, hops, k, depth);
                if !play(scratch, &node.action) {
                    break;
                }
                let here = Cursor {
                    hops: hops.to_vec(),
                    len: k + 1,
                };
                self.node(scratch, i, node, here);
                self.pieces.append(&mut rows.pieces);
                self.number_next = true;
                continue;
            }
            if !play(scratch, &node.action) {
                break;
            }
            let here = Cursor {
                hops: hops.to_vec(),
                len: k + 1,
            };
            self.node(scratch, i, node, here);
        }
        scratch.truncate(from);
    }

    /// The move at ply `i` of `game` (which holds it), leading to
    /// `here`: its number where one is due, its SAN and NAGs, its notes.
    /// False when `game` does not hold it.
    fn node(&mut self, game: &Game, i: usize, node: &Node, here: Cursor) -> bool {
        let (Some(pos), Some(san)) = (game.position_at(i), game.sans().get(i)) else {
            return false;
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
        let glyphs: String = node.notes.nags.iter().map(|n| nag_glyph(*n)).collect();
        let text = format!("{}{glyphs}", visible(san));
        self.pieces
            .push(Piece::Word(text, Style::default(), Some(here)));
        self.notes(node);
        true
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

/// Play a node's action on `game`; false when it cannot be played (a
/// checked tree's can, all).
fn play(game: &mut Game, action: &str) -> bool {
    let ply = game.ply();
    motley_records::variations::play_nodes(game, &[Node::new(action)]);
    game.ply() > ply
}

/// Lay pieces out in rows of `width` columns: words parted by a space,
/// a long word split where it must, each row indented two columns a step
/// (a word that wraps goes on under its row's indent).
fn wrap(pieces: Vec<Piece>, width: usize) -> TreeLayout {
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mut row: Vec<Span<'static>> = Vec::new();
    let mut used = 0usize;
    let mut indent = 0usize;
    let mut hits = Vec::new();
    let flush = |row: &mut Vec<Span<'static>>, lines: &mut Vec<Line<'static>>| {
        if !row.is_empty() {
            lines.push(Line::from(std::mem::take(row)));
        }
    };
    for piece in pieces {
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
                if let Some(at) = at {
                    // A variation's first move starts with its `(`.
                    let open = usize::from(text.starts_with('('));
                    hits.push(TreeHit {
                        row: lines.len(),
                        span: row.len(),
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
    let index = hits
        .iter()
        .enumerate()
        .map(|(i, h)| (h.at.clone(), i))
        .collect();
    TreeLayout { lines, hits, index }
}
