//! Every variant's play screen and rules popup as a player sees them at
//! 80×24 (and the rules at 120×40 and 200×60): the side panel shows all of
//! its state, the rules are wrapped once at the popup's width with lists
//! and tables kept, help entries wrap under their text, and the key bar
//! offers the hint. Issue 22, items 2, 3, 17 and 20.

use crate::support::tui as tui_support;

use crossterm::event::KeyCode;
use motley::tui::parts::page::{keys_popup, rules_popup, text_width, variant_panel, PositionFacts};
use motley::tui::parts::play::PLAY_KEYS;
use motley::tui::{App, PlayStart, PlayState, Screen};
use motley_ai::PlayerSpec;
use motley_game::clock::{TimeControl, TimeSource};
use motley_game::Game;
use motley_rules::core::{Action, Square};
use motley_rules::{Describe, Position};
use motley_session::Session;
use ratatui::layout::Rect;
use tui_support::*;

const H: [PlayerSpec; 2] = [PlayerSpec::Human, PlayerSpec::Human];
const SMALL: (u16, u16) = (80, 24);
const SIZES: [(u16, u16); 3] = [(80, 24), (120, 40), (200, 60)];

/// Every built-in variant id (`motley list`).
fn ids() -> Vec<String> {
    registry().all().iter().map(|v| v.id.clone()).collect()
}

/// A hot-seat game of `id` on a screen of `size`, with a 5+3 clock read
/// from a hand-set time source.
fn clock_app(id: &str, size: (u16, u16)) -> App {
    clock_app_at(id, None, size)
}

fn clock_app_at(id: &str, fen: Option<&str>, size: (u16, u16)) -> App {
    let game = Game::new(variant(id), fen, 7).unwrap();
    let tc: TimeControl = "5+3".parse().unwrap();
    let session = Session::new(game, H).with_clock(tc);
    let mut s = settings(None);
    s.session.time = TimeSource::manual();
    let p = PlayState::open(PlayStart::new(session));
    App::new(Screen::Play(Box::new(p)), registry(), s, theme(), size)
}

/// The action a test game plays next: a purchase now and then (so
/// Dice-Money's turns pass through their stages), else a capture, else the
/// first move, else whatever is legal (a pass).
fn next_action(game: &Game) -> Action {
    let legal = game.legal_actions();
    let buy = legal.iter().find(|a| matches!(a, Action::Buy(_)));
    let capture = |a: &&Action| match a {
        Action::Move(m) => game.position().is_capture(m),
        _ => false,
    };
    buy.filter(|_| game.ply() % 4 == 1)
        .or_else(|| legal.iter().find(capture))
        .or_else(|| legal.iter().find(|a| matches!(a, Action::Move(_))))
        .or_else(|| legal.first())
        .copied()
        .expect("a legal action")
}

/// Play `n` actions through the move prompt (dice are rolled by the game).
fn play_some(app: &mut App, n: usize) {
    for _ in 0..n {
        let game = play_state(app).session.game();
        if game.outcome().is_some() {
            return;
        }
        let a = next_action(game);
        prompt(app, &a.to_string());
        assert_eq!(message(app), "", "{a}");
    }
}

/// Text with every run of whitespace made one space.
fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The side panel's top box (status and the family's panel) on screen, as
/// one text.
fn panel_box(app: &App) -> String {
    let p = play_state(app);
    let side = p.layout(app.size, &app.settings).side;
    let rows: Vec<Vec<char>> = screen(app).lines().map(|l| l.chars().collect()).collect();
    let mut text = String::new();
    for row in &rows[usize::from(side.y) + 1..] {
        let cell = |x: u16| row.get(usize::from(x)).copied().unwrap_or(' ');
        if cell(side.x) == '└' {
            return squeeze(&text);
        }
        let inner: String = (side.x + 1..side.right() - 1).map(cell).collect();
        text.push(' ');
        text.push_str(&inner);
    }
    panic!("the panel's box has no bottom")
}

