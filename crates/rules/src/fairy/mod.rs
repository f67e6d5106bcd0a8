//! A rule family from data: a variant's pieces are read from Betza
//! notation ([`crate::core::betza`]) and its rules from Fairy-Stockfish's
//! keys (read in [`motley_game::variant::keys`]), so that a file written for
//! Fairy-Stockfish plays here as it does there (docs/rules.md, "Variants
//! from data"). Games play it through [`Fairy`], a case of
//! [`super::AnyPosition`].
//!
//! Kinds are small numbers into the rules' list, so a variant may have as
//! many as [`MAX_KINDS`]; the built-in families keep their own six roles
//! and lose nothing.

pub mod chess960;
mod play;
mod played;
mod position;
pub mod setup;
mod sized;
pub mod value;
mod wide;

pub use played::{kind_of, role_of, Fairy, PlayedGrid};
pub use position::{
    CastleRefusal, FairyEnd, FairyEnding, FairyMove, FairyMoveKind, FairyPosition, FairyRefusal,
};
pub use sized::{SizedPosition, SizedRules};
pub use wide::WideFairy;

use crate::core::betza::{Betza, MovePart, Movement, PieceMoves};
use crate::core::fen::MAX_MOVE_COUNTER;
use crate::core::grid::{Grid, Grid12, Grid16, Grid8, GridSet, GridSquare};
use crate::core::Color;
use thiserror::Error;

/// The most piece kinds a variant may have: chess's six and 25 more.
pub const MAX_KINDS: usize = 31;

/// A set of kinds, one bit per kind number.
pub type KindSet = u32;

/// A piece kind: its FEN letter (White's, upper case) and its moves.
#[derive(Clone, Debug)]
pub struct Kind<G: Grid = Grid8> {
    /// FEN letter, upper case (Black's is the lower case).
    pub letter: char,
    /// Fairy-Stockfish's name of the kind (`pawn`, `fers`,
    /// `customPiece1`): some rules belong to a name, as the chess pawn's
    /// double step does.
    pub name: String,
    /// Its moves as written in Betza notation.
    pub betza: String,
    /// Its moves, ready to ask.
    pub moves: PieceMoves<G>,
    /// Its captures read backwards from a target find its attackers
    /// (true but for grasshoppers and lame leapers, whose paths are not
    /// the same both ways, and xiangqi's soldier, whose moves depend on
    /// where it stands).
    pub reversible: bool,
    /// It has initial (`i`) moves, from the double-step region.
    pub has_initial: bool,
    /// Its Betza text marks it as capturing en passant (`e`), which puts
    /// it among the en passant kinds unless the variant lists them.
    pub takes_en_passant: bool,
    /// It hops or leaps lamely, so that a piece landing on its path
    /// matters as well as one leaving it.
    pub hops: bool,
}

impl<G: Grid> Kind<G> {
    /// A kind from its letter, Fairy-Stockfish name and Betza text.
    pub fn new(letter: char, name: &str, betza: &Betza) -> Kind<G> {
        let one_way = |p: &MovePart| {
            matches!(
                p.movement,
                Movement::Lame | Movement::Hop { grasshopper: true }
            )
        };
        let moves = PieceMoves::new(betza);
        let reversible = !betza.parts.iter().any(one_way);
        Kind {
            hops: !reversible
                || betza
                    .parts
                    .iter()
                    .any(|p| matches!(p.movement, Movement::Hop { .. })),
            has_initial: moves.has_initial(),
            takes_en_passant: betza.parts.iter().any(|p| p.en_passant),
            letter,
            name: name.to_string(),
            betza: betza.text.clone(),
            moves,
            reversible,
        }
    }
}

/// A grid the data engine plays on: how a FEN's position is judged
/// there. Chess's grid judges it as the position editor does; a wider
/// grid by what needs no square named.
pub trait FairyGrid: Grid {
    /// Every problem of a position read from a FEN.
    fn fen_problems(pos: &FairyPosition<Self>) -> Vec<crate::setup::SetupProblem>;
}

