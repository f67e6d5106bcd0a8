//! The play screen's keys in one place: what each key asks for (as a
//! [`PlayAction`]), the help table, and the key bar.

use crate::core::Action;
use crate::session::Session;
use crate::tui::game_page::KeyHint;
use crate::tui::sharing::SHARE_KEYS;
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
    /// Ask the computer for the side to move's best move.
    Hint,
    Buy,
    Pass,
    /// After the game: a rematch or the match's next game.
    NextGame,
    /// After the game: show the result again.
    ShowResult,
    /// Scroll the move list by rows (up is positive).
    ScrollMoves(i8),
    /// Copy the position's FEN to the terminal's clipboard.
    CopyFen,
    /// Copy the game's PGN to the terminal's clipboard.
    CopyPgn,
    /// Write the game as a PGN file.
    ExportPgn,
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
        KeyCode::Char('H') => A::Hint,
        KeyCode::Char('b') => A::Buy,
        KeyCode::Char('p') => A::Pass,
        KeyCode::Char('y') => A::CopyFen,
        KeyCode::Char('Y') => A::CopyPgn,
        KeyCode::Char('e') => A::ExportPgn,
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
    (
        "s",
        "save the game to a file (asks for its name, and before replacing one)",
    ),
    (
        "d",
        "offer a draw (or, where the rules say so, to end the game scored)",
    ),
    ("R", "resign"),
    ("m", "make a thinking computer move now"),
    (
        "H",
        "hint: the computer's move for the side to move (Shift-h)",
    ),
    (
        "b",
        "buy an item or a placement, where the variant sells them",
    ),
    ("p", "pass: give up the remaining bought extra moves"),
    ("n", "after the game: rematch, or the next game of a match"),
    ("g", "after the game: show the result again"),
    ("PgUp/PgDn, wheel", "scroll the move list"),
    SHARE_KEYS[0],
    SHARE_KEYS[1],
    SHARE_KEYS[2],
    ("i", "the rules of this variant"),
    ("?", "this help"),
    ("Esc", "drop the selection, close a prompt or popup"),
    (
        "q",
        "leave the game (kept under Continue; asks if it could not be saved)",
    ),
    (
        "Ctrl-C",
        "quit Motley (as q: the game is kept; asks if it was not saved)",
    ),
];

/// The keys the key bar shows for a game, in their order on screen, each
/// with its rank: help first of all, then what the moment asks for;
/// narrow terminals drop the least important (every key is in the help,
/// the copy keys only there).
pub fn hint_items(control: &Session) -> Vec<KeyHint> {
    let game = control.game();
    let over = game.outcome().is_some();
    let mut v: Vec<KeyHint> = Vec::new();
    if over {
        v.push((KeyCode::Char('n'), "n", "rematch", 1));
        v.push((KeyCode::Char('g'), "g", "result", 2));
    } else {
        v.push((KeyCode::Char(':'), ":", "move", 1));
        if control.is_thinking() {
            v.push((KeyCode::Char('m'), "m", "move now", 2));
        }
        let legal = game.legal_actions();
        if legal
            .iter()
            .any(|a| matches!(a, Action::Buy(_) | Action::Place(..)))
        {
            v.push((KeyCode::Char('b'), "b", "buy", 2));
        }
        if legal.contains(&Action::Pass) {
            v.push((KeyCode::Char('p'), "p", "pass", 2));
        }
        // The hint, while a person is to act: shown where there is room.
        if control.human_to_act() {
            v.push((KeyCode::Char('H'), "H", "hint", 10));
        }
    }
    v.extend([
        (KeyCode::Char('u'), "u", "undo", 3),
        (KeyCode::Char('r'), "r", "redo", 6),
        (KeyCode::Char('s'), "s", "save", 5),
        (KeyCode::Char('?'), "?", "help", 0),
        (KeyCode::Char('q'), "q", "quit", 4),
        (KeyCode::Char('f'), "f", "flip", 11),
    ]);
    if !over {
        v.push((KeyCode::Char('d'), "d", "offer", 8));
        v.push((KeyCode::Char('R'), "R", "resign", 7));
    }
    v.push((KeyCode::Char('i'), "i", "rules", 9));
    v
}
