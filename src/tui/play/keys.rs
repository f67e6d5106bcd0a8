//! The play screen's keys as one table ([`PLAY_KEYS`]): what each key asks
//! for (a [`PlayAction`]), when, its help row and its place in the key bar.

use crate::tui::keymap::{self, KeyBinding, KeyHint};
use crate::tui::sharing::Share;
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
    /// Quit Motley (Ctrl-C, which the application takes before the screen).
    Quit,
    Resign,
    Offer,
    MoveNow,
    /// Ask the computer for the side to move's best move.
    Hint,
    Buy,
    /// Drop a piece from the hand (then a square).
    Drop,
    Pass,
    /// After the game: a rematch or the match's next game.
    NextGame,
    /// After the game: show the result again.
    ShowResult,
    /// Scroll the move list by rows (up is positive).
    ScrollMoves(i8),
    /// Look at the position one ply before the one shown (nothing is
    /// taken back).
    StepBack,
    /// Look at the position one ply after the one shown.
    StepForward,
    /// Look at the game's first position.
    ToFirst,
    /// Back to the live position.
    ToLive,
    /// Copy the position or the game, or export the game.
    Share(Share),
    /// Open the position shown in the position editor.
    Edit,
    /// A letter that means nothing here.
    Unbound(char),
}

impl PlayAction {
    /// Starts a move or changes the game, so acts on the live position:
    /// a past one looked at gives way to it first.
    pub fn acts_on_live(self) -> bool {
        use PlayAction as A;
        matches!(
            self,
            A::PickAtCursor
                | A::OpenPrompt
                | A::Undo
                | A::Redo
                | A::Hint
                | A::Buy
                | A::Drop
                | A::Pass
        )
    }
}

/// The moments a play-screen binding depends on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PlayWhen {
    Always,
    /// The game has ended.
    Over,
    /// The game goes on.
    Ongoing,
    /// A computer player is thinking.
    Thinking,
    /// Something can be bought or placed now.
    CanBuy,
    /// A piece in hand can be dropped now.
    CanDrop,
    /// The side to act may pass.
    CanPass,
    /// A person is to act.
    HumanToAct,
    /// Something has been played: there are past positions to look at.
    Played,
    /// A past position is shown instead of the live one.
    LookingBack,
}

