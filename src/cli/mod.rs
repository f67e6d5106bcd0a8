//! The command line (docs/command-line.md): argument definitions and the headless
//! subcommands. Machine-readable outputs are exactly as docs/command-line.md fixes them.

mod browse;
mod import;
mod matches;
pub mod output;
mod variants;

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand};
use motley::tui::{run_game, run_menu, run_replay, Ended, Launch, Settings, UiError};
use motley_ai::search;
use motley_game::variant::{Registry, VariantDef};
use motley_game::Game;
use motley_records as record;
use motley_rules::core::Action;
use motley_rules::{AnyPosition, Describe, Position};
use motley_session::Session;
use output::{outln, warnln, Out, WriteFailure};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Motley: a terminal player for rare chess variants.
#[derive(Parser, Debug)]
#[command(name = "motley", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Colour theme: default, high-contrast, colour-blind or mono.
    #[arg(long, value_name = "NAME")]
    pub theme: Option<ThemeName>,
    /// Also read variants from data from this file (Fairy-Stockfish's
    /// variants.ini, or a Motley JSON variant file of the fairy family):
    /// each section is a variant id every command takes.
    #[arg(long, global = true, value_name = "FILE")]
    pub variants: Option<PathBuf>,
}

/// The variants: built in, the user's folder, and `--variants FILE`.
pub fn registry(variants: Option<&Path>) -> Result<Registry> {
    let mut registry = Registry::load();
    if let Some(file) = variants {
        let file = user_path(file)?;
        let shown = motley_rules::core::quote::path(&file);
        registry
            .add_file(&file)
            .with_context(|| format!("cannot read {shown}"))?;
    }
    Ok(registry)
}

/// `--theme NAME`: default, high-contrast, colour-blind or mono.
type ThemeName = motley::tui::ThemeName;

/// Subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// List variant ids, names and aliases.
    List,
    /// Print a variant's rules text.
    Rules {
        /// Variant id or alias, in any case (see `motley list`).
        variant: String,
    },
    /// Count leaf nodes of the move tree to a depth.
    Perft {
        /// Variant id or alias, in any case.
        variant: String,
        /// Depth in plies (single actions).
        depth: u32,
        /// Start from this FEN instead of the variant's start.
        #[arg(long)]
        fen: Option<String>,
        /// One line `MOVE: COUNT` per root move, sorted.
        #[arg(long)]
        divide: bool,
    },
    /// Variants from data (Fairy-Stockfish's variants.ini format): check
    /// a file, list the built-in ones, count perft.
    #[command(subcommand)]
    Variant(variants::VariantCommand),
    /// List the legal actions in coordinate form, sorted.
    Moves {
        /// Variant id or alias, in any case.
        variant: String,
        /// Position as FEN.
        #[arg(long, conflicts_with = "game")]
        fen: Option<String>,
        /// The position at the end of this saved game (JSON or PGN).
        #[arg(long)]
        game: Option<PathBuf>,
    },
    /// Validate a saved game (JSON or PGN): plies, result and final FEN of
    /// each game; exit status 1 and a message naming game, ply and move if
    /// anything is wrong.
    Check {
        /// Saved game file.
        file: PathBuf,
    },
    /// Write a saved game as PGN on stdout.
    Export {
        /// Saved game file (JSON record; PGN is rewritten).
        file: PathBuf,
    },
    /// Turn a PGN file into one JSON record per game; prints each path.
    Import {
        /// PGN file.
        file: PathBuf,
        /// Folder for the JSON records (default: the current folder).
        #[arg(long, default_value = ".")]
        out: PathBuf,
    },
    /// Fixed perft and search benchmark, in nodes per second.
    Bench {
        /// Instead: time importing this many generated PGN games (the
        /// import's games per second).
        #[arg(long, value_name = "GAMES", conflicts_with = "browse")]
        import: Option<u32>,
        /// Instead: time the game browser listing this many saved games.
        #[arg(long, value_name = "GAMES")]
        browse: Option<u32>,
    },
    /// Play headless games between two players and print the score.
    Match(MatchArgs),
    /// Analyse a saved game (JSON or PGN): per ply the evaluation before
    /// and after, the best move and a mark; a summary per side.
    Analyse {
        /// Saved game file.
        file: PathBuf,
        /// Thinking time per position, in milliseconds.
        #[arg(long, default_value_t = 1000)]
        movetime: u64,
        /// Write the analysis as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Run as a UCI engine on standard input and output (UCI_Variant takes
    /// every variant id).
    Uci,
    /// Play a game in the terminal UI.
    Play(PlayArgs),
    /// Step through a saved game in the terminal UI.
    Replay {
        /// A saved game (JSON record).
        file: std::path::PathBuf,
        /// Letters instead of chess symbols.
        #[arg(long)]
        ascii: bool,
        /// Colour theme: default, high-contrast, colour-blind or mono.
        #[arg(long, value_name = "NAME")]
        theme: Option<ThemeName>,
    },
}

