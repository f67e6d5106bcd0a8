//! Hints in play (`H`, Shift-h: the lower-case letters move the cursor):
//! the computer's move for the side to move, searched off the UI thread
//! (inline here, depth-limited), named in SAN, highlighted on the board and
//! counted per side in the record.

use crate::support::tui as tui_support;

use crossterm::event::KeyCode;
use motley::tui::parts::page::Mark;
use motley::tui::{handle, App, AppEvent, MenuState, Request, Screen};
use motley_ai::PlayerSpec;
use tui_support::*;

/// After `1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6??`: White mates with `Qxf7#`.
const BEFORE_THE_MATE: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";

fn app_at(fen: Option<&str>, players: [PlayerSpec; 2]) -> App {
    let mut app = play_app("standard", fen, players, (100, 35));
    // Hints search at most this deep: the same answer on every machine.
    app.settings.session.analysis.max_depth = 3;
    app
}

fn hot_seat(fen: Option<&str>) -> App {
    app_at(fen, [PlayerSpec::Human, PlayerSpec::Human])
}

fn hint(app: &mut App) {
    shift(app, 'H');
}

/// The background of a square's middle row on screen.
fn square_bg(app: &App, sq: &str) -> ratatui::style::Color {
    let (_, y) = square_center(app, sq);
    let buf = motley::tui::render_to_buffer(app);
    // The cell's left edge: the piece glyph may carry its own style.
    let lay = play_state(app).layout(app.size, &app.settings);
    let cell = lay.board.unwrap().cell(crate::support::tui::spot(sq));
    buf[(cell.x, y)].bg
}

fn best_bg(sq: &str) -> ratatui::style::Color {
    let dark = motley_rules::core::Square::parse(sq).unwrap().is_dark();
    theme().square(dark, Some(Mark::Best)).bg.unwrap()
}

#[test]
fn a_hint_names_the_move_highlights_it_and_counts_it() {
    let mut app = hot_seat(Some(BEFORE_THE_MATE));
    hint(&mut app);
    assert_message(&app, "hint for White: Qxf7# (1 hint used by White)");
    assert_eq!(play_state(&app).session.hints_used(), [1, 0]);
    for sq in ["h5", "f7"] {
        assert_eq!(square_bg(&app, sq), best_bg(sq), "{sq}");
    }
    assert_ne!(square_bg(&app, "c4"), best_bg("c4"));
    assert!(screen(&app).contains("Hints used: White 1, Black 0"));
    // Asking again shows the same hint without counting it twice.
    hint(&mut app);
    assert_message(&app, "shown already");
    assert_eq!(play_state(&app).session.hints_used(), [1, 0]);
    // Playing a move takes the hint away.
    prompt(&mut app, "Qxf7#");
    assert!(play_state(&app).session.hint().is_none());
    assert_ne!(square_bg(&app, "f7"), best_bg("f7"));
}

#[test]
fn a_hint_is_searched_in_the_background_and_a_stale_one_is_dropped() {
    let mut app = hot_seat(None);
    handle(&mut app, AppEvent::Key(shift_key('H')));
    assert_message(&app, "looking for a hint");
    assert!(screen(&app).contains("(searching…)"));
    let Some(Request::Hint(job)) = app.requests.pop() else {
        panic!("expected a hint job")
    };
    // A move is played before the answer comes: the answer is stale.
    prompt(&mut app, "e4");
    assert!(job.order.stop.load(std::sync::atomic::Ordering::Relaxed));
    handle(
        &mut app,
        AppEvent::Hinted {
            generation: job.order.generation,
            action: job.run(),
        },
    );
    assert!(play_state(&app).session.hint().is_none());
    assert_eq!(play_state(&app).session.hints_used(), [0, 0]);
}

#[test]
fn no_hint_while_the_computer_is_to_move_then_one_for_the_person() {
    let mut app = app_at(None, [PlayerSpec::Computer { level: 1 }, PlayerSpec::Human]);
    // The computer (White) is thinking: its job is queued, not yet run.
    assert!(matches!(app.requests.last(), Some(Request::Think(_))));
    handle(&mut app, AppEvent::Key(shift_key('H')));
    assert_message(&app, "(computer) is thinking");
    assert!(!app.requests.iter().any(|r| matches!(r, Request::Hint(_))));
    motley::tui::run_requests_inline(&mut app);
    assert_eq!(play_state(&app).session.game().ply(), 1);
    hint(&mut app);
    assert_message(&app, "hint for Black:");
    assert_eq!(play_state(&app).session.hints_used(), [0, 1]);
}

#[test]
fn hints_are_kept_in_the_record_and_restored_when_the_game_is_opened() {
    let dir = temp_dir("hints-record");
    let mut app = hot_seat(None);
    app.settings = settings(Some(dir.path()));
    app.settings.session.analysis.max_depth = 3;
    hint(&mut app);
    prompt(&mut app, "e4");
    hint(&mut app);
    prompt(&mut app, "e5");
    hint(&mut app);
    assert_eq!(play_state(&app).session.hints_used(), [2, 1]);
    let path = dir.join("hinted.json");
    key(&mut app, KeyCode::Char('s'));
    for _ in 0..200 {
        key(&mut app, KeyCode::Backspace);
    }
    typ(&mut app, path.to_str().unwrap());
    key(&mut app, KeyCode::Enter);
    assert_message(&app, "saved to");
    let rec: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(rec["hints"], serde_json::json!([2, 1]));
    // The game's own record counts them too.
    let own = play_state(&app).session.game_file().unwrap().to_path_buf();
    let auto = std::fs::read_to_string(own).unwrap();
    assert!(auto.contains("\"hints\""), "{auto}");
    // Opened from the menu, play goes on with the count.
    let reg = registry();
    let s = settings(Some(dir.path()));
    let menu = MenuState::new(&s, &reg);
    let mut app = App::new(Screen::Menu(Box::new(menu)), reg, s, theme(), (100, 35));
    key(&mut app, KeyCode::Char('l'));
    key(&mut app, KeyCode::Char('t'));
    typ(&mut app, path.to_str().unwrap());
    key(&mut app, KeyCode::Enter);
    assert_eq!(play_state(&app).session.game().ply(), 2);
    assert_eq!(play_state(&app).session.hints_used(), [2, 1]);
    assert!(screen(&app).contains("Hints used: White 2, Black 1"));
}

#[test]
fn the_help_names_the_hint_key() {
    let mut app = hot_seat(None);
    key(&mut app, KeyCode::Char('?'));
    let s = screen(&app);
    assert!(s.contains("hint: the computer's move"), "{s}");
    assert!(s.contains("Shift-h"), "{s}");
    key(&mut app, KeyCode::Esc);
    // Lower-case h still moves the cursor.
    let before = play_state(&app).view.cursor;
    key(&mut app, KeyCode::Char('h'));
    assert_ne!(play_state(&app).view.cursor, before);
    assert_eq!(play_state(&app).session.hints_used(), [0, 0]);
}

fn shift_key(c: char) -> crossterm::event::KeyEvent {
    crossterm::event::KeyEvent::new(KeyCode::Char(c), crossterm::event::KeyModifiers::SHIFT)
}
