//! Analysis in the replay viewer (`a`): the analysis runs as a job off the
//! UI thread and streams plies back; here the job is run inline at a fixed
//! depth so every result is the same on every machine. The screen shows an
//! evaluation bar, the best move on the board, the marks in the move list
//! and a graph; the finished analysis is kept in the record.

use crate::support::tui as tui_support;

use crossterm::event::KeyCode;
use motley::tui::parts::page::Mark as SquareMark;
use motley::tui::{
    handle, request_events, run_requests_inline, App, AppEvent, ReplayState, Request, Screen,
    Settings,
};
use motley_ai::analysis::{AnalysisSettings, Mark};
use motley_game::Game;
use std::path::{Path, PathBuf};
use std::time::Duration;
use tui_support::*;

/// The classic trap: `3... Nf6??` allows `4. Qxf7#`.
const SCHOLARS_MATE: [&str; 7] = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"];

/// Depth-limited analysis on one thread: the same results everywhere.
fn analysis_settings(dir: &Path) -> Settings {
    let mut s = settings(Some(&dir.to_path_buf()));
    s.session.analysis = AnalysisSettings {
        movetime: Duration::from_secs(120),
        max_depth: 4,
        threads: 1,
    };
    s
}

fn scholars_mate() -> Game {
    let mut g = Game::new(variant("standard"), None, 1).unwrap();
    for m in SCHOLARS_MATE {
        g.play_text(m).unwrap();
    }
    g
}

fn save(game: &Game, path: &Path) {
    motley_records::save_game(path, game, Some(("human", "human"))).unwrap();
}

fn viewer(path: PathBuf, dir: &Path, size: (u16, u16)) -> App {
    let state = ReplayState::open(path, &registry()).unwrap();
    App::new(
        Screen::Replay(Box::new(state)),
        registry(),
        analysis_settings(dir),
        theme(),
        size,
    )
}

/// Go to ply `n` by the jump prompt.
fn go_to(app: &mut App, n: usize) {
    key(app, KeyCode::Char('g'));
    typ(app, &n.to_string());
    key(app, KeyCode::Enter);
    assert_eq!(replay(app).ply(), n);
}

/// Press `a` and run the analysis to the end, inline.
fn analyse(app: &mut App) {
    key(app, KeyCode::Char('a'));
    assert!(replay(app).review().is_done(), "{}", replay_message(app));
}