/// Options of `motley match`.
#[derive(clap::Args, Debug)]
pub struct MatchArgs {
    /// Variant id or alias, in any case.
    pub variant: String,
    /// The first player (White in odd games, Black in even games):
    /// ai[:LEVEL], ai:RATING, random, greedy or uci:COMMAND.
    #[arg(long)]
    pub white: String,
    /// The second player.
    #[arg(long)]
    pub black: String,
    /// Number of games; colours alternate.
    #[arg(long, default_value_t = 1)]
    pub games: u32,
    /// Seed of the first game (game k uses seed + k - 1) for dice and
    /// players' randomness.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Time per move for computer players, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    pub movetime: u64,
    /// Save every game as a JSON record in this folder.
    #[arg(long)]
    pub save_dir: Option<PathBuf>,
    /// Start each pair of games (colours swapped) from this many
    /// seeded random plies that a short search finds level, so
    /// deterministic players do not replay one game.
    #[arg(long, default_value_t = 0, value_name = "PLIES")]
    pub opening_plies: u32,
}

/// Options of `motley play`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// Variant id or alias, in any case (see `motley list`); default standard.
    pub variant: Option<String>,
    /// White's player: human, ai[:LEVEL], ai:RATING, random, greedy or
    /// uci:COMMAND.
    #[arg(long, default_value = "human")]
    pub white: motley_ai::PlayerSpec,
    /// Black's player (as White's).
    #[arg(long, default_value = "human")]
    pub black: motley_ai::PlayerSpec,
    /// White's name, kept in the record and PGN (default: a computer by
    /// its kind, the only person by their login name, else "White").
    #[arg(long, value_name = "NAME")]
    pub white_name: Option<String>,
    /// Black's name (as White's).
    #[arg(long, value_name = "NAME")]
    pub black_name: Option<String>,
    /// Start from this FEN instead of the variant's start.
    #[arg(long)]
    pub fen: Option<String>,
    /// Play as Chess960 from start position N (0-959; 518 is chess's), or
    /// from one drawn from the seed without N: standard chess, and every
    /// variant from data that castles and has chess's back rank.
    #[arg(long = "960", value_name = "N", num_args = 0..=1, conflicts_with = "fen",
          value_parser = clap::value_parser!(u16).range(0..960))]
    pub chess960: Option<Option<u16>>,
    /// Seed for the dice (Dice-Money) and for computer randomness.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Letters instead of chess symbols.
    #[arg(long)]
    pub ascii: bool,
    /// Computer thinking time per action, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    pub movetime: u64,
    /// Keep White at the bottom in hot-seat games.
    #[arg(long)]
    pub no_auto_flip: bool,
    /// Colour theme: default, high-contrast, colour-blind or mono.
    #[arg(long, value_name = "NAME")]
    pub theme: Option<ThemeName>,
    /// Play with a chess clock: MINUTES+INCREMENT in seconds (5+3; 0.5+0
    /// for half a minute), or SECONDSs+INCREMENT (10s+0).
    #[arg(long, value_name = "M+S")]
    pub clock: Option<motley_game::clock::TimeControl>,
}

