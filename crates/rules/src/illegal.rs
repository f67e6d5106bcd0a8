//! Why typed input is refused, as typed values: the rules pick the first
//! reason that applies ([`super::Position::why_illegal`]) and build one of
//! these; this module alone says them in words, so rewording a message
//! touches no rule, and no caller parses words back.

use crate::core::grid::Spot;
use crate::core::movegen::castle_geometry;
use crate::core::KnightKind;
use crate::core::{Action, Color, Move, Piece, Role, Square};
use std::fmt;

mod drop_rule;

pub use drop_rule::DropRule;

/// A piece as explanations name it: chess's role, or the leaper a
/// Monochromatic variant puts in the knight's slot (so a camel is never
/// called a knight).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PieceName {
    /// A chess piece, named by its role.
    Chess(Role),
    /// The knight's slot holding another leaper.
    Leaper(KnightKind),
    /// A piece of a variant from data with one of Fairy-Stockfish's
    /// names (`fers`, `amazon`).
    Named(&'static str),
    /// A piece of a variant from data known only by its letter.
    Letter(Role),
}

impl fmt::Display for PieceName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PieceName::Chess(role) => role.name(),
            PieceName::Leaper(kind) => kind.name(),
            PieceName::Named(name) => name,
            PieceName::Letter(role) => return write!(f, "{} piece", role.upper_char()),
        })
    }
}

/// A family whose own rule a reason cites by name ("Chicken: …").
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FamilyName {
    /// Antichess: captures compulsory, no castling.
    Antichess,
    /// Chicken: antichess with flipping and a positional castling ruling.
    Chicken,
    /// Monochrome: pieces belong to the half they stand on.
    Monochrome,
    /// A variant from data, whose rules its file gives.
    FromData,
}

impl fmt::Display for FamilyName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FamilyName::Antichess => "Antichess",
            FamilyName::Chicken => "Chicken",
            FamilyName::Monochrome => "Monochrome",
            FamilyName::FromData => "This variant",
        })
    }
}

/// How a family counts attacks on a king: explanations about check say
/// so where it is not chess's way.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Attacks {
    /// Chess's powers.
    Chess,
    /// Monochromatic's pictorial check: every enemy piece attacks with its
    /// normal powers, whatever squares it may move to.
    Pictorial,
    /// Contrast's strong and weak powers.
    Contrast,
    /// The powers a variant from data gives its pieces.
    Variant,
}

/// Why a typed action is not legal here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalReason {
    /// No action at all is possible: the game is over.
    GameOver,
    /// A chance node: the dice come before anything else.
    DiceFirst,
    /// A square named is past the board's edge (`a10` on 8×8).
    OffBoard { square: Spot },
    /// The square named as the start is empty.
    NoPiece { square: Spot },
    /// The piece belongs to the side not acting.
    NotYours {
        piece: PieceName,
        square: Spot,
        to_move: Color,
    },
    /// The piece has no legal move at all.
    NoLegalMove { piece: PieceName, square: Spot },
    /// The piece cannot go there: outside its movement pattern, or no rule
    /// of the family lets it.
    CannotMoveTo {
        piece: PieceName,
        from: Spot,
        to: Spot,
    },
    /// The target holds a piece of the mover's own.
    OwnPiece { square: Spot, piece: PieceName },
    /// A slider or pawn push would pass through a piece.
    Blocked {
        piece: PieceName,
        from: Square,
        blocker: Square,
        to: Square,
    },
    /// The move typed is a legal castling written as a king move.
    CastleWrittenAs(Move),
    /// The move typed promotes, but no piece was named: how each of its
    /// promotions is written (the variant's own kinds).
    MustPromote(Vec<Move>),
    /// A piece was named for a move that does not promote.
    DoesNotPromote(Vec<Move>),
    /// The move exists in another form (e.g. a capture in place).
    WrittenAs(Vec<Move>),
    /// A roll typed where no roll belongs (families without dice).
    RollNotNow,
    /// A purchase, placement or drop typed in a family without them.
    NoPurchases,
    /// A pass typed in a family without one.
    NoPass,
    /// A variant from data's pass (`passOnStalemate`), typed while
    /// another move is legal.
    PassOnlyWhenStuck,
    /// A drop from the hand that is not legal (a variant from data's
    /// drops), and why.
    Drop(DropRule),
    /// The move would leave the mover's king attacked (or not get it out
    /// of check, when `in_check`).
    KingInCheck { in_check: bool, attacks: Attacks },
    /// Castling is not possible, and why.
    Castling(CastlingBlock),
    /// SAN naming a piece the side to act does not have there.
    NoPieceFits {
        color: Color,
        piece: PieceName,
        text: String,
    },
    /// SAN naming a square no piece of that kind can reach.
    NoneCanReach {
        piece: PieceName,
        color: Color,
        to: Square,
    },
    /// SAN that means no single move.
    UnknownNotation,
    /// The reason, for text with a lower-case `b` that was read as the
    /// b-file.
    BFile(Box<IllegalReason>),
    /// A family's rule on captures: one is available and must be made.
    CapturesCompulsory(FamilyName),
    /// A variant from data where no move may give check (racing kings).
    ChecksForbidden,
    /// A variant from data with the flying general (xiangqi): the move
    /// would leave the two kings facing each other with nothing between.
    GeneralsFace,
    /// Monochrome's rules.
    Monochrome(MonochromeRule),
    /// Monochromatic: a move to a square of the other colour.
    ChangesColour {
        role: Role,
        from: Square,
        to: Square,
        leaper: KnightKind,
    },
    /// Contrast's powers.
    Contrast(ContrastRule),
    /// Dice-Money's rules.
    DiceMoney(DiceMoneyRule),
}

