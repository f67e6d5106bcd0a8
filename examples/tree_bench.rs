//! How long the replay viewer takes with a large tree of variations: a
//! game of 407 plies with VARIATIONS one-move variations replacing its
//! first move, kept in a JSON record (in the nested form every Motley reads),
//! opened in the viewer (reading, checking, the first frame), then the
//! time of a key (→, the frame after it) on average.
//!
//! ```text
//! cargo run --release --example tree_bench -- [VARIATIONS]   # 150000 by default
//! ```
//!
//! A benchmark, not a test: it prints times, which move with the machine.

use crossterm::event::KeyCode;
use motley::tui::{
    handle, App, AppEvent, ColorMode, ReplayState, Screen, Settings, Theme, ThemeName,
};
use motley_game::variant::Registry;
use motley_game::Game;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::time::Instant;

/// Plies of the game, as in the report that measured it first.
const PLIES: usize = 407;

/// Keys timed after the first frame.
const KEYS: u32 = 20;

/// A game of standard chess of exactly [`PLIES`] random legal moves (the
/// first seed whose game goes on so long).
fn long_game(reg: &Registry) -> Game {
    for seed in 0u64.. {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut g = Game::new(reg.get("standard").expect("standard"), None, 0).expect("start");
        while g.ply() < PLIES && g.outcome().is_none() {
            let legal = g.legal_actions();
            let a = legal[rng.next_u32() as usize % legal.len()];
            g.play(a).expect("a legal move");
        }
        if g.ply() == PLIES && g.outcome().is_none() {
            return g;
        }
    }
    unreachable!("some seed gives a long game")
}

fn main() {
    let variations: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(150_000);
    let reg = Registry::builtin();
    let game = long_game(&reg);
    let mut rec = serde_json::to_value(motley_records::record_of(&game)).expect("JSON");
    // Other first moves for White, each a variation of one move.
    let mut start = game.clone();
    start.truncate(0);
    let replies: Vec<String> = start
        .legal_actions()
        .iter()
        .map(|a| a.to_string())
        .filter(|a| *a != rec["moves"][0])
        .collect();
    let lines: Vec<Value> = (0..variations)
        .map(|i| json!([{ "action": replies[i % replies.len()] }]))
        .collect();
    rec["annotations"] = json!({ "plies": [{ "ply": 1, "variations": lines }] });
    let dir = std::env::temp_dir().join(format!("motley-tree-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let path = dir.join("large.json");
    let text = rec.to_string();
    std::fs::write(&path, &text).expect("the record");
    println!(
        "{PLIES} plies, {variations} one-move variations at ply 1: {} bytes",
        text.len()
    );

    let theme = Theme::new(ThemeName::Default, ColorMode::Indexed, false);
    let started = Instant::now();
    let state = ReplayState::open(path.clone(), &reg).expect("the viewer opens");
    let mut app = App::new(
        Screen::Replay(Box::new(state)),
        reg,
        Settings::default(),
        theme,
        (100, 35),
    );
    motley::tui::render_to_buffer(&app);
    println!(
        "open and first frame: {:.3} s",
        started.elapsed().as_secs_f64()
    );
    let started = Instant::now();
    for _ in 0..KEYS {
        handle(&mut app, AppEvent::key(KeyCode::Right));
        motley::tui::render_to_buffer(&app);
    }
    let per_key = started.elapsed().as_secs_f64() / f64::from(KEYS);
    println!("a key and its frame: {:.4} s on average", per_key);
    let _ = std::fs::remove_dir_all(&dir);
}