/// The row of the screen holding `needle`.
fn row_of(app: &App, needle: &str) -> String {
    screen(app)
        .lines()
        .find(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no '{needle}' on screen:\n{}", screen(app)))
        .to_string()
}

/// The mark the board shows on a square.
fn square_background(app: &App, sq: &str) -> Option<ratatui::style::Color> {
    let buf = motley::tui::render_to_buffer(app);
    let r = replay(app);
    let lay = motley::tui::parts::page::PageLayout::new(
        app.size,
        (r.view.flipped, false),
        (8, 8),
        &[],
        None,
    );
    let cell = lay.board.unwrap().cell(crate::support::tui::spot(sq));
    Some(buf[(cell.x, cell.y + cell.height / 2)].bg)
}

fn best_background(sq: &str) -> ratatui::style::Color {
    let dark = motley_rules::core::Square::parse(sq).unwrap().is_dark();
    theme().square(dark, Some(SquareMark::Best)).bg.unwrap()
}

#[test]
fn analysing_marks_the_blunder_and_keeps_the_analysis_in_the_file() {
    let dir = temp_dir("analysis-store");
    let path = dir.join("scholar.json");
    save(&scholars_mate(), &path);
    let mut app = viewer(path.clone(), &dir, (100, 35));
    analyse(&mut app);
    let r = replay(&app);
    let nf6 = r.review().ply(6).unwrap();
    assert_eq!(nf6.san, "Nf6");
    assert_eq!(nf6.mark, Some(Mark::Blunder), "{nf6:?}");
    // The engine's choice there stops the mate.
    let best = nf6.best.clone().unwrap();
    assert!(
        ["g6", "Qe7", "Qf6", "Nh6", "Qe7"].contains(&best.as_str()),
        "{best}"
    );
    assert!(row_of(&app, "Nf6").contains("Nf6??"));
    assert!(replay_message(&app).contains("stored in scholar.json"));
    // The file keeps its moves and gains the analysis.
    let text = std::fs::read_to_string(&path).unwrap();
    let rec = motley_records::GameRecord::from_json(&text).unwrap();
    assert_eq!(rec.moves.len(), 7);
    let stored = rec.analysis.expect("analysis stored");
    assert_eq!(stored["plies"][5]["mark"], "??");
    assert_eq!(stored["movetime_ms"], 120_000);
    // Reopened, the marks are there at once: nothing is searched again.
    let mut again = viewer(path, &dir, (100, 35));
    assert!(replay(&again).review().is_done());
    assert!(replay(&again).review().is_from_record());
    assert!(again.requests.is_empty());
    go_to(&mut again, 6);
    assert!(row_of(&again, "Nf6").contains("Nf6??"));
    assert!(screen(&again).contains("Analysis (file)"));
    handle(&mut again, AppEvent::char('a'));
    assert!(again.requests.is_empty(), "analysed already: no new job");
    assert!(replay_message(&again).contains("analysed already"));
}

#[test]
fn plies_stream_in_while_the_viewer_stays_usable() {
    let dir = temp_dir("analysis-stream");
    let path = dir.join("scholar.json");
    save(&scholars_mate(), &path);
    let mut app = viewer(path, &dir, (100, 35));
    handle(&mut app, AppEvent::char('a'));
    assert!(replay(&app).review().is_running());
    assert!(screen(&app).contains("Analysing… 0 of 7 plies"));
    let Some(Request::Analyse(job)) = app.requests.pop() else {
        panic!("expected an analysis job")
    };
    let events = request_events(Request::Analyse(job));
    assert_eq!(events.len(), 8, "seven plies, then the whole");
    let mut events = events.into_iter();
    for event in events.by_ref().take(3) {
        handle(&mut app, event);
    }
    assert_eq!(replay(&app).review().done(), 3);
    assert!(screen(&app).contains("Analysing… 3 of 7 plies"));
    // Browsing goes on while the rest is searched.
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Right);
    assert_eq!(replay(&app).ply(), 2);
    assert!(screen(&app).contains("Evaluation: "));
    for event in events {
        handle(&mut app, event);
    }
    assert!(replay(&app).review().is_done());
    assert!(replay_message(&app).contains("analysed; ?!/?/??: White"));
}

#[test]
fn a_again_stops_the_analysis_and_leaving_stops_it_too() {
    let dir = temp_dir("analysis-stop");
    let path = dir.join("scholar.json");
    save(&scholars_mate(), &path);
    let mut app = viewer(path.clone(), &dir, (100, 35));
    handle(&mut app, AppEvent::char('a'));
    let Some(Request::Analyse(job)) = app.requests.pop() else {
        panic!("expected an analysis job")
    };
    let events = request_events(Request::Analyse(job.clone()));
    handle(&mut app, events[0].clone());
    handle(&mut app, AppEvent::char('a'));
    assert!(job.stop.load(std::sync::atomic::Ordering::Relaxed));
    assert!(replay_message(&app).contains("analysis stopped (1 of 7 plies done)"));
    // What arrives after the stop is dropped, and nothing is stored.
    for event in events.into_iter().skip(1) {
        handle(&mut app, event);
    }
    assert_eq!(replay(&app).review().done(), 1);
    assert!(!replay(&app).review().is_done());
    let rec = std::fs::read_to_string(&path).unwrap();
    assert!(!rec.contains("\"analysis\""));
    // A new start, then leaving the viewer: the job is told to stop.
    handle(&mut app, AppEvent::char('a'));
    let Some(Request::Analyse(job)) = app.requests.pop() else {
        panic!("expected an analysis job")
    };
    handle(&mut app, AppEvent::char('q'));
    assert!(job.stop.load(std::sync::atomic::Ordering::Relaxed));
    assert!(app.quit);
}

