//! Standard output of the headless commands, as Unix tools treat it: a
//! closed pipe (`| head -1`) ends the command quietly, any other write
//! failure (`> /dev/full`) is an error with exit status 1, and nothing
//! panics. Also how errors map to exit statuses. Everything written here
//! has its control characters made visible ([`motley_rules::core::quote`]): a record,
//! a PGN or an engine must not drive the user's terminal.

use std::fmt;
use std::io::{self, Write};
use std::process::ExitCode;
use thiserror::Error;

/// A failure to write — standard output or a file — as opposed to bad
/// input: exit status 1 (bad input is 2).
#[derive(Debug, Error)]
pub enum WriteFailure {
    #[error("cannot write to standard output: {0}")]
    Stdout(io::Error),
    #[error("{0}")]
    File(String),
}

impl WriteFailure {
    /// The reader of our output went away: not an error to report.
    fn is_closed_pipe(&self) -> bool {
        matches!(self, WriteFailure::Stdout(e) if e.kind() == io::ErrorKind::BrokenPipe)
    }
}

/// Standard output for results, one line at a time.
pub struct Out {
    stdout: io::Stdout,
    /// Import goes on writing its records when nobody reads the paths:
    /// the first failure is kept for the end instead of stopping.
    keep_going: bool,
    failed: Option<io::Error>,
}

impl Out {
    /// Standard output; the first failure stops the command.
    pub fn new() -> Out {
        Out {
            stdout: io::stdout(),
            keep_going: false,
            failed: None,
        }
    }

    /// Standard output for a command whose work matters more than its
    /// printout (import): after a failure lines are dropped, and
    /// [`Out::finish`] reports it.
    pub fn keep_going() -> Out {
        Out {
            keep_going: true,
            ..Out::new()
        }
    }

    /// Write one line.
    pub fn line(&mut self, args: fmt::Arguments<'_>) -> Result<(), WriteFailure> {
        self.text(format_args!("{args}\n"))
    }

    /// Write text as it is (it brings its own line ends), other control
    /// characters made visible.
    pub fn text(&mut self, args: fmt::Arguments<'_>) -> Result<(), WriteFailure> {
        if self.failed.is_some() {
            return Ok(());
        }
        let text = safe_text(args);
        let mut lock = self.stdout.lock();
        match lock.write_all(text.as_bytes()) {
            Ok(()) => Ok(()),
            Err(e) if self.keep_going => {
                self.failed = Some(e);
                Ok(())
            }
            Err(e) => Err(WriteFailure::Stdout(e)),
        }
    }

    /// Flush, and report a failure kept by [`Out::keep_going`].
    pub fn finish(mut self) -> Result<(), WriteFailure> {
        if let Some(e) = self.failed.take() {
            return Err(WriteFailure::Stdout(e));
        }
        self.stdout.flush().map_err(WriteFailure::Stdout)
    }
}

/// `outln!(out, "...", args)`: one line on [`Out`], `?` on failure.
macro_rules! outln {
    ($out:expr) => {
        $out.line(format_args!(""))?
    };
    ($out:expr, $($arg:tt)*) => {
        $out.line(format_args!($($arg)*))?
    };
}
pub(crate) use outln;

/// `args` as text for a terminal: line ends kept, every other control
/// character made visible.
fn safe_text(args: fmt::Arguments<'_>) -> String {
    let text = args.to_string();
    match motley_rules::core::quote::visible_lines(&text) {
        std::borrow::Cow::Borrowed(_) => text,
        std::borrow::Cow::Owned(escaped) => escaped,
    }
}

/// A message on standard error, its control characters made visible; if
/// even that cannot be written there is nobody to tell, and Motley must
/// not panic over it.
pub fn warn(args: fmt::Arguments<'_>) {
    let text = safe_text(args);
    let mut err = io::stderr().lock();
    let _ = err
        .write_all(text.as_bytes())
        .and_then(|()| err.write_all(b"\n"));
}

/// A progress line on standard error, drawn over the previous one (`\r`,
/// no line end); the line's own control characters are made visible.
pub fn progress(args: fmt::Arguments<'_>) {
    let text = motley_rules::core::quote::visible(&args.to_string()).into_owned();
    let mut err = io::stderr().lock();
    let _ = err
        .write_all(b"\r")
        .and_then(|()| err.write_all(text.as_bytes()))
        .and_then(|()| err.flush());
}

/// `warnln!("...", args)`: a line on standard error that never panics.
macro_rules! warnln {
    ($($arg:tt)*) => {
        $crate::cli::output::warn(format_args!($($arg)*))
    };
}
pub(crate) use warnln;

/// Say what is wrong with the command line (or print the help or version
/// asked for) and end Motley with clap's status (2 for an error). Every
/// value the message quotes is clipped and made visible first
/// ([`motley_rules::core::quote::clip`]): a 100 KB `--theme` or `--white` is quoted in
/// about 80 characters, and an escape in it does not reach the terminal.
pub fn command_line_error(mut e: clap::Error) -> ! {
    use clap::error::ContextValue;
    use motley_rules::core::quote::clip;
    let quoted: Vec<_> = e
        .context()
        .filter_map(|(kind, value)| match value {
            ContextValue::String(s) => Some((kind, ContextValue::String(clip(s)))),
            ContextValue::Strings(list) => Some((
                kind,
                ContextValue::Strings(list.iter().map(|s| clip(s)).collect()),
            )),
            _ => None,
        })
        .collect();
    for (kind, value) in quoted {
        e.insert(kind, value);
    }
    e.exit()
}

/// A file named on the command line that holds no game Motley can show
/// (missing, unreadable, or bad from its first action): exit status 1, as
/// for any trouble with a file.
#[derive(Debug, Error)]
#[error("{0}")]
pub struct FileTrouble(pub String);

/// The exit status for a command's error, after reporting it, by the rule
/// docs/command-line.md states ("Exit status"): a closed output pipe is a quiet success;
/// trouble with a file — one that cannot be read, a bad game in it, or a
/// write that failed (a record, standard output) — is 1; anything else is
/// bad input on the command line (a malformed FEN, an unknown variant, a
/// path like `~user/x`), 2. Signals are 128 + their number, set where
/// they are caught.
pub fn report(e: &anyhow::Error) -> ExitCode {
    let failure = e.chain().find_map(|c| c.downcast_ref::<WriteFailure>());
    if failure.is_some_and(WriteFailure::is_closed_pipe) {
        return ExitCode::SUCCESS;
    }
    warn(format_args!("error: {e:#}"));
    let file_trouble = e.chain().any(|c| {
        c.is::<motley_records::RecordError>() || c.is::<FileTrouble>() || c.is::<WriteFailure>()
    });
    if file_trouble {
        ExitCode::from(1)
    } else {
        ExitCode::from(2)
    }
}
