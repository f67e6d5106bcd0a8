//! State a variant's rules keep is shown: the extinction rule in the side
//! panel, atomic explosions in the move list (as Chicken's flips are),
//! the pieces in Monochromatic's knight slot by letters of their own,
//! and the move list's legend at 80 columns.

use crate::support::tui::*;
use motley::tui::{App, ColorMode, PlayState, Screen, Theme, ThemeName};
use motley_ai::PlayerSpec;
use motley_game::Game;

const H: [PlayerSpec; 2] = [PlayerSpec::Human, PlayerSpec::Human];
const SMALL: (u16, u16) = (80, 24);

fn played(variant: &str, moves: &[&str], size: (u16, u16)) -> App {
    let mut app = play_app(variant, None, H, size);
    for m in moves {
        prompt(&mut app, m);
    }
    app
}

/// The board's rows of the screen: the lines that start with a rank.
fn board_rows(screen: &str) -> Vec<String> {
    screen
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| l.chars().take(44).collect())
        .collect()
}

// Issue item 24: the extinction rule was not in the side panel.
#[test]
fn item_24_the_extinction_rule_is_in_the_side_panel() {
    let s = screen(&played("atomic", &[], SMALL));
    assert!(s.contains("No K left: loses (extinction)"), "{s}");
    assert!(s.contains("Left: White 1  Black 1"), "{s}");
    let s = screen(&played("extinction", &[], (130, 40)));
    assert!(
        s.contains("No P, N, B, R, Q or K left: loses (extinction)"),
        "{s}"
    );
}

// Issue item 24: atomic explosions were not marked in the move list.
#[test]
fn item_24_an_explosion_is_marked_in_the_move_list() {
    let s = screen(&played("atomic", &["e4", "d5", "exd5"], SMALL));
    assert!(s.contains("exd5 ✸d5"), "{s}");
    assert!(s.contains("✸ exploded"), "{s}");
}

// Issue item 24: camels, DA pieces and double knights were drawn as ♘.
#[test]
fn item_24_the_knight_slot_s_pieces_have_letters_of_their_own() {
    for (variant, white, black) in [
        ("monochromatic-jamal", 'C', 'c'),
        ("monochromatic-daffy", 'D', 'd'),
        ("monochromatic-double-knight", 'W', 'w'),
    ] {
        for ascii in [false, true] {
            let game = Game::new(variant_def(variant), None, 1).expect("the start");
            let app = App::new(
                Screen::Play(Box::new(PlayState::new(game, H))),
                registry(),
                settings(None),
                Theme::new(ThemeName::Default, ColorMode::Indexed, ascii),
                SMALL,
            );
            let s = screen(&app);
            let rows = board_rows(&s).join("\n");
            assert!(
                !rows.contains('♘') && !rows.contains('♞'),
                "{variant}:\n{s}"
            );
            assert!(
                !rows.contains(" N ") && !rows.contains(" n "),
                "{variant}:\n{s}"
            );
            assert!(
                rows.contains(white) && rows.contains(black),
                "{variant}:\n{s}"
            );
            assert!(
                s.contains(&format!("{white} {black}: the")),
                "{variant}:\n{s}"
            );
        }
    }
}

fn variant_def(id: &str) -> std::sync::Arc<motley_game::variant::VariantDef> {
    variant(id)
}

// Issue item 24: at 80 columns the move list's legend was dropped.
#[test]
fn item_24_the_move_list_s_legend_is_kept_at_80_columns() {
    let s = screen(&played("monochrome", &["e2e4", "d7d5", "e4d5"], SMALL));
    assert!(s.contains("⇄ changed side"), "{s}");
    assert!(s.contains("+N points"), "{s}");
}
