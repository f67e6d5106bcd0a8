//! Actions: everything a player (or the dice) can do, each with one text form
//! (docs/rules.md, "Notation"). A game is a start position plus a list of
//! actions.

use super::grid::{GridSquare, Spot};
use super::types::{Color, Piece, Role, Square};
use std::fmt;
use thiserror::Error;

/// How a piece move differs from "from → to, capture whatever stands there".
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// An ordinary move or capture on the destination.
    Normal,
    /// A pawn's two-square advance (sets the en-passant square).
    DoublePush,
    /// A pawn capture of the pawn beside it, landing behind it.
    EnPassant,
    /// Castling, written as the king's move; the rook goes from the a/h
    /// corner to the d/f file.
    Castle,
    /// A pawn move that promotes into the given role.
    Promotion(Role),
    /// A move on which the piece turns into its own promoted kind, this
    /// role, as a shogi piece does (a variant from data's
    /// `promotedPieceType`): written with a `+` (`c4b3+`), as
    /// Fairy-Stockfish writes it, since the piece has one promoted kind.
    PiecePromotion(Role),
    /// Contrast's strong queen removes the piece on `to` and stays on `from`.
    CaptureInPlace,
    /// A variant from data's pass: the piece stays where it is (`from ==
    /// to`, the king's square, or the first piece's without a king) and
    /// the turn goes over, written as that square twice (`e1e1`), as
    /// Fairy-Stockfish writes a pass.
    Pass,
}

/// A piece move: on chess's 8×8 squares, or (`Move<Spot>`) on a board
/// of another size, whose squares the 8×8 families' tables cannot index.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move<S = Square> {
    pub from: S,
    pub to: S,
    pub kind: MoveKind,
}

impl<S: Copy> Move<S> {
    /// A move with a special kind, on squares of any board.
    #[inline]
    pub const fn of_kind(from: S, to: S, kind: MoveKind) -> Move<S> {
        Move { from, to, kind }
    }

    /// The role the piece becomes, if the move promotes it (either way).
    #[inline]
    pub fn promotion(&self) -> Option<Role> {
        match self.kind {
            MoveKind::Promotion(r) | MoveKind::PiecePromotion(r) => Some(r),
            _ => None,
        }
    }
}

impl Move {
    /// An ordinary move.
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Normal,
        }
    }

    /// A move with a special kind.
    #[inline]
    pub const fn with_kind(from: Square, to: Square, kind: MoveKind) -> Move {
        Move { from, to, kind }
    }

    /// Where the moving piece ends up (a capture in place stays put).
    #[inline]
    pub fn destination(&self) -> Square {
        match self.kind {
            MoveKind::CaptureInPlace => self.from,
            _ => self.to,
        }
    }
}

/// A piece move on a board of another size than 8×8, packed into three
/// bytes so that [`Action`] stays four bytes, as the 8×8 families' move
/// lists, the search's tables and the transposition table want it: its
/// kind is one byte ([`WideMove::kind`] unpacks it).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct WideMove {
    pub from: Spot,
    pub to: Spot,
    /// The kind: 0–5 the plain kinds, then a promotion's role (from 8),
    /// then a piece promotion's (from 40).
    code: u8,
}

/// [`WideMove`]'s codes for the kinds without a role, in order.
const PLAIN_KINDS: [MoveKind; 6] = [
    MoveKind::Normal,
    MoveKind::DoublePush,
    MoveKind::EnPassant,
    MoveKind::Castle,
    MoveKind::CaptureInPlace,
    MoveKind::Pass,
];
const PROMOTION_CODE: u8 = 8;
const PIECE_PROMOTION_CODE: u8 = 40;

impl WideMove {
    /// The move from `from` to `to` of this kind.
    #[inline]
    pub fn new(from: Spot, to: Spot, kind: MoveKind) -> WideMove {
        let code = match kind {
            MoveKind::Promotion(r) => PROMOTION_CODE + r.index() as u8,
            MoveKind::PiecePromotion(r) => PIECE_PROMOTION_CODE + r.index() as u8,
            plain => PLAIN_KINDS.iter().position(|k| *k == plain).unwrap_or(0) as u8,
        };
        WideMove { from, to, code }
    }

