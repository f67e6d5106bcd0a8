//! Main menu, resume, load dialog and replay viewer, driven through the
//! input handler.

use crate::support::tui as tui_support;

use crossterm::event::KeyCode;
use motley::tui::parts::menu::Page;
use motley::tui::{run_requests_inline, App, MenuState, PlayState, ReplayState, Screen};
use motley_ai::PlayerSpec;
use motley_game::Game;
use motley_rules::Position;
use std::path::{Path, PathBuf};
use tui_support::*;

const SIZE: (u16, u16) = (100, 35);

fn menu_app(dir: &PathBuf) -> App {
    let reg = registry();
    let s = settings(Some(dir));
    let m = MenuState::new(&s, &reg);
    let mut app = App::new(Screen::Menu(Box::new(m)), reg, s, theme(), SIZE);
    // What the runtime does first: the games folder is put in order.
    run_requests_inline(&mut app);
    app
}

/// The replay viewer opened on a saved game, saving into `dir`.
fn replay_app(path: PathBuf, dir: &TempDir) -> App {
    let state = ReplayState::open(path, &registry()).unwrap();
    App::new(
        Screen::Replay(Box::new(state)),
        registry(),
        settings(Some(dir.path())),
        theme(),
        SIZE,
    )
}

fn replay_state(app: &App) -> &ReplayState {
    match &app.screen {
        Screen::Replay(r) => r,
        _ => panic!("not in the replay viewer"),
    }
}

/// A game of `id` with `n` plies chosen by a seeded random walk.
fn walk(id: &str, n: usize, seed: u64) -> Game {
    let mut g = Game::new(variant(id), None, seed).unwrap();
    let mut x = seed;
    while g.ply() < n && g.outcome().is_none() {
        if g.roll_dice().is_some() {
            continue;
        }
        let legal = g.legal_actions();
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let a = legal[(x >> 33) as usize % legal.len()];
        g.play(a).unwrap();
    }
    g
}

/// Save a game as saved at a fixed time (so lists of saves draw the same
/// every run).
fn save(game: &Game, path: &Path) {
    let mut rec = motley_records::store::record_to_save(game, Some(("human", "human")));
    rec.saved = Some("2026-11-02T09:30:00Z".to_string());
    motley_records::save_record(path, &rec).unwrap();
}

// Issue 22, item 19: the variant card says where a variant comes from in
// words that fit a tradition as well as a person: never "by traditional".
#[test]
fn item_19_variant_card_gives_the_origin_in_words() {
    let dir = temp_dir("menu-card");
    let mut app = menu_app(dir.path());
    key(&mut app, KeyCode::Char('n'));
    let s = screen(&app);
    assert!(
        s.contains("Standard chess") && s.contains("Origin: traditional"),
        "{s}"
    );
    assert!(!s.contains("by traditional"), "{s}");
    for _ in 0..8 {
        key(&mut app, KeyCode::Down);
    }
    let s = screen(&app);
    assert!(s.contains("Origin: Andrew Looney, 1996"), "{s}");
}

#[test]
fn main_menu_snapshot_and_quit() {
    let dir = temp_dir("menu-main");
    let mut app = menu_app(dir.path());
    insta::assert_snapshot!("menu_main", screen(&app));
    key(&mut app, KeyCode::Char('q'));
    assert!(app.quit);
}

#[test]
fn variant_picker_and_setup_snapshots() {
    let dir = temp_dir("menu-picker");
    let mut app = menu_app(dir.path());
    key(&mut app, KeyCode::Char('n'));
    key(&mut app, KeyCode::Down);
    let s = screen(&app);
    assert!(
        s.contains("Antichess") && s.contains("Lose all your pieces"),
        "{s}"
    );
    insta::assert_snapshot!("variant_picker", s);
    key(&mut app, KeyCode::Char('i'));
    assert!(screen(&app).contains("Captures are compulsory"));
    key(&mut app, KeyCode::Esc);
    key(&mut app, KeyCode::Enter);
    // White: human → ai:1 → ai:2; Black stays human.
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Right);
    insta::assert_snapshot!("game_setup", screen(&app));
    // A bad FEN is explained and the game does not start.
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Down);
    typ(&mut app, "not a fen");
    key(&mut app, KeyCode::Enter);
    let s = screen(&app);
    assert!(s.contains("cannot start"), "{s}");
    assert!(matches!(app.screen, Screen::Menu(_)));
}

