//! Dice-Money Chess (zzo38): FIDE chess in which every turn starts with two
//! dice, the first chess move of a turn earns money when its piece is named
//! by a die, and money buys extra moves, a queen-moving king or the
//! placement of a lost piece (docs/rules.md, Dice-Money).
//!
//! A turn is a sequence of actions on one position: the roll (a chance
//! node), at most one purchase, the main move, then the bought extra moves
//! (or `pass`). Lost pieces are kept per colour so that promotion can only
//! bring back a piece of the physical set; on-board plus lost always makes
//! exactly one set per colour.

use super::facts::{board_effects, Describe, Die, Earning, Effect, Fact, PriceOffer, TurnStage};
use super::fide::{fide_hash, validate_fide_setup};
use super::illegal::DiceMoneyRule;
use super::setup::{Draft, DraftError, DraftState, Economy, SetupProblem};
pub use super::shop::{ShopItem, ITEMS};
use super::standard::{fide_castling_why, fide_why_illegal};
use super::{Carried, CarryError, EndReason, ExtraState, IllegalReason, OptionError};
use super::{Outcome, Position, PositionError};
use crate::core::fen::Setup;
use crate::core::legal::{gen_fide_legal, FideParams};
use crate::core::movegen::{apply_move, castling_rights_touching, king_in_check, promotion_rank};
use crate::core::zobrist::splitmix;
use crate::core::{
    Action, Bitboard, Color, CoordText, Move, MoveKind, Piece, Purchase, Role, Square,
};
use serde::{Deserialize, Serialize};

/// Pieces of one physical set by role (P N B R Q K): what a colour owns on
/// the board and among its lost pieces together.
pub const SET: [u8; 6] = [8, 2, 2, 2, 1, 1];

/// Roles that can be lost (kings are never captured): the lost-piece
/// counts the rules keep, and the evaluation weighs.
pub const LOSABLE: [Role; 5] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
];

/// Promotion choices in the order they are generated.
const PROMOTABLE: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// Starting money per colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct StartMoney {
    /// White's dollars at the start ($1 in the seed).
    pub white: u32,
    /// Black's dollars at the start ($2: compensation for moving second).
    pub black: u32,
}

impl Default for StartMoney {
    fn default() -> Self {
        StartMoney { white: 1, black: 2 }
    }
}

/// Starting prices of the items, one field per row of the price table in
/// docs/rules.md.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Prices {
    /// `buy:move1`.
    pub move1: u32,
    /// `buy:move2`.
    pub move2: u32,
    /// `buy:king`.
    pub king: u32,
    /// Placing any lost opponent's piece.
    pub place_opponent: u32,
    /// Placing one's own lost pawn.
    pub place_pawn: u32,
    /// Placing one's own lost knight or bishop (one item).
    pub place_knight_bishop: u32,
    /// Placing one's own lost rook.
    pub place_rook: u32,
    /// Placing one's own lost queen.
    pub place_queen: u32,
}

impl Default for Prices {
    fn default() -> Self {
        Prices {
            move1: 5,
            move2: 15,
            king: 10,
            place_opponent: 5,
            place_pawn: 3,
            place_knight_bishop: 7,
            place_rook: 11,
            place_queen: 19,
        }
    }
}

impl Prices {
    /// As a price list indexed by [`ShopItem::index`].
    pub fn list(&self) -> [u32; ITEMS] {
        [
            self.move1,
            self.move2,
            self.king,
            self.place_opponent,
            self.place_pawn,
            self.place_knight_bishop,
            self.place_rook,
            self.place_queen,
        ]
    }
}

/// Every number of the variant, read from the variant file so that a user
/// file can change the economy without code.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DiceMoneyOptions {
    /// Money each colour starts with.
    pub start_money: StartMoney,
    /// Money above this is cut to it.
    pub money_cap: u32,
    /// How much a player's own price of an item rises each time they buy it.
    pub price_increment: u32,
    /// Starting prices.
    pub prices: Prices,
}

impl Default for DiceMoneyOptions {
    fn default() -> Self {
        DiceMoneyOptions {
            start_money: StartMoney::default(),
            money_cap: 100,
            price_increment: 1,
            prices: Prices::default(),
        }
    }
}

/// The most money, price or increment a variant file may give: far above
/// any real economy, far below where arithmetic on money could wrap.
pub const MAX_AMOUNT: u32 = 10_000;

impl DiceMoneyOptions {
    /// Refuse amounts over [`MAX_AMOUNT`], naming the field.
    pub fn check(&self) -> Result<(), OptionError> {
        let p = &self.prices;
        let fields = [
            ("start_money.white", self.start_money.white),
            ("start_money.black", self.start_money.black),
            ("money_cap", self.money_cap),
            ("price_increment", self.price_increment),
            ("prices.move1", p.move1),
            ("prices.move2", p.move2),
            ("prices.king", p.king),
            ("prices.place_opponent", p.place_opponent),
            ("prices.place_pawn", p.place_pawn),
            ("prices.place_knight_bishop", p.place_knight_bishop),
            ("prices.place_rook", p.place_rook),
            ("prices.place_queen", p.place_queen),
        ];
        match fields.iter().find(|(_, v)| *v > MAX_AMOUNT) {
            Some(&(field, value)) => Err(OptionError::Amount {
                field,
                value,
                max: MAX_AMOUNT,
            }),
            None => Ok(()),
        }
    }
}

