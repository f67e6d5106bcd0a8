//! The new-game form drawn: each row's label and value, the level's
//! meaning under the player rows, and the scroll bar of a short terminal.

use super::*;

/// Columns of a row's label.
pub(super) const LABEL_W: usize = 13;

impl NewGameForm {
    /// What an empty name row stands for: a computer's default name, or
    /// for a person their login name when the other side is a computer,
    /// else their side.
    fn default_name_text(&self, side: Color) -> String {
        let players = self.players();
        let spec = &players[side.index()];
        let alone = players.iter().filter(|p| **p == PlayerSpec::Human).count() == 1;
        match spec {
            PlayerSpec::Human if alone => "(your login name)".to_string(),
            _ => {
                let side_name = if side == Color::White {
                    "White"
                } else {
                    "Black"
                };
                format!("({})", motley_session::default_name(spec, side_name, None))
            }
        }
    }
}

impl NewGameForm {
    /// The chosen variant's id ("" if the registry has no such index).
    pub(super) fn variant_id<'r>(&self, registry: &'r Registry) -> &'r str {
        registry
            .all()
            .get(self.variant)
            .map_or("", |v| v.id.as_str())
    }

    /// A choice row's value, between its arrows.
    pub(super) fn value_text(
        &self,
        row: FormRow,
        theme: &ThemeName,
        registry: &Registry,
    ) -> String {
        let variant_id = self.variant_id(registry);
        let on_off = |b: bool| if b { "on" } else { "off" }.to_string();
        let player = |choice: usize| match choice {
            1..=5 => format!(
                "{}{}",
                PLAYER_CHOICES[choice],
                level_rating(choice as u8, variant_id)
            ),
            _ => PLAYER_CHOICES[choice].to_string(),
        };
        match row {
            FormRow::White => player(self.white),
            FormRow::Black => player(self.black),
            FormRow::Clock => self
                .time_control()
                .map_or("none".to_string(), |tc| tc.to_string()),
            FormRow::MoveTime => movetime_text(MOVETIME_CHOICES[self.movetime]),
            FormRow::MatchGames => self.match_games.to_string(),
            FormRow::Theme => theme.id().to_string(),
            FormRow::Ascii => on_off(self.ascii),
            FormRow::AutoFlip => on_off(self.auto_flip),
            FormRow::Chess960 => match self.chess960_choice(registry) {
                Chess960Choice::Off => "off",
                Chess960Choice::Random => "a random position",
                Chess960Choice::Number => "the position numbered below",
            }
            .to_string(),
            _ => String::new(),
        }
    }

    /// One row as it shows: label, then the value between arrows, or the
    /// text typed (its end, when long) with a cursor when focused.
    fn row_text(
        &self,
        row: FormRow,
        focused: bool,
        width: usize,
        theme: &ThemeName,
        registry: &Registry,
    ) -> String {
        let label = match row {
            FormRow::White => "White",
            FormRow::Black => "Black",
            FormRow::WhiteEngine | FormRow::BlackEngine => "  engine",
            FormRow::MatchGames => "Match games",
            FormRow::Fen => "Start FEN",
            FormRow::Chess960 => "Chess960",
            FormRow::Chess960Number => "  position",
            FormRow::Clock => "Clock",
            FormRow::MoveTime => "Move time",
            FormRow::Seed => "Seed",
            FormRow::Theme => "Theme",
            FormRow::Ascii => "ASCII pieces",
            FormRow::AutoFlip => "Auto-flip",
            FormRow::WhiteName => "White's name",
            FormRow::BlackName => "Black's name",
            FormRow::Start => return "[ Start the game ]".to_string(),
        };
        let value = match row {
            r if r.is_text() => {
                let text = match row {
                    FormRow::WhiteEngine => &self.engines[0],
                    FormRow::BlackEngine => &self.engines[1],
                    FormRow::Fen => &self.fen,
                    FormRow::Chess960Number => &self.chess960_number,
                    FormRow::WhiteName => &self.names[0],
                    FormRow::BlackName => &self.names[1],
                    _ => &self.seed,
                };
                let empty = match row {
                    FormRow::Fen => "(the variant's start)".to_string(),
                    FormRow::Seed => "(a new one each game)".to_string(),
                    FormRow::Chess960Number => "(0 to 959; 518 is chess's)".to_string(),
                    FormRow::WhiteName => self.default_name_text(Color::White),
                    FormRow::BlackName => self.default_name_text(Color::Black),
                    _ => "(the command that starts it)".to_string(),
                };
                let room = width.saturating_sub(LABEL_W + 3);
                match (text.is_empty(), focused) {
                    (true, false) => empty,
                    (_, true) => self.line_of(row, text).with_bar(room),
                    (false, false) => tail(text, room),
                }
            }
            r => format!("◂ {} ▸", self.value_text(r, theme, registry)),
        };
        format!("{label:<LABEL_W$}{value}")
    }

    /// What the focused row means, and whether that is a problem: the
    /// levels' descriptions, the rules' verdict on a typed FEN, …
    fn help(&self, row: FormRow, registry: &Registry, theme: &ThemeName) -> (String, bool) {
        let player = |choice: usize| match choice {
            0 => "human: a person at this terminal (both human: hot-seat)".to_string(),
            1..=5 => level_description(choice as u8, self.variant_id(registry)),
            _ => "uci: another chess engine (UCI), started with the command on the next row"
                .to_string(),
        };
        let text = match row {
            FormRow::White => player(self.white),
            FormRow::Black => player(self.black),
            FormRow::WhiteEngine | FormRow::BlackEngine => {
                "the engine's command line, e.g. stockfish or /path/to/engine --option".to_string()
            }
            FormRow::MatchGames => {
                "games in a row, colours swapped each game; the rules carry prices over".to_string()
            }
            FormRow::Fen => match self.fen_problem(registry) {
                Some(problem) => return (format!("not a position: {problem}"), true),
                None if self.fen.trim().is_empty() => {
                    "type a FEN to start from that position; empty: the variant's start".to_string()
                }
                None => "a position of this variant: the game starts from it".to_string(),
            },
            FormRow::Chess960 => {
                "the back rank shuffled, one of 960 start positions; castling as in chess"
                    .to_string()
            }
            FormRow::Chess960Number => match self.chess960_number.trim().parse::<u16>() {
                Ok(n) if n < motley_game::variant::chess960::POSITIONS => {
                    match motley_game::variant::chess960::back_rank(n) {
                        Ok(rank) => format!("position {n}: {}", rank.iter().collect::<String>()),
                        Err(e) => return (e.to_string(), true),
                    }
                }
                _ => return (FormError::Chess960Number.to_string(), true),
            },
            FormRow::Clock => {
                "a chess clock: M+S is M minutes each plus S seconds a move".to_string()
            }
            FormRow::MoveTime => {
                "how long a computer may think a move (each level uses its share)".to_string()
            }
            FormRow::Seed => {
                "digits: the same dice and computer choices every time; empty: new ones".to_string()
            }
            FormRow::Theme => format!("{}: {} (shown at once)", theme.id(), theme.describe()),
            FormRow::Ascii => {
                "letters instead of chess symbols, for fonts without them".to_string()
            }
            FormRow::AutoFlip => {
                "hot-seat: the board turns to the side to move; else to the person".to_string()
            }
            FormRow::WhiteName | FormRow::BlackName => {
                "the name kept in the saved game and written in PGN; empty: the one shown"
                    .to_string()
            }
            FormRow::Start => "Enter starts the game from any row".to_string(),
        };
        (text, false)
    }
}

