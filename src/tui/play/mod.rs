//! The play screen: a game session ([`Session`]) and the screen's own
//! state ([`PlayView`]). Input becomes a [`PlayAction`] (or a popup's
//! answer), which this module carries out by calling the session and
//! updating the view; after every change to the game, [`PlayState::after`]
//! shows the result and starts the computer when it is its turn, and what
//! the screen shows of the game ([`PlayModel`]) is worked out again. The
//! writes the session asks for go to the runtime with every event's
//! requests, and what they came to comes back as an event. Looking back
//! at past positions is in [`past`], the mouse in [`mouse`], a popup's
//! answer in [`answers`], saving by name in [`saving`], drawing in
//! [`page`].

mod answers;
mod keys;
mod model;
mod mouse;
pub mod page;
mod past;
mod popups;
mod premove;
mod saving;
mod view;

pub use keys::{PlayAction, PLAY_KEYS};
pub use model::PlayModel;
pub use popups::{Exit, ListKind, Popup, PurchaseItem};
pub use premove::Premove;
pub use view::{PendingSave, PlayView};

use crate::tui::base::{AppEvent, Ctx, EditorStart, Message, Nav, PlayStart, Request};
use crate::tui::board::Spots;
use crate::tui::game_page::PageLayout;
use crate::tui::line_edit::{LineEdit, LineKey};
use crate::tui::picking::{self, Pick};
use crate::tui::settings::Settings;
use crate::tui::sharing::{share, Share, Shown};
use crate::tui::theme::Theme;
use crossterm::event::KeyEvent;
use motley_ai::PlayerSpec;
use motley_game::Game;
use motley_rules::core::grid::{GridSquare, Spot};
use motley_rules::core::{Action, Color, CoordText, Piece};
use motley_rules::Position;
use motley_session::{HintRefusal, NotYourTurn, Session, Settled};
use std::borrow::Cow;

/// A game on screen.
pub struct PlayState {
    pub session: Session,
    pub view: PlayView,
    /// What the screen shows of the game, as of the last change to it.
    model: PlayModel,
}

impl PlayState {
    /// A game between `players` (White, Black), nothing open.
    pub fn new(game: Game, players: [PlayerSpec; 2]) -> PlayState {
        PlayState::open(PlayStart::new(Session::new(game, players)))
    }

    /// The screen for a game another screen opened.
    pub fn open(start: PlayStart) -> PlayState {
        let view = PlayView {
            flip_toggle: start.flip_toggle,
            message: start.message,
            ..PlayView::default()
        };
        PlayState {
            model: PlayModel::of(&start.session, None),
            session: start.session,
            view,
        }
    }

