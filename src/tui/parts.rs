//! The parts of the screens a reader outside the UI may name: what a test
//! checks a screen by (its popups, pages and key tables, where the board
//! and panels are laid out, the square marks and styles), and what the
//! command line's browser benchmark drives. Everything else in the
//! screens is private, so they can change without breaking a test that
//! drives the app through its events.

/// The play screen's popups, key table and queued move.
pub mod play {
    pub use crate::tui::play::{Exit, ListKind, Popup, Premove, PurchaseItem, PLAY_KEYS};
}

/// The replay viewer's popups, key table and live engine lines.
/// players a branch offers.
pub mod replay {
    pub use crate::tui::replay::{EngineLines, ReplayPopup, REPLAY_KEYS};
}

/// The main menu's pages, the game browser (with its list of saved
/// files) and the new-game form's choices.
pub mod menu {
    pub use crate::tui::menu::{
        catalog, clock_choices, level_description, Ask, Browser, FormRow, NewGameForm, Page, Shelf,
        SortKey, VariantPicker,
    };
}

/// The position editor's layout and the level it gives the computer.
pub mod editor {
    pub use crate::tui::editor::page::EditorLayout;
    pub use crate::tui::editor::COMPUTER_LEVEL;
}

/// What both game screens are drawn with: the page's layout, the board's
/// geometry and marks, the panels and popups built from the rules' facts,
/// text measured as the screen measures it, colour contrast, and the
/// escape that puts text on the terminal's clipboard.
pub mod page {
    pub use crate::tui::board::BoardGeom;
    pub use crate::tui::clipboard::osc52;
    pub use crate::tui::game_page::{keys_popup, rules_popup, PageLayout};
    pub use crate::tui::panels::{variant_panel, PositionFacts};
    pub use crate::tui::popup::{centered, TextPopup};
    pub use crate::tui::theme::{contrast_ratio, Mark};
    pub use crate::tui::wrap::text_width;
}
