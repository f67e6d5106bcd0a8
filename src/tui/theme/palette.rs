//! The themes' colours: every palette as truecolor values with the
//! 256-colour index used when the terminal has no truecolor. The contrast
//! each keeps is checked by the theme's unit tests.

/// One palette colour: the truecolor value and the 256-colour index used
/// when the terminal has no truecolor.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Swatch {
    pub rgb: (u8, u8, u8),
    pub index: u8,
}

const fn sw(r: u8, g: u8, b: u8, index: u8) -> Swatch {
    Swatch {
        rgb: (r, g, b),
        index,
    }
}

/// A light-square / dark-square pair.
pub(super) type Pair = [Swatch; 2];

/// Every colour of one theme.
#[derive(Debug)]
pub(super) struct Palette {
    /// Plain squares: light, dark.
    pub square: Pair,
    /// Piece colours: White, Black, and the one colour of `same_look`.
    pub white: Swatch,
    pub black: Swatch,
    pub same: Swatch,
    pub check: Swatch,
    pub selected: Swatch,
    /// On a light square, on a dark square.
    pub cursor: Pair,
    pub flipped: Pair,
    pub last_move: Pair,
    /// The engine's suggested move (hint, analysis).
    pub best: Pair,
    /// A premove's squares.
    pub premove: Pair,
    /// A goal region's squares (a variant from data's flag).
    pub goal: Pair,
    /// A zone's squares (promotion zone, palace): the board's own
    /// squares, tinted.
    pub zone: Pair,
    pub destination: Swatch,
    pub coords: Swatch,
    pub centerline: Swatch,
    pub title: Swatch,
    pub error: Swatch,
    pub dim: Swatch,
    pub row_bg: Swatch,
    pub row_fg: Swatch,
    pub key: Swatch,
    pub good: Swatch,
    /// Draw every mark as characters too, not only the selection.
    pub mark_chars: bool,
}

pub(super) const DEFAULT: Palette = Palette {
    square: [sw(44, 88, 126, 24), sw(22, 36, 70, 17)],
    white: sw(255, 255, 255, 231),
    black: sw(250, 212, 110, 221),
    same: sw(175, 240, 250, 159),
    check: sw(170, 30, 30, 124),
    selected: sw(30, 100, 40, 22),
    cursor: [sw(95, 0, 175, 55), sw(95, 0, 175, 55)],
    flipped: [sw(130, 40, 130, 90), sw(90, 30, 90, 53)],
    last_move: [sw(84, 84, 16, 58), sw(74, 74, 12, 58)],
    best: [sw(0, 95, 95, 23), sw(0, 95, 95, 23)],
    premove: [sw(95, 0, 0, 52), sw(95, 0, 0, 52)],
    goal: [sw(0, 70, 35, 22), sw(0, 60, 30, 22)],
    zone: [sw(78, 78, 78, 239), sw(38, 38, 38, 235)],
    destination: sw(120, 230, 120, 120),
    coords: sw(150, 150, 150, 246),
    centerline: sw(230, 60, 60, 167),
    title: sw(240, 200, 90, 221),
    error: sw(255, 110, 110, 203),
    dim: sw(140, 140, 140, 245),
    row_bg: sw(95, 95, 175, 61),
    row_fg: sw(255, 255, 255, 231),
    key: sw(120, 200, 255, 117),
    good: sw(120, 220, 120, 114),
    mark_chars: false,
};

