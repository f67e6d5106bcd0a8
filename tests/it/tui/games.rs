//! One record per game in the UI, driven through the input handler: a
//! game is kept from its first action in a record of its own, never over
//! another game's; a failing save is shown until it works and leaving
//! then asks; saving elsewhere asks before replacing a file; a game open
//! elsewhere is offered for replay; the game browser lists, sorts,
//! filters, previews and deletes.

use crate::support::locks as lock_support;
use crate::support::tui as tui_support;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use lock_support::{checking_locks, spawn};
use motley::tui::parts::menu::{Ask, Page, Shelf, SortKey};
use motley::tui::parts::play::{ListKind, Popup};
use motley::tui::parts::replay::ReplayPopup;
use motley::tui::{
    handle, run_requests_inline, App, AppEvent, MenuState, ReplayState, Screen, Settings,
};
use motley_ai::PlayerSpec;
use motley_game::Game;
use motley_records::games::OpenGame;
use motley_records::summary::game_files;
use motley_rules::core::Color;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use tui_support::*;

const SIZE: (u16, u16) = (100, 35);
const H: [PlayerSpec; 2] = [PlayerSpec::Human, PlayerSpec::Human];

fn menu_with(settings: Settings) -> App {
    let reg = registry();
    let m = MenuState::new(&settings, &reg);
    let mut app = App::new(Screen::Menu(Box::new(m)), reg, settings, theme(), SIZE);
    // What the runtime does first: the games folder is put in order.
    run_requests_inline(&mut app);
    app
}

fn menu_app(dir: &Path) -> App {
    menu_with(settings(Some(&dir.to_path_buf())))
}

/// A game on the play screen with `settings`.
fn play_with(id: &str, settings: Settings) -> App {
    let game = Game::new(variant(id), None, 7).unwrap();
    let p = motley::tui::PlayState::new(game, H);
    App::new(
        Screen::Play(Box::new(p)),
        registry(),
        settings,
        theme(),
        SIZE,
    )
}

/// New game of variant `id` from the menu, started with the form's
/// defaults (two people).
fn new_game(app: &mut App, id: &str) {
    let downs = registry().all().iter().position(|v| v.id == id).unwrap();
    key(app, KeyCode::Char('n'));
    for _ in 0..downs {
        key(app, KeyCode::Down);
    }
    key(app, KeyCode::Enter);
    key(app, KeyCode::Enter);
    assert!(matches!(app.screen, Screen::Play(_)), "{}", screen(app));
}

fn ctrl_c(app: &mut App) {
    handle(
        app,
        AppEvent::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
    );
}

fn menu(app: &App) -> &MenuState {
    match &app.screen {
        Screen::Menu(m) => m,
        _ => panic!("not on the menu:\n{}", screen(app)),
    }
}

fn popup_kind(app: &App) -> Option<ListKind> {
    match &play_state(app).view.popup {
        Some(Popup::List { kind, .. }) => Some(kind.clone()),
        _ => None,
    }
}

/// Save `game` at `path` as saved at `when` (RFC 3339), by `players`.
fn save_at(game: &Game, path: &Path, when: &str, players: (&str, &str)) {
    let mut rec = motley_records::store::record_to_save(game, Some(players));
    rec.saved = Some(when.to_string());
    motley_records::save_record(path, &rec).unwrap();
}

fn played(id: &str, moves: &[&str]) -> Game {
    let mut g = Game::new(variant(id), None, 7).unwrap();
    for m in moves {
        g.play_text(m).unwrap();
    }
    g
}