/// Run a headless subcommand.
pub fn run(
    command: Command,
    theme: Option<ThemeName>,
    variants: Option<&Path>,
) -> Result<ExitCode> {
    let registry = registry(variants)?;
    // `list` checks every variant it names; other commands build only
    // the rules of the variants they play.
    let listing = matches!(command, Command::List);
    let warnings = match listing {
        true => registry.problems(),
        false => registry.warnings.clone(),
    };
    for w in &warnings {
        warnln!("warning: {w}");
    }
    let mut out = Out::new();
    let code = match command {
        Command::List => {
            list(&registry, &mut out)?;
            ExitCode::SUCCESS
        }
        Command::Rules { variant } => {
            rules(&variant, &registry, &mut out)?;
            ExitCode::SUCCESS
        }
        Command::Perft {
            variant,
            depth,
            fen,
            divide,
        } => {
            let pos = registry.lookup(&variant)?.position(fen.as_deref())?;
            perft_command(&pos, depth, divide, &mut out)?;
            ExitCode::SUCCESS
        }
        Command::Moves { variant, fen, game } => {
            let game = game.as_deref().map(user_path).transpose()?;
            let v = registry.lookup(&variant)?;
            moves_command(&v, fen, game, &registry, &mut out)?;
            ExitCode::SUCCESS
        }
        Command::Variant(command) => variants::run(command, variants, &mut out)?,
        Command::Bench { import, browse } => {
            bench_command(import, browse, &registry, &mut out)?;
            ExitCode::SUCCESS
        }
        Command::Check { file } => check(&user_path(&file)?, &registry, &mut out)?,
        Command::Export { file } => {
            export(&user_path(&file)?, &registry, &mut out)?;
            ExitCode::SUCCESS
        }
        Command::Import { file, out: dir } => {
            return import::import(&user_path(&file)?, &user_path(&dir)?, &registry)
        }
        Command::Match(args) => matches::match_command(args, &registry, &mut out)?,
        Command::Analyse {
            file,
            movetime,
            json,
        } => {
            analyse(
                &user_path(&file)?,
                Duration::from_millis(movetime.max(1)),
                json,
                &registry,
                &mut out,
            )?;
            ExitCode::SUCCESS
        }
        Command::Uci => {
            motley_session::uci::engine::run(std::io::stdin().lock(), std::io::stdout(), &registry)
                .map_err(WriteFailure::Stdout)?;
            ExitCode::SUCCESS
        }
        Command::Play(mut args) => {
            args.theme = args.theme.or(theme);
            play(registry, args)?
        }
        Command::Replay {
            file,
            ascii,
            theme: t,
        } => replay(registry, user_path(&file)?, ascii, t.or(theme))?,
    };
    out.finish()?;
    Ok(code)
}

/// `list`: every variant's id and name, and its aliases.
fn list(registry: &Registry, out: &mut Out) -> Result<()> {
    for v in registry.all().iter().filter(|v| v.playable().is_ok()) {
        let aliases = if v.aliases.is_empty() {
            String::new()
        } else {
            format!(" — also: {}", v.aliases.join(", "))
        };
        outln!(out, "{:<28} {}{aliases}", v.id, v.name);
    }
    Ok(())
}

/// `rules`: a variant's rules text; a built-in variant from data that
/// no variant of the registry answers to is told in its own words.
fn rules(variant: &str, registry: &Registry, out: &mut Out) -> Result<()> {
    let fairy = registry.lookup(variant).is_err();
    if let Some(Ok(rules)) = motley_game::variant::builtin::builtin_fairy(variant).filter(|_| fairy)
    {
        let about = motley_game::variant::builtin::builtin_description(variant);
        outln!(
            out,
            "{}",
            motley_game::variant::words::rules_text(variant, about.as_deref(), &rules)
        );
        return Ok(());
    }
    let v = registry.lookup(variant)?;
    outln!(out, "{}\n", v.heading());
    outln!(out, "{}", v.rules_text());
    Ok(())
}

/// `bench`: the perft and search benchmark, or with `--import N` /
/// `--browse N` the timing of importing or listing N games.
fn bench_command(
    import: Option<u32>,
    browse: Option<u32>,
    registry: &Registry,
    out: &mut Out,
) -> Result<()> {
    match (import, browse) {
        (Some(n), _) => import::bench_import(n, registry, out),
        (None, Some(n)) => browse::bench_browse(n, registry, out),
        (None, None) => bench(registry, out),
    }
}

/// The deepest `perft` Motley runs (docs/command-line.md). Perft
/// recurses once per ply, so a depth of 100,000 would overflow the stack;
/// 20 is far beyond any count that finishes (perft 7 of the standard start
/// is already 3,195,901,860 leaves).
pub const MAX_PERFT_DEPTH: u32 = 20;

