//! Standard output of the headless commands, as Unix tools treat it: a
//! closed pipe (`| head -1`) ends the command quietly, any other write
//! failure (`> /dev/full`) is an error with exit status 1, and nothing
//! panics. Also how errors map to exit statuses.

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

    /// Write text as it is (it brings its own line ends).
    pub fn text(&mut self, args: fmt::Arguments<'_>) -> Result<(), WriteFailure> {
        if self.failed.is_some() {
            return Ok(());
        }
        let mut lock = self.stdout.lock();
        match lock.write_fmt(args) {
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

/// A message on standard error; if even that cannot be written there is
/// nobody to tell, and Motley must not panic over it.
pub fn warn(args: fmt::Arguments<'_>) {
    let mut err = io::stderr().lock();
    let _ = err.write_fmt(args).and_then(|()| err.write_all(b"\n"));
}

/// Progress on standard error without a line end (`\r` redraws it).
pub fn progress(args: fmt::Arguments<'_>) {
    let mut err = io::stderr().lock();
    let _ = err.write_fmt(args).and_then(|()| err.flush());
}

/// `warnln!("...", args)`: a line on standard error that never panics.
macro_rules! warnln {
    ($($arg:tt)*) => {
        $crate::cli::output::warn(format_args!($($arg)*))
    };
}
pub(crate) use warnln;

/// The exit status for a command's error, after reporting it: a closed
/// output pipe is a quiet success, a write failure 1, anything else (bad
/// input) 2.
pub fn report(e: &anyhow::Error) -> ExitCode {
    let failure = e.chain().find_map(|c| c.downcast_ref::<WriteFailure>());
    if failure.is_some_and(WriteFailure::is_closed_pipe) {
        return ExitCode::SUCCESS;
    }
    warn(format_args!("error: {e:#}"));
    let record_write = e.chain().any(|c| {
        c.downcast_ref::<motley::record::RecordError>()
            .is_some_and(|r| matches!(*r.kind, motley::record::RecordErrorKind::Write(_)))
    });
    if failure.is_some() || record_write {
        ExitCode::from(1)
    } else {
        ExitCode::from(2)
    }
}
