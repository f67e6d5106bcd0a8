//! The position editor: set up a position of any variant on the play
//! screen's board — pieces from a palette (keys or mouse), side to move,
//! castling rights, the en-passant square and the family's own state
//! (scores, money, dice and prices, flipped pieces: whatever the family
//! keeps) — with the rules' problems shown live in words, then play on
//! from it, analyse it or copy it. The rules judge the position
//! ([`VariantDef::setup_problems`]); the editor only edits and words.
//! Input becomes an [`EditorAction`] ([`keys`]); drawing is the
//! [`page::EditorPage`] widget.

pub mod keys;
pub mod page;
pub mod words;

pub use keys::{EditorAction, EditorWhen, EDITOR_KEYS};

use super::base::{AppEvent, Ctx, EditorStart, Message, Nav, PlayStart, ReplayStart, Request};
use super::keymap::{self, KeyHint};
use super::popup::{scroll_key, ListKey, ListPopup};
use crate::tui::picking::square_of;
use crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use motley_ai::PlayerSpec;
use motley_game::variant::{DraftRefusal, VariantDef};
use motley_game::Game;
use motley_rules::core::{Bitboard, Color, Piece, Role, Square};
use motley_rules::setup::{CastlingRight, Draft, DraftState, SetupProblem};
use motley_rules::{AnyPosition, Position};
use motley_session::Session;
use std::sync::Arc;

/// The computer's level when the editor's game is played against it.
pub const COMPUTER_LEVEL: u8 = 3;

/// The editor's popups.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditorPopup {
    Help {
        scroll: u16,
    },
    Rules {
        scroll: u16,
    },
    /// Who plays the game from the position.
    Play(ListPopup),
}

/// One number of the family's state the editor can change.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Field {
    /// A side's score.
    Score(Color),
    /// A player's money.
    Money(Color),
    /// The first or second die (none: about to roll).
    Die(usize),
    /// A player's price of an item (index into the shop).
    Price(Color, usize),
}

/// The fields of a family's state, in the order Tab visits them.
pub fn fields(state: &DraftState) -> Vec<Field> {
    match state {
        DraftState::Scores(_) => Color::ALL.map(Field::Score).to_vec(),
        DraftState::Economy(e) => {
            let mut v: Vec<Field> = Color::ALL.map(Field::Money).to_vec();
            v.extend([Field::Die(0), Field::Die(1)]);
            for c in Color::ALL {
                v.extend((0..e.prices[0].len()).map(|i| Field::Price(c, i)));
            }
            v
        }
        DraftState::Plain | DraftState::Flips(_) => Vec::new(),
    }
}

/// The editor's state.
pub struct EditorState {
    /// The variant edited.
    pub variant: Arc<VariantDef>,
    /// The position as set up so far.
    pub draft: Draft,
    /// The square keys act on.
    pub cursor: Square,
    /// The palette's choice: a piece, or `None` for the empty square.
    pub selected: Option<Piece>,
    /// The family field `+`/`-` change (index into [`fields`]).
    pub field: usize,
    /// Black at the bottom.
    pub flipped: bool,
    /// The popup open over the editor.
    pub popup: Option<EditorPopup>,
    /// What the last key did, or why it was refused.
    pub message: Option<Message>,
    /// The rules' problems with the draft, as of the last edit.
    pub problems: Vec<SetupProblem>,
    /// The variant's own file is at fault (no position can be judged).
    pub variant_error: Option<String>,
    /// The variant's start, for how pieces look and are named.
    look: Option<AnyPosition>,
    /// The kinds the variant has, in its order (the rules say which):
    /// the palette's, and the letters that pick a piece.
    roles: Vec<Role>,
    /// `\` was typed: the next key is the editor's own, not a piece.
    escaped: bool,
}

impl EditorState {
    /// The editor on `start`.
    pub fn open(start: EditorStart) -> EditorState {
        let look = start.variant.position(None).ok();
        let roles = look.as_ref().map_or(Role::ALL.to_vec(), |p| p.roles());
        let first = match roles.first() {
            Some(&r) if !roles.contains(&Role::Pawn) => r,
            _ => Role::Pawn,
        };
        let (draft, variant_error) = match start.draft {
            Some(d) => (d, None),
            None => match start.variant.start_draft() {
                Ok(d) => (d, None),
                Err(e) => (
                    Draft::plain(motley_rules::core::Setup::standard()),
                    Some(e.to_string()),
                ),
            },
        };
        let mut state = EditorState {
            variant: start.variant,
            draft,
            // e2, beside most pieces of interest.
            cursor: Square::A1.offset(4, 1).unwrap_or(Square::A1),
            selected: Some(Piece::new(Color::White, first)),
            field: 0,
            flipped: false,
            popup: None,
            message: None,
            problems: Vec::new(),
            variant_error,
            look,
            roles,
            escaped: false,
        };
        state.judge();
        state
    }

