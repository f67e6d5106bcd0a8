//! Every text prompt edits its line with the same keys (a shell's: Ctrl-U,
//! Ctrl-W, Home, End, Delete, Ctrl-A/E, Left/Right, Backspace), and a
//! suggested text is selected so that typing replaces it: the play
//! screen's move and save prompts, the game browser's path, the replay
//! viewer's ply, move and comment, and the new-game form's text rows.

use crate::support::tui::*;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use motley::tui::parts::menu::{FormRow, Page};
use motley::tui::parts::play::Popup;
use motley::tui::parts::replay::ReplayPopup;
use motley::tui::{handle, run_requests_inline, App, AppEvent, MenuState, ReplayState, Screen};
use motley_ai::PlayerSpec;
use motley_game::Game;
use motley_records as record;
use std::path::Path;

const SIZE: (u16, u16) = (100, 35);

/// Ctrl and a letter.
fn ctrl(app: &mut App, c: char) {
    handle(
        app,
        AppEvent::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL)),
    );
    run_requests_inline(app);
}

/// A game of standard chess on the play screen, kept in `dir`.
fn play_in(dir: &Path) -> App {
    let game = Game::new(variant("standard"), None, 7).unwrap();
    let state = motley::tui::PlayState::new(game, [PlayerSpec::Human, PlayerSpec::Human]);
    App::new(
        Screen::Play(Box::new(state)),
        registry(),
        settings(Some(&dir.to_path_buf())),
        theme(),
        SIZE,
    )
}

/// The save prompt's line.
fn save_line(app: &App) -> (String, bool) {
    match &play_state(app).view.popup {
        Some(Popup::SaveAs { text, .. }) => (text.text().to_string(), text.is_selected()),
        other => panic!("no save prompt: {other:?}"),
    }
}

/// Every folder under `dir` whose name ends in `.json`.
fn json_folders(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                if path.extension().is_some_and(|x| x == "json") {
                    found.push(path.display().to_string());
                }
                todo.push(path);
            }
        }
    }
    found
}

// Issue 31, item 18: typing a path into the save prompt added it to the
// suggested one, and saving made a folder named after the suggested
// `.json` file with the typed path's folders inside it.
#[test]
fn item_18_typing_replaces_the_suggested_save_name() {
    let dir = temp_dir("prompt-save");
    let mut app = play_in(&dir);
    prompt(&mut app, "e4");
    key(&mut app, KeyCode::Char('s'));
    let (suggested, selected) = save_line(&app);
    assert!(suggested.ends_with(".json") && selected, "{suggested}");
    let mine = dir.join("mine.json");
    typ(&mut app, mine.to_str().unwrap());
    assert_eq!(save_line(&app).0, mine.to_str().unwrap());
    key(&mut app, KeyCode::Enter);
    assert_message(&app, "saved to");
    let (saved, _) = record::load_first(&mine, &registry()).into_parts();
    assert_eq!(saved.unwrap().game.sans(), ["e4"]);
    assert!(json_folders(&dir).is_empty(), "{:?}", json_folders(&dir));
}

// Issue 31, item 18: a path through a folder that does not exist and is
// named like a game file is refused, never made.
#[test]
fn item_18_a_save_never_makes_a_folder_named_like_a_game_file() {
    let dir = temp_dir("prompt-json-folder");
    let mut app = play_in(&dir);
    prompt(&mut app, "e4");
    key(&mut app, KeyCode::Char('s'));
    let typed = dir.join("standard.json").join("games").join("mine.json");
    typ(&mut app, typed.to_str().unwrap());
    key(&mut app, KeyCode::Enter);
    assert_message(&app, "a folder is not made with a game file's name");
    assert_eq!(
        save_line(&app).0,
        typed.to_str().unwrap(),
        "the prompt stays"
    );
    assert!(json_folders(&dir).is_empty(), "{:?}", json_folders(&dir));
    // A folder that exists may be named so: nothing is made.
    std::fs::create_dir(dir.join("standard.json")).unwrap();
    let inside = dir.join("standard.json").join("mine.json");
    ctrl(&mut app, 'u');
    typ(&mut app, inside.to_str().unwrap());
    key(&mut app, KeyCode::Enter);
    assert_message(&app, "saved to");
    assert!(inside.is_file());
}

