//! `motley match`: headless games between two players, played by the
//! session layer's one match implementation
//! ([`motley_session::match_play`]); here the command line's side of it:
//! the arguments, the progress line, the table and the score.

use super::output::{self, outln, warnln, Out, WriteFailure};
use super::{interrupt_flag, user_path, MatchArgs};
use anyhow::{anyhow, Context, Result};
use motley_ai::PlayerSpec;
use motley_game::variant::Registry;
use motley_rules::core::quote::clip;
use motley_rules::Describe;
use motley_session::match_play::{
    play_match, MatchEnding, MatchError, MatchGame, MatchScore, MatchSettings, MATCH_PLY_LIMIT,
};
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// How one match game ended, for the table.
struct GameRow {
    white: PlayerSpec,
    black: PlayerSpec,
    result: &'static str,
    reason: String,
    plies: usize,
}

impl GameRow {
    /// The row of a finished match game; an engine's failure is said on
    /// standard error as it happens, too.
    fn of(g: &MatchGame) -> GameRow {
        let [white, black] = g.players.clone();
        let game = &g.game;
        let (result, reason) = match (&g.ending, game.outcome()) {
            (MatchEnding::PlyLimit(plies), _) => (
                "1/2-1/2",
                format!("Draw (adjudication: stopped after {plies} plies)"),
            ),
            (MatchEnding::Failed { side, error }, Some(o)) => {
                let spec = &g.players[side.index()];
                let message = format!("{} wins: {spec} failed: {error}", side.other().name());
                warnln!("\n{message}");
                (o.result_str(), message)
            }
            (MatchEnding::Rules, Some(o)) => (
                o.result_str(),
                o.describe_with(game.position().side_names()),
            ),
            (_, None) => ("*", "unfinished".to_string()),
        };
        GameRow {
            white,
            black,
            result,
            reason,
            plies: game.ply(),
        }
    }
}

/// `match`: headless games between two players, colours alternating.
pub fn match_command(args: MatchArgs, registry: &Registry, out: &mut Out) -> Result<ExitCode> {
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
    let variant = registry.lookup(&variant)?;
    let settings = MatchSettings {
        games,
        seed,
        movetime: Duration::from_millis(movetime),
        save_dir,
        opening_plies,
        ply_limit: MATCH_PLY_LIMIT,
    };
    let players = [a, b];
    let stop = interrupt_flag()?;
    let mut rows = Vec::new();
    let mut on_game = |g: &MatchGame, score: &MatchScore| {
        rows.push(GameRow::of(g));
        let [wins, draws, losses] = score.tally(None);
        output::progress(format_args!(
            "{} game {}/{games}: {} vs {}  +{wins} ={draws} -{losses}   ",
            variant.id,
            g.number,
            clip(&players[0].to_string()),
            clip(&players[1].to_string())
        ));
    };
    let played = play_match(&variant, players.clone(), &settings, &stop, &mut on_game);
    let score = played.map_err(match_failure)?;
    warnln!("");
    let interrupted = stop.load(Ordering::Relaxed);
    if interrupted {
        warnln!(
            "interrupted: {} of {games} games finished; the score so far",
            rows.len()
        );
    }
    print_match_table(&rows, &score, &players, out)?;
    Ok(if interrupted {
        stop.status()
    } else {
        ExitCode::SUCCESS
    })
}

/// A match that could not go on, as the command line reports it: a
/// folder that cannot be made is trouble with a file; the rest is in the
/// error's own words.
fn match_failure(e: MatchError) -> anyhow::Error {
    match e {
        MatchError::NoGames => anyhow!("--games must be at least 1"),
        MatchError::Folder { .. } => WriteFailure::File(e.to_string()).into(),
        e => e.into(),
    }
}

/// The table of the games played and the score line.
fn print_match_table(
    rows: &[GameRow],
    score: &MatchScore,
    players: &[PlayerSpec; 2],
    out: &mut Out,
) -> Result<()> {
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
    let (w, b) = (score.tally(Some(true)), score.tally(Some(false)));
    let [wins, draws, losses] = score.tally(None);
    outln!(
        out,
        "{} (--white) as White {}-{}-{}, as Black {}-{}-{}; total W-D-L {wins}-{draws}-{losses} against {}",
        players[0], w[0], w[1], w[2], b[0], b[1], b[2], players[1]
    );
    outln!(out, "score: {wins}-{draws}-{losses}");
    Ok(())
}
