//! The command line (README, "Command line"): argument definitions and the headless
//! subcommands. Machine-readable outputs are exactly as README fixes them.

mod browse;
mod import;
pub mod output;

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand};
use motley::ai::{search, think, PlayerSpec, ThinkSettings};
use motley::core::Action;
use motley::core::Color;
use motley::game::Game;
use motley::quote::clip;
use motley::record;
use motley::rules::{perft, perft_divide, AnyPosition, Describe, Position};
use motley::uci::client::Engine;
use motley::variant::{Registry, VariantDef};
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
}

/// `--theme NAME`: default, high-contrast, colour-blind or mono.
type ThemeName = motley::tui::theme::ThemeName;

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
    pub white: motley::ai::PlayerSpec,
    /// Black's player (as White's).
    #[arg(long, default_value = "human")]
    pub black: motley::ai::PlayerSpec,
    /// Start from this FEN instead of the variant's start.
    #[arg(long)]
    pub fen: Option<String>,
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
    pub clock: Option<motley::clock::TimeControl>,
}

/// Run a headless subcommand.
pub fn run(command: Command, theme: Option<ThemeName>) -> Result<ExitCode> {
    let registry = Registry::load();
    for w in &registry.warnings {
        warnln!("warning: {w}");
    }
    let mut out = Out::new();
    let code = match command {
        Command::List => {
            for v in registry.all() {
                let aliases = if v.aliases.is_empty() {
                    String::new()
                } else {
                    format!(" — also: {}", v.aliases.join(", "))
                };
                outln!(out, "{:<28} {}{aliases}", v.id, v.name);
            }
            ExitCode::SUCCESS
        }
        Command::Rules { variant } => {
            let v = registry.lookup(&variant)?;
            outln!(out, "{}\n", v.heading());
            outln!(out, "{}", v.rules_text());
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
        Command::Match(args) => match_command(args, &registry, &mut out)?,
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
            motley::uci::engine::run(std::io::stdin().lock(), std::io::stdout(), &registry)
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

/// `match`: headless games between two players, colours alternating.
fn match_command(args: MatchArgs, registry: &Registry, out: &mut Out) -> Result<ExitCode> {
    let MatchArgs {
        variant,
        white,
        black,
        games,
        seed,
        movetime,
        save_dir,
        opening_plies,
    } = args;
    let a: PlayerSpec = white.parse().context("--white")?;
    let b: PlayerSpec = black.parse().context("--black")?;
    let save_dir = save_dir.as_deref().map(user_path).transpose()?;
    let settings = MatchSettings {
        games,
        seed,
        movetime: Duration::from_millis(movetime),
        save_dir: save_dir.as_deref(),
        opening_plies,
        ply_limit: MATCH_PLY_LIMIT,
    };
    run_match(&registry.lookup(&variant)?, [a, b], settings, out)
}

/// The deepest `perft` Motley runs (README, "Command line"). Perft
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
        let rows = perft_divide(pos, depth);
        for (m, n) in &rows {
            outln!(out, "{m}: {n}");
        }
        rows.iter().map(|(_, n)| n).sum()
    } else {
        perft_any(pos, depth)
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
    Ok(motley::paths::expand_user(path)?)
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
    use motley::analysis::{analyse_game, AnalysisSettings};
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
        for (i, a) in results.iter().enumerate() {
            if results.len() > 1 {
                outln!(out, "game {}", i + 1);
            }
            out.text(format_args!("{}", a.to_text()))?;
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
            file.display(),
            games.len()
        );
    }
    let game = games.remove(0);
    if game.variant().id != variant {
        bail!(
            "{}: is a game of '{}', not '{variant}'",
            file.display(),
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

/// Perft on the concrete family type (no enum dispatch in the hot path).
pub fn perft_any(pos: &AnyPosition, depth: u32) -> u64 {
    motley::dispatch!(pos, p => perft(p, depth))
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
        let nodes = perft_any(&pos, *depth);
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
    bench_search(registry, out)
}

/// Longest game a match plays before calling it a draw (a guard against
/// players that never end a game; the rules end real games much sooner).
const MATCH_PLY_LIMIT: usize = 2000;

/// How one match game ended, for the table.
struct GameRow {
    white: PlayerSpec,
    black: PlayerSpec,
    result: &'static str,
    reason: String,
    plies: usize,
    /// +1 win, 0 draw, -1 loss for the `--white` player.
    first_player: i32,
}

/// How a match is played.
struct MatchSettings<'a> {
    games: u32,
    seed: u64,
    movetime: Duration,
    save_dir: Option<&'a Path>,
    /// Random plies each pair of games starts from (0: the start).
    opening_plies: u32,
    /// A game still going after this many plies is drawn by adjudication
    /// ([`MATCH_PLY_LIMIT`]).
    ply_limit: usize,
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
        let status = 128 + n;
        let watch = || -> std::io::Result<()> {
            // In this order: a second signal ends Motley at once; the
            // signal is known before the stop flag is seen.
            signal_hook::flag::register_conditional_shutdown(n, status, stop.clone())?;
            signal_hook::flag::register_usize(n, signal.clone(), n as usize)?;
            signal_hook::flag::register(n, stop.clone())?;
            Ok(())
        };
        watch().context("cannot watch for Ctrl-C")?;
    }
    Ok(Interrupt { stop, signal })
}

fn run_match(
    variant: &Arc<VariantDef>,
    players: [PlayerSpec; 2],
    settings: MatchSettings<'_>,
    out: &mut Out,
) -> Result<ExitCode> {
    let MatchSettings {
        games,
        seed,
        movetime,
        save_dir,
        opening_plies,
        ply_limit,
    } = settings;
    if players.contains(&PlayerSpec::Human) {
        bail!("a match is played without a terminal: players must be ai[:LEVEL], random, greedy or uci:COMMAND");
    }
    if games == 0 {
        bail!("--games must be at least 1");
    }
    if let Some(dir) = save_dir {
        std::fs::create_dir_all(dir).map_err(|e| {
            WriteFailure::File(format!("cannot create the folder {}: {e}", dir.display()))
        })?;
        motley::files::remove_stale_temps(dir);
    }
    let stop = interrupt_flag()?;
    // External engines start (and are checked for the variant) before the
    // first game; one that failed in a game is started again for the next.
    let mut engines: [Option<Engine>; 2] = [None, None];
    let mut rows: Vec<GameRow> = Vec::new();
    let mut previous: Option<Game> = None;
    for k in 1..=games {
        let game_seed = seed.wrapping_add(u64::from(k - 1));
        let mut game = match &previous {
            None => Game::new(variant.clone(), None, game_seed)?,
            Some(p) => p.next_in_match(game_seed)?,
        };
        // Both games of a pair share their opening.
        let pair_seed = seed.wrapping_add(u64::from((k - 1) / 2));
        motley::ai::opening::random_opening(&mut game, opening_plies, pair_seed)?;
        for (spec, engine) in players.iter().zip(&mut engines) {
            start_engine(spec, engine, &variant.id)?;
        }
        // The --white player has White in odd games, Black in even ones.
        let first_is_white = k % 2 == 1;
        let [first_engine, second_engine] = &mut engines;
        let (white, black, engines_by_colour) = if first_is_white {
            (&players[0], &players[1], [first_engine, second_engine])
        } else {
            (&players[1], &players[0], [second_engine, first_engine])
        };
        let played = play_out(
            &mut game,
            [white, black],
            engines_by_colour,
            Pace {
                movetime,
                game_seed,
                ply_limit,
            },
            &stop,
        )?;
        let Some((unfinished, failure)) = played else {
            // Interrupted: this game is neither counted nor saved.
            break;
        };
        if unfinished > 0 {
            // Stopped at the ply limit: a draw by adjudication, saved so.
            game.adjudicate(None);
        }
        let row = GameRow::of(&game, [white, black], first_is_white, unfinished, failure);
        if let Some(dir) = save_dir {
            let base = format!("{}-{}-game{:03}", variant.id, seed, k);
            let names = (white.to_string(), black.to_string());
            let rec = motley::record::store::record_to_save(&game, Some((&names.0, &names.1)));
            // Never over an earlier match's game: a free name, as import.
            motley::record::store::save_record_new(
                dir,
                &base,
                &rec,
                motley::files::Durability::Flushed,
            )
            .with_context(|| format!("saving game {k}"))?;
        }
        rows.push(row);
        previous = Some(game);
        let [wins, draws, losses] = tally(&rows);
        output::progress(format_args!(
            "{} game {k}/{games}: {} vs {}  +{wins} ={draws} -{losses}   ",
            variant.id,
            clip(&players[0].to_string()),
            clip(&players[1].to_string())
        ));
    }
    warnln!("");
    let interrupted = stop.load(Ordering::Relaxed);
    if interrupted {
        warnln!(
            "interrupted: {} of {games} games finished; the score so far",
            rows.len()
        );
    }
    print_match_table(&rows, &players, out)?;
    Ok(if interrupted {
        stop.status()
    } else {
        ExitCode::SUCCESS
    })
}

impl GameRow {
    /// The row of a finished match game (`failure`: why an external engine
    /// lost it).
    fn of(
        game: &Game,
        [white, black]: [&PlayerSpec; 2],
        first_is_white: bool,
        unfinished: usize,
        failure: Option<String>,
    ) -> GameRow {
        let (result, reason, winner) = match game.outcome() {
            _ if unfinished > 0 => (
                "1/2-1/2",
                format!("Draw (adjudication: stopped after {unfinished} plies)"),
                None,
            ),
            Some(o) => (
                o.result_str(),
                failure.unwrap_or_else(|| o.describe_with(game.position().side_names())),
                o.winner,
            ),
            None => ("*", "unfinished".to_string(), None),
        };
        let first_player = match winner {
            None => 0,
            Some(c) if (c == Color::White) == first_is_white => 1,
            Some(_) => -1,
        };
        GameRow {
            white: white.clone(),
            black: black.clone(),
            result,
            reason,
            plies: game.ply(),
            first_player,
        }
    }
}

/// Wins, draws and losses of the `--white` player.
fn tally(rows: &[GameRow]) -> [u32; 3] {
    let mut t = [0u32; 3];
    for r in rows {
        t[(1 - r.first_player) as usize] += 1;
    }
    t
}

/// The table of the games played and the score line.
fn print_match_table(rows: &[GameRow], players: &[PlayerSpec; 2], out: &mut Out) -> Result<()> {
    let w = players
        .iter()
        .map(|p| p.to_string().len())
        .fold(8, usize::max);
    outln!(
        out,
        "{:>4}  {:<w$} {:<w$} {:<8} {:>6}  reason",
        "game",
        "white",
        "black",
        "result",
        "plies"
    );
    for (i, r) in rows.iter().enumerate() {
        outln!(
            out,
            "{:>4}  {:<w$} {:<w$} {:<8} {:>6}  {}",
            i + 1,
            r.white.to_string(),
            r.black.to_string(),
            r.result,
            r.plies,
            r.reason
        );
    }
    let as_colour = |white_games: bool| {
        let mut t = [0u32; 3];
        for (i, r) in rows.iter().enumerate() {
            if (i % 2 == 0) == white_games {
                t[(1 - r.first_player) as usize] += 1;
            }
        }
        t
    };
    let (w, b) = (as_colour(true), as_colour(false));
    let [wins, draws, losses] = tally(rows);
    outln!(
        out,
        "{} (--white) as White {}-{}-{}, as Black {}-{}-{}; total W-D-L {wins}-{draws}-{losses} against {}",
        players[0], w[0], w[1], w[2], b[0], b[1], b[2], players[1]
    );
    outln!(out, "score: {wins}-{draws}-{losses}");
    Ok(())
}

/// Start (or restart after a failure) the engine of a `uci:` player and
/// tell it a new game begins; other players need nothing.
fn start_engine(spec: &PlayerSpec, engine: &mut Option<Engine>, variant: &str) -> Result<()> {
    let PlayerSpec::Uci { command } = spec else {
        return Ok(());
    };
    let running = match engine.take() {
        Some(e) => e,
        None => Engine::start(command, variant).with_context(|| clip(&spec.to_string()))?,
    };
    let e = engine.insert(running);
    e.new_game().with_context(|| clip(&spec.to_string()))
}

/// Time per move, the game's seed (for the players' randomness) and the
/// ply limit.
struct Pace {
    movetime: Duration,
    game_seed: u64,
    ply_limit: usize,
}

/// Play a game to its end. Returns the number of plies if it was stopped
/// by the ply limit rather than by the rules (0 otherwise), and the
/// message when an external engine failed and so lost (by resignation);
/// `None` when `stop` was set (Ctrl-C).
fn play_out(
    game: &mut Game,
    players: [&PlayerSpec; 2],
    engines: [&mut Option<Engine>; 2],
    pace: Pace,
    stop: &AtomicBool,
) -> Result<Option<(usize, Option<String>)>> {
    let Pace {
        movetime,
        game_seed,
        ply_limit,
    } = pace;
    while game.outcome().is_none() {
        if stop.load(Ordering::Relaxed) {
            return Ok(None);
        }
        if game.ply() >= ply_limit {
            return Ok(Some((game.ply(), None)));
        }
        if game.position().is_chance() {
            if game.roll_dice().is_none() {
                bail!("the dice could not be rolled at ply {}", game.ply());
            }
            continue;
        }
        let pos = game.position().clone();
        let side = pos.turn();
        let spec = players[side.index()];
        let action = if let Some(engine) = engines[side.index()].as_mut() {
            match engine.best_action(
                game.start_fen(),
                game.actions(),
                &pos,
                movetime,
                stop,
                &mut |_| {},
            ) {
                Ok(Some(a)) => a,
                Ok(None) if stop.load(Ordering::Relaxed) => return Ok(None),
                Ok(None) => bail!("{spec} was stopped at ply {}", game.ply()),
                Err(e) => {
                    // A failed engine is stopped and loses the game.
                    engines[side.index()].take();
                    game.resign(side);
                    let message = format!("{} wins: {spec} failed: {e}", side.other().name());
                    warnln!("\n{message}");
                    return Ok(Some((0, Some(message))));
                }
            }
        } else {
            let history = game.repetition_history();
            let settings = ThinkSettings {
                movetime,
                seed: game_seed ^ (game.ply() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            };
            let Some(action) = think(&pos, &history, spec, &settings, stop) else {
                if stop.load(Ordering::Relaxed) {
                    return Ok(None);
                }
                bail!("{spec} found no action at ply {}", game.ply());
            };
            action
        };
        if stop.load(Ordering::Relaxed) {
            return Ok(None);
        }
        game.play(action)
            .with_context(|| format!("{spec} played {action} at ply {}", game.ply()))?;
    }
    Ok(Some((0, None)))
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
            let r = motley::dispatch!(&pos, p => search::search(p, &[], &limits, &stop));
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
        let Some(a) = motley::ai::players::random(game.position(), 1000 + plies) else {
            return Ok(None);
        };
        game.play(a)?;
        plies += 1;
    }
    Ok((game.outcome().is_none() && !game.position().is_chance()).then(|| game.position().clone()))
}

fn ui_settings(ascii: bool) -> motley::tui::settings::Settings {
    motley::tui::settings::Settings {
        ascii,
        games_dir: motley::paths::games_dir(),
        saves_dir: motley::paths::saves_dir(),
        config: motley::tui::config::config_path(),
        ..Default::default()
    }
}

fn run_app(
    mut screen: motley::tui::app::Screen,
    registry: Registry,
    settings: motley::tui::settings::Settings,
    theme: Option<ThemeName>,
) -> Result<ExitCode> {
    // The command line's theme, else the config file's. A config file that
    // cannot be read is said on the first screen.
    let (config, warning) = motley::tui::config::Config::load();
    if let Some(text) = warning {
        use motley::tui::{app::Screen, base::Message};
        let message = Some(Message::error(text));
        match &mut screen {
            Screen::Menu(m) => m.message = message,
            Screen::Play(p) => p.view.message = message,
            Screen::Replay(r) => r.view.message = message,
        }
    }
    let theme = motley::tui::theme::Theme::from_env(config.theme_or(theme), settings.ascii);
    let app = motley::tui::app::App::new(screen, registry, settings, theme, (80, 24));
    match motley::tui::run(app)? {
        motley::tui::Ended::ByUser => Ok(ExitCode::SUCCESS),
        motley::tui::Ended::BySignal { signal, report } => {
            if let Some(line) = report {
                use std::io::Write;
                // The terminal may be gone (a hangup): nothing to do then.
                let _ = writeln!(std::io::stderr(), "motley: {line}");
            }
            Ok(ExitCode::from(128u8.saturating_add(signal as u8)))
        }
    }
}

/// The legacy single autosave of older Motleys moves into the games folder
/// before any screen lists games (nothing is lost); what went wrong is
/// said on the first screen.
fn migrate_autosave() -> Option<String> {
    let (legacy, games) = (
        motley::paths::legacy_autosave_path()?,
        motley::paths::games_dir()?,
    );
    motley::record::games::migrate_legacy_autosave(&legacy, &games)
        .err()
        .map(|e| format!("the old autosave was not moved: {e}"))
}

/// `motley` with no subcommand: the main menu.
pub fn menu(theme: Option<ThemeName>) -> Result<ExitCode> {
    let registry = Registry::load();
    let settings = ui_settings(false);
    let moved = migrate_autosave();
    let mut menu = motley::tui::menu::MenuState::new(&settings, &registry);
    menu.message = moved.map(motley::tui::base::Message::error);
    run_app(
        motley::tui::app::Screen::Menu(Box::new(menu)),
        registry,
        settings,
        theme,
    )
}

fn play(registry: Registry, args: PlayArgs) -> Result<ExitCode> {
    let id = args.variant.as_deref().unwrap_or("standard");
    let variant = registry.lookup(id)?;
    let seed = args.seed.unwrap_or_else(motley::game::Game::clock_seed);
    let game = motley::game::Game::new(variant, args.fen.as_deref(), seed)
        .with_context(|| format!("cannot start a game of {id}"))?;
    let mut settings = ui_settings(args.ascii);
    settings.auto_flip = !args.no_auto_flip;
    settings.movetime = std::time::Duration::from_millis(args.movetime.max(1));
    let mut control =
        motley::tui::control::GameControl::new(game, [args.white.clone(), args.black.clone()]);
    if let Some(tc) = args.clock {
        control = control.with_clock(tc);
    }
    let mut state = motley::tui::play::PlayState::open(motley::tui::base::PlayStart::new(control));
    if let Some(problem) = migrate_autosave() {
        state.view.message = Some(motley::tui::base::Message::error(problem));
    }
    // External engines start now, so one that cannot play the variant is
    // refused before the board opens.
    for side in [Color::White, Color::Black] {
        let spec = state.control.player(side);
        if let PlayerSpec::Uci { command } = &spec {
            let mut engine = Engine::start(command, id).with_context(|| clip(&spec.to_string()))?;
            engine.new_game().with_context(|| clip(&spec.to_string()))?;
            let seat = motley::uci::client::EngineSeat::with(engine);
            state.control.set_engine(side, seat);
        }
    }
    run_app(
        motley::tui::app::Screen::Play(Box::new(state)),
        registry,
        settings,
        args.theme,
    )
}

fn replay(
    registry: Registry,
    file: std::path::PathBuf,
    ascii: bool,
    theme: Option<ThemeName>,
) -> Result<ExitCode> {
    let state =
        motley::tui::replay::ReplayState::open(file, &registry).map_err(output::FileTrouble)?;
    run_app(
        motley::tui::app::Screen::Replay(Box::new(state)),
        registry,
        ui_settings(ascii),
        theme,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    // Issue 22, item 37: a game stopped at the ply limit counted as a draw
    // in the table but was saved with the result `*`.
    #[test]
    fn item_37_a_game_stopped_at_the_ply_limit_is_saved_as_the_table_says() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("saved");
        let registry = Registry::builtin();
        let settings = MatchSettings {
            games: 1,
            seed: 3,
            movetime: Duration::from_millis(5),
            save_dir: Some(&dir),
            opening_plies: 0,
            ply_limit: 6,
        };
        let players = [PlayerSpec::Random, PlayerSpec::Random];
        let mut out = Out::new();
        run_match(
            &registry.get("standard").unwrap(),
            players,
            settings,
            &mut out,
        )
        .unwrap();
        let text = std::fs::read_to_string(dir.join("standard-3-game001.json")).unwrap();
        let rec: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(rec["moves"].as_array().unwrap().len(), 6);
        assert_eq!(
            (&rec["result"], &rec["reason"]),
            (&"1/2-1/2".into(), &"adjudication".into())
        );
        let saved = record::load_all(&dir.join("standard-3-game001.json"), &registry).unwrap();
        let outcome = saved[0].game.outcome().unwrap();
        assert_eq!(
            (outcome.winner, outcome.reason),
            (None, motley::rules::EndReason::Adjudication)
        );
    }
}
