//! Drawing the play screen, and its layout (shared with the mouse handler
//! so a click lands where the thing was drawn).

use super::board::{BoardGeom, BoardView};
use super::panels;
use super::play::{PlayState, Popup};
use super::popup;
use super::theme::Theme;
use crate::ai::PlayerSpec;
use crate::core::Action;
use crate::game::Game;
use crate::rules::Position;
use crossterm::event::KeyCode;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};

/// Side panel width bounds.
const SIDE_MIN: u16 = 34;

/// Where everything on the play (and replay) screen goes.
#[derive(Clone, Debug)]
pub struct PlayLayout {
    pub title: Rect,
    pub board: Option<BoardGeom>,
    pub side: Rect,
    pub message: Rect,
    pub hints: Rect,
    /// Clickable key labels in the hint bar.
    pub buttons: Vec<(Rect, KeyCode)>,
}

/// Split a screen: title row, board left, panel right, message and hints
/// at the bottom. `centerline` reserves the row of a family's centerline.
pub fn split(
    size: (u16, u16),
    flipped: bool,
    centerline: bool,
    hints: &[(KeyCode, &str, &str)],
) -> PlayLayout {
    let area = Rect::new(0, 0, size.0, size.1);
    let title = Rect::new(0, 0, area.width, 1.min(area.height));
    let body_h = area.height.saturating_sub(3);
    let body = Rect::new(0, 1, area.width, body_h);
    let board_area = Rect::new(
        body.x + 1,
        body.y,
        body.width.saturating_sub(SIDE_MIN + 2),
        body.height,
    );
    let board = BoardGeom::fit(board_area, flipped, centerline);
    let board_w = board.map(|g| g.width() + 2).unwrap_or(0);
    let side = Rect::new(
        board_w + 1,
        body.y,
        area.width.saturating_sub(board_w + 1),
        body.height,
    );
    let message = Rect::new(0, area.height.saturating_sub(2), area.width, 1);
    let hint_rect = Rect::new(0, area.height.saturating_sub(1), area.width, 1);
    PlayLayout {
        title,
        board,
        side,
        message,
        hints: hint_rect,
        buttons: buttons(hint_rect, hints),
    }
}

/// Lay out clickable key labels left to right.
pub fn buttons(area: Rect, hints: &[(KeyCode, &str, &str)]) -> Vec<(Rect, KeyCode)> {
    let mut x = area.x;
    let mut out = Vec::new();
    for (code, key, label) in hints {
        let w = (key.chars().count() + label.chars().count() + 2) as u16;
        if x + w > area.right() {
            break;
        }
        out.push((Rect::new(x, area.y, w, 1), *code));
        x += w + 1;
    }
    out
}

/// Draw the hint bar for `hints` in `area`.
pub fn draw_hints(buf: &mut Buffer, area: Rect, hints: &[(KeyCode, &str, &str)], theme: &Theme) {
    for ((rect, _), (_, key, label)) in buttons(area, hints).iter().zip(hints) {
        buf.set_string(rect.x, rect.y, *key, theme.key());
        buf.set_string(
            rect.x + key.chars().count() as u16 + 1,
            rect.y,
            *label,
            theme.dim(),
        );
    }
}

/// The key labels shown for a game.
pub fn hint_items(p: &PlayState) -> Vec<(KeyCode, &'static str, &'static str)> {
    let mut v: Vec<(KeyCode, &'static str, &'static str)> = Vec::new();
    let over = p.game.outcome().is_some();
    if over {
        v.push((KeyCode::Char('n'), "n", "rematch"));
        v.push((KeyCode::Char('g'), "g", "result"));
    } else {
        v.push((KeyCode::Char(':'), ":", "move"));
        if p.thinking.is_some() {
            v.push((KeyCode::Char('m'), "m", "move now"));
        }
        let legal = p.game.legal_actions();
        if legal
            .iter()
            .any(|a| matches!(a, Action::Buy(_) | Action::Place(..)))
        {
            v.push((KeyCode::Char('b'), "b", "buy"));
        }
        if legal.contains(&Action::Pass) {
            v.push((KeyCode::Char('p'), "p", "pass"));
        }
    }
    // Most used first: narrow terminals drop the tail (all keys are in
    // the help).
    v.push((KeyCode::Char('u'), "u", "undo"));
    v.push((KeyCode::Char('r'), "r", "redo"));
    v.push((KeyCode::Char('s'), "s", "save"));
    v.push((KeyCode::Char('?'), "?", "help"));
    v.push((KeyCode::Char('q'), "q", "quit"));
    v.push((KeyCode::Char('f'), "f", "flip"));
    if !over {
        v.push((KeyCode::Char('d'), "d", "offer"));
        v.push((KeyCode::Char('R'), "R", "resign"));
    }
    v.push((KeyCode::Char('i'), "i", "rules"));
    v
}

