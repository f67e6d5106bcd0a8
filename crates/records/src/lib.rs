//! Saved games (docs/saved-games.md): the JSON record, rebuilding a
//! [`Game`] by replaying the recorded actions — dice rolls included, so a
//! replay never re-rolls — with every problem named by file, game, ply and
//! action. Reading any saved file (JSON record or PGN) is [`read`], PGN is
//! [`pgn`], saving is [`store`], games in progress are [`games`], what a list of
//! saved files shows is [`summary`].

mod checks;
pub mod games;
pub mod lock;
pub mod pgn;
mod pgn_tree;
pub mod read;
pub mod reason;
pub mod store;
pub mod summary;
pub mod tree;
pub mod variations;

pub use checks::{MAX_INCREMENTS, MAX_MOVETIME_MS};
pub use pgn::{export_kept_pgn, export_pgn, export_saved_pgn, import_pgn};
pub use read::{load_all, load_first, open, GameReader};
pub use reason::RecordedReason;
pub use store::{list_saves, list_saves_in, save_game, save_record};
pub use tree::{Annotations, GameTree};
pub use variations::game_at;

use motley_game::variant::DraftRefusal;
use motley_game::variant::{Registry, VariantDef, VariantError};
use motley_game::{Game, GameError, StartRefusal};
use motley_rules::core::quote::{clip, clip_middle};
use motley_rules::core::{Action, Color, CoordText, NotationError};
use motley_rules::setup::StartState;
use motley_rules::{
    Ambiguity, Carried, CarryError, Describe, EndReason, IllegalReason, NamedOutcome, Outcome,
    Position,
};
use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;
use thiserror::Error;

/// The `format` value that marks a Motley saved game.
pub const FORMAT: &str = "motley-game";

/// The newest record version this Motley writes and reads.
pub const VERSION: u32 = 1;

/// Saved-game JSON files larger than this are refused before reading: no
/// real game comes near it, and reading junk of any size must stay cheap.
/// (PGN is read as a stream, one game at a time, and has no such limit.)
pub const MAX_FILE_BYTES: u64 = 10 * 1024 * 1024;

/// Who played each side, as free text (player specs like `human`, `ai:3`,
/// or names from a PGN).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Players {
    /// White's (South's) player.
    #[serde(default)]
    pub white: String,
    /// Black's (North's) player.
    #[serde(default)]
    pub black: String,
}

