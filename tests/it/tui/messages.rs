//! What the game screens say and offer: messages shown in full at any
//! width, key bars that fit by priority with help always visible, the
//! replay viewer's messages and speed, and copying the game out (FEN and
//! PGN to the terminal's clipboard, PGN to a file).

use crate::support::tui as tui_support;

use crossterm::event::KeyCode;
use motley::tui::{App, ReplayState, Screen, MIN_HEIGHT, MIN_WIDTH};
use motley_ai::PlayerSpec;
use motley_game::Game;
use tui_support::*;

const H: [PlayerSpec; 2] = [PlayerSpec::Human, PlayerSpec::Human];

/// The message rows of a screen (between the board area and the key bar)
/// joined into one text.
fn shown_message(app: &App) -> String {
    let s = screen(app);
    let lines: Vec<&str> = s.lines().collect();
    let mut rows = Vec::new();
    // Walk up from the row above the key bar while rows are message rows
    // (they start with a space and are not part of the board or panels).
    for l in lines[..lines.len() - 1].iter().rev() {
        if l.trim().is_empty() || l.contains('│') || l.contains('┘') {
            break;
        }
        rows.push(l.trim());
    }
    rows.reverse();
    rows.join(" ")
}

#[test]
fn a_long_illegal_move_message_wraps_in_full_at_64_columns() {
    let mut app = play_app("contrast", None, H, (64, 24));
    prompt(&mut app, "d2d4");
    let m = message(&app);
    assert!(m.len() > 64, "a long message: {m}");
    assert_eq!(shown_message(&app), m, "the whole message is on screen");
    // The variant is named once at most (the title), not in the message.
    assert!(!m.contains("Contrast Chess"), "{m}");
    insta::assert_snapshot!("long_message_64", screen(&app));
}

#[test]
fn messages_are_whole_at_every_width() {
    for width in [MIN_WIDTH, 70, 80, 100, 140] {
        let mut app = play_app("chicken", None, H, (width, MIN_HEIGHT));
        prompt(&mut app, "e3");
        prompt(&mut app, "b5");
        prompt(&mut app, "a3");
        let m = message(&app);
        assert!(m.contains("captures are compulsory"), "{m}");
        assert_eq!(shown_message(&app), m, "width {width}");
    }
}

/// The key bar row of a screen.
fn key_bar(app: &App) -> String {
    screen(app).lines().last().unwrap_or_default().to_string()
}

#[test]
fn the_play_key_bar_fits_and_keeps_help_at_every_width() {
    for width in MIN_WIDTH..=200 {
        let app = play_app("standard", None, H, (width, 30));
        let bar = key_bar(&app);
        assert!(bar.contains("? help"), "width {width}: {bar}");
        assert!(bar.chars().count() <= usize::from(width), "{bar}");
        if width >= 80 {
            for k in ["R resign", "i rules", ": move", "u undo", "q quit"] {
                assert!(bar.contains(k), "width {width}: {k} missing in {bar}");
            }
        }
    }
}

#[test]
fn the_play_key_bar_at_the_minimum_width() {
    let app = play_app("standard", None, H, (MIN_WIDTH, MIN_HEIGHT));
    let bar = key_bar(&app);
    // The most important keys stay; the least important go first.
    for k in ["? help", ": move", "u undo", "q quit", "s save"] {
        assert!(bar.contains(k), "{k} missing in {bar}");
    }
    assert!(!bar.contains("f flip"), "{bar}");
    insta::assert_snapshot!("play_key_bar_min_width", bar);
}

fn replay_app(width: u16, dir: &TempDir) -> App {
    let mut g = Game::new(variant("standard"), None, 1).unwrap();
    for m in ["e4", "e5", "Nf3", "Nc6"] {
        g.play_text(m).unwrap();
    }
    let path = dir.join("game.json");
    motley_records::save_game(&path, &g, None).unwrap();
    let state = ReplayState::open(path, &registry()).unwrap();
    App::new(
        Screen::Replay(Box::new(state)),
        registry(),
        settings(Some(dir.path())),
        theme(),
        (width, 30),
    )
}

fn replay_message(app: &App) -> String {
    match &app.screen {
        Screen::Replay(r) => r.view.message.as_ref().map(|m| m.text.clone()),
        _ => None,
    }
    .unwrap_or_default()
}