/// The layout of a game's screen.
pub fn layout(p: &PlayState, size: (u16, u16), flipped: bool) -> PlayLayout {
    split(
        size,
        flipped,
        panels::centerline(p.game.position()),
        &hint_items(p),
    )
}

/// Every key of the play screen, for the help popup.
pub const PLAY_KEYS: &[(&str, &str)] = &[
    ("←↑↓→ / hjkl", "move the cursor"),
    (
        "Enter / Space",
        "pick up a piece, put it down (a click does the same)",
    ),
    (
        ":",
        "type a move: e2e4, Nf3, e7e8q, d4^e5, N@e4, buy:move1, pass (Enter plays, Esc cancels)",
    ),
    ("u", "undo (against a computer: back to your last turn)"),
    ("r", "redo"),
    ("f", "flip the board"),
    ("s", "save the game (asks for a file name)"),
    (
        "d",
        "offer a draw (or, where the rules say so, to end the game scored)",
    ),
    ("R", "resign"),
    ("m", "make a thinking computer move now"),
    (
        "b",
        "buy an item or a placement, where the variant sells them",
    ),
    ("p", "pass: give up the remaining bought extra moves"),
    ("n", "after the game: rematch, or the next game of a match"),
    ("g", "after the game: show the result again"),
    ("PgUp/PgDn, wheel", "scroll the move list"),
    ("i", "the rules of this variant"),
    ("?", "this help"),
    ("Esc", "drop the selection, close a prompt or popup"),
    (
        "q",
        "leave the game (it is autosaved and offered on the menu)",
    ),
    ("Ctrl-C", "quit at once (autosaved)"),
];

/// Lines of a key table.
pub fn key_lines(keys: &[(&str, &str)], theme: &Theme) -> Vec<Line<'static>> {
    keys.iter()
        .map(|(k, what)| {
            Line::from(vec![
                Span::styled(format!("{k:>16}  "), theme.key()),
                Span::raw(what.to_string()),
            ])
        })
        .collect()
}

fn player_label(spec: PlayerSpec) -> String {
    match spec {
        PlayerSpec::Human => "human".to_string(),
        other => format!("computer ({other})"),
    }
}

/// Status lines: whose turn, check, thinking, the result.
pub fn status_lines(
    game: &Game,
    players: Option<&[PlayerSpec; 2]>,
    thinking: bool,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let mut v = Vec::new();
    let pos = game.position();
    match game.outcome() {
        Some(o) => {
            v.push(Line::styled(
                format!("Game over: {}", o.result_str()),
                theme.title(),
            ));
            v.push(Line::styled(
                panels::describe_outcome(pos, &o),
                theme.title(),
            ));
        }
        None => {
            let side = pos.turn();
            let name = panels::side_name(pos, side);
            let who = match players {
                Some(p) if p[side.index()] != PlayerSpec::Human => {
                    if thinking {
                        format!("{name} (computer) is thinking…")
                    } else {
                        format!("{name} (computer) to move")
                    }
                }
                _ => format!("{name} to move"),
            };
            v.push(Line::styled(who, theme.title()));
            if pos.in_check(pos.turn()) {
                v.push(Line::styled("Check!", theme.error()));
            }
        }
    }
    v
}