#[test]
fn a_stored_analysis_of_other_moves_is_ignored() {
    let dir = temp_dir("analysis-stale");
    let path = dir.join("scholar.json");
    save(&scholars_mate(), &path);
    let mut app = viewer(path.clone(), &dir, (100, 35));
    analyse(&mut app);
    // Someone edits the moves (and the result they no longer give) but
    // leaves the analysis.
    let text = std::fs::read_to_string(&path).unwrap();
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    value["moves"][5] = "g8h6".into();
    value["moves"][6] = "h5f7".into();
    value["result"] = "*".into();
    value.as_object_mut().unwrap().remove("reason");
    std::fs::write(&path, serde_json::to_string(&value).unwrap()).unwrap();
    let app = viewer(path, &dir, (100, 35));
    assert!(!replay(&app).review().is_shown());
    assert!(replay_message(&app).contains("the stored analysis is of other moves"));
    assert!(!screen(&app).contains("??"));
}

#[test]
fn the_best_move_is_highlighted_and_the_bar_shows_the_mate() {
    let dir = temp_dir("analysis-best");
    let path = dir.join("scholar.json");
    save(&scholars_mate(), &path);
    let mut app = viewer(path, &dir, (100, 35));
    analyse(&mut app);
    go_to(&mut app, 6);
    // After 3... Nf6?? the engine's choice is the mate.
    assert_eq!(
        replay(&app).review().ply(7).unwrap().best.as_deref(),
        Some("Qxf7#")
    );
    for sq in ["h5", "f7"] {
        assert_eq!(square_background(&app, sq), Some(best_background(sq)));
    }
    assert_ne!(square_background(&app, "e4"), Some(best_background("e4")));
    let s = screen(&app);
    assert!(s.contains("#1"), "the bar says mate in 1:\n{s}");
    assert!(s.contains("White mates in 1"));
    assert!(s.contains("Best here: Qxf7#"));
    insta::assert_snapshot!("analysis_100x35_after_the_blunder", s);
}

#[test]
fn the_layout_keeps_the_board_at_the_smallest_size() {
    let dir = temp_dir("analysis-small");
    let path = dir.join("scholar.json");
    save(&scholars_mate(), &path);
    let mut app = viewer(path, &dir, (64, 18));
    let plain_tiny = screen(&app);
    app.size = (80, 24);
    let plain = screen(&app);
    analyse(&mut app);
    go_to(&mut app, 6);
    let s = screen(&app);
    // The board is as big as without analysis: its top and bottom rows.
    let board_rows = |s: &str| {
        s.lines()
            .filter(|l| l.starts_with(" 8") || l.starts_with("  a"))
            .count()
    };
    assert_eq!(board_rows(&s), board_rows(&plain));
    assert!(s.contains("Nf6??"));
    insta::assert_snapshot!("analysis_80x24_after_the_blunder", s);
    // The smallest the app draws: the board keeps its size there too.
    app.size = (64, 18);
    let tiny = screen(&app);
    assert_eq!(board_rows(&tiny), board_rows(&plain_tiny), "{tiny}");
    assert!(tiny.contains("#1"), "{tiny}");
    // Too short for the graph: it goes, the board and bar stay.
    app.size = (80, 20);
    let short = screen(&app);
    assert!(!short.contains("Evaluation ·"), "{short}");
    assert!(short.contains("#1") && short.contains(" 8 "), "{short}");
}

#[test]
fn clicking_a_move_with_the_analysis_shown_goes_to_that_ply() {
    let dir = temp_dir("analysis-click");
    let path = dir.join("scholar.json");
    save(&scholars_mate(), &path);
    let mut app = viewer(path, &dir, (100, 35));
    analyse(&mut app);
    let s = screen(&app);
    let (row, line) = s
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("Nf6??"))
        .unwrap();
    let col = line.find("Nf6??").unwrap();
    // Columns in characters, not bytes.
    let col = line[..col].chars().count() as u16;
    click(&mut app, col + 1, row as u16);
    assert_eq!(replay(&app).ply(), 6);
}

