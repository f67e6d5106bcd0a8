//! The new-game form: every choice `motley play` has on its command line
//! — players (people, Motley's levels with what each means, other UCI
//! engines), match length (where the rules carry something from game to
//! game), a chess clock, the computer's time per move, a seed, a start
//! position, the theme, ASCII pieces and auto-flip. It opens with the
//! last choices, starts with Enter from any row, and scrolls when the
//! terminal is short.

use super::page::PageContext;
use crate::tui::base::PlayChoices;
use crate::tui::config::NewGameChoices;
use crate::tui::line_edit::LineEdit;
use crate::tui::popup::{centered, row_style, titled_block};
use crate::tui::theme::ThemeName;
use crossterm::event::{KeyCode, KeyEvent};
use motley_ai::{self as ai, PlayerSpec};
use motley_game::clock::TimeControl;
use motley_game::variant::Registry;
use motley_rules::core::Color;
use motley_rules::Position;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{
    Clear, Paragraph, Scrollbar, ScrollbarOrientation, ScrollbarState, StatefulWidget, Widget, Wrap,
};
use std::time::Duration;

mod view;
pub use view::FormView;
use view::LABEL_W;

/// The keys, at the foot of the screen.
pub const FOOTER: &str = "↑↓ row · ←→ change · type on text rows · Enter start · Esc back";

/// Player choices on the form: a person, Motley's levels, another engine
/// (its command typed on the row below).
pub const PLAYER_CHOICES: [&str; 7] = ["human", "ai:1", "ai:2", "ai:3", "ai:4", "ai:5", "uci"];

/// Index of the external engine in [`PLAYER_CHOICES`].
const UCI_CHOICE: usize = PLAYER_CHOICES.len() - 1;

/// The computer's time per move on offer, in milliseconds.
pub const MOVETIME_CHOICES: [u64; 9] = [100, 250, 500, 1000, 2000, 3000, 5000, 10_000, 30_000];

/// Longest text a field takes (a FEN with long counters fits).
const MAX_FIELD: usize = 120;
/// The form's widest box.
const FORM_W: u16 = 76;

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
    /// The command lines of `uci` players (White, Black).
    pub engines: [String; 2],
    pub match_games: u32,
    /// The start position typed (empty: the variant's start).
    pub fen: String,
    /// Whether the game starts from a Chess960 position, and which.
    pub chess960: Chess960Choice,
    /// The Chess960 position's number typed, digits only.
    pub chess960_number: String,
    /// Index into [`clock_choices`]: 0 is no clock.
    pub clock: usize,
    /// Index into [`MOVETIME_CHOICES`].
    pub movetime: usize,
    /// The seed typed, digits only (empty: a new one each game).
    pub seed: String,
    /// Pieces as letters.
    pub ascii: bool,
    /// Turn the board to the side to move in hot-seat games.
    pub auto_flip: bool,
    /// The players' names as typed (White, Black; empty: the default).
    pub names: [String; 2],
    /// The text row being edited, with its cursor (the prompts' keys).
    pub editing: Option<(FormRow, LineEdit)>,
}

/// The clock choices: none, then the usual presets.
pub fn clock_choices() -> Vec<Option<TimeControl>> {
    std::iter::once(None)
        .chain(TimeControl::PRESETS.into_iter().map(Some))
        .collect()
}

/// The Chess960 choice: the variant's own start, a position drawn from
/// the seed, or the one whose number is typed on the row below.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Chess960Choice {
    #[default]
    Off,
    Random,
    Number,
}

/// Rows of the form.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FormRow {
    White,
    /// The command line of White's engine (shown when White is `uci`).
    WhiteEngine,
    Black,
    /// The command line of Black's engine (shown when Black is `uci`).
    BlackEngine,
    MatchGames,
    Fen,
    /// Chess960 (shown where the variant may be played so).
    Chess960,
    /// The Chess960 position's number (shown when chosen by number).
    Chess960Number,
    Clock,
    MoveTime,
    Seed,
    Theme,
    Ascii,
    AutoFlip,
    /// The players' names (empty: the default name).
    WhiteName,
    BlackName,
    Start,
}

