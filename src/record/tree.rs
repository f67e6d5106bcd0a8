//! A game's tree of variations and annotations (README "Saved games",
//! `annotations`): what hangs on the moves that decide the game — side
//! lines at any ply, each of which may branch again, and on every move a
//! comment, NAGs, the clock time left and an evaluation.
//!
//! The main line is the record's `moves`, never stored twice: a record
//! keeps [`Annotations`], which refer to main-line plies by number, and
//! [`GameTree`] is the same tree with the main line's actions in it, the
//! form the replay viewer edits and PGN is written from. Every line is a
//! list of moves (never a chain of nested nodes), so a long game nests no
//! deeper than its variations do.

use serde::{Deserialize, Serialize};
use thiserror::Error;

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
    /// The mover's clock time left after the move, in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock_ms: Option<u64>,
    /// The evaluation after the move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eval: Option<TreeEval>,
}

impl Notes {
    /// Nothing noted.
    pub fn is_empty(&self) -> bool {
        self.comment.is_none()
            && self.nags.is_empty()
            && self.clock_ms.is_none()
            && self.eval.is_none()
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
    /// Alternatives to this move, each a line from the same position.
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
}

/// What hangs on one main-line move (ply counted from 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlyNotes {
    /// The main-line move it is about: `moves[ply - 1]`.
    pub ply: usize,
    /// Comment, NAGs, clock and evaluation of the move.
    #[serde(flatten)]
    pub notes: Notes,
    /// Alternatives to the move.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variations: Vec<Vec<Node>>,
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
}

impl Annotations {
    /// Nothing at all: the record leaves the field out.
    pub fn is_empty(&self) -> bool {
        self.intro.is_none() && self.plies.is_empty()
    }
}

/// Going into a variation: at node `at` of the current line, variation
/// `var` of its alternatives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hop {
    /// The node (from 0) of the line the variation replaces.
    pub at: usize,
    /// Which of its variations (from 0).
    pub var: usize,
}

/// A place in the tree: the variations taken from the main line, and how
/// many moves of the last line are played (0 on the main line is the
/// start; a variation's place has at least its first move).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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
}

/// The whole tree: the main line with its actions, and everything on it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameTree {
    /// The comment before the first move.
    pub intro: Option<String>,
    /// The main line (its actions are the record's `moves`).
    pub main: Vec<Node>,
}

impl GameTree {
    /// The tree of `moves` with `annotations` on them. Plies outside the
    /// moves are left out (the record's reader checks them first).
    pub fn new(moves: &[String], annotations: &Annotations) -> GameTree {
        let mut main: Vec<Node> = moves.iter().map(|m| Node::new(m)).collect();
        for p in &annotations.plies {
            if let Some(node) = p.ply.checked_sub(1).and_then(|i| main.get_mut(i)) {
                node.notes = p.notes.clone();
                node.variations = p.variations.clone();
            }
        }
        GameTree {
            intro: annotations.intro.clone(),
            main,
        }
    }

    /// The actions of the main line (the record's `moves`).
    pub fn main_actions(&self) -> Vec<String> {
        self.main.iter().map(|n| n.action.clone()).collect()
    }

    /// What a record keeps: everything but the main line's actions.
    pub fn annotations(&self) -> Annotations {
        let plies = self
            .main
            .iter()
            .enumerate()
            .filter(|(_, n)| !n.notes.is_empty() || !n.variations.is_empty())
            .map(|(i, n)| PlyNotes {
                ply: i + 1,
                notes: n.notes.clone(),
                variations: n.variations.clone(),
            })
            .collect();
        Annotations {
            intro: self.intro.clone(),
            plies,
        }
    }

