//! The `motley` binary: command-line parsing and error reporting; the work is
//! in the library and in `cli`.

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    // A write over the file-size limit (`ulimit -f`) must fail like a full
    // disk, reported, not kill Motley: with a handler installed SIGXFSZ no
    // longer terminates, and the write returns EFBIG.
    #[cfg(unix)]
    let _ = signal_hook::flag::register(
        signal_hook::consts::SIGXFSZ,
        std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false)),
    );
    let args = match cli::Cli::try_parse() {
        Ok(args) => args,
        Err(e) => cli::output::command_line_error(e),
    };
    let result = match args.command {
        None => cli::menu(args.theme, args.variants.as_deref()),
        Some(command) => cli::run(command, args.theme, args.variants.as_deref()),
    };
    let code = match result {
        Ok(code) => code,
        Err(e) => cli::output::report(&e),
    };
    // No external engine outlives Motley, whatever ended the command.
    motley_session::uci::children::stop_all();
    code
}
