//! Motley as a UCI engine (`motley uci`): reads commands on one thread and
//! searches on another, so `isready` and `stop` are answered while it
//! thinks. Generic over the reader and writer so tests drive it in-process
//! as well as through the real binary.
//!
//! Motley's own conventions on top of UCI:
//! - `UCI_Variant` takes every variant id (`chess` is `standard`); setting
//!   it resets the position to that variant's start.
//! - Moves in `position … moves` are Motley's coordinate text, so
//!   Dice-Money turns read `roll:3,5 buy:move1 e2e4 g1f3 …` (also `N@e4`,
//!   `pass`). SAN is accepted too.
//! - `go` where the dice must be rolled answers at once with
//!   `bestmove roll:A,B`, rolled from the engine's own seeded generator
//!   (reseeded by `ucinewgame`), after an `info string` saying so: a GUI
//!   that rolls for itself sends the roll in `position` instead.
//! - `Level` (1–5, default 5) plays like `ai:LEVEL`: its depth cap, its
//!   randomness and its share of the time `go` gives. `UCI_LimitStrength`
//!   with `UCI_Elo` picks the level whose rating is nearest.
//! - A bare `go` searches until depth 64 or a proven result.
//! - Every `go` is answered with a `bestmove`: numbers past the integer
//!   range are held at its end (a move gets at most [`MAX_MOVE_TIME`]),
//!   and a parameter that cannot be read gets an `info string` and is left
//!   out (with no limit left, the engine thinks 1 s).
//! - The last `info` line before `bestmove` repeats the best line, so the
//!   line a GUI shows last is the move played.
//! - A command longer than [`MAX_COMMAND_BYTES`] is skipped with an `info
//!   string`, never held in memory.

use super::lines::{self, Line};
use super::protocol::{self, bestmove_text, Command, Go, InfoLine};
use motley_ai::search::{self, Limits};
use motley_ai::tt::Table;
use motley_ai::{self as ai, ThinkSettings};
use motley_game::variant::{Registry, VariantDef, VariantError};
use motley_rules::core::quote::clip;
use motley_rules::core::Action;
use motley_rules::{parse_action, AnyPosition, MoveInputError, Position};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// Kept back from every time limit for writing the move and the GUI's
/// reading it, so the move arrives within the time given.
pub const MOVE_OVERHEAD: Duration = Duration::from_millis(10);
/// Transposition table size when the GUI sets none, in MB.
pub const DEFAULT_HASH_MB: usize = 16;
/// Largest `Hash` accepted, in MB.
pub const MAX_HASH_MB: usize = 4096;
/// Largest `MultiPV` accepted.
pub const MAX_MULTIPV: usize = 256;
/// The level a GUI gets unless it sets `Level` or limits the strength.
pub const DEFAULT_ENGINE_LEVEL: u8 = 5;
/// Longest time one move is given, however large the numbers of `go`: a
/// day keeps every sum of times far from overflowing.
pub const MAX_MOVE_TIME: Duration = Duration::from_secs(24 * 60 * 60);
/// Time for a `go` with something unreadable and no limit left (as an
/// `ai:` player's default time per move).
const UNREAD_GO_TIME: Duration = Duration::from_secs(1);
/// Moves a clock is divided over when the GUI gives no `movestogo`.
const DEFAULT_MOVES_TO_GO: u64 = 30;
/// Longest command read, in bytes (a `position … moves` of a game of tens
/// of thousands of plies fits): a longer line is skipped with an `info
/// string`, without being held in memory.
pub const MAX_COMMAND_BYTES: usize = 1 << 20;
/// Seed of the engine's dice (see the module docs).
const DICE_SEED: u64 = 0x6d6f_746c_6579;

/// Why a `setoption` was not taken (said to the GUI as an `info string`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
enum SetOptionError {
    #[error("option {} needs a number from {lo} to {hi}, not '{}'", clip(.name), clip(.value))]
    NotANumber {
        name: String,
        lo: u64,
        hi: u64,
        value: String,
    },
    #[error("option {} is true or false, not '{}'", clip(.name), clip(.value))]
    NotABoolean { name: String, value: String },
    #[error("unknown variant '{}'; known: chess, {}", clip(.value), .known)]
    UnknownVariant { value: String, known: String },
    #[error("unknown option '{}'", clip(.0))]
    Unknown(String),
}

