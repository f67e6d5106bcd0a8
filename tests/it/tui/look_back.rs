//! Looking back during a game (issue 21, section 1) and dragging a piece
//! with the mouse (section 6), driven through the input handler: `[`/`]`
//! step through the positions played without taking anything back,
//! Home/End go to the first and the live position, a click on a move in
//! the list shows the position after it, starting a move returns to the
//! live position, and the computer and the clock go on meanwhile.

use crate::support::tui as tui_support;

use crossterm::event::{KeyCode, MouseButton, MouseEventKind};
use motley::tui::parts::play::Popup;
use motley::tui::{
    handle, run_requests_inline, App, AppEvent, PlayStart, PlayState, Request, Screen,
};
use motley_ai::PlayerSpec;
use motley_game::clock::{TimeControl, TimeSource};
use motley_game::Game;
use motley_rules::core::grid::{GridSquare, Spot};
use motley_rules::Position;
use motley_session::Session;
use std::time::Duration;
use tui_support::*;

const H: [PlayerSpec; 2] = [PlayerSpec::Human, PlayerSpec::Human];
const BIG: (u16, u16) = (100, 35);
const SMALL: (u16, u16) = (80, 24);
const RUY_LOPEZ: [&str; 6] = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"];

/// A hot-seat game of standard chess after `moves`.
fn played(moves: &[&str], size: (u16, u16)) -> App {
    let mut app = play_app("standard", None, H, size);
    for m in moves {
        prompt(&mut app, m);
    }
    app
}

/// The ply of the past position shown (`None`: the live one).
fn past(app: &App) -> Option<usize> {
    play_state(app).view.past
}

fn sq(name: &str) -> Spot {
    spot(name)
}

/// The FEN of the game after `moves` (hot-seat standard chess).
fn fen_after(moves: &[&str]) -> String {
    let mut game = Game::new(variant("standard"), None, 7).unwrap();
    for m in moves {
        game.play_text(m).unwrap();
    }
    game.position().to_fen()
}

/// Where `text` is on screen: the column and row of its first character,
/// searching right of column `from_col` only.
fn find_on_screen(app: &App, text: &str, from_col: usize) -> (u16, u16) {
    for (row, line) in screen(app).lines().enumerate() {
        let cells: Vec<char> = line.chars().collect();
        let tail: String = cells.iter().skip(from_col).collect();
        if let Some(i) = tail.find(text) {
            let col = from_col + tail[..i].chars().count();
            return (col as u16, row as u16);
        }
    }
    panic!("{text:?} is not on screen:\n{}", screen(app));
}

#[test]
fn brackets_step_through_the_past_and_take_nothing_back() {
    let mut app = played(&RUY_LOPEZ, BIG);
    let live = fen(&app);
    key(&mut app, KeyCode::Char('['));
    assert_eq!(past(&app), Some(5));
    key(&mut app, KeyCode::Char('['));
    key(&mut app, KeyCode::Char('['));
    assert_eq!(past(&app), Some(3));
    assert_message(&app, "looking back at ply 3 of 6");
    // Nothing was taken back: the game is as it was, and can go on.
    assert_eq!(fen(&app), live);
    assert_eq!(play_state(&app).session.game().ply(), 6);
    let s = screen(&app);
    assert!(s.contains("PAST POSITION 3/6"), "{s}");
    assert!(s.contains("Past position 3/6, after Nf3"), "{s}");
    key(&mut app, KeyCode::Char(']'));
    assert_eq!(past(&app), Some(4));
    key(&mut app, KeyCode::Home);
    assert_eq!(past(&app), Some(0));
    assert!(screen(&app).contains("Past position 0/6, the start"));
    // No further back than the start.
    key(&mut app, KeyCode::Char('['));
    assert_eq!(past(&app), Some(0));
    assert_message(&app, "first position");
    key(&mut app, KeyCode::End);
    assert_eq!(past(&app), None);
    assert_message(&app, "back to the live position");
    assert!(!screen(&app).contains("PAST POSITION"));
    // Forward from the last past position is the live one.
    key(&mut app, KeyCode::Char('['));
    key(&mut app, KeyCode::Char(']'));
    assert_eq!(past(&app), None);
    assert_eq!(fen(&app), live);
}

#[test]
fn nothing_to_look_back_at_before_the_first_move() {
    let mut app = played(&[], BIG);
    key(&mut app, KeyCode::Char('['));
    assert_eq!(past(&app), None);
    assert_message(&app, "nothing has been played yet");
    key(&mut app, KeyCode::Home);
    assert_eq!(past(&app), None);
    key(&mut app, KeyCode::Char(']'));
    assert_message(&app, "this is the live position");
}

