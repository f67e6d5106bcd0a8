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
    /// A variant Motley knows but does not play in games yet (a board
    /// other than 8×8).
    #[error("{0}")]
    NotPlayed(VariantError),
    #[error("unknown option '{}'", clip(.0))]
    Unknown(String),
    /// `UCI_Chess960` on with a variant that is not played so: the
    /// variant is played from its own start.
    #[error("{0}; it is played from its own start")]
    NotChess960(VariantError),
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
    /// `UCI_Chess960`: the variant is played as Chess960.
    chess960: bool,
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
    /// The variant played: `chosen`, or its Chess960 form.
    variant: Arc<VariantDef>,
    /// The variant `UCI_Variant` named.
    chosen: Arc<VariantDef>,
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
            chosen: variant.clone(),
            variant,
            history: Vec::new(),
            position,
            options: Options {
                level: DEFAULT_ENGINE_LEVEL,
                limit_strength: false,
                elo: ai::rating_of_level(DEFAULT_ENGINE_LEVEL),
                hash_mb: DEFAULT_HASH_MB,
                multipv: 1,
                chess960: false,
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
            "option name UCI_Chess960 type check default false".to_string(),
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
        let boolean = || match text.to_ascii_lowercase().as_str() {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(SetOptionError::NotABoolean {
                name: name.to_string(),
                value: text.to_string(),
            }),
        };
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => {
                let id = if text.eq_ignore_ascii_case("chess") {
                    "standard"
                } else {
                    text
                };
                let variant = self.registry.get(id).map_err(|e| match e {
                    VariantError::Refused { .. } => SetOptionError::NotPlayed(e),
                    _ => SetOptionError::UnknownVariant {
                        value: text.to_string(),
                        known: self.registry.known_ids(),
                    },
                })?;
                self.chosen = variant;
                self.play_chosen()?;
            }
            "uci_chess960" => {
                self.options.chess960 = boolean()?;
                self.play_chosen()?;
            }
            "level" => self.options.level = number(1, 5)? as u8,
            "uci_limitstrength" => self.options.limit_strength = boolean()?,
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

    /// Play the variant `UCI_Variant` chose, as Chess960 when
    /// `UCI_Chess960` asks (refused, for its own start, where it cannot
    /// be), from its start with a fresh table.
    fn play_chosen(&mut self) -> Result<(), SetOptionError> {
        let played = match self.options.chess960 {
            true => self.registry.chess960_of(&self.chosen),
            false => Ok(self.chosen.clone()),
        };
        self.variant = played.as_ref().unwrap_or(&self.chosen).clone();
        self.table = Some(Table::new(self.options.hash_mb));
        self.reset_position();
        played.map(|_| ()).map_err(SetOptionError::NotChess960)
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

    /// The search limits for `go` ([`go_limits`] at the engine's level,
    /// its next search's seed, its `MultiPV` and hash size), and whether
    /// only `stop` may end it.
    fn limits(&mut self, go: &Go) -> (Limits, bool) {
        self.searches += 1;
        let level = self.options.effective_level();
        let (mut limits, waits_for_stop) = go_limits(go, &self.position, level, self.searches);
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

/// The search limits the engine gives `go` in `position` at `level`
/// (`seed` seeds the randomness of the levels that have some), and
/// whether only `stop` may end the search (`infinite`, `ponder`); the
/// engine adds its `MultiPV` and hash size. Public, apart from the
/// engine's state, because a `go` is answered in its time by this alone:
/// its time becomes the search's hard limit, which the search keeps by
/// its own clock, so that is checked on the limits themselves rather than
/// on a wall clock a loaded machine stretches.
pub fn go_limits(go: &Go, position: &AnyPosition, level: u8, seed: u64) -> (Limits, bool) {
    let side = position.turn().index();
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
    let settings = ThinkSettings {
        movetime: budget.unwrap_or(Duration::from_secs(1)),
        seed,
    };
    let mut limits = ai::level_limits(level, position.fullmoves(), &settings);
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
    (limits, waits_for_stop)
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