/// The side panel's parts: the status-and-family box (its lines and
/// rectangle) and the move list's rectangle.
pub fn side_parts(
    area: Rect,
    game: &Game,
    ply: usize,
    status: Vec<Line<'static>>,
    focus: Option<crate::core::Square>,
    theme: &Theme,
) -> (Vec<Line<'static>>, Rect, Rect) {
    let mut top = status;
    let panel = panels::variant_panel(game, ply, focus, theme);
    if !panel.is_empty() {
        top.push(Line::raw(""));
        top.extend(panel);
    }
    let inner_w = area.width.saturating_sub(2);
    // Wrapped height of the top part (text is wrapped at word breaks, so
    // allow a row of slack per long line).
    let top_h: u16 = top
        .iter()
        .map(|l| {
            let w = l.width() as u16;
            1 + w.saturating_sub(1) / inner_w.max(1) + u16::from(w > inner_w)
        })
        .sum::<u16>()
        + 2;
    let top_h = top_h
        .min(area.height.saturating_sub(5).max(3))
        .min(area.height);
    let top_rect = Rect::new(area.x, area.y, area.width, top_h);
    let list_rect = Rect::new(area.x, area.y + top_h, area.width, area.height - top_h);
    (top, top_rect, list_rect)
}

/// A ply's text on screen: columns `x0..x1` of row `y`, and the ply.
pub type ScreenHit = (u16, u16, u16, usize);

/// The visible rows of the move list and where each shown ply is on
/// screen.
pub fn move_list_view(
    game: &Game,
    list_rect: Rect,
    current: Option<usize>,
    scroll: u16,
    theme: &Theme,
) -> (Vec<Line<'static>>, Vec<ScreenHit>) {
    let inner_w = list_rect.width.saturating_sub(2);
    let (rows, cur, hits) = panels::move_rows(game, current, inner_w, theme);
    let visible = list_rect.height.saturating_sub(2) as usize;
    let start = if current.is_some() {
        // Keep the current ply in view.
        cur.saturating_sub(visible / 2)
            .min(rows.len().saturating_sub(visible))
    } else {
        rows.len()
            .saturating_sub(visible)
            .saturating_sub(scroll as usize)
    };
    let screen_hits = hits
        .into_iter()
        .filter(|(r, ..)| *r >= start && *r < start + visible)
        .map(|(r, x0, x1, ply)| {
            let y = list_rect.y + 1 + (r - start) as u16;
            (list_rect.x + 1 + x0, list_rect.x + 1 + x1, y, ply)
        })
        .collect();
    (
        rows.into_iter().skip(start).take(visible).collect(),
        screen_hits,
    )
}

/// The side panel: status, family panel, moves.
#[allow(clippy::too_many_arguments)]
pub fn draw_side(
    buf: &mut Buffer,
    area: Rect,
    game: &Game,
    ply: usize,
    status: Vec<Line<'static>>,
    current: Option<usize>,
    scroll: u16,
    focus: Option<crate::core::Square>,
    theme: &Theme,
) {
    if area.width < 4 || area.height < 4 {
        return;
    }
    let (top, top_rect, list_rect) = side_parts(area, game, ply, status, focus, theme);
    Paragraph::new(top)
        .wrap(Wrap { trim: false })
        .block(Block::default().borders(Borders::ALL).title(Span::styled(
            format!(" {} ", game.variant().name),
            theme.title(),
        )))
        .render(top_rect, buf);
    let (shown, _) = move_list_view(game, list_rect, current, scroll, theme);
    Paragraph::new(shown)
        .block(
            Block::default()
                .borders(Borders::ALL)
                .title(Span::styled(" Moves ", theme.title())),
        )
        .render(list_rect, buf);
}

