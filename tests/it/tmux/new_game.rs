//! End-to-end, the real binary in tmux: a game started from the new-game
//! form with a start position and a clock, and the form remembering both
//! in the next session.

use crate::support::tmux as tmux_support;

use tmux_support::Tmux;

/// White's queen and king against Black's king: a position no game of
/// a few moves reaches.
const FEN: &str = "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1";

#[test]
fn a_game_from_the_form_with_a_fen_and_a_clock() {
    let Some(t) = Tmux::new("new-game-form") else {
        return;
    };
    t.start("");
    t.wait_for("New game");
    t.keys(&["n"]);
    t.wait_for("Standard chess");
    t.keys(&["Enter"]);
    t.wait_for("Start FEN");
    // Rows: White, Black, Start FEN, Chess960, Clock, …
    t.keys(&["Down", "Down"]);
    t.tmux(&["send-keys", "-t", "m", "-l", FEN]);
    t.wait_for("a position of this variant");
    t.keys(&["Down", "Down", "Right", "Right", "Right"]);
    t.wait_for("◂ 5+3 ▸");
    t.keys(&["Enter"]);
    // The game: the position typed, the clock waiting for White's first
    // move (issue 22, item 10).
    let s = t.wait_for("Clock 5+3 (starts after a move)");
    assert!(s.contains("White to move"), "{s}");
    assert!(s.contains("Material: White +9"), "{s}");
    // The queen's move is the first of the game; then Black's time runs.
    t.play(&["d2d7"]);
    let s = t.wait_for("1. Qd7+");
    assert!(s.contains("Black to move"), "{s}");
    let s = t.wait_until(|s| s.contains("4:59") || s.contains("4:58"));
    assert!(s.contains("5:00"), "White's clock waits: {s}");
    t.keys(&["q"]);
    t.wait_until(|s| s.contains("New game") || s.contains("leave"));
    t.tmux(&["kill-session", "-t", "m"]);
    // The next session's form opens with the FEN and the clock.
    t.start("");
    t.wait_for("New game");
    t.keys(&["n"]);
    t.wait_for("Standard chess");
    t.keys(&["Enter"]);
    let s = t.wait_for("◂ 5+3 ▸");
    assert!(s.contains("4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1"), "{s}");
}
