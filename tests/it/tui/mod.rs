//! The terminal UI, driven by key and mouse events through the app's
//! handler and drawn on ratatui's `TestBackend` (snapshots with insta).

mod analysis;
mod clock;
mod drops;
mod editor;
mod editor_data;
mod escapes;
mod games;
mod hint;
mod level_claims;
mod lines;
mod look;
mod look_back;
mod menu;
mod messages;
mod move_list;
mod new_game;
mod picker;
mod play;
mod premove;
mod prompts;
mod random_keys;
mod replay_tools;
mod screens;
mod special_state;
mod thinking;
mod tree;
mod variant_names;
