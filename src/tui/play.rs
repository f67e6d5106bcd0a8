//! The play screen's state and input handling: cursor and selection, the
//! move prompt, popups (promotion and other choices, purchases, offers,
//! save, help, rules, game over), undo/redo, and the computer players'
//! turns. Drawing is in `play_view`.

use super::app::{AppEvent, Ctx, Nav, Request, Settings, ThinkJob};
use super::panels;
use super::play_view::{self, PlayLayout};
use super::popup::ListPopup;
use super::store;
use crate::ai::{PlayerSpec, ThinkSettings};
use crate::core::{Action, Bitboard, Color, CoordText, MoveKind, Piece, Role, Square};
use crate::game::Game;
use crate::rules::{Describe, Position};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A line under the board: what happened or why an input was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub text: String,
    pub error: bool,
}

/// A computer player at work.
#[derive(Clone, Debug)]
pub struct Thinking {
    pub generation: u64,
    pub stop: Arc<AtomicBool>,
}

/// Several games in a row with alternating colours (in variants that carry
/// something from one game to the next).
#[derive(Clone, Debug, PartialEq)]
pub struct MatchInfo {
    pub games: u32,
    /// Games finished so far.
    pub played: u32,
    /// Points of the player who had White in game 1, and of the other.
    pub points: [f32; 2],
    /// Colours are swapped relative to game 1.
    pub swapped: bool,
}

/// What a list popup is choosing.
#[derive(Clone, Debug, PartialEq)]
pub enum ListKind {
    /// Several legal actions share a from/to (promotion, capture in place).
    Candidates(Vec<Action>),
    /// Purchases: an action, or "place this piece" (then a square).
    Purchases(Vec<PurchaseItem>),
    /// Resign as this side? (y/n)
    Resign(Color),
    /// The other side offered a draw (or to end the game); accept? (y/n)
    Offer { by: Color },
    /// The game is over: save, rematch / next game, leave, look at the board.
    GameOver,
}

/// One entry of the purchase popup.
#[derive(Clone, Debug, PartialEq)]
pub enum PurchaseItem {
    Act(Action),
    Place(Piece),
}

/// The popup over the play screen.
#[derive(Clone, Debug, PartialEq)]
pub enum Popup {
    Help { scroll: u16 },
    Rules { scroll: u16 },
    List { kind: ListKind, list: ListPopup },
    SaveAs { text: String },
}

/// A game on screen.
pub struct PlayState {
    pub game: Game,
    /// Players by colour index (White, Black).
    pub players: [PlayerSpec; 2],
    pub cursor: Square,
    pub selected: Option<Square>,
    /// A bought placement waiting for its square.
    pub placing: Option<Piece>,
    /// The `f` key's extra flip on top of the automatic orientation.
    pub flip_toggle: bool,
    pub popup: Option<Popup>,
    /// The `:` prompt's text while it is open.
    pub prompt: Option<String>,
    pub message: Option<Message>,
    pub thinking: Option<Thinking>,
    /// Bumped whenever the game changes under a computer's feet.
    pub generation: u64,
    /// Move-list lines scrolled up from the newest.
    pub list_scroll: u16,
    /// Where `s` saves by default (the loaded or last saved file).
    pub save_path: Option<PathBuf>,
    pub match_info: Option<MatchInfo>,
    /// The game-over popup was shown for the current ending.
    pub over_shown: bool,
    /// Something was played or taken back on this screen: from then on the
    /// autosave follows this game (opening a game, even a finished one,
    /// leaves another unfinished game's autosave alone).
    pub touched: bool,
}

/// Player names for saves.
fn player_names(players: &[PlayerSpec; 2]) -> (String, String) {
    (players[0].to_string(), players[1].to_string())
}

impl PlayState {
    /// A game on screen, cursor on the first player's king side.
    pub fn new(game: Game, players: [PlayerSpec; 2]) -> PlayState {
        let cursor = Square::new_unchecked(12); // e2
        PlayState {
            game,
            players,
            cursor,
            selected: None,
            placing: None,
            flip_toggle: false,
            popup: None,
            prompt: None,
            message: None,
            thinking: None,
            generation: 0,
            list_scroll: 0,
            save_path: None,
            match_info: None,
            over_shown: false,
            touched: false,
        }
    }