#[test]
fn the_board_and_the_panel_show_the_past_position() {
    let mut app = played(&RUY_LOPEZ, BIG);
    key(&mut app, KeyCode::Char('['));
    key(&mut app, KeyCode::Char('['));
    let p = play_state(&app);
    let model = p.model();
    let facts = model.past.as_ref().expect("a past position");
    assert_eq!(facts.ply, 4);
    // Its last move (Nc6) is marked on the board, not the live one (a6).
    assert_eq!(facts.marks.last_move, vec![sq("b8"), sq("c6")]);
    // The bishop is still on f1 there: the screen draws that position.
    let s = screen(&app);
    let (x, y) = square_center(&app, "f1");
    let row: Vec<char> = s.lines().nth(y as usize).unwrap().chars().collect();
    let around: String = row[x as usize - 2..=x as usize + 2].iter().collect();
    assert!(around.contains('♗'), "{around:?} in\n{s}");
    // The key bar offers the way back.
    assert!(s.lines().last().unwrap().contains("End live"), "{s}");
}

#[test]
fn the_arrows_keep_moving_the_cursor_while_looking_back() {
    let mut app = played(&RUY_LOPEZ, BIG);
    key(&mut app, KeyCode::Char('['));
    let before = play_state(&app).view.cursor;
    key(&mut app, KeyCode::Up);
    key(&mut app, KeyCode::Right);
    assert_eq!(past(&app), Some(5));
    assert_eq!(
        play_state(&app).view.cursor,
        before.offset(1, 1).expect("on the board")
    );
}

#[test]
fn starting_a_move_returns_to_the_live_position() {
    // The prompt.
    let mut app = played(&RUY_LOPEZ, BIG);
    key(&mut app, KeyCode::Char('['));
    key(&mut app, KeyCode::Char(':'));
    assert_eq!(past(&app), None);
    assert!(play_state(&app).view.prompt.is_some());
    typ(&mut app, "O-O");
    key(&mut app, KeyCode::Enter);
    assert_eq!(play_state(&app).session.game().ply(), 7);

    // Picking up a piece with the keys: it is picked up in the live
    // position.
    let mut app = played(&RUY_LOPEZ, BIG);
    key(&mut app, KeyCode::Home);
    play_state_mut(&mut app).view.cursor = sq("b5");
    key(&mut app, KeyCode::Enter);
    assert_eq!(past(&app), None);
    assert_eq!(play_state(&app).view.selected, Some(sq("b5")));

    // A click on the board.
    let mut app = played(&RUY_LOPEZ, BIG);
    key(&mut app, KeyCode::Char('['));
    click_square(&mut app, "e1");
    assert_eq!(past(&app), None);
    assert_eq!(play_state(&app).view.selected, Some(sq("e1")));

    // Undo acts on the live game.
    let mut app = played(&RUY_LOPEZ, BIG);
    key(&mut app, KeyCode::Home);
    key(&mut app, KeyCode::Char('u'));
    assert_eq!(past(&app), None);
    assert_eq!(play_state(&app).session.game().ply(), 5);
}

#[test]
fn flipping_and_the_help_do_not_leave_the_past_position() {
    let mut app = played(&RUY_LOPEZ, BIG);
    key(&mut app, KeyCode::Char('['));
    for c in ['f', '?'] {
        key(&mut app, KeyCode::Char(c));
        assert_eq!(past(&app), Some(5), "after {c}");
    }
    let s = screen(&app);
    assert!(s.contains("[ / ]"), "{s}");
    assert!(s.contains("Home / End"), "{s}");
}

#[test]
fn a_click_on_a_move_in_the_list_shows_the_position_after_it() {
    let mut app = played(&RUY_LOPEZ, BIG);
    let board_right = 60;
    let (x, y) = find_on_screen(&app, "Nf3", board_right);
    click(&mut app, x + 1, y);
    assert_eq!(past(&app), Some(3));
    assert_eq!(fen(&app), fen_after(&RUY_LOPEZ));
    // The move is highlighted: its cells take the list's highlight (the
    // panel's status grew: the list is lower now).
    let (x, y) = find_on_screen(&app, "Nf3", board_right);
    let buf = motley::tui::render_to_buffer(&app);
    let highlight = app.theme.selected_row();
    assert_eq!(buf[(x, y)].style().bg, highlight.bg);
    // The newest move is the live position.
    let (x, y) = find_on_screen(&app, "a6", board_right);
    click(&mut app, x, y);
    assert_eq!(past(&app), None);
    // An earlier one again, then the first.
    let (x, y) = find_on_screen(&app, "e4", board_right);
    click(&mut app, x, y);
    assert_eq!(past(&app), Some(1));
}