/// Monochrome's own reasons.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MonochromeRule {
    /// Pieces on the other half are the opponent's.
    OnlyOwnHalf,
    /// A piece that just crossed may not go straight back.
    NoStraightBack,
    /// Captures are of pieces on the opponent's half only.
    CaptureOnOpponentsHalf,
}

/// Contrast's own reasons, each with the piece whose powers explain it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ContrastRule {
    /// A capture in place by anything but a strong queen.
    InPlaceNeedsStrongQueen(ContrastPiece),
    /// A capture in place with no enemy piece on the adjacent square.
    NothingToTakeInPlace { from: Square, to: Square },
    /// The move is outside the piece's powers on its square.
    Powers(ContrastPiece),
}

/// A Contrast piece where it stands, with the rules' finding of whether
/// it is strong there: the words say what it can do without asking the
/// rules again.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ContrastPiece {
    pub piece: Piece,
    pub square: Square,
    pub strong: bool,
}

/// Dice-Money's own reasons.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiceMoneyRule {
    /// A roll that the dice cannot show.
    RollImpossible,
    /// A roll after the turn's roll.
    RollOnce,
    /// Anything but a roll at a turn's start.
    MustRoll(Color),
    /// A pass with no bought extra move left.
    PassOnlyWithExtraMoves,
    /// A second purchase in a turn.
    OnePurchasePerTurn,
    /// A purchase after the main move.
    PurchaseAfterMainMove,
    /// A king placed.
    KingNeverPlaced,
    /// A placement of a piece nobody lost: the letter's case names the
    /// colour, so say which piece the text named and what `mover` can
    /// place (`placeable`, the mover's own first).
    NothingLostToPlace {
        piece: Piece,
        square: Square,
        mover: Color,
        placeable: Vec<Piece>,
    },
    /// A placement on an occupied square.
    SquareOccupied(Square),
    /// A pawn placed on the first or last rank.
    PawnOnEdgeRank,
    /// A purchase the mover cannot pay.
    TooDear {
        action: Action,
        price: u32,
        money: u32,
    },
    /// A placement that leaves the placer's king in check.
    PlacementLeavesCheck(Action),
    /// A purchase impossible for another reason.
    PurchaseImpossible(Action),
    /// A move capturing a king.
    KingCapture,
    /// A promotion into a piece `color` has not lost (`lost`: what it has).
    NoLostToPromote {
        role: Role,
        color: Color,
        lost: Vec<Role>,
    },
    /// A pawn reaching the last rank when its side has lost nothing.
    PawnNeedsLostPiece(Color),
    /// A king moving like a queen without buying the power.
    KingPowerNotBought,
}

