//! The chess clock on the play screen, with a hand-set time: the side to
//! act loses time, the increment comes at the end of a turn, a flag fall
//! ends the game (a draw when the opponent cannot win), the clock is saved
//! and restored paused, and the computer budgets its time from it.

use crate::support::tui as tui_support;

use crossterm::event::KeyCode;
use motley::tui::{handle, App, AppEvent, PlayStart, PlayState, Screen};
use motley_ai::PlayerSpec;
use motley_game::clock::{TimeControl, TimeSource};
use motley_game::Game;
use motley_rules::core::Color;
use motley_rules::{EndReason, Position};
use motley_session::Session;
use std::path::Path;
use std::time::Duration;
use tui_support::*;

const H: [PlayerSpec; 2] = [PlayerSpec::Human, PlayerSpec::Human];
const BIG: (u16, u16) = (100, 35);

/// A play screen with a clock of `control` and a hand-set time source
/// (returned, to move time on).
fn clock_app(
    id: &str,
    fen: Option<&str>,
    players: [PlayerSpec; 2],
    control: &str,
    dir: Option<&Path>,
) -> (App, TimeSource) {
    let game = Game::new(variant(id), fen, 7).unwrap();
    let tc: TimeControl = control.parse().unwrap();
    let session = Session::new(game, players).with_clock(tc);
    open_app(session, dir)
}

fn open_app(session: Session, dir: Option<&Path>) -> (App, TimeSource) {
    let time = TimeSource::manual();
    let mut s = settings(dir.map(|d| d.to_path_buf()).as_ref());
    s.session.time = time.clone();
    let p = PlayState::open(PlayStart::new(session));
    let app = App::new(Screen::Play(Box::new(p)), registry(), s, theme(), BIG);
    (app, time)
}

fn secs(s: f64) -> Duration {
    Duration::from_secs_f64(s)
}

fn remaining(app: &App, side: Color) -> Duration {
    let clock = play_state(app).session.clock().expect("a clock");
    clock.remaining(side, app.settings.session.time.now())
}

/// Time passes, and the loop's timer fires.
fn wait(app: &mut App, time: &TimeSource, by: Duration) {
    time.advance(by);
    handle(app, AppEvent::Tick);
}

#[test]
fn the_clock_of_the_side_to_act_runs_and_the_increment_follows_the_move() {
    let (mut app, time) = clock_app("standard", None, H, "5+3", None);
    prompt(&mut app, "e4");
    wait(&mut app, &time, secs(12.0));
    assert_eq!(remaining(&app, Color::Black), secs(288.0));
    prompt(&mut app, "e5");
    assert_eq!(remaining(&app, Color::Black), secs(291.0));
    wait(&mut app, &time, secs(40.5));
    assert_eq!(remaining(&app, Color::White), secs(259.5));
    let s = screen(&app);
    assert!(s.contains("Clock 5+3"), "{s}");
    assert!(s.contains("White     4:20  ◂"), "{s}");
    assert!(s.contains("Black     4:51"), "{s}");
    insta::assert_snapshot!("clock_running", s);
}

// Issue 22, item 10: the clock starts at White's first move, as on
// lichess: a game with no moves is never lost on time, and leaving it
// keeps no record.
#[test]
fn item_10_no_time_runs_before_whites_first_move() {
    let (mut app, time) = clock_app("standard", None, H, "10s+0", None);
    assert!(screen(&app).contains("Clock 10s+0 (starts after a move)"));
    wait(&mut app, &time, secs(60.0));
    assert!(play_state(&app).session.game().outcome().is_none());
    assert_eq!(remaining(&app, Color::White), secs(10.0));
    assert_eq!(play_state(&app).session.clock().unwrap().running(), None);
    assert_eq!(app.tick_interval(), None, "nothing to redraw for");
    // White's first move is free; from then on Black's time runs.
    prompt(&mut app, "e4");
    assert_eq!(remaining(&app, Color::White), secs(10.0));
    wait(&mut app, &time, secs(4.0));
    assert_eq!(remaining(&app, Color::Black), secs(6.0));
    assert!(!screen(&app).contains("starts after a move"));
    // A game left before any move is not kept as lost on time.
    let dir = temp_dir("clock-no-move");
    let (mut app, time) = clock_app("standard", None, H, "10s+0", Some(dir.path()));
    wait(&mut app, &time, secs(60.0));
    key(&mut app, KeyCode::Char('q'));
    for folder in ["games", "saves"] {
        let kept = motley_records::summary::game_files(&dir.join(folder));
        assert!(kept.is_empty(), "{folder}: {kept:?}");
    }
}