/// `perft`: the node count, after one line per root move with `--divide`.
/// A depth over [`MAX_PERFT_DEPTH`] is refused (bad input, status 2).
fn perft_command(pos: &AnyPosition, depth: u32, divide: bool, out: &mut Out) -> Result<()> {
    if depth > MAX_PERFT_DEPTH {
        bail!("perft depth {depth} is too deep: at most {MAX_PERFT_DEPTH} plies");
    }
    let nodes = if divide {
        let rows = pos.perft_divide(depth);
        for (m, n) in &rows {
            outln!(out, "{m}: {n}");
        }
        rows.iter().map(|(_, n)| n).sum()
    } else {
        pos.perft(depth)
    };
    outln!(out, "Nodes: {nodes}");
    Ok(())
}

/// `moves`: the legal actions of a FEN, the variant's start or the end of
/// a saved game, sorted.
fn moves_command(
    variant: &VariantDef,
    fen: Option<String>,
    game: Option<PathBuf>,
    registry: &Registry,
    out: &mut Out,
) -> Result<()> {
    let legal = match game {
        Some(file) => saved_game_end(&file, &variant.id, registry)?,
        None => {
            let pos = variant.position(fen.as_deref())?;
            let mut legal = Vec::new();
            pos.legal_actions(&mut legal);
            legal
        }
    };
    let mut texts: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
    texts.sort();
    texts.dedup();
    for t in texts {
        outln!(out, "{t}");
    }
    Ok(())
}

/// A path the user typed, with `~` made the home folder (a shell does it
/// for bare words, not for `--out=~/games` or a quoted path).
fn user_path(path: &Path) -> Result<PathBuf> {
    Ok(motley_disk::paths::expand_user(path)?)
}

/// `analyse`: every game of the file, as text or JSON (an array with one
/// analysis per game); a progress bar on stderr when that is a terminal.
fn analyse(
    file: &Path,
    movetime: Duration,
    json: bool,
    registry: &Registry,
    out: &mut Out,
) -> Result<()> {
    use motley_ai::analysis::{analyse_game, AnalysisSettings};
    use std::io::IsTerminal;
    let games: Vec<Game> = record::load_all(file, registry)?
        .into_iter()
        .map(|s| s.game)
        .collect();
    let settings = AnalysisSettings::new(movetime);
    let stop = AtomicBool::new(false);
    let mut results = Vec::new();
    for (i, game) in games.iter().enumerate() {
        let bar = if std::io::stderr().is_terminal() {
            let bar = indicatif::ProgressBar::new(game.ply() as u64 + 1);
            if let Ok(style) = indicatif::ProgressStyle::with_template(
                "{msg} [{bar:30}] {pos}/{len} positions {elapsed}",
            ) {
                bar.set_style(style);
            }
            bar.set_message(format!("game {} of {}", i + 1, games.len()));
            bar
        } else {
            indicatif::ProgressBar::hidden()
        };
        let analysis = analyse_game(game, &settings, &stop, &|done, _| {
            bar.set_position(done as u64)
        });
        bar.finish_and_clear();
        results.push(analysis);
    }
    if json {
        outln!(out, "{}", serde_json::to_string_pretty(&results)?);
    } else {
        for (i, (a, game)) in results.iter().zip(&games).enumerate() {
            if results.len() > 1 {
                outln!(out, "game {}", i + 1);
            }
            // Losses in the variant's unit (points in Monochrome).
            let scale = motley_ai::analysis::game_scale(game);
            out.text(format_args!("{}", a.to_text(&scale)))?;
        }
    }
    Ok(())
}

/// The legal actions at the end of the one game in a saved file, which must
/// be a game of `variant`.
fn saved_game_end(file: &Path, variant: &str, registry: &Registry) -> Result<Vec<Action>> {
    let mut games: Vec<Game> = record::load_all(file, registry)?
        .into_iter()
        .map(|s| s.game)
        .collect();
    if games.len() != 1 {
        bail!(
            "{}: holds {} games; `moves --game` needs a file with one game",
            motley_rules::core::quote::path(file),
            games.len()
        );
    }
    let game = games.remove(0);
    if game.variant().id != variant {
        bail!(
            "{}: is a game of '{}', not '{variant}'",
            motley_rules::core::quote::path(file),
            game.variant().id
        );
    }
    Ok(game.legal_actions())
}