/// Every row of the family's panel and the clock must be in the panel box.
fn assert_whole_panel(app: &App, context: &str) {
    let p = play_state(app);
    let game = p.session.game();
    let focus = Some(p.view.selected.unwrap_or(p.view.cursor));
    let shown = panel_box(app);
    let facts = PositionFacts::current(game, game.outcome().is_some());
    let mut rows: Vec<String> = variant_panel(&facts, game.position(), focus, &app.theme)
        .iter()
        .map(|l| squeeze(&l.to_string()))
        .collect();
    rows.push("Clock 5+3".to_string());
    for side in game.position().side_names() {
        rows.push(side.to_string());
    }
    for row in rows {
        assert!(
            shown.contains(&row),
            "{context}: '{row}' is not on screen:\n{}",
            screen(app)
        );
    }
}

// Issue 22, item 3: at 80×24, with a clock, every variant's panel shows
// every row of its state, at every ply of a short game.
#[test]
fn item_3_every_variant_panel_shows_all_its_state_at_80x24() {
    for id in ids() {
        let mut app = clock_app(&id, SMALL);
        for ply in 0..24 {
            if play_state(&app).session.game().outcome().is_some() {
                // The board and panel, under the result popup.
                key(&mut app, KeyCode::Esc);
                assert_whole_panel(&app, &format!("{id} over at ply {ply}"));
                break;
            }
            assert_whole_panel(&app, &format!("{id} ply {ply}"));
            play_some(&mut app, 1);
        }
    }
}

// Makruk's count, when one runs, is on the panel with the rest.
#[test]
fn makruk_s_count_is_on_the_panel_at_80x24() {
    let app = clock_app_at("makruk", Some("4k3/8/8/8/8/8/R7/4K3 b - 32 6 1"), SMALL);
    assert!(
        panel_box(&app).contains("Count 6 of 32 plies"),
        "{}",
        screen(&app)
    );
    assert_whole_panel(&app, "makruk counting");
}

// Issue 22, item 3: the case of the report, Dice-Money against the
// computer with a clock: the prices' last row is on screen, and the move
// list keeps rows of its own.
#[test]
fn item_3_dice_money_against_the_computer_shows_every_price_at_80x24() {
    let game = Game::new(variant("dice-money"), None, 7).unwrap();
    let tc: TimeControl = "5+3".parse().unwrap();
    let session = Session::new(game, [PlayerSpec::Human, PlayerSpec::Random]).with_clock(tc);
    let mut s = settings(None);
    s.session.time = TimeSource::manual();
    let p = PlayState::open(PlayStart::new(session));
    let mut app = App::new(Screen::Play(Box::new(p)), registry(), s, theme(), SMALL);
    for _ in 0..6 {
        assert_whole_panel(&app, "dice-money against random");
        let s = screen(&app);
        assert!(s.contains("own R") && s.contains("own Q"), "{s}");
        let list = s.lines().filter(|l| l.contains("┌ Moves")).count();
        assert_eq!(list, 1, "{s}");
        play_some(&mut app, 1);
    }
}

/// A play screen of every variant at 80×24, a few moves in.
#[test]
fn every_variant_play_screen_at_80x24() {
    for id in ids() {
        let mut app = play_app(&id, None, H, SMALL);
        play_some(&mut app, 6);
        insta::assert_snapshot!(format!("play_80x24_{id}"), screen(&app));
    }
}

/// The rules popup of every variant at 80×24: the screen as it opens,
/// then after each two PageDowns (a popup's height: twenty rows), to the
/// end of the text.
#[test]
fn every_variant_rules_popup_at_80x24() {
    for id in ids() {
        let mut app = play_app(&id, None, H, SMALL);
        key(&mut app, KeyCode::Char('i'));
        let (rows, _) = rules_rows(&id, SMALL);
        let mut pages = screen(&app);
        let mut shown = 20;
        while shown < rows.len() {
            key(&mut app, KeyCode::PageDown);
            key(&mut app, KeyCode::PageDown);
            pages.push_str(&format!("--- scrolled {shown} rows ---\n"));
            pages.push_str(&screen(&app));
            shown += 20;
        }
        insta::assert_snapshot!(format!("rules_80x24_{id}"), pages);
    }
}

/// Scrolling stops at the end of the text: past it, Up moves back at once.
#[test]
fn the_rules_popup_scrolls_no_further_than_its_text() {
    let mut app = play_app("dice-money", None, H, SMALL);
    key(&mut app, KeyCode::Char('i'));
    for _ in 0..30 {
        key(&mut app, KeyCode::PageDown);
    }
    let end = screen(&app);
    let (rows, _) = rules_rows("dice-money", SMALL);
    let last = rows.last().map(|r| r.trim()).unwrap_or_default();
    assert!(
        end.contains(last),
        "the text's end '{last}' is not shown:\n{end}"
    );
    key(&mut app, KeyCode::Up);
    assert_ne!(screen(&app), end);
    key(&mut app, KeyCode::Down);
    assert_eq!(screen(&app), end);
}

