//! Saved games (README, "Saved games"): the JSON record, reading any saved
//! file (JSON record or PGN, told apart by content) with every problem named
//! by file, game, ply and action, and rebuilding a [`Game`] by replaying the
//! recorded actions — dice rolls included, so a replay never re-rolls.
//! PGN lives in [`pgn`], files on disk (atomic writes, autosave) in [`store`].

pub mod pgn;
pub mod store;

pub use pgn::{export_pgn, export_saved_pgn, import_pgn};
pub use store::{
    autosave, autosave_path, clear_autosave, data_dir, fresh_path_in, list_saves, list_saves_in,
    load_autosave, new_save_path, save_game, save_record, saves_dir, write_atomic, DATA_DIR_ENV,
};

use crate::core::{Action, Color, CoordText};
use crate::game::{Game, GameError};
use crate::rules::{Carried, EndReason, Outcome, Position};
use crate::variant::{Registry, VariantError};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::fmt;
use std::path::Path;
use thiserror::Error;

/// The `format` value that marks a Motley saved game.
pub const FORMAT: &str = "motley-game";

/// The newest record version this Motley writes and reads.
pub const VERSION: u32 = 1;

/// Saved-game files larger than this are refused before reading: no real
/// game comes near it, and reading junk of any size must stay cheap.
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

/// A saved game as stored in JSON. Only `variant`, `start`, `seed` and
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
    pub start: Option<String>,
    /// Seed of the game's dice generator.
    pub seed: u64,
    /// Every action in coordinate form (Dice-Money rolls included).
    pub moves: Vec<String>,
    /// Who played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<Players>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// Why the game ended, in words ([`EndReason::describe`]); resignation
    /// and agreement are restored from it on load.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// SAN of each action, for people reading the file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub san: Option<Vec<String>>,
    /// Monochrome scores `[south, north]` at the end of the record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores: Option<[u32; 2]>,
    /// State beyond the FEN at the end (Dice-Money money and prices).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    /// FEN of the final position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_fen: Option<String>,
    /// When the game was saved, RFC 3339 UTC.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub saved: Option<String>,
    /// When the game was played, when known apart from `saved` (the PGN
    /// `Date` of an imported game, e.g. `1992.11.04`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// Match play: the state the previous game carried into this start
    /// (Dice-Money: both players' prices), restored before the moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub carried: Option<Value>,
}

/// A game read from a file, with what the file says about it beyond the
/// actions.
#[derive(Clone, Debug)]
pub struct SavedGame {
    /// The game, replayed to its last recorded action.
    pub game: Game,
    /// Who played, when the file says.
    pub players: Option<Players>,
    /// Date as the file gives it (RFC 3339 from JSON, `YYYY.MM.DD` from PGN).
    pub date: Option<String>,
}

/// What went wrong, without the where.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordErrorKind {
    #[error("cannot read the file: {0}")]
    Read(String),
    #[error("cannot write the file: {0}")]
    Write(String),
    #[error("the file is {size} bytes; saved games over {limit} bytes are refused")]
    TooLarge { size: u64, limit: u64 },
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
    #[error("field '{field}': {message}")]
    Field { field: String, message: String },
    #[error("written by a newer Motley (record version {0}; this Motley reads version {VERSION}); update Motley to open it")]
    NewerVersion(u64),
    #[error("unknown variant '{id}' (known: {known})")]
    UnknownVariant { id: String, known: String },
    #[error("start position '{fen}' is not valid: {message}")]
    BadFen { fen: String, message: String },
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
        reason: String,
    },
    #[error("PGN: {0}")]
    Pgn(String),
    #[error("no game found (expected a Motley JSON record or PGN)")]
    NoGames,
    #[error(
        "no folder for Motley's data on this system (set {})",
        store::DATA_DIR_ENV
    )]
    NoDataDir,
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
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{file}: ")?;
        }
        if let Some(n) = self.game {
            write!(f, "game {n}: ")?;
        }
        write!(f, "{}", self.kind)
    }
}

