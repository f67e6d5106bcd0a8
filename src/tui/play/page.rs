//! Drawing the play screen: a pure function of the game controller, what
//! the screen worked out of its game ([`PlayModel`]) and the view state
//! into widgets.

use super::keys::hint_items;
use super::model::PlayModel;
use super::popups::Popup;
use super::view::PlayView;
use crate::tui::board::action_squares;
use crate::tui::board::BoardGeom;
use crate::tui::game_page::{
    board_needs_line, draw_marked_board, message_lines, render_message, KeyBar, PageLayout,
    SidePanel,
};
use crate::tui::panels::{self, PositionFacts};
use crate::tui::popup::InputPopup;
use crate::tui::theme::Theme;
use motley_ai::PlayerSpec;
use motley_game::clock::{format_time, URGENT};
use motley_rules::core::Color;
use motley_rules::{AnyPosition, Position};
use motley_session::Session;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};
use std::borrow::Cow;
use std::time::Duration;

/// Moves of the thinking computer's expected line shown on screen.
const PV_SHOWN: usize = 8;

/// The layout of a game's screen (the message line grows with the
/// message shown).
pub fn layout(
    control: &Session,
    model: &PlayModel,
    view: &PlayView,
    size: (u16, u16),
    flipped: bool,
) -> PageLayout {
    let centerline = panels::centerline(control.game().position());
    let message = view
        .message
        .as_ref()
        .filter(|_| view.prompt.is_none())
        .map(|m| m.text.as_str());
    let hints = hint_items(|w| model.holds(w, control));
    let board = control.game().position().board_size();
    PageLayout::new(size, (flipped, centerline), board, &hints, message)
}

/// The play screen; see the module comment.
pub struct PlayPage<'a> {
    /// The game.
    pub control: &'a Session,
    /// What the screen shows of the game, worked out when it changed.
    pub model: Cow<'a, PlayModel>,
    /// Cursor, selection, prompt, popup, message.
    pub view: &'a PlayView,
    /// Black at the bottom.
    pub flipped: bool,
    /// Colours and glyphs.
    pub theme: &'a Theme,
    /// The time the clocks are read at.
    pub now: Duration,
}

impl Widget for PlayPage<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (control, model, view, theme) = (self.control, &*self.model, self.view, self.theme);
        let size = (area.width, area.height);
        let lay = layout(control, model, view, size, self.flipped);
        Paragraph::new(self.title()).render(lay.title, buf);
        if let Some(geom) = lay.board {
            self.render_board(geom, buf);
        }
        let mut panel = self.side_panel();
        panel
            .status
            .splice(0..0, board_needs_line(lay.board_needs, theme));
        panel.render(lay.side, buf);
        render_message(self.message_lines(area.width), lay.message, buf);
        KeyBar {
            hints: &hint_items(|w| model.holds(w, control)),
            theme,
        }
        .render(lay.hints, buf);
        if let Some(popup) = &view.popup {
            self.render_popup(popup, area, buf);
        }
    }
}

/// How the title names a player; an engine's command line (which may come
/// from a saved file) is shown short and with its escapes visible.
fn player_label(spec: PlayerSpec) -> String {
    match spec {
        PlayerSpec::Human => "human".to_string(),
        other => format!(
            "computer ({})",
            motley_rules::core::quote::clip(&other.to_string())
        ),
    }
}