    /// The player of a side.
    pub fn player(&self, side: Color) -> PlayerSpec {
        self.players[side.index()]
    }

    /// The side that acts now is a person (and the game goes on).
    pub fn human_to_act(&self) -> bool {
        self.game.outcome().is_none()
            && !self.game.position().is_chance()
            && self.player(self.game.position().turn()) == PlayerSpec::Human
    }

    /// Board orientation: the person to move at the bottom in hot-seat
    /// games, the person's side against a computer, then the `f` toggle.
    pub fn flipped(&self, settings: &Settings) -> bool {
        let human = |c: Color| self.player(c) == PlayerSpec::Human;
        let base = if settings.auto_flip {
            match (human(Color::White), human(Color::Black)) {
                (true, true) => self.game.position().turn() == Color::Black,
                (false, true) => true,
                _ => false,
            }
        } else {
            false
        };
        base ^ self.flip_toggle
    }

    fn say(&mut self, text: impl Into<String>) {
        self.message = Some(Message {
            text: text.into(),
            error: false,
        });
    }

    fn refuse(&mut self, text: impl Into<String>) {
        self.message = Some(Message {
            text: text.into(),
            error: true,
        });
    }

    /// Stop the computer and forget its pending answer.
    fn cancel_thinking(&mut self) {
        if let Some(t) = self.thinking.take() {
            t.stop.store(true, Ordering::Relaxed);
        }
        self.generation += 1;
    }

    /// Closing the screen: stop thinking and keep (or clear) the autosave.
    pub fn close(&mut self, settings: &Settings) {
        self.cancel_thinking();
        self.autosave(settings);
    }

    fn autosave(&self, settings: &Settings) {
        let Some(path) = &settings.autosave else {
            return;
        };
        if !self.touched {
            return;
        }
        if self.game.outcome().is_some() || self.game.ply() == 0 {
            store::clear(path);
        } else {
            let (w, b) = player_names(&self.players);
            // A failed autosave must not interrupt play; the next action
            // tries again.
            let _ = store::save(path, &self.game, (&w, &b));
        }
    }

    /// After any change: roll due dice, autosave, show the game-over popup,
    /// and start a computer player if it is its turn.
    pub fn settle(&mut self, ctx: &mut Ctx) {
        for _ in 0..64 {
            if self.game.roll_dice().is_none() {
                break;
            }
        }
        self.autosave(ctx.settings);
        match self.game.outcome() {
            Some(o) => {
                self.selected = None;
                self.placing = None;
                if !self.over_shown {
                    self.over_shown = true;
                    self.cancel_thinking();
                    let text = panels::describe_outcome(self.game.position(), &o);
                    self.popup = Some(self.game_over_popup(&text));
                }
            }
            None => {
                self.over_shown = false;
                let side = self.game.position().turn();
                let spec = self.player(side);
                if spec != PlayerSpec::Human && self.thinking.is_none() && self.popup.is_none() {
                    self.generation += 1;
                    let stop = Arc::new(AtomicBool::new(false));
                    let history = self.game.repetition_history();
                    ctx.requests.push(Request::Think(ThinkJob {
                        generation: self.generation,
                        position: self.game.position().clone(),
                        history,
                        spec,
                        settings: ThinkSettings {
                            movetime: ctx.settings.movetime,
                            seed: self.game.seed() ^ self.game.ply() as u64,
                        },
                        stop: stop.clone(),
                    }));
                    self.thinking = Some(Thinking {
                        generation: self.generation,
                        stop,
                    });
                }
            }
        }
    }

