//! Positions set up by hand (the position editor, a record's start with
//! state beyond its FEN): a [`Draft`] is everything a family's position is
//! made of — the FEN's part and the family's own state — before the rules
//! have judged it, and [`SetupProblem`] is each reason a family refuses
//! one, typed with a stable id ([`SetupProblem::id`]) and no words (the
//! screen words them). Each family lists its own problems (`setup_problems`
//! and `from_draft` in its module); the checks every family with a royal
//! king shares are here, so the first problem is also what a FEN typed
//! elsewhere is refused for ([`SetupProblem::position_error`]).

use super::shop::ITEMS;
use super::PositionError;
use crate::core::fen::Setup;
use crate::core::legal::{king_attacked, Powers};
use crate::core::movegen::{castle_bit, castle_geometry};
use crate::core::{Bitboard, Board, Color, Piece, Role, Square};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A position as set up, not yet judged: the FEN's state and the family's
/// own state. A draft with no [`SetupProblem`] builds a position, and that
/// position's [`super::Position::draft`] gives the same draft back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Draft {
    /// Board, side to move, castling rights, en passant, clocks.
    pub setup: Setup,
    /// What the family keeps beyond the FEN.
    pub state: DraftState,
}

impl Draft {
    /// A draft of a family that keeps nothing beyond the FEN.
    pub fn plain(setup: Setup) -> Draft {
        Draft {
            setup,
            state: DraftState::Plain,
        }
    }
}

/// The family's own state in a draft: which one a family keeps is its
/// own (a draft of another kind is [`SetupProblem::StateNotOfVariant`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DraftState {
    /// Nothing beyond the FEN (standard chess, Contrast, Monochromatic).
    Plain,
    /// The antichess family: the squares whose pieces the last move
    /// flipped (Chicken; always empty in plain antichess).
    Flips(Bitboard),
    /// Monochrome: the scores, `[south, north]`.
    Scores([u32; 2]),
    /// Dice-Money: money, prices and dice.
    Economy(Economy),
}

/// Dice-Money's state a set-up start may choose (lost pieces are what the
/// board misses of one set, so they follow from the board).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Economy {
    /// Dollars by colour.
    pub money: [u32; 2],
    /// Price lists by colour, in [`super::shop::ShopItem::ALL`] order.
    pub prices: [[u32; ITEMS]; 2],
    /// The dice already rolled for the side to move, or `None` when it is
    /// about to roll.
    pub dice: Option<(u8, u8)>,
}

/// Which parts of a draft a family keeps, so the editor offers only
/// those (the rules still refuse the others in a draft that has them).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SetupFields {
    /// Castling rights are part of the position (not decided by the
    /// board alone, as in Chicken and Monochrome).
    pub castling: bool,
    /// An en-passant square may be set.
    pub en_passant: bool,
    /// A piece's colour is the half it stands on (Monochrome): placing a
    /// piece gives it its owner ([`settle_by_half`]).
    pub colour_by_half: bool,
    /// Pieces flip (Chicken): a draft may mark the last move's flips.
    pub flips: bool,
}

/// One castling right: a colour's king side or queen side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct CastlingRight {
    /// Whose right.
    pub color: Color,
    /// Towards the h-file rook (else the a-file rook).
    pub kingside: bool,
}

impl CastlingRight {
    /// The four rights in FEN order (`KQkq`).
    pub const ALL: [CastlingRight; 4] = [
        CastlingRight {
            color: Color::White,
            kingside: true,
        },
        CastlingRight {
            color: Color::White,
            kingside: false,
        },
        CastlingRight {
            color: Color::Black,
            kingside: true,
        },
        CastlingRight {
            color: Color::Black,
            kingside: false,
        },
    ];

    /// Its bit in [`Setup::castling`].
    pub fn bit(self) -> u8 {
        castle_bit(self.color, self.kingside)
    }