#[test]
fn y_copies_the_past_position_shown() {
    let mut app = played(&RUY_LOPEZ, BIG);
    key(&mut app, KeyCode::Home);
    key(&mut app, KeyCode::Char(']'));
    key(&mut app, KeyCode::Char('y'));
    let copied: Vec<&String> = app
        .requests
        .iter()
        .filter_map(|r| match r {
            Request::Clipboard(text) => Some(text),
            _ => None,
        })
        .collect();
    assert_eq!(copied, [&fen_after(&["e4"])]);
    assert_eq!(past(&app), Some(1));
}

/// A game against a computer (the greedy player: quick and the same every
/// run) in which the person has just moved and the computer is thinking:
/// its job is queued but has not run.
fn computer_to_answer(moves: &[&str]) -> App {
    let mut app = play_app(
        "standard",
        None,
        [PlayerSpec::Human, PlayerSpec::Greedy],
        BIG,
    );
    for m in moves {
        handle(&mut app, AppEvent::char(':'));
        for c in m.chars() {
            handle(&mut app, AppEvent::char(c));
        }
        handle(&mut app, AppEvent::key(KeyCode::Enter));
        if m != moves.last().unwrap() {
            run_requests_inline(&mut app);
        }
    }
    assert!(play_state(&app).session.is_thinking());
    app
}

#[test]
fn the_computer_moves_while_looking_back_and_the_screen_says_so() {
    let mut app = computer_to_answer(&["e4", "d4"]);
    key_without_jobs(&mut app, KeyCode::Char('['));
    key_without_jobs(&mut app, KeyCode::Char('['));
    assert_eq!(past(&app), Some(1));
    // The computer's answer arrives.
    run_requests_inline(&mut app);
    let game = play_state(&app).session.game();
    assert_eq!(game.ply(), 4);
    let reply = game.sans()[3].clone();
    // Still looking at the same past position, told of the move.
    assert_eq!(past(&app), Some(1));
    assert_message(&app, &format!("new move: Black played {reply}"));
    let s = screen(&app);
    assert!(s.contains("PAST POSITION 1/4"), "{s}");
    // End: the live position, the person's turn.
    key(&mut app, KeyCode::End);
    assert_eq!(past(&app), None);
    assert!(play_state(&app).model().human_to_act);
}

/// A key, without running the jobs it queues (as the runtime's threads
/// would still be working on them).
fn key_without_jobs(app: &mut App, code: KeyCode) {
    handle(app, AppEvent::key(code));
}

#[test]
fn the_clock_runs_while_looking_back_and_a_flag_can_fall() {
    let time = TimeSource::manual();
    let mut s = settings(None);
    s.session.time = time.clone();
    let game = Game::new(variant("standard"), None, 7).unwrap();
    let tc: TimeControl = "10s+0".parse().unwrap();
    let session = Session::new(game, H).with_clock(tc);
    let p = PlayState::open(PlayStart::new(session));
    let mut app = App::new(Screen::Play(Box::new(p)), registry(), s, theme(), BIG);
    prompt(&mut app, "e4");
    prompt(&mut app, "e5");
    key(&mut app, KeyCode::Char('['));
    time.advance(Duration::from_secs(4));
    handle(&mut app, AppEvent::Tick);
    assert!(screen(&app).contains("0:06.0"), "{}", screen(&app));
    time.advance(Duration::from_secs(7));
    handle(&mut app, AppEvent::Tick);
    // White's flag fell while Black's past position was shown.
    assert!(play_state(&app).session.game().outcome().is_some());
    assert!(matches!(
        play_state(&app).view.popup,
        Some(Popup::List { .. })
    ));
    assert_eq!(past(&app), Some(1));
}

#[test]
fn a_dragged_piece_is_played_where_it_is_released() {
    let mut app = played(&[], BIG);
    drag(&mut app, "g1", &["g2", "g3"], "f3");
    assert_eq!(fen(&app), fen_after(&["Nf3"]));
    assert_eq!(play_state(&app).view.selected, None);
    // The other side drags too.
    drag(&mut app, "d7", &[], "d5");
    assert_eq!(fen(&app), fen_after(&["Nf3", "d5"]));
}

#[test]
fn the_cursor_follows_a_drag() {
    let mut app = played(&[], BIG);
    let (x, y) = square_center(&app, "e2");
    mouse(&mut app, MouseEventKind::Down(MouseButton::Left), x, y);
    let (x, y) = square_center(&app, "e3");
    mouse(&mut app, MouseEventKind::Drag(MouseButton::Left), x, y);
    let view = &play_state(&app).view;
    assert_eq!(view.cursor, sq("e3"));
    assert_eq!(view.selected, Some(sq("e2")));
    // Released off the board: nothing is played, the pawn stays picked up.
    mouse(&mut app, MouseEventKind::Up(MouseButton::Left), 0, 0);
    assert_eq!(play_state(&app).session.game().ply(), 0);
    assert_eq!(play_state(&app).view.selected, Some(sq("e2")));
}

