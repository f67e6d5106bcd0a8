//! The choices fixed for one run of the UI (command line, data folder).
//! The lowest module of the UI's own: the game controller and every screen
//! read it, and it reads nothing of theirs.

use crate::analysis::AnalysisSettings;
use crate::clock::TimeSource;
use std::path::PathBuf;
use std::time::Duration;

/// Thinking time per position of the replay viewer's analysis: a 40-move
/// game takes about 40 s per core.
pub const ANALYSIS_MOVETIME_MS: u64 = 500;

/// Choices fixed for the whole run.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Draw pieces as letters (terminals without the chess glyphs).
    pub ascii: bool,
    /// Turn the board to the player to move in hot-seat games.
    pub auto_flip: bool,
    /// Computer thinking time per action.
    pub movetime: Duration,
    /// The folder of games in progress, one record each (`None`: games
    /// are not kept).
    pub games_dir: Option<PathBuf>,
    /// The folder saved games go to and the load dialog lists.
    pub saves_dir: Option<PathBuf>,
    /// The replay viewer's analysis: time per position, deepest search,
    /// positions at once. Hints search at most `max_depth` deep too (tests
    /// lower it so results do not depend on the machine's speed).
    pub analysis: AnalysisSettings,
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
            games_dir: None,
            saves_dir: None,
            analysis: AnalysisSettings::new(Duration::from_millis(ANALYSIS_MOVETIME_MS)),
            config: None,
            time: TimeSource::default(),
        }
    }
}
