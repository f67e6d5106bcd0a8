//! Issue 22, item 24: text from files reaches the screen with its control
//! characters made visible, and no cell the terminal is sent holds one.

use crate::support::tui as tui_support;

use crossterm::event::KeyCode;
use motley::tui::{App, MenuState, Message, ReplayState, Screen};
use motley_ai::PlayerSpec;
use std::path::Path;
use std::process::Command;
use tui_support::*;

/// The title escape the issue met: retitle the terminal, then leave the
/// alternate screen.
const EVIL: &str = "\u{1b}]0;OWNED\u{7}\u{1b}[?1049l";

/// Cells holding a character the terminal would act on.
fn raw_cells(app: &App) -> Vec<(u16, u16, String)> {
    let buf = motley::tui::render_to_buffer(app);
    let mut found = Vec::new();
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            let symbol = buf[(x, y)].symbol();
            if symbol.chars().any(motley_rules::core::quote::is_unsafe) {
                found.push((x, y, symbol.escape_default().to_string()));
            }
        }
    }
    found
}

/// `motley import` of a PGN whose White tag holds [`EVIL`] into `saves`.
fn import_evil_pgn(dir: &Path) {
    let pgn = format!("[White \"{EVIL}\"]\n[Black \"b\u{9b}2J\"]\n\n1. e4 e5 *\n");
    let file = dir.join("evil.pgn");
    std::fs::write(&file, pgn).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_motley"))
        .arg("import")
        .arg(&file)
        .arg("--out")
        .arg(dir.join("saves"))
        .env("MOTLEY_DATA_DIR", dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn item_24_a_pgn_tag_with_escapes_is_shown_inert_in_the_load_browser() {
    let dir = temp_dir("escapes-browser");
    import_evil_pgn(&dir);
    let settings = settings(Some(&dir.to_path_buf()));
    let reg = registry();
    let menu = MenuState::new(&settings, &reg);
    let mut app = App::new(
        Screen::Menu(Box::new(menu)),
        reg,
        settings,
        theme(),
        (100, 35),
    );
    key(&mut app, KeyCode::Char('l'));
    let s = screen(&app);
    // The list and the preview name the player, escapes written out.
    assert!(
        s.contains(r"\x1b]0;OWNED\x07\x1b[?1049l v b\u{9b}2J"),
        "{s}"
    );
    assert!(s.contains(r"Black: b\u{9b}2J"), "{s}");
    assert_eq!(s.matches(r"\x1b]0;OWNED\x07\x1b[?1049l").count(), 2, "{s}");
    assert_eq!(raw_cells(&app), []);
    // Opened for replay, and to play on: still nothing raw on screen.
    key(&mut app, KeyCode::Enter);
    assert!(matches!(app.screen, Screen::Play(_)), "{}", screen(&app));
    assert_eq!(raw_cells(&app), []);
    let saved = motley_records::summary::game_files(&dir.join("saves"));
    let replay = ReplayState::open(saved[0].clone(), &registry()).unwrap();
    let app = App::new(
        Screen::Replay(Box::new(replay)),
        registry(),
        settings_for(&dir),
        theme(),
        (100, 35),
    );
    assert_eq!(raw_cells(&app), []);
}

fn settings_for(dir: &Path) -> motley::tui::Settings {
    settings(Some(&dir.to_path_buf()))
}

#[test]
fn item_24_messages_and_player_names_are_shown_inert() {
    // A message quoting a file or an engine shows its escapes written out.
    let m = Message::error(format!("bad move '{EVIL}'\nsecond line"));
    assert_eq!(
        m.text,
        "bad move '\\x1b]0;OWNED\\x07\\x1b[?1049l'\nsecond line"
    );
    // An engine's command line (a record may name one) in the title.
    let engine = PlayerSpec::Uci {
        command: format!("engine {EVIL}").into(),
    };
    let mut app = play_app("standard", None, [engine, PlayerSpec::Human], (100, 35));
    play_state_mut(&mut app).view.message = Some(Message::info(EVIL));
    let s = screen(&app);
    assert!(s.contains(r"computer (uci:engine \x1b]0;OWNED"), "{s}");
    assert_eq!(raw_cells(&app), []);
    // The last guard: text put on screen without escaping never reaches
    // the terminal raw.
    play_state_mut(&mut app).view.message = Some(Message {
        text: EVIL.to_string(),
        error: true,
    });
    assert_eq!(raw_cells(&app), []);
}
