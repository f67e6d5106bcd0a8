//! The replay viewer's tree of variations: moving about it, playing a
//! move from the position shown (it follows the game or a variation, or
//! starts a new one), promoting and deleting variations, commenting.
//! Every edit is kept in the game's JSON record at once, by a write
//! request, as the analysis is; the game's own moves are never changed
//! (promoting stops short of them), and leaving with edits the file could
//! not keep asks first.

use super::review::Review;
use super::{OffLine, ReplayAction, ReplayPopup, ReplayState};
use crate::tui::base::{Ctx, Message, Nav, Request};
use crate::tui::line_edit::{LineEdit, LineKey};
use crate::tui::move_list::MoveList;
use crate::tui::picking::{self, Pick};
use crate::tui::sharing::Share;
use crossterm::event::{KeyCode, KeyEvent};
use motley_records::game_at;
use motley_records::tree::{Cursor, Node, TreeError};
use motley_rules::core::grid::{GridSquare, Spot};
use motley_rules::core::Action;
use motley_rules::{parse_action, Position};
use motley_session::{StoreError, Write};

/// The longest comment typed here, in characters.
const COMMENT_CHARS: usize = 400;

impl ReplayState {
    /// Where in the tree the position shown is.
    pub fn cursor(&self) -> Cursor {
        self.off
            .as_ref()
            .map_or(Cursor::main(self.ply), |o| o.at.clone())
    }

    /// The game whose position is shown, and its ply shown.
    pub(super) fn shown_game(&self) -> (&motley_game::Game, usize) {
        match &self.off {
            Some(o) => (&o.game, o.game.ply()),
            None => (&self.file.game, self.ply),
        }
    }

    /// The game as it stands at the position shown (the main line cut
    /// there), to play on from.
    fn game_here(&self) -> motley_game::Game {
        let (game, ply) = self.shown_game();
        let mut here = game.clone();
        here.truncate(ply);
        here
    }

    /// Show the position at `at` (a variation's is played through).
    pub(super) fn go(&mut self, at: Cursor) {
        self.view.selected = None;
        if at.on_main_line() {
            self.off = None;
            self.ply = at.len.min(self.len());
            return;
        }
        match game_at(&self.file.game, &self.edits.tree, &at) {
            Ok(game) => {
                self.ply = at.hops.first().map_or(0, |h| h.at);
                self.off = Some(OffLine { at, game });
            }
            Err(e) => self.view.message = Some(Message::error(e.to_string())),
        }
    }

    /// ←, →, Home, End: along the line shown (← out of a variation at
    /// its first move), to the start, to the line's end.
    pub(super) fn step(&mut self, action: ReplayAction) {
        let at = self.cursor();
        let next = match action {
            ReplayAction::Back => self.edits.tree.back(&at),
            ReplayAction::Forward => self.edits.tree.forward(&at),
            ReplayAction::ToStart => Some(Cursor::main(0)),
            ReplayAction::ToEnd => Some(self.line_end()),
            _ => None,
        };
        if let Some(next) = next {
            self.go(next);
        }
    }

    /// m, c, P, x: open the move or comment popup, promote, or ask to
    /// delete.
    pub(super) fn edit(&mut self, action: ReplayAction, ctx: &mut Ctx) {
        match action {
            ReplayAction::TypeMove => {
                self.view.popup = Some(ReplayPopup::Move {
                    text: LineEdit::new(),
                })
            }
            ReplayAction::Comment => {
                let text = self.edits.tree.comment(&self.cursor()).unwrap_or("");
                let text = LineEdit::typed(text);
                self.view.popup = Some(ReplayPopup::Comment { text });
            }
            ReplayAction::Promote => self.promote(ctx),
            ReplayAction::Delete if self.off.is_some() => {
                self.view.popup = Some(ReplayPopup::ConfirmDelete)
            }
            ReplayAction::Delete => self.refuse_main_line(),
            _ => {}
        }
    }

    /// The end of the line the position shown is in.
    pub(super) fn line_end(&self) -> Cursor {
        let at = self.cursor();
        let len = self.edits.tree.line(&at.hops).map_or(at.len, Vec::len);
        Cursor { hops: at.hops, len }
    }

    /// ↑ / ↓: the move before or after the one shown among its ply's.
    pub(super) fn other_line(&mut self, step: i8) {
        match self.edits.tree.other_move(&self.cursor(), step) {
            Some((next, count)) if count > 1 => self.go(next),
            _ => {
                self.view.message = Some(Message::info(
                    "no other move here (play one to start a variation)",
                ))
            }
        }
    }