/// A saved game as stored in JSON (read by serde once [`check_header`]
/// has accepted `format` and `version`). Only `variant`, `start`, `seed` and
/// `moves` decide the game; the other fields are for people and other
/// programs, and are recomputed when a game is saved again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Always [`FORMAT`].
    pub format: String,
    /// Record version ([`VERSION`]); a newer one is refused with a message.
    pub version: u32,
    /// Variant id.
    pub variant: String,
    /// Start FEN, or `None` for the variant's start.
    #[serde(default)]
    pub start: Option<String>,
    /// The number of the Chess960 start position `start` sets up, when
    /// it is one (0-959): for a person or program reading the file; the
    /// game is replayed from `start`, whatever this says.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "lenient"
    )]
    pub chess960: Option<u16>,
    /// Seed of the game's dice generator (0 when absent or null).
    #[serde(default, deserialize_with = "null_as_default")]
    pub seed: u64,
    /// Every action in coordinate form (Dice-Money rolls included).
    #[serde(deserialize_with = "action_list")]
    pub moves: Vec<String>,
    /// Who played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<Players>,
    /// The players' names as people read them ("Ann", "Computer (level
    /// 4)"), written as PGN's White and Black tags. Optional: older
    /// records have none, and older Motleys ignore it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub names: Option<Players>,
    /// PGN tags an imported game came with that no other field holds
    /// ([`pgn::KEPT_TAGS`]: Event, Site, Round, Elos, TimeControl, ECO),
    /// written back on export.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub tags: BTreeMap<String, String>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// Why the game ended, by its id ([`EndReason::id`]; older records
    /// have words, read alike). Endings the board cannot show —
    /// resignation, agreement, time, adjudication — are restored from it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<RecordedReason>,
    /// SAN of each action, for people reading the file.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "lenient"
    )]
    pub san: Option<Vec<String>>,
    /// Monochrome scores `[south, north]` at the end of the record.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "lenient"
    )]
    pub scores: Option<[u32; 2]>,
    /// State beyond the FEN at the end (Dice-Money money and prices).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "lenient"
    )]
    pub state: Option<String>,
    /// FEN of the final position.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "lenient"
    )]
    pub final_fen: Option<String>,
    /// When the game was saved, RFC 3339 UTC.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "lenient"
    )]
    pub saved: Option<String>,
    /// When the game was played, when known apart from `saved` (the PGN
    /// `Date` of an imported game, e.g. `1992.11.04`).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "lenient"
    )]
    pub date: Option<String>,
    /// Match play: the state the previous game carried into this start
    /// (Dice-Money: both players' prices), restored before the moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub carried: Option<Value>,
    /// A start set up in the position editor: the family's state beyond
    /// the `start` FEN (`{"scores":[3,1]}`, `{"money":[…],"prices":[…],
    /// "dice":[3,5]}`, `{"flipped":["e4"]}`), restored before `carried`
    /// and the moves. Optional: older records have none, and it is
    /// written only when the start has such state.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<Value>,
    /// The chess clock when the game was saved (control and each side's
    /// time left), restored on resume; dropped when malformed.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "lenient"
    )]
    pub clock: Option<motley_game::clock::ClockState>,
    /// Hints (suggested moves) each side asked for during play: White's
    /// (South's), Black's (North's).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "lenient"
    )]
    pub hints: Option<[u32; 2]>,
    /// The variant definition the game was played under
    /// ([`VariantDef::fingerprint`]), so that a variant file changed since
    /// (a user file replacing a built-in) does not silently change the
    /// game on replay.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "lenient"
    )]
    pub definition: Option<String>,
    /// The computer's time per move in milliseconds (what `--movetime` or
    /// the new-game form gave), restored when the game is played on.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "lenient"
    )]
    pub movetime_ms: Option<u64>,
    /// The engine's analysis of the game (`motley_ai::analysis::GameAnalysis`
    /// as JSON, with the time per position used), kept so that reopening
    /// the game does not redo it. Opaque here: its reader checks that it
    /// still matches `moves`.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "lenient_object"
    )]
    pub analysis: Option<Value>,
    /// What hangs on the moves ([`tree`]): variations, comments, NAGs,
    /// clock times and evaluations, referring to `moves` by ply. Optional:
    /// older records have none, and older Motleys ignore it. A shape
    /// that is not this is refused like a bad `moves`; a variation with
    /// an action that cannot be played is cut there, with an error
    /// naming its ply (the game itself still reads).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub annotations: Option<Annotations>,
    /// Fields this Motley does not know (a newer Motley's, another
    /// program's): readers ignore them, and every rewrite of the record
    /// (the replay viewer's variations, comments and analysis) keeps them
    /// as they were.
    #[serde(flatten)]
    pub extra: BTreeMap<String, Value>,
}

/// A game read from a file, with what the file says about it beyond the
/// actions.
#[derive(Clone, Debug)]
pub struct SavedGame {
    /// The game, replayed to its last recorded action.
    pub game: Game,
    /// Who played, when the file says.
    pub players: Option<Players>,
    /// The players' names, when the file gives them (a record's `names`,
    /// PGN's White and Black tags).
    pub names: Option<Players>,
    /// The PGN tags kept with the game ([`GameRecord::tags`]).
    pub tags: BTreeMap<String, String>,
    /// Date as the file gives it (RFC 3339 from JSON, `YYYY.MM.DD` from PGN).
    pub date: Option<String>,
    /// Hints each side used (White, Black), when the record counts them.
    pub hints: Option<[u32; 2]>,
    /// The stored analysis (see [`GameRecord::analysis`]).
    pub analysis: Option<Value>,
    /// The computer's time per move the game was played with (see
    /// [`GameRecord::movetime_ms`]), restored when it is played on.
    pub movetime_ms: Option<u64>,
    /// The tree of variations and annotations on the game's moves (its
    /// main line is the game's actions; every variation in it was played
    /// through and is legal).
    pub tree: GameTree,
    /// What the reader had to assume to read the game, for the user (a
    /// PGN's bytes read as Latin-1; a variant definition that changed
    /// since the game was played), each naming the file and game.
    pub notes: Vec<String>,
}

