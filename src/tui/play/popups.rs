//! The play screen's popups: what each one asks, and how it is built from
//! the game. Their keys are handled by the screen, their drawing by the
//! page.

use super::keys::PLAY_KEYS;
use crate::tui::game_page::{keys_popup, rules_popup};
use crate::tui::line_edit::LineEdit;
use crate::tui::panels;
use crate::tui::popup::{ListPopup, TextPopup};
use crate::tui::theme::Theme;
use motley_game::variant::VariantDef;
use motley_game::Game;
use motley_rules::core::{Action, Color, MoveKind, Piece};
use motley_rules::facts::Fact;
use motley_rules::{AnyPosition, Describe, Position};
use motley_session::Session;
use std::path::PathBuf;

/// Where leaving the game goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Back to the menu (`q`).
    Leave,
    /// Out of Motley (Ctrl-C).
    Quit,
    /// On to a rematch or the match's next game.
    NextGame,
}

/// What a list popup is choosing.
#[derive(Clone, Debug, PartialEq)]
pub enum ListKind {
    /// Several legal actions share a from/to (promotion, capture in place).
    Candidates(Vec<Action>),
    /// Purchases: an action, or "place this piece" (then a square).
    Purchases(Vec<PurchaseItem>),
    /// Pieces in hand to drop (then a square).
    Drops(Vec<Piece>),
    /// Resign as this side? (y/n)
    Resign(Color),
    /// The other side offered a draw (or to end the game); accept? (y/n)
    Offer { by: Color },
    /// The game is over: save, rematch / next game, leave, look at the board.
    GameOver,
    /// Leaving would lose actions no file holds: save elsewhere, leave
    /// anyway, or stay.
    Unsaved(Exit),
    /// Saving to `path` would replace a file there: replace it? (`typed`
    /// goes back into the save prompt on no; `then` is where the player
    /// was going.)
    Replace {
        path: PathBuf,
        typed: String,
        then: Option<Exit>,
    },
}

/// One entry of the purchase popup.
#[derive(Clone, Debug, PartialEq)]
pub enum PurchaseItem {
    Act(Action),
    Place(Piece),
}

/// The popup over the play screen.
#[derive(Clone, Debug, PartialEq)]
pub enum Popup {
    Help {
        scroll: u16,
    },
    Rules {
        scroll: u16,
    },
    List {
        kind: ListKind,
        list: ListPopup,
    },
    /// The save prompt; `then` is where to go once saved (when saving
    /// before leaving).
    SaveAs {
        text: LineEdit,
        then: Option<Exit>,
    },
}

impl Popup {
    /// The scrolling text a help or rules popup shows (`def`'s rules):
    /// drawn from it, and its keys stop scrolling at its end.
    pub fn text<'a>(&self, def: &'a VariantDef, theme: &'a Theme) -> Option<TextPopup<'a>> {
        match self {
            Popup::Help { scroll } => Some(keys_popup("Keys", PLAY_KEYS, *scroll, theme)),
            Popup::Rules { scroll } => Some(rules_popup(def, *scroll, theme)),
            Popup::List { .. } | Popup::SaveAs { .. } => None,
        }
    }

    /// The same text popup scrolled to `scroll`.
    pub fn scrolled(self, scroll: u16) -> Popup {
        match self {
            Popup::Help { .. } => Popup::Help { scroll },
            Popup::Rules { .. } => Popup::Rules { scroll },
            other => other,
        }
    }
}

