//! The computer players' tests: the search finds what it must (mates,
//! the variants' own goals), stops when told, and its evaluation of each
//! family weighs what that family's rules say. Beside them, the crate's
//! own tests (it has no unit tests, so it is not compiled a second time
//! for them): the levels and player names, what a search reports, its
//! time use and table, openings for matches, and game analysis.

#[path = "../../../game/tests/rules/position_support.rs"]
mod position_support;

mod analysis;
mod eval;
mod iterations;
mod levels;
mod move_rule;
mod null_moves;
mod openings;
mod positional;
mod quiescence;
mod search;
mod time_use;
mod transposition_table;
