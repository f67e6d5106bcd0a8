//! Other UCI engines as players (`uci:COMMAND`): the engine runs as a child
//! process that Motley talks to over its standard input and output.
//!
//! `uci:COMMAND?NAME=VALUE&NAME=VALUE…` also sets the engine's options
//! (`uci:stockfish?UCI_LimitStrength=true&UCI_Elo=1500`), each checked
//! against the options the engine offers before the first game. Three
//! names are Motley's own and are not sent as options: `movetime=MS` gives
//! the engine its own time per move instead of the game's, `nodes=N` and
//! `depth=D` ask for `go nodes N` / `go depth D` instead of a time
//! (load-independent matches). See [`EngineSpec`].
//!
//! The engine is checked when it starts (it must answer `uci` and
//! `isready`, and offer the variant in its `UCI_Variant` option unless the
//! game is standard chess), so a missing variant is refused before the
//! first move. Each move sends the whole game (`position … moves …`, in
//! Motley's coordinate text) and `go movetime`. An engine that dies, stops
//! answering or answers with an illegal move fails with an [`EngineError`];
//! callers make it lose the game. Dropping an [`Engine`] sends `quit` and
//! kills the engine's process group if it has not left a moment later, off
//! the caller's thread; [`super::children`] ends any engine still running
//! before Motley exits.

use super::children::{self, EngineProcess};
use super::lines::{self, Line};
use super::protocol::{read_bestmove, EngineId};
use motley_game::variant::VariantDef;
use motley_rules::core::Action;
use motley_rules::{parse_action, AnyPosition, MoveInputError};
use std::io::{BufReader, Write};
use std::process::{ChildStdin, Command};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use thiserror::Error;

/// How long an engine may take to answer `uci` and `isready`.
pub const STARTUP_TIMEOUT: Duration = Duration::from_secs(10);
/// How long past its time for the move an engine may take before it is
/// told to stop, and again before it is given up on.
pub const ANSWER_GRACE: Duration = Duration::from_secs(2);
/// How long an engine whose output closed may take to leave, for its
/// exit status.
const QUIT_WAIT: Duration = children::QUIT_WAIT;
/// How often waiting loops look at the stop flag.
const POLL: Duration = Duration::from_millis(10);
/// Longest engine line kept, in bytes (an `info` line with a long `pv`, or
/// a `UCI_Variant` option listing every variant, is a few KB); longer
/// lines are skipped unread.
pub const MAX_ENGINE_LINE: usize = 64 * 1024;
/// Engine lines read ahead of Motley at most: past this the reader waits,
/// and so does the engine writing them, so a chatty engine costs at most
/// this many lines of memory.
pub const LINE_QUEUE: usize = 256;

/// What went wrong with an external engine.
#[derive(Debug, Error)]
pub enum EngineError {
    #[error("'{}' is not a command line (check the quotes)", motley_rules::core::quote::clip(.0))]
    BadCommand(String),
    // The cause is said in the message, so it is not also a `source()`:
    // a chain printed whole would say it twice (issue 22, item 13).
    #[error("cannot start '{}': {error}", motley_rules::core::quote::clip(.command))]
    Spawn {
        command: String,
        error: std::io::Error,
    },
    #[error("{engine} stopped unexpectedly ({status})")]
    Crashed { engine: String, status: String },
    #[error(
        "{engine} did not answer '{waiting_for}' within {:.1} s{}",
        waited.as_secs_f64(),
        other_lines_note(*other_lines)
    )]
    Timeout {
        engine: String,
        waiting_for: &'static str,
        /// How long it was given.
        waited: Duration,
        /// Lines it wrote meanwhile that were not the answer.
        other_lines: u64,
    },
    #[error("{engine} cannot play {variant}: {why}")]
    MissingVariant {
        engine: String,
        variant: String,
        why: String,
    },
    #[error("{engine} played '{text}', which is not legal here: {reason}")]
    Illegal {
        engine: String,
        text: String,
        /// Boxed: the reason is large, and an error on every path.
        reason: Box<MoveInputError>,
    },
    #[error("{engine} found no move in a position that has legal moves")]
    NoMove { engine: String },
    #[error("'{spec}' is not an engine option list: {why}")]
    BadOptions { spec: String, why: String },
    #[error("{engine} has no option '{}' (it offers: {offered})", motley_rules::core::quote::clip(.option))]
    UnknownOption {
        engine: String,
        option: String,
        offered: String,
    },
    #[error("{engine}: {error}")]
    Io {
        engine: String,
        error: std::io::Error,
    },
}