impl PlayPage<'_> {
    /// The position shown, live or past, and the rules' facts of it.
    fn shown(&self) -> (&AnyPosition, &PositionFacts) {
        let game = self.control.game();
        let past = self.model.past.as_ref();
        match past.and_then(|f| Some((game.position_at(f.ply)?, f))) {
            Some(shown) => shown,
            None => (game.position(), &self.model.facts),
        }
    }

    /// The board: the live position with the cursor, what is picked up,
    /// where it can go and a hint; or a past position with the cursor
    /// only.
    fn render_board(&self, geom: BoardGeom, buf: &mut Buffer) {
        let (model, view) = (&*self.model, self.view);
        let (pos, facts) = self.shown();
        let mut marks = facts.marks.clone();
        marks.cursor = Some(view.cursor);
        if model.past.is_none() {
            marks.selected = view.selected;
            marks.destinations = model.targets(view);
            if let Some(h) = self.control.hint() {
                marks.best = action_squares(&h.action);
            }
            if let Some(p) = view.premove {
                marks.premove = vec![p.from, p.to];
            }
        }
        draw_marked_board(buf, geom, pos, &marks, &facts.look, self.theme);
    }

    /// The side panel: status, the family's panel of the position shown
    /// and the move list, its move highlighted when a past one is shown;
    /// drawn and clicked alike.
    pub fn side_panel(&self) -> SidePanel<'_> {
        let (model, view) = (&*self.model, self.view);
        let (_, facts) = self.shown();
        SidePanel {
            game: self.control.game(),
            moves: &model.moves,
            facts,
            status: self.status_lines(),
            current: model.past.as_ref().map(|f| f.ply),
            scroll: view.list_scroll,
            focus: Some(view.selected.unwrap_or(view.cursor)),
            marks: &[],
            tree: None,
            theme: self.theme,
        }
    }

    /// The title row: variant, players, match standing; the past position
    /// looked at, marked.
    fn title(&self) -> Line<'static> {
        let [white_name, black_name] = self.control.side_names();
        // A player given a name shows it before what it is.
        let label = |side: Color| {
            let what = player_label(self.control.player(side));
            match self.control.given_name(side) {
                Some(name) => format!("{name} ({what})"),
                None => what,
            }
        };
        let mut title = vec![
            Span::styled(" Motley ", self.theme.title()),
            Span::raw(format!(
                "· {}   {white_name}: {}   {black_name}: {}",
                crate::tui::game_page::variant_title(self.control.game()),
                label(Color::White),
                label(Color::Black)
            )),
        ];
        if let Some(m) = self.control.match_score() {
            title.push(Span::raw(format!(
                "   match game {} of {} ({} – {})",
                m.played + 1,
                m.games,
                m.points[0],
                m.points[1]
            )));
        }
        if let Some(past) = &self.model.past {
            // First, so a narrow screen keeps it.
            let live = self.control.game().ply();
            title.insert(
                1,
                Span::styled(
                    format!(" PAST POSITION {}/{live} ", past.ply),
                    self.theme.past(),
                ),
            );
        }
        Line::from(title)
    }

    /// Status lines: the warning while the game is not being saved, the
    /// past position looked at, then whose turn, check, thinking, the
    /// result.
    fn status_lines(&self) -> Vec<Line<'static>> {
        let mut lines = self.save_warning();
        lines.extend(self.past_lines());
        lines.extend(self.game_status());
        lines
    }

    /// While a past position is shown: which, and that the game goes on.
    fn past_lines(&self) -> Vec<Line<'static>> {
        let Some(past) = &self.model.past else {
            return Vec::new();
        };
        let game = self.control.game();
        let after = match past.ply.checked_sub(1).and_then(|i| game.sans().get(i)) {
            Some(san) => format!(", after {}", crate::tui::move_list::ply_text(san)),
            None => ", the start".to_string(),
        };
        vec![
            Line::styled(
                format!("Past position {}/{}{after}", past.ply, game.ply()),
                self.theme.past(),
            ),
            Line::styled("End: back to the live game", self.theme.dim()),
            Line::raw(""),
        ]
    }

    /// While saving fails: that the game is not being saved, why, and what
    /// to do; it stays until a save works again.
    fn save_warning(&self) -> Vec<Line<'static>> {
        let Some(problem) = self.control.save_problem() else {
            return Vec::new();
        };
        let theme = self.theme;
        vec![
            Line::styled("GAME NOT SAVED: saving failed", theme.error()),
            Line::styled(problem.to_string(), theme.error()),
            Line::styled("s saves it to a file of your choice", theme.dim()),
            Line::raw(""),
        ]
    }

    /// Whose turn, check, thinking, the result.
    fn game_status(&self) -> Vec<Line<'static>> {
        let (game, theme) = (self.control.game(), self.theme);
        let pos = game.position();
        let Some(o) = self.model.outcome else {
            let side = pos.turn();
            let name = panels::side_name(pos, side);
            let who = match (self.control.player(side), self.control.is_thinking()) {
                (PlayerSpec::Human, _) => format!("{name} to move"),
                (_, true) => format!("{name} (computer) is thinking…"),
                (_, false) => format!("{name} (computer) to move"),
            };
            // Beside a past position: this is the game's, not the board's.
            let who = match self.model.past {
                Some(_) => format!("Live game: {who}"),
                None => who,
            };
            let mut v = vec![Line::styled(who, theme.title())];
            if pos.in_check(side) {
                v.push(Line::styled("Check!", theme.error()));
            }
            v.extend(self.thinking_lines());
            v.extend(self.clock_lines());
            v.extend(self.hints_line());
            return v;
        };
        let mut v = vec![
            Line::styled(format!("Game over: {}", o.result_str()), theme.title()),
            Line::styled(panels::describe_outcome(pos, &o), theme.title()),
        ];
        v.extend(self.clock_lines());
        v.extend(self.hints_line());
        v
    }

    /// While the computer thinks: its search's depth, score (as it sees
    /// it) and speed, and the line it expects, as far as it has got.
    fn thinking_lines(&self) -> Vec<Line<'static>> {
        let Some(p) = self.control.progress() else {
            return Vec::new();
        };
        let mut lines = vec![Line::raw(p.summary())];
        if !p.pv.is_empty() {
            let shown: Vec<&str> = p.pv.iter().take(PV_SHOWN).map(String::as_str).collect();
            let more = if p.pv.len() > PV_SHOWN { " …" } else { "" };
            lines.push(Line::styled(
                format!("line: {}{more}", shown.join(" ")),
                self.theme.dim(),
            ));
        }
        lines
    }

    /// Hints used by each side, once any was: a searching hint shows too.
    fn hints_line(&self) -> Option<Line<'static>> {
        let [w, b] = self.control.hints_used();
        let asking = self.control.is_hinting();
        (w + b > 0 || asking).then(|| {
            let searching = if asking { " (searching…)" } else { "" };
            Line::styled(
                format!("Hints used: White {w}, Black {b}{searching}"),
                self.theme.dim(),
            )
        })
    }

    /// Each side's time, the running one marked, urgent under ten seconds.
    fn clock_lines(&self) -> Vec<Line<'static>> {
        let (Some(clock), theme) = (self.control.clock(), self.theme) else {
            return Vec::new();
        };
        let now = self.now;
        // No time runs before the first move: say so.
        let waiting = if self.control.clock_waiting() {
            " (starts after a move)"
        } else {
            ""
        };
        let mut lines = vec![Line::styled(
            format!("Clock {}{waiting}", clock.control()),
            theme.dim(),
        )];
        for side in Color::ALL {
            let left = clock.remaining(side, now);
            let name = self.control.side_name(side);
            let running = clock.running() == Some(side);
            let flag = clock.flagged() == Some(side);
            let mark = match (running, flag) {
                (_, true) => "  flag fell",
                (true, false) => "  ◂",
                _ => "",
            };
            let style = if left < URGENT {
                theme.error()
            } else if running {
                theme.title()
            } else {
                Style::default()
            };
            lines.push(Line::styled(
                format!("{name:<6}{:>8}{mark}", format_time(left)),
                style,
            ));
        }
        lines
    }

    /// The prompt, the message in full, or a hint of what to do.
    fn message_lines(&self, width: u16) -> Vec<Line<'static>> {
        match (&self.view.prompt, &self.view.message) {
            (None, Some(m)) => message_lines(m, width, self.theme),
            _ => vec![self.hint_line()],
        }
    }

    /// The prompt, or a hint of what to do.
    fn hint_line(&self) -> Line<'static> {
        let (view, theme) = (self.view, self.theme);
        if let Some(line) = &view.prompt {
            let mut spans = vec![Span::styled(" move: ", theme.key())];
            spans.extend(line.spans(40, theme));
            spans.push(Span::styled("   Enter plays · Esc cancels", theme.dim()));
            Line::from(spans)
        } else if self.model.past.is_some() {
            Line::styled(
                " looking back: [ ] step · Home the first · End back to the game",
                theme.dim(),
            )
        } else if let Some(piece) = view.placing {
            Line::styled(
                format!(" placing a {}: pick a square", piece.role.name()),
                theme.good(),
            )
        } else if self.model.human_to_act {
            Line::styled(
                " your move: arrows + Enter (or click), or : to type it",
                theme.dim(),
            )
        } else {
            Line::raw("")
        }
    }

    fn render_popup(&self, popup: &Popup, area: Rect, buf: &mut Buffer) {
        let theme = self.theme;
        let def = self.control.game().variant();
        if let Some(text) = popup.text(def, theme) {
            return text.render(area, buf);
        }
        match popup {
            Popup::Help { .. } | Popup::Rules { .. } => {}
            Popup::List { list, .. } => list.widget(theme).render(area, buf),
            Popup::SaveAs { text, .. } => InputPopup {
                title: "Save game as",
                help: "Enter saves · Esc cancels · ~ is your home folder",
                line: Some(text),
                theme,
            }
            .render(area, buf),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::PlayState;
    use crate::tui::base::{AppEvent, Ctx};
    use crate::tui::replay::ReplayState;
    use crate::tui::settings::Settings;
    use crate::tui::theme::{ColorMode, Theme, ThemeName};
    use crossterm::event::KeyCode;
    use motley_ai::PlayerSpec;
    use motley_game::variant::Registry;
    use motley_game::Game;
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::widgets::Widget;
    use std::time::Instant;

    /// A game of `id` played `plies` deep by a fixed choice among the
    /// legal actions (no engine: the same game every run).
    fn long_game(id: &str, plies: usize) -> Game {
        let def = Registry::builtin().get(id).expect("a built-in variant");
        let mut game = Game::new(def, None, 7).expect("a start");
        let mut pick: u64 = 1;
        for _ in 0..plies {
            let legal = game.legal_actions();
            if legal.is_empty() {
                break;
            }
            pick = pick
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let a = legal[(pick >> 33) as usize % legal.len()];
            if game.play(a).is_err() {
                break;
            }
        }
        game
    }

    /// What drawing costs: 1,000 frames of the play screen and of the
    /// replay viewer on long games, timed and printed (no assertion on
    /// time). `cargo test --release --lib render_cost -- --ignored
    /// --nocapture`
    #[test]
    #[ignore = "a benchmark: run by hand"]
    fn render_cost() {
        let theme = Theme::new(ThemeName::Default, ColorMode::Indexed, false);
        let settings = Settings::default();
        let area = Rect::new(0, 0, 100, 35);
        for id in ["standard", "monochrome", "dice-money"] {
            let game = long_game(id, 300);
            let plies = game.ply();
            let people = [PlayerSpec::Human, PlayerSpec::Human];
            let play = PlayState::new(game.clone(), people);
            let start = Instant::now();
            for _ in 0..1000 {
                let mut buf = Buffer::empty(area);
                play.page(&settings, &theme).render(area, &mut buf);
            }
            let play_time = start.elapsed();
            let mut replay = ReplayState::new(game, None, None);
            // To the end, as the End key goes there.
            let registry = Registry::builtin();
            let mut requests = Vec::new();
            let mut ctx = Ctx {
                settings: &settings,
                registry: &registry,
                theme: &theme,
                size: (area.width, area.height),
                requests: &mut requests,
            };
            replay.handle(AppEvent::key(KeyCode::End), &mut ctx);
            assert_eq!(replay.ply(), plies);
            let start = Instant::now();
            for _ in 0..1000 {
                let mut buf = Buffer::empty(area);
                replay.page(&theme).render(area, &mut buf);
            }
            let replay_time = start.elapsed();
            println!(
                "{id} ({plies} plies): play {:.1} µs/frame, replay {:.1} µs/frame",
                play_time.as_secs_f64() * 1e3,
                replay_time.as_secs_f64() * 1e3
            );
        }
    }

    /// Frames read what the last change worked out (no rules work per
    /// frame), and a change to the game is seen by the next frame.
    #[test]
    fn the_model_is_made_once_per_change() {
        let theme = Theme::new(ThemeName::Default, ColorMode::Indexed, false);
        let settings = Settings {
            auto_flip: false,
            ..Settings::default()
        };
        let registry = Registry::builtin();
        let mut requests = Vec::new();
        let mut ctx = Ctx {
            settings: &settings,
            registry: &registry,
            theme: &theme,
            size: (100, 35),
            requests: &mut requests,
        };
        let people = [PlayerSpec::Human, PlayerSpec::Human];
        let mut play = PlayState::new(long_game("monochrome", 20), people);
        play.settle(&mut ctx);
        let is_kept = |p: &PlayState| matches!(p.model(), std::borrow::Cow::Borrowed(_));
        assert!(is_kept(&play));
        let before = play.model().legal.clone();
        // A key that changes nothing, then one that takes a move back.
        for c in ['f', 'u'] {
            play.handle(AppEvent::char(c), &mut ctx);
            assert!(is_kept(&play), "after {c}");
        }
        // The undo changed the game: the model followed it.
        assert_eq!(play.session.game().ply(), 19);
        assert_eq!(play.model().facts.ply, 19);
        assert_ne!(play.model().legal, before);
        // The move list's rows are laid out once for a width and reused.
        let model = play.model();
        let a = model.moves.rows(None, &[], 30, &theme);
        let b = model.moves.rows(None, &[], 30, &theme);
        assert!(std::sync::Arc::ptr_eq(&a, &b));
        let c = model.moves.rows(None, &[], 31, &theme);
        assert!(!std::sync::Arc::ptr_eq(&a, &c));
    }
}
