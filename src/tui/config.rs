//! The player's preferences kept between sessions: the theme and the last
//! choices of the new-game dialog, in `config.toml` in Motley's config
//! folder. A missing file means defaults; a broken one is reported and
//! replaced by defaults, never a crash.

use super::theme::{ThemeName, UnknownTheme};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

use motley_disk::paths::config_path;

/// Larger files are refused unread: a config file is a few lines.
pub const MAX_CONFIG_BYTES: u64 = 64 * 1024;

/// What can go wrong reading or writing the config file. Each names the
/// file; the reason comes first so a narrow status line keeps it. The
/// reason is said in the message and so is not also a `source()` (a chain
/// printed whole would say it twice).
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("{error} ({path})")]
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    #[error("{error} ({path})")]
    Unreadable {
        path: PathBuf,
        error: motley_disk::files::ReadError,
    },
    #[error("{message} (in {path})")]
    Malformed { path: PathBuf, message: String },
    #[error("{error} ({path})")]
    Unwritable {
        path: PathBuf,
        error: toml::ser::Error,
    },
}

/// The new-game dialog's last choices, as the dialog and the command line
/// spell them (`ai:3`, `5+3`, a FEN); the dialog checks them again when it
/// uses them, so a stale value only falls back to the default. Unset
/// choices are left out of the file (TOML has no null).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct NewGameChoices {
    pub variant: Option<String>,
    pub white: Option<String>,
    pub black: Option<String>,
    pub clock: Option<String>,
    pub seed: Option<u64>,
    pub fen: Option<String>,
    /// The Chess960 choice: `random`, or a position's number.
    pub chess960: Option<String>,
    pub movetime_ms: Option<u64>,
    pub ascii: Option<bool>,
    pub auto_flip: Option<bool>,
}

/// Everything `config.toml` holds. Fields a later Motley adds are ignored
/// by this one, so one file serves both.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Config {
    /// The theme (`theme = "high-contrast"`); `None` is the default theme.
    #[serde(skip_serializing_if = "Option::is_none", with = "theme_id", default)]
    pub theme: Option<ThemeName>,
    /// The new-game dialog's last choices.
    #[serde(skip_serializing_if = "is_empty")]
    pub new_game: NewGameChoices,
}

fn is_empty(c: &NewGameChoices) -> bool {
    *c == NewGameChoices::default()
}

/// Themes in the file by their ids.
mod theme_id {
    use super::*;
    use serde::{Deserializer, Serializer};

