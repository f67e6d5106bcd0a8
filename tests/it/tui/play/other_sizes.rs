//! Boards of other sizes than 8×8 on the play screen (issue 33): drawn
//! whole at both screen sizes, the cursor and clicks on every square,
//! moves typed in coordinates and SAN past `h` and `8`, drops from the
//! hand, the zones the rules draw, and a saved game that loads again.

use super::*;
use motley_rules::core::grid::{GridSet, GridSquare};

/// Whether the ranks' labels reach 10 and the files' run a to i.
fn edge_labels(s: &str) -> (bool, bool) {
    let files = |l: &str| {
        let board = l.split('│').next().unwrap_or("");
        board.split_whitespace().collect::<String>() == "abcdefghi"
    };
    (s.contains(" 10 "), s.lines().any(files))
}

#[test]
fn xiangqi_is_drawn_whole_with_its_river_and_palaces_at_both_sizes() {
    for size in [SMALL, BIG] {
        let app = play_app("xiangqi", None, H, size);
        let s = screen(&app);
        let (ten, files) = edge_labels(&s);
        assert!(ten && files, "{size:?}\n{s}");
        // The river is the line between the halves, naming them.
        assert!(
            s.contains("▲ Black ━━ White ▼") || s.contains("▲B ━ W▼"),
            "{s}"
        );
        let lay = play_state(&app).layout(app.size, &app.settings);
        let geom = lay.board.expect("the board fits");
        assert_eq!((geom.files, geom.ranks), (9, 10));
        let facts = play_state(&app).model().facts.clone();
        let palace: Vec<String> = (0..10)
            .flat_map(|r| (0..9).map(move |f| (f, r)))
            .filter_map(|(f, r)| motley_rules::core::grid::Spot::from_coords(f, r))
            .filter(|s| facts.marks.zone.contains(*s))
            .map(|s| s.to_string())
            .collect();
        let want = ["d1", "e1", "f1", "d2", "e2", "f2", "d3", "e3", "f3"];
        assert!(
            want.iter().all(|w| palace.contains(&w.to_string())),
            "{palace:?}"
        );
        assert_eq!(palace.len(), 18, "{palace:?}");
    }
}

#[test]
fn moves_past_h_and_8_are_typed_clicked_and_walked_to() {
    let mut app = play_app("xiangqi", None, H, BIG);
    // Coordinates (long algebraic too), then SAN.
    prompt(&mut app, "h3-e3");
    assert_eq!(message(&app), "");
    prompt(&mut app, "Nh10-g8");
    assert_eq!(message(&app), "", "SAN of the horse");
    // A square off the board is named.
    prompt(&mut app, "a1a11");
    assert!(message(&app).contains("not"), "{}", message(&app));
    prompt(&mut app, "j1j2");
    assert!(
        message(&app).contains("j1 is not on this board"),
        "{}",
        message(&app)
    );
    // Clicks: the cannon on e3 takes the pawn on e7.
    click_square(&mut app, "e3");
    click_square(&mut app, "e7");
    let game = play_state(&app).session.game();
    assert_eq!(game.ply(), 3, "{}", message(&app));
    assert_eq!(game.actions()[2].to_string(), "e3e7");
    // The cursor walks to the far corner and no further.
    for _ in 0..12 {
        key(&mut app, KeyCode::Up);
        key(&mut app, KeyCode::Right);
    }
    let cursor = play_state(&app).view.cursor;
    // Black is to move and at the bottom in hot-seat: up-right is a1.
    assert!(
        ["i10", "a1"].contains(&cursor.to_string().as_str()),
        "{cursor}"
    );
}

