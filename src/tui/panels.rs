//! What the screens show beside the board: each family's panel (a function
//! of the position, matched on the family), the piece look and highlights a
//! family asks for, and the numbered move list.

use super::board::{Marks, PieceLook};
use super::theme::Theme;
use crate::core::{Action, Bitboard, Color, Role};
use crate::game::Game;
use crate::rules::{AnyPosition, Position};
use crate::variant::VariantDef;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// The family's name as variant files spell it (`monochrome`, `contrast`,
/// `dice_money`, …), whatever families this build knows.
pub fn family_name(def: &VariantDef) -> String {
    serde_json::to_value(def.family)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// Monochrome draws every piece alike and a centerline.
pub fn is_monochrome(def: &VariantDef) -> bool {
    family_name(def) == "monochrome"
}

/// How pieces look in this family.
pub fn piece_look(def: &VariantDef, pos: &AnyPosition) -> PieceLook {
    match family_name(def).as_str() {
        "monochrome" => PieceLook {
            same_look: true,
            strong: None,
        },
        "contrast" => {
            // Strong: a white piece on a light square or a black piece on a
            // dark square (a1 is dark).
            let b = pos.board();
            let strong = (b.by_color(Color::White) & Bitboard::LIGHT)
                | (b.by_color(Color::Black) & Bitboard::DARK);
            PieceLook {
                same_look: false,
                strong: Some(strong),
            }
        }
        _ => PieceLook::default(),
    }
}

/// Highlights that come from the position: last move, check, flips.
pub fn position_marks(pos: &AnyPosition, last: Option<&Action>) -> Marks {
    let mut marks = Marks::default();
    if let Some(Action::Move(m)) = last {
        marks.last_move = vec![m.from, m.to];
    } else if let Some(Action::Place(_, sq)) = last {
        marks.last_move = vec![*sq];
    }
    if pos.in_check(pos.turn()) {
        marks.check = pos.board().king_of(pos.turn());
    }
    if let AnyPosition::Antichess(a) = pos {
        marks.flipped = a.last_flips();
    }
    marks
}

fn counts_line(pos: &AnyPosition, theme: &Theme) -> Line<'static> {
    let b = pos.board();
    Line::from(vec![
        Span::raw("Pieces: "),
        Span::styled(format!("White {}", b.count(Color::White)), theme.title()),
        Span::raw("  "),
        Span::styled(format!("Black {}", b.count(Color::Black)), theme.title()),
    ])
}

fn material_line(pos: &AnyPosition) -> Line<'static> {
    let b = pos.board();
    let value = |c: Color| -> i32 {
        [
            (Role::Pawn, 1),
            (Role::Knight, 3),
            (Role::Bishop, 3),
            (Role::Rook, 5),
            (Role::Queen, 9),
        ]
        .iter()
        .map(|(r, v)| v * (b.by_role(*r) & b.by_color(c)).count() as i32)
        .sum()
    };
    let d = value(Color::White) - value(Color::Black);
    let text = match d.cmp(&0) {
        std::cmp::Ordering::Greater => format!("Material: White +{d}"),
        std::cmp::Ordering::Less => format!("Material: Black +{}", -d),
        std::cmp::Ordering::Equal => "Material: even".to_string(),
    };
    Line::raw(text)
}

/// Pieces each side has captured up to `ply`, by the mover of each
/// capture: `[white's captures, black's captures]`.
pub fn captured_by(game: &Game, ply: usize) -> [Vec<Role>; 2] {
    let mut out = [Vec::new(), Vec::new()];
    for (i, a) in game.actions().iter().enumerate().take(ply) {
        let (Some(before), Action::Move(m)) = (game.position_at(i), a) else {
            continue;
        };
        if !before.is_capture(m) {
            continue;
        }
        let victim_sq = match m.kind {
            crate::core::MoveKind::EnPassant => {
                crate::core::Square::from_coords(m.to.file(), m.from.rank())
            }
            _ => Some(m.to),
        };
        if let Some(role) = victim_sq.and_then(|sq| before.board().role_at(sq)) {
            out[before.turn().index()].push(role);
        }
    }
    out
}