impl FairyGrid for Grid8 {
    fn fen_problems(pos: &FairyPosition<Self>) -> Vec<crate::setup::SetupProblem> {
        setup::fen_problems(pos)
    }
}

impl FairyGrid for Grid12 {
    fn fen_problems(pos: &FairyPosition<Self>) -> Vec<crate::setup::SetupProblem> {
        setup::wide_fen_problems(pos)
    }
}

impl FairyGrid for Grid16 {
    fn fen_problems(pos: &FairyPosition<Self>) -> Vec<crate::setup::SetupProblem> {
        setup::wide_fen_problems(pos)
    }
}

/// What a rule's end means for the side to move (`Value` in
/// Fairy-Stockfish's keys).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The side to move wins.
    Win,
    /// The side to move loses.
    Loss,
    /// Neither wins.
    Draw,
}

impl Verdict {
    /// The same end seen from the other side.
    pub fn flipped(self) -> Verdict {
        match self {
            Verdict::Win => Verdict::Loss,
            Verdict::Loss => Verdict::Win,
            Verdict::Draw => Verdict::Draw,
        }
    }
}

/// Extinction: a side left with too few pieces of a kind loses (or wins).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extinction {
    /// What it means for the side it happens to.
    pub verdict: Verdict,
    /// The kinds counted, each on its own.
    pub kinds: KindSet,
    /// Count every piece together as well (`*`).
    pub all_pieces: bool,
    /// It happens at this many pieces or fewer.
    pub count: u32,
    /// Only while the opponent has at least this many of the kind.
    pub opponent_count: u32,
    /// The side to move's own extinction needs one more opponent piece
    /// (a bare king may bare the other king at once).
    pub claim: bool,
    /// The counted pieces cannot be captured at all while their loss
    /// would end the game: they are royal, as a king is (coregal's queen).
    pub pseudo_royal: bool,
}

/// A counting rule that draws a game whose stronger side fails to mate
/// within a count of moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountingRule {
    /// Makruk's board's honour and pieces' honour counts.
    Makruk,
    /// ASEAN chess's counts.
    Asean,
}

/// Where castling takes the king and the rook (`castlingKingFile`,
/// `castlingKingsideFile`, `castlingQueensideFile`, `castlingRank`): the
/// rooks start in the corners and end beside the king, on its inner side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastleLayout<G: Grid = Grid8> {
    /// Per castling (White's king side, queen side, Black's king side,
    /// queen side): king from, king to, rook from, rook to.
    pub squares: [[G::Sq; 4]; 4],
    /// Per castling: the squares that must be empty, and the king's way
    /// (its start and end included), which must not be attacked.
    pub spans: [[G::Set; 2]; 4],
    /// Every king's and rook's start square: a move touching none keeps
    /// every castling right.
    pub corners: G::Set,
}

/// Why a castling layout does not fit its board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("castling's files or rank are not on the board")]
pub struct CastleOffBoard;

impl<G: Grid> CastleLayout<G> {
    /// Chess's: the king from e to g or c, on the first rank.
    pub fn chess() -> CastleLayout<G> {
        Self::new([4, 6, 2], (7, 0), 0, (8, 8)).unwrap_or_else(|_| Self::none())
    }

    /// No castling squares at all: a board too small for any.
    pub fn none() -> CastleLayout<G> {
        let a1 = G::square(0);
        CastleLayout {
            squares: [[a1; 4]; 4],
            spans: [[G::Set::EMPTY; 2]; 4],
            corners: G::Set::EMPTY,
        }
    }

