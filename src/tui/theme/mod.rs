//! Colours and glyphs. The theme (chosen by name) and the terminal's colour
//! depth (`NO_COLOR`, `COLORTERM`) decide the palette once at start-up;
//! every style the screens use comes from here, so a colourless terminal
//! still tells pieces and highlights apart.
//!
//! Every palette keeps a WCAG contrast ratio of at least 4.5:1 between each
//! piece colour and every square colour it can stand on (plain and marked),
//! in both the 256-colour palette and truecolor: the unit tests below
//! compute it ([`contrast`]; the colours are in [`palette`]). Pieces are light on a dark board, so the two sides differ by
//! colour (white against gold) and by shape (outline against filled).

mod contrast;
mod palette;

pub use contrast::contrast_ratio;

use super::figures::Figure;
use motley_rules::core::{Color as Side, Piece, Role};
use palette::{Palette, Swatch, COLOUR_BLIND, DEFAULT, HIGH_CONTRAST, MONO};
use ratatui::style::{Color, Modifier, Style};
use std::ffi::OsStr;
use std::fmt;
use std::str::FromStr;

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
    /// Read the environment: see [`ColorMode::from_vars`].
    pub fn from_env() -> ColorMode {
        ColorMode::from_vars(
            std::env::var_os("NO_COLOR").as_deref(),
            std::env::var("COLORTERM").ok().as_deref(),
        )
    }

    /// The mode for the values of `NO_COLOR` and `COLORTERM` (given, so
    /// tests need not change the process's environment): `NO_COLOR` (any
    /// non-empty value) wins, then `COLORTERM` for truecolor, else the
    /// 256-colour palette.
    pub fn from_vars(no_color: Option<&OsStr>, colorterm: Option<&str>) -> ColorMode {
        if no_color.is_some_and(|v| !v.is_empty()) {
            return ColorMode::None;
        }
        match colorterm {
            Some(v) if v.contains("truecolor") || v.contains("24bit") => ColorMode::True,
            _ => ColorMode::Indexed,
        }
    }
}

/// The themes a player can choose (`--theme NAME`, the config file).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum ThemeName {
    /// Blue board, white and gold pieces.
    #[default]
    Default,
    /// Black and grey board, white and yellow pieces, contrast of 7:1 or
    /// more, every mark also drawn as characters.
    HighContrast,
    /// No red/green distinction anywhere: marks, messages, highlights use
    /// blue, purple, magenta and yellow, and marks are also characters.
    ColourBlind,
    /// Greys only and plain letters, for terminals with little colour or
    /// no chess symbols; marks are drawn as characters.
    Mono,
}

impl ThemeName {
    /// Every theme, in the order menus list them.
    pub const ALL: [ThemeName; 4] = [
        ThemeName::Default,
        ThemeName::HighContrast,
        ThemeName::ColourBlind,
        ThemeName::Mono,
    ];

    /// The name typed on the command line and kept in the config file.
    pub fn id(self) -> &'static str {
        match self {
            ThemeName::Default => "default",
            ThemeName::HighContrast => "high-contrast",
            ThemeName::ColourBlind => "colour-blind",
            ThemeName::Mono => "mono",
        }
    }

    /// A few words for a menu.
    pub fn describe(self) -> &'static str {
        match self {
            ThemeName::Default => "blue board, white and gold pieces",
            ThemeName::HighContrast => "black board, white and yellow pieces, 7:1 contrast",
            ThemeName::ColourBlind => "no red/green: blue, purple and yellow marks",
            ThemeName::Mono => "greys and plain letters",
        }
    }

    /// All ids, for messages that list the choices.
    pub fn all_ids() -> String {
        ThemeName::ALL.map(ThemeName::id).join(", ")
    }
}

