//! The viewer's keys and clicks carried out: stepping through the game,
//! autoplay, the engines, the board's picks and the key bar, sharing, and
//! the screens a key leads to (a branch, the position editor).

use super::analysis_view::EvalGraph;
use super::popups::ReplayPopup;
use super::{ReplayAction, ReplayState};
use crate::tui::base::{Ctx, EditorStart, Message, Nav};
use crate::tui::line_edit::LineEdit;
use crate::tui::sharing::{share, Share, Shown};
use crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use motley_records::tree::Cursor;
use ratatui::layout::Rect;

impl ReplayState {
    pub(super) fn on_mouse(&mut self, m: MouseEvent, ctx: &mut Ctx) -> Nav {
        if m.kind != MouseEventKind::Down(MouseButton::Left) {
            return Nav::Stay;
        }
        if let Some(ReplayPopup::Branch(offer)) = &self.view.popup {
            let area = Rect::new(0, 0, ctx.size.0, ctx.size.1);
            return match offer.popup.item_at(area, m.column, m.row) {
                Some(i) => {
                    let key = offer.popup.items[i].0;
                    self.on_key(KeyEvent::from(KeyCode::Char(key)), ctx)
                }
                None => Nav::Stay,
            };
        }
        if self.view.popup.is_some() {
            if !matches!(self.view.popup, Some(ReplayPopup::Jump { .. })) {
                self.view.popup = None;
            }
            return Nav::Stay;
        }
        let lay = self.layout(ctx.size);
        let analysis = self.analysis_layout(&lay);
        // A click on the evaluation graph goes to the ply under it.
        let on_graph = analysis
            .graph
            .and_then(|g| EvalGraph::ply_at(g, self.len(), m.column, m.row));
        if let Some(ply) = on_graph {
            self.autoplay.on = false;
            self.go(Cursor::main(ply));
            return Nav::Stay;
        }
        // A click on a move in the list goes to that ply (or place in
        // the tree, when the list shows one).
        let page = self.page(ctx.theme);
        let side_rect = analysis.side;
        let panel = page.side_panel();
        let in_tree = panel
            .as_ref()
            .and_then(|p| p.tree_at(side_rect, m.column, m.row));
        let clicked = panel.and_then(|p| p.ply_at(side_rect, m.column, m.row));
        if let Some(at) = in_tree {
            self.autoplay.on = false;
            self.go(at);
            return Nav::Stay;
        }
        if let Some(ply) = clicked {
            self.autoplay.on = false;
            self.go(Cursor::main(ply));
            return Nav::Stay;
        }
        if let Some(code) = lay.button_at(m.column, m.row) {
            return self.on_key(KeyEvent::from(code), ctx);
        }
        // Two clicks on the board play a move from the position shown.
        if let Some(sq) = analysis.board.and_then(|g| g.square_at(m.column, m.row)) {
            self.autoplay.on = false;
            self.view.message = None;
            self.pick(sq, ctx);
        }
        Nav::Stay
    }

    pub(super) fn on_key(&mut self, k: KeyEvent, ctx: &mut Ctx) -> Nav {
        if let Some(popup) = self.view.popup.take() {
            return self.on_popup_key(popup, k, ctx);
        }
        if self.view.board_cursor.is_some() && self.cursor_key(k.code) {
            return Nav::Stay;
        }
        match ReplayAction::for_key(k.code, |w| self.holds(w)) {
            Some(action) => self.update(action, ctx),
            None => Nav::Stay,
        }
    }

