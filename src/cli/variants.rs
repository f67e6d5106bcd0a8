//! `motley variant`: variants from data in Fairy-Stockfish's format,
//! checked, listed and counted by perft before they can be played
//! (docs/rules.md, "Variants from data").

use super::output::{outln, warnln, Out};
use super::{user_path, MAX_PERFT_DEPTH};
use anyhow::{bail, Context, Result};
use clap::Subcommand;
use motley_game::variant::builtin::{builtin_sized, builtin_sized_names};
use motley_game::variant::ini::IniError;
use motley_game::variant::sections::SectionReport;
use motley_game::variant::source::{is_json, read_variant_path, ReadVariantError, VariantFile};
use motley_rules::core::quote::{clip, visible};
use motley_rules::fairy::{SizedPosition, SizedRules, Verdict};
use motley_rules::standard::Standard;
use motley_rules::AnyPosition;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// `motley variant …`.
#[derive(Subcommand, Debug)]
pub enum VariantCommand {
    /// Validate a variants.ini file (or a Motley JSON variant file of the
    /// `fairy` family) without playing it: each variant is read or
    /// refused with the line and key; exit status 1 if any is refused.
    Check {
        /// A file in Fairy-Stockfish's variants.ini format.
        file: PathBuf,
    },
    /// List the built-in variants from data and their pieces.
    List,
    /// A variant from data in words: what it is, its pieces and its rules.
    Rules {
        /// A built-in variant from data, or a section of --variants.
        variant: String,
    },
    /// Perft nodes per second of each built-in variant from data, from
    /// its start to depth 5.
    Bench,
    /// The legal moves of a variant from data (UCI coordinates, sorted),
    /// then the position's FEN and, if the game is over, how it ended.
    Moves {
        /// A built-in variant from data, or a section of --variants.
        variant: String,
        /// The position (Fairy-Stockfish's FEN); the start if not given.
        #[arg(long)]
        fen: Option<String>,
    },
    /// Count leaf nodes of a variant from data to a depth, as
    /// Fairy-Stockfish's `go perft` counts them.
    Perft {
        /// A built-in variant from data, or a section of --variants.
        variant: String,
        /// Depth in plies.
        depth: u32,
        /// Start from this FEN (Fairy-Stockfish's) instead.
        #[arg(long)]
        fen: Option<String>,
    },
}