    /// The layout for a king starting on file `king` (0 = a) and going to
    /// `kingside` or `queenside`, on relative rank `rank` (0 = the first),
    /// on a board of `(files, ranks)`; the rooks on files `rooks` (king
    /// side, queen side), the corners unless a variant says otherwise.
    pub fn new(
        [king, kingside, queenside]: [u8; 3],
        rooks: (u8, u8),
        rank: u8,
        (files, ranks): (u8, u8),
    ) -> Result<CastleLayout<G>, CastleOffBoard> {
        let at = |file: u8, rank: u8| {
            (file < files && rank < ranks)
                .then(|| G::Sq::from_coords(file as i8, rank as i8))
                .flatten()
                .ok_or(CastleOffBoard)
        };
        let mut layout = Self::none();
        for i in 0..4 {
            let r = if i < 2 {
                Some(rank)
            } else {
                (ranks - 1).checked_sub(rank)
            };
            let r = r.ok_or(CastleOffBoard)?;
            let (to, corner) = if i % 2 == 0 {
                (kingside, rooks.0)
            } else {
                (queenside, rooks.1)
            };
            let rook_to = if i % 2 == 0 {
                to.checked_sub(1).ok_or(CastleOffBoard)?
            } else {
                to + 1
            };
            let (kf, kt, rf, rt) = (at(king, r)?, at(to, r)?, at(corner, r)?, at(rook_to, r)?);
            layout.squares[i] = [kf, kt, rf, rt];
            let walked = span::<G>(kf, kt);
            let crossed = (walked | span::<G>(rf, rt)).without(kf).without(rf);
            layout.spans[i] = [crossed, walked];
            layout.corners = layout.corners.with(kf).with(rf);
        }
        Ok(layout)
    }
}

impl<G: Grid> CastleLayout<G> {
    /// This layout with castling `i` (White's king side, queen side,
    /// Black's) starting from `king` and `rook` (Chess960): the king and
    /// rook still end where this layout has them, on the files of
    /// chess's castling.
    pub fn starting_from(&self, i: usize, king: G::Sq, rook: G::Sq) -> CastleLayout<G> {
        let mut layout = *self;
        let Some(names) = layout.squares.get_mut(i) else {
            return layout;
        };
        let [_, kt, _, rt] = *names;
        *names = [king, kt, rook, rt];
        let walked = span::<G>(king, kt);
        let crossed = (walked | span::<G>(rook, rt)).without(king).without(rook);
        layout.spans[i] = [crossed, walked];
        layout.corners = layout
            .squares
            .iter()
            .fold(G::Set::EMPTY, |set, c| set.with(c[0]).with(c[2]));
        layout
    }
}

/// The squares of `a`'s rank from `a`'s file to `b`'s, both included.
fn span<G: Grid>(a: G::Sq, b: G::Sq) -> G::Set {
    let (lo, hi) = (a.file().min(b.file()), a.file().max(b.file()));
    (lo..=hi)
        .filter_map(|f| G::Sq::from_coords(f, a.rank()))
        .fold(G::Set::EMPTY, |set, sq| set.with(sq))
}

/// Capture the flag: a piece reaching a region wins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlagRule<G: Grid = Grid8> {
    /// The kind that must reach it, per side.
    pub kind: [Option<u8>; 2],
    /// The region, per side.
    pub region: [G::Set; 2],
    /// The second player gets one more move to reach it too (racing
    /// kings: both there is a draw).
    pub flag_move: bool,
    /// How many pieces must stand there (`flagPieceCount`, default 1).
    pub count: u32,
    /// A full region wins too, with fewer pieces (`flagPieceBlockedWin`).
    pub blocked_win: bool,
    /// Pieces there count only when the opponent does not attack them,
    /// and a side that got there wins on its next turn if they still
    /// stand (`flagPieceSafe`, dobutsu's lion).
    pub safe: bool,
}

