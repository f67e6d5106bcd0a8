//! The play screen's keys in one place: what each key asks for (as a
//! [`PlayAction`]), the help table, and the key bar.

use crate::core::Action;
use crate::tui::control::GameControl;
use crate::tui::game_page::KeyHint;
use crossterm::event::KeyCode;

/// What a key (or a click on the key bar) asks of the play screen, when no
/// prompt or popup takes it first.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PlayAction {
    /// Move the cursor by screen columns and rows.
    MoveCursor(i8, i8),
    /// Pick up or put down on the cursor's square.
    PickAtCursor,
    /// Drop the selection and the message.
    Clear,
    OpenPrompt,
    Undo,
    Redo,
    Flip,
    OpenSave,
    Help,
    Rules,
    Leave,
    Resign,
    Offer,
    MoveNow,
    Buy,
    Pass,
    /// After the game: a rematch or the match's next game.
    NextGame,
    /// After the game: show the result again.
    ShowResult,
    /// Scroll the move list by rows (up is positive).
    ScrollMoves(i8),
    /// A letter that means nothing here.
    Unbound(char),
}

/// The action of a key; `over` says the game has ended.
pub fn action_for_key(code: KeyCode, over: bool) -> Option<PlayAction> {
    use PlayAction as A;
    Some(match code {
        KeyCode::Left | KeyCode::Char('h') => A::MoveCursor(-1, 0),
        KeyCode::Right | KeyCode::Char('l') => A::MoveCursor(1, 0),
        KeyCode::Up | KeyCode::Char('k') => A::MoveCursor(0, -1),
        KeyCode::Down | KeyCode::Char('j') => A::MoveCursor(0, 1),
        KeyCode::Enter | KeyCode::Char(' ') => A::PickAtCursor,
        KeyCode::Esc => A::Clear,
        KeyCode::Char(':') => A::OpenPrompt,
        KeyCode::Char('u') => A::Undo,
        KeyCode::Char('r') => A::Redo,
        KeyCode::Char('f') => A::Flip,
        KeyCode::Char('s') => A::OpenSave,
        KeyCode::Char('?') => A::Help,
        KeyCode::Char('i') => A::Rules,
        KeyCode::Char('q') => A::Leave,
        KeyCode::Char('R') => A::Resign,
        KeyCode::Char('d') => A::Offer,
        KeyCode::Char('m') => A::MoveNow,
        KeyCode::Char('b') => A::Buy,
        KeyCode::Char('p') => A::Pass,
        KeyCode::Char('n') if over => A::NextGame,
        KeyCode::Char('g') if over => A::ShowResult,
        KeyCode::PageUp => A::ScrollMoves(5),
        KeyCode::PageDown => A::ScrollMoves(-5),
        KeyCode::Char(c) => A::Unbound(c),
        _ => return None,
    })
}

/// Every key of the play screen, for the help popup.
pub const PLAY_KEYS: &[(&str, &str)] = &[
    ("←↑↓→ / hjkl", "move the cursor"),
    (
        "Enter / Space",
        "pick up a piece, put it down (a click does the same)",
    ),
    (
        ":",
        "type a move: e2e4, Nf3, e7e8q, d4^e5, N@e4, buy:move1, pass (Enter plays, Esc cancels)",
    ),
    ("u", "undo (against a computer: back to your last turn)"),
    ("r", "redo"),
    ("f", "flip the board"),
    ("s", "save the game (asks for a file name)"),
    (
        "d",
        "offer a draw (or, where the rules say so, to end the game scored)",
    ),
    ("R", "resign"),
    ("m", "make a thinking computer move now"),
    (
        "b",
        "buy an item or a placement, where the variant sells them",
    ),
    ("p", "pass: give up the remaining bought extra moves"),
    ("n", "after the game: rematch, or the next game of a match"),
    ("g", "after the game: show the result again"),
    ("PgUp/PgDn, wheel", "scroll the move list"),
    ("i", "the rules of this variant"),
    ("?", "this help"),
    ("Esc", "drop the selection, close a prompt or popup"),
    (
        "q",
        "leave the game (it is autosaved and offered on the menu)",
    ),
    ("Ctrl-C", "quit at once (autosaved)"),
];

/// The keys the key bar shows for a game, most used first: narrow
/// terminals drop the tail (every key is in the help).
pub fn hint_items(control: &GameControl) -> Vec<KeyHint> {
    let game = control.game();
    let over = game.outcome().is_some();
    let mut v: Vec<KeyHint> = Vec::new();
    if over {
        v.push((KeyCode::Char('n'), "n", "rematch"));
        v.push((KeyCode::Char('g'), "g", "result"));
    } else {
        v.push((KeyCode::Char(':'), ":", "move"));
        if control.is_thinking() {
            v.push((KeyCode::Char('m'), "m", "move now"));
        }
        let legal = game.legal_actions();
        if legal
            .iter()
            .any(|a| matches!(a, Action::Buy(_) | Action::Place(..)))
        {
            v.push((KeyCode::Char('b'), "b", "buy"));
        }
        if legal.contains(&Action::Pass) {
            v.push((KeyCode::Char('p'), "p", "pass"));
        }
    }
    v.extend([
        (KeyCode::Char('u'), "u", "undo"),
        (KeyCode::Char('r'), "r", "redo"),
        (KeyCode::Char('s'), "s", "save"),
        (KeyCode::Char('?'), "?", "help"),
        (KeyCode::Char('q'), "q", "quit"),
        (KeyCode::Char('f'), "f", "flip"),
    ]);
    if !over {
        v.push((KeyCode::Char('d'), "d", "offer"));
        v.push((KeyCode::Char('R'), "R", "resign"));
    }
    v.push((KeyCode::Char('i'), "i", "rules"));
    v
}