#[test]
fn a_new_game_never_replaces_the_unfinished_one() {
    let _locks = checking_locks();
    // The original bug: start Chicken, play, leave; start standard chess,
    // play one move: the Chicken game was gone.
    let dir = temp_dir("two-games");
    let mut app = menu_app(&dir);
    new_game(&mut app, "chicken");
    assert_eq!(play_state(&app).session.game().variant().id, "chicken");
    prompt(&mut app, "e3");
    prompt(&mut app, "b5");
    key(&mut app, KeyCode::Char('q'));
    new_game(&mut app, "standard");
    assert_eq!(play_state(&app).session.game().variant().id, "standard");
    prompt(&mut app, "e4");
    key(&mut app, KeyCode::Char('q'));
    let s = screen(&app);
    assert!(s.contains("unfinished: 2 games"), "{s}");
    key(&mut app, KeyCode::Char('c'));
    let s = screen(&app);
    assert!(s.contains("Chicken Chess · human v human"), "{s}");
    assert!(s.contains("2 plies · unfinished"), "{s}");
    assert!(s.contains("Standard chess · human v human"), "{s}");
    assert!(s.contains("1 ply · unfinished"), "{s}");
    assert_eq!(game_files(&dir.join("games")).len(), 2);
}

#[test]
fn a_game_gets_its_record_at_its_first_action_not_before() {
    let _locks = checking_locks();
    let dir = temp_dir("first-action");
    let mut app = menu_app(&dir);
    new_game(&mut app, "standard");
    assert!(game_files(&dir.join("games")).is_empty());
    key(&mut app, KeyCode::Char('q'));
    assert!(game_files(&dir.join("games")).is_empty());
    assert!(!screen(&app).contains("Continue a game"));
    new_game(&mut app, "standard");
    prompt(&mut app, "d4");
    let path = play_state(&app).session.game_file().unwrap().to_path_buf();
    assert!(path.starts_with(dir.join("games")), "{path:?}");
    assert!(
        path.to_string_lossy().ends_with("-standard.json"),
        "{path:?}"
    );
    // Taking every action back removes it again: nothing to continue.
    key(&mut app, KeyCode::Char('u'));
    assert!(!path.exists());
    key(&mut app, KeyCode::Char('q'));
    assert!(!screen(&app).contains("Continue a game"));
}

#[test]
fn continuing_a_game_plays_on_in_its_own_record_under_its_lock() {
    let _locks = checking_locks();
    let dir = temp_dir("continue");
    let mut app = menu_app(&dir);
    new_game(&mut app, "standard");
    prompt(&mut app, "e4");
    let path = play_state(&app).session.game_file().unwrap().to_path_buf();
    key(&mut app, KeyCode::Char('q'));
    key(&mut app, KeyCode::Char('c'));
    key(&mut app, KeyCode::Enter);
    assert_eq!(play_state(&app).session.game_file(), Some(path.as_path()));
    assert!(motley_records::games::is_locked_elsewhere(&path));
    prompt(&mut app, "e5");
    let (saved, _) = motley_records::load_first(&path, &registry()).into_parts();
    assert_eq!(saved.unwrap().game.sans(), ["e4", "e5"]);
    assert_eq!(game_files(&dir.join("games")), std::slice::from_ref(&path));
    key(&mut app, KeyCode::Char('q'));
    assert!(!motley_records::games::is_locked_elsewhere(&path));
}

#[test]
fn a_game_open_elsewhere_is_offered_for_replay_and_never_deleted() {
    let _locks = checking_locks();
    let dir = temp_dir("locked");
    let games = dir.join("games");
    let held = OpenGame::create(&games, &played("standard", &["e4", "c5"]), None).unwrap();
    let mut app = menu_app(&dir);
    key(&mut app, KeyCode::Char('c'));
    let s = screen(&app);
    assert!(s.contains("open in another Motley"), "{s}");
    // Deleting it is refused, without asking.
    key(&mut app, KeyCode::Char('d'));
    assert!(held.path().exists());
    assert!(
        menu(&app)
            .message
            .as_ref()
            .unwrap()
            .text
            .contains("not deleted"),
        "{:?}",
        menu(&app).message
    );
    // Opening it says so and offers the replay.
    key(&mut app, KeyCode::Enter);
    let s = screen(&app);
    assert!(s.contains("This game is open in another Motley"), "{s}");
    key(&mut app, KeyCode::Char('r'));
    let Screen::Replay(r) = &app.screen else {
        panic!("not replaying:\n{}", screen(&app));
    };
    assert_eq!(r.game().sans(), ["e4", "c5"]);
    drop(held);
}