impl FormRow {
    /// Rows typed into rather than chosen from.
    fn is_text(self) -> bool {
        matches!(
            self,
            FormRow::WhiteEngine
                | FormRow::BlackEngine
                | FormRow::Fen
                | FormRow::Chess960Number
                | FormRow::Seed
                | FormRow::WhiteName
                | FormRow::BlackName
        )
    }
}

/// What the form asks of the menu.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FormStep {
    Stay,
    Start,
    Back,
    /// Show the next (`1`) or previous (`-1`) theme at once.
    Theme(i8),
}

/// Why the form's choices do not make a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FormError {
    #[error("type the command that starts {0}'s engine (e.g. stockfish) on its row")]
    /// An engine was chosen without its command.
    NoEngine(Color),
    #[error("the start FEN is not a position: {0}")]
    /// The start position is not valid (in the rules' words).
    Fen(String),
    #[error("the seed must be a whole number from 0 to {}", u64::MAX)]
    /// The seed is not a number.
    Seed,
    #[error("type the Chess960 position's number, 0 to 959, on its row")]
    /// A Chess960 position by number without one from 0 to 959.
    Chess960Number,
    #[error("a start FEN and a Chess960 position both set the start: keep one")]
    /// Both a FEN and a Chess960 position chosen.
    FenAndChess960,
}

/// Everything a game started from the form needs, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGameSetup {
    /// White's and Black's players.
    pub players: [PlayerSpec; 2],
    /// Their names as typed (empty: the default).
    pub names: [String; 2],
    /// The start position, or the variant's start.
    pub fen: Option<String>,
    /// A Chess960 start: by number, or drawn from the seed (`None`).
    pub chess960: Option<Option<u16>>,
    /// The seed typed, or `None` for a new one.
    pub seed: Option<u64>,
    /// The chess clock, if any.
    pub clock: Option<TimeControl>,
    /// Games in the match (1: a single game).
    pub match_games: u32,
    /// The run's settings this game is played with.
    pub choices: PlayChoices,
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

/// Chess960 is offered where the variant may be played so (standard
/// chess, and variants from data that castle with chess's back rank).
pub fn offers_chess960(registry: &Registry, variant: usize) -> bool {
    registry
        .all()
        .get(variant)
        .is_some_and(|v| v.offers_chess960())
}

/// A level's rating as the menu shows it in the variant the ratings were
/// measured in: "≈1400", marked as an estimate while the ratings are not
/// measured; nothing in other variants (issue 22, item 4). The one place
/// the form reads ratings, so calibrated ones show up here by themselves.
pub fn level_rating(level: u8, variant_id: &str) -> String {
    let rating = ai::rating_of_level(level);
    if variant_id != ai::RATED_VARIANT {
        String::new()
    } else if ai::RATINGS_CALIBRATED {
        format!(" ≈{rating}")
    } else {
        format!(" ≈{rating}?")
    }
}

/// What a level means to a player, from its settings in [`motley_ai`]:
/// its rating and where it was measured, how far it looks, its share of
/// the move time and its deliberate errors.
pub fn level_description(level: u8, variant_id: &str) -> String {
    let lv = ai::level(level);
    let rating = ai::rating_of_level(level);
    let steps_measured = ai::STEPS_MEASURED.contains(&variant_id);
    let measured = match (ai::RATINGS_CALIBRATED, variant_id == ai::RATED_VARIANT) {
        (true, true) => "measured in standard chess",
        (true, false) if steps_measured => {
            "in standard chess; in this variant only the steps between levels were measured"
        }
        (true, false) => "in standard chess; nothing was measured in this variant",
        (false, _) => "estimated for standard chess",
    };
    let depth = match (lv.max_depth, lv.nodes) {
        (1, _) => "looks 1 ply ahead + captures".to_string(),
        (d, _) if d < 32 => format!("looks {d} plies ahead + captures"),
        (_, Some(nodes)) => format!("looks at up to {nodes} positions a move"),
        _ => "searches as deep as time allows".to_string(),
    };
    let errors = if lv.noise > 0 {
        format!(", errs by up to {} centipawns", lv.noise)
    } else {
        String::new()
    };
    format!(
        "ai:{level}: about {rating} Elo ({measured}); {depth}, {}% of the move time{errors}",
        lv.time_permille / 10
    )
}