#[test]
fn menu_starts_every_variant() {
    let dir = temp_dir("menu-every");
    let n = registry().all().len();
    for i in 0..n {
        let mut app = menu_app(dir.path());
        key(&mut app, KeyCode::Char('n'));
        for _ in 0..i {
            key(&mut app, KeyCode::Down);
        }
        key(&mut app, KeyCode::Enter);
        key(&mut app, KeyCode::Enter);
        let p = play_state(&app);
        assert_eq!(p.session.game().variant().id, registry().all()[i].id);
        assert_eq!(p.session.players(), [PlayerSpec::Human, PlayerSpec::Human]);
        // Play one move by typing the first legal action.
        let first = p.session.game().legal_actions()[0].to_string();
        prompt(&mut app, &first);
        assert!(
            play_state(&app).session.game().ply() >= 1,
            "{}",
            registry().all()[i].id
        );
        // q goes back to the menu.
        key(&mut app, KeyCode::Char('q'));
        assert!(matches!(app.screen, Screen::Menu(_)));
    }
}

#[test]
fn menu_by_mouse() {
    let dir = temp_dir("menu-mouse");
    let mut app = menu_app(dir.path());
    // Click "New game" (first item without a resume entry: row y+4).
    let r = motley::tui::parts::page::centered(
        ratatui::layout::Rect::new(0, 0, SIZE.0, SIZE.1),
        44,
        6 + 6,
    );
    click(&mut app, r.x + 5, r.y + 4);
    assert!(matches!(&app.screen, Screen::Menu(m) if matches!(m.page, Page::Variants { .. })));
    // Click the second variant twice: select, then open.
    click(&mut app, 5, 3);
    click(&mut app, 5, 3);
    assert!(matches!(&app.screen, Screen::Menu(m) if matches!(m.page, Page::NewGame(_))));
}

#[test]
fn resume_after_a_simulated_crash() {
    let dir = temp_dir("resume");
    let mut app = menu_app(dir.path());
    key(&mut app, KeyCode::Char('n'));
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::Enter);
    for m in ["e4", "c5", "Nf3"] {
        prompt(&mut app, m);
    }
    let fen_before = fen(&app);
    // The process dies: the app is dropped without any clean exit.
    drop(app);
    let mut app = menu_app(dir.path());
    let s = screen(&app);
    assert!(s.contains("Continue a game"), "{s}");
    assert!(s.contains("Standard chess, 3 plies"), "{s}");
    key(&mut app, KeyCode::Char('c'));
    key(&mut app, KeyCode::Enter);
    assert_eq!(fen(&app), fen_before);
    assert_eq!(play_state(&app).session.game().sans(), ["e4", "c5", "Nf3"]);
    // A finished game goes to the saves (even when the process dies right
    // after): nothing to continue next time.
    shift(&mut app, 'R');
    key(&mut app, KeyCode::Char('y'));
    drop(app);
    let app = menu_app(dir.path());
    assert!(!screen(&app).contains("Continue a game"));
    let saves = motley_records::summary::game_files(&dir.join("saves"));
    assert_eq!(saves.len(), 1, "the finished game is in the saves");
}

#[test]
fn load_dialog_lists_saves_and_opens_one() {
    let dir = temp_dir("load");
    let saves = dir.join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let g = walk("chicken", 12, 3);
    save(&g, &saves.join("chicken-game.json"));
    let mut app = menu_app(dir.path());
    key(&mut app, KeyCode::Char('l'));
    let s = screen(&app);
    assert!(s.contains("chicken-game.json"), "{s}");
    insta::assert_snapshot!("load_dialog", s);
    key(&mut app, KeyCode::Enter);
    assert_eq!(fen(&app), g.position().to_fen());
    assert_eq!(play_state(&app).session.game().ply(), g.ply());
}

