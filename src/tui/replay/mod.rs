//! The replay viewer: step through a saved game with the play screen's
//! board and panels, jump to a ply, autoplay, analyse the game in the
//! background (evaluation bar, best move, marks, graph; the finished
//! analysis is kept in the record), play moves that make a tree of
//! variations with comments (kept in the record's `annotations`: with
//! the analysis, the only changes the viewer makes to the file; the
//! game's moves never change), copy or export the game as the play
//! screen does, choose
//! among the games of a file that holds several, and branch a new game
//! from any ply (a game in progress with a record of its own, with the
//! players and the clock offered; the original is never written).
//! Input becomes a [`ReplayAction`]; drawing is the [`ReplayPage`] widget.

use super::base::{AppEvent, Ctx, EditorStart, Message, Nav, ReplayStart, Request};
use super::board::action_squares;
use super::board::BoardGeom;
use super::game_page::{
    draw_marked_board, keys_popup, message_lines, render_message, rules_popup, KeyBar, PageLayout,
    SidePanel, TreeShown,
};
use super::keymap::{self, KeyBinding, KeyHint};
use super::line_edit::{LineEdit, LineKey};
use super::move_list::MoveList;
use super::panels::{self, PositionFacts};
use super::popup::{scroll_key, InputPopup, ListKey};
use super::settings::Settings;
use super::sharing::{exported, share, Share, Shown};
use super::theme::Theme;
use crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use motley_ai::analysis::{GameAnalysis, Mark};
use motley_ai::PlayerSpec;
use motley_game::variant::Registry;
use motley_game::Game;
use motley_records::tree::Cursor;
use motley_records::GameTree;
use motley_rules::core::Square;
use motley_rules::{Outcome, Position};
use motley_session::{
    load_game, load_nth, EditSlot, LoadError, LoadedGame, StoreError, Write, Written,
};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};
use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::time::Duration;

mod analysis_view;
mod branch;
mod editing;
mod file_games;
mod lines;
mod review;

pub use crate::tui::jobs::EngineLines;
use analysis_view::{analysis_lines, AnalysisLayout, EvalBar, EvalGraph};
use branch::{branch, BranchOffer};
use file_games::{list_key, FileGames, GameListPopup, ListStep};
use lines::LiveLines;
use review::Review;

/// Autoplay speeds, milliseconds per ply.
const SPEEDS: [u64; 6] = [3000, 2000, 1000, 500, 250, 100];

/// The viewer's popups.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayPopup {
    Help {
        scroll: u16,
    },
    Rules {
        scroll: u16,
    },
    /// Typing a ply number.
    Jump {
        text: LineEdit,
    },
    /// Who plays a branch.
    Branch(Box<BranchOffer>),
    /// The games of the file, to choose one.
    Games {
        cursor: usize,
    },
    /// Typing a move to play from the position shown.
    Move {
        text: LineEdit,
    },
    /// Writing the comment on the move shown.
    Comment {
        text: LineEdit,
    },
    /// Deleting the variation shown: sure?
    ConfirmDelete,
    /// Leaving (`quit`: Motley altogether) with variations or comments
    /// not saved.
    Unsaved {
        quit: bool,
    },
}

/// What a key (or a click on the key bar) asks of the viewer.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ReplayAction {
    Back,
    Forward,
    ToStart,
    ToEnd,
    OpenJump,
    ToggleAutoplay,
    /// Start (or stop) analysing the game.
    Analyse,
    /// Turn the live engine lines on or off.
    Lines,
    /// One more live line (back to one after five).
    MoreLines,
    Faster,
    Slower,
    Flip,
    Help,
    Rules,
    Branch,
    /// Copy the position or the game, or export the game.
    Share(Share),
    /// Choose another game of the file.
    ChooseGame,
    /// The move before (`-1`) or after (`1`) the one shown among the
    /// moves of its ply: the main move and its variations.
    OtherLine(i8),
    /// Type a move to play from the position shown.
    TypeMove,
    /// Show the board cursor, or pick the square under it.
    Pick,
    /// Comment on the move shown.
    Comment,
    /// Promote the variation shown one step.
    Promote,
    /// Delete the variation shown.
    Delete,
    /// Open the position shown in the position editor.
    Edit,
    Leave,
    /// A letter that means nothing here.
    Unbound(char),
}

/// The moments a viewer binding depends on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ReplayWhen {
    Always,
    /// The file holds several games.
    SeveralGames,
    /// Autoplay is on.
    Autoplay,
    /// The analysis is under way.
    Analysing,
    /// The live engine lines are on.
    Lines,
    /// The position shown is in a variation.
    InVariation,
}

