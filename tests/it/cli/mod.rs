//! The command line, run as a user runs it: the real binary, its output
//! and its exit status.

mod analyse;
mod commands;
mod match_records;
mod messages;
mod notation;
mod rules_texts;
mod safety;
mod setup_checks;
mod uci;
mod variant_files;
