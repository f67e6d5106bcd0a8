//! What the screens show beside the board, rendered from the rules' typed
//! facts ([`crate::rules::facts`]) without knowing the family: the side
//! panel, the piece look and square marks, side names, and the numbered
//! move list.

use super::board::{Marks, PieceLook};
use super::figures::Figure;
use super::theme::Theme;
use crate::analysis::Mark;
use crate::core::{Action, Bitboard, Color, Piece, Role, Square};
use crate::game::Game;
use crate::rules::facts::{
    Die, Effect, EndOffer, Fact, KnightKind, MarkedSquares, PriceOffer, SquareMark, Tone, TurnStage,
};
use crate::rules::{AnyPosition, Describe, Outcome, Position};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

/// The name the family gives a side ("White", or "South" where the
/// sides own halves of the board).
pub fn side_name(pos: &AnyPosition, side: Color) -> &'static str {
    pos.side_names()[side.index()]
}

/// An ending in the family's words ("South wins (…)").
pub fn describe_outcome(pos: &AnyPosition, outcome: &Outcome) -> String {
    outcome.describe_with(pos.side_names())
}

/// Does the family draw a centerline (and so need its extra board row)?
pub fn centerline(pos: &AnyPosition) -> bool {
    pos.board_look().centerline
}

/// The squares carrying `mark` now.
fn marked(marks: &[MarkedSquares], mark: SquareMark) -> Bitboard {
    marks
        .iter()
        .filter(|m| m.mark == mark)
        .fold(Bitboard::EMPTY, |b, m| b | m.squares)
}

/// How pieces are drawn in this position.
pub fn piece_look(pos: &AnyPosition) -> PieceLook {
    let look = pos.board_look();
    let marks = pos.square_marks();
    PieceLook {
        same_look: look.uniform_pieces,
        strong: marked(&marks, SquareMark::Strong),
        weak: marked(&marks, SquareMark::Weak),
        knight: match look.knight {
            KnightKind::Knight => Figure::Knight,
            KnightKind::Camel => Figure::Camel,
            KnightKind::Da => Figure::Da,
            KnightKind::DoubleKnight => Figure::DoubleKnight,
        },
        side_names: pos.side_names(),
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
    marks.flipped = marked(&pos.square_marks(), SquareMark::Flipped);
    marks
}

/// "White 16  Black 16" style: one number per side.
fn per_side(label: &str, names: [&str; 2], values: [String; 2], theme: &Theme) -> Line<'static> {
    Line::from(vec![
        Span::raw(format!("{label}: ")),
        Span::styled(format!("{} {}", names[0], values[0]), theme.title()),
        Span::raw("  "),
        Span::styled(format!("{} {}", names[1], values[1]), theme.title()),
    ])
}

fn material_line(points: [u32; 2], names: [&str; 2]) -> Line<'static> {
    let d = i64::from(points[0]) - i64::from(points[1]);
    Line::raw(match d.cmp(&0) {
        std::cmp::Ordering::Greater => format!("Material: {} +{d}", names[0]),
        std::cmp::Ordering::Less => format!("Material: {} +{}", names[1], -d),
        std::cmp::Ordering::Equal => "Material: even".to_string(),
    })
}

/// Pieces as letters, most valuable first; "–" for none.
fn roles_text(pieces: &[Piece]) -> String {
    if pieces.is_empty() {
        return "–".to_string();
    }
    let mut v: Vec<Role> = pieces.iter().map(|p| p.role).collect();
    v.sort_by_key(|r| std::cmp::Reverse(r.index()));
    v.iter().map(|r| r.upper_char()).collect()
}

/// A side's lost pieces as piece letters (queens first); "–" for none.
fn lost_text(side: Color, lost: &[u8; 6]) -> String {
    let mut s = String::new();
    for r in [
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ] {
        for _ in 0..lost[r.index()] {
            s.push(Piece::new(side, r).char());
        }
    }
    if s.is_empty() {
        "–".to_string()
    } else {
        s
    }
}

fn dice_line(dice: &Option<[Die; 2]>, me: Color, theme: &Theme) -> Line<'static> {
    let Some(dice) = dice else {
        return Line::styled("Dice: not rolled yet", theme.dim());
    };
    let face = |v: u8| -> String {
        if theme.ascii {
            format!("[{v}]")
        } else {
            char::from_u32(0x267F + u32::from(v))
                .map(|c| format!("{c} {v}"))
                .unwrap_or_else(|| v.to_string())
        }
    };
    // The piece a die names, drawn as the side to move's piece.
    let die = |d: &Die| {
        let g = theme.glyph(Piece::new(me, d.names), false);
        format!("{} = {g}", face(d.value))
    };
    Line::from(vec![
        Span::raw("Dice  "),
        Span::styled(
            format!("{}   {}", die(&dice[0]), die(&dice[1])),
            theme.title(),
        ),
    ])
}

