//! The replay viewer's tree of variations: a move played on the board
//! (typed, or two clicks) follows the game or a variation or starts one;
//! ↑/↓ switch among a ply's moves; P promotes, x deletes (asked first), c
//! comments; every edit is kept in the JSON record at once, the game's
//! own moves never change, and leaving with edits a file cannot keep
//! asks first.

use crate::support::tui::*;
use crossterm::event::KeyCode;
use motley::tui::parts::replay::ReplayPopup;
use motley::tui::{App, ReplayState, Screen};
use motley_game::variant::Registry;
use motley_records::tree::{Cursor, Hop};
use motley_records::{self as record, GameRecord, GameTree};
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
    let mut g = motley_game::Game::new(variant("standard"), None, 1).unwrap();
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
    let dir = crate::support::temp::temp_dir("tree-snap");
    let mut app = viewer(opera_record(&dir));
    to_ply(&mut app, 4);
    play(&mut app, "Nc3");
    play(&mut app, "Nc6");
    assert_eq!(replay(&app).cursor(), variation(&[(4, 0)], 2));
    insta::assert_snapshot!("replay_tree_100x35", screen(&app));
}

#[test]
fn a_move_starts_a_variation_and_the_same_move_follows_it() {
    let dir = crate::support::temp::temp_dir("tree-play");
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
    assert_eq!(replay(&app).tree().main[2].variations.len(), 1);
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
    let dir = crate::support::temp::temp_dir("tree-click");
    let mut app = viewer(plain_record(&dir));
    to_ply(&mut app, 1);
    let geom = replay(&app).board(SIZE).unwrap();
    for sq in ["c7", "c5"] {
        let r = geom.cell(crate::support::tui::spot(sq));
        click(&mut app, r.x + r.width / 2, r.y + r.height / 2);
    }
    assert_eq!(replay(&app).cursor(), variation(&[(1, 0)], 1));
    assert_eq!(replay(&app).tree().main[1].variations[0][0].action, "c7c5");
}

