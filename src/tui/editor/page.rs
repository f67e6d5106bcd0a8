//! The editor drawn: the play screen's board and key bar (one layout with
//! the mouse handler, so a click lands where the thing was drawn), the
//! palette, the position's fields and the family's state beside it, and
//! the rules' problems in words.

use super::{words, EditorPopup, EditorState, Field, EDITOR_KEYS};
use crate::tui::board::{spots_of, BoardPicture, BoardView, Marks, PieceLook, Spots};
use crate::tui::game_page::{
    keys_popup, message_lines, render_message, rules_popup, KeyBar, PageLayout,
};
use crate::tui::panels;
use crate::tui::popup::row_style;
use crate::tui::theme::Theme;
use motley_rules::core::action::spot_of;
use motley_rules::core::{Color, Piece, Role};
use motley_rules::facts::Fact;
use motley_rules::setup::{price_item_words, CastlingRight, DraftState};
use motley_rules::{AnyPosition, Describe, Position};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

/// Columns a palette entry takes.
const CELL_W: u16 = 3;

/// Where everything of the editor goes.
pub struct EditorLayout {
    /// The game screens' layout: title, board, side panel, message, keys.
    pub page: PageLayout,
    /// The palette's entries and where they are.
    pub palette: Vec<(Rect, Option<Piece>)>,
    /// Where the lines under the palette go.
    pub below: Rect,
}

impl EditorLayout {
    /// The layout of `state` on a screen of `size`.
    pub fn new(state: &EditorState, size: (u16, u16)) -> EditorLayout {
        let centerline = state.look().is_some_and(panels::centerline);
        let message = state.message.as_ref().map(|m| m.text.as_str());
        let page = PageLayout::new(
            size,
            (state.flipped, centerline),
            (8, 8),
            &state.hints(),
            message,
        );
        let side = page.side;
        let (palette, rows) = palette_cells(side, state.roles());
        let top = (1 + rows).min(side.height);
        let below = Rect::new(side.x, side.y + top, side.width, side.height - top);
        EditorLayout {
            page,
            palette,
            below,
        }
    }

    /// The palette entry under a click: a piece, or `Some(None)` for the
    /// empty square.
    pub fn palette_at(&self, col: u16, row: u16) -> Option<Option<Piece>> {
        self.palette
            .iter()
            .find(|(r, _)| r.contains((col, row).into()))
            .map(|(_, p)| *p)
    }
}

/// The palette's entries under its title in `side`: White's kinds in
/// `roles`' order, then Black's and the empty square, each side on rows
/// of its own (at least seven entries a row, so chess's six and the
/// empty square keep one row a side); and how many rows they take.
fn palette_cells(side: Rect, roles: &[Role]) -> (Vec<(Rect, Option<Piece>)>, u16) {
    let per_row = (usize::from(side.width.saturating_sub(1)) / usize::from(CELL_W)).max(7);
    let mut cells = Vec::new();
    let mut row = 1u16;
    for color in Color::ALL {
        let mut choices: Vec<Option<Piece>> =
            roles.iter().map(|&r| Some(Piece::new(color, r))).collect();
        if color == Color::Black {
            choices.push(None);
        }
        for chunk in choices.chunks(per_row) {
            for (i, choice) in chunk.iter().enumerate() {
                let x = side.x + 1 + CELL_W * i as u16;
                // Only rows the panel shows can be clicked.
                if row < side.height {
                    cells.push((Rect::new(x, side.y + row, CELL_W, 1), *choice));
                }
            }
            row += 1;
        }
    }
    (cells, row - 1)
}

/// The editor as a widget: a pure function of its state.
pub struct EditorPage<'a> {
    /// The editor drawn.
    pub editor: &'a EditorState,
    /// The styles.
    pub theme: &'a Theme,
}

impl EditorState {
    /// The screen's widget.
    pub fn page<'a>(&'a self, theme: &'a Theme) -> EditorPage<'a> {
        EditorPage {
            editor: self,
            theme,
        }
    }
}

/// A piece's name in the variant (a camel in Jamal's knight slot).
pub fn piece_words(look: Option<&AnyPosition>, piece: Piece, names: [&str; 2]) -> String {
    let name = look.map_or_else(
        || piece.role.name().to_string(),
        |p| p.piece_name(piece.role).to_string(),
    );
    format!("{} {name} ({})", names[piece.color.index()], piece.char())
}