/// Where the turn stands; on the play screen (`keys`) with the key that
/// acts there (the replay viewer's keys differ).
fn stage_line(stage: TurnStage, keys: bool, theme: &Theme) -> Line<'static> {
    let key = |k: &str| if keys { k.to_string() } else { String::new() };
    let text = match stage {
        TurnStage::ChanceNext => "Dice are rolled next".to_string(),
        TurnStage::PurchaseOrMove => format!("Buy or place{}, or move", key(" (b)")),
        TurnStage::MoveAfterPurchase => "Item bought: main move next".to_string(),
        TurnStage::ExtraMoves(n) => format!("Extra moves left: {n}{}", key(" (p pass)")),
    };
    Line::styled(text, theme.title())
}

fn price_lines(side: &str, offers: &[PriceOffer], over: bool, theme: &Theme) -> Vec<Line<'static>> {
    let mut lines = vec![Line::styled(
        format!("{side}'s prices, ✓ = can buy now:"),
        theme.dim(),
    )];
    // Two items per row keeps the list short enough for 80×24.
    for pair in offers.chunks(2) {
        let spans = pair
            .iter()
            .map(|o| {
                let ok = o.available && !over;
                Span::styled(
                    format!(
                        "{}{:<4} {:<9} ",
                        if ok { "✓" } else { " " },
                        format!("${}", o.price),
                        o.label
                    ),
                    if ok { theme.good() } else { theme.dim() },
                )
            })
            .collect::<Vec<_>>();
        lines.push(Line::from(spans));
    }
    lines
}

/// The legend of marks that change how pieces are drawn: a row per mark,
/// so a narrow panel never parts a mark from its meaning.
fn strength_legend(theme: &Theme) -> Vec<Line<'static>> {
    let knight = theme.glyph(Piece::new(Color::White, Role::Knight), false);
    vec![
        Line::from(vec![
            Span::styled(
                format!("{knight}+ strong"),
                theme.title().add_modifier(Modifier::UNDERLINED),
            ),
            Span::raw(" (bold, underlined)"),
        ]),
        Line::from(vec![
            Span::styled(format!("{knight}- weak"), theme.dim()),
            Span::raw(" (dim)"),
        ]),
    ]
}

/// How many of each side's pieces stand strong and weak.
fn strength_counts(pos: &AnyPosition, look: &PieceLook, names: [&str; 2]) -> Line<'static> {
    let b = pos.board();
    let count = |c: Color| {
        (
            (b.by_color(c) & look.strong).count(),
            (b.by_color(c) & look.weak).count(),
        )
    };
    let (ws, ww) = count(Color::White);
    let (bs, bw) = count(Color::Black);
    Line::raw(format!(
        "{} {ws} strong, {ww} weak · {} {bs} strong, {bw} weak",
        names[0], names[1]
    ))
}

/// Where a fact is shown: the game and ply whose history a fact may ask
/// for (scores list what each side took), whether the game is over there,
/// and whether it is the play screen (which names its keys).
struct FactScene<'a> {
    game: &'a Game,
    ply: usize,
    over: bool,
    keys: bool,
}