#[test]
fn an_illegal_drop_is_refused_and_nothing_is_played() {
    let mut app = played(&[], BIG);
    drag(&mut app, "e2", &[], "e5");
    assert_eq!(play_state(&app).session.game().ply(), 0);
    let said = play_state(&app).view.message.clone().expect("a reason");
    assert!(said.error, "{said:?}");
}

#[test]
fn click_click_still_works_beside_dragging() {
    let mut app = played(&[], BIG);
    // A click is a press and a release on the same square.
    let click_up = |app: &mut App, name: &str| {
        let (x, y) = square_center(app, name);
        mouse(app, MouseEventKind::Down(MouseButton::Left), x, y);
        mouse(app, MouseEventKind::Up(MouseButton::Left), x, y);
    };
    click_up(&mut app, "e2");
    assert_eq!(play_state(&app).view.selected, Some(sq("e2")));
    click_up(&mut app, "e4");
    assert_eq!(fen(&app), fen_after(&["e4"]));
    // A second click on the piece picked up puts it back.
    click_up(&mut app, "e7");
    assert_eq!(play_state(&app).view.selected, Some(sq("e7")));
    click_up(&mut app, "e7");
    assert_eq!(play_state(&app).view.selected, None);
    // Pressed on the piece picked up and dragged away, it moves.
    click_up(&mut app, "e7");
    drag(&mut app, "e7", &["e6"], "e5");
    assert_eq!(fen(&app), fen_after(&["e4", "e5"]));
}

#[test]
fn a_drag_from_a_past_position_plays_in_the_live_one() {
    let mut app = played(&["e4", "e5"], BIG);
    key(&mut app, KeyCode::Home);
    drag(&mut app, "g1", &[], "f3");
    assert_eq!(past(&app), None);
    assert_eq!(fen(&app), fen_after(&["e4", "e5", "Nf3"]));
}

#[test]
fn a_drag_to_the_last_rank_asks_for_the_promotion() {
    let fen = "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1";
    let mut app = play_app("standard", Some(fen), H, BIG);
    drag(&mut app, "e7", &[], "e8");
    assert!(matches!(
        play_state(&app).view.popup,
        Some(Popup::List { .. })
    ));
    key(&mut app, KeyCode::Char('q'));
    assert_eq!(play_state(&app).session.game().ply(), 1);
    let queen = position(&app).piece_on(sq("e8")).expect("a piece");
    assert_eq!(queen.role, motley_rules::core::Role::Queen);
}

#[test]
fn past_position_80x24_snapshot() {
    let mut app = played(&RUY_LOPEZ, SMALL);
    for _ in 0..3 {
        key(&mut app, KeyCode::Char('['));
    }
    insta::assert_snapshot!("past_position_80x24", screen(&app));
}

#[test]
fn past_position_100x35_snapshot() {
    let mut app = played(&RUY_LOPEZ, BIG);
    for _ in 0..2 {
        key(&mut app, KeyCode::Char('['));
    }
    insta::assert_snapshot!("past_position_100x35", screen(&app));
}

#[test]
fn past_position_of_a_family_with_its_own_panel_snapshot() {
    // Monochrome: scores and sides by half; the panel is the past one's.
    let mut app = play_app("monochrome", None, H, BIG);
    for _ in 0..8 {
        let legal = play_state(&app).session.game().legal_actions();
        let a = *legal.last().expect("a legal action");
        play_state_mut(&mut app).session.play(a).unwrap();
    }
    key(&mut app, KeyCode::Char('['));
    key(&mut app, KeyCode::Char('['));
    insta::assert_snapshot!("past_position_monochrome_100x35", screen(&app));
}

#[test]
fn a_dice_roll_looked_back_at_is_named_as_the_move_list_shows_it() {
    let mut app = play_app("dice-money", None, H, BIG);
    // The game opens with White's roll: ply 1 is after it.
    assert!(play_state(&app).session.game().ply() >= 1);
    let legal = play_state(&app).session.game().legal_actions();
    let a = *legal.last().expect("a legal action");
    play_state_mut(&mut app).session.play(a).unwrap();
    key(&mut app, KeyCode::Home);
    key(&mut app, KeyCode::Char(']'));
    assert_eq!(past(&app), Some(1));
    let s = screen(&app);
    assert!(s.contains("Past position 1/"), "{s}");
    assert!(s.contains(", after ["), "{s}");
    assert!(!s.contains("roll:"), "{s}");
}
