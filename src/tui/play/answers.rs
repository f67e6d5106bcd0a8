//! A popup's answer carried out: the help and rules scrolled, the save
//! prompt typed in, and a choice from a list (a move among candidates, a
//! purchase, a drop, resigning, an offer, what to do after the game or
//! before leaving it unsaved, replacing a file).

use super::{Exit, ListKind, PlayState, Popup, PurchaseItem};
use crate::tui::base::{Ctx, Nav};
use crate::tui::line_edit::{LineEdit, LineKey};
use crate::tui::popup::{scroll_key, ListKey};
use crossterm::event::KeyEvent;

impl PlayState {
    /// A key while a popup is open (taken out of the view: it goes back
    /// unless the key closes it).
    pub(super) fn on_popup_key(&mut self, popup: Popup, k: KeyEvent, ctx: &mut Ctx) -> Nav {
        let code = k.code;
        match popup {
            Popup::Help { scroll } | Popup::Rules { scroll } => {
                let def = self.session.game().variant();
                let last = popup
                    .text(def, ctx.theme)
                    .map_or(0, |t| t.last_scroll(ctx.size));
                let scroll = scroll_key(scroll, code).map(|s| s.min(last));
                self.view.popup = scroll.map(|s| popup.scrolled(s));
            }
            Popup::SaveAs { mut text, then } => match text.key(k, |_, _| true) {
                LineKey::Cancel => self.view.say("not saved"),
                LineKey::Submit => return self.submit_save(text, then),
                LineKey::Edit => self.view.popup = Some(Popup::SaveAs { text, then }),
            },
            Popup::List { kind, mut list } => match list.key(code) {
                ListKey::Chosen(i) => return self.choose(kind, i, ctx),
                ListKey::Closed => match kind {
                    ListKind::Offer { .. } => self.view.say("offer declined"),
                    ListKind::Replace { typed, then, .. } => {
                        let text = LineEdit::typed(typed);
                        self.view.popup = Some(Popup::SaveAs { text, then });
                    }
                    _ => {}
                },
                ListKey::Stay => self.view.popup = Some(Popup::List { kind, list }),
                ListKey::NotAChoice(c) => {
                    self.view.refuse(format!("'{c}' is not one of the choices"));
                    self.view.popup = Some(Popup::List { kind, list });
                }
            },
        }
        Nav::Stay
    }

    /// Option `i` of a list popup was chosen (the popup is closed).
    fn choose(&mut self, kind: ListKind, i: usize, ctx: &mut Ctx) -> Nav {
        match kind {
            ListKind::Candidates(actions) => {
                if let Some(a) = actions.get(i) {
                    self.play(*a, ctx);
                }
            }
            ListKind::Purchases(items) => match items.get(i) {
                Some(PurchaseItem::Act(a)) => self.play(*a, ctx),
                Some(PurchaseItem::Place(p)) => {
                    self.view.placing = Some(*p);
                    self.view.selected = None;
                    self.view.say(format!(
                        "pick the square for the {} (Enter or click; Esc cancels)",
                        p.role.name()
                    ));
                }
                None => {}
            },
            ListKind::Drops(pieces) => {
                if let Some(p) = pieces.get(i) {
                    self.start_drop(*p);
                }
            }
            ListKind::Resign(side) if i == 0 => {
                let settled = self.session.resign(side);
                self.say_ending();
                self.after(settled, ctx);
            }
            ListKind::Offer { .. } if i == 0 => {
                let settled = self.session.agree();
                self.say_ending();
                self.after(settled, ctx);
            }
            ListKind::Offer { by } => {
                let name = self.session.side_name(by.other());
                self.view.say(format!("{name} declines"))
            }
            ListKind::Resign(_) => {}
            ListKind::GameOver => match i {
                0 => self.open_save(None),
                1 => return self.leave(Exit::NextGame),
                2 => return self.leave(Exit::Leave),
                _ => {}
            },
            ListKind::Unsaved(exit) => match i {
                0 => self.open_save(Some(exit)),
                1 => return self.go(exit),
                _ => {}
            },
            ListKind::Replace { path, then, .. } if i == 0 => {
                let typed = path.display().to_string();
                return self.save_then(path, typed, then);
            }
            ListKind::Replace { typed, then, .. } => {
                let text = LineEdit::typed(typed);
                self.view.popup = Some(Popup::SaveAs { text, then });
            }
        }
        Nav::Stay
    }
}
