//! The play screen's own state, apart from the game: where the cursor is,
//! what is picked up (and the mouse press dragging it), the open prompt or
//! popup, the message line, the orientation, the move list's scroll and
//! the past position looked at.

use super::popups::{Exit, Popup};
use super::premove::Premove;
use crate::tui::base::Message;
use crate::tui::line_edit::LineEdit;
use motley_rules::core::action::spot_of;
use motley_rules::core::grid::Spot;
use motley_rules::core::{Piece, Square};

/// See the module comment.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayView {
    pub cursor: Spot,
    /// The piece picked up.
    pub selected: Option<Spot>,
    /// A bought placement, or a piece of the hand to drop, waiting for
    /// its square.
    pub placing: Option<Piece>,
    /// The `f` key's extra flip on top of the automatic orientation.
    pub flip_toggle: bool,
    pub popup: Option<Popup>,
    /// The `:` prompt's text while it is open.
    pub prompt: Option<LineEdit>,
    pub message: Option<Message>,
    /// Move-list lines scrolled up from the newest.
    pub list_scroll: u16,
    /// The past position shown instead of the live one, by its ply (always
    /// less than the game's); `None` shows the live position. Looking back
    /// takes nothing back: the game goes on underneath.
    pub past: Option<usize>,
    /// The mouse button held down on a piece of the board or the hand,
    /// until it is released: a release on another square puts the piece
    /// down there.
    pub press: Option<Press>,
    /// A save to a file the player named, on its way.
    pub saving: Option<PendingSave>,
    /// The move a person picked while the computer thought, played when
    /// their turn comes.
    pub premove: Option<Premove>,
}

/// A save to a file the player named, while it is being written: what
/// they typed (the prompt opens again with it should the save fail), and
/// where to go once it is saved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingSave {
    /// The prompt's text.
    pub typed: String,
    /// Where to go once saved.
    pub then: Option<Exit>,
}

/// A left button held down on a piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Press {
    /// On the board's piece at `from`, which is picked up.
    Board {
        /// The square pressed.
        from: Spot,
        /// The piece was picked up already before the press: released
        /// where it was pressed, it is put back (as a second click on it
        /// does).
        was_selected: bool,
    },
    /// On a piece in the hand, to be dropped where it is released (a
    /// release off the board leaves it waiting for its square).
    Hand(Piece),
}

impl Default for PlayView {
    /// Nothing open, the cursor on e2 (the first player's king side).
    fn default() -> Self {
        PlayView {
            cursor: spot_of(Square::E2),
            selected: None,
            placing: None,
            flip_toggle: false,
            popup: None,
            prompt: None,
            message: None,
            list_scroll: 0,
            past: None,
            press: None,
            saving: None,
            premove: None,
        }
    }
}

impl PlayView {
    /// Show news on the message line.
    pub fn say(&mut self, text: impl Into<String>) {
        self.message = Some(Message::info(text));
    }

    /// Show why an input was refused.
    pub fn refuse(&mut self, text: impl Into<String>) {
        self.message = Some(Message::error(text));
    }

    /// Put down what was picked up (or the placement being chosen).
    pub fn drop_selection(&mut self) {
        self.selected = None;
        self.placing = None;
        self.press = None;
    }

    /// A person's action was played: clear what led to it and follow the
    /// newest move.
    pub fn played(&mut self) {
        self.drop_selection();
        self.list_scroll = 0;
        self.message = None;
    }
}