#[test]
fn the_event_loop_wakes_when_the_display_changes() {
    let (mut app, time) = clock_app("standard", None, H, "5+3", None);
    prompt(&mut app, "e4");
    assert_eq!(app.tick_interval(), Some(secs(1.0)));
    time.advance(secs(0.25));
    assert_eq!(app.tick_interval(), Some(secs(0.75)));
    // After the game, nothing runs: the loop sleeps until input.
    shift(&mut app, 'R');
    key(&mut app, KeyCode::Char('y'));
    assert!(play_state(&app).session.game().outcome().is_some());
    assert_eq!(app.tick_interval(), None);
}

#[test]
fn a_flag_fall_loses_the_game_when_the_opponent_can_win() {
    let (mut app, time) = clock_app("standard", None, H, "10s+0", None);
    prompt(&mut app, "e4");
    wait(&mut app, &time, secs(9.0));
    let s = screen(&app);
    assert!(s.contains("Black   0:01.0  ◂"), "{s}");
    wait(&mut app, &time, secs(1.0));
    let o = play_state(&app)
        .session
        .game()
        .outcome()
        .expect("flag fell");
    assert_eq!(o.winner, Some(Color::White));
    assert_eq!(o.reason, EndReason::TimeForfeit);
    let s = screen(&app);
    assert!(s.contains("White wins (time ran out)"), "{s}");
    insta::assert_snapshot!("clock_flag_fell", s);
    // The ending is final: no move, no undo.
    key(&mut app, KeyCode::Esc);
    key(&mut app, KeyCode::Char('u'));
    assert_message(&app, "time ran out");
    assert!(play_state(&app).session.game().outcome().is_some());
}

#[test]
fn a_flag_fall_against_a_lone_king_is_a_draw() {
    let (mut app, time) = clock_app(
        "standard",
        Some("4k3/8/8/8/8/8/8/3QK3 b - - 0 1"),
        H,
        "10s+0",
        None,
    );
    // Black's first move starts White's clock.
    prompt(&mut app, "Kf7");
    wait(&mut app, &time, secs(10.0));
    let o = play_state(&app)
        .session
        .game()
        .outcome()
        .expect("flag fell");
    assert_eq!(o.winner, None);
    assert_eq!(o.reason, EndReason::TimeoutCannotWin);
    assert!(screen(&app).contains("the opponent cannot win"));
}

#[test]
fn a_move_after_the_flag_fell_is_not_played() {
    let (mut app, time) = clock_app("standard", None, H, "10s+0", None);
    prompt(&mut app, "e4");
    // No timer event: the flag is noticed when the move comes in.
    time.advance(secs(11.0));
    prompt(&mut app, "e5");
    let game = play_state(&app).session.game();
    assert_eq!(game.ply(), 1);
    assert_eq!(game.outcome().unwrap().reason, EndReason::TimeForfeit);
}

#[test]
fn a_dice_money_turn_runs_on_one_clock() {
    let (mut app, time) = clock_app("dice-money", None, H, "1+5", None);
    // The roll is made at once; a turn runs until the other side is to
    // act. White's first turn is free: Black's clock starts after it.
    let whole_turn = |app: &mut App, time: &TimeSource, side: Color| {
        wait(app, time, secs(3.0));
        let legal = play_state(app).session.game().legal_actions();
        let main = legal
            .iter()
            .find(|a| a.as_move().is_some())
            .unwrap()
            .to_string();
        prompt(app, &main);
        if play_state(app).session.game().position().turn() == side {
            // Extra actions of the same turn keep its clock running.
            if play_state(app).session.clock().unwrap().running() == Some(side) {
                assert_eq!(remaining(app, side), secs(57.0));
            }
            prompt(app, "pass");
        }
    };
    whole_turn(&mut app, &time, Color::White);
    assert_eq!(remaining(&app, Color::White), secs(60.0));
    whole_turn(&mut app, &time, Color::Black);
    assert_eq!(
        play_state(&app).session.clock().unwrap().running(),
        Some(Color::White)
    );
    // One increment for the whole turn.
    assert_eq!(remaining(&app, Color::Black), secs(62.0));
}

