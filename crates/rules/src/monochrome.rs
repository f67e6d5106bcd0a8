//! Monochrome Chess (Andrew Looney, 1996): every piece belongs to whoever's
//! half it stands on. Ownership is kept by recolouring a piece whenever it
//! crosses the centerline, so `Board::by_color(White)` is always "the pieces
//! on ranks 1–4". Captures score points, and every ending is scored.

use super::facts::{board_effects, BoardLook, Describe, Effect, EndOffer, Fact};
use super::illegal::MonochromeRule;
use super::setup::{Draft, DraftError, DraftState, SetupProblem};
use super::{
    generic_why_illegal, CastlingBlock, EndReason, FamilyName, IllegalReason, OptionError, Outcome,
    Position, PositionError,
};
use crate::core::attacks::{
    bishop_attacks, king_attacks, knight_attacks, leaper_attacks, queen_attacks, rook_attacks,
    Leaper,
};
use crate::core::board::piece_attacks;
use crate::core::fen::Setup;
use crate::core::movegen::{apply_move, push_double_step, push_moves, push_positional_castlings};
use crate::core::{
    zobrist, Action, Bitboard, Board, Color, CoordText, MoveKind, Piece, Role, Square,
};
use serde::{Deserialize, Serialize};

/// Points a capture scores, per role (the variant file may change them).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceValues {
    /// Points for a pawn (1 by default).
    pub pawn: u32,
    /// Points for a knight (3).
    pub knight: u32,
    /// Points for a bishop (4).
    pub bishop: u32,
    /// Points for a rook (5).
    pub rook: u32,
    /// Points for a queen (8).
    pub queen: u32,
    /// Points for a king, which is capturable here (10).
    pub king: u32,
}

impl Default for PieceValues {
    /// Looney's table: K 10, Q 8, R 5, B 4, N 3, P 1.
    fn default() -> Self {
        PieceValues {
            pawn: 1,
            knight: 3,
            bishop: 4,
            rook: 5,
            queen: 8,
            king: 10,
        }
    }
}

impl MonochromeOptions {
    /// Refuse piece values over [`MAX_VALUE`], naming the field: then no
    /// game's score can pass `MAX_SCORE`.
    pub fn check(&self) -> Result<(), OptionError> {
        // The variant file's field names, in the table's role order.
        let names = ["pawn", "knight", "bishop", "rook", "queen", "king"];
        for (field, value) in names.into_iter().zip(self.values.table()) {
            if value > MAX_VALUE {
                return Err(OptionError::PieceValue {
                    field,
                    value,
                    max: MAX_VALUE,
                });
            }
        }
        Ok(())
    }
}

impl PieceValues {
    /// The table indexed by [`Role::index`], for the hot path.
    pub fn table(&self) -> [u32; 6] {
        [
            self.pawn,
            self.knight,
            self.bishop,
            self.rook,
            self.queen,
            self.king,
        ]
    }
}

/// Family options, read from the variant file.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct MonochromeOptions {
    /// What each captured role scores.
    #[serde(default)]
    pub values: PieceValues,
}

/// The most a piece may be worth (variant files are refused above it).
pub const MAX_VALUE: u32 = 16_383;

/// The highest score a position may be set up with: what capturing a full
/// board of the most valuable pieces scores.
pub const MAX_START_SCORE: u32 = 64 * MAX_VALUE;

/// The highest score there can be: a score set up at [`MAX_START_SCORE`]
/// plus every piece of a full board captured. Scores are hashed exactly in
/// three 7-bit parts each, so they never saturate and never collide.
const MAX_SCORE: u32 = (1 << 21) - 1;
const _: () = assert!(MAX_START_SCORE + 64 * MAX_VALUE <= MAX_SCORE);

/// A score's hash key: its three 7-bit parts, each in its own slot (the
/// top part only when set, so scores below 16,384 keep the keys they
/// always had).
#[inline]
fn score_key(score: u32, slots: [usize; 3]) -> u64 {
    let part = |i: usize| ((score >> (7 * i)) & 127) as usize;
    let top = part(2);
    zobrist::extra(slots[0], part(0))
        ^ zobrist::extra(slots[1], part(1))
        ^ if top == 0 {
            0
        } else {
            zobrist::extra(slots[2], top)
        }
}

