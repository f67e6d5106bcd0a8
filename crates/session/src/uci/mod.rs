//! The Universal Chess Interface both ways: [`engine`] makes Motley a UCI
//! engine (`motley uci`) that chess GUIs and tools can drive, and
//! [`client`] runs other UCI engines as players (`uci:COMMAND`), whose
//! processes [`children`] ends before Motley exits.
//! [`protocol`] is the text both share, and [`lines`] reads it with a
//! bound on each line.

pub mod children;
pub mod client;
pub mod engine;
pub mod lines;
pub mod protocol;
