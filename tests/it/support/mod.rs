//! What the tests share: temporary folders, patient waits, the
//! external programs, tmux and screen drivers, lock holders and random
//! records.

pub mod locks;
pub mod records;
pub mod temp;
pub mod tmux;
pub mod tools;
pub mod tui;
pub mod wait;
