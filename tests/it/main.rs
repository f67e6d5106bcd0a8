//! Motley's integration tests, built as one binary: linking the library
//! once instead of once per file is most of what a fresh `cargo test`
//! costs. Each former test file is a module; run one with its path,
//! e.g. `cargo test --release --test it -- tui_clock::`.

// Shared helpers.
mod common;
mod lock_support;
mod position_support;
mod record_util;
mod reference;
mod temp;
mod tmux_support;
mod tools;
mod tui_support;
mod wait;

// The tests.
mod ai;
mod analyse;
mod betza;
mod can_win;
mod chicken;
mod cli;
mod cli_messages;
mod cli_safety;
mod contrast;
mod dice_money;
mod effects;
mod explanations;
mod fairy_keys;
mod fairy_move_rule;
mod fairy_notation;
mod fairy_perft;
mod fairy_play;
mod fairy_variants;
mod input_fuzz;
mod layers;
mod match_records;
mod monochromatic;
mod monochrome;
mod perft;
mod perft_reference;
mod playouts;
mod record_annotations;
mod record_bad_files;
mod record_files;
mod record_fuzz;
mod record_games;
mod record_reasons;
mod record_roundtrip;
mod record_tree;
mod rules_texts;
mod san;
mod setup_checks;
mod tui_analysis;
mod tui_clock;
mod tui_drops;
mod tui_editor;
mod tui_editor_data;
mod tui_escapes;
mod tui_fuzz;
mod tui_games;
mod tui_hint;
mod tui_level_claims;
mod tui_lines;
mod tui_look;
mod tui_look_back;
mod tui_menu;
mod tui_messages;
mod tui_move_list;
mod tui_new_game;
mod tui_play;
mod tui_premove;
mod tui_replay_tools;
mod tui_screens;
mod tui_thinking;
mod tui_tmux;
mod tui_tmux_editor;
mod tui_tmux_fairy;
mod tui_tmux_games;
mod tui_tmux_look_back;
mod tui_tmux_new_game;
mod tui_tmux_signals;
mod tui_tree;
mod tui_variant_names;
mod uci;
mod variant_ini;