/// Every key of the viewer, in the help's order.
pub const REPLAY_KEYS: &[KeyBinding<ReplayAction, ReplayWhen>] = {
    use ReplayAction as A;
    use ReplayWhen as W;
    const fn key(
        keys: &'static [KeyCode],
        action: ReplayAction,
    ) -> KeyBinding<ReplayAction, ReplayWhen> {
        KeyBinding::new(keys, action, W::Always)
    }
    const fn share(what: Share) -> KeyBinding<ReplayAction, ReplayWhen> {
        what.binding(A::Share(what), W::Always)
    }
    &[
        key(&[KeyCode::Left, KeyCode::Char('h')], A::Back)
            .help("← / h,  → / l", "one ply back / forward")
            .bar(0, 1, "←", "back"),
        key(&[KeyCode::Right, KeyCode::Char('l')], A::Forward).bar(1, 2, "→", "forward"),
        key(&[KeyCode::Home], A::ToStart)
            .help("Home / End", "the start / the end")
            .bar(2, 10, "Home", "start"),
        key(&[KeyCode::End], A::ToEnd).bar(3, 11, "End", "end"),
        key(&[KeyCode::Char('g')], A::OpenJump)
            .help("g", "go to a ply by number")
            .bar(4, 8, "g", "go to"),
        key(&[KeyCode::Char('p'), KeyCode::Char(' ')], A::ToggleAutoplay)
            .help("p / Space", "autoplay (play / pause)")
            .bar(5, 4, "p", "play")
            .label_while(W::Autoplay, "pause"),
        key(&[KeyCode::Char('+'), KeyCode::Char('=')], A::Faster)
            .help("+ / -", "autoplay faster / slower")
            .bar(10, 6, "+", "faster"),
        key(&[KeyCode::Char('-')], A::Slower).bar(11, 7, "-", "slower"),
        key(&[KeyCode::Char('a')], A::Analyse)
            .help("a", "analyse the game in the background; a again stops")
            .bar(6, 5, "a", "analyse")
            .label_while(W::Analysing, "stop analysis"),
        key(&[KeyCode::Char('L')], A::Lines)
            .help(
                "L",
                "engine lines: the position shown searched live, its best lines (L again stops)",
            )
            .label_while(W::Lines, "lines off"),
        key(&[KeyCode::Char('n')], A::MoreLines).help("n", "engine lines: one more line (1 to 5)"),
        key(&[KeyCode::Up], A::OtherLine(-1))
            .help(
                "↑ / ↓",
                "the move before / after among this ply's moves (main move, variations)",
            ),
        key(&[KeyCode::Down], A::OtherLine(1)),
        key(&[KeyCode::Char('m')], A::TypeMove)
            .help(
                "m, or click a piece then its square",
                "play a move here: it follows the game or a variation, or starts a new variation",
            )
            .bar(15, 14, "m", "move"),
        key(&[KeyCode::Enter], A::Pick).help(
            "Enter",
            "board cursor: shows it, then picks the square under it (a piece, then where it goes); while it shows, ←↑→↓ move it and Esc hides it",
        ),
        key(&[KeyCode::Char('c')], A::Comment)
            .help("c", "comment on the move shown (empty: no comment)")
            .bar(16, 15, "c", "comment"),
        key(&[], A::Comment).help(
            "in a prompt",
            "←→ Home End (Ctrl-A/E) move in the line; Backspace, Delete, Ctrl-U (to the start), Ctrl-K (to the end), Ctrl-W (a word or path part) erase; a suggested name starts selected: typing replaces it",
        ),
        key(&[KeyCode::Char('P')], A::Promote)
            .help(
                "P",
                "promote the variation shown one step (never into the game's own moves)",
            )
            .bar(17, 16, "P", "promote")
            .bar_when(W::InVariation),
        key(&[KeyCode::Char('x'), KeyCode::Delete], A::Delete)
            .help("x / Delete", "delete the variation shown (asks first)")
            .bar(18, 17, "x", "delete")
            .bar_when(W::InVariation),
        key(&[KeyCode::Char('b')], A::Branch)
            .help(
                "b",
                "branch: play on from this ply as a new game (kept as a game in progress; asks who plays)",
            )
            .bar(7, 9, "b", "branch"),
        share(Share::Fen),
        share(Share::Pgn),
        share(Share::Export),
        key(&[KeyCode::Char('E')], A::Edit)
            .help("E", "edit the position shown in the position editor"),
        key(&[KeyCode::Char('o')], A::ChooseGame)
            .help(
                "o",
                "choose another game of the file, when it holds several",
            )
            .bar(13, 9, "o", "games")
            .bar_when(W::SeveralGames),
        key(&[KeyCode::Char('f')], A::Flip)
            .help("f", "flip the board")
            .bar(12, 12, "f", "flip"),
        key(&[KeyCode::Char('i')], A::Rules).help("i", "the rules of this variant"),
        key(&[KeyCode::Char('?')], A::Help)
            .help("?", "this help")
            .bar(8, 0, "?", "help"),
        key(&[KeyCode::Char('q'), KeyCode::Esc], A::Leave)
            .help("q / Esc", "leave the viewer")
            .bar(9, 3, "q", "quit"),
    ]
};

impl ReplayAction {
    /// The action of a key; any other letter is [`ReplayAction::Unbound`].
    fn for_key(code: KeyCode, holds: impl Fn(ReplayWhen) -> bool) -> Option<ReplayAction> {
        keymap::action_for(REPLAY_KEYS, code, holds).or(match code {
            KeyCode::Char(c) => Some(ReplayAction::Unbound(c)),
            _ => None,
        })
    }
}

/// A game being replayed.
pub struct ReplayState {
    /// The game as far as the file is valid.
    pub game: Game,
    /// Plies shown (0 = start).
    pub ply: usize,
    pub path: Option<PathBuf>,
    /// What was wrong with the file, in words.
    pub error: Option<String>,
    /// Autoplay on.
    pub autoplay: bool,
    /// Index into the speed table.
    pub speed: usize,
    /// How the viewer shows it, apart from the game.
    pub view: ReplayView,
    /// The engine's analysis, stored or under way.
    pub review: Review,
    /// The live engine lines of the position shown.
    pub lines: LiveLines,
    /// Who played, as the file names them (a branch offers them).
    pub players: Option<motley_records::Players>,
    /// The players' names, when the file gives them.
    pub names: Option<motley_records::Players>,
    /// The date the file gives the game, and the PGN tags it keeps.
    pub date: Option<String>,
    pub tags: std::collections::BTreeMap<String, String>,
    /// The games of the file, when it holds several.
    pub games: Option<FileGames>,
    /// The game's variations and annotations, as edited here.
    pub tree: GameTree,
    /// The position shown when it is in a variation.
    off: Option<OffLine>,
    /// Edits to the tree not (yet) kept in the file.
    pub unsaved: bool,
    /// Writes of the tree asked for and not answered yet.
    storing: usize,
    /// The square picked up on the board, to play a move from.
    selected: Option<Square>,
    /// The board cursor, while it shows (Enter shows it; the arrows then
    /// move it instead of stepping through the game).
    pub board_cursor: Option<Square>,
    /// Where the facts in `shown` and the live lines are of.
    shown_at: Cursor,
    lines_at: Cursor,
    /// How the game ended, if it has (the game never changes here).
    outcome: Option<Outcome>,
    /// The game's move list.
    moves: MoveList,
    /// The rules' facts of the position shown, as of the last event.
    shown: Option<PositionFacts>,
    /// Start the live engine lines once the viewer shows (opened to
    /// analyse a position from the editor).
    lines_at_open: bool,
    /// The tree's edits so far: its rows are laid out again only when
    /// this changes.
    revision: u64,
    /// The tree's rows as last laid out.
    tree_rows: crate::tui::tree_view::TreeRowsMemo,
    /// The viewer's hold on the record its edits are kept in.
    edits: EditSlot,
}