/// The owner of a square: South (White) on ranks 1–4, North on 5–8.
#[inline]
pub fn owner_of(sq: Square) -> Color {
    if sq.rank() < 4 {
        Color::White
    } else {
        Color::Black
    }
}

/// A pawn's steps from each square: one up and one down (a lookup, not
/// two shifts, in the generator's per-pawn loop).
static PAWN_STEPS: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut s = 0;
    while s < 64 {
        let bit = 1u64 << s;
        t[s] = (bit << 8) | (bit >> 8);
        s += 1;
    }
    t
};

/// The half of the board a side owns.
#[inline]
pub fn half_of(c: Color) -> Bitboard {
    c.fold(Bitboard::SOUTH_HALF, Bitboard::NORTH_HALF)
}

/// A Monochrome position: the board (coloured by half), the side to move,
/// the scores and the no-rejection pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Monochrome {
    /// The FEN's state, without castling rights or an en-passant square
    /// (Monochrome has neither); its fifty-move count is plies since the
    /// last capture.
    setup: Setup,
    /// Points scored, `[south, north]`.
    scores: [u32; 2],
    /// The last move carried a piece from `.0` across to `.1`; the reply may
    /// not carry it from `.1` straight back to `.0`.
    no_rejection: Option<(Square, Square)>,
    values: [u32; 6],
}

impl Monochrome {
    /// Build from a setup: letter case is ignored (the rank decides the
    /// owner), castling and en-passant fields are ignored, scores start at
    /// 0–0 and there is no pending no-rejection pair.
    pub fn from_setup(
        setup: Setup,
        options: MonochromeOptions,
    ) -> Result<Monochrome, PositionError> {
        options.check()?;
        let mut board = Board::empty();
        for sq in setup.board.occupied() {
            if let Some(role) = setup.board.role_at(sq) {
                board.set(sq, Piece::new(owner_of(sq), role));
            }
        }
        Ok(Monochrome {
            setup: Setup {
                board,
                castling: 0,
                ep_square: None,
                ..setup
            },
            scores: [0, 0],
            no_rejection: None,
            values: options.values.table(),
        })
    }

    /// The problems of a draft in this family: no castling rights or
    /// en-passant square (Monochrome has neither in its FEN), start scores
    /// up to [`MAX_START_SCORE`]. Kings are ordinary pieces, so none is
    /// required; a piece's owner is its half ([`super::setup::settle_by_half`]).
    pub fn setup_problems(draft: &Draft) -> Vec<SetupProblem> {
        let s = &draft.setup;
        let mut out = Vec::new();
        if s.castling != 0 {
            out.push(SetupProblem::CastlingNotKept);
        }
        if s.ep_square.is_some() {
            out.push(SetupProblem::EnPassantNotKept);
        }
        match draft.state {
            DraftState::Scores(scores) => {
                for side in Color::ALL {
                    let score = scores[side.index()];
                    if score > MAX_START_SCORE {
                        out.push(SetupProblem::ScoreTooHigh {
                            side,
                            score,
                            max: MAX_START_SCORE,
                        });
                    }
                }
            }
            _ => out.push(SetupProblem::StateNotOfVariant),
        }
        out
    }

    /// A position from a draft without problems
    /// ([`Monochrome::setup_problems`]), with its scores.
    pub fn from_draft(draft: &Draft, options: MonochromeOptions) -> Result<Monochrome, DraftError> {
        super::setup::refuse(Monochrome::setup_problems(draft))?;
        let scores = match draft.state {
            DraftState::Scores(s) => s,
            _ => [0, 0],
        };
        Ok(Monochrome::from_setup(draft.setup, options)?.with_scores(scores)?)
    }

    /// The same position with other scores (`[south, north]`), for setting
    /// up positions from saves and tests.
    pub fn with_scores(mut self, scores: [u32; 2]) -> Result<Monochrome, PositionError> {
        if scores.iter().any(|&s| s > MAX_START_SCORE) {
            return Err(PositionError::ScoreTooHigh {
                max: MAX_START_SCORE,
            });
        }
        self.scores = scores;
        Ok(self)
    }