#[test]
fn branching_after_analysis_still_works_and_leaves_the_file_alone() {
    let dir = temp_dir("analysis-branch");
    let path = dir.join("scholar.json");
    save(&scholars_mate(), &path);
    let mut app = viewer(path.clone(), &dir, (100, 35));
    analyse(&mut app);
    let stored = std::fs::read_to_string(&path).unwrap();
    go_to(&mut app, 5);
    key(&mut app, KeyCode::Char('b'));
    let p = play_state(&app);
    assert_eq!(p.session.game().ply(), 5);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), stored);
    // The branch plays on: the blunder's alternative.
    prompt(&mut app, "g6");
    assert_eq!(play_state(&app).session.game().ply(), 6);
}

#[test]
fn the_key_bar_and_help_name_the_new_keys() {
    let dir = temp_dir("analysis-keys");
    let path = dir.join("scholar.json");
    save(&scholars_mate(), &path);
    let mut app = viewer(path, &dir, (100, 35));
    let bar = screen(&app).lines().last().unwrap().to_string();
    assert!(bar.contains("p play") && bar.contains("a analyse"), "{bar}");
    key(&mut app, KeyCode::Char('?'));
    let help = screen(&app);
    assert!(help.contains("p / Space"), "{help}");
    assert!(help.contains("analyse the game"), "{help}");
    key(&mut app, KeyCode::Esc);
    // p plays and pauses; Space too.
    key(&mut app, KeyCode::Char('p'));
    assert!(app.tick_interval().is_some());
    key(&mut app, KeyCode::Char(' '));
    assert!(app.tick_interval().is_none());
    run_requests_inline(&mut app);
}

#[test]
fn an_analysis_that_ends_without_a_result_says_so_and_can_be_restarted() {
    let dir = temp_dir("analysis-failed");
    let path = dir.join("scholar.json");
    save(&scholars_mate(), &path);
    let mut app = viewer(path, &dir, (100, 35));
    handle(&mut app, AppEvent::char('a'));
    let Some(Request::Analyse(job)) = app.requests.pop() else {
        panic!("expected an analysis job")
    };
    let events = request_events(Request::Analyse(job.clone()));
    handle(&mut app, events[0].clone());
    // The job's thread died (or never started): no analysis comes.
    handle(
        &mut app,
        AppEvent::AnalysisDone {
            job: job.id,
            analysis: None,
        },
    );
    assert!(!replay(&app).review().is_running());
    assert!(replay_message(&app).contains("the analysis ended early (1 of 7 plies)"));
    analyse(&mut app);
    assert_eq!(replay(&app).review().done(), 7);
}

/// A game of `id` with up to `n` plies chosen by a seeded random walk.
fn walk(id: &str, n: usize, seed: u64) -> Game {
    let mut g = Game::new(variant(id), None, seed).unwrap();
    let mut x = seed;
    while g.ply() < n && g.outcome().is_none() {
        if g.roll_dice().is_some() {
            continue;
        }
        let legal = g.legal_actions();
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        g.play(legal[(x >> 33) as usize % legal.len()]).unwrap();
    }
    g
}

#[test]
fn games_of_every_variant_are_analysed_and_drawn() {
    let dir = temp_dir("analysis-variants");
    for def in registry().all() {
        let path = dir.join(format!("{}.json", def.id));
        let game = walk(&def.id, 14, 5);
        save(&game, &path);
        let mut app = viewer(path.clone(), &dir, (100, 35));
        app.settings.session.analysis.max_depth = 2;
        analyse(&mut app);
        let plies = game.ply();
        assert_eq!(replay(&app).review().done(), plies, "{}", def.id);
        for ply in 0..=plies {
            go_to(&mut app, ply);
            let s = screen(&app);
            assert!(s.contains("Evaluation: "), "{}: {s}", def.id);
        }
        assert!(std::fs::read_to_string(&path)
            .unwrap()
            .contains("\"analysis\""));
        // Reopened: the stored analysis matches (rolls and all).
        assert!(
            replay(&viewer(path, &dir, (80, 24))).review().is_done(),
            "{}",
            def.id
        );
    }
}