// Issue 20: the input handler writes nothing itself. A move asks for the
// game to be kept; the record appears once the runtime carries the write
// out (here `run_requests_inline`, in the terminal its writer thread), and
// what the write came to reaches the screen as an event.
#[test]
fn the_handler_asks_for_writes_and_the_runtime_carries_them_out() {
    let _locks = checking_locks();
    let dir = temp_dir("effects");
    let games = dir.join("games");
    let mut app = play_with("standard", settings(Some(&dir.to_path_buf())));
    for c in [':', 'e', '4'] {
        handle(&mut app, AppEvent::char(c));
    }
    handle(&mut app, AppEvent::key(KeyCode::Enter));
    assert_eq!(play_state(&app).session.game().ply(), 1);
    assert!(
        game_files(&games).is_empty(),
        "nothing written in the handler"
    );
    let writes = app
        .requests
        .iter()
        .filter(|r| matches!(r, motley::tui::Request::Write(_)))
        .count();
    assert_eq!(writes, 1, "the keeping is asked for");
    motley::tui::run_requests_inline(&mut app);
    assert_eq!(game_files(&games).len(), 1);
    assert_eq!(
        play_state(&app).session.game_file(),
        Some(game_files(&games)[0].as_path())
    );
}

/// Settings whose games folder cannot be created: `/dev/null` is a file,
/// so `/dev/null/games` is "Not a directory" everywhere, every run.
fn unwritable(dir: &Path) -> Settings {
    let mut s = settings(Some(&dir.to_path_buf()));
    s.session.games_dir = Some(PathBuf::from("/dev/null/games"));
    s
}

#[test]
fn a_failing_save_is_shown_on_screen_until_saving_works() {
    let _locks = checking_locks();
    let dir = temp_dir("warn");
    let mut app = play_with("standard", unwritable(&dir));
    assert!(
        !screen(&app).contains("GAME NOT SAVED"),
        "nothing to save yet"
    );
    prompt(&mut app, "e4");
    let s = screen(&app);
    assert!(s.contains("GAME NOT SAVED: saving failed"), "{s}");
    assert!(s.contains("Not a directory"), "{s}");
    insta::assert_snapshot!("save_warning", s);
    // Other messages come and go; the warning stays.
    prompt(&mut app, "e4e6");
    prompt(&mut app, "e5");
    assert!(screen(&app).contains("GAME NOT SAVED"));
    // Once saving works again, it goes.
    app.settings.session.games_dir = Some(dir.join("games"));
    prompt(&mut app, "Nf3");
    assert!(!screen(&app).contains("GAME NOT SAVED"), "{}", screen(&app));
    assert!(!play_state(&app).session.has_unsaved_actions());
}

#[test]
fn leaving_with_unsaved_actions_asks_and_offers_to_save_elsewhere() {
    let _locks = checking_locks();
    let dir = temp_dir("leave-ask");
    let mut app = menu_with(unwritable(&dir));
    new_game(&mut app, "standard");
    prompt(&mut app, "e4");
    key(&mut app, KeyCode::Char('q'));
    assert_eq!(
        popup_kind(&app),
        Some(ListKind::Unsaved(motley::tui::parts::play::Exit::Leave))
    );
    insta::assert_snapshot!("leave_unsaved", screen(&app));
    // Stay: nothing happens.
    key(&mut app, KeyCode::Esc);
    assert!(play_state(&app).view.popup.is_none());
    // Save elsewhere, then leave.
    key(&mut app, KeyCode::Char('q'));
    key(&mut app, KeyCode::Char('s'));
    for _ in 0..300 {
        key(&mut app, KeyCode::Backspace);
    }
    let target = dir.join("kept.json");
    typ(&mut app, target.to_str().unwrap());
    key(&mut app, KeyCode::Enter);
    assert!(matches!(app.screen, Screen::Menu(_)), "{}", screen(&app));
    let (saved, _) = motley_records::load_first(&target, &registry()).into_parts();
    assert_eq!(saved.unwrap().game.sans(), ["e4"]);
    // Leave anyway: the actions are lost, as the player chose.
    new_game(&mut app, "standard");
    prompt(&mut app, "d4");
    key(&mut app, KeyCode::Char('q'));
    key(&mut app, KeyCode::Char('l'));
    assert!(matches!(app.screen, Screen::Menu(_)));
}

