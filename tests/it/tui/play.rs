//! The play screen driven through the input handler, and drawn with
//! ratatui's TestBackend-style buffers (snapshots).

use crate::support::tui as tui_support;

use crossterm::event::KeyCode;
use motley::tui::parts::play::Popup;
use motley::tui::{handle, render_to_buffer, AppEvent};
use motley_ai::PlayerSpec;
use motley_rules::core::Square;
use motley_rules::Position;
use ratatui::style::Color;
use tui_support::*;

const H: [PlayerSpec; 2] = [PlayerSpec::Human, PlayerSpec::Human];
const BIG: (u16, u16) = (100, 35);
const SMALL: (u16, u16) = (80, 24);

#[test]
fn standard_mid_game_snapshot() {
    let mut app = play_app("standard", None, H, BIG);
    for m in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"] {
        prompt(&mut app, m);
    }
    // Select the bishop: its destinations are marked.
    play_state_mut(&mut app).view.cursor = spot("b5");
    key(&mut app, KeyCode::Enter);
    insta::assert_snapshot!("standard_mid_game", screen(&app));
}

#[test]
fn standard_small_terminal_snapshot() {
    let mut app = play_app("standard", None, H, SMALL);
    for m in ["d4", "d5", "c4", "e6"] {
        prompt(&mut app, m);
    }
    insta::assert_snapshot!("standard_80x24", screen(&app));
}

#[test]
fn antichess_mid_game_snapshot() {
    let mut app = play_app("antichess", None, H, BIG);
    for m in ["e3", "b5"] {
        prompt(&mut app, m);
    }
    let s = screen(&app);
    assert!(s.contains("Must capture: a capture is available"), "{s}");
    assert!(s.contains("Pieces: White 16  Black 16"), "{s}");
    insta::assert_snapshot!("antichess_mid_game", s);
}

#[test]
fn chicken_mid_game_shows_flips_snapshot() {
    let mut app = play_app("chicken", None, H, BIG);
    // 1. e3 e6 2. Bb5: the bishop on b5 attacks the d7 pawn: it flips.
    for m in ["e3", "e6", "Bb5"] {
        prompt(&mut app, m);
    }
    let flips = match position(&app) {
        motley_rules::AnyPosition::Antichess(a) => a.last_flips(),
        _ => unreachable!(),
    };
    assert!(flips.contains(Square::parse("d7").unwrap()), "d7 flipped");
    let s = screen(&app);
    assert!(s.contains("Flipped by last move: d7"), "{s}");
    insta::assert_snapshot!("chicken_mid_game", s);
    // The flipped square is highlighted with the flip colour.
    let buf = render_to_buffer(&app);
    let (x, y) = square_center(&app, "d7");
    let flip_bg = theme()
        .square(
            Square::parse("d7").unwrap().is_dark(),
            Some(motley::tui::parts::page::Mark::Flipped),
        )
        .bg;
    assert_eq!(buf[(x, y)].bg, flip_bg.unwrap());
}

#[test]
fn help_popup_lists_every_key() {
    let mut app = play_app("standard", None, H, BIG);
    key(&mut app, KeyCode::Char('?'));
    let s = screen(&app);
    for k in [
        ":",
        "u",
        "r",
        "f",
        "s",
        "d",
        "R",
        "m",
        "b",
        "p",
        "n",
        "i",
        "?",
        "Esc",
        "q",
        "Enter / Space",
        // Issue 31, item 18: the prompts' editing keys.
        "in a prompt",
    ] {
        assert!(
            motley::tui::parts::play::PLAY_KEYS
                .iter()
                .filter_map(|b| b.help)
                .any(|row| row.keys.contains(k)),
            "{k} missing from help"
        );
    }
    insta::assert_snapshot!("help_popup", s);
    key(&mut app, KeyCode::Esc);
    assert!(play_state(&app).view.popup.is_none());
}

#[test]
fn rules_popup_shows_the_variant_rules() {
    let mut app = play_app("antichess", None, H, BIG);
    key(&mut app, KeyCode::Char('i'));
    let s = screen(&app);
    assert!(s.contains("Captures are compulsory"), "{s}");
}

