//! A position under [`FairyRules`]: its legal moves, the position after
//! one, how the game has ended, and perft, all as Fairy-Stockfish rules
//! them, so that its numbers are the reference (tests/fairy/perft.txt).

use super::{has_kind, FairyFenError, FairyRules, Verdict, MAX_KINDS};
use crate::core::attacks::{between, king_attacks, line};
use crate::core::betza::Reach;
use crate::core::fen::MAX_MOVE_COUNTER;
use crate::core::{Bitboard, Color, Square};
use std::sync::Arc;

mod counting;

/// How a move is made beyond going from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FairyMoveKind {
    /// A move or capture on the destination.
    Normal,
    /// A pawn's double or triple step, or a kind's initial-only move
    /// (`i`): the squares it passes may be taken en passant.
    DoubleStep,
    /// A capture of the piece that just passed the destination.
    EnPassant,
    /// Castling, written as the king's two-square move.
    Castle,
    /// A move that promotes to this kind.
    Promotion(u8),
    /// A move on which the piece turns into its promoted kind, this one,
    /// as a shogi piece does (`promotedPieceType`): written `+`.
    PiecePromotion(u8),
    /// A piece of this kind put from the hand on the empty square `to`
    /// (`from` is `to` too).
    Drop(u8),
    /// The turn passed (`pass`): written as the king's square twice, or
    /// the first piece's where there is no king, as Fairy-Stockfish
    /// writes it.
    Pass,
}

/// The rule that ended a game from data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FairyEnd {
    /// The side to move is in check with no move.
    Checkmate,
    /// The side to move has no move and is not in check.
    Stalemate,
    /// No move and not in check, decided by who has fewer pieces
    /// (`stalematePieceCount`).
    PieceCount,
    /// A side has too few pieces of a kind (`extinctionValue`).
    Extinction,
    /// A piece reached its flag region (`flagRegion`).
    Flag,
    /// The last check was given (`checkCounting`).
    Checks,
    /// Too many moves without a capture or a pawn's move (`nMoveRule`).
    MoveRule,
    /// Both sides passed in a row.
    Passes,
    /// The count of a counting rule ran out (`countingRule`).
    Counting,
}

/// Why a move the piece could make is not legal now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FairyRefusal {
    /// No move of the piece goes there now (a piece in the way, no
    /// piece to hop over).
    NotAMove,
    /// It would leave a royal piece of the mover attacked.
    LeavesRoyalAttacked,
    /// It would give check where no move may.
    GivesCheck,
    /// A capture must be made, and it is none.
    MustCapture,
}

/// How a game from data ended, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FairyEnding {
    /// What the end means for the side to move.
    pub verdict: Verdict,
    /// The rule that ended it.
    pub why: FairyEnd,
}

/// A move in a [`FairyPosition`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FairyMove {
    /// From.
    pub from: Square,
    /// To.
    pub to: Square,
    /// How.
    pub kind: FairyMoveKind,
}

impl FairyMove {
    /// The move as UCI and Fairy-Stockfish write it: from, to, and a
    /// promotion's piece letter in lower case (`e7e8q`); a drop as its
    /// letter in upper case, `@` and the square (`N@f3`).
    pub fn uci(&self, rules: &FairyRules) -> String {
        match self.kind {
            FairyMoveKind::Drop(k) => format!("{}@{}", rules.letter(Color::White, k), self.to),
            FairyMoveKind::Promotion(k) => {
                format!("{}{}{}", self.from, self.to, rules.letter(Color::Black, k))
            }
            FairyMoveKind::PiecePromotion(_) => format!("{}{}+", self.from, self.to),
            _ => format!("{}{}", self.from, self.to),
        }
    }
}

/// A piece: its side and kind.
type Man = (Color, u8);

/// In [`FairyPosition`]'s `unpromoted`: no piece promoted as a shogi
/// piece stands there.
const NOT_PROMOTED: u8 = u8::MAX;

/// The side a FEN letter stands for: upper case White.
fn side_of_letter(c: char) -> Color {
    if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    }
}

/// A position under [`FairyRules`].
#[derive(Clone, Debug)]
pub struct FairyPosition {
    rules: Arc<FairyRules>,
    squares: [Option<Man>; 64],
    by_color: [Bitboard; 2],
    by_kind: [Bitboard; MAX_KINDS],
    turn: Color,
    /// White's king side, White's queen side, Black's, Black's.
    castling: [bool; 4],
    /// The squares an en passant capture may land on now.
    en_passant: Bitboard,
    /// The piece an en passant capture takes.
    en_passant_victim: Option<Square>,
    /// Checks each side still has to give (check counting).
    checks_left: [u32; 2],
    /// Plies since the last capture or move of an `nMoveRuleTypes` kind.
    halfmoves: u32,
    /// The move number, from 1.
    fullmoves: u32,
    /// Each side's pieces in hand, by kind (drops).
    hands: [[u8; MAX_KINDS]; 2],
    /// Pieces that were promoted, which go to the hand as pawns.
    promoted: Bitboard,
    /// Passes played in a row just before this position (two end the
    /// game in a draw, as in Fairy-Stockfish).
    passes: u8,
    /// The kind each promoted piece was before it promoted
    /// (`promotedPieceType`), by square; [`NOT_PROMOTED`] elsewhere.
    unpromoted: [u8; 64],
    /// The plies the counting rule allows, 0 while nothing is counted.
    counting_limit: u32,
    /// The plies counted so far.
    counting_ply: u32,
}

/// Reads the checks still to give, `3+3` (White's first).
fn read_checks(field: &str) -> Result<[u32; 2], FairyFenError> {
    let (w, b) = field.split_once('+').ok_or(FairyFenError::Checks)?;
    let read = |s: &str| s.parse::<u32>().map_err(|_| FairyFenError::Checks);
    Ok([read(w)?, read(b)?])
}

/// The checks to give at the start: what a FEN without them means.
fn start_checks(rules: &FairyRules) -> Result<[u32; 2], FairyFenError> {
    let field = rules
        .start_fen
        .split_whitespace()
        .nth(4)
        .filter(|f| f.contains('+'));
    read_checks(field.ok_or(FairyFenError::Checks)?)
}

/// The squares a ride from `a` to `b` passes: the steps of the smallest
/// whole step between them (rook and bishop lines from the table).
fn straight_path(a: Square, b: Square) -> Bitboard {
    if line(a, b).any() {
        return between(a, b);
    }
    steps_between(a, b)
}

/// The squares from `a` towards `b` by the smallest whole step between
/// them, neither end included.
fn steps_between(a: Square, b: Square) -> Bitboard {
    let (dx, dy) = (b.file() - a.file(), b.rank() - a.rank());
    let gcd = {
        let (mut x, mut y) = (dx.unsigned_abs(), dy.unsigned_abs());
        while y != 0 {
            (x, y) = (y, x % y);
        }
        x.max(1) as i8
    };
    let step = (dx / gcd, dy / gcd);
    let mut out = Bitboard::EMPTY;
    let mut at = a.offset(step.0, step.1);
    while let Some(sq) = at.filter(|&s| s != b) {
        out.insert(sq);
        at = sq.offset(step.0, step.1);
    }
    out
}

/// The squares a line move from `a` to `b` passes: the steps of the
/// smallest whole step between them, and a lame leap's leg.
fn path_between(a: Square, b: Square) -> Bitboard {
    let (dx, dy) = (b.file() - a.file(), b.rank() - a.rank());
    let mut out = steps_between(a, b);
    // A lame leap's leg: the squares beside the straight way.
    for sq in Square::all() {
        let (fx, fy) = (sq.file() - a.file(), sq.rank() - a.rank());
        let inside = |v: i8, d: i8| {
            if d >= 0 {
                (0..=d).contains(&v)
            } else {
                (d..=0).contains(&v)
            }
        };
        if dx.abs() <= 3 && dy.abs() <= 3 && inside(fx, dx) && inside(fy, dy) && sq != a && sq != b
        {
            out.insert(sq);
        }
    }
    out
}

/// Whether `set` has at least `n` squares, without counting them all.
fn at_least(set: Bitboard, n: usize) -> bool {
    let mut rest = set.0;
    for _ in 1..n {
        if rest == 0 {
            return false;
        }
        rest &= rest - 1;
    }
    rest != 0
}

/// What keeps the mover's royal pieces safe at a node: a move by
/// another piece can uncover one only from a square on an enemy line
/// towards it, and (with hoppers or lame leapers about) also by landing
/// on one. Where checks are not allowed, the same for the enemy king.
#[derive(Clone, Copy)]
struct Shield {
    royals: Bitboard,
    lines: Bitboard,
    hoppers: bool,
    /// Promotions may make a new pseudo-royal piece: always tried.
    try_promotions: bool,
    /// The enemy king and the lines towards it, when no move may check.
    watch: Option<(Square, Bitboard, bool)>,
    /// Captures explode: they are always tried.
    blast: bool,
    /// One royal piece, attacked only along rides (no hoppers, no
    /// explosions, no new royal pieces): a piece on a line is pinned
    /// only when it alone stands between, and may move along it.
    pins: bool,
}

