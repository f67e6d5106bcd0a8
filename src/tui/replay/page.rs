//! The viewer drawn: where the board, the analysis and the side panel go,
//! and the [`ReplayPage`] widget, a pure function of the viewer's state
//! (title, board with its marks, evaluation bar and graph, the status and
//! move list or tree, the message, the key bar, the popup).

use super::analysis_view::{analysis_lines, AnalysisLayout, EvalBar, EvalGraph};
use super::file_games::GameListPopup;
use super::keys::REPLAY_KEYS;
use super::popups::ReplayPopup;
use super::ReplayState;
use crate::tui::board::{action_squares, BoardGeom};
use crate::tui::game_page::{
    board_needs_line, draw_marked_board, keys_popup, message_lines, render_message, rules_popup,
    KeyBar, PageLayout, SidePanel, TreeShown,
};
use crate::tui::panels::{self, PositionFacts};
use crate::tui::popup::InputPopup;
use crate::tui::theme::Theme;
use motley_ai::analysis::Mark;
use motley_records::tree::Cursor;
use motley_rules::Position;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};
use std::borrow::Cow;

impl ReplayState {
    pub(super) fn layout(&self, size: (u16, u16)) -> PageLayout {
        let centerline = panels::centerline(self.file.game.position());
        let message = self.view.message.as_ref().map(|m| m.text.as_str());
        let board = self.file.game.position().board_size();
        let flips = (self.view.flipped, centerline);
        PageLayout::new(size, flips, board, &self.hints(), message)
    }

    /// Where the board is drawn on a screen of `size` (clicks on it play
    /// moves).
    pub fn board(&self, size: (u16, u16)) -> Option<BoardGeom> {
        self.analysis_layout(&self.layout(size)).board
    }

    /// Where the analysis goes (nothing until there is one), and the side
    /// panel's place beside it.
    pub(super) fn analysis_layout(&self, page: &PageLayout) -> AnalysisLayout {
        if self.review.is_shown() {
            AnalysisLayout::new(page)
        } else {
            AnalysisLayout::without(page)
        }
    }

    /// The screen's widget.
    pub fn page<'a>(&'a self, theme: &'a Theme) -> ReplayPage<'a> {
        ReplayPage {
            replay: self,
            theme,
            marks: self.review.marks(),
            facts: self.facts(),
            at: self.cursor(),
        }
    }
}

/// The viewer as a widget: a pure function of its state.
pub struct ReplayPage<'a> {
    replay: &'a ReplayState,
    theme: &'a Theme,
    /// The analysis's mark of each ply, for the move list.
    marks: Vec<Option<Mark>>,
    /// The rules' facts of the position shown.
    facts: Option<Cow<'a, PositionFacts>>,
    /// Where in the tree the position shown is.
    at: Cursor,
}