/// A position in a variation: where in the tree, and the game played
/// through to it (the main line up to where the variation leaves it).
struct OffLine {
    at: Cursor,
    game: Game,
}

/// The viewer's view state: what changes how the game looks, never what
/// is replayed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReplayView {
    /// The board turned, Black at the bottom.
    pub flipped: bool,
    /// The popup open over the board.
    pub popup: Option<ReplayPopup>,
    /// What happened or went wrong, under the board.
    pub message: Option<Message>,
}

impl ReplayState {
    /// A viewer at the start of `game`.
    pub fn new(game: Game, path: Option<PathBuf>, error: Option<String>) -> ReplayState {
        let outcome = game.outcome();
        ReplayState {
            moves: MoveList::of(&game),
            shown: PositionFacts::of(&game, 0, outcome.is_some()),
            outcome,
            review: Review::new(game.ply()),
            game,
            ply: 0,
            path,
            error,
            autoplay: false,
            speed: 2,
            view: ReplayView::default(),
            players: None,
            names: None,
            date: None,
            tags: Default::default(),
            games: None,
            tree: GameTree::new(&[], &Default::default()),
            off: None,
            unsaved: false,
            storing: 0,
            selected: None,
            board_cursor: None,
            shown_at: Cursor::main(0),
            lines_at: Cursor::main(0),
            lines: LiveLines::default(),
            lines_at_open: false,
            revision: 0,
            tree_rows: Default::default(),
            edits: EditSlot::default(),
        }
        .with_tree(None)
    }

    /// The viewer is showing: start what it was opened to start (the
    /// live engine lines of the editor's analyse).
    pub fn settle(&mut self, ctx: &mut Ctx) {
        if std::mem::take(&mut self.lines_at_open) {
            self.start_lines(ctx);
            self.view.message = Some(Message::info(
                "the position from the editor, searched live: L stops the lines, n adds one",
            ));
        }
    }

    /// The viewer with `tree` on its game's moves (none: a bare tree).
    fn with_tree(mut self, tree: Option<GameTree>) -> ReplayState {
        let moves: Vec<String> = self.game.actions().iter().map(|a| a.to_string()).collect();
        self.tree = match tree {
            Some(t) if t.main_actions() == moves => t,
            _ => GameTree::new(&moves, &Default::default()),
        };
        self.revision += 1;
        self.edits = EditSlot::reading(&self.tree);
        self
    }

    /// The viewer for a game another screen opened: the first game of a
    /// file that holds several opens with the list of them over it.
    pub fn open_start(start: ReplayStart, registry: &Registry) -> ReplayState {
        let games = start
            .path
            .as_deref()
            .and_then(|path| FileGames::scan(path, registry));
        let mut state = ReplayState::new(start.game, start.path, start.error)
            .with_stored(start.analysis)
            .with_tree(Some(start.tree));
        state.players = start.players;
        state.names = start.names;
        state.date = start.date;
        state.tags = start.tags;
        state.lines_at_open = start.live_lines;
        if let Some(games) = games {
            state.view.popup = Some(ReplayPopup::Games { cursor: 0 });
            state.view.message = Some(Message::info(format!(
                "the file holds {}: this is the first; o chooses another",
                games.count_text()
            )));
            state.games = Some(games);
        }
        state.tell_notes(&start.notes);
        state
    }

    /// Tell what the reader had to assume, unless something else is said.
    fn tell_notes(&mut self, notes: &[String]) {
        if !notes.is_empty() && self.view.message.is_none() {
            self.view.message = Some(Message::info(notes.join("; ")));
        }
    }

    /// Open a file: its first game as far as it is valid, with its error
    /// and its stored analysis (and the list of its games, when several).
    pub fn open(path: PathBuf, registry: &Registry) -> Result<ReplayState, LoadError> {
        let loaded = load_game(&path, registry)?;
        Ok(ReplayState::open_start(
            ReplayStart::loaded(loaded, path),
            registry,
        ))
    }

    /// Show game `index` of the file instead of the one shown.
    fn show_game(&mut self, index: usize, registry: &Registry) {
        let Some(path) = self.path.clone() else {
            return;
        };
        match load_nth(&path, index, registry) {
            Ok(LoadedGame {
                game,
                error,
                players,
                names,
                date,
                tags,
                analysis,
                tree,
                notes,
                ..
            }) => {
                self.review.stop();
                let error = error.map(|e| e.to_string());
                let mut next = ReplayState::new(game, Some(path), error)
                    .with_stored(analysis)
                    .with_tree(Some(tree));
                next.players = players;
                next.names = names;
                next.date = date;
                next.tags = tags;
                next.games = self.games.take().map(|g| FileGames { shown: index, ..g });
                next.speed = self.speed;
                next.view.flipped = self.view.flipped;
                next.tell_notes(&notes);
                *self = next;
            }
            Err(why) => self.view.message = Some(Message::error(why.to_string())),
        }
    }

    /// Show the analysis the record stored, when it is of these moves.
    fn with_stored(mut self, stored: Option<serde_json::Value>) -> ReplayState {
        let (review, note) = Review::from_record(stored.as_ref(), &self.game);
        self.review = review;
        self.view.message = note.map(Message::error);
        self
    }

