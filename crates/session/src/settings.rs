//! The choices a session reads, fixed for one run (the command line, the
//! data folder, the new-game form): how long a computer thinks, where
//! games are kept, saved and exported, how hints and analyses search, and
//! where the clock reads the time.

use motley_ai::analysis::AnalysisSettings;
use motley_game::clock::TimeSource;
use std::path::PathBuf;
use std::time::Duration;

/// Thinking time per position of the replay viewer's analysis: a 40-move
/// game takes about 40 s per core.
pub const ANALYSIS_MOVETIME_MS: u64 = 500;

/// See the module comment.
#[derive(Clone, Debug)]
pub struct SessionSettings {
    /// Computer thinking time per action.
    pub movetime: Duration,
    /// The folder of games in progress, one record each (`None`: games
    /// are not kept).
    pub games_dir: Option<PathBuf>,
    /// The folder saved games go to and the load dialog lists.
    pub saves_dir: Option<PathBuf>,
    /// The folder PGN exports go to (`None`: nothing can be exported).
    pub exports_dir: Option<PathBuf>,
    /// The replay viewer's analysis: time per position, deepest search,
    /// positions at once. Hints search at most `max_depth` deep too (tests
    /// lower it so results do not depend on the machine's speed).
    pub analysis: AnalysisSettings,
    /// Where chess clocks read the time (tests set it by hand).
    pub time: TimeSource,
}

impl SessionSettings {
    /// The folders of Motley's data folder ([`motley_disk::paths`]), with the
    /// other choices as by default.
    pub fn in_data_folder() -> SessionSettings {
        SessionSettings {
            games_dir: motley_disk::paths::games_dir(),
            saves_dir: motley_disk::paths::saves_dir(),
            exports_dir: motley_disk::paths::exports_dir(),
            ..SessionSettings::default()
        }
    }
}

impl Default for SessionSettings {
    /// A second a move, nothing kept, analyses at
    /// [`ANALYSIS_MOVETIME_MS`], the system's clock.
    fn default() -> Self {
        SessionSettings {
            movetime: Duration::from_millis(1000),
            games_dir: None,
            saves_dir: None,
            exports_dir: None,
            analysis: AnalysisSettings::new(Duration::from_millis(ANALYSIS_MOVETIME_MS)),
            time: TimeSource::default(),
        }
    }
}
