//! The replay viewer: step through a saved game with the play screen's
//! board and panels, jump to a ply, autoplay, analyse the game in the
//! background (evaluation bar, best move, marks, graph; the finished
//! analysis is kept in the record), play moves that make a tree of
//! variations with comments (kept in the record's `annotations`: with
//! the analysis, the only changes the viewer makes to the file; the
//! game's moves never change), copy or export the game as the play
//! screen does, choose among the games of a file that holds several, and
//! branch a new game from any ply (a game in progress with a record of its
//! own, with the players and the clock offered; the original is never
//! written).
//!
//! This module holds the viewer's state and opens it; input becomes a
//! [`ReplayAction`] ([`keys`], carried out in [`input`] and [`popups`]),
//! the tree is edited in [`editing`], the engines' work is in [`analysis`]
//! ([`review`] and [`lines`] keep what they found) and drawing is the
//! [`ReplayPage`] widget ([`page`]).

mod analysis;
mod analysis_view;
mod autoplay;
mod branch;
mod editing;
mod file_games;
mod input;
mod keys;
mod lines;
mod page;
mod popups;
mod review;

pub use crate::tui::jobs::EngineLines;
pub use keys::REPLAY_KEYS;
pub use popups::ReplayPopup;

use super::base::{AppEvent, Ctx, Message, Nav, ReplayStart};
use super::move_list::MoveList;
use super::panels::PositionFacts;
use super::sharing::exported;
use super::tree_view::TreeRowsMemo;
use analysis::stored;
use autoplay::Autoplay;
use file_games::FileGames;
use keys::ReplayAction;
use lines::LiveLines;
use motley_game::variant::Registry;
use motley_game::Game;
use motley_records::tree::Cursor;
use motley_records::{GameTree, Players};
use motley_rules::core::grid::Spot;
use motley_rules::Outcome;
use motley_session::{load_game, load_nth, EditSlot, LoadError, LoadedGame, Written};
use review::Review;
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

/// A game being replayed: the file's game, the tree edited on it, and
/// where the viewer is in them and how it shows them.
pub struct ReplayState {
    /// The file's game and what the file says of it.
    file: FileGame,
    /// The variations and comments made here, and how far the file keeps
    /// them.
    edits: TreeEdits,
    /// How the viewer shows it, apart from the game.
    pub view: ReplayView,
    /// Plies shown (0 = start); in a variation, the game's ply it leaves.
    ply: usize,
    /// The position shown when it is in a variation.
    off: Option<OffLine>,
    /// Stepping on by itself.
    autoplay: Autoplay,
    /// The engine's analysis, stored or under way.
    review: Review,
    /// The live engine lines of the position shown.
    lines: LiveLines,
    /// Where the live lines are of.
    lines_at: Cursor,
    /// Start the live engine lines once the viewer shows (opened to
    /// analyse a position from the editor).
    lines_at_open: bool,
    /// The rules' facts of the position shown, as of the last event, and
    /// where they are of.
    shown: Option<PositionFacts>,
    shown_at: Cursor,
}

/// What the file gives: the game as far as it is valid, and what the file
/// says of it. The viewer never changes it (only the analysis board's
/// line, which no file holds, grows).
struct FileGame {
    /// The game as far as the file is valid.
    game: Game,
    path: Option<PathBuf>,
    /// What was wrong with the file, in words.
    error: Option<String>,
    /// Who played, as the file names them (a branch offers them).
    players: Option<Players>,
    /// The players' names, when the file gives them.
    names: Option<Players>,
    /// The date the file gives the game, and the PGN tags it keeps.
    date: Option<String>,
    tags: BTreeMap<String, String>,
    /// The games of the file, when it holds several.
    games: Option<FileGames>,
    /// How the game ended, if it has.
    outcome: Option<Outcome>,
    /// The game's move list.
    moves: MoveList,
}

/// The game's tree of variations and comments as edited here, and how far
/// the file keeps it.
struct TreeEdits {
    /// The game's variations and annotations.
    tree: GameTree,
    /// Edits to the tree not (yet) kept in the file.
    unsaved: bool,
    /// Writes of the tree asked for and not answered yet.
    storing: usize,
    /// The tree's edits so far: its rows are laid out again only when
    /// this changes.
    revision: u64,
    /// The tree's rows as last laid out.
    rows: TreeRowsMemo,
    /// The viewer's hold on the record its edits are kept in.
    slot: EditSlot,
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
    /// The square picked up on the board, to play a move from.
    pub selected: Option<Spot>,
    /// The board cursor, while it shows (Enter shows it; the arrows then
    /// move it instead of stepping through the game).
    pub board_cursor: Option<Spot>,
}