#[test]
fn the_clock_is_saved_paused_and_restored() {
    let dir = temp_dir("clock-save");
    let (mut app, time) = clock_app("chicken", None, H, "3+2", Some(dir.path()));
    prompt(&mut app, "e3");
    wait(&mut app, &time, secs(30.0));
    key(&mut app, KeyCode::Char('q'));
    // Time passes while the game is not on screen: the clock is paused.
    time.advance(secs(600.0));
    // The game's own record, among the games in progress.
    let records = motley_records::summary::game_files(&dir.join("games"));
    assert_eq!(records.len(), 1, "{records:?}");
    let autosave = records[0].clone();
    let text = std::fs::read_to_string(&autosave).unwrap();
    assert!(text.contains("\"clock\""), "{text}");
    let loaded = motley_session::load_game(&autosave, &registry()).unwrap();
    let state = loaded.game.clock_state().cloned().unwrap();
    // White's first move started the clock (it earns no increment).
    assert_eq!(
        (state.control.as_str(), state.white_ms, state.black_ms),
        ("3+2", 180_000, 150_000)
    );
    let (app, time) = open_app(Session::new(loaded.game, H), None);
    assert_eq!(remaining(&app, Color::Black), secs(150.0));
    time.advance(secs(5.0));
    assert_eq!(remaining(&app, Color::Black), secs(145.0));
    assert_eq!(remaining(&app, Color::White), secs(180.0));
}

#[test]
fn a_game_resumed_with_no_time_left_is_lost_on_time() {
    let mut game = Game::new(variant("standard"), None, 7).unwrap();
    game.play_text("e4").unwrap();
    game.set_clock_state(Some(motley_game::clock::ClockState {
        control: "5+0".to_string(),
        white_ms: 100_000,
        black_ms: 0,
    }));
    let (app, _) = open_app(Session::new(game, H), None);
    let o = play_state(&app).session.game().outcome().expect("flag");
    assert_eq!(o.winner, Some(Color::White));
    assert_eq!(o.reason, EndReason::TimeForfeit);
}

#[test]
fn a_game_lost_on_time_reads_back_lost_on_time() {
    let dir = temp_dir("clock-record");
    let (mut app, time) = clock_app("standard", None, H, "10s+0", None);
    prompt(&mut app, "e4");
    wait(&mut app, &time, secs(10.0));
    let path = dir.join("timed.json");
    save_now(&mut app, &path);
    let back = motley_records::load_all(&path, &registry()).unwrap();
    let game = &back[0].game;
    let o = game.outcome().expect("ended");
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), EndReason::TimeForfeit)
    );
    assert_eq!(game.clock_state().unwrap().black_ms, 0);
}

#[test]
fn the_computer_budgets_its_time_from_the_clock() {
    let players = [PlayerSpec::Computer { level: 3 }, PlayerSpec::Human];
    let mut s = settings(None);
    s.session.time = TimeSource::manual();
    let game = Game::new(variant("standard"), None, 7).unwrap();
    let mut session = Session::new(game, players.clone())
        .with_settings(s.session.clone())
        .with_clock("10s+0".parse().unwrap());
    let job = session.computer_job().expect("the computer is to move");
    // A thirtieth of ten seconds, under the level's second.
    assert_eq!(job.settings.movetime, Duration::from_secs(10) / 30);
    let game = Game::new(variant("standard"), None, 7).unwrap();
    let mut session = Session::new(game, players)
        .with_settings(s.session.clone())
        .with_clock("30+0".parse().unwrap());
    let job = session.computer_job().unwrap();
    assert_eq!(job.settings.movetime, s.session.movetime);
}

#[test]
fn the_new_game_form_offers_clock_presets() {
    let dir = temp_dir("clock-form");
    let mut s = settings(Some(dir.path()));
    s.session.time = TimeSource::manual();
    let menu = motley::tui::MenuState::new(&s, &registry());
    let mut app = App::new(Screen::Menu(Box::new(menu)), registry(), s, theme(), BIG);
    key(&mut app, KeyCode::Char('n'));
    key(&mut app, KeyCode::Enter);
    // Rows: White, Black, Start FEN, Chess960, Clock, …
    for _ in 0..4 {
        key(&mut app, KeyCode::Down);
    }
    assert!(screen(&app).contains("Clock        ◂ none ▸"));
    let mut seen = Vec::new();
    for _ in 0..motley::tui::parts::menu::clock_choices().len() - 1 {
        key(&mut app, KeyCode::Right);
        let s = screen(&app);
        let shown = s
            .lines()
            .find(|l| l.contains("Clock        ◂"))
            .unwrap()
            .to_string();
        seen.push(shown);
    }
    for preset in ["1+0", "3+2", "5+3", "10+5", "15+10", "30+0"] {
        assert!(
            seen.iter().any(|l| l.contains(&format!("◂ {preset} ▸"))),
            "{preset} missing: {seen:?}"
        );
    }
    // Back to 5+3 and start: the game has that clock.
    for _ in 0..3 {
        key(&mut app, KeyCode::Left);
    }
    key(&mut app, KeyCode::Enter);
    let clock = play_state(&app).session.clock().expect("a clock");
    assert_eq!(clock.control(), TimeControl::minutes(5, 3));
}