/// Draw a game.
pub fn draw(p: &PlayState, size: (u16, u16), flipped: bool, theme: &Theme, buf: &mut Buffer) {
    let lay = layout(p, size, flipped);
    let game = &p.game;
    let pos = game.position();
    // Title.
    let mut title = vec![
        Span::styled(" Motley ", theme.title()),
        Span::raw(format!(
            "· {}   {}: {}   {}: {}",
            game.variant().name,
            panels::side_name(pos, crate::core::Color::White),
            player_label(p.players[0]),
            panels::side_name(pos, crate::core::Color::Black),
            player_label(p.players[1])
        )),
    ];
    if let Some(m) = &p.match_info {
        title.push(Span::raw(format!(
            "   match game {} of {} ({} – {})",
            m.played + 1,
            m.games,
            m.points[0],
            m.points[1]
        )));
    }
    Paragraph::new(Line::from(title)).render(lay.title, buf);
    // Board.
    if let Some(geom) = lay.board {
        let mut marks = panels::position_marks(pos, game.actions().last());
        marks.cursor = Some(p.cursor);
        marks.selected = p.selected;
        marks.destinations = p.destinations();
        let look = panels::piece_look(pos);
        let r = Rect::new(geom.x, geom.y, geom.width(), geom.height());
        BoardView {
            board: pos.board(),
            geom,
            marks: &marks,
            look: &look,
            theme,
        }
        .render(r, buf);
    }
    let status = status_lines(game, Some(&p.players), p.thinking.is_some(), theme);
    let focus = Some(p.selected.unwrap_or(p.cursor));
    draw_side(
        buf,
        lay.side,
        game,
        game.ply(),
        status,
        None,
        p.list_scroll,
        focus,
        theme,
    );
    // Message or prompt line.
    let line = if let Some(text) = &p.prompt {
        Line::from(vec![
            Span::styled(" move: ", theme.key()),
            Span::raw(text.clone()),
            Span::styled("█", theme.key()),
            Span::styled("   Enter plays · Esc cancels", theme.dim()),
        ])
    } else if let Some(m) = &p.message {
        Line::styled(
            format!(" {}", m.text),
            if m.error { theme.error() } else { theme.good() },
        )
    } else if let Some(piece) = p.placing {
        Line::styled(
            format!(" placing a {}: pick a square", piece.role.name()),
            theme.good(),
        )
    } else if p.human_to_act() {
        Line::styled(
            " your move: arrows + Enter (or click), or : to type it",
            theme.dim(),
        )
    } else {
        Line::raw("")
    };
    Paragraph::new(line).render(lay.message, buf);
    draw_hints(buf, lay.hints, &hint_items(p), theme);
    // Popups.
    let area = Rect::new(0, 0, size.0, size.1);
    match &p.popup {
        None => {}
        Some(Popup::Help { scroll }) => popup::render_text(
            area,
            buf,
            theme,
            "Keys",
            key_lines(PLAY_KEYS, theme),
            *scroll,
        ),
        Some(Popup::Rules { scroll }) => {
            let lines = rules_lines(game.variant());
            popup::render_text(area, buf, theme, &game.variant().name, lines, *scroll)
        }
        Some(Popup::List { list, .. }) => list.render(area, buf, theme),
        Some(Popup::SaveAs { text }) => popup::render_input(
            area,
            buf,
            theme,
            "Save game as",
            "Enter saves · Esc cancels",
            text,
        ),
    }
}

/// A variant's rules text as lines.
pub fn rules_lines(def: &crate::variant::VariantDef) -> Vec<Line<'static>> {
    let mut v = vec![Line::raw(format!(
        "{}{}",
        def.name,
        match (&def.inventor, def.year) {
            (i, Some(y)) if !i.is_empty() => format!(" — {i}, {y}"),
            (i, None) if !i.is_empty() => format!(" — {i}"),
            _ => String::new(),
        }
    ))];
    v.push(Line::raw(""));
    v.extend(def.rules_text().lines().map(|l| Line::raw(l.to_string())));
    v
}

/// "Please enlarge" screen.
pub fn draw_too_small(size: (u16, u16), need: (u16, u16), theme: &Theme, buf: &mut Buffer) {
    let area = Rect::new(0, 0, size.0, size.1);
    let text = vec![
        Line::styled("Motley", theme.title()),
        Line::raw(format!(
            "please enlarge the terminal to {}×{}",
            need.0, need.1
        )),
        Line::styled(format!("(now {}×{})", size.0, size.1), theme.dim()),
    ];
    Paragraph::new(text)
        .wrap(Wrap { trim: true })
        .style(Style::default())
        .render(area, buf);
}
