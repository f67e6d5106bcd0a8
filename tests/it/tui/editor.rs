//! The position editor, driven through the input handler: placing and
//! removing pieces by key and mouse, the position's fields and each
//! family's state, the rules' problems shown live and the action keys
//! refused while there are any, and the ways in and out (menu, play
//! screen, replay viewer; play, analyse, copy).

use crate::support::temp::temp_dir;
use crate::support::tui::*;
use crossterm::event::{KeyCode, MouseButton, MouseEventKind};
use motley::tui::parts::editor::EditorLayout;
use motley::tui::{run_requests_inline, App, EditorStart, EditorState, MenuState, Screen};
use motley_ai::PlayerSpec;
use motley_rules::core::action::spot_of;
use motley_rules::core::{Color, Piece, Role, Setup, Square};
use motley_rules::setup::{DraftState, SetupProblem};
use motley_rules::Position;

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

const SIZE: (u16, u16) = (100, 35);

fn ids(app: &App) -> Vec<&'static str> {
    editor(app).problems.iter().map(|p| p.id()).collect()
}

fn cell_center(app: &App, s: &str) -> (u16, u16) {
    let lay = EditorLayout::new(editor(app), app.size);
    let r = lay.page.board.expect("the board fits").cell(spot_of(sq(s)));
    (r.x + r.width / 2, r.y + r.height / 2)
}

#[test]
fn an_invalid_position_lists_its_problems_in_words() {
    // White's king is missing, and Black's king is in check with White
    // to move.
    let app = editor_app("standard", Some("4k3/8/8/8/8/8/8/4R3 w - - 0 1"));
    let s = screen(&app);
    assert!(s.contains("White has no king"), "{s}");
    assert!(s.contains("Black is in check but White is to"), "{s}");
    insta::assert_snapshot!("editor_invalid_standard", s);
}

