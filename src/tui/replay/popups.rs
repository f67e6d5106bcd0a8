//! The viewer's popups over the board: help, rules, a ply to go to, who
//! plays a branch, the file's games, and the tree's prompts (a move, a
//! comment, deleting, leaving unsaved), with the keys each takes.

use super::branch::{branch, BranchOffer};
use super::file_games::{list_key, FileGames, ListStep};
use super::ReplayState;
use crate::tui::base::{Ctx, Message, Nav};
use crate::tui::line_edit::{LineEdit, LineKey};
use crate::tui::popup::{scroll_key, ListKey};
use crate::tui::settings::Settings;
use crossterm::event::KeyEvent;
use motley_ai::PlayerSpec;
use motley_records::tree::Cursor;

/// The viewer's popups.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayPopup {
    Help {
        scroll: u16,
    },
    Rules {
        scroll: u16,
    },
    /// Typing a ply number.
    Jump {
        text: LineEdit,
    },
    /// Who plays a branch.
    Branch(Box<BranchOffer>),
    /// The games of the file, to choose one.
    Games {
        cursor: usize,
    },
    /// Typing a move to play from the position shown.
    Move {
        text: LineEdit,
    },
    /// Writing the comment on the move shown.
    Comment {
        text: LineEdit,
    },
    /// Deleting the variation shown: sure?
    ConfirmDelete,
    /// Leaving (`quit`: Motley altogether) with variations or comments
    /// not saved.
    Unsaved {
        quit: bool,
    },
}

impl ReplayState {
    /// A key while a popup is open (taken out of the state: it goes back
    /// unless the key closes it).
    pub(super) fn on_popup_key(&mut self, popup: ReplayPopup, k: KeyEvent, ctx: &mut Ctx) -> Nav {
        let code = k.code;
        match popup {
            ReplayPopup::Help { scroll } => {
                self.view.popup =
                    scroll_key(scroll, code).map(|scroll| ReplayPopup::Help { scroll });
            }
            ReplayPopup::Rules { scroll } => {
                self.view.popup =
                    scroll_key(scroll, code).map(|scroll| ReplayPopup::Rules { scroll });
            }
            ReplayPopup::Jump { mut text } => {
                let digit = |t: &str, c: char| c.is_ascii_digit() && t.len() < 6;
                match text.key(k, digit) {
                    LineKey::Cancel => {}
                    LineKey::Submit => self.jump(text.text().trim()),
                    LineKey::Edit => self.view.popup = Some(ReplayPopup::Jump { text }),
                }
            }
            ReplayPopup::Branch(mut offer) => match offer.popup.key(code) {
                ListKey::Chosen(i) => {
                    let players = offer.choices.get(i).cloned();
                    if let Some(players) = players {
                        let (game, _) = self.shown_game();
                        let start = branch(game, offer.ply, players, ctx.settings);
                        return Nav::Play(Box::new(start));
                    }
                }
                ListKey::Closed => self.view.message = Some(Message::info("no branch")),
                ListKey::Stay => self.view.popup = Some(ReplayPopup::Branch(offer)),
                ListKey::NotAChoice(c) => {
                    self.view.message =
                        Some(Message::error(format!("'{c}' is not one of the choices")));
                    self.view.popup = Some(ReplayPopup::Branch(offer));
                }
            },
            ReplayPopup::Games { cursor } => {
                let len = self.file.games.as_ref().map_or(0, FileGames::len);
                match list_key(cursor, len, code) {
                    ListStep::Stay(cursor) => self.view.popup = Some(ReplayPopup::Games { cursor }),
                    ListStep::Open(i) => self.show_game(i, ctx.registry),
                    ListStep::Close => {}
                }
            }
            other => return self.on_tree_popup_key(other, k, ctx),
        }
        Nav::Stay
    }

    /// Go to the ply typed in the jump popup.
    fn jump(&mut self, typed: &str) {
        match typed.parse::<usize>() {
            Ok(n) if n <= self.len() => {
                self.go(Cursor::main(n));
                self.view.message = None;
            }
            _ => {
                self.view.message = Some(Message::error(format!(
                    "'{typed}' is not a ply: type 0 to {}",
                    self.len()
                )))
            }
        }
    }

    /// `b`: a new game from the ply shown, a game in progress with a record
    /// of its own from the start (the original file is never written).
    /// Who plays is asked when the file names a computer player; the
    /// game's clock comes along.
    pub(super) fn branch(&mut self, settings: &Settings) -> Nav {
        let (game, ply) = self.shown_game();
        match BranchOffer::new(game, ply, self.file.players.as_ref()) {
            Some(offer) => {
                self.view.popup = Some(ReplayPopup::Branch(Box::new(offer)));
                Nav::Stay
            }
            None => {
                let people = [PlayerSpec::Human, PlayerSpec::Human];
                Nav::Play(Box::new(branch(game, ply, people, settings)))
            }
        }
    }
}
