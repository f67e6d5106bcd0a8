//! The session crate's tests, one module per module of the crate: the
//! session's players and their names, match play, and UCI both ways
//! (Motley as an engine, other engines as players, the protocol, lines
//! read with a bound, engine processes ended). They use the crate as its
//! users do, through its public API, and are one binary so that the
//! crate is not compiled a second time with unit tests.

mod match_play;
mod players;
mod session;
mod uci;
