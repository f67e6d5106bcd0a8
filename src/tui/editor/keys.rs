//! The position editor's keys as one table ([`EDITOR_KEYS`]): what each
//! key asks for (an [`EditorAction`]), when, its help row and its place
//! in the key bar. Piece letters (FEN's `PNBRQK`, lower case for Black)
//! select pieces, so no other action takes them: `k` is Black's king here
//! (the cursor goes up with ↑) and `q` Black's queen (Esc leaves). A
//! variant from data picks its own pieces by their letters before any
//! action a letter has; `\` before a key asks for the action instead.

use crate::tui::keymap::{self, KeyBinding};
use crossterm::event::KeyCode;
use motley_rules::core::{Color, Piece, Role};

/// What a key (or a click on the key bar) asks of the editor.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EditorAction {
    /// Move the cursor by screen columns and rows.
    MoveCursor(i8, i8),
    /// Put the selected piece (or the empty square) on the cursor.
    Place,
    /// Empty the cursor's square.
    Remove,
    /// Select a piece in the palette, or the empty square (`None`).
    Pick(Option<Piece>),
    /// Empty the whole board.
    ClearBoard,
    /// Back to the variant's start.
    Reset,
    /// The other side to move.
    ToggleTurn,
    /// Toggle one castling right (index into `KQkq`).
    ToggleCastling(usize),
    /// Set the en-passant square to the cursor's (again: none).
    ToggleEnPassant,
    /// Chicken: flip (recolour) the piece on the cursor, or flip it back.
    FlipPiece,
    /// The family's next field of state (money, dice, …).
    NextField,
    /// The family's previous field of state.
    PreviousField,
    /// Raise the field selected by one.
    Raise,
    /// Lower the field selected by one.
    Lower,
    /// Play a game from the position (asks who plays).
    Play,
    /// Open the position in the replay viewer with live engine lines.
    Analyse,
    /// Copy the position's FEN.
    CopyFen,
    /// Copy Motley's JSON record of a game from the position (its start
    /// state included).
    CopyRecord,
    /// Turn the board.
    TurnBoard,
    /// The list of keys.
    Help,
    /// The variant's rules.
    Rules,
    /// The next key is the editor's own, even a letter that picks a
    /// piece of the variant.
    Escape,
    /// Leave the editor.
    Leave,
}

/// The moments an editor binding depends on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EditorWhen {
    /// Whatever the variant.
    Always,
    /// The variant keeps castling rights.
    Castling,
    /// The variant has en passant.
    EnPassant,
    /// The family keeps state beyond the FEN to edit.
    State,
    /// The variant flips pieces (Chicken).
    Flips,
}

