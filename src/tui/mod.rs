//! The terminal UI (the only part of Motley that knows ratatui and
//! crossterm). [`app`] holds the state and the pure input handler, the
//! screens ([`menu`], [`play`], [`replay`]) turn input into actions and
//! draw themselves as widgets, and this module is the thin runtime: the
//! blocking event loop, the computer players' threads, and the signals
//! that end it (the game is saved and the terminal restored before Motley
//! exits) or suspend it; [`terminal`] takes the terminal and gives it back.
//!
//! Modules, bottom up: [`theme`], [`wrap`] and [`rules_text`] (text laid
//! out at a width), [`board`], [`panels`], [`move_list`], [`popup`],
//! [`clipboard`], [`settings`] and [`terminal`] draw or hold plain values
//! or the terminal; [`writer`] carries out writes off the input path (a
//! game is run by [`motley_session`]) and [`jobs`] are the searches run
//! on the computer threads; [`base`] is what every screen shares with the
//! app; [`game_page`] and [`tree_view`] are the parts of both game
//! screens; then the screens, then [`app`]; [`launch`] is how the command
//! line enters, and [`parts`] names what a reader outside may look at.

mod app;
mod base;
mod board;
mod clipboard;
mod config;
mod editor;
mod figures;
mod game_page;
mod jobs;
mod keymap;
mod launch;
mod line_edit;
mod memo;
mod menu;
mod move_list;
mod panels;
pub mod parts;
mod picking;
mod play;
mod popup;
mod replay;
mod rules_text;
mod settings;
mod sharing;
mod terminal;
mod theme;
mod tree_view;
mod wrap;
mod writer;

// The public surface: how the command line enters the UI, and what a
// test drives it with (the app, its events and handler, the drawing) and
// reads back (each screen's state); the screens' parts are in [`parts`].
pub use app::{handle, request_events, run_requests_inline, App, Screen};
pub use base::{
    AppEvent, EditorStart, Message, PlayStart, ReplayStart, Request, MIN_HEIGHT, MIN_WIDTH,
};
pub use config::{Config, ConfigError};
pub use editor::EditorState;
pub use launch::{run_game, run_menu, run_replay, Launch};
pub use menu::MenuState;
pub use play::PlayState;
pub use replay::ReplayState;
pub use settings::Settings;
pub use theme::{ColorMode, Theme, ThemeName};

use crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use jobs::{AnalysisJob, LinesJob};
use motley_session::{HintJob, ProgressThrottle, ThinkJob, ThinkProgress, PROGRESS_EVERY};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use signal_hook::consts::{
    SIGALRM, SIGCONT, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGTSTP, SIGUSR1, SIGUSR2,
};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Instant;
use terminal::{take_terminal, AI_THREAD};
use thiserror::Error;
use writer::{Done, Writer};

/// Why the UI could not run.
#[derive(Debug, Error)]
pub enum UiError {
    #[error("the terminal UI needs an interactive terminal (stdin and stdout must be a TTY); use the headless commands (motley list, moves, perft, …) in scripts")]
    /// Run from a script or a pipe.
    NotATerminal,
    #[error("terminal: {0}")]
    /// The terminal could not be set up or drawn to (said in the message,
    /// so not also a `source()`: issue 22, item 13).
    Io(std::io::Error),
    #[error(transparent)]
    /// The file to replay gives no game.
    File(motley_session::LoadError),
}

impl From<std::io::Error> for UiError {
    fn from(e: std::io::Error) -> UiError {
        UiError::Io(e)
    }
}

pub use terminal::restore_terminal;

/// How the UI ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The user quit.
    ByUser,
    /// A signal ([`STOP_SIGNALS`]) ended it: the game was saved and the
    /// terminal restored; `report` says where the game is, or that it
    /// could not be saved.
    BySignal {
        /// The signal's number (the exit status is 128 + it).
        signal: i32,
        /// One line for standard error.
        report: Option<String>,
    },
}

/// What wakes the event loop: an event for the screens, a signal that ends
/// the UI, or a stop (SIGTSTP) or continue (SIGCONT) from outside.
enum Wake {
    Event(AppEvent),
    Signal(i32),
    Suspend,
    Resume,
}

/// The signals that end the UI, saving the game and restoring the
/// terminal first: those a user, a shell or a script sends to end a
/// program (Ctrl-C, `kill`, a closed terminal, `kill -QUIT`, `kill -USR1`, an
/// alarm). Not SIGPIPE (Rust programs ignore it; a write to a closed pipe
/// fails instead), nor the faults a program cannot go on from (SIGSEGV,
/// SIGBUS, SIGILL, SIGFPE), nor SIGXFSZ (ignored, see `main`).
pub const STOP_SIGNALS: [i32; 7] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM];

