//! The seam between rules and screen: what a position tells a player
//! beyond the board, as typed data a UI renders without knowing the family.
//!
//! A family describes itself through [`Describe`]: the names of its sides,
//! how its board is drawn ([`BoardLook`]), marks on squares
//! ([`MarkedSquares`]), a list of [`Fact`]s for the side panel (a closed set
//! of kinds, rendered generically), its own explanation of a piece, what an
//! offer to end the game means, and the labels of its purchases. A new
//! family implements [`Describe`] and needs no change in the UI.

use super::Position;
use crate::core::action::spot_of;
use crate::core::grid::Spot;
use crate::core::movegen::apply_move;
use crate::core::{Action, Bitboard, Board, Color, MoveKind, Piece, Role, Square};

/// The pieces that can stand in the knight's slot: part of how a board
/// is drawn ([`BoardLook::knight`]).
use crate::core::KnightKind;

/// Conventional piece values in pawns (P N B R Q K), for showing material.
pub const MATERIAL_POINTS: [u32; 6] = [1, 3, 3, 5, 9, 0];

/// How a family wants its board drawn.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardLook {
    /// Every piece drawn alike: whose a piece is follows from where it
    /// stands, not from its colour (Monochrome).
    pub uniform_pieces: bool,
    /// A line between ranks 4 and 5: the sides own the halves it divides
    /// (Monochrome's centerline).
    pub centerline: bool,
    /// The piece the knight's letter N stands for (Monochromatic's
    /// sub-variants have camels, DA pieces and double knights).
    pub knight: KnightKind,
}

/// A mark on a square that a family's rules give meaning to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SquareMark {
    /// The piece here has its strong powers (Contrast).
    Strong,
    /// The piece here has its weak powers (Contrast).
    Weak,
    /// The last move turned the piece here to the mover's side (Chicken).
    Flipped,
    /// A piece reaching this square wins (a variant from data's flag
    /// region: king of the hill's centre).
    Goal,
    /// The piece here is promoted: it turns back when taken (a shogi
    /// piece, crazyhouse's promoted pawn).
    Promoted,
    /// A region a variant's rules draw on its board: where pieces
    /// promote as shogi's do, or the only squares a royal piece may stand
    /// on (xiangqi's palace).
    Zone,
}

/// The squares that carry one mark now.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MarkedSquares {
    /// What the mark means.
    pub mark: SquareMark,
    /// Where it applies.
    pub squares: Bitboard,
}

/// One die of the turn and the piece its number names.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Die {
    /// The number rolled, 1–6.
    pub value: u8,
    /// The role that number names (1 = pawn … 6 = king).
    pub names: Role,
}

/// What the turn's first chess move earns when made with a piece of `role`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Earning {
    /// The role named by a die.
    pub role: Role,
    /// Dollars earned (the other die).
    pub amount: u32,
}

/// Where a turn made of several actions stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TurnStage {
    /// A chance event (the dice) comes first.
    ChanceNext,
    /// One purchase may be made, or the main move.
    PurchaseOrMove,
    /// The turn's purchase is made: the main move comes next.
    MoveAfterPurchase,
    /// The main move is made; this many bought extra moves remain (they
    /// may be given up).
    ExtraMoves(u8),
}

/// One entry of a price list.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PriceOffer {
    /// A few characters for a price table ("+1 move").
    pub label: &'static str,
    /// The rules' words for the item ("one extra move (buy:move1)").
    pub describe: &'static str,
    /// What it costs this side now.
    pub price: u32,
    /// The side to act can buy it now: the stage allows a purchase, it is
    /// affordable, and (for a placement) there is a piece to place and a
    /// square to place it on.
    pub available: bool,
}

/// What a rule's end means for the side it happens to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Fate {
    /// That side wins.
    Win,
    /// That side loses.
    Loss,
    /// Neither side wins.
    Draw,
}

/// What kind of note a family's text is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Tone {
    /// A standing reminder of how the family plays.
    Reminder,
    /// A rule restricting the side to act right now.
    Constraint,
    /// A power in force right now.
    Power,
}