/// Where in a turn the position is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The turn's start: the dice must be rolled (a chance node).
    Roll,
    /// Dice rolled: one purchase may be made, or the main move.
    Main,
    /// An item was bought: the main move comes next.
    Bought,
    /// The main move is made; bought extra moves remain (or `pass`).
    Extra,
}

impl Phase {
    fn index(self) -> u64 {
        match self {
            Phase::Roll => 0,
            Phase::Main => 1,
            Phase::Bought => 2,
            Phase::Extra => 3,
        }
    }
}

/// A Dice-Money position: the FIDE state plus money, prices, lost pieces and
/// where the current turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiceMoney {
    /// The FEN's state. Its en-passant square is set by a double step and
    /// live for the other side until the next chess move of either side
    /// (kept even with no capturer beside it, because a pawn may be placed
    /// there before the capture); its fifty-move count is chess moves since
    /// the last capture, pawn move or placement.
    setup: Setup,
    /// Actions since the last event after which no earlier turn start can
    /// recur (for the repetition scan).
    window: u32,
    money: [u32; 2],
    prices: [[u32; ITEMS]; 2],
    lost: [[u8; 6]; 2],
    dice: Option<(u8, u8)>,
    phase: Phase,
    extra_left: u8,
    king_power: bool,
    cap: u32,
    increment: u32,
}

impl DiceMoney {
    /// Build from a FEN setup: the side to move is about to roll. Lost
    /// pieces are what each colour's set misses on the board, so a setup
    /// with more of a role than one set holds is refused.
    pub fn from_setup(setup: Setup, options: DiceMoneyOptions) -> Result<DiceMoney, PositionError> {
        validate_fide_setup(&setup)?;
        options.check()?;
        super::setup::first_error(set_problems(&setup))?;
        let mut lost = [[0u8; 6]; 2];
        for c in Color::ALL {
            for r in LOSABLE {
                let n = setup.board.by_piece(Piece::new(c, r)).count();
                let max = SET[r.index()] as u32;
                lost[c.index()][r.index()] = max.saturating_sub(n) as u8;
            }
        }
        let cap = options.money_cap;
        let list = options.prices.list();
        Ok(DiceMoney {
            setup,
            window: 0,
            money: [
                options.start_money.white.min(cap),
                options.start_money.black.min(cap),
            ],
            prices: [list, list],
            lost,
            dice: None,
            phase: Phase::Roll,
            extra_left: 0,
            king_power: false,
            cap,
            increment: options.price_increment,
        })
    }

    /// The problems of a draft in this family: chess's
    /// ([`super::setup::royal_problems`]), no more of a role than one set
    /// holds, money up to the variant's cap, prices up to
    /// [`MAX_AMOUNT`], dice showing 1 to 6.
    pub fn setup_problems(draft: &Draft, options: &DiceMoneyOptions) -> Vec<SetupProblem> {
        let chess = crate::core::legal::FidePowers::<false>;
        let mut out = super::setup::royal_problems(&draft.setup, &chess);
        out.extend(set_problems(&draft.setup));
        let DraftState::Economy(e) = &draft.state else {
            out.push(SetupProblem::StateNotOfVariant);
            return out;
        };
        for color in Color::ALL {
            let money = e.money[color.index()];
            if money > options.money_cap {
                let cap = options.money_cap;
                out.push(SetupProblem::MoneyOverCap { color, money, cap });
            }
            for (item, &price) in e.prices[color.index()].iter().enumerate() {
                if price > MAX_AMOUNT {
                    let max = MAX_AMOUNT;
                    out.push(SetupProblem::PriceTooHigh {
                        color,
                        item,
                        price,
                        max,
                    });
                }
            }
        }
        if let Some((a, b)) = e.dice {
            let bad = [a, b].into_iter().filter(|d| !(1..=6).contains(d));
            out.extend(bad.map(SetupProblem::DieOutOfRange));
        }
        out
    }

    /// A position from a draft without problems
    /// ([`DiceMoney::setup_problems`]): its money, prices and dice (with
    /// dice shown, the side to move has rolled and may buy or move).
    pub fn from_draft(draft: &Draft, options: DiceMoneyOptions) -> Result<DiceMoney, DraftError> {
        super::setup::refuse(DiceMoney::setup_problems(draft, &options))?;
        let mut pos = DiceMoney::from_setup(draft.setup, options)?;
        if let DraftState::Economy(e) = draft.state {
            pos.money = e.money;
            pos.prices = e.prices;
            pos.dice = e.dice;
            if e.dice.is_some() {
                pos.phase = Phase::Main;
            }
        }
        Ok(pos)
    }