    /// The variant's start position (how pieces look and are named).
    pub fn look(&self) -> Option<&AnyPosition> {
        self.look.as_ref()
    }

    /// The kinds the palette offers, in the variant's order.
    pub fn roles(&self) -> &[Role] {
        &self.roles
    }

    /// Ask the rules about the draft (after every edit).
    fn judge(&mut self) {
        self.variant.settle(&mut self.draft);
        match self.variant.setup_problems(&self.draft) {
            Ok(p) => self.problems = p,
            Err(e) => self.variant_error = Some(e.to_string()),
        }
    }

    /// Whether the moment `when` holds now.
    pub fn holds(&self, when: EditorWhen) -> bool {
        let fields = self.variant.setup_fields();
        match when {
            EditorWhen::Always => true,
            EditorWhen::Castling => fields.castling,
            EditorWhen::EnPassant => fields.en_passant,
            EditorWhen::State => !fields_of(&self.draft).is_empty(),
            EditorWhen::Flips => fields.flips,
        }
    }

    /// The key bar's keys in their order on screen; a key whose letter
    /// a piece of the variant takes is named with the `\` before it.
    pub fn hints(&self) -> Vec<KeyHint> {
        let mut hints = keymap::bar_hints(EDITOR_KEYS, |w| self.holds(w));
        for h in &mut hints {
            if let KeyCode::Char(c) = h.code {
                if self.piece_of_letter(c).is_some() {
                    h.key = keys::escaped_name(c).unwrap_or(h.key);
                }
            }
        }
        hints
    }

    /// How to type the action key `c`: `\` before it where a piece of
    /// the variant takes the letter.
    pub fn key_name(&self, c: char) -> String {
        if self.piece_of_letter(c).is_some() {
            format!("\\{c}")
        } else {
            c.to_string()
        }
    }

    /// The variant's piece `c` is the letter of, if it has one.
    fn piece_of_letter(&self, c: char) -> Option<Piece> {
        Piece::from_letter(c).filter(|p| self.roles.contains(&p.role))
    }

    /// The variant's piece letters, White's, in its order.
    fn letters(&self) -> String {
        let letters: Vec<String> = self
            .roles
            .iter()
            .map(|r| r.upper_char().to_string())
            .collect();
        letters.join(" ")
    }

    /// The field `+`/`-` change now, if the family has any.
    pub fn current_field(&self) -> Option<Field> {
        let all = fields_of(&self.draft);
        all.get(self.field % all.len().max(1)).copied()
    }

    /// Handle one event.
    pub fn handle(&mut self, event: AppEvent, ctx: &mut Ctx) -> Nav {
        match event {
            AppEvent::Key(k) => self.on_key(k, ctx),
            AppEvent::Mouse(m) => self.on_mouse(m, ctx),
            _ => Nav::Stay,
        }
    }

    fn on_key(&mut self, k: KeyEvent, ctx: &mut Ctx) -> Nav {
        if let Some(popup) = self.popup.take() {
            return self.on_popup_key(popup, k.code, ctx);
        }
        if std::mem::take(&mut self.escaped) {
            return self.on_table_key(k.code, ctx);
        }
        // A letter of the variant's pieces picks its piece before any
        // action the letter has (as k and q do in chess).
        if let Some(piece) = self.letter_piece(k.code) {
            return self.update(EditorAction::Pick(Some(piece)), ctx);
        }
        self.on_table_key(k.code, ctx)
    }

    /// The piece a typed letter picks in this variant.
    fn letter_piece(&self, code: KeyCode) -> Option<Piece> {
        match code {
            KeyCode::Char(c) => self.piece_of_letter(c),
            _ => None,
        }
    }