/// Run the UI until the user quits or a signal ends it. With
/// `MOTLEY_FIRST_FRAME_LOG=FILE` the time to the first frame is written to
/// FILE (for measuring start-up).
pub fn run(mut app: App) -> Result<Ended, UiError> {
    let started = Instant::now();
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return Err(UiError::NotATerminal);
    }
    let (tx, rx) = mpsc::channel::<Wake>();
    watch_signals(tx.clone())?;
    let written = tx.clone();
    let mut writer = Writer::spawn(move |done| {
        let event = match done {
            Done::Game(written) => AppEvent::Written(Box::new(written)),
            Done::Config(kept) => AppEvent::ConfigKept(Arc::new(kept)),
        };
        // A failed send means the UI has quit: nobody waits for it.
        written.send(Wake::Event(event)).ok();
    })?;
    let (mut terminal, _guard) = take_terminal()?;
    let size = terminal.size()?;
    app.size = (size.width, size.height);

    spawn_input(tx.clone());
    let mut first = true;
    let mut signal = None;
    loop {
        spawn_requests(&mut app, &tx, &writer);
        terminal.draw(|f| {
            let area = f.area();
            app.size = (area.width, area.height);
            f.render_widget(&app, area);
            terminal::sanitise(f.buffer_mut());
        })?;
        if first {
            first = false;
            log_first_frame(started);
        }
        if app.quit {
            break;
        }
        let wake = match app.tick_interval() {
            Some(d) => match rx.recv_timeout(d) {
                Ok(wake) => wake,
                Err(mpsc::RecvTimeoutError::Timeout) => Wake::Event(AppEvent::Tick),
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            },
            None => match rx.recv() {
                Ok(wake) => wake,
                Err(_) => break,
            },
        };
        // Take whatever else is already waiting before drawing again.
        let mut next = Some(wake);
        while let Some(wake) = next.take() {
            signal = react(&mut app, &mut terminal, wake)?;
            if app.quit || signal.is_some() {
                break;
            }
            next = rx.try_recv().ok();
        }
        if app.quit || signal.is_some() {
            break;
        }
    }
    finish_writes(&mut app, &tx, &rx, &mut writer);
    let ended = match signal {
        Some(signal) => Ended::BySignal {
            signal,
            report: app.stop(),
        },
        None => {
            app.shutdown();
            Ended::ByUser
        }
    };
    drop(terminal);
    Ok(ended)
}

/// The UI is ending: every write asked for is carried out by the writer,
/// and what it came to is taken in, so the app closes its screen knowing
/// whether the game is saved (the app then writes what closing asks for
/// itself, here and now).
fn finish_writes(
    app: &mut App,
    tx: &mpsc::Sender<Wake>,
    rx: &mpsc::Receiver<Wake>,
    writer: &mut Writer,
) {
    spawn_requests(app, tx, writer);
    writer.finish();
    for wake in rx.try_iter() {
        if let Wake::Event(event @ (AppEvent::Written(_) | AppEvent::ConfigKept(_))) = wake {
            handle(app, event);
        }
    }
}

/// Act on one wake-up; `Some(signal)` when a signal ends the UI. Ctrl-Z
/// (a key in raw mode) and SIGTSTP stop Motley with the terminal given
/// back; SIGCONT takes it again and redraws everything.
fn react(
    app: &mut App,
    terminal: &mut ratatui::DefaultTerminal,
    wake: Wake,
) -> Result<Option<i32>, UiError> {
    match wake {
        Wake::Event(AppEvent::Key(k)) if is_suspend_key(&k) => suspend(app, terminal)?,
        Wake::Event(ev) => handle(app, ev),
        Wake::Suspend => suspend(app, terminal)?,
        Wake::Resume => terminal::resume(terminal)?,
        Wake::Signal(n) => return Ok(Some(n)),
    }
    Ok(None)
}

/// Ctrl-Z: in raw mode the terminal sends it as a key, not as SIGTSTP.
fn is_suspend_key(k: &KeyEvent) -> bool {
    k.code == KeyCode::Char('z')
        && k.modifiers.contains(KeyModifiers::CONTROL)
        && k.kind != KeyEventKind::Release
}

