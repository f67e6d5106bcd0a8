//! A game's tree of variations and annotations (docs/saved-games.md,
//! `annotations`): what hangs on the moves that decide the game — side
//! lines at any ply, each of which may branch again, and on every move a
//! comment, NAGs, the clock time left and an evaluation.
//!
//! The main line is the record's `moves`, never stored twice: a record
//! keeps [`Annotations`], which refer to main-line plies by number, and
//! [`GameTree`] is the same tree with the main line's actions in it, the
//! form the replay viewer edits and PGN is written from. A record lists
//! the variations flat ([`LineNotes`]: each names the line and the ply of
//! the move it replaces), so the depth of its JSON does not grow with
//! their nesting; older records nest them (`variations` on each move),
//! and are read as before. Nesting is capped at [`MAX_NESTING`] and the
//! moves in variations at [`MAX_VARIATION_MOVES`], everywhere: PGN
//! import, the replay viewer and the record reader.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use thiserror::Error;

/// Variations nested deeper than this are refused everywhere (PGN import,
/// the viewer, the record reader): no annotator nests so deep, and
/// walking a tree must not take unbounded stack.
pub const MAX_NESTING: usize = 64;

/// A game's variations hold at most this many moves in all: far more
/// than any annotated game, while reading, checking and drawing a tree
/// stays quick.
pub const MAX_VARIATION_MOVES: usize = 50_000;

/// The most milliseconds a clock in an annotation may show: what a
/// record's clock can hold at most (a day's start plus
/// [`super::MAX_INCREMENTS`] increments of a day).
pub const MAX_CLOCK_MS: u64 = 24 * 3600 * 1000 * (1 + super::MAX_INCREMENTS);

/// An evaluation an annotation gives, from White's point of view (PGN's
/// `[%eval 0.25]`, `[%eval #-3]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TreeEval {
    /// Centipawns (positive: White is better).
    Cp(i32),
    /// Mate in this many moves: positive for White, negative for Black.
    Mate(i32),
}

/// What a move carries beside its action.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notes {
    /// Free text about the move (as written; escaped only on screen).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// Numeric annotation glyphs (PGN `$n`; `!` is 1, `?` is 2, …).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nags: Vec<u8>,
    /// The mover's clock time left after the move, in milliseconds (at
    /// most [`MAX_CLOCK_MS`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock_ms: Option<u64>,
    /// The evaluation after the move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eval: Option<TreeEval>,
    /// Fields of a newer Motley (or another program) that this one does
    /// not know: kept as they are through every rewrite.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl Notes {
    /// Nothing noted.
    pub fn is_empty(&self) -> bool {
        self.comment.is_none()
            && self.nags.is_empty()
            && self.clock_ms.is_none()
            && self.eval.is_none()
            && self.extra.is_empty()
    }
}

/// One move of a line, with its notes and the lines that replace it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Node {
    /// The action in coordinate form, as `moves` stores actions.
    pub action: String,
    /// A comment before the move (PGN allows one where a variation
    /// starts: `( {why} 1... c5 )`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub before: Option<String>,
    /// Comment, NAGs, clock and evaluation.
    #[serde(flatten)]
    pub notes: Notes,
    /// Alternatives to this move, each a line from the same position
    /// (older records nest them here; records now list them flat in
    /// [`Annotations::lines`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variations: Vec<Vec<Node>>,
}

impl Node {
    /// A move with nothing on it.
    pub fn new(action: &str) -> Node {
        Node {
            action: action.to_string(),
            before: None,
            notes: Notes::default(),
            variations: Vec::new(),
        }
    }

    /// The move and its notes, without the lines that replace it.
    fn alone(&self) -> Node {
        Node {
            action: self.action.clone(),
            before: self.before.clone(),
            notes: self.notes.clone(),
            variations: Vec::new(),
        }
    }
}

/// What hangs on one main-line move (ply counted from 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlyNotes {
    /// The main-line move it is about: `moves[ply - 1]`.
    pub ply: usize,
    /// Comment, NAGs, clock and evaluation of the move.
    #[serde(flatten)]
    pub notes: Notes,
    /// Alternatives to the move, nested, as older records keep them
    /// (read, never written: see [`Annotations::lines`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variations: Vec<Vec<Node>>,
}