impl From<RecordErrorKind> for RecordError {
    fn from(kind: RecordErrorKind) -> RecordError {
        RecordError {
            file: None,
            game: None,
            kind: Box::new(kind),
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

/// The result of reading one game: as much of it as could be replayed, and
/// the error that stopped it, if any (the replay viewer shows the first part
/// of a game with a bad ply).
#[derive(Debug)]
pub struct Replayed {
    /// The game up to the error (or whole), if it could be set up at all.
    pub saved: Option<SavedGame>,
    /// What stopped the replay.
    pub error: Option<RecordError>,
}

impl Replayed {
    /// The game if it was read without error.
    pub fn into_result(self) -> Result<SavedGame, RecordError> {
        match (self.saved, self.error) {
            (_, Some(e)) => Err(e),
            (Some(s), None) => Ok(s),
            (None, None) => Err(RecordErrorKind::NoGames.into()),
        }
    }

    fn failed(error: RecordError) -> Replayed {
        Replayed {
            saved: None,
            error: Some(error),
        }
    }
}

/// RFC 3339 UTC text of a time, computed with std only.
pub fn rfc3339(t: std::time::SystemTime) -> String {
    let secs = t
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    let rem = secs % 86_400;
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// Days since 1970-01-01 to (year, month, day), proleptic Gregorian
/// (Howard Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// Scores the family keeps (Monochrome), read through the family's own
/// scored ending: an agreed end reports the current scores.
pub fn current_scores(pos: &impl Position) -> Option<[u32; 2]> {
    pos.end_by_rule(EndReason::Agreement).scores
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
        seed: game.seed(),
        moves: game.actions().iter().map(Action::to_string).collect(),
        players: None,
        result: Some(result_token(outcome.as_ref()).to_string()),
        reason: outcome.map(|o| o.reason.describe().to_string()),
        san: Some(game.sans().to_vec()),
        scores: outcome
            .and_then(|o| o.scores)
            .or_else(|| current_scores(pos)),
        state: pos.extra_state().map(|s| s.to_string()),
        final_fen: Some(pos.to_fen()),
        saved: None,
        date: None,
        carried: game.carried().and_then(|c| serde_json::to_value(c).ok()),
    }
}

/// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
pub fn result_token(outcome: Option<&Outcome>) -> &'static str {
    outcome.map_or("*", Outcome::result_str)
}

/// Rebuild a game by replaying a record. Every action must be legal at its
/// ply; dice rolls are played as recorded, never rolled again.
pub fn game_from_record(rec: &GameRecord, registry: &Registry) -> Result<Game, RecordError> {
    let (game, error) = replay_record(rec, registry);
    match (game, error) {
        (_, Some(e)) => Err(e),
        (Some(g), None) => Ok(g),
        (None, None) => Err(RecordErrorKind::NoGames.into()),
    }
}

/// Replay as far as the record is valid: the game up to the bad ply, and
/// the error.
fn replay_record(rec: &GameRecord, registry: &Registry) -> (Option<Game>, Option<RecordError>) {
    if rec.format != FORMAT {
        return (
            None,
            Some(
                RecordErrorKind::NotARecord(format!(
                    "field 'format' is '{}', expected '{FORMAT}'",
                    rec.format
                ))
                .into(),
            ),
        );
    }
    if rec.version > VERSION {
        return (
            None,
            Some(RecordErrorKind::NewerVersion(u64::from(rec.version)).into()),
        );
    }
    let mut game = match new_game(registry, &rec.variant, rec.start.as_deref(), rec.seed) {
        Ok(g) => g,
        Err(e) => return (None, Some(e)),
    };
    if let Some(state) = &rec.carried {
        let restored = serde_json::from_value::<Carried>(state.clone())
            .map_err(|e| e.to_string())
            .and_then(|c| game.restore_carried(&c).map_err(|e| e.to_string()));
        if let Err(message) = restored {
            return (
                None,
                Some(
                    RecordErrorKind::Field {
                        field: "carried".to_string(),
                        message,
                    }
                    .into(),
                ),
            );
        }
    }
    for (i, text) in rec.moves.iter().enumerate() {
        let ply = i + 1;
        let parsed = CoordText::parse(text).map_err(|e| e.to_string());
        if let Err(e) = play_coord(&mut game, ply, text, parsed) {
            return (Some(finish(game, rec)), Some(e));
        }
    }
    (Some(finish(game, rec)), None)
}

/// After the actions: restore a declared ending and move the dice past the
/// recorded rolls.
fn finish(mut game: Game, rec: &GameRecord) -> Game {
    restore_ending(&mut game, rec.result.as_deref(), rec.reason.as_deref());
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

/// Endings the board does not show: resignation (the loser is read from the
/// result) and agreement.
fn restore_ending(game: &mut Game, result: Option<&str>, reason: Option<&str>) {
    if game.outcome().is_some() {
        return;
    }
    let reason = reason.map(|r| r.trim().to_ascii_lowercase());
    match (result.map(str::trim), reason.as_deref()) {
        (_, Some("agreement")) => game.agree(),
        (Some("1-0"), Some("resignation")) => game.resign(Color::Black),
        (Some("0-1"), Some("resignation")) => game.resign(Color::White),
        _ => {}
    }
}

/// A new game of a variant named by id, with errors as record errors.
fn new_game(
    registry: &Registry,
    variant: &str,
    start: Option<&str>,
    seed: u64,
) -> Result<Game, RecordError> {
    let def = registry.get(variant).map_err(|e| match e {
        VariantError::Unknown { id, known } => RecordErrorKind::UnknownVariant { id, known },
        other => RecordErrorKind::UnknownVariant {
            id: variant.to_string(),
            known: other.to_string(),
        },
    })?;
    Game::new(def, start, seed).map_err(|e| {
        let message = match e {
            VariantError::Position { error, .. } => error.to_string(),
            other => other.to_string(),
        };
        RecordErrorKind::BadFen {
            fen: start.unwrap_or_default().to_string(),
            message,
        }
        .into()
    })
}

/// Who acts at the ply about to be played, for messages: "move 4, White".
fn mover(game: &Game) -> String {
    let pos = game.position();
    format!("move {}, {}", pos.fullmoves(), pos.turn().name())
}

/// Play one coordinate action at `ply`, or say why it cannot be played.
fn play_coord(
    game: &mut Game,
    ply: usize,
    text: &str,
    parsed: Result<CoordText, String>,
) -> Result<(), RecordError> {
    let coord = parsed.map_err(|message| RecordErrorKind::BadAction {
        ply,
        mover: mover(game),
        action: text.to_string(),
        message,
    })?;
    let illegal = |game: &Game, reason: String| -> RecordError {
        RecordErrorKind::Illegal {
            ply,
            mover: mover(game),
            action: text.to_string(),
            reason,
        }
        .into()
    };
    let over = |game: &Game| {
        game.outcome()
            .map(|o| format!("the game was already over: {}", o.describe()))
    };
    // `Game::play` judges the game-level endings itself; only the board's
    // legal actions are needed here (replay stays one generation per ply).
    let mut legal = Vec::with_capacity(64);
    game.position().legal_actions(&mut legal);
    let Some(action) = crate::core::action::find_by_coord(&coord, &legal) else {
        let reason = over(game).unwrap_or_else(|| game.position().why_illegal(&coord, &legal));
        return Err(illegal(game, reason));
    };
    game.play(action).map_err(|e| {
        let reason = match e {
            GameError::Finished(_) => over(game).unwrap_or_else(|| e.to_string()),
            other => other.to_string(),
        };
        illegal(game, reason)
    })
}

/// A field of a JSON object, `None` when absent or null.
fn field<T: DeserializeOwned>(
    obj: &Map<String, Value>,
    name: &str,
) -> Result<Option<T>, RecordErrorKind> {
    match obj.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => T::deserialize(v)
            .map(Some)
            .map_err(|e| RecordErrorKind::Field {
                field: name.to_string(),
                message: e.to_string(),
            }),
    }
}

fn required<T: DeserializeOwned>(
    obj: &Map<String, Value>,
    name: &str,
) -> Result<T, RecordErrorKind> {
    field(obj, name)?.ok_or_else(|| RecordErrorKind::Field {
        field: name.to_string(),
        message: "missing".to_string(),
    })
}

impl GameRecord {
    /// Read a record from JSON text. `format` and `version` are checked
    /// before anything else, so a newer record gets the "newer Motley"
    /// message even when its other fields changed; unknown fields are
    /// ignored; informational fields with a wrong type are dropped.
    pub fn from_json(text: &str) -> Result<GameRecord, RecordErrorKind> {
        let value: Value = serde_json::from_str(text).map_err(|e| json_error(&e))?;
        GameRecord::from_value(&value)
    }

    /// Read a record from a parsed JSON value (see [`GameRecord::from_json`]).
    pub fn from_value(value: &Value) -> Result<GameRecord, RecordErrorKind> {
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
                    "field 'format' is '{s}', expected '{FORMAT}'"
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
        let version = match obj.get("version") {
            Some(Value::Number(n)) => n.as_u64().ok_or_else(|| RecordErrorKind::Field {
                field: "version".to_string(),
                message: format!("{n} is not a version number"),
            })?,
            Some(other) => {
                return Err(RecordErrorKind::Field {
                    field: "version".to_string(),
                    message: format!("expected a number, found {}", kind_of(other)),
                })
            }
            None => {
                return Err(RecordErrorKind::Field {
                    field: "version".to_string(),
                    message: "missing".to_string(),
                })
            }
        };
        if version > u64::from(VERSION) {
            return Err(RecordErrorKind::NewerVersion(version));
        }
        if version == 0 {
            return Err(RecordErrorKind::Field {
                field: "version".to_string(),
                message: "0 is not a record version (versions start at 1)".to_string(),
            });
        }
        let moves = match obj.get("moves") {
            Some(Value::Array(items)) => items
                .iter()
                .enumerate()
                .map(|(i, v)| match v {
                    Value::String(s) => Ok(s.clone()),
                    other => Err(RecordErrorKind::Field {
                        field: "moves".to_string(),
                        message: format!(
                            "item {} (ply {}) is {}, expected a string like \"e2e4\"",
                            i,
                            i + 1,
                            kind_of(other)
                        ),
                    }),
                })
                .collect::<Result<Vec<_>, _>>()?,
            Some(other) => {
                return Err(RecordErrorKind::Field {
                    field: "moves".to_string(),
                    message: format!("expected a list of actions, found {}", kind_of(other)),
                })
            }
            None => {
                return Err(RecordErrorKind::Field {
                    field: "moves".to_string(),
                    message: "missing".to_string(),
                })
            }
        };
        Ok(GameRecord {
            format: FORMAT.to_string(),
            version: VERSION,
            variant: required(obj, "variant")?,
            start: field(obj, "start")?,
            seed: field(obj, "seed")?.unwrap_or(0),
            moves,
            players: field(obj, "players")?,
            result: field(obj, "result")?,
            reason: field(obj, "reason")?,
            san: field(obj, "san").unwrap_or(None),
            scores: field(obj, "scores").unwrap_or(None),
            state: field(obj, "state").unwrap_or(None),
            final_fen: field(obj, "final_fen").unwrap_or(None),
            saved: field(obj, "saved").unwrap_or(None),
            date: field(obj, "date").unwrap_or(None),
            carried: obj.get("carried").filter(|v| !v.is_null()).cloned(),
        })
    }

    /// The record as pretty JSON.
    pub fn to_json(&self) -> String {
        // A struct of strings and numbers always serialises.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
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
                message,
            }
        }
    }
}