/// The result, the match standing, and what comes next.
pub fn game_over(control: &Session) -> Popup {
    let game = control.game();
    let describe = game
        .outcome()
        .map(|o| panels::describe_outcome(game.position(), &o))
        .unwrap_or_default();
    let mut text = vec![describe];
    let mut next = "rematch".to_string();
    if let Some(m) = control.match_score() {
        if m.has_next() {
            next = format!("next game of the match ({} of {})", m.played + 2, m.games);
        }
        let p = m.points_after(game);
        text.push(format!(
            "Match after {} of {}: {} – {}",
            m.played + 1,
            m.games,
            p[0],
            p[1]
        ));
    }
    let items = vec![
        ('s', "save the game".to_string()),
        ('n', next),
        ('q', "leave".to_string()),
        ('v', "view the board (Esc)".to_string()),
    ];
    Popup::List {
        kind: ListKind::GameOver,
        list: ListPopup::new("Game over", text, items),
    }
}

/// Does `side` (called `name` by the family) really resign?
pub fn resign(side: Color, name: &str) -> Popup {
    Popup::List {
        kind: ListKind::Resign(side),
        list: ListPopup::yes_no(
            "Resign",
            vec![format!("{name} resigns the game?")],
            "yes, resign",
            "no, play on",
        ),
    }
}

/// `by` offers `what` (a draw, or to end the game); the other side answers.
/// `names` are the family's names of the sides.
pub fn offer(by: Color, what: &str, names: [&str; 2]) -> Popup {
    Popup::List {
        kind: ListKind::Offer { by },
        list: ListPopup::yes_no(
            "Offer",
            vec![
                format!("{} offers {what}.", names[by.index()]),
                format!("{}, do you accept?", names[by.other().index()]),
            ],
            "accept",
            "decline",
        ),
    }
}

/// The purchases on offer now, or why there are none. Buys are listed as
/// they are, placements once per piece (its square is picked next); the
/// rules label each with its price.
pub fn purchases(game: &Game) -> Result<Popup, &'static str> {
    let legal = game.legal_actions();
    let pos = game.position();
    let mut items: Vec<PurchaseItem> = Vec::new();
    let mut labels: Vec<String> = Vec::new();
    for a in &legal {
        let item = match a {
            Action::Buy(_) => PurchaseItem::Act(*a),
            Action::Place(p, _) if !items.contains(&PurchaseItem::Place(*p)) => {
                PurchaseItem::Place(*p)
            }
            _ => continue,
        };
        let Some(words) = pos.describe_purchase(a) else {
            continue;
        };
        labels.push(match item {
            PurchaseItem::Place(_) => format!("{words}, then pick a square"),
            PurchaseItem::Act(_) => words,
        });
        items.push(item);
    }
    if items.is_empty() {
        // A variant that sells has a price list among its facts.
        let sells = pos.facts().iter().any(|f| matches!(f, Fact::Prices { .. }));
        let drops = legal.iter().any(|a| a.dropped().is_some());
        return Err(match (sells, drops) {
            (true, _) => "nothing can be bought now: purchases come before the main move and must be affordable",
            (false, true) => "nothing is bought in this variant: @ drops a piece from your hand",
            (false, false) => "nothing can be bought in this variant",
        });
    }
    let keys = "123456789abcdefghijklmnopqrstuvwxyz";
    let labels = keys.chars().zip(labels).collect();
    Ok(Popup::List {
        kind: ListKind::Purchases(items),
        list: ListPopup::new(
            "Buy",
            vec!["One purchase per turn, before the main move.".to_string()],
            labels,
        ),
    })
}

/// The pieces in hand that can be dropped now, each once (its square
/// is picked next), or why none can.
pub fn drops(game: &Game) -> Result<Popup, String> {
    let legal = game.legal_actions();
    let pos = game.position();
    let mut pieces: Vec<Piece> = Vec::new();
    for a in &legal {
        if let Some(p) = a.dropped() {
            if !pieces.contains(&p) {
                pieces.push(p);
            }
        }
    }
    if pieces.is_empty() {
        return Err(match legal.first() {
            Some(_) => "no piece in hand can be dropped now".to_string(),
            None => "the game is over: nothing can be dropped".to_string(),
        });
    }
    let items = pieces
        .iter()
        .map(|p| {
            let name = pos.piece_name(p.role);
            (p.role.char(), format!("{name}, then pick a square"))
        })
        .collect();
    Ok(Popup::List {
        kind: ListKind::Drops(pieces),
        list: ListPopup::new("Drop", vec!["A piece from your hand:".to_string()], items),
    })
}

