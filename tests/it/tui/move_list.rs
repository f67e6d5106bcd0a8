//! The move list marks what a move did besides moving, as the rules
//! report it: Chicken's flips (`Bb5 ⟲d7`), Monochrome's change of side and
//! points (`exd5 ⇄+1`), Dice-Money's earnings under their turn.

use crate::support::tui as tui_support;

use motley_ai::PlayerSpec;
use tui_support::*;

const H: [PlayerSpec; 2] = [PlayerSpec::Human, PlayerSpec::Human];

#[test]
fn chicken_flips_follow_the_move_that_made_them_snapshot() {
    let mut app = play_app("chicken", None, H, (100, 35));
    // 2. Bb5 attacks d7: the pawn there flips to White.
    for m in ["e3", "e6", "Bb5"] {
        prompt(&mut app, m);
    }
    let s = screen(&app);
    assert!(s.contains("Bb5 ⟲d7"), "{s}");
    assert!(s.contains("Moves · ⟲ flipped"), "{s}");
    insta::assert_snapshot!("move_list_chicken_flips", s);
}

#[test]
fn monochrome_changes_of_side_and_points_snapshot() {
    let mut app = play_app("monochrome", None, H, (100, 35));
    // 2. exd5 takes a pawn across the centerline: 1 point, and the pawn
    // on d5 is North's now; 3... d4 brings a pawn across to South.
    for m in ["e2e4", "d7d5", "e4d5", "b8c6", "b1c3", "d5d4"] {
        prompt(&mut app, m);
    }
    let s = screen(&app);
    assert!(s.contains("exd5 ⇄+1"), "{s}");
    assert!(s.contains("d4 ⇄"), "{s}");
    assert!(s.contains("⇄ changed side · +N points"), "{s}");
    insta::assert_snapshot!("move_list_monochrome_owner_changes", s);
}

#[test]
fn ascii_marks_flips_with_letters() {
    let mut app = play_app("chicken", None, H, (100, 35));
    app.theme = motley::tui::Theme::new(
        motley::tui::ThemeName::Default,
        motley::tui::ColorMode::Indexed,
        true,
    );
    for m in ["e3", "e6", "Bb5"] {
        prompt(&mut app, m);
    }
    let s = screen(&app);
    assert!(s.contains("Bb5 %d7"), "{s}");
    assert!(s.contains("Moves · % flipped"), "{s}");
}

#[test]
fn dice_money_earnings_stay_in_their_turn() {
    let mut app = play_app("dice-money", None, H, (100, 35));
    let game = play_state(&app).session.game();
    // The game rolled for White; the first move of a piece a die names
    // earns the other die.
    let dice = game.actions()[0].to_string();
    let (a, b) = dice
        .trim_start_matches("roll:")
        .split_once(',')
        .map(|(a, b)| (a.parse::<u8>().unwrap(), b.parse::<u8>().unwrap()))
        .unwrap();
    // A pawn (1) or knight (2) move, whichever the dice name, else any.
    let (mv, earns) = match (a, b) {
        (1, x) | (x, 1) => ("e2e3", Some(x)),
        (2, x) | (x, 2) => ("g1f3", Some(x)),
        _ => ("e2e3", None),
    };
    prompt(&mut app, mv);
    let s = screen(&app);
    let row = s
        .lines()
        .find(|l| l.contains(&format!("[{a},{b}]")))
        .unwrap_or_else(|| panic!("{s}"));
    match earns {
        Some(x) => assert!(row.contains(&format!(" +${x}")), "{row}"),
        None => assert!(!row.contains("+$"), "{row}"),
    }
}
