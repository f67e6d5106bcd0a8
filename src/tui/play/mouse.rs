//! The play screen's mouse: a click on a popup's item, the key bar, a move
//! in the list (the position after it is looked at), a piece in hand (to
//! drop it) or the board; a piece dragged from its square, or from the
//! hand, and released on another is moved (dropped) there, as two clicks
//! would; a right-click cancels a premove; the wheel scrolls the move
//! list.

use super::keys::PlayAction;
use super::popups::Popup;
use super::view::Press;
use super::{not_your_turn_words, PlayState};
use crate::tui::base::{Ctx, Nav};
use crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use motley_rules::core::grid::Spot;
use motley_rules::core::Piece;
use motley_rules::Position;
use ratatui::layout::Rect;

impl PlayState {
    /// One mouse event.
    pub(super) fn on_mouse(&mut self, m: MouseEvent, ctx: &mut Ctx) -> Nav {
        match m.kind {
            MouseEventKind::Down(MouseButton::Left) => self.on_press(m, ctx),
            MouseEventKind::Drag(MouseButton::Left) => {
                self.on_drag(m, ctx);
                Nav::Stay
            }
            MouseEventKind::Up(MouseButton::Left) => {
                self.on_release(m, ctx);
                Nav::Stay
            }
            MouseEventKind::Down(MouseButton::Right) => {
                self.cancel_premove();
                Nav::Stay
            }
            MouseEventKind::ScrollUp => self.update(PlayAction::ScrollMoves(1), ctx),
            MouseEventKind::ScrollDown => self.update(PlayAction::ScrollMoves(-1), ctx),
            _ => Nav::Stay,
        }
    }

    /// The board's square under the pointer, if any.
    fn square_under(&self, m: &MouseEvent, ctx: &Ctx) -> Option<Spot> {
        let lay = self.layout(ctx.size, ctx.settings);
        lay.board.and_then(|g| g.square_at(m.column, m.row))
    }

    /// The left button went down: on a popup, the key bar, a move in the
    /// list or the board.
    fn on_press(&mut self, m: MouseEvent, ctx: &mut Ctx) -> Nav {
        self.view.press = None;
        let area = Rect::new(0, 0, ctx.size.0, ctx.size.1);
        match &self.view.popup {
            Some(Popup::List { list, .. }) => {
                return match list.item_at(area, m.column, m.row) {
                    Some(i) => self.on_key(KeyEvent::from(KeyCode::Char(list.items[i].0)), ctx),
                    None => Nav::Stay,
                };
            }
            Some(Popup::Help { .. }) | Some(Popup::Rules { .. }) => {
                self.view.popup = None;
                return Nav::Stay;
            }
            Some(Popup::SaveAs { .. }) => return Nav::Stay,
            None => {}
        }
        let lay = self.layout(ctx.size, ctx.settings);
        if let Some(code) = lay.button_at(m.column, m.row) {
            return self.on_key(KeyEvent::from(code), ctx);
        }
        let page = self.page(ctx.settings, ctx.theme);
        let panel = page.side_panel();
        let clicked = panel.ply_at(lay.side, m.column, m.row);
        let in_hand = panel.hand_at(lay.side, m.column, m.row);
        if let Some(ply) = clicked {
            self.view.prompt = None;
            self.look_at(ply);
            return Nav::Stay;
        }
        if let Some(piece) = in_hand {
            self.view.prompt = None;
            self.leave_past();
            self.press_hand(piece);
            return Nav::Stay;
        }
        if let Some(sq) = lay.board.and_then(|g| g.square_at(m.column, m.row)) {
            self.view.prompt = None;
            self.view.cursor = sq;
            self.leave_past();
            self.press_square(sq, ctx);
        }
        Nav::Stay
    }

    /// A press on the board's square `sq`: picks up (or puts down) as a
    /// click does, and holds the piece picked up for a drag. A press on
    /// the piece already picked up keeps it until the release says whether
    /// it was a click (put back) or a drag.
    fn press_square(&mut self, sq: Spot, ctx: &mut Ctx) {
        if self.view.selected == Some(sq) && self.view.placing.is_none() {
            self.view.press = Some(Press::Board {
                from: sq,
                was_selected: true,
            });
            return;
        }
        self.pick(sq, ctx);
        if self.view.selected == Some(sq) && self.view.popup.is_none() {
            self.view.press = Some(Press::Board {
                from: sq,
                was_selected: false,
            });
        }
    }

    /// A press on a piece in hand: it is taken up to be dropped (the
    /// square comes next, by a click, the keys or a release after a
    /// drag), when it is the mover's and may be dropped now.
    fn press_hand(&mut self, piece: Piece) {
        if let Some(why) = self.session.not_your_turn() {
            return self.view.refuse(not_your_turn_words(why));
        }
        let game = self.session.game();
        let pos = game.position();
        let name = pos.piece_name(piece.role);
        if piece.color != pos.turn() {
            let [owner, mover] = [piece.color, pos.turn()].map(|c| self.session.side_name(c));
            return self
                .view
                .refuse(format!("that {name} is in {owner}'s hand; {mover} to move"));
        }
        let droppable = game
            .legal_actions()
            .iter()
            .any(|a| a.placed_on_spot().is_some_and(|(p, _)| p == piece));
        if !droppable {
            return self
                .view
                .refuse(format!("the {name} in your hand cannot be dropped now"));
        }
        self.start_drop(piece);
        self.view.press = Some(Press::Hand(piece));
    }

    /// The pointer moved with the button down: the cursor follows it over
    /// the board, showing where the piece would go.
    fn on_drag(&mut self, m: MouseEvent, ctx: &Ctx) {
        if self.view.press.is_none() {
            return;
        }
        if let Some(sq) = self.square_under(&m, ctx) {
            self.view.cursor = sq;
        }
    }

    /// The button came up: a piece dragged to another square is put down
    /// there (played if legal, else refused with the reason); released
    /// where it was pressed, it was a click.
    fn on_release(&mut self, m: MouseEvent, ctx: &mut Ctx) {
        let Some(press) = self.view.press.take() else {
            return;
        };
        let (from, was_selected) = match press {
            Press::Board { from, was_selected } => (from, was_selected),
            Press::Hand(piece) => {
                // Released on a square: dropped there; elsewhere (a click
                // on the hand) it waits for its square.
                let on_board = self.square_under(&m, ctx);
                if let (Some(sq), None, Some(_)) = (on_board, &self.view.popup, self.view.placing) {
                    if self.view.placing == Some(piece) {
                        self.view.cursor = sq;
                        self.pick(sq, ctx);
                    }
                }
                return;
            }
        };
        if self.view.popup.is_some() || self.view.selected != Some(from) {
            return;
        }
        match self.square_under(&m, ctx) {
            Some(sq) if sq == from => {
                if was_selected {
                    // A second click on the piece: put it back.
                    self.view.selected = None;
                    self.view.message = None;
                }
            }
            Some(sq) => {
                self.view.cursor = sq;
                self.pick(sq, ctx);
            }
            // Dropped off the board: the piece stays picked up.
            None => self.view.cursor = from,
        }
    }
}
