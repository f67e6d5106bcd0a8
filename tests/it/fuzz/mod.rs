//! Fuzzers of what a user gives Motley: FENs, moves, variant files and
//! records. `.ci/run` runs them again with overflow checks.

mod input;
mod records;
