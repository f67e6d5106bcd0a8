//! The choices fixed for one run of the UI (command line, data folder):
//! how the screens draw, and the session's own ([`SessionSettings`]).
//! The lowest module of the UI's own: every screen reads it, and it reads
//! nothing of theirs.

use motley_session::SessionSettings;
use std::path::PathBuf;

/// Choices fixed for the whole run.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Draw pieces as letters (terminals without the chess glyphs).
    pub ascii: bool,
    /// Turn the board to the player to move in hot-seat games.
    pub auto_flip: bool,
    /// The config file a theme chosen in the menu is kept in (`None`: not
    /// kept).
    pub config: Option<PathBuf>,
    /// What the games played read: thinking time, folders, the clock's
    /// time, hints and analyses.
    pub session: SessionSettings,
}

impl Settings {
    /// The settings of a run on Motley's data and config folders, pieces
    /// as letters with `ascii`.
    pub fn for_run(ascii: bool) -> Settings {
        Settings {
            ascii,
            config: motley_disk::paths::config_path(),
            session: SessionSettings::in_data_folder(),
            ..Settings::default()
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            ascii: false,
            auto_flip: true,
            config: None,
            session: SessionSettings::default(),
        }
    }
}
