//! Helpers for driving the terminal UI through its input handler.

use crossterm::event::{KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use motley::tui::{
    handle, run_requests_inline, App, AppEvent, ColorMode, EditorState, PlayState, ReplayState,
    Screen, Settings, Theme, ThemeName,
};
use motley_ai::PlayerSpec;
use motley_game::variant::{Registry, VariantDef};
use motley_game::Game;
use motley_rules::AnyPosition;
use motley_session::SessionSettings;
use std::path::PathBuf;
use std::sync::Arc;

pub use crate::support::temp::{temp_dir, TempDir};

/// The built-in variants.
pub fn registry() -> Registry {
    Registry::builtin()
}

pub fn theme() -> Theme {
    Theme::new(ThemeName::Default, ColorMode::Indexed, false)
}

pub fn settings(dir: Option<&PathBuf>) -> Settings {
    Settings {
        auto_flip: false,
        session: SessionSettings {
            games_dir: dir.map(|d| d.join("games")),
            saves_dir: dir.map(|d| d.join("saves")),
            exports_dir: dir.map(|d| d.join("exports")),
            // Analyses and hints by depth, not by the clock: the same
            // results on every machine, and quick.
            analysis: motley_ai::analysis::AnalysisSettings {
                movetime: std::time::Duration::from_secs(60),
                max_depth: 2,
                threads: 1,
            },
            ..SessionSettings::default()
        },
        ..Settings::default()
    }
}

pub fn variant(id: &str) -> Arc<VariantDef> {
    registry().get(id).unwrap()
}

/// A play screen app for a variant.
pub fn play_app(id: &str, fen: Option<&str>, players: [PlayerSpec; 2], size: (u16, u16)) -> App {
    let game = Game::new(variant(id), fen, 7).unwrap();
    let p = PlayState::new(game, players);
    App::new(
        Screen::Play(Box::new(p)),
        registry(),
        settings(None),
        theme(),
        size,
    )
}

pub fn key(app: &mut App, code: KeyCode) {
    handle(app, AppEvent::key(code));
    run_requests_inline(app);
}

pub fn shift(app: &mut App, c: char) {
    handle(
        app,
        AppEvent::Key(crossterm::event::KeyEvent::new(
            KeyCode::Char(c),
            KeyModifiers::SHIFT,
        )),
    );
    run_requests_inline(app);
}

/// Type characters one key at a time.
pub fn typ(app: &mut App, text: &str) {
    for c in text.chars() {
        key(app, KeyCode::Char(c));
    }
}

/// Play through the `:` prompt.
pub fn prompt(app: &mut App, mv: &str) {
    key(app, KeyCode::Char(':'));
    typ(app, mv);
    key(app, KeyCode::Enter);
}

pub fn click(app: &mut App, col: u16, row: u16) {
    mouse(app, MouseEventKind::Down(MouseButton::Left), col, row);
}

/// One mouse event at a screen cell (then the jobs it queued run).
pub fn mouse(app: &mut App, kind: MouseEventKind, col: u16, row: u16) {
    handle(
        app,
        AppEvent::Mouse(MouseEvent {
            kind,
            column: col,
            row,
            modifiers: KeyModifiers::NONE,
        }),
    );
    run_requests_inline(app);
}

/// Drag with the left button from the centre of square `from` over the
/// squares `over` to `to`, released there.
pub fn drag(app: &mut App, from: &str, over: &[&str], to: &str) {
    let (x, y) = square_center(app, from);
    mouse(app, MouseEventKind::Down(MouseButton::Left), x, y);
    for sq in over.iter().chain([&to]) {
        let (x, y) = square_center(app, sq);
        mouse(app, MouseEventKind::Drag(MouseButton::Left), x, y);
    }
    let (x, y) = square_center(app, to);
    mouse(app, MouseEventKind::Up(MouseButton::Left), x, y);
}

pub fn play_state(app: &App) -> &PlayState {
    match &app.screen {
        Screen::Play(p) => p,
        _ => panic!("not on the play screen"),
    }
}

pub fn play_state_mut(app: &mut App) -> &mut PlayState {
    match &mut app.screen {
        Screen::Play(p) => p,
        _ => panic!("not on the play screen"),
    }
}

pub fn position(app: &App) -> &AnyPosition {
    play_state(app).session.game().position()
}

pub fn fen(app: &App) -> String {
    use motley_rules::Position;
    position(app).to_fen()
}

pub fn message(app: &App) -> String {
    play_state(app)
        .view
        .message
        .as_ref()
        .map(|m| m.text.clone())
        .unwrap_or_default()
}

/// The status message must contain `needle` (shown in full otherwise).
pub fn assert_message(app: &App, needle: &str) {
    let m = message(app);
    assert!(m.contains(needle), "expected '{needle}' in: {m}");
}

/// The screen as text, one line per row, right-trimmed.
pub fn screen(app: &App) -> String {
    let buf = motley::tui::render_to_buffer(app);
    let area = buf.area;
    let mut out = String::new();
    for y in 0..area.height {
        let mut line = String::new();
        for x in 0..area.width {
            line.push_str(buf[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Click the centre of a square.
pub fn click_square(app: &mut App, sq: &str) {
    let (x, y) = square_center(app, sq);
    click(app, x, y);
}

pub fn square_center(app: &App, sq: &str) -> (u16, u16) {
    let p = play_state(app);
    let lay = p.layout(app.size, &app.settings);
    let geom = lay.board.expect("board fits");
    let r = geom.cell(spot(sq));
    (r.x + r.width / 2, r.y + r.height / 2)
}

/// Save the game on the play screen to `path` as the save prompt does,
/// here and now; panics when it cannot be saved.
pub fn save_now(app: &mut App, path: &std::path::Path) {
    let session = &mut play_state_mut(app).session;
    session.save_to(path.to_path_buf());
    for write in session.take_writes() {
        let done = write.perform();
        if let motley_session::Written::SavedAs { result, .. } = &done {
            result.clone().unwrap();
        }
        assert!(session.take_written(&done));
    }
}

/// The replay viewer on screen.
pub fn replay(app: &App) -> &ReplayState {
    match &app.screen {
        Screen::Replay(r) => r,
        _ => panic!("not in the replay viewer"),
    }
}

/// The replay viewer's message line.
pub fn replay_message(app: &App) -> String {
    replay(app)
        .view
        .message
        .as_ref()
        .map(|m| m.text.clone())
        .unwrap_or_default()
}

/// The text of the last clipboard request, decoded from what the
/// terminal will be sent.
pub fn clipboard(app: &App) -> String {
    use base64::prelude::{Engine, BASE64_STANDARD};
    let text = app
        .requests
        .iter()
        .rev()
        .find_map(|r| match r {
            motley::tui::Request::Clipboard(t) => Some(t.clone()),
            _ => None,
        })
        .expect("a clipboard request");
    let seq = motley::tui::parts::page::osc52(&text);
    let body = &seq["\x1b]52;c;".len()..seq.len() - 1];
    String::from_utf8(BASE64_STANDARD.decode(body).unwrap()).unwrap()
}

/// The position editor's state; panics on any other screen.
pub fn editor(app: &App) -> &EditorState {
    match &app.screen {
        Screen::Editor(e) => e,
        _ => panic!("not in the editor"),
    }
}

/// A square of the screen's board by its name (`e4`, `j10`).
pub fn spot(s: &str) -> motley_rules::core::grid::Spot {
    use motley_rules::core::grid::GridSquare;
    motley_rules::core::grid::Spot::parse(s).expect("a square")
}

/// Move the editor's cursor to `s` with the arrow keys.
pub fn cursor_to(app: &mut App, s: &str) {
    let target = motley_rules::core::Square::parse(s).expect("a square");
    for _ in 0..16 {
        let c = editor(app).cursor;
        let code = if c.file() < target.file() {
            KeyCode::Right
        } else if c.file() > target.file() {
            KeyCode::Left
        } else if c.rank() < target.rank() {
            KeyCode::Up
        } else if c.rank() > target.rank() {
            KeyCode::Down
        } else {
            return;
        };
        key(app, code);
    }
    assert_eq!(editor(app).cursor, target);
}

/// Put the piece of FEN letter `letter` on `s` in the editor by keys:
/// its letter, the cursor, Space.
pub fn place(app: &mut App, letter: char, s: &str) {
    key(app, KeyCode::Char(letter));
    cursor_to(app, s);
    key(app, KeyCode::Char(' '));
}

/// The position editor at 100×35 on `fen` of variant `id` (with the
/// variant's own state for it), or on the variant's start.
pub fn editor_app(id: &str, fen: Option<&str>) -> App {
    let v = variant(id);
    let draft = fen.map(|f| motley_rules::setup::Draft {
        setup: motley_rules::core::Setup::parse(f).expect("a FEN"),
        state: v.start_draft().expect("a start").state,
    });
    let start = motley::tui::EditorStart { variant: v, draft };
    App::new(
        Screen::Editor(Box::new(EditorState::open(start))),
        registry(),
        settings(None),
        theme(),
        (100, 35),
    )
}

/// The editor's message line, or nothing.
pub fn editor_message(app: &App) -> String {
    let m = editor(app).message.as_ref();
    m.map(|m| m.text.clone()).unwrap_or_default()
}

/// What the editor's draft holds on square `s`.
pub fn editor_piece_at(app: &App, s: &str) -> Option<motley_rules::core::Piece> {
    let square = motley_rules::core::Square::parse(s).expect("a square");
    editor(app).draft.setup.board.piece_at(square)
}
