//! Motley: a rules engine for rare chess variants, with a terminal front end
//! in the binary. The library is usable without the terminal UI.

pub mod ai;
pub mod analysis;
pub mod clock;
pub mod core;
pub mod files;
pub mod game;
pub mod paths;
pub mod quote;
pub mod record;
pub mod rules;
pub mod session;
#[cfg(feature = "tui")]
pub mod tui;
pub mod uci;
pub mod variant;
