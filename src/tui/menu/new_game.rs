//! The new-game form: players, a chess clock, match length (where the
//! rules carry something from game to game) and an optional start position.

use crate::ai::PlayerSpec;
use crate::clock::TimeControl;
use crate::rules::Position;
use crate::tui::config::NewGameChoices;
use crate::tui::popup::{centered, row_style, titled_block};
use crate::tui::theme::Theme;
use crate::variant::Registry;
use crossterm::event::KeyCode;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

/// The keys, at the foot of the screen.
pub const FOOTER: &str = "↑/↓ row · ←/→ change · type the FEN on its row · Enter starts · Esc back";

/// Player choices on the form.
pub const PLAYER_CHOICES: [&str; 7] = ["human", "ai:1", "ai:2", "ai:3", "ai:4", "ai:5", "random"];

/// The choices for a new game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGameForm {
    /// Index into the registry.
    pub variant: usize,
    /// Focused row (see [`NewGameForm::rows`]).
    pub row: usize,
    /// Indices into [`PLAYER_CHOICES`].
    pub white: usize,
    pub black: usize,
    pub match_games: u32,
    pub fen: String,
    /// Index into [`clock_choices`]: 0 is no clock.
    pub clock: usize,
}

/// The clock choices: none, then the usual presets.
pub fn clock_choices() -> Vec<Option<TimeControl>> {
    std::iter::once(None)
        .chain(TimeControl::PRESETS.into_iter().map(Some))
        .collect()
}

/// Rows of the form.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FormRow {
    White,
    Black,
    MatchGames,
    Fen,
    Clock,
    Start,
}

/// What the form asks of the menu.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FormStep {
    Stay,
    Start,
    Back,
}

/// Matches of several games are offered where the rules carry something
/// from one game to the next (the rules' carried state).
pub fn offers_matches(registry: &Registry, variant: usize) -> bool {
    registry
        .all()
        .get(variant)
        .and_then(|v| v.position(None).ok())
        .is_some_and(|p| p.carried().is_some())
}

fn cycle(v: &mut usize, d: i32) {
    let n = PLAYER_CHOICES.len() as i32;
    *v = ((*v as i32 + d).rem_euclid(n)) as usize;
}

/// The form's box on a screen of `size`.
fn rect(size: (u16, u16)) -> Rect {
    centered(Rect::new(0, 0, size.0, size.1), 70, 15)
}

impl NewGameForm {
    /// A form for a variant (index into the registry), with defaults.
    pub fn new(variant: usize) -> NewGameForm {
        NewGameForm {
            variant,
            row: 0,
            white: 0,
            black: 0,
            match_games: 1,
            fen: String::new(),
            clock: 0,
        }
    }

    /// A form for a variant with the players chosen last time (choices
    /// this form does not offer any more are ignored).
    pub fn with_choices(variant: usize, last: &NewGameChoices) -> NewGameForm {
        let index = |p: &Option<String>| {
            let p = p.as_deref()?;
            PLAYER_CHOICES.iter().position(|c| *c == p)
        };
        NewGameForm {
            white: index(&last.white).unwrap_or(0),
            black: index(&last.black).unwrap_or(0),
            ..NewGameForm::new(variant)
        }
    }

    /// The choices to remember for next time.
    pub fn choices(&self, registry: &Registry) -> NewGameChoices {
        NewGameChoices {
            variant: registry.all().get(self.variant).map(|v| v.id.clone()),
            white: Some(PLAYER_CHOICES[self.white].to_string()),
            black: Some(PLAYER_CHOICES[self.black].to_string()),
            ..NewGameChoices::default()
        }
    }

    /// The rows shown for the chosen variant.
    pub fn rows(&self, registry: &Registry) -> Vec<FormRow> {
        let mut v = vec![FormRow::White, FormRow::Black];
        if offers_matches(registry, self.variant) {
            v.push(FormRow::MatchGames);
        }
        v.push(FormRow::Fen);
        v.push(FormRow::Clock);
        v.push(FormRow::Start);
        v
    }

    /// The players chosen (White, Black).
    pub fn players(&self) -> [PlayerSpec; 2] {
        let spec = |i: usize| PLAYER_CHOICES[i].parse().unwrap_or(PlayerSpec::Human);
        [spec(self.white), spec(self.black)]
    }

    /// The clock chosen, if any.
    pub fn time_control(&self) -> Option<TimeControl> {
        clock_choices().get(self.clock).copied().flatten()
    }