/// The rules of a variant from data.
#[derive(Clone, Debug)]
pub struct FairyRules<G: Grid = Grid8> {
    /// The board's files (`maxFile`), at most the grid's.
    pub files: u8,
    /// The board's ranks (`maxRank`), at most the grid's.
    pub ranks: u8,
    /// The board's squares in its grid: what lands beyond them is cut
    /// away (every mobility region is within them).
    pub board: G::Set,
    /// The piece kinds.
    pub kinds: Vec<Kind<G>>,
    /// The start position, in Fairy-Stockfish's FEN.
    pub start_fen: String,
    /// The royal kind: never left attacked; checkmate is its capture.
    pub king: Option<u8>,
    /// The kind named `pawn`: it steps twice (or three times) from its
    /// regions without Betza saying so, as Fairy-Stockfish's pawn does.
    pub pawn: Option<u8>,
    /// Where a promoting kind promotes, per side.
    pub promotion_region: [G::Set; 2],
    /// The kinds that promote, per side.
    pub promotion_pawns: [KindSet; 2],
    /// What they may promote to, per side.
    pub promotion_pieces: [KindSet; 2],
    /// A move into the region must promote.
    pub mandatory_promotion: bool,
    /// What each kind turns into when it promotes as a shogi piece does
    /// (`promotedPieceType`), by kind: into, within or out of the
    /// promotion region, the pawn only into it.
    pub promoted_kind: Vec<Option<u8>>,
    /// The kinds that have such a promotion (a set of `promoted_kind`'s
    /// keys, asked on every move listed).
    pub piece_promoters: KindSet,
    /// Whether such a promotion must be taken when it can
    /// (`mandatoryPiecePromotion`).
    pub mandatory_piece_promotion: bool,
    /// How many of each kind a side may have on the board for a pawn to
    /// promote to it (`promotionLimit`), by kind; 0 where there is no
    /// limit. Grand chess's pawn takes back only what was captured so.
    pub promotion_limit: Vec<u32>,
    /// Where each kind, per side, could never move again, so that a
    /// move or drop there without promoting is illegal
    /// (`immobilityIllegal`); empty where the key is off.
    pub immobile: Vec<[G::Set; 2]>,
    /// The kinds with any such square: the others never ask.
    pub immobile_kinds: KindSet,
    /// The kinds whose moves perft lists and tries one by one, as a rule
    /// above may remove some of them (promotion limits, immobility).
    pub listed_kinds: KindSet,
    /// Where the pawn's double step and every kind's initial (`i`)
    /// moves start, per side (empty when `doubleStep` is off).
    pub double_step_region: [G::Set; 2],
    /// Where the pawn's triple step starts, per side.
    pub triple_step_region: [G::Set; 2],
    /// The squares an en passant capture may land on, per capturing side.
    pub en_passant_region: [G::Set; 2],
    /// The kinds that may capture en passant, per side
    /// (`enPassantTypes`): by default every kind whose Betza text has
    /// `e`, and the pawn always. They take there on squares they capture
    /// to but cannot move to, as Fairy-Stockfish has it.
    pub en_passant_kinds: [KindSet; 2],
    /// Castling is played.
    pub castling: bool,
    /// Where castling takes the king and the rook.
    pub castle_layout: CastleLayout<G>,
    /// The kind that castles as the king.
    pub castling_king: Option<u8>,
    /// The kinds that castle as the rook.
    pub castling_rooks: KindSet,
    /// The royal kings may not face each other along an open line
    /// (`flyingGeneral`, xiangqi): a move that leaves them so is illegal.
    pub flying_general: bool,
    /// A promoted piece taken goes to the hand as what it is, not as a
    /// pawn (`dropLoop`, loop chess); FENs mark no piece promoted.
    pub drop_loop: bool,
    /// The kind (`bishop`) whose drops must leave a side able to have
    /// its bishops on squares of both colours (`dropOppositeColoredBishop`,
    /// placement chess).
    pub opposite_bishops: Option<u8>,
    /// A king dropped on its castling square, or a castling rook on its
    /// own with the king at home, gains the castling right
    /// (`castlingDroppedPiece`, placement chess).
    pub castling_dropped_piece: bool,
    /// The kind (the shogi pawn) whose drop may not mate
    /// (`shogiPawnDropMateIllegal`): such a mate wins for the mated side.
    pub pawn_drop_mate: Option<u8>,
    /// Chess960 (`chess960`): the king and rooks castle from wherever the
    /// start put them, each position's FEN names the rooks' files
    /// (Shredder-FEN, X-FEN read too), and castling is written as the
    /// king taking its own rook (docs/rules.md, "Chess960").
    pub chess960: bool,
    /// A move may give check (racing kings: it may not).
    pub checking: bool,
    /// A capture must be made when one can.
    pub must_capture: bool,
    /// What having no move means when not in check.
    pub stalemate: Verdict,
    /// What having no move in check means.
    pub checkmate: Verdict,
    /// Extinction, if the variant has it.
    pub extinction: Option<Extinction>,
    /// Capture the flag, if the variant has it.
    pub flag: Option<FlagRule<G>>,
    /// Checks are counted in the FEN (`3+3`) and the last one wins.
    pub check_counting: bool,
    /// Pieces in hand may be dropped (`pieceDrops`).
    pub drops: bool,
    /// Where each side may drop (`dropRegionWhite`, `dropRegionBlack`).
    pub drop_region: [G::Set; 2],
    /// Pawns may be dropped on their first rank (`firstRankPawnDrops`).
    pub first_rank_pawn_drops: bool,
    /// Pawns may be dropped in their promotion region
    /// (`promotionZonePawnDrops`).
    pub promotion_zone_pawn_drops: bool,
    /// The kind that may not be dropped on a file already holding
    /// [`Self::drop_no_doubled_count`] of its side's own (`dropNoDoubled`,
    /// shogi's pawn).
    pub drop_no_doubled: Option<u8>,
    /// How many make a file full for it (`dropNoDoubledCount`).
    pub drop_no_doubled_count: u32,
    /// A drop may give check (`dropChecks`).
    pub drop_checks: bool,
    /// A piece with a promoted kind may be dropped as it (`dropPromoted`).
    pub drop_promoted: bool,
    /// While a side holds a piece of these kinds (`mustDrop`, with
    /// `mustDropType`; empty when drops are free), it drops one of them
    /// if it can, and drops nothing else.
    pub must_drop: KindSet,
    /// Shogi-style promotions happen on captures only
    /// (`piecePromotionOnCapture`).
    pub piece_promotion_on_capture: bool,
    /// A promoted piece may turn back, as a promotion does
    /// (`pieceDemotion`).
    pub piece_demotion: bool,
    /// The kinds a promotion makes, which may turn back where
    /// [`Self::piece_demotion`] allows it.
    pub demoting_kinds: KindSet,
    /// Repeating a position by checking all the way loses
    /// (`perpetualCheckIllegal`): a rule of the game's history, which
    /// perft does not count and games play at the repetition's end.
    pub perpetual_check_illegal: bool,
    /// A captured piece goes to the capturer's hand (`capturesToHand`),
    /// a promoted one as a pawn.
    pub captures_to_hand: bool,
    /// A capture explodes (atomic): the capturing piece and every piece
    /// but pawns next to the square are removed too.
    pub blast: bool,
    /// The kinds an explosion spares (`blastImmuneTypes`).
    pub blast_immune: KindSet,
    /// A royal king in check may move only to take its checker (makpong).
    pub makpong: bool,
    /// Each side may pass its turn (`pass`, or `passOnStalemate`, which
    /// allows it only when no other move is legal), by White and Black.
    pub pass: [bool; 2],
    /// Passing only when no other move is legal (`passOnStalemate`).
    pub pass_on_stalemate: [bool; 2],
    /// A stalemate is decided by the number of pieces
    /// (`stalematePieceCount`): the side with fewer gets `stalemate`,
    /// the one with more its opposite, equal numbers draw.
    pub stalemate_piece_count: bool,
    /// The counting rule, if any (kept for the game's draw rules).
    pub counting: Option<CountingRule>,
    /// The kinds whose moves, like captures, restart the move count.
    pub n_move_kinds: KindSet,
    /// Plies without a pawn move or capture that draw (0: none).
    pub n_move_rule: u32,
    /// Repetitions of a position that end the game.
    pub n_fold_rule: u32,
    /// What the repetition means for the side to move.
    pub n_fold: Verdict,
    /// `n_fold` is White's, whoever is to move (`nFoldValueAbsolute`:
    /// minishogi's repetition loses for the side that moved first).
    pub n_fold_absolute: bool,
    /// Where each kind may stand, per kind then side (the whole board
    /// when free).
    pub mobility_region: Vec<[G::Set; 2]>,
    /// What each kind is worth, in centipawns, worked out from its moves
    /// once ([`value::kind_value`]).
    pub values: Vec<i32>,
}