    /// A pick on the board's square `sq`: picks up, puts down, or plays.
    pub(super) fn pick(&mut self, sq: Spot, ctx: &mut Ctx) {
        let here = self.game_here();
        let legal = if here.outcome().is_some() {
            Vec::new()
        } else {
            here.legal_actions()
        };
        match picking::pick(here.position(), &legal, self.view.selected, None, sq) {
            Pick::Select(sq) => self.view.selected = Some(sq),
            Pick::Deselect => self.view.selected = None,
            Pick::Play(action) => self.play(action, ctx),
            Pick::Choose(_) => self.view.message = Some(Message::error(
                "several moves go there (a promotion): type the one you mean with m (e.g. e8=N)",
            )),
            Pick::Refuse(why) => self.view.message = Some(Message::error(why.to_string())),
        }
    }

    /// Enter: show the board cursor (on e4 when White is to move, else
    /// e5), or pick the square under it.
    pub(super) fn pick_at_cursor(&mut self, ctx: &mut Ctx) {
        match self.view.board_cursor {
            Some(sq) => self.pick(sq, ctx),
            None => {
                let white = self.game_here().position().turn() == motley_rules::core::Color::White;
                let (files, ranks) = self.game_here().position().board_size();
                let rank = if white { ranks / 2 - 1 } else { ranks / 2 };
                self.view.board_cursor = Spot::from_coords((files / 2) as i8, rank as i8);
                self.view.message = Some(Message::info(
                    "board cursor: ←↑→↓ move it, Enter picks, Esc hides it",
                ));
            }
        }
    }

    /// A key while the board cursor shows: the arrows move it, Esc hides
    /// it (and puts down what was picked up). Whether the key was taken.
    pub(super) fn cursor_key(&mut self, code: KeyCode) -> bool {
        let (dx, dy) = match code {
            KeyCode::Left => (-1, 0),
            KeyCode::Right => (1, 0),
            KeyCode::Up => (0, -1),
            KeyCode::Down => (0, 1),
            KeyCode::Esc => {
                self.view.board_cursor = None;
                self.view.selected = None;
                self.view.message = None;
                return true;
            }
            _ => return false,
        };
        // Up is up the screen: towards Black's side unless flipped.
        let (df, dr) = if self.view.flipped {
            (-dx, dy)
        } else {
            (dx, -dy)
        };
        let (files, ranks) = self.game_here().position().board_size();
        let on_board = |s: &Spot| s.file() < files as i8 && s.rank() < ranks as i8;
        if let Some(sq) = self
            .view
            .board_cursor
            .and_then(|c| c.offset(df, dr))
            .filter(on_board)
        {
            self.view.board_cursor = Some(sq);
        }
        true
    }

    /// Play the text typed in the move popup from the position shown.
    fn play_typed(&mut self, text: &str, ctx: &mut Ctx) {
        let (game, ply) = self.shown_game();
        let Some(pos) = game.position_at(ply) else {
            return;
        };
        match parse_action(pos, text) {
            Ok(action) => self.play(action, ctx),
            Err(e) => self.view.message = Some(Message::error(e.to_string())),
        }
    }

    /// Play `action` from the position shown: the rules judge it; the
    /// tree follows a move it has, or starts a variation.
    fn play(&mut self, action: Action, ctx: &mut Ctx) {
        self.view.selected = None;
        if let Err(e) = self.game_here().play(action) {
            self.view.message = Some(Message::error(e.to_string()));
            return;
        }
        match self.edits.tree.add_move(&self.cursor(), &action.to_string()) {
            Ok((at, started)) => {
                self.go(at);
                if started {
                    self.edited(ctx);
                }
            }
            Err(TreeError::NotAVariation) if self.file.path.is_none() => self.lengthen(action, ctx),
            Err(TreeError::NotAVariation) => {
                self.view.message = Some(Message::error(
                    "the game ends here and its moves are never changed: b plays on from here as a new game",
                ))
            }
            Err(e) => self.view.message = Some(Message::error(e.to_string())),
        }
    }

    /// A board with no file behind it (the position editor's analysis
    /// board) is the player's own study, not a game played: a move at the
    /// end of its line lengthens the line. The analysis of the shorter
    /// line no longer fits and starts over; leaving asks to export.
    fn lengthen(&mut self, action: Action, ctx: &mut Ctx) {
        if let Err(e) = self.file.game.play(action) {
            self.view.message = Some(Message::error(e.to_string()));
            return;
        }
        self.edits.tree.main.push(Node::new(&action.to_string()));
        self.file.moves = MoveList::of(&self.file.game);
        self.review = Review::for_game(&self.file.game);
        self.go(Cursor::main(self.file.game.ply()));
        self.edited(ctx);
    }

    /// The main line is the game itself.
    fn refuse_main_line(&mut self) {
        self.view.message = Some(Message::error(
            "this is the game's own line, not a variation (its moves are never changed)",
        ));
    }