/// The end of a timeout message: how much an engine said that was not the
/// answer, so a chatty engine is told apart from a silent one.
fn other_lines_note(lines: u64) -> String {
    match lines {
        0 => " (it wrote nothing)".to_string(),
        1 => " (it wrote 1 other line)".to_string(),
        n => format!(" (it wrote {n} other lines)"),
    }
}

/// One question to the engine being waited for: what for, until when, and
/// how many lines came that were not the answer.
struct Wait {
    waiting_for: &'static str,
    asked: Instant,
    deadline: Instant,
    other_lines: u64,
}

impl Wait {
    fn new(waiting_for: &'static str, limit: Duration) -> Wait {
        let asked = Instant::now();
        // A year is forever here, and any clock can add it.
        let limit = limit.min(Duration::from_secs(365 * 24 * 60 * 60));
        Wait {
            waiting_for,
            asked,
            deadline: asked + limit,
            other_lines: 0,
        }
    }
}

/// How long an engine asked for a fixed number of nodes or a fixed depth
/// may take over one move before it is told to stop.
pub const FIXED_SEARCH_WAIT: Duration = Duration::from_secs(60);

/// What a `uci:` player text asks for: the command line, the engine
/// options to set, and how each move is asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineSpec {
    /// The program and its arguments (before the `?`).
    pub command: String,
    /// `setoption name NAME value VALUE` to send after the handshake, in
    /// the order given.
    pub options: Vec<(String, String)>,
    /// `movetime=MS`: the engine's own time per move.
    pub movetime: Option<Duration>,
    /// `nodes=N`: `go nodes N` instead of a time.
    pub nodes: Option<u64>,
    /// `depth=D`: `go depth D` instead of a time.
    pub depth: Option<u32>,
}

impl EngineSpec {
    /// Read `COMMAND[?NAME=VALUE&…]`. The options start at the last `?`
    /// that is followed by `NAME=`; a command without one is taken whole.
    pub fn parse(text: &str) -> Result<EngineSpec, EngineError> {
        let text = text.trim();
        let split = text
            .rfind('?')
            .filter(|&at| text[at + 1..].split('&').all(|kv| kv.contains('=')));
        let Some(at) = split else {
            return Ok(EngineSpec {
                command: text.to_string(),
                ..EngineSpec::default()
            });
        };
        let bad = |why: String| EngineError::BadOptions {
            spec: motley_rules::core::quote::clip(text),
            why,
        };
        let mut spec = EngineSpec {
            command: text[..at].trim().to_string(),
            ..EngineSpec::default()
        };
        for pair in text[at + 1..].split('&') {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            let (name, value) = (name.trim(), value.trim());
            if name.is_empty() {
                return Err(bad(format!(
                    "'{}' has no option name",
                    motley_rules::core::quote::clip(pair)
                )));
            }
            let number = |what: &str| {
                value.parse::<u64>().ok().filter(|n| *n > 0).ok_or_else(|| {
                    bad(format!(
                        "{name} must be a positive {what}, not '{}'",
                        motley_rules::core::quote::clip(value)
                    ))
                })
            };
            match name {
                "movetime" => spec.movetime = Some(Duration::from_millis(number("number of ms")?)),
                "nodes" => spec.nodes = Some(number("number of nodes")?),
                "depth" => {
                    spec.depth = Some(u32::try_from(number("depth")?).unwrap_or(u32::MAX));
                }
                _ => spec.options.push((name.to_string(), value.to_string())),
            }
        }
        Ok(spec)
    }