/// Why a side cannot castle on one side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CastlingBlock {
    /// The family has no castling.
    NoCastling(FamilyName),
    /// FIDE rights: the side has no king.
    NoKing(Color),
    /// FIDE rights: the king left its home square, and the right with it.
    KingMoved {
        color: Color,
        at: Square,
        home: Square,
    },
    /// FIDE rights: the right is gone and the rook's corner is empty.
    RookGone { color: Color, kingside: bool },
    /// FIDE rights: the right is gone; the king or the rook moved earlier.
    RightLost { color: Color, kingside: bool },
    /// A positional ruling (Chicken, Monochrome): what is missing.
    Positional {
        family: FamilyName,
        color: Color,
        kingside: bool,
        gap: PositionalGap,
    },
    /// A square between king and rook is occupied (named where the family
    /// names it).
    PathOccupied(Option<Square>),
    /// FIDE: the king is in check.
    InCheck,
    /// FIDE: the king would pass through or land on an attacked square.
    ThroughCheck { attacker: Color, square: Square },
    /// Out of, through or into check, counted the family's way.
    CheckOnPath(Attacks),
    /// Monochromatic: castling this side moves the rook to the other
    /// colour.
    ChangesColour { rook_from: Square, rook_to: Square },
    /// A variant from data: the side holds no right to castle that way
    /// (its king or that rook moved, or the position began without it);
    /// the squares are the variant's, so none is named.
    NoRight { color: Color, kingside: bool },
    /// Castled, the king would stand in check: a Chess960 rook that
    /// shielded it along the rank moves away.
    ExposesKing,
}

/// What a positional castling ruling finds missing.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PositionalGap {
    /// No king of the side on its home square.
    NoKing,
    /// No rook of the side in that corner.
    NoRook,
    /// A square between them is occupied.
    Occupied(Square),
}

/// Typed text that reads as no action at all: what would read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UnreadableHint {
    /// Nothing like a move: an example of one.
    Example,
    /// Text after a move's square that belongs to no move.
    TrailingJunk { junk: String, square: Spot },
}

/// Typed text that fits several legal actions: how to say which.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AmbiguityHint {
    /// Several pieces of the kind reach the square.
    WhichPiece,
    /// A king move that is also a castling (and, with two kings, a plain
    /// step of the other king).
    Castling {
        castle: Move,
        king_step: Option<Move>,
    },
    /// A lower-case `b`: a pawn move on the b-file or a bishop move.
    BFile {
        bishop: String,
        pawn: Option<String>,
    },
}

/// `kingside` or `queenside`, for messages.
fn side_word(kingside: bool) -> &'static str {
    if kingside {
        "kingside"
    } else {
        "queenside"
    }
}

/// `dark` or `light`.
fn shade(sq: Square) -> &'static str {
    if sq.is_dark() {
        "dark"
    } else {
        "light"
    }
}

/// Moves joined by "or".
fn either(moves: &[Move]) -> String {
    let forms: Vec<String> = moves.iter().map(Move::to_string).collect();
    forms.join(" or ")
}

