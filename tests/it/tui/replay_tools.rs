//! The replay viewer's ways out of a replay: copying and exporting the
//! game as the play screen does, choosing among the games of a file that
//! holds several, and branching a new game with the players and the
//! clock offered rather than dropped.

use crate::support::tui as tui_support;

use crossterm::event::KeyCode;
use motley::tui::parts::replay::{ReplayPopup, REPLAY_KEYS};
use motley::tui::{App, ReplayState, Screen};
use motley_ai::PlayerSpec;
use motley_game::clock::ClockState;
use motley_game::Game;
use motley_rules::Position;
use std::path::{Path, PathBuf};
use tui_support::*;

const SIZE: (u16, u16) = (80, 24);

fn played(moves: &[&str]) -> Game {
    let mut g = Game::new(variant("standard"), None, 1).unwrap();
    for m in moves {
        g.play_text(m).unwrap();
    }
    g
}

fn viewer(path: PathBuf, dir: &Path) -> App {
    let state = ReplayState::open(path, &registry()).unwrap();
    App::new(
        Screen::Replay(Box::new(state)),
        registry(),
        settings(Some(&dir.to_path_buf())),
        theme(),
        SIZE,
    )
}

// Issue 22, item 8: `y` copies the FEN of the position shown, `Y` the
// game's PGN with its players, as on the play screen.
#[test]
fn item_8_y_copies_the_shown_position_and_shift_y_the_game() {
    let dir = temp_dir("replay-copy");
    let game = played(&["e4", "e5", "Nf3"]);
    let path = dir.join("g.json");
    motley_records::save_game(&path, &game, Some(("ai:2", "Ann"))).unwrap();
    let mut app = viewer(path, &dir);
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Char('y'));
    let at_ply_2 = game.position_at(2).unwrap().to_fen();
    assert_eq!(clipboard(&app), at_ply_2);
    assert!(
        replay_message(&app).starts_with("FEN sent to the terminal's clipboard"),
        "{}",
        replay_message(&app)
    );
    shift(&mut app, 'Y');
    let pgn = clipboard(&app);
    assert!(pgn.contains("1. e4 e5 2. Nf3"), "the whole game: {pgn}");
    assert!(pgn.contains("[White \"ai:2\"]") && pgn.contains("[Black \"Ann\"]"));
    assert_eq!(
        replay_message(&app),
        "PGN of the game (3 plies) sent to the terminal's clipboard"
    );
    // Shown in the help, as on the play screen.
    for k in ["y", "Y", "e"] {
        let mut rows = REPLAY_KEYS.iter().filter_map(|b| b.help);
        assert!(rows.any(|row| row.keys == k), "{k}");
    }
}

// Issue 22, item 8: `e` exports the game to a new PGN file in
// `<data>/exports/`, never over another.
#[test]
fn item_8_e_exports_the_replayed_game_to_a_new_file() {
    let dir = temp_dir("replay-export");
    let path = dir.join("g.json");
    motley_records::save_game(&path, &played(&["d4", "d5"]), None).unwrap();
    let before = std::fs::read(&path).unwrap();
    let mut app = viewer(path.clone(), &dir);
    let mut written = Vec::new();
    for _ in 0..2 {
        key(&mut app, KeyCode::Char('e'));
        let m = replay_message(&app);
        let file = m
            .strip_prefix("exported the game to ")
            .unwrap_or_else(|| panic!("{m}"))
            .to_string();
        assert!(Path::new(&file).starts_with(dir.join("exports")), "{file}");
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.contains("1. d4 d5"), "{text}");
        written.push(file);
    }
    assert_ne!(written[0], written[1], "never written over");
    assert_eq!(std::fs::read(&path).unwrap(), before, "the file replayed");
}

/// A record of `game` played by `players`, with a 3+2 clock.
fn timed_record(dir: &Path, game: &mut Game, players: (&str, &str)) -> PathBuf {
    game.set_clock_state(Some(ClockState {
        control: "3+2".to_string(),
        white_ms: 100_000,
        black_ms: 90_000,
    }));
    let path = dir.join("timed.json");
    motley_records::save_game(&path, game, Some(players)).unwrap();
    path
}

fn branch_offer(app: &App) -> Vec<(char, String)> {
    match &replay(app).view.popup {
        Some(ReplayPopup::Branch(offer)) => offer.popup.items.clone(),
        other => panic!("no branch popup: {other:?}"),
    }
}