/// Runs a `variant` subcommand.
pub fn run(command: VariantCommand, variants: Option<&Path>, out: &mut Out) -> Result<ExitCode> {
    match command {
        VariantCommand::Check { file } => check(&user_path(&file)?, out),
        VariantCommand::List => {
            for name in builtin_sized_names() {
                match builtin_sized(name) {
                    Some(Ok(rules)) => outln!(out, "{name:<14} {}", pieces(&rules)),
                    Some(Err(e)) => outln!(out, "{name:<14} refused: {}", e.describe(false)),
                    None => {}
                }
            }
            for file in user_files() {
                let shown = motley_rules::core::quote::path(&file);
                match read_sections(&file) {
                    Ok((sections, problems)) => {
                        for problem in problems {
                            warnln!("warning: {shown}: {}", visible(&problem.to_string()));
                        }
                        for section in sections {
                            let what = match section.sized_rules() {
                                Ok(rules) => pieces(&rules),
                                Err(e) => format!("refused: {}", e.describe(is_json(&file))),
                            };
                            outln!(out, "{:<14} {what} (from {shown})", clip(&section.name));
                        }
                    }
                    Err(e) => warnln!("warning: {e:#}"),
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        VariantCommand::Rules { variant } => {
            let rules = match variants {
                Some(file) => sized_from_file(&user_path(file)?, &variant)?,
                None => builtin_sized_rules(&variant)?,
            };
            let about = variants
                .is_none()
                .then(|| motley_game::variant::builtin::builtin_description(&variant))
                .flatten();
            let about = about.as_deref();
            use motley_game::variant::words::rules_text;
            let text = match &rules {
                SizedRules::Grid8(r) => rules_text(&variant, about, r),
                SizedRules::Grid12(r) => rules_text(&variant, about, r),
                SizedRules::Grid16(r) => rules_text(&variant, about, r),
            };
            outln!(out, "{text}");
            Ok(ExitCode::SUCCESS)
        }
        VariantCommand::Bench => {
            bench(out)?;
            Ok(ExitCode::SUCCESS)
        }
        VariantCommand::Perft {
            variant,
            depth,
            fen,
        } => {
            if depth > MAX_PERFT_DEPTH {
                bail!("perft depth {depth} is too deep: at most {MAX_PERFT_DEPTH} plies");
            }
            let pos = position(&variant, variants, fen.as_deref())?;
            outln!(out, "Nodes: {}", pos.perft(depth));
            Ok(ExitCode::SUCCESS)
        }
        VariantCommand::Moves { variant, fen } => {
            let pos = position(&variant, variants, fen.as_deref())?;
            let mut moves = pos.legal_uci();
            moves.sort();
            for m in &moves {
                outln!(out, "{m}");
            }
            outln!(out, "fen: {}", pos.to_fen());
            if let Some(end) = pos.outcome() {
                let words = match end {
                    Verdict::Win => "the side to move has won",
                    Verdict::Loss => "the side to move has lost",
                    Verdict::Draw => "drawn",
                };
                outln!(out, "over: {words}");
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// A variant's position, on a board of any size: from a FEN, or its
/// start.
fn position(variant: &str, file: Option<&Path>, fen: Option<&str>) -> Result<SizedPosition> {
    let rules = match file {
        Some(file) => sized_from_file(&user_path(file)?, variant)?,
        None => builtin_sized_rules(variant)?,
    };
    rules
        .position(fen)
        .map_err(|e| anyhow::anyhow!("the FEN cannot be read: {e}"))
}

/// Each piece's letter and Betza text, as `p:mfWcfF`, after the board's
/// size where it is not 8×8.
fn pieces(rules: &SizedRules) -> String {
    let out: Vec<String> = rules
        .pieces()
        .into_iter()
        .map(|(letter, betza, royal)| {
            let royal = if royal { " (royal)" } else { "" };
            format!("{}:{betza}{royal}", letter.to_ascii_lowercase())
        })
        .collect();
    match rules.size() {
        (8, 8) => out.join(" "),
        (files, ranks) => format!("{files}x{ranks} {}", out.join(" ")),
    }
}

/// The variants from data of a file, read the one way every variant
/// file is: every section of a variants.ini with its headers that could
/// not be read, or the one variant of a Motley JSON file of the `fairy`
/// family.
fn read_sections(file: &Path) -> Result<(Vec<SectionReport>, Vec<IniError>)> {
    let shown = motley_rules::core::quote::path(file);
    match read_variant_path(file) {
        Ok(VariantFile::Data(read)) => Ok((read.sections, read.problems)),
        Ok(VariantFile::Family(def)) => bail!(
            "{shown} defines '{}' of the {:?} family, not variants from data",
            clip(&def.id),
            def.family
        ),
        Err(ReadVariantError::File(e)) => Err(e).with_context(|| format!("cannot read {shown}")),
        Err(ReadVariantError::Variant(e)) => bail!("{}", visible(&e.to_string())),
    }
}

/// The user's variants folder's `*.ini` files and its JSON files of the
/// `fairy` family, in name order.
fn user_files() -> Vec<PathBuf> {
    let Some(dir) = motley_disk::paths::variants_dir() else {
        return Vec::new();
    };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|x| x == "ini")
                || (is_json(p) && matches!(read_variant_path(p), Ok(VariantFile::Data(_))))
        })
        .collect();
    files.sort();
    files
}

/// The rules of section `name` of a file, on a board of any size, or
/// every reason it is refused.
fn sized_from_file(file: &Path, name: &str) -> Result<SizedRules> {
    read_section(file, name, SectionReport::sized_rules)
}

fn read_section<T>(
    file: &Path,
    name: &str,
    read: impl FnOnce(&SectionReport) -> Result<T, motley_game::variant::keys::KeyErrors>,
) -> Result<T> {
    let name_shown = clip(name);
    let shown = motley_rules::core::quote::path(file);
    let (sections, _) = read_sections(file)?;
    let Some(section) = sections.into_iter().find(|s| s.name == name) else {
        bail!("{shown} has no variant [{name_shown}]");
    };
    read(&section)
        .map_err(|e| anyhow::anyhow!("{shown}: [{name_shown}]: {}", e.describe(is_json(file))))
}

/// A variant's rules on a board of any size: a section of the user's
/// variants folder, or a built-in.
fn builtin_sized_rules(name: &str) -> Result<SizedRules> {
    for file in user_files() {
        let Ok((sections, _)) = read_sections(&file) else {
            continue;
        };
        if sections.iter().any(|s| s.name == name) {
            return sized_from_file(&file, name);
        }
    }
    match builtin_sized(name) {
        Some(rules) => Ok(rules?),
        None => bail!(
            "no built-in variant from data is called '{}' (motley variant list names them)",
            motley_rules::core::quote::clip(name)
        ),
    }
}

/// `variant check`: one line per section, with every reason of a
/// refused one, and one per header that could not be read; status 1 if
/// anything is refused.
fn check(file: &Path, out: &mut Out) -> Result<ExitCode> {
    let shown = motley_rules::core::quote::path(file);
    let (sections, problems) = match read_sections(file) {
        Ok(read) => read,
        Err(e) => {
            warnln!("error: {e:#}");
            return Ok(ExitCode::from(1));
        }
    };
    let json = is_json(file);
    let mut refused = problems.len();
    for problem in &problems {
        outln!(out, "{}: refused", visible(&problem.to_string()));
    }
    for section in &sections {
        let place = if json {
            "JSON".to_string()
        } else {
            format!("line {}", section.line)
        };
        let name = clip(&section.name);
        match section.sized_rules() {
            Ok(rules) => match section.played() {
                Ok(_) => outln!(out, "[{name}] ({place}): plays; pieces {}", pieces(&rules)),
                Err(why) => outln!(
                    out,
                    "[{name}] ({place}): reads, for perft and move lists only ({}); pieces {}",
                    why.describe(json),
                    pieces(&rules)
                ),
            },
            Err(e) => {
                refused += 1;
                outln!(out, "[{name}] ({place}): refused: {}", e.describe(json));
            }
        }
    }
    outln!(
        out,
        "{shown}: {} variant{}, {refused} refused",
        sections.len(),
        if sections.len() == 1 { "" } else { "s" }
    );
    Ok(if refused == 0 && !sections.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The depth [`bench`] counts to: deep enough that every variant runs
/// for tens of milliseconds, so the rate is not lost in timer noise.
const BENCH_DEPTH: u32 = 5;

/// The aim for every built-in variant from data, in nodes per second.
const BENCH_AIM: f64 = 20e6;

/// Perft from the start of every built-in variant from data, then chess
/// from data against Motley's own standard generator in the same run:
/// the two speed aims, measured where `motley bench` reports.
pub fn bench(out: &mut Out) -> Result<()> {
    outln!(
        out,
        "variants from data: perft {BENCH_DEPTH} from the start, single thread"
    );
    let mut below = Vec::new();
    let mut chess_secs = None;
    let mut names = builtin_sized_names();
    names.retain(|name| !matches!(builtin_sized(name), Some(Err(_))));
    for &name in &names {
        let rules = builtin_sized_rules(name)?;
        let pos = rules
            .position(None)
            .map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
        // Larger boards have more moves: one ply less keeps them as quick,
        // and one more gives smaller ones time enough to measure.
        let depth = match rules.size() {
            (files, ranks) if files * ranks > 64 => BENCH_DEPTH - 1,
            (files, ranks) if files * ranks < 64 => BENCH_DEPTH + 1,
            _ => BENCH_DEPTH,
        };
        let started = Instant::now();
        let nodes = pos.perft(depth);
        let secs = started.elapsed().as_secs_f64().max(1e-9);
        let rate = nodes as f64 / secs;
        if rate < BENCH_AIM {
            below.push(name);
        }
        if name == "chess" {
            chess_secs = Some(secs);
        }
        outln!(
            out,
            "{name:<28} depth {depth} {nodes:>12} nodes {secs:>8.3} s {:>8.1} Mnodes/s",
            rate / 1e6
        );
    }
    let count = names.len();
    match below.is_empty() {
        true => outln!(out, "all {count} reach 20 Mnodes/s"),
        false => outln!(
            out,
            "{} of {count} reach 20 Mnodes/s; below: {}",
            count - below.len(),
            below.join(", ")
        ),
    }
    if let Some(fairy) = chess_secs {
        let started = Instant::now();
        let nodes = AnyPosition::Standard(Standard::start()).perft(BENCH_DEPTH);
        let standard = started.elapsed().as_secs_f64().max(1e-9);
        outln!(
            out,
            "chess from data {fairy:.3} s, Motley's standard generator {standard:.3} s ({nodes} nodes): {:.1} times",
            fairy / standard
        );
    }
    Ok(())
}