    /// The `go` command for one move, given the game's time per move.
    /// Public so that what a player text comes to on the wire can be
    /// checked (or shown) without running an engine.
    pub fn go(&self, movetime: Duration) -> String {
        match (self.nodes, self.depth) {
            (Some(n), _) => format!("go nodes {n}"),
            (None, Some(d)) => format!("go depth {d}"),
            (None, None) => format!("go movetime {}", self.time(movetime).as_millis().max(1)),
        }
    }

    /// How long one move may take before the engine is told to stop.
    /// Public for the same reason as [`EngineSpec::go`]: a fixed number
    /// of nodes or a fixed depth waits [`FIXED_SEARCH_WAIT`], which no
    /// test could wait for on an engine.
    pub fn time(&self, movetime: Duration) -> Duration {
        if self.nodes.is_some() || self.depth.is_some() {
            FIXED_SEARCH_WAIT
        } else {
            self.movetime.unwrap_or(movetime)
        }
    }
}

/// A running external engine, ready for a game of one variant.
pub struct Engine {
    process: Option<EngineProcess>,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// How messages name it: `id name`, or the command.
    name: String,
    /// A `go` whose `bestmove` was not read (the search was stopped).
    owes_bestmove: bool,
    /// The options and search limits the player text asked for.
    spec: EngineSpec,
}

/// What an engine is asked to play: its `UCI_Variant` value (Motley's
/// id; standard chess's is `chess`, which is not sent) and whether as
/// Chess960 (`UCI_Chess960`, with the variant it is the form of: a
/// `crazyhouse960` game is crazyhouse so played).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineVariant {
    /// Motley's id of the variant, for messages.
    pub id: String,
    /// The `UCI_Variant` value.
    pub uci: String,
    /// `UCI_Chess960` is set.
    pub chess960: bool,
}

impl EngineVariant {
    /// How an engine is asked for `def`.
    pub fn of(def: &VariantDef) -> EngineVariant {
        let chess960 = def.is_chess960();
        let base = def.chess960_of().unwrap_or(&def.id);
        let uci = match base {
            "standard" => "chess",
            "chess960" if chess960 => "chess",
            other => other,
        };
        EngineVariant {
            id: def.id.clone(),
            uci: uci.to_string(),
            chess960,
        }
    }
}

