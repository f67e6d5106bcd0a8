//! Piece placement only: where each piece stands. Rule state (castling, en
//! passant, scores, money) lives in the rule modules' position types.

use super::attacks;
use super::bitboard::Bitboard;
use super::types::{Color, Piece, Role, Square};
use super::zobrist;

/// Piece placement as bitboards by role and by colour, with an incrementally
/// kept Zobrist hash of the pieces.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Board {
    by_role: [Bitboard; 7],
    by_color: [Bitboard; 2],
    occupied: Bitboard,
    hash: u64,
    /// The piece on each square as `1 + colour * 26 + role` (0 = empty),
    /// so looking a piece up costs one load.
    mailbox: [u8; 64],
}

#[inline]
fn encode(p: Piece) -> u8 {
    1 + p.color.index() as u8 * Role::COUNT as u8 + p.role.index() as u8
}

#[inline]
fn decode(code: u8) -> Option<Piece> {
    DECODED[code as usize & 63]
}

/// The `by_role` slot of a role: its own for the six chess roles, one
/// shared slot for every kind from data (which only the mailbox tells
/// apart), so the chess families' board stays small.
#[inline]
fn slot(role: Role) -> usize {
    role.index().min(OTHER_KINDS)
}

/// The slot of `by_role` that holds every kind from data.
const OTHER_KINDS: usize = 6;

/// The piece of each mailbox code (codes above 52 are never stored): a
/// lookup is one load on the hot path.
static DECODED: [Option<Piece>; 64] = {
    let mut table = [None; 64];
    let mut i = 0;
    while i < 2 * Role::COUNT {
        let color = if i < Role::COUNT {
            Color::White
        } else {
            Color::Black
        };
        table[i + 1] = match Role::from_any_index(i % Role::COUNT) {
            Some(role) => Some(Piece::new(color, role)),
            None => None,
        };
        i += 1;
    }
    table
};

impl Default for Board {
    fn default() -> Self {
        Board::empty()
    }
}

impl Board {
    /// A board with no pieces.
    pub const fn empty() -> Board {
        Board {
            by_role: [Bitboard::EMPTY; 7],
            by_color: [Bitboard::EMPTY; 2],
            occupied: Bitboard::EMPTY,
            hash: 0,
            mailbox: [0; 64],
        }
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.occupied
    }

    /// Squares of one colour's pieces.
    #[inline]
    pub fn by_color(&self, c: Color) -> Bitboard {
        self.by_color[c.index()]
    }

    /// Squares of one role, both colours.
    #[inline]
    pub fn by_role(&self, r: Role) -> Bitboard {
        if r.is_chess() {
            self.by_role[r.index()]
        } else {
            self.of_kind_from_data(r)
        }
    }

    /// Squares of one coloured piece.
    /// [`Board::by_role`] for a kind from data, which only the mailbox
    /// tells apart from the others.
    #[cold]
    fn of_kind_from_data(&self, r: Role) -> Bitboard {
        self.by_role[OTHER_KINDS]
            .into_iter()
            .filter(|&sq| self.role_at(sq) == Some(r))
            .collect()
    }

    #[inline]
    pub fn by_piece(&self, p: Piece) -> Bitboard {
        self.by_role(p.role) & self.by_color[p.color.index()]
    }

    /// Rooks and queens.
    #[inline]
    pub fn rooks_and_queens(&self) -> Bitboard {
        self.by_role[Role::Rook.index()] | self.by_role[Role::Queen.index()]
    }

    /// Bishops and queens.
    #[inline]
    pub fn bishops_and_queens(&self) -> Bitboard {
        self.by_role[Role::Bishop.index()] | self.by_role[Role::Queen.index()]
    }