#[test]
fn too_small_terminal_asks_to_enlarge_then_resumes() {
    let mut app = play_app("standard", None, H, (40, 10));
    let s = screen(&app);
    insta::assert_snapshot!("too_small", s);
    assert!(s.contains("please enlarge the terminal to 64×18"));
    // Keys do nothing while too small; no panic at any tiny size.
    key(&mut app, KeyCode::Char(':'));
    assert!(play_state(&app).view.prompt.is_none());
    for (w, h) in [(0, 0), (1, 1), (5, 3), (63, 17), (64, 18)] {
        handle(&mut app, AppEvent::Resize(w, h));
        let _ = screen(&app);
    }
    handle(&mut app, AppEvent::Resize(100, 35));
    prompt(&mut app, "e4");
    assert_eq!(play_state(&app).session.game().ply(), 1);
}

#[test]
fn game_over_screen_offers_save_rematch_quit() {
    let mut app = play_app("standard", None, H, BIG);
    for m in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"] {
        prompt(&mut app, m);
    }
    let s = screen(&app);
    assert!(s.contains("White wins (checkmate)"), "{s}");
    assert!(
        s.contains("rematch") && s.contains("save the game") && s.contains("leave"),
        "{s}"
    );
    insta::assert_snapshot!("game_over", s);
    // Rematch starts a fresh game.
    key(&mut app, KeyCode::Char('n'));
    assert_eq!(play_state(&app).session.game().ply(), 0);
}

#[test]
fn highlight_cell_styles() {
    let mut app = play_app("standard", None, H, BIG);
    prompt(&mut app, "e4");
    play_state_mut(&mut app).view.cursor = spot("a4");
    let t = theme();
    let bg = |app: &motley::tui::App, sq: &str| {
        let buf = render_to_buffer(app);
        let (x, y) = square_center(app, sq);
        // The cell's left edge (not the glyph) carries the background.
        let r = {
            let p = play_state(app);
            let lay = p.layout(app.size, &app.settings);
            lay.board.unwrap().cell(spot(sq))
        };
        let _ = (x, y);
        buf[(r.x, r.y)].bg
    };
    use motley::tui::parts::page::Mark;
    let style = |sq: &str, m: Option<Mark>| {
        t.square(Square::parse(sq).unwrap().is_dark(), m)
            .bg
            .unwrap()
    };
    // Last move e2-e4.
    assert_eq!(bg(&app, "e2"), style("e2", Some(Mark::LastMove)));
    assert_eq!(bg(&app, "e4"), style("e4", Some(Mark::LastMove)));
    // Cursor.
    play_state_mut(&mut app).view.cursor = spot("g8");
    assert_eq!(bg(&app, "g8"), style("g8", Some(Mark::Cursor)));
    // Selected piece and its destinations (dots on f6 and h6).
    key(&mut app, KeyCode::Enter);
    assert_eq!(play_state(&app).view.selected, Some(spot("g8")));
    assert_eq!(bg(&app, "g8"), style("g8", Some(Mark::Selected)));
    let buf = render_to_buffer(&app);
    for d in ["f6", "h6"] {
        let (x, y) = square_center(&app, d);
        assert_eq!(buf[(x, y)].symbol(), "•", "{d}");
    }
    let (x, y) = square_center(&app, "e6");
    assert_eq!(buf[(x, y)].symbol(), " ");
    // King in check.
    let mut app = play_app("standard", Some("4k3/8/8/8/8/8/4R3/4K3 b - - 0 1"), H, BIG);
    play_state_mut(&mut app).view.cursor = spot("a1");
    assert_eq!(bg(&app, "e8"), style("e8", Some(Mark::Check)));
    assert_ne!(style("e8", Some(Mark::Check)), style("e8", None));
    let _ = Color::Reset;
}

#[test]
fn no_color_keeps_pieces_and_marks_distinct() {
    let mut app = play_app("standard", None, H, BIG);
    app.theme = motley::tui::Theme::new(
        motley::tui::ThemeName::Default,
        motley::tui::ColorMode::None,
        false,
    );
    prompt(&mut app, "e4");
    let buf = render_to_buffer(&app);
    // No colour anywhere on the screen.
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            let c = &buf[(x, y)];
            assert!(
                matches!(c.fg, Color::Reset) && matches!(c.bg, Color::Reset),
                "colour at {x},{y}"
            );
        }
    }
    // White pieces are outline glyphs, Black solid.
    let (x, y) = square_center(&app, "e1");
    assert_eq!(buf[(x, y)].symbol(), "♔");
    let (x, y) = square_center(&app, "e8");
    assert_eq!(buf[(x, y)].symbol(), "♚");
    insta::assert_snapshot!("no_color", screen(&app));
}