/// One typed fact for the side panel. The set is closed so every UI can
/// render every kind; a family picks the kinds it needs, in panel order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fact {
    /// Material per side, in pawns ([`MATERIAL_POINTS`]): on the board,
    /// and in hand where the rules keep hands.
    Material([u32; 2]),
    /// Pieces on the board per side (antichess family: fewer is better).
    PieceCounts([u32; 2]),
    /// Points scored per side. Points come from captures, so a screen may
    /// list what each side has taken.
    Scores([u32; 2]),
    /// Squares whose pieces the last move flipped (empty: it flipped none).
    Flipped(Bitboard),
    /// The turn's dice and the role each names; `None` before the roll.
    Dice(Option<[Die; 2]>),
    /// What the turn's first chess move earns, by the role it moves;
    /// `pending` while that move is still to come.
    Earnings {
        /// One entry per distinct role named by the dice.
        offers: Vec<Earning>,
        /// The first chess move of the turn is still to be made.
        pending: bool,
    },
    /// Money per side, and the most a side may hold.
    Money {
        /// Dollars by [`Color::index`].
        amounts: [u32; 2],
        /// Money above this is cut to it.
        cap: u32,
    },
    /// Where a several-action turn stands.
    Stage(TurnStage),
    /// Pieces each side has lost and may bring back, per side, by role
    /// index (P N B R Q K).
    Lost([[u8; 6]; 2]),
    /// A side left with at most `at` pieces of a counted kind (or of all
    /// its pieces together, where `kinds` is empty) gets `fate` (a
    /// variant from data's extinction rule); `left` is how many each side
    /// has now (of the kind it has fewest of).
    Extinction {
        /// The kinds counted, each on its own; empty: all pieces.
        kinds: Vec<Role>,
        /// It happens at this many or fewer.
        at: u32,
        /// What it means for the side it happens to.
        fate: Fate,
        /// The counted pieces each side has, by [`Color::index`].
        left: [u32; 2],
    },
    /// A side's price list, in the family's order.
    Prices {
        /// Whose prices these are (the side to act).
        side: Color,
        /// Every item with its price and whether it can be bought now.
        offers: Vec<PriceOffer>,
    },
    /// A piece of this role reaching these squares wins, per side (a
    /// variant from data's flag: king of the hill, racing kings).
    Goal([Option<(Role, Bitboard)>; 2]),
    /// Checks each side still has to give to win, by [`Color::index`]
    /// (three-check).
    ChecksToGive([u32; 2]),
    /// A counting rule's count (makruk): the plies counted and the limit
    /// past which the game is drawn.
    Count {
        /// Plies counted so far.
        counted: u32,
        /// The plies allowed.
        limit: u32,
    },
    /// The pieces each side holds in hand and may drop, by role, with
    /// how many (crazyhouse).
    InHand([Vec<(Role, u8)>; 2]),
    /// A sentence of the rules that matters here.
    Note {
        /// The rules' words.
        text: String,
        /// Reminder, constraint in force, or power in force.
        tone: Tone,
    },
}

impl Fact {
    /// A standing reminder.
    pub fn reminder(text: impl Into<String>) -> Fact {
        Fact::Note {
            text: text.into(),
            tone: Tone::Reminder,
        }
    }

    /// A rule restricting the side to act now.
    pub fn constraint(text: impl Into<String>) -> Fact {
        Fact::Note {
            text: text.into(),
            tone: Tone::Constraint,
        }
    }

    /// A power in force now.
    pub fn power(text: impl Into<String>) -> Fact {
        Fact::Note {
            text: text.into(),
            tone: Tone::Power,
        }
    }

    /// Facts that describe what the side to act may do next (stage,
    /// constraints): a finished game has no next action, so a screen drops
    /// them there.
    pub fn is_about_next_action(&self) -> bool {
        matches!(
            self,
            Fact::Stage(_)
                | Fact::Note {
                    tone: Tone::Constraint,
                    ..
                }
        )
    }
}

/// Something an action did besides moving its piece, for a move list
/// (`Bxb5 ⟲d7`). A family reports its own through
/// [`Describe::action_effects`]; the set is closed so every UI can show
/// every kind.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Enemy pieces on these squares turned to the mover's side (Chicken's
    /// flips).
    Flipped(Bitboard),
    /// The moved piece, now on `square`, belongs to `owner`, the other
    /// side (Monochrome: it crossed the centerline).
    ChangedOwner {
        /// Where the piece stands after the action.
        square: Square,
        /// Whose it is now.
        owner: Color,
    },
    /// `side` scored `points` (Monochrome's captures).
    Scored {
        /// Who scored.
        side: Color,
        /// How many points.
        points: u32,
    },
    /// `side` earned `amount` dollars (Dice-Money's first move of a turn).
    Earned {
        /// Who earned.
        side: Color,
        /// Dollars.
        amount: u32,
    },
    /// A capture exploded: the pieces on these squares were blown off the
    /// board (a variant from data's `blastOnCapture`, atomic).
    Exploded(Bitboard),
}