/// Read every game in a saved file's bytes (JSON record or PGN, by
/// content). `file` names the file in errors. The outer error is about the
/// whole file; each game then has its own result.
pub fn read_bytes(
    bytes: &[u8],
    file: &str,
    registry: &Registry,
) -> Result<Vec<Replayed>, RecordError> {
    let mut games = Vec::new();
    each_game_in_bytes(bytes, file, registry, &mut |r| games.push(r))?;
    Ok(games)
}

/// Like [`read_bytes`], handing each game to `f` as soon as it is replayed,
/// so a file of many games never holds them all (what `check` uses).
/// Returns the number of games.
pub fn each_game_in_bytes(
    bytes: &[u8],
    file: &str,
    registry: &Registry,
    f: &mut dyn FnMut(Replayed),
) -> Result<usize, RecordError> {
    let at = |kind: RecordErrorKind| RecordError::from(kind).in_file(file);
    let text =
        std::str::from_utf8(bytes).map_err(|e| at(RecordErrorKind::NotUtf8(e.valid_up_to())))?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let trimmed = text.trim_start();
    if trimmed.is_empty() {
        return Err(at(RecordErrorKind::Empty));
    }
    if trimmed.starts_with('{') || trimmed.starts_with('[') && looks_like_json_array(trimmed) {
        let rec = GameRecord::from_json(text).map_err(at)?;
        let (game, error) = replay_record(&rec, registry);
        f(Replayed {
            saved: game.map(|game| SavedGame {
                game,
                players: rec.players.clone(),
                date: rec.date.clone().or_else(|| rec.saved.clone()),
            }),
            // A JSON file holds one game; naming it keeps messages alike
            // for JSON and PGN.
            error: error.map(|e| e.in_file(file).in_game(1)),
        });
        return Ok(1);
    }
    let n = pgn::each_pgn_game(text, registry, &mut |mut r| {
        r.error = r.error.map(|e| e.in_file(file));
        f(r)
    });
    if n == 0 {
        return Err(at(RecordErrorKind::NoGames));
    }
    Ok(n)
}