#[test]
fn ascii_board() {
    let mut app = play_app("standard", None, H, BIG);
    app.theme.ascii = true;
    let buf = render_to_buffer(&app);
    let (x, y) = square_center(&app, "e1");
    assert_eq!(buf[(x, y)].symbol(), "K");
    let (x, y) = square_center(&app, "d8");
    assert_eq!(buf[(x, y)].symbol(), "q");
}

#[test]
fn short_standard_game_by_keys_and_clicks() {
    let mut app = play_app("standard", None, H, BIG);
    // Cursor starts on e2: Enter, up twice, Enter plays e2e4.
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::Up);
    key(&mut app, KeyCode::Char('k'));
    key(&mut app, KeyCode::Char(' '));
    assert_eq!(play_state(&app).session.game().sans(), ["e4"]);
    // Click-click: e7 e5.
    click_square(&mut app, "e7");
    click_square(&mut app, "e5");
    prompt(&mut app, "Qh5");
    prompt(&mut app, "Nc6");
    prompt(&mut app, "Bc4");
    prompt(&mut app, "Nf6");
    click_square(&mut app, "h5");
    click_square(&mut app, "f7");
    let g = &play_state(&app).session.game();
    assert_eq!(g.sans(), ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]);
    assert!(g.outcome().is_some());
    let s = screen(&app);
    assert!(s.contains("1. e4 e5") && s.contains("4. Qxf7#"), "{s}");
}

#[test]
fn short_antichess_game_by_input() {
    let mut app = play_app("antichess", None, H, BIG);
    for m in ["e3", "b5", "Bxb5", "c6", "Bxc6", "Nxc6"] {
        prompt(&mut app, m);
        assert_eq!(message(&app), "", "{m}");
    }
    assert_eq!(play_state(&app).session.game().ply(), 6);
}

#[test]
fn short_chicken_game_by_input() {
    let mut app = play_app("chicken", None, H, BIG);
    for m in ["e3", "e6", "Bb5"] {
        prompt(&mut app, m);
        assert_eq!(message(&app), "", "{m}");
    }
    // Black's d7 pawn is now White's; it is Black's turn.
    assert_eq!(
        position(&app)
            .board()
            .color_at(Square::parse("d7").unwrap()),
        Some(motley_rules::core::Color::White)
    );
    assert_eq!(play_state(&app).session.game().ply(), 3);
}

#[test]
fn illegal_inputs_are_explained() {
    let mut app = play_app("standard", None, H, BIG);
    prompt(&mut app, "e2e5");
    assert_message(&app, "the pawn on e2 cannot move to e5");
    prompt(&mut app, "xyz");
    assert_message(&app, "'xyz' is not a move");
    prompt(&mut app, "e7e5");
    assert_message(&app, "not yours");
    click_square(&mut app, "e4");
    assert_message(&app, "there is no piece on e4");
    click_square(&mut app, "d8");
    assert_message(&app, "not yours");
    click_square(&mut app, "c1");
    assert_message(&app, "no legal move");
    click_square(&mut app, "g1");
    click_square(&mut app, "g3");
    assert_message(&app, "cannot move to g3");
    key(&mut app, KeyCode::Char('Z'));
    assert_message(&app, "not a key");
    // Pinned piece.
    let mut app = play_app(
        "standard",
        Some("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1"),
        H,
        BIG,
    );
    prompt(&mut app, "e2d3");
    assert_message(&app, "leave your king in check");
    // Compulsory capture in Chicken and antichess.
    let mut app = play_app("chicken", None, H, BIG);
    prompt(&mut app, "e3");
    prompt(&mut app, "b5");
    prompt(&mut app, "a2a3");
    assert_message(
        &app,
        "Chicken: a capture is available and captures are compulsory",
    );
    click_square(&mut app, "a2");
    assert_message(&app, "captures are compulsory");
    // Ambiguous SAN.
    let mut app = play_app("standard", Some("4k3/8/8/8/8/8/8/N1N1K3 w - - 0 1"), H, BIG);
    prompt(&mut app, "Nb3");
    assert_message(&app, "ambiguous");
}

