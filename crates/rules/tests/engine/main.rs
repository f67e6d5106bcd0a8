//! The rules engine's own tests, one module per source module (`core_fen`
//! tests `src/core/fen.rs`): squares, bitboards, attack tables, FEN,
//! actions, quoting, and each family's facts and rules, through the
//! crate's public API. The rules by family, perft suites and random games
//! are in `crates/game/tests/rules/`, which knows the variants' registry.

// Shared helpers.
mod support;

mod antichess;
mod any;
mod contrast;
mod core_action;
mod core_attacks;
mod core_bitboard;
mod core_fen;
mod core_movegen;
mod core_quote;
mod core_types;
mod dice_money;
mod facts;
mod monochromatic;
mod monochrome;
mod setup;
mod standard;