/// Choose among actions sharing a from/to square pair; `pos` names the
/// variant's pieces.
pub fn candidates(pos: &AnyPosition, candidates: &[Action]) -> Popup {
    let mut items = Vec::new();
    let mut used = String::new();
    for (i, a) in candidates.iter().enumerate() {
        let (key, label) = match a.spot_move() {
            Some(m) => match m.kind {
                MoveKind::Promotion(r) | MoveKind::PiecePromotion(r) => {
                    (r.char(), format!("promote to {}", pos.piece_name(r)))
                }
                MoveKind::CaptureInPlace => ('^', "capture in place (the queen stays)".to_string()),
                _ => ('x', format!("move to {}", m.to)),
            },
            None => ('1', a.to_string()),
        };
        let key = if used.contains(key) {
            char::from_digit(i as u32 + 1, 10).unwrap_or('?')
        } else {
            key
        };
        used.push(key);
        items.push((key, label));
    }
    let promotion = candidates
        .iter()
        .any(|a| a.spot_move().is_some_and(|m| m.promotion().is_some()));
    let title = if promotion {
        "Promote to"
    } else {
        "Which move?"
    };
    Popup::List {
        kind: ListKind::Candidates(candidates.to_vec()),
        list: ListPopup::new(title, Vec::new(), items),
    }
}

/// Leaving would lose unsaved actions: what now?
pub fn unsaved(exit: Exit, problem: Option<&str>) -> Popup {
    let mut text = vec!["Some actions of this game are in no file.".to_string()];
    if let Some(p) = problem {
        text.extend(wrap_words(&format!("Saving failed: {p}"), POPUP_TEXT));
    }
    let go = match exit {
        Exit::Leave => "leave without saving",
        Exit::Quit => "quit without saving",
        Exit::NextGame => "go on without saving",
    };
    let items = vec![
        ('s', "save it to a file of your choice…".to_string()),
        ('l', go.to_string()),
        ('n', "stay in the game (Esc)".to_string()),
    ];
    Popup::List {
        kind: ListKind::Unsaved(exit),
        list: ListPopup::new("Not saved", text, items),
    }
}

/// Saving to `path` would replace the file there: ask first.
pub fn replace(path: PathBuf, typed: String, then: Option<Exit>) -> Popup {
    let mut text = wrap_words(
        &format!("{} exists.", motley_rules::core::quote::path(&path)),
        POPUP_TEXT,
    );
    text.push("Replace it with this game?".to_string());
    Popup::List {
        kind: ListKind::Replace { path, typed, then },
        list: ListPopup::yes_no(
            "Replace the file?",
            text,
            "yes, replace it",
            "no, choose another name",
        ),
    }
}

/// The widest line of a question's text: the popup fits the smallest
/// screen.
const POPUP_TEXT: usize = 56;

/// `text` in lines of at most `width` characters, broken at spaces where
/// possible (a long path is broken anywhere), so nothing is cut off.
pub fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let mut word: Vec<char> = word.chars().collect();
        let len = line.chars().count();
        if len > 0 && len + 1 + word.len() <= width {
            line.push(' ');
            line.extend(word);
            continue;
        }
        if len > 0 {
            lines.push(std::mem::take(&mut line));
        }
        while word.len() > width {
            lines.push(word.drain(..width).collect());
        }
        line = word.into_iter().collect();
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::wrap_words;

    #[test]
    fn long_text_wraps_at_spaces_and_long_words_break() {
        assert_eq!(wrap_words("ab cd ef", 5), ["ab cd", "ef"]);
        assert_eq!(wrap_words("abcdefgh x", 3), ["abc", "def", "gh", "x"]);
        assert_eq!(wrap_words("", 3), [""]);
    }
}
