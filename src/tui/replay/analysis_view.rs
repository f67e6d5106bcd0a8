//! Drawing an analysis: the evaluation bar beside the board, the graph of
//! the evaluation over the whole game, and where both go on a game screen.
//! Evaluations are from White's (South's) side, as players read them: the
//! bar fills from White's edge of the board, the graph rises when White
//! stands better. Both show White's chance to win on the game's own scale
//! (the curve accuracy is computed with), so a Monochrome point is not
//! read as a pawn. The graph marks mistakes and blunders under their plies
//! and tells which ply a click on it means.

use super::review::Review;
use crate::tui::board::BoardGeom;
use crate::tui::game_page::PageLayout;
use crate::tui::popup::titled_block;
use crate::tui::theme::Theme;
use motley_ai::analysis::{win_chance, Eval, Mark, PlyAnalysis};
use motley_ai::eval::EvalScale;
use motley_rules::core::Color;
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
/// Rows the graph should have (a border and five rows of plot): where the
/// board leaves fewer, it steps down a size for the graph.
const GRAPH_WANT_H: u16 = 7;
/// Rows per square of the smallest board the graph may step down to (the
/// 5×2-cell board of an 80×24 terminal); below it pieces get hard to read.
const BOARD_FLOOR_CELL_H: u16 = 2;

/// Where the analysis goes on a game screen, carved out of its layout:
/// the bar takes columns from the side panel and the graph the rows under
/// the board; each is left out when it does not fit (the graph first, then
/// the bar). The board keeps its size unless the graph would get fewer than
/// [`GRAPH_WANT_H`] rows: then it is one size smaller (never below
/// [`BOARD_FLOOR_CELL_H`] rows a square), so on a taller terminal the graph
/// grows rather than the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisLayout {
    /// The board, where the analysis leaves it (the page's, or smaller).
    pub board: Option<BoardGeom>,
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
            return AnalysisLayout::without(page);
        };
        let g = board_for_graph(g, page.message.y.saturating_sub(g.y));
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
        AnalysisLayout {
            board: Some(g),
            bar,
            graph,
            side,
        }
    }

    /// No analysis on `page`: its board and side panel as they are.
    pub fn without(page: &PageLayout) -> AnalysisLayout {
        AnalysisLayout {
            board: page.board,
            bar: None,
            graph: None,
            side: page.side,
        }
    }
}

/// The board `g` or, when it leaves the graph fewer than [`GRAPH_WANT_H`]
/// of the `rows` from its top to the message, the next smaller board that
/// leaves it that many (not below [`BOARD_FLOOR_CELL_H`]).
fn board_for_graph(g: BoardGeom, rows: u16) -> BoardGeom {
    if rows.saturating_sub(g.height()) >= GRAPH_WANT_H || g.cell_h <= BOARD_FLOOR_CELL_H {
        return g;
    }
    let room = Rect::new(g.x, g.y, g.width(), rows.saturating_sub(GRAPH_WANT_H));
    BoardGeom::fit(room, g.flipped, g.centerline, (g.files, g.ranks))
        .filter(|s| s.cell_h >= BOARD_FLOOR_CELL_H)
        .unwrap_or(g)
}