    fn game_over_popup(&self, describe: &str) -> Popup {
        let next = match &self.match_info {
            Some(m) if m.played + 1 < m.games => {
                format!("next game of the match ({} of {})", m.played + 2, m.games)
            }
            _ => "rematch".to_string(),
        };
        let mut text = vec![describe.to_string()];
        if let Some(m) = &self.match_info {
            let mut p = m.points;
            self.add_result(&mut p);
            text.push(format!(
                "Match after {} of {}: {} – {}",
                m.played + 1,
                m.games,
                p[0],
                p[1]
            ));
        }
        Popup::List {
            kind: ListKind::GameOver,
            list: ListPopup::new(
                "Game over",
                text,
                vec![
                    ('s', "save the game".to_string()),
                    ('n', next),
                    ('q', "leave".to_string()),
                    ('v', "view the board (Esc)".to_string()),
                ],
            ),
        }
    }

    /// Add this game's result to match points (player of game 1's White first).
    fn add_result(&self, points: &mut [f32; 2]) {
        let Some(m) = &self.match_info else { return };
        let Some(o) = self.game.outcome() else { return };
        let first = if m.swapped {
            Color::Black
        } else {
            Color::White
        };
        match o.winner {
            Some(w) if w == first => points[0] += 1.0,
            Some(_) => points[1] += 1.0,
            None => {
                points[0] += 0.5;
                points[1] += 0.5;
            }
        }
    }

    /// Apply a legal action chosen by a person.
    fn play_action(&mut self, action: Action, ctx: &mut Ctx) {
        match self.game.play(action) {
            Ok(()) => {
                self.touched = true;
                self.selected = None;
                self.placing = None;
                self.list_scroll = 0;
                self.message = None;
                self.settle(ctx);
            }
            Err(e) => self.refuse(e.to_string()),
        }
    }

    /// Handle one event.
    pub fn handle(&mut self, event: AppEvent, ctx: &mut Ctx) -> Nav {
        match event {
            AppEvent::Thought { generation, action } => {
                if self.thinking.as_ref().map(|t| t.generation) == Some(generation) {
                    self.thinking = None;
                    match action {
                        Some(a) => {
                            if let Err(e) = self.game.play(a) {
                                self.refuse(format!("the computer's move failed: {e}"));
                            } else {
                                self.touched = true;
                                self.list_scroll = 0;
                            }
                        }
                        None => self.refuse("the computer found no move"),
                    }
                    self.settle(ctx);
                }
                Nav::Stay
            }
            AppEvent::Key(k) => self.on_key(k, ctx),
            AppEvent::Mouse(m) => self.on_mouse(m, ctx),
            AppEvent::Resize(..) | AppEvent::Tick => Nav::Stay,
        }
    }

    fn layout(&self, ctx: &Ctx) -> PlayLayout {
        play_view::layout(self, ctx.size, self.flipped(ctx.settings))
    }

    fn on_mouse(&mut self, m: MouseEvent, ctx: &mut Ctx) -> Nav {
        match m.kind {
            MouseEventKind::Down(MouseButton::Left) => {}
            MouseEventKind::ScrollUp => {
                self.list_scroll = self.list_scroll.saturating_add(1);
                return Nav::Stay;
            }
            MouseEventKind::ScrollDown => {
                self.list_scroll = self.list_scroll.saturating_sub(1);
                return Nav::Stay;
            }
            _ => return Nav::Stay,
        }
        let area = ratatui::layout::Rect::new(0, 0, ctx.size.0, ctx.size.1);
        match &self.popup {
            Some(Popup::List { list, .. }) => {
                if let Some(i) = list.item_at(area, m.column, m.row) {
                    let key = list.items[i].0;
                    return self.on_key(KeyEvent::new(KeyCode::Char(key), KeyModifiers::NONE), ctx);
                }
                return Nav::Stay;
            }
            Some(Popup::Help { .. }) | Some(Popup::Rules { .. }) => {
                self.popup = None;
                return Nav::Stay;
            }
            Some(Popup::SaveAs { .. }) => return Nav::Stay,
            None => {}
        }
        let lay = self.layout(ctx);
        for (rect, code) in &lay.buttons {
            if rect.contains((m.column, m.row).into()) {
                return self.on_key(KeyEvent::new(*code, KeyModifiers::NONE), ctx);
            }
        }
        if let Some(sq) = lay.board.and_then(|g| g.square_at(m.column, m.row)) {
            if self.prompt.is_some() {
                self.prompt = None;
            }
            self.cursor = sq;
            self.pick(sq, ctx);
        }
        Nav::Stay
    }