/// One variation of a record's flat list: the line whose move it
/// replaces, that move's ply, and its own moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineNotes {
    /// The line it branches from: 0 (left out) for the game's own moves,
    /// `n` for the `n`-th line of the list (from 1), which comes before
    /// it.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub of: usize,
    /// The ply (from the game's start) of the move it replaces.
    pub ply: usize,
    /// Its moves, the first replacing that move (their own variations
    /// are lines of the list).
    pub moves: Vec<Node>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// A record's `annotations`: the tree without the main line's actions.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Annotations {
    /// The comment before the first move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub intro: Option<String>,
    /// Main-line plies that carry something, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub plies: Vec<PlyNotes>,
    /// The variations, flat: each after the line it branches from, the
    /// variations of one move in their order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<LineNotes>,
    /// Fields this Motley does not know, kept through every rewrite.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl Annotations {
    /// Nothing at all: the record leaves the field out.
    pub fn is_empty(&self) -> bool {
        self.intro.is_none()
            && self.plies.is_empty()
            && self.lines.is_empty()
            && self.extra.is_empty()
    }
}

/// What is wrong with the shape of a record's annotations (the tree is
/// read without it).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TreeProblem {
    /// A ply the game does not have.
    #[error("ply {ply} is not a move of the game ({moves} moves)")]
    NoSuchPly { ply: usize, moves: usize },
    /// A main-line ply annotated twice.
    #[error("ply {0} is annotated twice")]
    Twice(usize),
    /// A flat line that names no move of a line before it.
    #[error("line {line} branches from no move of its line (line {of}, ply {ply})")]
    NoBranch { line: usize, of: usize, ply: usize },
    /// Variations nested deeper than [`MAX_NESTING`].
    #[error("variations nested over {MAX_NESTING} deep")]
    TooDeep,
    /// More than [`MAX_VARIATION_MOVES`] moves in variations.
    #[error("over {MAX_VARIATION_MOVES} moves in variations")]
    TooManyMoves,
    /// A clock over [`MAX_CLOCK_MS`].
    #[error("clock_ms {0} is more than a clock can hold (at most {MAX_CLOCK_MS})")]
    Clock(u64),
}

/// Going into a variation: at node `at` of the current line, variation
/// `var` of its alternatives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hop {
    /// The node (from 0) of the line the variation replaces.
    pub at: usize,
    /// Which of its variations (from 0).
    pub var: usize,
}

/// A place in the tree: the variations taken from the main line, and how
/// many moves of the last line are played (0 on the main line is the
/// start; a variation's place has at least its first move).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cursor {
    /// The variations entered, outermost first.
    pub hops: Vec<Hop>,
    /// Moves of the innermost line played.
    pub len: usize,
}

impl Cursor {
    /// The main line after `ply` moves.
    pub fn main(ply: usize) -> Cursor {
        Cursor {
            hops: Vec::new(),
            len: ply,
        }
    }

    /// Plies from the start to here.
    pub fn ply(&self) -> usize {
        self.hops.iter().map(|h| h.at).sum::<usize>() + self.len
    }

    /// On the main line?
    pub fn on_main_line(&self) -> bool {
        self.hops.is_empty()
    }
}

/// Why a tree operation was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum TreeError {
    /// The place names no node of the tree.
    #[error("no such place in the tree of variations")]
    NoSuchNode,
    /// The main line is the game's moves: it is not a variation.
    #[error("the main line is not a variation")]
    NotAVariation,
    /// The variation would nest deeper than [`MAX_NESTING`].
    #[error("variations nest at most {MAX_NESTING} deep")]
    TooDeep,
    /// The variations would hold more than [`MAX_VARIATION_MOVES`] moves.
    #[error("a game's variations hold at most {MAX_VARIATION_MOVES} moves")]
    TooManyMoves,
}

/// The whole tree: the main line with its actions, and everything on it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameTree {
    /// The comment before the first move.
    pub intro: Option<String>,
    /// The main line (its actions are the record's `moves`).
    pub main: Vec<Node>,
    /// What the record's annotations held that this Motley does not
    /// know, written back as it was.
    pub extra: Map<String, Value>,
}

