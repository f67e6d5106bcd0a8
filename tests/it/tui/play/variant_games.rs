//! Games of the seed variants on the play screen (Monochrome, Contrast, Monochromatic, Dice-Money) with their snapshots, and leaving a game while the computer thinks.

use super::*;

#[test]
fn monochrome_mid_game_snapshot() {
    let mut app = play_app("monochrome", None, H, BIG);
    for m in ["e2e4", "d7d5", "e4d5", "c7c6"] {
        prompt(&mut app, m);
        assert_eq!(message(&app), "", "{m}");
    }
    let s = screen(&app);
    // Both scores, the centerline with the halves named, South and North
    // (the family's names for the sides) everywhere.
    assert!(s.contains("Score: South 1  North 0"), "{s}");
    assert!(s.contains("Taken  South: P"), "{s}");
    assert!(s.contains("▲ North ━━ South ▼"), "{s}");
    assert!(s.contains("South: human   North: human"), "{s}");
    assert!(s.contains("South to move"), "{s}");
    assert!(!s.contains("White") && !s.contains("Black"), "{s}");
    insta::assert_snapshot!("monochrome_mid_game", s);
    // Every piece is drawn in the same colour.
    let buf = render_to_buffer(&app);
    let fg = |sq: &str| {
        let (x, y) = square_center(&app, sq);
        buf[(x, y)].fg
    };
    assert_eq!(fg("e1"), fg("e8"));
    assert_eq!(fg("a2"), fg("a7"));
    // Clicks land on the right squares across the centerline row.
    click_square(&mut app, "c2");
    click_square(&mut app, "c4");
    assert_eq!(
        play_state(&app).session.game().ply(),
        5,
        "{}",
        message(&app)
    );
}

#[test]
fn monochrome_illegal_inputs_are_explained() {
    let mut app = play_app("monochrome", None, H, BIG);
    prompt(&mut app, "e7e6");
    assert_message(&app, "half");
    // A piece carried across may not go straight back.
    prompt(&mut app, "e2e4");
    prompt(&mut app, "d7d5");
    prompt(&mut app, "e4d5");
    prompt(&mut app, "d5e4");
    let m = message(&app);
    assert!(m.contains("back"), "{m}");
    // A computer accepts an end offer when not behind on score.
    let mut app = play_app(
        "monochrome",
        None,
        [PlayerSpec::Human, PlayerSpec::Random],
        BIG,
    );
    key(&mut app, KeyCode::Char('d'));
    assert_message(&app, "accepts");
    let o = play_state(&app).session.game().outcome().unwrap();
    assert_eq!(o.scores, Some([0, 0]));
}

#[test]
fn contrast_mid_game_snapshot() {
    let mut app = play_app("contrast", None, H, BIG);
    for m in ["e2e4", "e7e5", "b1c3"] {
        prompt(&mut app, m);
        assert_eq!(message(&app), "", "{m}");
    }
    play_state_mut(&mut app).view.cursor = spot("c3");
    let s = screen(&app);
    assert!(s.contains("strong") && s.contains("weak"), "{s}");
    assert!(s.contains("the knight on c3 is weak"), "{s}");
    insta::assert_snapshot!("contrast_mid_game", s);
    // Strong and weak pieces look different: the white knight on c3 (a
    // dark square) is weak and dim; the black knight on b8 (dark) is
    // strong and underlined.
    let buf = render_to_buffer(&app);
    let cell = |sq: &str| {
        let (x, y) = square_center(&app, sq);
        buf[(x, y)].clone()
    };
    use ratatui::style::Modifier;
    assert!(cell("b8").modifier.contains(Modifier::UNDERLINED));
    assert!(cell("c3").modifier.contains(Modifier::DIM));
}

#[test]
fn short_contrast_game_with_capture_in_place_choice() {
    // A strong white queen (light square d3? no: d3 is light) next to an
    // enemy: moving onto it or capturing in place share the squares.
    let mut app = play_app(
        "contrast",
        Some("4k3/8/8/8/4p3/3Q4/8/4K3 w - - 0 1"),
        H,
        BIG,
    );
    click_square(&mut app, "d3");
    click_square(&mut app, "e4");
    let Some(Popup::List { list, .. }) = &play_state(&app).view.popup else {
        panic!("no choice popup: {}", message(&app))
    };
    assert!(list.items.iter().any(|(k, _)| *k == '^'));
    key(&mut app, KeyCode::Char('^'));
    assert_eq!(play_state(&app).session.game().sans(), ["Q^e4"]);
    assert_eq!(
        position(&app)
            .board()
            .piece_at(Square::parse("d3").unwrap())
            .map(|p| p.role),
        Some(motley_rules::core::Role::Queen)
    );
}