#[test]
fn a_failed_save_elsewhere_keeps_the_prompt_and_stays() {
    let _locks = checking_locks();
    let dir = temp_dir("leave-fail");
    let mut app = play_with("standard", unwritable(&dir));
    prompt(&mut app, "e4");
    key(&mut app, KeyCode::Char('q'));
    key(&mut app, KeyCode::Char('s'));
    for _ in 0..300 {
        key(&mut app, KeyCode::Backspace);
    }
    typ(&mut app, "/dev/null/x.json");
    key(&mut app, KeyCode::Enter);
    assert!(matches!(app.screen, Screen::Play(_)));
    assert_message(&app, "not saved");
    assert!(matches!(
        play_state(&app).view.popup,
        Some(Popup::SaveAs { .. })
    ));
}

#[test]
fn ctrl_c_quits_like_leaving_and_asks_when_unsaved() {
    let _locks = checking_locks();
    let dir = temp_dir("ctrl-c");
    // Saved: Ctrl-C quits at once, the game kept for Continue.
    let mut app = play_with("standard", settings(Some(&dir.to_path_buf())));
    prompt(&mut app, "e4");
    ctrl_c(&mut app);
    assert!(app.quit);
    app.shutdown();
    assert_eq!(game_files(&dir.join("games")).len(), 1);
    // Unsaved: it asks; a second Ctrl-C quits without saving.
    let mut app = play_with("standard", unwritable(&dir));
    prompt(&mut app, "e4");
    ctrl_c(&mut app);
    assert!(!app.quit);
    assert_eq!(
        popup_kind(&app),
        Some(ListKind::Unsaved(motley::tui::parts::play::Exit::Quit))
    );
    ctrl_c(&mut app);
    assert!(app.quit);
    // On the menu it quits.
    let mut app = menu_app(&dir);
    ctrl_c(&mut app);
    assert!(app.quit);
}

#[test]
fn save_as_asks_before_replacing_a_file() {
    let _locks = checking_locks();
    let dir = temp_dir("replace");
    let mut app = play_with("chicken", settings(Some(&dir.to_path_buf())));
    prompt(&mut app, "e3");
    let target = dir.join("mine.json");
    std::fs::write(&target, "precious").unwrap();
    let save_to = |app: &mut App| {
        key(app, KeyCode::Char('s'));
        for _ in 0..300 {
            key(app, KeyCode::Backspace);
        }
        typ(app, target.to_str().unwrap());
        key(app, KeyCode::Enter);
    };
    save_to(&mut app);
    assert!(matches!(popup_kind(&app), Some(ListKind::Replace { .. })));
    assert!(screen(&app).contains("Replace it with this game?"));
    // No: back to the prompt with the name, the file untouched.
    key(&mut app, KeyCode::Char('n'));
    assert!(matches!(
        &play_state(&app).view.popup,
        Some(Popup::SaveAs { text, .. }) if text.text() == target.to_str().unwrap()
    ));
    key(&mut app, KeyCode::Esc);
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "precious");
    // Yes: replaced.
    save_to(&mut app);
    key(&mut app, KeyCode::Char('y'));
    assert_message(&app, "saved to");
    let (saved, _) = motley_records::load_first(&target, &registry()).into_parts();
    assert_eq!(saved.unwrap().game.ply(), 1);
    // Saving there again after playing on: it is the player's own file now.
    prompt(&mut app, "b5");
    save_to(&mut app);
    assert_message(&app, "saved to");
    let (saved, _) = motley_records::load_first(&target, &registry()).into_parts();
    assert_eq!(saved.unwrap().game.ply(), 2);
}