impl EditorPage<'_> {
    /// The position the draft makes, when the rules accept it.
    fn valid(&self) -> Option<AnyPosition> {
        let e = self.editor;
        if !e.problems.is_empty() {
            return None;
        }
        e.variant.position_from_draft(&e.draft).ok()
    }

    /// How the pieces look: the family's look of the position when it is
    /// valid, else of the variant's start without its square marks.
    fn piece_look(&self, valid: Option<&AnyPosition>) -> PieceLook {
        match (valid, self.editor.look()) {
            (Some(pos), _) => panels::piece_look(pos),
            (None, Some(start)) => PieceLook {
                strong: Spots::default(),
                weak: Spots::default(),
                ..panels::piece_look(start)
            },
            (None, None) => PieceLook::default(),
        }
    }

    fn board(&self, lay: &EditorLayout, valid: Option<&AnyPosition>, buf: &mut Buffer) {
        let e = self.editor;
        let Some(geom) = lay.page.board else {
            return;
        };
        let mut marks = Marks {
            cursor: Some(spot_of(e.cursor)),
            ..Marks::default()
        };
        if let DraftState::Flips(f) = e.draft.state {
            marks.flipped = spots_of(f);
        }
        if let Some(ep) = e.draft.setup.ep_square {
            marks.best = vec![spot_of(ep)];
        }
        let look = self.piece_look(valid);
        BoardView {
            board: &BoardPicture::of_board(&e.draft.setup.board),
            geom,
            marks: &marks,
            look: &look,
            theme: self.theme,
        }
        .render(Rect::new(geom.x, geom.y, geom.width(), geom.height()), buf);
    }

    fn palette(&self, lay: &EditorLayout, buf: &mut Buffer) {
        let (e, theme) = (self.editor, self.theme);
        let side = lay.page.side;
        Paragraph::new(Line::styled(
            "Palette (click, or type a letter)",
            theme.title(),
        ))
        .render(Rect::new(side.x, side.y, side.width, 1), buf);
        for (rect, choice) in &lay.palette {
            let text = choice.map_or(" . ".to_string(), |p| format!(" {} ", p.char()));
            let style = if *choice == e.selected {
                row_style(theme, true)
            } else {
                Style::default()
            };
            let r = rect.intersection(side);
            Paragraph::new(Span::styled(text, style)).render(r, buf);
        }
    }

    /// The lines under the palette: selection, side to move, castling, en
    /// passant, the family's state, then the problems.
    fn lines(&self, valid: Option<&AnyPosition>) -> Vec<Line<'static>> {
        let e = self.editor;
        let names = e.side_names();
        let s = &e.draft.setup;
        let fields = e.variant.setup_fields();
        let selected = e.selected.map_or("the empty square".to_string(), |p| {
            piece_words(e.look(), p, names)
        });
        let mut out = vec![
            Line::raw(format!("Selected: {selected}")),
            Line::raw(""),
            Line::raw(format!("To move: {} (t)", names[s.turn.index()])),
        ];
        if fields.castling {
            let rights: String = CastlingRight::ALL
                .iter()
                .map(|r| {
                    if s.castling & r.bit() != 0 {
                        r.letter()
                    } else {
                        '-'
                    }
                })
                .collect();
            out.push(Line::raw(format!("Castling: {rights} (1 2 3 4)")));
        }
        if fields.en_passant {
            let ep = s.ep_square.map_or("none".to_string(), |q| q.to_string());
            out.push(Line::raw(format!("En passant: {ep} (e at the cursor)")));
        }
        out.extend(self.state_lines(valid));
        out.push(Line::raw(""));
        out.extend(self.problem_lines());
        out
    }

    /// The family's own state, the field `+`/`-` change highlighted.
    fn state_lines(&self, valid: Option<&AnyPosition>) -> Vec<Line<'static>> {
        let (e, theme) = (self.editor, self.theme);
        let names = e.side_names();
        let current = e.current_field();
        let chosen = |f: Field, text: String| {
            let style = if current == Some(f) {
                row_style(theme, true)
            } else {
                Style::default()
            };
            Span::styled(text, style)
        };
        let mut out = Vec::new();
        match &e.draft.state {
            DraftState::Plain => {}
            DraftState::Flips(f) => {
                if e.variant.setup_fields().flips {
                    let squares: Vec<String> = f.into_iter().map(|s| s.to_string()).collect();
                    let list = if squares.is_empty() {
                        "none".to_string()
                    } else {
                        squares.join(" ")
                    };
                    out.push(Line::raw(format!("Flipped last move: {list} (f)")));
                }
            }
            DraftState::Scores(scores) => {
                let mut spans = vec![Span::raw("Scores: ")];
                for c in Color::ALL {
                    let text = format!("{} {}", names[c.index()], scores[c.index()]);
                    spans.push(chosen(Field::Score(c), text));
                    spans.push(Span::raw("  "));
                }
                out.push(Line::from(spans));
            }
            DraftState::Economy(econ) => {
                let mut money = vec![Span::raw("Money: ")];
                for c in Color::ALL {
                    let text = format!("{} ${}", names[c.index()], econ.money[c.index()]);
                    money.push(chosen(Field::Money(c), text));
                    money.push(Span::raw("  "));
                }
                out.push(Line::from(money));
                let die = |d: Option<u8>| d.map_or("-".to_string(), |v| v.to_string());
                out.push(Line::from(vec![
                    Span::raw("Dice: "),
                    chosen(Field::Die(0), die(econ.dice.map(|d| d.0))),
                    Span::raw(" "),
                    chosen(Field::Die(1), die(econ.dice.map(|d| d.1))),
                    Span::styled(
                        if econ.dice.is_none() {
                            " (to roll)"
                        } else {
                            " (rolled)"
                        },
                        theme.dim(),
                    ),
                ]));
                for c in Color::ALL {
                    let mut spans = vec![Span::raw(format!("Price list {}: ", names[c.index()]))];
                    for (i, p) in econ.prices[c.index()].iter().enumerate() {
                        if i > 0 {
                            spans.push(Span::raw("/"));
                        }
                        spans.push(chosen(Field::Price(c, i), p.to_string()));
                    }
                    out.push(Line::from(spans));
                }
                if let Some(Field::Price(_, i)) = current {
                    if let Some(item) = price_item_words(i) {
                        out.push(Line::styled(format!("  {item}"), theme.dim()));
                    }
                }
                out.push(Line::raw(lost_text(valid, names)));
            }
        }
        if !super::fields(&e.draft.state).is_empty() {
            out.push(Line::styled(
                "Tab: next field · + / -: change it",
                theme.dim(),
            ));
        }
        out
    }

    fn problem_lines(&self) -> Vec<Line<'static>> {
        let (e, theme) = (self.editor, self.theme);
        if let Some(err) = &e.variant_error {
            return vec![Line::styled(
                format!("Variant problem: {err}"),
                theme.error(),
            )];
        }
        if e.problems.is_empty() {
            let k = |c: char| e.key_name(c);
            let text = format!(
                "No problems: {} plays, {} analyses, {} / {} copy",
                k('o'),
                k('a'),
                k('y'),
                k('Y')
            );
            return vec![Line::styled(text, theme.good())];
        }
        let mut out = vec![Line::styled(
            format!("Problems ({}):", e.problems.len()),
            theme.error(),
        )];
        for p in &e.problems {
            let text = format!(
                "• {}",
                words::problem(p, e.draft.setup.turn, e.side_names())
            );
            out.push(Line::styled(text, theme.error()));
        }
        out
    }
}