    /// The ply, move or comment prompt is open: Ctrl and Alt chords are
    /// its editing keys then.
    pub fn takes_text(&self) -> bool {
        matches!(
            self.view.popup,
            Some(ReplayPopup::Jump { .. } | ReplayPopup::Move { .. } | ReplayPopup::Comment { .. })
        )
    }

    /// Ctrl-C: quit, asking first when edits are not saved.
    pub fn quit_key(&mut self) -> Nav {
        if self.unsaved {
            self.view.popup = Some(ReplayPopup::Unsaved { quit: true });
            return Nav::Stay;
        }
        Nav::Quit
    }

    /// Leaving the viewer: stop the analysis.
    pub fn close(&mut self) {
        self.review.stop();
        self.lines.stop();
    }

    /// Are the viewer's edits kept on screen only, another Motley having
    /// the record (or having changed it since it was read)?
    pub fn read_only(&self) -> bool {
        self.edits.refused().is_some()
    }

    /// How many times the tree's rows were laid out: once per edit (and
    /// width), never for moving about.
    pub fn tree_layouts(&self) -> u64 {
        self.tree_rows.layouts()
    }

    /// Plies in the game.
    pub fn len(&self) -> usize {
        self.game.ply()
    }

    /// The game has no actions.
    pub fn is_empty(&self) -> bool {
        self.game.ply() == 0
    }

    fn speed_ms(&self) -> u64 {
        SPEEDS[self.speed.min(SPEEDS.len() - 1)]
    }

    /// The period of the autoplay timer, when on.
    pub fn autoplay_interval(&self) -> Option<Duration> {
        self.autoplay
            .then(|| Duration::from_millis(self.speed_ms()))
    }

    /// Whether the moment `when` holds now.
    fn holds(&self, when: ReplayWhen) -> bool {
        match when {
            ReplayWhen::Always => true,
            ReplayWhen::SeveralGames => self.games.is_some(),
            ReplayWhen::Autoplay => self.autoplay,
            ReplayWhen::Analysing => self.review.is_running(),
            ReplayWhen::Lines => self.lines.is_on(),
            ReplayWhen::InVariation => self.off.is_some(),
        }
    }

    /// The key bar's keys in their order on screen, each with its rank
    /// (narrow terminals drop the least important; all are in the help).
    fn hints(&self) -> Vec<KeyHint> {
        keymap::bar_hints(REPLAY_KEYS, |w| self.holds(w))
    }

