//! Texel's method for the positional weights of the chess evaluation
//! (`motley_ai::eval::positional`): fit them so that the evaluation of
//! quiet positions from games Motley played itself predicts the games'
//! results.
//!
//! ```text
//! motley match standard --white "uci:motley uci?nodes=20000" \
//!     --black "uci:motley uci?nodes=20000" --games 400 --opening-plies 8 \
//!     --save-dir texel-games
//! cargo run --release --example texel -- texel-games [PASSES]
//! ```
//!
//! It prints the error before and after and the tuned weights as Rust, to
//! be copied into `positional::TUNED`. Only standard chess games are read.

use motley_ai::eval::chess::standard_eval;
use motley_ai::eval::positional::{Weights, TUNED};
use motley_game::variant::Registry;
use motley_rules::core::{Action, Color};
use motley_rules::{AnyPosition, Position};
use std::path::Path;

/// Plies of each game skipped (the random opening and the book-like start).
const SKIP_PLIES: usize = 10;

/// One training position: the position and the game's result for White
/// (1, ½ or 0).
struct Sample {
    pos: motley_rules::standard::Standard,
    result: f64,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(dir) = args.first() else {
        eprintln!("usage: texel DIR [PASSES]   (DIR holds JSON records of standard games)");
        std::process::exit(2);
    };
    let passes: usize = args.get(1).and_then(|p| p.parse().ok()).unwrap_or(8);
    let samples = read_samples(Path::new(dir));
    eprintln!("{} quiet positions", samples.len());
    if samples.is_empty() {
        std::process::exit(1);
    }
    let k = fit_k(&samples);
    let start = error(&samples, &TUNED, k);
    eprintln!("K = {k:.3}, error with the current weights {start:.6}");
    let tuned = descend(&samples, k, passes);
    let end = error(&samples, &tuned, k);
    eprintln!("error with the tuned weights {end:.6}");
    println!("{tuned:?}");
}

/// Quiet positions (not in check, the move played there neither a capture
/// nor a promotion) of every finished standard game in `dir`.
fn read_samples(dir: &Path) -> Vec<Sample> {
    let registry = Registry::builtin();
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        eprintln!("cannot read {}", dir.display());
        return out;
    };
    for entry in entries.flatten() {
        let Ok(games) = motley_records::load_all(&entry.path(), &registry) else {
            continue;
        };
        for saved in games {
            let game = &saved.game;
            let Some(outcome) = game.outcome() else {
                continue;
            };
            let result = match outcome.winner {
                Some(Color::White) => 1.0,
                Some(Color::Black) => 0.0,
                None => 0.5,
            };
            let Ok(AnyPosition::Standard(mut pos)) = game.variant().position(game.start_fen())
            else {
                continue;
            };
            for (ply, action) in game.actions().iter().enumerate() {
                let quiet = match action {
                    Action::Move(m) => !pos.is_capture(m) && m.promotion().is_none(),
                    _ => false,
                };
                if ply >= SKIP_PLIES && quiet && !pos.in_check(pos.turn()) {
                    out.push(Sample { pos, result });
                }
                pos.play_unchecked(*action);
            }
        }
    }
    out
}

/// The evaluation from White's side.
fn white_eval(s: &Sample, w: &Weights) -> f64 {
    let e = f64::from(standard_eval(&s.pos, w));
    if s.pos.turn() == Color::White {
        e
    } else {
        -e
    }
}

/// Mean squared difference between results and the win expectancy the
/// evaluation predicts with scale `k`.
fn error(samples: &[Sample], w: &Weights, k: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let expected = 1.0 / (1.0 + 10f64.powf(-k * white_eval(s, w) / 400.0));
            (s.result - expected).powi(2)
        })
        .sum();
    sum / samples.len() as f64
}

/// The scale that best maps the current evaluation onto results.
fn fit_k(samples: &[Sample]) -> f64 {
    let (mut lo, mut hi) = (0.1f64, 3.0f64);
    for _ in 0..40 {
        let a = lo + (hi - lo) / 3.0;
        let b = hi - (hi - lo) / 3.0;
        if error(samples, &TUNED, a) < error(samples, &TUNED, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Coordinate descent: move each weight by one step up or down while that
/// lowers the error, for `passes` rounds or until nothing improves.
fn descend(samples: &[Sample], k: f64, passes: usize) -> Weights {
    let mut best = TUNED.to_vec();
    let mut best_error = error(samples, &TUNED, k);
    for pass in 0..passes {
        let mut improved = false;
        for i in 0..best.len() {
            let step = (best[i].abs() / 8).max(1);
            for delta in [step, -step] {
                let mut trial = best.clone();
                trial[i] += delta;
                if i == 12 && trial[i] < 1 {
                    continue; // the king-danger divisor
                }
                let Some(w) = Weights::from_slice(&trial) else {
                    continue;
                };
                let e = error(samples, &w, k);
                if e < best_error {
                    best_error = e;
                    best = trial;
                    improved = true;
                    break;
                }
            }
        }
        eprintln!("pass {}: error {best_error:.6}", pass + 1);
        if !improved {
            break;
        }
    }
    Weights::from_slice(&best).unwrap_or(TUNED)
}