    /// The start position with the default economy.
    pub fn start() -> DiceMoney {
        let list = Prices::default().list();
        DiceMoney {
            setup: Setup::standard(),
            window: 0,
            money: [1, 2],
            prices: [list, list],
            lost: [[0; 6]; 2],
            dice: None,
            phase: Phase::Roll,
            extra_left: 0,
            king_power: false,
            cap: 100,
            increment: 1,
        }
    }

    /// A player's money.
    #[inline]
    pub fn money(&self, c: Color) -> u32 {
        self.money[c.index()]
    }

    /// A player's current price of an item.
    pub fn price(&self, c: Color, item: ShopItem) -> u32 {
        self.prices[c.index()][item.index()]
    }

    /// A player's whole price list, indexed by [`ShopItem::index`].
    pub fn prices(&self, c: Color) -> [u32; ITEMS] {
        self.prices[c.index()]
    }

    /// How many pieces of a role a colour has lost (and not put back).
    #[inline]
    pub fn lost(&self, c: Color, role: Role) -> u8 {
        self.lost[c.index()][role.index()]
    }

    /// The dice of the current turn, once rolled.
    pub fn dice(&self) -> Option<(u8, u8)> {
        self.dice
    }

    /// Where the turn stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Extra moves still to make this turn (bought ones count once the
    /// purchase is made).
    #[inline]
    pub fn extra_moves_left(&self) -> u8 {
        self.extra_left
    }

    /// Does the king move like a queen this turn?
    pub fn king_power(&self) -> bool {
        self.king_power
    }

    /// Castling-rights bits.
    pub fn castling(&self) -> u8 {
        self.setup.castling
    }

    /// The en-passant square, if a double step just happened.
    pub fn ep_square(&self) -> Option<Square> {
        self.setup.ep_square
    }

    /// Money above this is cut to it.
    pub fn money_cap(&self) -> u32 {
        self.cap
    }

    /// The en-passant square usable by the side acting now: never its own
    /// double step (during its extra moves).
    fn live_ep(&self) -> Option<Square> {
        if self.phase == Phase::Extra {
            None
        } else {
            self.setup.ep_square
        }
    }

    /// Chess moves of the side acting now, with its powers this turn.
    fn gen_chess(&self, out: &mut Vec<Action>) {
        let us = self.setup.turn;
        let mut promos = [Role::Queen; 4];
        let mut n = 0;
        for r in PROMOTABLE {
            if self.lost[us.index()][r.index()] > 0 {
                promos[n] = r;
                n += 1;
            }
        }
        let start = out.len();
        gen_fide_legal(
            &self.setup.board,
            us,
            &FideParams {
                castling: self.setup.castling,
                ep_square: self.live_ep(),
                promotions: &promos[..n],
                king_slides: self.king_power,
            },
            out,
        );
        // No move may capture a king (it can stand in check mid-turn).
        if let Some(ek) = self.setup.board.king_of(us.other()) {
            if self
                .setup
                .board
                .attackers_to(ek, us, self.setup.board.occupied())
                .any()
                || self.king_power
            {
                retain_from(out, start, |a| a.as_move().is_none_or(|m| m.to != ek));
            }
        }
        // Where castling and a king slide share the text, it means castling.
        if self.king_power {
            let castles: Vec<Move> = out[start..]
                .iter()
                .filter_map(|a| a.as_move())
                .filter(|m| m.kind == MoveKind::Castle)
                .collect();
            if !castles.is_empty() {
                retain_from(out, start, |a| {
                    a.as_move().is_none_or(|m| {
                        m.kind == MoveKind::Castle
                            || !castles.iter().any(|c| c.from == m.from && c.to == m.to)
                    })
                });
            }
        }
    }

    /// Is there any chess move for the side acting now?
    fn has_chess_move(&self) -> bool {
        let mut v = Vec::with_capacity(64);
        self.gen_chess(&mut v);
        !v.is_empty()
    }

    fn can_afford(&self, item: ShopItem) -> bool {
        let c = self.setup.turn.index();
        self.prices[c][item.index()] <= self.money[c]
    }

    /// Squares a piece may be placed on, before the king-safety test.
    fn placement_squares(&self, piece: Piece) -> Bitboard {
        let empty = !self.setup.board.occupied();
        if piece.role == Role::Pawn {
            empty & !(Bitboard::rank(0) | Bitboard::rank(7))
        } else {
            empty
        }
    }

    /// Does placing `piece` on `sq` keep the placer's king out of check?
    /// Never inlined: inside the placement loop its copy of the board costs
    /// more than the call (3% more perft instructions, measured).
    #[inline(never)]
    fn placement_keeps_king_safe(&self, piece: Piece, sq: Square) -> bool {
        let mut b = self.setup.board;
        b.set(sq, piece);
        !king_in_check(&b, self.setup.turn)
    }