/// `check`: per game `plies:`, `result:` (with the reason) and `final:`
/// lines; any bad game goes to stderr and makes the exit status 1.
fn check(file: &Path, registry: &Registry, out: &mut Out) -> Result<ExitCode> {
    let games = match record::open(file, registry) {
        Ok(games) => games,
        Err(e) => {
            warnln!("error: {e}");
            return Ok(ExitCode::from(1));
        }
    };
    let mut ok = true;
    for r in games {
        match r.into_result() {
            Ok(saved) => {
                say_notes(&saved);
                let game = &saved.game;
                outln!(out, "plies: {}", game.ply());
                match game.outcome() {
                    Some(o) => {
                        let scores = o
                            .scores
                            .map(|[s, n]| format!(" (score {s}-{n})"))
                            .unwrap_or_default();
                        outln!(
                            out,
                            "result: {} {}{scores}",
                            o.result_str(),
                            o.reason_with(game.position().side_names())
                        );
                    }
                    None => outln!(out, "result: *"),
                }
                outln!(out, "final: {}", game.position().to_fen());
            }
            Err(e) => {
                warnln!("error: {e}");
                ok = false;
            }
        }
    }
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// What the reader had to assume about a game (bytes read as Latin-1, a
/// variant definition changed since), on stderr.
pub(crate) fn say_notes(saved: &record::SavedGame) {
    for note in &saved.notes {
        warnln!("note: {note}");
    }
}

/// `export`: every game of the file as PGN on stdout.
fn export(file: &Path, registry: &Registry, out: &mut Out) -> Result<()> {
    let games = record::load_all(file, registry)?;
    for (i, saved) in games.iter().enumerate() {
        say_notes(saved);
        if i > 0 {
            outln!(out);
        }
        let pgn = record::export_saved_pgn(saved);
        outln!(out, "{}", pgn.trim_end_matches('\n'));
    }
    Ok(())
}

/// Positions and depths the benchmark runs, per variant id.
const PERFT_BENCH: &[(&str, Option<&str>, u32)] = &[
    ("standard", None, 6),
    (
        "standard",
        Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        5,
    ),
    ("antichess", None, 6),
    (
        "contrast",
        Some("r1bqk2r/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQK2R w KQkq - 0 1"),
        5,
    ),
    (
        "monochromatic",
        Some("r1bq1rk1/pppp1ppp/2n5/4p3/1bB1P3/2N5/PPPPQPPP/R1B1K1NR w KQ - 0 1"),
        6,
    ),
    (
        "monochromatic-knightless",
        Some("r1bq1rk1/pppp1ppp/8/4p3/1bB1P3/8/PPPPQPPP/R1B1K2R w KQ - 0 1"),
        6,
    ),
    (
        "monochromatic-jamal",
        Some("r1bqk2r/pppp1ppp/8/2n1p2n/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 1"),
        6,
    ),
    (
        "monochromatic-daffy",
        Some("r1bqk2r/pppp1ppp/2n5/4p1n1/2B1P3/2N1N3/PPPP1PPP/R1BQK2R w KQkq - 0 1"),
        6,
    ),
    (
        "monochromatic-double-knight",
        Some("r1bqk2r/pppp1ppp/8/4p3/2BnP1n1/8/PPPP1PPP/RNBQK2R w KQkq - 0 1"),
        6,
    ),
    ("monochrome", None, 6),
    ("dice-money", None, 6),
    ("chicken", None, 6),
];

fn bench(registry: &Registry, out: &mut Out) -> Result<()> {
    outln!(out, "perft (bulk-counted last ply), single thread");
    let mut total_nodes = 0u64;
    let mut total_secs = 0f64;
    for (id, fen, depth) in PERFT_BENCH {
        let Ok(v) = registry.get(id) else { continue };
        let pos = v
            .position(*fen)
            .with_context(|| format!("benchmark position for {id}"))?;
        let t = Instant::now();
        let nodes = pos.perft(*depth);
        let secs = t.elapsed().as_secs_f64().max(1e-9);
        total_nodes += nodes;
        total_secs += secs;
        outln!(
            out,
            "{:<28} depth {} {:>12} nodes {:>8.3} s {:>8.1} Mnodes/s{}",
            id,
            depth,
            nodes,
            secs,
            nodes as f64 / secs / 1e6,
            match fen {
                Some(_) if *id == "standard" => "  (kiwipete)",
                Some(_) => "  (mid-game)",
                None => "",
            }
        );
    }
    outln!(
        out,
        "total {total_nodes} nodes in {total_secs:.3} s: {:.1} Mnodes/s",
        total_nodes as f64 / total_secs.max(1e-9) / 1e6
    );
    variants::bench(out)?;
    bench_search(registry, out)
}

/// Ctrl-C (and SIGTERM, SIGHUP) during a long command: the stop flag is
/// set and the command stops at the next safe point, then ends with 128 +
/// the signal's number, as shells report a death by that signal (and as
/// the terminal UI does); a second one ends Motley at once, by the same
/// rule.
pub struct Interrupt {
    stop: Arc<AtomicBool>,
    signal: Arc<std::sync::atomic::AtomicUsize>,
}

impl Interrupt {
    /// The exit status of a command a signal stopped: 128 + its number.
    pub fn status(&self) -> ExitCode {
        let signal = self.signal.load(Ordering::Relaxed);
        ExitCode::from(128u8.saturating_add(u8::try_from(signal).unwrap_or(0)))
    }
}

impl std::ops::Deref for Interrupt {
    type Target = AtomicBool;
    fn deref(&self) -> &AtomicBool {
        &self.stop
    }
}

/// Watch for the signals that stop a long command (see [`Interrupt`]).
pub fn interrupt_flag() -> Result<Interrupt> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let stop = Arc::new(AtomicBool::new(false));
    let signal = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    for n in [SIGINT, SIGTERM, SIGHUP] {
        let seen = stop.clone();
        // A second signal ends Motley at once, its engines killed first
        // (they run in process groups of their own, out of the terminal's
        // reach).
        let second = move || {
            if seen.load(Ordering::SeqCst) {
                motley_session::uci::children::kill_all_in_signal_handler();
                // SAFETY: _exit is async-signal-safe and ends the process.
                unsafe { libc::_exit(128 + n) };
            }
        };
        let watch = || -> std::io::Result<()> {
            // In this order: a second signal ends Motley at once; the
            // signal is known before the stop flag is seen.
            // SAFETY: the action only reads an atomic, then uses
            // async-signal-safe calls (kill, _exit).
            unsafe { signal_hook::low_level::register(n, second) }?;
            signal_hook::flag::register_usize(n, signal.clone(), n as usize)?;
            signal_hook::flag::register(n, stop.clone())?;
            Ok(())
        };
        watch().context("cannot watch for Ctrl-C")?;
    }
    Ok(Interrupt { stop, signal })
}

