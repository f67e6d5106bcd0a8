//! The position editor in a variant from data: the palette offers the
//! variant's own kinds in its order (the rules say which), their letters
//! pick them before any action the letter has (`\` before a key asks for
//! the action), a letter the variant lacks is refused in words, the
//! rules judge the position, and play starts from it. The built-in
//! families' palette and keys stay as they were.

use crate::support::tui::*;
use crossterm::event::KeyCode;
use motley::tui::parts::editor::EditorLayout;
use motley::tui::{App, Screen};
use motley_rules::core::{Color, Piece, Role};

fn ids(app: &App) -> Vec<&'static str> {
    editor(app).problems.iter().map(|p| p.id()).collect()
}

/// The palette's entries as letters (`.` the empty square), in order.
fn palette(app: &App) -> String {
    let lay = EditorLayout::new(editor(app), app.size);
    lay.palette
        .iter()
        .map(|(_, p)| p.map_or('.', |p| p.char()))
        .collect()
}

fn bar_keys(app: &App) -> Vec<&'static str> {
    editor(app).hints().iter().map(|h| h.key).collect()
}

#[test]
fn makruk_offers_its_kinds_m_places_a_met_and_play_starts_from_the_edit() {
    let mut app = editor_app("makruk", None);
    assert_eq!(palette(&app), "PNRMSKpnrmsk.");
    // C (no piece of makruk) clears the board.
    key(&mut app, KeyCode::Char('C'));
    assert!(editor(&app).draft.setup.board.occupied().is_empty());
    place(&mut app, 'K', "e1");
    place(&mut app, 'k', "e8");
    place(&mut app, 'm', "d5");
    let met = Piece::from_letter('m').unwrap();
    assert_eq!(editor_piece_at(&app, "d5"), Some(met));
    assert_eq!(met.color, Color::Black);
    assert_eq!(met.role.upper_char(), 'M');
    // S is White's khon here, not the way back to the start.
    place(&mut app, 'S', "c1");
    assert_eq!(editor_piece_at(&app, "c1"), Piece::from_letter('S'));
    assert_eq!(ids(&app), Vec::<&str>::new());
    assert!(screen(&app).contains("No problems"));
    key(&mut app, KeyCode::Char('o'));
    key(&mut app, KeyCode::Char('h'));
    assert_eq!(fen(&app), "4k3/8/8/3m4/8/8/8/2S1K3 w - - 0 1");
    prompt(&mut app, "Kd2");
    prompt(&mut app, "Mc4");
    // No pawn is left, so makruk's board's honour counts (as
    // Fairy-Stockfish writes it: 128 plies, 1 counted).
    assert_eq!(fen(&app), "4k3/8/8/8/2m5/8/3K4/2S5 w - 128 1 2");
}

#[test]
fn a_letter_makruk_lacks_is_refused_in_words_and_backslash_reaches_the_action() {
    let mut app = editor_app("makruk", None);
    key(&mut app, KeyCode::Char('M'));
    key(&mut app, KeyCode::Char('Q'));
    let m = editor_message(&app);
    assert!(m.contains("'Q' is no piece of"), "{m}");
    assert!(m.contains("P N R M S K"), "{m}");
    assert_eq!(editor(&app).selected, Piece::from_letter('M'));
    key(&mut app, KeyCode::Char('g'));
    assert!(editor_message(&app).contains("'g' is no piece of"));
    // After \ a piece's letter without an action of its own is named.
    key(&mut app, KeyCode::Char('\\'));
    key(&mut app, KeyCode::Char('m'));
    let m = editor_message(&app);
    assert_eq!(
        m,
        "'m' is no editor key (without \\ it picks Black fers (m))"
    );
    // The bar names the start key \S, and \ then S goes back to the start.
    assert!(bar_keys(&app).contains(&"\\S"), "{:?}", bar_keys(&app));
    key(&mut app, KeyCode::Char('C'));
    key(&mut app, KeyCode::Char('\\'));
    key(&mut app, KeyCode::Char('S'));
    assert_eq!(
        editor(&app).draft.setup.to_fen(),
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"
    );
    // Makruk keeps no castling rights and has no en passant: no keys.
    key(&mut app, KeyCode::Char('1'));
    assert_eq!(editor(&app).draft.setup.castling, 0);
}