    /// Affordable purchases and placements. Always inlined: the search
    /// calls it through `legal_actions` on every node, and the price
    /// list's second caller must not cost the search a call.
    #[inline(always)]
    fn gen_purchases(&self, out: &mut Vec<Action>) {
        let us = self.setup.turn;
        for (item, action) in [
            (ShopItem::Move1, Action::Buy(Purchase::ExtraMoves(1))),
            (ShopItem::Move2, Action::Buy(Purchase::ExtraMoves(2))),
            (ShopItem::KingPower, Action::Buy(Purchase::KingPower)),
        ] {
            if self.can_afford(item) {
                out.push(action);
            }
        }
        let in_check = king_in_check(&self.setup.board, us);
        for color in [us, us.other()] {
            for role in LOSABLE {
                if self.lost[color.index()][role.index()] == 0 {
                    continue;
                }
                let piece = Piece::new(color, role);
                let Some(item) = ShopItem::of_placement(piece, us) else {
                    continue;
                };
                if !self.can_afford(item) {
                    continue;
                }
                // An own piece only blocks lines: it cannot expose the king.
                let always_safe = color == us && !in_check;
                for sq in self.placement_squares(piece) {
                    if always_safe || self.placement_keeps_king_safe(piece, sq) {
                        out.push(Action::Place(piece, sq));
                    }
                }
            }
        }
    }

    fn pay(&mut self, item: ShopItem) {
        let c = self.setup.turn.index();
        let i = item.index();
        self.money[c] = self.money[c].saturating_sub(self.prices[c][i]);
        self.prices[c][i] = self.prices[c][i].saturating_add(self.increment);
        if self.increment > 0 {
            self.window = 0;
        }
    }

    /// Earning on the first chess move of the turn (see [`earning`]).
    fn earn(&mut self, role: Role) {
        let Some(gain) = self.dice.and_then(|dice| earning(dice, role)) else {
            return;
        };
        let c = self.setup.turn.index();
        self.money[c] = self.money[c].saturating_add(gain).min(self.cap);
    }

    fn end_turn(&mut self) {
        if self.setup.turn == Color::Black {
            self.setup.fullmoves = self.setup.fullmoves.saturating_add(1);
        }
        self.setup.turn = self.setup.turn.other();
        self.phase = Phase::Roll;
        self.dice = None;
        self.extra_left = 0;
        self.king_power = false;
    }

    fn play_move(&mut self, m: Move) {
        let us = self.setup.turn;
        let first = self.phase != Phase::Extra;
        let applied = apply_move(&mut self.setup.board, m);
        if let Some((victim, _)) = applied.captured {
            let l = &mut self.lost[victim.color.index()][victim.role.index()];
            *l = l.saturating_add(1);
        }
        if let Some(r) = m.promotion() {
            let l = &mut self.lost[us.index()];
            l[Role::Pawn.index()] = l[Role::Pawn.index()].saturating_add(1);
            l[r.index()] = l[r.index()].saturating_sub(1);
        }
        if first {
            self.earn(m.promotion().unwrap_or(applied.moved));
        }
        self.setup.castling &= !(castling_rights_touching(m.from) | castling_rights_touching(m.to));
        self.setup.ep_square = if m.kind == MoveKind::DoublePush {
            Square::from_coords(m.from.file(), (m.from.rank() + m.to.rank()) / 2)
        } else {
            None
        };
        if applied.moved == Role::Pawn || applied.captured.is_some() {
            self.setup.halfmoves = 0;
            self.window = 0;
        } else {
            self.setup.halfmoves = self.setup.halfmoves.saturating_add(1);
        }
        if first {
            if self.extra_left > 0 {
                self.phase = Phase::Extra;
                if !self.has_chess_move() {
                    self.end_turn();
                }
            } else {
                self.end_turn();
            }
        } else {
            self.extra_left = self.extra_left.saturating_sub(1);
            if self.extra_left == 0 || !self.has_chess_move() {
                self.end_turn();
            }
        }
    }

    /// Hash of the state beyond the FIDE fields.
    fn extra_hash(&self) -> u64 {
        let mut h = splitmix(0x00D1_CE00 ^ (self.money[0] as u64 | (self.money[1] as u64) << 32));
        for list in &self.prices {
            for pair in list.chunks(2) {
                let hi = pair.get(1).copied().unwrap_or(0) as u64;
                h = splitmix(h ^ (pair[0] as u64 | hi << 32));
            }
        }
        let mut lost = 0u64;
        for c in 0..2 {
            for r in 0..5 {
                lost = lost << 4 | (self.lost[c][r] as u64 & 15);
            }
        }
        // Dice in either order play the same, so they hash the same.
        let dice = self
            .dice
            .map_or(0, |(a, b)| (a.min(b) as u64) << 4 | a.max(b) as u64);
        let turn_state = dice
            | self.phase.index() << 8
            | (self.extra_left as u64) << 12
            | (self.king_power as u64) << 16;
        h = splitmix(h ^ lost);
        splitmix(h ^ turn_state)
    }