    fn on_key(&mut self, k: KeyEvent, ctx: &mut Ctx) -> Nav {
        if self.popup.is_some() {
            return self.on_popup_key(k, ctx);
        }
        if let Some(text) = &mut self.prompt {
            match k.code {
                KeyCode::Esc => self.prompt = None,
                KeyCode::Enter => {
                    let t = text.trim().to_string();
                    self.prompt = None;
                    self.submit(&t, ctx);
                }
                KeyCode::Backspace => {
                    text.pop();
                }
                KeyCode::Char(c) if text.chars().count() < 40 => text.push(c),
                _ => {}
            }
            return Nav::Stay;
        }
        let over = self.game.outcome().is_some();
        match k.code {
            KeyCode::Left | KeyCode::Char('h') => self.move_cursor(-1, 0, ctx),
            KeyCode::Right | KeyCode::Char('l') => self.move_cursor(1, 0, ctx),
            KeyCode::Up | KeyCode::Char('k') => self.move_cursor(0, -1, ctx),
            KeyCode::Down | KeyCode::Char('j') => self.move_cursor(0, 1, ctx),
            KeyCode::Enter | KeyCode::Char(' ') => self.pick(self.cursor, ctx),
            KeyCode::Esc => {
                self.selected = None;
                self.placing = None;
                self.message = None;
            }
            KeyCode::Char(':') => {
                if over {
                    self.refuse("the game is over: no more moves (n: rematch, s: save, q: leave)");
                } else {
                    self.prompt = Some(String::new());
                }
            }
            KeyCode::Char('u') => self.undo(ctx),
            KeyCode::Char('r') => self.redo(ctx),
            KeyCode::Char('f') => self.flip_toggle = !self.flip_toggle,
            KeyCode::Char('s') => self.open_save(ctx),
            KeyCode::Char('?') => self.popup = Some(Popup::Help { scroll: 0 }),
            KeyCode::Char('i') => self.popup = Some(Popup::Rules { scroll: 0 }),
            KeyCode::Char('q') => return Nav::Leave,
            KeyCode::Char('R') => self.ask_resign(),
            KeyCode::Char('d') => self.offer(ctx),
            KeyCode::Char('m') => self.move_now(),
            KeyCode::Char('b') => self.open_purchases(),
            KeyCode::Char('p') => self.pass(ctx),
            KeyCode::Char('n') if over => return self.rematch(ctx),
            KeyCode::Char('g') if over => {
                let d = self
                    .game
                    .outcome()
                    .map(|o| panels::describe_outcome(self.game.position(), &o))
                    .unwrap_or_default();
                self.popup = Some(self.game_over_popup(&d));
            }
            KeyCode::PageUp => self.list_scroll = self.list_scroll.saturating_add(5),
            KeyCode::PageDown => self.list_scroll = self.list_scroll.saturating_sub(5),
            KeyCode::Char(c) => self.refuse(format!(
                "'{c}' is not a key here; press ? for the list of keys"
            )),
            _ => {}
        }
        Nav::Stay
    }

    fn move_cursor(&mut self, dx: i8, dy: i8, ctx: &Ctx) {
        let flipped = self.flipped(ctx.settings);
        let (df, dr) = if flipped { (-dx, dy) } else { (dx, -dy) };
        if let Some(sq) = self.cursor.offset(df, dr) {
            self.cursor = sq;
        }
    }

    /// Why the person cannot act now, if so.
    fn not_your_turn(&self) -> Option<String> {
        if let Some(o) = self.game.outcome() {
            return Some(format!(
                "the game is over: {} (n: rematch, s: save, q: leave)",
                panels::describe_outcome(self.game.position(), &o)
            ));
        }
        if !self.human_to_act() {
            return Some(format!(
                "{} (computer) is thinking; press m to make it move now",
                self.side_name(self.game.position().turn())
            ));
        }
        None
    }