#[test]
fn short_monochromatic_game_and_explanations() {
    let mut app = play_app("monochromatic", None, H, BIG);
    prompt(&mut app, "e2e4");
    prompt(&mut app, "d7d5");
    prompt(&mut app, "e4d5");
    assert_eq!(play_state(&app).session.game().ply(), 3);
    prompt(&mut app, "b8c6");
    assert_message(&app, "colour");
    let s = screen(&app);
    assert!(s.contains("No piece may move to a square of the"), "{s}");
    insta::assert_snapshot!("monochromatic_mid_game", s);
}

#[test]
fn leaving_stops_the_computer_and_ctrl_chords_are_ignored() {
    let game = motley_game::Game::new(variant("standard"), None, 1).unwrap();
    let p = motley::tui::PlayState::new(game, [PlayerSpec::Random, PlayerSpec::Human]);
    let mut app = motley::tui::App::new(
        motley::tui::Screen::Play(Box::new(p)),
        registry(),
        settings(None),
        theme(),
        BIG,
    );
    let motley::tui::Request::Think(job) = &app.requests[0] else {
        panic!("expected a computer's job")
    };
    let job = job.clone();
    // Ctrl-J is not `j`.
    let cursor = play_state(&app).view.cursor;
    handle(
        &mut app,
        AppEvent::Key(crossterm::event::KeyEvent::new(
            KeyCode::Char('j'),
            crossterm::event::KeyModifiers::CONTROL,
        )),
    );
    assert_eq!(play_state(&app).view.cursor, cursor);
    handle(&mut app, AppEvent::char('q'));
    assert!(app.quit);
    assert!(job.order.stop.load(std::sync::atomic::Ordering::Relaxed));
    // A late answer from the stopped search changes nothing.
    handle(
        &mut app,
        AppEvent::Thought {
            generation: job.order.generation,
            action: None,
        },
    );
    assert_eq!(play_state(&app).session.game().ply(), 0);
}

/// Drive a hot-seat Dice-Money game through the prompt with a seeded choice
/// among the legal actions until `want` holds for the legal actions.
fn dice_until(
    app: &mut motley::tui::App,
    want: impl Fn(&[motley_rules::core::Action]) -> bool,
    avoid_buys: bool,
) {
    let mut x = 99u64;
    for _ in 0..600 {
        let legal = play_state(app).session.game().legal_actions();
        assert!(!legal.is_empty(), "game ended");
        if want(&legal) {
            return;
        }
        let pool: Vec<_> = legal
            .iter()
            .filter(|a| {
                !avoid_buys
                    || matches!(
                        a,
                        motley_rules::core::Action::Move(_) | motley_rules::core::Action::Pass
                    )
            })
            .collect();
        let pool = if pool.is_empty() {
            legal.iter().collect()
        } else {
            pool
        };
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let a = pool[(x >> 33) as usize % pool.len()];
        prompt(app, &a.to_string());
        assert_eq!(message(app), "", "{a}");
    }
    panic!("never reached the wanted position");
}

#[test]
fn dice_money_mid_game_snapshot_and_panel() {
    let mut app = play_app("dice-money", None, H, BIG);
    // The game rolled White's dice at once.
    assert!(matches!(
        play_state(&app).session.game().actions(),
        [motley_rules::core::Action::Roll(..)]
    ));
    let s = screen(&app);
    assert!(
        s.contains("Dice") && s.contains("Money White $1 Black $2"),
        "{s}"
    );
    assert!(s.contains("Buy or place (b), or move"), "{s}");
    assert!(s.contains("First move earns"), "{s}");
    for _ in 0..6 {
        let legal = play_state(&app).session.game().legal_actions();
        let a = legal
            .iter()
            .find(|a| matches!(a, motley_rules::core::Action::Move(_)))
            .unwrap();
        prompt(&mut app, &a.to_string());
    }
    let s = screen(&app);
    assert!(s.contains("prices"), "{s}");
    insta::assert_snapshot!("dice_money_mid_game", s);
}