    /// The rules' facts of the position shown: worked out after every
    /// event that moved to another ply (see [`ReplayState::handle`]).
    fn facts(&self) -> Option<Cow<'_, PositionFacts>> {
        match &self.shown {
            Some(f) if self.shown_at == self.cursor() => Some(Cow::Borrowed(f)),
            _ => self.shown_facts().map(Cow::Owned),
        }
    }

    /// The rules' facts of the position shown, worked out.
    fn shown_facts(&self) -> Option<PositionFacts> {
        let (game, ply) = self.shown_game();
        let ended = match &self.off {
            Some(o) => o.game.outcome().is_some(),
            None => self.outcome.is_some(),
        };
        PositionFacts::of(game, ply, ended)
    }

    fn layout(&self, size: (u16, u16)) -> PageLayout {
        let centerline = panels::centerline(self.game.position());
        let message = self.view.message.as_ref().map(|m| m.text.as_str());
        PageLayout::new(size, self.view.flipped, centerline, &self.hints(), message)
    }

    /// Where the board is drawn on a screen of `size` (clicks on it play
    /// moves).
    pub fn board(&self, size: (u16, u16)) -> Option<BoardGeom> {
        self.analysis_layout(&self.layout(size)).board
    }

    /// Where the analysis goes (nothing until there is one), and the side
    /// panel's place beside it.
    fn analysis_layout(&self, page: &PageLayout) -> AnalysisLayout {
        if self.review.is_shown() {
            AnalysisLayout::new(page)
        } else {
            AnalysisLayout::without(page)
        }
    }

    /// The screen's widget.
    pub fn page<'a>(&'a self, theme: &'a Theme) -> ReplayPage<'a> {
        ReplayPage {
            replay: self,
            theme,
            marks: self.review.marks(),
            facts: self.facts(),
            at: self.cursor(),
        }
    }

    /// Handle one event, then work out the facts of the position shown
    /// when it is another.
    pub fn handle(&mut self, event: AppEvent, ctx: &mut Ctx) -> Nav {
        let nav = self.on_event(event, ctx);
        let at = self.cursor();
        // The live lines follow the position shown.
        if self.lines.ply().is_some() && self.lines_at != at {
            self.start_lines(ctx);
        }
        if self.shown.is_none() || self.shown_at != at {
            self.shown = self.shown_facts();
            self.shown_at = at;
        }
        nav
    }

    fn on_event(&mut self, event: AppEvent, ctx: &mut Ctx) -> Nav {
        match event {
            AppEvent::Tick => {
                if self.autoplay {
                    match self.tree.forward(&self.cursor()) {
                        Some(next) => self.go(next),
                        None => self.autoplay = false,
                    }
                    self.autoplay = self.autoplay && self.tree.forward(&self.cursor()).is_some();
                }
                Nav::Stay
            }
            AppEvent::Key(k) => self.on_key(k, ctx),
            AppEvent::Mouse(m) => self.on_mouse(m, ctx),
            AppEvent::Analysed { job, ply } => {
                self.review.accept_ply(job, *ply);
                Nav::Stay
            }
            AppEvent::AnalysisDone {
                job,
                analysis: Some(analysis),
            } => {
                self.analysis_done(job, analysis, ctx);
                Nav::Stay
            }
            AppEvent::AnalysisDone {
                job,
                analysis: None,
            } => {
                if self.review.ended_early(job) {
                    self.view.message = Some(Message::error(format!(
                        "the analysis ended early ({} of {} plies); press a to try again",
                        self.review.done(),
                        self.review.total()
                    )));
                }
                Nav::Stay
            }
            AppEvent::Written(written) => {
                self.written(*written);
                Nav::Stay
            }
            AppEvent::Lines { job, lines } => {
                self.lines.take(job, *lines);
                Nav::Stay
            }
            AppEvent::Resize(..)
            | AppEvent::ConfigKept(_)
            | AppEvent::Thought { .. }
            | AppEvent::Thinking { .. }
            | AppEvent::EngineFailed { .. }
            | AppEvent::Hinted { .. } => Nav::Stay,
        }
    }

    /// Search the position shown live (a search at work is replaced).
    fn start_lines(&mut self, ctx: &mut Ctx) {
        // Fields apart: the lines change while the position is borrowed.
        let (game, ply) = match &self.off {
            Some(o) => (&o.game, o.game.ply()),
            None => (&self.game, self.ply),
        };
        let Some(position) = game.position_at(ply) else {
            return;
        };
        let job = self.lines.start(position, ply);
        self.lines_at = self.cursor();
        ctx.requests.push(Request::Lines(Box::new(job)));
    }

    /// `a`: analyse in the background, or stop the analysis under way.
    fn analyse(&mut self, ctx: &mut Ctx) {
        if self.review.stop() {
            self.view.message = Some(Message::info(format!(
                "analysis stopped ({} of {} plies done); press a to start again",
                self.review.done(),
                self.review.total()
            )));
            return;
        }
        if self.is_empty() {
            self.view.message = Some(Message::error("there are no moves to analyse"));
            return;
        }
        match self
            .review
            .start(&self.game, &ctx.settings.session.analysis)
        {
            Some(job) => {
                self.view.message = Some(Message::info(format!(
                    "analysing {} plies in the background ({} ms a position)…",
                    self.len(),
                    job.settings.movetime.as_millis()
                )));
                ctx.requests.push(Request::Analyse(Box::new(job)));
            }
            None => {
                self.view.message = Some(Message::info(
                    "the game is analysed already (the marks are in the move list)",
                ))
            }
        }
    }

    /// The analysis of job `job` finished: show it, and keep it in the
    /// record when the game came from a file that holds these moves.
    fn analysis_done(&mut self, job: u64, analysis: Box<GameAnalysis>, ctx: &mut Ctx) {
        if !self.review.finish(job, &analysis) {
            return;
        }
        let summary = summary_words(&analysis);
        self.view.message = Some(match (&self.path, &self.error) {
            (Some(path), None) => {
                let path = path.clone();
                let store = Write::StoreAnalysis {
                    path,
                    analysis,
                    slot: self.edits.clone(),
                };
                ctx.requests.push(Request::Write(Box::new(store)));
                Message::info(format!("{summary}; storing it in the record…"))
            }
            (Some(_), Some(_)) => {
                Message::info(format!("{summary}; not stored (the file has a bad ply)"))
            }
            (None, _) => Message::info(summary),
        });
    }

    /// What a write came to: an export, or the analysis kept in the file
    /// shown.
    fn written(&mut self, written: Written) {
        match written {
            Written::Exported(result) => {
                // The exported PGN holds the tree as it stood.
                if result.is_ok() && self.storing == 0 {
                    self.unsaved = false;
                }
                self.view.message = Some(exported(&result));
            }
            Written::AnalysisStored {
                path,
                analysis,
                result,
            } if self.path.as_ref() == Some(&path) => {
                self.view.message = Some(stored(&path, &analysis, result));
            }
            Written::TreeStored { path, result } if self.path.as_ref() == Some(&path) => {
                self.tree_stored(result)
            }
            _ => {}
        }
    }

    fn on_mouse(&mut self, m: MouseEvent, ctx: &mut Ctx) -> Nav {
        if m.kind != MouseEventKind::Down(MouseButton::Left) {
            return Nav::Stay;
        }
        if let Some(ReplayPopup::Branch(offer)) = &self.view.popup {
            let area = Rect::new(0, 0, ctx.size.0, ctx.size.1);
            return match offer.popup.item_at(area, m.column, m.row) {
                Some(i) => {
                    let key = offer.popup.items[i].0;
                    self.on_key(KeyEvent::from(KeyCode::Char(key)), ctx)
                }
                None => Nav::Stay,
            };
        }
        if self.view.popup.is_some() {
            if !matches!(self.view.popup, Some(ReplayPopup::Jump { .. })) {
                self.view.popup = None;
            }
            return Nav::Stay;
        }
        let lay = self.layout(ctx.size);
        let analysis = self.analysis_layout(&lay);
        // A click on the evaluation graph goes to the ply under it.
        let on_graph = analysis
            .graph
            .and_then(|g| EvalGraph::ply_at(g, self.len(), m.column, m.row));
        if let Some(ply) = on_graph {
            self.autoplay = false;
            self.go(Cursor::main(ply));
            return Nav::Stay;
        }
        // A click on a move in the list goes to that ply (or place in
        // the tree, when the list shows one).
        let page = self.page(ctx.theme);
        let side_rect = analysis.side;
        let panel = page.side_panel();
        let in_tree = panel
            .as_ref()
            .and_then(|p| p.tree_at(side_rect, m.column, m.row));
        let clicked = panel.and_then(|p| p.ply_at(side_rect, m.column, m.row));
        if let Some(at) = in_tree {
            self.autoplay = false;
            self.go(at);
            return Nav::Stay;
        }
        if let Some(ply) = clicked {
            self.autoplay = false;
            self.go(Cursor::main(ply));
            return Nav::Stay;
        }
        if let Some(code) = lay.button_at(m.column, m.row) {
            return self.on_key(KeyEvent::from(code), ctx);
        }
        // Two clicks on the board play a move from the position shown.
        if let Some(sq) = analysis.board.and_then(|g| g.square_at(m.column, m.row)) {
            self.autoplay = false;
            self.view.message = None;
            self.pick(sq, ctx);
        }
        Nav::Stay
    }

    fn on_key(&mut self, k: KeyEvent, ctx: &mut Ctx) -> Nav {
        if let Some(popup) = self.view.popup.take() {
            return self.on_popup_key(popup, k, ctx);
        }
        if self.board_cursor.is_some() && self.cursor_key(k.code) {
            return Nav::Stay;
        }
        match ReplayAction::for_key(k.code, |w| self.holds(w)) {
            Some(action) => self.update(action, ctx),
            None => Nav::Stay,
        }
    }

    /// Carry out an action.
    fn update(&mut self, action: ReplayAction, ctx: &mut Ctx) -> Nav {
        use ReplayAction as A;
        if matches!(action, A::Back | A::Forward | A::ToStart | A::ToEnd) {
            self.autoplay = false;
        }
        // A message answers the last key; the next key replaces it.
        self.view.message = None;
        if !matches!(action, A::Flip | A::Help | A::Rules | A::Pick) {
            self.selected = None;
        }
        if self.unsaved && matches!(action, A::ChooseGame | A::Branch | A::Edit) {
            // Another game of the file, a branch or the editor would drop
            // them.
            self.view.message = Some(Message::error(
                "the variations and comments are not saved (this file is not written): e exports them first",
            ));
            return Nav::Stay;
        }
        match action {
            A::Back | A::Forward | A::ToStart | A::ToEnd => self.step(action),
            A::OtherLine(step) => self.other_line(step),
            A::TypeMove | A::Comment | A::Promote | A::Delete => self.edit(action, ctx),
            A::Pick => self.pick_at_cursor(ctx),
            A::OpenJump => {
                self.view.popup = Some(ReplayPopup::Jump {
                    text: LineEdit::new(),
                })
            }
            A::ToggleAutoplay => {
                self.autoplay = !self.autoplay;
                if self.autoplay && self.tree.forward(&self.cursor()).is_none() {
                    self.go(Cursor::main(0));
                }
            }
            A::Analyse => self.analyse(ctx),
            A::Lines if self.lines.is_on() => {
                self.lines.stop();
                self.view.message = Some(Message::info("engine lines off"));
            }
            A::Lines => self.start_lines(ctx),
            A::MoreLines => {
                self.lines.next_count();
                if self.lines.is_on() {
                    self.start_lines(ctx);
                }
                let n = self.lines.count();
                self.view.message = Some(Message::info(format!(
                    "engine lines: {n} line{}",
                    if n == 1 { "" } else { "s" }
                )));
            }
            A::Faster => {
                self.speed = (self.speed + 1).min(SPEEDS.len() - 1);
                self.say_speed(self.speed + 1 == SPEEDS.len(), "fastest");
            }
            A::Slower => {
                self.speed = self.speed.saturating_sub(1);
                self.say_speed(self.speed == 0, "slowest");
            }
            A::Flip => self.view.flipped = !self.view.flipped,
            A::Help => self.view.popup = Some(ReplayPopup::Help { scroll: 0 }),
            A::Rules => self.view.popup = Some(ReplayPopup::Rules { scroll: 0 }),
            A::Branch => return self.branch(ctx.settings),
            A::Share(what) => self.share(what, ctx),
            A::ChooseGame => match &self.games {
                Some(games) => {
                    self.view.popup = Some(ReplayPopup::Games {
                        cursor: games.shown,
                    })
                }
                None => self.view.message = Some(Message::error("this file holds only this game")),
            },
            A::Leave if self.unsaved => {
                self.view.popup = Some(ReplayPopup::Unsaved { quit: false })
            }
            A::Leave => return Nav::Leave,
            A::Edit => {
                let (game, ply) = self.shown_game();
                if let Some(position) = game.position_at(ply) {
                    let variant = game.variant().clone();
                    return Nav::Edit(Box::new(EditorStart::of(variant, position)));
                }
            }
            A::Unbound(c) => {
                self.view.message = Some(Message::error(format!(
                    "'{c}' is not a key here; press ? for the list of keys"
                )))
            }
        }
        Nav::Stay
    }

    /// `y`, `Y`, `e`: copy the position shown or the game, or export the
    /// game, as the play screen does.
    fn share(&mut self, what: Share, ctx: &mut Ctx) {
        let (game, ply) = self.shown_game();
        let Some(position) = game.position_at(ply) else {
            return;
        };
        // The names as the file gives them, else who played.
        let players = self.names.as_ref().or(self.players.as_ref());
        let shown = Shown {
            position,
            plies: self.len(),
            variant: &self.game.variant().id,
            pgn: || {
                let names = players.map(|p| (p.white.as_str(), p.black.as_str()));
                motley_records::export_kept_pgn(
                    &self.game,
                    Some(&self.tree),
                    names,
                    self.date.as_deref(),
                    &self.tags,
                )
            },
        };
        self.view.message = Some(share(what, shown, &ctx.settings.session, ctx.requests));
    }

    /// A key while a popup is open (taken out of the state: it goes back
    /// unless the key closes it).
    fn on_popup_key(&mut self, popup: ReplayPopup, k: KeyEvent, ctx: &mut Ctx) -> Nav {
        let code = k.code;
        match popup {
            ReplayPopup::Help { scroll } => {
                self.view.popup =
                    scroll_key(scroll, code).map(|scroll| ReplayPopup::Help { scroll });
            }
            ReplayPopup::Rules { scroll } => {
                self.view.popup =
                    scroll_key(scroll, code).map(|scroll| ReplayPopup::Rules { scroll });
            }
            ReplayPopup::Jump { mut text } => {
                let digit = |t: &str, c: char| c.is_ascii_digit() && t.len() < 6;
                match text.key(k, digit) {
                    LineKey::Cancel => {}
                    LineKey::Submit => self.jump(text.text().trim()),
                    LineKey::Edit => self.view.popup = Some(ReplayPopup::Jump { text }),
                }
            }
            ReplayPopup::Branch(mut offer) => match offer.popup.key(code) {
                ListKey::Chosen(i) => {
                    let players = offer.choices.get(i).cloned();
                    if let Some(players) = players {
                        let (game, _) = self.shown_game();
                        let start = branch(game, offer.ply, players, ctx.settings);
                        return Nav::Play(Box::new(start));
                    }
                }
                ListKey::Closed => self.view.message = Some(Message::info("no branch")),
                ListKey::Stay => self.view.popup = Some(ReplayPopup::Branch(offer)),
                ListKey::NotAChoice(c) => {
                    self.view.message =
                        Some(Message::error(format!("'{c}' is not one of the choices")));
                    self.view.popup = Some(ReplayPopup::Branch(offer));
                }
            },
            ReplayPopup::Games { cursor } => {
                let len = self.games.as_ref().map_or(0, FileGames::len);
                match list_key(cursor, len, code) {
                    ListStep::Stay(cursor) => self.view.popup = Some(ReplayPopup::Games { cursor }),
                    ListStep::Open(i) => self.show_game(i, ctx.registry),
                    ListStep::Close => {}
                }
            }
            other => return self.on_tree_popup_key(other, k, ctx),
        }
        Nav::Stay
    }

    /// Autoplay's speed in words: "1 ply every 0.5 s".
    pub fn speed_text(&self) -> String {
        let ms = self.speed_ms();
        let secs = if ms.is_multiple_of(1000) {
            format!("{}", ms / 1000)
        } else {
            format!("{}", ms as f64 / 1000.0)
        };
        format!("1 ply every {secs} s")
    }

    /// Say the speed just chosen (and when it is the end of the scale).
    fn say_speed(&mut self, at_end: bool, end: &str) {
        let limit = if at_end {
            format!(" (the {end})")
        } else {
            String::new()
        };
        self.view.message = Some(Message::info(format!(
            "autoplay speed: {}{limit}",
            self.speed_text()
        )));
    }

    /// Go to the ply typed in the jump popup.
    fn jump(&mut self, typed: &str) {
        match typed.parse::<usize>() {
            Ok(n) if n <= self.len() => {
                self.go(Cursor::main(n));
                self.view.message = None;
            }
            _ => {
                self.view.message = Some(Message::error(format!(
                    "'{typed}' is not a ply: type 0 to {}",
                    self.len()
                )))
            }
        }
    }

    /// `b`: a new game from the ply shown, a game in progress with a record
    /// of its own from the start (the original file is never written).
    /// Who plays is asked when the file names a computer player; the
    /// game's clock comes along.
    fn branch(&mut self, settings: &Settings) -> Nav {
        let (game, ply) = self.shown_game();
        match BranchOffer::new(game, ply, self.players.as_ref()) {
            Some(offer) => {
                self.view.popup = Some(ReplayPopup::Branch(Box::new(offer)));
                Nav::Stay
            }
            None => {
                let people = [PlayerSpec::Human, PlayerSpec::Human];
                Nav::Play(Box::new(branch(game, ply, people, settings)))
            }
        }
    }
}

