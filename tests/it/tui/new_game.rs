//! The new-game form offers every choice `motley play` has, remembers
//! them, and starts with Enter from any row; driven by keys and clicks.

use crate::support::tui as tui_support;

use crossterm::event::KeyCode;
use motley::tui::parts::menu::{FormRow, NewGameForm, Page};
use motley::tui::{App, Config, MenuState, Screen, ThemeName};
use motley_ai::PlayerSpec;
use motley_game::clock::TimeControl;
use motley_rules::Position;
use std::path::Path;
use std::time::Duration;
use tui_support::*;

const BIG: (u16, u16) = (100, 35);
const MIN: (u16, u16) = (64, 18);

/// A position reachable in no standard game's first moves: White to play
/// with a queen against a lone king.
const FEN: &str = "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1";

fn menu_app(dir: &Path, size: (u16, u16)) -> App {
    let reg = registry();
    let mut s = settings(Some(&dir.to_path_buf()));
    s.config = Some(dir.join("config.toml"));
    let m = MenuState::new(&s, &reg);
    App::new(Screen::Menu(Box::new(m)), reg, s, theme(), size)
}

/// Open the form for the variant with `id`.
fn open_form(app: &mut App, id: &str) {
    key(app, KeyCode::Char('n'));
    let idx = registry().all().iter().position(|v| v.id == id).unwrap();
    for _ in 0..idx {
        key(app, KeyCode::Down);
    }
    key(app, KeyCode::Enter);
    assert!(form(app).is_some(), "the form is open");
}

fn form(app: &App) -> Option<&NewGameForm> {
    match &app.screen {
        Screen::Menu(m) => match &m.page {
            Page::NewGame(f) => Some(f),
            _ => None,
        },
        _ => None,
    }
}

/// Move the focus to `row`.
fn focus(app: &mut App, row: FormRow) {
    for _ in 0..30 {
        let f = form(app).unwrap();
        if f.rows(&registry())[f.row] == row {
            return;
        }
        key(app, KeyCode::Down);
    }
    panic!("no {row:?} row");
}

fn menu_message(app: &App) -> String {
    match &app.screen {
        Screen::Menu(m) => m.message.clone().map(|m| m.text).unwrap_or_default(),
        _ => String::new(),
    }
}

#[test]
fn the_form_at_100x35_snapshot() {
    let dir = temp_dir("form-big");
    let mut app = menu_app(&dir, BIG);
    open_form(&mut app, "standard");
    key(&mut app, KeyCode::Right); // White: ai:1
    key(&mut app, KeyCode::Right); // ai:2
    key(&mut app, KeyCode::Right); // ai:3
    let s = screen(&app);
    for row in [
        "White",
        "Black",
        "Start FEN",
        "Clock",
        "Move time",
        "Seed",
        "Theme",
        "ASCII pieces",
        "Auto-flip",
        "Start the game",
    ] {
        assert!(s.contains(row), "{row} missing:\n{s}");
    }
    // The level says what it means, with its rating from src/ai.
    let rating = motley_ai::rating_of_level(3);
    assert!(s.contains(&format!("ai:3 ≈{rating}")), "{s}");
    // Level 3 stops at a node budget, whatever the machine.
    let nodes = motley_ai::level(3)
        .nodes
        .expect("level 3 has a node budget");
    assert!(s.contains(&format!("looks at up to {nodes}")), "{s}");
    insta::assert_snapshot!("new_game_100x35", s);
}

// Issue 22, item 4: ratings were measured in standard chess only, so the
// form shows them there and says so; elsewhere it claims no rating.
#[test]
fn item_4_ratings_show_only_in_the_variant_they_were_measured_in() {
    let dir = temp_dir("form-ratings");
    let mut app = menu_app(&dir, BIG);
    open_form(&mut app, "standard");
    key(&mut app, KeyCode::Right); // White: ai:1
    let s = screen(&app);
    let rating = motley_ai::rating_of_level(1);
    assert!(s.contains(&format!("ai:1 ≈{rating}")), "{s}");
    assert!(s.contains("measured in standard chess"), "{s}");
    let dir = temp_dir("form-ratings-dm");
    let mut app = menu_app(&dir, BIG);
    open_form(&mut app, "dice-money");
    key(&mut app, KeyCode::Right); // White: ai:1
    let s = screen(&app);
    assert!(s.contains("◂ ai:1 ▸"), "{s}");
    assert!(!s.contains('≈'), "{s}");
    assert!(
        s.contains("in standard chess; in this variant only the steps"),
        "{s}"
    );
}

