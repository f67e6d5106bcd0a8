//! `motley import`: PGN (any size, read as a stream) to one JSON record per
//! game, each file created exclusively; and its benchmark.

use super::interrupt_flag;
use super::output::{outln, warnln, Out, WriteFailure};
use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use motley_disk::files::Durability;
use motley_game::variant::Registry;
use motley_game::Game;
use motley_records::{self as record, GameReader, RecordErrorKind};
use motley_rules::Position;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Instant, SystemTime};

/// How an import went.
struct Imported {
    written: usize,
    refused: usize,
    interrupted: bool,
}

/// Write every game of `games` into `dir` as `STEM.json` (one game) or
/// `STEM-N.json`, never replacing a file; `written` hears each path.
/// Games that cannot be read are reported on stderr and counted.
fn import_games(
    mut games: GameReader<'_>,
    dir: &Path,
    stem: &str,
    stop: &AtomicBool,
    written: &mut dyn FnMut(&Path, u64) -> Result<()>,
) -> Result<Imported> {
    let mut done = Imported {
        written: 0,
        refused: 0,
        interrupted: false,
    };
    // One game alone is `STEM.json`; several are numbered `STEM-N.json`:
    // the next game is read before this one is written.
    let mut several = false;
    let mut next = games.next();
    let mut i = 0usize;
    while let Some(r) = next.take() {
        if stop.load(Ordering::Relaxed) {
            done.interrupted = true;
            break;
        }
        next = games.next();
        several |= i > 0 || next.is_some();
        i += 1;
        match r.into_result() {
            Ok(saved) => {
                super::say_notes(&saved);
                let mut rec = record::record_of_saved(&saved);
                rec.saved = Some(record::rfc3339(SystemTime::now()));
                let base = if several {
                    format!("{stem}-{i}")
                } else {
                    stem.to_string()
                };
                let path =
                    match record::store::save_record_new(dir, &base, &rec, Durability::Batched) {
                        Ok(path) => path,
                        // Too large to read back: this game is refused,
                        // the others go on.
                        Err(e) if matches!(*e.kind, RecordErrorKind::TooLargeToWrite { .. }) => {
                            warnln!("error: {}", e.in_game(i));
                            done.refused += 1;
                            continue;
                        }
                        Err(e) => return Err(e.into()),
                    };
                done.written += 1;
                written(&path, games.position())?;
            }
            Err(e) => {
                warnln!("error: {e}");
                done.refused += 1;
            }
        }
    }
    motley_disk::files::sync_file_system(dir).map_err(|e| {
        WriteFailure::File(format!(
            "cannot flush {} to disk: {e}",
            motley_rules::core::quote::path(dir)
        ))
    })?;
    Ok(done)
}

/// A progress bar on standard error, when that is a terminal.
fn progress_bar(total: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    if let Ok(style) =
        ProgressStyle::with_template("{bar:30} {bytes}/{total_bytes} {msg} ({eta} left)")
    {
        bar.set_style(style);
    }
    bar
}