    /// Points scored so far, `[south, north]`.
    #[inline]
    pub fn scores(&self) -> [u32; 2] {
        self.scores
    }

    /// The pending no-rejection pair `(from, to)` of the last move, if it
    /// crossed the centerline.
    pub fn no_rejection(&self) -> Option<(Square, Square)> {
        self.no_rejection
    }

    /// The ruling for computer players (docs/rules.md): accept an offer to
    /// end the game when not behind on score.
    pub fn accepts_end_offer(&self, side: Color) -> bool {
        self.scores[side.index()] >= self.scores[side.other().index()]
    }

    /// Points a capture of `role` scores.
    pub fn value(&self, role: Role) -> u32 {
        self.values[role.index()]
    }

    fn rejection_key(&self) -> u64 {
        match self.no_rejection {
            Some((a, b)) => zobrist::extra(4, a.index()) ^ zobrist::extra(5, b.index()),
            None => 0,
        }
    }

    /// Squares a piece could move to or capture on by its pattern alone
    /// (pawns: all four diagonals), for explanations and evaluation.
    fn reach(&self, sq: Square, role: Role) -> Bitboard {
        match role {
            Role::Pawn => leaper_attacks(Leaper::Ferz, sq),
            r => piece_attacks(Piece::new(Color::White, r), sq, self.setup.board.occupied()),
        }
    }

    /// What the opponent would score by taking every piece on `side`'s
    /// half: the points `side` has at stake (for evaluation).
    pub fn half_value(&self, side: Color) -> u32 {
        let mine = self.setup.board.by_color(side);
        Role::ALL
            .iter()
            .map(|&r| (self.setup.board.by_role(r) & mine).count() * self.values[r.index()])
            .sum()
    }

    /// The points of the most valuable enemy piece `side`'s pieces attack
    /// now (0 if none), whoever is to move (for evaluation).
    pub fn best_capture(&self, side: Color) -> u32 {
        let theirs = self.setup.board.by_color(side.other());
        let mut best = 0;
        for from in self.setup.board.by_color(side) {
            let Some(role) = self.setup.board.role_at(from) else {
                continue;
            };
            for to in self.reach(from, role) & theirs {
                if let Some(v) = self.setup.board.role_at(to) {
                    best = best.max(self.values[v.index()]);
                }
            }
        }
        best
    }

    /// The legal actions; `REJECTION` true when the no-rejection rule
    /// forbids a move (so positions without one test no piece for it).
    #[inline(always)]
    fn push_legal<const REJECTION: bool>(&self, out: &mut Vec<Action>) {
        let us = self.setup.turn;
        let b = &self.setup.board;
        let ours = b.by_color(us);
        let theirs = b.by_color(us.other());
        if ours.is_empty() || theirs.is_empty() {
            return;
        }
        let occ = b.occupied();
        let empty = !occ;
        // Moves go to empty squares anywhere or capture on the other half;
        // own pieces are exactly those on our half, so they block.
        let targets = empty | theirs;
        // The one move the no-rejection rule forbids: from B back to A.
        let (rej_from, rej_to) = match self.no_rejection {
            Some((a, b)) => (b, Bitboard::from_square(a)),
            None => (Square::new_unchecked(0), Bitboard::EMPTY),
        };
        let allowed = |from: Square| {
            if REJECTION && from == rej_from {
                !rej_to
            } else {
                Bitboard::FULL
            }
        };
        // The other pieces reach as in chess, each kind by its own table
        // (no kind to dispatch on per piece).
        let push_reach = |from: Square, reach: Bitboard, out: &mut Vec<Action>| {
            push_moves(from, reach & targets & allowed(from), out);
        };
        for from in b.by_role(Role::Knight) & ours {
            push_reach(from, knight_attacks(from), out);
        }
        for from in b.by_role(Role::Bishop) & ours {
            push_reach(from, bishop_attacks(from, occ), out);
        }
        for from in b.by_role(Role::Rook) & ours {
            push_reach(from, rook_attacks(from, occ), out);
        }
        for from in b.by_role(Role::Queen) & ours {
            push_reach(from, queen_attacks(from, occ), out);
        }
        for from in b.by_role(Role::King) & ours {
            push_reach(from, king_attacks(from), out);
        }
        // Pawns: a step up or down to an empty square, a capture on any of
        // the four diagonals, never a promotion; then the double step,
        // whose pawns are found for all at once.
        let ahead = us.fold(8i8, -8);
        let pawns = b.by_role(Role::Pawn) & ours;
        let starters = pawns & Bitboard::rank(us.fold(1, 6));
        let doubles = starters & empty.shift(-ahead) & empty.shift(-2 * ahead);
        for from in pawns {
            let steps = Bitboard(PAWN_STEPS[from.index()]) & empty;
            let caps = leaper_attacks(Leaper::Ferz, from) & theirs;
            push_moves(from, (steps | caps) & allowed(from), out);
            if doubles.contains(from) {
                push_double_step(from, ahead, out);
            }
        }
        // Castling: king on e1/e8 (both sides' geometry starts there) and
        // rook in the corner, squares between empty; nothing else is asked.
        push_positional_castlings(
            us,
            b.by_role(Role::King) & ours,
            b.by_role(Role::Rook) & ours,
            occ,
            out,
        );
    }
}