#[test]
fn replaying_from_the_menu_shows_the_stored_analysis() {
    let dir = temp_dir("analysis-menu");
    let path = dir.join("scholar.json");
    save(&scholars_mate(), &path);
    analyse(&mut viewer(path.clone(), &dir, (100, 35)));
    let reg = registry();
    let s = analysis_settings(&dir);
    let menu = motley::tui::MenuState::new(&s, &reg);
    let mut app = App::new(Screen::Menu(Box::new(menu)), reg, s, theme(), (100, 35));
    key(&mut app, KeyCode::Char('r'));
    key(&mut app, KeyCode::Char('t'));
    typ(&mut app, path.to_str().unwrap());
    key(&mut app, KeyCode::Enter);
    assert!(replay(&app).review().is_done());
    assert!(screen(&app).contains("Nf6??"));
}

#[test]
fn files_that_cannot_keep_an_analysis_say_so_and_stay_as_they_were() {
    let dir = temp_dir("analysis-unstored");
    // PGN: analysed and shown, not stored.
    let pgn = dir.join("scholar.pgn");
    let text = "[Event \"?\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
    std::fs::write(&pgn, text).unwrap();
    let mut app = viewer(pgn.clone(), &dir, (100, 35));
    analyse(&mut app);
    assert!(screen(&app).contains("Nf6??"));
    assert!(replay_message(&app).contains("PGN files keep no analysis"));
    assert_eq!(std::fs::read_to_string(&pgn).unwrap(), text);
    // A record with a bad ply: the valid part is analysed, the file kept.
    let broken = dir.join("broken.json");
    let record = r#"{"format":"motley-game","version":1,"variant":"standard","start":null,"seed":1,"moves":["e2e4","e7e5","e1e3"]}"#;
    std::fs::write(&broken, record).unwrap();
    let mut app = viewer(broken.clone(), &dir, (100, 35));
    analyse(&mut app);
    assert_eq!(replay(&app).review().done(), 2);
    assert!(replay_message(&app).contains("not stored (the file has a bad ply)"));
    assert_eq!(std::fs::read_to_string(&broken).unwrap(), record);
    // No moves: nothing to analyse.
    let empty = dir.join("empty.json");
    save(&Game::new(variant("standard"), None, 1).unwrap(), &empty);
    let mut app = viewer(empty, &dir, (100, 35));
    handle(&mut app, AppEvent::char('a'));
    assert!(app.requests.is_empty());
    assert!(replay_message(&app).contains("no moves to analyse"));
}

/// Morphy's Opera game (Paris 1858): 33 plies with sacrifices, so the
/// graph has a shape and each side an accuracy of its own.
const OPERA: [&str; 33] = [
    "e4", "e5", "Nf3", "d6", "d4", "Bg4", "dxe5", "Bxf3", "Qxf3", "dxe5", "Bc4", "Nf6", "Qb3",
    "Qe7", "Nc3", "c6", "Bg5", "b5", "Nxb5", "cxb5", "Bxb5+", "Nbd7", "O-O-O", "Rd8", "Rxd7",
    "Rxd7", "Rd1", "Qe6", "Bxd7+", "Nxd7", "Qb8+", "Nxb8", "Rd8#",
];

fn opera() -> Game {
    let mut g = Game::new(variant("standard"), None, 1).unwrap();
    for m in OPERA {
        g.play_text(m).unwrap();
    }
    g
}

/// The graph's rows on screen: (top border row, rows including borders).
fn graph_rows(s: &str) -> Option<(usize, usize)> {
    let lines: Vec<&str> = s.lines().collect();
    let top = lines.iter().position(|l| l.starts_with("┌ Evaluation ·"))?;
    let bottom = (top..lines.len()).find(|&i| lines[i].starts_with('└'))?;
    Some((top, bottom - top + 1))
}

/// Rows a square of the board drawn takes: from rank 8's label to 7's.
fn square_rows(s: &str) -> usize {
    let row = |label: &str| s.lines().position(|l| l.starts_with(label)).unwrap();
    row(" 7") - row(" 8")
}