/// Why a `position` command was not taken whole (said to the GUI as an
/// `info string`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
enum PositionCommandError {
    #[error("position: {0}")]
    Start(VariantError),
    #[error("position: move {number} ({}): {error}; the position is the one before it", clip(.text))]
    Move {
        number: usize,
        text: String,
        error: MoveInputError,
    },
}

/// The options a GUI can set.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Options {
    level: u8,
    limit_strength: bool,
    elo: u32,
    hash_mb: usize,
    multipv: usize,
}

impl Options {
    /// The level searches use: the rating's level when strength is limited.
    fn effective_level(&self) -> u8 {
        if self.limit_strength {
            ai::level_for_rating(self.elo)
        } else {
            self.level
        }
    }
}

/// The lowest and highest `UCI_Elo` (the ratings of levels 1 and 5).
fn elo_range() -> (u32, u32) {
    (ai::rating_of_level(1), ai::rating_of_level(5))
}

/// A search running on its own thread.
struct Running {
    stop: Arc<AtomicBool>,
    /// Wakes a search that waits for `stop` (it blocks on the other end;
    /// dropping this wakes it too).
    release: mpsc::Sender<()>,
    /// Set before `stop` when no `bestmove` must follow (ponderhit).
    silent: Arc<AtomicBool>,
    /// The search gives its table back when it ends.
    handle: JoinHandle<Table>,
    /// `go ponder`: the `go` to run for real on `ponderhit`.
    ponder: Option<Go>,
    /// `infinite` or `ponder`: only `stop` (or `ponderhit`) ends it.
    waits_for_stop: bool,
}

/// The engine's state between commands.
struct Engine<'r, W> {
    registry: &'r Registry,
    out: Arc<Mutex<W>>,
    variant: Arc<VariantDef>,
    /// Repetition keys of the positions before the current one.
    history: Vec<u64>,
    position: AnyPosition,
    options: Options,
    /// `None` while a search has it.
    table: Option<Table>,
    dice: ChaCha8Rng,
    searches: u64,
    running: Option<Running>,
}

/// What the loop does after a command.
#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// Write one line and flush (a poisoned lock still writes: a search thread
/// that panicked leaves the writer intact).
fn say<W: Write>(out: &Mutex<W>, line: &str) -> io::Result<()> {
    let mut w = out.lock().unwrap_or_else(|e| e.into_inner());
    writeln!(w, "{line}")?;
    w.flush()
}

/// Run the engine until `quit` or the end of `input`. At the end of input a
/// running search with a limit finishes (and prints its move) first; an
/// infinite one is stopped. Errors are only those of writing the output.
pub fn run<R, W>(mut input: R, output: W, registry: &Registry) -> io::Result<()>
where
    R: BufRead,
    W: Write + Send + 'static,
{
    let mut engine = Engine::new(registry, Arc::new(Mutex::new(output)))?;
    while let Some(line) = lines::read_line(&mut input, MAX_COMMAND_BYTES)? {
        let line = match line {
            Line::Text(text) => text,
            Line::TooLong(bytes) => {
                engine.say(&format!(
                    "info string a command of {bytes} bytes is ignored: at most {MAX_COMMAND_BYTES} are read"
                ))?;
                continue;
            }
        };
        let flow = match protocol::parse(&line) {
            Ok(None) => Flow::Continue,
            Ok(Some(command)) => engine.handle(command)?,
            Err(e) => {
                engine.say(&format!("info string {e}"))?;
                Flow::Continue
            }
        };
        if flow == Flow::Quit {
            engine.stop_search();
            return Ok(());
        }
    }
    engine.finish_search();
    Ok(())
}