// Issue 22, item 5: a branch of a game against the computer offers the
// players as played (and the clock), instead of opening a hot-seat game
// with a running clock.
#[test]
fn item_5_a_branch_offers_the_players_and_keeps_the_clock() {
    let dir = temp_dir("replay-branch-players");
    let mut game = played(&["e4", "e5", "Nf3", "Nc6"]);
    let path = timed_record(&dir, &mut game, ("human", "ai:2"));
    let mut app = viewer(path, &dir);
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Char('b'));
    let items = branch_offer(&app);
    assert_eq!(
        items,
        [
            ('k', "as played: White human, Black ai:2".to_string()),
            ('h', "two people at this terminal".to_string()),
        ]
    );
    let s = screen(&app);
    assert!(s.contains("Clock 3+2, fresh: it starts after the first move."));
    insta::assert_snapshot!("replay_branch_offer_80x24", s);
    key(&mut app, KeyCode::Char('k'));
    let p = play_state(&app);
    assert_eq!(
        p.session.players(),
        [PlayerSpec::Human, PlayerSpec::Computer { level: 2 }]
    );
    assert_eq!(p.session.game().ply(), 2);
    let clock = p.session.clock().expect("the clock comes along");
    assert_eq!(clock.control().to_string(), "3+2");
    assert_eq!(clock.running(), None, "paused until the first move");
    assert_message(&app, "saved as");
    // The person plays on against the computer, which answers.
    prompt(&mut app, "Nf3");
    let p = play_state(&app);
    assert_eq!(p.session.game().ply(), 4, "the computer answered");
    let record = p.session.game_file().expect("kept as a game in progress");
    let text = std::fs::read_to_string(record).unwrap();
    assert!(text.contains("\"ai:2\""), "{text}");
}

// Issue 22, item 5: a person may take either computer's seat, and Esc
// leaves the viewer as it was.
#[test]
fn item_5_a_person_may_take_over_a_computer_side() {
    let dir = temp_dir("replay-branch-seat");
    let mut game = played(&["e4", "e5"]);
    let path = timed_record(&dir, &mut game, ("ai:3", "ai:1"));
    let mut app = viewer(path, &dir);
    key(&mut app, KeyCode::Char('b'));
    let keys: String = branch_offer(&app).iter().map(|(k, _)| *k).collect();
    assert_eq!(keys, "kwbh");
    key(&mut app, KeyCode::Esc);
    assert!(replay(&app).view.popup.is_none());
    assert_eq!(replay_message(&app), "no branch");
    key(&mut app, KeyCode::Char('b'));
    key(&mut app, KeyCode::Char('w'));
    let p = play_state(&app);
    assert_eq!(
        p.session.players(),
        [PlayerSpec::Human, PlayerSpec::Computer { level: 1 }]
    );
    assert_eq!(p.session.game().ply(), 0);
}

/// A PGN file of two games: a short standard game and a Chicken game.
fn two_games(dir: &Path) -> PathBuf {
    let first = played(&["e4", "e5"]);
    let mut second = Game::new(variant("chicken"), None, 1).unwrap();
    for m in ["e3", "b5", "Bxb5"] {
        second.play_text(m).unwrap();
    }
    let mut text = motley_records::export_pgn(&first, Some(("Ann", "Bob")));
    text.push('\n');
    text.push_str(&motley_records::export_pgn(&second, Some(("Cy", "Di"))));
    let path = dir.join("li.pgn");
    std::fs::write(&path, text).unwrap();
    path
}

// Issue 22, item 18: a file of several games opens on the first with the
// list of all of them offered, and any of them can be shown.
#[test]
fn item_18_a_file_of_two_games_offers_both() {
    let dir = temp_dir("replay-two-games");
    let mut app = viewer(two_games(&dir), &dir);
    let r = replay(&app);
    assert_eq!(r.game().ply(), 2);
    assert_eq!(r.games().as_ref().map(|g| g.len()), Some(2));
    assert_eq!(
        replay_message(&app),
        "the file holds 2 games: this is the first; o chooses another"
    );
    let s = screen(&app);
    assert!(s.contains("li.pgn (game 1 of 2)"), "{s}");
    assert!(s.contains("2 games in li.pgn"), "{s}");
    assert!(
        s.contains("1. Ann v Bob · * · 2 plies · Standard chess"),
        "{s}"
    );
    assert!(
        s.contains("2. Cy v Di · * · 3 plies · Chicken Chess"),
        "{s}"
    );
    insta::assert_snapshot!("replay_game_list_80x24", s);
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Enter);
    let r = replay(&app);
    assert_eq!(r.game().variant().id, "chicken");
    assert_eq!(r.game().ply(), 3);
    assert_eq!((r.ply(), r.view.popup.clone()), (0, None));
    assert!(screen(&app).contains("li.pgn (game 2 of 2)"));
    // `o` brings the list back, on the game shown; Esc keeps it.
    key(&mut app, KeyCode::Char('o'));
    assert_eq!(
        replay(&app).view.popup,
        Some(ReplayPopup::Games { cursor: 1 })
    );
    key(&mut app, KeyCode::Esc);
    assert_eq!(replay(&app).game().variant().id, "chicken");
    // Copying and branching work on the game shown.
    key(&mut app, KeyCode::End);
    key(&mut app, KeyCode::Char('y'));
    assert_eq!(clipboard(&app), replay(&app).game().position().to_fen());
}