/// The time per move as the form shows it: "250 ms", "1 s".
fn movetime_text(ms: u64) -> String {
    if ms < 1000 {
        format!("{ms} ms")
    } else if ms.is_multiple_of(1000) {
        format!("{} s", ms / 1000)
    } else {
        format!("{:.1} s", ms as f64 / 1000.0)
    }
}

/// The index of the time per move nearest to `ms`.
fn nearest_movetime(ms: u64) -> usize {
    (0..MOVETIME_CHOICES.len())
        .min_by_key(|&i| MOVETIME_CHOICES[i].abs_diff(ms))
        .unwrap_or(3)
}

fn cycle(v: &mut usize, n: usize, d: i32) {
    *v = ((*v as i32 + d).rem_euclid(n as i32)) as usize;
}

/// Where the form goes on a screen of `size` with `rows` rows: the box,
/// the rows' area, and the first row shown (the focused row is always in
/// view).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct FormLayout {
    outer: Rect,
    rows: Rect,
    first: usize,
}

/// Rows of the box besides the rows: borders, the variant's name and a
/// blank line above, a blank line and three rows for the message and the
/// focused row's help below.
const FORM_CHROME: u16 = 2 + 2 + 4;

impl FormLayout {
    fn new(size: (u16, u16), rows: usize, focus: usize) -> FormLayout {
        // The last screen row is the menu's key line.
        let screen = Rect::new(0, 0, size.0, size.1.saturating_sub(1));
        let outer = centered(screen, FORM_W, rows as u16 + FORM_CHROME);
        let shown = outer.height.saturating_sub(FORM_CHROME).max(1);
        let rows_rect = Rect::new(
            outer.x + 1,
            outer.y + 3,
            outer.width.saturating_sub(2),
            shown,
        );
        let first = focus.saturating_sub(usize::from(shown) - 1);
        FormLayout {
            outer,
            rows: rows_rect,
            first,
        }
    }

    /// The row index at screen row `y`, if a row is shown there.
    fn row_at(&self, y: u16, total: usize) -> Option<usize> {
        let i = usize::from(y.checked_sub(self.rows.y)?);
        (i < usize::from(self.rows.height))
            .then_some(self.first + i)
            .filter(|&r| r < total)
    }
}

impl NewGameForm {
    /// A form for a variant (index into the registry), with defaults
    /// (`defaults`: the run's ASCII, auto-flip and time per move).
    pub fn new(variant: usize, defaults: PlayChoices) -> NewGameForm {
        NewGameForm {
            variant,
            row: 0,
            white: 0,
            black: 0,
            engines: Default::default(),
            match_games: 1,
            fen: String::new(),
            chess960: Chess960Choice::Off,
            chess960_number: String::new(),
            clock: 0,
            movetime: nearest_movetime(defaults.movetime.as_millis() as u64),
            seed: String::new(),
            ascii: defaults.ascii,
            auto_flip: defaults.auto_flip,
            names: Default::default(),
            editing: None,
        }
    }

    /// A form for a variant with the choices made last time; a choice
    /// this form does not offer (any more) falls back to the default, and
    /// a start position is kept only for the variant it was typed for.
    pub fn with_choices(
        variant: usize,
        variant_id: &str,
        last: &NewGameChoices,
        defaults: PlayChoices,
    ) -> NewGameForm {
        let mut form = NewGameForm::new(variant, defaults);
        for (side, text) in [(0, &last.white), (1, &last.black)] {
            let Some(text) = text.as_deref() else {
                continue;
            };
            let choice = match text.parse::<PlayerSpec>() {
                Ok(PlayerSpec::Uci { command }) => {
                    form.engines[side] = command.to_string();
                    Some(UCI_CHOICE)
                }
                Ok(spec) => PLAYER_CHOICES.iter().position(|c| *c == spec.to_string()),
                Err(_) => None,
            };
            let slot = if side == 0 {
                &mut form.white
            } else {
                &mut form.black
            };
            *slot = choice.unwrap_or(0);
        }
        if let Some(tc) = last.clock.as_deref().and_then(|c| c.parse().ok()) {
            let choices = clock_choices();
            form.clock = choices.iter().position(|c| *c == Some(tc)).unwrap_or(0);
        }
        if let Some(ms) = last.movetime_ms {
            form.movetime = nearest_movetime(ms);
        }
        form.seed = last.seed.map(|s| s.to_string()).unwrap_or_default();
        if last.variant.as_deref() == Some(variant_id) {
            form.fen = last.fen.clone().unwrap_or_default();
            match last.chess960.as_deref() {
                Some("random") => form.chess960 = Chess960Choice::Random,
                Some(n) if n.parse::<u16>().is_ok() => {
                    form.chess960 = Chess960Choice::Number;
                    form.chess960_number = n.to_string();
                }
                _ => {}
            }
        }
        form.ascii = last.ascii.unwrap_or(form.ascii);
        form.auto_flip = last.auto_flip.unwrap_or(form.auto_flip);
        form
    }