#[test]
fn load_by_typed_path_and_errors_in_words() {
    let dir = temp_dir("load-typed");
    let path = dir.join("broken.json");
    std::fs::write(
        &path,
        r#"{"format":"motley-game","version":1,"variant":"standard","start":null,"seed":1,"moves":["e2e4","e7e5","e1e3","g8f6"]}"#,
    )
    .unwrap();
    let mut app = menu_app(dir.path());
    key(&mut app, KeyCode::Char('l'));
    key(&mut app, KeyCode::Char('t'));
    typ(&mut app, path.to_str().unwrap());
    key(&mut app, KeyCode::Enter);
    // Opened in the viewer, up to the bad ply, with the problem in words.
    let r = replay_state(&app);
    assert_eq!(r.len(), 2);
    let e = r.error().unwrap();
    assert!(
        e.contains("broken.json") && e.contains("ply 3") && e.contains("e1e3"),
        "{e}"
    );
    key(&mut app, KeyCode::End);
    let s = screen(&app);
    assert!(s.contains("Problem in the file"), "{s}");
    // A missing file is reported on the menu.
    let mut app = menu_app(dir.path());
    key(&mut app, KeyCode::Char('l'));
    key(&mut app, KeyCode::Char('t'));
    typ(&mut app, "/nonexistent/nothing.json");
    key(&mut app, KeyCode::Enter);
    assert!(screen(&app).contains("cannot read"), "{}", screen(&app));
    // A newer version is refused with a clear message.
    let newer = dir.join("newer.json");
    std::fs::write(&newer, r#"{"format":"motley-game","version":9,"variant":"standard","start":null,"seed":1,"moves":[]}"#).unwrap();
    key(&mut app, KeyCode::Char('t'));
    typ(&mut app, newer.to_str().unwrap());
    key(&mut app, KeyCode::Enter);
    assert!(screen(&app).contains("version"), "{}", screen(&app));
}

#[test]
fn replay_forward_and_back_match_the_engine() {
    let dir = temp_dir("replay");
    let g = walk("chicken", 30, 11);
    let path = dir.join("game.json");
    save(&g, &path);
    let mut app = replay_app(path, &dir);
    // Engine positions computed independently from the move texts.
    let mut engine = Game::new(variant("chicken"), None, 11).unwrap();
    let mut fens = vec![engine.position().to_fen()];
    for a in g.actions() {
        engine.play_text(&a.to_string()).unwrap();
        fens.push(engine.position().to_fen());
    }
    let shown = |app: &App| {
        let r = replay_state(app);
        r.game().position_at(r.ply()).unwrap().to_fen()
    };
    for (i, f) in fens.iter().enumerate() {
        assert_eq!(replay_state(&app).ply(), i);
        assert_eq!(&shown(&app), f, "ply {i}");
        key(&mut app, KeyCode::Right);
    }
    assert_eq!(replay_state(&app).ply(), g.ply(), "stops at the end");
    for i in (0..fens.len()).rev() {
        assert_eq!(&shown(&app), &fens[i], "ply {i}");
        key(&mut app, KeyCode::Left);
    }
    assert_eq!(replay_state(&app).ply(), 0);
    key(&mut app, KeyCode::End);
    assert_eq!(shown(&app), fens[fens.len() - 1]);
    key(&mut app, KeyCode::Home);
    assert_eq!(shown(&app), fens[0]);
    // Jump to a ply.
    key(&mut app, KeyCode::Char('g'));
    typ(&mut app, "7");
    key(&mut app, KeyCode::Enter);
    assert_eq!(shown(&app), fens[7]);
    insta::assert_snapshot!("replay_chicken_ply7", screen(&app));
    // The current ply is highlighted in the move list.
    let buf = motley::tui::render_to_buffer(&app);
    let san = &g.sans()[6];
    let text = screen(&app);
    let row = text
        .lines()
        .position(|l| l.contains(&format!("4. {san}")))
        .unwrap();
    let line: Vec<_> = (0..SIZE.0).map(|x| buf[(x, row as u16)].clone()).collect();
    let marked: String = line
        .iter()
        .filter(|c| Some(c.bg) == theme().selected_row().bg)
        .map(|c| c.symbol().to_string())
        .collect();
    assert_eq!(marked, *san);
    key(&mut app, KeyCode::Char('g'));
    typ(&mut app, "999");
    key(&mut app, KeyCode::Enter);
    assert_eq!(replay_state(&app).ply(), 7);
    assert!(screen(&app).contains("is not a ply"));
    // Autoplay (p: play / pause) steps on each tick, faster with +.
    key(&mut app, KeyCode::Char('p'));
    let slow = app.tick_interval().unwrap();
    key(&mut app, KeyCode::Char('+'));
    assert!(app.tick_interval().unwrap() < slow);
    motley::tui::handle(&mut app, motley::tui::AppEvent::Tick);
    assert_eq!(replay_state(&app).ply(), 8);
    key(&mut app, KeyCode::Char('p'));
    assert!(app.tick_interval().is_none());
    key(&mut app, KeyCode::Home);
    insta::assert_snapshot!("replay_chicken_start", screen(&app));
    key(&mut app, KeyCode::End);
    insta::assert_snapshot!("replay_chicken_end", screen(&app));
}

#[test]
fn branch_from_ply_10_leaves_the_original_unchanged() {
    let dir = temp_dir("branch");
    let g = walk("standard", 24, 5);
    let path = dir.join("original.json");
    save(&g, &path);
    let before = std::fs::read(&path).unwrap();
    let mut app = replay_app(path.clone(), &dir);
    for _ in 0..10 {
        key(&mut app, KeyCode::Right);
    }
    key(&mut app, KeyCode::Char('b'));
    let p = play_state(&app);
    assert_eq!(p.session.game().ply(), 10);
    assert_eq!(
        p.session.game().position().to_fen(),
        g.position_at(10).unwrap().to_fen()
    );
    // The branch is a game in progress with a record of its own at once.
    let new_path = p
        .session
        .game_file()
        .map(Path::to_path_buf)
        .expect("branch saved");
    assert_ne!(new_path, path);
    assert!(new_path.starts_with(dir.join("games")), "{new_path:?}");
    // Play on in the branch (kept as it goes); the original file is
    // byte-for-byte the same.
    let first = p.session.game().legal_actions()[0].to_string();
    prompt(&mut app, &first);
    assert_eq!(std::fs::read(&path).unwrap(), before);
    let (branch, err) = motley_records::load_first(&new_path, &registry()).into_parts();
    assert!(err.is_none());
    assert_eq!(branch.unwrap().game.ply(), 11);
}

#[test]
fn replay_dice_money_at_several_plies() {
    let dir = temp_dir("replay-dice");
    let g = walk("dice-money", 40, 21);
    let path = dir.join("dice.json");
    save(&g, &path);
    let mut app = replay_app(path, &dir);
    let mut engine = Game::new(variant("dice-money"), None, 21).unwrap();
    for (i, a) in g.actions().iter().enumerate() {
        key(&mut app, KeyCode::Right);
        engine.play_text(&a.to_string()).unwrap();
        let r = replay_state(&app);
        assert_eq!(r.ply(), i + 1);
        assert_eq!(
            r.game().position_at(r.ply()).unwrap().hash(),
            engine.position().hash(),
            "ply {}",
            i + 1
        );
    }
    for ply in [1usize, 12, 40] {
        key(&mut app, KeyCode::Char('g'));
        typ(&mut app, &ply.to_string());
        key(&mut app, KeyCode::Enter);
        let s = screen(&app);
        assert!(s.contains("Dice") && s.contains("Money"), "{s}");
        insta::assert_snapshot!(format!("replay_dice_money_ply{ply}"), s);
    }
}

#[test]
fn replay_opens_pgn_files() {
    let dir = temp_dir("replay-pgn");
    let g = walk("chicken", 20, 8);
    let path = dir.join("game.pgn");
    std::fs::write(
        &path,
        motley_records::export_pgn(&g, Some(("human", "human"))),
    )
    .unwrap();
    let r = ReplayState::open(path, &registry()).unwrap();
    assert!(r.error().is_none(), "{:?}", r.error());
    assert_eq!(r.len(), g.ply());
    assert_eq!(r.game().position().to_fen(), g.position().to_fen());
}

#[test]
fn clicking_a_move_in_the_replay_list_goes_to_that_ply() {
    let dir = temp_dir("replay-click");
    let g = walk("standard", 16, 4);
    let path = dir.join("g.json");
    save(&g, &path);
    let mut app = replay_app(path, &dir);
    // Find the 6th SAN (ply 6, Black's 3rd move) on screen and click it.
    let text = screen(&app);
    let san = &g.sans()[5];
    let (y, line) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains(&format!("3. {} {san}", g.sans()[4])))
        .unwrap();
    let byte = line.rfind(san.as_str()).unwrap();
    let x = line[..byte].chars().count() as u16;
    click(&mut app, x, y as u16);
    assert_eq!(replay_state(&app).ply(), 6);
}