impl Engine {
    /// Start `command` (a program and its arguments, split like a shell
    /// would, then `?NAME=VALUE&…` options as [`EngineSpec`] reads them)
    /// and prepare it for games of `variant_id`.
    pub fn start(command: &str, variant: &EngineVariant) -> Result<Engine, EngineError> {
        let spec = EngineSpec::parse(command)?;
        let command = spec.command.as_str();
        let words = shlex::split(command)
            .filter(|w| !w.is_empty())
            .ok_or_else(|| EngineError::BadCommand(command.to_string()))?;
        let (program, args) = words
            .split_first()
            .ok_or_else(|| EngineError::BadCommand(command.to_string()))?;
        let spawned = children::spawn(Command::new(program).args(args)).map_err(|error| {
            EngineError::Spawn {
                command: command.to_string(),
                error,
            }
        })?;
        let stdin = spawned.stdin;
        let (tx, lines) = mpsc::sync_channel(LINE_QUEUE);
        if let Some(stdout) = spawned.stdout {
            // The reader ends (closing the channel) when the engine's
            // output closes: that is how a crash is seen. A line too long
            // to keep is skipped; a full queue makes the reader wait.
            let _ = std::thread::Builder::new()
                .name("motley-uci-reader".to_string())
                .spawn(move || {
                    let mut out = BufReader::new(stdout);
                    while let Ok(Some(line)) = lines::read_line(&mut out, MAX_ENGINE_LINE) {
                        let Line::Text(line) = line else { continue };
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                });
        }
        let mut engine = Engine {
            process: Some(spawned.process),
            stdin,
            lines,
            name: command.to_string(),
            owes_bestmove: false,
            spec: spec.clone(),
        };
        engine.handshake(variant)?;
        Ok(engine)
    }

    /// How messages name the engine.
    pub fn name(&self) -> &str {
        &self.name
    }

    fn handshake(&mut self, variant: &EngineVariant) -> Result<(), EngineError> {
        self.send("uci")?;
        let mut id = EngineId::default();
        let mut wait = Wait::new("uci", STARTUP_TIMEOUT);
        loop {
            let line = self.next_line(&mut wait)?;
            if line.trim() == "uciok" {
                break;
            }
            id.read_line(&line);
        }
        if let Some(name) = id.name {
            self.name = name;
        }
        self.set_options(&id.options)?;
        let wanted = variant.uci.as_str();
        let engine = self.name.clone();
        let missing = |why: String| EngineError::MissingVariant {
            engine: engine.clone(),
            variant: variant.id.clone(),
            why,
        };
        if wanted != "chess" {
            let offered = id.variants.ok_or_else(|| {
                missing("it has no UCI_Variant option (it plays standard chess only)".to_string())
            })?;
            if !offered.iter().any(|v| v.eq_ignore_ascii_case(wanted)) {
                return Err(missing(format!(
                    "its UCI_Variant offers only {}",
                    offered.join(", ")
                )));
            }
            self.send(&format!("setoption name UCI_Variant value {wanted}"))?;
        }
        if variant.chess960 {
            let known = id
                .options
                .iter()
                .find(|o| o.eq_ignore_ascii_case("UCI_Chess960"))
                .cloned()
                .ok_or_else(|| missing("it has no UCI_Chess960 option".to_string()))?;
            self.send(&format!("setoption name {known} value true"))?;
        }
        self.ready()
    }

    /// Send the player text's options, each checked against the names the
    /// engine offers (case-insensitively, as UCI names are).
    fn set_options(&mut self, offered: &[String]) -> Result<(), EngineError> {
        for (name, value) in self.spec.options.clone() {
            let Some(known) = offered.iter().find(|o| o.eq_ignore_ascii_case(&name)) else {
                return Err(EngineError::UnknownOption {
                    engine: self.name.clone(),
                    option: name,
                    offered: offered.join(", "),
                });
            };
            self.send(&format!("setoption name {known} value {value}"))?;
        }
        Ok(())
    }

    /// Tell the engine a new game starts.
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        self.send("ucinewgame")?;
        self.ready()
    }

    fn ready(&mut self) -> Result<(), EngineError> {
        self.send("isready")?;
        let mut wait = Wait::new("isready", STARTUP_TIMEOUT);
        while self.next_line(&mut wait)?.trim() != "readyok" {}
        Ok(())
    }