    /// Pick up / put down on a square (Enter, Space or a click).
    pub fn pick(&mut self, sq: Square, ctx: &mut Ctx) {
        if let Some(why) = self.not_your_turn() {
            self.refuse(why);
            return;
        }
        let legal = self.game.legal_actions();
        let pos = self.game.position().clone();
        if let Some(piece) = self.placing {
            let a = Action::Place(piece, sq);
            if legal.contains(&a) {
                self.play_action(a, ctx);
            } else {
                self.refuse(pos.why_illegal(&CoordText::Place(piece, sq), &legal));
            }
            return;
        }
        let moves_from = |from: Square| -> Vec<Action> {
            legal
                .iter()
                .filter(|a| matches!(a, Action::Move(m) if m.from == from))
                .copied()
                .collect()
        };
        match self.selected {
            None => {
                let Some(piece) = pos.board().piece_at(sq) else {
                    self.refuse(format!("there is no piece on {sq}"));
                    return;
                };
                if moves_from(sq).is_empty() {
                    let why = pos.why_illegal(
                        &CoordText::Move {
                            from: sq,
                            to: sq,
                            promotion: None,
                            in_place: false,
                        },
                        &legal,
                    );
                    let _ = piece;
                    self.refuse(why);
                } else {
                    self.selected = Some(sq);
                    self.message = None;
                }
            }
            Some(from) if from == sq => {
                self.selected = None;
                self.message = None;
            }
            Some(from) => {
                let candidates: Vec<Action> = moves_from(from)
                    .into_iter()
                    .filter(|a| matches!(a, Action::Move(m) if m.to == sq))
                    .collect();
                if candidates.is_empty() {
                    // Picking another of one's own movable pieces reselects.
                    if pos.board().color_at(sq) == Some(pos.turn()) && !moves_from(sq).is_empty() {
                        self.selected = Some(sq);
                        self.message = None;
                        return;
                    }
                    self.refuse(pos.why_illegal(
                        &CoordText::Move {
                            from,
                            to: sq,
                            promotion: None,
                            in_place: false,
                        },
                        &legal,
                    ));
                    return;
                }
                if candidates.len() == 1 {
                    self.play_action(candidates[0], ctx);
                } else {
                    self.popup = Some(candidate_popup(&candidates));
                }
            }
        }
    }

    /// Play typed text from the `:` prompt.
    pub fn submit(&mut self, text: &str, ctx: &mut Ctx) {
        if text.is_empty() {
            return;
        }
        if let Some(why) = self.not_your_turn() {
            self.refuse(why);
            return;
        }
        match self.game.play_text(text) {
            Ok(_) => {
                self.touched = true;
                self.selected = None;
                self.placing = None;
                self.list_scroll = 0;
                self.message = None;
                self.settle(ctx);
            }
            Err(e) => {
                let name = self.game.variant().name.clone();
                self.refuse(format!("{name}: {e}"));
            }
        }
    }

    fn undo(&mut self, ctx: &mut Ctx) {
        self.cancel_thinking();
        self.selected = None;
        self.placing = None;
        let mut undone = false;
        while self.game.undo() {
            undone = true;
            let pos = self.game.position();
            if !pos.is_chance() && self.player(pos.turn()) == PlayerSpec::Human {
                break;
            }
        }
        if undone {
            self.touched = true;
            self.popup = None;
            self.say("took back");
        } else {
            self.refuse("nothing to undo: this is the start of the game");
        }
        self.settle(ctx);
    }

    fn redo(&mut self, ctx: &mut Ctx) {
        if !self.game.can_redo() {
            self.refuse("nothing to redo");
            return;
        }
        self.cancel_thinking();
        self.touched = true;
        while self.game.redo() {
            let pos = self.game.position();
            if self.game.outcome().is_some()
                || (!pos.is_chance() && self.player(pos.turn()) == PlayerSpec::Human)
            {
                break;
            }
        }
        self.say("replayed");
        self.settle(ctx);
    }

