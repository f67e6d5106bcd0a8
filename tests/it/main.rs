//! The binary package's integration tests, built as one binary: linking
//! once instead of once per file is most of what a fresh `cargo test`
//! costs. The folders are the screens and the command line; the rules
//! engine's and the computer players' tests live in their crates
//! (`crates/game/tests/rules`, `crates/ai/tests/players`). Run one part
//! with its path, e.g. `cargo test --release --test it -- tui::clock::`.

mod support;

mod cli;
mod docs;
mod fairy_play;
mod fuzz;
mod layers;
mod records;
mod tmux;
mod tui;