/// The viewer as a widget: a pure function of its state.
pub struct ReplayPage<'a> {
    replay: &'a ReplayState,
    theme: &'a Theme,
    /// The analysis's mark of each ply, for the move list.
    marks: Vec<Option<Mark>>,
    /// The rules' facts of the position shown.
    facts: Option<Cow<'a, PositionFacts>>,
    /// Where in the tree the position shown is.
    at: Cursor,
}

impl<'a> ReplayPage<'a> {
    /// The status lines above the family panel.
    fn status_lines(&self) -> Vec<Line<'static>> {
        let (r, theme) = (self.replay, self.theme);
        let (game, ply) = r.shown_game();
        let Some(pos) = game.position_at(ply) else {
            return Vec::new();
        };
        let mut status = vec![match &r.off {
            None => Line::styled(format!("Ply {} of {}", r.ply, r.len()), theme.title()),
            Some(_) => Line::styled(
                format!(
                    "Variation: ply {ply} (off the game's ply {} of {})",
                    r.ply + 1,
                    r.len()
                ),
                theme.title(),
            ),
        }];
        let to_move = panels::side_name(pos, pos.turn());
        let outcome = match &r.off {
            Some(o) => o.game.outcome().filter(|_| ply == game.ply()),
            None => r.outcome.filter(|_| r.ply == r.len()),
        };
        match outcome {
            Some(o) => status.push(Line::styled(
                format!("{} {}", o.result_str(), panels::describe_outcome(pos, &o)),
                theme.title(),
            )),
            None if r.off.is_none() && r.ply == r.len() => {
                status.push(Line::raw(format!("{to_move} to move (game unfinished)")))
            }
            _ => status.push(Line::raw(format!("{to_move} to move"))),
        }
        if pos.in_check(pos.turn()) {
            status.push(Line::styled("Check!", theme.error()));
        }
        if let Some(e) = &r.error {
            status.push(Line::styled(
                format!("Problem in the file: {e}"),
                theme.error(),
            ));
            status.push(Line::styled("Shown up to the bad ply.", theme.dim()));
        }
        if r.autoplay {
            status.push(Line::styled(
                format!("Autoplay: {}", r.speed_text()),
                theme.good(),
            ));
        }
        if r.read_only() {
            status.push(Line::styled(
                "Read-only: another Motley has this record (e exports the variations)",
                theme.error(),
            ));
        } else if r.unsaved && r.storing == 0 {
            status.push(Line::styled(
                "The variations and comments are not saved (e exports them)",
                theme.error(),
            ));
        }
        status.extend(analysis_lines(&r.review, r.ply, theme));
        status.extend(r.lines.text(theme));
        status
    }

    /// The side panel, following the ply shown.
    fn side_panel(&self) -> Option<SidePanel<'_>> {
        let r = self.replay;
        let tree = (!r.tree.is_bare() || r.off.is_some()).then_some(TreeShown {
            game: &r.game,
            tree: &r.tree,
            at: &self.at,
            memo: &r.tree_rows,
            revision: r.revision,
        });
        Some(SidePanel {
            game: r.shown_game().0,
            tree,
            moves: &self.replay.moves,
            facts: self.facts.as_deref()?,
            status: self.status_lines(),
            current: Some(self.replay.ply),
            scroll: 0,
            focus: None,
            marks: &self.marks,
            theme: self.theme,
        })
    }

    /// The evaluation bar and graph, where the layout has room for them.
    fn render_analysis(&self, lay: &AnalysisLayout, geom: Option<BoardGeom>, buf: &mut Buffer) {
        let (r, theme) = (self.replay, self.theme);
        if let (Some(area), Some(geom)) = (lay.bar, geom) {
            EvalBar {
                // The analysis is of the game's own positions only.
                eval: r.off.is_none().then(|| r.review.eval_at(r.ply)).flatten(),
                scale: *r.review.scale(),
                geom,
                theme,
            }
            .render(area, buf);
        }
        if let Some(area) = lay.graph {
            EvalGraph {
                evals: &r.review.evals(),
                marks: &self.marks,
                scale: *r.review.scale(),
                plies: r.len(),
                current: r.ply,
                theme,
            }
            .render(area, buf);
        }
    }

    fn render_popup(&self, popup: &ReplayPopup, area: Rect, buf: &mut Buffer) {
        let (r, theme) = (self.replay, self.theme);
        let def = r.game.variant();
        match popup {
            ReplayPopup::Help { scroll } => {
                keys_popup("Replay keys", REPLAY_KEYS, *scroll, theme).render(area, buf)
            }
            ReplayPopup::Rules { scroll } => rules_popup(def, *scroll, theme).render(area, buf),
            ReplayPopup::Jump { text } => InputPopup {
                title: "Go to ply",
                help: &format!("0 to {} · Enter goes · Esc cancels", r.len()),
                line: Some(text),
                theme,
            }
            .render(area, buf),
            ReplayPopup::Branch(offer) => offer.popup.widget(theme).render(area, buf),
            ReplayPopup::Move { text } => InputPopup {
                title: "Play a move",
                help: "SAN or coordinates (Nf3, g1f3) · Enter plays · Esc cancels",
                line: Some(text),
                theme,
            }
            .render(area, buf),
            ReplayPopup::Comment { text } => InputPopup {
                title: "Comment on the move shown",
                help: "Enter keeps it (empty: none) · Esc cancels",
                line: Some(text),
                theme,
            }
            .render(area, buf),
            ReplayPopup::ConfirmDelete => InputPopup {
                title: "Delete this variation?",
                help: "y deletes it and all that hangs on it · any other key keeps it",
                line: None,
                theme,
            }
            .render(area, buf),
            ReplayPopup::Unsaved { .. } => InputPopup {
                title: "The variations and comments are not saved",
                help: "e exports them as PGN and leaves · q leaves without them · Esc stays",
                line: None,
                theme,
            }
            .render(area, buf),
            ReplayPopup::Games { cursor } => {
                if let Some(games) = &r.games {
                    GameListPopup {
                        games,
                        file: &file_name(r.path.as_deref()),
                        cursor: *cursor,
                        theme,
                    }
                    .render(area, buf)
                }
            }
        }
    }
}