    /// Its FEN letter (`K`, `Q`, `k`, `q`).
    pub fn letter(self) -> char {
        let c = if self.kingside { 'k' } else { 'q' };
        match self.color {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }
}

/// Why an en-passant square cannot be.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EpFault {
    /// Not on the rank a double step passes (rank 6 with White to move,
    /// rank 3 with Black to move).
    WrongRank,
    /// A piece stands on it.
    Occupied,
    /// No pawn of the side that just moved stands in front of it.
    NoPawn,
    /// The square the pawn came from is not empty.
    OriginOccupied,
}

/// A reason a family refuses a set-up position. Typed, with a stable id
/// and no words: the screen says them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SetupProblem {
    /// A side has no king where the family needs exactly one.
    MissingKing(Color),
    /// A side has several kings where the family needs exactly one.
    TooManyKings(Color),
    /// More pieces than one set has.
    TooManyPieces { color: Color, count: u32, max: u32 },
    /// Dice-Money: more of a role than one set holds.
    MoreThanASet {
        color: Color,
        role: Role,
        count: u32,
        max: u32,
    },
    /// A pawn on the first or last rank.
    PawnOnBackRank(Square),
    /// The side not to move is in check (it could be captured at once).
    NotToMoveInCheck(Color),
    /// A castling right without its king and rook on their squares.
    CastlingWithoutPieces(CastlingRight),
    /// Castling rights in a family whose castling the board decides.
    CastlingNotKept,
    /// An en-passant square that cannot be, and why.
    EnPassant { square: Square, fault: EpFault },
    /// An en-passant square in a family without en passant.
    EnPassantNotKept,
    /// Monochrome: a start score over the bound.
    ScoreTooHigh { side: Color, score: u32, max: u32 },
    /// Dice-Money: more money than the variant's cap.
    MoneyOverCap { color: Color, money: u32, cap: u32 },
    /// Dice-Money: a price over the bound.
    PriceTooHigh {
        color: Color,
        item: usize,
        price: u32,
        max: u32,
    },
    /// Dice-Money: a die showing something other than 1 to 6.
    DieOutOfRange(u8),
    /// Chicken: a flip marked on an empty square.
    FlipOnEmpty(Square),
    /// Flips marked in a variant without flipping.
    FlipsNotKept,
    /// The draft's own state is another family's.
    StateNotOfVariant,
    /// A variant from data: a piece of a kind the variant does not have.
    NotOfVariant(Square),
    /// A variant from data: a piece in its promotion zone, where it must
    /// have promoted on arriving.
    MustHavePromoted(Square),
    /// A variant from data: a piece outside the region its kind may
    /// stand in.
    OutsideRegion(Square),
    /// A variant from data: a royal piece in a side's hand (it would be
    /// dropped as a second king, or a first where the board has none).
    RoyalInHand(Color),
}