impl<'a> ReplayPage<'a> {
    /// The status lines above the family panel.
    fn status_lines(&self) -> Vec<Line<'static>> {
        let (r, theme) = (self.replay, self.theme);
        let (game, ply) = r.shown_game();
        let Some(pos) = game.position_at(ply) else {
            return Vec::new();
        };
        let mut status = vec![match &r.off {
            None => Line::styled(format!("Ply {} of {}", r.ply, r.len()), theme.title()),
            Some(_) => Line::styled(
                format!(
                    "Variation: ply {ply} (off the game's ply {} of {})",
                    r.ply + 1,
                    r.len()
                ),
                theme.title(),
            ),
        }];
        let to_move = panels::side_name(pos, pos.turn());
        let outcome = match &r.off {
            Some(o) => o.game.outcome().filter(|_| ply == game.ply()),
            None => r.file.outcome.filter(|_| r.ply == r.len()),
        };
        match outcome {
            Some(o) => status.push(Line::styled(
                format!("{} {}", o.result_str(), panels::describe_outcome(pos, &o)),
                theme.title(),
            )),
            None if r.off.is_none() && r.ply == r.len() => {
                status.push(Line::raw(format!("{to_move} to move (game unfinished)")))
            }
            _ => status.push(Line::raw(format!("{to_move} to move"))),
        }
        if pos.in_check(pos.turn()) {
            status.push(Line::styled("Check!", theme.error()));
        }
        if let Some(e) = &r.file.error {
            status.push(Line::styled(
                format!("Problem in the file: {e}"),
                theme.error(),
            ));
            status.push(Line::styled("Shown up to the bad ply.", theme.dim()));
        }
        if r.autoplay.on {
            status.push(Line::styled(
                format!("Autoplay: {}", r.autoplay.speed_text()),
                theme.good(),
            ));
        }
        if r.read_only() {
            status.push(Line::styled(
                "Read-only: another Motley has this record (e exports the variations)",
                theme.error(),
            ));
        } else if r.edits.unsaved && r.edits.storing == 0 {
            status.push(Line::styled(
                "The variations and comments are not saved (e exports them)",
                theme.error(),
            ));
        }
        status.extend(analysis_lines(&r.review, r.ply, theme));
        status.extend(r.lines.text(theme));
        status
    }

    /// The side panel, following the ply shown.
    pub(super) fn side_panel(&self) -> Option<SidePanel<'_>> {
        let r = self.replay;
        let tree = (!r.edits.tree.is_bare() || r.off.is_some()).then_some(TreeShown {
            game: &r.file.game,
            tree: &r.edits.tree,
            at: &self.at,
            memo: &r.edits.rows,
            revision: r.edits.revision,
        });
        Some(SidePanel {
            game: r.shown_game().0,
            tree,
            moves: &self.replay.file.moves,
            facts: self.facts.as_deref()?,
            status: self.status_lines(),
            current: Some(self.replay.ply),
            scroll: 0,
            focus: None,
            marks: &self.marks,
            theme: self.theme,
        })
    }

    /// The evaluation bar and graph, where the layout has room for them.
    fn render_analysis(&self, lay: &AnalysisLayout, geom: Option<BoardGeom>, buf: &mut Buffer) {
        let (r, theme) = (self.replay, self.theme);
        if let (Some(area), Some(geom)) = (lay.bar, geom) {
            EvalBar {
                // The analysis is of the game's own positions only.
                eval: r.off.is_none().then(|| r.review.eval_at(r.ply)).flatten(),
                scale: *r.review.scale(),
                geom,
                theme,
            }
            .render(area, buf);
        }
        if let Some(area) = lay.graph {
            EvalGraph {
                evals: &r.review.evals(),
                marks: &self.marks,
                scale: *r.review.scale(),
                plies: r.len(),
                current: r.ply,
                theme,
            }
            .render(area, buf);
        }
    }

    fn render_popup(&self, popup: &ReplayPopup, area: Rect, buf: &mut Buffer) {
        let (r, theme) = (self.replay, self.theme);
        let def = r.file.game.variant();
        match popup {
            ReplayPopup::Help { scroll } => {
                keys_popup("Replay keys", REPLAY_KEYS, *scroll, theme).render(area, buf)
            }
            ReplayPopup::Rules { scroll } => rules_popup(def, *scroll, theme).render(area, buf),
            ReplayPopup::Jump { text } => InputPopup {
                title: "Go to ply",
                help: &format!("0 to {} · Enter goes · Esc cancels", r.len()),
                line: Some(text),
                theme,
            }
            .render(area, buf),
            ReplayPopup::Branch(offer) => offer.popup.widget(theme).render(area, buf),
            ReplayPopup::Move { text } => InputPopup {
                title: "Play a move",
                help: "SAN or coordinates (Nf3, g1f3) · Enter plays · Esc cancels",
                line: Some(text),
                theme,
            }
            .render(area, buf),
            ReplayPopup::Comment { text } => InputPopup {
                title: "Comment on the move shown",
                help: "Enter keeps it (empty: none) · Esc cancels",
                line: Some(text),
                theme,
            }
            .render(area, buf),
            ReplayPopup::ConfirmDelete => InputPopup {
                title: "Delete this variation?",
                help: "y deletes it and all that hangs on it · any other key keeps it",
                line: None,
                theme,
            }
            .render(area, buf),
            ReplayPopup::Unsaved { .. } => InputPopup {
                title: "The variations and comments are not saved",
                help: "e exports them as PGN and leaves · q leaves without them · Esc stays",
                line: None,
                theme,
            }
            .render(area, buf),
            ReplayPopup::Games { cursor } => {
                if let Some(games) = &r.file.games {
                    GameListPopup {
                        games,
                        file: &file_name(r.file.path.as_deref()),
                        cursor: *cursor,
                        theme,
                    }
                    .render(area, buf)
                }
            }
        }
    }
}

/// The name of the file replayed, for the title.
fn file_name(path: Option<&std::path::Path>) -> String {
    path.and_then(|p| p.file_name())
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default()
}

impl Widget for ReplayPage<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (r, theme) = (self.replay, self.theme);
        let lay = r.layout((area.width, area.height));
        let (game, ply) = r.shown_game();
        let (Some(pos), Some(facts)) = (game.position_at(ply), self.facts.as_deref()) else {
            return;
        };
        let mut name = file_name(r.file.path.as_deref());
        if let Some(games) = &r.file.games {
            name.push_str(&format!(" ({})", games.position_text()));
        }
        Paragraph::new(Line::from(vec![
            Span::styled(" Motley replay ", theme.title()),
            Span::raw(format!("· {} · {name}", game.variant().name)),
        ]))
        .render(lay.title, buf);
        // The analysis may take a board size for its graph.
        let analysis = r.analysis_layout(&lay);
        if let Some(geom) = analysis.board {
            let mut marks = facts.marks.clone();
            if r.off.is_none() {
                let best = r.review.best_at(game, r.ply);
                marks.best = best.as_ref().map(action_squares).unwrap_or_default();
            }
            marks.selected = r.view.selected;
            if r.view.board_cursor.is_some() {
                marks.cursor = r.view.board_cursor;
            }
            draw_marked_board(buf, geom, pos, &marks, &facts.look, theme);
        }
        self.render_analysis(&analysis, analysis.board, buf);
        if let Some(mut panel) = self.side_panel() {
            panel
                .status
                .splice(0..0, board_needs_line(lay.board_needs, theme));
            panel.render(analysis.side, buf);
        }
        if let Some(m) = &r.view.message {
            render_message(message_lines(m, area.width, theme), lay.message, buf);
        }
        KeyBar {
            hints: &r.hints(),
            theme,
        }
        .render(lay.hints, buf);
        if let Some(popup) = &r.view.popup {
            self.render_popup(popup, area, buf);
        }
    }
}