    fn open_save(&mut self, ctx: &Ctx) {
        let default = self.save_path.clone().or_else(|| {
            ctx.settings
                .saves_dir
                .as_ref()
                .map(|d| store::fresh_path(d, &self.game.variant().id))
        });
        self.popup = Some(Popup::SaveAs {
            text: default.map(|p| p.display().to_string()).unwrap_or_default(),
        });
    }

    /// Save to a path (the save prompt's Enter).
    pub fn save_to(&mut self, path: PathBuf) {
        let (w, b) = player_names(&self.players);
        match store::save(&path, &self.game, (&w, &b)) {
            Ok(()) => {
                self.say(format!("saved to {}", path.display()));
                self.save_path = Some(path);
            }
            Err(e) => self.refuse(format!("not saved: {e}")),
        }
    }

    /// The person acting (or the only person, against a computer).
    fn human_side(&self) -> Option<Color> {
        let turn = self.game.position().turn();
        if self.player(turn) == PlayerSpec::Human {
            Some(turn)
        } else if self.player(turn.other()) == PlayerSpec::Human {
            Some(turn.other())
        } else {
            None
        }
    }

    fn ask_resign(&mut self) {
        if self.game.outcome().is_some() {
            self.refuse("the game is already over");
            return;
        }
        let Some(side) = self.human_side() else {
            self.refuse("only a person can resign");
            return;
        };
        self.popup = Some(Popup::List {
            kind: ListKind::Resign(side),
            list: ListPopup::new(
                "Resign",
                vec![format!("{} resigns the game?", self.side_name(side))],
                vec![
                    ('y', "yes, resign".to_string()),
                    ('n', "no, play on".to_string()),
                ],
            ),
        });
    }