/// What went wrong, without the where.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordErrorKind {
    #[error("cannot read the file: {0}")]
    Read(String),
    #[error("cannot write the file: {0}")]
    Write(String),
    #[error("not a regular file ({0}); only regular files are read")]
    NotRegular(&'static str),
    #[error("the file is {size} bytes; saved games over {limit} bytes are refused")]
    TooLarge { size: u64, limit: u64 },
    /// A record that would be larger than Motley reads back is not written.
    #[error(
        "the record would be {size} bytes, over the {limit} bytes Motley reads back: not written"
    )]
    TooLargeToWrite { size: u64, limit: u64 },
    #[error("not a text file (invalid UTF-8 at byte {0})")]
    NotUtf8(usize),
    #[error("the file is empty")]
    Empty,
    #[error("the JSON is truncated (it ends at line {line}, column {column})")]
    TruncatedJson { line: usize, column: usize },
    #[error("invalid JSON at line {line}, column {column}: {message}")]
    InvalidJson {
        line: usize,
        column: usize,
        message: String,
    },
    #[error("not a Motley saved game: {0}")]
    NotARecord(String),
    #[error("not a valid record: {0}")]
    Invalid(String),
    #[error("field '{field}': {message}")]
    Field { field: String, message: String },
    /// A carried state the family refuses.
    #[error("field 'carried': {0}")]
    Carried(CarryError),
    #[error("written by a newer Motley (record version {0}; this Motley reads version {VERSION}); update Motley to open it")]
    NewerVersion(u64),
    #[error(transparent)]
    UnknownVariant(VariantError),
    /// The start cannot be set up (`fen` clipped; the variant's own start
    /// when it is empty).
    #[error("start position '{fen}' is not valid: {}", start_problem(.error))]
    BadFen { fen: String, error: VariantError },
    #[error("ply {ply} ({mover}): '{action}' is not an action: {message}")]
    BadAction {
        ply: usize,
        mover: String,
        action: String,
        message: String,
    },
    #[error("ply {ply} ({mover}): '{action}' is illegal: {reason}")]
    Illegal {
        ply: usize,
        mover: String,
        action: String,
        reason: Box<Refusal>,
    },
    /// An action of a variation cannot be played (the variation is cut
    /// there; the game's own moves are fine).
    #[error("in a variation: {0}")]
    InVariation(Box<RecordErrorKind>),
    /// Annotations whose shape is refused (a ply the game does not have,
    /// nesting or moves over the bounds, a clock no clock holds).
    #[error("field 'annotations': {0}")]
    Annotations(tree::TreeProblem),
    #[error(
        "PGN: a game of over {0} bytes of text (an unterminated comment or variation?); skipped"
    )]
    PgnGameTooLong(u64),
    #[error("PGN: {0}")]
    Pgn(pgn::PgnProblem),
    #[error("no game found (expected a Motley JSON record or PGN)")]
    NoGames,
    #[error(
        "no folder for Motley's data on this system (set {})",
        motley_disk::paths::DATA_DIR_ENV
    )]
    NoDataDir,
    #[error("the game is open in another Motley (it can be replayed, not played)")]
    Locked,
    #[error("another Motley has this game open: it is not written over (save under another name)")]
    HeldElsewhere,
}

/// Why a recorded action could not be replayed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Refusal {
    /// The game had ended before it.
    #[error("the game was already over: {0}")]
    AlreadyOver(NamedOutcome),
    /// The rules refuse it.
    #[error("{0}")]
    Illegal(IllegalReason),
    /// SAN that fits several actions.
    #[error("{0}")]
    Ambiguous(Ambiguity),
    /// The game refused it.
    #[error(transparent)]
    Game(GameError),
}

impl From<motley_disk::files::ReadError> for RecordErrorKind {
    fn from(e: motley_disk::files::ReadError) -> RecordErrorKind {
        use motley_disk::files::ReadError;
        match e {
            ReadError::Io(e) => RecordErrorKind::Read(e.to_string()),
            ReadError::Folder => RecordErrorKind::Read("it is a folder".to_string()),
            ReadError::NotRegular(kind) => RecordErrorKind::NotRegular(kind),
            ReadError::TooLarge { size, limit } => RecordErrorKind::TooLarge { size, limit },
        }
    }
}

/// A saved-game problem with where it is: the file, the game within a
/// multi-game PGN (1-based), and — in the kind — the ply and the action.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub struct RecordError {
    /// The file, when the error came from one.
    pub file: Option<String>,
    /// Which game of the file (1-based).
    pub game: Option<usize>,
    /// What went wrong (boxed: errors travel in `Result`s a lot).
    pub kind: Box<RecordErrorKind>,
    /// Why the game may not replay as it was played: the record's
    /// variant definition differs from the one it was replayed under
    /// ([`checks::definition_of`]'s note), said with the error (boxed,
    /// as the kind is).
    pub note: Option<Box<String>>,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{}: ", motley_rules::core::quote::path_text(file))?;
        }
        if let Some(n) = self.game {
            write!(f, "game {n}: ")?;
        }
        write!(f, "{}", self.kind)?;
        if let Some(note) = &self.note {
            write!(f, ". Note: the game was {note}")?;
        }
        Ok(())
    }
}