    fn set_prices(&mut self, list: [u32; ITEMS]) {
        self.prices = [list, list];
    }

    /// Explain a refused purchase or placement.
    fn why_purchase_illegal(&self, action: Action) -> DiceMoneyRule {
        let us = self.setup.turn;
        let have = self.money[us.index()];
        match self.phase {
            Phase::Bought => return DiceMoneyRule::OnePurchasePerTurn,
            Phase::Extra => return DiceMoneyRule::PurchaseAfterMainMove,
            _ => {}
        }
        if let Action::Place(piece, sq) = action {
            if piece.role == Role::King {
                return DiceMoneyRule::KingNeverPlaced;
            }
            if self.lost[piece.color.index()][piece.role.index()] == 0 {
                return self.nothing_lost_to_place(piece, sq);
            }
            if self.setup.board.occupied().contains(sq) {
                return DiceMoneyRule::SquareOccupied(sq);
            }
            if piece.role == Role::Pawn && (sq.rank() == 0 || sq.rank() == 7) {
                return DiceMoneyRule::PawnOnEdgeRank;
            }
        }
        if let Some(item) = ShopItem::of_action(&action, us) {
            let price = self.prices[us.index()][item.index()];
            if price > have {
                return DiceMoneyRule::TooDear {
                    action,
                    price,
                    money: have,
                };
            }
        }
        if let Action::Place(piece, sq) = action {
            if !self.placement_keeps_king_safe(piece, sq) {
                return DiceMoneyRule::PlacementLeavesCheck(action);
            }
        }
        DiceMoneyRule::PurchaseImpossible(action)
    }
}

impl DiceMoney {
    /// A placement of a piece nobody lost: the letter's case is the piece's
    /// colour (a Black player's own pieces are lower case), so the reason
    /// names the piece the text named, and what the player can place.
    fn nothing_lost_to_place(&self, piece: Piece, square: Square) -> DiceMoneyRule {
        let mover = self.setup.turn;
        let placeable = [mover, mover.other()]
            .into_iter()
            .flat_map(|c| LOSABLE.iter().map(move |&r| Piece::new(c, r)))
            .filter(|p| self.lost[p.color.index()][p.role.index()] > 0)
            .collect();
        DiceMoneyRule::NothingLostToPlace {
            piece,
            square,
            mover,
            placeable,
        }
    }

    /// Dice-Money's own rules on a typed chess move: no king captures,
    /// promotion only into lost pieces, the king's bought power.
    fn why_move_illegal(&self, text: &CoordText) -> Option<DiceMoneyRule> {
        let CoordText::Move {
            from,
            to,
            promotion,
            ..
        } = *text
        else {
            return None;
        };
        let us = self.setup.turn;
        let board = &self.setup.board;
        if board
            .piece_at(to)
            .is_some_and(|p| p.role == Role::King && p.color != us)
        {
            return Some(DiceMoneyRule::KingCapture);
        }
        if board.piece_at(from) == Some(Piece::new(us, Role::Pawn))
            && to.rank() == promotion_rank(us)
        {
            let lost: Vec<Role> = PROMOTABLE
                .iter()
                .copied()
                .filter(|r| self.lost[us.index()][r.index()] > 0)
                .collect();
            if let Some(role) = promotion.filter(|r| self.lost[us.index()][r.index()] == 0) {
                return Some(DiceMoneyRule::NoLostToPromote {
                    role,
                    color: us,
                    lost,
                });
            }
            if lost.is_empty() {
                return Some(DiceMoneyRule::PawnNeedsLostPiece(us));
            }
        }
        None
    }

    /// The chess reasons, after Dice-Money's own: castling, the king's
    /// bought power, then FIDE's.
    fn why_chess_move_illegal(&self, text: &CoordText, legal: &[Action]) -> IllegalReason {
        let us = self.setup.turn;
        let board = &self.setup.board;
        if let Some(why) = fide_castling_why(board, us, self.setup.castling, text) {
            return IllegalReason::Castling(why);
        }
        if let CoordText::Move { from, to, .. } = *text {
            if board.piece_at(from) == Some(Piece::new(us, Role::King))
                && !self.king_power
                && crate::core::attacks::queen_attacks(from, board.occupied()).contains(to)
                && !crate::core::attacks::king_attacks(from).contains(to)
            {
                return IllegalReason::DiceMoney(DiceMoneyRule::KingPowerNotBought);
            }
        }
        fide_why_illegal(self, board, us, text, legal)
    }
}

/// Keep only the actions from `start` on that satisfy `keep`.
fn retain_from(out: &mut Vec<Action>, start: usize, keep: impl Fn(&Action) -> bool) {
    let mut w = start;
    for r in start..out.len() {
        let a = out[r];
        if keep(&a) {
            out[w] = a;
            w += 1;
        }
    }
    out.truncate(w);
}

/// The role a die's number names: 1 = pawn, 2 = knight, 3 = bishop,
/// 4 = rook, 5 = queen, 6 = king.
pub fn role_named(value: u8) -> Option<Role> {
    Role::from_index(usize::from(value.checked_sub(1)?))
}