    /// `P`: promote the variation shown one step, short of the game's
    /// own moves.
    fn promote(&mut self, ctx: &mut Ctx) {
        let at = self.cursor();
        match at.hops.len() {
            0 => self.refuse_main_line(),
            1 => {
                self.view.message = Some(Message::error(
                    "promoting this variation would change the game's own moves, which the viewer never does (b plays it as a new game)",
                ))
            }
            _ => match self.edits.tree.promote(&at) {
                Ok(at) => {
                    self.go(at);
                    self.view.message = Some(Message::info("variation promoted"));
                    self.edited(ctx);
                }
                Err(e) => self.view.message = Some(Message::error(e.to_string())),
            },
        }
    }

    /// The tree changed: keep it in the record (when the file is a whole
    /// JSON record; else it waits, and leaving asks).
    fn edited(&mut self, ctx: &mut Ctx) {
        self.edits.unsaved = true;
        self.edits.revision += 1;
        let Some(path) = self.file.path.clone().filter(|_| self.file.error.is_none()) else {
            return;
        };
        if let Some(why) = self.edits.slot.refused() {
            // Read-only here: kept on screen, never written over another's.
            self.view.message = Some(Message::error(format!(
                "kept here only, not in the file: {why}; e exports the variations"
            )));
            return;
        }
        let annotations = Some(self.edits.tree.annotations())
            .filter(|a| !a.is_empty())
            .map(Box::new);
        self.edits.storing += 1;
        let store = Write::StoreTree {
            path,
            moves: self.edits.tree.main_actions(),
            annotations,
            slot: self.edits.slot.clone(),
        };
        ctx.requests.push(Request::Write(Box::new(store)));
    }

    /// What keeping the tree came to.
    pub(super) fn tree_stored(&mut self, result: Result<(), StoreError>) {
        self.edits.storing = self.edits.storing.saturating_sub(1);
        match result {
            Ok(()) if self.edits.storing == 0 => self.edits.unsaved = false,
            Ok(()) => {}
            Err(e) => {
                self.view.message =
                    Some(Message::error(format!("the variations are not saved: {e}")))
            }
        }
    }

    /// A key in one of the tree's popups.
    pub(super) fn on_tree_popup_key(
        &mut self,
        popup: ReplayPopup,
        k: KeyEvent,
        ctx: &mut Ctx,
    ) -> Nav {
        let code = k.code;
        match popup {
            ReplayPopup::Move { mut text } => {
                let fits = |t: &str, c: char| !c.is_control() && t.chars().count() < 24;
                match text.key(k, fits) {
                    LineKey::Cancel => {}
                    LineKey::Submit => self.play_typed(text.text().trim(), ctx),
                    LineKey::Edit => self.view.popup = Some(ReplayPopup::Move { text }),
                }
            }
            ReplayPopup::Comment { mut text } => {
                let fits = |t: &str, c: char| !c.is_control() && t.chars().count() < COMMENT_CHARS;
                match text.key(k, fits) {
                    LineKey::Cancel => {}
                    LineKey::Submit => self.comment(text.text(), ctx),
                    LineKey::Edit => self.view.popup = Some(ReplayPopup::Comment { text }),
                }
            }
            ReplayPopup::ConfirmDelete => match code {
                KeyCode::Char('y') => self.delete(ctx),
                _ => self.view.message = Some(Message::info("the variation stays")),
            },
            ReplayPopup::Unsaved { quit } => {
                let out = if quit { Nav::Quit } else { Nav::Leave };
                match code {
                    KeyCode::Char('e') => {
                        self.update(ReplayAction::Share(Share::Export), ctx);
                        return out;
                    }
                    KeyCode::Char('q') => return out,
                    KeyCode::Esc => {}
                    _ => self.view.popup = Some(ReplayPopup::Unsaved { quit }),
                }
            }
            other => self.view.popup = Some(other),
        }
        Nav::Stay
    }

    /// Set the comment on the move shown (empty: none).
    fn comment(&mut self, text: &str, ctx: &mut Ctx) {
        let at = self.cursor();
        let before = self.edits.tree.comment(&at).map(str::to_string);
        match self.edits.tree.set_comment(&at, Some(text)) {
            Ok(()) if self.edits.tree.comment(&at).map(str::to_string) != before => {
                self.view.message = Some(Message::info(match self.edits.tree.comment(&at) {
                    Some(_) => "comment kept",
                    None => "comment removed",
                }));
                self.edited(ctx);
            }
            Ok(()) => {}
            Err(e) => self.view.message = Some(Message::error(e.to_string())),
        }
    }

    /// Delete the variation shown (asked first).
    fn delete(&mut self, ctx: &mut Ctx) {
        match self.edits.tree.delete(&self.cursor()) {
            Ok(at) => {
                self.go(at);
                self.view.message = Some(Message::info("variation deleted"));
                self.edited(ctx);
            }
            Err(TreeError::NotAVariation) => self.refuse_main_line(),
            Err(e) => self.view.message = Some(Message::error(e.to_string())),
        }
    }
}