#[test]
fn dice_money_match_from_the_menu() {
    let dir = temp_dir("match");
    let mut app = menu_app(dir.path());
    key(&mut app, KeyCode::Char('n'));
    let idx = registry()
        .all()
        .iter()
        .position(|v| v.id == "dice-money")
        .unwrap();
    for _ in 0..idx {
        key(&mut app, KeyCode::Down);
    }
    key(&mut app, KeyCode::Enter);
    // Rows: White, Black, Match games, FEN, Start.
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Right); // Black: ai:1
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Right); // 3 games
    let s = screen(&app);
    assert!(s.contains("Match games  ◂ 3 ▸"), "{s}");
    key(&mut app, KeyCode::Enter);
    let p = play_state(&app);
    assert_eq!(p.session.game().variant().id, "dice-money");
    assert_eq!(
        p.session.players(),
        [PlayerSpec::Human, PlayerSpec::Computer { level: 1 }]
    );
    assert_eq!(p.session.match_score().unwrap().games, 3);
    // White resigns game 1; the next game swaps colours.
    shift(&mut app, 'R');
    key(&mut app, KeyCode::Char('y'));
    let s = screen(&app);
    assert!(s.contains("next game of the match (2 of 3)"), "{s}");
    assert!(s.contains("Match after 1 of 3: 0 – 1"), "{s}");
    key(&mut app, KeyCode::Char('n'));
    let p = play_state(&app);
    assert_eq!(
        p.session.players(),
        [PlayerSpec::Computer { level: 1 }, PlayerSpec::Human]
    );
    let m = p.session.match_score().unwrap();
    assert_eq!((m.played, m.points, m.swapped), (1, [0.0, 1.0], true));
}