impl SetupProblem {
    /// The problem's stable id (for tests, logs and other programs).
    pub fn id(&self) -> &'static str {
        match self {
            SetupProblem::MissingKing(_) => "missing_king",
            SetupProblem::TooManyKings(_) => "too_many_kings",
            SetupProblem::TooManyPieces { .. } => "too_many_pieces",
            SetupProblem::MoreThanASet { .. } => "more_than_a_set",
            SetupProblem::PawnOnBackRank(_) => "pawn_on_back_rank",
            SetupProblem::NotToMoveInCheck(_) => "not_to_move_in_check",
            SetupProblem::CastlingWithoutPieces(_) => "castling_without_pieces",
            SetupProblem::CastlingNotKept => "castling_not_kept",
            SetupProblem::EnPassant { .. } => "en_passant",
            SetupProblem::EnPassantNotKept => "en_passant_not_kept",
            SetupProblem::ScoreTooHigh { .. } => "score_too_high",
            SetupProblem::MoneyOverCap { .. } => "money_over_cap",
            SetupProblem::PriceTooHigh { .. } => "price_too_high",
            SetupProblem::DieOutOfRange(_) => "die_out_of_range",
            SetupProblem::FlipOnEmpty(_) => "flip_on_empty",
            SetupProblem::FlipsNotKept => "flips_not_kept",
            SetupProblem::StateNotOfVariant => "state_not_of_variant",
            SetupProblem::NotOfVariant(_) => "not_of_variant",
            SetupProblem::MustHavePromoted(_) => "must_have_promoted",
            SetupProblem::OutsideRegion(_) => "outside_region",
            SetupProblem::RoyalInHand(_) => "royal_in_hand",
        }
    }

    /// The problem in words, with the family's names of the sides; `turn`
    /// is the side to move (a check on the other side is told against
    /// it). What the editor lists and what a refused start says.
    pub fn words(&self, turn: Color, names: [&str; 2]) -> String {
        let name = |c: Color| names[c.index()];
        match *self {
            SetupProblem::MissingKing(c) => format!("{} has no king", name(c)),
            SetupProblem::TooManyKings(c) => format!("{} has more than one king", name(c)),
            SetupProblem::TooManyPieces { color, count, max } => {
                format!("{} has {count} pieces; a set has {max}", name(color))
            }
            SetupProblem::MoreThanASet {
                color,
                role,
                count,
                max,
            } => format!(
                "{} has {count} {}s; one set has {max}",
                name(color),
                role.name()
            ),
            SetupProblem::PawnOnBackRank(sq) => {
                format!("a pawn stands on {sq}, on the first or last rank")
            }
            SetupProblem::NotToMoveInCheck(c) => {
                format!("{} is in check but {} is to move", name(c), name(turn))
            }
            SetupProblem::CastlingWithoutPieces(r) => format!(
                "castling right {} needs {}'s king and {} rook on their first squares",
                r.letter(),
                name(r.color),
                if r.kingside { "h-file" } else { "a-file" }
            ),
            SetupProblem::CastlingNotKept => {
                "this variant keeps no castling rights (the board decides castling)".to_string()
            }
            SetupProblem::EnPassant { square, fault } => {
                format!(
                    "en-passant square {square} {}",
                    ep_fault_words(fault, turn, names)
                )
            }
            SetupProblem::EnPassantNotKept => "this variant has no en passant".to_string(),
            SetupProblem::ScoreTooHigh { side, score, max } => {
                format!("{}'s score {score} is over {max}", name(side))
            }
            SetupProblem::MoneyOverCap { color, money, cap } => {
                format!("{} has ${money}; at most ${cap}", name(color))
            }
            SetupProblem::PriceTooHigh {
                color,
                item,
                price,
                max,
            } => {
                let item = price_item_words(item).unwrap_or("an item");
                format!("{}'s price {price} for {item} is over {max}", name(color))
            }
            SetupProblem::DieOutOfRange(d) => format!("a die shows {d}; dice show 1 to 6"),
            SetupProblem::FlipOnEmpty(sq) => format!("{sq} is marked flipped but is empty"),
            SetupProblem::FlipsNotKept => "pieces do not flip in this variant".to_string(),
            SetupProblem::StateNotOfVariant => {
                "the position's extra state is another variant's".to_string()
            }
            SetupProblem::NotOfVariant(sq) => {
                format!("the piece on {sq} is not one of this variant's")
            }
            SetupProblem::MustHavePromoted(sq) => {
                format!("the piece on {sq} stands where it must have promoted")
            }
            SetupProblem::OutsideRegion(sq) => {
                format!("the piece on {sq} may not stand there in this variant")
            }
            SetupProblem::RoyalInHand(c) => {
                format!("{} holds a king in hand; a king is never dropped", name(c))
            }
        }
    }

    /// The error a FEN typed elsewhere (the new-game form, `--fen`) is
    /// refused with for this problem, so both paths judge alike.
    pub fn position_error(self) -> PositionError {
        match self {
            SetupProblem::MissingKing(c) => PositionError::MissingKing(c),
            SetupProblem::TooManyKings(c) => PositionError::TooManyKings(c),
            SetupProblem::TooManyPieces { color, count, .. } => {
                PositionError::TooManyPieces { color, count }
            }
            SetupProblem::MoreThanASet {
                color,
                role,
                count,
                max,
            } => PositionError::MoreThanASet {
                color,
                role,
                count,
                max,
            },
            SetupProblem::PawnOnBackRank(sq) => PositionError::PawnOnBackRank(sq),
            SetupProblem::NotToMoveInCheck(c) => PositionError::OppositeCheck(c),
            SetupProblem::CastlingWithoutPieces(r) => PositionError::BadCastling(r.letter()),
            SetupProblem::EnPassant { square, .. } => PositionError::BadEnPassant(square),
            SetupProblem::ScoreTooHigh { max, .. } => PositionError::ScoreTooHigh { max },
            other => PositionError::Setup(other),
        }
    }
}