impl From<RecordErrorKind> for RecordError {
    fn from(kind: RecordErrorKind) -> RecordError {
        RecordError {
            file: None,
            game: None,
            kind: Box::new(kind),
            note: None,
        }
    }
}

impl RecordError {
    /// The same error, said to be in `file`.
    pub fn in_file(mut self, file: &str) -> RecordError {
        self.file = Some(file.to_string());
        self
    }

    /// The same error, said to be in game `n` of its file.
    pub fn in_game(mut self, n: usize) -> RecordError {
        self.game = Some(n);
        self
    }

    /// The ply (1-based) at fault, for errors about one action.
    pub fn ply(&self) -> Option<usize> {
        match &*self.kind {
            RecordErrorKind::BadAction { ply, .. } | RecordErrorKind::Illegal { ply, .. } => {
                Some(*ply)
            }
            _ => None,
        }
    }
}

/// One game read from a file: whole, valid up to a bad action (the
/// replay viewer shows a game up to its bad ply), or not readable at all.
#[derive(Debug)]
pub enum Replayed {
    /// Every action was replayed.
    Whole(SavedGame),
    /// Replayed up to the action `error` names; `saved` is the game before
    /// it. (An error about no action — a result the moves do not give —
    /// comes with every action replayed.)
    Partial {
        saved: SavedGame,
        error: RecordError,
    },
    /// Nothing could be set up (bad header, variant or start; a PGN game
    /// cut off; a file that could not be read).
    Failed(RecordError),
}

impl Replayed {
    /// The game if it was read without error.
    pub fn into_result(self) -> Result<SavedGame, RecordError> {
        match self {
            Replayed::Whole(s) => Ok(s),
            Replayed::Partial { error, .. } | Replayed::Failed(error) => Err(error),
        }
    }

    /// The game as far as it could be replayed.
    pub fn saved(&self) -> Option<&SavedGame> {
        match self {
            Replayed::Whole(s) | Replayed::Partial { saved: s, .. } => Some(s),
            Replayed::Failed(_) => None,
        }
    }

    /// What stopped the replay, if anything.
    pub fn error(&self) -> Option<&RecordError> {
        match self {
            Replayed::Whole(_) => None,
            Replayed::Partial { error, .. } | Replayed::Failed(error) => Some(error),
        }
    }

    /// The game as far as it could be replayed, and what stopped it.
    pub fn into_parts(self) -> (Option<SavedGame>, Option<RecordError>) {
        match self {
            Replayed::Whole(s) => (Some(s), None),
            Replayed::Partial { saved, error } => (Some(saved), Some(error)),
            Replayed::Failed(e) => (None, Some(e)),
        }
    }

    /// The same result with its error and notes said to be in `file` (and
    /// game `n`).
    fn located(self, file: &str, game: Option<usize>) -> Replayed {
        let at = |e: RecordError| {
            let e = e.in_file(file);
            match game {
                Some(n) => e.in_game(n),
                None => e,
            }
        };
        let place = |mut s: SavedGame| {
            for note in &mut s.notes {
                *note = match game {
                    Some(n) => format!("{file}: game {n}: {note}"),
                    None => format!("{file}: {note}"),
                };
            }
            s
        };
        match self {
            Replayed::Whole(s) => Replayed::Whole(place(s)),
            Replayed::Partial { saved, error } => Replayed::Partial {
                saved: place(saved),
                error: at(error),
            },
            Replayed::Failed(e) => Replayed::Failed(at(e)),
        }
    }

    /// The same result with its notes said to be in game `n` (of a file
    /// named later by [`Replayed::located`]).
    fn in_game(self, n: usize) -> Replayed {
        let place = |mut s: SavedGame| {
            for note in &mut s.notes {
                *note = format!("game {n}: {note}");
            }
            s
        };
        match self {
            Replayed::Whole(s) => Replayed::Whole(place(s)),
            Replayed::Partial { saved, error } => Replayed::Partial {
                saved: place(saved),
                error: error.in_game(n),
            },
            Replayed::Failed(e) => Replayed::Failed(e.in_game(n)),
        }
    }

    /// A game replayed up to `error`, if any.
    fn of(saved: SavedGame, error: Option<RecordError>) -> Replayed {
        match error {
            None => Replayed::Whole(saved),
            Some(error) => Replayed::Partial { saved, error },
        }
    }
}

/// RFC 3339 UTC text of a time, to the second (`2026-11-23T10:53:53Z`).
pub fn rfc3339(t: std::time::SystemTime) -> String {
    humantime::format_rfc3339_seconds(t).to_string()
}