/// The earning rule: the first chess move of a turn, made with a piece
/// whose number is on one die, earns the other die (on a double, that same
/// value). What a move of `role` earns under `dice`, if anything.
#[inline]
pub fn earning((a, b): (u8, u8), role: Role) -> Option<u32> {
    let n = role.index() as u8 + 1;
    if n == a {
        Some(u32::from(b))
    } else if n == b {
        Some(u32::from(a))
    } else {
        None
    }
}

/// What a first move earns for each role the dice name (one entry per
/// role), by [`earning`].
pub fn earnings(dice: (u8, u8)) -> Vec<Earning> {
    let mut v: Vec<Earning> = Vec::with_capacity(2);
    for die in [dice.0, dice.1] {
        let Some(role) = role_named(die) else {
            continue;
        };
        if let (Some(amount), true) = (earning(dice, role), v.iter().all(|e| e.role != role)) {
            v.push(Earning { role, amount });
        }
    }
    v
}

/// The weight of each distinct roll out of 36: doubles 1, others 2.
pub fn distinct_rolls() -> Vec<(Action, u32)> {
    let mut v = Vec::with_capacity(21);
    for a in 1..=6u8 {
        for b in a..=6u8 {
            v.push((Action::Roll(a, b), if a == b { 1 } else { 2 }));
        }
    }
    v
}

/// The 36 rolls of two dice, first die then second, each 1 to 6: the
/// actions of every roll node, copied in at once.
const ROLLS: [Action; 36] = {
    let mut rolls = [Action::Pass; 36];
    let mut i = 0;
    while i < 36 {
        rolls[i] = Action::Roll(i as u8 / 6 + 1, i as u8 % 6 + 1);
        i += 1;
    }
    rolls
};

impl Position for DiceMoney {
    #[inline]
    fn fen_state(&self) -> &Setup {
        &self.setup
    }