impl ReplayState {
    /// A viewer at the start of `game`.
    pub fn new(game: Game, path: Option<PathBuf>, error: Option<String>) -> ReplayState {
        let outcome = game.outcome();
        ReplayState {
            review: Review::new(game.ply()),
            shown: PositionFacts::of(&game, 0, outcome.is_some()),
            file: FileGame {
                moves: MoveList::of(&game),
                outcome,
                game,
                path,
                error,
                players: None,
                names: None,
                date: None,
                tags: BTreeMap::new(),
                games: None,
            },
            edits: TreeEdits {
                tree: GameTree::new(&[], &Default::default()),
                unsaved: false,
                storing: 0,
                revision: 0,
                rows: TreeRowsMemo::default(),
                slot: EditSlot::default(),
            },
            view: ReplayView::default(),
            ply: 0,
            off: None,
            autoplay: Autoplay::default(),
            lines: LiveLines::default(),
            lines_at: Cursor::main(0),
            lines_at_open: false,
            shown_at: Cursor::main(0),
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
        let moves: Vec<String> = self
            .file
            .game
            .actions()
            .iter()
            .map(|a| a.to_string())
            .collect();
        self.edits.tree = match tree {
            Some(t) if t.main_actions() == moves => t,
            _ => GameTree::new(&moves, &Default::default()),
        };
        self.edits.revision += 1;
        self.edits.slot = EditSlot::reading(&self.edits.tree);
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
        state.file.players = start.players;
        state.file.names = start.names;
        state.file.date = start.date;
        state.file.tags = start.tags;
        state.lines_at_open = start.live_lines;
        if let Some(games) = games {
            state.view.popup = Some(ReplayPopup::Games { cursor: 0 });
            state.view.message = Some(Message::info(format!(
                "the file holds {}: this is the first; o chooses another",
                games.count_text()
            )));
            state.file.games = Some(games);
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
        let Some(path) = self.file.path.clone() else {
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
                next.file.players = players;
                next.file.names = names;
                next.file.date = date;
                next.file.tags = tags;
                next.file.games = self
                    .file
                    .games
                    .take()
                    .map(|g| FileGames { shown: index, ..g });
                next.autoplay.speed = self.autoplay.speed;
                next.view.flipped = self.view.flipped;
                next.tell_notes(&notes);
                *self = next;
            }
            Err(why) => self.view.message = Some(Message::error(why.to_string())),
        }
    }

    /// Show the analysis the record stored, when it is of these moves.
    fn with_stored(mut self, stored: Option<serde_json::Value>) -> ReplayState {
        let (review, note) = Review::from_record(stored.as_ref(), &self.file.game);
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
        if self.edits.unsaved {
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
        self.edits.slot.refused().is_some()
    }

    /// How many times the tree's rows were laid out: once per edit (and
    /// width), never for moving about.
    pub fn tree_layouts(&self) -> u64 {
        self.edits.rows.layouts()
    }

    /// Plies in the game.
    pub fn len(&self) -> usize {
        self.file.game.ply()
    }

    /// The game has no actions.
    pub fn is_empty(&self) -> bool {
        self.file.game.ply() == 0
    }

    /// The period of the autoplay timer, when on.
    pub fn autoplay_interval(&self) -> Option<Duration> {
        self.autoplay.interval()
    }

    /// Autoplay is on (a click or a step stops it).
    pub fn is_autoplaying(&self) -> bool {
        self.autoplay.on
    }

    /// The file's game as far as it is valid: what the viewer replays.
    pub fn game(&self) -> &Game {
        &self.file.game
    }

    /// The game's ply shown (0 = start); in a variation, the ply of the
    /// game it leaves from.
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// What was wrong with the file, in words: the game is shown up to
    /// there.
    pub fn error(&self) -> Option<&str> {
        self.file.error.as_deref()
    }

    /// The games of the file, when it holds several to choose from.
    pub fn games(&self) -> Option<&FileGames> {
        self.file.games.as_ref()
    }

    /// The game's variations and comments, as edited here.
    pub fn tree(&self) -> &GameTree {
        &self.edits.tree
    }

    /// Edits to the tree the file does not keep (yet): leaving asks first.
    pub fn is_unsaved(&self) -> bool {
        self.edits.unsaved
    }

    /// The engine's analysis of the game, stored or under way.
    pub fn review(&self) -> &Review {
        &self.review
    }

    /// The live engine lines of the position shown.
    pub fn lines(&self) -> &LiveLines {
        &self.lines
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
            None => self.file.outcome.is_some(),
        };
        PositionFacts::of(game, ply, ended)
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
                if self.autoplay.on {
                    match self.edits.tree.forward(&self.cursor()) {
                        Some(next) => self.go(next),
                        None => self.autoplay.on = false,
                    }
                    self.autoplay.on =
                        self.autoplay.on && self.edits.tree.forward(&self.cursor()).is_some();
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
            | AppEvent::Hinted { .. }
            | AppEvent::Loaded { .. }
            | AppEvent::Seated { .. } => Nav::Stay,
        }
    }

    /// What a write came to: an export, or the analysis kept in the file
    /// shown.
    fn written(&mut self, written: Written) {
        match written {
            Written::Exported(result) => {
                // The exported PGN holds the tree as it stood.
                if result.is_ok() && self.edits.storing == 0 {
                    self.edits.unsaved = false;
                }
                self.view.message = Some(exported(&result));
            }
            Written::AnalysisStored {
                path,
                analysis,
                result,
            } if self.file.path.as_ref() == Some(&path) => {
                self.view.message = Some(stored(&path, &analysis, result));
            }
            Written::TreeStored { path, result } if self.file.path.as_ref() == Some(&path) => {
                self.tree_stored(result)
            }
            _ => {}
        }
    }
}
