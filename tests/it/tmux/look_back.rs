//! End-to-end, the real binary in tmux (issue 21): looking back during a
//! game against the computer while it thinks and moves, and dragging a
//! piece with the mouse.
//!
//! tmux cannot make up a mouse event from the command line (`send-keys -M`
//! only passes on an event a mouse binding received: "no mouse target"),
//! so the mouse is the bytes a terminal sends for it in SGR mode (the mode
//! crossterm asks for, with button-event tracking, which reports drags),
//! typed into the pane literally (`send-keys -l`).

use crate::support::tmux as tmux_support;

use tmux_support::{panel_says, Tmux};

/// The screen cell (1-based column, row, as the mouse reports them) at the
/// centre of square `name` on the play screen at 100×35, White at the
/// bottom: squares 7 columns by 3 rows, a8 centred at column 7, row 3.
fn cell(name: &str) -> (u16, u16) {
    let b = name.as_bytes();
    let file = u16::from(b[0] - b'a');
    let rank = u16::from(b[1] - b'1');
    (7 + 7 * file, 3 + 3 * (7 - rank))
}

/// The bytes of a mouse event in SGR mode: `button` (0 left, 32 a drag
/// with the left button) pressed (`M`) or released (`m`) at `at`.
fn sgr(button: u8, at: (u16, u16), pressed: bool) -> String {
    let end = if pressed { 'M' } else { 'm' };
    format!("\x1b[<{button};{};{}{end}", at.0, at.1)
}

/// Send mouse bytes to the program in session `m`.
fn mouse(t: &Tmux, bytes: &str) {
    t.tmux(&["send-keys", "-t", "m:", "-l", bytes]);
}

/// Press on `from`, drag over `over`, release on `to`.
fn drag(t: &Tmux, from: &str, over: &[&str], to: &str) {
    mouse(t, &sgr(0, cell(from), true));
    for sq in over.iter().chain([&to]) {
        mouse(t, &sgr(32, cell(sq), true));
    }
    mouse(t, &sgr(0, cell(to), false));
}

/// A click: press and release on `sq`.
fn click(t: &Tmux, sq: &str) {
    mouse(t, &sgr(0, cell(sq), true));
    mouse(t, &sgr(0, cell(sq), false));
}

#[test]
fn stepping_back_while_the_computer_thinks_and_moves() {
    let Some(t) = Tmux::new("lookback") else {
        return;
    };
    t.start("play standard --black ai:5 --movetime 4000 --clock 5+0 --no-auto-flip");
    t.wait_for("White to move");
    t.play(&["e2e4"]);
    // While the computer thinks, look at the start.
    t.keys(&["["]);
    let s = t.wait_for("PAST POSITION 0/1");
    assert!(panel_says(&s, "Past position 0/1, the start"), "{s}");
    assert!(
        panel_says(&s, "Live game: Black (computer) is thinking"),
        "{s}"
    );
    // Its move arrives: the screen stays on the past position and says so.
    let s = t.wait_for("new move: Black played");
    assert!(s.contains("PAST POSITION 0/2"), "{s}");
    assert!(panel_says(&s, "Past position 0/2, the start"), "{s}");
    // Black's clock ran while White looked back (the first move is free).
    assert!(!s.contains("Black     5:00"), "{s}");
    assert!(s.contains("White     5:00"), "{s}");
    // The start is still on the board: White's e-pawn on e2, none on e4.
    let rows: Vec<&str> = s.lines().collect();
    let at = |sq: &str| {
        let (x, y) = cell(sq);
        let row: Vec<char> = rows[usize::from(y - 1)].chars().collect();
        row[usize::from(x - 1)]
    };
    assert_eq!((at("e2"), at("e4")), ('♙', ' '), "{s}");
    // Forward one: the position after e4.
    t.keys(&["]"]);
    t.wait_for("PAST POSITION 1/2");
    // End: the live game, White to move after the computer's answer.
    t.keys(&["End"]);
    let s = t.wait_until(|s| !s.contains("PAST POSITION") && s.contains("White to move"));
    assert!(s.contains("1. e4 "), "{s}");
    t.keys(&["q"]);
    t.wait_exit();
}

#[test]
fn dragging_a_piece_plays_it_and_click_click_still_works() {
    let Some(t) = Tmux::new("drag") else { return };
    t.start("play standard --no-auto-flip");
    t.wait_for("White to move");
    // Drag the king's pawn two squares.
    drag(&t, "e2", &["e3"], "e4");
    t.wait_for("1. e4");
    t.wait_for("Black to move");
    // Two clicks still move a piece.
    click(&t, "e7");
    click(&t, "e5");
    t.wait_for("1. e4 e5");
    // A drag to a square the piece cannot reach plays nothing.
    drag(&t, "g1", &[], "g4");
    let s = t.wait_for("White to move");
    assert!(!s.contains("2. N"), "{s}");
    // Dragged from a past position, the piece moves in the live game.
    t.keys(&["Home"]);
    t.wait_for("PAST POSITION 0/2");
    drag(&t, "g1", &["g2"], "f3");
    let s = t.wait_for("2. Nf3");
    assert!(!s.contains("PAST POSITION"), "{s}");
    t.keys(&["q"]);
    t.wait_exit();
}