/// Search benchmark: from each variant's start and from a mid-game position
/// (reached by seeded random play, dice included), one second of search.
fn bench_search(registry: &Registry, out: &mut Out) -> Result<()> {
    outln!(out, "search, 1 s per position, single thread");
    let stop = AtomicBool::new(false);
    let limits = search::Limits {
        max_depth: 64,
        movetime: Some(Duration::from_secs(1)),
        use_tt: true,
        tt_mb: 16,
        noise: 0,
        seed: 0,
        contempt: 0,
        soft_share: 1.0,
        nodes: None,
        multipv: 1,
    };
    for v in registry.all() {
        let mut positions: Vec<(&str, AnyPosition)> = Vec::new();
        let mut start = Game::new(v.clone(), None, 7)?;
        // Dice-Money starts at a chance node: search after the first roll.
        start.roll_dice();
        positions.push(("start", start.position().clone()));
        if let Some(mid) = midgame(v)? {
            positions.push(("mid-game", mid));
        }
        for (label, pos) in positions {
            let r = search::search_any(&pos, &[], &limits, &stop);
            let secs = r.elapsed.as_secs_f64().max(1e-9);
            outln!(
                out,
                "{:<28} {:<9} depth {:>2} {:>10} nodes {:>6.2} s {:>8.0} knodes/s",
                v.id,
                label,
                r.depth,
                r.nodes,
                secs,
                r.nodes as f64 / secs / 1e3
            );
        }
    }
    Ok(())
}

