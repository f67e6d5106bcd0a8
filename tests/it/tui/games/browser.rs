//! The saved-games browser: listing with previews, sorting, filters and deletion, read-only folders, and the housekeeping and reads it leaves to the writer and workers.

use super::*;

fn three_saves(dir: &Path) {
    let saves = dir.join("saves");
    let mut timed = played("chicken", &["e3", "b5", "Bxb5"]);
    timed.set_clock_state(Some(motley_game::clock::ClockState {
        control: "5+3".to_string(),
        white_ms: 182_000,
        black_ms: 150_500,
    }));
    save_at(
        &timed,
        &saves.join("chicken.json"),
        "2026-11-01T18:05:00Z",
        ("human", "ai:3"),
    );
    save_at(
        &played("standard", &["f3", "e5", "g4", "Qh4#"]),
        &saves.join("fools-mate.json"),
        "2026-11-03T20:15:00Z",
        ("human", "human"),
    );
    save_at(
        &played("contrast", &["e4"]),
        &saves.join("contrast.json"),
        "2026-10-30T08:00:00Z",
        ("random", "human"),
    );
}

fn browser(app: &App) -> &motley::tui::parts::menu::Browser {
    match &menu(app).page {
        Page::Browse(b) => b,
        _ => panic!("not in the browser:\n{}", screen(app)),
    }
}

fn listed(app: &App) -> Vec<String> {
    browser(app)
        .shown()
        .iter()
        .map(|e| e.summary.variant.clone())
        .collect()
}

#[test]
fn the_browser_shows_each_game_with_a_preview() {
    let _locks = checking_locks();
    let dir = temp_dir("browser-look");
    three_saves(&dir);
    let mut app = menu_app(&dir);
    key(&mut app, KeyCode::Char('r'));
    insta::assert_snapshot!("browser_replay_100x35", screen(&app));
    key(&mut app, KeyCode::Down);
    let s = screen(&app);
    assert!(
        s.contains("White: human") && s.contains("Black: ai:3"),
        "{s}"
    );
    assert!(s.contains("human v ai:3 · clock 5+3"), "{s}");
    assert!(s.contains("clock 5+3: 3:02 – 2:31"), "{s}");
    insta::assert_snapshot!("browser_replay_timed_game", s);
    app.size = (64, 18);
    insta::assert_snapshot!("browser_replay_64x18", screen(&app));
}

#[test]
fn the_browser_sorts_filters_and_deletes_with_confirmation() {
    let _locks = checking_locks();
    let dir = temp_dir("browser-keys");
    three_saves(&dir);
    let mut app = menu_app(&dir);
    key(&mut app, KeyCode::Char('l'));
    assert_eq!(listed(&app), ["standard", "chicken", "contrast"]);
    key(&mut app, KeyCode::Char('s'));
    assert_eq!(browser(&app).sort, SortKey::Variant);
    assert_eq!(listed(&app), ["chicken", "contrast", "standard"]);
    key(&mut app, KeyCode::Char('s'));
    assert_eq!(listed(&app), ["standard", "chicken", "contrast"]);
    key(&mut app, KeyCode::Char('s'));
    assert_eq!(browser(&app).sort, SortKey::Date);
    // Filter by variant: each variant in turn, then all again.
    key(&mut app, KeyCode::Char('v'));
    assert_eq!(listed(&app), ["chicken"]);
    key(&mut app, KeyCode::Char('v'));
    assert_eq!(listed(&app), ["contrast"]);
    assert!(screen(&app).contains("variant: Contrast Chess"));
    key(&mut app, KeyCode::Char('v'));
    key(&mut app, KeyCode::Char('v'));
    assert_eq!(listed(&app).len(), 3);
    // Delete asks; no keeps the file, yes removes it.
    key(&mut app, KeyCode::Char('d'));
    assert!(matches!(browser(&app).ask, Some(Ask::Delete(..))));
    assert!(screen(&app).contains("Delete this game?"));
    key(&mut app, KeyCode::Char('n'));
    assert_eq!(listed(&app).len(), 3);
    key(&mut app, KeyCode::Char('d'));
    key(&mut app, KeyCode::Char('y'));
    assert_eq!(listed(&app), ["chicken", "contrast"]);
    assert!(!dir.join("saves").join("fools-mate.json").exists());
    assert_eq!(
        std::fs::read_dir(dir.join("saves")).unwrap().count(),
        2,
        "no lock file is left behind"
    );
    // What was done is news, not an error.
    let said = menu(&app).message.clone().unwrap();
    assert!(said.text.starts_with("deleted ") && !said.error, "{said:?}");
}

