//! Saving the game under a name: the save prompt with a suggested file,
//! asking before a file is replaced, and what the writer's answers come to
//! (a save by name goes on to where the player was going, a failed one
//! opens the prompt again).

use super::{popups, Exit, PendingSave, PlayState, Popup};
use crate::tui::base::{Message, Nav};
use crate::tui::line_edit::LineEdit;
use crate::tui::sharing::exported;
use motley_records::RecordError;
use motley_session::{SaveTargetError, Written};
use std::path::PathBuf;

impl PlayState {
    /// The save prompt with a suggested file; `then` is where to go once
    /// saved.
    pub(super) fn open_save(&mut self, then: Option<Exit>) {
        let path = self.session.suggested_save_path();
        // Selected: typing replaces the suggestion.
        let suggested = path.map(|p| p.display().to_string()).unwrap_or_default();
        self.view.popup = Some(Popup::SaveAs {
            text: LineEdit::suggested(suggested),
            then,
        });
    }

    /// The save prompt's Enter: save, after asking before replacing a
    /// file.
    pub(super) fn submit_save(&mut self, line: LineEdit, then: Option<Exit>) -> Nav {
        let text = line.into_text();
        if text.trim().is_empty() {
            let text = LineEdit::typed(text);
            self.view.refuse("type a file name to save to");
            self.view.popup = Some(Popup::SaveAs { text, then });
            return Nav::Stay;
        }
        match self.session.save_target(&text) {
            Err(e) => {
                self.view.refuse(save_target_words(&e));
                let text = LineEdit::typed(text);
                self.view.popup = Some(Popup::SaveAs { text, then });
                Nav::Stay
            }
            Ok((path, true)) => {
                self.view.popup = Some(popups::replace(path, text, then));
                Nav::Stay
            }
            Ok((path, false)) => self.save_then(path, text, then),
        }
    }

    /// Save to `path`, then go on to `then` ([`PlayState::saved_as`]
    /// once written).
    pub(super) fn save_then(&mut self, path: PathBuf, typed: String, then: Option<Exit>) -> Nav {
        self.view.say(format!(
            "saving to {}…",
            motley_rules::core::quote::path(&path)
        ));
        self.session.save_to(path);
        self.view.saving = Some(PendingSave { typed, then });
        Nav::Stay
    }

    /// A save to a named file was written (or not): go on to where the
    /// player was going; on failure the prompt opens again with what was
    /// typed, and the message says why.
    fn saved_as(&mut self, path: PathBuf, result: Result<(), RecordError>) -> Nav {
        let pending = self.view.saving.take().unwrap_or_else(|| PendingSave {
            typed: path.display().to_string(),
            then: None,
        });
        match result {
            Ok(()) => {
                self.view.say(format!(
                    "saved to {}",
                    motley_rules::core::quote::path(&path)
                ));
                match pending.then {
                    Some(exit) => self.go(exit),
                    None => Nav::Stay,
                }
            }
            Err(e) => {
                self.view.refuse(format!("not saved: {e}"));
                self.view.popup = Some(Popup::SaveAs {
                    text: LineEdit::typed(pending.typed),
                    then: pending.then,
                });
                Nav::Stay
            }
        }
    }

    /// What a write came to: the session takes its own; the screen says
    /// what an export, a save by name or an announced keeping came to.
    pub(super) fn written(&mut self, written: Written) -> Nav {
        if let Written::Exported(result) = &written {
            self.view.message = Some(exported(result));
            return Nav::Stay;
        }
        if !self.session.take_written(&written) {
            return Nav::Stay;
        }
        match written {
            Written::Kept {
                announce: true,
                result,
                ..
            } => {
                self.view.message = Some(match result {
                    Ok(Some(path)) => Message::info(format!(
                        "saved as {}",
                        motley_rules::core::quote::path(&path)
                    )),
                    Ok(None) => Message::info("not saved yet: it has no moves"),
                    Err(e) => Message::error(format!("not saved: {e}")),
                })
            }
            Written::SavedAs { path, result, .. } => return self.saved_as(path, result),
            _ => {}
        }
        Nav::Stay
    }
}

/// Why the game cannot be saved where the player typed, in words.
fn save_target_words(why: &SaveTargetError) -> String {
    match why {
        SaveTargetError::Path(_) => format!("not saved: {why}"),
        _ => format!("not saved: {why}; choose another name"),
    }
}