/// The rules popup's rows for `id` on a screen of `size`, and the width
/// inside its box.
fn rules_rows(id: &str, size: (u16, u16)) -> (Vec<String>, usize) {
    let def = variant(id);
    let theme = theme();
    let area = Rect::new(0, 0, size.0, size.1);
    let popup = rules_popup(&def, 0, &theme);
    let inner = usize::from(motley::tui::parts::page::TextPopup::rect(area).width - 4);
    let rows = popup.lines(area).iter().map(|l| l.to_string()).collect();
    (rows, inner)
}

/// Where a row's text starts, past its indentation and a list marker.
fn text_start(row: &str) -> usize {
    let indent = row.len() - row.trim_start().len();
    let body = row.trim_start();
    let digits = body.chars().take_while(char::is_ascii_digit).count();
    if body.starts_with("- ") {
        indent + 2
    } else if digits > 0 && body[digits..].starts_with(". ") {
        indent + digits + 2
    } else {
        indent
    }
}

/// A row laid out in columns (a table's).
fn is_table_row(row: &str) -> bool {
    row.trim().contains("  ")
}

// Issue 22, item 2: the rules are wrapped once, at the popup's width:
// nothing is lost or cut, and no row ends early where the next row of
// its paragraph goes on with a word that would have fitted ("a" and "one"
// alone on rows, "splits the / board: every piece on / your half").
#[test]
fn item_2_rules_are_wrapped_once_at_the_popup_width() {
    for id in ids() {
        let def = variant(&id);
        // Every character but spaces, in order: a word wider than the
        // popup (a 12-file FEN) is broken across rows, nothing lost.
        let text = def.rules_text();
        let letters: String = text.split_whitespace().collect();
        for size in SIZES {
            let (rows, inner) = rules_rows(&id, size);
            let shown: String = rows
                .iter()
                .skip(2) // the name and the blank row under it
                .flat_map(|r| r.split_whitespace())
                .collect();
            assert_eq!(shown, letters, "{id} {size:?}: words lost or added");
            for r in &rows {
                assert!(text_width(r) <= inner, "{id} {size:?}: too wide: {r}");
            }
            for pair in rows.windows(2) {
                let (a, b) = (&pair[0], &pair[1]);
                let continues = !a.trim().is_empty()
                    && !b.trim().is_empty()
                    && b.len() - b.trim_start().len() == text_start(a)
                    && text_start(b) == text_start(a)
                    && !is_table_row(a)
                    && !is_table_row(b);
                let first = b.split_whitespace().next().unwrap_or("");
                assert!(
                    !continues || text_width(a.trim_end()) + 1 + text_width(first) > inner,
                    "{id} {size:?}: '{first}' would fit on the row above:\n{a}\n{b}"
                );
            }
        }
    }
}

// Issue 22, item 2: Dice-Money's table of items stays a table at every
// size: every item's price starts in one column, and an item's words that
// go on to further rows stay in its description's column.
#[test]
fn item_2_the_dice_money_item_table_keeps_its_columns() {
    let is_item = |r: &str| {
        let t = r.trim_start();
        t.starts_with("buy:") || t.contains("@e4  ")
    };
    for size in SIZES {
        let (rows, _) = rules_rows("dice-money", size);
        let first = rows.iter().position(|r| is_item(r)).expect("an item row");
        let last = rows.iter().rposition(|r| is_item(r)).expect("an item row");
        let items: Vec<&String> = rows.iter().filter(|r| is_item(r)).collect();
        assert!(items.len() >= 6, "{size:?}: {rows:#?}");
        let table = rows[first..=last].join("\n");
        let price_at = items[0].find('$').expect("a price");
        let words_at = price_at + items[0][price_at..].find(' ').unwrap_or(0);
        let words_at =
            words_at + items[0][words_at..].len() - items[0][words_at..].trim_start().len();
        for r in &rows[first..=last] {
            if is_item(r) {
                assert_eq!(
                    r.find('$'),
                    Some(price_at),
                    "{size:?}: price out of line:\n{table}"
                );
            } else {
                let indent = r.len() - r.trim_start().len();
                assert_eq!(
                    indent, words_at,
                    "{size:?}: a row out of its column:\n{table}"
                );
            }
        }
    }
}