impl fmt::Display for ThemeName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A theme name that is not one of [`ThemeName::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown theme '{0}' (themes: {ids})", ids = ThemeName::all_ids())]
pub struct UnknownTheme(pub String);

impl FromStr for ThemeName {
    type Err = UnknownTheme;

    /// Ids as [`ThemeName::id`] spells them; case, `_` for `-` and the
    /// American "color" are forgiven.
    fn from_str(s: &str) -> Result<ThemeName, UnknownTheme> {
        let key = s.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        let key = key.replace("color", "colour");
        ThemeName::ALL
            .into_iter()
            .find(|t| t.id() == key)
            .ok_or_else(|| UnknownTheme(motley_rules::core::quote::clip(s)))
    }
}

/// The palette and glyph set in use.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Theme {
    /// Which theme.
    pub name: ThemeName,
    /// How much colour the terminal shows.
    pub mode: ColorMode,
    /// Letters instead of chess symbols (`--ascii`, the mono theme).
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
    /// The engine's suggested move (a hint, or the analysis's best move):
    /// its from and to squares, drawn with a colour of their own and with
    /// braces in every theme so it reads apart from the last move.
    Best,
    /// A premove's from and to squares, drawn with parentheses in every
    /// theme.
    Premove,
    /// A square of a goal region: a piece reaching it wins.
    Goal,
    /// A square of a region the rules draw: a promotion zone, a palace.
    Zone,
}

impl Mark {
    /// Every mark.
    pub const ALL: [Mark; 9] = [
        Mark::Check,
        Mark::Selected,
        Mark::Cursor,
        Mark::Flipped,
        Mark::LastMove,
        Mark::Best,
        Mark::Premove,
        Mark::Goal,
        Mark::Zone,
    ];
}

impl Theme {
    /// A theme in a colour mode; the mono theme always draws letters.
    pub fn new(name: ThemeName, mode: ColorMode, ascii: bool) -> Theme {
        Theme {
            name,
            mode,
            ascii: ascii || name == ThemeName::Mono,
        }
    }

    /// Theme `name` for the running terminal.
    pub fn from_env(name: ThemeName, ascii: bool) -> Theme {
        Theme::new(name, ColorMode::from_env(), ascii)
    }

    fn palette(&self) -> &'static Palette {
        match self.name {
            ThemeName::Default => &DEFAULT,
            ThemeName::HighContrast => &HIGH_CONTRAST,
            ThemeName::ColourBlind => &COLOUR_BLIND,
            ThemeName::Mono => &MONO,
        }
    }

    fn color(&self, s: Swatch) -> Color {
        match self.mode {
            ColorMode::True => Color::Rgb(s.rgb.0, s.rgb.1, s.rgb.2),
            _ => Color::Indexed(s.index),
        }
    }

    /// A foreground style, or `plain` without colour.
    fn fg(&self, s: Swatch, plain: Style) -> Style {
        match self.mode {
            ColorMode::None => plain,
            _ => Style::default().fg(self.color(s)),
        }
    }

    fn square_swatch(&self, dark: bool, mark: Option<Mark>) -> Swatch {
        let p = self.palette();
        let i = usize::from(dark);
        match mark {
            Some(Mark::Check) => p.check,
            Some(Mark::Selected) => p.selected,
            Some(Mark::Cursor) => p.cursor[i],
            Some(Mark::Flipped) => p.flipped[i],
            Some(Mark::LastMove) => p.last_move[i],
            Some(Mark::Best) => p.best[i],
            Some(Mark::Premove) => p.premove[i],
            Some(Mark::Goal) => p.goal[i],
            Some(Mark::Zone) => p.zone[i],
            None => p.square[i],
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
        Style::default().bg(self.color(self.square_swatch(dark, mark)))
    }

    /// Characters drawn at the left and right edge of a marked cell, so marks
    /// remain visible without colour (and in themes that ask for it).
    pub fn mark_chars(&self, mark: Option<Mark>) -> (char, char) {
        if self.mode != ColorMode::None && !self.palette().mark_chars {
            return match mark {
                Some(Mark::Selected) => ('[', ']'),
                Some(Mark::Best) => ('{', '}'),
                Some(Mark::Premove) => ('(', ')'),
                _ => (' ', ' '),
            };
        }
        match mark {
            Some(Mark::Selected) => ('[', ']'),
            Some(Mark::Cursor) => ('>', '<'),
            Some(Mark::Check) => ('!', '!'),
            Some(Mark::LastMove) => ('\'', '\''),
            Some(Mark::Flipped) => ('~', '~'),
            Some(Mark::Best) => ('{', '}'),
            Some(Mark::Premove) => ('(', ')'),
            Some(Mark::Goal) => (':', ':'),
            Some(Mark::Zone) => ('.', '.'),
            None => (' ', ' '),
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

    /// Whether a piece is drawn as an outline (White) or filled (Black, and
    /// every piece of a `same_look` family, whose pieces have no side).
    pub fn outline(&self, piece: Piece, same_look: bool) -> bool {
        piece.color == Side::White && !same_look
    }

    /// The glyph for a piece: White's outline shapes, Black's filled ones,
    /// or letters (upper case White, lower case Black). `same_look` draws
    /// every piece alike (where a piece's square says whose it is).
    pub fn glyph(&self, piece: Piece, same_look: bool) -> char {
        if self.ascii {
            return if same_look {
                piece.role.upper_char()
            } else {
                piece.char()
            };
        }
        match (piece.role, self.outline(piece, same_look)) {
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
            _ => piece.char(),
        }
    }

    /// The glyph for a piece on a square too small for a figure, where
    /// the knight's slot holds `knight`: the camel, the DA piece and the
    /// double knight are lettered (`C`, `D`, `W`; lower case Black's, or
    /// any piece of a `same_look` family) in every character set, so none
    /// is taken for a knight.
    pub fn piece_glyph(&self, piece: Piece, same_look: bool, knight: Figure) -> char {
        let letter = match (piece.role, knight) {
            (Role::Knight, Figure::Camel) => 'c',
            (Role::Knight, Figure::Da) => 'd',
            (Role::Knight, Figure::DoubleKnight) => 'w',
            _ => return self.glyph(piece, same_look),
        };
        if same_look || piece.color == Side::White {
            letter.to_ascii_uppercase()
        } else {
            letter
        }
    }

    fn piece_swatch(&self, side: Side, same_look: bool) -> Swatch {
        let p = self.palette();
        match (same_look, side) {
            (true, _) => p.same,
            (false, Side::White) => p.white,
            (false, Side::Black) => p.black,
        }
    }

    /// Foreground of a piece. `same_look` gives every piece one colour.
    pub fn piece(&self, side: Side, same_look: bool) -> Style {
        let plain = Style::default();
        self.fg(self.piece_swatch(side, same_look), plain)
            .add_modifier(Modifier::BOLD)
    }

    /// The dot on an empty legal destination.
    pub fn destination(&self) -> Style {
        let plain = Style::default();
        self.fg(self.palette().destination, plain)
            .add_modifier(Modifier::BOLD)
    }

    /// Board coordinates.
    pub fn coords(&self) -> Style {
        self.fg(self.palette().coords, Style::default())
    }

    /// A centerline between the halves of the board.
    pub fn centerline(&self) -> Style {
        self.fg(self.palette().centerline, Style::default())
            .add_modifier(Modifier::BOLD)
    }

    /// Titles and emphasised text.
    pub fn title(&self) -> Style {
        self.fg(self.palette().title, Style::default())
            .add_modifier(Modifier::BOLD)
    }

    /// Error and illegal-input messages.
    pub fn error(&self) -> Style {
        self.fg(self.palette().error, Style::default())
            .add_modifier(Modifier::BOLD)
    }

    /// Secondary text (hints, legends).
    pub fn dim(&self) -> Style {
        self.fg(self.palette().dim, Style::default())
    }

    /// The highlighted row of a list.
    pub fn selected_row(&self) -> Style {
        match self.mode {
            ColorMode::None => Style::default().add_modifier(Modifier::REVERSED),
            _ => Style::default()
                .bg(self.color(self.palette().row_bg))
                .fg(self.color(self.palette().row_fg))
                .add_modifier(Modifier::BOLD),
        }
    }

    /// The banner of a past position looked at during a game: a list's
    /// highlight (colours of checked contrast, reversed without colour), so
    /// the title and the panel stand out from a live game's.
    pub fn past(&self) -> Style {
        self.selected_row()
    }

    /// Clickable key labels.
    pub fn key(&self) -> Style {
        let plain = Style::default().add_modifier(Modifier::UNDERLINED);
        self.fg(self.palette().key, plain)
            .add_modifier(Modifier::BOLD)
    }

    /// The evaluation bar: White's share in the foreground (the White
    /// pieces' colour, drawn with blocks), Black's as the background (the
    /// dark squares'). Without colour the bar uses characters instead.
    pub fn bar(&self) -> Style {
        let p = self.palette();
        match self.mode {
            ColorMode::None => Style::default(),
            _ => Style::default()
                .fg(self.color(p.white))
                .bg(self.color(p.square[1])),
        }
    }

    /// The evaluation line of the graph.
    pub fn eval_line(&self) -> Style {
        self.fg(self.palette().key, Style::default())
    }

    /// The current ply's marker on the graph.
    pub fn eval_cursor(&self) -> Style {
        self.fg(self.palette().title, Style::default())
            .add_modifier(Modifier::BOLD)
    }

    /// A move's mark in the move list: `?!` milder than `?` and `??`.
    pub fn move_mark(&self, blunder_or_mistake: bool) -> Style {
        let p = self.palette();
        let colour = if blunder_or_mistake { p.error } else { p.title };
        self.fg(colour, Style::default())
            .add_modifier(Modifier::BOLD)
    }

    /// Something affordable / good (prices one can pay, positive messages).
    pub fn good(&self) -> Style {
        let plain = Style::default().add_modifier(Modifier::BOLD);
        self.fg(self.palette().good, plain)
    }
}

#[cfg(test)]
mod tests {
    use super::contrast::rgb_of;
    use super::*;

    const COLOUR_MODES: [ColorMode; 2] = [ColorMode::Indexed, ColorMode::True];

    /// Every background a piece can stand on: both plain squares and every
    /// mark on each.
    fn backgrounds(t: &Theme) -> Vec<(String, Color)> {
        let mut out = Vec::new();
        for dark in [false, true] {
            for mark in std::iter::once(None).chain(Mark::ALL.map(Some)) {
                let bg = t.square(dark, mark).bg.expect("coloured square");
                out.push((format!("{mark:?} dark={dark}"), bg));
            }
        }
        out
    }

    /// The lowest piece-on-square ratio of a theme in a mode, and where.
    fn worst_ratio(t: &Theme) -> (f64, String) {
        let mut worst = (f64::MAX, String::new());
        for (side, same_look) in [
            (Side::White, false),
            (Side::Black, false),
            (Side::White, true),
        ] {
            let fg = t.piece(side, same_look).fg.expect("coloured piece");
            for (what, bg) in backgrounds(t) {
                let r = contrast_ratio(fg, bg).expect("palette colours have RGB values");
                if r < worst.0 {
                    worst = (r, format!("{side:?} same_look={same_look} on {what}"));
                }
            }
        }
        worst
    }

    #[test]
    fn every_piece_colour_reads_on_every_square_colour_in_every_theme() {
        for name in ThemeName::ALL {
            // High contrast promises WCAG AAA (7:1), the others AA (4.5:1).
            let floor = if name == ThemeName::HighContrast {
                7.0
            } else {
                4.5
            };
            for mode in COLOUR_MODES {
                let (ratio, at) = worst_ratio(&Theme::new(name, mode, false));
                println!("{name:<14} {mode:?}: lowest piece contrast {ratio:.2}:1 ({at})");
                assert!(ratio >= floor, "{name} {mode:?}: {ratio:.2}:1 for {at}");
            }
        }
    }

    #[test]
    fn wcag_ratio_matches_known_values() {
        let ratio = |a, b| contrast_ratio(a, b).unwrap();
        assert!((ratio(Color::Rgb(0, 0, 0), Color::Rgb(255, 255, 255)) - 21.0).abs() < 1e-9);
        assert!((ratio(Color::Indexed(16), Color::Indexed(16)) - 1.0).abs() < 1e-9);
        // The old look: white 231 on light square 223 was about 1.35:1.
        assert!((ratio(Color::Indexed(231), Color::Indexed(223)) - 1.35).abs() < 0.01);
        // xterm's cube and grey ramp.
        assert_eq!(rgb_of(Color::Indexed(24)), Some((0, 95, 135)));
        assert_eq!(rgb_of(Color::Indexed(244)), Some((128, 128, 128)));
        assert_eq!(rgb_of(Color::Indexed(3)), None);
        assert_eq!(rgb_of(Color::Reset), None);
    }

    #[test]
    fn sides_differ_by_colour_and_by_shape() {
        for name in ThemeName::ALL {
            for mode in COLOUR_MODES {
                let t = Theme::new(name, mode, false);
                assert_ne!(t.piece(Side::White, false), t.piece(Side::Black, false));
                // Every kind, a variant from data's (drawn as its letter)
                // too.
                for role in (0..Role::COUNT).filter_map(Role::from_any_index) {
                    let w = t.glyph(Piece::new(Side::White, role), false);
                    let b = t.glyph(Piece::new(Side::Black, role), false);
                    assert_ne!(w, b, "{name} {role:?}");
                }
            }
        }
        let t = Theme::new(ThemeName::Default, ColorMode::Indexed, false);
        assert_eq!(t.glyph(Piece::new(Side::White, Role::King), false), '♔');
        assert_eq!(t.glyph(Piece::new(Side::Black, Role::King), false), '♚');
    }

    /// Red or green as a hue (HSV hue within 20° of red, or between
    /// yellow-green and cyan-green), for saturated colours; greys have none.
    fn red_or_green(rgb: (u8, u8, u8)) -> Option<&'static str> {
        let (r, g, b) = (f64::from(rgb.0), f64::from(rgb.1), f64::from(rgb.2));
        let (max, min) = (r.max(g).max(b), r.min(g).min(b));
        if max == 0.0 || (max - min) / max < 0.25 {
            return None;
        }
        let d = max - min;
        let hue = if max == r {
            60.0 * ((g - b) / d).rem_euclid(6.0)
        } else if max == g {
            60.0 * ((b - r) / d + 2.0)
        } else {
            60.0 * ((r - g) / d + 4.0)
        };
        match hue {
            h if !(20.0..340.0).contains(&h) => Some("red"),
            h if (75.0..=165.0).contains(&h) => Some("green"),
            _ => None,
        }
    }

    #[test]
    fn colour_blind_theme_uses_neither_red_nor_green() {
        for mode in COLOUR_MODES {
            let t = Theme::new(ThemeName::ColourBlind, mode, false);
            let mut colours: Vec<Color> = backgrounds(&t).into_iter().map(|(_, c)| c).collect();
            colours.extend(
                [
                    t.piece(Side::White, false),
                    t.piece(Side::Black, false),
                    t.piece(Side::White, true),
                    t.destination(),
                    t.coords(),
                    t.centerline(),
                    t.title(),
                    t.error(),
                    t.dim(),
                    t.key(),
                    t.good(),
                    t.selected_row(),
                ]
                .iter()
                .flat_map(|s| [s.fg, s.bg])
                .flatten(),
            );
            for c in colours {
                let rgb = rgb_of(c).expect("known colour");
                assert_eq!(red_or_green(rgb), None, "{mode:?} {c:?}");
            }
        }
    }

    #[test]
    fn theme_names_parse_and_unknown_names_list_the_choices() {
        for name in ThemeName::ALL {
            assert_eq!(name.id().parse::<ThemeName>(), Ok(name));
        }
        assert_eq!("High_Contrast".parse(), Ok(ThemeName::HighContrast));
        assert_eq!("color-blind".parse(), Ok(ThemeName::ColourBlind));
        let err = "neon".parse::<ThemeName>().unwrap_err().to_string();
        assert_eq!(
            err,
            "unknown theme 'neon' (themes: default, high-contrast, colour-blind, mono)"
        );
    }

    #[test]
    fn mono_theme_draws_letters() {
        let t = Theme::new(ThemeName::Mono, ColorMode::Indexed, false);
        assert!(t.ascii);
        assert_eq!(t.glyph(Piece::new(Side::White, Role::Queen), false), 'Q');
        assert_eq!(t.glyph(Piece::new(Side::Black, Role::Queen), false), 'q');
    }

    #[test]
    fn no_color_env_turns_colour_off() {
        let set = Some(OsStr::new("1"));
        assert_eq!(ColorMode::from_vars(set, None), ColorMode::None);
        assert_eq!(
            ColorMode::from_vars(set, Some("truecolor")),
            ColorMode::None
        );
        let empty = Some(OsStr::new(""));
        assert_eq!(
            ColorMode::from_vars(empty, Some("truecolor")),
            ColorMode::True
        );
        assert_eq!(ColorMode::from_vars(None, Some("24bit")), ColorMode::True);
        assert_eq!(ColorMode::from_vars(None, Some("yes")), ColorMode::Indexed);
        assert_eq!(ColorMode::from_vars(None, None), ColorMode::Indexed);
    }

    #[test]
    fn the_best_move_mark_differs_from_every_other_mark_in_every_theme_and_mode() {
        for name in ThemeName::ALL {
            for mode in [ColorMode::None, ColorMode::Indexed, ColorMode::True] {
                let t = Theme::new(name, mode, false);
                for dark in [false, true] {
                    let best = Some(Mark::Best);
                    let look = (t.square(dark, best), t.mark_chars(best));
                    for m in Mark::ALL.into_iter().filter(|m| *m != Mark::Best) {
                        assert_ne!(
                            (t.square(dark, Some(m)), t.mark_chars(Some(m))),
                            look,
                            "{name:?} {mode:?} {m:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn marks_differ_from_plain_squares_in_every_theme_and_mode() {
        for name in ThemeName::ALL {
            for mode in [ColorMode::None, ColorMode::Indexed, ColorMode::True] {
                let t = Theme::new(name, mode, false);
                for dark in [false, true] {
                    let plain = (t.square(dark, None), t.mark_chars(None));
                    for m in Mark::ALL {
                        assert_ne!(
                            (t.square(dark, Some(m)), t.mark_chars(Some(m))),
                            plain,
                            "{name} {mode:?} {m:?}"
                        );
                    }
                }
            }
        }
    }
}
