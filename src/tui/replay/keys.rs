//! The viewer's keys: what each asks for ([`ReplayAction`]), when a key
//! shows on the key bar ([`ReplayWhen`]), and the one table both the help
//! and the key bar are drawn from ([`REPLAY_KEYS`]).

use super::ReplayState;
use crate::tui::keymap::{self, KeyBinding, KeyHint};
use crate::tui::sharing::Share;
use crossterm::event::KeyCode;

/// What a key (or a click on the key bar) asks of the viewer.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ReplayAction {
    Back,
    Forward,
    ToStart,
    ToEnd,
    OpenJump,
    ToggleAutoplay,
    /// Start (or stop) analysing the game.
    Analyse,
    /// Turn the live engine lines on or off.
    Lines,
    /// One more live line (back to one after five).
    MoreLines,
    Faster,
    Slower,
    Flip,
    Help,
    Rules,
    Branch,
    /// Copy the position or the game, or export the game.
    Share(Share),
    /// Choose another game of the file.
    ChooseGame,
    /// The move before (`-1`) or after (`1`) the one shown among the
    /// moves of its ply: the main move and its variations.
    OtherLine(i8),
    /// Type a move to play from the position shown.
    TypeMove,
    /// Show the board cursor, or pick the square under it.
    Pick,
    /// Comment on the move shown.
    Comment,
    /// Promote the variation shown one step.
    Promote,
    /// Delete the variation shown.
    Delete,
    /// Open the position shown in the position editor.
    Edit,
    Leave,
    /// A letter that means nothing here.
    Unbound(char),
}

/// The moments a viewer binding depends on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ReplayWhen {
    Always,
    /// The file holds several games.
    SeveralGames,
    /// Autoplay is on.
    Autoplay,
    /// The analysis is under way.
    Analysing,
    /// The live engine lines are on.
    Lines,
    /// The position shown is in a variation.
    InVariation,
}