    /// Handle a key.
    pub fn key(&mut self, code: KeyCode, registry: &Registry) -> FormStep {
        let rows = self.rows(registry);
        self.row = self.row.min(rows.len() - 1);
        match (code, rows[self.row]) {
            (KeyCode::Up, _) => self.row = (self.row + rows.len() - 1) % rows.len(),
            (KeyCode::Down, _) | (KeyCode::Tab, _) => self.row = (self.row + 1) % rows.len(),
            (KeyCode::Left, FormRow::White) => cycle(&mut self.white, -1),
            (KeyCode::Right, FormRow::White) => cycle(&mut self.white, 1),
            (KeyCode::Left, FormRow::Black) => cycle(&mut self.black, -1),
            (KeyCode::Right, FormRow::Black) => cycle(&mut self.black, 1),
            (KeyCode::Left, FormRow::Clock) => {
                let n = clock_choices().len();
                self.clock = (self.clock + n - 1) % n;
            }
            (KeyCode::Right, FormRow::Clock) => {
                self.clock = (self.clock + 1) % clock_choices().len()
            }
            (KeyCode::Left, FormRow::MatchGames) => {
                self.match_games = self.match_games.saturating_sub(1).max(1)
            }
            (KeyCode::Right, FormRow::MatchGames) => {
                self.match_games = (self.match_games + 1).min(99)
            }
            (KeyCode::Char(c), FormRow::Fen) => self.fen.push(c),
            (KeyCode::Backspace, FormRow::Fen) => {
                self.fen.pop();
            }
            (KeyCode::Esc, _) | (KeyCode::Char('q'), _) => return FormStep::Back,
            (KeyCode::Enter, _) => return FormStep::Start,
            _ => {}
        }
        FormStep::Stay
    }

    /// A click on a row focuses it and changes it (or starts the game).
    pub fn click(&mut self, col: u16, row: u16, size: (u16, u16), registry: &Registry) -> FormStep {
        let r = rect(size);
        let rows = self.rows(registry);
        let Some(i) = row.checked_sub(r.y + 3).map(usize::from) else {
            return FormStep::Stay;
        };
        if col < r.x || col >= r.right() || i >= rows.len() {
            return FormStep::Stay;
        }
        self.row = i;
        if rows[i] == FormRow::Start {
            return self.key(KeyCode::Enter, registry);
        }
        self.key(KeyCode::Right, registry)
    }

    fn row_text(&self, row: FormRow, focused: bool) -> String {
        match row {
            FormRow::White => format!("White        ◂ {} ▸", PLAYER_CHOICES[self.white]),
            FormRow::Black => format!("Black        ◂ {} ▸", PLAYER_CHOICES[self.black]),
            FormRow::Clock => match self.time_control() {
                Some(tc) => format!("Clock        ◂ {tc} ▸  (minutes + seconds a move)"),
                None => "Clock        ◂ none ▸".to_string(),
            },
            FormRow::MatchGames => format!("Match games  ◂ {} ▸", self.match_games),
            FormRow::Fen if self.fen.is_empty() && !focused => {
                "Start FEN    (the variant's start)".to_string()
            }
            FormRow::Fen => format!("Start FEN    {}▏", self.fen),
            FormRow::Start => "[ Start the game ]".to_string(),
        }
    }
}

/// The form as a widget.
pub struct FormView<'a> {
    pub form: &'a NewGameForm,
    pub registry: &'a Registry,
    /// Why the game could not start.
    pub message: Option<&'a str>,
    pub theme: &'a Theme,
}

impl Widget for FormView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (form, theme) = (self.form, self.theme);
        let name = self
            .registry
            .all()
            .get(form.variant)
            .map(|v| v.name.clone())
            .unwrap_or_default();
        let mut lines = vec![Line::styled(name, theme.title()), Line::raw("")];
        for (i, row) in form.rows(self.registry).into_iter().enumerate() {
            let text = form.row_text(row, i == form.row);
            lines.push(Line::styled(
                format!(" {text}"),
                row_style(theme, i == form.row),
            ));
        }
        if let Some(m) = self.message {
            lines.push(Line::raw(""));
            lines.push(Line::styled(m.to_string(), theme.error()));
        }
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(titled_block(" New game ", theme))
            .render(rect((area.width, area.height)), buf);
    }
}
