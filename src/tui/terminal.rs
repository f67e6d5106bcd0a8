//! The terminal while Motley holds it: taken (raw mode, the alternate
//! screen, mouse reporting, the cursor hidden) and given back however the
//! UI ends — a quit, an error, a panic, a signal, even a second signal that
//! cannot wait for the game to be saved — and given back and taken again
//! around a suspend (Ctrl-Z, SIGTSTP, then SIGCONT). Also the last guard
//! on what is drawn: no cell holding a control character reaches the
//! terminal.

use super::UiError;
use crossterm::cursor::{Hide, Show};
use crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use crossterm::execute;
use crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::buffer::Buffer;
use ratatui::DefaultTerminal;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

/// Name of the computer players' threads (their panics are caught and
/// shown on screen, so the panic hook lets them pass quietly).
pub(super) const AI_THREAD: &str = "motley-ai";

/// Whether Motley has the terminal now (so a signal handler knows whether
/// there is anything to give back).
static TAKEN: AtomicBool = AtomicBool::new(false);

/// The terminal's modes before Motley took it, for a signal handler,
/// which cannot take crossterm's lock.
#[cfg(unix)]
static ORIGINAL_MODES: OnceLock<libc::termios> = OnceLock::new();

/// What gives the terminal back, as bytes: mouse reporting off (every mode
/// crossterm turns on), the cursor shown, the main screen back.
const GIVE_BACK: &[u8] =
    b"\x1b[?1006l\x1b[?1015l\x1b[?1003l\x1b[?1002l\x1b[?1000l\x1b[?25h\x1b[?1049l";

/// Give the terminal back: mouse reporting off, the cursor shown, raw mode
/// off, the main screen back. Each step is tried even if one before it
/// failed (after a hangup there is no terminal, and nobody to tell).
/// Safe to call more than once.
pub fn restore_terminal() {
    TAKEN.store(false, Ordering::SeqCst);
    let mut out = std::io::stdout();
    let _ = execute!(out, DisableMouseCapture);
    let _ = execute!(out, Show);
    let _ = crossterm::terminal::disable_raw_mode();
    let _ = execute!(out, LeaveAlternateScreen);
    let _ = out.flush();
}

/// Give the terminal back from inside a signal handler, where only
/// async-signal-safe calls are allowed: the bytes of [`GIVE_BACK`] written
/// with `write(2)` and the saved modes set with `tcsetattr(3)`. Nothing
/// happens when Motley does not hold the terminal.
#[cfg(unix)]
pub(super) fn restore_in_signal_handler() {
    if !TAKEN.swap(false, Ordering::SeqCst) {
        return;
    }
    // SAFETY: write and tcsetattr are async-signal-safe; the buffer and the
    // saved modes live for the whole program.
    unsafe {
        let _ = libc::write(
            libc::STDOUT_FILENO,
            GIVE_BACK.as_ptr().cast(),
            GIVE_BACK.len(),
        );
        if let Some(modes) = ORIGINAL_MODES.get() {
            let _ = libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, modes);
        }
    }
}

/// Restores the terminal when dropped (normal exit, error or unwinding).
pub(super) struct TerminalGuard;

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore_terminal();
    }
}

/// Take the terminal: ratatui's init (raw mode, alternate screen, a panic
/// hook that restores the terminal), mouse capture, and a panic hook on top
/// that lets a computer player's panic pass quietly (it is caught and
/// reported on screen) and gives the terminal back before anything else.
pub(super) fn take_terminal() -> Result<(DefaultTerminal, TerminalGuard), UiError> {
    #[cfg(unix)]
    {
        // SAFETY: tcgetattr only fills the struct it is given.
        let mut modes: libc::termios = unsafe { std::mem::zeroed() };
        if unsafe { libc::tcgetattr(libc::STDIN_FILENO, &mut modes) } == 0 {
            let _ = ORIGINAL_MODES.set(modes);
        }
    }
    TAKEN.store(true, Ordering::SeqCst);
    let terminal = ratatui::try_init();
    // From here on the terminal may be changed: restore it however we leave.
    let guard = TerminalGuard;
    let terminal = terminal?;
    let ratatui_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if std::thread::current().name() == Some(AI_THREAD) {
            return;
        }
        // Ours first (ratatui's stops at its first failure), then ratatui's,
        // which prints the panic.
        restore_terminal();
        ratatui_hook(info);
    }));
    execute!(std::io::stdout(), EnableMouseCapture)?;
    Ok((terminal, guard))
}