#[test]
fn opening_a_game_leaves_another_game_in_progress_alone() {
    let dir = temp_dir("autosave-keep");
    let mut app = menu_app(dir.path());
    key(&mut app, KeyCode::Char('n'));
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::Enter);
    prompt(&mut app, "e4");
    key(&mut app, KeyCode::Char('q'));
    // Start a new game and leave it without a move: the old one stays.
    key(&mut app, KeyCode::Char('n'));
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::Char('q'));
    assert!(
        screen(&app).contains("unfinished: Standard chess, 1 ply"),
        "{}",
        screen(&app)
    );
    // Open a finished game from a file and leave: still there.
    let saves = dir.join("saves");
    let mut g = Game::new(variant("standard"), None, 1).unwrap();
    for m in ["f3", "e5", "g4", "Qh4#"] {
        g.play_text(m).unwrap();
    }
    save(&g, &saves.join("mate.json"));
    let mut app = menu_app(dir.path());
    key(&mut app, KeyCode::Char('l'));
    key(&mut app, KeyCode::Enter);
    assert!(play_state(&app).session.game().outcome().is_some());
    key(&mut app, KeyCode::Char('q'));
    key(&mut app, KeyCode::Char('q'));
    assert!(
        screen(&app).contains("Standard chess, 1 ply"),
        "{}",
        screen(&app)
    );
    // A computer that accepts a draw ends the game: it goes to the saves,
    // and the other game is still in progress.
    let game = Game::new(
        variant("standard"),
        Some("4k3/8/8/8/8/8/QQQ5/4K3 w - - 0 1"),
        1,
    )
    .unwrap();
    app.screen = Screen::Play(Box::new(PlayState::new(
        game,
        [PlayerSpec::Human, PlayerSpec::Random],
    )));
    prompt(&mut app, "Qa8+");
    key(&mut app, KeyCode::Char('u'));
    key(&mut app, KeyCode::Char('d'));
    assert!(
        play_state(&app).session.game().outcome().is_some(),
        "{}",
        message(&app)
    );
    assert!(screen(&app).contains("Game over"));
    key(&mut app, KeyCode::Char('q'));
    let s = screen(&app);
    assert!(s.contains("unfinished: Standard chess, 1 ply"), "{s}");
    let saves = motley_records::summary::game_files(&saves);
    assert_eq!(saves.len(), 2, "mate.json and the drawn game: {saves:?}");
}