    /// The choices to remember for next time.
    pub fn choices(&self, registry: &Registry) -> NewGameChoices {
        let player = |side: usize| self.player_text(side);
        NewGameChoices {
            variant: registry.all().get(self.variant).map(|v| v.id.clone()),
            white: Some(player(0)),
            black: Some(player(1)),
            clock: self.time_control().map(|tc| tc.to_string()),
            seed: self.seed.parse().ok(),
            fen: Some(self.fen.trim().to_string()).filter(|f| !f.is_empty()),
            chess960: match self.chess960_choice(registry) {
                Chess960Choice::Off => None,
                Chess960Choice::Random => Some("random".into()),
                Chess960Choice::Number => Some(self.chess960_number.trim().to_string()),
            },
            movetime_ms: Some(MOVETIME_CHOICES[self.movetime]),
            ascii: Some(self.ascii),
            auto_flip: Some(self.auto_flip),
        }
    }

    /// A side's player as the command line spells it (`uci:stockfish`).
    fn player_text(&self, side: usize) -> String {
        let choice = [self.white, self.black][side];
        if choice == UCI_CHOICE {
            format!("uci:{}", self.engines[side].trim())
        } else {
            PLAYER_CHOICES[choice].to_string()
        }
    }

    /// The rows shown for the chosen variant and players.
    pub fn rows(&self, registry: &Registry) -> Vec<FormRow> {
        let mut v = vec![FormRow::White];
        if self.white == UCI_CHOICE {
            v.push(FormRow::WhiteEngine);
        }
        v.push(FormRow::Black);
        if self.black == UCI_CHOICE {
            v.push(FormRow::BlackEngine);
        }
        if offers_matches(registry, self.variant) {
            v.push(FormRow::MatchGames);
        }
        v.push(FormRow::Fen);
        if offers_chess960(registry, self.variant) {
            v.push(FormRow::Chess960);
            if self.chess960_choice(registry) == Chess960Choice::Number {
                v.push(FormRow::Chess960Number);
            }
        }
        v.extend([
            FormRow::Clock,
            FormRow::MoveTime,
            FormRow::Seed,
            FormRow::Theme,
            FormRow::Ascii,
            FormRow::AutoFlip,
            FormRow::WhiteName,
            FormRow::BlackName,
            FormRow::Start,
        ]);
        v
    }

    /// The players chosen (White, Black); an engine without a command is
    /// a person until one is typed ([`NewGameForm::setup`] refuses it).
    pub fn players(&self) -> [PlayerSpec; 2] {
        [0, 1].map(|side| self.player_text(side).parse().unwrap_or(PlayerSpec::Human))
    }

    /// The clock chosen, if any.
    pub fn time_control(&self) -> Option<TimeControl> {
        clock_choices().get(self.clock).copied().flatten()
    }

    /// Why the typed start position cannot be played, in the rules' words
    /// (`None` when it can, or when none is typed).
    pub fn fen_problem(&self, registry: &Registry) -> Option<String> {
        let fen = self.fen.trim();
        if fen.is_empty() {
            return None;
        }
        let variant = registry.all().get(self.variant)?;
        // The rules' own words: the variant is named on the form already.
        variant.position(Some(fen)).err().map(|e| match e {
            motley_game::variant::VariantError::Position { error, .. } => error.to_string(),
            other => other.to_string(),
        })
    }