    /// Carry out an action.
    pub(super) fn update(&mut self, action: ReplayAction, ctx: &mut Ctx) -> Nav {
        use ReplayAction as A;
        if matches!(action, A::Back | A::Forward | A::ToStart | A::ToEnd) {
            self.autoplay.on = false;
        }
        // A message answers the last key; the next key replaces it.
        self.view.message = None;
        if !matches!(action, A::Flip | A::Help | A::Rules | A::Pick) {
            self.view.selected = None;
        }
        if self.edits.unsaved && matches!(action, A::ChooseGame | A::Branch | A::Edit) {
            // Another game of the file, a branch or the editor would drop
            // them.
            self.view.message = Some(Message::error(
                "the variations and comments are not saved (this file is not written): e exports them first",
            ));
            return Nav::Stay;
        }
        match action {
            A::Back | A::Forward | A::ToStart | A::ToEnd => self.step(action),
            A::OtherLine(step) => self.other_line(step),
            A::TypeMove | A::Comment | A::Promote | A::Delete => self.edit(action, ctx),
            A::Pick => self.pick_at_cursor(ctx),
            A::OpenJump => {
                self.view.popup = Some(ReplayPopup::Jump {
                    text: LineEdit::new(),
                })
            }
            A::ToggleAutoplay => {
                self.autoplay.on = !self.autoplay.on;
                if self.autoplay.on && self.edits.tree.forward(&self.cursor()).is_none() {
                    self.go(Cursor::main(0));
                }
            }
            A::Analyse => self.analyse(ctx),
            A::Lines if self.lines.is_on() => {
                self.lines.stop();
                self.view.message = Some(Message::info("engine lines off"));
            }
            A::Lines => self.start_lines(ctx),
            A::MoreLines => {
                self.lines.next_count();
                if self.lines.is_on() {
                    self.start_lines(ctx);
                }
                let n = self.lines.count();
                self.view.message = Some(Message::info(format!(
                    "engine lines: {n} line{}",
                    if n == 1 { "" } else { "s" }
                )));
            }
            A::Faster => {
                self.view.message = Some(self.autoplay.faster());
            }
            A::Slower => {
                self.view.message = Some(self.autoplay.slower());
            }
            A::Flip => self.view.flipped = !self.view.flipped,
            A::Help => self.view.popup = Some(ReplayPopup::Help { scroll: 0 }),
            A::Rules => self.view.popup = Some(ReplayPopup::Rules { scroll: 0 }),
            A::Branch => return self.branch(ctx.settings),
            A::Share(what) => self.share(what, ctx),
            A::ChooseGame => match &self.file.games {
                Some(games) => {
                    self.view.popup = Some(ReplayPopup::Games {
                        cursor: games.shown,
                    })
                }
                None => self.view.message = Some(Message::error("this file holds only this game")),
            },
            A::Leave if self.edits.unsaved => {
                self.view.popup = Some(ReplayPopup::Unsaved { quit: false })
            }
            A::Leave => return Nav::Leave,
            A::Edit => {
                let (game, ply) = self.shown_game();
                if let Err(e) = game.variant().editable() {
                    self.view.message = Some(Message::error(e.to_string()));
                    return Nav::Stay;
                }
                if let Some(position) = game.position_at(ply) {
                    let variant = game.variant().clone();
                    return Nav::Edit(Box::new(EditorStart::of(variant, position)));
                }
            }
            A::Unbound(c) => {
                self.view.message = Some(Message::error(format!(
                    "'{c}' is not a key here; press ? for the list of keys"
                )))
            }
        }
        Nav::Stay
    }

    /// `y`, `Y`, `e`: copy the position shown or the game, or export the
    /// game, as the play screen does.
    fn share(&mut self, what: Share, ctx: &mut Ctx) {
        let (game, ply) = self.shown_game();
        let Some(position) = game.position_at(ply) else {
            return;
        };
        // The names as the file gives them, else who played.
        let players = self.file.names.as_ref().or(self.file.players.as_ref());
        let shown = Shown {
            position,
            plies: self.len(),
            variant: &self.file.game.variant().id,
            pgn: || {
                let names = players.map(|p| (p.white.as_str(), p.black.as_str()));
                motley_records::export_kept_pgn(
                    &self.file.game,
                    Some(&self.edits.tree),
                    names,
                    self.file.date.as_deref(),
                    &self.file.tags,
                )
            },
        };
        self.view.message = Some(share(what, shown, &ctx.settings.session, ctx.requests));
    }
}