    /// The family's name of a side.
    fn side_name(&self, side: Color) -> &'static str {
        panels::side_name(self.game.position(), side)
    }

    fn offer(&mut self, ctx: &mut Ctx) {
        if self.game.outcome().is_some() {
            self.refuse("the game is already over");
            return;
        }
        let Some(by) = self.human_side() else {
            self.refuse("only a person can make an offer");
            return;
        };
        let other = by.other();
        let what = self.game.position().end_offer().describe();
        let (by_name, other_name) = (self.side_name(by), self.side_name(other));
        if self.player(other) != PlayerSpec::Human {
            if self.computer_accepts(other) {
                self.touched = true;
                self.cancel_thinking();
                self.game.agree();
                self.say(format!("{other_name} (computer) accepts {what}"));
                self.settle(ctx);
            } else {
                self.say(format!("{other_name} (computer) declines {what}"));
            }
            return;
        }
        self.popup = Some(Popup::List {
            kind: ListKind::Offer { by },
            list: ListPopup::new(
                "Offer",
                vec![
                    format!("{by_name} offers {what}."),
                    format!("{other_name}, do you accept?"),
                ],
                vec![('y', "accept".to_string()), ('n', "decline".to_string())],
            ),
        });
    }

    /// A computer accepts a scored end when not behind, a draw when its
    /// evaluation says it is clearly worse.
    pub fn computer_accepts(&self, computer: Color) -> bool {
        crate::ai::accepts_end_offer(self.game.position(), computer)
    }

    fn move_now(&mut self) {
        match &self.thinking {
            Some(t) => {
                t.stop.store(true, Ordering::Relaxed);
                self.say("asked the computer to move now");
            }
            None => self.refuse("no computer is thinking"),
        }
    }

    fn open_purchases(&mut self) {
        if let Some(why) = self.not_your_turn() {
            self.refuse(why);
            return;
        }
        let legal = self.game.legal_actions();
        let pos = self.game.position();
        // Buys as they are; placements one entry per piece (its square is
        // picked next), labelled by the rules with the item's price.
        let mut items: Vec<PurchaseItem> = Vec::new();
        let mut labels: Vec<String> = Vec::new();
        for a in &legal {
            let item = match a {
                Action::Buy(_) => PurchaseItem::Act(*a),
                Action::Place(p, _) if !items.contains(&PurchaseItem::Place(*p)) => {
                    PurchaseItem::Place(*p)
                }
                _ => continue,
            };
            let Some(words) = pos.describe_purchase(a) else {
                continue;
            };
            labels.push(match item {
                PurchaseItem::Place(_) => format!("{words}, then pick a square"),
                PurchaseItem::Act(_) => words,
            });
            items.push(item);
        }
        if items.is_empty() {
            self.refuse(if legal.iter().any(|a| matches!(a, Action::Move(_))) {
                "nothing can be bought now: purchases come before the main move and must be affordable"
            } else {
                "nothing can be bought in this variant"
            });
            return;
        }
        let keys = "123456789abcdefghijklmnopqrstuvwxyz";
        let labels: Vec<(char, String)> = keys.chars().zip(labels).collect();
        self.popup = Some(Popup::List {
            kind: ListKind::Purchases(items),
            list: ListPopup::new(
                "Buy",
                vec!["One purchase per turn, before the main move.".to_string()],
                labels,
            ),
        });
    }

    fn pass(&mut self, ctx: &mut Ctx) {
        if let Some(why) = self.not_your_turn() {
            self.refuse(why);
            return;
        }
        let legal = self.game.legal_actions();
        if legal.contains(&Action::Pass) {
            self.play_action(Action::Pass, ctx);
        } else {
            let why = self.game.position().why_illegal(&CoordText::Pass, &legal);
            self.refuse(why);
        }
    }

    fn rematch(&mut self, ctx: &mut Ctx) -> Nav {
        let seed = self.game.seed().wrapping_add(1);
        let in_match = self
            .match_info
            .as_ref()
            .is_some_and(|m| m.played + 1 < m.games);
        let next = if in_match {
            self.game.next_in_match(seed)
        } else {
            Game::new(self.game.variant().clone(), self.game.start_fen(), seed)
        };
        let game = match next {
            Ok(g) => g,
            Err(e) => {
                self.refuse(format!("cannot start a new game: {e}"));
                return Nav::Stay;
            }
        };
        let mut match_info = None;
        let mut players = self.players;
        if let Some(m) = &self.match_info {
            let mut m2 = m.clone();
            self.add_result(&mut m2.points);
            m2.played += 1;
            if in_match {
                players.swap(0, 1);
                m2.swapped = !m2.swapped;
                match_info = Some(m2);
            }
        }
        let _ = ctx;
        let mut p = PlayState::new(game, players);
        p.match_info = match_info;
        p.flip_toggle = self.flip_toggle;
        Nav::Play(Box::new(p))
    }

    fn on_popup_key(&mut self, k: KeyEvent, ctx: &mut Ctx) -> Nav {
        let Some(popup) = self.popup.take() else {
            return Nav::Stay;
        };
        match popup {
            Popup::Help { scroll } | Popup::Rules { scroll } => {
                let is_help = matches!(popup, Popup::Help { .. });
                let scroll = match k.code {
                    KeyCode::Up | KeyCode::Char('k') => scroll.saturating_sub(1),
                    KeyCode::Down | KeyCode::Char('j') => scroll.saturating_add(1),
                    KeyCode::PageUp => scroll.saturating_sub(10),
                    KeyCode::PageDown => scroll.saturating_add(10),
                    _ => return Nav::Stay, // any other key closes
                };
                self.popup = Some(if is_help {
                    Popup::Help { scroll }
                } else {
                    Popup::Rules { scroll }
                });
                Nav::Stay
            }
            Popup::SaveAs { mut text } => {
                match k.code {
                    KeyCode::Esc => self.say("not saved"),
                    KeyCode::Enter => {
                        let t = text.trim();
                        if t.is_empty() {
                            self.refuse("type a file name to save to");
                            self.popup = Some(Popup::SaveAs { text });
                        } else {
                            self.save_to(PathBuf::from(t));
                        }
                    }
                    KeyCode::Backspace => {
                        text.pop();
                        self.popup = Some(Popup::SaveAs { text });
                    }
                    KeyCode::Char(c) => {
                        text.push(c);
                        self.popup = Some(Popup::SaveAs { text });
                    }
                    _ => self.popup = Some(Popup::SaveAs { text }),
                }
                Nav::Stay
            }
            Popup::List { kind, mut list } => {
                let chosen = match k.code {
                    KeyCode::Up | KeyCode::Char('k') if list.item_for_key('k').is_none() => {
                        list.step(-1);
                        None
                    }
                    KeyCode::Down | KeyCode::Char('j') if list.item_for_key('j').is_none() => {
                        list.step(1);
                        None
                    }
                    KeyCode::Enter => Some(list.cursor),
                    KeyCode::Esc => {
                        if matches!(kind, ListKind::Offer { .. }) {
                            self.say("offer declined");
                        }
                        return Nav::Stay;
                    }
                    KeyCode::Char(c) => match list.item_for_key(c) {
                        Some(i) => Some(i),
                        None => {
                            self.refuse(format!("'{c}' is not one of the choices"));
                            None
                        }
                    },
                    _ => None,
                };
                match chosen {
                    None => {
                        self.popup = Some(Popup::List { kind, list });
                        Nav::Stay
                    }
                    Some(i) => self.choose(kind, i, ctx),
                }
            }
        }
    }

    fn choose(&mut self, kind: ListKind, i: usize, ctx: &mut Ctx) -> Nav {
        match kind {
            ListKind::Candidates(actions) => {
                if let Some(a) = actions.get(i) {
                    self.play_action(*a, ctx);
                }
            }
            ListKind::Purchases(items) => match items.get(i) {
                Some(PurchaseItem::Act(a)) => self.play_action(*a, ctx),
                Some(PurchaseItem::Place(p)) => {
                    self.placing = Some(*p);
                    self.selected = None;
                    self.say(format!(
                        "pick the square for the {} (Enter or click; Esc cancels)",
                        p.role.name()
                    ));
                }
                None => {}
            },
            ListKind::Resign(side) => {
                if i == 0 {
                    self.cancel_thinking();
                    self.touched = true;
                    self.game.resign(side);
                    self.settle(ctx);
                }
            }
            ListKind::Offer { by } => {
                if i == 0 {
                    self.touched = true;
                    self.game.agree();
                    self.settle(ctx);
                } else {
                    let name = self.side_name(by.other());
                    self.say(format!("{name} declines"));
                }
            }
            ListKind::GameOver => match i {
                0 => self.open_save(ctx),
                1 => return self.rematch(ctx),
                2 => return Nav::Leave,
                _ => {}
            },
        }
        Nav::Stay
    }

    /// Squares the selected piece can reach.
    pub fn destinations(&self) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        let Some(from) = self.selected else {
            return bb;
        };
        for a in self.game.legal_actions() {
            if let Action::Move(m) = a {
                if m.from == from {
                    bb.insert(m.to);
                }
            }
        }
        bb
    }
}