#[test]
fn a_fifo_typed_in_the_load_prompt_is_refused_at_once() {
    let dir = temp_dir("fifo");
    let fifo = dir.join("pipe.json");
    let made = spawn(Command::new("mkfifo").arg(&fifo)).and_then(|mut c| c.wait());
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("note: mkfifo is not available; skipped");
        return;
    }
    let mut app = menu_app(&dir);
    key(&mut app, KeyCode::Char('l'));
    key(&mut app, KeyCode::Char('t'));
    typ(&mut app, fifo.to_str().unwrap());
    key(&mut app, KeyCode::Enter);
    let m = menu(&app)
        .message
        .clone()
        .map(|m| m.text)
        .unwrap_or_default();
    assert!(m.contains("not a regular file"), "{m}");
    // A FIFO in the saves folder is not listed (nor waited on).
    std::fs::create_dir_all(dir.join("saves")).unwrap();
    std::fs::rename(&fifo, dir.join("saves").join("pipe.json")).unwrap();
    let mut app = menu_app(&dir);
    key(&mut app, KeyCode::Char('l'));
    assert!(browser(&app).shown().is_empty());
    assert_eq!(browser(&app).shelf, Shelf::Load);
}

#[test]
fn a_branch_from_a_replay_is_a_game_in_progress() {
    let _locks = checking_locks();
    let dir = temp_dir("branch-progress");
    let file = dir.join("saves").join("g.json");
    save_at(
        &played("standard", &["e4", "e5", "Nf3"]),
        &file,
        "2026-11-02T09:30:00Z",
        ("human", "human"),
    );
    let mut app = menu_app(&dir);
    key(&mut app, KeyCode::Char('r'));
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Char('b'));
    assert_message(&app, "saved as");
    key(&mut app, KeyCode::Char('q'));
    key(&mut app, KeyCode::Char('c'));
    assert!(
        screen(&app).contains("2 plies · unfinished"),
        "{}",
        screen(&app)
    );
}

#[test]
fn the_browse_benchmark_lists_the_games_it_wrote() {
    let out = spawn(
        Command::new(env!("CARGO_BIN_EXE_motley"))
            .args(["bench", "--browse", "30"])
            .stdout(Stdio::piped()),
    )
    .and_then(|c| c.wait_with_output())
    .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("browse: 30 saved games listed in"), "{text}");
    assert!(
        text.contains("a cursor step with its preview takes"),
        "{text}"
    );
}

/// Make `dir` read-only (permissions; for root the immutable attribute).
/// False when neither works here.
fn read_only(dir: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let writable = |d: &Path| {
        let probe = d.join(".probe");
        let ok = std::fs::write(&probe, b"x").is_ok();
        let _ = std::fs::remove_file(&probe);
        ok
    };
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o555)).unwrap();
    if writable(dir) {
        let _ = spawn(Command::new("chattr").arg("+i").arg(dir)).and_then(|mut c| c.wait());
    }
    !writable(dir)
}

fn writable_again(dir: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let _ = spawn(Command::new("chattr").arg("-i").arg(dir)).and_then(|mut c| c.wait());
    let _ = std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755));
}

