//! What the screens show beside the board, rendered from the rules' typed
//! facts ([`motley_rules::facts`]) without knowing the family: the side
//! panel, the piece look and square marks, and side names (the numbered
//! move list is [`super::move_list`]).

use super::board::{spots_of, Marks, PieceLook, Spots};
use super::figures::Figure;
use super::picking::square_of;
use super::theme::Theme;
use motley_game::Game;
use motley_rules::core::action::spot_of;
use motley_rules::core::grid::{GridSet, GridSquare, Spot};
use motley_rules::core::{Action, Bitboard, Color, KnightKind, Piece, Role};
use motley_rules::facts::{Die, EndOffer, Fact, Fate, PriceOffer, SquareMark, Tone, TurnStage};
use motley_rules::{AnyPosition, Describe, Outcome, Position};
use ratatui::style::Modifier;
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
fn marked(marks: &[(SquareMark, Vec<Spot>)], mark: SquareMark) -> Spots {
    marks
        .iter()
        .filter(|(m, _)| *m == mark)
        .flat_map(|(_, spots)| spots.iter().copied())
        .fold(Spots::default(), Spots::with)
}

/// How pieces are drawn in this position.
pub fn piece_look(pos: &AnyPosition) -> PieceLook {
    look_with(pos, &pos.spot_marks())
}

/// How pieces are drawn in `pos`, whose square marks are `marks`.
fn look_with(pos: &AnyPosition, marks: &[(SquareMark, Vec<Spot>)]) -> PieceLook {
    let look = pos.board_look();
    PieceLook {
        same_look: look.uniform_pieces,
        strong: marked(marks, SquareMark::Strong),
        weak: marked(marks, SquareMark::Weak),
        promoted: marked(marks, SquareMark::Promoted),
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
    marks_with(pos, last, &pos.spot_marks())
}

/// The highlights of `pos`, whose square marks are `squares`.
fn marks_with(
    pos: &AnyPosition,
    last: Option<&Action>,
    squares: &[(SquareMark, Vec<Spot>)],
) -> Marks {
    let mut marks = Marks::default();
    if let Some(m) = last.and_then(Action::spot_move) {
        marks.last_move = vec![m.from, m.to];
    } else if let Some((_, sq)) = last.and_then(Action::placed_on_spot) {
        marks.last_move = vec![sq];
    }
    if pos.in_check(pos.turn()) {
        marks.check = king_spot(pos);
    }
    marks.flipped = marked(squares, SquareMark::Flipped);
    marks.goal = marked(squares, SquareMark::Goal);
    marks.zone = marked(squares, SquareMark::Zone);
    marks
}

/// Where the side to move's king stands, on a board of any size.
fn king_spot(pos: &AnyPosition) -> Option<Spot> {
    let king = Piece::new(pos.turn(), Role::King);
    if pos.board_size() == (8, 8) {
        return pos.board().king_of(pos.turn()).map(spot_of);
    }
    let (files, ranks) = pos.board_size();
    (0..ranks as i8)
        .flat_map(|r| (0..files as i8).filter_map(move |f| Spot::from_coords(f, r)))
        .find(|&spot| pos.piece_on(spot) == Some(king))
}

/// What the rules say of one position of a game for the board and the
/// side panel: worked out once for the position shown, not on every
/// frame, since some facts need the legal moves or the game's history.
#[derive(Clone, Debug)]
pub struct PositionFacts {
    /// The ply of the position (0 = the start).
    pub ply: usize,
    /// The game is over at this ply.
    pub over: bool,
    /// The panel's facts, in order; those about the next action are left
    /// out once the game is over.
    facts: Vec<Fact>,
    /// The pieces each side took up to here, where a fact lists them.
    taken: [Vec<Piece>; 2],
    /// How the pieces are drawn.
    pub look: PieceLook,
    /// The board's highlights that come from the position (last move,
    /// check, flips).
    pub marks: Marks,
}

impl PositionFacts {
    /// The pieces each side holds in hand, where the rules keep hands.
    pub fn hands(&self) -> Option<&[Vec<(Role, u8)>; 2]> {
        self.facts.iter().find_map(|f| match f {
            Fact::InHand(hands) => Some(hands),
            _ => None,
        })
    }

    /// The position after `ply` actions of `game` (`None` past its end);
    /// `ended` says the game has ended (at its last ply).
    pub fn of(game: &Game, ply: usize, ended: bool) -> Option<PositionFacts> {
        let pos = game.position_at(ply)?;
        Some(PositionFacts::at(game, pos, ply, ended))
    }

    /// The current position of `game`; `ended` says the game has ended.
    pub fn current(game: &Game, ended: bool) -> PositionFacts {
        PositionFacts::at(game, game.position(), game.ply(), ended)
    }

    /// `pos`, the position after `ply` actions of `game`.
    fn at(game: &Game, pos: &AnyPosition, ply: usize, ended: bool) -> PositionFacts {
        let over = ended && ply == game.ply();
        let mut facts = pos.facts();
        if over {
            facts.retain(|f| !f.is_about_next_action());
        }
        let taken = if facts.iter().any(|f| matches!(f, Fact::Scores(_))) {
            game.taken_until(ply)
        } else {
            Default::default()
        };
        let last = ply.checked_sub(1).and_then(|i| game.actions().get(i));
        let squares = pos.spot_marks();
        PositionFacts {
            ply,
            over,
            facts,
            taken,
            look: look_with(pos, &squares),
            marks: marks_with(pos, last, &squares),
        }
    }
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
    or_none(s)
}

/// `text`, or "–" when it is empty.
fn or_none(text: String) -> String {
    if text.is_empty() {
        "–".to_string()
    } else {
        text
    }
}

/// The goal of each side: a role and the squares it wins on, once when
/// both sides share it.
fn goal_lines(goals: &[Option<(Role, Bitboard)>; 2], names: [&str; 2]) -> Vec<Line<'static>> {
    let said = |(role, squares): (Role, Bitboard)| {
        let list: Vec<String> = squares.map(|s| s.to_string()).collect();
        format!("{} on {} wins", role.upper_char(), list.join(" "))
    };
    match goals {
        [Some(w), Some(b)] if w == b => vec![Line::raw(format!("Goal: {}", said(*w)))],
        _ => Color::ALL
            .into_iter()
            .filter_map(|c| goals[c.index()].map(|g| (c, g)))
            .map(|(c, g)| Line::raw(format!("Goal of {}: {}", names[c.index()], said(g))))
            .collect(),
    }
}