#[test]
fn under_ten_seconds_the_time_is_urgent() {
    let (mut app, time) = clock_app("standard", None, H, "15s+0", None);
    let style_of = |app: &App, text: &str| {
        let buf = motley::tui::render_to_buffer(app);
        let s = screen(app);
        let (y, line) = s
            .lines()
            .enumerate()
            .find(|(_, l)| l.contains(text))
            .unwrap_or_else(|| panic!("{text} not on screen:\n{s}"));
        let x = line
            .chars()
            .take_while(|c| *c != text.chars().next().unwrap())
            .count();
        buf[(x as u16, y as u16)].style()
    };
    prompt(&mut app, "e4");
    wait(&mut app, &time, secs(4.0));
    let calm = style_of(&app, "Black     0:11");
    wait(&mut app, &time, secs(2.0));
    let urgent = style_of(&app, "Black   0:09.0");
    assert_eq!(urgent.fg, theme().error().fg);
    assert_ne!(calm.fg, urgent.fg);
}

#[test]
fn a_branch_of_a_timed_game_gets_a_fresh_clock() {
    let dir = temp_dir("clock-branch");
    let (mut app, time) = clock_app("standard", None, H, "10s+0", None);
    prompt(&mut app, "e4");
    wait(&mut app, &time, secs(10.0));
    let path = dir.join("lost-on-time.json");
    save_now(&mut app, &path);
    let state = motley::tui::ReplayState::open(path, &registry()).unwrap();
    let mut s = settings(Some(dir.path()));
    s.session.time = TimeSource::manual();
    let mut app = App::new(Screen::Replay(Box::new(state)), registry(), s, theme(), BIG);
    key(&mut app, KeyCode::Char('b'));
    let p = play_state(&app);
    assert!(p.session.game().outcome().is_none(), "not lost on time");
    let clock = p.session.clock().expect("a clock");
    assert_eq!(clock.remaining(Color::Black, secs(0.0)), secs(10.0));
}

// Issue 22, item 5: a branch's clock waits for the first move of the
// branch instead of running at once.
#[test]
fn item_5_a_branch_keeps_its_clock_paused_until_the_first_move() {
    let dir = temp_dir("clock-branch-paused");
    let mut game = Game::new(variant("standard"), None, 7).unwrap();
    for m in ["e4", "e5", "Nf3"] {
        game.play_text(m).unwrap();
    }
    game.set_clock_state(Some(motley_game::clock::ClockState {
        control: "3+2".to_string(),
        white_ms: 170_000,
        black_ms: 175_000,
    }));
    let path = dir.join("timed.json");
    motley_records::save_game(&path, &game, Some(("human", "human"))).unwrap();
    let state = motley::tui::ReplayState::open(path, &registry()).unwrap();
    let time = TimeSource::manual();
    let mut s = settings(Some(dir.path()));
    s.session.time = time.clone();
    let mut app = App::new(Screen::Replay(Box::new(state)), registry(), s, theme(), BIG);
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Char('b'));
    // Black to move at ply 1: nothing runs while Black thinks it over.
    let clock = play_state(&app).session.clock().expect("a clock").clone();
    assert_eq!(clock.control(), TimeControl::minutes(3, 2));
    assert_eq!(clock.running(), None);
    assert!(screen(&app).contains("Clock 3+2 (starts after a move)"));
    wait(&mut app, &time, secs(200.0));
    assert!(play_state(&app).session.game().outcome().is_none());
    assert_eq!(remaining(&app, Color::Black), secs(180.0));
    // The branch's first move starts the other side's time.
    prompt(&mut app, "c5");
    wait(&mut app, &time, secs(3.0));
    assert_eq!(remaining(&app, Color::White), secs(177.0));
    assert_eq!(remaining(&app, Color::Black), secs(180.0));
}

// Issue 22, item 10: a rematch swaps the colours (and its clock, like
// every new game's, starts at White's first move).
#[test]
fn item_10_a_rematch_swaps_colours() {
    let players = [PlayerSpec::Human, PlayerSpec::Random];
    let (mut app, _time) = clock_app("standard", None, players, "3+2", None);
    shift(&mut app, 'R');
    key(&mut app, KeyCode::Char('y'));
    assert!(play_state(&app).session.game().outcome().is_some());
    key(&mut app, KeyCode::Char('n'));
    let p = play_state(&app);
    assert_eq!(p.session.players(), [PlayerSpec::Random, PlayerSpec::Human]);
    assert_message(
        &app,
        "a rematch, colours swapped: White random, Black human",
    );
    // The computer, now White, has moved: its first move was free, and
    // the person's time runs.
    let p = play_state(&app);
    assert_eq!(p.session.game().ply(), 1);
    let clock = p.session.clock().expect("a clock");
    assert_eq!(clock.running(), Some(Color::Black));
    assert_eq!(remaining(&app, Color::White), secs(180.0));
}
