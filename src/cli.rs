//! The command line (DESIGN.md): argument definitions and the headless
//! subcommands. Machine-readable outputs are exactly as DESIGN.md fixes them.

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand};
use motley::core::Action;
use motley::record;
use motley::rules::{perft, perft_divide, AnyPosition, Position};
use motley::variant::Registry;
use std::path::{Path, PathBuf};
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
    Bench,
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
        Command::Moves { variant, fen, game } => {
            let v = registry.get(&variant)?;
            let legal = match game {
                Some(file) => saved_game_end(&file, &v.id, &registry)?,
                None => {
                    let pos = v.position(fen.as_deref())?;
                    let mut legal = Vec::new();
                    pos.legal_actions(&mut legal);
                    legal
                }
            };
            let mut texts: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
            texts.sort();
            texts.dedup();
            for t in texts {
                println!("{t}");
            }
        }
        Command::Bench => bench(&registry)?,
        Command::Check { file } => return Ok(check(&file, &registry)),
        Command::Export { file } => export(&file, &registry)?,
        Command::Import { file, out } => return import(&file, &out, &registry),
    }
    Ok(ExitCode::SUCCESS)
}

/// The legal actions at the end of the one game in a saved file, which must
/// be a game of `variant`.
fn saved_game_end(file: &Path, variant: &str, registry: &Registry) -> Result<Vec<Action>> {
    let mut games = record::load_games(file, registry)?;
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
fn check(file: &Path, registry: &Registry) -> ExitCode {
    let mut ok = true;
    let read = record::for_each_game(file, registry, &mut |r| match r.into_result() {
        Ok(saved) => {
            let game = &saved.game;
            println!("plies: {}", game.ply());
            match game.outcome() {
                Some(o) => {
                    let scores = o
                        .scores
                        .map(|[s, n]| format!(" (score {s}-{n})"))
                        .unwrap_or_default();
                    println!("result: {} {}{scores}", o.result_str(), o.reason.describe());
                }
                None => println!("result: *"),
            }
            println!("final: {}", game.position().to_fen());
        }
        Err(e) => {
            eprintln!("error: {e}");
            ok = false;
        }
    });
    if let Err(e) = read {
        eprintln!("error: {e}");
        return ExitCode::from(1);
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// `export`: every game of the file as PGN on stdout.
fn export(file: &Path, registry: &Registry) -> Result<()> {
    let games = record::load_saved(file, registry)?;
    let texts: Vec<String> = games.iter().map(record::export_saved_pgn).collect();
    print!("{}", texts.join("\n"));
    Ok(())
}

/// `import`: one JSON record per game of a PGN file, written into `out`
/// under a name that does not replace an existing file; prints each path.
/// Games that cannot be read are reported and make the exit status 1.
fn import(file: &Path, out: &Path, registry: &Registry) -> Result<ExitCode> {
    let games = record::read_games(file, registry)?;
    std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    let stem = file
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "game".to_string());
    let several = games.len() > 1;
    let mut ok = true;
    for (i, r) in games.into_iter().enumerate() {
        match r.into_result() {
            Ok(saved) => {
                let mut rec = record::record_of(&saved.game);
                rec.players = saved.players.clone();
                rec.saved = Some(record::rfc3339(std::time::SystemTime::now()));
                rec.date = saved.date.clone();
                let base = if several {
                    format!("{stem}-{}", i + 1)
                } else {
                    stem.clone()
                };
                let path = free_path(out, &base);
                record::save_record(&path, &rec)?;
                println!("{}", path.display());
            }
            Err(e) => {
                eprintln!("error: {e}");
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

/// `DIR/BASE.json`, or `DIR/BASE-2.json`, … if that exists: import never
/// replaces a file.
fn free_path(dir: &Path, base: &str) -> PathBuf {
    let first = dir.join(format!("{base}.json"));
    if !first.exists() {
        return first;
    }
    (2u32..)
        .map(|n| dir.join(format!("{base}-{n}.json")))
        .find(|p| !p.exists())
        .unwrap_or(first)
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
    ("dice-money", None, 6),
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