    /// A key as the key table reads it (a piece the variant lacks, or a
    /// key bound to nothing, refused in words).
    fn on_table_key(&mut self, code: KeyCode, ctx: &mut Ctx) -> Nav {
        match EditorAction::for_key(code, |w| self.holds(w)) {
            Some(EditorAction::Pick(Some(p))) if !self.roles.contains(&p.role) => {
                self.message = Some(self.no_such_piece(p.char()));
                Nav::Stay
            }
            Some(action) => self.update(action, ctx),
            None => {
                if let KeyCode::Char(c) = code {
                    // Pieces lettered otherwise than chess's six: a
                    // letter that picks none is most likely a piece meant.
                    let chess_six = self.roles.len() == Role::ALL.len()
                        && Role::ALL.iter().all(|r| self.roles.contains(r));
                    let own_letters = !chess_six;
                    self.message = Some(if let Some(p) = self.piece_of_letter(c) {
                        // After `\`: the letter has no action of its own.
                        Message::error(format!(
                            "'{c}' is no editor key (without \\ it picks {})",
                            self.piece_words(p)
                        ))
                    } else if own_letters && c.is_ascii_alphabetic() {
                        self.no_such_piece(c)
                    } else {
                        Message::error(format!(
                            "'{c}' is not a key here; press ? for the list of keys"
                        ))
                    });
                }
                Nav::Stay
            }
        }
    }

    /// A piece in words: its side's and the variant's names.
    pub fn piece_words(&self, piece: Piece) -> String {
        page::piece_words(self.look(), piece, self.side_names())
    }

    /// Why a letter picks no piece: the variant's letters named.
    fn no_such_piece(&self, c: char) -> Message {
        Message::error(format!(
            "'{c}' is no piece of {} nor a key here; its pieces are {} (lower case for {}); press ? for the keys",
            self.variant.name,
            self.letters(),
            self.side_names()[1],
        ))
    }

    fn on_mouse(&mut self, m: MouseEvent, ctx: &mut Ctx) -> Nav {
        let right = m.kind == MouseEventKind::Down(MouseButton::Right);
        if m.kind != MouseEventKind::Down(MouseButton::Left) && !right {
            return Nav::Stay;
        }
        // A click ends a `\` typed before it.
        self.escaped = false;
        if let Some(EditorPopup::Play(list)) = &self.popup {
            let area = ratatui::layout::Rect::new(0, 0, ctx.size.0, ctx.size.1);
            return match list.item_at(area, m.column, m.row) {
                Some(i) => {
                    let key = list.items[i].0;
                    self.on_key(KeyEvent::from(KeyCode::Char(key)), ctx)
                }
                None => Nav::Stay,
            };
        }
        if self.popup.is_some() {
            self.popup = None;
            return Nav::Stay;
        }
        let lay = page::EditorLayout::new(self, ctx.size);
        let at = lay.page.board.and_then(|g| g.square_at(m.column, m.row));
        if let Some(sq) = at.and_then(square_of) {
            self.cursor = sq;
            let piece = if right { None } else { self.selected };
            self.put(sq, piece);
            return Nav::Stay;
        }
        if right {
            return Nav::Stay;
        }
        if let Some(choice) = lay.palette_at(m.column, m.row) {
            self.selected = choice;
            self.message = None;
            return Nav::Stay;
        }
        match lay.page.button_at(m.column, m.row) {
            // The bar's action, even where a piece takes its letter.
            Some(code) => self.on_table_key(code, ctx),
            None => Nav::Stay,
        }
    }

    /// Put `piece` (or nothing) on `sq`.
    fn put(&mut self, sq: Square, piece: Option<Piece>) {
        let board = &mut self.draft.setup.board;
        board.clear(sq);
        if let Some(p) = piece {
            board.set(sq, p);
        }
        self.message = None;
        self.judge();
    }