/// Why an en-passant square cannot be, in words.
fn ep_fault_words(fault: EpFault, turn: Color, names: [&str; 2]) -> String {
    match fault {
        EpFault::WrongRank => format!(
            "is not on the rank a pawn passes in a double step with {} to move",
            names[turn.index()]
        ),
        EpFault::Occupied => "is not empty".to_string(),
        EpFault::NoPawn => format!(
            "has no {} pawn in front of it that just moved two squares",
            names[turn.other().index()]
        ),
        EpFault::OriginOccupied => {
            "cannot be: the square the pawn came from is not empty".to_string()
        }
    }
}

/// In words with White and Black for the sides: where no family names
/// them otherwise (a refused record's start, a FEN typed for a family
/// whose sides are White and Black).
impl std::fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.words(Color::White, ["White", "Black"]))
    }
}

/// Why a draft did not become a position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DraftError {
    /// The rules' problems with it (never empty).
    #[error("the position has {} problem(s)", .0.len())]
    Problems(Vec<SetupProblem>),
    /// The variant itself cannot set positions up (its options are out
    /// of range).
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// `Err` with `problems` when there are any.
pub fn refuse(problems: Vec<SetupProblem>) -> Result<(), DraftError> {
    if problems.is_empty() {
        Ok(())
    } else {
        Err(DraftError::Problems(problems))
    }
}

/// The first of `problems` as the error a typed FEN gets, or `Ok`.
pub fn first_error(problems: Vec<SetupProblem>) -> Result<(), PositionError> {
    match problems.into_iter().next() {
        Some(p) => Err(p.position_error()),
        None => Ok(()),
    }
}

/// Pawns on the first or last rank, in square order.
pub fn back_rank_pawns(b: &Board) -> Vec<SetupProblem> {
    (b.by_role(Role::Pawn) & (Bitboard::rank(0) | Bitboard::rank(7)))
        .into_iter()
        .map(SetupProblem::PawnOnBackRank)
        .collect()
}

/// The checks of every family played with one royal king (standard,
/// Contrast, Monochromatic, Dice-Money): one king each, at most a set of
/// pieces, no pawns on the back ranks, castling rights that fit the
/// pieces, an en-passant square behind a pawn that just moved, the side
/// not to move not in check (by `powers`). In that order, so the first is
/// what a typed FEN has always been refused for.
pub fn royal_problems<P: Powers>(setup: &Setup, powers: &P) -> Vec<SetupProblem> {
    let b = &setup.board;
    let mut out = Vec::new();
    for c in Color::ALL {
        match b.by_piece(Piece::new(c, Role::King)).count() {
            0 => out.push(SetupProblem::MissingKing(c)),
            1 => {}
            _ => out.push(SetupProblem::TooManyKings(c)),
        }
        let count = b.count(c);
        if count > 16 {
            out.push(SetupProblem::TooManyPieces {
                color: c,
                count,
                max: 16,
            });
        }
    }
    out.extend(back_rank_pawns(b));
    out.extend(castling_problems(b, setup.castling));
    out.extend(ep_problem(b, setup.turn, setup.ep_square));
    let not_to_move = setup.turn.other();
    if king_attacked(powers, b, not_to_move) {
        out.push(SetupProblem::NotToMoveInCheck(not_to_move));
    }
    out
}