/// Issue 21, section 5: each side's accuracy is in the side panel, and on
/// a taller terminal the graph grows (the board steps down one size for
/// it) instead of keeping two rows of plot under a bigger board.
#[test]
fn accuracy_shows_and_the_graph_grows_with_the_terminal() {
    let dir = temp_dir("analysis-accuracy");
    let path = dir.join("opera.json");
    save(&opera(), &path);
    let mut app = viewer(path, &dir, (120, 40));
    let plain = screen(&app);
    analyse(&mut app);
    let r = replay(&app);
    let (white, black) = (
        r.review()
            .accuracy(motley_rules::core::Color::White)
            .unwrap(),
        r.review()
            .accuracy(motley_rules::core::Color::Black)
            .unwrap(),
    );
    // Morphy played the better game.
    assert!(white > black, "{white} {black}");
    go_to(&mut app, 16);
    let s = screen(&app);
    let line = row_of(&app, "Accuracy:");
    assert!(
        line.contains(&format!("White {white:.0}% Black {black:.0}%")),
        "{line}"
    );
    // Without analysis the 9×4 board fills 120×40; with it the board is
    // 7×3 and the graph has ten rows of plot, not two.
    assert_eq!(square_rows(&plain), 4, "{plain}");
    assert_eq!(square_rows(&s), 3, "{s}");
    let (_, rows) = graph_rows(&s).expect("a graph");
    assert_eq!(rows, 12, "{s}");
    insta::assert_snapshot!("analysis_120x40_accuracy_and_graph", s);
    // 80×24: the smallest comfortable board keeps its size; the graph
    // takes the rows under it, and the accuracy fits the narrow panel.
    app.size = (80, 24);
    let s = screen(&app);
    assert_eq!(square_rows(&s), 2, "{s}");
    assert_eq!(graph_rows(&s).map(|g| g.1), Some(4), "{s}");
    assert!(row_of(&app, "Accuracy:").contains("Black"), "{s}");
    insta::assert_snapshot!("analysis_80x24_accuracy_and_graph", s);
    // 100×30 had no room for a graph under its 7×3 board; now the board
    // steps down and the graph has eight rows of plot.
    app.size = (100, 30);
    let s = screen(&app);
    assert_eq!(graph_rows(&s).map(|g| g.1), Some(10), "{s}");
}

/// The graph writes `??` under each blunder's ply and `?` under each
/// mistake's.
#[test]
fn the_graph_marks_blunders_and_mistakes_under_their_plies() {
    let dir = temp_dir("analysis-graph-marks");
    let path = dir.join("opera.json");
    save(&opera(), &path);
    let mut app = viewer(path, &dir, (120, 40));
    analyse(&mut app);
    let marks = replay(&app).review().marks();
    let count = |m: Mark| marks.iter().filter(|x| **x == Some(m)).count();
    let s = screen(&app);
    let (top, rows) = graph_rows(&s).unwrap();
    let border = s.lines().nth(top + rows - 1).unwrap();
    // Each blunder's `??`, as long as no two share a column.
    let blunders = count(Mark::Blunder);
    assert!(blunders >= 1, "{marks:?}");
    assert_eq!(border.matches("??").count(), blunders, "{border}");
    let singles = border.replace("??", "").matches('?').count();
    assert!(singles <= count(Mark::Mistake), "{border} {marks:?}");
}

