//! The real binary in a real terminal (tmux), as a person uses it.

mod editor;
mod fairy;
mod games;
mod look_back;
mod new_game;
mod play;
mod signals;
