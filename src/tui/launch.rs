//! How the command line enters the terminal UI: the main menu, a game, or
//! a saved game to replay, each with the run's settings and theme. The
//! screens stay the UI's own: nothing outside builds one.

use super::app::{App, Screen};
use super::base::{Message, PlayStart};
use super::config::Config;
use super::menu::MenuState;
use super::play::PlayState;
use super::replay::ReplayState;
use super::settings::Settings;
use super::theme::{Theme, ThemeName};
use super::{run, Ended, UiError};
use motley_game::variant::Registry;
use motley_session::Session;
use std::path::PathBuf;

/// What a run of the UI starts with.
pub struct Launch {
    /// The variants.
    pub registry: Registry,
    /// The run's choices.
    pub settings: Settings,
    /// The command line's theme (else the config file's).
    pub theme: Option<ThemeName>,
    /// A problem to say on the first screen (an old autosave that could
    /// not be moved, say).
    pub notice: Option<String>,
}

/// The main menu.
pub fn run_menu(launch: Launch) -> Result<Ended, UiError> {
    let mut menu = MenuState::new(&launch.settings, &launch.registry);
    menu.message = launch.notice.clone().map(Message::error);
    run_screen(Screen::Menu(Box::new(menu)), launch)
}

/// A game on the play screen (its engines started already, so one that
/// cannot play was refused before the board opens).
pub fn run_game(session: Session, launch: Launch) -> Result<Ended, UiError> {
    let mut state = PlayState::open(PlayStart::new(session));
    state.view.message = launch.notice.clone().map(Message::error);
    run_screen(Screen::Play(Box::new(state)), launch)
}

/// A saved game in the replay viewer; a file that gives no game is
/// refused before the terminal is taken.
pub fn run_replay(path: PathBuf, launch: Launch) -> Result<Ended, UiError> {
    let mut state = ReplayState::open(path, &launch.registry).map_err(UiError::File)?;
    if let Some(notice) = launch.notice.clone() {
        state.view.message = Some(Message::error(notice));
    }
    run_screen(Screen::Replay(Box::new(state)), launch)
}

/// Run the UI on `screen`. The command line's theme, else the config
/// file's; a config file that cannot be read is said on the first screen.
fn run_screen(mut screen: Screen, launch: Launch) -> Result<Ended, UiError> {
    let (config, warning) = Config::load();
    if let Some(text) = warning {
        let message = Some(Message::error(text));
        match &mut screen {
            Screen::Menu(m) => m.message = message,
            Screen::Play(p) => p.view.message = message,
            Screen::Replay(r) => r.view.message = message,
            Screen::Editor(e) => e.message = message,
        }
    }
    let Launch {
        registry,
        settings,
        theme,
        ..
    } = launch;
    let theme = Theme::from_env(config.theme_or(theme), settings.ascii);
    run(App::new(screen, registry, settings, theme, (80, 24)))
}