/// The name of the file replayed, for the title.
fn file_name(path: Option<&std::path::Path>) -> String {
    path.and_then(|p| p.file_name())
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default()
}

impl Widget for ReplayPage<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (r, theme) = (self.replay, self.theme);
        let lay = r.layout((area.width, area.height));
        let (game, ply) = r.shown_game();
        let (Some(pos), Some(facts)) = (game.position_at(ply), self.facts.as_deref()) else {
            return;
        };
        let mut name = file_name(r.path.as_deref());
        if let Some(games) = &r.games {
            name.push_str(&format!(" ({})", games.position_text()));
        }
        Paragraph::new(Line::from(vec![
            Span::styled(" Motley replay ", theme.title()),
            Span::raw(format!("· {} · {name}", game.variant().name)),
        ]))
        .render(lay.title, buf);
        // The analysis may take a board size for its graph.
        let analysis = r.analysis_layout(&lay);
        if let Some(geom) = analysis.board {
            let mut marks = facts.marks.clone();
            if r.off.is_none() {
                let best = r.review.best_at(game, r.ply);
                marks.best = best.as_ref().map(action_squares).unwrap_or_default();
            }
            marks.selected = r.selected;
            if r.board_cursor.is_some() {
                marks.cursor = r.board_cursor;
            }
            draw_marked_board(buf, geom, pos, &marks, &facts.look, theme);
        }
        self.render_analysis(&analysis, analysis.board, buf);
        if let Some(panel) = self.side_panel() {
            panel.render(analysis.side, buf);
        }
        if let Some(m) = &r.view.message {
            render_message(message_lines(m, area.width, theme), lay.message, buf);
        }
        KeyBar {
            hints: &r.hints(),
            theme,
        }
        .render(lay.hints, buf);
        if let Some(popup) = &r.view.popup {
            self.render_popup(popup, area, buf);
        }
    }
}

/// A finished analysis in a line: the marks of each side.
fn summary_words(analysis: &GameAnalysis) -> String {
    let [w, b] = &analysis.summary;
    format!(
        "analysed; ?!/?/??: White {}/{}/{}, Black {}/{}/{}",
        w.inaccuracies, w.mistakes, w.blunders, b.inaccuracies, b.mistakes, b.blunders
    )
}

/// What keeping `analysis` in the record at `path` came to, after its
/// summary.
fn stored(path: &Path, analysis: &GameAnalysis, result: Result<(), StoreError>) -> Message {
    let summary = summary_words(analysis);
    match result {
        Ok(()) => {
            let file = path.file_name().map_or(path.display().to_string(), |f| {
                f.to_string_lossy().to_string()
            });
            Message::info(format!("{summary}; stored in {file}"))
        }
        Err(why) => Message::error(format!("{summary}; analysis not stored: {why}")),
    }
}