impl<'r, W: Write + Send + 'static> Engine<'r, W> {
    fn new(registry: &'r Registry, out: Arc<Mutex<W>>) -> io::Result<Self> {
        let variant = registry
            .get("standard")
            .or_else(|_| registry.all().first().cloned().ok_or(()))
            .map_err(|_| io::Error::other("no variant is available"))?;
        let position = variant.position(None).map_err(io::Error::other)?;
        Ok(Engine {
            registry,
            out,
            variant,
            history: Vec::new(),
            position,
            options: Options {
                level: DEFAULT_ENGINE_LEVEL,
                limit_strength: false,
                elo: ai::rating_of_level(DEFAULT_ENGINE_LEVEL),
                hash_mb: DEFAULT_HASH_MB,
                multipv: 1,
            },
            table: Some(Table::new(DEFAULT_HASH_MB)),
            dice: ChaCha8Rng::seed_from_u64(DICE_SEED),
            searches: 0,
            running: None,
        })
    }

    fn say(&self, line: &str) -> io::Result<()> {
        say(&self.out, line)
    }

    fn handle(&mut self, command: Command) -> io::Result<Flow> {
        match command {
            Command::Uci => self.identify()?,
            Command::Debug(_) | Command::Register => {}
            Command::IsReady => self.say("readyok")?,
            Command::SetOption { name, value } => {
                self.stop_search();
                if let Err(e) = self.set_option(&name, value.as_deref()) {
                    self.say(&format!("info string {e}"))?;
                }
            }
            Command::NewGame => {
                self.stop_search();
                self.table = Some(Table::new(self.options.hash_mb));
                self.dice = ChaCha8Rng::seed_from_u64(DICE_SEED);
                self.reset_position();
            }
            Command::Position { fen, moves } => {
                self.stop_search();
                if let Err(e) = self.set_position(fen.as_deref(), &moves) {
                    self.say(&format!("info string {e}"))?;
                }
            }
            Command::Go(go) => {
                self.stop_search();
                self.go(go)?;
            }
            Command::Stop => self.stop_search(),
            Command::PonderHit => self.ponder_hit()?,
            Command::Quit => return Ok(Flow::Quit),
        }
        Ok(Flow::Continue)
    }

    /// The answer to `uci`.
    fn identify(&self) -> io::Result<()> {
        let mut vars = String::from(" var chess");
        for v in self.registry.all() {
            vars.push_str(" var ");
            vars.push_str(&v.id);
        }
        let (lo, hi) = elo_range();
        let lines = [
            format!("id name Motley {}", env!("CARGO_PKG_VERSION")),
            "id author the Motley authors".to_string(),
            format!("option name UCI_Variant type combo default chess{vars}"),
            format!("option name Level type spin default {DEFAULT_ENGINE_LEVEL} min 1 max 5"),
            "option name UCI_LimitStrength type check default false".to_string(),
            format!(
                "option name UCI_Elo type spin default {} min {lo} max {hi}",
                ai::rating_of_level(DEFAULT_ENGINE_LEVEL)
            ),
            format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"),
            "option name Clear Hash type button".to_string(),
            format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"),
            "uciok".to_string(),
        ];
        for line in lines {
            self.say(&line)?;
        }
        Ok(())
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), SetOptionError> {
        let text = value.unwrap_or("").trim();
        let number = |lo: u64, hi: u64| -> Result<u64, SetOptionError> {
            text.parse::<u64>()
                .map(|n| n.clamp(lo, hi))
                .map_err(|_| SetOptionError::NotANumber {
                    name: name.to_string(),
                    lo,
                    hi,
                    value: text.to_string(),
                })
        };
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => {
                let id = if text.eq_ignore_ascii_case("chess") {
                    "standard"
                } else {
                    text
                };
                let variant =
                    self.registry
                        .get(id)
                        .map_err(|_| SetOptionError::UnknownVariant {
                            value: text.to_string(),
                            known: self.registry.known_ids(),
                        })?;
                self.variant = variant;
                self.table = Some(Table::new(self.options.hash_mb));
                self.reset_position();
            }
            "level" => self.options.level = number(1, 5)? as u8,
            "uci_limitstrength" => {
                self.options.limit_strength = match text.to_ascii_lowercase().as_str() {
                    "true" => true,
                    "false" => false,
                    _ => {
                        return Err(SetOptionError::NotABoolean {
                            name: name.to_string(),
                            value: text.to_string(),
                        })
                    }
                }
            }
            "uci_elo" => {
                let (lo, hi) = elo_range();
                self.options.elo = number(u64::from(lo), u64::from(hi))? as u32;
            }
            "hash" => {
                self.options.hash_mb = number(1, MAX_HASH_MB as u64)? as usize;
                self.table = Some(Table::new(self.options.hash_mb));
            }
            "clear hash" => self.table = Some(Table::new(self.options.hash_mb)),
            "multipv" => self.options.multipv = number(1, MAX_MULTIPV as u64)? as usize,
            "ponder" => {}
            _ => return Err(SetOptionError::Unknown(name.to_string())),
        }
        Ok(())
    }

    fn reset_position(&mut self) {
        if let Ok(p) = self.variant.position(None) {
            self.position = p;
            self.history.clear();
        }
    }

    /// Set up `fen` (or the start) and play `moves`. A bad FEN keeps the
    /// previous position; a bad move keeps the position before it.
    fn set_position(
        &mut self,
        fen: Option<&str>,
        moves: &[String],
    ) -> Result<(), PositionCommandError> {
        let start = self
            .variant
            .position(fen)
            .map_err(PositionCommandError::Start)?;
        self.position = start;
        self.history.clear();
        for (i, text) in moves.iter().enumerate() {
            let action =
                parse_action(&self.position, text).map_err(|error| PositionCommandError::Move {
                    number: i + 1,
                    text: text.clone(),
                    error,
                })?;
            if let Some(k) = self.position.repetition_key() {
                self.history.push(k);
            }
            self.position.play_unchecked(action);
        }
        Ok(())
    }

    fn go(&mut self, go: Go) -> io::Result<()> {
        let mut legal = Vec::new();
        self.position.legal_actions(&mut legal);
        if legal.is_empty() {
            self.say("info string no legal action here: the game is over")?;
            return self.say(&bestmove_text(None));
        }
        if self.position.is_chance() {
            let roll = Action::Roll(
                (self.dice.next_u32() % 6 + 1) as u8,
                (self.dice.next_u32() % 6 + 1) as u8,
            );
            self.say(&format!(
                "info string the dice must be rolled here: the engine rolls {roll} from its seeded generator"
            ))?;
            return self.say(&bestmove_text(Some(&roll)));
        }
        for why in &go.unread {
            self.say(&format!("info string go: {why} (ignored)"))?;
        }
        if !go.searchmoves.is_empty() {
            self.say("info string searchmoves is not supported: every move is searched")?;
        }
        let (limits, waits_for_stop) = self.limits(&go);
        let ponder = go.ponder.then(|| Go {
            ponder: false,
            ..go.clone()
        });
        self.spawn_search(limits, waits_for_stop, ponder)
    }

    /// The search limits for `go`, and whether only `stop` may end it.
    fn limits(&mut self, go: &Go) -> (Limits, bool) {
        let side = self.position.turn().index();
        let (clock, inc) = (go.time[side], go.inc[side]);
        let limited = go.depth.is_some() || go.nodes.is_some() || go.mate.is_some();
        let budget = match (go.movetime, clock) {
            (Some(ms), _) => Some(Duration::from_millis(ms).saturating_sub(MOVE_OVERHEAD)),
            (None, Some(time)) => Some(clock_budget(time, inc.unwrap_or(0), go.movestogo)),
            // A `go` whose limit could not be read still gets its move.
            (None, None) if !go.unread.is_empty() && !limited => Some(UNREAD_GO_TIME),
            (None, None) => None,
        }
        .map(|d| d.clamp(Duration::from_millis(1), MAX_MOVE_TIME));
        self.searches += 1;
        let settings = ThinkSettings {
            movetime: budget.unwrap_or(Duration::from_secs(1)),
            seed: self.searches,
        };
        let level = self.options.effective_level();
        let mut limits = ai::level_limits(level, self.position.fullmoves(), &settings);
        let waits_for_stop = go.infinite || go.ponder;
        if budget.is_none() || waits_for_stop {
            limits.movetime = None;
        }
        let depth = go.depth.or(go.mate.map(|m| 2 * m - 1));
        if let Some(d) = depth {
            limits.max_depth = limits.max_depth.min(d);
        }
        // `go nodes` within the level's own budget.
        if let Some(n) = go.nodes {
            limits.nodes = Some(limits.nodes.map_or(n, |own| own.min(n)));
        }
        limits.multipv = self.options.multipv;
        limits.tt_mb = self.options.hash_mb;
        (limits, waits_for_stop)
    }

    fn spawn_search(
        &mut self,
        limits: Limits,
        waits_for_stop: bool,
        ponder: Option<Go>,
    ) -> io::Result<()> {
        let stop = Arc::new(AtomicBool::new(false));
        let silent = Arc::new(AtomicBool::new(false));
        let mut table = self
            .table
            .take()
            .unwrap_or_else(|| Table::new(self.options.hash_mb));
        let (position, history, out) = (
            self.position.clone(),
            self.history.clone(),
            self.out.clone(),
        );
        let (thread_stop, thread_silent) = (stop.clone(), silent.clone());
        let (release, released) = mpsc::channel::<()>();
        let handle = std::thread::Builder::new()
            .name("motley-uci-search".to_string())
            .spawn(move || {
                let report = search::search_any_with(
                    &position,
                    &history,
                    &limits,
                    &thread_stop,
                    Some(&mut table),
                    &mut |it| {
                        for (i, line) in it.lines.iter().enumerate() {
                            let info = InfoLine {
                                depth: it.depth,
                                seldepth: it.seldepth,
                                multipv: i + 1,
                                line,
                                nodes: it.nodes,
                                elapsed: it.elapsed,
                            };
                            let _ = say(&out, &info.to_string());
                        }
                    },
                );
                // UCI: after `go infinite` (or ponder) the move waits for
                // `stop` (asleep: `stop_search` wakes it).
                if waits_for_stop {
                    let _ = released.recv();
                }
                if !thread_silent.load(Ordering::Relaxed) {
                    if let Some(info) = last_info(&report) {
                        let _ = say(&out, &info);
                    }
                    let _ = say(&out, &bestmove_text(report.best.as_ref()));
                }
                table
            })?;
        self.running = Some(Running {
            stop,
            release,
            silent,
            handle,
            ponder,
            waits_for_stop,
        });
        Ok(())
    }

    /// End the running search (it prints its move) and take the table back.
    fn stop_search(&mut self) {
        if let Some(r) = &self.running {
            r.stop.store(true, Ordering::Relaxed);
            let _ = r.release.send(());
        }
        self.join_search();
    }

    /// At the end of input: let a limited search finish, stop an infinite one.
    fn finish_search(&mut self) {
        if self.running.as_ref().is_some_and(|r| r.waits_for_stop) {
            self.stop_search();
        } else {
            self.join_search();
        }
    }

    fn join_search(&mut self) {
        if let Some(r) = self.running.take() {
            // A search thread that panicked loses its table; make another.
            self.table = Some(
                r.handle
                    .join()
                    .unwrap_or_else(|_| Table::new(self.options.hash_mb)),
            );
        }
    }

    /// `ponderhit`: the pondered move was played, so think for real with the
    /// `go` that started the ponder search (the table keeps what it found).
    fn ponder_hit(&mut self) -> io::Result<()> {
        let Some(go) = self.running.as_mut().and_then(|r| r.ponder.take()) else {
            return self.say("info string ponderhit without a ponder search: ignored");
        };
        if let Some(r) = &self.running {
            r.silent.store(true, Ordering::Relaxed);
        }
        self.stop_search();
        self.go(go)
    }
}

