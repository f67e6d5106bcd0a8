//! The play screen: a game controller ([`GameControl`]) and the screen's
//! own state ([`PlayView`]). Input becomes a [`PlayAction`] (or a popup's
//! answer), which this module carries out by calling the controller and
//! updating the view; after every change to the game, [`PlayState::after`]
//! shows the result and starts the computer when it is its turn, and what
//! the screen shows of the game ([`PlayModel`]) is worked out again.
//! Looking back at past positions is in [`past`], the mouse in [`mouse`],
//! drawing in [`page`].

mod keys;
mod model;
mod mouse;
pub mod page;
mod past;
mod popups;
mod view;

pub use keys::{PlayAction, PlayWhen, PLAY_KEYS};
pub use model::PlayModel;
pub use popups::{Exit, ListKind, Popup, PurchaseItem};
pub use view::{PlayView, Press};

use crate::ai::PlayerSpec;
use crate::core::{Action, Bitboard, Color, CoordText, Square};
use crate::game::Game;
use crate::rules::{IllegalReason, Position};
use crate::tui::base::{AppEvent, Ctx, Message, Nav, PlayStart, Request};
use crate::tui::control::{GameControl, Settled};
use crate::tui::game_page::{keys_popup, rules_popup, PageLayout};
use crate::tui::popup::{edit_line, scroll_key, LineKey, ListKey};
use crate::tui::settings::Settings;
use crate::tui::sharing::{share, Share, Shown};
use crate::tui::theme::Theme;
use crossterm::event::{KeyCode, KeyEvent};
use std::borrow::Cow;
use std::path::PathBuf;

/// A game on screen.
pub struct PlayState {
    pub control: GameControl,
    pub view: PlayView,
    /// What the screen shows of the game, as of the last change to it.
    model: PlayModel,
}

impl PlayState {
    /// A game between `players` (White, Black), nothing open.
    pub fn new(game: Game, players: [PlayerSpec; 2]) -> PlayState {
        PlayState::open(PlayStart::new(GameControl::new(game, players)))
    }

    /// The screen for a game another screen opened.
    pub fn open(start: PlayStart) -> PlayState {
        let view = PlayView {
            flip_toggle: start.flip_toggle,
            message: start.message,
            ..PlayView::default()
        };
        PlayState {
            model: PlayModel::of(&start.control, None),
            control: start.control,
            view,
        }
    }