fn roles_text(roles: &[Role]) -> String {
    if roles.is_empty() {
        return "–".to_string();
    }
    let mut v: Vec<Role> = roles.to_vec();
    v.sort_by_key(|r| std::cmp::Reverse(r.index()));
    v.iter().map(|r| r.upper_char()).collect()
}

/// The family panel: the state a player of this family must see at `ply`
/// of `game`. `focus` is the square under the cursor on the play screen
/// (Contrast explains that piece's powers; `None` in the replay viewer).
pub fn variant_panel(
    game: &Game,
    ply: usize,
    focus: Option<crate::core::Square>,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let Some(pos) = game.position_at(ply) else {
        return lines;
    };
    let over = ply == game.ply() && game.outcome().is_some();
    match pos {
        AnyPosition::Standard(_) => {
            lines.push(material_line(pos));
        }
        AnyPosition::Antichess(a) => {
            let flips = a.options().flips;
            lines.push(counts_line(pos, theme));
            if flips {
                let f = a.last_flips();
                let squares: Vec<String> = f.map(|s| s.to_string()).collect();
                lines.push(if squares.is_empty() {
                    Line::styled("Last move flipped nothing", theme.dim())
                } else {
                    Line::from(vec![
                        Span::raw("Flipped by last move: "),
                        Span::styled(squares.join(" "), theme.title()),
                    ])
                });
            }
            if !over && a.capture_available() {
                lines.push(Line::styled(
                    "Must capture: a capture is available",
                    theme.error(),
                ));
            }
            lines.push(Line::styled(
                if flips {
                    "Lose all your pieces to win (fewer pieces wins when stuck)"
                } else {
                    "Lose all your pieces (or get stuck) to win"
                },
                theme.dim(),
            ));
        }
        AnyPosition::Monochrome(m) => {
            let [south, north] = m.scores();
            lines.push(Line::from(vec![
                Span::raw("South (White, ranks 1–4): "),
                Span::styled(south.to_string(), theme.title()),
            ]));
            lines.push(Line::from(vec![
                Span::raw("North (Black, ranks 5–8): "),
                Span::styled(north.to_string(), theme.title()),
            ]));
            let caps = captured_by(game, ply);
            lines.push(Line::raw(format!(
                "Taken  South: {}   North: {}",
                roles_text(&caps[0]),
                roles_text(&caps[1])
            )));
            lines.push(Line::styled(
                "A piece belongs to the half it stands on",
                theme.dim(),
            ));
            if let Some((from, to)) = m.no_rejection() {
                if !over {
                    lines.push(Line::styled(
                        format!(
                            "No rejection: the piece on {to} may not go straight back to {from}"
                        ),
                        theme.error(),
                    ));
                }
            }
            lines.push(Line::styled(
                "d: offer to end the game (scored as it stands)",
                theme.dim(),
            ));
        }
        AnyPosition::Contrast(_) => {
            let look = piece_look(game.variant(), pos);
            let strong = look.strong.unwrap_or(Bitboard::EMPTY);
            let b = pos.board();
            let count = |c: Color| {
                (
                    (b.by_color(c) & strong).count(),
                    (b.by_color(c) & !strong).count(),
                )
            };
            let (ws, ww) = count(Color::White);
            let (bs, bw) = count(Color::Black);
            let knight = theme.glyph(crate::core::Piece::new(Color::White, Role::Knight), false);
            lines.push(Line::from(vec![
                Span::styled(
                    format!("{knight}+ strong"),
                    theme
                        .title()
                        .add_modifier(ratatui::style::Modifier::UNDERLINED),
                ),
                Span::raw(" (bold, underlined)   "),
                Span::styled(format!("{knight}- weak"), theme.dim()),
                Span::raw(" (dim)"),
            ]));
            lines.push(Line::styled(
                "Strong: White on a light square, Black on a dark square (a1 is dark)",
                theme.dim(),
            ));
            lines.push(Line::raw(format!(
                "White {ws} strong, {ww} weak · Black {bs} strong, {bw} weak"
            )));
            if let Some(sq) = focus {
                if let Some(p) = b.piece_at(sq) {
                    lines.push(Line::raw(crate::rules::contrast::describe_powers(
                        p.color, p.role, sq,
                    )));
                }
            }
        }
        AnyPosition::Monochromatic(m) => {
            lines.push(material_line(pos));
            lines.push(Line::styled(
                "No piece may move to a square of the other colour",
                theme.dim(),
            ));
            lines.push(Line::styled(
                format!(
                    "Knight slot: {} · check is pictorial (normal powers)",
                    m.options().knight.name()
                ),
                theme.dim(),
            ));
        }
        AnyPosition::DiceMoney(d) => {
            use crate::rules::dice_money::{Phase, ShopItem as Item};
            let me = d.turn();
            let face = |v: u8| -> String {
                if theme.ascii {
                    format!("[{v}]")
                } else {
                    char::from_u32(0x267F + u32::from(v))
                        .map(|c| format!("{c} {v}"))
                        .unwrap_or_else(|| v.to_string())
                }
            };
            let role_of = |v: u8| Role::from_index(usize::from(v.saturating_sub(1)));
            // The piece a die names, drawn as the side to move's piece.
            let piece_of = |v: u8| -> String {
                role_of(v)
                    .map(|r| {
                        let g = theme.glyph(crate::core::Piece::new(me, r), false);
                        format!("= {g}")
                    })
                    .unwrap_or_default()
            };
            match d.dice() {
                Some((a, b)) => {
                    lines.push(Line::from(vec![
                        Span::raw("Dice  "),
                        Span::styled(
                            format!("{} {}   {} {}", face(a), piece_of(a), face(b), piece_of(b)),
                            theme.title(),
                        ),
                    ]));
                    let letter = |v: u8| role_of(v).map(|r| r.upper_char()).unwrap_or('?');
                    let text = if a == b {
                        format!("First move earns: {} ${a}", letter(a))
                    } else {
                        format!("First move earns: {} ${b} · {} ${a}", letter(a), letter(b))
                    };
                    let earned_yet = matches!(d.phase(), Phase::Main | Phase::Bought);
                    lines.push(Line::styled(
                        text,
                        if earned_yet {
                            theme.good()
                        } else {
                            theme.dim()
                        },
                    ));
                }
                None => lines.push(Line::styled("Dice: not rolled yet", theme.dim())),
            }
            lines.push(Line::from(vec![
                Span::raw("Money "),
                Span::styled(format!("White ${}", d.money(Color::White)), theme.title()),
                Span::raw(" "),
                Span::styled(format!("Black ${}", d.money(Color::Black)), theme.title()),
                Span::styled(format!(" (max {})", d.money_cap()), theme.dim()),
            ]));
            let phase = match d.phase() {
                Phase::Roll => "Dice are rolled next".to_string(),
                Phase::Main => "Buy one item (b) or move".to_string(),
                Phase::Bought => "Item bought: main move next".to_string(),
                Phase::Extra => format!("Extra moves left: {} (p pass)", d.extra_moves_left()),
            };
            if !over {
                lines.push(Line::styled(phase, theme.title()));
            }
            if d.king_power() {
                lines.push(Line::styled(
                    "The king moves like a queen this turn",
                    theme.good(),
                ));
            }
            let lost = |c: Color| -> String {
                let mut s = String::new();
                for r in [
                    Role::Queen,
                    Role::Rook,
                    Role::Bishop,
                    Role::Knight,
                    Role::Pawn,
                ] {
                    for _ in 0..d.lost(c, r) {
                        s.push(crate::core::Piece::new(c, r).char());
                    }
                }
                if s.is_empty() {
                    "–".to_string()
                } else {
                    s
                }
            };
            lines.push(Line::raw(format!(
                "Lost  White: {}  Black: {}",
                lost(Color::White),
                lost(Color::Black)
            )));
            lines.push(Line::styled(
                format!("{}'s prices, ✓ = can buy now:", me.name()),
                theme.dim(),
            ));
            let short = |item: Item| match item {
                Item::Move1 => "+1 move",
                Item::Move2 => "+2 moves",
                Item::KingPower => "king=Q",
                Item::PlaceOpponent => "their pc",
                Item::PlacePawn => "own P",
                Item::PlaceKnightBishop => "own N/B",
                Item::PlaceRook => "own R",
                Item::PlaceQueen => "own Q",
            };
            let money = d.money(me);
            let buying = matches!(d.phase(), Phase::Main) && !over;
            // Two items per row keeps the list short enough for 80×24.
            for pair in Item::ALL.chunks(2) {
                let mut spans = Vec::new();
                for item in pair {
                    let price = d.price(me, *item);
                    let ok = buying && price <= money;
                    spans.push(Span::styled(
                        format!(
                            "{}{:<4} {:<9} ",
                            if ok { "✓" } else { " " },
                            format!("${price}"),
                            short(*item)
                        ),
                        if ok { theme.good() } else { theme.dim() },
                    ));
                }
                lines.push(Line::from(spans));
            }
            if focus.is_some() {
                // Only the play screen (which has a cursor) takes these keys.
                lines.push(Line::styled("b buy or place · p pass", theme.dim()));
            }
        }
        #[allow(unreachable_patterns)]
        _ => {}
    }
    lines
}