// Issue 22, item 23: Motley B loaded the record of a game Motley A plays,
// took moves back, played on and saved over A's record: A's game was lost.
#[test]
fn item_23_save_as_never_writes_over_a_game_another_motley_has_open() {
    let _locks = checking_locks();
    let dir = temp_dir("save-over-held");
    let games = dir.join("games");
    let a_game = played("standard", &["d4", "d5", "c4", "e6", "Nc3"]);
    let held = OpenGame::create(&games, &a_game, Some(("human", "human"))).unwrap();
    let before = std::fs::read(held.path()).unwrap();
    // Motley B: Load, `t`, A's record path.
    let mut app = menu_app(&dir);
    key(&mut app, KeyCode::Char('l'));
    key(&mut app, KeyCode::Char('t'));
    typ(&mut app, held.path().to_str().unwrap());
    key(&mut app, KeyCode::Enter);
    assert_eq!(play_state(&app).session.game().ply(), 5, "{}", screen(&app));
    for _ in 0..5 {
        key(&mut app, KeyCode::Char('u'));
    }
    prompt(&mut app, "a2a3");
    // `s` does not suggest A's record, and typing it is refused at once:
    // no "Replace the file?" question.
    key(&mut app, KeyCode::Char('s'));
    let suggested = match &play_state(&app).view.popup {
        Some(Popup::SaveAs { text, .. }) => text.text().to_string(),
        other => panic!("no save prompt: {other:?}"),
    };
    assert_ne!(suggested, held.path().to_str().unwrap());
    for _ in 0..300 {
        key(&mut app, KeyCode::Backspace);
    }
    typ(&mut app, held.path().to_str().unwrap());
    key(&mut app, KeyCode::Enter);
    assert!(
        !matches!(popup_kind(&app), Some(ListKind::Replace { .. })),
        "{}",
        screen(&app)
    );
    assert_message(&app, "another Motley has");
    assert_eq!(std::fs::read(held.path()).unwrap(), before);
    // The lock refuses the write itself too (a question answered before
    // A opened the game, say).
    let e = motley_records::save_game(held.path(), &played("standard", &["a3"]), None).unwrap_err();
    assert!(
        matches!(*e.kind, motley_records::RecordErrorKind::HeldElsewhere),
        "{e}"
    );
    assert_eq!(std::fs::read(held.path()).unwrap(), before);
    drop(held);
}

// Issue 31, item 29: save-as onto a symbolic link to another Motley's
// open game asked "Replace?", then replaced the link with a file: the
// lock was looked for beside the link, not the game.
#[test]
fn item_29_a_link_to_a_game_open_elsewhere_is_refused_as_the_game_is() {
    let _locks = checking_locks();
    let dir = temp_dir("save-over-link");
    let games = dir.join("games");
    let a_game = played("standard", &["d4", "d5", "c4"]);
    let held = OpenGame::create(&games, &a_game, Some(("human", "human"))).unwrap();
    let before = std::fs::read(held.path()).unwrap();
    let link = dir.join("link.json");
    std::os::unix::fs::symlink(held.path(), &link).unwrap();
    assert!(motley_records::games::is_locked_elsewhere(&link));
    // Motley B saves its own game under the link's name: refused at once,
    // no "Replace the file?" question.
    let mut app = play_with("standard", settings(Some(&dir.to_path_buf())));
    prompt(&mut app, "e4");
    key(&mut app, KeyCode::Char('s'));
    for _ in 0..300 {
        key(&mut app, KeyCode::Backspace);
    }
    typ(&mut app, link.to_str().unwrap());
    key(&mut app, KeyCode::Enter);
    assert!(
        !matches!(popup_kind(&app), Some(ListKind::Replace { .. })),
        "{}",
        screen(&app)
    );
    assert_message(&app, "another Motley has");
    // The write itself is refused too; the link and the game stay.
    let e = motley_records::save_game(&link, &played("standard", &["a3"]), None).unwrap_err();
    assert!(
        matches!(*e.kind, motley_records::RecordErrorKind::HeldElsewhere),
        "{e}"
    );
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(std::fs::read(held.path()).unwrap(), before);
    drop(held);
    // Once the game is closed, the link is a file like any other.
    assert!(!motley_records::games::is_locked_elsewhere(&link));
}