/// `import`: one JSON record per game of a PGN file, written into `out`
/// under a name that does not replace an existing file; prints each path.
/// Games that cannot be read are reported and make the exit status 1.
/// Standard output closing early stops the printing, not the import.
pub fn import(file: &Path, out_dir: &Path, registry: &Registry) -> Result<ExitCode> {
    let games = record::open(file, registry)?;
    std::fs::create_dir_all(out_dir).map_err(|e| {
        WriteFailure::File(format!(
            "cannot create the folder {}: {e}",
            motley_rules::core::quote::path(out_dir)
        ))
    })?;
    // Records half written by an import that was killed (`kill -9`).
    motley_disk::files::remove_stale_temps(out_dir);
    let stem = file
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "game".to_string());
    let stop = interrupt_flag()?;
    let total = std::fs::metadata(file).map(|m| m.len()).unwrap_or(0);
    let bar = progress_bar(total);
    let mut out = Out::keep_going();
    let done = import_games(games, out_dir, &stem, &stop, &mut |path, read| {
        bar.set_position(read);
        bar.suspend(|| out.line(format_args!("{}", path.display())))?;
        Ok(())
    })?;
    bar.finish_and_clear();
    if done.interrupted {
        warnln!("interrupted: {} games imported", done.written);
    }
    match out.finish() {
        Err(e) if !matches!(&e, WriteFailure::Stdout(io) if io.kind() == std::io::ErrorKind::BrokenPipe) => {
            return Err(e.into())
        }
        _ => {}
    }
    Ok(if done.interrupted {
        stop.status()
    } else if done.refused > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// A seeded random game of `variant` of at most `plies` actions (dice
/// rolled where due), for the import benchmark.
pub(super) fn random_game(
    registry: &Registry,
    variant: &str,
    seed: u64,
    plies: usize,
) -> Result<Game> {
    let mut game = Game::new(registry.get(variant)?, None, seed)?;
    let mut n = 0u64;
    while game.ply() < plies && game.outcome().is_none() {
        if game.position().is_chance() {
            if game.roll_dice().is_none() {
                break;
            }
            continue;
        }
        let Some(a) = motley_ai::players::random(game.position(), seed ^ n) else {
            break;
        };
        game.play(a)?;
        n += 1;
    }
    Ok(game)
}

/// A scratch folder for the benchmark, removed when dropped.
pub(super) struct Scratch(pub(super) PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `bench --import N`: write N seeded random games (standard chess and
/// every variant in turn, up to 80 plies) as one PGN, then time importing
/// it the way `motley import` does, into a scratch folder.
pub fn bench_import(count: u32, registry: &Registry, out: &mut Out) -> Result<()> {
    let dir =
        Scratch(std::env::temp_dir().join(format!("motley-bench-import-{}", std::process::id())));
    std::fs::create_dir_all(dir.0.join("out")).map_err(|e| {
        WriteFailure::File(format!(
            "cannot create {}: {e}",
            motley_rules::core::quote::path(&dir.0)
        ))
    })?;
    let pgn_path = dir.0.join("games.pgn");
    let ids: Vec<String> = registry.all().iter().map(|v| v.id.clone()).collect();
    let t = Instant::now();
    let mut pgn = String::new();
    for k in 0..count {
        // Half standard chess, the other half every variant in turn.
        let id = if k % 2 == 0 {
            "standard"
        } else {
            &ids[(k as usize / 2) % ids.len()]
        };
        let game = random_game(registry, id, u64::from(k) + 1, 80)?;
        pgn.push_str(&record::export_pgn(&game, Some(("bench", "bench"))));
        pgn.push('\n');
    }
    std::fs::write(&pgn_path, &pgn).map_err(|e| {
        WriteFailure::File(format!(
            "cannot write {}: {e}",
            motley_rules::core::quote::path(&pgn_path)
        ))
    })?;
    let generated = t.elapsed().as_secs_f64();
    outln!(
        out,
        "import: {count} games, {:.1} MB of PGN (generated in {generated:.2} s)",
        pgn.len() as f64 / 1e6
    );
    let t = Instant::now();
    let cpu = cpu_seconds();
    let games = record::open(&pgn_path, registry).context("benchmark PGN")?;
    let stop = AtomicBool::new(false);
    let done = import_games(
        games,
        &dir.0.join("out"),
        "games",
        &stop,
        &mut |_, _| Ok(()),
    )?;
    let secs = t.elapsed().as_secs_f64().max(1e-9);
    let cpu = cpu_seconds() - cpu;
    outln!(
        out,
        "import: {} records written, {} refused, in {secs:.2} s ({cpu:.2} s of CPU): {:.0} games/s",
        done.written,
        done.refused,
        f64::from(count) / secs
    );
    Ok(())
}

/// CPU time this process has used (user and system), in seconds: the
/// import's own cost, apart from waiting for a busy disk.
fn cpu_seconds() -> f64 {
    #[cfg(unix)]
    {
        // SAFETY: getrusage fills the struct it is given and nothing else.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) } == 0 {
            let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
            return secs(usage.ru_utime) + secs(usage.ru_stime);
        }
    }
    0.0
}
