//! Small `Copy` types every other module speaks: colours, roles, pieces, squares.

use std::fmt;

/// The two sides. White is "South" (first player), Black is "North".
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    /// Both colours, in index order, for loops over per-side tables.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The opponent; used everywhere a rule talks about "the other side".
    #[inline]
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// Index into per-colour arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// Human name, for status lines and messages.
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }

    /// Pick a value by colour without a branch at the call site.
    #[inline]
    pub fn fold<T>(self, white: T, black: T) -> T {
        match self {
            Color::White => white,
            Color::Black => black,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a piece is, independent of who owns it: one of the six chess
/// kinds, or in a variant from data another kind named by its FEN letter.
/// The knight slot may move as a camel, DA or double knight in some
/// variants; it keeps the letter N. A small number, so per-role tables of
/// the chess families index by it; [`Role::ALL`] lists only the six.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Role(Letter);

/// A role's number as a closed set, so that the compiler knows every
/// role indexes a table of [`Role::COUNT`] without a bounds check.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
enum Letter {
    P,
    N,
    B,
    R,
    Q,
    K,
    A,
    C,
    D,
    E,
    F,
    G,
    H,
    I,
    J,
    L,
    M,
    O,
    S,
    T,
    U,
    V,
    W,
    X,
    Y,
    Z,
}

/// Every role by index.
const EVERY_ROLE: [Role; Role::COUNT] = [
    Role(Letter::P),
    Role(Letter::N),
    Role(Letter::B),
    Role(Letter::R),
    Role(Letter::Q),
    Role(Letter::K),
    Role(Letter::A),
    Role(Letter::C),
    Role(Letter::D),
    Role(Letter::E),
    Role(Letter::F),
    Role(Letter::G),
    Role(Letter::H),
    Role(Letter::I),
    Role(Letter::J),
    Role(Letter::L),
    Role(Letter::M),
    Role(Letter::O),
    Role(Letter::S),
    Role(Letter::T),
    Role(Letter::U),
    Role(Letter::V),
    Role(Letter::W),
    Role(Letter::X),
    Role(Letter::Y),
    Role(Letter::Z),
];

/// Every role's upper-case letter, by index: the six chess kinds first.
const ROLE_LETTERS: &[u8; Role::COUNT] = b"PNBRQKACDEFGHIJLMOSTUVWXYZ";

#[allow(non_upper_case_globals)]
impl Role {
    /// The chess pawn.
    pub const Pawn: Role = Role(Letter::P);
    /// The chess knight (or what stands in its slot).
    pub const Knight: Role = Role(Letter::N);
    /// The chess bishop.
    pub const Bishop: Role = Role(Letter::B);
    /// The chess rook.
    pub const Rook: Role = Role(Letter::R);
    /// The chess queen.
    pub const Queen: Role = Role(Letter::Q);
    /// The chess king.
    pub const King: Role = Role(Letter::K);

    /// How many roles there are: one per letter of the alphabet.
    pub const COUNT: usize = 26;

    /// The six chess roles in index order.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// Index into per-role arrays (below 6 for the chess roles).
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether this is one of the six chess roles: only they have a place
    /// in the chess families' per-role tables.
    #[inline]
    pub fn is_chess(self) -> bool {
        (self.0 as u8) < 6
    }

    /// Chess role from an index produced by [`Role::index`].
    #[inline]
    pub fn from_index(i: usize) -> Option<Role> {
        Role::ALL.get(i).copied()
    }

    /// Lower-case letter used in FEN (black), coordinate promotions and SAN.
    pub fn char(self) -> char {
        self.upper_char().to_ascii_lowercase()
    }

    /// Upper-case letter used in SAN piece moves.
    pub fn upper_char(self) -> char {
        char::from(ROLE_LETTERS[self.index()])
    }

    /// Any role from its index, as [`Role::from_letter`] for letters.
    pub const fn from_any_index(i: usize) -> Option<Role> {
        if i < Role::COUNT {
            Some(EVERY_ROLE[i])
        } else {
            None
        }
    }

    /// Parse a chess piece letter in either case (only the six: a FEN of
    /// a chess family has no other).
    pub fn from_char(c: char) -> Option<Role> {
        Role::from_letter(c).filter(|r| r.is_chess())
    }

    /// The role of any letter in either case, for variants from data.
    pub fn from_letter(c: char) -> Option<Role> {
        let upper = u8::try_from(c.to_ascii_uppercase()).ok()?;
        ROLE_LETTERS
            .iter()
            .position(|&l| l == upper)
            .and_then(Role::from_any_index)
    }

    /// Human name for messages (a kind from data is named by its letter
    /// here; its variant names it better, see `Position::piece_name`).
    pub fn name(self) -> &'static str {
        const NAMES: [&str; Role::COUNT] = [
            "pawn", "knight", "bishop", "rook", "queen", "king", "A", "C", "D", "E", "F", "G", "H",
            "I", "J", "L", "M", "O", "S", "T", "U", "V", "W", "X", "Y", "Z",
        ];
        NAMES[self.index()]
    }
}

impl fmt::Debug for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const DEBUG: [&str; 6] = ["Pawn", "Knight", "Bishop", "Rook", "Queen", "King"];
        match DEBUG.get(self.index()) {
            Some(name) => f.write_str(name),
            None => write!(f, "Role({})", self.upper_char()),
        }
    }
}