/// Each castling right needs its king and rook on their home squares.
pub fn castling_problems(b: &Board, rights: u8) -> Vec<SetupProblem> {
    CastlingRight::ALL
        .into_iter()
        .filter(|r| rights & r.bit() != 0)
        .filter(|r| {
            let g = castle_geometry(r.color, r.kingside);
            b.piece_at(g.king_from) != Some(Piece::new(r.color, Role::King))
                || b.piece_at(g.rook_from) != Some(Piece::new(r.color, Role::Rook))
        })
        .map(SetupProblem::CastlingWithoutPieces)
        .collect()
}

/// The en-passant square must be on the rank a double step passes,
/// empty, with the pawn that just moved in front of it and the square it
/// came from empty.
pub fn ep_problem(b: &Board, turn: Color, ep: Option<Square>) -> Option<SetupProblem> {
    let square = ep?;
    let mover = turn.other();
    let dir = mover.fold(1i8, -1);
    let fault = if square.rank() != turn.fold(5, 2) {
        EpFault::WrongRank
    } else if b.occupied().contains(square) {
        EpFault::Occupied
    } else if square.offset(0, dir).and_then(|s| b.piece_at(s))
        != Some(Piece::new(mover, Role::Pawn))
    {
        EpFault::NoPawn
    } else if square
        .offset(0, -dir)
        .is_some_and(|s| b.occupied().contains(s))
    {
        EpFault::OriginOccupied
    } else {
        return None;
    };
    Some(SetupProblem::EnPassant { square, fault })
}

/// Monochrome's rule that a piece belongs to the half it stands on,
/// applied to a draft (the editor places pieces of either colour).
pub fn settle_by_half(draft: &mut Draft) {
    let board = &mut draft.setup.board;
    for sq in board.occupied() {
        let owner = if Bitboard::SOUTH_HALF.contains(sq) {
            Color::White
        } else {
            Color::Black
        };
        board.recolor(sq, owner);
    }
}

/// A set-up start's state beyond its FEN, as records keep it (their
/// optional `setup` field): only the family's own fields appear, all of
/// them, in an object (anything else is refused as it is read).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "StartStateObject")]
pub struct StartState {
    /// Monochrome: the scores, `[south, north]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores: Option<[u32; 2]>,
    /// Dice-Money: money by colour.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub money: Option<[u32; 2]>,
    /// Dice-Money: price lists by colour.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prices: Option<[[u32; ITEMS]; 2]>,
    /// Dice-Money: the dice already rolled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<[u8; 2]>,
    /// Chicken: squares whose pieces the last move flipped (`e4`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flipped: Option<Vec<String>>,
}

/// A [`StartState`] as read: its fields, from an object only (serde reads
/// a struct from a list too, and `[]` would be a state of no fields).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StartStateFields {
    #[serde(default)]
    scores: Option<[u32; 2]>,
    #[serde(default)]
    money: Option<[u32; 2]>,
    #[serde(default)]
    prices: Option<[[u32; ITEMS]; 2]>,
    #[serde(default)]
    dice: Option<[u8; 2]>,
    #[serde(default)]
    flipped: Option<Vec<String>>,
}

/// What a record's `setup` must be: an object of the state's fields.
struct StartStateObject(StartStateFields);

