//! WCAG 2 contrast between two terminal colours, from the colours' sRGB
//! values: what the themes are held to (pieces readable on every square)
//! and what the screen tests measure.

use ratatui::style::Color;

/// The sRGB value of a colour as the terminal shows it: truecolor as given,
/// 256-colour indexes 16–255 by the xterm palette. `None` for the 16 system
/// colours and the terminal's defaults, which the user's terminal decides.
pub fn rgb_of(c: Color) -> Option<(u8, u8, u8)> {
    const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
    match c {
        Color::Rgb(r, g, b) => Some((r, g, b)),
        Color::Indexed(i @ 16..=231) => {
            let i = usize::from(i - 16);
            Some((LEVELS[i / 36], LEVELS[(i / 6) % 6], LEVELS[i % 6]))
        }
        Color::Indexed(i @ 232..=255) => {
            let g = 8 + 10 * (i - 232);
            Some((g, g, g))
        }
        _ => None,
    }
}

/// WCAG 2 relative luminance of an sRGB colour.
pub fn relative_luminance((r, g, b): (u8, u8, u8)) -> f64 {
    let lin = |c: u8| {
        let c = f64::from(c) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}

/// WCAG 2 contrast ratio (1 to 21) between two colours, when both have a
/// known value (see [`rgb_of`]).
pub fn contrast_ratio(a: Color, b: Color) -> Option<f64> {
    let (la, lb) = (
        relative_luminance(rgb_of(a)?),
        relative_luminance(rgb_of(b)?),
    );
    Some((la.max(lb) + 0.05) / (la.min(lb) + 0.05))
}