#[test]
fn undo_and_redo() {
    let mut app = play_app("standard", None, H, BIG);
    prompt(&mut app, "e4");
    prompt(&mut app, "e5");
    key(&mut app, KeyCode::Char('u'));
    assert_eq!(play_state(&app).session.game().sans(), ["e4"]);
    key(&mut app, KeyCode::Char('u'));
    assert_eq!(play_state(&app).session.game().ply(), 0);
    key(&mut app, KeyCode::Char('u'));
    assert_message(&app, "nothing to undo");
    key(&mut app, KeyCode::Char('r'));
    key(&mut app, KeyCode::Char('r'));
    assert_eq!(play_state(&app).session.game().sans(), ["e4", "e5"]);
    key(&mut app, KeyCode::Char('r'));
    assert_message(&app, "nothing to redo");
}

#[test]
fn undo_against_a_computer_goes_back_to_the_persons_turn() {
    let mut app = play_app(
        "standard",
        None,
        [PlayerSpec::Human, PlayerSpec::Random],
        BIG,
    );
    prompt(&mut app, "e4");
    assert_eq!(
        play_state(&app).session.game().ply(),
        2,
        "the computer replied"
    );
    key(&mut app, KeyCode::Char('u'));
    assert_eq!(play_state(&app).session.game().ply(), 0);
}

#[test]
fn computer_moves_and_move_now() {
    let mut app = play_app(
        "antichess",
        None,
        [PlayerSpec::Random, PlayerSpec::Random],
        BIG,
    );
    motley::tui::run_requests_inline(&mut app);
    // Each inline job plays one action and queues the next: a whole game.
    assert!(play_state(&app).session.game().ply() > 0);
    let _ = &mut app;
    // A human against a computer whose job is still pending sees "thinking".
    let game = motley_game::Game::new(variant("standard"), None, 1).unwrap();
    let p = motley::tui::PlayState::new(game, [PlayerSpec::Random, PlayerSpec::Human]);
    let mut app = motley::tui::App::new(
        motley::tui::Screen::Play(Box::new(p)),
        registry(),
        settings(None),
        theme(),
        BIG,
    );
    assert_eq!(app.requests.len(), 1);
    assert!(screen(&app).contains("White (computer) is thinking"));
    handle(&mut app, AppEvent::char('m'));
    let motley::tui::Request::Think(job) = &app.requests[0] else {
        panic!("expected a computer's job")
    };
    assert!(job.order.stop.load(std::sync::atomic::Ordering::Relaxed));
    // A click meanwhile plays nothing: it picks a piece for a premove.
    click_square(&mut app, "e7");
    assert_message(&app, "premove");
    motley::tui::run_requests_inline(&mut app);
    assert_eq!(play_state(&app).session.game().ply(), 1);
}

#[test]
fn promotion_popup_offers_king_in_antichess() {
    let mut app = play_app("antichess", Some("8/P7/8/8/8/8/8/7k w - - 0 1"), H, BIG);
    click_square(&mut app, "a7");
    click_square(&mut app, "a8");
    let Some(Popup::List { list, .. }) = &play_state(&app).view.popup else {
        panic!("no popup")
    };
    let keys: String = list.items.iter().map(|(k, _)| *k).collect();
    assert!(
        keys.contains('k') && keys.contains('q') && keys.contains('n'),
        "{keys}"
    );
    insta::assert_snapshot!("promotion_popup", screen(&app));
    key(&mut app, KeyCode::Char('k'));
    assert_eq!(play_state(&app).session.game().sans(), ["a8=K"]);
    // Standard: no king choice.
    let mut app = play_app("standard", Some("4k3/P7/8/8/8/8/8/4K3 w - - 0 1"), H, BIG);
    click_square(&mut app, "a7");
    click_square(&mut app, "a8");
    let Some(Popup::List { list, .. }) = &play_state(&app).view.popup else {
        panic!("no popup")
    };
    assert!(!list.items.iter().any(|(k, _)| *k == 'k'));
    // A click on the option chooses it.
    let area = ratatui::layout::Rect::new(0, 0, BIG.0, BIG.1);
    let i = list.items.iter().position(|(k, _)| *k == 'n').unwrap();
    let r = list.rect(area);
    let first = r.y + 1;
    click(&mut app, r.x + 3, first + i as u16);
    assert_eq!(play_state(&app).session.game().sans(), ["a8=N"]);
}