#[test]
fn dice_money_buy_extra_move_then_pass_through_the_ui() {
    use motley_rules::core::{Action, Purchase};
    let mut app = play_app("dice-money", None, H, BIG);
    dice_until(
        &mut app,
        |l| l.contains(&Action::Buy(Purchase::ExtraMoves(1))),
        true,
    );
    assert!(screen(&app).contains("✓"), "an affordable price is marked");
    key(&mut app, KeyCode::Char('b'));
    let Some(Popup::List { list, .. }) = &play_state(&app).view.popup else {
        panic!("no purchase popup")
    };
    let (k, _) = list
        .items
        .iter()
        .find(|(_, l)| l.contains("buy:move1"))
        .cloned()
        .unwrap();
    key(&mut app, KeyCode::Char(k));
    assert_eq!(
        play_state(&app).session.game().actions().last(),
        Some(&Action::Buy(Purchase::ExtraMoves(1)))
    );
    // Buying twice is refused in words.
    prompt(&mut app, "buy:move1");
    assert!(!message(&app).is_empty());
    // Main move, then the extra move is pending: pass gives it up.
    let legal = play_state(&app).session.game().legal_actions();
    let m = legal.iter().find(|a| matches!(a, Action::Move(_))).unwrap();
    prompt(&mut app, &m.to_string());
    let s = screen(&app);
    assert!(s.contains("Extra moves left: 1"), "{s}");
    assert!(s.contains("p pass"), "{s}");
    key(&mut app, KeyCode::Char('p'));
    let acts = play_state(&app).session.game().actions();
    assert!(acts.contains(&Action::Pass), "{acts:?}");
    // The turn passed: the other side's dice were rolled.
    assert!(matches!(acts.last(), Some(Action::Roll(..))));
}

#[test]
fn dice_money_placement_through_the_ui() {
    use motley_rules::core::Action;
    let mut app = play_app("dice-money", None, H, BIG);
    dice_until(
        &mut app,
        |l| l.iter().any(|a| matches!(a, Action::Place(..))),
        false,
    );
    let legal = play_state(&app).session.game().legal_actions();
    let Some(Action::Place(piece, sq)) = legal
        .iter()
        .find(|a| matches!(a, Action::Place(..)))
        .copied()
    else {
        unreachable!()
    };
    key(&mut app, KeyCode::Char('b'));
    let Some(Popup::List { list, kind }) = &play_state(&app).view.popup else {
        panic!("no purchase popup")
    };
    let motley::tui::parts::play::ListKind::Purchases(items) = kind else {
        panic!()
    };
    let i = items
        .iter()
        .position(|it| *it == motley::tui::parts::play::PurchaseItem::Place(piece))
        .unwrap();
    let k = list.items[i].0;
    key(&mut app, KeyCode::Char(k));
    assert_eq!(play_state(&app).view.placing, Some(piece));
    click_square(&mut app, &sq.to_string());
    assert_eq!(
        play_state(&app).session.game().actions().last(),
        Some(&Action::Place(piece, sq))
    );
}

#[test]
fn dice_money_against_a_computer() {
    let mut app = play_app(
        "dice-money",
        None,
        [PlayerSpec::Human, PlayerSpec::Random],
        BIG,
    );
    for _ in 0..4 {
        let legal = play_state(&app).session.game().legal_actions();
        let a = legal
            .iter()
            .find(|a| matches!(a, motley_rules::core::Action::Move(_)))
            .unwrap();
        prompt(&mut app, &a.to_string());
        // The computer played its whole turn and White's dice are rolled.
        assert!(
            play_state(&app).session.human_to_act()
                || play_state(&app).session.game().outcome().is_some()
        );
    }
}

#[test]
fn a_chess960_king_castles_by_a_click_on_its_rook_and_the_number_is_shown() {
    let start = "1r2k2r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAhb - 0 1";
    let mut app = play_app("chess960", Some(start), H, BIG);
    click_square(&mut app, "b1");
    click_square(&mut app, "a1");
    assert_eq!(message(&app), "");
    assert_eq!(
        fen(&app),
        "1r2k2r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b hb - 1 1"
    );
    assert_eq!(play_state(&app).session.game().sans(), ["O-O-O"]);
    // Black castles king side by typing it; its king goes to g8.
    prompt(&mut app, "O-O");
    assert!(fen(&app).starts_with("1r3rk1/"), "{}", fen(&app));
    // A start from a numbered position shows its number.
    let start = variant("chess960").chess960_start(42).unwrap();
    let app = play_app("chess960", Some(&start), H, BIG);
    assert!(screen(&app).contains("Chess960 #42"), "{}", screen(&app));
}
