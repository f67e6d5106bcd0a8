//! The variant picker among four dozen variants: Home/End, PgUp/PgDn and
//! type-to-find (the list filtered to the variants whose name, id or alias
//! holds the text typed).

use crate::support::tui::*;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use motley::tui::parts::menu::{Page, VariantPicker};
use motley::tui::{handle, run_requests_inline, App, AppEvent, MenuState, Screen};

const SIZE: (u16, u16) = (100, 35);

fn picker_app() -> (App, TempDir) {
    let dir = temp_dir("picker");
    let reg = registry();
    let s = settings(Some(&dir.to_path_buf()));
    let m = MenuState::new(&s, &reg);
    let mut app = App::new(Screen::Menu(Box::new(m)), reg, s, theme(), SIZE);
    key(&mut app, KeyCode::Char('n'));
    (app, dir)
}

fn picker(app: &App) -> &VariantPicker {
    match &app.screen {
        Screen::Menu(m) => match &m.page {
            Page::Variants(p) => p,
            _ => panic!("not on the picker:\n{}", screen(app)),
        },
        _ => panic!("not on the menu"),
    }
}

/// The id of the variant under the cursor.
fn under_cursor(app: &App) -> String {
    registry().all()[picker(app).cursor].id.clone()
}

/// The ids of the variants listed.
fn listed(app: &App) -> Vec<String> {
    let all = registry().all().to_vec();
    picker(app)
        .shown(&all)
        .into_iter()
        .map(|i| all[i].id.clone())
        .collect()
}

// Issue 31, item 22: among 45 and more variants the picker had only ↑/↓.
#[test]
fn item_22_home_end_and_page_keys_move_through_the_list() {
    let (mut app, _dir) = picker_app();
    let all = registry().all().len();
    assert!(all >= 40, "{all} variants");
    key(&mut app, KeyCode::End);
    assert_eq!(picker(&app).cursor, all - 1);
    key(&mut app, KeyCode::Home);
    assert_eq!(picker(&app).cursor, 0);
    key(&mut app, KeyCode::PageDown);
    let page = picker(&app).cursor;
    assert!(page > 10, "a page is the rows shown: {page}");
    // The list turned to the page the cursor is on.
    let name = registry().all()[page].name.clone();
    assert!(screen(&app).contains(name.as_str()), "{}", screen(&app));
    key(&mut app, KeyCode::PageDown);
    key(&mut app, KeyCode::PageDown);
    assert_eq!(picker(&app).cursor, all - 1, "a page down stops at the end");
    key(&mut app, KeyCode::PageUp);
    assert_eq!(picker(&app).cursor, all - 1 - page);
    key(&mut app, KeyCode::Up);
    assert_eq!(picker(&app).cursor, all - 2 - page);
}

// Issue 31, item 22: typing finds a variant: the list keeps only those
// whose name, id or alias holds the text, and Enter picks one.
#[test]
fn item_22_typing_filters_the_list_and_enter_picks() {
    let (mut app, _dir) = picker_app();
    typ(&mut app, "pawn");
    let found = listed(&app);
    assert!(
        !found.is_empty() && found.len() < registry().all().len(),
        "{found:?}"
    );
    assert!(found.iter().all(|id| {
        let v = registry()
            .all()
            .iter()
            .find(|v| &v.id == id)
            .unwrap()
            .clone();
        format!("{} {} {}", v.name, v.id, v.aliases.join(" "))
            .to_lowercase()
            .contains("pawn")
    }));
    assert_eq!(under_cursor(&app), found[0]);
    assert!(screen(&app).contains("find: pawn"), "{}", screen(&app));
    // Esc shows every variant again, the cursor where it was.
    key(&mut app, KeyCode::Esc);
    assert_eq!(listed(&app).len(), registry().all().len());
    assert_eq!(under_cursor(&app), found[0]);
    // j, k, i and q are the picker's keys: `/` first finds with them.
    key(&mut app, KeyCode::Char('/'));
    typ(&mut app, "knight");
    assert!(listed(&app).iter().all(|id| id.contains("knight")
        || registry()
            .all()
            .iter()
            .any(|v| &v.id == id && v.name.to_lowercase().contains("knight"))));
    let chosen = under_cursor(&app);
    key(&mut app, KeyCode::Enter);
    match &app.screen {
        Screen::Menu(m) => match &m.page {
            Page::NewGame(form) => assert_eq!(registry().all()[form.variant].id, chosen),
            _ => panic!("no form:\n{}", screen(&app)),
        },
        _ => panic!("not on the menu"),
    }
}

// Issue 31, item 22: the find text is edited as every prompt is, and a
// text nothing matches says so.
#[test]
fn item_22_the_find_text_has_the_prompt_keys() {
    let (mut app, _dir) = picker_app();
    typ(&mut app, "zzqx");
    assert!(listed(&app).is_empty());
    assert!(
        screen(&app).contains("no variant matches"),
        "{}",
        screen(&app)
    );
    key(&mut app, KeyCode::Enter);
    assert!(matches!(&app.screen, Screen::Menu(m) if matches!(m.page, Page::Variants(_))));
    handle(
        &mut app,
        AppEvent::Key(KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL)),
    );
    run_requests_inline(&mut app);
    assert_eq!(listed(&app).len(), registry().all().len());
    typ(&mut app, "check");
    assert!(listed(&app).len() >= 3, "{:?}", listed(&app));
    key(&mut app, KeyCode::Home);
    typ(&mut app, "5");
    assert_eq!(listed(&app), ["5check"]);
}
