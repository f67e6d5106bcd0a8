//! Where Motley's files live: the data folder and the folders in it, and
//! how a path the user typed is read (`~` means the home folder). At the
//! bottom of the layers so every module can ask without import loops.

use std::path::{Path, PathBuf};
use thiserror::Error;

/// Environment variable naming Motley's data folder instead of the
/// platform's (`<data>/motley`): tests and scripted sessions use it to keep
/// their games apart from the user's.
pub const DATA_DIR_ENV: &str = "MOTLEY_DATA_DIR";

/// Motley's data folder: `$MOTLEY_DATA_DIR` when set and not empty, else
/// `<platform data dir>/motley` (`~/.local/share/motley` on Linux).
pub fn data_dir() -> Option<PathBuf> {
    match std::env::var_os(DATA_DIR_ENV) {
        Some(d) if !d.is_empty() => Some(PathBuf::from(d)),
        _ => dirs::data_dir().map(|d| d.join("motley")),
    }
}

/// Environment variable naming Motley's config folder instead of the
/// platform's (`<config>/motley`): tests and scripted sessions use it to
/// keep their settings apart from the user's.
pub const CONFIG_DIR_ENV: &str = "MOTLEY_CONFIG_DIR";

/// The file name inside the config folder.
pub const CONFIG_FILE: &str = "config.toml";

/// Motley's config folder: `$MOTLEY_CONFIG_DIR` when set and not empty,
/// else `<platform config dir>/motley` (`~/.config/motley` on Linux).
pub fn config_dir() -> Option<PathBuf> {
    match std::env::var_os(CONFIG_DIR_ENV) {
        Some(d) if !d.is_empty() => Some(PathBuf::from(d)),
        _ => dirs::config_dir().map(|d| d.join("motley")),
    }
}

/// Where the config file is, when the platform has a config folder.
pub fn config_path() -> Option<PathBuf> {
    config_dir().map(|d| d.join(CONFIG_FILE))
}

/// Games in progress, one record file each, so a new game never touches
/// another's file.
pub fn games_dir() -> Option<PathBuf> {
    data_dir().map(|d| d.join("games"))
}

/// Games saved by name and finished games (the history).
pub fn saves_dir() -> Option<PathBuf> {
    data_dir().map(|d| d.join("saves"))
}

/// Exported PGN files, each a new file, never written over.
pub fn exports_dir() -> Option<PathBuf> {
    data_dir().map(|d| d.join("exports"))
}

/// The user's variant files, which add to or replace the built-in ones.
pub fn variants_dir() -> Option<PathBuf> {
    data_dir().map(|d| d.join("variants"))
}

/// The single autosave file of Motley versions before one file per game;
/// still read (and moved into [`games_dir`]) so no old game is lost.
pub fn legacy_autosave_path() -> Option<PathBuf> {
    data_dir().map(|d| d.join("autosave.json"))
}

/// A user-typed path that cannot be used as given.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PathError {
    #[error("'{0}': '~' needs a home folder, and none is known on this system")]
    NoHome(String),
    #[error("'{0}': '~user' paths are not supported; write the full path")]
    OtherUser(String),
}

/// A path typed by the user with a leading `~` or `~/…` made the home
/// folder, as a shell would; `~user/…` is refused rather than turned into
/// a folder literally named `~user`.
pub fn expand_user(path: &Path) -> Result<PathBuf, PathError> {
    let text = path.to_string_lossy();
    let Some(rest) = text.strip_prefix('~') else {
        return Ok(path.to_path_buf());
    };
    if !(rest.is_empty() || rest.starts_with('/')) {
        return Err(PathError::OtherUser(motley_rules::core::quote::clip(&text)));
    }
    let home = dirs::home_dir()
        .ok_or_else(|| PathError::NoHome(motley_rules::core::quote::clip(&text)))?;
    Ok(home.join(rest.trim_start_matches('/')))
}