/// The record of a game as it stands.
pub fn record_of(game: &Game) -> GameRecord {
    let outcome = game.outcome();
    let pos = game.position();
    GameRecord {
        format: FORMAT.to_string(),
        version: VERSION,
        variant: game.variant().id.clone(),
        start: game.start_fen().map(str::to_string),
        chess960: game.chess960_number(),
        seed: game.seed(),
        moves: game.actions().iter().map(Action::to_string).collect(),
        players: None,
        names: None,
        tags: BTreeMap::new(),
        result: Some(result_token(outcome.as_ref()).to_string()),
        reason: outcome.map(|o| RecordedReason::Known(o.reason)),
        san: Some(game.sans().to_vec()),
        scores: outcome
            .and_then(|o| o.scores)
            .or_else(|| pos.current_scores()),
        state: pos.extra_state().map(|s| s.to_string()),
        final_fen: Some(pos.to_fen()),
        saved: None,
        date: None,
        carried: carried_of(game),
        setup: setup_of(game),
        clock: game.clock_state().cloned(),
        hints: None,
        definition: Some(game.variant().fingerprint()),
        movetime_ms: None,
        analysis: None,
        annotations: None,
        extra: BTreeMap::new(),
    }
}

/// The record of a game read from a file, with what the file kept
/// about it: who played, their names, the tags, the date and the tree of
/// variations and annotations (`saved` is left to the writer).
pub fn record_of_saved(saved: &SavedGame) -> GameRecord {
    let mut rec = record_of(&saved.game);
    rec.players = saved.players.clone();
    rec.names = saved.names.clone();
    rec.tags = saved.tags.clone();
    rec.date = saved.date.clone();
    rec.annotations = Some(saved.tree.annotations()).filter(|a| !a.is_empty());
    rec
}

/// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
pub fn result_token(outcome: Option<&Outcome>) -> &'static str {
    outcome.map_or("*", Outcome::result_str)
}

/// Rebuild a game by replaying a record. Every action must be legal at its
/// ply; dice rolls are played as recorded, never rolled again.
pub fn game_from_record(rec: &GameRecord, registry: &Registry) -> Result<Game, RecordError> {
    replay_record(rec, registry)
        .into_result()
        .map(|saved| saved.game)
}

/// Replay as far as the record is valid: the game up to the bad ply, and
/// the error.
fn replay_record(rec: &GameRecord, registry: &Registry) -> Replayed {
    if let Err(e) = check_version(u64::from(rec.version)) {
        return Replayed::Failed(e.into());
    }
    if rec.format != FORMAT {
        return Replayed::Failed(
            RecordErrorKind::NotARecord(format!(
                "field 'format' is '{}', expected '{FORMAT}'",
                clip(&rec.format)
            ))
            .into(),
        );
    }
    let (def, note) =
        match checks::check_values(rec).and_then(|()| checks::definition_of(rec, registry)) {
            Ok(found) => found,
            Err(e) => return Replayed::Failed(e.into()),
        };
    let mut game = match new_game(def, rec.start.as_deref(), rec.seed) {
        Ok(g) => g,
        Err(e) => return Replayed::Failed(e),
    };
    if let Some(state) = &rec.setup {
        if let Err(e) = restore_setup(&mut game, state) {
            return Replayed::Failed(e.into());
        }
    }
    if let Some(state) = &rec.carried {
        if let Err(e) = restore_carried(&mut game, state) {
            return Replayed::Failed(e.into());
        }
    }
    let mut error = None;
    for (i, text) in rec.moves.iter().enumerate() {
        let ply = i + 1;
        if let Err(e) = play_coord(&mut game, ply, text, CoordText::parse(text)) {
            error = Some(e);
            break;
        }
    }
    let game = finish(game, rec);
    if error.is_none() {
        // The moves are good; what the record claims of their end is not.
        error = checks::check_result(rec, &game)
            .err()
            .map(RecordError::from);
    }
    let (tree, tree_error) = match (&error, &rec.annotations) {
        (None, Some(annotations)) => variations::checked_tree(&game, annotations),
        _ => (
            GameTree::new(&game_moves(&game), &Annotations::default()),
            None,
        ),
    };
    error = error.or(tree_error);
    // A game that fails under a changed definition says so with the error.
    if let Some(e) = &mut error {
        e.note = note.clone().map(Box::new);
    }
    let saved = SavedGame {
        game,
        players: rec.players.clone(),
        names: rec.names.clone(),
        tags: rec.tags.clone(),
        date: rec.date.clone().or_else(|| rec.saved.clone()),
        hints: rec.hints,
        analysis: rec.analysis.clone(),
        movetime_ms: rec.movetime_ms,
        tree,
        notes: note.into_iter().collect(),
    };
    Replayed::of(saved, error)
}