    /// How the move differs from a plain one.
    #[inline]
    pub fn kind(&self) -> MoveKind {
        let role = |base: u8| Role::from_any_index(usize::from(self.code - base));
        match self.code {
            c if c >= PIECE_PROMOTION_CODE => {
                role(PIECE_PROMOTION_CODE).map_or(MoveKind::Normal, MoveKind::PiecePromotion)
            }
            c if c >= PROMOTION_CODE => {
                role(PROMOTION_CODE).map_or(MoveKind::Normal, MoveKind::Promotion)
            }
            c => PLAIN_KINDS
                .get(usize::from(c))
                .copied()
                .unwrap_or(MoveKind::Normal),
        }
    }

    /// The move with its kind unpacked.
    #[inline]
    pub fn unpacked(&self) -> Move<Spot> {
        Move::of_kind(self.from, self.to, self.kind())
    }

    /// The role the piece becomes, if the move promotes it (either way).
    #[inline]
    pub fn promotion(&self) -> Option<Role> {
        self.unpacked().promotion()
    }
}

/// Dice-Money purchases that are not placements.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Purchase {
    /// One (1) or two (2) extra chess moves after the main move.
    ExtraMoves(u8),
    /// The king moves like a queen this turn.
    KingPower,
}

/// One action. Most variants use only `Move`; Dice-Money uses them all.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A piece move.
    Move(Move),
    /// Put a piece on a vacant square (Dice-Money placements; SAN `N@e4`,
    /// the letter's case the piece's colour, whoever places it).
    Place(Piece, Square),
    /// Drop a piece of the mover's own from their hand on an empty square
    /// (a variant from data's drops, crazyhouse): written with the letter
    /// in upper case whoever drops (`N@e4`), as Fairy-Stockfish and
    /// lichess write it.
    Drop(Piece, Square),
    /// A piece move on a board of another size than 8×8 (a variant from
    /// data's), written as [`Action::Move`] is (`a10a9`, `c4b3+`).
    Wide(WideMove),
    /// A drop on a board of another size than 8×8 (`P@j5`).
    WideDrop(Piece, Spot),
    /// The outcome of a chance event: two dice, first then second.
    Roll(u8, u8),
    /// A purchase.
    Buy(Purchase),
    /// Give up the remaining extra moves of a turn.
    Pass,
}

impl From<Move> for Action {
    fn from(m: Move) -> Action {
        Action::Move(m)
    }
}

impl Action {
    /// The piece move, if this is one.
    #[inline]
    pub fn as_move(&self) -> Option<Move> {
        match self {
            Action::Move(m) => Some(*m),
            _ => None,
        }
    }

    /// Does it give up the turn (Dice-Money's giving up of extra moves,
    /// a variant from data's pass)? What a screen's pass key looks for.
    pub fn is_pass(&self) -> bool {
        matches!(
            self,
            Action::Pass
                | Action::Move(Move {
                    kind: MoveKind::Pass,
                    ..
                })
        ) || matches!(self, Action::Wide(m) if m.kind() == MoveKind::Pass)
    }

    /// The squares a piece move or drop starts from and ends on, as
    /// spots of any board: what a screen marks and a click matches,
    /// whatever the board's size. `None` for dice, purchases and passes.
    pub fn spots(&self) -> Option<(Spot, Spot)> {
        match *self {
            Action::Move(m) => Some((spot_of(m.from), spot_of(m.to))),
            Action::Place(_, sq) | Action::Drop(_, sq) => Some((spot_of(sq), spot_of(sq))),
            Action::Wide(m) => Some((m.from, m.to)),
            Action::WideDrop(_, spot) => Some((spot, spot)),
            Action::Roll(..) | Action::Buy(_) | Action::Pass => None,
        }
    }

    /// The piece put on a square from a hand or a purse, on a board of
    /// any size.
    pub fn placed_on_spot(&self) -> Option<(Piece, Spot)> {
        match *self {
            Action::Place(p, sq) | Action::Drop(p, sq) => Some((p, spot_of(sq))),
            Action::WideDrop(p, spot) => Some((p, spot)),
            _ => None,
        }
    }

    /// A piece move on a board of any size, its squares as spots: what a
    /// screen reads of a move whatever the board.
    pub fn spot_move(&self) -> Option<Move<Spot>> {
        match *self {
            Action::Move(m) => Some(Move::of_kind(spot_of(m.from), spot_of(m.to), m.kind)),
            Action::Wide(m) => Some(m.unpacked()),
            _ => None,
        }
    }

