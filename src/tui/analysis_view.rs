//! Drawing an analysis: the evaluation bar beside the board, the graph of
//! the evaluation over the whole game, and where both go on a game screen.
//! Evaluations are from White's (South's) side, as players read them: the
//! bar fills from White's edge of the board, the graph rises when White
//! stands better.

use super::board::BoardGeom;
use super::game_page::PageLayout;
use super::popup::titled_block;
use super::review::Review;
use super::theme::Theme;
use crate::ai::analysis::{Eval, Mark, PlyAnalysis};
use crate::core::{Action, Color, Square};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Chart, Dataset, GraphType, Widget};

/// Columns of the evaluation bar (wide enough for its label, `+0.3`).
const BAR_W: u16 = 4;
/// The side panel keeps at least this width; below it the bar is left out.
const SIDE_KEEP: u16 = 28;
/// Rows of the smallest useful graph (a border and two rows of plot).
const GRAPH_MIN_H: u16 = 4;
/// Centipawns at which the bar is about three quarters full.
const SCALE_CP: f64 = 300.0;

/// Where the analysis goes on a game screen, carved out of its layout:
/// the board keeps its size, the bar takes columns from the side panel and
/// the graph the rows under the board; each is left out when it does not
/// fit (the graph first, then the bar).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisLayout {
    /// The evaluation bar, right of the board.
    pub bar: Option<Rect>,
    /// The evaluation graph, under the board.
    pub graph: Option<Rect>,
    /// The side panel, narrowed for the bar.
    pub side: Rect,
}

impl AnalysisLayout {
    /// The analysis parts of a screen laid out as `page`.
    pub fn new(page: &PageLayout) -> AnalysisLayout {
        let Some(g) = page.board else {
            return AnalysisLayout {
                bar: None,
                graph: None,
                side: page.side,
            };
        };
        let bar_x = g.x + g.width() + 1;
        let side_x = bar_x + BAR_W + 1;
        let right = page.side.right();
        let bar = (right.saturating_sub(side_x) >= SIDE_KEEP)
            .then(|| Rect::new(bar_x, g.y, BAR_W, g.height()));
        let side = match bar {
            Some(_) => Rect::new(side_x, page.side.y, right - side_x, page.side.height),
            None => page.side,
        };
        let graph_y = g.y + g.height();
        let graph_h = page.message.y.saturating_sub(graph_y);
        let graph_w = bar.map_or(g.x + g.width(), |b| b.right());
        let graph = (graph_h >= GRAPH_MIN_H).then(|| Rect::new(0, graph_y, graph_w, graph_h));
        AnalysisLayout { bar, graph, side }
    }
}

/// White's share of the bar for an evaluation from White's side, 0 to 1:
/// a logistic curve of the centipawns, full for a mate or a win.
pub fn white_share(eval: Eval) -> f64 {
    match eval {
        Eval::Cp(c) => 1.0 / (1.0 + (-f64::from(c) / SCALE_CP).exp()),
        Eval::Mate(n) if n > 0 => 1.0,
        Eval::Mate(_) => 0.0,
        Eval::Won => 1.0,
        Eval::Lost => 0.0,
    }
}

/// An evaluation from White's side in at most four characters: pawns
/// (`+0.3`, `-12`), `#3` / `#-3` for mates, `1-0` / `0-1` for an ended game.
pub fn short_eval(eval: Eval) -> String {
    match eval {
        Eval::Cp(c) if c.abs() < 995 => format!("{:+.1}", f64::from(c) / 100.0),
        Eval::Cp(c) => format!(
            "{:+}",
            ((f64::from(c) / 100.0).round() as i32).clamp(-99, 99)
        ),
        Eval::Mate(n) => format!("#{n}"),
        Eval::Won => "1-0".to_string(),
        Eval::Lost => "0-1".to_string(),
    }
}