impl<'de> Deserialize<'de> for StartStateObject {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<StartStateObject, D::Error> {
        struct OnlyAnObject;
        impl<'de> serde::de::Visitor<'de> for OnlyAnObject {
            type Value = StartStateFields;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an object of the start's state (scores, money, prices, dice, flipped)")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<Self::Value, A::Error> {
                StartStateFields::deserialize(serde::de::value::MapAccessDeserializer::new(map))
            }
        }
        d.deserialize_map(OnlyAnObject).map(StartStateObject)
    }
}

impl From<StartStateObject> for StartState {
    fn from(read: StartStateObject) -> StartState {
        let f = read.0;
        StartState {
            scores: f.scores,
            money: f.money,
            prices: f.prices,
            dice: f.dice,
            flipped: f.flipped,
        }
    }
}

/// An item of the shop an [`Economy`]'s price lists price (by index), in
/// the family's words, for screens that list the prices.
pub fn price_item_words(index: usize) -> Option<&'static str> {
    super::shop::ShopItem::ALL.get(index).map(|i| i.describe())
}

/// Why a record's start state does not fit its variant.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StartStateError {
    /// A field another family keeps.
    #[error("'{0}' is not part of this variant's position")]
    NotOfFamily(&'static str),
    /// A flipped square that is not a square.
    #[error("'{0}' in 'flipped' is not a square")]
    BadSquare(String),
    /// A field the family's start state has, left out.
    #[error("'{0}' is missing: this variant's start state has it")]
    Missing(&'static str),
}

impl StartState {
    /// What `state` keeps, as a record writes it.
    pub fn of(state: &DraftState) -> StartState {
        match state {
            DraftState::Plain => StartState::default(),
            DraftState::Flips(flips) => StartState {
                flipped: Some(flips.into_iter().map(|s| s.to_string()).collect()),
                ..StartState::default()
            },
            DraftState::Scores(scores) => StartState {
                scores: Some(*scores),
                ..StartState::default()
            },
            DraftState::Economy(e) => StartState {
                money: Some(e.money),
                prices: Some(e.prices),
                dice: e.dice.map(|(a, b)| [a, b]),
                ..StartState::default()
            },
        }
    }

    /// Put this state into `state` (the family's state of the start FEN):
    /// a field of another family is refused by name, and so is one of the
    /// family's own left out (a record writes them all).
    pub fn apply(&self, state: &mut DraftState) -> Result<(), StartStateError> {
        let foreign = |field| Err(StartStateError::NotOfFamily(field));
        let missing = match state {
            DraftState::Scores(_) if self.scores.is_none() => Some("scores"),
            DraftState::Economy(_) if self.money.is_none() => Some("money"),
            DraftState::Economy(_) if self.prices.is_none() => Some("prices"),
            DraftState::Flips(_) if self.flipped.is_none() => Some("flipped"),
            _ => None,
        };
        if let Some(field) = missing {
            return Err(StartStateError::Missing(field));
        }
        match state {
            DraftState::Scores(scores) => {
                if let Some(s) = self.scores {
                    *scores = s;
                }
            }
            _ if self.scores.is_some() => return foreign("scores"),
            _ => {}
        }
        match state {
            DraftState::Economy(e) => {
                e.money = self.money.unwrap_or(e.money);
                e.prices = self.prices.unwrap_or(e.prices);
                e.dice = self.dice.map(|[a, b]| (a, b));
            }
            _ if self.money.is_some() => return foreign("money"),
            _ if self.prices.is_some() => return foreign("prices"),
            _ if self.dice.is_some() => return foreign("dice"),
            _ => {}
        }
        match (state, &self.flipped) {
            (DraftState::Flips(flips), Some(squares)) => {
                *flips = Bitboard::EMPTY;
                for s in squares {
                    let sq = Square::parse(s)
                        .ok_or_else(|| StartStateError::BadSquare(crate::core::quote::clip(s)))?;
                    flips.insert(sq);
                }
            }
            (_, Some(_)) => return foreign("flipped"),
            _ => {}
        }
        Ok(())
    }
}