    fn send(&mut self, line: &str) -> Result<(), EngineError> {
        let engine = self.name.clone();
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(self.crashed());
        };
        match writeln!(stdin, "{line}").and_then(|_| stdin.flush()) {
            Ok(()) => Ok(()),
            // A closed pipe means the engine is gone.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(self.crashed()),
            Err(error) => Err(EngineError::Io { engine, error }),
        }
    }

    /// The next line, or why there is none before the wait's deadline.
    /// The deadline is checked before every line, so an engine that keeps
    /// writing other lines still runs out of time.
    fn next_line(&mut self, wait: &mut Wait) -> Result<String, EngineError> {
        if Instant::now() >= wait.deadline {
            return Err(self.timeout(wait));
        }
        let left = wait.deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => {
                wait.other_lines += 1;
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => Err(self.timeout(wait)),
            Err(RecvTimeoutError::Disconnected) => Err(self.crashed()),
        }
    }

    /// The error for a question not answered within its wait (every line
    /// counted was another one: the answer would have ended the wait).
    fn timeout(&self, wait: &Wait) -> EngineError {
        EngineError::Timeout {
            engine: self.name.clone(),
            waiting_for: wait.waiting_for,
            waited: wait.asked.elapsed(),
            other_lines: wait.other_lines,
        }
    }

    /// The error for an engine whose output closed, with its exit status
    /// when it has one.
    fn crashed(&mut self) -> EngineError {
        let status = self
            .process
            .and_then(|p| children::exit_status(p, QUIT_WAIT))
            .map_or_else(|| "its output closed".to_string(), |s| s.to_string());
        EngineError::Crashed {
            engine: self.name.clone(),
            status,
        }
    }

    /// Ask for the move after `actions` from `start_fen` (or the start),
    /// whose position is `pos`, with `movetime` to think (unless the
    /// player text gave the engine its own limit). Setting `stop`
    /// asks for the move at once (UCI `stop`); `Ok(None)` if it then does
    /// not come (its late answer is discarded before the next question).
    /// Every other line the engine writes while it thinks (its `info`
    /// lines) goes to `on_line`.
    pub fn best_action(
        &mut self,
        start_fen: Option<&str>,
        actions: &[Action],
        pos: &AnyPosition,
        movetime: Duration,
        stop: &AtomicBool,
        on_line: &mut dyn FnMut(&str),
    ) -> Result<Option<Action>, EngineError> {
        if self.owes_bestmove {
            self.discard_late_bestmove()?;
        }
        let mut command = match start_fen {
            Some(fen) => format!("position fen {fen}"),
            None => "position startpos".to_string(),
        };
        if !actions.is_empty() {
            command.push_str(" moves");
            for a in actions {
                command.push(' ');
                command.push_str(&a.to_string());
            }
        }
        self.send(&command)?;
        self.send(&self.spec.go(movetime))?;
        self.owes_bestmove = true;
        let Some(text) = self.wait_for_bestmove(self.spec.time(movetime), stop, on_line)? else {
            return Ok(None);
        };
        self.owes_bestmove = false;
        let Some(text) = text else {
            return Err(EngineError::NoMove {
                engine: self.name.clone(),
            });
        };
        parse_action(pos, &text)
            .map(Some)
            .map_err(|e| EngineError::Illegal {
                engine: self.name.clone(),
                text,
                reason: Box::new(e),
            })
    }

    /// The move text of the next `bestmove` (inner `None`: the engine said
    /// it has none). When `stop` is set the engine is told to stop and its
    /// move so far is still taken if it comes within [`ANSWER_GRACE`]
    /// (outer `None` if not). Past the time plus [`ANSWER_GRACE`] the
    /// engine is told to stop; past another grace it has failed.
    fn wait_for_bestmove(
        &mut self,
        movetime: Duration,
        stop: &AtomicBool,
        on_line: &mut dyn FnMut(&str),
    ) -> Result<Option<Option<String>>, EngineError> {
        let mut wait = Wait::new("go", movetime.saturating_add(ANSWER_GRACE));
        let mut told_to_stop = false;
        let mut stopped_by_caller = false;
        loop {
            if !told_to_stop && stop.load(Ordering::Relaxed) {
                self.send("stop")?;
                told_to_stop = true;
                stopped_by_caller = true;
                wait.deadline = Instant::now() + ANSWER_GRACE;
            }
            // The deadline is checked before every line: an engine that
            // floods `info` lines still runs out of time.
            if Instant::now() >= wait.deadline {
                if stopped_by_caller {
                    return Ok(None);
                }
                if told_to_stop {
                    return Err(self.timeout(&wait));
                }
                self.send("stop")?;
                told_to_stop = true;
                wait.deadline = Instant::now() + ANSWER_GRACE;
            }
            match self.lines.recv_timeout(POLL) {
                Ok(line) => {
                    if let Some(m) = read_bestmove(&line) {
                        return Ok(Some(m.map(str::to_string)));
                    }
                    wait.other_lines += 1;
                    on_line(&line);
                }
                Err(RecvTimeoutError::Disconnected) => return Err(self.crashed()),
                Err(RecvTimeoutError::Timeout) => {}
            }
        }
    }

    /// Read up to the `bestmove` of a stopped search, so it is not taken
    /// for the answer to the next question.
    fn discard_late_bestmove(&mut self) -> Result<(), EngineError> {
        let mut wait = Wait::new("stop", ANSWER_GRACE);
        while read_bestmove(&self.next_line(&mut wait)?).is_none() {}
        self.owes_bestmove = false;
        Ok(())
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Some(mut stdin) = self.stdin.take() {
            let _ = writeln!(stdin, "quit").and_then(|_| stdin.flush());
        }
        if let Some(process) = self.process.take() {
            // Wait for it to leave, then kill its group, without holding
            // up the caller (the UI thread, or the next game). Should
            // Motley exit first, `children::stop_all` finishes the job.
            let spawned = std::thread::Builder::new()
                .name("motley-uci-reaper".to_string())
                .spawn(move || children::stop(process));
            if spawned.is_err() {
                children::stop(process);
            }
        }
    }
}