    /// The piece on a square.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        decode(self.mailbox[sq.index()])
    }

    /// The role of the piece on a square.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        self.piece_at(sq).map(|p| p.role)
    }

    /// The colour of the piece on a square.
    #[inline]
    pub fn color_at(&self, sq: Square) -> Option<Color> {
        if self.by_color[0].contains(sq) {
            Some(Color::White)
        } else if self.by_color[1].contains(sq) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// Put a piece on a square, replacing whatever was there.
    #[inline]
    pub fn set(&mut self, sq: Square, p: Piece) {
        self.clear(sq);
        self.put(sq, p);
    }

    /// Put a piece on a square known to be empty (moves just cleared it).
    #[inline]
    pub(crate) fn put(&mut self, sq: Square, p: Piece) {
        debug_assert!(!self.occupied.contains(sq));
        self.by_role[slot(p.role)].insert(sq);
        self.by_color[p.color.index()].insert(sq);
        self.occupied.insert(sq);
        self.mailbox[sq.index()] = encode(p);
        self.hash ^= zobrist::piece(p, sq);
    }

    /// Remove and return whatever stands on a square.
    #[inline]
    pub fn clear(&mut self, sq: Square) -> Option<Piece> {
        let p = self.piece_at(sq)?;
        self.by_role[slot(p.role)].remove(sq);
        self.by_color[p.color.index()].remove(sq);
        self.occupied.remove(sq);
        self.mailbox[sq.index()] = 0;
        self.hash ^= zobrist::piece(p, sq);
        Some(p)
    }

    /// Move the piece on `from` to `to`, taking whatever stands there: the
    /// move made at nearly every node, done in one pass. Returns the piece
    /// moved and the one taken; `None`, changing nothing, when `from` is
    /// empty or is `to`.
    #[inline]
    pub(crate) fn relocate(&mut self, from: Square, to: Square) -> Option<(Piece, Option<Piece>)> {
        let mover = self.piece_at(from).filter(|_| from != to)?;
        let taken = self.clear(to);
        let from_to = Bitboard::from_square(from) | Bitboard::from_square(to);
        self.by_role[slot(mover.role)] ^= from_to;
        self.by_color[mover.color.index()] ^= from_to;
        self.occupied ^= from_to;
        self.mailbox[to.index()] = self.mailbox[from.index()];
        self.mailbox[from.index()] = 0;
        self.hash ^= zobrist::piece(mover, from) ^ zobrist::piece(mover, to);
        Some((mover, taken))
    }

    /// Change the owner of the piece on `sq` (Monochrome crossings, Chicken
    /// flips). Does nothing on an empty square.
    #[inline]
    pub fn recolor(&mut self, sq: Square, to: Color) {
        if let Some(p) = self.piece_at(sq) {
            if p.color != to {
                // Only the colour sets, the mailbox and the hash change.
                let flipped = Piece::new(to, p.role);
                self.by_color[p.color.index()].remove(sq);
                self.by_color[to.index()].insert(sq);
                self.mailbox[sq.index()] = encode(flipped);
                self.hash ^= zobrist::piece(p, sq) ^ zobrist::piece(flipped, sq);
            }
        }
    }

    /// Zobrist hash of the placement.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash recomputed from scratch (tests compare it with the
    /// incremental one).
    pub fn recompute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in self.occupied {
            if let Some(p) = self.piece_at(sq) {
                h ^= zobrist::piece(p, sq);
            }
        }
        h
    }

    /// Count of pieces of a colour.
    pub fn count(&self, c: Color) -> u32 {
        self.by_color(c).count()
    }

    /// The king square of a colour when there is exactly one king.
    #[inline]
    pub fn king_of(&self, c: Color) -> Option<Square> {
        self.by_piece(Piece::new(c, Role::King)).single()
    }

    /// Squares from which pieces of `attacker` attack `sq` with normal chess
    /// powers, given an occupancy (which may differ from the board's, e.g.
    /// with the king removed).
    #[inline]
    pub fn attackers_to(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        let them = self.by_color(attacker);
        ((attacks::rook_attacks(sq, occupied) & self.rooks_and_queens())
            | (attacks::bishop_attacks(sq, occupied) & self.bishops_and_queens())
            | (attacks::knight_attacks(sq) & self.by_role(Role::Knight))
            | (attacks::king_attacks(sq) & self.by_role(Role::King))
            | (attacks::pawn_attacks(attacker.other(), sq) & self.by_role(Role::Pawn)))
            & them
    }

    /// Normal-chess attacks of the piece on `sq` (what it could capture).
    pub fn attacks_from(&self, sq: Square) -> Bitboard {
        match self.piece_at(sq) {
            None => Bitboard::EMPTY,
            Some(p) => piece_attacks(p, sq, self.occupied),
        }
    }

    /// Human-readable diagram, for debugging and test failure messages.
    pub fn diagram(&self) -> String {
        let mut s = String::new();
        for rank in (0..8).rev() {
            for file in 0..8 {
                let sq = Square::from_coords(file, rank).unwrap_or(Square::new_unchecked(0));
                s.push(self.piece_at(sq).map_or('.', |p| p.char()));
            }
            s.push('\n');
        }
        s
    }
}

/// Normal-chess attacks of a piece standing on `sq`.
#[inline]
pub fn piece_attacks(p: Piece, sq: Square, occupied: Bitboard) -> Bitboard {
    match p.role {
        Role::Pawn => attacks::pawn_attacks(p.color, sq),
        Role::Knight => attacks::knight_attacks(sq),
        Role::Bishop => attacks::bishop_attacks(sq, occupied),
        Role::Rook => attacks::rook_attacks(sq, occupied),
        Role::Queen => attacks::queen_attacks(sq, occupied),
        Role::King => attacks::king_attacks(sq),
        _ => Bitboard::EMPTY,
    }
}