#[test]
fn a_valid_dice_money_position_shows_the_family_state_panel() {
    let mut app = editor_app("dice-money", Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
    // Raise White's money twice, then the first die (from "to roll" to
    // ones) and again to a two.
    typ(&mut app, "++");
    key(&mut app, KeyCode::Tab);
    key(&mut app, KeyCode::Tab);
    typ(&mut app, "++");
    assert_eq!(ids(&app), Vec::<&str>::new());
    let s = screen(&app);
    assert!(s.contains("Money: White $3"), "{s}");
    assert!(s.contains("Dice: 2 1"), "{s}");
    assert!(s.contains("No problems"), "{s}");
    insta::assert_snapshot!("editor_dice_money_state", s);
}

#[test]
fn a_piece_is_placed_by_its_letter_and_removed_by_x() {
    let mut app = editor_app("standard", None);
    key(&mut app, KeyCode::Char('C'));
    assert!(editor(&app).draft.setup.board.occupied().is_empty());
    place(&mut app, 'q', "d5");
    assert_eq!(
        editor_piece_at(&app, "d5"),
        Some(Piece::new(Color::Black, Role::Queen))
    );
    key(&mut app, KeyCode::Char('x'));
    assert_eq!(editor_piece_at(&app, "d5"), None);
    place(&mut app, 'N', "c3");
    key(&mut app, KeyCode::Backspace);
    assert_eq!(editor_piece_at(&app, "c3"), None);
}

#[test]
fn the_mouse_picks_from_the_palette_places_and_right_click_removes() {
    let mut app = editor_app("standard", None);
    let lay = EditorLayout::new(editor(&app), app.size);
    let (rect, _) = *lay
        .palette
        .iter()
        .find(|(_, p)| *p == Some(Piece::new(Color::White, Role::Bishop)))
        .unwrap();
    click(&mut app, rect.x + 1, rect.y);
    assert_eq!(
        editor(&app).selected,
        Some(Piece::new(Color::White, Role::Bishop))
    );
    let (x, y) = cell_center(&app, "e4");
    click(&mut app, x, y);
    assert_eq!(
        editor_piece_at(&app, "e4"),
        Some(Piece::new(Color::White, Role::Bishop))
    );
    let (x, y) = cell_center(&app, "e8");
    mouse(&mut app, MouseEventKind::Down(MouseButton::Right), x, y);
    assert_eq!(editor_piece_at(&app, "e8"), None);
    assert!(ids(&app).contains(&"missing_king"));
}

#[test]
fn castling_rights_toggle_and_are_checked_against_the_pieces() {
    let mut app = editor_app("standard", Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
    key(&mut app, KeyCode::Char('1'));
    assert_eq!(editor(&app).draft.setup.castling, 1);
    assert_eq!(ids(&app), ["castling_without_pieces"]);
    place(&mut app, 'R', "h1");
    assert_eq!(ids(&app), Vec::<&str>::new());
    key(&mut app, KeyCode::Char('1'));
    assert_eq!(editor(&app).draft.setup.castling, 0);
}

#[test]
fn the_en_passant_square_is_set_at_the_cursor_and_judged() {
    let mut app = editor_app("standard", Some("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1"));
    cursor_to(&mut app, "d6");
    key(&mut app, KeyCode::Char('e'));
    assert_eq!(editor(&app).draft.setup.ep_square, Some(sq("d6")));
    assert_eq!(ids(&app), Vec::<&str>::new());
    // Black to move: d6 is no longer a square a pawn just passed.
    key(&mut app, KeyCode::Char('t'));
    assert_eq!(ids(&app), ["en_passant"]);
    key(&mut app, KeyCode::Char('e'));
    assert_eq!(editor(&app).draft.setup.ep_square, None);
}

#[test]
fn monochrome_scores_are_edited_and_pieces_take_their_half_owner() {
    let mut app = editor_app("monochrome", None);
    typ(&mut app, "+++");
    key(&mut app, KeyCode::Tab);
    key(&mut app, KeyCode::Char('+'));
    assert_eq!(editor(&app).draft.state, DraftState::Scores([3, 1]));
    // A white queen put on the north half belongs to North (Black).
    place(&mut app, 'Q', "d6");
    assert_eq!(
        editor_piece_at(&app, "d6"),
        Some(Piece::new(Color::Black, Role::Queen))
    );
    // Monochrome has neither castling rights nor en passant: their keys
    // are not bound.
    key(&mut app, KeyCode::Char('1'));
    assert_eq!(editor(&app).draft.setup.castling, 0);
}

#[test]
fn chicken_flips_the_piece_on_the_cursor_and_back() {
    let mut app = editor_app("chicken", Some("8/8/8/8/4p3/8/8/R7 w - - 0 1"));
    cursor_to(&mut app, "e4");
    key(&mut app, KeyCode::Char('f'));
    assert_eq!(
        editor_piece_at(&app, "e4"),
        Some(Piece::new(Color::White, Role::Pawn))
    );
    assert!(matches!(editor(&app).draft.state, DraftState::Flips(f) if f.contains(sq("e4"))));
    // The flipped piece removed leaves a flip on an empty square.
    key(&mut app, KeyCode::Char('x'));
    assert_eq!(ids(&app), ["flip_on_empty"]);
}

#[test]
fn play_is_refused_with_the_reason_while_the_position_has_problems() {
    let mut app = editor_app("standard", Some("4k3/8/8/8/8/8/8/4R3 w - - 0 1"));
    key(&mut app, KeyCode::Char('o'));
    assert!(matches!(app.screen, Screen::Editor(_)));
    let m = editor_message(&app);
    assert!(m.contains("cannot play: White has no king"), "{m}");
    key(&mut app, KeyCode::Char('y'));
    assert!(editor_message(&app).contains("cannot copy"));
    key(&mut app, KeyCode::Char('a'));
    assert!(matches!(app.screen, Screen::Editor(_)));
}

#[test]
fn play_starts_a_game_from_a_valid_position() {
    let mut app = editor_app("standard", Some("4k3/8/8/8/8/8/8/4R3 w - - 0 1"));
    place(&mut app, 'K', "a1");
    assert_eq!(
        editor(&app).problems,
        [SetupProblem::NotToMoveInCheck(Color::Black)]
    );
    key(&mut app, KeyCode::Char('t'));
    key(&mut app, KeyCode::Char('o'));
    key(&mut app, KeyCode::Char('h'));
    let fen = fen(&app);
    assert_eq!(fen, "4k3/8/8/8/8/8/8/K3R3 b - - 0 1");
    assert_eq!(
        play_state(&app).session.players(),
        [PlayerSpec::Human, PlayerSpec::Human]
    );
    prompt(&mut app, "Kd7");
    assert_eq!(play_state(&app).session.game().sans(), ["Kd7"]);
}

#[test]
fn a_monochrome_game_from_the_editor_keeps_its_scores_in_the_record() {
    let dir = temp_dir("editor-record");
    let mut app = editor_app("monochrome", None);
    app.settings = settings(Some(&dir.path().to_path_buf()));
    typ(&mut app, "++");
    key(&mut app, KeyCode::Char('Y'));
    let json = clipboard(&app);
    assert!(json.contains("\"setup\""), "{json}");
    assert!(json.contains("\"scores\""), "{json}");
    key(&mut app, KeyCode::Char('o'));
    key(&mut app, KeyCode::Char('h'));
    assert_eq!(position(&app).current_scores(), Some([2, 0]));
}

#[test]
fn analyse_opens_the_position_in_the_replay_viewer_with_live_lines() {
    let mut app = editor_app("standard", Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1"));
    key(&mut app, KeyCode::Char('a'));
    let r = replay(&app);
    assert_eq!(
        r.game().position().to_fen(),
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    );
    assert_eq!(r.lines().ply(), Some(0));
}

#[test]
fn copy_sends_the_fen_to_the_clipboard() {
    let mut app = editor_app("standard", None);
    key(&mut app, KeyCode::Char('y'));
    assert_eq!(clipboard(&app), Setup::standard().to_fen());
}

#[test]
fn the_menu_opens_the_editor_after_the_variant_is_chosen() {
    let dir = temp_dir("editor-menu");
    let reg = registry();
    let s = settings(Some(&dir.path().to_path_buf()));
    let m = MenuState::new(&s, &reg);
    let mut app = App::new(Screen::Menu(Box::new(m)), reg, s, theme(), SIZE);
    key(&mut app, KeyCode::Char('e'));
    key(&mut app, KeyCode::Enter);
    let first = registry().all()[0].id.clone();
    assert_eq!(editor(&app).variant.id, first);
}

#[test]
fn the_play_screen_and_the_replay_viewer_open_the_editor_on_the_position_shown() {
    let mut app = play_app(
        "standard",
        None,
        [PlayerSpec::Human, PlayerSpec::Human],
        SIZE,
    );
    prompt(&mut app, "e4");
    let shown = fen(&app);
    shift(&mut app, 'E');
    assert_eq!(editor(&app).draft.setup.to_fen(), shown);

    let mut game = motley_game::Game::new(variant("monochrome"), None, 1).unwrap();
    game.play_text("e2e3").unwrap();
    let start = motley::tui::ReplayStart::of(game);
    let state = motley::tui::ReplayState::open_start(start, &registry());
    let mut app = App::new(
        Screen::Replay(Box::new(state)),
        registry(),
        settings(None),
        theme(),
        SIZE,
    );
    key(&mut app, KeyCode::Right);
    shift(&mut app, 'E');
    assert_eq!(editor(&app).variant.id, "monochrome");
    assert_eq!(
        editor(&app).draft.setup.board.role_at(sq("e3")),
        Some(Role::Pawn)
    );
}

#[test]
fn q_is_blacks_queen_and_escape_leaves() {
    let mut app = editor_app("standard", None);
    key(&mut app, KeyCode::Char('q'));
    assert_eq!(
        editor(&app).selected,
        Some(Piece::new(Color::Black, Role::Queen))
    );
    assert!(matches!(app.screen, Screen::Editor(_)));
    key(&mut app, KeyCode::Esc);
    assert!(
        app.quit,
        "an editor opened without the menu quits on leaving"
    );
}

#[test]
fn a_die_raised_past_six_is_named_by_the_rules_and_lowered_below_one_is_not_rolled() {
    let mut app = editor_app("dice-money", Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
    key(&mut app, KeyCode::Tab);
    key(&mut app, KeyCode::Tab);
    typ(&mut app, "+++++++");
    assert_eq!(ids(&app), ["die_out_of_range"]);
    let s = screen(&app);
    assert!(s.contains("a die shows 7"), "{s}");
    key(&mut app, KeyCode::Char('o'));
    assert!(editor_message(&app).contains("cannot play: a die shows 7"));
    typ(&mut app, "-------");
    assert_eq!(ids(&app), Vec::<&str>::new());
    assert!(screen(&app).contains("(to roll)"));
}

#[test]
fn every_variant_edits_and_draws_at_every_size_without_panicking() {
    let keys: Vec<KeyCode> = "CSt1234efx.+-PpNnBbRrQqKk \\MmSsAaGg"
        .chars()
        .map(KeyCode::Char)
        .chain([
            KeyCode::Tab,
            KeyCode::BackTab,
            KeyCode::Up,
            KeyCode::Down,
            KeyCode::Left,
            KeyCode::Right,
            KeyCode::Enter,
            KeyCode::Delete,
            KeyCode::Backspace,
        ])
        .collect();
    for def in registry().all() {
        for size in [(64, 18), (80, 24), (100, 35), (160, 50)] {
            let start = EditorStart {
                variant: def.clone(),
                draft: None,
            };
            let mut app = App::new(
                Screen::Editor(Box::new(EditorState::open(start))),
                registry(),
                settings(None),
                theme(),
                size,
            );
            let mut x: u64 = 7;
            for _ in 0..150 {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let n = (x >> 33) as usize;
                if n.is_multiple_of(5) {
                    let (col, row) = ((n / 5) as u16 % size.0, (n / 7) as u16 % size.1);
                    let button = if n.is_multiple_of(2) {
                        MouseButton::Left
                    } else {
                        MouseButton::Right
                    };
                    mouse(&mut app, MouseEventKind::Down(button), col, row);
                } else {
                    key(&mut app, keys[n % keys.len()]);
                }
                if !matches!(app.screen, Screen::Editor(_)) {
                    break;
                }
                screen(&app);
            }
        }
    }
}

#[test]
fn a_dice_money_game_played_from_the_editor_is_kept_with_its_money_and_dice() {
    let dir = temp_dir("editor-kept");
    let mut app = editor_app("dice-money", Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1"));
    app.settings = settings(Some(&dir.path().to_path_buf()));
    // White's money 1 → 4; the dice 1,1 → 6,1.
    typ(&mut app, "+++");
    key(&mut app, KeyCode::Tab);
    key(&mut app, KeyCode::Tab);
    typ(&mut app, "++++++");
    let draft = editor(&app).draft.clone();
    key(&mut app, KeyCode::Char('o'));
    key(&mut app, KeyCode::Char('w'));
    assert_eq!(
        play_state(&app).session.players(),
        [
            PlayerSpec::Human,
            PlayerSpec::Computer {
                level: motley::tui::parts::editor::COMPUTER_LEVEL
            }
        ]
    );
    // No roll first: the dice are shown already.
    prompt(&mut app, "Ke2");
    assert_eq!(play_state(&app).session.game().sans()[0], "Ke2");
    run_requests_inline(&mut app);
    let games: Vec<_> = std::fs::read_dir(dir.join("games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    assert_eq!(games.len(), 1, "{games:?}");
    let saved = motley_records::load_first(&games[0], &registry())
        .into_result()
        .unwrap();
    assert_eq!(saved.game.position_at(0).unwrap().draft(), draft);
}

// The analysis board has no file behind it: moves played at the end of
// its line lengthen the line (a saved game's own moves never change), and
// a move back from the end starts a variation as in any replay.
#[test]
fn moves_on_the_analysis_board_lengthen_its_line_and_branch_into_variations() {
    let mut app = editor_app("standard", Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1"));
    key(&mut app, KeyCode::Char('a'));
    for mv in ["O-O", "Kd7", "Rd1+"] {
        key(&mut app, KeyCode::Char('m'));
        typ(&mut app, mv);
        key(&mut app, KeyCode::Enter);
    }
    let r = replay(&app);
    assert_eq!(r.game().sans(), ["O-O", "Kd7", "Rd1+"]);
    assert_eq!(r.ply(), 3);
    assert!(screen(&app).contains("1. O-O Kd7"), "{}", screen(&app));
    assert!(
        r.is_unsaved(),
        "a board with no file asks before its study is left"
    );
    key(&mut app, KeyCode::Left);
    key(&mut app, KeyCode::Char('m'));
    typ(&mut app, "Rf7+");
    key(&mut app, KeyCode::Enter);
    let r = replay(&app);
    assert_eq!(r.game().ply(), 3, "a move before the end is a variation");
    assert_eq!(r.cursor().hops.len(), 1);
}