/// Every key of the play screen, in the help's order.
pub const PLAY_KEYS: &[KeyBinding<PlayAction, PlayWhen>] = {
    use PlayAction as A;
    use PlayWhen as W;
    const fn key(keys: &'static [KeyCode], action: PlayAction) -> KeyBinding<PlayAction, PlayWhen> {
        KeyBinding::new(keys, action, W::Always)
    }
    const fn share(what: Share) -> KeyBinding<PlayAction, PlayWhen> {
        what.binding(A::Share(what), W::Always)
    }
    &[
        key(&[KeyCode::Left, KeyCode::Char('h')], A::MoveCursor(-1, 0))
            .help("←↑↓→ / hjkl", "move the cursor"),
        key(&[KeyCode::Right, KeyCode::Char('l')], A::MoveCursor(1, 0)),
        key(&[KeyCode::Up, KeyCode::Char('k')], A::MoveCursor(0, -1)),
        key(&[KeyCode::Down, KeyCode::Char('j')], A::MoveCursor(0, 1)),
        key(&[KeyCode::Enter, KeyCode::Char(' ')], A::PickAtCursor).help(
            "Enter / Space",
            "pick up a piece, put it down (a click does the same, or drag the piece with the mouse)",
        ),
        key(&[KeyCode::Char(':')], A::OpenPrompt)
            .help(
                ":",
                "type a move: e2e4, Nf3, e7e8q, d4^e5, N@e4, buy:move1, pass (Enter plays, Esc cancels)",
            )
            .bar(2, 1, ":", "move")
            .bar_when(W::Ongoing),
        key(&[], A::OpenPrompt).help(
            "in a prompt",
            "←→ Home End (Ctrl-A/E) move in the line; Backspace, Delete, Ctrl-U (to the start), Ctrl-K (to the end), Ctrl-W (a word or path part) erase; a suggested name starts selected: typing replaces it",
        ),
        key(&[KeyCode::Char('u')], A::Undo)
            .help("u", "undo (against a computer: back to your last turn)")
            .bar(7, 3, "u", "undo"),
        key(&[KeyCode::Char('r')], A::Redo)
            .help("r", "redo")
            .bar(8, 6, "r", "redo"),
        key(&[KeyCode::Char('f')], A::Flip)
            .help("f", "flip the board")
            .bar(12, 11, "f", "flip"),
        key(&[KeyCode::Char('s')], A::OpenSave)
            .help(
                "s",
                "save the game to a file (asks for its name, and before replacing one)",
            )
            .bar(9, 5, "s", "save"),
        key(&[KeyCode::Char('d')], A::Offer)
            .help(
                "d",
                "offer a draw (or, where the rules say so, to end the game scored)",
            )
            .bar(13, 8, "d", "offer")
            .bar_when(W::Ongoing),
        key(&[KeyCode::Char('R')], A::Resign)
            .help("R", "resign")
            .bar(14, 7, "R", "resign")
            .bar_when(W::Ongoing),
        key(&[KeyCode::Char('m')], A::MoveNow)
            .help("m", "make a thinking computer move now")
            .bar(3, 2, "m", "move now")
            .bar_when(W::Thinking),
        // The hint, while a person is to act: shown where there is room.
        key(&[KeyCode::Char('H')], A::Hint)
            .help(
                "H",
                "hint: the computer's move for the side to move (Shift-h)",
            )
            .bar(6, 10, "H", "hint")
            .bar_when(W::HumanToAct),
        key(&[KeyCode::Char('b')], A::Buy)
            .help(
                "b",
                "buy an item or a placement, where the variant sells them",
            )
            .bar(4, 2, "b", "buy")
            .bar_when(W::CanBuy),
        key(&[KeyCode::Char('@')], A::Drop)
            .help(
                "@",
                "drop a piece from your hand, where the variant has drops (then pick its square; a click on the piece under \"In hand\" or a drag from there does the same)",
            )
            .bar(19, 2, "@", "drop")
            .bar_when(W::CanDrop),
        key(&[KeyCode::Char('p')], A::Pass)
            .help(
                "p",
                "pass, where the rules allow it: give up the turn, or the remaining bought extra moves",
            )
            .bar(5, 2, "p", "pass")
            .bar_when(W::CanPass),
        KeyBinding::new(&[KeyCode::Char('n')], A::NextGame, W::Over)
            .help("n", "after the game: rematch, or the next game of a match")
            .bar(0, 1, "n", "rematch"),
        KeyBinding::new(&[KeyCode::Char('g')], A::ShowResult, W::Over)
            .help("g", "after the game: show the result again")
            .bar(1, 2, "g", "result"),
        key(&[KeyCode::Char('[')], A::StepBack)
            .help(
                "[ / ]",
                "look one position back / forward (nothing is taken back; the game goes on); a click on a move in the list shows the position after it",
            )
            .bar(16, 12, "[", "back")
            .bar_when(W::Played),
        key(&[KeyCode::Char(']')], A::StepForward)
            .bar(17, 5, "]", "forward")
            .bar_when(W::LookingBack),
        key(&[KeyCode::Home], A::ToFirst).help(
            "Home / End",
            "look at the first position / back to the live one (so does starting a move)",
        ),
        key(&[KeyCode::End], A::ToLive)
            .bar(18, 1, "End", "live")
            .bar_when(W::LookingBack),
        key(&[KeyCode::PageUp], A::ScrollMoves(5)).help("PgUp/PgDn, wheel", "scroll the move list"),
        key(&[KeyCode::PageDown], A::ScrollMoves(-5)),
        share(Share::Fen),
        share(Share::Pgn),
        share(Share::Export),
        key(&[KeyCode::Char('E')], A::Edit).help(
            "E",
            "edit the position shown in the position editor (the game is kept under Continue)",
        ),
        key(&[KeyCode::Char('i')], A::Rules)
            .help("i", "the rules of this variant")
            .bar(15, 9, "i", "rules"),
        key(&[KeyCode::Char('?')], A::Help)
            .help("?", "this help")
            .bar(10, 0, "?", "help"),
        key(&[KeyCode::Esc], A::Clear).help("Esc", "drop the selection or the premove, close a prompt or popup"),
        key(&[KeyCode::Char('q')], A::Leave)
            .help(
                "q",
                "leave the game (kept under Continue; asks if it could not be saved)",
            )
            .bar(11, 4, "q", "quit"),
        key(&[], A::Quit).help(
            "Ctrl-C",
            "quit Motley (as q: the game is kept; asks if it was not saved)",
        ),
    ]
};

/// The action of a key where `holds` says which moments hold now; any
/// other letter is [`PlayAction::Unbound`].
pub fn action_for_key(code: KeyCode, holds: impl Fn(PlayWhen) -> bool) -> Option<PlayAction> {
    keymap::action_for(PLAY_KEYS, code, holds).or(match code {
        KeyCode::Char(c) => Some(PlayAction::Unbound(c)),
        _ => None,
    })
}

/// The keys the key bar shows now, in their order on screen, each with
/// its rank: help first of all, then what the moment asks for; narrow
/// terminals drop the least important (every key is in the help, the
/// copy keys only there).
pub fn hint_items(holds: impl Fn(PlayWhen) -> bool) -> Vec<KeyHint> {
    keymap::bar_hints(PLAY_KEYS, holds)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_means_one_action_at_a_time() {
        keymap::tests::check_table(PLAY_KEYS, |a, b| {
            matches!(
                (a, b),
                (PlayWhen::Over, PlayWhen::Ongoing) | (PlayWhen::Ongoing, PlayWhen::Over)
            )
        });
    }

    #[test]
    fn after_the_game_n_and_g_are_its_keys_and_else_unbound() {
        let over = |w: PlayWhen| matches!(w, PlayWhen::Always | PlayWhen::Over);
        let ongoing = |w: PlayWhen| w != PlayWhen::Over;
        let n = KeyCode::Char('n');
        assert_eq!(action_for_key(n, over), Some(PlayAction::NextGame));
        assert_eq!(action_for_key(n, ongoing), Some(PlayAction::Unbound('n')));
        assert_eq!(action_for_key(KeyCode::Tab, ongoing), None);
        let y = KeyCode::Char('y');
        assert_eq!(action_for_key(y, over), Some(PlayAction::Share(Share::Fen)));
    }
}