/// Every key of the viewer, in the help's order.
pub const REPLAY_KEYS: &[KeyBinding<ReplayAction, ReplayWhen>] = {
    use ReplayAction as A;
    use ReplayWhen as W;
    const fn key(
        keys: &'static [KeyCode],
        action: ReplayAction,
    ) -> KeyBinding<ReplayAction, ReplayWhen> {
        KeyBinding::new(keys, action, W::Always)
    }
    const fn share(what: Share) -> KeyBinding<ReplayAction, ReplayWhen> {
        what.binding(A::Share(what), W::Always)
    }
    &[
        key(&[KeyCode::Left, KeyCode::Char('h')], A::Back)
            .help("← / h,  → / l", "one ply back / forward")
            .bar(0, 1, "←", "back"),
        key(&[KeyCode::Right, KeyCode::Char('l')], A::Forward).bar(1, 2, "→", "forward"),
        key(&[KeyCode::Home], A::ToStart)
            .help("Home / End", "the start / the end")
            .bar(2, 10, "Home", "start"),
        key(&[KeyCode::End], A::ToEnd).bar(3, 11, "End", "end"),
        key(&[KeyCode::Char('g')], A::OpenJump)
            .help("g", "go to a ply by number")
            .bar(4, 8, "g", "go to"),
        key(&[KeyCode::Char('p'), KeyCode::Char(' ')], A::ToggleAutoplay)
            .help("p / Space", "autoplay (play / pause)")
            .bar(5, 4, "p", "play")
            .label_while(W::Autoplay, "pause"),
        key(&[KeyCode::Char('+'), KeyCode::Char('=')], A::Faster)
            .help("+ / -", "autoplay faster / slower")
            .bar(10, 6, "+", "faster"),
        key(&[KeyCode::Char('-')], A::Slower).bar(11, 7, "-", "slower"),
        key(&[KeyCode::Char('a')], A::Analyse)
            .help("a", "analyse the game in the background; a again stops")
            .bar(6, 5, "a", "analyse")
            .label_while(W::Analysing, "stop analysis"),
        key(&[KeyCode::Char('L')], A::Lines)
            .help(
                "L",
                "engine lines: the position shown searched live, its best lines (L again stops)",
            )
            .label_while(W::Lines, "lines off"),
        key(&[KeyCode::Char('n')], A::MoreLines).help("n", "engine lines: one more line (1 to 5)"),
        key(&[KeyCode::Up], A::OtherLine(-1))
            .help(
                "↑ / ↓",
                "the move before / after among this ply's moves (main move, variations)",
            ),
        key(&[KeyCode::Down], A::OtherLine(1)),
        key(&[KeyCode::Char('m')], A::TypeMove)
            .help(
                "m, or click a piece then its square",
                "play a move here: it follows the game or a variation, or starts a new variation",
            )
            .bar(15, 14, "m", "move"),
        key(&[KeyCode::Enter], A::Pick).help(
            "Enter",
            "board cursor: shows it, then picks the square under it (a piece, then where it goes); while it shows, ←↑→↓ move it and Esc hides it",
        ),
        key(&[KeyCode::Char('c')], A::Comment)
            .help("c", "comment on the move shown (empty: no comment)")
            .bar(16, 15, "c", "comment"),
        key(&[], A::Comment).help(
            "in a prompt",
            "←→ Home End (Ctrl-A/E) move in the line; Backspace, Delete, Ctrl-U (to the start), Ctrl-K (to the end), Ctrl-W (a word or path part) erase; a suggested name starts selected: typing replaces it",
        ),
        key(&[KeyCode::Char('P')], A::Promote)
            .help(
                "P",
                "promote the variation shown one step (never into the game's own moves)",
            )
            .bar(17, 16, "P", "promote")
            .bar_when(W::InVariation),
        key(&[KeyCode::Char('x'), KeyCode::Delete], A::Delete)
            .help("x / Delete", "delete the variation shown (asks first)")
            .bar(18, 17, "x", "delete")
            .bar_when(W::InVariation),
        key(&[KeyCode::Char('b')], A::Branch)
            .help(
                "b",
                "branch: play on from this ply as a new game (kept as a game in progress; asks who plays)",
            )
            .bar(7, 9, "b", "branch"),
        share(Share::Fen),
        share(Share::Pgn),
        share(Share::Export),
        key(&[KeyCode::Char('E')], A::Edit)
            .help("E", "edit the position shown in the position editor"),
        key(&[KeyCode::Char('o')], A::ChooseGame)
            .help(
                "o",
                "choose another game of the file, when it holds several",
            )
            .bar(13, 9, "o", "games")
            .bar_when(W::SeveralGames),
        key(&[KeyCode::Char('f')], A::Flip)
            .help("f", "flip the board")
            .bar(12, 12, "f", "flip"),
        key(&[KeyCode::Char('i')], A::Rules).help("i", "the rules of this variant"),
        key(&[KeyCode::Char('?')], A::Help)
            .help("?", "this help")
            .bar(8, 0, "?", "help"),
        key(&[KeyCode::Char('q'), KeyCode::Esc], A::Leave)
            .help("q / Esc", "leave the viewer")
            .bar(9, 3, "q", "quit"),
    ]
};

impl ReplayAction {
    /// The action of a key; any other letter is [`ReplayAction::Unbound`].
    pub(super) fn for_key(
        code: KeyCode,
        holds: impl Fn(ReplayWhen) -> bool,
    ) -> Option<ReplayAction> {
        keymap::action_for(REPLAY_KEYS, code, holds).or(match code {
            KeyCode::Char(c) => Some(ReplayAction::Unbound(c)),
            _ => None,
        })
    }
}

impl ReplayState {
    /// Whether the moment `when` holds now.
    pub(super) fn holds(&self, when: ReplayWhen) -> bool {
        match when {
            ReplayWhen::Always => true,
            ReplayWhen::SeveralGames => self.file.games.is_some(),
            ReplayWhen::Autoplay => self.autoplay.on,
            ReplayWhen::Analysing => self.review.is_running(),
            ReplayWhen::Lines => self.lines.is_on(),
            ReplayWhen::InVariation => self.off.is_some(),
        }
    }

    /// The key bar's keys in their order on screen, each with its rank
    /// (narrow terminals drop the least important; all are in the help).
    pub(super) fn hints(&self) -> Vec<KeyHint> {
        keymap::bar_hints(REPLAY_KEYS, |w| self.holds(w))
    }
}