/// How a legal castling is written: `castle with O-O (or e1g1)`.
fn how_to_castle(f: &mut fmt::Formatter<'_>, m: &Move) -> fmt::Result {
    let san = if m.to.file() > m.from.file() {
        "O-O"
    } else {
        "O-O-O"
    };
    write!(f, "castle with {san} (or {}{})", m.from, m.to)
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use IllegalReason as R;
        match self {
            R::GameOver => f.write_str("the game is over: no action is possible"),
            R::DiceFirst => f.write_str("the dice must be rolled first"),
            R::OffBoard { square } => write!(f, "{square} is not on this board"),
            R::NoPiece { square } => write!(f, "there is no piece on {square}"),
            R::NotYours {
                piece,
                square,
                to_move,
            } => write!(f, "the {piece} on {square} is not yours; {to_move} to move"),
            R::NoLegalMove { piece, square } => {
                write!(f, "the {piece} on {square} has no legal move")
            }
            R::CannotMoveTo { piece, from, to } => {
                write!(f, "the {piece} on {from} cannot move to {to}")
            }
            R::OwnPiece { square, piece } => write!(f, "{square} holds your own {piece}"),
            R::Blocked {
                piece,
                from,
                blocker,
                to,
            } => write!(
                f,
                "the {piece} on {from} cannot pass {blocker}: the way to {to} is blocked"
            ),
            R::CastleWrittenAs(m) => how_to_castle(f, m),
            R::MustPromote(moves) => write!(f, "that move promotes: write {}", either(moves)),
            R::DoesNotPromote(moves) => {
                write!(f, "that move does not promote: write {}", either(moves))
            }
            R::WrittenAs(moves) => write!(f, "that move is written {}", either(moves)),
            R::RollNotNow => f.write_str("dice are rolled only at the start of a turn"),
            R::NoPurchases => f.write_str("this variant has no purchases, placements or drops"),
            R::NoPass => f.write_str("this variant has no pass"),
            R::PassOnlyWhenStuck => {
                f.write_str("a pass is allowed only when no other move is legal")
            }
            R::Drop(rule) => rule.fmt(f),
            R::KingInCheck { in_check, attacks } => {
                f.write_str(if *in_check {
                    "your king is in check and this move does not get it out"
                } else {
                    "that would leave your king in check"
                })?;
                f.write_str(match attacks {
                    Attacks::Chess => "",
                    Attacks::Pictorial => {
                        " (check is pictorial: every enemy piece attacks with its normal powers)"
                    }
                    Attacks::Contrast => " (attacks counted with Contrast powers)",
                    Attacks::Variant => " (attacks counted with this variant's pieces' moves)",
                })
            }
            R::Castling(block) => block.fmt(f),
            R::NoPieceFits { color, piece, text } => {
                write!(f, "{color} has no {piece} that fits '{text}'")
            }
            R::NoneCanReach { piece, color, to } => {
                write!(f, "no {piece} of {color} can move to {to}")
            }
            R::UnknownNotation => f.write_str("no legal move has that notation here"),
            R::BFile(inner) => write!(
                f,
                "{inner} (a lower-case b is the b-file; write B for a bishop)"
            ),
            R::CapturesCompulsory(family) => write!(
                f,
                "{family}: a capture is available and captures are compulsory"
            ),
            R::ChecksForbidden => f.write_str("No move may give check in this variant"),
            R::GeneralsFace => f.write_str(
                "the kings may not face each other on an open file or rank (the flying general)",
            ),
            R::Monochrome(rule) => rule.fmt(f),
            R::ChangesColour {
                role,
                from,
                to,
                leaper,
            } => {
                let extra = match *role {
                    Role::Pawn => " (pawns never make a single step)",
                    Role::Knight if *leaper == KnightKind::Knight => " (knights can never move)",
                    Role::King => " (kings move diagonally only)",
                    _ => "",
                };
                write!(
                    f,
                    "Monochromatic: no piece may change the colour of its square; {from} is {} and {to} is {}{extra}",
                    shade(*from),
                    shade(*to)
                )
            }
            R::Contrast(rule) => rule.fmt(f),
            R::DiceMoney(rule) => rule.fmt(f),
        }
    }
}

impl fmt::Display for MonochromeRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MonochromeRule::OnlyOwnHalf => "Monochrome: you may only move pieces on your half",
            MonochromeRule::NoStraightBack => {
                "Monochrome: that piece was just moved across; it may not go straight back"
            }
            MonochromeRule::CaptureOnOpponentsHalf => {
                "Monochrome: you may only capture pieces on the opponent's half"
            }
        })
    }
}

impl ContrastPiece {
    /// A sentence on what the piece can do where it stands, for reasons
    /// and explanations.
    pub fn powers(&self) -> String {
        let (role, sq, strong) = (self.piece.role, self.square, self.strong);
        let shade = if sq.is_dark() { "dark" } else { "light" };
        let what = match (role, strong) {
        (Role::King, true) => "moves up to 2 squares in any direction (the first square must be empty to reach the second), and may castle",
        (Role::King, false) => "moves one square orthogonally only (it may still castle)",
        (Role::Queen, true) => "moves as a queen and may capture an adjacent enemy piece without moving (e.g. d4^e5)",
        (Role::Queen, false) => "moves as a queen but at most 2 squares",
        (Role::Rook, true) => "moves as a rook or as a knight",
        (Role::Rook, false) => "moves as a rook but at most 2 squares",
        (Role::Bishop, true) => "moves as a bishop, or one square diagonally then one at 90 degrees (2 squares orthogonally; not when both diagonal squares between are occupied)",
        (Role::Bishop, false) => "moves as a bishop but at most 2 squares",
        (Role::Knight, true) => "moves as a knight or jumps 2 squares diagonally",
        (Role::Knight, false) => "moves one square orthogonally",
        (Role::Pawn, true) => "moves as a pawn, also one square diagonally forward to an empty square, and captures straight ahead",
        (Role::Pawn, false) => "moves one square straight forward to an empty square only (no capture, no double step)",
        _ => "is no piece of Contrast",
    };
        format!(
            "the {} on {sq} is {} (on a {shade} square) and {what}",
            role.name(),
            if strong { "strong" } else { "weak" }
        )
    }
}