/// A game's actions in coordinate form, as `moves` stores them.
fn game_moves(game: &Game) -> Vec<String> {
    game.actions().iter().map(Action::to_string).collect()
}

/// The state a match game carried into this one, as records store it.
fn carried_of(game: &Game) -> Option<Value> {
    game.carried().and_then(|c| serde_json::to_value(c).ok())
}

/// Put back the state a match game carried in (from a record's `carried`
/// or a PGN `Carried` tag).
fn restore_carried(game: &mut Game, state: &Value) -> Result<(), RecordErrorKind> {
    let carried =
        serde_json::from_value::<Carried>(state.clone()).map_err(|e| RecordErrorKind::Field {
            field: "carried".to_string(),
            message: clip_middle(&e.to_string()),
        })?;
    game.restore_carried(&carried)
        .map_err(RecordErrorKind::Carried)
}

/// The state beyond its FEN of a start set up in the editor, as records
/// store it.
fn setup_of(game: &Game) -> Option<Value> {
    game.start_state()
        .and_then(|s| serde_json::to_value(s).ok())
}

/// Put back the state of a start set up in the editor (a record's
/// `setup`); the rules judge the position it makes as they judge the
/// editor's.
fn restore_setup(game: &mut Game, state: &Value) -> Result<(), RecordErrorKind> {
    let field = |message: String| RecordErrorKind::Field {
        field: "setup".to_string(),
        message: clip_middle(&message),
    };
    let state =
        serde_json::from_value::<StartState>(state.clone()).map_err(|e| field(e.to_string()))?;
    let pos = game.position();
    let (turn, names) = (pos.turn(), pos.side_names());
    game.restore_start_state(&state).map_err(|e| match e {
        StartRefusal::Refused(DraftRefusal::Problems(problems)) => {
            let words: Vec<String> = problems.iter().map(|p| p.words(turn, names)).collect();
            field(format!(
                "the start it sets up is refused: {}",
                words.join("; ")
            ))
        }
        other => field(other.to_string()),
    })
}

/// After the actions: restore a declared ending and move the dice past the
/// recorded rolls.
fn finish(mut game: Game, rec: &GameRecord) -> Game {
    game.set_clock_state(rec.clock.clone());
    let reason = rec.reason.as_ref().and_then(RecordedReason::known);
    restore_ending(&mut game, rec.result.as_deref(), reason);
    restore_dice(&mut game);
    game
}

/// Move the dice generator past every roll already in the game.
fn restore_dice(game: &mut Game) {
    let rolls = game
        .actions()
        .iter()
        .filter(|a| matches!(a, Action::Roll(..)))
        .count();
    game.skip_dice(rolls);
}

/// Endings the board does not show: agreement, resignation and
/// adjudication (the winner is read from the result), and time (the
/// loser from the result, else from the clock).
fn restore_ending(game: &mut Game, result: Option<&str>, reason: Option<EndReason>) {
    if game.outcome().is_some() {
        return;
    }
    match (result.map(str::trim), reason) {
        (_, Some(EndReason::Agreement)) => game.agree(),
        (Some("1-0"), Some(EndReason::Resignation)) => game.resign(Color::Black),
        (Some("0-1"), Some(EndReason::Resignation)) => game.resign(Color::White),
        (Some(r @ ("1-0" | "0-1" | "1/2-1/2")), Some(EndReason::Adjudication)) => {
            game.adjudicate(match r {
                "1-0" => Some(Color::White),
                "0-1" => Some(Color::Black),
                _ => None,
            })
        }
        (_, Some(EndReason::TimeForfeit | EndReason::TimeoutCannotWin)) => {
            let out_of_time = game.clock_state().and_then(|c| {
                (c.white_ms == 0)
                    .then_some(Color::White)
                    .or((c.black_ms == 0).then_some(Color::Black))
            });
            let loser = match result.map(str::trim) {
                Some("1-0") => Color::Black,
                Some("0-1") => Color::White,
                _ => out_of_time.unwrap_or(game.position().turn()),
            };
            game.time_out(loser);
        }
        _ => {}
    }
}

/// A new game of a variant, with errors as record errors.
fn new_game(def: Arc<VariantDef>, start: Option<&str>, seed: u64) -> Result<Game, RecordError> {
    Game::new(def, start, seed).map_err(|error| {
        RecordErrorKind::BadFen {
            fen: clip(start.unwrap_or_default()),
            error,
        }
        .into()
    })
}