// Issue 31, item 18: Ctrl-U, Ctrl-W, Delete, Home, End and Ctrl-A/E did
// nothing in the save prompt (Ctrl-U typed a `u`).
#[test]
fn item_18_the_save_prompt_has_the_line_editing_keys() {
    let dir = temp_dir("prompt-save-keys");
    let mut app = play_in(&dir);
    prompt(&mut app, "e4");
    key(&mut app, KeyCode::Char('s'));
    // Moving keeps the suggestion, to be edited.
    key(&mut app, KeyCode::End);
    ctrl(&mut app, 'w');
    let (kept, selected) = save_line(&app);
    assert!(!selected && kept.ends_with('/'), "{kept}");
    ctrl(&mut app, 'u');
    assert_eq!(save_line(&app).0, "");
    typ(&mut app, "ine.jsonx");
    key(&mut app, KeyCode::Home);
    typ(&mut app, "m");
    ctrl(&mut app, 'e');
    key(&mut app, KeyCode::Backspace);
    ctrl(&mut app, 'a');
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Delete);
    key(&mut app, KeyCode::Left);
    typ(&mut app, "M");
    assert_eq!(save_line(&app).0, "Mmne.json");
    ctrl(&mut app, 'e');
    ctrl(&mut app, 'u');
    let path = dir.join("keys.json");
    typ(&mut app, path.to_str().unwrap());
    key(&mut app, KeyCode::Enter);
    assert!(path.is_file(), "{}", message(&app));
}

// Issue 31, item 18: the move prompt has the same keys.
#[test]
fn item_18_the_move_prompt_has_the_line_editing_keys() {
    let dir = temp_dir("prompt-move");
    let mut app = play_in(&dir);
    key(&mut app, KeyCode::Char(':'));
    typ(&mut app, "Nf3 junk");
    ctrl(&mut app, 'w');
    ctrl(&mut app, 'w');
    typ(&mut app, "2e4");
    key(&mut app, KeyCode::Home);
    typ(&mut app, "e");
    key(&mut app, KeyCode::End);
    assert!(screen(&app).contains("move: e2e4"), "{}", screen(&app));
    key(&mut app, KeyCode::Enter);
    assert_eq!(play_state(&app).session.game().sans(), ["e4"]);
    key(&mut app, KeyCode::Char(':'));
    typ(&mut app, "e7e5");
    ctrl(&mut app, 'u');
    typ(&mut app, "d7d5");
    key(&mut app, KeyCode::Left);
    key(&mut app, KeyCode::Delete);
    typ(&mut app, "6");
    key(&mut app, KeyCode::Enter);
    assert_eq!(play_state(&app).session.game().sans(), ["e4", "d6"]);
}

// Issue 31, item 18: the game browser's path prompt has the same keys.
#[test]
fn item_18_the_browsers_path_prompt_has_the_line_editing_keys() {
    let dir = temp_dir("prompt-path");
    let mut g = Game::new(variant("standard"), None, 1).unwrap();
    g.play_text("e4").unwrap();
    let path = dir.join("elsewhere.json");
    record::save_record(&path, &record::record_of(&g)).unwrap();
    let s = settings(Some(&dir.to_path_buf()));
    let reg = registry();
    let menu = MenuState::new(&s, &reg);
    let mut app = App::new(Screen::Menu(Box::new(menu)), reg, s, theme(), SIZE);
    key(&mut app, KeyCode::Char('l'));
    key(&mut app, KeyCode::Char('t'));
    typ(&mut app, "/no/such/file.json");
    ctrl(&mut app, 'u');
    typ(&mut app, path.to_str().unwrap());
    typ(&mut app, "/junk");
    ctrl(&mut app, 'w');
    key(&mut app, KeyCode::Backspace);
    key(&mut app, KeyCode::Enter);
    assert!(matches!(app.screen, Screen::Play(_)), "{}", screen(&app));
    assert_eq!(play_state(&app).session.game().sans(), ["e4"]);
}