/// A flat line placed in the tree while reading: the hops to it, and the
/// ply of its first move.
struct Placed {
    hops: Vec<Hop>,
    first_ply: usize,
}

impl GameTree {
    /// The tree of `moves` with `annotations` on them, whatever is wrong
    /// with their shape left out (see [`GameTree::read`]).
    pub fn new(moves: &[String], annotations: &Annotations) -> GameTree {
        GameTree::read(moves, annotations).0
    }

    /// The tree of `moves` with `annotations` on them, and the first
    /// problem of their shape: plies the game lacks or annotated twice,
    /// lines branching from nowhere, nesting over [`MAX_NESTING`], moves
    /// in variations over [`MAX_VARIATION_MOVES`] and clocks over
    /// [`MAX_CLOCK_MS`] are left out. Flat lines and the nested
    /// variations of older records are read alike.
    pub fn read(moves: &[String], annotations: &Annotations) -> (GameTree, Option<TreeProblem>) {
        let mut tree = GameTree {
            intro: annotations.intro.clone(),
            main: moves.iter().map(|m| Node::new(m)).collect(),
            extra: annotations.extra.clone(),
        };
        let mut reading = Reading::default();
        let mut annotated = vec![false; moves.len()];
        for p in &annotations.plies {
            let Some(i) = p.ply.checked_sub(1).filter(|&i| i < moves.len()) else {
                reading.fail(TreeProblem::NoSuchPly {
                    ply: p.ply,
                    moves: moves.len(),
                });
                continue;
            };
            if std::mem::replace(&mut annotated[i], true) {
                reading.fail(TreeProblem::Twice(p.ply));
                continue;
            }
            let node = &mut tree.main[i];
            node.notes = reading.notes(&p.notes);
            node.variations = reading.nested(&p.variations, 1);
        }
        let mut placed: Vec<Option<Placed>> = Vec::with_capacity(annotations.lines.len());
        for (k, line) in annotations.lines.iter().enumerate() {
            let spot = tree.place(line, &placed, &mut reading);
            if spot.is_none() && !line.moves.is_empty() && reading.problem.is_none() {
                reading.fail(TreeProblem::NoBranch {
                    line: k + 1,
                    of: line.of,
                    ply: line.ply,
                });
            }
            placed.push(spot);
        }
        (tree, reading.problem)
    }

    /// Hang the flat `line` where it says, when that is a move of a line
    /// placed before it; where it went.
    fn place(
        &mut self,
        line: &LineNotes,
        placed: &[Option<Placed>],
        reading: &mut Reading,
    ) -> Option<Placed> {
        let (outer, first_ply) = match line.of {
            0 => (Vec::new(), 1),
            of => {
                let p = placed.get(of - 1)?.as_ref()?;
                (p.hops.clone(), p.first_ply)
            }
        };
        let at = line.ply.checked_sub(first_ply)?;
        if line.moves.is_empty() {
            return None;
        }
        if outer.len() >= MAX_NESTING {
            reading.fail(TreeProblem::TooDeep);
            return None;
        }
        let depth = outer.len() + 1;
        let moves = reading.moves(&line.moves, depth)?;
        let node = self.line_mut(&outer)?.get_mut(at)?;
        node.variations.push(moves);
        let mut hops = outer;
        hops.push(Hop {
            at,
            var: node.variations.len() - 1,
        });
        Some(Placed {
            hops,
            first_ply: line.ply,
        })
    }

    /// The actions of the main line (the record's `moves`).
    pub fn main_actions(&self) -> Vec<String> {
        self.main.iter().map(|n| n.action.clone()).collect()
    }

    /// What a record keeps: everything but the main line's actions, the
    /// variations listed flat.
    pub fn annotations(&self) -> Annotations {
        let plies = self
            .main
            .iter()
            .enumerate()
            .filter(|(_, n)| !n.notes.is_empty())
            .map(|(i, n)| PlyNotes {
                ply: i + 1,
                notes: n.notes.clone(),
                variations: Vec::new(),
            })
            .collect();
        let mut lines = Vec::new();
        flat_lines(&self.main, 0, 1, &mut lines);
        Annotations {
            intro: self.intro.clone(),
            plies,
            lines,
            extra: self.extra.clone(),
        }
    }