/// The position after 16 seeded random actions (rolling dice where due),
/// or `None` if the game ended before that.
fn midgame(v: &Arc<VariantDef>) -> Result<Option<AnyPosition>> {
    let mut game = Game::new(v.clone(), None, 7)?;
    let mut plies = 0;
    while plies < 16 {
        if game.outcome().is_some() {
            return Ok(None);
        }
        if game.position().is_chance() {
            game.roll_dice();
            continue;
        }
        let Some(a) = motley_ai::players::random(game.position(), 1000 + plies) else {
            return Ok(None);
        };
        game.play(a)?;
        plies += 1;
    }
    Ok((game.outcome().is_none() && !game.position().is_chance()).then(|| game.position().clone()))
}

/// The run's UI settings on Motley's data folder, and the theme.
fn launch(registry: Registry, ascii: bool, theme: Option<ThemeName>) -> Launch {
    Launch {
        registry,
        settings: Settings::for_run(ascii),
        theme,
        notice: None,
    }
}

/// How the UI ended, as the exit status: a signal's is 128 + its number,
/// after its line on standard error (where the game is, or that it could
/// not be saved). A file to replay that gives no game is trouble with a
/// file.
fn exit_status(ended: Result<Ended, UiError>) -> Result<ExitCode> {
    match ended {
        Ok(Ended::ByUser) => Ok(ExitCode::SUCCESS),
        Ok(Ended::BySignal { signal, report }) => {
            if let Some(line) = report {
                use std::io::Write;
                // The terminal may be gone (a hangup): nothing to do then.
                let _ = writeln!(std::io::stderr(), "motley: {line}");
            }
            Ok(ExitCode::from(128u8.saturating_add(signal as u8)))
        }
        Err(UiError::File(e)) => Err(output::FileTrouble(e.to_string()).into()),
        Err(e) => Err(e.into()),
    }
}

/// The legacy single autosave of older Motleys moves into the games folder
/// before any screen lists games (nothing is lost); what went wrong is
/// said on the first screen.
fn migrate_autosave() -> Option<String> {
    let (legacy, games) = (
        motley_disk::paths::legacy_autosave_path()?,
        motley_disk::paths::games_dir()?,
    );
    motley_records::games::migrate_legacy_autosave(&legacy, &games)
        .err()
        .map(|e| format!("the old autosave was not moved: {e}"))
}

/// `motley` with no subcommand: the main menu.
pub fn menu(theme: Option<ThemeName>, variants: Option<&Path>) -> Result<ExitCode> {
    let registry = registry(variants)?;
    let notice = migrate_autosave();
    exit_status(run_menu(Launch {
        notice,
        ..launch(registry, false, theme)
    }))
}

/// `play`: a game on the play screen. External engines start now, so one
/// that cannot play the variant is refused before the board opens.
fn play(registry: Registry, args: PlayArgs) -> Result<ExitCode> {
    let id = args.variant.as_deref().unwrap_or("standard");
    let variant = registry.lookup(id)?;
    let seed = args.seed.unwrap_or_else(Game::clock_seed);
    let (variant, fen) = registry
        .game_start(variant, args.fen, args.chess960, seed)
        .with_context(|| format!("cannot start a game of {id}"))?;
    let game = Game::new(variant, fen.as_deref(), seed)
        .with_context(|| format!("cannot start a game of {id}"))?;
    let mut launch = launch(registry, args.ascii, args.theme);
    launch.settings.auto_flip = !args.no_auto_flip;
    launch.settings.session.movetime = Duration::from_millis(args.movetime.max(1));
    let players = [args.white, args.black];
    let mut session = Session::new(game, players)
        .with_settings(launch.settings.session.clone())
        .with_names([args.white_name.as_deref(), args.black_name.as_deref()]);
    if let Some(tc) = args.clock {
        session = session.with_clock(tc);
    }
    launch.notice = migrate_autosave();
    session.start_players()?;
    exit_status(run_game(session, launch))
}

/// `replay`: a saved game in the replay viewer.
fn replay(
    registry: Registry,
    file: PathBuf,
    ascii: bool,
    theme: Option<ThemeName>,
) -> Result<ExitCode> {
    exit_status(run_replay(file, launch(registry, ascii, theme)))
}