#[test]
fn the_form_at_the_minimum_size_scrolls_to_the_focused_row_snapshot() {
    let dir = temp_dir("form-min");
    let mut app = menu_app(&dir, MIN);
    open_form(&mut app, "dice-money");
    let rows = form(&app).unwrap().rows(&registry());
    // Every row is reachable and shows when focused.
    for _ in 0..rows.len() - 1 {
        key(&mut app, KeyCode::Down);
        let f = form(&app).unwrap();
        let s = screen(&app);
        let marker = match rows[f.row] {
            FormRow::Start => "Start the game",
            FormRow::WhiteName => "White's name",
            FormRow::BlackName => "Black's name",
            FormRow::AutoFlip => "Auto-flip",
            FormRow::Ascii => "ASCII pieces",
            FormRow::Theme => "Theme",
            FormRow::Seed => "Seed",
            FormRow::MoveTime => "Move time",
            FormRow::Clock => "Clock",
            FormRow::Fen => "Start FEN",
            FormRow::MatchGames => "Match games",
            _ => "Black",
        };
        assert!(s.contains(marker), "{marker} not shown:\n{s}");
        assert!(s.lines().count() <= usize::from(MIN.1));
    }
    let s = screen(&app);
    assert!(s.contains("Enter starts the game from any row"), "{s}");
    insta::assert_snapshot!("new_game_64x18", s);
}

#[test]
fn every_row_changes_and_enter_starts_that_game() {
    let dir = temp_dir("form-every-row");
    let mut app = menu_app(&dir, BIG);
    open_form(&mut app, "standard");
    let before = form(&app).unwrap().clone();
    // White: ai:2; Black stays human.
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Right);
    focus(&mut app, FormRow::Fen);
    typ(&mut app, FEN);
    focus(&mut app, FormRow::Clock);
    for _ in 0..3 {
        key(&mut app, KeyCode::Right); // none → 1+0 → 3+2 → 5+3
    }
    focus(&mut app, FormRow::MoveTime);
    key(&mut app, KeyCode::Left); // 1 s → 500 ms
    focus(&mut app, FormRow::Seed);
    typ(&mut app, "4x2"); // letters are not taken
    focus(&mut app, FormRow::Theme);
    key(&mut app, KeyCode::Right);
    assert_eq!(app.theme.name, ThemeName::HighContrast, "shown at once");
    focus(&mut app, FormRow::Ascii);
    key(&mut app, KeyCode::Right);
    focus(&mut app, FormRow::AutoFlip);
    key(&mut app, KeyCode::Char(' '));
    let after = form(&app).unwrap().clone();
    assert_ne!(after.white, before.white);
    assert_ne!(after.fen, before.fen);
    assert_ne!(after.clock, before.clock);
    assert_ne!(after.movetime, before.movetime);
    assert_eq!(after.seed, "42");
    assert_ne!(after.ascii, before.ascii);
    assert_ne!(after.auto_flip, before.auto_flip);
    // Enter on any row starts: here, from the auto-flip row.
    key(&mut app, KeyCode::Enter);
    let p = play_state(&app);
    let game = p.session.game();
    assert_eq!(
        p.session.players(),
        [PlayerSpec::Computer { level: 2 }, PlayerSpec::Human]
    );
    assert_eq!(game.start_fen(), Some(FEN));
    assert_eq!(game.seed(), 42);
    assert_eq!(
        p.session.clock().map(|c| c.control()),
        Some(TimeControl::minutes(5, 3))
    );
    assert_eq!(app.settings.session.movetime, Duration::from_millis(500));
    assert!(app.settings.ascii && app.theme.ascii);
    assert!(app.settings.auto_flip);
    // The choices are kept for next time.
    let kept = Config::read(&dir.join("config.toml")).unwrap();
    assert_eq!(kept.theme, Some(ThemeName::HighContrast));
    let last = kept.new_game;
    assert_eq!(last.white.as_deref(), Some("ai:2"));
    assert_eq!(last.clock.as_deref(), Some("5+3"));
    assert_eq!(last.seed, Some(42));
    assert_eq!(last.fen.as_deref(), Some(FEN));
    assert_eq!(last.movetime_ms, Some(500));
    assert_eq!((last.ascii, last.auto_flip), (Some(true), Some(true)));
    // A new session opens the form on them.
    let mut again = menu_app(&dir, BIG);
    open_form(&mut again, "standard");
    let f = form(&again).unwrap();
    assert_eq!(
        (f.white, &f.fen, f.clock, f.movetime, &f.seed),
        (
            after.white,
            &after.fen,
            after.clock,
            after.movetime,
            &after.seed
        )
    );
    assert_eq!((f.ascii, f.auto_flip), (true, true));
    // Another variant does not inherit the FEN typed for this one.
    let mut other = menu_app(&dir, BIG);
    open_form(&mut other, "chicken");
    assert_eq!(form(&other).unwrap().fen, "");
}