/// Read a saved file and hand each game to `f` as it is replayed (see
/// [`each_game_in_bytes`]).
pub fn for_each_game(
    path: &Path,
    registry: &Registry,
    f: &mut dyn FnMut(Replayed),
) -> Result<usize, RecordError> {
    let bytes = read_file_bytes(path)?;
    each_game_in_bytes(&bytes, &path.display().to_string(), registry, f)
}

/// A file starting with `[` is PGN when it starts with a tag pair
/// (`[Event "..."]`), JSON otherwise.
fn looks_like_json_array(text: &str) -> bool {
    let rest = text[1..].trim_start();
    !rest.starts_with(|c: char| c.is_ascii_alphabetic())
}

/// Read a saved file's bytes, refusing files over [`MAX_FILE_BYTES`] before
/// reading them (and anything that grows past it while being read).
pub fn read_file_bytes(path: &Path) -> Result<Vec<u8>, RecordError> {
    use std::io::Read;
    let name = path.display().to_string();
    let at = |kind: RecordErrorKind| RecordError::from(kind).in_file(&name);
    let meta = std::fs::metadata(path).map_err(|e| at(RecordErrorKind::Read(e.to_string())))?;
    if meta.is_dir() {
        return Err(at(RecordErrorKind::Read("it is a folder".to_string())));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(at(RecordErrorKind::TooLarge {
            size: meta.len(),
            limit: MAX_FILE_BYTES,
        }));
    }
    let file = std::fs::File::open(path).map_err(|e| at(RecordErrorKind::Read(e.to_string())))?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| at(RecordErrorKind::Read(e.to_string())))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(at(RecordErrorKind::TooLarge {
            size: bytes.len() as u64,
            limit: MAX_FILE_BYTES,
        }));
    }
    Ok(bytes)
}