// Issue 22, item 22: a game started with `--movetime 10000` replied
// within about 3 s after Continue (the run's default time).
#[test]
fn item_22_continue_keeps_the_computers_time_per_move() {
    let _locks = checking_locks();
    let dir = temp_dir("movetime");
    let mut slow = settings(Some(&dir.to_path_buf()));
    slow.session.movetime = std::time::Duration::from_secs(10);
    let game = Game::new(variant("standard"), None, 7).unwrap();
    let p = motley::tui::PlayState::new(game, [PlayerSpec::Human, PlayerSpec::Random]);
    let mut app = App::new(Screen::Play(Box::new(p)), registry(), slow, theme(), SIZE);
    prompt(&mut app, "e4");
    assert_eq!(play_state(&app).session.game().ply(), 2, "{}", screen(&app));
    let path = play_state(&app).session.game_file().unwrap().to_path_buf();
    key(&mut app, KeyCode::Char('q'));
    let rec: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(rec["movetime_ms"], 10_000);
    // A later run with the default time per move: Continue.
    let mut app = menu_app(&dir);
    assert_eq!(
        app.settings.session.movetime,
        std::time::Duration::from_secs(1)
    );
    key(&mut app, KeyCode::Char('c'));
    key(&mut app, KeyCode::Enter);
    let session = &play_state(&app).session;
    assert_eq!(session.game_file(), Some(path.as_path()));
    assert_eq!(session.movetime(), std::time::Duration::from_secs(10));
}

// Issue 22, item 14: each killed session left a `.NAME.lock`; nine had
// piled up in `games/`.
#[test]
fn item_14_listing_the_games_removes_lock_files_nobody_holds() {
    let _locks = checking_locks();
    let dir = temp_dir("stale-locks");
    let games = dir.join("games");
    let held = OpenGame::create(&games, &played("standard", &["e4"]), None).unwrap();
    // Left by killed Motleys: nobody holds them.
    for n in 1..=9 {
        std::fs::write(
            games.join(format!(".20260101-00000{n}-standard.json.lock")),
            "",
        )
        .unwrap();
    }
    let locks = || {
        let mut v: Vec<String> = std::fs::read_dir(&games)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".lock"))
            .collect();
        v.sort();
        v
    };
    assert_eq!(locks().len(), 10);
    let mut app = menu_app(&dir);
    key(&mut app, KeyCode::Char('c'));
    assert!(
        screen(&app).contains("open in another Motley"),
        "{}",
        screen(&app)
    );
    // Only the lock of the game open (here, as in another Motley) is left.
    let held_lock = format!(
        ".{}.lock",
        held.path().file_name().unwrap().to_string_lossy()
    );
    assert_eq!(locks(), [held_lock]);
    // Letting go of a game removes its lock file.
    drop(held);
    assert!(locks().is_empty());
}

// A saved file names its players; a `uci:` player names a command. Opening
// a file (Load, or a branch in the viewer) must never run it: the side is
// played by a person, and the screen says why.
#[test]
fn a_file_naming_an_engine_never_starts_it() {
    let _locks = checking_locks();
    let dir = temp_dir("load-engine");
    let file = dir.join("saves").join("trap.json");
    let pwned = dir.join("PWNED");
    let engine = format!("uci:touch {}", pwned.display());
    save_at(
        &played("standard", &["e4", "e5"]),
        &file,
        "2026-11-02T09:30:00Z",
        (&engine, "ai:2"),
    );
    let mut app = menu_app(&dir);
    key(&mut app, KeyCode::Char('l'));
    key(&mut app, KeyCode::Enter);
    let session = &play_state(&app).session;
    assert_eq!(session.player(Color::White), PlayerSpec::Human);
    assert_eq!(session.player(Color::Black), "ai:2".parse().unwrap());
    assert_message(&app, "White was an engine in the file");
    assert!(!pwned.exists());
    // A branch in the viewer offers a person, or Black's `ai:2`, in
    // White's seat: never the engine.
    let viewer = ReplayState::open(file, &registry()).unwrap();
    let mut app = App::new(
        Screen::Replay(Box::new(viewer)),
        registry(),
        settings(Some(&dir.to_path_buf())),
        theme(),
        (100, 35),
    );
    key(&mut app, KeyCode::Char('b'));
    let Some(ReplayPopup::Branch(offer)) = &replay(&app).view.popup else {
        panic!("the branch asks who plays: {}", screen(&app));
    };
    assert_eq!(offer.choices.len(), 2, "{:?}", offer.choices);
    assert!(offer
        .choices
        .iter()
        .flatten()
        .all(|p| !matches!(p, PlayerSpec::Uci { .. })));
    assert!(!pwned.exists());
}