impl Position for Monochrome {
    #[inline]
    fn fen_state(&self) -> &Setup {
        &self.setup
    }

    fn draft(&self) -> Draft {
        Draft {
            setup: self.setup,
            state: DraftState::Scores(self.scores),
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        if self.no_rejection.is_some() {
            self.push_legal::<true>(out);
        } else {
            self.push_legal::<false>(out);
        }
    }

    fn play_unchecked(&mut self, action: Action) {
        let Action::Move(m) = action else { return };
        let us = self.setup.turn;
        if m.kind == MoveKind::Castle {
            apply_move(&mut self.setup.board, m);
            self.no_rejection = None;
            self.setup.halfmoves = self.setup.halfmoves.saturating_add(1);
        } else if let Some(mover) = self.setup.board.clear(m.from) {
            if let Some(victim) = self.setup.board.clear(m.to) {
                let s = &mut self.scores[us.index()];
                // Never past MAX_SCORE (see there): exact, not clamped.
                *s = s.saturating_add(self.values[victim.role.index()]);
                self.setup.halfmoves = 0;
            } else {
                self.setup.halfmoves = self.setup.halfmoves.saturating_add(1);
            }
            let owner = owner_of(m.to);
            self.setup.board.put(m.to, Piece::new(owner, mover.role));
            self.no_rejection = (owner_of(m.from) != owner).then_some((m.from, m.to));
        }
        if us == Color::Black {
            self.setup.fullmoves = self.setup.fullmoves.saturating_add(1);
        }
        self.setup.turn = us.other();
    }

    fn outcome_given(&self, legal: &[Action]) -> Option<Outcome> {
        if self.setup.board.by_color(Color::White).is_empty()
            || self.setup.board.by_color(Color::Black).is_empty()
        {
            return Some(Outcome::scored(self.scores, EndReason::HalfEmpty));
        }
        legal
            .is_empty()
            .then(|| Outcome::scored(self.scores, EndReason::NoLegalMoves))
    }

    #[inline]
    fn hash(&self) -> u64 {
        let [s, n] = self.scores;
        self.repetition_key_raw() ^ score_key(s, [0, 1, 6]) ^ score_key(n, [2, 3, 7])
    }

    fn repetition_key(&self) -> Option<u64> {
        Some(self.repetition_key_raw())
    }

    fn current_scores(&self) -> Option<[u32; 2]> {
        Some(self.scores)
    }

    fn why_illegal(&self, text: &CoordText, legal: &[Action]) -> IllegalReason {
        if let (CoordText::Move { from, to, .. }, false) = (text, legal.is_empty()) {
            let mine = half_of(self.setup.turn);
            let occ = self.setup.board.occupied();
            if occ.contains(*from) && !mine.contains(*from) {
                return IllegalReason::Monochrome(MonochromeRule::OnlyOwnHalf);
            }
            if let Some(why) = super::beyond_reach(self, text) {
                return why;
            }
            if let Some(why) =
                super::castling::castling_side(&self.setup.board, self.setup.turn, *from, *to)
                    .and_then(|kingside| self.why_cannot_castle(kingside))
            {
                return IllegalReason::Castling(why);
            }
            if self.no_rejection == Some((*to, *from)) {
                return IllegalReason::Monochrome(MonochromeRule::NoStraightBack);
            }
            if let Some(role) = self.setup.board.role_at(*from) {
                if occ.contains(*to) && mine.contains(*to) && self.reach(*from, role).contains(*to)
                {
                    return IllegalReason::Monochrome(MonochromeRule::CaptureOnOpponentsHalf);
                }
            }
        }
        generic_why_illegal(self, text, legal)
    }

    /// Castling by the positional ruling: a king on its home square, a rook
    /// in that side's corner, the squares between empty.
    fn why_cannot_castle(&self, kingside: bool) -> Option<CastlingBlock> {
        super::castling::positional_why(
            &self.setup.board,
            self.setup.turn,
            kingside,
            FamilyName::Monochrome,
        )
    }

    /// Chess's patterns, but pawns step one square up or down the file,
    /// two toward the centerline from their second rank, and capture on
    /// all four diagonals.
    fn move_pattern(&self, from: Square) -> Bitboard {
        let Some(piece) = self.setup.board.piece_at(from) else {
            return Bitboard::EMPTY;
        };
        if piece.role != Role::Pawn {
            return super::chess_pattern(piece, from);
        }
        let bit = Bitboard::from_square(from);
        let mut out = leaper_attacks(Leaper::Ferz, from) | bit.north() | bit.south();
        let dir = piece.color.fold(1i8, -1);
        if from.rank() == piece.color.fold(1, 6) {
            if let Some(two) = from.offset(0, 2 * dir) {
                out |= Bitboard::from_square(two);
            }
        }
        out
    }

    /// The higher score wins, so a side can still win while its score
    /// plus every point still on the board (any piece may yet cross and
    /// be captured) beats the opponent's score.
    fn can_win(&self, color: Color) -> bool {
        let on_board: u32 = Role::ALL
            .iter()
            .map(|&r| self.setup.board.by_role(r).count() * self.values[r.index()])
            .sum();
        self.scores[color.index()].saturating_add(on_board) > self.scores[color.other().index()]
    }
}

impl Monochrome {
    #[inline]
    fn repetition_key_raw(&self) -> u64 {
        self.setup.board.hash() ^ zobrist::side(self.setup.turn) ^ self.rejection_key()
    }
}

impl Describe for Monochrome {
    fn side_names(&self) -> [&'static str; 2] {
        ["South", "North"]
    }