    /// The piece a drop from the hand puts down, on a board of any size.
    pub fn dropped(&self) -> Option<Piece> {
        match *self {
            Action::Drop(p, _) | Action::WideDrop(p, _) => Some(p),
            _ => None,
        }
    }

    /// The kind of move, for a piece move on a board of any size.
    pub fn move_kind(&self) -> Option<MoveKind> {
        match self {
            Action::Move(m) => Some(m.kind),
            Action::Wide(m) => Some(m.kind()),
            _ => None,
        }
    }

    /// The piece put on the board and where, for a placement or a drop.
    pub fn placed(&self) -> Option<(Piece, Square)> {
        match *self {
            Action::Place(p, sq) | Action::Drop(p, sq) => Some((p, sq)),
            _ => None,
        }
    }
}

/// Chess's square as a spot: the same file and rank.
#[inline]
pub fn spot_of(sq: Square) -> Spot {
    Spot::of_square(sq)
}

impl<S: fmt::Display> fmt::Display for Move<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            MoveKind::CaptureInPlace => write!(f, "{}^{}", self.from, self.to),
            MoveKind::Promotion(r) => write!(f, "{}{}{}", self.from, self.to, r.char()),
            MoveKind::PiecePromotion(_) => write!(f, "{}{}+", self.from, self.to),
            _ => write!(f, "{}{}", self.from, self.to),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move(m) => write!(f, "{m}"),
            Action::Place(p, sq) => write!(f, "{}@{}", p.char(), sq),
            Action::Drop(p, sq) => write!(f, "{}@{}", p.role.upper_char(), sq),
            Action::Wide(m) => write!(f, "{}", m.unpacked()),
            Action::WideDrop(p, spot) => write!(f, "{}@{}", p.role.upper_char(), spot),
            Action::Roll(a, b) => write!(f, "roll:{a},{b}"),
            Action::Buy(Purchase::ExtraMoves(n)) => write!(f, "buy:move{n}"),
            Action::Buy(Purchase::KingPower) => write!(f, "buy:king"),
            Action::Pass => write!(f, "pass"),
        }
    }
}

/// A coordinate-notation text read without a position: the shape of the
/// action. Matching it against the legal actions is the position's job.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CoordText {
    /// `e2e4`, `e7e8q`, `d4^e5` (`in_place`), or `c4b3+`
    /// (`piece_promotion`: the piece's own promotion, whatever its kind).
    Move {
        from: Square,
        to: Square,
        promotion: Option<Role>,
        in_place: bool,
        piece_promotion: bool,
    },
    /// `N@e4` / `n@e4`: a placement of that piece, or a drop of that
    /// kind by the side to act (either case).
    Place(Piece, Square),
    /// `roll:a,b`.
    Roll(u8, u8),
    /// `buy:…`.
    Buy(Purchase),
    /// `pass`.
    Pass,
    /// `a10a9`, `a7a8q`, `c4b3+` on a board of another size than 8×8:
    /// a square past `h` or `8` (an 8×8 square reads as
    /// [`CoordText::Move`], which matches a move on any board).
    Wide {
        from: Spot,
        to: Spot,
        promotion: Option<Role>,
        piece_promotion: bool,
    },
    /// `P@j5`: a drop on a square past `h` or `8`.
    WidePlace(Piece, Spot),
}

/// Why a text is not an action in coordinate notation.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NotationError {
    #[error("'{0}' is not a move: expected coordinates like e2e4, e7e8q, c4b3+, d4^e5, N@e4, roll:3,5, buy:move1, buy:move2, buy:king or pass")]
    Unrecognised(String),
    #[error("'{0}': dice values must be 1 to 6")]
    BadDie(String),
}

impl CoordText {
    /// The plain move from `from` to `to` (no promotion, no mark): how a
    /// click or a drag reads before the rules are asked.
    pub fn plain(from: Square, to: Square) -> CoordText {
        CoordText::Move {
            from,
            to,
            promotion: None,
            in_place: false,
            piece_promotion: false,
        }
    }