#[test]
fn a_bad_fen_is_explained_by_the_rules_as_it_is_typed() {
    let dir = temp_dir("form-bad-fen");
    let mut app = menu_app(&dir, BIG);
    open_form(&mut app, "standard");
    focus(&mut app, FormRow::Fen);
    typ(&mut app, "4k3/8/8/8/8/8/8/8 w - - 0 1");
    let s = screen(&app);
    assert!(s.contains("not a position: White has no king"), "{s}");
    key(&mut app, KeyCode::Enter);
    assert!(form(&app).is_some(), "the game does not start");
    assert!(
        menu_message(&app).contains("cannot start: the start FEN is not a position"),
        "{}",
        menu_message(&app)
    );
    // Ctrl-U clears the field (as in every prompt); the variant's start
    // is used again.
    clear_field(&mut app);
    assert!(screen(&app).contains("type a FEN to start from that position"));
    key(&mut app, KeyCode::Enter);
    assert_eq!(play_state(&app).session.game().start_fen(), None);
}

#[test]
fn a_seed_too_large_is_refused_in_words() {
    let dir = temp_dir("form-seed");
    let mut app = menu_app(&dir, BIG);
    open_form(&mut app, "standard");
    focus(&mut app, FormRow::Seed);
    typ(&mut app, "99999999999999999999999");
    key(&mut app, KeyCode::Enter);
    assert!(
        menu_message(&app).contains("the seed must be a whole number from 0 to"),
        "{}",
        menu_message(&app)
    );
}

#[test]
fn an_external_engine_needs_a_command_and_one_that_cannot_start_is_refused() {
    let dir = temp_dir("form-uci");
    let mut app = menu_app(&dir, BIG);
    open_form(&mut app, "standard");
    // White: human → … → uci (the last choice), one step back.
    key(&mut app, KeyCode::Left);
    let rows = form(&app).unwrap().rows(&registry());
    assert_eq!(rows[1], FormRow::WhiteEngine, "the command row appears");
    key(&mut app, KeyCode::Enter);
    assert!(
        menu_message(&app).contains("type the command that starts White's engine"),
        "{}",
        menu_message(&app)
    );
    key(&mut app, KeyCode::Down);
    typ(&mut app, "/nonexistent/motley-test-engine");
    key(&mut app, KeyCode::Enter);
    assert!(form(&app).is_some());
    assert!(
        menu_message(&app).contains("cannot start '/nonexistent/motley-test-engine'"),
        "{}",
        menu_message(&app)
    );
}

