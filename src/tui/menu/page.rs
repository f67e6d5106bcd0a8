//! What every menu page is drawn with, handed down as one value so that
//! the pages share one way of reaching the variants, the menu's message
//! and the colours.

use crate::tui::base::Message;
use crate::tui::theme::Theme;
use motley_game::variant::Registry;

/// The menu's shared drawing inputs, given to each page's widget.
#[derive(Clone, Copy)]
pub struct PageContext<'a> {
    /// Variant names, descriptions and boards.
    pub registry: &'a Registry,
    /// What went wrong, or what was done; the page shows it.
    pub message: Option<&'a Message>,
    /// Colours and glyphs.
    pub theme: &'a Theme,
}