    /// Is there anything beyond the main line's actions? (As long as the
    /// main line, whatever the size of the variations.)
    pub fn is_bare(&self) -> bool {
        self.intro.is_none()
            && self.extra.is_empty()
            && self
                .main
                .iter()
                .all(|n| n.notes.is_empty() && n.variations.is_empty())
    }

    /// Moves in variations, all told.
    pub fn variation_moves(&self) -> usize {
        self.main.iter().map(|n| moves_under(&n.variations)).sum()
    }

    /// The line the cursor's hops lead into.
    pub fn line(&self, hops: &[Hop]) -> Option<&Vec<Node>> {
        let mut line = &self.main;
        for h in hops {
            line = line.get(h.at)?.variations.get(h.var)?;
        }
        Some(line)
    }

    fn line_mut(&mut self, hops: &[Hop]) -> Option<&mut Vec<Node>> {
        let mut line = &mut self.main;
        for h in hops {
            line = line.get_mut(h.at)?.variations.get_mut(h.var)?;
        }
        Some(line)
    }

    /// Is `at` a place in the tree?
    pub fn holds(&self, at: &Cursor) -> bool {
        self.line(&at.hops)
            .is_some_and(|l| at.len <= l.len() && (at.hops.is_empty() || at.len > 0))
    }

    /// The move that leads to `at` (none at the start).
    pub fn node(&self, at: &Cursor) -> Option<&Node> {
        self.line(&at.hops)?.get(at.len.checked_sub(1)?)
    }

    fn node_mut(&mut self, at: &Cursor) -> Option<&mut Node> {
        let i = at.len.checked_sub(1)?;
        self.line_mut(&at.hops)?.get_mut(i)
    }

    /// The actions from the start to `at`, in order.
    pub fn actions_to(&self, at: &Cursor) -> Result<Vec<String>, TreeError> {
        if !self.holds(at) {
            return Err(TreeError::NoSuchNode);
        }
        let mut out = Vec::with_capacity(at.ply());
        let mut line = &self.main;
        for h in &at.hops {
            out.extend(line[..h.at].iter().map(|n| n.action.clone()));
            line = &line[h.at].variations[h.var];
        }
        out.extend(line[..at.len].iter().map(|n| n.action.clone()));
        Ok(out)
    }

    /// Play `action` from `at`: follow the move if it is the line's next
    /// or starts one of its variations, else start a new variation (or,
    /// at the end of a side line, lengthen it). The main line is never
    /// lengthened: its end is where the game's moves end; nor is a
    /// variation nested over [`MAX_NESTING`] or a move over
    /// [`MAX_VARIATION_MOVES`] added. Returns where the move leads, and
    /// whether the tree changed.
    pub fn add_move(&mut self, at: &Cursor, action: &str) -> Result<(Cursor, bool), TreeError> {
        if !self.holds(at) {
            return Err(TreeError::NoSuchNode);
        }
        let n = at.len;
        let line = self.line(&at.hops).ok_or(TreeError::NoSuchNode)?;
        let into = |var: usize| {
            let mut hops = at.hops.clone();
            hops.push(Hop { at: n, var });
            Cursor { hops, len: 1 }
        };
        let along = Cursor {
            hops: at.hops.clone(),
            len: n + 1,
        };
        let new_variation = match line.get(n) {
            None if at.hops.is_empty() => return Err(TreeError::NotAVariation),
            None => false,
            Some(next) if next.action == action => return Ok((along, false)),
            Some(next) => match next
                .variations
                .iter()
                .position(|v| v.first().is_some_and(|m| m.action == action))
            {
                Some(var) => return Ok((into(var), false)),
                None => true,
            },
        };
        if new_variation && at.hops.len() >= MAX_NESTING {
            return Err(TreeError::TooDeep);
        }
        if self.variation_moves() >= MAX_VARIATION_MOVES {
            return Err(TreeError::TooManyMoves);
        }
        let line = self.line_mut(&at.hops).ok_or(TreeError::NoSuchNode)?;
        match line.get_mut(n) {
            Some(next) => {
                next.variations.push(vec![Node::new(action)]);
                let var = next.variations.len() - 1;
                Ok((into(var), true))
            }
            None => {
                line.push(Node::new(action));
                Ok((along, true))
            }
        }
    }