/// The effects any family's move shows on the board alone, comparing the
/// board before (`before`, with `mover` to act) and after `action`: enemy
/// pieces that became the mover's without being moved ([`Effect::Flipped`]),
/// and a moved piece that stands as the other side's
/// ([`Effect::ChangedOwner`]). Only moves have them.
pub fn board_effects(before: &Board, after: &Board, mover: Color, action: &Action) -> Vec<Effect> {
    let Action::Move(m) = action else {
        return Vec::new();
    };
    let mut effects = Vec::new();
    let mut flipped = Bitboard::EMPTY;
    for sq in before.by_color(mover.other()) & after.by_color(mover) {
        let same_piece = before.piece_at(sq).map(|p| p.role) == after.piece_at(sq).map(|p| p.role);
        if sq != m.from && sq != m.to && same_piece {
            flipped.insert(sq);
        }
    }
    if flipped.any() {
        effects.push(Effect::Flipped(flipped));
    }
    let lands_on_to = !matches!(m.kind, MoveKind::CaptureInPlace | MoveKind::Castle);
    if lands_on_to && after.color_at(m.to) == Some(mover.other()) {
        effects.push(Effect::ChangedOwner {
            square: m.to,
            owner: mover.other(),
        });
    }
    effects
}

/// What offering to end the game means in a family.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EndOffer {
    /// An ordinary draw offer.
    Draw,
    /// End the game now, scored as it stands (Monochrome).
    Scored,
}

impl EndOffer {
    /// The offer in words: "offers {this}".
    pub fn describe(self) -> &'static str {
        match self {
            EndOffer::Draw => "a draw",
            EndOffer::Scored => "to end the game (scored as it stands)",
        }
    }
}

/// Material per side in pawns ([`MATERIAL_POINTS`]).
pub fn material(board: &Board) -> [u32; 2] {
    Color::ALL.map(|c| {
        Role::ALL
            .iter()
            .map(|r| MATERIAL_POINTS[r.index()] * board.by_piece(Piece::new(c, *r)).count())
            .sum()
    })
}

/// Pieces on the board per side.
pub fn piece_counts(board: &Board) -> [u32; 2] {
    Color::ALL.map(|c| board.count(c))
}

/// What the rules tell a player about a position beyond the board. Every
/// method has the plain-chess answer as its default.
pub trait Describe: Position {
    /// The names the family gives the sides, by [`Color::index`].
    fn side_names(&self) -> [&'static str; 2] {
        ["White", "Black"]
    }

    /// How the board is drawn.
    fn board_look(&self) -> BoardLook {
        BoardLook::default()
    }

    /// Marks on squares that the family's rules give meaning to now.
    fn square_marks(&self) -> Vec<MarkedSquares> {
        Vec::new()
    }

    /// The same marks on a board of any size, as spots: what a screen
    /// draws. An 8×8 family's are its [`Describe::square_marks`].
    fn spot_marks(&self) -> Vec<(SquareMark, Vec<Spot>)> {
        self.square_marks()
            .into_iter()
            .map(|m| (m.mark, m.squares.into_iter().map(spot_of).collect()))
            .collect()
    }

    /// The side panel's facts, in order.
    fn facts(&self) -> Vec<Fact> {
        vec![Fact::Material(material(self.board()))]
    }

    /// The family's own sentence on the piece on `sq` (Contrast: its
    /// powers there), if it has one.
    fn explain_square(&self, _sq: Square) -> Option<String> {
        None
    }

    /// What an offer to end the game means here.
    fn end_offer(&self) -> EndOffer {
        EndOffer::Draw
    }

    /// Whether a computer player of `side` accepts an offer to end the
    /// game, when the rules decide it (Monochrome: when not behind);
    /// `None` leaves the judgement to the player.
    fn rules_accept_end_offer(&self, _side: Color) -> Option<bool> {
        None
    }

    /// The rules' words for a purchase or placement, with its price
    /// (`None` for other actions). A placement is named by its piece, so any
    /// square gives the same words.
    fn describe_purchase(&self, _action: &Action) -> Option<String> {
        None
    }

    /// What `action` (legal here) does besides moving its piece, in the
    /// order a move list shows it. The default plays it on a copy and
    /// reads the board ([`board_effects`]); families with more to say
    /// (scores, money) override.
    fn action_effects(&self, action: &Action) -> Vec<Effect> {
        let mut after = self.clone();
        after.play_unchecked(*action);
        board_effects(self.board(), after.board(), self.turn(), action)
    }

    /// The piece an action takes off the board, if it captures (en
    /// passant's pawn beside, a capture in place's victim next to the
    /// queen). Flips are not captures.
    fn captured_piece(&self, action: &Action) -> Option<Piece> {
        let Action::Move(m) = action else {
            return None;
        };
        if !self.is_capture(m) {
            return None;
        }
        let mut board = *self.board();
        apply_move(&mut board, *m).captured.map(|(piece, _)| piece)
    }
}