/// Read every game of a saved file, each with its own result.
pub fn read_games(path: &Path, registry: &Registry) -> Result<Vec<Replayed>, RecordError> {
    let bytes = read_file_bytes(path)?;
    read_bytes(&bytes, &path.display().to_string(), registry)
}

/// Every game of a saved file with its players and date; the first bad game
/// fails the whole load.
pub fn load_saved(path: &Path, registry: &Registry) -> Result<Vec<SavedGame>, RecordError> {
    read_games(path, registry)?
        .into_iter()
        .map(Replayed::into_result)
        .collect()
}

/// Every game of a saved file (a JSON record or a PGN of any number of
/// games); the first bad game fails the whole load.
pub fn load_games(path: &Path, registry: &Registry) -> Result<Vec<Game>, RecordError> {
    Ok(load_saved(path, registry)?
        .into_iter()
        .map(|s| s.game)
        .collect())
}

/// The first game of a file as far as it is valid, and what stopped it: the
/// replay viewer shows a game up to its bad ply. (None, Some) when nothing
/// could be read; (Some, None) when the game is entirely valid.
pub fn load_partial(path: &Path, registry: &Registry) -> (Option<Game>, Option<RecordError>) {
    match read_games(path, registry) {
        Err(e) => (None, Some(e)),
        Ok(games) => match games.into_iter().next() {
            Some(r) => (r.saved.map(|s| s.game), r.error),
            None => (
                None,
                Some(
                    RecordError::from(RecordErrorKind::NoGames)
                        .in_file(&path.display().to_string()),
                ),
            ),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reg() -> Registry {
        Registry::builtin()
    }

    #[test]
    fn dates_are_rfc3339_utc() {
        use std::time::{Duration, UNIX_EPOCH};
        assert_eq!(rfc3339(UNIX_EPOCH), "1970-01-01T00:00:00Z");
        assert_eq!(
            rfc3339(UNIX_EPOCH + Duration::from_secs(951_782_400 + 3661)),
            "2000-02-29T01:01:01Z"
        );
        assert_eq!(
            rfc3339(UNIX_EPOCH + Duration::from_secs(1_798_761_599)),
            "2026-12-31T23:59:59Z"
        );
    }

    #[test]
    fn record_round_trips_through_json() {
        let mut g = Game::new(reg().get("standard").unwrap(), None, 7).unwrap();
        for m in ["e4", "e5", "Nf3"] {
            g.play_text(m).unwrap();
        }
        let rec = record_of(&g);
        assert_eq!(rec.moves, ["e2e4", "e7e5", "g1f3"]);
        let back = GameRecord::from_json(&rec.to_json()).unwrap();
        assert_eq!(back, rec);
        let g2 = game_from_record(&back, &reg()).unwrap();
        assert_eq!(g2.position().to_fen(), g.position().to_fen());
    }

    #[test]
    fn resignation_and_agreement_are_restored() {
        for (resign, result, reason) in [
            (Some(Color::White), "0-1", "resignation"),
            (Some(Color::Black), "1-0", "resignation"),
            (None, "1/2-1/2", "agreement"),
        ] {
            let mut g = Game::new(reg().get("standard").unwrap(), None, 7).unwrap();
            g.play_text("e4").unwrap();
            match resign {
                Some(c) => g.resign(c),
                None => g.agree(),
            }
            let rec = record_of(&g);
            assert_eq!(rec.result.as_deref(), Some(result));
            assert_eq!(rec.reason.as_deref(), Some(reason));
            let back = game_from_record(&rec, &reg()).unwrap();
            assert_eq!(back.outcome(), g.outcome());
        }
    }

    #[test]
    fn dice_money_records_carry_a_state_summary() {
        let mut g = Game::new(reg().get("dice-money").unwrap(), None, 7).unwrap();
        let rec = record_of(&g);
        let state = rec.state.unwrap();
        assert!(
            state.starts_with("White: $1, lost none, prices 5/15/10/5/3/7/11/19; Black: $2"),
            "{state}"
        );
        g.play_text("roll:1,3").unwrap();
        assert!(record_of(&g).state.unwrap().ends_with("; dice 1,3"));
        assert_eq!(
            record_of(&Game::new(reg().get("standard").unwrap(), None, 7).unwrap()).state,
            None
        );
    }

    #[test]
    fn newer_version_is_named_before_other_fields() {
        let e =
            GameRecord::from_json(r#"{"format":"motley-game","version":2,"moves":7}"#).unwrap_err();
        assert!(e.to_string().contains("newer Motley"), "{e}");
    }

    #[test]
    fn illegal_action_names_ply_and_action_and_keeps_the_game_before_it() {
        let rec = GameRecord::from_json(
            r#"{"format":"motley-game","version":1,"variant":"standard","start":null,"seed":1,
                "moves":["e2e4","e7e5","e1e3"]}"#,
        )
        .unwrap();
        let (game, err) = replay_record(&rec, &reg());
        let err = err.unwrap();
        assert_eq!(err.ply(), Some(3));
        let text = err.to_string();
        assert!(text.contains("ply 3") && text.contains("'e1e3'"), "{text}");
        assert_eq!(game.unwrap().ply(), 2);
    }
}