/// The lost pieces as the rules count them (what each set misses on the
/// board), once the position is valid.
fn lost_text(valid: Option<&AnyPosition>, names: [&str; 2]) -> String {
    let lost = valid.and_then(|p| {
        p.facts().into_iter().find_map(|f| match f {
            Fact::Lost(lost) => Some(lost),
            _ => None,
        })
    });
    let Some(lost) = lost else {
        return "Lost: (once the position is valid)".to_string();
    };
    let side = |c: Color| {
        let count = |r: &Role| lost[c.index()][r.index()];
        let lost: Vec<String> = Role::ALL
            .iter()
            .filter(|r| count(r) > 0)
            .map(|r| format!("{}{}", r.upper_char(), count(r)))
            .collect();
        let list = if lost.is_empty() {
            "none".to_string()
        } else {
            lost.join(" ")
        };
        format!("{} {list}", names[c.index()])
    };
    format!("Lost: {} · {}", side(Color::White), side(Color::Black))
}

impl Widget for EditorPage<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (e, theme) = (self.editor, self.theme);
        let lay = EditorLayout::new(e, (area.width, area.height));
        Paragraph::new(Line::from(vec![
            Span::styled(" Motley editor ", theme.title()),
            Span::raw(format!("· {}", e.variant.name)),
        ]))
        .render(lay.page.title, buf);
        let valid = self.valid();
        self.board(&lay, valid.as_ref(), buf);
        self.palette(&lay, buf);
        Paragraph::new(self.lines(valid.as_ref()))
            .wrap(Wrap { trim: false })
            .render(lay.below, buf);
        if let Some(m) = &e.message {
            render_message(message_lines(m, area.width, theme), lay.page.message, buf);
        }
        KeyBar {
            hints: &e.hints(),
            theme,
        }
        .render(lay.page.hints, buf);
        match &e.popup {
            Some(EditorPopup::Help { scroll }) => {
                keys_popup("Editor keys", EDITOR_KEYS, *scroll, theme).render(area, buf)
            }
            Some(EditorPopup::Rules { scroll }) => {
                rules_popup(&e.variant, *scroll, theme).render(area, buf)
            }
            Some(EditorPopup::Play(list)) => list.widget(theme).render(area, buf),
            None => {}
        }
    }
}
