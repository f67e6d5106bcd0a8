//! The games of a file that holds several (a PGN of a tournament, say),
//! for the replay viewer: one line per game for the list to choose from,
//! which one is shown, and the list as a popup (reading any one of them
//! is [`motley_session::load_nth`]).
//! The viewer opens such a file on its first game with the list over it,
//! so no game is hidden, and `o` brings the list back.

use crate::tui::popup::{centered, row_style, titled_block};
use crate::tui::theme::Theme;
use crossterm::event::KeyCode;
use motley_game::variant::Registry;
use motley_records::{self as record, Replayed};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget};
use std::path::Path;

/// The most games listed: each is replayed to be listed, so a file of
/// many thousands would keep the viewer from opening for seconds.
/// `motley import` splits a larger file into records.
pub const LIST_LIMIT: usize = 1000;

/// The games of one file, when it holds more than one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileGames {
    /// One line per game, in the file's order: number, players, result,
    /// length, variant (at most [`LIST_LIMIT`]).
    pub entries: Vec<String>,
    /// The file holds more games than are listed.
    pub more: bool,
    /// The game on screen (an index into `entries`).
    pub shown: usize,
}

impl FileGames {
    /// The games of `path` when it holds more than one; `None` for one
    /// game, or a file that cannot be read (the viewer says why itself).
    /// The file is read once, one game at a time.
    pub fn scan(path: &Path, registry: &Registry) -> Option<FileGames> {
        let mut reader = record::open(path, registry).ok()?.enumerate();
        let entries: Vec<String> = reader
            .by_ref()
            .take(LIST_LIMIT)
            .map(|(i, game)| entry(i + 1, &game, registry))
            .collect();
        let more = reader.next().is_some();
        (entries.len() > 1).then_some(FileGames {
            entries,
            more,
            shown: 0,
        })
    }

    /// How many games the file holds, in words: "2 games", "over 1000
    /// games".
    pub fn count_text(&self) -> String {
        if self.more {
            format!("over {} games", self.len())
        } else {
            format!("{} games", self.len())
        }
    }

    /// Games in the file.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// The file holds no game (never so for a scanned file).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// "game 2 of 5", for the title.
    pub fn position_text(&self) -> String {
        let plus = if self.more { "+" } else { "" };
        format!("game {} of {}{plus}", self.shown + 1, self.len())
    }
}

/// A game's line in the list.
fn entry(n: usize, game: &Replayed, registry: &Registry) -> String {
    let (saved, error) = match game {
        Replayed::Whole(s) => (s, None),
        Replayed::Partial { saved, error } => (saved, Some(error)),
        Replayed::Failed(e) => return format!("{n}. cannot be read: {}", e.kind),
    };
    let game = &saved.game;
    let players = saved.players.as_ref().map_or_else(
        || "players not recorded".to_string(),
        |p| format!("{} v {}", p.white, p.black),
    );
    let result = record::result_token(game.outcome().as_ref());
    let plies = match game.ply() {
        1 => "1 ply".to_string(),
        n => format!("{n} plies"),
    };
    let bad = if error.is_some() { " · bad ply" } else { "" };
    let variant = registry
        .get(&game.variant().id)
        .map_or_else(|_| game.variant().id.clone(), |d| d.name.clone());
    format!("{n}. {players} · {result} · {plies} · {variant}{bad}")
}

/// What a key did to the list.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ListStep {
    /// The cursor is here now.
    Stay(usize),
    /// Show this game.
    Open(usize),
    /// Closed without a choice.
    Close,
}

/// The list's answer to a key, with the cursor on `cursor` of `len`
/// games: arrows, `j`/`k`, Page Up/Down, Home/End move; Enter opens; Esc,
/// `q` and `o` close.
pub fn list_key(cursor: usize, len: usize, code: KeyCode) -> ListStep {
    let last = len.saturating_sub(1);
    let to = match code {
        KeyCode::Up | KeyCode::Char('k') => cursor.saturating_sub(1),
        KeyCode::Down | KeyCode::Char('j') => (cursor + 1).min(last),
        KeyCode::PageUp => cursor.saturating_sub(10),
        KeyCode::PageDown => (cursor + 10).min(last),
        KeyCode::Home => 0,
        KeyCode::End => last,
        KeyCode::Enter => return ListStep::Open(cursor.min(last)),
        KeyCode::Esc | KeyCode::Char('q') | KeyCode::Char('o') => return ListStep::Close,
        _ => cursor,
    };
    ListStep::Stay(to)
}

/// The list as a popup: a window of the games around the cursor, the one
/// shown marked.
pub struct GameListPopup<'a> {
    pub games: &'a FileGames,
    /// The file's name, for the title.
    pub file: &'a str,
    pub cursor: usize,
    pub theme: &'a Theme,
}

impl Widget for GameListPopup<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (games, theme) = (self.games, self.theme);
        let title = format!(" {} in {} ", games.count_text(), self.file);
        let widest = games
            .entries
            .iter()
            .map(|e| e.chars().count() + 4)
            .chain([title.chars().count() + 2, 40])
            .max()
            .unwrap_or(40);
        let w = u16::try_from(widest + 2).unwrap_or(u16::MAX).min(100);
        let listed = games.len() + usize::from(games.more);
        let rows = u16::try_from(listed).unwrap_or(u16::MAX);
        let r = centered(
            area,
            w.min(area.width.saturating_sub(4)),
            rows.saturating_add(2).min(area.height.saturating_sub(2)),
        );
        Clear.render(r, buf);
        let inner_h = usize::from(r.height.saturating_sub(2)).max(1);
        // The rows down to the cursor show, and the note on the games not
        // listed once the cursor is on the last listed.
        let at_end = games.more && self.cursor + 1 >= games.len();
        let first = (self.cursor + 1 + usize::from(at_end)).saturating_sub(inner_h);
        let mut lines: Vec<Line> = games
            .entries
            .iter()
            .enumerate()
            .skip(first)
            .take(inner_h)
            .map(|(i, text)| {
                let mark = if i == games.shown { "▸ " } else { "  " };
                Line::styled(format!("{mark}{text}"), row_style(theme, i == self.cursor))
            })
            .collect();
        if games.more && lines.len() < inner_h {
            lines.push(Line::styled(
                format!("  … only the first {LIST_LIMIT}: motley import splits the file"),
                theme.dim(),
            ));
        }
        Paragraph::new(lines)
            .block(titled_block(title, theme).title_bottom(Span::styled(
                " ↑↓ choose · Enter opens · Esc closes ",
                theme.dim(),
            )))
            .render(r, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_keys_move_open_and_close_within_the_games() {
        assert_eq!(list_key(0, 3, KeyCode::Up), ListStep::Stay(0));
        assert_eq!(list_key(0, 3, KeyCode::Down), ListStep::Stay(1));
        assert_eq!(list_key(2, 3, KeyCode::Down), ListStep::Stay(2));
        assert_eq!(list_key(1, 3, KeyCode::PageDown), ListStep::Stay(2));
        assert_eq!(list_key(2, 3, KeyCode::Home), ListStep::Stay(0));
        assert_eq!(list_key(1, 3, KeyCode::Enter), ListStep::Open(1));
        assert_eq!(list_key(1, 3, KeyCode::Esc), ListStep::Close);
    }
}
