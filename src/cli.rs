//! The command line (DESIGN.md): argument definitions and the headless
//! subcommands. Machine-readable outputs are exactly as DESIGN.md fixes them.

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use motley::rules::{perft, perft_divide, AnyPosition, Position};
use motley::variant::Registry;
use std::process::ExitCode;
use std::time::Instant;

/// Motley: a terminal player for rare chess variants.
#[derive(Parser, Debug)]
#[command(name = "motley", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// List variant ids and names.
    List,
    /// Print a variant's rules text.
    Rules {
        /// Variant id (see `motley list`).
        variant: String,
    },
    /// Count leaf nodes of the move tree to a depth.
    Perft {
        /// Variant id.
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
        /// Variant id.
        variant: String,
        /// Position as FEN.
        #[arg(long)]
        fen: Option<String>,
    },
    /// Fixed perft and search benchmark, in nodes per second.
    Bench,
    /// Play a game in the terminal UI.
    Play(PlayArgs),
    /// Step through a saved game in the terminal UI.
    Replay {
        /// A saved game (JSON record).
        file: std::path::PathBuf,
        /// Letters instead of chess symbols.
        #[arg(long)]
        ascii: bool,
    },
}

/// Options of `motley play`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// Variant id (see `motley list`); default standard.
    pub variant: Option<String>,
    /// White's player: human, ai[:LEVEL] or random.
    #[arg(long, default_value = "human")]
    pub white: motley::ai::PlayerSpec,
    /// Black's player: human, ai[:LEVEL] or random.
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
}

/// Run a headless subcommand.
pub fn run(command: Command) -> Result<ExitCode> {
    let registry = Registry::load();
    for w in &registry.warnings {
        eprintln!("warning: {w}");
    }
    match command {
        Command::List => {
            for v in registry.all() {
                println!("{:<28} {}", v.id, v.name);
            }
        }
        Command::Rules { variant } => {
            let v = registry.get(&variant)?;
            println!("{}\n", v.name);
            println!("{}", v.rules_text());
        }
        Command::Perft {
            variant,
            depth,
            fen,
            divide,
        } => {
            let v = registry.get(&variant)?;
            let pos = v.position(fen.as_deref())?;
            let nodes = if divide {
                let rows = perft_divide(&pos, depth);
                for (m, n) in &rows {
                    println!("{m}: {n}");
                }
                rows.iter().map(|(_, n)| n).sum()
            } else {
                perft_any(&pos, depth)
            };
            println!("Nodes: {nodes}");
        }
        Command::Moves { variant, fen } => {
            let v = registry.get(&variant)?;
            let pos = v.position(fen.as_deref())?;
            let mut legal = Vec::new();
            pos.legal_actions(&mut legal);
            let mut texts: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
            texts.sort();
            texts.dedup();
            for t in texts {
                println!("{t}");
            }
        }
        Command::Bench => bench(&registry)?,
        Command::Play(args) => play(registry, args)?,
        Command::Replay { file, ascii } => replay(registry, file, ascii)?,
    }
    Ok(ExitCode::SUCCESS)
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
        5,
    ),
    (
        "monochromatic-daffy",
        Some("r1bqk2r/pppp1ppp/2n5/4p1n1/2B1P3/2N1N3/PPPP1PPP/R1BQK2R w KQkq - 0 1"),
        5,
    ),
    (
        "monochromatic-double-knight",
        Some("r1bqk2r/pppp1ppp/8/4p3/2BnP1n1/8/PPPP1PPP/RNBQK2R w KQkq - 0 1"),
        6,
    ),
    ("monochrome", None, 6),
    ("chicken", None, 6),
];

fn bench(registry: &Registry) -> Result<()> {
    motley::core::attacks::init();
    println!("perft (bulk-counted last ply), single thread");
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
        println!(
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
    println!(
        "total {total_nodes} nodes in {total_secs:.3} s: {:.1} Mnodes/s",
        total_nodes as f64 / total_secs.max(1e-9) / 1e6
    );
    Ok(())
}

fn ui_settings(ascii: bool) -> motley::tui::app::Settings {
    motley::tui::app::Settings {
        ascii,
        autosave: Some(motley::tui::store::autosave_path()),
        saves_dir: Some(motley::tui::store::saves_dir()),
        ..Default::default()
    }
}

fn run_app(
    screen: motley::tui::app::Screen,
    registry: Registry,
    settings: motley::tui::app::Settings,
) -> Result<()> {
    let theme = motley::tui::theme::Theme::from_env(settings.ascii);
    let app = motley::tui::app::App::new(screen, registry, settings, theme, (80, 24));
    motley::tui::run(app)?;
    Ok(())
}

/// `motley` with no subcommand: the main menu.
pub fn menu() -> Result<ExitCode> {
    let registry = Registry::load();
    let settings = ui_settings(false);
    let menu = motley::tui::menu::MenuState::new(&settings, &registry);
    run_app(
        motley::tui::app::Screen::Menu(Box::new(menu)),
        registry,
        settings,
    )?;
    Ok(ExitCode::SUCCESS)
}

fn play(registry: Registry, args: PlayArgs) -> Result<()> {
    let id = args.variant.as_deref().unwrap_or("standard");
    let variant = registry.get(id)?;
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(1)
    });
    let game = motley::game::Game::new(variant, args.fen.as_deref(), seed)
        .with_context(|| format!("cannot start a game of {id}"))?;
    let mut settings = ui_settings(args.ascii);
    settings.auto_flip = !args.no_auto_flip;
    settings.movetime = std::time::Duration::from_millis(args.movetime.max(1));
    let state = motley::tui::play::PlayState::new(game, [args.white, args.black]);
    run_app(
        motley::tui::app::Screen::Play(Box::new(state)),
        registry,
        settings,
    )
}

fn replay(registry: Registry, file: std::path::PathBuf, ascii: bool) -> Result<()> {
    let state =
        motley::tui::replay::ReplayState::open(file, &registry).map_err(anyhow::Error::msg)?;
    run_app(
        motley::tui::app::Screen::Replay(Box::new(state)),
        registry,
        ui_settings(ascii),
    )
}