    /// Carry out an action.
    fn update(&mut self, action: EditorAction, ctx: &mut Ctx) -> Nav {
        use EditorAction as A;
        self.message = None;
        match action {
            A::MoveCursor(dx, dy) => self.move_cursor(dx, dy),
            A::Place => self.put(self.cursor, self.selected),
            A::Remove => self.put(self.cursor, None),
            A::Pick(choice) => self.selected = choice,
            A::ClearBoard => {
                self.draft.setup.board = motley_rules::core::Board::empty();
                self.draft.setup.castling = 0;
                self.draft.setup.ep_square = None;
                if let DraftState::Flips(f) = &mut self.draft.state {
                    *f = Bitboard::EMPTY;
                }
                self.judge();
            }
            A::Reset => match self.variant.start_draft() {
                Ok(d) => {
                    self.draft = d;
                    self.judge();
                }
                Err(e) => self.message = Some(Message::error(e.to_string())),
            },
            A::ToggleTurn => {
                self.draft.setup.turn = self.draft.setup.turn.other();
                self.judge();
            }
            A::ToggleCastling(i) => {
                if let Some(right) = CastlingRight::ALL.get(i) {
                    self.draft.setup.castling ^= right.bit();
                    self.judge();
                }
            }
            A::ToggleEnPassant => {
                let ep = &mut self.draft.setup.ep_square;
                *ep = if *ep == Some(self.cursor) {
                    None
                } else {
                    Some(self.cursor)
                };
                self.judge();
            }
            A::FlipPiece => self.flip_piece(),
            A::NextField | A::PreviousField => {
                let n = fields_of(&self.draft).len().max(1);
                let step = if action == A::NextField { 1 } else { n - 1 };
                self.field = (self.field % n + step) % n;
            }
            A::Raise => self.change_field(true),
            A::Lower => self.change_field(false),
            A::Play => self.ask_players(),
            A::Analyse => return self.analyse(),
            A::CopyFen => self.copy(false, ctx),
            A::CopyRecord => self.copy(true, ctx),
            A::TurnBoard => self.flipped = !self.flipped,
            A::Help => self.popup = Some(EditorPopup::Help { scroll: 0 }),
            A::Escape => {
                self.escaped = true;
                self.message = Some(Message::info(
                    "\\: the next key is the editor's, even a letter a piece takes",
                ));
            }
            A::Rules => self.popup = Some(EditorPopup::Rules { scroll: 0 }),
            A::Leave => return Nav::Leave,
        }
        Nav::Stay
    }

    fn move_cursor(&mut self, dx: i8, dy: i8) {
        let (fx, fy) = if self.flipped { (-dx, dy) } else { (dx, -dy) };
        let file = (self.cursor.file() + fx).clamp(0, 7);
        let rank = (self.cursor.rank() + fy).clamp(0, 7);
        if let Some(sq) = Square::from_coords(file, rank) {
            self.cursor = sq;
        }
    }

    /// Chicken: flip the piece on the cursor (recolour it and mark it as
    /// flipped by the last move), or flip a flipped one back.
    fn flip_piece(&mut self) {
        let sq = self.cursor;
        let board = &mut self.draft.setup.board;
        let Some(color) = board.color_at(sq) else {
            self.message = Some(Message::error("no piece to flip on the cursor"));
            return;
        };
        board.recolor(sq, color.other());
        if let DraftState::Flips(f) = &mut self.draft.state {
            f.toggle(sq);
        }
        self.judge();
    }

    /// `+` / `-` on the field chosen.
    fn change_field(&mut self, up: bool) {
        let Some(field) = self.current_field() else {
            return;
        };
        let step = |v: u32| {
            if up {
                v.saturating_add(1)
            } else {
                v.saturating_sub(1)
            }
        };
        match (&mut self.draft.state, field) {
            (DraftState::Scores(s), Field::Score(c)) => s[c.index()] = step(s[c.index()]),
            (DraftState::Economy(e), Field::Money(c)) => {
                e.money[c.index()] = step(e.money[c.index()])
            }
            (DraftState::Economy(e), Field::Price(c, i)) => {
                if let Some(p) = e.prices[c.index()].get_mut(i) {
                    *p = step(*p);
                }
            }
            (DraftState::Economy(e), Field::Die(i)) => e.dice = step_die(e.dice, i, up),
            _ => {}
        }
        self.judge();
    }

    /// Why the action keys are refused now, if they are.
    fn refusal(&self, what: &str) -> Option<Message> {
        if let Some(e) = &self.variant_error {
            return Some(Message::error(format!("cannot {what}: {e}")));
        }
        let n = self.problems.len();
        (n > 0).then(|| {
            let first = words::problem(&self.problems[0], self.draft.setup.turn, self.side_names());
            let more = if n > 1 {
                format!(" (and {} more, listed at the right)", n - 1)
            } else {
                String::new()
            };
            Message::error(format!("cannot {what}: {first}{more}"))
        })
    }

    /// The family's names of the sides.
    pub fn side_names(&self) -> [&'static str; 2] {
        use motley_rules::Describe;
        self.look
            .as_ref()
            .map_or(["White", "Black"], |p| p.side_names())
    }

    /// A game from the draft, or why not in words.
    fn game(&self, what: &str) -> Result<Game, Message> {
        if let Some(m) = self.refusal(what) {
            return Err(m);
        }
        Game::from_draft(self.variant.clone(), &self.draft, Game::clock_seed()).map_err(|e| {
            Message::error(match e {
                DraftRefusal::Problems(p) => format!("cannot {what}: {} problem(s)", p.len()),
                DraftRefusal::Variant(e) => format!("cannot {what}: {e}"),
            })
        })
    }

