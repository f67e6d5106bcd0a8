//! The `motley` binary: command-line parsing and error reporting; the work is
//! in the library and in `cli`.

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    let Some(command) = args.command else {
        eprintln!("motley: the terminal UI is not built yet; try `motley list` or `motley --help`");
        return ExitCode::from(2);
    };
    match cli::run(command) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}