/// White's share of the bar and graph for an evaluation from White's side,
/// 0 to 1: White's [`win_chance`] on `scale`, full for a mate or a win.
pub fn white_share(eval: Eval, scale: &EvalScale) -> f64 {
    match eval {
        Eval::Cp(_) => win_chance(eval, scale) / 100.0,
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

/// The evaluation bar: as tall as the board's squares, White's share
/// filled from White's edge (the bottom unless the board is flipped), the
/// evaluation written under it. Empty (a dim `…`) while unknown.
pub struct EvalBar<'a> {
    /// From White's side; `None` while the position is not analysed yet.
    pub eval: Option<Eval>,
    /// The scale the evaluation is read on.
    pub scale: EvalScale,
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
        let halves = (white_share(eval, &self.scale) * f64::from(2 * rows)).round() as u16;
        let style = self.theme.bar();
        let (full, blank) = if self.theme.ascii {
            ("#", ".")
        } else if self.theme.mode == crate::tui::theme::ColorMode::None {
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

/// The evaluation graph over the whole game (a ratatui `Chart`): White's
/// share by ply (as on the bar), a dotted even line, the ply shown marked
/// by a vertical line, and each mistake (`?`) and blunder (`??`) written in
/// the bottom border under its ply. [`EvalGraph::ply_at`] reads a click.
pub struct EvalGraph<'a> {
    /// (ply, evaluation from White's side) of every position analysed.
    pub evals: &'a [(usize, Eval)],
    /// The mark of each ply (index = ply − 1).
    pub marks: &'a [Option<Mark>],
    /// The scale the evaluations are read on.
    pub scale: EvalScale,
    /// Plies in the game.
    pub plies: usize,
    /// The ply shown.
    pub current: usize,
    /// Colours and characters.
    pub theme: &'a Theme,
}

/// The plot inside the graph's border, where plies are placed.
fn plot_area(area: Rect) -> Rect {
    Rect::new(
        area.x + 1,
        area.y + 1,
        area.width.saturating_sub(2),
        area.height.saturating_sub(2),
    )
}

/// The plot's column of ply `ply` of `plies`, as the chart places a point
/// drawn in whole cells (the cursor's marker).
fn ply_column(plot: Rect, ply: usize, plies: usize) -> u16 {
    let last = plies.max(1);
    let cols = usize::from(plot.width.saturating_sub(1));
    plot.x + (ply.min(last) * cols / last) as u16
}

impl EvalGraph<'_> {
    /// The ply a click at (`col`, `row`) on a graph drawn in `area` for a
    /// game of `plies` plies means: the ply drawn in that column, or the
    /// nearest one (the middle one where a column holds several).
    pub fn ply_at(area: Rect, plies: usize, col: u16, row: u16) -> Option<usize> {
        if !area.contains((col, row).into()) {
            return None;
        }
        let plot = plot_area(area);
        if plot.width == 0 {
            return None;
        }
        let col = col.clamp(plot.x, plot.right() - 1);
        let exact = |k: usize| {
            f64::from(plot.x) + k as f64 * f64::from(plot.width - 1) / plies.max(1) as f64
        };
        (0..=plies).min_by(|&a, &b| {
            let dist = |k: usize| ply_column(plot, k, plies).abs_diff(col);
            let off = |k: usize| (exact(k) - f64::from(col) - 0.5).abs();
            dist(a).cmp(&dist(b)).then(off(a).total_cmp(&off(b)))
        })
    }

    /// Mistakes and blunders in the bottom border, under their plies
    /// (blunders drawn last, so they win where two meet).
    fn render_marks(&self, area: Rect, buf: &mut Buffer) {
        let plot = plot_area(area);
        if plot.width < 2 || area.height < 3 {
            return;
        }
        let y = area.bottom() - 1;
        for wanted in [Mark::Mistake, Mark::Blunder] {
            for (i, _) in self
                .marks
                .iter()
                .enumerate()
                .filter(|(_, m)| **m == Some(wanted))
            {
                let symbol = wanted.symbol();
                let w = symbol.len() as u16;
                let x = ply_column(plot, i + 1, self.plies).min(plot.right() - w);
                buf.set_string(x, y, symbol, self.theme.move_mark(true));
            }
        }
    }
}

impl Widget for EvalGraph<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let theme = self.theme;
        let points: Vec<(f64, f64)> = self
            .evals
            .iter()
            .map(|(k, e)| (*k as f64, 2.0 * white_share(*e, &self.scale) - 1.0))
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
        self.render_marks(area, buf);
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
        let text = match (review.is_from_record(), review.movetime_ms()) {
            (true, 0) => "Analysis: the file's evaluations".to_string(),
            (true, ms) => format!("Analysis (file): {ms} ms/pos"),
            (false, ms) => format!("Analysis: {ms} ms/pos"),
        };
        Line::styled(text, theme.dim())
    } else {
        Line::styled(
            format!("Analysis stopped: {done} of {total} plies"),
            theme.dim(),
        )
    };
    let mut lines = vec![state];
    if let Some(line) = accuracy_line(review) {
        lines.push(line);
    }
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

