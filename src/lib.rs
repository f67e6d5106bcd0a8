//! Motley: a rules engine for rare chess variants, with a terminal front end
//! in the binary. The library is usable without the terminal UI.
//!
//! The folders are the layers, bottom up: `core` (board, moves, text
//! quoting), `disk` (where files live and how they are written), `rules`
//! (the families), `game` (a variant, its clock, a game in progress), `ai`
//! and `record` (computer players and analysis; saved games), `uci`,
//! `session` (a game being played), and `tui` (the terminal UI).

pub mod ai;
pub mod core;
pub mod disk;
pub mod game;
pub mod record;
pub mod rules;
pub mod session;
#[cfg(feature = "tui")]
pub mod tui;
pub mod uci;
