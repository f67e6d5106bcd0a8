//! The replay viewer's tree of variations: a move played on the board
//! (typed, or two clicks) follows the game or a variation or starts one;
//! ↑/↓ switch among a ply's moves; P promotes, x deletes (asked first), c
//! comments; every edit is kept in the JSON record at once, the game's
//! own moves never change, and leaving with edits a file cannot keep
//! asks first.

use crate::tui_support::*;
use crossterm::event::KeyCode;
use motley::game::variant::Registry;
use motley::record::tree::{Cursor, Hop};
use motley::record::{self, GameRecord, GameTree};
use motley::tui::app::{App, Screen};
use motley::tui::replay::{ReplayPopup, ReplayState};
use std::path::{Path, PathBuf};

const SIZE: (u16, u16) = (100, 35);

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/annotated/famous.pgn")
}

/// The Opera Game with its annotations, kept as a JSON record in `dir`.
fn opera_record(dir: &Path) -> PathBuf {
    let games = record::load_all(&fixture(), &Registry::builtin()).unwrap();
    let path = dir.join("opera.json");
    record::save_record(&path, &record::record_of_saved(&games[0])).unwrap();
    path
}

/// A game with no annotations, as a JSON record.
fn plain_record(dir: &Path) -> PathBuf {
    let mut g = motley::game::Game::new(variant("standard"), None, 1).unwrap();
    for m in ["e4", "e5", "Nf3", "Nc6", "Bb5"] {
        g.play_text(m).unwrap();
    }
    let path = dir.join("plain.json");
    record::save_record(&path, &record::record_of(&g)).unwrap();
    path
}

fn viewer(path: PathBuf) -> App {
    let state = ReplayState::open(path, &registry()).unwrap();
    App::new(
        Screen::Replay(Box::new(state)),
        registry(),
        settings(None),
        theme(),
        SIZE,
    )
}