    /// `o`: ask who plays, once the position has no problems.
    fn ask_players(&mut self) {
        if let Some(m) = self.refusal("play") {
            self.message = Some(m);
            return;
        }
        let [w, b] = self.side_names();
        let items = vec![
            ('h', "two people at this terminal".to_string()),
            (
                'w',
                format!("you play {w}, against the computer (level {COMPUTER_LEVEL})"),
            ),
            (
                'b',
                format!("you play {b}, against the computer (level {COMPUTER_LEVEL})"),
            ),
        ];
        let text = vec![
            "A new game from this position, kept as a game in progress.".to_string(),
            "Who plays?".to_string(),
        ];
        self.popup = Some(EditorPopup::Play(ListPopup::new("Play", text, items)));
    }

    /// Start the game with the players of choice `i`.
    fn play(&mut self, i: usize, ctx: &Ctx) -> Nav {
        let computer = PlayerSpec::Computer {
            level: COMPUTER_LEVEL,
        };
        let players = match i {
            1 => [PlayerSpec::Human, computer],
            2 => [computer, PlayerSpec::Human],
            _ => [PlayerSpec::Human, PlayerSpec::Human],
        };
        match self.game("play") {
            Ok(game) => {
                let mut session =
                    Session::new(game, players).with_settings(ctx.settings.session.clone());
                session.keep_now();
                Nav::Play(Box::new(PlayStart::new(session)))
            }
            Err(m) => {
                self.message = Some(m);
                Nav::Stay
            }
        }
    }

    /// `a`: the position in the replay viewer, its live engine lines on.
    fn analyse(&mut self) -> Nav {
        match self.game("analyse") {
            Ok(game) => Nav::Replay(Box::new(ReplayStart {
                live_lines: true,
                ..ReplayStart::of(game)
            })),
            Err(m) => {
                self.message = Some(m);
                Nav::Stay
            }
        }
    }

    /// `y` / `Y`: the FEN, or Motley's JSON record of a game from the
    /// position (with the family's state), to the terminal's clipboard.
    fn copy(&mut self, record: bool, ctx: &mut Ctx) {
        let game = match self.game("copy") {
            Ok(g) => g,
            Err(m) => {
                self.message = Some(m);
                return;
            }
        };
        let (text, what) = if record {
            let rec = motley_records::record_of(&game);
            match serde_json::to_string_pretty(&rec) {
                Ok(json) => (json, "the position's JSON record"),
                Err(e) => {
                    self.message = Some(Message::error(format!("cannot copy: {e}")));
                    return;
                }
            }
        } else {
            (game.position().to_fen(), "the position's FEN")
        };
        ctx.requests.push(Request::Clipboard(text.clone()));
        self.message = Some(Message::info(if record {
            format!("{what} sent to the terminal's clipboard")
        } else {
            format!("{what} sent to the terminal's clipboard: {text}")
        }));
    }

    fn on_popup_key(&mut self, popup: EditorPopup, code: KeyCode, ctx: &mut Ctx) -> Nav {
        match popup {
            EditorPopup::Help { scroll } => {
                self.popup = scroll_key(scroll, code).map(|scroll| EditorPopup::Help { scroll })
            }
            EditorPopup::Rules { scroll } => {
                self.popup = scroll_key(scroll, code).map(|scroll| EditorPopup::Rules { scroll })
            }
            EditorPopup::Play(mut list) => match list.key(code) {
                ListKey::Chosen(i) => return self.play(i, ctx),
                ListKey::Closed => self.message = Some(Message::info("no game started")),
                ListKey::Stay => self.popup = Some(EditorPopup::Play(list)),
                ListKey::NotAChoice(c) => {
                    self.message = Some(Message::error(format!("'{c}' is not one of the choices")));
                    self.popup = Some(EditorPopup::Play(list));
                }
            },
        }
        Nav::Stay
    }
}

/// The fields of a draft's family state.
fn fields_of(draft: &Draft) -> Vec<Field> {
    fields(&draft.state)
}

/// A die raised or lowered: below 1 the dice are not rolled yet; raising
/// from there shows ones.
fn step_die(dice: Option<(u8, u8)>, i: usize, up: bool) -> Option<(u8, u8)> {
    let (mut a, mut b) = match dice {
        Some(d) => d,
        None if up => return Some((1, 1)),
        None => return None,
    };
    let die = if i == 0 { &mut a } else { &mut b };
    if up {
        // No upper bound here: a die over 6 is the rules' problem to name.
        *die = die.saturating_add(1);
    } else if *die <= 1 {
        return None;
    } else {
        *die -= 1;
    }
    Some((a, b))
}
