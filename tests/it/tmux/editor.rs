//! End-to-end, the real binary in tmux: the menu's "Edit a position",
//! a position set up piece by piece (a problem shown while Black's king
//! is missing), then a game played from it, its first move on the play
//! screen.

use crate::support::tmux as tmux_support;

use tmux_support::Tmux;

#[test]
fn a_position_edited_from_the_menu_is_played() {
    let Some(t) = Tmux::new("editor") else {
        return;
    };
    t.start("");
    t.wait_for("Edit a position");
    t.keys(&["e"]);
    t.wait_for("Standard chess");
    t.keys(&["Enter"]);
    t.wait_for("Motley editor");
    // An empty board; the cursor starts on e2.
    t.keys(&["C"]);
    t.wait_for("White has no king");
    // White's queen on d2 and king on e1.
    t.keys(&["Left", "Q", "Space", "Right", "Down", "K", "Space"]);
    let s = t.wait_for("Black has no king");
    assert!(!s.contains("White has no king"), "{s}");
    // Playing is refused with the reason while a problem remains.
    t.keys(&["o"]);
    t.wait_for("cannot play: Black has no king");
    // Black's king on e8.
    t.keys(&["Up", "Up", "Up", "Up", "Up", "Up", "Up", "k", "Space"]);
    t.wait_for("No problems");
    t.keys(&["o"]);
    t.wait_for("Who plays?");
    t.keys(&["h"]);
    let s = t.wait_for("White to move");
    assert!(s.contains("Motley"), "{s}");
    t.play(&["d2d7"]);
    let s = t.wait_for("1. Qd7+");
    assert!(s.contains("Black to move"), "{s}");
    t.keys(&["q"]);
    t.wait_until(|s| s.contains("Edit a position") || s.contains("leave"));
}
