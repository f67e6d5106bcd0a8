//! The computer players' tests: the search finds what it must (mates,
//! the variants' own goals), stops when told, and its evaluation of each
//! family weighs what that family's rules say.

#[path = "../../../game/tests/rules/position_support.rs"]
mod position_support;

mod eval;
mod move_rule;
mod search;