    /// Is there anything beyond the main line's actions?
    pub fn is_bare(&self) -> bool {
        self.annotations().is_empty()
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
    /// lengthened: its end is where the game's moves end. Returns where
    /// the move leads.
    pub fn add_move(&mut self, at: &Cursor, action: &str) -> Result<Cursor, TreeError> {
        if !self.holds(at) {
            return Err(TreeError::NoSuchNode);
        }
        let n = at.len;
        let main = at.hops.is_empty();
        let line = self.line_mut(&at.hops).ok_or(TreeError::NoSuchNode)?;
        let Some(next) = line.get_mut(n) else {
            if main {
                return Err(TreeError::NotAVariation);
            }
            line.push(Node::new(action));
            return Ok(Cursor {
                hops: at.hops.clone(),
                len: n + 1,
            });
        };
        if next.action == action {
            return Ok(Cursor {
                hops: at.hops.clone(),
                len: n + 1,
            });
        }
        let var = match next
            .variations
            .iter()
            .position(|v| v.first().is_some_and(|m| m.action == action))
        {
            Some(k) => k,
            None => {
                next.variations.push(vec![Node::new(action)]);
                next.variations.len() - 1
            }
        };
        let mut hops = at.hops.clone();
        hops.push(Hop { at: n, var });
        Ok(Cursor { hops, len: 1 })
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

    /// The moves that could have led here instead of the one that did
    /// (the line's own move first, then its variations), as places, and
    /// which of them `at` is. None at the start.
    pub fn siblings(&self, at: &Cursor) -> Option<(Vec<Cursor>, usize)> {
        let (base, at_node) = match at.hops.split_last() {
            Some((last, outer)) if at.len == 1 => (outer.to_vec(), last.at),
            _ => (at.hops.clone(), at.len.checked_sub(1)?),
        };
        let node = self.line(&base)?.get(at_node)?;
        let mut all = vec![Cursor {
            hops: base.clone(),
            len: at_node + 1,
        }];
        for var in 0..node.variations.len() {
            let mut hops = base.clone();
            hops.push(Hop { at: at_node, var });
            all.push(Cursor { hops, len: 1 });
        }
        let index = all.iter().position(|c| c == at)?;
        Some((all, index))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(moves: &[&str]) -> GameTree {
        let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        GameTree::new(&moves, &Annotations::default())
    }

    fn opening() -> GameTree {
        tree(&["e2e4", "e7e5", "g1f3", "b8c6"])
    }

    #[test]
    fn a_move_that_differs_starts_a_variation_and_the_same_move_follows_it() {
        let mut t = opening();
        let v = t.add_move(&Cursor::main(2), "b1c3").unwrap();
        assert_eq!(v.hops, [Hop { at: 2, var: 0 }]);
        assert_eq!(v.ply(), 3);
        assert_eq!(t.actions_to(&v).unwrap(), ["e2e4", "e7e5", "b1c3"]);
        // The same move again follows the variation; the main move follows
        // the main line.
        assert_eq!(t.add_move(&Cursor::main(2), "b1c3").unwrap(), v);
        assert_eq!(
            t.add_move(&Cursor::main(2), "g1f3").unwrap(),
            Cursor::main(3)
        );
        assert_eq!(t.main[2].variations.len(), 1);
        // A side line grows at its end; the main line never does.
        let w = t.add_move(&v, "g8f6").unwrap();
        assert_eq!(w.len, 2);
        assert_eq!(
            t.add_move(&Cursor::main(4), "f1b5"),
            Err(TreeError::NotAVariation)
        );
    }

    #[test]
    fn promoting_swaps_a_variation_with_its_parent_line_step_by_step() {
        let mut t = opening();
        let v = t.add_move(&Cursor::main(1), "c7c5").unwrap();
        t.add_move(&v, "g1f3").unwrap();
        let sub = t.add_move(&v, "b1c3").unwrap();
        assert_eq!(sub.hops.len(), 2);
        // One step: the sub-variation becomes the side line's move...
        let up = t.promote(&sub).unwrap();
        assert_eq!(up.hops.len(), 1);
        assert_eq!(
            t.actions_to(&up).unwrap(),
            ["e2e4", "c7c5", "b1c3"],
            "the promoted move now continues the side line"
        );
        assert_eq!(t.main_actions(), ["e2e4", "e7e5", "g1f3", "b8c6"]);
        // ...and the next step makes it the main line, changing its moves.
        let main = t.promote(&up).unwrap();
        assert!(main.on_main_line());
        assert_eq!(t.main_actions(), ["e2e4", "c7c5", "b1c3"]);
        // The old main line is a variation of the new one, in its place.
        let old: Vec<&str> = t.main[1].variations[0]
            .iter()
            .map(|n| n.action.as_str())
            .collect();
        assert_eq!(old, ["e7e5", "g1f3", "b8c6"]);
        assert_eq!(t.promote(&main), Err(TreeError::NotAVariation));
    }

    #[test]
    fn deleting_a_variation_returns_to_the_place_it_branched_from() {
        let mut t = opening();
        let v = t.add_move(&Cursor::main(3), "g8f6").unwrap();
        let v = t.add_move(&v, "f3e5").unwrap();
        assert_eq!(t.delete(&v).unwrap(), Cursor::main(3));
        assert!(t.is_bare());
        assert_eq!(t.delete(&Cursor::main(2)), Err(TreeError::NotAVariation));
    }

    #[test]
    fn comments_are_set_and_cleared_and_the_start_holds_the_intro() {
        let mut t = opening();
        t.set_comment(&Cursor::main(0), Some("Open game")).unwrap();
        t.set_comment(&Cursor::main(2), Some(" solid ")).unwrap();
        assert_eq!(t.comment(&Cursor::main(0)), Some("Open game"));
        assert_eq!(t.comment(&Cursor::main(2)), Some("solid"));
        let a = t.annotations();
        assert_eq!(a.plies.len(), 1);
        assert_eq!(a.plies[0].ply, 2);
        t.set_comment(&Cursor::main(2), Some("   ")).unwrap();
        t.set_comment(&Cursor::main(0), None).unwrap();
        assert!(t.is_bare());
        assert_eq!(
            t.set_comment(&Cursor::main(9), Some("x")),
            Err(TreeError::NoSuchNode)
        );
    }

    #[test]
    fn stepping_and_switching_among_the_moves_of_one_ply() {
        let mut t = opening();
        let a = t.add_move(&Cursor::main(2), "b1c3").unwrap();
        let b = t.add_move(&Cursor::main(2), "f1c4").unwrap();
        let (all, i) = t.siblings(&Cursor::main(3)).unwrap();
        assert_eq!(
            (all.clone(), i),
            (vec![Cursor::main(3), a.clone(), b.clone()], 0)
        );
        assert_eq!(t.siblings(&b).unwrap().1, 2);
        assert_eq!(t.back(&a), Some(Cursor::main(2)));
        assert_eq!(t.forward(&a), None);
        assert_eq!(t.forward(&Cursor::main(2)), Some(Cursor::main(3)));
        assert_eq!(t.back(&Cursor::main(0)), None);
        assert!(t.siblings(&Cursor::main(0)).is_none());
    }

    #[test]
    fn annotations_round_trip_through_json_and_leave_out_what_is_empty() {
        let mut t = opening();
        let v = t.add_move(&Cursor::main(2), "b1c3").unwrap();
        t.set_comment(&v, Some("Vienna")).unwrap();
        t.main[0].notes.nags = vec![1];
        t.main[0].notes.clock_ms = Some(299_000);
        t.main[1].notes.eval = Some(TreeEval::Mate(-3));
        let a = t.annotations();
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(
            json,
            r#"{"plies":[{"ply":1,"nags":[1],"clock_ms":299000},{"ply":2,"eval":{"mate":-3}},{"ply":3,"variations":[[{"action":"b1c3","comment":"Vienna"}]]}]}"#
        );
        let back: Annotations = serde_json::from_str(&json).unwrap();
        assert_eq!(GameTree::new(&t.main_actions(), &back), t);
    }
}