/// What is wrong with a start, short: the position's own problem without
/// the variant's name, which the record names already.
fn start_problem(error: &VariantError) -> String {
    let message = match error {
        VariantError::Position { error, .. } => error.to_string(),
        other => other.to_string(),
    };
    clip_middle(&message)
}

/// Who acts at the ply about to be played, for messages: "move 4, White"
/// (in the family's names: "move 4, South").
fn mover(game: &Game) -> String {
    let pos = game.position();
    let name = pos.side_names()[pos.turn().index()];
    format!("move {}, {name}", pos.fullmoves())
}

/// Play one coordinate action at `ply`, or say why it cannot be played.
fn play_coord(
    game: &mut Game,
    ply: usize,
    text: &str,
    parsed: Result<CoordText, NotationError>,
) -> Result<(), RecordError> {
    let coord = parsed.map_err(|e| RecordErrorKind::BadAction {
        ply,
        mover: mover(game),
        action: clip(text),
        message: clip_middle(&e.to_string()),
    })?;
    let illegal = |game: &Game, reason: Refusal| -> RecordError {
        RecordErrorKind::Illegal {
            ply,
            mover: mover(game),
            action: clip(text),
            reason: Box::new(reason),
        }
        .into()
    };
    let over = |game: &Game| {
        game.outcome()
            .map(|o| Refusal::AlreadyOver(NamedOutcome::of(o, game.position())))
    };
    // `Game::play` judges the game-level endings itself; only the board's
    // legal actions are needed here (replay stays one generation per ply).
    let mut legal = Vec::with_capacity(64);
    game.position().legal_actions(&mut legal);
    let Some(action) = motley_rules::core::action::find_by_coord(&coord, &legal) else {
        let reason = over(game)
            .unwrap_or_else(|| Refusal::Illegal(game.position().why_illegal(&coord, &legal)));
        return Err(illegal(game, reason));
    };
    game.play(action).map_err(|e| {
        let reason = match e {
            GameError::Finished(_) => over(game).unwrap_or(Refusal::Game(e)),
            other => Refusal::Game(other),
        };
        illegal(game, reason)
    })
}

/// Check a record's header — `format`, then `version` — before anything
/// else, so a newer record gets the "newer Motley" message however its
/// other fields changed.
pub fn check_header(value: &Value) -> Result<(), RecordErrorKind> {
    let Value::Object(obj) = value else {
        return Err(RecordErrorKind::NotARecord(format!(
            "expected a JSON object, found {}",
            kind_of(value)
        )));
    };
    match obj.get("format") {
        Some(Value::String(s)) if s == FORMAT => {}
        Some(Value::String(s)) => {
            return Err(RecordErrorKind::NotARecord(format!(
                "field 'format' is '{}', expected '{FORMAT}'",
                clip(s)
            )))
        }
        Some(other) => {
            return Err(RecordErrorKind::NotARecord(format!(
                "field 'format' is {}, expected \"{FORMAT}\"",
                kind_of(other)
            )))
        }
        None => {
            return Err(RecordErrorKind::NotARecord(format!(
                "no field 'format' (expected \"{FORMAT}\")"
            )))
        }
    }
    let version_field = |message: String| RecordErrorKind::Field {
        field: "version".to_string(),
        message,
    };
    match obj.get("version") {
        Some(Value::Number(n)) => match n.as_u64() {
            Some(v) => check_version(v),
            None => Err(version_field(format!(
                "{} is not a version number",
                clip(&n.to_string())
            ))),
        },
        Some(other) => Err(version_field(format!(
            "expected a number, found {}",
            kind_of(other)
        ))),
        None => Err(version_field("missing".to_string())),
    }
}

/// A version this Motley reads: 1 to [`VERSION`].
fn check_version(version: u64) -> Result<(), RecordErrorKind> {
    if version > u64::from(VERSION) {
        return Err(RecordErrorKind::NewerVersion(version));
    }
    if version == 0 {
        return Err(RecordErrorKind::Field {
            field: "version".to_string(),
            message: "0 is not a record version (versions start at 1)".to_string(),
        });
    }
    Ok(())
}

impl GameRecord {
    /// Read a record from JSON text: the header first ([`check_header`]),
    /// then the body by serde. Unknown fields are ignored; informational
    /// fields with a wrong type are dropped; a field that decides the game
    /// with a wrong type is named in the error.
    pub fn from_json(text: &str) -> Result<GameRecord, RecordErrorKind> {
        GameRecord::from_value(parse_json(text)?)
    }