impl fmt::Display for ContrastRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ContrastRule::InPlaceNeedsStrongQueen(piece) => write!(
                f,
                "Contrast: only a strong queen captures in place; {}",
                piece.powers()
            ),
            ContrastRule::NothingToTakeInPlace { from, to } => write!(
                f,
                "Contrast: a capture in place removes an enemy piece on an adjacent square; {to} holds none next to {from}"
            ),
            ContrastRule::Powers(piece) => write!(
                f,
                "Contrast: {}",
                piece.powers()
            ),
        }
    }
}

impl fmt::Display for DiceMoneyRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use DiceMoneyRule as D;
        f.write_str("Dice-Money: ")?;
        match self {
            D::RollImpossible => f.write_str("that roll is not possible"),
            D::RollOnce => f.write_str("the dice are rolled once, at the start of a turn"),
            D::MustRoll(color) => write!(f, "{color} must roll the dice first (roll:a,b)"),
            D::PassOnlyWithExtraMoves => f.write_str(
                "pass gives up bought extra moves; it exists only after the main move while extra moves remain",
            ),
            D::OnePurchasePerTurn => {
                f.write_str("only one purchase per turn, and this turn's is made")
            }
            D::PurchaseAfterMainMove => f.write_str("purchases come before the main move"),
            D::KingNeverPlaced => f.write_str("kings are never lost, so never placed"),
            D::NothingLostToPlace {
                piece,
                square,
                mover,
                placeable,
            } => nothing_lost_to_place(f, *piece, *square, *mover, placeable),
            D::SquareOccupied(sq) => {
                write!(f, "{sq} is occupied; pieces are placed on vacant squares")
            }
            D::PawnOnEdgeRank => f.write_str("pawns are never placed on rank 1 or 8"),
            D::TooDear {
                action,
                price,
                money,
            } => write!(f, "{action} costs ${price}; you have ${money}"),
            D::PlacementLeavesCheck(action) => {
                write!(f, "{action} would leave your king in check")
            }
            D::PurchaseImpossible(action) => write!(f, "{action} is not possible here"),
            D::KingCapture => f.write_str("no move may capture a king"),
            D::NoLostToPromote { role, color, lost } if lost.is_empty() => write!(
                f,
                "no lost {} to promote into; a pawn reaches the last rank only by promoting into a lost piece, and {color} has none",
                role.name()
            ),
            D::NoLostToPromote { role, lost, .. } => {
                let names: Vec<&str> = lost.iter().map(|r| r.name()).collect();
                write!(
                    f,
                    "no lost {} to promote into (lost: {})",
                    role.name(),
                    names.join(", ")
                )
            }
            D::PawnNeedsLostPiece(color) => write!(
                f,
                "a pawn may reach the last rank only by promoting into a lost piece, and {color} has none"
            ),
            D::KingPowerNotBought => f.write_str(
                "the king moves like a queen only in a turn where buy:king was bought",
            ),
        }
    }
}

/// Dice-Money's placement of a piece nobody lost, in words: which piece
/// the letter named, the mover's own piece of that kind if it is lost,
/// and what can be placed.
fn nothing_lost_to_place(
    f: &mut fmt::Formatter<'_>,
    piece: Piece,
    sq: Square,
    mover: Color,
    placeable: &[Piece],
) -> fmt::Result {
    let whose = |c: Color| {
        if c == mover {
            "your own".to_string()
        } else {
            format!("{}'s", c.name())
        }
    };
    write!(
        f,
        "{label} names a {color} {role}, and {color} has no lost {role} (the letter's case is the piece's colour: upper case White's, lower case Black's)",
        color = piece.color.name(),
        role = piece.role.name(),
        label = Action::Place(piece, sq),
    )?;
    let twin = Piece::new(piece.color.other(), piece.role);
    if placeable.contains(&twin) {
        write!(
            f,
            "; {} lost {} is {}",
            whose(twin.color),
            twin.role.name(),
            Action::Place(twin, sq)
        )?;
    }
    if placeable.is_empty() {
        return f.write_str(". No piece is lost yet, so there is nothing to place");
    }
    let can: Vec<String> = placeable
        .iter()
        .map(|p| {
            format!(
                "{} {} ({})",
                whose(p.color),
                p.role.name(),
                Action::Place(*p, sq)
            )
        })
        .collect();
    write!(f, ". You can place: {}", can.join(", "))
}