/// One fact as lines.
fn fact_lines(
    fact: &Fact,
    pos: &AnyPosition,
    scene: &FactScene,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let FactScene {
        game,
        ply,
        over,
        keys,
    } = *scene;
    let names = pos.side_names();
    match fact {
        Fact::Material(points) => vec![material_line(*points, names)],
        Fact::PieceCounts(n) => vec![per_side("Pieces", names, n.map(|v| v.to_string()), theme)],
        Fact::Scores(points) => {
            let taken = game.taken_until(ply);
            vec![
                per_side("Score", names, points.map(|v| v.to_string()), theme),
                Line::raw(format!(
                    "Taken  {}: {}   {}: {}",
                    names[0],
                    roles_text(&taken[0]),
                    names[1],
                    roles_text(&taken[1])
                )),
            ]
        }
        Fact::Flipped(squares) => {
            let list: Vec<String> = squares.map(|s| s.to_string()).collect();
            vec![if list.is_empty() {
                Line::styled("Last move flipped nothing", theme.dim())
            } else {
                Line::from(vec![
                    Span::raw("Flipped by last move: "),
                    Span::styled(list.join(" "), theme.title()),
                ])
            }]
        }
        Fact::Dice(dice) => vec![dice_line(dice, pos.turn(), theme)],
        Fact::Earnings { offers, pending } => {
            let text: Vec<String> = offers
                .iter()
                .map(|e| format!("{} ${}", e.role.upper_char(), e.amount))
                .collect();
            vec![Line::styled(
                format!("First move earns: {}", text.join(" · ")),
                if *pending { theme.good() } else { theme.dim() },
            )]
        }
        Fact::Money { amounts, cap } => vec![Line::from(vec![
            Span::raw("Money "),
            Span::styled(format!("{} ${}", names[0], amounts[0]), theme.title()),
            Span::raw(" "),
            Span::styled(format!("{} ${}", names[1], amounts[1]), theme.title()),
            Span::styled(format!(" (max {cap})"), theme.dim()),
        ])],
        Fact::Stage(stage) => vec![stage_line(*stage, keys, theme)],
        Fact::Lost(lost) => vec![Line::raw(format!(
            "Lost  {}: {}  {}: {}",
            names[0],
            lost_text(Color::White, &lost[0]),
            names[1],
            lost_text(Color::Black, &lost[1])
        ))],
        Fact::Prices { side, offers } => price_lines(names[side.index()], offers, over, theme),
        Fact::Note { text, tone } => {
            let style = match tone {
                Tone::Reminder => theme.dim(),
                Tone::Constraint => theme.error(),
                Tone::Power => theme.good(),
            };
            vec![Line::styled(text.clone(), style)]
        }
    }
}

/// The family panel: the state a player of this family must see at `ply`
/// of `game`, from the rules' facts. `focus` is the square under the
/// cursor on the play screen (the rules may explain that piece; `None` in
/// the replay viewer, which also leaves out the play screen's key hints).
pub fn variant_panel(
    game: &Game,
    ply: usize,
    focus: Option<Square>,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let Some(pos) = game.position_at(ply) else {
        return lines;
    };
    let over = ply == game.ply() && game.outcome().is_some();
    let look = piece_look(pos);
    let strength_marked = (look.strong | look.weak).any();
    if strength_marked {
        lines.extend(strength_legend(theme));
    }
    let scene = FactScene {
        game,
        ply,
        over,
        keys: focus.is_some(),
    };
    for fact in &pos.facts() {
        if over && fact.is_about_next_action() {
            continue;
        }
        lines.extend(fact_lines(fact, pos, &scene, theme));
    }
    if strength_marked {
        lines.push(strength_counts(pos, &look, pos.side_names()));
    }
    if let Some(text) = focus.and_then(|sq| pos.explain_square(sq)) {
        lines.push(Line::raw(text));
    }
    // Only the play screen (which has a cursor) takes this key; the
    // purchase keys are named by the turn's stage, where they act.
    if focus.is_some() && pos.end_offer() != EndOffer::Draw {
        lines.push(Line::styled(
            format!("d: offer {}", pos.end_offer().describe()),
            theme.dim(),
        ));
    }
    lines
}

/// What an action did besides moving, as a move list shows it after the
/// move: `⟲d7,f7` flips, `⇄` a piece that changed side, `+3` points,
/// `+$4` money (ASCII: `%d7,f7` and `<>`). Scores and money of the side
/// not moving carry its initial (`+3N`).
pub fn effects_text(effects: &[Effect], mover: Color, names: [&str; 2], ascii: bool) -> String {
    let whose = |side: Color| -> String {
        if side == mover {
            String::new()
        } else {
            names[side.index()].chars().take(1).collect()
        }
    };
    let mut out = String::new();
    for e in effects {
        match e {
            Effect::Flipped(squares) => {
                let list: Vec<String> = squares.map(|s| s.to_string()).collect();
                out.push_str(if ascii { "%" } else { "⟲" });
                out.push_str(&list.join(","));
            }
            Effect::ChangedOwner { .. } => out.push_str(if ascii { "<>" } else { "⇄" }),
            Effect::Scored { side, points } => out.push_str(&format!("+{points}{}", whose(*side))),
            Effect::Earned { side, amount } => out.push_str(&format!("+${amount}{}", whose(*side))),
        }
    }
    out
}

