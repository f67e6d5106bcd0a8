//! One line of typed text with a shell's editing keys, the one type every
//! prompt uses (a move, a file name, a path, a comment, a ply number, the
//! new-game form's text rows), so each has the same keys:
//!
//! - Left/Right (Ctrl-B/Ctrl-F) move the cursor, Home/End (Ctrl-A/Ctrl-E)
//!   go to the start or the end;
//! - Backspace (Ctrl-H) erases before the cursor, Delete (Ctrl-D) under it;
//! - Ctrl-U erases to the start, Ctrl-K to the end, Ctrl-W (Alt-Backspace)
//!   the word or path part before the cursor.
//!
//! A suggested text (the file name a save offers) starts selected: typing
//! replaces it, an erasing key erases all of it, and a moving key keeps it
//! to be edited.

use super::theme::Theme;
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::style::{Modifier, Style};
use ratatui::text::Span;

/// What a key did to a line being typed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LineKey {
    /// Enter: the line is done.
    Submit,
    /// Esc: the entry is abandoned.
    Cancel,
    /// The line was edited (or the key did nothing).
    Edit,
}

/// See the module comment.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineEdit {
    text: String,
    /// The cursor, in characters from the start.
    cursor: usize,
    /// The whole text is a suggestion, shown selected: typing replaces it.
    selected: bool,
}

impl LineEdit {
    /// An empty line.
    pub fn new() -> LineEdit {
        LineEdit::default()
    }

    /// `text` offered as a suggestion: selected, so typing replaces it.
    pub fn suggested(text: impl Into<String>) -> LineEdit {
        let text = text.into();
        LineEdit {
            cursor: text.chars().count(),
            selected: !text.is_empty(),
            text,
        }
    }

    /// `text` as if typed: the cursor after it, nothing selected (a prompt
    /// opened again with what the player typed).
    pub fn typed(text: impl Into<String>) -> LineEdit {
        let text = text.into();
        LineEdit {
            cursor: text.chars().count(),
            selected: false,
            text,
        }
    }

    /// The text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The text, taken.
    pub fn into_text(self) -> String {
        self.text
    }

    /// Where the cursor is, in characters from the start.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The text is a suggestion still: the next character replaces it.
    pub fn is_selected(&self) -> bool {
        self.selected
    }