/// The last `room` characters of `text`, led by `…` when cut.
fn tail(text: &str, room: usize) -> String {
    let n = text.chars().count();
    if n <= room || room < 2 {
        return text.to_string();
    }
    let rest: String = text.chars().skip(n - (room - 1)).collect();
    format!("…{rest}")
}

/// The form as a widget.
pub struct FormView<'a> {
    pub form: &'a NewGameForm,
    /// Its message says why the game could not start.
    pub ctx: PageContext<'a>,
}

impl Widget for FormView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (form, theme, registry) = (self.form, self.ctx.theme, self.ctx.registry);
        let rows = form.rows(registry);
        let focus = form.row.min(rows.len() - 1);
        let lay = FormLayout::new((area.width, area.height), rows.len(), focus);
        Clear.render(lay.outer, buf);
        titled_block(" New game ", theme).render(lay.outer, buf);
        let inner = Rect::new(
            lay.outer.x + 1,
            lay.outer.y + 1,
            lay.outer.width.saturating_sub(2),
            lay.outer.height.saturating_sub(2),
        );
        let name = registry
            .all()
            .get(form.variant)
            .map(|v| v.name.clone())
            .unwrap_or_default();
        buf.set_stringn(
            inner.x,
            inner.y,
            name,
            usize::from(inner.width),
            theme.title(),
        );
        let width = usize::from(lay.rows.width);
        let shown = rows
            .iter()
            .enumerate()
            .skip(lay.first)
            .take(usize::from(lay.rows.height));
        for (y, (i, row)) in (lay.rows.y..).zip(shown) {
            let text = form.row_text(*row, i == focus, width - 1, &theme.name, registry);
            let style = row_style(theme, i == focus);
            buf.set_stringn(lay.rows.x + 1, y, text, width - 1, style);
        }
        if rows.len() > usize::from(lay.rows.height) {
            let mut state = ScrollbarState::new(rows.len() - usize::from(lay.rows.height) + 1)
                .position(lay.first);
            Scrollbar::new(ScrollbarOrientation::VerticalRight)
                .begin_symbol(None)
                .end_symbol(None)
                .render(lay.rows, buf, &mut state);
        }
        let foot_y = lay.rows.bottom() + 1;
        let foot = Rect::new(
            inner.x,
            foot_y,
            inner.width,
            inner.bottom().saturating_sub(foot_y),
        );
        let (help, bad) = form.help(rows[focus], registry, &theme.name);
        let mut lines = Vec::new();
        if let Some(m) = self.ctx.message {
            lines.push(Line::from(Span::styled(m.text.clone(), m.style(theme))));
        }
        lines.push(Line::styled(
            help,
            if bad { theme.error() } else { theme.dim() },
        ));
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .render(foot, buf);
    }
}