/// Stop Motley as Ctrl-Z stops a program in line mode: give the terminal
/// back, then stop with SIGTSTP's own action (Motley's handler set aside
/// for that moment, so the shell sees an ordinary stop). Returns once
/// Motley is continued; the caller then calls [`resume`].
#[cfg(unix)]
pub(super) fn suspend() {
    restore_terminal();
    // SAFETY: sigaction and raise on a valid signal number with structs
    // that live across the calls; the old action is put back afterwards.
    unsafe {
        let mut default: libc::sigaction = std::mem::zeroed();
        default.sa_sigaction = libc::SIG_DFL;
        let mut ours: libc::sigaction = std::mem::zeroed();
        if libc::sigaction(libc::SIGTSTP, &default, &mut ours) != 0 {
            return;
        }
        // The stop takes effect before raise returns; raise returns when
        // Motley is continued (SIGCONT).
        libc::raise(libc::SIGTSTP);
        libc::sigaction(libc::SIGTSTP, &ours, std::ptr::null_mut());
    }
}

/// Take the terminal again after a stop (or a SIGCONT after a stop Motley
/// could not see, `kill -STOP`): raw mode is set afresh, since the shell
/// may have put the terminal back in line mode meanwhile; the alternate
/// screen, mouse reporting, a hidden cursor; and the screen is cleared so
/// the next frame draws everything.
pub(super) fn resume(terminal: &mut DefaultTerminal) -> Result<(), UiError> {
    // Back to the modes before Motley (a no-op when crossterm holds none),
    // then raw from those.
    crossterm::terminal::disable_raw_mode()?;
    crossterm::terminal::enable_raw_mode()?;
    TAKEN.store(true, Ordering::SeqCst);
    execute!(
        std::io::stdout(),
        EnterAlternateScreen,
        EnableMouseCapture,
        Hide
    )?;
    terminal.clear()?;
    Ok(())
}

/// The last guard on what is drawn: a cell whose symbol holds a control
/// character (text that reached a widget without [`motley_rules::core::quote::visible`])
/// is drawn as `�` instead, so no escape sequence reaches the terminal
/// from the screen's contents.
pub fn sanitise(buf: &mut Buffer) {
    for cell in buf.content.iter_mut() {
        if motley_rules::core::quote::has_unsafe(cell.symbol()) {
            cell.set_symbol("\u{FFFD}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::layout::Rect;
    use ratatui::widgets::{Paragraph, Widget};

    // Issue 22, item 24: whatever a widget is given, the buffer flushed to
    // the terminal holds no control character.
    #[test]
    fn item_24_no_control_character_leaves_the_buffer() {
        let area = Rect::new(0, 0, 40, 3);
        let mut buf = Buffer::empty(area);
        Paragraph::new("a\u{1b}]0;OWNED\u{7}\u{1b}[?1049l\u{9b}2J z").render(area, &mut buf);
        buf[(0, 1)].set_symbol("\u{1b}");
        buf[(1, 1)].set_symbol("e\u{7}");
        let raw = |b: &Buffer| {
            b.content
                .iter()
                .any(|c| c.symbol().contains(|ch: char| ch.is_control()))
        };
        assert!(raw(&buf), "the test must start with raw controls");
        sanitise(&mut buf);
        assert!(!raw(&buf));
        assert_eq!(buf[(0, 1)].symbol(), "\u{FFFD}");
        assert_eq!(buf[(0, 0)].symbol(), "a");
    }
}