#[test]
fn motley_itself_as_an_engine_from_the_form() {
    let dir = temp_dir("form-uci-motley");
    let mut app = menu_app(&dir, BIG);
    open_form(&mut app, "chicken");
    focus(&mut app, FormRow::Black);
    key(&mut app, KeyCode::Left); // Black: uci
    key(&mut app, KeyCode::Down);
    let command = format!("{} uci", env!("CARGO_BIN_EXE_motley"));
    typ(&mut app, &command);
    key(&mut app, KeyCode::Enter);
    let p = play_state(&app);
    assert_eq!(p.session.players()[1].to_string(), format!("uci:{command}"));
    // It plays a legal reply in Chicken.
    prompt(&mut app, "e2e3");
    let game = play_state(&app).session.game();
    assert_eq!(game.ply(), 2, "{}", message(&app));
    let kept = Config::read(&dir.join("config.toml")).unwrap().new_game;
    assert_eq!(kept.black, Some(format!("uci:{command}")));
}

#[test]
fn clicks_change_values_and_start_the_game() {
    let dir = temp_dir("form-mouse");
    let mut app = menu_app(&dir, BIG);
    open_form(&mut app, "standard");
    let s = screen(&app);
    let find = |s: &str, text: &str| -> (u16, u16) {
        let (y, line) = s
            .lines()
            .enumerate()
            .find(|(_, l)| l.contains(text))
            .unwrap_or_else(|| panic!("{text} not on screen:\n{s}"));
        let col = line[..line.find(text).unwrap()].chars().count();
        (col as u16, y as u16)
    };
    // The right arrow of Black's value: human → ai:1.
    let (x, y) = find(&s, "Black        ◂ human ▸");
    click(&mut app, x + 21, y);
    assert_eq!(form(&app).unwrap().black, 1);
    // The left arrow of the clock: none → 30+0 (the last preset).
    let (x, y) = find(&s, "Clock        ◂ none ▸");
    click(&mut app, x + 13, y);
    assert_eq!(
        form(&app).unwrap().time_control(),
        Some(TimeControl::minutes(30, 0))
    );
    let (x, y) = find(&s, "[ Start the game ]");
    click(&mut app, x + 2, y);
    let p = play_state(&app);
    assert_eq!(
        p.session.players(),
        [PlayerSpec::Human, PlayerSpec::Computer { level: 1 }]
    );
    assert_eq!(
        p.session.clock().map(|c| c.control()),
        Some(TimeControl::minutes(30, 0))
    );
    assert!(p.session.game().position().turn() == motley_rules::core::Color::White);
}

/// Issue 21, section 6: player names typed on the form are the game's, kept
/// in its record and written as PGN's White and Black tags; an empty one
/// is the default (a computer by its kind).
#[test]
fn names_typed_on_the_form_go_into_the_record_and_the_pgn() {
    let dir = temp_dir("form-names");
    let mut app = menu_app(&dir, BIG);
    open_form(&mut app, "standard");
    // White: ai:2; Black stays human and is named.
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Right);
    focus(&mut app, FormRow::BlackName);
    typ(&mut app, "Ann\u{7}e");
    key(&mut app, KeyCode::Enter);
    let p = play_state(&app);
    assert_eq!(
        p.session.names(),
        ["Computer (level 2)".to_string(), "Anne".to_string()],
        "a control character typed is dropped"
    );
    assert!(
        screen(&app).contains("Black: Anne (human)"),
        "{}",
        screen(&app)
    );
    let pgn = p.session.pgn();
    assert!(pgn.contains("[White \"Computer (level 2)\"]"), "{pgn}");
    assert!(pgn.contains("[Black \"Anne\"]"), "{pgn}");
}