    /// Promote the innermost variation holding `at` one step: it takes
    /// the place of the line it branches from, which becomes its first
    /// alternative's neighbour (in its place among the variations).
    /// Promoting into the main line changes the main line's actions.
    /// Returns where `at`'s move is now.
    pub fn promote(&mut self, at: &Cursor) -> Result<Cursor, TreeError> {
        if !self.holds(at) {
            return Err(TreeError::NoSuchNode);
        }
        let (last, outer) = at.hops.split_last().ok_or(TreeError::NotAVariation)?;
        // The line it replaces becomes a variation: what hangs on its moves
        // after the first (whose alternatives move up with it) nests one
        // deeper.
        let replaced = self.line(outer).ok_or(TreeError::NoSuchNode)?;
        let after = replaced.get(last.at + 1..).unwrap_or_default();
        if outer.len() + 1 + nesting(after) > MAX_NESTING {
            return Err(TreeError::TooDeep);
        }
        let parent = self.line_mut(outer).ok_or(TreeError::NoSuchNode)?;
        let mut tail = parent.split_off(last.at);
        let mut others = std::mem::take(&mut tail[0].variations);
        let mut promoted = others.remove(last.var);
        others.insert(last.var, tail);
        if let Some(first) = promoted.first_mut() {
            // The promoted line's own alternatives to its first move join
            // those of the line it replaces.
            others.append(&mut first.variations);
            first.variations = others;
        }
        parent.append(&mut promoted);
        Ok(Cursor {
            hops: outer.to_vec(),
            len: last.at + at.len,
        })
    }

    /// Delete the innermost variation holding `at`. Returns the place
    /// before its first move.
    pub fn delete(&mut self, at: &Cursor) -> Result<Cursor, TreeError> {
        if !self.holds(at) {
            return Err(TreeError::NoSuchNode);
        }
        let (last, outer) = at.hops.split_last().ok_or(TreeError::NotAVariation)?;
        let parent = self.line_mut(outer).ok_or(TreeError::NoSuchNode)?;
        parent[last.at].variations.remove(last.var);
        Ok(Cursor {
            hops: outer.to_vec(),
            len: last.at,
        })
    }

    /// The comment on the move leading to `at` (at the start: the comment
    /// before the first move).
    pub fn comment(&self, at: &Cursor) -> Option<&str> {
        if at.hops.is_empty() && at.len == 0 {
            return self.intro.as_deref();
        }
        self.node(at)?.notes.comment.as_deref()
    }

    /// Set (`Some`, not blank) or clear the comment on the move leading
    /// to `at` (at the start: the comment before the first move).
    pub fn set_comment(&mut self, at: &Cursor, text: Option<&str>) -> Result<(), TreeError> {
        if !self.holds(at) {
            return Err(TreeError::NoSuchNode);
        }
        let text = text
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(str::to_string);
        if at.hops.is_empty() && at.len == 0 {
            self.intro = text;
            return Ok(());
        }
        self.node_mut(at)
            .ok_or(TreeError::NoSuchNode)?
            .notes
            .comment = text;
        Ok(())
    }

    /// One move on along the line `at` is in (the main continuation).
    pub fn forward(&self, at: &Cursor) -> Option<Cursor> {
        let line = self.line(&at.hops)?;
        (at.len < line.len()).then(|| Cursor {
            hops: at.hops.clone(),
            len: at.len + 1,
        })
    }

    /// One move back: within the line, or out of a variation to the place
    /// before its first move.
    pub fn back(&self, at: &Cursor) -> Option<Cursor> {
        match (at.len, at.hops.split_last()) {
            (0, None) => None,
            (1, Some((last, outer))) => Some(Cursor {
                hops: outer.to_vec(),
                len: last.at,
            }),
            (n, _) => Some(Cursor {
                hops: at.hops.clone(),
                len: n - 1,
            }),
        }
    }

