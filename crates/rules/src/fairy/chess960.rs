//! Chess960's start positions (docs/rules.md, "Chess960"): the pieces of
//! chess's back rank shuffled with the bishops on squares of both
//! colours and the king between the rooks, Black's mirroring White's.
//! They are numbered 0 to 959 as Reinhard Scharnagl numbered them, the
//! numbering players and other programs share; 518 is chess's own.

use super::FairyRules;
use crate::core::grid::Grid;
use thiserror::Error;

/// How many start positions there are.
pub const POSITIONS: u16 = 960;

/// Chess's own start position's number.
pub const CHESS: u16 = 518;

/// Where the two knights stand among the five squares left after the
/// bishops and the queen, by the number's last digit.
const KNIGHTS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// Why a variant's games cannot start from a Chess960 position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum Chess960Error {
    /// The number is not one of the 960.
    #[error("there is no Chess960 position {0}: they are numbered 0 to 959")]
    Number(u16),
    /// The variant does not castle as Chess960 does.
    #[error("only standard chess and variants from data that castle are played as Chess960")]
    NotChess960,
    /// The variant's start has not chess's eight back-rank pieces,
    /// mirrored, to shuffle.
    #[error("this variant's start has no back rank of chess's pieces to shuffle")]
    BackRank,
}

/// White's back rank of start position `n`, a-file first, as FEN
/// letters (`RNBQKBNR` for 518).
pub fn back_rank(n: u16) -> Result<[char; 8], Chess960Error> {
    if n >= POSITIONS {
        return Err(Chess960Error::Number(n));
    }
    let mut rank = [None; 8];
    let n = usize::from(n);
    rank[(n % 4) * 2 + 1] = Some('B');
    rank[(n / 4 % 4) * 2] = Some('B');
    let mut rest = n / 16;
    let put_on_empty = |nth: usize, letter: char, rank: &mut [Option<char>; 8]| {
        if let Some(square) = rank.iter_mut().filter(|s| s.is_none()).nth(nth) {
            *square = Some(letter);
        }
    };
    put_on_empty(rest % 6, 'Q', &mut rank);
    rest /= 6;
    let (first, second) = KNIGHTS[rest % 10];
    // The second knight first, so that the first's place is unchanged.
    put_on_empty(second, 'N', &mut rank);
    put_on_empty(first, 'N', &mut rank);
    for letter in ['R', 'K', 'R'] {
        put_on_empty(0, letter, &mut rank);
    }
    Ok(rank.map(|s| s.unwrap_or('R')))
}

/// The number of the start position whose White back rank is `rank`.
pub fn number_of(rank: &[char]) -> Option<u16> {
    (0..POSITIONS).find(|&n| back_rank(n).is_ok_and(|r| r[..] == *rank))
}

/// The rows of a FEN's placement, top (Black's side) first, without a
/// pocket.
fn rows(fen: &str) -> Vec<&str> {
    let placement = fen.split_whitespace().next().unwrap_or("");
    let placement = placement.split('[').next().unwrap_or("");
    placement.split('/').collect()
}

/// `start_fen` with the back ranks of Chess960 position `n`, castling
/// rights as X-FEN writes them (`KQkq`, each the outermost rook), for a
/// start with chess's back rank, mirrored, on a board of eight files.
fn shuffled(start_fen: &str, files: u8, n: u16) -> Result<String, Chess960Error> {
    let rank = back_rank(n)?;
    let rows = rows(start_fen);
    let (Some(top), Some(bottom)) = (rows.first(), rows.last()) else {
        return Err(Chess960Error::BackRank);
    };
    let mut letters: Vec<char> = bottom.chars().collect();
    letters.sort_unstable();
    let chess = letters.iter().collect::<String>() == "BBKNNQRR";
    if files != 8 || !chess || top.to_ascii_uppercase() != *bottom || rows.len() < 2 {
        return Err(Chess960Error::BackRank);
    }
    let white: String = rank.iter().collect();
    let black = white.to_ascii_lowercase();
    let inner = &rows[1..rows.len() - 1];
    let placement: Vec<&str> = std::iter::once(black.as_str())
        .chain(inner.iter().copied())
        .chain(std::iter::once(white.as_str()))
        .collect();
    let old_placement = start_fen.split_whitespace().next().unwrap_or("");
    let pocket = old_placement
        .find('[')
        .map_or("", |at| &old_placement[at..]);
    let mut fields: Vec<String> = start_fen.split_whitespace().map(str::to_string).collect();
    if let Some(first) = fields.first_mut() {
        *first = format!("{}{pocket}", placement.join("/"));
    }
    if let Some(castling) = fields.get_mut(2) {
        *castling = "KQkq".into();
    }
    Ok(fields.join(" "))
}

impl<G: Grid> FairyRules<G> {
    /// Whether this variant can be played as Chess960: it castles, and
    /// its start has chess's back rank, mirrored, on eight files.
    pub fn shuffles(&self) -> Result<(), Chess960Error> {
        if !self.castling || self.castling_king.is_none() {
            return Err(Chess960Error::NotChess960);
        }
        shuffled(&self.start_fen, self.files, CHESS).map(|_| ())
    }

    /// The FEN of this variant's start with the back ranks of Chess960
    /// position `n` (castling rights `KQkq`, X-FEN's outermost rooks),
    /// for a variant played as Chess960.
    pub fn chess960_start(&self, n: u16) -> Result<String, Chess960Error> {
        if !self.chess960 {
            return Err(Chess960Error::NotChess960);
        }
        self.shuffles()?;
        shuffled(&self.start_fen, self.files, n)
    }

    /// The number of the Chess960 start position `fen` sets up in this
    /// variant, if it is one (its placement is the variant's start's with
    /// both back ranks shuffled as one of the 960): what a game shows and
    /// records.
    pub fn chess960_number(&self, fen: &str) -> Option<u16> {
        let bottom: Vec<char> = rows(fen).last()?.chars().collect();
        let n = number_of(&bottom)?;
        let start = self.chess960_start(n).ok()?;
        (rows(&start) == rows(fen)).then_some(n)
    }
}