pub(super) const HIGH_CONTRAST: Palette = Palette {
    square: [sw(68, 68, 68, 238), sw(0, 0, 0, 16)],
    white: sw(255, 255, 255, 231),
    black: sw(255, 255, 0, 226),
    same: sw(175, 255, 255, 159),
    check: sw(135, 0, 0, 88),
    selected: sw(0, 95, 0, 22),
    cursor: [sw(0, 0, 175, 19), sw(0, 0, 175, 19)],
    flipped: [sw(95, 0, 95, 53), sw(95, 0, 95, 53)],
    last_move: [sw(95, 0, 135, 54), sw(95, 0, 135, 54)],
    best: [sw(0, 0, 95, 17), sw(0, 0, 95, 17)],
    premove: [sw(95, 0, 0, 52), sw(95, 0, 0, 52)],
    goal: [sw(0, 95, 0, 22), sw(0, 95, 0, 22)],
    zone: [sw(48, 48, 48, 236), sw(0, 0, 95, 17)],
    destination: sw(0, 255, 255, 51),
    coords: sw(255, 255, 255, 231),
    centerline: sw(255, 255, 0, 226),
    title: sw(255, 255, 0, 226),
    error: sw(255, 95, 95, 203),
    dim: sw(208, 208, 208, 252),
    row_bg: sw(255, 255, 0, 226),
    row_fg: sw(0, 0, 0, 16),
    key: sw(0, 255, 255, 51),
    good: sw(0, 255, 255, 51),
    mark_chars: true,
};

pub(super) const COLOUR_BLIND: Palette = Palette {
    square: [sw(40, 90, 130, 24), sw(46, 46, 50, 236)],
    white: sw(255, 255, 255, 231),
    black: sw(255, 215, 135, 222),
    same: sw(175, 255, 255, 159),
    check: sw(175, 0, 135, 126),
    selected: sw(95, 0, 175, 55),
    cursor: [sw(0, 0, 135, 18), sw(0, 95, 175, 25)],
    flipped: [sw(0, 95, 95, 23), sw(0, 95, 95, 23)],
    last_move: [sw(95, 95, 0, 58), sw(95, 95, 0, 58)],
    best: [sw(0, 0, 95, 17), sw(0, 0, 95, 17)],
    premove: [sw(58, 58, 58, 237), sw(58, 58, 58, 237)],
    goal: [sw(95, 0, 95, 53), sw(95, 0, 95, 53)],
    zone: [sw(78, 78, 78, 239), sw(28, 28, 28, 234)],
    destination: sw(95, 215, 255, 81),
    coords: sw(150, 150, 150, 246),
    centerline: sw(255, 175, 0, 214),
    title: sw(255, 215, 95, 221),
    error: sw(255, 175, 0, 214),
    dim: sw(140, 140, 140, 245),
    row_bg: sw(95, 95, 175, 61),
    row_fg: sw(255, 255, 255, 231),
    key: sw(95, 215, 255, 81),
    good: sw(135, 175, 255, 111),
    mark_chars: true,
};

pub(super) const MONO: Palette = Palette {
    square: [sw(78, 78, 78, 239), sw(28, 28, 28, 234)],
    white: sw(255, 255, 255, 231),
    black: sw(208, 208, 208, 252),
    same: sw(238, 238, 238, 255),
    check: sw(68, 68, 68, 238),
    selected: sw(58, 58, 58, 237),
    cursor: [sw(88, 88, 88, 240), sw(48, 48, 48, 236)],
    flipped: [sw(58, 58, 58, 237), sw(38, 38, 38, 235)],
    last_move: [sw(68, 68, 68, 238), sw(38, 38, 38, 235)],
    best: [sw(18, 18, 18, 233), sw(8, 8, 8, 232)],
    premove: [sw(38, 38, 38, 235), sw(18, 18, 18, 233)],
    goal: [sw(50, 50, 50, 236), sw(60, 60, 60, 237)],
    zone: [sw(68, 68, 68, 238), sw(40, 40, 40, 235)],
    destination: sw(255, 255, 255, 231),
    coords: sw(168, 168, 168, 248),
    centerline: sw(255, 255, 255, 231),
    title: sw(255, 255, 255, 231),
    error: sw(255, 255, 255, 231),
    dim: sw(138, 138, 138, 245),
    row_bg: sw(208, 208, 208, 252),
    row_fg: sw(0, 0, 0, 16),
    key: sw(238, 238, 238, 255),
    good: sw(238, 238, 238, 255),
    mark_chars: true,
};
