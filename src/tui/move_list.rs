//! The numbered move list both game screens show beside the board: each
//! ply's text with what it did besides moving (flips, points, money, from
//! the rules' effects), grouped into turns, laid out in rows at a width and
//! kept until the width, highlight, marks or theme change.

use super::theme::Theme;
use crate::tui::memo::LastLayout;
use motley_ai::analysis::Mark;
use motley_game::Game;
use motley_rules::core::Color;
use motley_rules::facts::Effect;
use motley_rules::{Describe, Position};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use std::sync::Arc;

/// What an action did besides moving, as a move list shows it after the
/// move: `⟲d7,f7` flips, `⇄` a piece that changed side, `+3` points,
/// `+$4` money (ASCII: `%d7,f7` and `<>`). Scores and money of the side
/// not moving carry its initial (`+3N`).
pub fn effects_text(effects: &[Effect], mover: Color, names: [&str; 2], ascii: bool) -> String {
    let whose = |side: Color| -> String {
        if side == mover {
            String::new()
        } else {
            names[side.index()].chars().take(1).collect()
        }
    };
    let mut out = String::new();
    for e in effects {
        match e {
            Effect::Flipped(squares) => {
                let list: Vec<String> = squares.map(|s| s.to_string()).collect();
                out.push_str(if ascii { "%" } else { "⟲" });
                out.push_str(&list.join(","));
            }
            Effect::ChangedOwner { .. } => out.push_str(if ascii { "<>" } else { "⇄" }),
            Effect::Scored { side, points } => out.push_str(&format!("+{points}{}", whose(*side))),
            Effect::Earned { side, amount } => out.push_str(&format!("+${amount}{}", whose(*side))),
            Effect::Exploded(squares) => {
                let list: Vec<String> = squares.map(|s| s.to_string()).collect();
                out.push_str(if ascii { "*" } else { "✸" });
                out.push_str(&list.join(","));
            }
        }
    }
    out
}

/// The legend of the effect marks a move list shows (only those in it).
pub fn effects_legend(kinds: &[Effect], ascii: bool) -> String {
    let mut parts: Vec<&str> = Vec::new();
    let mut add = |text: &'static str| {
        if !parts.contains(&text) {
            parts.push(text);
        }
    };
    for e in kinds {
        match (e, ascii) {
            (Effect::Flipped(_), false) => add("⟲ flipped"),
            (Effect::Flipped(_), true) => add("% flipped"),
            (Effect::ChangedOwner { .. }, false) => add("⇄ changed side"),
            (Effect::ChangedOwner { .. }, true) => add("<> changed side"),
            (Effect::Scored { .. }, _) => add("+N points"),
            (Effect::Earned { .. }, _) => add("+$N earned"),
            (Effect::Exploded(_), false) => add("✸ exploded"),
            (Effect::Exploded(_), true) => add("* exploded"),
        }
    }
    parts.join(" · ")
}

/// An action's SAN as the screens show it (a roll as `[3,5]`): the move
/// list, and the play screen's word of a past position.
pub fn ply_text(san: &str) -> String {
    match san.strip_prefix("roll:") {
        Some(d) => format!("[{d}]"),
        None => san.to_string(),
    }
}

/// A game's move list as the screens show it, worked out once per game
/// (on the play screen, once per change of it) rather than on every frame:
/// each ply's text and what it did besides moving, from the rules, and the
/// turns the plies make up. The rows last laid out are kept, and laid out
/// again only for another width, highlight, marks or theme.
#[derive(Debug, Default)]
pub struct MoveList {
    /// Each ply's text, by ply index.
    texts: Vec<String>,
    /// What each ply did besides moving, by ply index.
    effects: Vec<Vec<Effect>>,
    /// The turns, in order: a side's actions in a row are one turn.
    turns: Vec<Turn>,
    /// The family's names of the sides.
    names: [&'static str; 2],
    /// The rows last laid out, and what for.
    laid_out: LastLayout<RowsKey, MoveRows>,
}

impl Clone for MoveList {
    fn clone(&self) -> MoveList {
        MoveList {
            texts: self.texts.clone(),
            effects: self.effects.clone(),
            turns: self.turns.clone(),
            names: self.names,
            laid_out: LastLayout::default(),
        }
    }
}

/// What the move list's rows are laid out for, besides the game.
#[derive(Debug, PartialEq)]
struct RowsKey {
    current: Option<usize>,
    marks: Vec<Option<Mark>>,
    width: u16,
    theme: Theme,
}

/// One side's turn in the move list.
#[derive(Clone, Debug)]
struct Turn {
    side: Color,
    /// Its move number.
    number: u32,
    /// Its plies, by index.
    plies: std::ops::Range<usize>,
}

impl MoveList {
    /// The move list of `game` as it stands.
    pub fn of(game: &Game) -> MoveList {
        let mut effects = Vec::with_capacity(game.ply());
        let mut turns: Vec<Turn> = Vec::new();
        for (i, a) in game.actions().iter().enumerate() {
            let Some(p) = game.position_at(i) else { break };
            effects.push(p.action_effects(a));
            let side = p.turn();
            match turns.last_mut() {
                Some(t) if t.side == side => t.plies.end = i + 1,
                _ => turns.push(Turn {
                    side,
                    number: p.fullmoves(),
                    plies: i..i + 1,
                }),
            }
        }
        MoveList {
            texts: game.sans().iter().map(|san| ply_text(san)).collect(),
            effects,
            turns,
            names: game.position().side_names(),
            laid_out: LastLayout::default(),
        }
    }