fn on_disk(path: &Path) -> GameRecord {
    GameRecord::from_json(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Go to main-line ply `n` (from the start).
fn to_ply(app: &mut App, n: usize) {
    key(app, KeyCode::Home);
    for _ in 0..n {
        key(app, KeyCode::Right);
    }
}

/// Play a move typed in the move popup.
fn play(app: &mut App, mv: &str) {
    key(app, KeyCode::Char('m'));
    typ(app, mv);
    key(app, KeyCode::Enter);
}

fn variation(hops: &[(usize, usize)], len: usize) -> Cursor {
    Cursor {
        hops: hops.iter().map(|&(at, var)| Hop { at, var }).collect(),
        len,
    }
}

#[test]
fn the_tree_is_shown_in_the_move_list_with_the_variation_played() {
    let dir = crate::temp::temp_dir("tree-snap");
    let mut app = viewer(opera_record(&dir));
    to_ply(&mut app, 4);
    play(&mut app, "Nc3");
    play(&mut app, "Nc6");
    assert_eq!(replay(&app).cursor(), variation(&[(4, 0)], 2));
    insta::assert_snapshot!("replay_tree_100x35", screen(&app));
}

#[test]
fn a_move_starts_a_variation_and_the_same_move_follows_it() {
    let dir = crate::temp::temp_dir("tree-play");
    let path = plain_record(&dir);
    let mut app = viewer(path.clone());
    to_ply(&mut app, 2);
    play(&mut app, "Bc4");
    assert_eq!(replay(&app).cursor(), variation(&[(2, 0)], 1));
    // Kept in the file at once; the game's moves are as they were.
    let rec = on_disk(&path);
    let lines = rec.annotations.as_ref().unwrap().lines.clone();
    assert_eq!((lines[0].of, lines[0].ply), (0, 3));
    assert_eq!(lines[0].moves[0].action, "f1c4");
    assert_eq!(rec.moves, ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"]);
    // The same move again follows it; the game's move follows the game.
    to_ply(&mut app, 2);
    play(&mut app, "Bc4");
    assert_eq!(replay(&app).tree.main[2].variations.len(), 1);
    to_ply(&mut app, 2);
    play(&mut app, "Nf3");
    assert_eq!(replay(&app).cursor(), Cursor::main(3));
    // An illegal move is refused with the rules' reason.
    play(&mut app, "Ke3");
    assert!(!replay_message(&app).is_empty());
    assert_eq!(replay(&app).cursor(), Cursor::main(3));
    // The end of the game is not lengthened.
    key(&mut app, KeyCode::End);
    play(&mut app, "a6");
    assert!(
        replay_message(&app).contains("b plays on"),
        "{}",
        replay_message(&app)
    );
}

#[test]
fn two_clicks_on_the_board_play_a_move() {
    let dir = crate::temp::temp_dir("tree-click");
    let mut app = viewer(plain_record(&dir));
    to_ply(&mut app, 1);
    let geom = replay(&app).board(SIZE).unwrap();
    for sq in ["c7", "c5"] {
        let r = geom.cell(motley::core::Square::parse(sq).unwrap());
        click(&mut app, r.x + r.width / 2, r.y + r.height / 2);
    }
    assert_eq!(replay(&app).cursor(), variation(&[(1, 0)], 1));
    assert_eq!(replay(&app).tree.main[1].variations[0][0].action, "c7c5");
}

#[test]
fn up_and_down_switch_among_the_moves_of_a_ply() {
    let dir = crate::temp::temp_dir("tree-switch");
    let mut app = viewer(plain_record(&dir));
    to_ply(&mut app, 2);
    play(&mut app, "Bc4");
    to_ply(&mut app, 2);
    play(&mut app, "d4");
    key(&mut app, KeyCode::Down);
    assert_eq!(replay(&app).cursor(), Cursor::main(3));
    key(&mut app, KeyCode::Down);
    assert_eq!(replay(&app).cursor(), variation(&[(2, 0)], 1));
    key(&mut app, KeyCode::Up);
    key(&mut app, KeyCode::Up);
    assert_eq!(replay(&app).cursor(), variation(&[(2, 1)], 1));
    // ← out of a variation goes back to where it left the game.
    key(&mut app, KeyCode::Left);
    assert_eq!(replay(&app).cursor(), Cursor::main(2));
}

#[test]
fn promote_moves_a_sub_variation_up_but_never_into_the_games_moves() {
    let dir = crate::temp::temp_dir("tree-promote");
    let path = plain_record(&dir);
    let mut app = viewer(path.clone());
    to_ply(&mut app, 2);
    play(&mut app, "Bc4");
    play(&mut app, "Nf6");
    // Back to 3. Bc4 and another answer: a variation in the variation.
    key(&mut app, KeyCode::Left);
    play(&mut app, "Bc5");
    assert_eq!(replay(&app).cursor(), variation(&[(2, 0), (1, 0)], 1));
    shift(&mut app, 'P');
    assert_eq!(replay(&app).cursor(), variation(&[(2, 0)], 2));
    let tree = &replay(&app).tree;
    let line: Vec<&str> = tree.main[2].variations[0]
        .iter()
        .map(|n| n.action.as_str())
        .collect();
    assert_eq!(line, ["f1c4", "f8c5"]);
    assert_eq!(
        tree.main[2].variations[0][1].variations[0][0].action,
        "g8f6"
    );
    // One step more would change the game's own moves: refused.
    shift(&mut app, 'P');
    assert!(
        replay_message(&app).contains("never"),
        "{}",
        replay_message(&app)
    );
    let rec = on_disk(&path);
    assert_eq!(rec.moves, ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"]);
    let kept = GameTree::new(&rec.moves, &rec.annotations.unwrap());
    assert_eq!(kept.main[2].variations[0][1].action, "f8c5");
}

#[test]
fn delete_asks_first_and_comment_keeps_text() {
    let dir = crate::temp::temp_dir("tree-delete");
    let path = plain_record(&dir);
    let mut app = viewer(path.clone());
    to_ply(&mut app, 3);
    key(&mut app, KeyCode::Char('c'));
    typ(&mut app, "The Two Knights } brace");
    key(&mut app, KeyCode::Enter);
    to_ply(&mut app, 2);
    play(&mut app, "Bc4");
    key(&mut app, KeyCode::Char('x'));
    assert_eq!(replay(&app).view.popup, Some(ReplayPopup::ConfirmDelete));
    key(&mut app, KeyCode::Char('n'));
    assert_eq!(replay(&app).tree.main[2].variations.len(), 1);
    key(&mut app, KeyCode::Char('x'));
    key(&mut app, KeyCode::Char('y'));
    assert!(replay(&app).tree.main[2].variations.is_empty());
    assert_eq!(replay(&app).cursor(), Cursor::main(2));
    // The game's own line is no variation to delete.
    key(&mut app, KeyCode::Char('x'));
    assert!(replay(&app).view.popup.is_none());
    let rec = on_disk(&path);
    let plies = rec.annotations.unwrap().plies;
    assert_eq!(plies.len(), 1);
    assert_eq!(
        plies[0].notes.comment.as_deref(),
        Some("The Two Knights } brace")
    );
}

#[test]
fn leaving_with_edits_a_pgn_file_cannot_keep_asks_first() {
    let dir = crate::temp::temp_dir("tree-leave");
    let path = dir.join("opera.pgn");
    let games = record::load_all(&fixture(), &Registry::builtin()).unwrap();
    std::fs::write(&path, record::export_saved_pgn(&games[0])).unwrap();
    let before = std::fs::read(&path).unwrap();
    let mut app = viewer(path.clone());
    to_ply(&mut app, 2);
    play(&mut app, "Nc3");
    assert!(replay(&app).unsaved);
    // Another game of the file, or a branch, would drop them: refused.
    key(&mut app, KeyCode::Char('b'));
    assert!(
        replay_message(&app).contains("not saved"),
        "{}",
        replay_message(&app)
    );
    key(&mut app, KeyCode::Char('q'));
    assert_eq!(
        replay(&app).view.popup,
        Some(ReplayPopup::Unsaved { quit: false })
    );
    key(&mut app, KeyCode::Esc);
    assert!(!app.quit && replay(&app).view.popup.is_none());
    // Ctrl-C asks too.
    motley::tui::app::handle(
        &mut app,
        motley::tui::base::AppEvent::Key(crossterm::event::KeyEvent::new(
            KeyCode::Char('c'),
            crossterm::event::KeyModifiers::CONTROL,
        )),
    );
    assert_eq!(
        replay(&app).view.popup,
        Some(ReplayPopup::Unsaved { quit: true })
    );
    key(&mut app, KeyCode::Esc);
    assert!(!app.quit);
    key(&mut app, KeyCode::Char('q'));
    key(&mut app, KeyCode::Char('q'));
    assert!(app.quit);
    // The PGN file is never written.
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

#[test]
fn a_click_on_a_move_of_the_tree_goes_there() {
    let dir = crate::temp::temp_dir("tree-click-list");
    let mut app = viewer(opera_record(&dir));
    to_ply(&mut app, 4);
    play(&mut app, "Nc3");
    play(&mut app, "Nc6");
    key(&mut app, KeyCode::Home);
    assert_eq!(replay(&app).cursor(), Cursor::main(0));
    // The screen's cells, one char each: find "Nc6)" in the move list.
    let s = screen(&app);
    let (row, line) = s
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("(3. Nc3 Nc6)"))
        .expect("the variation is in the list");
    let col = line.chars().position(|c| c == '(').unwrap() + "(3. Nc3 N".len();
    click(&mut app, col as u16, row as u16);
    assert_eq!(replay(&app).cursor(), variation(&[(4, 0)], 2));
    // And on a main-line move.
    let s = screen(&app);
    let (row, line) = s
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("4. dxe5"))
        .unwrap();
    let byte = line.find("dxe5").unwrap();
    let col = line[..byte].chars().count() + 1;
    click(&mut app, col as u16, row as u16);
    assert_eq!(replay(&app).cursor(), Cursor::main(7));
}

#[test]
fn the_board_cursor_and_enter_play_a_move_and_esc_gives_the_arrows_back() {
    let dir = crate::temp::temp_dir("tree-cursor");
    let mut app = viewer(plain_record(&dir));
    key(&mut app, KeyCode::Enter);
    assert_eq!(replay(&app).board_cursor, motley::core::Square::parse("e4"));
    // e4 -> e2 -> d2, pick; d2 -> d4, put down: 1. d4 instead of 1. e4.
    for k in [KeyCode::Down, KeyCode::Down, KeyCode::Left, KeyCode::Enter] {
        key(&mut app, k);
    }
    for k in [KeyCode::Up, KeyCode::Up, KeyCode::Enter] {
        key(&mut app, k);
    }
    assert_eq!(replay(&app).cursor(), variation(&[(0, 0)], 1));
    assert_eq!(replay(&app).tree.main[0].variations[0][0].action, "d2d4");
    // While the cursor shows the arrows move it; Esc hides it and the
    // arrows step through the game again.
    key(&mut app, KeyCode::Esc);
    assert_eq!(replay(&app).board_cursor, None);
    key(&mut app, KeyCode::Left);
    assert_eq!(replay(&app).cursor(), Cursor::main(0));
}
