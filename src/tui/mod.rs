//! The terminal UI (the only part of Motley that knows ratatui and
//! crossterm). [`app`] holds the state and the pure input handler, the
//! `*_view`/`render` functions draw state into widgets, and this module is
//! the thin runtime: terminal setup and restore, the blocking event loop,
//! and the computer players' threads.

pub mod app;
pub mod board;
pub mod config;
pub mod figures;
pub mod menu;
pub mod panels;
pub mod play;
pub mod play_view;
pub mod popup;
pub mod replay;
pub mod store;
pub mod theme;

use app::{handle, App, AppEvent, Request, Screen, MIN_HEIGHT, MIN_WIDTH};
use crossterm::event::{DisableMouseCapture, EnableMouseCapture, Event};
use crossterm::execute;
use crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use ratatui::backend::CrosstermBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::Terminal;
use std::io::IsTerminal;
use std::sync::mpsc;
use std::time::Instant;
use thiserror::Error;

/// Why the UI could not run.
#[derive(Debug, Error)]
pub enum UiError {
    #[error("the terminal UI needs an interactive terminal (stdin and stdout must be a TTY); use the headless commands (motley list, moves, perft, …) in scripts")]
    NotATerminal,
    #[error("terminal: {0}")]
    Io(#[from] std::io::Error),
}

/// Draw the whole app into a buffer (used by the runtime and by tests).
pub fn render(app: &App, buf: &mut Buffer) {
    let size = app.size;
    if app.too_small() {
        play_view::draw_too_small(size, (MIN_WIDTH, MIN_HEIGHT), &app.theme, buf);
        return;
    }
    match &app.screen {
        Screen::Play(p) => {
            let flipped = p.flipped(&app.settings);
            play_view::draw(p, size, flipped, &app.theme, buf);
        }
        Screen::Menu(m) => m.draw(size, &app.registry, &app.theme, buf),
        Screen::Replay(r) => r.draw(size, &app.settings, &app.theme, buf),
    }
}

/// Name of the computer players' threads.
const AI_THREAD: &str = "motley-ai";

fn restore_terminal() {
    let _ = disable_raw_mode();
    let _ = execute!(std::io::stdout(), DisableMouseCapture, LeaveAlternateScreen);
    let _ = execute!(std::io::stdout(), crossterm::cursor::Show);
}

/// Restores the terminal when dropped (normal exit, error or unwinding).
struct TerminalGuard;

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore_terminal();
    }
}

/// Run the UI until the user quits. With `MOTLEY_FIRST_FRAME_LOG=FILE` the
/// time to the first frame is written to FILE (for measuring start-up).
pub fn run(mut app: App) -> Result<(), UiError> {
    let started = Instant::now();
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return Err(UiError::NotATerminal);
    }
    // Restore the terminal before a panic message is printed.
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        // A computer player's thread is caught and reported on screen; any
        // other panic ends the program with the terminal given back first.
        if std::thread::current().name() == Some(AI_THREAD) {
            return;
        }
        restore_terminal();
        previous(info);
    }));
    enable_raw_mode()?;
    let _guard = TerminalGuard;
    execute!(std::io::stdout(), EnterAlternateScreen, EnableMouseCapture)?;
    let mut terminal = Terminal::new(CrosstermBackend::new(std::io::stdout()))?;
    let size = terminal.size()?;
    app.size = (size.width, size.height);

    let (tx, rx) = mpsc::channel::<AppEvent>();
    // Input thread: blocks in crossterm's read (no polling).
    let input_tx = tx.clone();
    std::thread::spawn(move || loop {
        let ev = match crossterm::event::read() {
            Ok(Event::Key(k)) => AppEvent::Key(k),
            Ok(Event::Mouse(m)) => AppEvent::Mouse(m),
            Ok(Event::Resize(w, h)) => AppEvent::Resize(w, h),
            Ok(_) => continue,
            Err(_) => break,
        };
        if input_tx.send(ev).is_err() {
            break;
        }
    });

    let mut first = true;
    loop {
        spawn_requests(&mut app, &tx);
        terminal.draw(|f| {
            let area = f.area();
            app.size = (area.width, area.height);
            render(&app, f.buffer_mut());
        })?;
        if first {
            first = false;
            if let Ok(path) = std::env::var("MOTLEY_FIRST_FRAME_LOG") {
                // Microseconds inside `run`, and the wall clock (ns since
                // the epoch) so a script can measure from process start.
                let wall = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| d.as_nanos())
                    .unwrap_or(0);
                let _ = std::fs::write(path, format!("{} {wall}\n", started.elapsed().as_micros()));
            }
        }
        if app.quit {
            break;
        }
        let ev = match app.tick_interval() {
            Some(d) => match rx.recv_timeout(d) {
                Ok(ev) => ev,
                Err(mpsc::RecvTimeoutError::Timeout) => AppEvent::Tick,
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            },
            None => match rx.recv() {
                Ok(ev) => ev,
                Err(_) => break,
            },
        };
        handle(&mut app, ev);
        // Take whatever else is already waiting before drawing again.
        while let Ok(ev) = rx.try_recv() {
            handle(&mut app, ev);
            if app.quit {
                break;
            }
        }
        if app.quit {
            break;
        }
    }
    app.shutdown();
    drop(terminal);
    Ok(())
}

fn spawn_requests(app: &mut App, tx: &mpsc::Sender<AppEvent>) {
    for req in app.requests.drain(..) {
        match req {
            Request::Think(job) => {
                let generation = job.generation;
                let thread_tx = tx.clone();
                let spawned = std::thread::Builder::new()
                    .name(AI_THREAD.to_string())
                    .spawn(move || {
                        let action = std::panic::catch_unwind(|| {
                            crate::ai::think(
                                &job.position,
                                &job.history,
                                &job.spec,
                                &job.settings,
                                &job.stop,
                            )
                        })
                        .unwrap_or(None);
                        let _ = thread_tx.send(AppEvent::Thought {
                            generation: job.generation,
                            action,
                        });
                    });
                if spawned.is_err() {
                    // No thread: the game shows that the computer found no move.
                    let _ = tx.send(AppEvent::Thought {
                        generation,
                        action: None,
                    });
                }
            }
        }
    }
}

/// Draw the app through ratatui's `TestBackend` (the same `Terminal::draw`
/// path as the real terminal) and return the screen (tests, snapshots).
pub fn render_to_buffer(app: &App) -> Buffer {
    let backend = ratatui::backend::TestBackend::new(app.size.0, app.size.1);
    match Terminal::new(backend) {
        Ok(mut terminal) => {
            if terminal.draw(|f| render(app, f.buffer_mut())).is_ok() {
                return terminal.backend().buffer().clone();
            }
            Buffer::empty(Rect::new(0, 0, app.size.0, app.size.1))
        }
        Err(_) => Buffer::empty(Rect::new(0, 0, app.size.0, app.size.1)),
    }
}