/// The `info` line written just before `bestmove`: the best line again,
/// complete, with the search's final counts, so the last line a GUI shows
/// is the move played (`None` when no line was found).
fn last_info(report: &search::Report) -> Option<String> {
    let line = report.line.as_ref()?;
    let info = InfoLine {
        depth: report.depth.max(1),
        seldepth: report.seldepth,
        multipv: 1,
        line,
        nodes: report.nodes,
        elapsed: report.elapsed,
    };
    Some(info.to_string())
}

/// Time for one move from a clock: the remaining time spread over the
/// moves to go (30 when not given) plus most of the increment, never more
/// than half the clock (all but the overhead when one move is left), and
/// never more than [`MAX_MOVE_TIME`]. Any numbers are safe: the sums are
/// taken wide.
pub fn clock_budget(time_ms: u64, inc_ms: u64, movestogo: Option<u32>) -> Duration {
    let usable = u128::from(time_ms.saturating_sub(MOVE_OVERHEAD.as_millis() as u64));
    let moves = match movestogo {
        Some(n) if n > 0 => u128::from(n),
        _ => u128::from(DEFAULT_MOVES_TO_GO),
    };
    let ms = if moves == 1 {
        usable * 9 / 10
    } else {
        (usable / moves + u128::from(inc_ms) * 3 / 4).min(usable / 2)
    };
    Duration::from_millis(u64::try_from(ms).unwrap_or(u64::MAX)).min(MAX_MOVE_TIME)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer the test can read while the engine writes.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, b: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    fn session(input: &str) -> Vec<String> {
        let out = Shared::default();
        let registry = Registry::builtin();
        run(input.as_bytes(), out.clone(), &registry).unwrap();
        let bytes = out.0.lock().unwrap().clone();
        String::from_utf8(bytes)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn a_limited_search_finishes_at_the_end_of_input() {
        let lines = session("position startpos moves e2e4\ngo depth 3\n");
        assert!(
            lines.iter().any(|l| l.starts_with("info depth 3 ")),
            "{lines:?}"
        );
        assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
    }

    /// The words after `pv` in an `info` line.
    fn pv_of(line: &str) -> Vec<&str> {
        line.split(" pv ")
            .nth(1)
            .unwrap_or("")
            .split_whitespace()
            .collect()
    }

    /// Issue 22, item 21: the last `info` line before `bestmove` repeats
    /// the best complete line: it starts with the move played and runs at
    /// least as deep as the search went, even with a table too small to
    /// remember the line.
    #[test]
    fn item_21_the_last_info_line_is_the_best_complete_line() {
        let lines = session(
            "setoption name Hash value 1\nposition fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\ngo depth 7\n",
        );
        let (last, before) = lines.split_last().unwrap();
        let best = last.strip_prefix("bestmove ").unwrap();
        let info = before.last().unwrap();
        assert!(info.starts_with("info depth 7 "), "{lines:?}");
        let pv = pv_of(info);
        assert_eq!(pv.first(), Some(&best), "{lines:?}");
        assert!(pv.len() >= 7, "{info}");
        // No line of the search was cut short.
        for line in before.iter().filter(|l| l.starts_with("info depth ")) {
            let depth: usize = line.split_whitespace().nth(2).unwrap().parse().unwrap();
            assert!(pv_of(line).len() >= depth, "{line}");
        }
    }

    #[test]
    fn multipv_reports_that_many_lines_per_depth() {
        let lines = session("setoption name MultiPV value 3\nposition startpos\ngo depth 2\n");
        for k in 1..=3 {
            assert!(
                lines.iter().any(
                    |l| l.starts_with("info depth 2 ") && l.contains(&format!(" multipv {k} "))
                ),
                "{lines:?}"
            );
        }
    }

    #[test]
    fn bad_input_gets_an_info_string_and_the_engine_goes_on() {
        let lines = session(
            "xyzzy\nsetoption name Level value nine\nposition startpos moves e2e5\nsetoption name UCI_Variant value shogi\nisready\n",
        );
        let strings = lines
            .iter()
            .filter(|l| l.starts_with("info string"))
            .count();
        assert_eq!(strings, 4, "{lines:?}");
        assert_eq!(lines.last().map(String::as_str), Some("readyok"));
    }

    #[test]
    fn a_search_with_a_node_limit_stops_near_it() {
        let lines = session("position startpos\ngo nodes 20000\n");
        let last_info = lines
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth"))
            .unwrap();
        let nodes: u64 = last_info
            .split_whitespace()
            .skip_while(|w| *w != "nodes")
            .nth(1)
            .unwrap()
            .parse()
            .unwrap();
        assert!(nodes <= 20000 + 1024, "{last_info}");
        assert!(lines.last().unwrap().starts_with("bestmove "));
    }

    /// Issue 22, item 31: whatever numbers `go` holds (past `i64`, sums
    /// past `u64`, words that are no numbers), a `bestmove` answers it.
    #[test]
    fn item_31_every_go_is_answered_with_a_bestmove_whatever_its_numbers() {
        for go in [
            "go movetime 9223372036854775808",
            "go wtime 9223372036854775807 btime 9223372036854775807 movestogo 1",
            "go winc 9223372036854775807 wtime 100",
            "go depth 99999999999999999999 nodes 99999999999999999999",
            "go movetime soon",
            "go quickly",
        ] {
            let lines = session(&format!("position startpos\n{go}\nstop\n"));
            let answers = lines.iter().filter(|l| l.starts_with("bestmove ")).count();
            assert_eq!(answers, 1, "{go}: {lines:?}");
        }
        let lines = session("position startpos\ngo movetime soon\n");
        assert!(
            lines.contains(
                &"info string go: 'movetime' needs a number, not 'soon' (ignored)".to_string()
            ),
            "{lines:?}"
        );
        assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
    }

    /// Issue 22, item 32: a command past [`MAX_COMMAND_BYTES`] is refused
    /// with an `info string`, and the next one is read.
    #[test]
    fn item_32_a_command_past_the_bound_gets_an_info_string() {
        let long = format!(
            "position startpos moves {}",
            "e2e4 ".repeat(MAX_COMMAND_BYTES / 4)
        );
        let lines = session(&format!("{long}\nisready\n"));
        assert_eq!(
            lines,
            [
                format!(
                    "info string a command of {} bytes is ignored: at most {MAX_COMMAND_BYTES} are read",
                    long.len()
                ),
                "readyok".to_string()
            ]
        );
    }

    #[test]
    fn clock_budgets_spread_the_time_and_keep_a_reserve() {
        assert_eq!(clock_budget(60_000, 0, None), Duration::from_millis(1999));
        assert_eq!(
            clock_budget(10_000, 0, Some(1)),
            Duration::from_millis(8991)
        );
        // Never more than half the clock, whatever the increment.
        assert!(clock_budget(1_000, 5_000, None) <= Duration::from_millis(500));
        assert_eq!(clock_budget(0, 0, None), Duration::ZERO);
        // Issue 22, item 31: the largest clocks and increments add up
        // without overflowing, to at most a day.
        assert_eq!(clock_budget(u64::MAX, u64::MAX, Some(1)), MAX_MOVE_TIME);
        assert_eq!(clock_budget(100, u64::MAX, None), Duration::from_millis(45));
    }

    /// The search limits and stop-waiting of the `go` line `go` after the
    /// `position` line `position`.
    fn limits_after(position: &str, go: &str) -> (Limits, bool) {
        let registry = Registry::builtin();
        let mut engine = Engine::new(&registry, Arc::new(Mutex::new(Vec::<u8>::new()))).unwrap();
        let Ok(Some(command)) = protocol::parse(position) else {
            panic!("not a command: {position}");
        };
        engine.handle(command).unwrap();
        let Ok(Some(Command::Go(go))) = protocol::parse(go) else {
            panic!("not a go: {go}");
        };
        engine.limits(&go)
    }

    // A `go` is answered in its time because its time is the search's hard
    // limit (which the search keeps by its own clock): checked here on the
    // limit itself, not on a wall clock a loaded machine stretches.
    #[test]
    fn go_times_become_the_searchs_time_limit() {
        let (limits, waits) = limits_after("position startpos", "go movetime 200");
        assert!(!waits);
        let most = Duration::from_millis(200) - MOVE_OVERHEAD;
        assert!(limits.movetime.is_some_and(|t| t <= most), "{limits:?}");
        // Black's share of 2 s over 20 moves plus most of 100 ms increment:
        // well within a second.
        let (limits, waits) = limits_after(
            "position startpos moves e2e4",
            "go wtime 3000 btime 2000 winc 0 binc 100 movestogo 20",
        );
        assert!(!waits);
        let share = clock_budget(2000, 100, Some(20));
        assert!(share < Duration::from_millis(1000), "{share:?}");
        assert!(limits.movetime.is_some_and(|t| t <= share), "{limits:?}");
        // Only `stop` ends an infinite search.
        let (limits, waits) = limits_after("position startpos", "go infinite");
        assert!(waits);
        assert_eq!(limits.movetime, None);
    }
}