/// A side's pieces in hand as FEN letters; "–" for none.
/// The pieces in hand as the side panel writes them ("In hand  White: QNP
/// Black: p"), one letter a piece, and which piece each character of the
/// text is: the line a click on a piece in hand is read from.
pub fn hand_line(hands: &[Vec<(Role, u8)>; 2], names: [&str; 2]) -> (String, Vec<Option<Piece>>) {
    let mut text = String::from("In hand");
    let mut pieces: Vec<Option<Piece>> = vec![None; text.chars().count()];
    for side in Color::ALL {
        let label = format!("  {}: ", names[side.index()]);
        pieces.extend(std::iter::repeat_n(None, label.chars().count()));
        text.push_str(&label);
        let held: Vec<Piece> = hands[side.index()]
            .iter()
            .flat_map(|&(role, n)| std::iter::repeat_n(Piece::new(side, role), usize::from(n)))
            .collect();
        if held.is_empty() {
            text.push('–');
            pieces.push(None);
        }
        for piece in held {
            text.push(piece.char());
            pieces.push(Some(piece));
        }
    }
    (text, pieces)
}

/// The extinction rule and where each side stands against it.
fn extinction_lines(
    kinds: &[Role],
    at: u32,
    fate: Fate,
    left: [u32; 2],
    names: [&str; 2],
    theme: &Theme,
) -> Vec<Line<'static>> {
    let counted = if kinds.is_empty() {
        "pieces".to_string()
    } else {
        let letters: Vec<String> = kinds.iter().map(|r| r.upper_char().to_string()).collect();
        match letters.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        }
    };
    let how_many = if at == 0 {
        format!("No {counted} left")
    } else {
        format!("{at} or fewer {counted} left")
    };
    let result = match fate {
        Fate::Win => "wins",
        Fate::Loss => "loses",
        Fate::Draw => "draws",
    };
    vec![
        Line::raw(format!("{how_many}: {result} (extinction)")),
        per_side("Left", names, left.map(|n| n.to_string()), theme),
    ]
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

