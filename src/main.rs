//! The `motley` binary: command-line parsing and error reporting; the work is
//! in the library and in `cli`.

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    let result = match args.command {
        None => cli::menu(args.theme),
        Some(command) => cli::run(command, args.theme),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}
