//! Colours and glyphs. The terminal's colour depth and `NO_COLOR` decide the
//! palette once at start-up; every style the screens use comes from here so
//! a colourless terminal still tells pieces and highlights apart.

use crate::core::{Color as Side, Piece, Role};
use ratatui::style::{Color, Modifier, Style};

/// How much colour the terminal shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ColorMode {
    /// `NO_COLOR` is set: only bold/reverse/underline and glyph shapes.
    None,
    /// 256-colour palette indexes.
    Indexed,
    /// 24-bit colour (`COLORTERM=truecolor`).
    True,
}

impl ColorMode {
    /// Read the environment: `NO_COLOR` (any non-empty value) wins, then
    /// `COLORTERM` for truecolor, else the 256-colour palette.
    pub fn from_env() -> ColorMode {
        if std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()) {
            return ColorMode::None;
        }
        match std::env::var("COLORTERM") {
            Ok(v) if v.contains("truecolor") || v.contains("24bit") => ColorMode::True,
            _ => ColorMode::Indexed,
        }
    }
}

/// The palette and glyph set in use.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Theme {
    pub mode: ColorMode,
    /// Letters instead of chess symbols (`--ascii`).
    pub ascii: bool,
}

/// What a board cell is marked with, strongest first when several apply.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mark {
    Check,
    Selected,
    Cursor,
    Flipped,
    LastMove,
}

impl Theme {
    /// Palette for the running terminal.
    pub fn from_env(ascii: bool) -> Theme {
        Theme {
            mode: ColorMode::from_env(),
            ascii,
        }
    }

    fn pick(&self, truecolor: (u8, u8, u8), indexed: u8) -> Color {
        match self.mode {
            ColorMode::True => Color::Rgb(truecolor.0, truecolor.1, truecolor.2),
            _ => Color::Indexed(indexed),
        }
    }

    /// Background of a square, plain or marked.
    pub fn square(&self, dark: bool, mark: Option<Mark>) -> Style {
        if self.mode == ColorMode::None {
            // Without colour the marks are modifiers and glyphs (see
            // `mark_chars`); squares stay plain.
            return match mark {
                Some(Mark::Cursor) | Some(Mark::Selected) => {
                    Style::default().add_modifier(Modifier::REVERSED)
                }
                Some(Mark::Check) => {
                    Style::default().add_modifier(Modifier::REVERSED | Modifier::BOLD)
                }
                _ => Style::default(),
            };
        }
        let bg = match (mark, dark) {
            (Some(Mark::Check), _) => self.pick((214, 60, 60), 167),
            (Some(Mark::Selected), _) => self.pick((100, 160, 90), 71),
            (Some(Mark::Cursor), false) => self.pick((120, 170, 220), 110),
            (Some(Mark::Cursor), true) => self.pick((80, 130, 190), 67),
            (Some(Mark::Flipped), false) => self.pick((225, 160, 215), 182),
            (Some(Mark::Flipped), true) => self.pick((185, 110, 175), 133),
            (Some(Mark::LastMove), false) => self.pick((230, 225, 130), 186),
            (Some(Mark::LastMove), true) => self.pick((190, 180, 80), 143),
            (_, false) => self.pick((238, 216, 180), 223),
            (_, true) => self.pick((176, 128, 90), 137),
        };
        Style::default().bg(bg)
    }

    /// Characters drawn at the left and right edge of a marked cell, so marks
    /// remain visible without colour.
    pub fn mark_chars(&self, mark: Option<Mark>) -> (char, char) {
        if self.mode != ColorMode::None {
            return match mark {
                Some(Mark::Selected) => ('[', ']'),
                _ => (' ', ' '),
            };
        }
        match mark {
            Some(Mark::Selected) => ('[', ']'),
            Some(Mark::Cursor) => ('>', '<'),
            Some(Mark::Check) => ('!', '!'),
            Some(Mark::LastMove) => ('\'', '\''),
            Some(Mark::Flipped) => ('~', '~'),
            _ => (' ', ' '),
        }
    }

    /// Filler for an empty dark square without colour (so the chequer shows).
    pub fn empty_fill(&self, dark: bool) -> char {
        if self.mode == ColorMode::None && dark {
            '·'
        } else {
            ' '
        }
    }

    /// The glyph for a piece. `same_look` draws every piece in one colour
    /// (where a piece's square, not its colour, says whose it is).
    pub fn glyph(&self, piece: Piece, same_look: bool) -> char {
        if self.ascii {
            return if same_look {
                piece.role.upper_char()
            } else {
                piece.char()
            };
        }
        // With colour both sides use the solid shapes and differ by colour;
        // without colour White gets the outline shapes.
        let outline = self.mode == ColorMode::None && piece.color == Side::White && !same_look;
        match (piece.role, outline) {
            (Role::King, false) => '♚',
            (Role::Queen, false) => '♛',
            (Role::Rook, false) => '♜',
            (Role::Bishop, false) => '♝',
            (Role::Knight, false) => '♞',
            (Role::Pawn, false) => '♟',
            (Role::King, true) => '♔',
            (Role::Queen, true) => '♕',
            (Role::Rook, true) => '♖',
            (Role::Bishop, true) => '♗',
            (Role::Knight, true) => '♘',
            (Role::Pawn, true) => '♙',
        }
    }