#[test]
fn replayed_monochrome_names_south_and_north_and_offers_no_play_keys() {
    let dir = temp_dir("replay-mono");
    let mut g = Game::new(variant("monochrome"), None, 1).unwrap();
    for m in ["e2e4", "d7d5", "e4d5"] {
        g.play_text(m).unwrap();
    }
    let path = dir.join("mono.json");
    save(&g, &path);
    let mut app = replay_app(path, &dir);
    key(&mut app, KeyCode::End);
    let s = screen(&app);
    assert!(s.contains("North to move"), "{s}");
    assert!(s.contains("Score: South 1  North 0"), "{s}");
    assert!(!s.contains("White") && !s.contains("Black"), "{s}");
    // The replay viewer takes no offer: its panel shows no play keys.
    assert!(!s.contains("d: offer"), "{s}");
}

// Issue 19: with the variants from data the list is longer than the
// screen; it scrolls so the chosen variant is always shown, and a click
// picks the variant drawn where it lands.
#[test]
fn the_variant_list_scrolls_to_keep_the_choice_in_sight() {
    let dir = temp_dir("menu-scroll");
    let mut app = menu_app(dir.path());
    key(&mut app, KeyCode::Char('n'));
    let all = motley_game::variant::Registry::builtin().all().to_vec();
    let n = all.len();
    for _ in 1..n {
        key(&mut app, KeyCode::Down);
    }
    let s = screen(&app);
    // The last variant is described and listed; the first scrolled away.
    let last = &all[n - 1].name;
    assert!(s.matches(last.as_str()).count() >= 2, "{last}: {s}");
    assert!(!s.contains("Standard chess"), "{s}");
    // Clicking the row above the cursor selects the variant drawn there.
    let above = &all[n - 2].name;
    let row = s
        .lines()
        .position(|l| l.contains(&format!("│ {above}")))
        .expect("shown");
    click(&mut app, 5, row as u16);
    click(&mut app, 5, row as u16);
    let Screen::Menu(m) = &app.screen else {
        panic!("{}", screen(&app))
    };
    assert!(matches!(m.page, Page::NewGame(_)), "{}", screen(&app));
    assert!(screen(&app).contains(above.as_str()), "{}", screen(&app));
}

// Issue 31, item 8: a variant file's refused sections were simply
// missing from the menu, with nothing said. The picker shows each
// problem, a line per refused section with its reasons, under `!`; a
// variant refused when first looked at says why in its description.
#[test]
fn item_08_the_variant_picker_shows_why_sections_were_refused() {
    let dir = temp_dir("menu-refused");
    let ini = dir.path().join("typo.ini");
    std::fs::write(
        &ini,
        "[typo:chess]\npromotionPeiceTypes = q\n[noequals:chess]\nthis line\n[fine:chess]\n# name: Fine Chess\n",
    )
    .unwrap();
    let mut reg = registry();
    reg.add_file(&ini).unwrap();
    let reg_len = reg.all().len();
    let s = settings(Some(&dir.path().to_path_buf()));
    let m = MenuState::new(&s, &reg);
    let mut app = App::new(Screen::Menu(Box::new(m)), reg, s, theme(), SIZE);
    key(&mut app, KeyCode::Char('n'));
    assert!(screen(&app).contains("! file problems"), "{}", screen(&app));
    key(&mut app, KeyCode::Char('!'));
    let shown = screen(&app).replace('\n', " ");
    let shown = shown.split_whitespace().collect::<Vec<_>>().join(" ");
    for said in [
        "Variant file problems",
        "'typo'",
        "unknown key 'promotionPeiceTypes'",
        "(did you mean promotionPieceTypes?)",
        "[noequals]: line 4",
    ] {
        assert!(shown.contains(said), "{said} in {shown}");
    }
    assert!(!shown.contains("[fine]"), "{shown}");
    // Esc closes the list; the picker is still there.
    key(&mut app, KeyCode::Esc);
    assert!(matches!(&app.screen, Screen::Menu(m) if matches!(m.page, Page::Variants(_))));
    assert!(!screen(&app).contains("Variant file problems"));
    // The section that plays is offered by its name.
    for _ in 0..reg_len + 5 {
        if screen(&app).contains("Fine Chess") {
            break;
        }
        key(&mut app, KeyCode::Down);
    }
    assert!(screen(&app).contains("Fine Chess"));
}
