//! `motley bench --browse N`: how long the game browser takes to list N
//! saved games, the first time (every file read) and again (summaries
//! cached while the files stay the same), and to move its cursor (the
//! board preview of the game under it).

use super::import::{random_game, Scratch};
use super::output::{outln, Out, WriteFailure};
use anyhow::Result;
use crossterm::event::{KeyCode, KeyEvent};
use motley::tui::parts::menu::{catalog, Browser, Shelf};
use motley::tui::Settings;
use motley_game::variant::Registry;
use motley_records as record;
use std::time::Instant;

/// Write `count` saved games of every variant in turn (about 80 plies
/// each), then time the browser over them.
pub fn bench_browse(count: u32, registry: &Registry, out: &mut Out) -> Result<()> {
    let dir =
        Scratch(std::env::temp_dir().join(format!("motley-bench-browse-{}", std::process::id())));
    let saves = dir.0.join("saves");
    std::fs::create_dir_all(&saves).map_err(|e| {
        WriteFailure::File(format!(
            "cannot create {}: {e}",
            motley_rules::core::quote::path(&saves)
        ))
    })?;
    let ids: Vec<String> = registry.all().iter().map(|v| v.id.clone()).collect();
    for k in 0..count {
        let id = &ids[k as usize % ids.len()];
        let game = random_game(registry, id, u64::from(k) + 1, 80)?;
        let path = saves.join(format!("game-{k:05}.json"));
        record::save_game(&path, &game, Some(("bench", "bench")))?;
    }
    let mut settings = Settings::default();
    settings.session.saves_dir = Some(saves.clone());
    let t = Instant::now();
    let listed = catalog::list(&saves, registry).len();
    let cold = t.elapsed().as_secs_f64() * 1e3;
    let t = Instant::now();
    catalog::list(&saves, registry);
    let warm = t.elapsed().as_secs_f64() * 1e3;
    let t = Instant::now();
    let mut browser = Browser::new(Shelf::Load, &settings, registry);
    let open = t.elapsed().as_secs_f64() * 1e3;
    let moves = 100u32;
    let t = Instant::now();
    for _ in 0..moves {
        browser.key(KeyEvent::from(KeyCode::Down), registry);
    }
    let step = t.elapsed().as_secs_f64() * 1e6 / f64::from(moves);
    outln!(
        out,
        "browse: {listed} saved games listed in {cold:.1} ms (every file read), {warm:.1} ms again (cached)"
    );
    outln!(
        out,
        "browse: the browser opens in {open:.1} ms (cached list, sorted, first preview); a cursor step with its preview takes {step:.0} µs"
    );
    Ok(())
}
