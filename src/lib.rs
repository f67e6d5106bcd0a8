//! Motley's terminal UI, the only part of Motley that knows ratatui and
//! crossterm. The rules, the computer players, records and the game
//! session are the crates under `crates/`; the command line is the binary.

pub mod tui;