// Issue 22, item 18: a file of one game shows no list, and `o` says so.
#[test]
fn item_18_a_file_of_one_game_has_no_list() {
    let dir = temp_dir("replay-one-game");
    let path = dir.join("one.pgn");
    std::fs::write(&path, motley_records::export_pgn(&played(&["c4"]), None)).unwrap();
    let mut app = viewer(path, &dir);
    assert!(replay(&app).games().is_none());
    assert!(replay(&app).view.popup.is_none());
    key(&mut app, KeyCode::Char('o'));
    assert_eq!(replay_message(&app), "this file holds only this game");
}

// Issue 22, item 18: the game browser's Replay opens a file of several
// games the same way.
#[test]
fn item_18_the_browser_offers_the_games_of_a_file() {
    let dir = temp_dir("replay-two-browser");
    browser_opens_the_list_of_two_games(&dir, 'r');
}

/// The menu with two games in one file of the saves folder; the shelf
/// `shelf_key` opens it, and the viewer lists both games.
fn browser_opens_the_list_of_two_games(dir: &Path, shelf_key: char) {
    let saves = dir.join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    two_games(&saves);
    let s = settings(Some(&dir.to_path_buf()));
    let menu = motley::tui::MenuState::new(&s, &registry());
    let mut app = App::new(Screen::Menu(Box::new(menu)), registry(), s, theme(), SIZE);
    key(&mut app, KeyCode::Char(shelf_key));
    key(&mut app, KeyCode::Enter);
    assert_eq!(replay(&app).games().as_ref().map(|g| g.len()), Some(2));
    assert!(screen(&app).contains("2 games in li.pgn"));
}

/// Issue 21, section 2 (the tags): the viewer's PGN of an imported game
/// keeps the names, date and tags its record holds.
#[test]
fn the_viewers_pgn_keeps_the_records_names_date_and_tags() {
    let dir = temp_dir("replay-tags");
    let path = dir.join("opera.json");
    std::fs::write(
        &path,
        r#"{"format":"motley-game","version":1,"variant":"standard","start":null,"seed":0,
"moves":["e2e4","e7e5"],"names":{"white":"Morphy, Paul","black":"Duke Karl"},
"date":"1858.11.02","tags":{"ECO":"C41","Event":"Casual"}}"#,
    )
    .unwrap();
    let mut app = viewer(path, &dir);
    key(&mut app, KeyCode::Char('Y'));
    let pgn = clipboard(&app);
    for line in [
        "[Event \"Casual\"]",
        "[Date \"1858.11.02\"]",
        "[White \"Morphy, Paul\"]",
        "[ECO \"C41\"]",
    ] {
        assert!(pgn.contains(line), "{line} missing:\n{pgn}");
    }
}

// The menu's Load of a file of several games opens the viewer with the
// list of them (p plays the one chosen on), instead of playing on the
// first one without a word.
#[test]
fn load_of_a_file_of_several_games_offers_them_in_the_viewer() {
    let dir = temp_dir("load-two-games");
    browser_opens_the_list_of_two_games(&dir, 'l');
}

// What the reader had to assume reaches the screen, not only the command
// line: a game with a Latin-1 byte in a name opens in the viewer saying so.
#[test]
fn a_game_read_as_latin1_says_so_on_the_screen() {
    let dir = temp_dir("latin1-screen");
    let path = dir.join("mueller.pgn");
    let mut bytes = b"[Event \"e\"]\n[White \"M".to_vec();
    bytes.push(0xfc);
    bytes.extend_from_slice(b"ller\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 *\n");
    std::fs::write(&path, bytes).unwrap();
    let app = viewer(path.clone(), &dir);
    assert!(
        replay_message(&app).contains("Latin-1"),
        "{}",
        replay_message(&app)
    );
}