#[test]
fn a_saved_game_is_played_on_in_a_new_record_and_the_file_stays() {
    let _locks = checking_locks();
    // A player expects "Load" to leave the saved file as it was (it may be
    // a position kept on purpose): the game goes on in a record of its
    // own among the games in progress, and saving over the file asks.
    let dir = temp_dir("load-copy");
    let saves = dir.join("saves");
    let file = saves.join("study.json");
    save_at(
        &played("standard", &["e4", "e5"]),
        &file,
        "2026-11-02T09:30:00Z",
        ("human", "human"),
    );
    let before = std::fs::read(&file).unwrap();
    let mut app = menu_app(&dir);
    key(&mut app, KeyCode::Char('l'));
    key(&mut app, KeyCode::Enter);
    assert_eq!(play_state(&app).session.game().ply(), 2);
    prompt(&mut app, "Nf3");
    assert_eq!(std::fs::read(&file).unwrap(), before);
    let copy = play_state(&app).session.game_file().unwrap().to_path_buf();
    assert!(copy.starts_with(dir.join("games")));
    // `s` suggests the file it came from, and asks before replacing it.
    key(&mut app, KeyCode::Char('s'));
    key(&mut app, KeyCode::Enter);
    assert!(matches!(popup_kind(&app), Some(ListKind::Replace { .. })));
    key(&mut app, KeyCode::Char('n'));
    key(&mut app, KeyCode::Esc);
    key(&mut app, KeyCode::Char('q'));
    key(&mut app, KeyCode::Char('c'));
    assert!(
        screen(&app).contains("3 plies · unfinished"),
        "{}",
        screen(&app)
    );
}

#[test]
fn a_finished_game_moves_to_the_saves() {
    let _locks = checking_locks();
    let dir = temp_dir("finish");
    let mut app = menu_app(&dir);
    new_game(&mut app, "standard");
    for m in ["f3", "e5", "g4", "Qh4#"] {
        prompt(&mut app, m);
    }
    // Still with the games in progress while on screen (it can be taken
    // back), in the saves once left.
    assert_eq!(game_files(&dir.join("games")).len(), 1);
    key(&mut app, KeyCode::Char('q'));
    key(&mut app, KeyCode::Char('q'));
    assert!(game_files(&dir.join("games")).is_empty());
    let saves = game_files(&dir.join("saves"));
    assert_eq!(saves.len(), 1);
    key(&mut app, KeyCode::Char('r'));
    assert!(
        screen(&app).contains("4 plies · 0-1 checkmate"),
        "{}",
        screen(&app)
    );
    // A finished game left with the games in progress (its Motley was
    // killed before moving it) moves when the list is read.
    let stray = OpenGame::create(
        &dir.join("games"),
        &played("standard", &["f3", "e5", "g4", "Qh4#"]),
        None,
    )
    .unwrap();
    drop(stray);
    let app = menu_app(&dir);
    assert!(!screen(&app).contains("Continue a game"));
    assert!(game_files(&dir.join("games")).is_empty());
    assert_eq!(game_files(&dir.join("saves")).len(), 2);
}

/// A saves folder with three games of different variants, lengths, results
/// and dates.
mod browser;