    /// What the screen shows of the game: worked out after every change
    /// (see [`PlayState::handle`]); worked out afresh should the game have
    /// changed behind the screen's back.
    pub fn model(&self) -> Cow<'_, PlayModel> {
        let past = self.view.past;
        if self.model.holds_for(&self.control) && self.model.shows(past) {
            Cow::Borrowed(&self.model)
        } else {
            Cow::Owned(PlayModel::of(&self.control, past))
        }
    }

    /// Work out what the screen shows again if the game changed, or the
    /// position looked at did.
    fn refresh(&mut self) {
        if self
            .view
            .past
            .is_some_and(|p| p >= self.control.game().ply())
        {
            // Taken back past the position looked at: the live one shows.
            self.view.past = None;
        }
        if !self.model.holds_for(&self.control) {
            self.model = PlayModel::of(&self.control, self.view.past);
        } else if !self.model.shows(self.view.past) {
            self.model.look_at(&self.control, self.view.past);
        }
    }

    /// The squares marked as targets: where the selected piece can move,
    /// or where the piece being placed can go.
    pub fn targets(&self) -> Bitboard {
        self.model().targets(&self.view)
    }

    /// Board orientation: the person to move at the bottom in hot-seat
    /// games, the person's side against a computer, then the `f` toggle.
    pub fn flipped(&self, settings: &Settings) -> bool {
        let human = |c: Color| self.control.player(c) == PlayerSpec::Human;
        let base = settings.auto_flip
            && match (human(Color::White), human(Color::Black)) {
                (true, true) => self.control.game().position().turn() == Color::Black,
                (false, true) => true,
                _ => false,
            };
        base ^ self.view.flip_toggle
    }

    /// Where everything is drawn (and clicked) on a screen of `size`.
    pub fn layout(&self, size: (u16, u16), settings: &Settings) -> PageLayout {
        let flipped = self.flipped(settings);
        page::layout(&self.control, &self.model(), &self.view, size, flipped)
    }

    /// The screen's widget.
    pub fn page<'a>(&'a self, settings: &Settings, theme: &'a Theme) -> page::PlayPage<'a> {
        page::PlayPage {
            control: &self.control,
            model: self.model(),
            view: &self.view,
            flipped: self.flipped(settings),
            theme,
            now: settings.time.now(),
        }
    }

    /// A game was just opened: settle it (dice, a computer to move).
    pub fn settle(&mut self, ctx: &mut Ctx) {
        let settled = self.control.settle(ctx.settings);
        self.after(settled, ctx);
        self.refresh();
    }

    /// After every change to the game: show the result when the game has
    /// just ended, else start the computer when it is its turn (not while
    /// a popup is open).
    fn after(&mut self, settled: Settled, ctx: &mut Ctx) {
        match settled {
            Settled::Ended => {
                self.view.drop_selection();
                self.view.popup = Some(popups::game_over(&self.control));
            }
            Settled::StillOver => self.view.drop_selection(),
            Settled::Ongoing if self.view.popup.is_none() => {
                if let Some(job) = self.control.computer_job(ctx.settings) {
                    ctx.requests.push(Request::Think(Box::new(job)));
                }
            }
            Settled::Ongoing => {}
        }
    }

    /// The game just ended without a move (a resignation, an agreement, a
    /// flag): the ending replaces the message, which spoke of what came
    /// before.
    fn say_ending(&mut self) {
        let game = self.control.game();
        if let Some(o) = game.outcome() {
            let text = crate::tui::panels::describe_outcome(game.position(), &o);
            self.view.say(text);
        }
    }

    /// Leaving the screen: stop the computer, save a last time and put the
    /// game's record where it belongs; says where it is now, or what could
    /// not be done.
    pub fn close(&mut self, settings: &Settings) -> Result<Option<PathBuf>, String> {
        self.control.close(settings)
    }

    /// Leave for `exit`, asking first when actions would be lost.
    fn leave(&mut self, exit: Exit) -> Nav {
        if self.control.has_unsaved_actions() {
            self.view.prompt = None;
            self.view.popup = Some(popups::unsaved(exit, self.control.save_problem()));
            return Nav::Stay;
        }
        self.go(exit)
    }

    /// Go where `exit` says, now.
    fn go(&mut self, exit: Exit) -> Nav {
        match exit {
            Exit::Leave => Nav::Leave,
            Exit::Quit => Nav::Quit,
            Exit::NextGame => self.next_game(),
        }
    }

    /// Ctrl-C: a key in the terminal's raw mode, meaning "quit Motley" —
    /// after asking when actions would be lost; pressed again while asked,
    /// it quits without saving.
    pub fn quit_key(&mut self) -> Nav {
        if let Some(Popup::List {
            kind: ListKind::Unsaved(_),
            ..
        }) = &self.view.popup
        {
            return Nav::Quit;
        }
        self.view.popup = None;
        self.leave(Exit::Quit)
    }

    /// Handle one event, then work out what the screen shows again if the
    /// game changed.
    pub fn handle(&mut self, event: AppEvent, ctx: &mut Ctx) -> Nav {
        let nav = self.on_event(event, ctx);
        self.refresh();
        nav
    }

    fn on_event(&mut self, event: AppEvent, ctx: &mut Ctx) -> Nav {
        match event {
            AppEvent::Thought { generation, action } => {
                let before = self.control.game().ply();
                let answer = self.control.take_thought(generation, action, ctx.settings);
                if let Some((settled, problem)) = answer {
                    match problem {
                        None if self.view.past.is_some() => self.say_new_moves(before),
                        None => self.view.list_scroll = 0,
                        Some(p) => self.view.refuse(p),
                    }
                    self.after(settled, ctx);
                }
                Nav::Stay
            }
            AppEvent::EngineFailed {
                generation,
                message,
            } => {
                let failure = self
                    .control
                    .take_engine_failure(generation, &message, ctx.settings);
                if let Some((settled, problem)) = failure {
                    self.view.refuse(problem);
                    self.after(settled, ctx);
                }
                Nav::Stay
            }
            AppEvent::Thinking {
                generation,
                progress,
            } => {
                self.control.take_progress(generation, *progress);
                Nav::Stay
            }
            AppEvent::Hinted { generation, action } => {
                self.take_hint(generation, action);
                Nav::Stay
            }
            AppEvent::Key(k) => self.on_key(k, ctx),
            AppEvent::Mouse(m) => self.on_mouse(m, ctx),
            AppEvent::Tick => {
                if let Some(settled) = self.control.tick(ctx.settings) {
                    if settled == Settled::Ended {
                        self.say_ending();
                    }
                    self.after(settled, ctx);
                }
                Nav::Stay
            }
            AppEvent::Resize(..) | AppEvent::Analysed { .. } | AppEvent::AnalysisDone { .. } => {
                Nav::Stay
            }
        }
    }

    fn on_key(&mut self, k: KeyEvent, ctx: &mut Ctx) -> Nav {
        if let Some(popup) = self.view.popup.take() {
            return self.on_popup_key(popup, k.code, ctx);
        }
        if let Some(text) = &mut self.view.prompt {
            match edit_line(text, k.code, |t, _| t.chars().count() < 40) {
                LineKey::Cancel => self.view.prompt = None,
                LineKey::Submit => {
                    let t = text.trim().to_string();
                    self.view.prompt = None;
                    self.submit(&t, ctx);
                }
                LineKey::Edit => {}
            }
            return Nav::Stay;
        }
        let action = {
            let model = self.model();
            keys::action_for_key(k.code, |w| model.holds(w, &self.control))
        };
        match action {
            Some(action) => self.update(action, ctx),
            None => Nav::Stay,
        }
    }

    /// Carry out an action.
    fn update(&mut self, action: PlayAction, ctx: &mut Ctx) -> Nav {
        use PlayAction as A;
        if action.acts_on_live() {
            self.leave_past();
        }
        match action {
            A::MoveCursor(dx, dy) => self.move_cursor(dx, dy, ctx.settings),
            A::PickAtCursor => self.pick(self.view.cursor, ctx),
            A::Clear => {
                self.view.drop_selection();
                self.view.message = None;
            }
            A::OpenPrompt => match self.control.game().outcome() {
                Some(_) => self
                    .view
                    .refuse("the game is over: no more moves (n: rematch, s: save, q: leave)"),
                None => self.view.prompt = Some(String::new()),
            },
            A::Undo => self.undo(ctx),
            A::Redo => self.redo(ctx),
            A::Flip => self.view.flip_toggle = !self.view.flip_toggle,
            A::OpenSave => self.open_save(ctx.settings, None),
            A::Help => self.view.popup = Some(Popup::Help { scroll: 0 }),
            A::Rules => self.view.popup = Some(Popup::Rules { scroll: 0 }),
            A::Leave => return self.leave(Exit::Leave),
            A::Quit => return self.quit_key(),
            A::Resign => self.ask_resign(),
            A::Offer => self.offer(ctx),
            A::MoveNow => {
                if self.control.move_now() {
                    self.view.say("asked the computer to move now");
                } else {
                    self.view.refuse("no computer is thinking");
                }
            }
            A::Hint => self.ask_hint(ctx),
            A::Buy => self.open_purchases(),
            A::Pass => self.pass(ctx),
            A::NextGame => return self.leave(Exit::NextGame),
            A::ShowResult => self.view.popup = Some(popups::game_over(&self.control)),
            A::ScrollMoves(d) => {
                self.view.list_scroll = self.view.list_scroll.saturating_add_signed(d.into())
            }
            A::StepBack => self.step_back(),
            A::StepForward => self.step_forward(),
            A::ToFirst => self.look_at_first(),
            A::ToLive => self.back_to_live(),
            A::Share(what) => self.share(what, ctx),
            A::Unbound(c) => self.view.refuse(format!(
                "'{c}' is not a key here; press ? for the list of keys"
            )),
        }
        Nav::Stay
    }

    /// `y`, `Y`, `e`: copy the position shown (live or past) or the game,
    /// or export the game.
    fn share(&mut self, what: Share, ctx: &mut Ctx) {
        let game = self.control.game();
        let position = self
            .view
            .past
            .and_then(|ply| game.position_at(ply))
            .unwrap_or(game.position());
        let shown = Shown {
            position,
            plies: game.ply(),
            variant: &game.variant().id,
            pgn: || self.control.pgn(),
        };
        self.view.message = Some(share(what, shown, ctx.settings, ctx.requests));
    }

    /// `H`: search for a hint in the background.
    fn ask_hint(&mut self, ctx: &mut Ctx) {
        if let Some(h) = self.control.hint() {
            // Shown already for this position: not counted again.
            let name = self.control.side_name(h.side);
            let text = format!("hint for {name}: {} (shown already)", h.san);
            return self.view.say(text);
        }
        match self.control.hint_job(ctx.settings) {
            Ok(job) => {
                self.view.say("looking for a hint…");
                ctx.requests.push(Request::Hint(Box::new(job)));
            }
            Err(why) => self.view.refuse(why),
        }
    }

    /// A hint arrived: name it (it is highlighted on the board).
    fn take_hint(&mut self, generation: u64, action: Option<Action>) {
        match self.control.take_hint(generation, action) {
            Some(Ok(hint)) => {
                let side = hint.side;
                let used = self.control.hints_used()[side.index()];
                let times = if used == 1 { "hint" } else { "hints" };
                let name = self.control.side_name(side);
                self.view.say(format!(
                    "hint for {name}: {} ({used} {times} used by {name})",
                    hint.san
                ));
            }
            Some(Err(why)) => self.view.refuse(why),
            None => {}
        }
    }

    fn move_cursor(&mut self, dx: i8, dy: i8, settings: &Settings) {
        let (df, dr) = if self.flipped(settings) {
            (-dx, dy)
        } else {
            (dx, -dy)
        };
        if let Some(sq) = self.view.cursor.offset(df, dr) {
            self.view.cursor = sq;
        }
    }

    /// Play a legal action chosen by a person.
    fn play(&mut self, action: Action, ctx: &mut Ctx) {
        match self.control.play(action, ctx.settings) {
            Ok(settled) => {
                self.view.played();
                self.after(settled, ctx);
            }
            Err(e) => self.view.refuse(e),
        }
    }

    /// Play typed text from the `:` prompt.
    fn submit(&mut self, text: &str, ctx: &mut Ctx) {
        if text.is_empty() {
            return;
        }
        if let Some(why) = self.control.not_your_turn() {
            return self.view.refuse(why);
        }
        match self.control.play_text(text, ctx.settings) {
            Ok(settled) => {
                self.view.played();
                self.after(settled, ctx);
            }
            Err(e) => self.view.refuse(e),
        }
    }

    /// Pick up / put down on a square (Enter, Space or a click).
    fn pick(&mut self, sq: Square, ctx: &mut Ctx) {
        if let Some(why) = self.control.not_your_turn() {
            return self.view.refuse(why);
        }
        let game = self.control.game();
        let legal = game.legal_actions();
        let pos = game.position();
        if let Some(piece) = self.view.placing {
            let a = Action::Place(piece, sq);
            if legal.contains(&a) {
                return self.play(a, ctx);
            }
            let why = pos.why_illegal(&CoordText::Place(piece, sq), &legal);
            return self.view.refuse(why.to_string());
        }
        let moves_from = |from: Square| -> Vec<Action> {
            legal
                .iter()
                .filter(|a| matches!(a, Action::Move(m) if m.from == from))
                .copied()
                .collect()
        };
        let plain_move = |from: Square, to: Square| CoordText::Move {
            from,
            to,
            promotion: None,
            in_place: false,
        };
        let Some(from) = self.view.selected else {
            if pos.board().piece_at(sq).is_none() {
                let why = IllegalReason::NoPiece { square: sq };
                return self.view.refuse(why.to_string());
            }
            if moves_from(sq).is_empty() {
                let why = pos.why_illegal(&plain_move(sq, sq), &legal);
                return self.view.refuse(why.to_string());
            }
            self.view.selected = Some(sq);
            self.view.message = None;
            return;
        };
        if from == sq {
            self.view.selected = None;
            self.view.message = None;
            return;
        }
        let candidates: Vec<Action> = moves_from(from)
            .into_iter()
            .filter(|a| matches!(a, Action::Move(m) if m.to == sq))
            .collect();
        if candidates.is_empty() {
            // Picking another of one's own movable pieces reselects.
            if pos.board().color_at(sq) == Some(pos.turn()) && !moves_from(sq).is_empty() {
                self.view.selected = Some(sq);
                self.view.message = None;
                return;
            }
            let why = pos.why_illegal(&plain_move(from, sq), &legal);
            return self.view.refuse(why.to_string());
        }
        match candidates.as_slice() {
            [c] => {
                let c = *c;
                self.play(c, ctx)
            }
            _ => self.view.popup = Some(popups::candidates(&candidates)),
        }
    }

    fn undo(&mut self, ctx: &mut Ctx) {
        self.view.drop_selection();
        let (undone, settled) = self.control.undo(ctx.settings);
        if undone {
            self.view.popup = None;
            self.view.say("took back");
        } else if self.control.flag_fallen() {
            self.view
                .refuse("time ran out: a game lost on time cannot be taken back");
        } else {
            self.view
                .refuse("nothing to undo: this is the start of the game");
        }
        self.after(settled, ctx);
    }

    fn redo(&mut self, ctx: &mut Ctx) {
        match self.control.redo(ctx.settings) {
            Some(settled) => {
                self.view.say("replayed");
                self.after(settled, ctx);
            }
            None => self.view.refuse("nothing to redo"),
        }
    }

    /// The save prompt with a suggested file; `then` is where to go once
    /// saved.
    fn open_save(&mut self, settings: &Settings, then: Option<Exit>) {
        let path = self.control.suggested_save_path(settings);
        self.view.popup = Some(Popup::SaveAs {
            text: path.map(|p| p.display().to_string()).unwrap_or_default(),
            then,
        });
    }

    /// The save prompt's Enter: save, after asking before replacing a
    /// file.
    fn submit_save(&mut self, text: String, then: Option<Exit>) -> Nav {
        if text.trim().is_empty() {
            self.view.refuse("type a file name to save to");
            self.view.popup = Some(Popup::SaveAs { text, then });
            return Nav::Stay;
        }
        match self.control.save_target(&text) {
            Err(e) => {
                self.view.refuse(e);
                self.view.popup = Some(Popup::SaveAs { text, then });
                Nav::Stay
            }
            Ok((path, true)) => {
                self.view.popup = Some(popups::replace(path, text, then));
                Nav::Stay
            }
            Ok((path, false)) => self.save_then(path, text, then),
        }
    }

    /// Save to `path`, then go on to `then`; on failure the prompt stays
    /// open with what was typed, and the message says why.
    fn save_then(&mut self, path: PathBuf, typed: String, then: Option<Exit>) -> Nav {
        match self.control.save_to(path) {
            Ok(said) => {
                self.view.say(said);
                match then {
                    Some(exit) => self.go(exit),
                    None => Nav::Stay,
                }
            }
            Err(e) => {
                self.view.refuse(e);
                self.view.popup = Some(Popup::SaveAs { text: typed, then });
                Nav::Stay
            }
        }
    }

    fn ask_resign(&mut self) {
        if self.control.game().outcome().is_some() {
            return self.view.refuse("the game is already over");
        }
        match self.control.human_side() {
            Some(side) => {
                let name = self.control.side_name(side);
                self.view.popup = Some(popups::resign(side, name))
            }
            None => self.view.refuse("only a person can resign"),
        }
    }

    fn offer(&mut self, ctx: &mut Ctx) {
        if self.control.game().outcome().is_some() {
            return self.view.refuse("the game is already over");
        }
        let Some(by) = self.control.human_side() else {
            return self.view.refuse("only a person can make an offer");
        };
        let other = by.other();
        let what = self.control.end_offer();
        let other_name = self.control.side_name(other);
        if self.control.player(other) == PlayerSpec::Human {
            self.view.popup = Some(popups::offer(by, what, self.control.side_names()));
        } else if self.control.computer_accepts(other) {
            let settled = self.control.agree(ctx.settings);
            self.view
                .say(format!("{other_name} (computer) accepts {what}"));
            self.after(settled, ctx);
        } else {
            self.view
                .say(format!("{other_name} (computer) declines {what}"));
        }
    }

    fn open_purchases(&mut self) {
        if let Some(why) = self.control.not_your_turn() {
            return self.view.refuse(why);
        }
        match popups::purchases(self.control.game()) {
            Ok(popup) => self.view.popup = Some(popup),
            Err(why) => self.view.refuse(why),
        }
    }

    fn pass(&mut self, ctx: &mut Ctx) {
        if let Some(why) = self.control.not_your_turn() {
            return self.view.refuse(why);
        }
        let game = self.control.game();
        let legal = game.legal_actions();
        if legal.contains(&Action::Pass) {
            self.play(Action::Pass, ctx);
        } else {
            let why = game.position().why_illegal(&CoordText::Pass, &legal);
            self.view.refuse(why.to_string());
        }
    }

    /// A rematch, or the match's next game, on a new screen.
    fn next_game(&mut self) -> Nav {
        match self.control.next_game() {
            Ok(control) => {
                let [white, black] = control.players();
                let what = match control.match_score() {
                    Some(m) => format!("game {} of {}", m.played + 1, m.games),
                    None => "a rematch".to_string(),
                };
                let message = Message::info(format!(
                    "{what}, colours swapped: White {white}, Black {black}"
                ));
                Nav::Play(Box::new(PlayStart {
                    flip_toggle: self.view.flip_toggle,
                    message: Some(message),
                    ..PlayStart::new(control)
                }))
            }
            Err(e) => {
                self.view.refuse(e);
                Nav::Stay
            }
        }
    }

    /// A key while a popup is open (taken out of the view: it goes back
    /// unless the key closes it).
    fn on_popup_key(&mut self, popup: Popup, code: KeyCode, ctx: &mut Ctx) -> Nav {
        match popup {
            Popup::Help { scroll } => {
                let last = keys_popup("Keys", PLAY_KEYS, 0, ctx.theme).last_scroll(ctx.size);
                let scroll = scroll_key(scroll, code).map(|s| s.min(last));
                self.view.popup = scroll.map(|scroll| Popup::Help { scroll });
            }
            Popup::Rules { scroll } => {
                let def = self.control.game().variant();
                let last = rules_popup(def, 0, ctx.theme).last_scroll(ctx.size);
                let scroll = scroll_key(scroll, code).map(|s| s.min(last));
                self.view.popup = scroll.map(|scroll| Popup::Rules { scroll });
            }
            Popup::SaveAs { mut text, then } => match edit_line(&mut text, code, |_, _| true) {
                LineKey::Cancel => self.view.say("not saved"),
                LineKey::Submit => return self.submit_save(text, then),
                LineKey::Edit => self.view.popup = Some(Popup::SaveAs { text, then }),
            },
            Popup::List { kind, mut list } => match list.key(code) {
                ListKey::Chosen(i) => return self.choose(kind, i, ctx),
                ListKey::Closed => match kind {
                    ListKind::Offer { .. } => self.view.say("offer declined"),
                    ListKind::Replace { typed, then, .. } => {
                        self.view.popup = Some(Popup::SaveAs { text: typed, then });
                    }
                    _ => {}
                },
                ListKey::Stay => self.view.popup = Some(Popup::List { kind, list }),
                ListKey::NotAChoice(c) => {
                    self.view.refuse(format!("'{c}' is not one of the choices"));
                    self.view.popup = Some(Popup::List { kind, list });
                }
            },
        }
        Nav::Stay
    }

    /// Option `i` of a list popup was chosen (the popup is closed).
    fn choose(&mut self, kind: ListKind, i: usize, ctx: &mut Ctx) -> Nav {
        match kind {
            ListKind::Candidates(actions) => {
                if let Some(a) = actions.get(i) {
                    self.play(*a, ctx);
                }
            }
            ListKind::Purchases(items) => match items.get(i) {
                Some(PurchaseItem::Act(a)) => self.play(*a, ctx),
                Some(PurchaseItem::Place(p)) => {
                    self.view.placing = Some(*p);
                    self.view.selected = None;
                    self.view.say(format!(
                        "pick the square for the {} (Enter or click; Esc cancels)",
                        p.role.name()
                    ));
                }
                None => {}
            },
            ListKind::Resign(side) if i == 0 => {
                let settled = self.control.resign(side, ctx.settings);
                self.say_ending();
                self.after(settled, ctx);
            }
            ListKind::Offer { .. } if i == 0 => {
                let settled = self.control.agree(ctx.settings);
                self.say_ending();
                self.after(settled, ctx);
            }
            ListKind::Offer { by } => {
                let name = self.control.side_name(by.other());
                self.view.say(format!("{name} declines"))
            }
            ListKind::Resign(_) => {}
            ListKind::GameOver => match i {
                0 => self.open_save(ctx.settings, None),
                1 => return self.leave(Exit::NextGame),
                2 => return self.leave(Exit::Leave),
                _ => {}
            },
            ListKind::Unsaved(exit) => match i {
                0 => self.open_save(ctx.settings, Some(exit)),
                1 => return self.go(exit),
                _ => {}
            },
            ListKind::Replace { path, then, .. } if i == 0 => {
                let typed = path.display().to_string();
                return self.save_then(path, typed, then);
            }
            ListKind::Replace { typed, then, .. } => {
                self.view.popup = Some(Popup::SaveAs { text: typed, then });
            }
        }
        Nav::Stay
    }
}