impl<G: Grid> FairyRules<G> {
    /// Where `side`'s piece of `kind` may not move or be dropped without
    /// promoting (`immobilityIllegal`); empty for most kinds, which ask
    /// no table.
    #[inline]
    pub fn immobile_squares(&self, side: Color, kind: u8) -> G::Set {
        if has_kind(self.immobile_kinds, kind) {
            self.immobile[usize::from(kind)][side.index()]
        } else {
            G::Set::EMPTY
        }
    }

    /// The kind lettered `letter` (either case).
    pub fn kind_of_letter(&self, letter: char) -> Option<u8> {
        let upper = letter.to_ascii_uppercase();
        self.kinds
            .iter()
            .position(|k| k.letter == upper)
            .map(|i| i as u8)
    }

    /// Whether a position of the variant can have an en-passant square:
    /// a kind takes en passant and some piece steps twice (makruk's
    /// pawn, which never does, takes nothing en passant).
    pub fn has_en_passant(&self) -> bool {
        self.double_step_region != [G::Set::EMPTY; 2] && self.en_passant_kinds != [0; 2]
    }

    /// The FEN letter of a piece.
    pub fn letter(&self, color: Color, kind: u8) -> char {
        let upper = self.kinds.get(kind as usize).map_or('?', |k| k.letter);
        color.fold(upper, upper.to_ascii_lowercase())
    }
}

