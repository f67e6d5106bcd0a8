//! The thinking line: while a computer player searches, the play screen
//! shows its depth, score as it sees it, speed and expected line, from
//! progress reports its thread sends (keyed by the job's generation).

use crate::support::tui as tui_support;

use motley::tui::{handle, request_events, App, AppEvent, Request};
use motley_ai::analysis::Eval;
use motley_ai::PlayerSpec;
use motley_session::{line_in_san, ProgressThrottle, ThinkProgress, PROGRESS_EVERY};
use std::time::{Duration, Instant};
use tui_support::*;

/// The generation of the computer's job waiting in the app's queue.
fn pending_job(app: &App) -> u64 {
    app.requests
        .iter()
        .find_map(|r| match r {
            Request::Think(job) => Some(job.order.generation),
            _ => None,
        })
        .expect("the computer was asked to think")
}

fn progress(score: Eval) -> ThinkProgress {
    ThinkProgress {
        depth: 9,
        seldepth: 17,
        score,
        nodes: 2_400_000,
        elapsed: Duration::from_millis(800),
        pv: [
            "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7",
        ]
        .map(String::from)
        .to_vec(),
    }
}

#[test]
fn the_thinking_line_shows_depth_score_speed_and_line_snapshot() {
    let players = [PlayerSpec::Computer { level: 3 }, PlayerSpec::Human];
    let mut app = play_app("standard", None, players, (80, 24));
    let generation = pending_job(&app);
    let event = AppEvent::Thinking {
        generation,
        progress: Box::new(progress(Eval::Cp(35))),
    };
    handle(&mut app, event);
    let s = screen(&app);
    assert!(s.contains("depth 9/17  +0.35  3.0M nodes/s"), "{s}");
    assert!(s.contains("line: e4 e5 Nf3 Nc6 Bb5 a6 Ba4"), "{s}");
    insta::assert_snapshot!("thinking_line", s);
}

#[test]
fn a_mate_shows_as_moves_to_mate_from_the_thinking_side() {
    let players = [PlayerSpec::Human, PlayerSpec::Computer { level: 3 }];
    let mut app = play_app("standard", None, players, (100, 35));
    // Typed without running the computer's job, which stays queued.
    for c in [':', 'f', '3'] {
        handle(&mut app, AppEvent::char(c));
    }
    handle(&mut app, AppEvent::key(crossterm::event::KeyCode::Enter));
    // The computer (Black) is thinking now; its report is its own view.
    let generation = pending_job(&app);
    handle(
        &mut app,
        AppEvent::Thinking {
            generation,
            progress: Box::new(progress(Eval::Mate(2))),
        },
    );
    let s = screen(&app);
    assert!(s.contains("Black (computer) is thinking…"), "{s}");
    assert!(s.contains("depth 9/17  #2  "), "{s}");
}

#[test]
fn a_stale_report_is_dropped() {
    let players = [PlayerSpec::Computer { level: 3 }, PlayerSpec::Human];
    let mut app = play_app("standard", None, players, (80, 24));
    let generation = pending_job(&app);
    handle(
        &mut app,
        AppEvent::Thinking {
            generation: generation + 7,
            progress: Box::new(progress(Eval::Cp(35))),
        },
    );
    assert_eq!(play_state(&app).session.progress(), None);
    assert!(!screen(&app).contains("depth 9"));
}

#[test]
fn a_real_search_reports_legal_lines_before_its_move() {
    let players = [PlayerSpec::Computer { level: 2 }, PlayerSpec::Human];
    let mut app = play_app("standard", None, players, (80, 24));
    let i = app
        .requests
        .iter()
        .position(|r| matches!(r, Request::Think(_)))
        .unwrap();
    let request = app.requests.remove(i);
    let events = request_events(request);
    let reports = thinking_reports(&events);
    assert!(!reports.is_empty(), "level 2 completes depth 1 at least");
    for pair in reports.windows(2) {
        assert!(pair[1].depth > pair[0].depth, "depths grow");
    }
    let legal_sans = motley_rules::all_sans(
        position(&app),
        &play_state(&app).session.game().legal_actions(),
    );
    for r in &reports {
        assert!(legal_sans.contains(&r.pv[0]), "{:?}", r.pv);
    }
    // The move arrives last and ends the thinking (and its line).
    assert!(matches!(events.last(), Some(AppEvent::Thought { .. })));
    for e in events {
        handle(&mut app, e);
    }
    assert_eq!(play_state(&app).session.progress(), None);
    assert_eq!(play_state(&app).session.game().ply(), 1);
}