    /// The game the form describes, or why it cannot start.
    pub fn setup(&self, registry: &Registry) -> Result<NewGameSetup, FormError> {
        for (side, color) in [(0, Color::White), (1, Color::Black)] {
            let choice = [self.white, self.black][side];
            if choice == UCI_CHOICE && self.engines[side].trim().is_empty() {
                return Err(FormError::NoEngine(color));
            }
        }
        if let Some(problem) = self.fen_problem(registry) {
            return Err(FormError::Fen(problem));
        }
        let seed = match self.seed.trim() {
            "" => None,
            s => Some(s.parse::<u64>().map_err(|_| FormError::Seed)?),
        };
        let fen = Some(self.fen.trim().to_string()).filter(|f| !f.is_empty());
        let chess960 = match self.chess960_choice(registry) {
            Chess960Choice::Off => None,
            Chess960Choice::Random => Some(None),
            Chess960Choice::Number => match self.chess960_number.trim().parse::<u16>() {
                Ok(n) if n < motley_game::variant::chess960::POSITIONS => Some(Some(n)),
                _ => return Err(FormError::Chess960Number),
            },
        };
        if chess960.is_some() && fen.is_some() {
            return Err(FormError::FenAndChess960);
        }
        Ok(NewGameSetup {
            names: self.names.clone(),
            players: self.players(),
            fen,
            chess960,
            seed,
            clock: self.time_control(),
            match_games: if offers_matches(registry, self.variant) {
                self.match_games
            } else {
                1
            },
            choices: PlayChoices {
                ascii: self.ascii,
                auto_flip: self.auto_flip,
                movetime: Duration::from_millis(MOVETIME_CHOICES[self.movetime]),
            },
        })
    }

    /// The text being typed on a text row.
    fn field(&mut self, row: FormRow) -> Option<&mut String> {
        match row {
            FormRow::WhiteEngine => Some(&mut self.engines[0]),
            FormRow::BlackEngine => Some(&mut self.engines[1]),
            FormRow::Fen => Some(&mut self.fen),
            FormRow::Chess960Number => Some(&mut self.chess960_number),
            FormRow::Seed => Some(&mut self.seed),
            FormRow::WhiteName => Some(&mut self.names[0]),
            FormRow::BlackName => Some(&mut self.names[1]),
            _ => None,
        }
    }

    /// A key on text row `row`, edited as every prompt is (the seed takes
    /// digits only; a field at most [`MAX_FIELD`] characters).
    fn edit_text(&mut self, row: FormRow, k: KeyEvent) {
        let Some(text) = self.field(row).map(|t| t.clone()) else {
            return;
        };
        let mut line = match self.editing.take() {
            Some((r, line)) if r == row && line.text() == text => line,
            _ => LineEdit::typed(text),
        };
        let digits_only = matches!(row, FormRow::Seed | FormRow::Chess960Number);
        line.key(k, |t, c| {
            t.chars().count() < MAX_FIELD && (!digits_only || c.is_ascii_digit())
        });
        if let Some(field) = self.field(row) {
            *field = line.text().to_string();
        }
        self.editing = Some((row, line));
    }

    /// The focused text row's line: its cursor where the player left it.
    fn line_of(&self, row: FormRow, text: &str) -> LineEdit {
        match &self.editing {
            Some((r, line)) if *r == row && line.text() == text => line.clone(),
            _ => LineEdit::typed(text),
        }
    }

    /// The Chess960 choice in effect: a variant played as Chess960
    /// always starts from one of the 960, so "off" means a random one.
    pub fn chess960_choice(&self, registry: &Registry) -> Chess960Choice {
        let always = registry
            .all()
            .get(self.variant)
            .is_some_and(|v| v.is_chess960());
        match self.chess960 {
            Chess960Choice::Off if always => Chess960Choice::Random,
            choice => choice,
        }
    }