    /// Apply `key`: Enter and Esc end the entry; a printable character
    /// is inserted when `accept(text, c)` allows it (a length bound, digits
    /// only); the editing keys are in the module comment.
    pub fn key(&mut self, key: KeyEvent, accept: impl Fn(&str, char) -> bool) -> LineKey {
        if key.kind == KeyEventKind::Release {
            return LineKey::Edit;
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let alt = key.modifiers.contains(KeyModifiers::ALT);
        match key.code {
            KeyCode::Enter => return LineKey::Submit,
            KeyCode::Esc => return LineKey::Cancel,
            KeyCode::Char(c) if ctrl && !alt => self.control(c),
            KeyCode::Backspace if alt || ctrl => self.erase(Erase::WordBefore),
            KeyCode::Char(c) if !alt && !c.is_control() => self.insert(c, accept),
            KeyCode::Backspace => self.erase(Erase::Before),
            KeyCode::Delete => self.erase(Erase::Under),
            KeyCode::Left => self.move_to(self.cursor.saturating_sub(1)),
            KeyCode::Right => self.move_to(self.cursor + 1),
            KeyCode::Home => self.move_to(0),
            KeyCode::End => self.move_to(usize::MAX),
            _ => {}
        }
        LineKey::Edit
    }

    /// Ctrl and a letter.
    fn control(&mut self, c: char) {
        match c.to_ascii_lowercase() {
            'a' => self.move_to(0),
            'e' => self.move_to(usize::MAX),
            'b' => self.move_to(self.cursor.saturating_sub(1)),
            'f' => self.move_to(self.cursor + 1),
            'h' => self.erase(Erase::Before),
            'd' => self.erase(Erase::Under),
            'u' => self.erase(Erase::ToStart),
            'k' => self.erase(Erase::ToEnd),
            'w' => self.erase(Erase::WordBefore),
            _ => {}
        }
    }

    fn len(&self) -> usize {
        self.text.chars().count()
    }

    /// The byte offset of character `i` (the end past the last).
    fn byte_at(&self, i: usize) -> usize {
        self.text
            .char_indices()
            .nth(i)
            .map_or(self.text.len(), |(b, _)| b)
    }

    /// Put the cursor at character `to` (cut to the text); a suggestion
    /// becomes text to edit.
    fn move_to(&mut self, to: usize) {
        self.selected = false;
        self.cursor = to.min(self.len());
    }

    fn insert(&mut self, c: char, accept: impl Fn(&str, char) -> bool) {
        let base = if self.selected {
            ""
        } else {
            self.text.as_str()
        };
        if !accept(base, c) {
            return;
        }
        if std::mem::take(&mut self.selected) {
            self.text.clear();
            self.cursor = 0;
        }
        let at = self.byte_at(self.cursor);
        self.text.insert(at, c);
        self.cursor += 1;
    }

    fn erase(&mut self, what: Erase) {
        if std::mem::take(&mut self.selected) {
            self.text.clear();
            self.cursor = 0;
            return;
        }
        let (from, to) = match what {
            Erase::Before => (self.cursor.saturating_sub(1), self.cursor),
            Erase::Under => (self.cursor, (self.cursor + 1).min(self.len())),
            Erase::ToStart => (0, self.cursor),
            Erase::ToEnd => (self.cursor, self.len()),
            Erase::WordBefore => (self.word_start(), self.cursor),
        };
        let (a, b) = (self.byte_at(from), self.byte_at(to));
        self.text.replace_range(a..b, "");
        self.cursor = from;
    }

    /// Where the word before the cursor starts: back over separators
    /// (spaces, `/`), then over the word; a path loses one part.
    fn word_start(&self) -> usize {
        let chars: Vec<char> = self.text.chars().take(self.cursor).collect();
        let separator = |c: char| c.is_whitespace() || c == '/';
        let mut at = chars.len();
        while at > 0 && separator(chars[at - 1]) {
            at -= 1;
        }
        while at > 0 && !separator(chars[at - 1]) {
            at -= 1;
        }
        at
    }

    /// The line as drawn in `width` cells: the part around the cursor,
    /// the cursor a block (on the character under it), a suggestion
    /// highlighted as a selection is.
    pub fn spans(&self, width: usize, theme: &Theme) -> Vec<Span<'static>> {
        let chars: Vec<char> = self.text.chars().collect();
        let width = width.max(1);
        let start = (self.cursor + 1).saturating_sub(width);
        let end = chars.len().min(start + width);
        let text_style = if self.selected {
            theme.selected_row()
        } else {
            Style::default()
        };
        let piece = |from: usize, to: usize| -> String {
            chars
                .get(from..to.max(from))
                .unwrap_or_default()
                .iter()
                .collect()
        };
        let mut spans = vec![Span::styled(piece(start, self.cursor), text_style)];
        match chars.get(self.cursor) {
            Some(c) => {
                let under = text_style.add_modifier(Modifier::REVERSED);
                spans.push(Span::styled(c.to_string(), under));
                spans.push(Span::styled(piece(self.cursor + 1, end), text_style));
            }
            None => spans.push(Span::styled("█", theme.key())),
        }
        spans
    }
}

impl LineEdit {
    /// The line as plain text in `width` cells, a bar `▏` at the cursor,
    /// for a row drawn in one style (the new-game form's): the part around
    /// the cursor when the whole does not fit.
    pub fn with_bar(&self, width: usize) -> String {
        let chars: Vec<char> = self.text.chars().collect();
        let room = width.max(2) - 1;
        // As much as fits, the cursor always in view.
        let start = chars.len().saturating_sub(room).min(self.cursor);
        let end = chars.len().min(start + room);
        let mut shown: String = chars[start..self.cursor].iter().collect();
        shown.push('▏');
        shown.extend(&chars[self.cursor..end.max(self.cursor)]);
        shown
    }
}

/// What an erasing key erases.
#[derive(Copy, Clone)]
enum Erase {
    Before,
    Under,
    ToStart,
    ToEnd,
    WordBefore,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(line: &mut LineEdit, code: KeyCode) {
        line.key(KeyEvent::new(code, KeyModifiers::NONE), |_, _| true);
    }