/// Popup to choose among actions sharing a from/to square pair.
fn candidate_popup(candidates: &[Action]) -> Popup {
    let mut items = Vec::new();
    let mut used = String::new();
    for (i, a) in candidates.iter().enumerate() {
        let (key, label) = match a {
            Action::Move(m) => match m.kind {
                MoveKind::Promotion(r) => (r.char(), format!("promote to {}", role_word(r))),
                MoveKind::CaptureInPlace => ('^', "capture in place (the queen stays)".to_string()),
                _ => ('x', format!("move to {}", m.to)),
            },
            other => ('1', other.to_string()),
        };
        let key = if used.contains(key) {
            char::from_digit(i as u32 + 1, 10).unwrap_or('?')
        } else {
            key
        };
        used.push(key);
        items.push((key, label));
    }
    let promotion = candidates
        .iter()
        .any(|a| matches!(a, Action::Move(m) if m.promotion().is_some()));
    Popup::List {
        kind: ListKind::Candidates(candidates.to_vec()),
        list: ListPopup::new(
            if promotion {
                "Promote to"
            } else {
                "Which move?"
            },
            Vec::new(),
            items,
        ),
    }
}

fn role_word(r: Role) -> &'static str {
    match r {
        Role::King => "king",
        Role::Queen => "queen",
        Role::Rook => "rook",
        Role::Bishop => "bishop",
        Role::Knight => "knight",
        Role::Pawn => "pawn",
    }
}