    /// The FEN's state with money, prices and dice (a mid-turn position's
    /// bought extra moves and king power are not part of a draft).
    fn draft(&self) -> Draft {
        Draft {
            setup: self.setup,
            state: DraftState::Economy(Economy {
                money: self.money,
                prices: self.prices,
                dice: self.dice,
            }),
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        match self.phase {
            Phase::Roll => {
                // Pictorial mate and stalemate are judged here, at the turn's
                // start: no chess move without buying means the game is over.
                let start = out.len();
                self.gen_chess(out);
                let any = out.len() > start;
                out.truncate(start);
                if any {
                    out.extend_from_slice(&ROLLS);
                }
            }
            Phase::Main => {
                self.gen_chess(out);
                self.gen_purchases(out);
            }
            Phase::Bought => self.gen_chess(out),
            Phase::Extra => {
                self.gen_chess(out);
                out.push(Action::Pass);
            }
        }
    }

    fn play_unchecked(&mut self, action: Action) {
        self.window += 1;
        match action {
            Action::Roll(a, b) => {
                if self.phase == Phase::Roll {
                    self.dice = Some((a, b));
                    self.phase = Phase::Main;
                }
            }
            Action::Buy(p) => {
                let Some(item) = ShopItem::of_action(&action, self.setup.turn) else {
                    return;
                };
                self.pay(item);
                match p {
                    Purchase::ExtraMoves(n) => self.extra_left = n,
                    Purchase::KingPower => self.king_power = true,
                }
                self.phase = Phase::Bought;
            }
            Action::Place(piece, sq) => {
                let Some(item) = ShopItem::of_action(&action, self.setup.turn) else {
                    return;
                };
                self.pay(item);
                self.setup.board.set(sq, piece);
                let l = &mut self.lost[piece.color.index()][piece.role.index()];
                *l = l.saturating_sub(1);
                if self.setup.ep_square == Some(sq) {
                    self.setup.ep_square = None;
                }
                self.setup.halfmoves = 0;
                self.window = 0;
                self.phase = Phase::Bought;
                // A placement may leave no chess move: the turn then ends.
                if !self.has_chess_move() {
                    self.end_turn();
                }
            }
            Action::Move(m) => self.play_move(m),
            Action::Pass => self.end_turn(),
            // Not actions of this family (its placements are bought).
            Action::Drop(..) | Action::Wide(_) | Action::WideDrop(..) => {}
        }
    }

    fn outcome_given(&self, legal: &[Action]) -> Option<Outcome> {
        if !legal.is_empty() {
            return None;
        }
        Some(if self.in_check(self.setup.turn) {
            Outcome::win(self.setup.turn.other(), EndReason::Checkmate)
        } else {
            Outcome::draw(EndReason::Stalemate)
        })
    }

    fn hash(&self) -> u64 {
        fide_hash(
            &self.setup.board,
            self.setup.turn,
            self.setup.castling,
            self.setup.ep_square,
        ) ^ self.extra_hash()
    }

    fn repetition_key(&self) -> Option<u64> {
        // Only turn starts count; lost pieces follow from the board.
        (self.phase == Phase::Roll).then(|| self.hash())
    }

    fn repetition_window(&self) -> u32 {
        if self.increment == 0 {
            // Prices that never rise cannot rule out a return after a
            // placement; look back over the whole game.
            u32::MAX
        } else {
            self.window
        }
    }

    fn to_fen(&self) -> String {
        Setup {
            ep_square: self.live_ep(),
            ..self.setup
        }
        .to_fen()
    }

    /// Either king, whoever acts: a check given by the main move stays
    /// visible while the mover makes extra moves.
    #[inline]
    fn in_check(&self, color: Color) -> bool {
        king_in_check(&self.setup.board, color)
    }

    fn is_chance(&self) -> bool {
        self.phase == Phase::Roll
    }

    fn chance_outcomes(&self) -> Vec<(Action, u32)> {
        if self.phase == Phase::Roll {
            distinct_rolls()
        } else {
            Vec::new()
        }
    }

    fn why_illegal(&self, text: &CoordText, legal: &[Action]) -> IllegalReason {
        if legal.is_empty() {
            return super::generic_why_illegal(self, text, legal);
        }
        let rule = match (*text, self.phase) {
            (CoordText::Roll(..), Phase::Roll) => Some(DiceMoneyRule::RollImpossible),
            (CoordText::Roll(..), _) => Some(DiceMoneyRule::RollOnce),
            (_, Phase::Roll) => Some(DiceMoneyRule::MustRoll(self.setup.turn)),
            (CoordText::Pass, _) => Some(DiceMoneyRule::PassOnlyWithExtraMoves),
            (CoordText::Buy(p), _) => Some(self.why_purchase_illegal(Action::Buy(p))),
            (CoordText::Place(piece, sq), _) => {
                Some(self.why_purchase_illegal(Action::Place(piece, sq)))
            }
            (CoordText::Move { .. }, _) => self.why_move_illegal(text),
            (CoordText::Wide { .. } | CoordText::WidePlace(..), _) => None,
        };
        match rule {
            Some(rule) => IllegalReason::DiceMoney(rule),
            None => self.why_chess_move_illegal(text, legal),
        }
    }

    /// Chess's patterns; a king with bought king power also moves like a
    /// queen.
    fn move_pattern(&self, from: Square) -> Bitboard {
        let Some(piece) = self.setup.board.piece_at(from) else {
            return Bitboard::EMPTY;
        };
        let chess = super::chess_pattern(piece, from);
        if piece.role == Role::King && self.king_power && piece.color == self.setup.turn {
            chess | crate::core::attacks::queen_attacks(from, Bitboard::EMPTY)
        } else {
            chess
        }
    }

    /// Money buys lost pieces back (a lone king earns by moving on a 6), so
    /// a side can always still win.
    fn can_win(&self, _color: Color) -> bool {
        true
    }

    fn carry_over(&mut self, previous_start: &Self, previous_end: &Self, winner: Option<Color>) {
        match winner {
            Some(w) => self.set_prices(previous_end.prices[w.index()]),
            None => self.prices = previous_start.prices,
        }
    }

    /// Both players' prices: what match play carries into the next game.
    fn carried(&self) -> Option<Carried> {
        Some(Carried::Prices(PriceLists {
            prices: self.prices,
        }))
    }

    fn restore_carried(&mut self, carried: &Carried) -> Result<(), CarryError> {
        let Carried::Prices(lists) = carried;
        for (side, list) in lists.prices.iter().enumerate() {
            if let Some((i, price)) = list.iter().enumerate().find(|(_, &p)| p > MAX_AMOUNT) {
                return Err(CarryError::PriceTooHigh {
                    side,
                    index: i,
                    price: *price,
                    max: MAX_AMOUNT,
                });
            }
        }
        self.prices = lists.prices;
        Ok(())
    }

    fn extra_state(&self) -> Option<ExtraState> {
        Some(ExtraState::DiceMoney(Ledger {
            money: self.money,
            lost: self.lost,
            prices: self.prices,
            dice: self.dice,
            extra_left: self.extra_left,
            king_power: self.king_power,
        }))
    }
}

/// More of a role than one set holds, by colour and role (promotion
/// brings back only lost pieces).
fn set_problems(setup: &Setup) -> Vec<SetupProblem> {
    let mut out = Vec::new();
    for color in Color::ALL {
        for role in LOSABLE {
            let count = setup.board.by_piece(Piece::new(color, role)).count();
            let max = SET[role.index()] as u32;
            if count > max {
                out.push(SetupProblem::MoreThanASet {
                    color,
                    role,
                    count,
                    max,
                });
            }
        }
    }
    out
}

/// Both players' price lists by colour, each in [`ShopItem::ALL`] order:
/// what one game of a match passes to the next.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PriceLists {
    /// `[white's list, black's list]`.
    pub prices: [[u32; ITEMS]; 2],
}

