//! End-to-end, the real binary in tmux: variants from data played on the
//! board by typed moves, coordinates and SAN alike, to the end their own
//! rules give — king of the hill's king on d5, three-check's third
//! check — and the record on disk saying so.

use crate::support::tmux as tmux_support;

use motley_game::Game;
use motley_rules::core::{Color, Piece, Role, Square};
use motley_rules::{EndReason, Position};
use tmux_support::{panel_says, records, Tmux};

/// The one finished game kept in `t`'s data folder.
fn recorded_game(t: &Tmux) -> Game {
    let files = records(&t.data.join("saves"));
    assert_eq!(files.len(), 1, "{files:?}");
    let reg = motley_game::variant::Registry::builtin();
    let (saved, err) = motley_records::load_first(&files[0], &reg).into_parts();
    assert!(err.is_none(), "{err:?}");
    saved.expect("a game").game
}

#[test]
fn kingofthehill_is_won_by_the_king_reaching_d5() {
    let Some(t) = Tmux::new("koth") else { return };
    t.start("play kingofthehill --no-auto-flip");
    t.wait_for("White to move");
    // The king walks round the centre (e4 holds a pawn) and steps in.
    t.play(&["e2e4", "a7a6", "Ke2", "a6a5", "e2d3", "a5a4", "Kc4", "h7h6"]);
    t.wait_for("4. Kc4 h6");
    t.play(&["Kd5"]);
    let s = t.wait_for("a piece reached its goal");
    assert!(panel_says(&s, "Game over: 1-0"), "{s}");
    t.keys(&["q"]);
    t.wait_exit();
    let game = recorded_game(&t);
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.winner, Some(Color::White));
    assert_eq!(outcome.reason, EndReason::GoalReached);
    let d5 = Square::parse("d5").expect("a square");
    assert_eq!(
        game.position().board().piece_at(d5),
        Some(Piece::new(Color::White, Role::King))
    );
}

#[test]
fn three_check_is_won_by_the_third_check_with_the_count_on_screen() {
    let Some(t) = Tmux::new("3check") else { return };
    t.start("play 3check --no-auto-flip");
    t.wait_for("White to move");
    t.play(&["e4", "f6", "Qh5+", "g6"]);
    let s = t.wait_for("2. Qh5+ g6");
    assert!(panel_says(&s, "Checks to give: White 2 Black 3"), "{s}");
    t.play(&["h5g6", "h7g6", "Bc4", "a6", "Bf7+"]);
    let s = t.wait_for("the last check was given");
    assert!(panel_says(&s, "Game over: 1-0"), "{s}");
    assert!(panel_says(&s, "Checks to give: White 0 Black 3"), "{s}");
    t.keys(&["q"]);
    t.wait_exit();
    let game = recorded_game(&t);
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.winner, Some(Color::White));
    assert_eq!(outcome.reason, EndReason::ChecksGiven);
    assert!(
        game.position().to_fen().contains(" 0+3 "),
        "{}",
        game.position().to_fen()
    );
}