    /// The move `step` places before (`-1`) or after (`1`) the one that
    /// led to `at` among those that could have (the line's own move
    /// first, then its variations; round the end), and how many there
    /// are. None at the start. As quick for a thousand variations as for
    /// one.
    pub fn other_move(&self, at: &Cursor, step: i8) -> Option<(Cursor, usize)> {
        let (base, at_node, index) = match at.hops.split_last() {
            Some((last, outer)) if at.len == 1 => (outer, last.at, last.var + 1),
            _ => (&at.hops[..], at.len.checked_sub(1)?, 0),
        };
        let node = self.line(base)?.get(at_node)?;
        let count = 1 + node.variations.len();
        if index >= count {
            return None;
        }
        let next = if step < 0 {
            (index + count - 1) % count
        } else {
            (index + 1) % count
        };
        let mut hops = base.to_vec();
        let place = match next {
            0 => Cursor {
                hops,
                len: at_node + 1,
            },
            var => {
                hops.push(Hop {
                    at: at_node,
                    var: var - 1,
                });
                Cursor { hops, len: 1 }
            }
        };
        Some((place, count))
    }
}

/// Reading a record's annotations: the first problem met, and the moves
/// in variations so far.
#[derive(Default)]
struct Reading {
    problem: Option<TreeProblem>,
    moves: usize,
}

impl Reading {
    fn fail(&mut self, problem: TreeProblem) {
        self.problem.get_or_insert(problem);
    }

    /// A move's notes, a clock over [`MAX_CLOCK_MS`] left out.
    fn notes(&mut self, notes: &Notes) -> Notes {
        let mut notes = notes.clone();
        if let Some(ms) = notes.clock_ms.filter(|&ms| ms > MAX_CLOCK_MS) {
            self.fail(TreeProblem::Clock(ms));
            notes.clock_ms = None;
        }
        notes
    }

    /// Variations nested as older records keep them, `depth` deep:
    /// deeper than [`MAX_NESTING`] left out.
    fn nested(&mut self, lines: &[Vec<Node>], depth: usize) -> Vec<Vec<Node>> {
        if lines.is_empty() {
            return Vec::new();
        }
        if depth > MAX_NESTING {
            self.fail(TreeProblem::TooDeep);
            return Vec::new();
        }
        lines.iter().filter_map(|l| self.moves(l, depth)).collect()
    }

    /// The moves of a variation `depth` deep, as far as the bound on
    /// moves allows (none: empty).
    fn moves(&mut self, line: &[Node], depth: usize) -> Option<Vec<Node>> {
        let mut out = Vec::with_capacity(line.len());
        for node in line {
            if self.moves >= MAX_VARIATION_MOVES {
                self.fail(TreeProblem::TooManyMoves);
                break;
            }
            self.moves += 1;
            out.push(Node {
                action: node.action.clone(),
                before: node.before.clone(),
                notes: self.notes(&node.notes),
                variations: self.nested(&node.variations, depth + 1),
            });
        }
        (!out.is_empty()).then_some(out)
    }
}

/// Add the variations on `line` (line `of` of the list, 0 for the main
/// line, whose first move is at ply `first_ply`) to `out`, each followed
/// by its own.
fn flat_lines(line: &[Node], of: usize, first_ply: usize, out: &mut Vec<LineNotes>) {
    for (k, node) in line.iter().enumerate() {
        for variation in &node.variations {
            out.push(LineNotes {
                of,
                ply: first_ply + k,
                moves: variation.iter().map(Node::alone).collect(),
            });
            let index = out.len();
            flat_lines(variation, index, first_ply + k, out);
        }
    }
}

/// Moves in `lines` and in every variation on them.
fn moves_under(lines: &[Vec<Node>]) -> usize {
    lines
        .iter()
        .flatten()
        .map(|n| 1 + moves_under(&n.variations))
        .sum()
}

/// How deep the variations on the moves of `line` nest (0: none).
fn nesting(line: &[Node]) -> usize {
    line.iter()
        .flat_map(|n| &n.variations)
        .map(|v| 1 + nesting(v))
        .max()
        .unwrap_or(0)
}