    /// Read a record from a parsed JSON value (see [`GameRecord::from_json`]).
    pub fn from_value(value: Value) -> Result<GameRecord, RecordErrorKind> {
        check_header(&value)?;
        serde_path_to_error::deserialize(value).map_err(|e| {
            let path = e.path().to_string();
            let message = e.into_inner().to_string();
            body_error(&path, &message)
        })
    }

    /// The record as pretty JSON.
    pub fn to_json(&self) -> String {
        // A struct of strings and numbers always serialises.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

/// JSON nested deeper than this is refused before it is parsed: it covers
/// every record a Motley writes (older ones nest variations three levels
/// a step, up to [`tree::MAX_NESTING`]; records now list them flat), with
/// room for fields of newer ones, and parsing it takes bounded stack.
pub const MAX_JSON_DEPTH: usize = 3 * tree::MAX_NESTING + 16;

/// Parse a record's JSON, nested at most [`MAX_JSON_DEPTH`] deep (more
/// than serde_json's own limit of 128 allows: an older record with
/// variations nested 42 deep went beyond it).
fn parse_json(text: &str) -> Result<Value, RecordErrorKind> {
    if let Some(at) = too_deep(text.as_bytes(), MAX_JSON_DEPTH) {
        let before = &text.as_bytes()[..at];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        return Err(RecordErrorKind::InvalidJson {
            line,
            column: at - line_start + 1,
            message: format!("nested too deeply (over {MAX_JSON_DEPTH} levels)"),
        });
    }
    let mut de = serde_json::Deserializer::from_str(text);
    // Bounded by the check above.
    de.disable_recursion_limit();
    let value = Value::deserialize(&mut de).map_err(|e| json_error(&e))?;
    de.end().map_err(|e| json_error(&e))?;
    Ok(value)
}

/// Where JSON text first opens more than `limit` arrays and objects at
/// once (strings skipped), if it does.
fn too_deep(text: &[u8], limit: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for (i, &b) in text.iter().enumerate() {
        if in_string {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > limit {
                    return Some(i);
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// A serde error in a record's body, named by its field.
fn body_error(path: &str, message: &str) -> RecordErrorKind {
    let missing = message
        .strip_prefix("missing field `")
        .and_then(|m| m.strip_suffix('`'));
    match (path, missing) {
        (".", Some(field)) => RecordErrorKind::Field {
            field: field.to_string(),
            message: "missing".to_string(),
        },
        (".", None) => RecordErrorKind::Invalid(clip_middle(message)),
        _ => RecordErrorKind::Field {
            field: path.to_string(),
            message: clip_middle(message),
        },
    }
}

/// `moves`: a list of strings, each named by item and ply when it is not.
fn action_list<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    match Value::deserialize(d)? {
        Value::Array(items) => items
            .into_iter()
            .enumerate()
            .map(|(i, v)| match v {
                Value::String(s) => Ok(s),
                other => Err(D::Error::custom(format!(
                    "item {} (ply {}) is {}, expected a string like \"e2e4\"",
                    i,
                    i + 1,
                    kind_of(&other)
                ))),
            })
            .collect(),
        other => Err(D::Error::custom(format!(
            "expected a list of actions, found {}",
            kind_of(&other)
        ))),
    }
}

/// An informational field: a wrong type drops it rather than the game.
fn lenient<'de, D: Deserializer<'de>, T: DeserializeOwned>(d: D) -> Result<Option<T>, D::Error> {
    Ok(T::deserialize(Value::deserialize(d)?).ok())
}

/// An opaque object field (`analysis`): anything but an object is dropped.
fn lenient_object<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Ok(Some(Value::deserialize(d)?).filter(Value::is_object))
}

/// A field whose null means its default (a `seed` of null is 0).
fn null_as_default<'de, D: Deserializer<'de>, T: DeserializeOwned + Default>(
    d: D,
) -> Result<T, D::Error> {
    Ok(Option::<T>::deserialize(d)?.unwrap_or_default())
}

/// Words for the JSON type of a value.
fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

fn json_error(e: &serde_json::Error) -> RecordErrorKind {
    match e.classify() {
        serde_json::error::Category::Eof => RecordErrorKind::TruncatedJson {
            line: e.line(),
            column: e.column(),
        },
        _ => {
            // serde_json appends " at line L column C"; we say it ourselves.
            let full = e.to_string();
            let message = full
                .rsplit_once(" at line ")
                .map_or(full.as_str(), |(m, _)| m)
                .to_string();
            let message = if message == "recursion limit exceeded" {
                "nested too deeply".to_string()
            } else {
                message
            };
            RecordErrorKind::InvalidJson {
                line: e.line(),
                column: e.column(),
                message: clip_middle(&message),
            }
        }
    }
}