#[test]
fn makruk_refuses_play_from_a_position_its_rules_reject() {
    let mut app = editor_app("makruk", None);
    // A bia (pawn) on the sixth rank must have become a met.
    place(&mut app, 'P', "a6");
    assert_eq!(ids(&app), ["must_have_promoted"]);
    key(&mut app, KeyCode::Char('o'));
    assert!(matches!(app.screen, Screen::Editor(_)));
    let m = editor_message(&app);
    assert!(
        m.contains("cannot play: the piece on a6 stands where it must have promoted"),
        "{m}"
    );
    key(&mut app, KeyCode::Char('x'));
    assert_eq!(ids(&app), Vec::<&str>::new());
    // White's king gone: the rules say so.
    cursor_to(&mut app, "d1");
    key(&mut app, KeyCode::Char('x'));
    assert_eq!(ids(&app), ["missing_king"]);
    assert!(screen(&app).contains("White has no king"));
}

#[test]
fn a_click_on_the_palette_picks_the_variants_kind() {
    let mut app = editor_app("amazon", None);
    assert_eq!(palette(&app), "PNBRAKpnbrak.");
    let lay = EditorLayout::new(editor(&app), app.size);
    let amazon = Piece::from_letter('a');
    let (rect, _) = *lay.palette.iter().find(|(_, p)| *p == amazon).unwrap();
    click(&mut app, rect.x + 1, rect.y);
    assert_eq!(editor(&app).selected, amazon);
    // a is Black's amazon, not analysis; \a analyses.
    key(&mut app, KeyCode::Char('A'));
    key(&mut app, KeyCode::Char('a'));
    assert_eq!(editor(&app).selected, amazon);
    assert!(bar_keys(&app).contains(&"\\a"));
    key(&mut app, KeyCode::Char('\\'));
    key(&mut app, KeyCode::Char('a'));
    assert!(matches!(app.screen, Screen::Replay(_)));
}

#[test]
fn the_chess_families_keep_their_palette_and_keys() {
    for id in ["standard", "monochromatic-jamal", "dice-money", "chicken"] {
        let mut app = editor_app(id, None);
        assert_eq!(palette(&app), "PNBRQKpnbrqk.", "{id}");
        let lay = EditorLayout::new(editor(&app), app.size);
        let side = lay.page.side;
        for (i, (rect, _)) in lay.palette.iter().enumerate() {
            // White's six on the first row, Black's and the empty
            // square on the second.
            let (col, row) = if i < 6 { (i, 1) } else { (i - 6, 2) };
            assert_eq!(rect.x, side.x + 1 + 3 * col as u16, "{id} {i}");
            assert_eq!(rect.y, side.y + row as u16, "{id} {i}");
        }
        let keys = bar_keys(&app);
        assert!(keys.contains(&"S") && keys.contains(&"C"), "{keys:?}");
        key(&mut app, KeyCode::Char('Q'));
        assert_eq!(
            editor(&app).selected,
            Some(Piece::new(Color::White, Role::Queen))
        );
        key(&mut app, KeyCode::Char('g'));
        let m = editor_message(&app);
        assert_eq!(m, "'g' is not a key here; press ? for the list of keys");
        key(&mut app, KeyCode::Char('C'));
        assert!(editor(&app).draft.setup.board.occupied().is_empty());
    }
}

#[test]
fn the_makruk_editor_is_drawn_with_its_own_palette() {
    let mut app = editor_app("makruk", None);
    key(&mut app, KeyCode::Char('s'));
    let s = screen(&app);
    assert!(s.contains("Selected: Black"), "{s}");
    insta::assert_snapshot!("editor_makruk", s);
}