#[test]
fn a_game_in_a_read_only_games_folder_is_played_on_as_a_copy() {
    let dir = temp_dir("ro-continue");
    let games = dir.join("games");
    drop(OpenGame::create(&games, &played("standard", &["e4"]), None).unwrap());
    // Its lock file exists already; a fresh folder has none to open.
    for e in std::fs::read_dir(&games).unwrap().flatten() {
        if e.file_name().to_string_lossy().ends_with(".lock") {
            std::fs::remove_file(e.path()).unwrap();
        }
    }
    if !read_only(&games) {
        eprintln!("note: cannot make a folder read-only here; skipped");
        return;
    }
    let mut app = menu_app(&dir);
    key(&mut app, KeyCode::Char('c'));
    key(&mut app, KeyCode::Enter);
    let on_screen = matches!(app.screen, Screen::Play(_));
    let said = if on_screen {
        message(&app)
    } else {
        String::new()
    };
    if on_screen {
        prompt(&mut app, "e5");
    }
    let warned = on_screen && screen(&app).contains("GAME NOT SAVED");
    writable_again(&games);
    assert!(on_screen, "{}", screen(&app));
    assert!(said.contains("played on as a copy"), "{said}");
    assert!(warned, "{}", screen(&app));
}

// Deleting a saved game is a request the writer carries out, not disk
// work inside the key handler: the key only asks, and the list follows
// when the write is done.
#[test]
fn deleting_a_game_is_a_write_off_the_input_path() {
    let _locks = checking_locks();
    let dir = temp_dir("browser-delete-request");
    three_saves(&dir);
    let mut app = menu_app(&dir);
    key(&mut app, KeyCode::Char('l'));
    key(&mut app, KeyCode::Char('d'));
    handle(&mut app, motley::tui::AppEvent::key(KeyCode::Char('y')));
    assert!(
        dir.join("saves").join("fools-mate.json").exists(),
        "the key handler wrote nothing"
    );
    assert!(matches!(
        app.requests.as_slice(),
        [motley::tui::Request::Write(w)]
            if matches!(**w, motley_session::Write::Delete { .. })
    ));
    motley::tui::run_requests_inline(&mut app);
    assert!(!dir.join("saves").join("fools-mate.json").exists());
    assert_eq!(listed(&app), ["chicken", "contrast"]);
}

// The menu's handlers touch no disk for housekeeping: lock files nobody
// holds and finished games left with the games in progress are the
// writer's to clear, asked for when the menu opens.
#[test]
fn the_menu_asks_the_writer_to_tidy_the_games_folder() {
    use motley::tui::Request;
    use motley_session::Write;
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games");
    std::fs::create_dir_all(&games).unwrap();
    let stale = games.join(".20260101-000001-standard.json.lock");
    std::fs::write(&stale, "").unwrap();
    let settings = settings(Some(&dir.path().to_path_buf()));
    let reg = registry();
    let m = MenuState::new(&settings, &reg);
    let mut app = App::new(Screen::Menu(Box::new(m)), reg, settings, theme(), SIZE);
    assert!(stale.exists(), "opening the menu removed nothing itself");
    assert!(
        matches!(app.requests.as_slice(), [Request::Write(w)] if matches!(**w, Write::Tidy { .. })),
        "{:?}",
        app.requests
    );
    run_requests_inline(&mut app);
    assert!(!stale.exists(), "the writer removed the stale lock");
}

// A file is read once, off the input path: the key asks for the read,
// and the game opens when it is done.
#[test]
fn a_game_file_is_read_off_the_input_path() {
    use motley::tui::Request;
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    save_at(
        &played("standard", &["e4", "e5"]),
        &saves.join("a.json"),
        "2026-01-01",
        ("A", "B"),
    );
    let mut app = menu_app(dir.path());
    key(&mut app, KeyCode::Char('l'));
    handle(&mut app, AppEvent::key(KeyCode::Enter));
    assert!(matches!(app.screen, Screen::Menu(_)), "not opened yet");
    assert!(
        matches!(app.requests.as_slice(), [Request::Load(_)]),
        "{:?}",
        app.requests
    );
    run_requests_inline(&mut app);
    assert_eq!(play_state(&app).session.game().sans(), ["e4", "e5"]);
}