/// The squares of an action to highlight: a move's from and to, a
/// placement's square; nothing for buying, passing or rolling.
pub fn action_squares(action: &Action) -> Vec<Square> {
    match action {
        Action::Move(m) => vec![m.from, m.to],
        Action::Place(_, sq) => vec![*sq],
        _ => Vec::new(),
    }
}

/// The evaluation bar: as tall as the board's squares, White's share
/// filled from White's edge (the bottom unless the board is flipped), the
/// evaluation written under it. Empty (a dim `…`) while unknown.
pub struct EvalBar<'a> {
    /// From White's side; `None` while the position is not analysed yet.
    pub eval: Option<Eval>,
    /// The board beside it (rows and orientation).
    pub geom: BoardGeom,
    /// Colours and characters.
    pub theme: &'a Theme,
}

impl Widget for EvalBar<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.height < 2 || area.width == 0 {
            return;
        }
        let rows = area.height - 1;
        let label_y = area.bottom() - 1;
        let Some(eval) = self.eval else {
            buf.set_stringn(area.x, label_y, "…", area.width as usize, self.theme.dim());
            return;
        };
        // White's share in half rows, counted from White's edge.
        let halves = (white_share(eval) * f64::from(2 * rows)).round() as u16;
        let style = self.theme.bar();
        let (full, blank) = if self.theme.ascii {
            ("#", ".")
        } else if self.theme.mode == super::theme::ColorMode::None {
            ("█", "·")
        } else {
            ("█", " ")
        };
        for i in 0..rows {
            // Row i counted from White's edge.
            let y = if self.geom.flipped {
                area.y + i
            } else {
                area.y + rows - 1 - i
            };
            let cell = match halves.saturating_sub(2 * i) {
                0 => blank,
                1 if self.theme.ascii => ":",
                1 if self.geom.flipped => "▀",
                1 => "▄",
                _ => full,
            };
            for x in area.x..area.right() {
                buf.set_string(x, y, cell, style);
            }
        }
        let label = short_eval(eval);
        let x = area.x + area.width.saturating_sub(label.chars().count() as u16) / 2;
        buf.set_stringn(x, label_y, &label, area.width as usize, self.theme.title());
    }
}

/// The evaluation graph over the whole game (a ratatui `Chart`): the
/// evaluation from White's side by ply, squashed like the bar, a dotted
/// zero line, and the ply shown marked by a vertical line.
pub struct EvalGraph<'a> {
    /// (ply, evaluation from White's side) of every position analysed.
    pub evals: &'a [(usize, Eval)],
    /// Plies in the game.
    pub plies: usize,
    /// The ply shown.
    pub current: usize,
    /// Colours and characters.
    pub theme: &'a Theme,
}

impl Widget for EvalGraph<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme;
        let points: Vec<(f64, f64)> = self
            .evals
            .iter()
            .map(|(k, e)| (*k as f64, 2.0 * white_share(*e) - 1.0))
            .collect();
        let last = self.plies.max(1) as f64;
        let zero = [(0.0, 0.0), (last, 0.0)];
        let x = self.current as f64;
        let cursor = [(x, -1.0), (x, 1.0)];
        let datasets = vec![
            Dataset::default()
                .marker(Marker::Dot)
                .graph_type(GraphType::Line)
                .style(theme.dim())
                .data(&zero),
            Dataset::default()
                .marker(Marker::Block)
                .graph_type(GraphType::Line)
                .style(theme.eval_cursor())
                .data(&cursor),
            Dataset::default()
                .marker(Marker::Braille)
                .graph_type(GraphType::Line)
                .style(theme.eval_line())
                .data(&points),
        ];
        let title = format!(" Evaluation · ply {} of {} ", self.current, self.plies);
        Chart::new(datasets)
            .block(titled_block(title, theme))
            .x_axis(Axis::default().bounds([0.0, last]))
            .y_axis(Axis::default().bounds([-1.0, 1.0]))
            .render(area, buf);
    }
}