/// Where a kind's pieces may go and what changes there, for counting.
#[derive(Clone, Copy)]
struct KindRegions {
    /// Where it may move at all (`mobilityRegion`).
    allowed: Bitboard,
    /// Where it may make its initial moves.
    initial: Bitboard,
    /// Where it promotes.
    promotes: Bitboard,
    /// Where it may make the pawn's double and triple steps.
    steps: Bitboard,
}

impl Shield {
    /// Whether `m` may blow pieces up, or changes more than its own
    /// piece's square (so that with explosions it is always tried).
    fn explodes(pos: &FairyPosition, m: FairyMove) -> bool {
        pos.is_capture(m)
            || matches!(
                m.kind,
                FairyMoveKind::Castle
                    | FairyMoveKind::Promotion(_)
                    | FairyMoveKind::PiecePromotion(_)
                    | FairyMoveKind::Drop(_)
            )
    }

    /// Whether `m` is surely legal without being tried.
    fn spares(self, pos: &FairyPosition, m: FairyMove) -> bool {
        let on = |lines: Bitboard, hoppers: bool| {
            lines.contains(m.from) || (hoppers && lines.contains(m.to))
        };
        if self.royals.contains(m.from)
            || matches!(
                m.kind,
                FairyMoveKind::EnPassant | FairyMoveKind::Castle | FairyMoveKind::Pass
            )
            || on(self.lines, self.hoppers)
            || (self.try_promotions
                && matches!(
                    m.kind,
                    FairyMoveKind::Promotion(_) | FairyMoveKind::PiecePromotion(_)
                ))
            || (self.blast && Shield::explodes(pos, m))
        {
            return false;
        }
        let Some((king, lines, hoppers)) = self.watch else {
            return true;
        };
        let kind = match (m.kind, pos.squares[m.from.index()]) {
            (
                FairyMoveKind::Promotion(k)
                | FairyMoveKind::PiecePromotion(k)
                | FairyMoveKind::Drop(k),
                _,
            )
            | (_, Some((_, k))) => k,
            _ => return false,
        };
        let moves = &pos.rules.kinds[kind as usize].moves;
        if on(lines, hoppers) || !moves.empty_board_captures(pos.turn, m.to).contains(king) {
            return !on(lines, hoppers);
        }
        let occupied = pos.occupied().without(m.from).with(m.to);
        !moves
            .reach(Reach::Capture, pos.turn, m.to, occupied)
            .contains(king)
    }
}

impl FairyPosition {
    /// The variant's start position, judged as any FEN is; a variant
    /// whose promotions could make a second royal king has none.
    pub fn start(rules: Arc<FairyRules>) -> Result<FairyPosition, FairyFenError> {
        if let Some(king) = rules.king {
            let promotes_to_king = rules
                .promotion_pieces
                .iter()
                .any(|&set| has_kind(set, king))
                || rules.promoted_kind.contains(&Some(king));
            if promotes_to_king {
                return Err(FairyFenError::RoyalPromotion);
            }
        }
        let fen = rules.start_fen.clone();
        FairyPosition::from_fen(rules, &fen)
    }

    /// Reads a FEN as Fairy-Stockfish writes it for the variant (with
    /// the checks still to give, `3+3`, when checks are counted; without
    /// them, the start's), and judges the position as the position editor
    /// does ([`super::setup::fen_problems`]): the first problem refuses it.
    pub fn from_fen(rules: Arc<FairyRules>, fen: &str) -> Result<FairyPosition, FairyFenError> {
        let pos = FairyPosition::from_fen_as_written(rules, fen)?;
        match super::setup::fen_problems(&pos).into_iter().next() {
            Some(problem) => Err(FairyFenError::Setup(problem)),
            None => Ok(pos),
        }
    }