// Issue 22, item 17: in the help popup a wrapped entry goes on under its
// own text, not at column 0 nor under the key.
#[test]
fn item_17_help_entries_wrap_under_their_text() {
    for size in [(64, 18), SMALL, (100, 35)] {
        let theme = theme();
        let area = Rect::new(0, 0, size.0, size.1);
        let rows: Vec<String> = keys_popup("Keys", PLAY_KEYS, 0, &theme)
            .lines(area)
            .iter()
            .map(|l| l.to_string())
            .collect();
        let mut wrapped = 0;
        for r in &rows {
            let key = r.get(..16).unwrap_or(r);
            if key.trim().is_empty() {
                wrapped += 1;
                assert_eq!(
                    text_start(r),
                    18,
                    "{size:?}: continuation not under its text: {r:?}"
                );
            } else {
                assert_eq!(r.chars().nth(18).map(|c| c == ' '), Some(false), "{r:?}");
            }
        }
        assert!(wrapped > 0, "{size:?}: nothing wrapped, nothing shown");
    }
    // On screen: the `:` entry's second row starts under "type a move".
    let mut app = play_app("standard", None, H, SMALL);
    key(&mut app, KeyCode::Char('?'));
    let s = screen(&app);
    let lines: Vec<&str> = s.lines().collect();
    let i = lines
        .iter()
        .position(|l| l.contains(":  type a move"))
        .unwrap();
    let col = lines[i].find("type a move").unwrap();
    let next = lines[i + 1];
    let start = next[col..].trim_start();
    assert!(
        next[..col].ends_with(' ') && !next[col..].starts_with(' ') && !start.is_empty(),
        "continuation not under its text:\n{}\n{}",
        lines[i],
        next
    );
}

// Issue 22, item 20: the key bar offers the hint (`H`) where there is
// room, and clicking it asks for one.
#[test]
fn item_20_the_key_bar_shows_the_hint_key_when_there_is_room() {
    let mut app = play_app("standard", None, H, SMALL);
    let bar = screen(&app).lines().last().unwrap_or("").to_string();
    assert!(bar.contains("H hint"), "{bar}");
    let lay = play_state(&app).layout(app.size, &app.settings);
    let (r, _) = lay
        .buttons
        .iter()
        .find(|(_, k)| *k == KeyCode::Char('H'))
        .copied()
        .expect("a hint button");
    click(&mut app, r.x, r.y);
    assert!(
        message(&app).contains("hint for White"),
        "{}",
        message(&app)
    );
    // Not while the game is over.
    let mut app = play_app("standard", None, H, SMALL);
    shift(&mut app, 'R');
    key(&mut app, KeyCode::Char('y'));
    key(&mut app, KeyCode::Esc);
    let bar = screen(&app).lines().last().unwrap_or("").to_string();
    assert!(!bar.contains("H hint"), "{bar}");
}

// Issue 22, item 11: while a bought piece waits for its square, the
// squares where the rules allow it are marked, and only those.
#[test]
fn item_11_placement_marks_the_legal_squares() {
    let mut app = play_app("dice-money", None, H, (100, 35));
    let mut turn = 0;
    let piece = loop {
        let legal = play_state(&app).session.game().legal_actions();
        if let Some(Action::Place(p, _)) = legal.iter().find(|a| matches!(a, Action::Place(..))) {
            break *p;
        }
        assert!(turn < 400, "no placement came");
        play_some(&mut app, 1);
        turn += 1;
    };
    let legal = play_state(&app).session.game().legal_actions();
    play_state_mut(&mut app).view.placing = Some(piece);
    let buf = motley::tui::render_to_buffer(&app);
    let board = *play_state(&app).session.game().position().board();
    let mut marked = 0;
    for sq in Square::all() {
        let (x, y) = square_center(&app, &sq.to_string());
        let dot = buf[(x, y)].symbol() == "•";
        let allowed = legal.contains(&Action::Place(piece, sq));
        if board.piece_at(sq).is_none() {
            assert_eq!(dot, allowed, "{sq}: marked {dot}, legal {allowed}");
        }
        marked += usize::from(dot);
    }
    assert!(marked > 0);
}