/// What the letter drawn for a piece in the knight's slot stands for,
/// where it is not a knight (on squares too small for its figure).
fn knight_legend(look: &PieceLook, theme: &Theme) -> Option<Line<'static>> {
    let name = match look.knight {
        Figure::Camel => "camel",
        Figure::Da => "DA piece (dabbaba + alfil)",
        Figure::DoubleKnight => "double knight",
        _ => return None,
    };
    let glyph =
        |color| theme.piece_glyph(Piece::new(color, Role::Knight), look.same_look, look.knight);
    Some(Line::styled(
        format!(
            "{} {}: the {name} in the knight's slot",
            glyph(Color::White),
            glyph(Color::Black)
        ),
        theme.dim(),
    ))
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
    let b = spots_of(pos.board().by_color(Color::White));
    let w = spots_of(pos.board().by_color(Color::Black));
    let count = |c: Color| {
        let mine = if c == Color::White { b } else { w };
        (
            GridSet::count(mine & look.strong),
            GridSet::count(mine & look.weak),
        )
    };
    let (ws, ww) = count(Color::White);
    let (bs, bw) = count(Color::Black);
    Line::raw(format!(
        "{} {ws} strong, {ww} weak · {} {bs} strong, {bw} weak",
        names[0], names[1]
    ))
}

/// Where a fact is shown: what each side took up to there (scores list
/// it), whether the game is over there, and whether it is the play screen
/// (which names its keys).
struct FactScene<'a> {
    taken: &'a [Vec<Piece>; 2],
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
    let FactScene { taken, over, keys } = *scene;
    let names = pos.side_names();
    match fact {
        Fact::Material(points) => vec![material_line(*points, names)],
        Fact::PieceCounts(n) => vec![per_side("Pieces", names, n.map(|v| v.to_string()), theme)],
        Fact::Scores(points) => {
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
        Fact::Goal(goals) => goal_lines(goals, names),
        Fact::Extinction {
            kinds,
            at,
            fate,
            left,
        } => extinction_lines(kinds, *at, *fate, *left, names, theme),
        Fact::ChecksToGive(left) => vec![per_side(
            "Checks to give",
            names,
            left.map(|v| v.to_string()),
            theme,
        )],
        Fact::Count { counted, limit } => vec![Line::from(vec![
            Span::raw("Count "),
            Span::styled(format!("{counted} of {limit} plies"), theme.title()),
            Span::styled(" (drawn past the limit)", theme.dim()),
        ])],
        Fact::InHand(hands) => vec![Line::raw(hand_line(hands, names).0)],
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

/// The family panel: the state a player of this family must see in
/// position `pos`, from the rules' facts of it (`facts`). `focus` is the
/// square under the cursor on the play screen (the rules may explain that
/// piece; `None` in the replay viewer, which also leaves out the play
/// screen's key hints).
pub fn variant_panel(
    facts: &PositionFacts,
    pos: &AnyPosition,
    focus: Option<Spot>,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let look = &facts.look;
    let strength_marked = (look.strong | look.weak).any();
    if strength_marked {
        lines.extend(strength_legend(theme));
    }
    let scene = FactScene {
        taken: &facts.taken,
        over: facts.over,
        keys: focus.is_some(),
    };
    for fact in &facts.facts {
        lines.extend(fact_lines(fact, pos, &scene, theme));
    }
    lines.extend(knight_legend(look, theme));
    if strength_marked {
        lines.push(strength_counts(pos, look, pos.side_names()));
    }
    if let Some(text) = focus
        .and_then(square_of)
        .and_then(|sq| pos.explain_square(sq))
    {
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