    /// Foreground of a piece. `same_look` gives every piece one colour.
    pub fn piece(&self, side: Side, same_look: bool) -> Style {
        if self.mode == ColorMode::None {
            return Style::default().add_modifier(Modifier::BOLD);
        }
        let fg = if same_look {
            self.pick((40, 60, 150), 19)
        } else {
            match side {
                Side::White => self.pick((255, 255, 255), 231),
                Side::Black => self.pick((0, 0, 0), 16),
            }
        };
        Style::default().fg(fg).add_modifier(Modifier::BOLD)
    }

    /// The dot on an empty legal destination.
    pub fn destination(&self) -> Style {
        match self.mode {
            ColorMode::None => Style::default().add_modifier(Modifier::BOLD),
            _ => Style::default()
                .fg(self.pick((30, 110, 40), 28))
                .add_modifier(Modifier::BOLD),
        }
    }

    /// Board coordinates.
    pub fn coords(&self) -> Style {
        match self.mode {
            ColorMode::None => Style::default(),
            _ => Style::default().fg(self.pick((150, 150, 150), 246)),
        }
    }

    /// A centerline between the halves of the board.
    pub fn centerline(&self) -> Style {
        match self.mode {
            ColorMode::None => Style::default().add_modifier(Modifier::BOLD),
            _ => Style::default()
                .fg(self.pick((220, 40, 40), 160))
                .add_modifier(Modifier::BOLD),
        }
    }

    /// Titles and emphasised text.
    pub fn title(&self) -> Style {
        match self.mode {
            ColorMode::None => Style::default().add_modifier(Modifier::BOLD),
            _ => Style::default()
                .fg(self.pick((240, 200, 90), 221))
                .add_modifier(Modifier::BOLD),
        }
    }

    /// Error and illegal-input messages.
    pub fn error(&self) -> Style {
        match self.mode {
            ColorMode::None => Style::default().add_modifier(Modifier::BOLD),
            _ => Style::default()
                .fg(self.pick((255, 110, 110), 203))
                .add_modifier(Modifier::BOLD),
        }
    }

    /// Secondary text (hints, legends).
    pub fn dim(&self) -> Style {
        match self.mode {
            ColorMode::None => Style::default(),
            _ => Style::default().fg(self.pick((140, 140, 140), 245)),
        }
    }

    /// The highlighted row of a list.
    pub fn selected_row(&self) -> Style {
        match self.mode {
            ColorMode::None => Style::default().add_modifier(Modifier::REVERSED),
            _ => Style::default()
                .bg(self.pick((60, 90, 140), 24))
                .fg(self.pick((255, 255, 255), 231))
                .add_modifier(Modifier::BOLD),
        }
    }

    /// Clickable key labels.
    pub fn key(&self) -> Style {
        match self.mode {
            ColorMode::None => Style::default().add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
            _ => Style::default()
                .fg(self.pick((120, 200, 255), 117))
                .add_modifier(Modifier::BOLD),
        }
    }

    /// Something affordable / good (prices one can pay, positive messages).
    pub fn good(&self) -> Style {
        match self.mode {
            ColorMode::None => Style::default().add_modifier(Modifier::BOLD),
            _ => Style::default().fg(self.pick((120, 220, 120), 114)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_color_env_turns_colour_off() {
        // The only test that touches these variables.
        std::env::set_var("NO_COLOR", "1");
        assert_eq!(ColorMode::from_env(), ColorMode::None);
        std::env::set_var("NO_COLOR", "");
        std::env::set_var("COLORTERM", "truecolor");
        assert_eq!(ColorMode::from_env(), ColorMode::True);
        std::env::remove_var("NO_COLOR");
        std::env::remove_var("COLORTERM");
        assert_eq!(ColorMode::from_env(), ColorMode::Indexed);
    }

    #[test]
    fn marks_differ_from_plain_squares_in_every_mode() {
        for mode in [ColorMode::None, ColorMode::Indexed, ColorMode::True] {
            let t = Theme { mode, ascii: false };
            for dark in [false, true] {
                let plain = (t.square(dark, None), t.mark_chars(None));
                for m in [
                    Mark::Check,
                    Mark::Selected,
                    Mark::Cursor,
                    Mark::LastMove,
                    Mark::Flipped,
                ] {
                    assert_ne!(
                        (t.square(dark, Some(m)), t.mark_chars(Some(m))),
                        plain,
                        "{mode:?} {m:?}"
                    );
                }
            }
        }
    }
}