/// A coloured piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    /// Convenience constructor.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// FEN letter: upper case for White.
    pub fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// Any letter as a piece (a variant from data's kinds too); the case
    /// gives the colour.
    pub fn from_letter(c: char) -> Option<Piece> {
        let role = Role::from_letter(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }

    /// Parse a chess FEN letter; the case gives the colour.
    pub fn from_char(c: char) -> Option<Piece> {
        Piece::from_letter(c).filter(|p| p.role.is_chess())
    }
}

/// One of the 64 squares, a1 = 0, b1 = 1, …, h8 = 63.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// a1, the first square: a square known without a lookup that could
    /// fail (a screen's cursor starts from it).
    pub const A1: Square = Square(0);

    /// e2, where a screen's cursor starts: the first player's king side.
    pub const E2: Square = Square(12);

    /// Square from index 0..64; `None` outside.
    #[inline]
    pub fn new(index: u8) -> Option<Square> {
        (index < 64).then_some(Square(index))
    }

    /// Square from an index known to be in range (internal tables).
    #[inline]
    pub(crate) const fn new_unchecked(index: u8) -> Square {
        Square(index & 63)
    }

    /// Square from file 0..8 and rank 0..8.
    #[inline]
    pub fn from_coords(file: i8, rank: i8) -> Option<Square> {
        if (0..8).contains(&file) && (0..8).contains(&rank) {
            Some(Square((rank * 8 + file) as u8))
        } else {
            None
        }
    }

    /// Every square, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0u8..64).map(Square)
    }

    /// Index for const contexts (bit shifts in `Bitboard`).
    #[inline]
    pub(crate) const fn index_const(self) -> u32 {
        self.0 as u32
    }

    /// 0..64. (The mask states the invariant to the compiler, which then
    /// drops the bounds checks of 64-entry tables.)
    #[inline]
    pub fn index(self) -> usize {
        (self.0 & 63) as usize
    }

    /// 0 = a-file … 7 = h-file.
    #[inline]
    pub fn file(self) -> i8 {
        (self.0 & 7) as i8
    }

    /// 0 = rank 1 … 7 = rank 8.
    #[inline]
    pub fn rank(self) -> i8 {
        (self.0 >> 3) as i8
    }

    /// The square shifted by (df, dr), if still on the board.
    #[inline]
    pub fn offset(self, df: i8, dr: i8) -> Option<Square> {
        Square::from_coords(self.file() + df, self.rank() + dr)
    }

    /// Dark squares per docs/rules.md ("Common ground"): a1 is dark.
    #[inline]
    pub fn is_dark(self) -> bool {
        (self.file() + self.rank()) % 2 == 0
    }

    /// Parse `e4`.
    pub fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let f = b[0].to_ascii_lowercase();
        let r = b[1];
        if !(b'a'..=b'h').contains(&f) || !(b'1'..=b'8').contains(&r) {
            return None;
        }
        Square::from_coords((f - b'a') as i8, (r - b'1') as i8)
    }

    /// File letter `a`..`h`.
    pub fn file_char(self) -> char {
        (b'a' + self.file() as u8) as char
    }

    /// Rank digit `1`..`8`.
    pub fn rank_char(self) -> char {
        (b'1' + self.rank() as u8) as char
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// What stands in the knight slot (FEN and SAN letter N): the knight, or
/// the leaper a Monochromatic sub-variant puts there. A kind of piece, so
/// it lives with the other piece types, and the screen and the rules'
/// explanations name it without reaching into one family.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum KnightKind {
    /// The ordinary knight: always changes colour, so it never moves, but
    /// it gives check.
    #[default]
    Knight,
    /// Jamal: the (1,3) camel.
    Camel,
    /// Daffy: a leap of 2 orthogonally (dabbaba) or 2 diagonally (alfil).
    Da,
    /// Two knight moves in the same direction, a (2,4) displacement, through
    /// an empty intermediate square.
    DoubleKnight,
}

impl KnightKind {
    /// Every kind, in declaration order.
    pub const ALL: [KnightKind; 4] = [
        KnightKind::Knight,
        KnightKind::Camel,
        KnightKind::Da,
        KnightKind::DoubleKnight,
    ];

    /// Name for messages and rules text.
    pub fn name(self) -> &'static str {
        match self {
            KnightKind::Knight => "knight",
            KnightKind::Camel => "camel",
            KnightKind::Da => "DA (Daffy)",
            KnightKind::DoubleKnight => "double knight",
        }
    }
}