#[test]
fn a_line_is_written_in_san_as_far_as_it_is_legal() {
    let app = play_app(
        "standard",
        None,
        [PlayerSpec::Human, PlayerSpec::Human],
        (80, 24),
    );
    let pos = position(&app);
    let parse = |p: &motley_rules::AnyPosition, t: &str| motley_rules::parse_action(p, t).unwrap();
    let e4 = parse(pos, "e2e4");
    let mut after = pos.clone();
    motley_rules::Position::play_unchecked(&mut after, e4);
    let e5 = parse(&after, "e7e5");
    // e2e4 again is not legal for Black: the line stops there.
    assert_eq!(line_in_san(pos, &[e4, e5, e4]), ["e4", "e5"]);
}

#[test]
fn progress_reaches_the_screen_a_few_times_a_second_at_most() {
    let mut throttle = ProgressThrottle::new(PROGRESS_EVERY);
    let t0 = Instant::now();
    assert!(throttle.due(t0), "the first report shows at once");
    assert!(!throttle.due(t0 + PROGRESS_EVERY / 2));
    assert!(throttle.due(t0 + PROGRESS_EVERY));
    assert!(!throttle.due(t0 + PROGRESS_EVERY + Duration::from_millis(1)));
    assert!(
        PROGRESS_EVERY >= Duration::from_millis(200),
        "at most 5 a second"
    );
}

#[test]
fn an_external_engine_shows_its_info_lines_as_the_thinking_line() {
    let command = format!("{} uci", env!("CARGO_BIN_EXE_motley"));
    let players = [
        PlayerSpec::Uci {
            command: command.into(),
        },
        PlayerSpec::Human,
    ];
    let mut app = play_app("chicken", None, players, (80, 24));
    let i = app
        .requests
        .iter()
        .position(|r| matches!(r, Request::Think(_)))
        .unwrap();
    let mut request = app.requests.remove(i);
    if let Request::Think(job) = &mut request {
        job.settings.movetime = Duration::from_millis(300);
    }
    let events = request_events(request);
    let reports = thinking_reports(&events);
    assert!(!reports.is_empty(), "Motley's engine writes info lines");
    let game = play_state(&app).session.game();
    let legal_sans = motley_rules::all_sans(position(&app), &game.legal_actions());
    for r in &reports {
        assert!(r.depth >= 1 && r.nodes > 0, "{r:?}");
        assert!(legal_sans.contains(&r.pv[0]), "{:?}", r.pv);
    }
    // Shown while the engine thinks, gone with its move.
    let generation = match events.last() {
        Some(AppEvent::Thought { generation, .. }) => *generation,
        other => panic!("{other:?}"),
    };
    let last = reports.last().unwrap();
    handle(
        &mut app,
        AppEvent::Thinking {
            generation,
            progress: Box::new((*last).clone()),
        },
    );
    assert!(screen(&app).contains(&format!("depth {}/", last.depth)));
    for e in events {
        handle(&mut app, e);
    }
    assert_eq!(play_state(&app).session.game().ply(), 1);
}

/// The thinking-line reports among a job's events, in order.
fn thinking_reports(events: &[AppEvent]) -> Vec<&ThinkProgress> {
    events
        .iter()
        .filter_map(|e| match e {
            AppEvent::Thinking { progress, .. } => Some(progress.as_ref()),
            _ => None,
        })
        .collect()
}