/// Whether `kind` is in `set`.
pub fn has_kind(set: KindSet, kind: u8) -> bool {
    set & (1 << kind) != 0
}

/// Why a FEN could not be read under a variant's rules.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FairyFenError {
    /// Not even the placement and the side to move.
    #[error("it needs placement and the side to move (then castling and en passant)")]
    Fields,
    /// The side to move is not `w` or `b`.
    #[error("the side to move is not w or b")]
    Side,
    /// Not eight ranks of eight squares.
    #[error("the placement is not {ranks} rows of {files} squares")]
    Shape {
        /// The board's files.
        files: u8,
        /// The board's ranks.
        ranks: u8,
    },
    /// One row of the placement (counted from the top, from 1) is not
    /// as wide as the board.
    #[error("row {row} of the placement is not {files} squares wide")]
    Row {
        /// The row, from 1 at the top.
        row: u8,
        /// The board's files.
        files: u8,
    },
    /// A letter no kind of the variant has.
    #[error("'{0}' is no piece of this variant")]
    Letter(char),
    /// Castling rights other than `KQkq` or `-`.
    #[error("the castling rights are not KQkq or -")]
    Castling,
    /// A Chess960 castling right (`K`, `Q` or a rook's file) with no
    /// king and rook of its side on its rank to castle with.
    #[error("the castling right '{0}' has no king and rook to castle with")]
    Castling960(char),
    /// An en passant square that is no square.
    #[error("the en passant square is not a square")]
    EnPassant,
    /// Check counts not written `3+3`.
    #[error("the checks still to give are not written as 3+3")]
    Checks,
    /// A pocket (`[Qn]`) not closed, or too full.
    #[error("the pieces in hand are not written as [Qn]")]
    Pocket,
    /// A halfmove clock that is not a whole number in range.
    #[error("the halfmove clock is not a whole number from 0 to {MAX_MOVE_COUNTER}")]
    HalfmoveClock,
    /// A move number that is not a whole number in range.
    #[error("the move number is not a whole number from 1 to {MAX_MOVE_COUNTER}")]
    MoveNumber,
    /// A counting rule's limit, in the en passant field's place, that is
    /// not a whole number in range.
    #[error("the count's limit is not a whole number from 0 to {MAX_MOVE_COUNTER}")]
    CountingLimit,
    /// A position the variant's rules refuse, as the position editor
    /// would ([`setup::fen_problems`]).
    #[error("{0}")]
    Setup(crate::setup::SetupProblem),
    /// The royal king is a promotion choice (`promotionPieceTypes`,
    /// `promotedPieceType`): a side could get a second king, so the
    /// variant has no position to start from.
    #[error("the royal king may not be a promotion choice (promotionPieceTypes, promotedPieceType): a side would have two kings")]
    RoyalPromotion,
}
