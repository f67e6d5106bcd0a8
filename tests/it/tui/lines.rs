//! Live engine lines in the replay viewer (issue 21, section 3): `L`
//! searches the position shown live and shows its best lines with their
//! evaluations and first moves in SAN, with depth and speed; they follow
//! the position shown, `n` shows one more line (up to five, then one),
//! and `L` again or leaving the viewer stops the search.

use crate::support::tui as tui_support;

use crossterm::event::KeyCode;
use motley::tui::parts::replay::EngineLines;
use motley::tui::{handle, run_requests_inline, App, AppEvent, ReplayState, Request, Screen};
use motley_game::Game;
use std::sync::atomic::Ordering;
use tui_support::*;

const SIZE: (u16, u16) = (100, 35);

/// The viewer on a game of `variant` after `moves`, shown at the start.
fn viewer(variant_id: &str, moves: &[&str]) -> App {
    let mut game = Game::new(variant(variant_id), None, 3).unwrap();
    for m in moves {
        game.play_text(m).unwrap();
    }
    let state = ReplayState::new(game, None, None);
    App::new(
        Screen::Replay(Box::new(state)),
        registry(),
        settings(None),
        theme(),
        SIZE,
    )
}

/// The live search queued, with its stop flag.
fn queued_stop(app: &App) -> std::sync::Arc<std::sync::atomic::AtomicBool> {
    match app.requests.last() {
        Some(Request::Lines(job)) => job.stop.clone(),
        _ => panic!("no live search queued"),
    }
}

#[test]
fn lines_show_the_best_moves_of_the_position_shown_in_san() {
    let mut app = viewer("standard", &["e4", "e5", "Nf3"]);
    handle(&mut app, AppEvent::key(KeyCode::Char('L')));
    assert!(replay(&app).lines().is_on());
    run_requests_inline(&mut app);
    let s = screen(&app);
    assert!(s.contains("Engine lines: depth 4"), "{s}");
    // One line at the start: an evaluation and moves in SAN.
    let latest = replay(&app).lines().latest.clone().unwrap();
    assert_eq!(latest.lines.len(), 1);
    let (_, moves) = &latest.lines[0];
    let mut check = Game::new(variant("standard"), None, 3).unwrap();
    for m in moves {
        check
            .play_text(m)
            .expect("each move of the line plays in turn");
    }
}

#[test]
fn lines_follow_the_position_and_stop_when_turned_off_or_left() {
    let mut app = viewer("standard", &["e4", "e5", "Nf3"]);
    handle(&mut app, AppEvent::key(KeyCode::Char('L')));
    let first = queued_stop(&app);
    // Another position: the search at work stops and a new one starts.
    handle(&mut app, AppEvent::key(KeyCode::Right));
    assert!(first.load(Ordering::Relaxed), "the old search was stopped");
    let second = queued_stop(&app);
    assert!(!second.load(Ordering::Relaxed));
    app.requests.clear();
    // An update of the replaced search is not shown.
    let stale = EngineLines {
        depth: 99,
        nodes_per_second: 1,
        lines: Vec::new(),
        chance_value: None,
    };
    handle(
        &mut app,
        AppEvent::Lines {
            job: 0,
            lines: Box::new(stale),
        },
    );
    assert!(replay(&app).lines().latest.is_none());
    // L again: off.
    handle(&mut app, AppEvent::key(KeyCode::Char('L')));
    assert!(second.load(Ordering::Relaxed));
    assert!(!replay(&app).lines().is_on());
    // On again, then the viewer is left: the search stops.
    handle(&mut app, AppEvent::key(KeyCode::Char('L')));
    let third = queued_stop(&app);
    handle(&mut app, AppEvent::key(KeyCode::Char('q')));
    assert!(third.load(Ordering::Relaxed));
}

#[test]
fn n_shows_one_more_line_up_to_five_then_one() {
    let mut app = viewer("standard", &["d4"]);
    handle(&mut app, AppEvent::key(KeyCode::Char('L')));
    for _ in 0..2 {
        handle(&mut app, AppEvent::key(KeyCode::Char('n')));
    }
    run_requests_inline(&mut app);
    assert_eq!(replay(&app).lines().latest.as_ref().unwrap().lines.len(), 3);
    assert!(replay_message(&app).contains("3 lines"));
    for _ in 0..3 {
        handle(&mut app, AppEvent::key(KeyCode::Char('n')));
    }
    assert_eq!(replay(&app).lines().count(), 1);
}

#[test]
fn lines_work_in_every_variant() {
    for id in [
        "antichess",
        "monochrome",
        "contrast",
        "chicken",
        "dice-money",
    ] {
        let mut app = viewer(id, &[]);
        handle(&mut app, AppEvent::key(KeyCode::Char('L')));
        run_requests_inline(&mut app);
        let latest = replay(&app).lines().latest.clone();
        let latest = latest.unwrap_or_else(|| panic!("{id}: no lines"));
        assert!(
            !latest.lines.is_empty() || latest.chance_value.is_some(),
            "{id}: {latest:?}"
        );
    }
}

#[test]
fn engine_lines_snapshot() {
    let mut app = viewer("standard", &["e4", "e5", "Nf3", "Nc6"]);
    handle(&mut app, AppEvent::key(KeyCode::End));
    handle(&mut app, AppEvent::key(KeyCode::Char('L')));
    handle(&mut app, AppEvent::key(KeyCode::Char('n')));
    run_requests_inline(&mut app);
    // Speed depends on the machine: blank it for the snapshot.
    let s = screen(&app);
    let s: String = s
        .lines()
        .map(|l| match l.find(" kN/s") {
            Some(i) => {
                // "· 1234 kN/s    │" becomes "· ? kN/s       │", as wide.
                let start = l[..i].rfind(' ').map_or(0, |j| j + 1);
                let border = l[i..].find('│').map_or(l.len(), |j| i + j);
                let width = l[start..border].chars().count();
                format!("{}{:<width$}{}", &l[..start], "? kN/s", &l[border..])
            }
            None => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n");
    insta::assert_snapshot!("engine_lines_100x35", s);
}

#[test]
fn lines_at_the_end_of_a_finished_game_say_there_is_nothing_to_search() {
    // Fool's mate.
    let mut app = viewer("standard", &["f3", "e5", "g4", "Qh4#"]);
    handle(&mut app, AppEvent::key(KeyCode::End));
    handle(&mut app, AppEvent::key(KeyCode::Char('L')));
    run_requests_inline(&mut app);
    assert!(screen(&app).contains("Engine lines: the game is over here"));
}