    /// Pieces look alike: the half a piece stands on says whose it is.
    fn board_look(&self) -> BoardLook {
        BoardLook {
            uniform_pieces: true,
            centerline: true,
            ..BoardLook::default()
        }
    }

    fn facts(&self) -> Vec<Fact> {
        let mut facts = vec![
            Fact::Scores(self.scores),
            Fact::reminder("A piece belongs to the half it stands on"),
        ];
        if let Some((from, to)) = self.no_rejection {
            facts.push(Fact::constraint(format!(
                "No rejection: the piece on {to} may not go straight back to {from}"
            )));
        }
        facts
    }

    fn end_offer(&self) -> EndOffer {
        EndOffer::Scored
    }

    /// A piece moved across changes side; a capture scores.
    fn action_effects(&self, action: &Action) -> Vec<Effect> {
        let mut after = *self;
        after.play_unchecked(*action);
        let mut effects = board_effects(&self.setup.board, &after.setup.board, self.turn(), action);
        for side in Color::ALL {
            let points = after.scores[side.index()].saturating_sub(self.scores[side.index()]);
            if points > 0 {
                effects.push(Effect::Scored { side, points });
            }
        }
        effects
    }

    fn rules_accept_end_offer(&self, side: Color) -> Option<bool> {
        Some(self.accepts_end_offer(side))
    }
}