/// Stop until continued, the terminal given back meanwhile, then take it
/// again and draw everything. The time stopped is left out of the game
/// clocks' time.
fn suspend(app: &App, terminal: &mut ratatui::DefaultTerminal) -> Result<(), UiError> {
    let stopped_at = Instant::now();
    terminal::suspend();
    app.settings.session.time.leave_out(stopped_at.elapsed());
    terminal::resume(terminal)
}

/// The [`STOP_SIGNALS`] become a [`Wake::Signal`] for the event loop
/// (signal-hook's iterator thread), which saves the game and restores the
/// terminal. A second one while that is under way cannot wait: its
/// handler gives the terminal back itself, kills the external engines and
/// ends Motley at once, with 128 + its number, as an impatient user means.
/// SIGTSTP and SIGCONT
/// become [`Wake::Suspend`] and [`Wake::Resume`].
fn watch_signals(tx: mpsc::Sender<Wake>) -> Result<(), UiError> {
    let once = Arc::new(AtomicBool::new(false));
    for signal in STOP_SIGNALS {
        let seen = once.clone();
        let second = move || {
            if seen.load(Ordering::SeqCst) {
                terminal::restore_in_signal_handler();
                motley_session::uci::children::kill_all_in_signal_handler();
                // SAFETY: _exit is async-signal-safe and ends the process.
                unsafe { libc::_exit(128 + signal) };
            }
        };
        // SAFETY: the action only reads atomics, then uses
        // async-signal-safe calls (write, tcsetattr, kill, _exit).
        unsafe { signal_hook::low_level::register(signal, second) }?;
        signal_hook::flag::register(signal, once.clone())?;
    }
    let watched = STOP_SIGNALS.iter().chain(&[SIGTSTP, SIGCONT]);
    let mut signals = signal_hook::iterator::Signals::new(watched)?;
    std::thread::Builder::new()
        .name("motley-signals".to_string())
        .spawn(move || {
            for signal in signals.forever() {
                let wake = match signal {
                    SIGTSTP => Wake::Suspend,
                    SIGCONT => Wake::Resume,
                    n => Wake::Signal(n),
                };
                if tx.send(wake).is_err() {
                    break;
                }
            }
        })?;
    Ok(())
}

/// The input thread: blocks in crossterm's read (no polling) and passes
/// keys, clicks and resizes on until the UI is gone.
fn spawn_input(tx: mpsc::Sender<Wake>) {
    std::thread::spawn(move || loop {
        let ev = match crossterm::event::read() {
            Ok(Event::Key(k)) => AppEvent::Key(k),
            Ok(Event::Mouse(m)) => AppEvent::Mouse(m),
            Ok(Event::Resize(w, h)) => AppEvent::Resize(w, h),
            Ok(_) => continue,
            Err(_) => break,
        };
        if tx.send(Wake::Event(ev)).is_err() {
            break;
        }
    });
}

/// With `MOTLEY_FIRST_FRAME_LOG=FILE`: microseconds inside `run`, and the
/// wall clock (ns since the epoch) so a script can measure from process
/// start. A measuring aid only: a failed write is not worth stopping for.
fn log_first_frame(started: Instant) {
    let Ok(path) = std::env::var("MOTLEY_FIRST_FRAME_LOG") else {
        return;
    };
    let wall = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let line = format!("{} {wall}\n", started.elapsed().as_micros());
    std::fs::write(path, line).ok();
}

/// Hand the app's requests to the threads that carry them out.
fn spawn_requests(app: &mut App, tx: &mpsc::Sender<Wake>, writer: &Writer) {
    for req in app.requests.drain(..) {
        match req {
            Request::Write(write) => writer.send(*write),
            Request::Config(write) => writer.send_config(*write),
            Request::Think(job) => spawn_thinker(*job, tx),
            Request::Hint(job) => spawn_hint(*job, tx),
            Request::Analyse(job) => spawn_analysis(*job, tx),
            Request::Lines(job) => spawn_lines(*job, tx),
            Request::Load(job) => {
                let id = job.id;
                let failed = AppEvent::Loaded {
                    id,
                    loaded: motley_session::Handoff::empty(),
                };
                spawn_job(tx, failed, move |_| base::loaded_event(&job));
            }
            Request::Seat(job) => {
                let id = job.id;
                let failed = AppEvent::Seated {
                    id,
                    seated: motley_session::Handoff::empty(),
                };
                spawn_job(tx, failed, move |_| base::seated_event(*job));
            }
            // The screen already said what was sent; a terminal that
            // cannot take it simply ignores the escape.
            Request::Clipboard(text) => {
                clipboard::copy_to_terminal(&text).ok();
            }
        }
    }
}