/// Every key of the editor, in the help's order.
pub const EDITOR_KEYS: &[KeyBinding<EditorAction, EditorWhen>] = {
    use EditorAction as A;
    use EditorWhen as W;
    const fn key(
        keys: &'static [KeyCode],
        action: EditorAction,
    ) -> KeyBinding<EditorAction, EditorWhen> {
        KeyBinding::new(keys, action, W::Always)
    }
    const fn pick(
        keys: &'static [KeyCode],
        color: Color,
        role: Role,
    ) -> KeyBinding<EditorAction, EditorWhen> {
        KeyBinding::new(keys, A::Pick(Some(Piece::new(color, role))), W::Always)
    }
    &[
        key(&[KeyCode::Left, KeyCode::Char('h')], A::MoveCursor(-1, 0))
            .help("←↑↓→ / h j l", "move the cursor (k is Black's king here)"),
        key(&[KeyCode::Right, KeyCode::Char('l')], A::MoveCursor(1, 0)),
        key(&[KeyCode::Up], A::MoveCursor(0, -1)),
        key(&[KeyCode::Down, KeyCode::Char('j')], A::MoveCursor(0, 1)),
        key(&[KeyCode::Enter, KeyCode::Char(' ')], A::Place)
            .help(
                "Enter / Space",
                "put the selected piece on the cursor (a click on a square does the same)",
            )
            .bar(0, 1, "Spc", "place"),
        key(&[KeyCode::Char('.')], A::Pick(None)).help(
            "PNBRQK pnbrqk .",
            "select a piece by its FEN letter (upper case White, lower case Black), or . the empty square; or click it in the palette. A variant from data has its own letters, the palette's",
        ),
        pick(&[KeyCode::Char('P')], Color::White, Role::Pawn),
        pick(&[KeyCode::Char('N')], Color::White, Role::Knight),
        pick(&[KeyCode::Char('B')], Color::White, Role::Bishop),
        pick(&[KeyCode::Char('R')], Color::White, Role::Rook),
        pick(&[KeyCode::Char('Q')], Color::White, Role::Queen),
        pick(&[KeyCode::Char('K')], Color::White, Role::King),
        pick(&[KeyCode::Char('p')], Color::Black, Role::Pawn),
        pick(&[KeyCode::Char('n')], Color::Black, Role::Knight),
        pick(&[KeyCode::Char('b')], Color::Black, Role::Bishop),
        pick(&[KeyCode::Char('r')], Color::Black, Role::Rook),
        pick(&[KeyCode::Char('q')], Color::Black, Role::Queen),
        pick(&[KeyCode::Char('k')], Color::Black, Role::King),
        key(
            &[KeyCode::Char('x'), KeyCode::Delete, KeyCode::Backspace],
            A::Remove,
        )
        .help(
            "x / Delete / Backspace",
            "empty the cursor's square (a right-click empties the square clicked)",
        )
        .bar(1, 2, "x", "remove"),
        key(&[KeyCode::Char('C')], A::ClearBoard)
            .help("C", "clear the board")
            .bar(2, 7, "C", "clear"),
        key(&[KeyCode::Char('S')], A::Reset)
            .help("S", "back to the variant's start position")
            .bar(3, 8, "S", "start"),
        key(&[KeyCode::Char('t')], A::ToggleTurn)
            .help("t", "the other side to move")
            .bar(4, 4, "t", "turn"),
        KeyBinding::new(&[KeyCode::Char('1')], A::ToggleCastling(0), W::Castling).help(
            "1 2 3 4",
            "toggle the castling rights K Q k q (where the variant keeps them)",
        ),
        KeyBinding::new(&[KeyCode::Char('2')], A::ToggleCastling(1), W::Castling),
        KeyBinding::new(&[KeyCode::Char('3')], A::ToggleCastling(2), W::Castling),
        KeyBinding::new(&[KeyCode::Char('4')], A::ToggleCastling(3), W::Castling),
        KeyBinding::new(&[KeyCode::Char('e')], A::ToggleEnPassant, W::EnPassant).help(
            "e",
            "make the cursor's square the en-passant square (again: none)",
        ),
        KeyBinding::new(&[KeyCode::Char('f')], A::FlipPiece, W::Flips).help(
            "f",
            "Chicken: flip the piece on the cursor (it changes colour and is marked flipped); again flips it back",
        ),
        KeyBinding::new(&[KeyCode::Tab], A::NextField, W::State).help(
            "Tab / Shift-Tab",
            "choose the next / previous field of the variant's state (scores, money, dice, prices)",
        ),
        KeyBinding::new(&[KeyCode::BackTab], A::PreviousField, W::State),
        KeyBinding::new(&[KeyCode::Char('+'), KeyCode::Char('=')], A::Raise, W::State)
            .help("+ / -", "raise / lower the field chosen"),
        KeyBinding::new(&[KeyCode::Char('-')], A::Lower, W::State),
        key(&[KeyCode::Char('a')], A::Analyse)
            .help(
                "a",
                "analyse: open the position in the replay viewer with live engine lines",
            )
            .bar(6, 5, "a", "analyse"),
        key(&[KeyCode::Char('y')], A::CopyFen)
            .help("y", "copy the position's FEN (terminal clipboard)"),
        key(&[KeyCode::Char('Y')], A::CopyRecord).help(
            "Y",
            "copy Motley's JSON record of the position, with the variant's state (terminal clipboard)",
        ),
        key(&[KeyCode::Char('\\')], A::Escape).help(
            "\\ then a key",
            "the key's own action where a piece of the variant takes its letter (the key bar shows which: \\S in makruk goes back to the start)",
        ),
        key(&[KeyCode::Char('v')], A::TurnBoard).help("v", "turn the board"),
        key(&[KeyCode::Char('i')], A::Rules).help("i", "the rules of this variant"),
        key(&[KeyCode::Char('?')], A::Help)
            .help("?", "this help")
            .bar(7, 0, "?", "help"),
        key(&[KeyCode::Char('o')], A::Play)
            .help(
                "o",
                "play on from this position (asks who plays); refused while the position has problems",
            )
            .bar(5, 3, "o", "play"),
        key(&[KeyCode::Esc], A::Leave)
            .help("Esc", "leave the editor (q is Black's queen here)")
            .bar(8, 6, "Esc", "leave"),
    ]
};

/// `\a` … `\z` then `\A` … `\Z`: the escaped names of the letters.
const ESCAPED: &str = concat!(
    "\\a\\b\\c\\d\\e\\f\\g\\h\\i\\j\\k\\l\\m\\n\\o\\p\\q\\r\\s\\t\\u\\v\\w\\x\\y\\z",
    "\\A\\B\\C\\D\\E\\F\\G\\H\\I\\J\\K\\L\\M\\N\\O\\P\\Q\\R\\S\\T\\U\\V\\W\\X\\Y\\Z",
);

/// A letter key as the key bar names it when a piece of the variant
/// takes the letter: `\` and the letter, the way to type its action.
pub fn escaped_name(c: char) -> Option<&'static str> {
    let i = match c {
        'a'..='z' => c as usize - 'a' as usize,
        'A'..='Z' => 26 + c as usize - 'A' as usize,
        _ => return None,
    };
    ESCAPED.get(2 * i..2 * i + 2)
}

impl EditorAction {
    /// The action of a key, when the table binds it now.
    pub fn for_key(code: KeyCode, holds: impl Fn(EditorWhen) -> bool) -> Option<EditorAction> {
        keymap::action_for(EDITOR_KEYS, code, holds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_means_one_action_and_piece_letters_select_their_piece() {
        crate::tui::keymap::tests::check_table(EDITOR_KEYS, |_, _| false);
        for c in "PNBRQKpnbrqk".chars() {
            let piece = Piece::from_char(c);
            assert_eq!(
                EditorAction::for_key(KeyCode::Char(c), |_| true),
                Some(EditorAction::Pick(piece)),
                "{c} selects its piece"
            );
        }
        assert_eq!(escaped_name('S'), Some("\\S"));
        assert_eq!(escaped_name('a'), Some("\\a"));
        assert_eq!(escaped_name('Z'), Some("\\Z"));
        assert_eq!(escaped_name('1'), None);
    }
}