    pub fn serialize<S: Serializer>(t: &Option<ThemeName>, s: S) -> Result<S::Ok, S::Error> {
        match t {
            Some(t) => s.serialize_str(t.id()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<ThemeName>, D::Error> {
        let text = String::deserialize(d)?;
        text.parse()
            .map(Some)
            .map_err(|e: UnknownTheme| serde::de::Error::custom(e))
    }
}

impl Config {
    /// Read a config file. A missing file is the defaults.
    pub fn read(path: &Path) -> Result<Config, ConfigError> {
        let bytes = match motley_disk::files::read_regular(path, MAX_CONFIG_BYTES) {
            Ok(b) => b,
            Err(motley_disk::files::ReadError::Io(e))
                if e.kind() == std::io::ErrorKind::NotFound =>
            {
                return Ok(Config::default())
            }
            Err(error) => {
                return Err(ConfigError::Unreadable {
                    path: path.to_path_buf(),
                    error,
                })
            }
        };
        let text = String::from_utf8_lossy(&bytes);
        toml::from_str(&text).map_err(|e| ConfigError::Malformed {
            path: path.to_path_buf(),
            message: e.message().to_string(),
        })
    }

    /// Read the user's config file ([`config_path`]): the config, and a
    /// message for the player when the file was there but could not be
    /// used (the defaults are used then).
    pub fn load() -> (Config, Option<String>) {
        let Some(path) = config_path() else {
            return (Config::default(), None);
        };
        match Config::read(&path) {
            Ok(c) => (c, None),
            Err(e) => (
                Config::default(),
                Some(format!("Settings not read, defaults used: {e}")),
            ),
        }
    }

    /// Change the config file at `path` in place: read it (a missing file
    /// is the defaults), apply `change`, and write back only the keys whose
    /// values changed, so the player's comments, layout and keys this
    /// Motley does not know stay as they were; a symlinked file (into a
    /// dotfiles repository, say) is written at its target and stays a
    /// link. A file that cannot be read is left as it is (and the error
    /// returned).
    pub fn update(path: &Path, change: impl FnOnce(&mut Config)) -> Result<(), ConfigError> {
        let before = Config::read(path)?;
        let mut after = before.clone();
        change(&mut after);
        if after == before {
            return Ok(());
        }
        let target = link_target(path);
        let text = match motley_disk::files::read_regular(&target, MAX_CONFIG_BYTES) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(_) => String::new(),
        };
        let malformed = |e: toml_edit::TomlError| ConfigError::Malformed {
            path: path.to_path_buf(),
            message: e.message().to_string(),
        };
        let mut doc: toml_edit::DocumentMut = text.parse().map_err(malformed)?;
        let old = before.as_document(path)?;
        let new = after.as_document(path)?;
        edit_changed(doc.as_table_mut(), old.as_table(), new.as_table());
        let io = |error| ConfigError::Io {
            path: target.clone(),
            error,
        };
        if let Some(dir) = target.parent() {
            std::fs::create_dir_all(dir).map_err(io)?;
        }
        motley_disk::files::write_atomic(&target, doc.to_string().as_bytes()).map_err(io)
    }

    /// The config as a TOML document of the keys it sets.
    fn as_document(&self, path: &Path) -> Result<toml_edit::DocumentMut, ConfigError> {
        let text = toml::to_string(self).map_err(|error| ConfigError::Unwritable {
            path: path.to_path_buf(),
            error,
        })?;
        text.parse()
            .map_err(|e: toml_edit::TomlError| ConfigError::Malformed {
                path: path.to_path_buf(),
                message: e.message().to_string(),
            })
    }

    /// The theme to use: the command line's choice, else the file's, else
    /// the default.
    pub fn theme_or(&self, command_line: Option<ThemeName>) -> ThemeName {
        command_line.or(self.theme).unwrap_or_default()
    }
}

/// Where a write of `path` must go: the file a symlink points to (links
/// followed to the end), else `path` itself. Renaming over the link would
/// replace it with a plain file.
fn link_target(path: &Path) -> PathBuf {
    let mut at = path.to_path_buf();
    // A bound on the chain, as the system has: a loop ends here.
    for _ in 0..40 {
        match std::fs::read_link(&at) {
            Ok(next) => {
                at = match at.parent() {
                    Some(dir) if next.is_relative() => dir.join(next),
                    _ => next,
                }
            }
            Err(_) => return at,
        }
    }
    path.to_path_buf()
}

/// Edit `doc` where the config's keys went from `old` to `new`: a changed
/// value is replaced (keeping the comment before its key), a key no
/// longer set is removed, and every other line is left alone, the keys
/// this Motley does not know included.
fn edit_changed(doc: &mut toml_edit::Table, old: &toml_edit::Table, new: &toml_edit::Table) {
    let keys: Vec<String> = old
        .iter()
        .chain(new.iter())
        .map(|(k, _)| k.to_string())
        .collect();
    let empty = toml_edit::Table::new();
    for key in keys {
        let (o, n) = (old.get(&key), new.get(&key));
        let (o_table, n_table) = (o.and_then(|i| i.as_table()), n.and_then(|i| i.as_table()));
        if o_table.is_some() || n_table.is_some() {
            let (o, n) = (o_table.unwrap_or(&empty), n_table.unwrap_or(&empty));
            let item = doc.entry(&key).or_insert(toml_edit::table());
            if item.as_table().is_none() {
                // A dotted or inline form this code does not edit: written anew.
                *item = toml_edit::table();
            }
            if let Some(table) = item.as_table_mut() {
                edit_changed(table, o, n);
                if table.is_empty() {
                    doc.remove(&key);
                }
            }
            continue;
        }
        match (o.and_then(|i| i.as_value()), n.and_then(|i| i.as_value())) {
            (Some(o), Some(n)) if o.to_string().trim() == n.to_string().trim() => {}
            (_, Some(n)) => set_value(doc, &key, n.clone()),
            (Some(_), None) => {
                doc.remove(&key);
            }
            (None, None) => {}
        }
    }
}

/// Set `key` to `value` in `doc`, keeping the key's line as it was (the
/// comment above it, the one after the value, the spacing).
fn set_value(doc: &mut toml_edit::Table, key: &str, mut value: toml_edit::Value) {
    match doc.get_mut(key).and_then(|i| i.as_value_mut()) {
        Some(old) => {
            *value.decor_mut() = old.decor().clone();
            *old = value;
        }
        None => {
            value.decor_mut().clear();
            doc.insert(key, toml_edit::Item::Value(value));
        }
    }
}

/// A choice the config file keeps: written by the writer thread, off the
/// input path, so a slow disk never delays the key that made it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConfigChange {
    /// The theme chosen on the menu.
    Theme(ThemeName),
    /// The new-game form's choices, remembered for the next game.
    NewGame(NewGameChoices),
}

/// A change to keep in the config file at `path`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigWrite {
    pub path: PathBuf,
    pub change: ConfigChange,
}