/// An evaluation from White's side in words for the side panel:
/// `+0.35`, `White mates in 3`, `Black has won`.
pub fn long_eval(eval: Eval) -> String {
    match eval {
        Eval::Cp(_) => eval.to_string(),
        Eval::Mate(n) if n > 0 => format!("White mates in {n}"),
        Eval::Mate(n) => format!("Black mates in {}", -n),
        Eval::Won => "White has won".to_string(),
        Eval::Lost => "Black has won".to_string(),
    }
}

/// The side panel's analysis lines for the position after `ply` plies:
/// how far the analysis is, the evaluation, the engine's choice here, and
/// what the move that led here cost.
pub fn analysis_lines(review: &Review, ply: usize, theme: &Theme) -> Vec<Line<'static>> {
    if !review.is_shown() {
        return Vec::new();
    }
    let (done, total) = (review.done(), review.total());
    let state = if review.is_running() {
        Line::styled(format!("Analysing… {done} of {total} plies"), theme.good())
    } else if review.is_done() {
        let source = if review.from_the_record() {
            " (file)"
        } else {
            ""
        };
        Line::styled(
            format!("Analysis{source}: {} ms/pos", review.movetime_ms()),
            theme.dim(),
        )
    } else {
        Line::styled(
            format!("Analysis stopped: {done} of {total} plies"),
            theme.dim(),
        )
    };
    let mut lines = vec![state];
    match review.eval_at(ply) {
        Some(e) => lines.push(Line::raw(format!("Evaluation: {}", long_eval(e)))),
        None => lines.push(Line::styled("Evaluation: …", theme.dim())),
    }
    if let Some(best) = review.ply(ply + 1).and_then(|p| p.best.clone()) {
        lines.push(Line::from(vec![
            Span::raw("Best here: "),
            Span::styled(best, theme.title()),
        ]));
    }
    if let Some(p) = review.ply(ply).filter(|p| p.loss.is_some()) {
        lines.push(last_move_line(p, theme));
    }
    lines
}

/// What the move that led to the position shown cost, with the engine's
/// choice when it differed.
fn last_move_line(p: &PlyAnalysis, theme: &Theme) -> Line<'static> {
    let dots = if p.mover_color() == Color::White {
        "."
    } else {
        "…"
    };
    let mut spans = vec![Span::raw(format!("{}{dots} {}", p.fullmove, p.san))];
    if let Some(m) = p.mark {
        spans.push(Span::styled(
            m.symbol(),
            theme.move_mark(m >= Mark::Mistake),
        ));
    }
    let loss = p.loss.unwrap_or(0);
    let chosen = p.best_action.as_deref() == Some(p.action.as_str());
    let verdict = match (&p.best, chosen) {
        (_, true) => ": the engine's choice".to_string(),
        (Some(best), false) if loss > 0 => {
            format!(": lost {}.{:02}, best {best}", loss / 100, loss % 100)
        }
        _ => ": as good as the engine's choice".to_string(),
    };
    spans.push(Span::raw(verdict));
    Line::from(spans)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_follows_the_evaluation_and_fills_for_mates() {
        assert!((white_share(Eval::Cp(0)) - 0.5).abs() < 1e-9);
        assert!(white_share(Eval::Cp(300)) > 0.7 && white_share(Eval::Cp(300)) < 0.8);
        assert!(white_share(Eval::Cp(-100)) < 0.5);
        assert_eq!(white_share(Eval::Mate(2)), 1.0);
        assert_eq!(white_share(Eval::Mate(-1)), 0.0);
        assert_eq!(white_share(Eval::Lost), 0.0);
    }

    #[test]
    fn short_evaluations_fit_the_bar() {
        for (eval, text) in [
            (Eval::Cp(40), "+0.4"),
            (Eval::Cp(-120), "-1.2"),
            (Eval::Cp(2440), "+24"),
            (Eval::Cp(-99_999), "-99"),
            (Eval::Mate(3), "#3"),
            (Eval::Mate(-12), "#-12"),
            (Eval::Won, "1-0"),
        ] {
            assert_eq!(short_eval(eval), text);
            assert!(text.chars().count() <= BAR_W as usize);
        }
    }
}