#[test]
fn up_and_down_switch_among_the_moves_of_a_ply() {
    let dir = crate::support::temp::temp_dir("tree-switch");
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
    let dir = crate::support::temp::temp_dir("tree-promote");
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
    let tree = &replay(&app).tree();
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
    let dir = crate::support::temp::temp_dir("tree-delete");
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
    assert_eq!(replay(&app).tree().main[2].variations.len(), 1);
    key(&mut app, KeyCode::Char('x'));
    key(&mut app, KeyCode::Char('y'));
    assert!(replay(&app).tree().main[2].variations.is_empty());
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
    let dir = crate::support::temp::temp_dir("tree-leave");
    let path = dir.join("opera.pgn");
    let games = record::load_all(&fixture(), &Registry::builtin()).unwrap();
    std::fs::write(&path, record::export_saved_pgn(&games[0])).unwrap();
    let before = std::fs::read(&path).unwrap();
    let mut app = viewer(path.clone());
    to_ply(&mut app, 2);
    play(&mut app, "Nc3");
    assert!(replay(&app).is_unsaved());
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
    motley::tui::handle(
        &mut app,
        motley::tui::AppEvent::Key(crossterm::event::KeyEvent::new(
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
    let dir = crate::support::temp::temp_dir("tree-click-list");
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
    let dir = crate::support::temp::temp_dir("tree-cursor");
    let mut app = viewer(plain_record(&dir));
    key(&mut app, KeyCode::Enter);
    assert_eq!(
        replay(&app).view.board_cursor,
        Some(crate::support::tui::spot("e4"))
    );
    // e4 -> e2 -> d2, pick; d2 -> d4, put down: 1. d4 instead of 1. e4.
    for k in [KeyCode::Down, KeyCode::Down, KeyCode::Left, KeyCode::Enter] {
        key(&mut app, k);
    }
    for k in [KeyCode::Up, KeyCode::Up, KeyCode::Enter] {
        key(&mut app, k);
    }
    assert_eq!(replay(&app).cursor(), variation(&[(0, 0)], 1));
    assert_eq!(replay(&app).tree().main[0].variations[0][0].action, "d2d4");
    // While the cursor shows the arrows move it; Esc hides it and the
    // arrows step through the game again.
    key(&mut app, KeyCode::Esc);
    assert_eq!(replay(&app).view.board_cursor, None);
    key(&mut app, KeyCode::Left);
    assert_eq!(replay(&app).cursor(), Cursor::main(0));
}

/// The legal moves of the position shown, in coordinate form, sorted.
fn legal_here(app: &App) -> Vec<String> {
    let r = replay(app);
    let game = record::game_at(r.game(), r.tree(), &r.cursor()).unwrap();
    let mut moves: Vec<String> = game.legal_actions().iter().map(|a| a.to_string()).collect();
    moves.sort();
    moves
}

/// Does `action` move a pawn in the position shown?
fn pawn_moves(app: &App, action: &str) -> bool {
    let r = replay(app);
    let mut game = record::game_at(r.game(), r.tree(), &r.cursor()).unwrap();
    game.play_text(action).unwrap();
    game.sans()
        .last()
        .is_some_and(|san| san.starts_with(|c: char| c.is_ascii_lowercase()))
}

/// The move after the position shown on its line, when there is one.
fn next_here(app: &App) -> Option<String> {
    let r = replay(app);
    let next = r.tree().forward(&r.cursor())?;
    r.tree().node(&next).map(|n| n.action.clone())
}

/// Write `text` as the comment on the move shown.
fn comment(app: &mut App, text: &str) {
    key(app, KeyCode::Char('c'));
    for _ in 0..500 {
        key(app, KeyCode::Backspace);
    }
    typ(app, text);
    key(app, KeyCode::Enter);
}

/// The comments on the game's own moves in the record at `path`, by ply.
fn comments_on_disk(path: &Path) -> Vec<(usize, String)> {
    let rec = on_disk(path);
    let tree = GameTree::new(&rec.moves, &rec.annotations.unwrap_or_default());
    tree.main
        .iter()
        .enumerate()
        .filter_map(|(i, n)| Some((i + 1, n.notes.comment.clone()?)))
        .collect()
}

// Issue 31, item 2: `m` a move, `m` the reply, `←`, `m` another reply,
// over and over: at 41 levels the viewer's own write made a record
// nothing could read again.
#[test]
fn item_02_the_viewer_nests_variations_to_the_cap_and_refuses_one_past() {
    use motley_records::tree::MAX_NESTING;
    let dir = crate::support::temp::temp_dir("tree-deep");
    let path = plain_record(&dir);
    let mut app = viewer(path.clone());
    to_ply(&mut app, 1);
    for depth in 1..=MAX_NESTING + 1 {
        let reply = next_here(&app).unwrap_or_else(|| legal_here(&app)[0].clone());
        play(&mut app, &reply);
        key(&mut app, KeyCode::Left);
        // A pawn's move where there is one: the line never repeats.
        let others = legal_here(&app);
        let other = others
            .iter()
            .find(|m| **m != reply && pawn_moves(&app, m))
            .or_else(|| others.iter().find(|m| **m != reply))
            .unwrap()
            .clone();
        play(&mut app, &other);
        if depth <= MAX_NESTING {
            assert_eq!(
                replay(&app).cursor().hops.len(),
                depth,
                "{}",
                replay_message(&app)
            );
        }
    }
    // One past the cap: refused, said, and the viewer stays where it was.
    assert!(
        replay_message(&app).contains(&format!("nest at most {MAX_NESTING} deep")),
        "{}",
        replay_message(&app)
    );
    assert_eq!(replay(&app).cursor().hops.len(), MAX_NESTING);
    // The record as written reads whole, every variation in it.
    let saved = record::load_all(&path, &registry()).unwrap();
    assert_eq!(&saved[0].tree, replay(&app).tree());
    let reopened = viewer(path);
    assert!(replay(&reopened).error().is_none());
}

// Issue 31, item 3: viewer 1 kept a comment at ply 3; viewer 2, opened
// before, kept one at ply 4, and the file then held ply 4's only (viewer
// 2 said "comment kept").
#[test]
fn item_03_two_viewers_never_write_over_each_others_annotations() {
    let _locks = crate::support::locks::checking_locks();
    let dir = crate::support::temp::temp_dir("tree-two-viewers");
    let path = plain_record(&dir);
    let mut second = viewer(path.clone());
    let mut third = viewer(path.clone());
    let mut first = viewer(path.clone());
    to_ply(&mut first, 3);
    comment(&mut first, "first, at ply 3");
    assert_eq!(replay_message(&first), "comment kept");
    // The first holds the record while it is open: the second is
    // read-only, and says so.
    to_ply(&mut second, 4);
    comment(&mut second, "second, at ply 4");
    assert!(
        replay_message(&second).contains("read-only"),
        "{}",
        replay_message(&second)
    );
    assert!(screen(&second).contains("Read-only"), "{}", screen(&second));
    assert_eq!(
        comments_on_disk(&path),
        [(3, "first, at ply 3".to_string())]
    );
    // Its comment is still on its screen, and leaving asks first.
    assert_eq!(
        replay(&second).tree().main[3].notes.comment.as_deref(),
        Some("second, at ply 4")
    );
    key(&mut second, KeyCode::Char('q'));
    assert_eq!(
        replay(&second).view.popup,
        Some(ReplayPopup::Unsaved { quit: false })
    );
    // The first gone, one opened before its write still never writes
    // over it: the file changed since.
    drop(first);
    to_ply(&mut third, 4);
    comment(&mut third, "third, at ply 4");
    assert!(
        replay_message(&third).contains("changed by another Motley"),
        "{}",
        replay_message(&third)
    );
    assert_eq!(
        comments_on_disk(&path),
        [(3, "first, at ply 3".to_string())]
    );
    // One opened now sees the first's comment and keeps its own beside it.
    drop(second);
    drop(third);
    let mut fourth = viewer(path.clone());
    to_ply(&mut fourth, 4);
    comment(&mut fourth, "fourth, at ply 4");
    assert_eq!(replay_message(&fourth), "comment kept");
    assert_eq!(
        comments_on_disk(&path),
        [
            (3, "first, at ply 3".to_string()),
            (4, "fourth, at ply 4".to_string())
        ]
    );
}

// Issue 31, item 11: a comment kept from the viewer dropped the record's
// fields Motley does not know, against docs/saved-games.md's promise.
#[test]
fn item_11_edits_keep_the_fields_motley_does_not_know() {
    let dir = crate::support::temp::temp_dir("tree-unknown-fields");
    let path = plain_record(&dir);
    let mut value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    value["future_field"] = serde_json::json!({ "from": "a newer Motley", "n": [1, 2] });
    value["annotations"] = serde_json::json!({
        "plies": [{ "ply": 2, "comment": "solid", "arrows": ["e7e5"] }],
        "lines": [{ "ply": 3, "moves": [{ "action": "f1c4", "shade": 3 }] }],
        "studio": "kept"
    });
    std::fs::write(&path, value.to_string()).unwrap();
    let mut app = viewer(path.clone());
    assert!(replay(&app).error().is_none(), "{:?}", replay(&app).error());
    to_ply(&mut app, 1);
    comment(&mut app, "the king's pawn");
    assert_eq!(replay_message(&app), "comment kept");
    let after: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(after["future_field"], value["future_field"]);
    let annotations = &after["annotations"];
    assert_eq!(annotations["studio"], "kept");
    assert_eq!(annotations["plies"][0]["comment"], "the king's pawn");
    assert_eq!(
        annotations["plies"][1]["arrows"],
        serde_json::json!(["e7e5"])
    );
    assert_eq!(annotations["lines"][0]["moves"][0]["shade"], 3);
}

// Issue 31, item 13: with 150,000 one-move variations at ply 1 each key
// took seconds: the whole tree was laid out again for every frame.
#[test]
fn item_13_moving_about_a_large_tree_never_lays_it_out_again() {
    let dir = crate::support::temp::temp_dir("tree-large");
    let path = opera_record(&dir);
    let mut rec = on_disk(&path);
    let mut annotations = rec.annotations.clone().unwrap();
    let replies = ["c7c5", "c7c6", "e7e6", "d7d5", "g8f6", "b8c6"];
    for i in 0..5000 {
        annotations.lines.push(motley_records::tree::LineNotes {
            of: 0,
            ply: 2,
            moves: vec![motley_records::tree::Node::new(replies[i % replies.len()])],
        });
    }
    rec.annotations = Some(annotations);
    record::save_record(&path, &rec).unwrap();
    let mut app = viewer(path);
    assert!(replay(&app).error().is_none(), "{:?}", replay(&app).error());
    screen(&app);
    assert_eq!(replay(&app).tree_layouts(), 1);
    for k in [
        KeyCode::Right,
        KeyCode::Right,
        KeyCode::Down,
        KeyCode::Down,
        KeyCode::Up,
    ] {
        key(&mut app, k);
        screen(&app);
    }
    // ↑ from the first variation went back to the game's own move... and
    // ↑ from there goes round to the last of the 5,000 (and a few more).
    assert_eq!(replay(&app).cursor(), variation(&[(1, 0)], 1));
    key(&mut app, KeyCode::Up);
    key(&mut app, KeyCode::Up);
    let last = replay(&app).tree().main[1].variations.len() - 1;
    assert_eq!(replay(&app).cursor(), variation(&[(1, last)], 1));
    for _ in 0..30 {
        key(&mut app, KeyCode::Right);
        screen(&app);
    }
    key(&mut app, KeyCode::End);
    screen(&app);
    assert_eq!(
        replay(&app).tree_layouts(),
        1,
        "moving about laid the tree out again"
    );
    // An edit lays it out once more.
    comment(&mut app, "a note");
    screen(&app);
    assert_eq!(replay(&app).tree_layouts(), 2);
}
