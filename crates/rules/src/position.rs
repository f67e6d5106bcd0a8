//! The rules trait every variant family implements ([`Position`]): the
//! one interface the game, the computer players and the UI ask.

use crate::core::grid::{GridSquare, Spot};
use crate::core::{
    Action, Bitboard, Board, Color, CoordText, Move, MoveKind, Piece, Role, Setup, Square,
};
use crate::{
    castling, chess_pattern, generic_why_illegal, setup, Carried, CarryError, CastlingBlock,
    EndReason, ExtraState, IllegalReason, Outcome, PieceName,
};

/// Plies without progress that end a game by the fifty-move rule, in the
/// families that have it ([`Position::quiet_limit`]).
pub const QUIET_LIMIT: u32 = 100;

/// The rules of one family, as a position that knows its legal actions.
pub trait Position: Clone + Send + Sync + 'static {
    /// Whether the family's moves are [`Action::Wide`] (a board of
    /// another size than 8×8): the search asks so that an 8×8 family's
    /// hot loops never test for them.
    const WIDE_MOVES: bool = false;

    /// The part of the state a FEN records, kept in one shape by every
    /// family so that the accessors below are written once.
    fn fen_state(&self) -> &Setup;

    /// Piece placement.
    #[inline]
    fn board(&self) -> &Board {
        &self.fen_state().board
    }

    /// The board's files and ranks: 8×8 but for a variant from data on
    /// another board, whose pieces [`Position::piece_on`] names (its
    /// [`Position::board`] is empty: chess's squares cannot hold it).
    fn board_size(&self) -> (u8, u8) {
        (8, 8)
    }

    /// The piece on a square of a board of any size: what a screen draws.
    fn piece_on(&self, spot: Spot) -> Option<Piece> {
        Square::from_coords(spot.file(), spot.rank()).and_then(|sq| self.board().piece_at(sq))
    }

    /// Does `action` take a piece, on a board of any size? SAN and move
    /// ordering ask it; a move on chess's squares is the family's
    /// [`Position::is_capture`].
    fn captures(&self, action: &Action) -> bool {
        match action {
            Action::Move(m) => self.is_capture(m),
            Action::Wide(m) => match m.kind() {
                MoveKind::EnPassant => true,
                MoveKind::Castle | MoveKind::Pass | MoveKind::CaptureInPlace => false,
                _ => self.piece_on(m.to).is_some(),
            },
            _ => false,
        }
    }

    /// The side that acts now (in Dice-Money the same side acts several
    /// times in a row).
    #[inline]
    fn turn(&self) -> Color {
        self.fen_state().turn
    }

    /// Append every legal action to `out` (which the caller has cleared).
    /// Empty exactly when the game is over by the board: no pieces, an empty
    /// Monochrome half, or no legal move.
    fn legal_actions(&self, out: &mut Vec<Action>);

    /// Play an action taken from `legal_actions`. Anything else may leave
    /// the position meaningless (but never panics).
    fn play_unchecked(&mut self, action: Action);

    /// How many legal actions there are: perft's last ply. `scratch` is
    /// the caller's buffer, which the default lists them into; a family
    /// that can count its moves without listing them (a variant from
    /// data counts a piece's moves as a set where no check is in reach)
    /// overrides it. Equal to the length of [`Position::legal_actions`].
    fn count_legal_actions(&self, scratch: &mut Vec<Action>) -> u64 {
        scratch.clear();
        self.legal_actions(scratch);
        scratch.len() as u64
    }

    /// The role of the piece on `sq`, if any: what move ordering asks of
    /// a capture, without a family building its whole board to answer.
    #[inline]
    fn role_at(&self, sq: Square) -> Option<Role> {
        self.board().role_at(sq)
    }

    /// The result if the game is over by the position itself, given this
    /// position's legal actions (so callers that generated them already do
    /// not generate twice). Fifty-move and repetition are judged by the game.
    fn outcome_given(&self, legal: &[Action]) -> Option<Outcome>;

    /// Zobrist hash of everything that matters to play (for the AI's
    /// transposition table).
    fn hash(&self) -> u64;

    /// Key compared for threefold repetition, or `None` where this state does
    /// not count (Dice-Money mid-turn).
    fn repetition_key(&self) -> Option<u64> {
        Some(self.hash())
    }

    /// Plies (or chess moves) since the family's last irreversible event;
    /// the game ends when they reach [`Position::quiet_limit`].
    fn quiet_plies(&self) -> u32 {
        self.fen_state().halfmoves
    }

    /// How many [`Position::quiet_plies`] end the game by the fifty-move
    /// rule ([`EndReason::FiftyMoves`]), or `None` where the family has no
    /// such rule or ends the game by its own (a variant from data's
    /// `nMoveRule`, judged in its outcome), so no limit is imposed on it.
    fn quiet_limit(&self) -> Option<u32> {
        Some(QUIET_LIMIT)
    }

    /// The end by the quiet-move rule, once [`Position::quiet_limit`] is
    /// reached: what the game and the computer's search both ask, so the
    /// rule has one owner.
    fn quiet_rule_end(&self) -> Option<Outcome> {
        let limit = self.quiet_limit()?;
        (self.quiet_plies() >= limit).then(|| self.end_by_rule(EndReason::FiftyMoves))
    }

    /// How many plies back an earlier position may share this one's
    /// repetition key (the game scans only that far). Families whose
    /// [`Position::quiet_plies`] counts something other than plies
    /// (Dice-Money counts chess moves, not rolls and purchases) override.
    fn repetition_window(&self) -> u32 {
        self.quiet_plies()
    }

    /// FEN move number.
    fn fullmoves(&self) -> u32 {
        self.fen_state().fullmoves
    }

    /// The position as FEN (families with extra state write only the FEN
    /// part; saves keep the rest as actions).
    fn to_fen(&self) -> String {
        self.fen_state().to_fen()
    }

    /// Does this move capture? (For SAN's `x` and clocks.)
    fn is_capture(&self, m: &Move) -> bool {
        match m.kind {
            MoveKind::EnPassant | MoveKind::CaptureInPlace => true,
            MoveKind::Castle => false,
            _ => self.board().occupied().contains(m.to),
        }
    }

    /// Is `color`'s king in check now, whoever acts? Always false in
    /// families without check. In Dice-Money a check given by the main move
    /// is seen during the mover's extra moves.
    fn in_check(&self, _color: Color) -> bool {
        false
    }

    /// True when the next action is a chance event (dice).
    fn is_chance(&self) -> bool {
        false
    }

    /// The distinct chance outcomes with integer weights (Dice-Money: 21
    /// rolls, weights 1 or 2 out of 36). Empty when not a chance node.
    fn chance_outcomes(&self) -> Vec<(Action, u32)> {
        Vec::new()
    }

    /// The scores of families that keep them (Monochrome: `[south,
    /// north]`), as they stand now; `None` elsewhere.
    fn current_scores(&self) -> Option<[u32; 2]> {
        None
    }

    /// What an ending by a game-level rule means here: a draw, or where
    /// the family keeps scores ([`Position::current_scores`]) the higher
    /// score wins.
    fn end_by_rule(&self, reason: EndReason) -> Outcome {
        match self.current_scores() {
            Some(scores) => Outcome::scored(scores, reason),
            None => Outcome::draw(reason),
        }
    }

    /// What a repetition that ends the game means, given who gave check
    /// all the way through it (`checked_throughout`: the side to move was
    /// in check at each of its turns since the position first of those
    /// counted, and the other side at each of its): where perpetual check
    /// loses, the side that gave it; otherwise [`Position::end_by_rule`].
    fn end_by_repetition(&self, checked_throughout: [bool; 2]) -> Outcome {
        let _ = checked_throughout;
        self.end_by_rule(EndReason::Repetition)
    }

    /// How many times one position must occur for the game to end by
    /// repetition ([`Position::end_by_rule`] says what it means): three
    /// in every family but a variant from data that sets `nFoldRule`;
    /// `None` where repetition never ends the game.
    fn repetition_limit(&self) -> Option<usize> {
        Some(3)
    }

    /// Why a typed action is not legal: the first reason that applies, so
    /// a piece that cannot make that move at all is told so before any
    /// rule about check or captures ([`beyond_reach`](crate::beyond_reach)). Families override
    /// to name their own rules; the default covers the common cases. The
    /// words are [`IllegalReason`]'s.
    fn why_illegal(&self, text: &CoordText, legal: &[Action]) -> IllegalReason {
        generic_why_illegal(self, text, legal)
    }

    /// Why the side to act cannot castle on that side (`O-O` typed), when
    /// the reason is not the castling move itself: the family has no
    /// castling, or the king is not where castling starts. `None` when the
    /// king's castling move is there to be explained by
    /// [`Position::why_illegal`]. The default is FIDE's: the right to castle
    /// leaves with the king's first move.
    fn why_cannot_castle(&self, _kingside: bool) -> Option<CastlingBlock> {
        castling::king_left_home(self.board(), self.turn())
    }

    /// The name of a piece in messages: families whose pieces are not the
    /// chess pieces their letters suggest (Jamal's camel in the knight's
    /// place) override, so an explanation never calls a camel a knight.
    fn piece_name(&self, role: Role) -> PieceName {
        PieceName::Chess(role)
    }

    /// The kinds of piece the variant has, in its own order: what the
    /// position editor offers to place and what typing a letter there
    /// may pick. The built-in families have chess's six; a variant from
    /// data has its own.
    fn roles(&self) -> Vec<Role> {
        Role::ALL.to_vec()
    }

    /// Where the piece on `from` could ever go on an otherwise empty board,
    /// castling included: its movement pattern in this family. A move
    /// outside it is explained as impossible before any other rule, and
    /// typed SAN is matched to the piece it must mean with it. Empty when
    /// `from` is empty. The default is chess's pattern
    /// ([`chess_pattern`]).
    fn move_pattern(&self, from: Square) -> Bitboard {
        self.board()
            .piece_at(from)
            .map_or(Bitboard::EMPTY, |p| chess_pattern(p, from))
    }

    /// Could `color` still win this game in some way, however unlikely? A
    /// flag fall is a loss only when the opponent can still win, a draw
    /// otherwise. The default: a side with nothing but its king cannot win
    /// (no family here mates or scores with a lone king); families with
    /// finer or other ideas of winning override.
    fn can_win(&self, color: Color) -> bool {
        let board = self.board();
        (board.by_color(color) & !board.by_role(Role::King)).any()
    }

    /// Match play: set up this (fresh) start position from the previous
    /// game of the match — its start, its end and its winner. Dice-Money
    /// carries prices over; other families have nothing to carry.
    fn carry_over(&mut self, _previous_start: &Self, _previous_end: &Self, _winner: Option<Color>) {
    }

    /// Match play: what [`Position::carry_over`] can set, so a saved game of
    /// a match replays from the same start. `None` in families that carry
    /// nothing from one game to the next (so they play no matches with
    /// carry-over).
    fn carried(&self) -> Option<Carried> {
        None
    }

    /// Put back what [`Position::carried`] gave.
    fn restore_carried(&mut self, _carried: &Carried) -> Result<(), CarryError> {
        Err(CarryError::NothingCarried)
    }

    /// The state a FEN cannot hold (Dice-Money: money, lost pieces, prices,
    /// dice), typed; records write its `Display`. `None` where the FEN says
    /// everything.
    fn extra_state(&self) -> Option<ExtraState> {
        None
    }

    /// The position as a [`setup::Draft`]: what the position editor
    /// starts from, and what a record's set-up start is compared with.
    /// Families with state beyond the FEN override (mid-turn details such
    /// as Dice-Money's bought extra moves are not part of a draft).
    fn draft(&self) -> setup::Draft {
        setup::Draft::plain(*self.fen_state())
    }

    /// The result if the game is over by the position itself.
    fn outcome(&self) -> Option<Outcome> {
        let mut legal = Vec::with_capacity(64);
        self.legal_actions(&mut legal);
        self.outcome_given(&legal)
    }
}
