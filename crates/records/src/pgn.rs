//! PGN export and import for every variant.
//!
//! Export writes the Seven Tag Roster, `Variant` (none for standard
//! chess; lichess's and Fairy-Stockfish's spelling where they have the
//! variant, else its name), `SetUp`/`FEN` when the game did not start from
//! the variant's start, `Seed` where dice are rolled and the seed is not
//! 0, `Termination` with PGN's standard values (`normal`, `time forfeit`,
//! `adjudication`, `unterminated`), then SAN movetext with move numbers,
//! the ending in words as a comment before the result.
//!
//! Actions that have no SAN of their own — Dice-Money's `roll:3,5`,
//! `buy:move1`, `buy:move2`, `buy:king` and `pass` — are written as comments
//! holding exactly their coordinate text (`{roll:3,5}`); import reads such a
//! comment back as the action. Placements are SAN-like drops (`N@e4`) in
//! the movetext. Monochrome scores follow each scoring move as a comment
//! `{score 12-5}` (South-North), which import ignores (scores follow from
//! the moves).
//!
//! A game of a match after the first starts from what the previous game
//! carried over (Dice-Money: both players' prices); export writes it as the
//! tag `[Carried "…"]` (the JSON a record keeps in `carried`), import
//! restores it before the moves. A start set up in the position editor
//! with state beyond its FEN is written likewise as `[StartState "…"]`
//! (the record's `setup`), restored first.
//!
//! Import reads a stream, one game at a time, takes any number of games,
//! refuses a game cut off inside a comment or a variation and a bad
//! `[Seed]`, keeps comments, NAGs, annotation marks, clocks, evaluations
//! and variations as the game's tree ([`super::pgn_tree`]), honours `[Variant]` (ids or names, e.g. "Antichess",
//! "Chicken Chess"; no tag means standard chess), `[FEN]` and `[Seed]`, and
//! restores a result the board does not show as Motley's `Ending` tag
//! says (the ending's id), else as `Termination` says (time forfeit,
//! adjudication, or agreement as older Motleys wrote it), else as a
//! resignation (decisive) or an agreement (drawn). Bytes that are not
//! UTF-8 in a text file are read as Latin-1, and each game says so.

use crate::tree::{MAX_NESTING, MAX_VARIATION_MOVES};
use motley_rules::core::quote::clip;

mod export;
mod lexer;
mod raw_game;
mod replay;
mod stream;
mod tags;

pub use export::{export_kept_pgn, export_pgn, export_saved_pgn};
pub use stream::{import_pgn, PgnGames, MAX_GAME_BYTES};
pub use tags::{resolve_variant, KEPT_TAGS};

/// What is wrong with the text of a PGN game (names of tags come
/// clipped).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PgnProblem {
    /// A `[` that starts no tag name.
    #[error("a tag pair must look like [Name \"value\"]")]
    TagShape,
    /// A tag whose value is not quoted.
    #[error("tag {0}: the value must be in double quotes")]
    TagUnquoted(String),
    /// A tag value running to the end of its line.
    #[error("tag {0}: the value has no closing quote")]
    TagUnclosed(String),
    /// A tag without its closing bracket.
    #[error("tag {0}: missing ']'")]
    TagUnclosedBracket(String),
    /// A `{` comment never closed: it would swallow the rest.
    #[error("unterminated comment: '{{' without '}}'")]
    UnterminatedComment,
    /// A game ending inside a `(` variation.
    #[error("the game is cut off inside a variation ('(' without ')')")]
    CutInVariation,
    /// A `Seed` tag that is not a `u64`.
    #[error("tag Seed: '{}' is not a whole number from 0 to {}", clip(.0), u64::MAX)]
    BadSeed(String),
    /// The `Carried` tag is not JSON (the parser's message, clipped).
    #[error("tag Carried: not the JSON Motley writes there ({0})")]
    BadCarried(String),
    /// Variations nested deeper than [`MAX_NESTING`].
    #[error("variations nested over {MAX_NESTING} deep")]
    TooDeep,
    /// More than [`MAX_VARIATION_MOVES`] moves in variations.
    #[error("over {MAX_VARIATION_MOVES} moves in variations")]
    TooManyMoves,
    /// The `StartState` tag (a start set up in the position editor) is
    /// not JSON.
    #[error("tag StartState: not the JSON Motley writes there ({0})")]
    BadStartState(String),
}