/// Short text of an action for the move list.
fn short(san: &str) -> String {
    match san.strip_prefix("roll:") {
        Some(d) => format!("[{d}]"),
        None => san.to_string(),
    }
}

/// Where a ply's text sits in the move list: (row, first column, last
/// column exclusive, ply count after it).
pub type MoveHit = (usize, u16, u16, usize);

/// The numbered move list: one row per move number (actions of the same
/// side in a row are one turn, as in Dice-Money). `current` (a ply count)
/// marks the action just played in the replay viewer. Returns the rows,
/// the row holding `current`, and where each ply's text is (for clicks).
pub fn move_rows(
    game: &Game,
    current: Option<usize>,
    width: u16,
    theme: &Theme,
) -> (Vec<Line<'static>>, usize, Vec<MoveHit>) {
    let sans = game.sans();
    // Turns: (side, number, first ply index, last ply index exclusive).
    let mut turns: Vec<(Color, u32, usize, usize)> = Vec::new();
    for i in 0..sans.len() {
        let Some(p) = game.position_at(i) else { break };
        let side = p.turn();
        match turns.last_mut() {
            Some(t) if t.0 == side => t.3 = i + 1,
            _ => turns.push((side, p.fullmoves(), i, i + 1)),
        }
    }
    let mut rows: Vec<Line<'static>> = Vec::new();
    let mut hits: Vec<MoveHit> = Vec::new();
    let mut current_row = None;
    let width = width as usize;
    let mut i = 0;
    while i < turns.len() {
        let (side, number, _, _) = turns[i];
        let mut spans: Vec<Span<'static>> = vec![Span::styled(
            if side == Color::White {
                format!("{number:>3}. ")
            } else {
                format!("{number:>3}… ")
            },
            theme.dim(),
        )];
        let mut len = 5;
        let mut take = vec![i];
        if side == Color::White && i + 1 < turns.len() && turns[i + 1].0 == Color::Black {
            take.push(i + 1);
        }
        for (n, ti) in take.iter().enumerate() {
            let (_, _, a, b) = turns[*ti];
            let mut part: Vec<Span<'static>> = Vec::new();
            let mut part_hits: Vec<(usize, usize, usize)> = Vec::new();
            let mut plen = 0;
            for (k, san) in sans.iter().enumerate().take(b).skip(a) {
                let style = if current == Some(k + 1) {
                    theme.selected_row()
                } else {
                    Style::default()
                };
                if k > a {
                    part.push(Span::raw(" "));
                    plen += 1;
                }
                let text = short(san);
                let w = text.chars().count();
                part_hits.push((plen, w, k + 1));
                plen += w;
                part.push(Span::styled(text, style));
            }
            if n == 1 && len + 1 + plen > width {
                // Black's part goes on its own row.
                rows.push(Line::from(std::mem::take(&mut spans)));
                spans = vec![Span::styled("     ".to_string(), theme.dim())];
                len = 5;
            } else if n == 1 {
                spans.push(Span::raw(" "));
                len += 1;
            }
            for (off, w, ply) in part_hits {
                let x = (len + off) as u16;
                hits.push((rows.len(), x, x + w as u16, ply));
                if current == Some(ply) {
                    current_row = Some(rows.len());
                }
            }
            len += plen;
            spans.extend(part);
        }
        rows.push(Line::from(spans));
        i += take.len();
    }
    let current_row = current_row.unwrap_or(rows.len().saturating_sub(1));
    (rows, current_row, hits)
}