impl fmt::Display for CastlingBlock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use CastlingBlock as C;
        match *self {
            C::NoCastling(family) => write!(f, "{family}: there is no castling"),
            C::NoKing(color) => write!(f, "{color} has no king to castle with"),
            C::KingMoved { color, at, home } => write!(
                f,
                "{color} has lost the right to castle: the king has moved (it stands on {at}, not {home})"
            ),
            C::RookGone { color, kingside } => write!(
                f,
                "{color} has lost the right to castle {}: there is no longer a rook of {color}'s on {}",
                side_word(kingside),
                castle_geometry(color, kingside).rook_from
            ),
            C::RightLost { color, kingside } => write!(
                f,
                "{color} has lost the right to castle {}: the king or the rook on {} has moved earlier in the game (a move there and back ends the right too)",
                side_word(kingside),
                castle_geometry(color, kingside).rook_from
            ),
            C::Positional {
                family,
                color,
                kingside,
                gap,
            } => {
                let g = castle_geometry(color, kingside);
                write!(
                    f,
                    "{family}: castling needs your king on {}, your rook on {} and every square between them empty; ",
                    g.king_from, g.rook_from
                )?;
                match gap {
                    PositionalGap::NoKing => write!(f, "there is no king of yours on {}", g.king_from),
                    PositionalGap::NoRook => write!(f, "there is no rook of yours on {}", g.rook_from),
                    PositionalGap::Occupied(sq) => write!(f, "{sq} is occupied"),
                }
            }
            C::PathOccupied(square) => {
                f.write_str("castling needs every square between king and rook empty")?;
                match square {
                    Some(sq) => write!(f, "; {sq} is occupied"),
                    None => Ok(()),
                }
            }
            C::InCheck => f.write_str("you may not castle while in check"),
            C::ThroughCheck { attacker, square } => write!(
                f,
                "the king may not castle through or into check: {attacker} attacks {square}"
            ),
            C::CheckOnPath(attacks) => {
                f.write_str("castling is not allowed out of, through or into check")?;
                f.write_str(match attacks {
                    Attacks::Chess => "",
                    Attacks::Pictorial => " (check is pictorial: every enemy piece attacks the king's path with its normal powers)",
                    Attacks::Contrast => " (attacks counted with Contrast powers)",
                    Attacks::Variant => " (attacks counted with this variant's pieces' moves)",
                })
            }
            C::NoRight { color, kingside } => write!(
                f,
                "{color} has no right to castle {} here: the king or that rook has moved, or the position began without the right",
                side_word(kingside)
            ),
            C::ExposesKing => f.write_str(
                "castled, the king would be in check: the rook that shielded it along the rank moves away",
            ),
            C::ChangesColour { rook_from, rook_to } => write!(
                f,
                "Monochromatic: castling this side would move the rook {rook_from}{rook_to} from a {} to a {} square; only kingside castling keeps both pieces on their colours",
                shade(rook_from),
                shade(rook_to)
            ),
        }
    }
}

impl fmt::Display for UnreadableHint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UnreadableHint::Example => f.write_str("try e2e4 or Nf3"),
            UnreadableHint::TrailingJunk { junk, square } => write!(
                f,
                "'{junk}' after the square {square} is not part of a move: a move ends with its square, a promotion such as =Q, or + # ! ?"
            ),
        }
    }
}

impl fmt::Display for AmbiguityHint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AmbiguityHint::WhichPiece => f.write_str("say which piece (e.g. Nbd2)"),
            AmbiguityHint::Castling { castle, king_step } => {
                how_to_castle(f, castle)?;
                match king_step {
                    Some(m) => write!(f, ", or say which king steps there (e.g. K{m})"),
                    None => Ok(()),
                }
            }
            AmbiguityHint::BFile { bishop, pawn } => {
                write!(
                    f,
                    "a lower-case b is the b-file, so it could be a pawn move or a bishop move: write {bishop} for the bishop"
                )?;
                match pawn {
                    Some(p) => write!(f, ", {p} for the pawn"),
                    None => Ok(()),
                }
            }
        }
    }
}