/// The legend of the effect marks a move list shows (only those in it).
pub fn effects_legend(kinds: &[Effect], ascii: bool) -> String {
    let mut parts: Vec<&str> = Vec::new();
    let mut add = |text: &'static str| {
        if !parts.contains(&text) {
            parts.push(text);
        }
    };
    for e in kinds {
        match (e, ascii) {
            (Effect::Flipped(_), false) => add("⟲ flipped"),
            (Effect::Flipped(_), true) => add("% flipped"),
            (Effect::ChangedOwner { .. }, false) => add("⇄ changed side"),
            (Effect::ChangedOwner { .. }, true) => add("<> changed side"),
            (Effect::Scored { .. }, _) => add("+N points"),
            (Effect::Earned { .. }, _) => add("+$N earned"),
        }
    }
    parts.join(" · ")
}

/// What each action of `game` did besides moving, by ply index (from the
/// rules).
pub fn game_effects(game: &Game) -> Vec<Vec<Effect>> {
    game.actions()
        .iter()
        .enumerate()
        .map(|(i, a)| {
            game.position_at(i)
                .map(|p| p.action_effects(a))
                .unwrap_or_default()
        })
        .collect()
}

/// Short text of an action for the move list.
fn short(san: &str) -> String {
    match san.strip_prefix("roll:") {
        Some(d) => format!("[{d}]"),
        None => san.to_string(),
    }
}

/// What the move list's text of each ply is made from.
struct MoveListText<'a> {
    sans: &'a [String],
    effects: &'a [Vec<Effect>],
    marks: &'a [Option<Mark>],
    names: [&'static str; 2],
    current: Option<usize>,
    theme: &'a Theme,
}

/// One side's turn in the move list (plies `plies`): its spans, where each
/// ply's text is within it (offset, width, ply count after it), and its width.
fn turn_part(
    list: &MoveListText,
    mover: Color,
    plies: std::ops::Range<usize>,
) -> (Vec<Span<'static>>, Vec<(usize, usize, usize)>, usize) {
    let theme = list.theme;
    let mut part: Vec<Span<'static>> = Vec::new();
    let mut part_hits: Vec<(usize, usize, usize)> = Vec::new();
    let mut plen = 0;
    let first = plies.start;
    for k in plies {
        let Some(san) = list.sans.get(k) else { break };
        let style = if list.current == Some(k + 1) {
            theme.selected_row()
        } else {
            Style::default()
        };
        if k > first {
            part.push(Span::raw(" "));
            plen += 1;
        }
        let text = short(san);
        // An analysis's mark follows the move (`Nf6??`), then what the move
        // did besides (`Bxb5 ⟲d7`).
        let mark = list.marks.get(k).copied().flatten();
        let symbol = mark.map_or("", Mark::symbol);
        let did = list.effects.get(k).map_or(&[][..], Vec::as_slice);
        let did = match effects_text(did, mover, list.names, theme.ascii) {
            t if t.is_empty() => t,
            t => format!(" {t}"),
        };
        let w = text.chars().count() + symbol.len() + did.chars().count();
        part_hits.push((plen, w, k + 1));
        plen += w;
        part.push(Span::styled(text, style));
        if let Some(m) = mark {
            part.push(Span::styled(symbol, theme.move_mark(m >= Mark::Mistake)));
        }
        if !did.is_empty() {
            part.push(Span::styled(did, style));
        }
    }
    (part, part_hits, plen)
}

/// Where a ply's text sits in the move list: (row, first column, last
/// column exclusive, ply count after it).
pub type MoveHit = (usize, u16, u16, usize);

/// The numbered move list: one row per move number (actions of the same
/// side in a row are one turn, where a turn has several actions). `current` (a ply count)
/// marks the action just played in the replay viewer. Returns the rows,
/// the row holding `current`, and where each ply's text is (for clicks).
pub fn move_rows(
    game: &Game,
    current: Option<usize>,
    marks: &[Option<Mark>],
    width: u16,
    theme: &Theme,
) -> (Vec<Line<'static>>, usize, Vec<MoveHit>) {
    let sans = game.sans();
    let effects = game_effects(game);
    let list = MoveListText {
        sans,
        effects: &effects,
        marks,
        names: game.position().side_names(),
        current,
        theme,
    };
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
            let (mover, _, a, b) = turns[*ti];
            let (part, part_hits, plen) = turn_part(&list, mover, a..b);
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
