//! Where the game on the play screen is kept: its own record in the games
//! folder, created at its first action (never on opening a screen, never
//! over another game's file) and held under a lock while it is open here;
//! whether every action is in some file; and, while saving fails, why —
//! which the play screen shows until a save works again.

use crate::game::Game;
use crate::record::games::OpenGame;
use crate::record::GameRecord;
use std::path::{Path, PathBuf};

/// See the module comment.
#[derive(Debug, Default)]
pub struct GameFile {
    /// The game's record, once it has one.
    open: Option<OpenGame>,
    /// Why the last save failed, while saving fails.
    problem: Option<String>,
    /// Actions are in no file at all.
    unsaved: bool,
    /// A file the player named holds the game exactly as it stands.
    named_copy_current: bool,
    /// The game has left the screen: nothing more is written.
    closed: bool,
}

impl GameFile {
    /// A game in progress read from its record, which `open` locks.
    pub fn held(open: OpenGame) -> GameFile {
        GameFile {
            open: Some(open),
            ..GameFile::default()
        }
    }

    /// The game's record, once it has one.
    pub fn path(&self) -> Option<&Path> {
        self.open.as_ref().map(OpenGame::path)
    }

    /// Why the game is not being saved, while saving fails.
    pub fn problem(&self) -> Option<&str> {
        self.problem.as_deref()
    }

    /// Some actions are in no file (leaving would lose them).
    pub fn unsaved(&self) -> bool {
        self.unsaved
    }

    /// The game changed: write `record` (the game as it stands) to its
    /// record file in `dir`, creating the
    /// record at the first action; once every action is taken back the
    /// record goes (there is nothing to continue; a game that ended
    /// without a move, by resignation or agreement, is kept). `dir` is `None` when
    /// games are not kept at all (then nothing is written, and nothing is
    /// said to be unsaved).
    pub fn keep(&mut self, dir: Option<&Path>, game: &Game, record: &GameRecord) {
        self.named_copy_current = false;
        let Some(dir) = dir.filter(|_| !self.closed) else {
            return;
        };
        if game.ply() == 0 && game.outcome().is_none() {
            if let Some(open) = self.open.take() {
                open.discard();
            }
            self.unsaved = false;
            self.problem = None;
            return;
        }
        let saved = match &self.open {
            Some(open) => open.save_record(record),
            None => OpenGame::create_with(dir, game, record).map(|open| {
                self.open = Some(open);
            }),
        };
        match saved {
            Ok(()) => {
                self.unsaved = false;
                self.problem = None;
            }
            Err(e) => {
                self.unsaved = true;
                self.problem = Some(e.to_string());
            }
        }
    }

    /// The player saved the game as it stands to a file of their choice:
    /// nothing is lost by leaving now.
    pub fn saved_elsewhere(&mut self) {
        self.unsaved = false;
        self.named_copy_current = true;
    }

    /// The game leaves the screen. A finished game's record moves to
    /// `saves_dir` (the history) — unless the player saved it by name as
    /// it stands, which keeps one copy, theirs; an unfinished game's record
    /// stays for Continue, and so does a record whose last save failed (it
    /// is not the whole game). The lock is released. Says where the record
    /// is now; `Err` says why a finished game could not move (it stays
    /// with the games in progress, and moves when that list is next read).
    pub fn close(
        &mut self,
        game: &Game,
        saves_dir: Option<&Path>,
    ) -> Result<Option<PathBuf>, String> {
        self.closed = true;
        let Some(open) = self.open.take() else {
            return Ok(None);
        };
        let here = open.path().to_path_buf();
        if game.outcome().is_none() || self.unsaved {
            return Ok(Some(here));
        }
        if self.named_copy_current {
            open.discard();
            return Ok(None);
        }
        let Some(saves_dir) = saves_dir else {
            return Ok(Some(here));
        };
        open.finish(saves_dir)
            .map(Some)
            .map_err(|(_, e)| e.to_string())
    }
}