/// A click on the graph goes to the ply drawn in that column: where the
/// cursor stood for a ply, at either end, and on a blunder's `??`.
#[test]
fn clicking_the_graph_goes_to_that_ply() {
    let dir = temp_dir("analysis-graph-click");
    let path = dir.join("scholar.json");
    save(&scholars_mate(), &path);
    let mut app = viewer(path, &dir, (100, 35));
    analyse(&mut app);
    go_to(&mut app, 3);
    let s = screen(&app);
    let (top, rows) = graph_rows(&s).unwrap();
    let lines: Vec<&str> = s.lines().collect();
    // The cursor's column (in characters), in a row the curve leaves it.
    let (cursor_row, cursor) = (top + 1..top + rows - 1)
        .find_map(|y| Some((y, lines[y].chars().position(|c| c == '█')?)))
        .unwrap();
    go_to(&mut app, 0);
    key(&mut app, KeyCode::Char('p'));
    click(&mut app, cursor as u16, cursor_row as u16);
    assert_eq!(replay(&app).ply(), 3);
    assert!(!replay(&app).is_autoplaying(), "a click stops autoplay");
    assert!(screen(&app).contains("Evaluation · ply 3 of 7"));
    // The ends of the plot.
    let right = lines[top].chars().position(|c| c == '┐').unwrap() as u16;
    click(&mut app, 1, (top + 1) as u16);
    assert_eq!(replay(&app).ply(), 0);
    click(&mut app, right - 1, (top + 1) as u16);
    assert_eq!(replay(&app).ply(), 7);
    // The blunder's mark in the bottom border: 3... Nf6??, ply 6.
    let border = lines[top + rows - 1];
    let at = border.chars().collect::<Vec<_>>();
    let col = (0..at.len() - 1)
        .find(|&i| at[i] == '?' && at[i + 1] == '?')
        .unwrap() as u16;
    click(&mut app, col, (top + rows - 1) as u16);
    assert_eq!(replay(&app).ply(), 6);
    // Above the graph is the board, not a ply.
    click(&mut app, 3, (top - 1) as u16);
    assert_eq!(replay(&app).ply(), 6);
}

/// An analysis stored before accuracy existed has no accuracy fields: it
/// still reads, and the viewer works the accuracy out from its plies.
#[test]
fn an_analysis_stored_without_accuracy_shows_it_too() {
    let dir = temp_dir("analysis-old-record");
    let path = dir.join("scholar.json");
    save(&scholars_mate(), &path);
    analyse(&mut viewer(path.clone(), &dir, (100, 35)));
    let text = std::fs::read_to_string(&path).unwrap();
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    let analysis = &mut value["analysis"];
    assert!(analysis["summary"][1]["accuracy"].is_number());
    let stored_black = analysis["summary"][1]["accuracy"].as_f64().unwrap();
    for side in analysis["summary"].as_array_mut().unwrap() {
        side.as_object_mut().unwrap().remove("accuracy");
    }
    for ply in analysis["plies"].as_array_mut().unwrap() {
        ply.as_object_mut().unwrap().remove("accuracy");
    }
    std::fs::write(&path, serde_json::to_string(&value).unwrap()).unwrap();
    let app = viewer(path, &dir, (100, 35));
    let r = replay(&app);
    assert!(r.review().is_done() && r.review().is_from_record());
    let black = r
        .review()
        .accuracy(motley_rules::core::Color::Black)
        .unwrap();
    assert!((black - stored_black).abs() < 0.1, "{black} {stored_black}");
    assert!(row_of(&app, "Accuracy:").contains(&format!("Black {black:.0}%")));
}

// A PGN with an evaluation after every move opens analysed by them: the
// marks and the graph at once, said to be the file's, and nothing searched.
#[test]
fn a_pgn_with_evaluations_opens_analysed_by_them() {
    let dir = temp_dir("analysis-evals");
    let path = dir.join("evals.pgn");
    let pgn = "[Event \"e\"]\n[Result \"1-0\"]\n\n\
        1. e4 { [%eval 0.3] } e5 { [%eval 0.25] } 2. Bc4 { [%eval 0.2] } Nc6 { [%eval 0.3] } \
        3. Qh5 { [%eval 0.1] } Nf6 { [%eval #1] } 4. Qxf7# 1-0\n";
    std::fs::write(&path, pgn).unwrap();
    let mut app = viewer(path, &dir, (100, 35));
    assert!(replay(&app).review().is_done());
    assert!(app.requests.is_empty(), "nothing is searched");
    go_to(&mut app, 6);
    assert!(row_of(&app, "Nf6").contains("Nf6??"));
    assert!(screen(&app).contains("Analysis: the file's evaluations"));
}