/// Each side's accuracy over its moves analysed so far: `Accuracy: White
/// 94% Black 61%` (the variant's side names; short enough for the side
/// panel of an 80-column screen); none before any move is in.
fn accuracy_line(review: &Review) -> Option<Line<'static>> {
    let sides = [Color::White, Color::Black].map(|c| (review.side_name(c), review.accuracy(c)));
    if sides.iter().all(|(_, a)| a.is_none()) {
        return None;
    }
    let figure = |a: Option<f64>| a.map_or("–".to_string(), |a| format!("{a:.0}%"));
    Some(Line::raw(format!(
        "Accuracy: {} {} {} {}",
        sides[0].0,
        figure(sides[0].1),
        sides[1].0,
        figure(sides[1].1)
    )))
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
        let share = |e| white_share(e, &EvalScale::PAWNS);
        assert!((share(Eval::Cp(0)) - 0.5).abs() < 1e-9);
        assert!(share(Eval::Cp(300)) > 0.7 && share(Eval::Cp(300)) < 0.8);
        assert!(share(Eval::Cp(-100)) < 0.5);
        assert_eq!(share(Eval::Mate(2)), 1.0);
        assert_eq!(share(Eval::Mate(-1)), 0.0);
        assert_eq!(share(Eval::Lost), 0.0);
        // Monochrome at the start (every point in play is 100 points): a
        // three-point lead is a smaller share than three pawns.
        let points = EvalScale {
            unit: "point",
            unit_cp: 100,
            limit_cp: 10_000,
        };
        let three = white_share(Eval::Cp(300), &points);
        assert!(three > 0.5 && three < share(Eval::Cp(300)) - 0.1, "{three}");
    }

    #[test]
    fn a_click_on_the_graph_means_the_ply_drawn_in_that_column() {
        let area = Rect::new(0, 10, 48, 6);
        let plot = plot_area(area);
        // Fewer plies than columns: every ply's column gives it back, and
        // any column the nearest ply.
        for plies in [1, 7, 30, 45] {
            for k in 0..=plies {
                let col = ply_column(plot, k, plies);
                assert_eq!(
                    EvalGraph::ply_at(area, plies, col, 12),
                    Some(k),
                    "{k}/{plies}"
                );
            }
            for col in area.x..area.right() {
                let k = EvalGraph::ply_at(area, plies, col, 12).unwrap();
                assert!(k <= plies);
            }
        }
        // More plies than columns: a column means one of the plies in it.
        let plies = 300;
        for col in plot.x..plot.right() {
            let k = EvalGraph::ply_at(area, plies, col, 12).unwrap();
            assert_eq!(ply_column(plot, k, plies), col);
        }
        // The borders count (the marks are in the bottom one), outside not.
        assert_eq!(EvalGraph::ply_at(area, 7, 0, 10), Some(0));
        assert_eq!(EvalGraph::ply_at(area, 7, 47, 15), Some(7));
        assert_eq!(EvalGraph::ply_at(area, 7, 48, 12), None);
        assert_eq!(EvalGraph::ply_at(area, 7, 5, 9), None);
    }

    #[test]
    fn the_board_steps_down_for_the_graph_but_not_below_its_floor() {
        let geom = |cell_h: u16| BoardGeom {
            x: 1,
            y: 1,
            cell_w: 2 * cell_h + 1,
            cell_h,
            flipped: false,
            centerline: false,
            files: 8,
            ranks: 8,
        };
        // 120×40: the 9×4 board leaves 4 rows; the 7×3 one leaves 12.
        assert_eq!(board_for_graph(geom(4), 37).cell_h, 3);
        // 100×35: the 7×3 board leaves 7 rows, enough.
        assert_eq!(board_for_graph(geom(3), 32).cell_h, 3);
        // 80×24: the 5×2 board is the floor.
        assert_eq!(board_for_graph(geom(2), 21).cell_h, 2);
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