#[test]
fn the_replay_key_bar_keeps_help_and_speed_keys() {
    let dir = temp_dir("replay-bar");
    for width in MIN_WIDTH..=200 {
        let app = replay_app(width, &dir);
        let bar = key_bar(&app);
        assert!(bar.contains("? help"), "width {width}: {bar}");
        if width >= 80 {
            for k in ["+ faster", "- slower", "← back", "→ forward", "q quit"] {
                assert!(bar.contains(k), "width {width}: {k} missing in {bar}");
            }
        }
    }
    let app = replay_app(MIN_WIDTH, &dir);
    insta::assert_snapshot!("replay_key_bar_min_width", key_bar(&app));
}

#[test]
fn replay_messages_clear_on_the_next_step_and_speed_is_shown() {
    let dir = temp_dir("replay-msg");
    let mut app = replay_app(100, &dir);
    key(&mut app, KeyCode::Char('g'));
    typ(&mut app, "99");
    key(&mut app, KeyCode::Enter);
    assert!(replay_message(&app).contains("'99' is not a ply"));
    key(&mut app, KeyCode::Right);
    assert_eq!(replay_message(&app), "", "the old message is gone");
    key(&mut app, KeyCode::Char('+'));
    assert_eq!(replay_message(&app), "autoplay speed: 1 ply every 0.5 s");
    for _ in 0..5 {
        key(&mut app, KeyCode::Char('-'));
    }
    assert_eq!(
        replay_message(&app),
        "autoplay speed: 1 ply every 3 s (the slowest)"
    );
    assert!(screen(&app).contains("1 ply every 3 s"));
}

#[test]
fn y_copies_the_fen_and_shift_y_the_pgn() {
    let mut app = play_app("standard", None, H, (100, 35));
    prompt(&mut app, "e4");
    key(&mut app, KeyCode::Char('y'));
    let fen = fen(&app);
    assert_eq!(clipboard(&app), fen);
    assert_message(&app, "FEN sent to the terminal's clipboard");
    shift(&mut app, 'Y');
    let pgn = clipboard(&app);
    assert!(
        pgn.contains("[Variant ") || pgn.contains("[Event "),
        "{pgn}"
    );
    assert!(pgn.contains("1. e4"), "{pgn}");
    assert_message(&app, "PGN of the game (1 ply)");
}

#[test]
fn e_exports_the_game_to_a_new_pgn_file_each_time() {
    let dir = temp_dir("export");
    let game = Game::new(variant("chicken"), None, 7).unwrap();
    let p = motley::tui::PlayState::new(game, H);
    let mut app = App::new(
        Screen::Play(Box::new(p)),
        registry(),
        settings(Some(dir.path())),
        theme(),
        (100, 35),
    );
    prompt(&mut app, "e3");
    let mut paths = Vec::new();
    for _ in 0..2 {
        key(&mut app, KeyCode::Char('e'));
        let m = message(&app);
        let path = m
            .strip_prefix("exported the game to ")
            .unwrap_or_else(|| panic!("{m}"))
            .to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("1. e3"), "{text}");
        assert!(path.starts_with(&dir.join("exports").display().to_string()));
        paths.push(path);
    }
    assert_ne!(paths[0], paths[1], "never written over");
}

#[test]
fn the_copy_keys_do_not_clash_with_other_keys() {
    use motley::tui::parts::play::PLAY_KEYS;
    for k in ["y", "Y", "e"] {
        let uses = PLAY_KEYS
            .iter()
            .filter_map(|b| b.help)
            .filter(|row| row.keys.split([' ', '/', ',']).any(|part| part == k))
            .count();
        assert_eq!(uses, 1, "{k} is bound once");
    }
}

#[test]
fn a_click_gets_the_same_explanation_as_typed_moves() {
    let mut app = play_app("chicken", None, H, (100, 35));
    prompt(&mut app, "e3");
    prompt(&mut app, "b5");
    prompt(&mut app, "a3");
    let typed = message(&app);
    prompt(&mut app, "a2a3");
    assert_eq!(message(&app).replace("a2a3", "a3"), typed);
    // Clicking the pawn, which may not move now, says the same rule.
    click_square(&mut app, "a2");
    assert_message(&app, "captures are compulsory");
    assert!(typed.contains("captures are compulsory"), "{typed}");
}

#[test]
fn the_variant_picker_describes_standard_chess_for_players() {
    let dir = temp_dir("picker-words");
    let s = settings(Some(dir.path()));
    let menu = motley::tui::MenuState::new(&s, &registry());
    let mut app = App::new(
        Screen::Menu(Box::new(menu)),
        registry(),
        s,
        theme(),
        (100, 35),
    );
    key(&mut app, KeyCode::Char('n'));
    let shown = screen(&app);
    assert!(shown.contains("Chess as played everywhere"), "{shown}");
    assert!(!shown.contains("perft"), "{shown}");
}