// Issue 31, item 18: the replay viewer's ply, move and comment prompts
// have the same keys.
#[test]
fn item_18_the_replay_prompts_have_the_line_editing_keys() {
    let dir = temp_dir("prompt-replay");
    let mut g = Game::new(variant("standard"), None, 1).unwrap();
    for m in ["e4", "e5", "Nf3", "Nc6"] {
        g.play_text(m).unwrap();
    }
    let path = dir.join("plain.json");
    record::save_record(&path, &record::record_of(&g)).unwrap();
    let state = ReplayState::open(path.clone(), &registry()).unwrap();
    let mut app = App::new(
        Screen::Replay(Box::new(state)),
        registry(),
        settings(None),
        theme(),
        SIZE,
    );
    // Go to ply: 3, typed as 13, then the 1 deleted at the start.
    key(&mut app, KeyCode::Char('g'));
    typ(&mut app, "13");
    ctrl(&mut app, 'a');
    key(&mut app, KeyCode::Delete);
    key(&mut app, KeyCode::Enter);
    assert_eq!(replay(&app).cursor().len, 3);
    // A comment typed, then another in its place.
    key(&mut app, KeyCode::Char('c'));
    typ(&mut app, "first thought");
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::Char('c'));
    ctrl(&mut app, 'w');
    typ(&mut app, "second");
    key(&mut app, KeyCode::Enter);
    let cursor = replay(&app).cursor();
    assert_eq!(replay(&app).tree().comment(&cursor), Some("first second"));
    // A move: one word erased, then the space.
    key(&mut app, KeyCode::Char('m'));
    typ(&mut app, "Nc6 Nf6");
    ctrl(&mut app, 'w');
    key(&mut app, KeyCode::Backspace);
    assert!(
        matches!(&replay(&app).view.popup, Some(ReplayPopup::Move { text }) if text.text() == "Nc6"),
        "{:?}",
        replay(&app).view.popup
    );
    key(&mut app, KeyCode::Enter);
    assert_eq!(replay(&app).cursor().len, 4);
}

// Issue 31, item 18: the new-game form's text rows have the same keys.
#[test]
fn item_18_the_new_game_forms_text_rows_have_the_line_editing_keys() {
    let dir = temp_dir("prompt-form");
    let s = settings(Some(&dir.to_path_buf()));
    let reg = registry();
    let menu = MenuState::new(&s, &reg);
    let mut app = App::new(Screen::Menu(Box::new(menu)), reg, s, theme(), SIZE);
    key(&mut app, KeyCode::Char('n'));
    key(&mut app, KeyCode::Enter);
    let form = |app: &App| match &app.screen {
        Screen::Menu(m) => match &m.page {
            Page::NewGame(f) => (**f).clone(),
            _ => panic!("no form"),
        },
        _ => panic!("not on the menu"),
    };
    for _ in 0..30 {
        let f = form(&app);
        if f.rows(&registry())[f.row] == FormRow::WhiteName {
            break;
        }
        key(&mut app, KeyCode::Down);
    }
    typ(&mut app, "Ann Smith");
    ctrl(&mut app, 'w');
    typ(&mut app, "Jones");
    key(&mut app, KeyCode::Home);
    key(&mut app, KeyCode::Delete);
    typ(&mut app, "Q");
    key(&mut app, KeyCode::End);
    key(&mut app, KeyCode::Left);
    key(&mut app, KeyCode::Backspace);
    assert_eq!(form(&app).names[0], "Qnn Jons");
    assert!(screen(&app).contains("Qnn Jon▏s"), "{}", screen(&app));
    ctrl(&mut app, 'u');
    assert_eq!(form(&app).names[0], "s");
    ctrl(&mut app, 'k');
    assert_eq!(form(&app).names[0], "");
}
