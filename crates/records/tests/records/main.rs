//! The saved-game crate's tests, one module per module of the crate: the
//! JSON record and its replay, how endings are named, locks, the tree of
//! variations and annotations, and PGN (export, import as a stream, the
//! tree in movetext). They use the crate as its users do, through its
//! public API, and are one binary so that the crate is not compiled a
//! second time with unit tests.

// Shared helpers.
mod support;

mod lock;
mod pgn;
mod pgn_tree;
mod reason;
mod record;
mod tree;
mod variations;