    /// What the screen shows of the game: worked out after every change
    /// (see [`PlayState::handle`]); worked out afresh should the game have
    /// changed behind the screen's back.
    pub fn model(&self) -> Cow<'_, PlayModel> {
        let past = self.view.past;
        if self.model.holds_for(&self.session) && self.model.shows(past) {
            Cow::Borrowed(&self.model)
        } else {
            Cow::Owned(PlayModel::of(&self.session, past))
        }
    }

    /// Work out what the screen shows again if the game changed, or the
    /// position looked at did.
    fn refresh(&mut self) {
        if self
            .view
            .past
            .is_some_and(|p| p >= self.session.game().ply())
        {
            // Taken back past the position looked at: the live one shows.
            self.view.past = None;
        }
        if !self.model.holds_for(&self.session) {
            self.model = PlayModel::of(&self.session, self.view.past);
        } else if !self.model.shows(self.view.past) {
            self.model.look_at(&self.session, self.view.past);
        }
    }

    /// The squares marked as targets: where the selected piece can move,
    /// or where the piece being placed can go.
    pub fn targets(&self) -> Spots {
        self.model().targets(&self.view)
    }

    /// Board orientation: the person to move at the bottom in hot-seat
    /// games, the person's side against a computer, then the `f` toggle.
    pub fn flipped(&self, settings: &Settings) -> bool {
        let human = |c: Color| self.session.player(c) == PlayerSpec::Human;
        let base = settings.auto_flip
            && match (human(Color::White), human(Color::Black)) {
                (true, true) => self.session.game().position().turn() == Color::Black,
                (false, true) => true,
                _ => false,
            };
        base ^ self.view.flip_toggle
    }

    /// Where everything is drawn (and clicked) on a screen of `size`.
    pub fn layout(&self, size: (u16, u16), settings: &Settings) -> PageLayout {
        let flipped = self.flipped(settings);
        page::layout(&self.session, &self.model(), &self.view, size, flipped)
    }

    /// The screen's widget.
    pub fn page<'a>(&'a self, settings: &Settings, theme: &'a Theme) -> page::PlayPage<'a> {
        page::PlayPage {
            control: &self.session,
            model: self.model(),
            view: &self.view,
            flipped: self.flipped(settings),
            theme,
            now: settings.session.time.now(),
        }
    }

    /// A game was just opened: settle it (dice, a computer to move).
    pub fn settle(&mut self, ctx: &mut Ctx) {
        self.session.follow_settings(&ctx.settings.session);
        let settled = self.session.settle();
        self.after(settled, ctx);
        self.refresh();
        self.hand_over_writes(ctx);
    }

    /// The writes the session asked for go to the runtime.
    fn hand_over_writes(&mut self, ctx: &mut Ctx) {
        let writes = self.session.take_writes();
        let queued = writes.into_iter().map(|w| Request::Write(Box::new(w)));
        ctx.requests.extend(queued);
    }

    /// After every change to the game: show the result when the game has
    /// just ended, else start the computer when it is its turn (not while
    /// a popup is open).
    fn after(&mut self, settled: Settled, ctx: &mut Ctx) {
        match settled {
            Settled::Ended => {
                self.view.drop_selection();
                self.view.premove = None;
                self.view.popup = Some(popups::game_over(&self.session));
            }
            Settled::StillOver => {
                self.view.drop_selection();
                self.view.premove = None;
            }
            Settled::Ongoing if self.view.popup.is_none() => match self.session.computer_job() {
                Some(job) => ctx.requests.push(Request::Think(Box::new(job))),
                None => self.play_premove(ctx),
            },
            Settled::Ongoing => {}
        }
    }

    /// The game just ended without a move (a resignation, an agreement, a
    /// flag): the ending replaces the message, which spoke of what came
    /// before.
    fn say_ending(&mut self) {
        let game = self.session.game();
        if let Some(o) = game.outcome() {
            let text = crate::tui::panels::describe_outcome(game.position(), &o);
            self.view.say(text);
        }
    }

    /// Leaving the screen: stop the computer, and ask for the game to be
    /// kept a last time and its record put where it belongs (the session
    /// holds the writes until taken).
    pub fn close(&mut self, settings: &Settings) {
        self.session.follow_settings(&settings.session);
        self.session.close()
    }

    /// Leave for `exit`, asking first when actions would be lost.
    fn leave(&mut self, exit: Exit) -> Nav {
        if self.session.has_unsaved_actions() {
            self.view.prompt = None;
            let problem = self.session.save_problem().map(|e| e.to_string());
            self.view.popup = Some(popups::unsaved(exit, problem.as_deref()));
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

    /// The move prompt or the save prompt is open: Ctrl and Alt chords
    /// are its editing keys then.
    pub fn takes_text(&self) -> bool {
        self.view.prompt.is_some() || matches!(self.view.popup, Some(Popup::SaveAs { .. }))
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

    /// Handle one event, the session reading the run's settings as they
    /// stand; then work out what the screen shows again if the game
    /// changed, and hand the writes it leads to to the runtime.
    pub fn handle(&mut self, event: AppEvent, ctx: &mut Ctx) -> Nav {
        self.session.follow_settings(&ctx.settings.session);
        let nav = self.react(event, ctx);
        self.refresh();
        self.hand_over_writes(ctx);
        nav
    }

    fn react(&mut self, event: AppEvent, ctx: &mut Ctx) -> Nav {
        match event {
            AppEvent::Thought { generation, action } => {
                let before = self.session.game().ply();
                let answer = self.session.take_thought(generation, action);
                if let Some((settled, problem)) = answer {
                    match problem {
                        None if self.view.past.is_some() => self.say_new_moves(before),
                        None => self.view.list_scroll = 0,
                        Some(p) => self.view.refuse(p.to_string()),
                    }
                    self.after(settled, ctx);
                }
                Nav::Stay
            }
            AppEvent::EngineFailed { generation, error } => {
                let failure = self.session.take_engine_failure(generation);
                if let Some((settled, side)) = failure {
                    let name = self.session.side_name(side);
                    self.view.refuse(format!("{error}: {name} loses"));
                    self.after(settled, ctx);
                }
                Nav::Stay
            }
            AppEvent::Written(written) => self.written(*written),
            AppEvent::Thinking {
                generation,
                progress,
            } => {
                self.session.take_progress(generation, *progress);
                Nav::Stay
            }
            AppEvent::Hinted { generation, action } => {
                self.take_hint(generation, action);
                Nav::Stay
            }
            AppEvent::Key(k) => self.on_key(k, ctx),
            AppEvent::Mouse(m) => self.on_mouse(m, ctx),
            AppEvent::Tick => {
                if let Some(settled) = self.session.tick() {
                    if settled == Settled::Ended {
                        self.say_ending();
                    }
                    self.after(settled, ctx);
                }
                Nav::Stay
            }
            AppEvent::Resize(..)
            | AppEvent::ConfigKept(_)
            | AppEvent::Lines { .. }
            | AppEvent::Analysed { .. }
            | AppEvent::AnalysisDone { .. }
            | AppEvent::Loaded { .. }
            | AppEvent::Seated { .. } => Nav::Stay,
        }
    }

    fn on_key(&mut self, k: KeyEvent, ctx: &mut Ctx) -> Nav {
        if let Some(popup) = self.view.popup.take() {
            return self.on_popup_key(popup, k, ctx);
        }
        if let Some(line) = &mut self.view.prompt {
            match line.key(k, |t, _| t.chars().count() < 40) {
                LineKey::Cancel => self.view.prompt = None,
                LineKey::Submit => {
                    let t = line.text().trim().to_string();
                    self.view.prompt = None;
                    self.submit(&t, ctx);
                }
                LineKey::Edit => {}
            }
            return Nav::Stay;
        }
        let action = {
            let model = self.model();
            keys::action_for_key(k.code, |w| model.holds(w, &self.session))
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
                if !self.cancel_premove() {
                    self.view.drop_selection();
                    self.view.message = None;
                }
            }
            A::OpenPrompt => match self.session.game().outcome() {
                Some(_) => self
                    .view
                    .refuse("the game is over: no more moves (n: rematch, s: save, q: leave)"),
                None => self.view.prompt = Some(LineEdit::new()),
            },
            A::Undo => self.undo(ctx),
            A::Redo => self.redo(ctx),
            A::Flip => self.view.flip_toggle = !self.view.flip_toggle,
            A::OpenSave => self.open_save(None),
            A::Help => self.view.popup = Some(Popup::Help { scroll: 0 }),
            A::Rules => self.view.popup = Some(Popup::Rules { scroll: 0 }),
            A::Leave => return self.leave(Exit::Leave),
            A::Quit => return self.quit_key(),
            A::Resign => self.ask_resign(),
            A::Offer => self.offer(ctx),
            A::MoveNow => {
                if self.session.move_now() {
                    self.view.say("asked the computer to move now");
                } else {
                    self.view.refuse("no computer is thinking");
                }
            }
            A::Hint => self.ask_hint(ctx),
            A::Buy => self.open_purchases(),
            A::Drop => self.open_drops(),
            A::Pass => self.pass(ctx),
            A::NextGame => return self.leave(Exit::NextGame),
            A::ShowResult => self.view.popup = Some(popups::game_over(&self.session)),
            A::ScrollMoves(d) => {
                self.view.list_scroll = self.view.list_scroll.saturating_add_signed(d.into())
            }
            A::StepBack => self.step_back(),
            A::StepForward => self.step_forward(),
            A::ToFirst => self.look_at_first(),
            A::ToLive => self.back_to_live(),
            A::Share(what) => self.share(what, ctx),
            A::Edit => return self.edit(),
            A::Unbound(c) => self.view.refuse(format!(
                "'{c}' is not a key here; press ? for the list of keys"
            )),
        }
        Nav::Stay
    }

    /// `E`: the position shown (live or past) in the position editor; the
    /// game is left as `q` leaves it, so one that could not be saved is
    /// refused (save it first).
    fn edit(&mut self) -> Nav {
        if self.session.has_unsaved_actions() {
            self.view
                .refuse("the game could not be kept: save it (s) before editing its position");
            return Nav::Stay;
        }
        let game = self.session.game();
        if let Err(e) = game.variant().editable() {
            self.view.refuse(e.to_string());
            return Nav::Stay;
        }
        let position = self.shown_position();
        Nav::Edit(Box::new(EditorStart::of(game.variant().clone(), position)))
    }

    /// The position on the board: a past one while looking back, else
    /// the live one.
    fn shown_position(&self) -> &motley_rules::AnyPosition {
        let game = self.session.game();
        self.view
            .past
            .and_then(|ply| game.position_at(ply))
            .unwrap_or(game.position())
    }

    /// `y`, `Y`, `e`: copy the position shown (live or past) or the game,
    /// or export the game.
    fn share(&mut self, what: Share, ctx: &mut Ctx) {
        let game = self.session.game();
        let position = self.shown_position();
        let shown = Shown {
            position,
            plies: game.ply(),
            variant: &game.variant().id,
            pgn: || self.session.pgn(),
        };
        let settings = self.session.settings();
        self.view.message = Some(share(what, shown, settings, ctx.requests));
    }

    /// `H`: search for a hint in the background.
    fn ask_hint(&mut self, ctx: &mut Ctx) {
        if let Some(h) = self.session.hint() {
            // Shown already for this position: not counted again.
            let name = self.session.side_name(h.side);
            let text = format!("hint for {name}: {} (shown already)", h.san);
            return self.view.say(text);
        }
        match self.session.hint_job() {
            Ok(job) => {
                self.view.say("looking for a hint…");
                ctx.requests.push(Request::Hint(Box::new(job)));
            }
            Err(why) => self.view.refuse(hint_refusal_words(why)),
        }
    }

    /// A hint arrived: name it (it is highlighted on the board).
    fn take_hint(&mut self, generation: u64, action: Option<Action>) {
        match self.session.take_hint(generation, action) {
            Some(Ok(hint)) => {
                let side = hint.side;
                let used = self.session.hints_used()[side.index()];
                let times = if used == 1 { "hint" } else { "hints" };
                let name = self.session.side_name(side);
                self.view.say(format!(
                    "hint for {name}: {} ({used} {times} used by {name})",
                    hint.san
                ));
            }
            Some(Err(why)) => self.view.refuse(hint_refusal_words(why)),
            None => {}
        }
    }

    fn move_cursor(&mut self, dx: i8, dy: i8, settings: &Settings) {
        let (df, dr) = if self.flipped(settings) {
            (-dx, dy)
        } else {
            (dx, -dy)
        };
        let (files, ranks) = self.session.game().position().board_size();
        let next = self.view.cursor.offset(df, dr);
        if let Some(sq) = next.filter(|s| s.file() < files as i8 && s.rank() < ranks as i8) {
            self.view.cursor = sq;
        }
    }

    /// Play a legal action chosen by a person.
    fn play(&mut self, action: Action, ctx: &mut Ctx) {
        match self.session.play(action) {
            Ok(settled) => {
                self.view.played();
                self.after(settled, ctx);
            }
            Err(e) => self.view.refuse(e.to_string()),
        }
    }

    /// Play typed text from the `:` prompt.
    fn submit(&mut self, text: &str, ctx: &mut Ctx) {
        if text.is_empty() {
            return;
        }
        if let Some(why) = self.session.not_your_turn() {
            return match self.premover() {
                Some(side) => self.type_premove(side, text),
                None => self.view.refuse(not_your_turn_words(why)),
            };
        }
        match self.session.play_text(text) {
            Ok(settled) => {
                self.view.played();
                self.after(settled, ctx);
            }
            Err(e) => self.view.refuse(e.to_string()),
        }
    }

    /// Pick up / put down on a square (Enter, Space or a click).
    fn pick(&mut self, sq: Spot, ctx: &mut Ctx) {
        if let Some(why) = self.session.not_your_turn() {
            return match self.premover() {
                Some(side) => self.pick_premove(side, sq),
                None => self.view.refuse(not_your_turn_words(why)),
            };
        }
        let game = self.session.game();
        let legal = game.legal_actions();
        let picked = picking::pick(
            game.position(),
            &legal,
            self.view.selected,
            self.view.placing,
            sq,
        );
        match picked {
            Pick::Select(sq) => {
                self.view.selected = Some(sq);
                self.view.message = None;
            }
            Pick::Deselect => {
                self.view.selected = None;
                self.view.message = None;
            }
            Pick::Play(a) => self.play(a, ctx),
            Pick::Choose(candidates) => {
                let popup = popups::candidates(self.session.game().position(), &candidates);
                self.view.popup = Some(popup);
            }
            Pick::Refuse(why) => self.view.refuse(why.to_string()),
        }
    }

    fn undo(&mut self, ctx: &mut Ctx) {
        self.view.drop_selection();
        self.view.premove = None;
        let (undone, settled) = self.session.undo();
        if undone {
            self.view.popup = None;
            self.view.say("took back");
        } else if self.session.flag_fallen() {
            self.view
                .refuse("time ran out: a game lost on time cannot be taken back");
        } else {
            self.view
                .refuse("nothing to undo: this is the start of the game");
        }
        self.after(settled, ctx);
    }

    fn redo(&mut self, ctx: &mut Ctx) {
        match self.session.redo() {
            Some(settled) => {
                self.view.say("replayed");
                self.after(settled, ctx);
            }
            None => self.view.refuse("nothing to redo"),
        }
    }

    fn ask_resign(&mut self) {
        if self.session.game().outcome().is_some() {
            return self.view.refuse("the game is already over");
        }
        match self.session.human_side() {
            Some(side) => {
                let name = self.session.side_name(side);
                self.view.popup = Some(popups::resign(side, name))
            }
            None => self.view.refuse("only a person can resign"),
        }
    }

    fn offer(&mut self, ctx: &mut Ctx) {
        if self.session.game().outcome().is_some() {
            return self.view.refuse("the game is already over");
        }
        let Some(by) = self.session.human_side() else {
            return self.view.refuse("only a person can make an offer");
        };
        let other = by.other();
        let what = self.session.end_offer();
        let other_name = self.session.side_name(other);
        if self.session.player(other) == PlayerSpec::Human {
            self.view.popup = Some(popups::offer(by, what, self.session.side_names()));
        } else if self.session.computer_accepts(other) {
            let settled = self.session.agree();
            self.view
                .say(format!("{other_name} (computer) accepts {what}"));
            self.after(settled, ctx);
        } else {
            self.view
                .say(format!("{other_name} (computer) declines {what}"));
        }
    }

    fn open_purchases(&mut self) {
        if let Some(why) = self.session.not_your_turn() {
            return self.view.refuse(not_your_turn_words(why));
        }
        match popups::purchases(self.session.game()) {
            Ok(popup) => self.view.popup = Some(popup),
            Err(why) => self.view.refuse(why),
        }
    }

    /// `@`: the pieces in hand that may be dropped now.
    fn open_drops(&mut self) {
        if let Some(why) = self.session.not_your_turn() {
            return self.view.refuse(not_your_turn_words(why));
        }
        match popups::drops(self.session.game()) {
            Ok(popup) => self.view.popup = Some(popup),
            Err(why) => self.view.refuse(why),
        }
    }

    /// A piece of the hand picked (`@`, a click or a press on it in the
    /// side panel): its square comes next.
    fn start_drop(&mut self, piece: Piece) {
        let name = self.session.game().position().piece_name(piece.role);
        self.view.placing = Some(piece);
        self.view.selected = None;
        self.view.say(format!(
            "pick the square for the {name} from your hand (Enter, a click or a drag; Esc cancels)"
        ));
    }

    fn pass(&mut self, ctx: &mut Ctx) {
        if let Some(why) = self.session.not_your_turn() {
            return self.view.refuse(not_your_turn_words(why));
        }
        let game = self.session.game();
        let legal = game.legal_actions();
        if let Some(pass) = legal.iter().copied().find(Action::is_pass) {
            self.play(pass, ctx);
        } else {
            let why = game.position().why_illegal(&CoordText::Pass, &legal);
            self.view.refuse(why.to_string());
        }
    }

    /// A rematch, or the match's next game, on a new screen.
    fn next_game(&mut self) -> Nav {
        match self.session.next_game() {
            Ok(session) => {
                let [white, black] = session.players();
                let what = match session.match_score() {
                    Some(m) => format!("game {} of {}", m.played + 1, m.games),
                    None => "a rematch".to_string(),
                };
                let message = Message::info(format!(
                    "{what}, colours swapped: White {white}, Black {black}"
                ));
                Nav::Play(Box::new(PlayStart {
                    flip_toggle: self.view.flip_toggle,
                    message: Some(message),
                    ..PlayStart::new(session)
                }))
            }
            Err(e) => {
                self.view.refuse(format!("cannot start a new game: {e}"));
                Nav::Stay
            }
        }
    }
}

/// Why the person cannot act now, with the keys that help.
fn not_your_turn_words(why: NotYourTurn) -> String {
    match why {
        NotYourTurn::Over { .. } => format!("{why} (n: rematch, s: save, q: leave)"),
        NotYourTurn::ComputerToAct { .. } => format!("{why}; press m to make it move now"),
    }
}

/// Why no hint is given, in words.
fn hint_refusal_words(why: HintRefusal) -> String {
    match why {
        HintRefusal::NotYourTurn(why) => not_your_turn_words(why),
        other => other.to_string(),
    }
}
