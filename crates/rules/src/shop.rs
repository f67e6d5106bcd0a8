//! Dice-Money's shop: the things money buys, each with its own price
//! per player. Apart from the family so that the set-up checks
//! ([`super::setup`]) can name an item without depending on the family
//! that depends on them.

use crate::core::{Action, Color, Piece, Purchase, Role};

/// The things money buys, each with its own per-player price.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ShopItem {
    /// One extra move after the main move (`buy:move1`).
    Move1,
    /// Two extra moves after the main move (`buy:move2`).
    Move2,
    /// The king moves like a queen this turn (`buy:king`).
    KingPower,
    /// Place any lost opponent's piece (`n@e4`, opponent's letter case).
    PlaceOpponent,
    /// Place one's own lost pawn (`P@e4`).
    PlacePawn,
    /// Place one's own lost knight or bishop (one item).
    PlaceKnightBishop,
    /// Place one's own lost rook.
    PlaceRook,
    /// Place one's own lost queen.
    PlaceQueen,
}

/// Number of items (length of a price list).
pub const ITEMS: usize = 8;

impl ShopItem {
    /// Every item, in price-list order.
    pub const ALL: [ShopItem; ITEMS] = [
        ShopItem::Move1,
        ShopItem::Move2,
        ShopItem::KingPower,
        ShopItem::PlaceOpponent,
        ShopItem::PlacePawn,
        ShopItem::PlaceKnightBishop,
        ShopItem::PlaceRook,
        ShopItem::PlaceQueen,
    ];

    /// Index into a price list.
    pub fn index(self) -> usize {
        self as usize
    }

    /// A few characters for a price table.
    pub fn label(self) -> &'static str {
        match self {
            ShopItem::Move1 => "+1 move",
            ShopItem::Move2 => "+2 moves",
            ShopItem::KingPower => "king=Q",
            ShopItem::PlaceOpponent => "their pc",
            ShopItem::PlacePawn => "own P",
            ShopItem::PlaceKnightBishop => "own N/B",
            ShopItem::PlaceRook => "own R",
            ShopItem::PlaceQueen => "own Q",
        }
    }

    /// The item in words, with its coordinate form where it has one.
    pub fn describe(self) -> &'static str {
        match self {
            ShopItem::Move1 => "one extra move (buy:move1)",
            ShopItem::Move2 => "two extra moves (buy:move2)",
            ShopItem::KingPower => "king moves like a queen (buy:king)",
            ShopItem::PlaceOpponent => "place a lost opponent's piece",
            ShopItem::PlacePawn => "place your lost pawn",
            ShopItem::PlaceKnightBishop => "place your lost knight or bishop",
            ShopItem::PlaceRook => "place your lost rook",
            ShopItem::PlaceQueen => "place your lost queen",
        }
    }

    /// The item an action buys when played by `mover`, if it is a purchase.
    pub fn of_action(action: &Action, mover: Color) -> Option<ShopItem> {
        match *action {
            Action::Buy(Purchase::ExtraMoves(1)) => Some(ShopItem::Move1),
            Action::Buy(Purchase::ExtraMoves(2)) => Some(ShopItem::Move2),
            Action::Buy(Purchase::KingPower) => Some(ShopItem::KingPower),
            Action::Place(p, _) => ShopItem::of_placement(p, mover),
            _ => None,
        }
    }

    /// The item that places `piece` for `mover` (kings are never placed).
    pub fn of_placement(piece: Piece, mover: Color) -> Option<ShopItem> {
        if piece.role == Role::King {
            return None;
        }
        if piece.color != mover {
            return Some(ShopItem::PlaceOpponent);
        }
        Some(match piece.role {
            Role::Pawn => ShopItem::PlacePawn,
            Role::Knight | Role::Bishop => ShopItem::PlaceKnightBishop,
            Role::Rook => ShopItem::PlaceRook,
            _ => ShopItem::PlaceQueen,
        })
    }
}