    /// Parse coordinate notation.
    pub fn parse(text: &str) -> Result<CoordText, NotationError> {
        let t = text.trim();
        match CoordText::parse_on_8x8(t) {
            Err(NotationError::Unrecognised(_)) => {
                CoordText::parse_wide(t).ok_or_else(|| NotationError::Unrecognised(t.to_string()))
            }
            read => read,
        }
    }

    /// Reads `a10a9`, `a9a10q`, `c4b3+` and `P@j10`: coordinates on a
    /// board larger than 8×8 (files to `p`, ranks to 16).
    fn parse_wide(t: &str) -> Option<CoordText> {
        if !t.is_ascii() || t.starts_with(|c: char| c.is_ascii_uppercase()) && !t.contains('@') {
            return None;
        }
        if let Some((p, sq)) = t.split_once('@') {
            let mut chars = p.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return None;
            };
            return Some(CoordText::WidePlace(
                Piece::from_letter(c)?,
                Spot::parse(sq)?,
            ));
        }
        let lower = t.to_ascii_lowercase();
        let (body, piece_promotion) = match lower.strip_suffix('+') {
            Some(body) => (body, true),
            None => (lower.as_str(), false),
        };
        // The second square starts at the second letter.
        let second = body
            .char_indices()
            .skip(1)
            .find(|(_, c)| c.is_ascii_lowercase())?
            .0;
        let (from, rest) = body.split_at(second);
        let digits = rest[1..].chars().take_while(char::is_ascii_digit).count();
        let (to, promotion) = rest.split_at(1 + digits);
        let promotion = match promotion {
            "" => None,
            p if !piece_promotion && p.len() == 1 => {
                Some(Role::from_letter(p.chars().next()?).filter(|r| *r != Role::Pawn)?)
            }
            _ => return None,
        };
        Some(CoordText::Wide {
            from: Spot::parse(from)?,
            to: Spot::parse(to)?,
            promotion,
            piece_promotion,
        })
    }

    /// Is this the text of a piece move (on any board)?
    pub fn move_kind_text(&self) -> bool {
        matches!(self, CoordText::Move { .. } | CoordText::Wide { .. })
    }

    /// The squares a move's text names, as spots of any board.
    pub fn spots(&self) -> Option<(Spot, Spot)> {
        match *self {
            CoordText::Move { from, to, .. } => Some((spot_of(from), spot_of(to))),
            CoordText::Wide { from, to, .. } => Some((from, to)),
            CoordText::Place(_, sq) => Some((spot_of(sq), spot_of(sq))),
            CoordText::WidePlace(_, spot) => Some((spot, spot)),
            _ => None,
        }
    }

    /// Coordinate notation on chess's 8×8 squares.
    fn parse_on_8x8(t: &str) -> Result<CoordText, NotationError> {
        let bad = || NotationError::Unrecognised(t.to_string());
        let lower = t.to_ascii_lowercase();
        if lower == "pass" {
            return Ok(CoordText::Pass);
        }
        if let Some(rest) = lower.strip_prefix("buy:") {
            return match rest {
                "move1" => Ok(CoordText::Buy(Purchase::ExtraMoves(1))),
                "move2" => Ok(CoordText::Buy(Purchase::ExtraMoves(2))),
                "king" => Ok(CoordText::Buy(Purchase::KingPower)),
                _ => Err(bad()),
            };
        }
        if let Some(rest) = lower.strip_prefix("roll:") {
            let (a, b) = rest.split_once(',').ok_or_else(bad)?;
            let a: u8 = a.trim().parse().map_err(|_| bad())?;
            let b: u8 = b.trim().parse().map_err(|_| bad())?;
            if !(1..=6).contains(&a) || !(1..=6).contains(&b) {
                return Err(NotationError::BadDie(t.to_string()));
            }
            return Ok(CoordText::Roll(a, b));
        }
        if let Some((p, sq)) = t.split_once('@') {
            let mut chars = p.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return Err(bad());
            };
            let piece = Piece::from_letter(c).ok_or_else(bad)?;
            let sq = Square::parse(sq).ok_or_else(bad)?;
            return Ok(CoordText::Place(piece, sq));
        }
        if let Some((a, b)) = lower.split_once('^') {
            let from = Square::parse(a).ok_or_else(bad)?;
            let to = Square::parse(b).ok_or_else(bad)?;
            return Ok(CoordText::Move {
                from,
                to,
                promotion: None,
                in_place: true,
                piece_promotion: false,
            });
        }
        // `c4b3+`: a piece's own promotion, as Fairy-Stockfish writes it.
        if let Some(squares) = lower
            .strip_suffix('+')
            .filter(|s| s.len() == 4 && s.is_ascii())
        {
            let from = Square::parse(&squares[0..2]).ok_or_else(bad)?;
            let to = Square::parse(&squares[2..4]).ok_or_else(bad)?;
            return Ok(CoordText::Move {
                from,
                to,
                promotion: None,
                in_place: false,
                piece_promotion: true,
            });
        }
        // A capital first letter is SAN (`B3e5`), not coordinates.
        if !lower.is_ascii()
            || !(4..=5).contains(&lower.len())
            || t.starts_with(|c: char| c.is_ascii_uppercase())
        {
            return Err(bad());
        }
        let from = Square::parse(&lower[0..2]).ok_or_else(bad)?;
        let to = Square::parse(&lower[2..4]).ok_or_else(bad)?;
        let promotion = match lower.get(4..5) {
            None => None,
            Some(s) => Some(
                s.chars()
                    .next()
                    .and_then(Role::from_letter)
                    .filter(|r| *r != Role::Pawn)
                    .ok_or_else(bad)?,
            ),
        };
        Ok(CoordText::Move {
            from,
            to,
            promotion,
            in_place: false,
            piece_promotion: false,
        })
    }

    /// Does a concrete action have this text? Older forms of a variant
    /// from data's moves still read: a promotion by its kind's letter
    /// (`c4b3g`), a drop in either case (`b@a1`) and `pass`.
    pub fn matches(&self, action: &Action) -> bool {
        match (self, action) {
            (
                CoordText::Move {
                    from,
                    to,
                    promotion,
                    in_place,
                    piece_promotion,
                },
                Action::Move(m),
            ) => {
                let promotes = if *piece_promotion {
                    matches!(m.kind, MoveKind::PiecePromotion(_))
                } else {
                    m.promotion() == *promotion
                };
                m.from == *from
                    && m.to == *to
                    && promotes
                    && (m.kind == MoveKind::CaptureInPlace) == *in_place
            }
            (CoordText::Place(p, s), Action::Place(q, t)) => p == q && s == t,
            // An upper-case letter is either side's drop; Black's lower
            // case one, as older records write it, Black's only.
            (CoordText::Place(p, s), Action::Drop(q, t)) => {
                p.role == q.role && s == t && (p.color == Color::White || p.color == q.color)
            }
            (
                CoordText::Move {
                    promotion,
                    in_place: false,
                    piece_promotion,
                    ..
                },
                Action::Wide(m),
            ) => self.spots() == Some((m.from, m.to)) && promotes(m, *promotion, *piece_promotion),
            (
                CoordText::Wide {
                    from,
                    to,
                    promotion,
                    piece_promotion,
                },
                Action::Wide(m),
            ) => (*from, *to) == (m.from, m.to) && promotes(m, *promotion, *piece_promotion),
            (CoordText::Place(p, _) | CoordText::WidePlace(p, _), Action::WideDrop(q, t)) => {
                p.role == q.role
                    && self.spots().map(|s| s.1) == Some(*t)
                    && (p.color == Color::White || p.color == q.color)
            }
            (CoordText::Roll(a, b), Action::Roll(c, d)) => a == c && b == d,
            (CoordText::Buy(p), Action::Buy(q)) => p == q,
            (CoordText::Pass, a) => a.is_pass(),
            _ => false,
        }
    }
}

/// Does a wide move promote as its text says: a `+` for its piece's own
/// promotion, a letter for a pawn's?
fn promotes(m: &WideMove, promotion: Option<Role>, piece_promotion: bool) -> bool {
    let kind = m.kind();
    if piece_promotion {
        matches!(kind, MoveKind::PiecePromotion(_))
    } else {
        kind != MoveKind::CaptureInPlace && m.promotion() == promotion
    }
}

/// Pick the action a coordinate text means among legal actions. A family
/// never lists two legal actions with one text (where a castling and
/// Dice-Money's queen-moving king would share it, the family lists only the
/// castling).
pub fn find_by_coord(text: &CoordText, legal: &[Action]) -> Option<Action> {
    legal.iter().find(|a| text.matches(a)).copied()
}