/// Dice-Money's state beyond the FEN: each side's money, lost pieces and
/// prices, and the turn's dice, extra moves and king power. Its `Display`
/// is the line saved records keep in their `state` field.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Ledger {
    /// Dollars by colour.
    pub money: [u32; 2],
    /// Lost pieces by colour and role index.
    pub lost: [[u8; 6]; 2],
    /// Price lists by colour.
    pub prices: [[u32; ITEMS]; 2],
    /// The turn's dice, once rolled.
    pub dice: Option<(u8, u8)>,
    /// Extra moves still to make this turn.
    pub extra_left: u8,
    /// The king moves like a queen this turn.
    pub king_power: bool,
}

impl std::fmt::Display for Ledger {
    /// `White: $1, lost none, prices 5/15/10/5/3/7/11/19; Black: …`, then
    /// `; dice 3,5`, `; extra moves left 1`, `; king moves like a queen`
    /// when they apply.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for c in Color::ALL {
            let i = c.index();
            let lost: Vec<String> = Role::ALL
                .iter()
                .filter(|r| self.lost[i][r.index()] > 0)
                .map(|r| format!("{}{}", r.upper_char(), self.lost[i][r.index()]))
                .collect();
            let prices: Vec<String> = self.prices[i].iter().map(u32::to_string).collect();
            write!(
                f,
                "{}{}: ${}, lost {}, prices {}",
                if i == 0 { "" } else { "; " },
                c.name(),
                self.money[i],
                if lost.is_empty() {
                    "none".to_string()
                } else {
                    lost.join(" ")
                },
                prices.join("/")
            )?;
        }
        if let Some((a, b)) = self.dice {
            write!(f, "; dice {a},{b}")?;
        }
        if self.extra_left > 0 {
            write!(f, "; extra moves left {}", self.extra_left)?;
        }
        if self.king_power {
            write!(f, "; king moves like a queen")?;
        }
        Ok(())
    }
}

impl DiceMoney {
    /// Which items the side to act can buy now, by [`ShopItem::index`]: a
    /// purchase or placement of that item is among the legal actions.
    pub fn purchasable(&self) -> [bool; ITEMS] {
        let mut now = [false; ITEMS];
        if self.phase != Phase::Main {
            return now;
        }
        let mut actions = Vec::new();
        self.gen_purchases(&mut actions);
        for a in &actions {
            if let Some(item) = ShopItem::of_action(a, self.setup.turn) {
                now[item.index()] = true;
            }
        }
        now
    }

    fn stage(&self) -> TurnStage {
        match self.phase {
            Phase::Roll => TurnStage::ChanceNext,
            Phase::Main => TurnStage::PurchaseOrMove,
            Phase::Bought => TurnStage::MoveAfterPurchase,
            Phase::Extra => TurnStage::ExtraMoves(self.extra_left),
        }
    }
}

impl Describe for DiceMoney {
    /// The first chess move of a turn may earn money.
    fn action_effects(&self, action: &Action) -> Vec<Effect> {
        let mut after = *self;
        after.play_unchecked(*action);
        let mut effects = board_effects(
            &self.setup.board,
            &after.setup.board,
            self.setup.turn,
            action,
        );
        if matches!(action, Action::Move(_)) {
            let side = self.setup.turn;
            let amount = after.money[side.index()].saturating_sub(self.money[side.index()]);
            if amount > 0 {
                effects.push(Effect::Earned { side, amount });
            }
        }
        effects
    }

    fn facts(&self) -> Vec<Fact> {
        let dice = self.dice.and_then(|(a, b)| {
            Some([
                Die {
                    value: a,
                    names: role_named(a)?,
                },
                Die {
                    value: b,
                    names: role_named(b)?,
                },
            ])
        });
        let mut facts = vec![Fact::Dice(dice)];
        if let Some(d) = self.dice {
            facts.push(Fact::Earnings {
                offers: earnings(d),
                pending: matches!(self.phase, Phase::Main | Phase::Bought),
            });
        }
        facts.push(Fact::Money {
            amounts: self.money,
            cap: self.cap,
        });
        facts.push(Fact::Stage(self.stage()));
        if self.king_power {
            facts.push(Fact::power("The king moves like a queen this turn"));
        }
        facts.push(Fact::Lost(self.lost));
        let now = self.purchasable();
        let us = self.setup.turn;
        facts.push(Fact::Prices {
            side: us,
            offers: ShopItem::ALL
                .iter()
                .map(|item| PriceOffer {
                    label: item.label(),
                    describe: item.describe(),
                    price: self.price(us, *item),
                    available: now[item.index()],
                })
                .collect(),
        });
        facts
    }

    fn describe_purchase(&self, action: &Action) -> Option<String> {
        let item = ShopItem::of_action(action, self.setup.turn)?;
        let price = self.price(self.setup.turn, item);
        Some(match action {
            Action::Place(p, _) => format!(
                "place a lost {} {} (${price})",
                p.color.name(),
                p.role.name()
            ),
            _ => format!("{} (${price})", item.describe()),
        })
    }
}