    /// The Chess960 choices on offer, in order: "off" only where the
    /// variant has a start of its own.
    fn chess960_choices(&self, registry: &Registry) -> &'static [Chess960Choice] {
        use Chess960Choice::*;
        let always = registry
            .all()
            .get(self.variant)
            .is_some_and(|v| v.is_chess960());
        if always {
            &[Random, Number]
        } else {
            &[Off, Random, Number]
        }
    }

    /// Change a choice row's value by `d` steps.
    fn change(&mut self, row: FormRow, d: i32, registry: &Registry) -> FormStep {
        match row {
            FormRow::Chess960 => {
                let choices = self.chess960_choices(registry);
                let current = self.chess960_choice(registry);
                let mut at = choices.iter().position(|c| *c == current).unwrap_or(0);
                cycle(&mut at, choices.len(), d);
                self.chess960 = choices[at];
            }
            FormRow::White => cycle(&mut self.white, PLAYER_CHOICES.len(), d),
            FormRow::Black => cycle(&mut self.black, PLAYER_CHOICES.len(), d),
            FormRow::Clock => cycle(&mut self.clock, clock_choices().len(), d),
            FormRow::MoveTime => cycle(&mut self.movetime, MOVETIME_CHOICES.len(), d),
            FormRow::MatchGames => {
                self.match_games = (self.match_games as i32 + d).clamp(1, 99) as u32
            }
            FormRow::Ascii => self.ascii = !self.ascii,
            FormRow::AutoFlip => self.auto_flip = !self.auto_flip,
            FormRow::Theme => return FormStep::Theme(d.signum() as i8),
            _ => {}
        }
        FormStep::Stay
    }

    /// The focused row is typed into.
    pub fn on_text_row(&self, registry: &Registry) -> bool {
        let rows = self.rows(registry);
        rows.get(self.row.min(rows.len().saturating_sub(1)))
            .is_some_and(|r| r.is_text())
    }

    /// Handle a key: on a text row, the prompts' editing keys.
    pub fn key(&mut self, k: KeyEvent, registry: &Registry) -> FormStep {
        let rows = self.rows(registry);
        self.row = self.row.min(rows.len() - 1);
        let row = rows[self.row];
        let code = k.code;
        let moves_on = matches!(
            code,
            KeyCode::Up
                | KeyCode::Down
                | KeyCode::Tab
                | KeyCode::BackTab
                | KeyCode::Enter
                | KeyCode::Esc
        );
        if row.is_text() && !moves_on {
            self.edit_text(row, k);
            return FormStep::Stay;
        }
        match code {
            KeyCode::Up | KeyCode::BackTab => self.row = (self.row + rows.len() - 1) % rows.len(),
            KeyCode::Down | KeyCode::Tab => self.row = (self.row + 1) % rows.len(),
            KeyCode::Left => return self.change(row, -1, registry),
            KeyCode::Right => return self.change(row, 1, registry),
            KeyCode::Enter => return FormStep::Start,
            KeyCode::Esc => return FormStep::Back,
            KeyCode::Char('q') => return FormStep::Back,
            KeyCode::Char(' ') => return self.change(row, 1, registry),
            _ => {}
        }
        FormStep::Stay
    }

    /// A click on a row focuses it; on a choice row's value it changes it
    /// (left half back, right half on); on the last row it starts the game.
    pub fn click(&mut self, col: u16, row: u16, size: (u16, u16), registry: &Registry) -> FormStep {
        let rows = self.rows(registry);
        let lay = FormLayout::new(size, rows.len(), self.row.min(rows.len() - 1));
        let Some(i) = lay.row_at(row, rows.len()) else {
            return FormStep::Stay;
        };
        if col < lay.rows.x || col >= lay.rows.right() {
            return FormStep::Stay;
        }
        self.row = i;
        let value_x = lay.rows.x + 1 + LABEL_W as u16;
        match rows[i] {
            FormRow::Start => FormStep::Start,
            r if r.is_text() || col < value_x => FormStep::Stay,
            r => {
                let width = self
                    .value_text(r, &ThemeName::Default, registry)
                    .chars()
                    .count() as u16
                    + 4;
                let d = if col < value_x + width / 2 { -1 } else { 1 };
                self.change(r, d, registry)
            }
        }
    }
}