/// One side's engine: started before the game or on its first move (off
/// the UI thread) and kept for the next moves and games, shared with the
/// thinking thread. Cloning shares the same engine.
#[derive(Clone, Default)]
pub struct EngineSeat {
    engine: Arc<Mutex<Option<Engine>>>,
}

impl std::fmt::Debug for EngineSeat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("EngineSeat")
    }
}

impl EngineSeat {
    /// Start the engine of `command` if none runs here (checking it plays
    /// `variant`), and tell it a new game begins: a match starts every
    /// game so, and a game on screen before it opens, so an engine that
    /// cannot play is refused before any move.
    pub fn start_game(&self, command: &str, variant: &EngineVariant) -> Result<(), EngineError> {
        let mut slot = self.engine.lock().unwrap_or_else(|e| e.into_inner());
        let engine = match slot.take() {
            Some(engine) => engine,
            None => Engine::start(command, variant)?,
        };
        slot.insert(engine).new_game()
    }

    /// Stop the engine now if no move is being asked of it; otherwise it
    /// stops when that answer is in and the last clone of the seat is gone.
    pub fn close(&self) {
        if let Ok(mut slot) = self.engine.try_lock() {
            slot.take();
        }
    }
}

/// Everything an engine player needs for one move, to be run off the UI
/// thread.
#[derive(Clone, Debug)]
pub struct EngineTurn {
    /// The side's engine (started here if it is not running).
    pub seat: EngineSeat,
    /// The command line that starts it.
    pub command: Arc<str>,
    /// The variant, checked against its `UCI_Variant` when it starts.
    pub variant: EngineVariant,
    /// The game's start when it is not the variant's.
    pub start_fen: Option<String>,
    /// Every action so far, sent as `position … moves …`.
    pub actions: Vec<Action>,
}

impl EngineTurn {
    /// Ask the engine (starting it if it is not running) for its move in
    /// `pos`, passing its other lines (its `info` lines) to `on_line`
    /// while it thinks. An engine that failed is dropped (stopped), so
    /// the next game starts a fresh one.
    pub fn play_with(
        &self,
        pos: &AnyPosition,
        movetime: Duration,
        stop: &AtomicBool,
        on_line: &mut dyn FnMut(&str),
    ) -> Result<Option<Action>, EngineError> {
        let mut slot = self.seat.engine.lock().unwrap_or_else(|e| e.into_inner());
        if slot.is_none() {
            let mut engine = Engine::start(&self.command, &self.variant)?;
            engine.new_game()?;
            *slot = Some(engine);
        }
        let Some(engine) = slot.as_mut() else {
            return Ok(None);
        };
        let answer = engine.best_action(
            self.start_fen.as_deref(),
            &self.actions,
            pos,
            movetime,
            stop,
            on_line,
        );
        if answer.is_err() {
            slot.take();
        }
        answer
    }
}