    /// The legend of the effect marks the game's moves show.
    pub fn legend(&self, ascii: bool) -> String {
        let kinds: Vec<Effect> = self.effects.iter().flatten().cloned().collect();
        effects_legend(&kinds, ascii)
    }
}

/// What the move list's text of each ply is made from.
struct MoveListText<'a> {
    texts: &'a [String],
    effects: &'a [Vec<Effect>],
    marks: &'a [Option<Mark>],
    names: [&'static str; 2],
    current: Option<usize>,
    theme: &'a Theme,
}

/// Where a ply's text is within its turn's part of a row.
struct PartHit {
    /// Columns from the part's start.
    offset: usize,
    width: usize,
    /// The ply count after it.
    ply: usize,
}

/// One side's turn in the move list (plies `plies`): its spans, where each
/// ply's text is within it, and its width.
fn turn_part(
    list: &MoveListText,
    mover: Color,
    plies: std::ops::Range<usize>,
) -> (Vec<Span<'static>>, Vec<PartHit>, usize) {
    let theme = list.theme;
    let mut part: Vec<Span<'static>> = Vec::new();
    let mut part_hits: Vec<PartHit> = Vec::new();
    let mut plen = 0;
    let first = plies.start;
    for k in plies {
        let Some(text) = list.texts.get(k) else { break };
        let style = if list.current == Some(k + 1) {
            theme.selected_row()
        } else {
            Style::default()
        };
        if k > first {
            part.push(Span::raw(" "));
            plen += 1;
        }
        let text = text.clone();
        // An analysis's mark follows the move (`Nf6??`), then what the move
        // did besides (`Bxb5 ⟲d7`).
        let mark = list.marks.get(k).copied().flatten();
        let symbol = mark.map_or("", Mark::symbol);
        let did = list.effects.get(k).map_or(&[][..], Vec::as_slice);
        let did = match effects_text(did, mover, list.names, theme.ascii) {
            t if t.is_empty() => t,
            t => format!(" {t}"),
        };
        let w = text.chars().count() + symbol.len() + did.chars().count();
        part_hits.push(PartHit {
            offset: plen,
            width: w,
            ply: k + 1,
        });
        plen += w;
        part.push(Span::styled(text, style));
        if let Some(m) = mark {
            part.push(Span::styled(symbol, theme.move_mark(m >= Mark::Mistake)));
        }
        if !did.is_empty() {
            part.push(Span::styled(did, style));
        }
    }
    (part, part_hits, plen)
}

/// Where a ply's text sits in the move list (for clicks).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveHit {
    /// The row of the list.
    pub row: usize,
    /// Its first column.
    pub x0: u16,
    /// Its last column, exclusive.
    pub x1: u16,
    /// The ply count after it.
    pub ply: usize,
}

/// The move list's rows at a width, and where things are in them.
#[derive(Debug)]
pub struct MoveRows {
    pub lines: Vec<Line<'static>>,
    /// The row holding the current ply (else the last row).
    pub current_row: usize,
    /// Where each ply's text is.
    pub hits: Vec<MoveHit>,
}

impl MoveList {
    /// The numbered move list: one row per move number (actions of the
    /// same side in a row are one turn, where a turn has several actions),
    /// `width` columns wide. `current` (a ply count) marks the action just
    /// played in the replay viewer; `marks` are an analysis's marks of the
    /// plies. The rows last laid out are reused when asked for again.
    pub fn rows(
        &self,
        current: Option<usize>,
        marks: &[Option<Mark>],
        width: u16,
        theme: &Theme,
    ) -> Arc<MoveRows> {
        let key = RowsKey {
            current,
            marks: marks.to_vec(),
            width,
            theme: *theme,
        };
        self.laid_out
            .get_or(key, || self.lay_out(current, marks, width, theme))
    }

    /// The rows, laid out afresh.
    fn lay_out(
        &self,
        current: Option<usize>,
        marks: &[Option<Mark>],
        width: u16,
        theme: &Theme,
    ) -> MoveRows {
        let list = MoveListText {
            texts: &self.texts,
            effects: &self.effects,
            marks,
            names: self.names,
            current,
            theme,
        };
        let turns = &self.turns;
        let mut rows: Vec<Line<'static>> = Vec::new();
        let mut hits: Vec<MoveHit> = Vec::new();
        let mut current_row = None;
        let width = width as usize;
        let mut i = 0;
        while i < turns.len() {
            let Turn { side, number, .. } = turns[i];
            let mut spans: Vec<Span<'static>> = vec![Span::styled(
                if side == Color::White {
                    format!("{number:>3}. ")
                } else {
                    format!("{number:>3}… ")
                },
                theme.dim(),
            )];
            let mut len = 5;
            let mut take = vec![i];
            if side == Color::White && i + 1 < turns.len() && turns[i + 1].side == Color::Black {
                take.push(i + 1);
            }
            for (n, ti) in take.iter().enumerate() {
                let turn = &turns[*ti];
                let (part, part_hits, plen) = turn_part(&list, turn.side, turn.plies.clone());
                if n == 1 && len + 1 + plen > width {
                    // Black's part goes on its own row.
                    rows.push(Line::from(std::mem::take(&mut spans)));
                    spans = vec![Span::styled("     ".to_string(), theme.dim())];
                    len = 5;
                } else if n == 1 {
                    spans.push(Span::raw(" "));
                    len += 1;
                }
                for PartHit { offset, width, ply } in part_hits {
                    let x0 = (len + offset) as u16;
                    hits.push(MoveHit {
                        row: rows.len(),
                        x0,
                        x1: x0 + width as u16,
                        ply,
                    });
                    if current == Some(ply) {
                        current_row = Some(rows.len());
                    }
                }
                len += plen;
                spans.extend(part);
            }
            rows.push(Line::from(spans));
            i += take.len();
        }
        let current_row = current_row.unwrap_or(rows.len().saturating_sub(1));
        MoveRows {
            lines: rows,
            current_row,
            hits,
        }
    }
}
