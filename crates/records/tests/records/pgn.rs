//! PGN: export, games split from a stream and replayed, variant tags.

mod export;
mod raw_game;
mod stream;
mod tags;