// An engine has seconds to answer `uci`: the form's Start only asks for
// its start, done off the input path, and the board opens when it
// answered (the screen goes on drawing meanwhile).
#[test]
fn an_engine_starts_off_the_input_path_and_the_board_opens_when_it_answers() {
    use motley::tui::{handle, run_requests_inline};
    use motley::tui::{AppEvent, Request};
    let dir = temp_dir("form-uci-off-input");
    let mut app = menu_app(&dir, BIG);
    open_form(&mut app, "standard");
    focus(&mut app, FormRow::Black);
    key(&mut app, KeyCode::Left); // Black: uci
    key(&mut app, KeyCode::Down);
    let command = format!("{} uci", env!("CARGO_BIN_EXE_motley"));
    typ(&mut app, &command);
    handle(&mut app, AppEvent::key(KeyCode::Enter));
    assert!(
        form(&app).is_some(),
        "still the form while the engine starts"
    );
    assert!(menu_message(&app).contains("starting the engine"));
    assert!(
        matches!(app.requests.as_slice(), [Request::Seat(_)]),
        "{:?}",
        app.requests
    );
    assert!(
        !dir.join("config.toml").exists(),
        "the choices are kept once the game opens"
    );
    run_requests_inline(&mut app);
    let p = play_state(&app);
    assert_eq!(p.session.players()[1].to_string(), format!("uci:{command}"));
    assert!(Config::read(&dir.join("config.toml")).is_ok());
}

/// Ctrl-U: the focused text row emptied, as in every prompt.
fn clear_field(app: &mut App) {
    motley::tui::handle(
        app,
        motley::tui::AppEvent::Key(crossterm::event::KeyEvent::new(
            KeyCode::Char('u'),
            crossterm::event::KeyModifiers::CONTROL,
        )),
    );
}

#[test]
fn a_chess960_game_starts_from_the_position_numbered_or_says_what_is_wrong() {
    let dir = temp_dir("form-chess960");
    let mut app = menu_app(&dir, BIG);
    open_form(&mut app, "crazyhouse");
    focus(&mut app, FormRow::Chess960);
    assert!(
        screen(&app).contains("Chess960     ◂ off ▸"),
        "{}",
        screen(&app)
    );
    key(&mut app, KeyCode::Right); // a random position
    key(&mut app, KeyCode::Right); // by number
    focus(&mut app, FormRow::Chess960Number);
    typ(&mut app, "96x0"); // letters are not taken
    key(&mut app, KeyCode::Enter);
    assert!(form(&app).is_some(), "960 is no position's number");
    assert!(
        menu_message(&app).contains("0 to 959"),
        "{}",
        menu_message(&app)
    );
    clear_field(&mut app);
    typ(&mut app, "42");
    assert!(
        screen(&app).contains("position 42: NNQRBBKR"),
        "{}",
        screen(&app)
    );
    // A FEN and a Chess960 position both set the start: refused.
    focus(&mut app, FormRow::Fen);
    typ(&mut app, FEN);
    key(&mut app, KeyCode::Enter);
    assert!(
        menu_message(&app).contains("keep one"),
        "{}",
        menu_message(&app)
    );
    clear_field(&mut app);
    key(&mut app, KeyCode::Enter);
    let game = play_state(&app).session.game();
    assert_eq!(game.variant().id, "crazyhouse960");
    assert_eq!(game.chess960_number(), Some(42));
    assert!(
        screen(&app).contains("Crazyhouse (Chess960) #42"),
        "{}",
        screen(&app)
    );
    // The choice is kept for the next game of the variant.
    let kept = Config::read(&dir.join("config.toml")).unwrap();
    assert_eq!(kept.new_game.chess960.as_deref(), Some("42"));
}

#[test]
fn chess960_is_offered_only_where_a_variant_may_be_played_so() {
    let dir = temp_dir("form-chess960-offer");
    let mut app = menu_app(&dir, BIG);
    open_form(&mut app, "monochrome");
    let rows = form(&app).unwrap().rows(&registry());
    assert!(!rows.contains(&FormRow::Chess960));
    let mut app = menu_app(&dir, BIG);
    open_form(&mut app, "chess960");
    focus(&mut app, FormRow::Chess960);
    // A Chess960 variant always starts from one of the 960: no "off".
    assert!(
        screen(&app).contains("◂ a random position ▸"),
        "{}",
        screen(&app)
    );
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Right);
    assert!(
        screen(&app).contains("◂ a random position ▸"),
        "{}",
        screen(&app)
    );
}