#[test]
fn shogi_drops_from_the_hand_and_shows_its_zones() {
    let mut app = play_app("shogi", None, H, SMALL);
    for m in ["c3c4", "g7g6", "b2h8+", "i9i8"] {
        prompt(&mut app, m);
        assert_eq!(message(&app), "", "{m}");
    }
    // White's bishop took Black's: it is in White's hand.
    let s = screen(&app);
    assert!(s.contains("In hand  White: B"), "{s}");
    let facts = play_state(&app).model().facts.clone();
    let zone = |sq: &str| facts.marks.zone.contains(spot(sq));
    assert!(
        zone("a1") && zone("i3") && zone("e7") && zone("a9"),
        "zones"
    );
    assert!(!zone("e4") && !zone("e6"), "the middle ranks");
    // The bishop promoted on h8 is marked so: it turns back when taken.
    assert!(facts.look.promoted.contains(spot("h8")), "promoted");
    assert!(!facts.look.promoted.contains(spot("b8")), "the rook is not");
    // The bishop taken is dropped past the eighth rank's reach: `B@e5`.
    prompt(&mut app, "B@e5");
    assert_eq!(message(&app), "");
    let last = play_state(&app).session.game().actions().last().copied();
    assert_eq!(last.map(|a| a.to_string()), Some("B@e5".to_string()));
}

#[test]
fn a_game_on_another_board_is_saved_and_read_back() {
    let dir = crate::support::temp::temp_dir("other-sizes");
    let mut app = play_app("capablanca", None, H, BIG);
    for m in ["f2f4", "e7e5", "Ci3", "Nh6"] {
        prompt(&mut app, m);
        assert_eq!(message(&app), "", "{m}");
    }
    let path = dir.path().join("capa.json");
    save_now(&mut app, &path);
    let reg = motley_game::variant::Registry::builtin();
    let text = std::fs::read_to_string(&path).expect("saved");
    let record = motley_records::GameRecord::from_json(&text).expect("a record");
    let read = motley_records::game_from_record(&record, &reg).expect("read back");
    let game = play_state(&app).session.game();
    assert_eq!(read.actions(), game.actions());
    assert_eq!(read.position().to_fen(), game.position().to_fen());
}

// Issue 33: a 16×16 board fits 80×24 whole, the side panel narrowed; on
// a terminal too small for it the panel says what size it needs.
#[test]
fn a_sixteen_by_sixteen_board_fits_80x24_or_says_what_it_needs() {
    let dir = crate::support::temp::temp_dir("sixteen");
    let ini = dir.path().join("big.ini");
    let back = "rnbqqbnrrnbqkbnr";
    let fen = format!(
        "{back}/{}/16/16/16/16/16/16/16/16/16/16/16/16/{}/{} w - - 0 1",
        "p".repeat(16),
        "P".repeat(16),
        back.to_uppercase()
    );
    std::fs::write(
        &ini,
        format!("[big16:chess]\nmaxFile = p\nmaxRank = 16\ncastling = false\nstartFen = {fen}\n"),
    )
    .unwrap();
    let mut reg = registry();
    reg.add_file(&ini).unwrap();
    let game = motley_game::Game::new(reg.get("big16").unwrap(), None, 7).unwrap();
    for (size, fits) in [(SMALL, true), ((64, 18), false)] {
        let p = motley::tui::PlayState::new(game.clone(), H);
        let app = motley::tui::App::new(
            motley::tui::Screen::Play(Box::new(p)),
            reg.clone(),
            settings(None),
            theme(),
            size,
        );
        let s = screen(&app);
        let lay = play_state(&app).layout(app.size, &app.settings);
        assert_eq!(lay.board.is_some(), fits, "{size:?}\n{s}");
        if fits {
            assert!(
                s.contains(" 16 ") && s.lines().any(|l| l.contains(" p   │")),
                "{s}"
            );
        } else {
            let said = s.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(said.contains("The board needs a terminal of"), "{s}");
        }
    }
}

// The position editor's drafts are 8×8: `E` on a board of another size
// says so and the game stays on screen.
#[test]
fn the_editor_says_it_edits_eight_by_eight_boards_only() {
    let mut app = play_app("xiangqi", None, H, BIG);
    key(&mut app, KeyCode::Char('E'));
    assert!(matches!(app.screen, motley::tui::Screen::Play(_)));
    let m = message(&app);
    assert!(
        m.contains("9×10 board: the position editor edits 8×8 boards only"),
        "{m}"
    );
}