// Issue 22, item 9: a new event replaces the message. A declined draw
// offer's "declines" is gone once the player resigns, in hot-seat and
// against the computer; the ending is said instead.
#[test]
fn item_9_a_resignation_replaces_the_declined_offer_message() {
    let computer = [PlayerSpec::Human, PlayerSpec::Random];
    for (players, declined) in [(H, "Black declines"), (computer, "declines a draw")] {
        let hot_seat = players == H;
        let mut app = play_app("standard", None, players, (80, 24));
        key(&mut app, KeyCode::Char('d'));
        if hot_seat {
            key(&mut app, KeyCode::Char('n'));
        }
        assert_message(&app, declined);
        shift(&mut app, 'R');
        key(&mut app, KeyCode::Char('y'));
        let m = message(&app);
        assert!(!m.contains("declines"), "stale message: {m}");
        assert!(m.contains("Black wins (resignation)"), "{m}");
        // Behind the result popup too, once it is closed.
        key(&mut app, KeyCode::Esc);
        assert!(!screen(&app).contains("declines"), "{}", screen(&app));
    }
}

/// The screen's rows as the terminal has them after each draw (ratatui's
/// `TestBackend`, drawn again and again as the event loop does, so only
/// the cells that changed are written).
struct Drawn(ratatui::Terminal<ratatui::backend::TestBackend>);

impl Drawn {
    fn new(app: &App) -> Drawn {
        let backend = ratatui::backend::TestBackend::new(app.size.0, app.size.1);
        Drawn(ratatui::Terminal::new(backend).unwrap())
    }

    /// Draw `app` and return the row holding `needle`.
    fn row_with(&mut self, app: &App, needle: &str) -> String {
        self.0.draw(|f| f.render_widget(app, f.area())).unwrap();
        let buf = self.0.backend().buffer();
        (0..buf.area.height)
            .map(|y| {
                (0..buf.area.width)
                    .map(|x| buf[(x, y)].symbol().to_string())
                    .collect::<String>()
            })
            .find(|row| row.contains(needle))
            .unwrap_or_else(|| panic!("no row with {needle:?}"))
    }
}

const LONG: &str = "saved to /home/someone/a-rather-long-folder-name/standard.json";
const SHORT: &str = "saved to /home/someone/linkA.json";

/// The row shows `SHORT` and nothing after it.
fn only_short(row: &str) {
    assert_eq!(row.trim_end(), format!(" {SHORT}"), "{row:?}");
}

// Issue 31, item 28: the message line kept the tail of a longer earlier
// message ("…/linkA.jsondard.json"): each message row is written whole.
#[test]
fn item_28_a_shorter_message_leaves_nothing_of_a_longer_one() {
    let mut app = play_app("standard", None, H, (100, 35));
    let mut drawn = Drawn::new(&app);
    play_state_mut(&mut app).view.say(LONG);
    assert!(drawn.row_with(&app, "saved to").contains("standard.json"));
    play_state_mut(&mut app).view.say(SHORT);
    only_short(&drawn.row_with(&app, "saved to"));

    let mut app = editor_app("standard", None);
    let mut drawn = Drawn::new(&app);
    let set = |app: &mut App, text: &str| match &mut app.screen {
        Screen::Editor(e) => e.message = Some(motley::tui::Message::info(text)),
        _ => panic!("not the editor"),
    };
    set(&mut app, LONG);
    drawn.row_with(&app, "saved to");
    set(&mut app, SHORT);
    only_short(&drawn.row_with(&app, "saved to"));

    let dir = temp_dir("message-tail");
    let mut game = Game::new(variant("standard"), None, 1).unwrap();
    game.play_text("e4").unwrap();
    let path = dir.join("g.json");
    motley_records::save_record(&path, &motley_records::record_of(&game)).unwrap();
    let replay = ReplayState::open(path, &registry()).unwrap();
    let mut app = App::new(
        Screen::Replay(Box::new(replay)),
        registry(),
        settings(None),
        theme(),
        (100, 35),
    );
    let mut drawn = Drawn::new(&app);
    let set = |app: &mut App, text: &str| match &mut app.screen {
        Screen::Replay(r) => r.view.message = Some(motley::tui::Message::info(text)),
        _ => panic!("not the viewer"),
    };
    set(&mut app, LONG);
    drawn.row_with(&app, "saved to");
    set(&mut app, SHORT);
    only_short(&drawn.row_with(&app, "saved to"));
}