    /// Reads a FEN as [`FairyPosition::from_fen`] does, without judging
    /// the position: for a draft, whose problems are listed all together,
    /// and for Fairy-Stockfish's reference positions, some of which a
    /// game could not reach.
    pub fn from_fen_as_written(
        rules: Arc<FairyRules>,
        fen: &str,
    ) -> Result<FairyPosition, FairyFenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let [placement, turn, castling, ep, ref rest @ ..] = fields[..] else {
            return Err(FairyFenError::Fields);
        };
        let mut pos = FairyPosition {
            rules,
            squares: [None; 64],
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; MAX_KINDS],
            turn: match turn {
                "w" => Color::White,
                "b" => Color::Black,
                _ => return Err(FairyFenError::Side),
            },
            castling: [false; 4],
            en_passant: Bitboard::EMPTY,
            en_passant_victim: None,
            checks_left: [0; 2],
            halfmoves: 0,
            fullmoves: 1,
            hands: [[0; MAX_KINDS]; 2],
            promoted: Bitboard::EMPTY,
            passes: 0,
            unpromoted: [NOT_PROMOTED; 64],
            counting_limit: 0,
            counting_ply: 0,
        };
        // The counters first: a bad one is named whatever else is wrong.
        let mut rest = rest.iter().copied().peekable();
        if pos.rules.check_counting {
            pos.checks_left = match rest.next_if(|f| f.contains('+')) {
                Some(field) => read_checks(field)?,
                None => start_checks(&pos.rules)?,
            };
        }
        let mut number = |default: u32, least: u32, error: FairyFenError| {
            rest.next().map_or(Ok(default), |f| {
                f.parse::<u32>()
                    .ok()
                    .filter(|n| (least..=MAX_MOVE_COUNTER).contains(n))
                    .ok_or(error)
            })
        };
        pos.halfmoves = number(0, 0, FairyFenError::HalfmoveClock)?;
        pos.fullmoves = number(1, 1, FairyFenError::MoveNumber)?;
        pos.read_placement(placement)?;
        for c in castling.chars().filter(|&c| c != '-') {
            let i = "KQkq".find(c).ok_or(FairyFenError::Castling)?;
            pos.castling[i] = true;
        }
        let counted = pos.rules.counting.is_some() && ep.bytes().all(|b| b.is_ascii_digit());
        if counted {
            pos.counting_limit = ep
                .parse()
                .ok()
                .filter(|n| *n <= MAX_MOVE_COUNTER)
                .ok_or(FairyFenError::CountingLimit)?;
            // The halfmove clock's place holds the plies counted.
            if pos.counting_limit > 0 {
                pos.counting_ply = std::mem::take(&mut pos.halfmoves);
            }
        } else if ep != "-" {
            pos.read_en_passant(ep)?;
        }
        Ok(pos)
    }

    fn read_placement(&mut self, placement: &str) -> Result<(), FairyFenError> {
        let (placement, pocket) = match placement.split_once('[') {
            Some((board, rest)) => (
                board,
                Some(rest.strip_suffix(']').ok_or(FairyFenError::Pocket)?),
            ),
            None => (placement, None),
        };
        for c in pocket.unwrap_or("").chars() {
            let kind = self
                .rules
                .kind_of_letter(c)
                .ok_or(FairyFenError::Letter(c))?;
            let side = if c.is_ascii_uppercase() { 0 } else { 1 };
            let count = &mut self.hands[side][kind as usize];
            *count = count.checked_add(1).ok_or(FairyFenError::Pocket)?;
        }
        let (files, ranks) = (self.rules.files as i8, self.rules.ranks as i8);
        let rows: Vec<&str> = placement.split('/').collect();
        if rows.len() != ranks as usize {
            return Err(FairyFenError::Shape);
        }
        for (i, row) in rows.iter().enumerate() {
            let rank = ranks - 1 - i as i8;
            let mut file = 0i8;
            let mut chars = row.chars().peekable();
            while let Some(c) = chars.next() {
                if c == '+' {
                    // `+P`: a piece promoted from P, standing as its
                    // promoted kind.
                    let letter = chars.next().ok_or(FairyFenError::Letter(c))?;
                    let from = self.rules.kind_of_letter(letter);
                    let promoted = from.and_then(|k| self.rules.promoted_kind[k as usize]);
                    let (Some(from), Some(kind)) = (from, promoted) else {
                        return Err(FairyFenError::Letter(letter));
                    };
                    let sq = Square::from_coords(file, rank).ok_or(FairyFenError::Shape)?;
                    self.put(sq, (side_of_letter(letter), kind));
                    self.unpromoted[sq.index()] = from;
                    file += 1;
                    continue;
                }
                if c == '~' {
                    let last = Square::from_coords(file - 1, rank).ok_or(FairyFenError::Shape)?;
                    self.promoted.insert(last);
                    continue;
                }
                if let Some(d) = c.to_digit(10) {
                    file += d as i8;
                    if file > files {
                        return Err(FairyFenError::Shape);
                    }
                    continue;
                }
                let kind = self
                    .rules
                    .kind_of_letter(c)
                    .ok_or(FairyFenError::Letter(c))?;
                let sq = Square::from_coords(file, rank).ok_or(FairyFenError::Shape)?;
                self.put(sq, (side_of_letter(c), kind));
                file += 1;
            }
            if file != files {
                return Err(FairyFenError::Shape);
            }
        }
        Ok(())
    }

    /// Reads the en passant squares, written one after another
    /// (`b3b4`); the piece that passed them stands on one (a kind's long
    /// initial move) or just behind them (a pawn's step).
    fn read_en_passant(&mut self, field: &str) -> Result<(), FairyFenError> {
        let chars: Vec<char> = field.chars().collect();
        if chars.is_empty() || !chars.len().is_multiple_of(2) {
            return Err(FairyFenError::EnPassant);
        }
        for pair in chars.chunks(2) {
            let name: String = pair.iter().collect();
            let sq = Square::parse(&name).ok_or(FairyFenError::EnPassant)?;
            self.en_passant.insert(sq);
        }
        let them = self.turn.other();
        let on_one = (self.en_passant & self.by_color[them.index()]).first();
        let behind = self
            .en_passant
            .first()
            .and_then(|sq| self.piece_behind(sq, them));
        self.en_passant_victim = on_one.or(behind);
        Ok(())
    }

    /// The nearest piece of `side` behind `sq` as `side` moves: the one
    /// that passed it.
    fn piece_behind(&self, sq: Square, side: Color) -> Option<Square> {
        let step = side.fold(1, -1);
        let mut next = sq.offset(0, step);
        while let Some(s) = next {
            if self.by_color[side.index()].contains(s) {
                return Some(s);
            }
            next = s.offset(0, step);
        }
        None
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The piece on `sq`: its side and kind.
    pub fn piece_at(&self, sq: Square) -> Option<(Color, u8)> {
        self.squares[sq.index()]
    }

    /// The rules it is played under.
    pub fn rules(&self) -> &Arc<FairyRules> {
        &self.rules
    }

    /// The castling rights: White's king side, queen side, Black's.
    pub fn castling(&self) -> [bool; 4] {
        self.castling
    }

    /// The squares an en passant capture may land on now.
    pub fn en_passant(&self) -> Bitboard {
        self.en_passant
    }

    /// Plies since the last capture or pawn move.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number, from 1.
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// Checks each side still has to give (check counting).
    pub fn checks_left(&self) -> [u32; 2] {
        self.checks_left
    }

    /// Passes played in a row just before this position.
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// The piece an en passant capture would take now.
    pub fn en_passant_victim(&self) -> Option<Square> {
        self.en_passant_victim
    }

    /// Why no legal move goes from `from` to `to` though the piece there
    /// may move so: what an explanation of a refused move says.
    pub fn refusal(&self, from: Square, to: Square) -> FairyRefusal {
        let mut pseudo = Vec::new();
        if self.variant_end().is_none() {
            self.pseudo_moves(&mut pseudo);
        }
        pseudo.retain(|m| m.from == from && m.to == to);
        if pseudo.is_empty() {
            return FairyRefusal::NotAMove;
        }
        if pseudo.iter().any(|&m| self.is_legal(m)) {
            // Legal but for another rule that only keeps captures.
            return FairyRefusal::MustCapture;
        }
        if !self.rules.checking && pseudo.iter().any(|&m| self.gives_check(m)) {
            return FairyRefusal::GivesCheck;
        }
        FairyRefusal::LeavesRoyalAttacked
    }

    /// How many pieces of `kind` `side` has on the board: what an
    /// evaluation of extinction asks without scanning the squares.
    pub fn count_on_board(&self, side: Color, kind: u8) -> u32 {
        self.pieces_of(side, kind).count()
    }

    /// Each side's pieces in hand, by kind.
    pub fn hand(&self, side: Color) -> &[u8; MAX_KINDS] {
        &self.hands[side.index()]
    }

    fn put(&mut self, sq: Square, man: Man) {
        self.take(sq);
        self.squares[sq.index()] = Some(man);
        self.by_color[man.0.index()].insert(sq);
        self.by_kind[man.1 as usize].insert(sq);
    }

    fn take(&mut self, sq: Square) -> Option<Man> {
        let man = self.squares[sq.index()].take()?;
        self.unpromoted[sq.index()] = NOT_PROMOTED;
        self.by_color[man.0.index()].remove(sq);
        self.by_kind[man.1 as usize].remove(sq);
        Some(man)
    }

    fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares of `side`'s pieces of `kind`.
    fn pieces_of(&self, side: Color, kind: u8) -> Bitboard {
        self.by_kind[kind as usize] & self.by_color[side.index()]
    }

    /// Whether a piece of `by` attacks `target`: each kind's captures
    /// read backwards from the target where they can be, else from each
    /// piece of the kind.
    pub fn attacked(&self, target: Square, by: Color) -> bool {
        self.attacked_with(target, by, self.occupied(), self.by_color[by.index()], None)
    }

    /// [`Self::attacked`] with `occupied` on the board and `by`'s pieces
    /// only those in `pieces`: the board as a move would leave it.
    fn attacked_with(
        &self,
        target: Square,
        by: Color,
        occupied: Bitboard,
        pieces: Bitboard,
        landed: Option<(u8, Square)>,
    ) -> bool {
        let (landed_kind, landed_on) = match landed {
            Some((k, sq)) => (k as usize, Bitboard::from_square(sq)),
            None => (usize::MAX, Bitboard::EMPTY),
        };
        self.rules.kinds.iter().enumerate().any(|(i, kind)| {
            let mut theirs = self.by_kind[i] & pieces;
            if i == landed_kind {
                theirs |= landed_on;
            }
            if theirs.is_empty() {
                false
            } else if kind.reversible {
                // Attackers stand where the kind reaches backwards on an
                // empty board; the pieces in the way need only be asked then.
                (kind.moves.empty_board_captures(by.other(), target) & theirs).any()
                    && (kind
                        .moves
                        .reach(Reach::Capture, by.other(), target, occupied)
                        & theirs)
                        .any()
            } else {
                theirs.any_square(|from| {
                    kind.moves.empty_board_captures(by, from).contains(target)
                        && kind
                            .moves
                            .reach(Reach::Capture, by, from, occupied)
                            .contains(target)
                })
            }
        })
    }

    /// Whether `side`'s royal king is attacked.
    pub fn in_check(&self, side: Color) -> bool {
        let Some(king) = self.rules.king else {
            return false;
        };
        self.pieces_of(side, king)
            .any_square(|sq| self.attacked(sq, side.other()))
    }

    /// The pieces of `by` that attack `target`.
    fn attackers(&self, target: Square, by: Color) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for from in self.by_color[by.index()] {
            if let Some((_, kind)) = self.squares[from.index()] {
                let moves = &self.rules.kinds[kind as usize].moves;
                if moves
                    .reach(Reach::Capture, by, from, self.occupied())
                    .contains(target)
                {
                    out.insert(from);
                }
            }
        }
        out
    }

    /// `side`'s pseudo-royal pieces: those of an extinction kind it
    /// cannot lose without losing.
    fn pseudo_royals(&self, side: Color) -> Bitboard {
        let Some(ext) = self.rules.extinction.as_ref().filter(|e| e.pseudo_royal) else {
            return Bitboard::EMPTY;
        };
        (0..self.rules.kinds.len() as u8)
            .filter(|&k| has_kind(ext.kinds, k))
            .map(|k| self.pieces_of(side, k))
            .filter(|pieces| pieces.count() <= ext.count.saturating_add(1))
            .fold(Bitboard::EMPTY, |all, pieces| all | pieces)
    }

    /// Whether one of `side`'s pseudo-royal pieces is attacked.
    pub(super) fn pseudo_royal_attacked(&self, side: Color) -> bool {
        self.pseudo_royals(side)
            .any_square(|sq| self.attacked(sq, side.other()))
    }

    /// How the game has ended, for the side to move, or `None` while it
    /// goes on: the variant's own ends first, then no legal move.
    pub fn outcome(&self) -> Option<Verdict> {
        self.ending().map(|e| e.verdict)
    }

    /// [`Self::outcome`] with the rule that ended the game.
    pub fn ending(&self) -> Option<FairyEnding> {
        let has_moves = self.variant_end().is_none() && !self.legal_moves().is_empty();
        self.ending_given(has_moves)
    }

    /// [`Self::ending`] when it is known whether the side to move has a
    /// legal move (a caller that listed them need not list them again).
    pub fn ending_given(&self, has_moves: bool) -> Option<FairyEnding> {
        if let Some(end) = self.variant_ending() {
            return Some(end);
        }
        let ended = |verdict, why| Some(FairyEnding { verdict, why });
        let mated = || !has_moves && self.in_check(self.turn);
        if self.count_ran_out() && !mated() {
            return ended(Verdict::Draw, FairyEnd::Counting);
        }
        let n_moves = self.rules.n_move_rule;
        // The n-move rule draws, unless the last move mated.
        if n_moves > 0 && self.halfmoves >= n_moves.saturating_mul(2) && !mated() {
            return ended(Verdict::Draw, FairyEnd::MoveRule);
        }
        if has_moves {
            return None;
        }
        if self.in_check(self.turn) {
            return ended(self.rules.checkmate, FairyEnd::Checkmate);
        }
        if !self.rules.stalemate_piece_count {
            return ended(self.rules.stalemate, FairyEnd::Stalemate);
        }
        let count = |side: Color| self.by_color[side.index()].count();
        let verdict = match count(self.turn).cmp(&count(self.turn.other())) {
            std::cmp::Ordering::Equal => Verdict::Draw,
            std::cmp::Ordering::Less => self.rules.stalemate,
            std::cmp::Ordering::Greater => self.rules.stalemate.flipped(),
        };
        ended(verdict, FairyEnd::PieceCount)
    }

    /// An end by the variant's own rules (extinction, the flag, the last
    /// check), which leaves no move to play.
    pub fn variant_end(&self) -> Option<Verdict> {
        self.variant_ending().map(|e| e.verdict)
    }

    /// [`Self::variant_end`] with the rule that ended the game.
    fn variant_ending(&self) -> Option<FairyEnding> {
        let rules = &self.rules;
        if rules.extinction.is_none() && rules.flag.is_none() && !rules.check_counting {
            // Only the passes can end it (chess and most variants: never).
            return (self.passes >= 2).then_some(FairyEnding {
                verdict: Verdict::Draw,
                why: FairyEnd::Passes,
            });
        }
        let by = |why| move |verdict| FairyEnding { verdict, why };
        self.extinction_end()
            .map(by(FairyEnd::Extinction))
            .or_else(|| self.flag_end().map(by(FairyEnd::Flag)))
            .or_else(|| self.check_count_end().map(by(FairyEnd::Checks)))
            .or_else(|| {
                (self.passes >= 2)
                    .then_some(Verdict::Draw)
                    .map(by(FairyEnd::Passes))
            })
    }

    fn extinction_end(&self) -> Option<Verdict> {
        let blast = self.rules.blast;
        let ext = self
            .rules
            .extinction
            .as_ref()
            .filter(|e| !e.pseudo_royal || blast)?;
        let us = self.turn;
        for side in [us.other(), us] {
            let count = |c: Color, kind: Option<u8>| match kind {
                None => self.by_color[c.index()].count(),
                Some(k) => self.pieces_of(c, k).count(),
            };
            let kinds = (0..self.rules.kinds.len() as u8)
                .filter(|&k| has_kind(ext.kinds, k))
                .map(Some)
                .chain(ext.all_pieces.then_some(None));
            for kind in kinds {
                let needed = ext.opponent_count + u32::from(ext.claim && side == us);
                if count(side, kind) <= ext.count && count(side.other(), kind) >= needed {
                    return Some(if side == us {
                        ext.verdict
                    } else {
                        ext.verdict.flipped()
                    });
                }
            }
        }
        None
    }

    fn flag_reached(&self, side: Color) -> bool {
        let Some(flag) = &self.rules.flag else {
            return false;
        };
        flag.kind[side.index()]
            .is_some_and(|k| (self.pieces_of(side, k) & flag.region[side.index()]).any())
    }

    fn flag_is_king(&self, side: Color) -> bool {
        let flag = self.rules.flag.as_ref();
        flag.is_some_and(|f| {
            f.kind[side.index()].is_some() && f.kind[side.index()] == self.rules.king
        })
    }

    fn flag_end(&self) -> Option<Verdict> {
        let flag = self.rules.flag.as_ref()?;
        let (us, them) = (self.turn, self.turn.other());
        if flag.flag_move && self.flag_reached(us) {
            let both = us == Color::White && self.flag_is_king(them) && self.flag_reached(them);
            return Some(if both { Verdict::Draw } else { Verdict::Win });
        }
        if (!flag.flag_move || self.flag_is_king(us)) && self.flag_reached(them) {
            let can_follow = flag.flag_move
                && self.flag_is_king(us)
                && us == Color::Black
                && !self.in_check(us)
                && self.king_can_reach_flag();
            return (!can_follow).then_some(Verdict::Loss);
        }
        None
    }

    /// Whether Black's king has a legal move into its flag region, to
    /// draw by reaching it right after White (racing kings).
    fn king_can_reach_flag(&self) -> bool {
        let (Some(flag), Some(king)) = (&self.rules.flag, self.rules.king) else {
            return false;
        };
        let mut moves = Vec::new();
        self.pseudo_moves(&mut moves);
        moves.into_iter().any(|m| {
            self.squares[m.from.index()] == Some((self.turn, king))
                && flag.region[self.turn.index()].contains(m.to)
                && self.is_legal(m)
        })
    }

    fn check_count_end(&self) -> Option<Verdict> {
        let them = self.turn.other();
        (self.rules.check_counting && self.checks_left[them.index()] == 0).then_some(Verdict::Loss)
    }

    /// The legal moves: none once the game has ended by the variant's
    /// own rules.
    pub fn legal_moves(&self) -> Vec<FairyMove> {
        let mut moves = Vec::new();
        self.legal_moves_into(&mut moves);
        moves
    }

    /// [`Self::legal_moves`] into `moves`, emptied first, so that a
    /// search can keep one buffer per ply.
    pub fn legal_moves_into(&self, moves: &mut Vec<FairyMove>) {
        moves.clear();
        if self.variant_end().is_some() {
            return;
        }
        self.pseudo_moves(moves);
        let shield = self.shield();
        moves.retain(|&m| shield.is_some_and(|s| s.spares(self, m)) || self.is_legal(m));
        if self.rules.must_capture && moves.iter().any(|&m| self.is_capture(m)) {
            moves.retain(|&m| self.is_capture(m));
        }
        let passing = |m: &FairyMove| m.kind == FairyMoveKind::Pass;
        if self.rules.pass_on_stalemate[self.turn.index()] && moves.iter().any(|m| !passing(m)) {
            moves.retain(|m| !passing(m));
        }
    }

    /// What keeps the mover's royal pieces safe now, when that lets
    /// most moves be known legal without trying them; `None` when every
    /// move must be tried (a royal piece attacked, several enemy kings).
    fn shield(&self) -> Option<Shield> {
        let rules = &self.rules;
        let (us, them) = (self.turn, self.turn.other());
        let kings = |side: Color| {
            rules
                .king
                .map_or(Bitboard::EMPTY, |k| self.pieces_of(side, k))
        };
        let royals = kings(us) | self.pseudo_royals(us);
        let (lines, hoppers) = self.unattacked_lines(royals, them)?;
        let watch = match (rules.checking, kings(them)) {
            (true, _) => None,
            (false, k) if k.is_empty() => None,
            (false, k) => {
                let king = k.single()?;
                let (lines, hoppers) = self.lines_towards(k, us);
                Some((king, lines, hoppers))
            }
        };
        let try_promotions = rules.extinction.as_ref().is_some_and(|e| e.pseudo_royal);
        Some(Shield {
            royals,
            lines,
            hoppers,
            try_promotions,
            watch,
            blast: rules.blast,
            pins: !hoppers
                && !rules.blast
                && !try_promotions
                && !rules.makpong
                && royals.single().is_some(),
        })
    }

    /// [`Self::lines_towards`] when no piece of `by` attacks `targets`,
    /// found in the same pass over `by`'s kinds; `None` when one does.
    fn unattacked_lines(&self, targets: Bitboard, by: Color) -> Option<(Bitboard, bool)> {
        let (mut lines, mut hoppers) = (Bitboard::EMPTY, false);
        let occupied = self.occupied();
        for (i, k) in self.rules.kinds.iter().enumerate() {
            let theirs = self.by_kind[i] & self.by_color[by.index()];
            if theirs.is_empty() {
                continue;
            }
            let along = k.moves.captures_along_lines();
            for target in targets {
                let near = match k.reversible {
                    true => k.moves.empty_board_captures(by.other(), target) & theirs,
                    false => theirs.fold(Bitboard::EMPTY, |near, from| {
                        match k.moves.empty_board_captures(by, from).contains(target) {
                            true => near.with(from),
                            false => near,
                        }
                    }),
                };
                if near.is_empty() {
                    continue;
                }
                let attacks = match k.reversible {
                    true => {
                        (k.moves.reach(Reach::Capture, by.other(), target, occupied) & near).any()
                    }
                    false => near.any_square(|from| {
                        k.moves
                            .reach(Reach::Capture, by, from, occupied)
                            .contains(target)
                    }),
                };
                if attacks {
                    return None;
                }
                if along {
                    for from in near {
                        lines |= match k.reversible {
                            true => straight_path(from, target),
                            false => path_between(from, target),
                        };
                    }
                    hoppers |= k.hops;
                }
            }
        }
        Some((lines, hoppers))
    }

    /// The squares on `by`'s capture lines towards `targets`, and whether
    /// any such piece hops or leaps lamely (so a piece landing there
    /// matters too).
    fn lines_towards(&self, targets: Bitboard, by: Color) -> (Bitboard, bool) {
        let (mut lines, mut hoppers) = (Bitboard::EMPTY, false);
        for (i, k) in self.rules.kinds.iter().enumerate() {
            let theirs = self.by_kind[i] & self.by_color[by.index()];
            if theirs.is_empty() || !k.moves.captures_along_lines() {
                continue;
            }
            let mut add = |from: Square, target: Square| {
                // Only lame leaps have legs beside the straight way.
                lines |= match k.reversible {
                    true => straight_path(from, target),
                    false => path_between(from, target),
                };
                hoppers |= k.hops;
            };
            if k.reversible {
                // Only pieces that reach a target on an empty board.
                for target in targets {
                    for from in k.moves.empty_board_captures(by.other(), target) & theirs {
                        add(from, target);
                    }
                }
            } else {
                for from in theirs {
                    for target in k.moves.empty_board_captures(by, from) & targets {
                        add(from, target);
                    }
                }
            }
        }
        (lines, hoppers)
    }

    /// Whether `m` takes a piece.
    pub fn is_capture(&self, m: FairyMove) -> bool {
        match m.kind {
            FairyMoveKind::EnPassant => true,
            FairyMoveKind::Castle | FairyMoveKind::Pass => false,
            _ => self.squares[m.to.index()].is_some(),
        }
    }

    /// A pseudo-legal move is legal when it leaves no royal king or
    /// pseudo-royal piece of the mover attacked, where checks are not
    /// allowed gives none, and under makpong moves a king in check only
    /// to take its one checker.
    fn is_legal(&self, m: FairyMove) -> bool {
        let us = self.turn;
        let king_moves = self
            .rules
            .king
            .is_some_and(|k| self.piece_at(m.from) == Some((us, k)));
        if self.rules.makpong && king_moves {
            let checkers = self.attackers(m.from, us.other());
            if checkers.any() && checkers != Bitboard::from_square(m.to) {
                return false;
            }
        }
        if self.rules.blast {
            return self.blast_leaves_royals_safe(m);
        }
        if !matches!(m.kind, FairyMoveKind::Castle | FairyMoveKind::Pass)
            && self
                .rules
                .extinction
                .as_ref()
                .is_none_or(|e| !e.pseudo_royal)
        {
            return self.leaves_king_safe(m, king_moves)
                && (self.rules.checking || !self.gives_check(m));
        }
        let next = self.played(m);
        let safe = match m.kind {
            // As Fairy-Stockfish has it, the pieces royal before a
            // shogi-style promotion stay so, the mover following its
            // piece, and the promoted piece does not become royal.
            FairyMoveKind::PiecePromotion(_) => {
                let mut royals = self.pseudo_royals(us);
                if royals.contains(m.from) {
                    royals = royals.without(m.from).with(m.to);
                }
                !royals.any_square(|sq| next.attacked(sq, us.other()))
            }
            _ => !next.pseudo_royal_attacked(us),
        };
        !next.in_check(us) && safe && (self.rules.checking || !next.in_check(us.other()))
    }

    /// Legality where captures explode: no royal piece of the mover may
    /// be blown up; blowing up an enemy royal piece wins whatever else;
    /// else none of the mover's royal pieces may be left attacked, but
    /// one touching an enemy royal piece cannot be taken (the taker
    /// would blow up its own).
    fn blast_leaves_royals_safe(&self, m: FairyMove) -> bool {
        let (us, them) = (self.turn, self.turn.other());
        let kings = |side: Color| {
            self.rules
                .king
                .map_or(Bitboard::EMPTY, |k| self.pieces_of(side, k))
        };
        let mut ours = kings(us) | self.pseudo_royals(us);
        if ours.contains(m.from) {
            ours = ours.without(m.from).with(m.to);
        }
        let theirs = kings(them) | self.pseudo_royals(them);
        if ours.is_empty() {
            return true;
        }
        if !Shield::explodes(self, m) {
            // Nothing blows up: only the squares of the moving piece change.
            let occupied = self.occupied().without(m.from).with(m.to);
            let pieces = self.by_color[them.index()];
            return !ours.any_square(|sq| {
                (king_attacks(sq) & theirs).is_empty()
                    && self.attacked_with(sq, them, occupied, pieces, None)
            });
        }
        let next = self.played(m);
        if (ours & !next.occupied()).any() {
            return false;
        }
        if (theirs & !next.occupied()).any() {
            return true;
        }
        !ours.any_square(|sq| (king_attacks(sq) & theirs).is_empty() && next.attacked(sq, them))
    }

    /// Whether `m` leaves the enemy's royal king attacked, found from the
    /// squares it empties and fills without playing it.
    fn gives_check(&self, m: FairyMove) -> bool {
        let us = self.turn;
        let Some(king) = self.rules.king else {
            return false;
        };
        let kings = self.pieces_of(us.other(), king).without(m.to);
        let Some(target) = kings.single() else {
            return kings.any() && self.played(m).in_check(us.other());
        };
        let moved = match (m.kind, self.squares[m.from.index()]) {
            (
                FairyMoveKind::Promotion(k)
                | FairyMoveKind::PiecePromotion(k)
                | FairyMoveKind::Drop(k),
                _,
            )
            | (_, Some((_, k))) => k,
            _ => return false,
        };
        let (occupied, _) = self.board_after(m);
        let ours = self.by_color[us.index()].without(m.from);
        self.attacked_with(target, us, occupied, ours, Some((moved, m.to)))
    }

    /// The occupied squares after `m` (not castling) and the square of
    /// the piece it takes, found without playing it.
    fn board_after(&self, m: FairyMove) -> (Bitboard, Bitboard) {
        let taken = match (m.kind, self.en_passant_victim) {
            (FairyMoveKind::EnPassant, Some(victim)) => Bitboard::from_square(victim),
            _ => Bitboard::from_square(m.to),
        };
        let occupied = (self.occupied().without(m.from) & !taken).with(m.to);
        (occupied, taken)
    }

    /// Whether the mover's royal king is unattacked after `m`, found from
    /// the squares it empties and fills without playing it.
    fn leaves_king_safe(&self, m: FairyMove, king_moves: bool) -> bool {
        let us = self.turn;
        let Some(king) = self.rules.king else {
            return true;
        };
        let kings = self.pieces_of(us, king);
        let target = if king_moves {
            m.to
        } else {
            match kings.single() {
                Some(sq) => sq,
                None => return kings.is_empty() || !self.played(m).in_check(us),
            }
        };
        let (occupied, taken) = self.board_after(m);
        let theirs = self.by_color[us.other().index()] & !taken;
        !self.attacked_with(target, us.other(), occupied, theirs, None)
    }

    fn pseudo_moves(&self, out: &mut Vec<FairyMove>) {
        for from in self.by_color[self.turn.index()] {
            if let Some((_, kind)) = self.squares[from.index()] {
                self.piece_moves(from, kind, out);
            }
        }
        self.castles(out);
        self.drops(out);
        self.pass(out);
    }

    /// The pass, where the variant allows it: the king stays on its
    /// square (the first piece stays, with no king).
    fn pass(&self, out: &mut Vec<FairyMove>) {
        let us = self.turn;
        if !self.rules.pass[us.index()] {
            return;
        }
        let kings = self
            .rules
            .king
            .map_or(Bitboard::EMPTY, |k| self.pieces_of(us, k));
        let stays = kings.first().or_else(|| self.by_color[us.index()].first());
        if let Some(sq) = stays {
            out.push(FairyMove {
                from: sq,
                to: sq,
                kind: FairyMoveKind::Pass,
            });
        }
    }

    /// Where the mover's piece of `kind` on `from` goes by its own moves
    /// (not the pawn's double steps or en passant), and which of those
    /// squares only its initial move reaches.
    fn targets(&self, from: Square, kind: u8) -> (Bitboard, Bitboard) {
        let us = self.turn;
        let occupied = self.occupied();
        let enemies = self.by_color[us.other().index()];
        let moves = &self.rules.kinds[kind as usize].moves;
        let allowed = self.rules.mobility_region[kind as usize][us.index()];
        let initial = self.rules.kinds[kind as usize].has_initial
            && self.rules.double_step_region[us.index()].contains(from);
        let targets = moves.moves(us, from, occupied, enemies, initial) & allowed;
        let only_initial = if initial {
            moves.reach(Reach::InitialQuiet, us, from, occupied)
                & !moves.reach(Reach::Quiet, us, from, Bitboard::EMPTY)
                & !occupied
        } else {
            Bitboard::EMPTY
        };
        (targets, only_initial)
    }

    /// The pseudo-legal moves of the mover's piece of `kind` on `from`.
    fn piece_moves(&self, from: Square, kind: u8, out: &mut Vec<FairyMove>) {
        let (targets, only_initial) = self.targets(from, kind);
        for to in targets {
            let how = if only_initial.contains(to) {
                FairyMoveKind::DoubleStep
            } else {
                FairyMoveKind::Normal
            };
            self.push_move(from, to, kind, how, out);
        }
        if Some(kind) == self.rules.pawn {
            self.pawn_steps(from, out);
        }
        self.en_passant_captures(from, kind, out);
    }

    /// How many legal moves there are: what perft needs at its last ply.
    /// Where the shield spares all of a piece's moves they are counted
    /// as a set, without being listed; `scratch` holds the rest.
    fn count_legal(&self, scratch: &mut Vec<FairyMove>) -> u64 {
        let shield = match self.shield() {
            Some(s) if s.watch.is_none() => s,
            _ => {
                self.legal_moves_into(scratch);
                return scratch.len() as u64;
            }
        };
        let passes = self.rules.pass[self.turn.index()];
        if self.rules.must_capture || self.rules.drops || passes || self.variant_end().is_some() {
            self.legal_moves_into(scratch);
            return scratch.len() as u64;
        }
        scratch.clear();
        let mut count = 0;
        for kind in 0..self.rules.kinds.len() as u8 {
            if self.pieces_of(self.turn, kind).any() {
                count += self.count_kind(shield, kind, scratch);
            }
        }
        self.castles(scratch);
        count + self.count_listed(shield, scratch)
    }

    /// The legal moves among those listed in `scratch`, which is emptied.
    #[inline]
    fn count_listed(&self, shield: Shield, scratch: &mut Vec<FairyMove>) -> u64 {
        let legal = scratch
            .iter()
            .filter(|&&m| shield.spares(self, m) || self.is_legal(m));
        let n = legal.count() as u64;
        scratch.clear();
        n
    }

    /// The legal moves of the mover's pieces of `kind`, for
    /// [`Self::count_legal`].
    #[inline]
    fn count_kind(&self, shield: Shield, kind: u8, scratch: &mut Vec<FairyMove>) -> u64 {
        let (side, us) = (self.turn, self.turn.index());
        let rules = &self.rules;
        let k = &rules.kinds[kind as usize];
        let pieces = self.pieces_of(side, kind);
        if has_kind(rules.piece_promoters, kind) {
            // Shogi-style promotions are listed and tried, move by move.
            for from in pieces {
                self.piece_moves(from, kind, scratch);
            }
            return self.count_listed(shield, scratch);
        }
        let plain = !k.has_initial
            && !has_kind(rules.promotion_pawns[us], kind)
            && rules.pawn != Some(kind)
            && !shield.hoppers
            && !shield.blast
            && (self.en_passant.is_empty() || !has_kind(rules.en_passant_kinds[us], kind));
        let allowed = rules.mobility_region[kind as usize][us];
        if plain {
            return self.count_plain(shield, kind, allowed, scratch);
        }
        let only = |yes: bool, region: Bitboard| if yes { region } else { Bitboard::EMPTY };
        let regions = KindRegions {
            allowed: rules.mobility_region[kind as usize][us],
            initial: only(k.has_initial, rules.double_step_region[us]),
            promotes: only(
                has_kind(rules.promotion_pawns[us], kind),
                rules.promotion_region[us],
            ),
            steps: only(
                rules.pawn == Some(kind),
                rules.double_step_region[us] | rules.triple_step_region[us],
            ),
        };
        let mut count = 0;
        let mut each = pieces;
        let many = k.moves.leap_count().is_some_and(|n| at_least(pieces, n));
        if many && !shield.hoppers && !shield.blast {
            // Leapers off every line to a royal piece, with no promotion
            // or initial move in reach, move as one set.
            let up = side.fold(1, -1);
            let promotes = regions.promotes;
            let near = match promotes.any() {
                true => {
                    k.moves.leaping_into(side, promotes)
                        | (promotes.shifted(0, -2 * up) | promotes.shifted(0, -3 * up))
                            & regions.steps
                }
                false => Bitboard::EMPTY,
            };
            let free = pieces & !(shield.royals | shield.lines) & !regions.initial & !near;
            let empty = !self.occupied() & regions.allowed;
            let enemies = self.by_color[side.other().index()] & regions.allowed;
            if let Some(n) = k.moves.leaps_of_all(side, free, empty, enemies) {
                count += u64::from(n) + u64::from(self.step_count(free & regions.steps, kind));
                if self.en_passant.any() {
                    for from in free {
                        self.en_passant_captures(from, kind, scratch);
                    }
                    count += self.count_listed(shield, scratch);
                }
                each &= !free;
            }
        }
        for from in each {
            count += self.count_piece(shield, from, kind, regions, scratch);
        }
        count
    }

    /// [`Self::count_kind`] for a kind with no promotion, step, initial
    /// move or en passant: the pieces off every line to a royal piece
    /// have all their moves, counted in one tight loop.
    fn count_plain(
        &self,
        shield: Shield,
        kind: u8,
        allowed: Bitboard,
        scratch: &mut Vec<FairyMove>,
    ) -> u64 {
        let side = self.turn;
        let moves = &self.rules.kinds[kind as usize].moves;
        let pieces = self.pieces_of(side, kind);
        let occupied = self.occupied();
        let enemies = self.by_color[side.other().index()];
        let risky = shield.royals | shield.lines;
        let mut count = 0;
        for from in pieces & !risky {
            let targets = moves.moves(side, from, occupied, enemies, false);
            count += u64::from((targets & allowed).count());
        }
        let regions = KindRegions {
            allowed,
            initial: Bitboard::EMPTY,
            promotes: Bitboard::EMPTY,
            steps: Bitboard::EMPTY,
        };
        for from in pieces & risky {
            count += self.count_piece(shield, from, kind, regions, scratch);
        }
        count
    }

    /// The legal moves of the mover's piece of `kind` on `from`, for
    /// [`Self::count_legal`]: counted as a set where the shield spares
    /// them all, else listed and tried.
    #[inline]
    fn count_piece(
        &self,
        shield: Shield,
        from: Square,
        kind: u8,
        regions: KindRegions,
        scratch: &mut Vec<FairyMove>,
    ) -> u64 {
        let side = self.turn;
        let occupied = self.occupied();
        let enemies = self.by_color[side.other().index()];
        let moves = &self.rules.kinds[kind as usize].moves;
        let initial = regions.initial.contains(from);
        let targets = moves.moves(side, from, occupied, enemies, initial) & regions.allowed;
        let stepped = match regions.steps.contains(from) {
            true => self.step_targets(from, kind),
            false => Bitboard::EMPTY,
        };
        let pinned = shield.lines.contains(from);
        let royal = shield.royals.contains(from);
        let promotes = ((targets | stepped) & regions.promotes).any();
        if royal && shield.pins && !promotes && Some(kind) == self.rules.king {
            return self.count_king(from, targets | stepped, scratch);
        }
        let listed = royal || promotes || (pinned && !shield.pins);
        if listed {
            self.piece_moves(from, kind, scratch);
            return self.count_listed(shield, scratch);
        }
        let (targets, stepped) = match pinned {
            true => {
                let allowed = self.pin_mask(from, shield.royals);
                (targets & allowed, stepped & allowed)
            }
            false => (targets, stepped),
        };
        let mut unsure = Bitboard::EMPTY;
        if shield.hoppers {
            unsure |= shield.lines;
        }
        if shield.blast {
            unsure |= occupied;
        }
        let mut count = u64::from((targets & !unsure).count());
        if stepped.any() {
            count += u64::from((stepped & !unsure).count());
        }
        if unsure.any() {
            for to in (targets & unsure).chain(stepped & unsure) {
                let m = FairyMove {
                    from,
                    to,
                    kind: FairyMoveKind::Normal,
                };
                count += u64::from(self.is_legal(m));
            }
        }
        if self.en_passant.any() {
            self.en_passant_captures(from, kind, scratch);
        }
        match scratch.is_empty() {
            true => count,
            false => count + self.count_listed(shield, scratch),
        }
    }

    /// The legal moves of the mover's one royal king on `from` going to
    /// `targets` (and en passant), each asked only whether its square is
    /// attacked.
    fn count_king(&self, from: Square, targets: Bitboard, scratch: &mut Vec<FairyMove>) -> u64 {
        let mut count = 0;
        for to in targets {
            let m = FairyMove {
                from,
                to,
                kind: FairyMoveKind::Normal,
            };
            count += u64::from(self.leaves_king_safe(m, true));
        }
        if self.en_passant.any() {
            if let Some(kind) = self.rules.king {
                self.en_passant_captures(from, kind, scratch);
                for &m in scratch.iter() {
                    count += u64::from(self.is_legal(m));
                }
                scratch.clear();
            }
        }
        count
    }

    /// Where the mover's piece on `from` may go without uncovering its
    /// one royal piece `royal`: along the line of the rider it alone
    /// holds back, or anywhere. Only where [`Shield::pins`] holds.
    fn pin_mask(&self, from: Square, royal: Bitboard) -> Bitboard {
        let Some(king) = royal.single() else {
            return Bitboard::EMPTY;
        };
        let (us, them) = (self.turn, self.turn.other());
        let occupied = self.occupied();
        let mut allowed = Bitboard::FULL;
        for (i, k) in self.rules.kinds.iter().enumerate() {
            let theirs = self.by_kind[i] & self.by_color[them.index()];
            // One-way kinds near the royal piece turn pins off (hoppers).
            if theirs.is_empty() || !k.moves.captures_along_lines() || !k.reversible {
                continue;
            }
            for a in k.moves.empty_board_captures(us, king) & theirs {
                let path = straight_path(a, king);
                if path.contains(from) && (path & occupied) == Bitboard::from_square(from) {
                    allowed &= path.with(a);
                }
            }
        }
        allowed
    }

    /// Drops from the hand on empty squares; pawns never on their first
    /// rank or in their promotion region.
    fn drops(&self, out: &mut Vec<FairyMove>) {
        let us = self.turn;
        if !self.rules.drops {
            return;
        }
        let empty = !self.occupied();
        for (kind, &n) in self.hands[us.index()]
            .iter()
            .enumerate()
            .take(self.rules.kinds.len())
        {
            if n == 0 {
                continue;
            }
            let kind = kind as u8;
            let mut squares = empty & self.rules.mobility_region[kind as usize][us.index()];
            if Some(kind) == self.rules.pawn {
                squares &=
                    !Bitboard::rank(us.fold(0, 7)) & !self.rules.promotion_region[us.index()];
            }
            for to in squares {
                out.push(FairyMove {
                    from: to,
                    to,
                    kind: FairyMoveKind::Drop(kind),
                });
            }
        }
    }

    /// Pushes a move, or the promotions it may or must be: a promoting
    /// kind's into the promotion region, and a shogi-style promotion into,
    /// within or out of it (`promotedPieceType`), as Fairy-Stockfish
    /// lists them.
    fn push_move(
        &self,
        from: Square,
        to: Square,
        kind: u8,
        how: FairyMoveKind,
        out: &mut Vec<FairyMove>,
    ) {
        let us = self.turn.index();
        let rules = &self.rules;
        if !has_kind(rules.promotion_pawns[us] | rules.piece_promoters, kind) {
            out.push(FairyMove {
                from,
                to,
                kind: how,
            });
            return;
        }
        let zone = rules.promotion_region[us];
        let mut plain = true;
        if has_kind(rules.promotion_pawns[us], kind) && zone.contains(to) {
            for p in 0..rules.kinds.len() as u8 {
                if has_kind(rules.promotion_pieces[us], p) {
                    out.push(FairyMove {
                        from,
                        to,
                        kind: FairyMoveKind::Promotion(p),
                    });
                }
            }
            plain = !rules.mandatory_promotion;
        }
        if let Some(p) = rules.promoted_kind[kind as usize].filter(|_| rules.king != Some(kind)) {
            // The pawn promotes so only into the region, other kinds
            // also within and out of it.
            let pawn = rules.pawn == Some(kind);
            if zone.contains(to) || (!pawn && zone.contains(from)) {
                out.push(FairyMove {
                    from,
                    to,
                    kind: FairyMoveKind::PiecePromotion(p),
                });
                if !pawn && rules.mandatory_piece_promotion {
                    plain = false;
                }
            }
        }
        if plain {
            out.push(FairyMove {
                from,
                to,
                kind: how,
            });
        }
    }

    /// The pawn's double and triple steps from their regions.
    fn pawn_steps(&self, from: Square, out: &mut Vec<FairyMove>) {
        if let Some(kind) = self.rules.pawn {
            for to in self.step_targets(from, kind) {
                self.push_move(from, to, kind, FairyMoveKind::DoubleStep, out);
            }
        }
    }

    /// Where the pawn of `kind` on `from` goes by double and triple steps
    /// from their regions, across empty squares.
    fn step_targets(&self, from: Square, kind: u8) -> Bitboard {
        self.steps_of(Bitboard::from_square(from), kind)
            .into_iter()
            .fold(Bitboard::EMPTY, |all, to| all | to)
    }

    /// How many double and triple steps all of `pawns` (of `kind`) have.
    fn step_count(&self, pawns: Bitboard, kind: u8) -> u32 {
        self.steps_of(pawns, kind)
            .iter()
            .map(|to| if to.any() { to.count() } else { 0 })
            .sum()
    }

    /// Where `pawns` of `kind` go by double steps, and by triple steps,
    /// from their regions across empty squares, as a set each.
    fn steps_of(&self, pawns: Bitboard, kind: u8) -> [Bitboard; 2] {
        let us = self.turn.index();
        let up = self.turn.fold(1, -1);
        let empty = !self.occupied();
        let allowed = self.rules.mobility_region[kind as usize][us];
        let regions = [
            (2, self.rules.double_step_region[us]),
            (3, self.rules.triple_step_region[us]),
        ];
        regions.map(|(steps, region)| {
            let mut at = pawns & region;
            for _ in 0..steps {
                at = at.shifted(0, up) & empty;
            }
            at & allowed
        })
    }

    /// En passant, for a kind the variant lets take so: onto a square it
    /// captures to but could not move to quietly.
    fn en_passant_captures(&self, from: Square, kind: u8, out: &mut Vec<FairyMove>) {
        let us = self.turn;
        if self.en_passant.is_empty() || !has_kind(self.rules.en_passant_kinds[us.index()], kind) {
            return;
        }
        let targets = self.en_passant & !self.occupied() & self.rules.en_passant_region[us.index()];
        if targets.is_empty() || self.en_passant_victim.is_none() {
            return;
        }
        let moves = &self.rules.kinds[kind as usize].moves;
        let occupied = self.occupied();
        let reach = moves.reach(Reach::Capture, us, from, occupied)
            & !moves.reach(Reach::Quiet, us, from, occupied);
        for to in reach & targets {
            out.push(FairyMove {
                from,
                to,
                kind: FairyMoveKind::EnPassant,
            });
        }
    }

    /// Castling: king and rook on their squares with the right kept, the
    /// squares between empty, and a royal king neither in check nor
    /// passing or landing on an attacked square.
    fn castles(&self, out: &mut Vec<FairyMove>) {
        let Some(king) = self.rules.castling_king.filter(|_| self.rules.castling) else {
            return;
        };
        let us = self.turn;
        let rights = match us {
            Color::White => &self.castling[..2],
            Color::Black => &self.castling[2..],
        };
        if !rights.iter().any(|&right| right) {
            return;
        }
        let unsafe_square = |sq: Square| {
            let their_royals = self.pseudo_royals(us.other());
            let touching = self.rules.blast && (king_attacks(sq) & their_royals).any();
            !touching && self.attacked(sq, us.other())
        };
        let first = us.fold(0, 2);
        let layout = &self.rules.castle_layout;
        for (i, names) in layout.squares.iter().enumerate().skip(first).take(2) {
            if !self.castling[i] {
                continue;
            }
            let [kf, kt, rf, _] = *names;
            let [crossed, walked] = layout.spans[i];
            if (crossed & self.occupied()).any() {
                continue;
            }
            let rook_ok = matches!(self.squares[rf.index()], Some((c, k)) if c == us && has_kind(self.rules.castling_rooks, k));
            if self.squares[kf.index()] != Some((us, king)) || !rook_ok {
                continue;
            }
            let royal = self.rules.king == Some(king)
                || (self.pseudo_royals(us) & self.pieces_of(us, king)).any();
            if royal && walked.any_square(unsafe_square) {
                continue;
            }
            out.push(FairyMove {
                from: kf,
                to: kt,
                kind: FairyMoveKind::Castle,
            });
        }
    }

    /// The position after `m`, which must be one of its moves.
    pub fn played(&self, m: FairyMove) -> FairyPosition {
        let mut next = self.clone();
        self.play_onto(m, &mut next);
        next
    }

    /// Makes `m` on `next`, a copy of this position.
    fn play_onto(&self, m: FairyMove, next: &mut FairyPosition) {
        next.en_passant = Bitboard::EMPTY;
        next.en_passant_victim = None;
        next.passes = match m.kind {
            FairyMoveKind::Pass => self.passes.saturating_add(1),
            _ => 0,
        };
        let resets = match m.kind {
            FairyMoveKind::Drop(kind) => {
                let count = &mut next.hands[self.turn.index()][kind as usize];
                *count = count.saturating_sub(1);
                next.put(m.to, (self.turn, kind));
                true
            }
            // As Fairy-Stockfish counts it, a pass by a piece of a kind
            // whose moves restart the count (a pawn) restarts it too.
            FairyMoveKind::Pass => self.squares[m.from.index()]
                .is_some_and(|(_, kind)| has_kind(self.rules.n_move_kinds, kind)),
            _ => match next.move_piece(self, m) {
                Some(resets) => resets,
                None => return,
            },
        };
        let us = self.turn;
        next.turn = us.other();
        next.halfmoves = if resets {
            0
        } else {
            self.halfmoves.saturating_add(1)
        };
        if us == Color::Black {
            next.fullmoves = self.fullmoves.saturating_add(1);
        }
        if self.rules.check_counting && next.in_check(next.turn) {
            let left = &mut next.checks_left[us.index()];
            *left = left.saturating_sub(1);
        }
        next.update_count(self, m);
    }

    /// Makes this a copy of `other` without cloning its rules again when
    /// they are already the same (perft's positions per ply).
    fn copy_from(&mut self, other: &FairyPosition) {
        let FairyPosition {
            rules,
            squares,
            by_color,
            by_kind,
            turn,
            castling,
            en_passant,
            en_passant_victim,
            checks_left,
            halfmoves,
            fullmoves,
            hands,
            promoted,
            passes,
            unpromoted,
            counting_limit,
            counting_ply,
        } = other;
        if Arc::ptr_eq(&self.rules, rules) {
            // Only the variant's kinds: the rest are empty in both.
            let kinds = rules.kinds.len().min(MAX_KINDS);
            self.by_kind[..kinds].copy_from_slice(&by_kind[..kinds]);
        } else {
            self.rules = Arc::clone(rules);
            self.by_kind = *by_kind;
        }
        self.squares = *squares;
        self.by_color = *by_color;
        self.turn = *turn;
        self.castling = *castling;
        self.en_passant = *en_passant;
        self.en_passant_victim = *en_passant_victim;
        self.checks_left = *checks_left;
        self.halfmoves = *halfmoves;
        self.fullmoves = *fullmoves;
        self.hands = *hands;
        self.promoted = *promoted;
        self.passes = *passes;
        self.unpromoted = *unpromoted;
        self.counting_limit = *counting_limit;
        self.counting_ply = *counting_ply;
    }

    /// Makes the piece move `m` on this copy of `before`: captures (to
    /// the hand where captures go there), promotions, castling, en
    /// passant, explosions and castling rights. Returns whether the move
    /// count restarts; `None` when no piece stands on `from`.
    fn move_piece(&mut self, before: &FairyPosition, m: FairyMove) -> Option<bool> {
        let us = before.turn;
        let was_promoted = before.promoted.contains(m.from);
        let unpromoted = before.unpromoted[m.from.index()];
        let man = self.take(m.from)?;
        self.promoted.remove(m.from);
        let victim = match m.kind {
            FairyMoveKind::EnPassant => before.en_passant_victim,
            FairyMoveKind::Castle => None,
            _ => Some(m.to),
        };
        if let Some(sq) = victim {
            if let Some((_, kind)) =
                before.squares[sq.index()].filter(|_| before.rules.captures_to_hand)
            {
                let back = match before.unpromoted[sq.index()] {
                    NOT_PROMOTED if before.promoted.contains(sq) => {
                        before.rules.pawn.unwrap_or(kind)
                    }
                    NOT_PROMOTED => kind,
                    from => from,
                };
                let count = &mut self.hands[us.index()][back as usize];
                *count = count.saturating_add(1);
            }
            self.promoted.remove(sq);
            if m.kind == FairyMoveKind::EnPassant {
                self.take(sq);
            }
        }
        self.take(m.to);
        match m.kind {
            FairyMoveKind::Castle => self.castle(m, man),
            FairyMoveKind::Promotion(kind) => {
                self.put(m.to, (us, kind));
                if before.rules.drops {
                    self.promoted.insert(m.to);
                }
            }
            FairyMoveKind::PiecePromotion(kind) => {
                self.put(m.to, (us, kind));
                self.unpromoted[m.to.index()] = man.1;
            }
            _ => {
                self.put(m.to, man);
                self.unpromoted[m.to.index()] = unpromoted;
            }
        }
        if m.kind == FairyMoveKind::DoubleStep {
            self.en_passant = before.passed_squares(m, man.1);
            self.en_passant_victim = Some(m.to);
        }
        if was_promoted && m.kind != FairyMoveKind::Castle {
            self.promoted.insert(m.to);
        }
        let blasted = if before.rules.blast && before.is_capture(m) {
            self.explode(m.to)
        } else {
            Bitboard::EMPTY
        };
        let touched = blasted.with(m.from).with(m.to);
        let layout = &before.rules.castle_layout;
        if (touched & layout.corners).any() && self.castling.iter().any(|&right| right) {
            for (i, names) in layout.squares.iter().enumerate() {
                let [kf, _, rf, _] = *names;
                if touched.contains(kf) || touched.contains(rf) {
                    self.castling[i] = false;
                }
            }
        }
        let irreversible = || {
            let moves = &before.rules.kinds[man.1 as usize].moves;
            !moves
                .reach(Reach::Quiet, us, m.to, Bitboard::EMPTY)
                .contains(m.from)
        };
        Some(
            before.is_capture(m)
                || matches!(
                    m.kind,
                    FairyMoveKind::Promotion(_) | FairyMoveKind::PiecePromotion(_)
                )
                || (has_kind(before.rules.n_move_kinds, man.1) && irreversible()),
        )
    }

    /// A capture's explosion on `at`: the piece there and every piece but
    /// pawns next to it go, save the immune kinds. Returns the squares.
    fn explode(&mut self, at: Square) -> Bitboard {
        let mut blasted = Bitboard::EMPTY;
        for sq in king_attacks(at).with(at) {
            let Some((_, kind)) = self.squares[sq.index()] else {
                continue;
            };
            let pawn = sq != at && Some(kind) == self.rules.pawn;
            if !pawn && !has_kind(self.rules.blast_immune, kind) {
                self.take(sq);
                blasted.insert(sq);
            }
        }
        blasted
    }

    /// The squares a double step or initial move leaves open to en
    /// passant, as Fairy-Stockfish marks them: the pawn's passed squares
    /// when an enemy can take there (or the enemy has other en passant
    /// kinds); another kind's passed squares and its own, always.
    fn passed_squares(&self, m: FairyMove, kind: u8) -> Bitboard {
        let them = self.turn.other();
        let region = self.rules.en_passant_region[them.index()];
        if Some(kind) != self.rules.pawn {
            return (between(m.from, m.to) | Bitboard::from_square(m.to)) & region;
        }
        let pawn_only = self.rules.pawn.map_or(0, |k| 1 << k);
        let others_take = self.rules.en_passant_kinds[them.index()] & !pawn_only != 0;
        let occupied = self.occupied().without(m.from).with(m.to);
        let takers = self.pieces_of(them, kind);
        let pawn = &self.rules.kinds[kind as usize].moves;
        let mut out = Bitboard::EMPTY;
        for sq in between(m.from, m.to) & region {
            if others_take || (pawn.reach(Reach::Capture, self.turn, sq, occupied) & takers).any() {
                out.insert(sq);
            }
        }
        out
    }

    /// The position in Fairy-Stockfish's FEN: several en passant squares
    /// one after another, the checks still to give after them.
    pub fn to_fen(&self) -> String {
        let mut rows = Vec::new();
        for rank in (0..self.rules.ranks as i8).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..self.rules.files as i8 {
                match Square::from_coords(file, rank).and_then(|sq| self.squares[sq.index()]) {
                    Some((color, kind)) => {
                        if empty > 0 {
                            row += &empty.to_string();
                            empty = 0;
                        }
                        let at = Square::from_coords(file, rank).map_or(0, |sq| sq.index());
                        match self.unpromoted[at] {
                            NOT_PROMOTED => row.push(self.rules.letter(color, kind)),
                            from => {
                                row.push('+');
                                row.push(self.rules.letter(color, from));
                            }
                        }
                        if Square::from_coords(file, rank)
                            .is_some_and(|sq| self.promoted.contains(sq))
                        {
                            row.push('~');
                        }
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                row += &empty.to_string();
            }
            rows.push(row);
        }
        let castling: String = "KQkq"
            .chars()
            .zip(self.castling)
            .filter_map(|(c, on)| on.then_some(c))
            .collect();
        let ep: String = self
            .en_passant
            .into_iter()
            .map(|sq| sq.to_string())
            .collect();
        let mut placement = rows.join("/");
        if self.rules.drops {
            placement.push('[');
            for color in [Color::White, Color::Black] {
                // Fairy-Stockfish's order: the strongest kinds first.
                for kind in (0..self.rules.kinds.len()).rev() {
                    let n = self.hands[color.index()][kind];
                    let letter = self.rules.letter(color, kind as u8);
                    placement.extend(std::iter::repeat_n(letter, n as usize));
                }
            }
            placement.push(']');
        }
        let mut fields = vec![
            placement,
            self.turn.fold("w", "b").to_string(),
            if castling.is_empty() {
                "-".into()
            } else {
                castling
            },
            match self.count() {
                Some((_, limit)) => limit.to_string(),
                None if ep.is_empty() => "-".into(),
                None => ep,
            },
        ];
        if self.rules.check_counting {
            fields.push(format!("{}+{}", self.checks_left[0], self.checks_left[1]));
        }
        let halfmoves = self.count().map_or(self.halfmoves, |(ply, _)| ply);
        fields.push(halfmoves.to_string());
        fields.push(self.fullmoves.to_string());
        fields.join(" ")
    }

    fn castle(&mut self, m: FairyMove, king: Man) {
        self.put(m.to, king);
        let layout = &self.rules.castle_layout;
        let squares = layout
            .squares
            .iter()
            .find(|c| c[0] == m.from && c[1] == m.to);
        if let Some(&names) = squares {
            if let Some(rook) = self.take(names[2]) {
                self.put(names[3], rook);
            }
        }
    }

    /// The number of move sequences `depth` plies long.
    pub fn perft(&self, depth: u32) -> u64 {
        let mut plies: Vec<Ply> = (0..depth)
            .map(|_| Ply {
                moves: Vec::with_capacity(64),
                next: self.clone(),
            })
            .collect();
        self.perft_with(&mut plies)
    }

    /// Perft to the depth of `plies`, one move buffer and position per ply.
    fn perft_with(&self, plies: &mut [Ply]) -> u64 {
        let Some((Ply { moves, next }, deeper)) = plies.split_first_mut() else {
            return 1;
        };
        if deeper.is_empty() {
            return self.count_legal(moves);
        }
        self.legal_moves_into(moves);
        let mut total = 0;
        for &m in moves.iter() {
            next.copy_from(self);
            self.play_onto(m, next);
            total += next.perft_with(deeper);
        }
        total
    }
}

/// One ply of perft: its moves and the position after the one tried.
struct Ply {
    moves: Vec<FairyMove>,
    next: FairyPosition,
}