    fn ctrl(line: &mut LineEdit, c: char) {
        line.key(
            KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL),
            |_, _| true,
        );
    }

    fn typ(line: &mut LineEdit, text: &str) {
        for c in text.chars() {
            press(line, KeyCode::Char(c));
        }
    }

    // Issue 31, item 18: typing into an offered file name replaced nothing;
    // the typed path was added to its end.
    #[test]
    fn item_18_typing_replaces_a_suggestion_and_moving_keeps_it() {
        let mut line = LineEdit::suggested("/home/ann/games/standard.json");
        typ(&mut line, "/tmp/mine.json");
        assert_eq!(line.text(), "/tmp/mine.json");
        let mut line = LineEdit::suggested("game.json");
        press(&mut line, KeyCode::Home);
        typ(&mut line, "my-");
        assert_eq!(line.text(), "my-game.json");
        let mut line = LineEdit::suggested("game.json");
        press(&mut line, KeyCode::Backspace);
        assert_eq!(line.text(), "");
    }

    // Issue 31, item 18: Ctrl-U, Ctrl-W, Delete, Home, End, Ctrl-A and
    // Ctrl-E did nothing (Ctrl-U typed a `u`).
    #[test]
    fn item_18_readline_keys_edit_the_line() {
        let mut line = LineEdit::typed("~/games/old.json");
        ctrl(&mut line, 'w');
        assert_eq!(line.text(), "~/games/");
        ctrl(&mut line, 'w');
        assert_eq!(line.text(), "~/");
        ctrl(&mut line, 'u');
        assert_eq!((line.text(), line.cursor()), ("", 0));
        typ(&mut line, "e2e4");
        ctrl(&mut line, 'a');
        press(&mut line, KeyCode::Delete);
        assert_eq!(line.text(), "2e4");
        ctrl(&mut line, 'e');
        typ(&mut line, "q");
        press(&mut line, KeyCode::Left);
        press(&mut line, KeyCode::Left);
        press(&mut line, KeyCode::Backspace);
        assert_eq!(line.text(), "24q");
        press(&mut line, KeyCode::End);
        press(&mut line, KeyCode::Left);
        ctrl(&mut line, 'k');
        assert_eq!(line.text(), "24");
        ctrl(&mut line, 'u');
        assert_eq!(line.text(), "");
        let mut line = LineEdit::typed("a comment here");
        line.key(
            KeyEvent::new(KeyCode::Backspace, KeyModifiers::ALT),
            |_, _| true,
        );
        assert_eq!(line.text(), "a comment ");
    }

    #[test]
    fn a_refused_character_leaves_a_suggestion_in_place() {
        let mut line = LineEdit::suggested("12");
        line.key(
            KeyEvent::new(KeyCode::Char('x'), KeyModifiers::NONE),
            |_, c| c.is_ascii_digit(),
        );
        assert_eq!((line.text(), line.is_selected()), ("12", true));
        let mut line = LineEdit::typed("ab");
        line.key(
            KeyEvent::new(KeyCode::Char('c'), KeyModifiers::NONE),
            |t, _| t.chars().count() < 2,
        );
        assert_eq!(line.text(), "ab");
    }

    #[test]
    fn the_cursor_stays_in_view_and_on_its_character() {
        let theme = Theme::new(
            super::super::theme::ThemeName::Default,
            super::super::theme::ColorMode::None,
            false,
        );
        let mut line = LineEdit::typed("abcdefghij");
        let shown = |line: &LineEdit| -> String {
            line.spans(5, &theme)
                .iter()
                .map(|s| s.content.to_string())
                .collect()
        };
        assert_eq!(shown(&line), "ghij█");
        press(&mut line, KeyCode::Home);
        assert_eq!(shown(&line), "abcde");
        let mut wide = LineEdit::typed("é…ü");
        press(&mut wide, KeyCode::Left);
        press(&mut wide, KeyCode::Backspace);
        assert_eq!(wide.text(), "éü");
        let mut line = LineEdit::typed("abcdefghij");
        assert_eq!(line.with_bar(5), "ghij▏");
        press(&mut line, KeyCode::Home);
        assert_eq!(line.with_bar(5), "▏abcd");
        press(&mut line, KeyCode::Right);
        assert_eq!(line.with_bar(40), "a▏bcdefghij");
    }
}
