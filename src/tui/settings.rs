//! The choices fixed for one run of the UI (command line, data folder).
//! The lowest module of the UI's own: the game controller and every screen
//! read it, and it reads nothing of theirs.

use crate::clock::TimeSource;
use std::path::PathBuf;
use std::time::Duration;

/// Choices fixed for the whole run.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Draw pieces as letters (terminals without the chess glyphs).
    pub ascii: bool,
    /// Turn the board to the player to move in hot-seat games.
    pub auto_flip: bool,
    /// Computer thinking time per action.
    pub movetime: Duration,
    /// Where the unfinished game is kept (`None`: no autosave).
    pub autosave: Option<PathBuf>,
    /// The folder saved games go to and the load dialog lists.
    pub saves_dir: Option<PathBuf>,
    /// The config file a theme chosen in the menu is kept in (`None`: not
    /// kept).
    pub config: Option<PathBuf>,
    /// Where chess clocks read the time (tests set it by hand).
    pub time: TimeSource,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            ascii: false,
            auto_flip: true,
            movetime: Duration::from_millis(1000),
            autosave: None,
            saves_dir: None,
            config: None,
            time: TimeSource::default(),
        }
    }
}
