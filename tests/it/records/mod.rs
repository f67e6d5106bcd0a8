//! Saved games on disk: records, PGN, locks and annotations.

mod annotations;
mod bad_files;
mod files;
mod games;
mod limits;
mod reasons;
mod roundtrip;
mod tree;
