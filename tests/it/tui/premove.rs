//! A premove (issue 21, section 6): while the computer thinks, the person
//! picks a move of their own; it is played as soon as their turn comes
//! if legal then, dropped with the reason if not, and cancelled by Esc or
//! a right-click.

use crate::support::tui as tui_support;

use crossterm::event::{KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use motley::tui::parts::play::Premove;
use motley::tui::{handle, run_requests_inline, App, AppEvent};
use motley_ai::PlayerSpec;
use tui_support::*;

const SMALL: (u16, u16) = (80, 24);

/// Standard chess against the greedy player (quick, the same every run):
/// the person has played 1. e4 and the computer's answer is queued but
/// has not run.
fn computer_thinking() -> App {
    let mut app = play_app(
        "standard",
        None,
        [PlayerSpec::Human, PlayerSpec::Greedy],
        SMALL,
    );
    handle(&mut app, AppEvent::char(':'));
    for c in "e4".chars() {
        handle(&mut app, AppEvent::char(c));
    }
    handle(&mut app, AppEvent::key(KeyCode::Enter));
    assert!(play_state(&app).session.is_thinking());
    app
}

/// A mouse button pressed on square `sq`, the computer still thinking.
fn press_on(app: &mut App, button: MouseButton, sq: &str) {
    let (column, row) = square_center(app, sq);
    handle(
        app,
        AppEvent::Mouse(MouseEvent {
            kind: MouseEventKind::Down(button),
            column,
            row,
            modifiers: KeyModifiers::NONE,
        }),
    );
}

fn queue(app: &mut App, from: &str, to: &str) {
    press_on(app, MouseButton::Left, from);
    press_on(app, MouseButton::Left, to);
}

fn premove(app: &App) -> Option<Premove> {
    play_state(app).view.premove
}

#[test]
fn a_premove_is_played_as_soon_as_the_computer_has_answered() {
    let mut app = computer_thinking();
    queue(&mut app, "g1", "f3");
    assert_message(&app, "premove g1f3 queued");
    assert_eq!(
        play_state(&app).session.game().ply(),
        1,
        "nothing played yet"
    );
    // The computer answers; the premove follows at once (and the
    // computer's next answer, run inline here, after it).
    run_requests_inline(&mut app);
    let game = play_state(&app).session.game();
    assert!(game.ply() >= 3);
    assert_eq!(game.sans()[2], "Nf3");
    assert_eq!(premove(&app), None);
}

#[test]
fn a_premove_the_rules_refuse_when_its_turn_comes_is_dropped_with_the_reason() {
    let mut app = computer_thinking();
    // A knight cannot go from g1 to g3 whatever the reply.
    queue(&mut app, "g1", "g3");
    assert!(premove(&app).is_some());
    run_requests_inline(&mut app);
    assert_eq!(play_state(&app).session.game().ply(), 2, "only the reply");
    assert_eq!(premove(&app), None);
    assert_message(&app, "premove g1g3 dropped:");
    assert!(play_state(&app).model().human_to_act);
}

#[test]
fn esc_cancels_a_premove() {
    let mut app = computer_thinking();
    queue(&mut app, "g1", "f3");
    handle(&mut app, AppEvent::key(KeyCode::Esc));
    assert_eq!(premove(&app), None);
    assert_message(&app, "premove cancelled");
    run_requests_inline(&mut app);
    assert_eq!(play_state(&app).session.game().ply(), 2, "only the reply");
}

#[test]
fn a_right_click_cancels_a_premove_and_one_being_picked() {
    let mut app = computer_thinking();
    queue(&mut app, "g1", "f3");
    press_on(&mut app, MouseButton::Right, "a1");
    assert_eq!(premove(&app), None);
    assert_message(&app, "premove cancelled");
    // A piece picked up for a premove is put down the same way.
    press_on(&mut app, MouseButton::Left, "b1");
    assert_eq!(
        play_state(&app).view.selected.map(|s| s.to_string()),
        Some("b1".into())
    );
    press_on(&mut app, MouseButton::Right, "a1");
    assert_eq!(play_state(&app).view.selected, None);
    run_requests_inline(&mut app);
    assert_eq!(play_state(&app).session.game().ply(), 2, "only the reply");
}

#[test]
fn a_premove_needs_a_piece_on_its_first_square() {
    let mut app = computer_thinking();
    press_on(&mut app, MouseButton::Left, "d5");
    assert_eq!(play_state(&app).view.selected, None);
    assert_message(&app, "d5");
}

#[test]
fn hot_seat_has_no_premove() {
    let mut app = play_app(
        "standard",
        None,
        [PlayerSpec::Human, PlayerSpec::Human],
        SMALL,
    );
    prompt(&mut app, "e4");
    // Black is to move and picks as usual; nothing is queued.
    click_square(&mut app, "e7");
    click_square(&mut app, "e5");
    assert_eq!(premove(&app), None);
    assert_eq!(play_state(&app).session.game().ply(), 2);
}

#[test]
fn a_queued_premove_marks_its_squares_snapshot() {
    let mut app = computer_thinking();
    queue(&mut app, "g1", "f3");
    let s = screen(&app);
    assert!(s.contains('(') && s.contains(')'), "{s}");
    insta::assert_snapshot!("premove_queued_80x24", s);
}

#[test]
fn a_premove_can_be_typed_in_coordinates_but_not_in_san() {
    let mut app = computer_thinking();
    for c in ":Nf3".chars() {
        handle(&mut app, AppEvent::char(c));
    }
    handle(&mut app, AppEvent::key(KeyCode::Enter));
    assert_eq!(premove(&app), None);
    assert_message(&app, "a premove is typed in coordinates");
    for c in ":g1f3".chars() {
        handle(&mut app, AppEvent::char(c));
    }
    handle(&mut app, AppEvent::key(KeyCode::Enter));
    assert_message(&app, "premove g1f3 queued");
    run_requests_inline(&mut app);
    assert_eq!(play_state(&app).session.game().sans()[2], "Nf3");
}