/// Run `work` on a computer thread of its own; it sends what it streams
/// through the sender it is given and returns its last event, which is
/// sent too. A panic in `work`, or a thread that cannot start, sends
/// `failed` instead, so the UI never waits for an answer that cannot come.
fn spawn_job<F>(tx: &mpsc::Sender<Wake>, failed: AppEvent, work: F)
where
    F: FnOnce(&mpsc::Sender<Wake>) -> AppEvent + Send + 'static,
{
    let thread_tx = tx.clone();
    let (failed_tx, failed_here) = (failed.clone(), failed);
    let spawned = std::thread::Builder::new()
        .name(AI_THREAD.to_string())
        .spawn(move || {
            let run = std::panic::AssertUnwindSafe(|| work(&thread_tx));
            let event = std::panic::catch_unwind(run).unwrap_or(failed_tx);
            // A failed send means the UI has quit: nobody waits for it.
            thread_tx.send(Wake::Event(event)).ok();
        });
    if spawned.is_err() {
        tx.send(Wake::Event(failed_here)).ok();
    }
}

/// Search for a hint; the answer (`None` when the search failed) comes
/// back as an event.
fn spawn_hint(job: HintJob, tx: &mpsc::Sender<Wake>) {
    let generation = job.order.generation;
    let failed = AppEvent::Hinted {
        generation,
        action: None,
    };
    spawn_job(tx, failed, move |_| AppEvent::Hinted {
        generation,
        action: job.run(),
    });
}

/// Analyse a game (on the cores the settings give it), streaming each ply
/// back as soon as it is ready; a failed analysis stays incomplete and the
/// viewer shows what arrived.
fn spawn_analysis(job: AnalysisJob, tx: &mpsc::Sender<Wake>) {
    let id = job.id;
    let failed = AppEvent::AnalysisDone {
        job: id,
        analysis: None,
    };
    spawn_job(tx, failed, move |tx| {
        let on_ply = |p: &motley_ai::analysis::PlyAnalysis| {
            let ply = Box::new(p.clone());
            tx.send(Wake::Event(AppEvent::Analysed { job: id, ply }))
                .ok();
        };
        let analysis = job.run(&on_ply).map(Box::new);
        AppEvent::AnalysisDone { job: id, analysis }
    });
}

/// Run a live search until it is stopped, streaming its iterations; it
/// ends with no event of its own (its viewer asked it to stop).
fn spawn_lines(job: LinesJob, tx: &mpsc::Sender<Wake>) {
    let thread_tx = tx.clone();
    let spawned = std::thread::Builder::new()
        .name(AI_THREAD.to_string())
        .spawn(move || {
            let id = job.id;
            let run = std::panic::AssertUnwindSafe(|| {
                job.run(u32::MAX, &mut |lines| {
                    let lines = Box::new(lines);
                    // A failed send means the UI has quit.
                    thread_tx
                        .send(Wake::Event(AppEvent::Lines { job: id, lines }))
                        .ok();
                })
            });
            // A panicking search leaves the lines as they were shown.
            std::panic::catch_unwind(run).ok();
        });
    // No thread: the lines stay at "thinking…", as the viewer shows.
    spawned.ok();
}

/// Run a computer player's job, streaming its progress (throttled) for the
/// thinking line; a failed job answers with no move, which the game shows.
fn spawn_thinker(job: ThinkJob, tx: &mpsc::Sender<Wake>) {
    let generation = job.order.generation;
    let failed = AppEvent::Thought {
        generation,
        action: None,
    };
    spawn_job(tx, failed, move |tx| {
        let mut throttle = ProgressThrottle::new(PROGRESS_EVERY);
        let mut report = |progress: ThinkProgress| {
            if throttle.due(Instant::now()) {
                let progress = Box::new(progress);
                let event = AppEvent::Thinking {
                    generation,
                    progress,
                };
                tx.send(Wake::Event(event)).ok();
            }
        };
        AppEvent::answer(generation, job.run_with(&mut report))
    });
}

/// Draw the app into a screen-sized buffer and return it (tests,
/// snapshots): the same widget and the same [`terminal::sanitise`] as a
/// frame on the terminal, without the terminal's diffing of one frame
/// against the last, which only decides what is sent, not what is shown.
pub fn render_to_buffer(app: &App) -> Buffer {
    let (w, h) = app.size;
    let area = Rect::new(0, 0, w, h);
    let mut buf = Buffer::empty(area);
    ratatui::widgets::Widget::render(app, area, &mut buf);
    terminal::sanitise(&mut buf);
    buf
}