#[test]
fn resign_and_draw_offers() {
    let mut app = play_app("standard", None, H, BIG);
    shift(&mut app, 'R');
    key(&mut app, KeyCode::Char('n'));
    assert!(play_state(&app).session.game().outcome().is_none());
    shift(&mut app, 'R');
    key(&mut app, KeyCode::Char('y'));
    let o = play_state(&app).session.game().outcome().unwrap();
    assert_eq!(o.winner, Some(motley_rules::core::Color::Black));
    // Draw offer in hot-seat: the other player declines, then accepts.
    let mut app = play_app("standard", None, H, BIG);
    key(&mut app, KeyCode::Char('d'));
    assert!(screen(&app).contains("Black, do you accept?"));
    key(&mut app, KeyCode::Char('n'));
    assert!(play_state(&app).session.game().outcome().is_none());
    key(&mut app, KeyCode::Char('d'));
    key(&mut app, KeyCode::Char('y'));
    assert_eq!(
        play_state(&app).session.game().outcome().unwrap().reason,
        motley_rules::EndReason::Agreement
    );
    // A computer that is not behind declines a draw.
    let mut app = play_app(
        "standard",
        None,
        [PlayerSpec::Human, PlayerSpec::Random],
        BIG,
    );
    key(&mut app, KeyCode::Char('d'));
    assert_message(&app, "declines");
    // A computer that is far behind accepts.
    let mut app = play_app(
        "standard",
        Some("4k3/8/8/8/8/8/QQQ5/4K3 w - - 0 1"),
        [PlayerSpec::Human, PlayerSpec::Random],
        BIG,
    );
    key(&mut app, KeyCode::Char('d'));
    assert_message(&app, "accepts");
}

#[test]
fn save_then_reload_gives_the_same_position() {
    let dir = temp_dir("save");
    let mut app = play_app("chicken", None, H, BIG);
    for m in ["e3", "e6", "Bb5"] {
        prompt(&mut app, m);
    }
    key(&mut app, KeyCode::Char('s'));
    let path = dir.join("mine.json");
    // Replace the suggested name with ours.
    for _ in 0..300 {
        key(&mut app, KeyCode::Backspace);
    }
    typ(&mut app, path.to_str().unwrap());
    key(&mut app, KeyCode::Enter);
    assert_message(&app, "saved to");
    let reg = registry();
    let (g, err) = motley_records::load_first(&path, &reg).into_parts();
    assert!(err.is_none(), "{err:?}");
    let g = g.unwrap().game;
    assert_eq!(g.position().to_fen(), fen(&app));
    assert_eq!(g.sans(), play_state(&app).session.game().sans());
}

#[test]
fn flip_key_and_auto_flip() {
    let mut app = play_app("standard", None, H, BIG);
    app.settings.auto_flip = true;
    assert!(!play_state(&app).flipped(&app.settings));
    prompt(&mut app, "e4");
    assert!(
        play_state(&app).flipped(&app.settings),
        "hot-seat turns to Black"
    );
    key(&mut app, KeyCode::Char('f'));
    assert!(!play_state(&app).flipped(&app.settings));
    // Clicks follow the orientation.
    key(&mut app, KeyCode::Char('f'));
    click_square(&mut app, "e7");
    click_square(&mut app, "e5");
    assert_eq!(play_state(&app).session.game().sans(), ["e4", "e5"]);
}

#[test]
fn hint_bar_is_clickable() {
    let mut app = play_app("standard", None, H, BIG);
    let p = play_state(&app);
    let lay = p.layout(app.size, &app.settings);
    let (r, _) = lay
        .buttons
        .iter()
        .find(|(_, c)| *c == KeyCode::Char('?'))
        .copied()
        .unwrap();
    click(&mut app, r.x, r.y);
    assert!(matches!(
        play_state(&app).view.popup,
        Some(Popup::Help { .. })
    ));
}

#[test]
fn move_list_scrolls() {
    let mut app = play_app("standard", None, H, SMALL);
    for f in ["a", "b", "c", "d", "e", "f", "g", "h"] {
        prompt(&mut app, &format!("{f}3"));
        prompt(&mut app, &format!("{f}6"));
    }
    for f in ["a", "b", "c", "d", "e", "f", "g", "h"] {
        prompt(&mut app, &format!("{f}4"));
        prompt(&mut app, &format!("{f}5"));
    }
    assert_eq!(play_state(&app).session.game().ply(), 32);
    let s = screen(&app);
    assert!(!s.contains("  1. a3 a6"), "old moves scrolled away");
    assert!(s.contains(" 16. h4 h5"), "{s}");
    key(&mut app, KeyCode::PageUp);
    key(&mut app, KeyCode::PageUp);
    key(&mut app, KeyCode::PageUp);
    let s = screen(&app);
    assert!(s.contains("  1. a3 a6"), "{s}");
}

mod other_sizes;
mod variant_games;