impl ConfigWrite {
    /// Keep the change (the file edited in place, [`Config::update`]).
    pub fn perform(self) -> ConfigKept {
        let result = match &self.change {
            ConfigChange::Theme(name) => Config::update(&self.path, |c| c.theme = Some(*name)),
            ConfigChange::NewGame(choices) => {
                Config::update(&self.path, |c| c.new_game = choices.clone())
            }
        };
        ConfigKept {
            change: self.change,
            result,
        }
    }
}

/// What keeping a change came to: the menu says when a theme could not
/// be kept (the form's choices are remembered quietly).
#[derive(Debug)]
pub struct ConfigKept {
    pub change: ConfigChange,
    pub result: Result<(), ConfigError>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use motley_disk::paths::CONFIG_FILE;

    fn temp(name: &str) -> tempfile::TempDir {
        tempfile::Builder::new()
            .prefix(&format!("motley-config-{name}-"))
            .tempdir()
            .unwrap()
    }

    #[test]
    fn a_written_config_reads_back_the_same() {
        let tmp = temp("roundtrip");
        let dir = tmp.path();
        let path = dir.join("sub").join(CONFIG_FILE);
        let config = Config {
            theme: Some(ThemeName::ColourBlind),
            new_game: NewGameChoices {
                variant: Some("chicken".into()),
                white: Some("ai:3".into()),
                clock: Some("5+3".into()),
                auto_flip: Some(false),
                ..NewGameChoices::default()
            },
        };
        Config::update(&path, |c| *c = config.clone()).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("theme = \"colour-blind\""), "{text}");
        // Unset choices write no key.
        assert!(!text.contains("black") && !text.contains("seed"), "{text}");
        assert_eq!(Config::read(&path).unwrap(), config);
    }

    // Issue 22, item 35: changing a setting edits the file in place: the
    // player's comments and keys this Motley does not know stay, and a
    // symlinked file stays a link, written at its target.
    #[test]
    fn item_35_an_update_keeps_comments_unknown_keys_and_symlinks() {
        let tmp = temp("in-place");
        let dir = tmp.path();
        let dotfiles = dir.join("dotfiles");
        std::fs::create_dir_all(&dotfiles).unwrap();
        let real = dotfiles.join("motley.toml");
        let original = "# my Motley settings\n\
                        theme = \"mono\" # dark terminals\n\
                        clock_sound = true\n\
                        \n\
                        [new_game]\n\
                        # always against the computer\n\
                        white = \"ai:3\"\n\
                        future_key = 7\n";
        std::fs::write(&real, original).unwrap();
        let link = dir.join("config").join(CONFIG_FILE);
        std::fs::create_dir_all(link.parent().unwrap()).unwrap();
        std::os::unix::fs::symlink("../dotfiles/motley.toml", &link).unwrap();

        Config::update(&link, |c| c.theme = Some(ThemeName::HighContrast)).unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        let text = std::fs::read_to_string(&real).unwrap();
        assert_eq!(
            text,
            original.replace("\"mono\"", "\"high-contrast\""),
            "only the theme's value changed"
        );

        Config::update(&link, |c| {
            c.new_game.white = None;
            c.new_game.black = Some("human".into());
        })
        .unwrap();
        let text = std::fs::read_to_string(&real).unwrap();
        for kept in [
            "# my Motley settings",
            "# dark terminals",
            "clock_sound = true",
            "future_key = 7",
        ] {
            assert!(text.contains(kept), "{kept} lost:\n{text}");
        }
        assert!(!text.contains("white"), "{text}");
        let read = Config::read(&link).unwrap();
        assert_eq!(read.new_game.black.as_deref(), Some("human"));
        assert_eq!(read.theme, Some(ThemeName::HighContrast));
        // A missing file is created with just the keys set.
        let fresh = dir.join("fresh").join(CONFIG_FILE);
        Config::update(&fresh, |c| c.theme = Some(ThemeName::Mono)).unwrap();
        assert_eq!(
            std::fs::read_to_string(&fresh).unwrap(),
            "theme = \"mono\"\n"
        );
    }

    #[test]
    fn a_missing_file_is_the_defaults() {
        let tmp = temp("missing");
        let dir = tmp.path();
        assert_eq!(
            Config::read(&dir.join(CONFIG_FILE)).unwrap(),
            Config::default()
        );
    }

    #[test]
    fn broken_files_are_errors_naming_the_file_never_panics() {
        let tmp = temp("broken");
        let dir = tmp.path();
        let path = dir.join(CONFIG_FILE);
        for (text, needle) in [
            ("theme = \"neon\"\n", "unknown theme 'neon'"),
            ("theme = [1, 2]\n", "string"),
            ("theme = \"mono\"\ntheme = \"mono\"\n", "duplicate"),
            ("this is not toml", "config.toml"),
            ("[new_game]\nseed = -1\n", "config.toml"),
        ] {
            std::fs::write(&path, text).unwrap();
            let err = Config::read(&path).unwrap_err().to_string();
            assert!(err.contains("config.toml"), "{err}");
            assert!(err.contains(needle), "{text:?}: {err}");
        }
        // Unknown keys (a later Motley's) are ignored.
        std::fs::write(&path, "theme = \"mono\"\nclock_sound = true\n").unwrap();
        assert_eq!(Config::read(&path).unwrap().theme, Some(ThemeName::Mono));
    }

    #[test]
    fn folders_and_huge_files_are_refused_unread() {
        let tmp = temp("odd");
        let dir = tmp.path();
        let folder = dir.join(CONFIG_FILE);
        std::fs::create_dir_all(&folder).unwrap();
        assert!(matches!(
            Config::read(&folder),
            Err(ConfigError::Unreadable {
                error: motley_disk::files::ReadError::Folder,
                ..
            })
        ));
        let big = dir.join("big.toml");
        let line = "# padding padding padding padding padding padding padding\n";
        std::fs::write(&big, line.repeat(2000)).unwrap();
        assert!(matches!(
            Config::read(&big),
            Err(ConfigError::Unreadable {
                error: motley_disk::files::ReadError::TooLarge { .. },
                ..
            })
        ));
    }

    #[test]
    fn the_command_line_theme_beats_the_file() {
        let c = Config {
            theme: Some(ThemeName::Mono),
            ..Config::default()
        };
        assert_eq!(c.theme_or(None), ThemeName::Mono);
        assert_eq!(
            c.theme_or(Some(ThemeName::HighContrast)),
            ThemeName::HighContrast
        );
        assert_eq!(Config::default().theme_or(None), ThemeName::Default);
    }
}
