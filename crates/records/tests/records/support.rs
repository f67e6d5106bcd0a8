//! What the tests share: the built-in variants, and a record replayed as a
//! saved file's bytes are read.

use motley_game::variant::Registry;
use motley_records::{GameReader, GameRecord, Replayed};

/// The built-in variants.
pub fn reg() -> Registry {
    Registry::builtin()
}

/// The one game of a JSON record's text, replayed as far as it is valid,
/// read as a saved file is ([`GameReader`]); its errors and notes name
/// the file `record.json`, game 1.
pub fn replay_json(json: &str, registry: &Registry) -> Replayed {
    let mut games = GameReader::from_bytes(json.as_bytes(), "record.json", registry)
        .unwrap_or_else(|e| panic!("{json} is not read as a record: {e}"));
    games
        .next()
        .unwrap_or_else(|| panic!("{json} holds no game"))
}

/// `rec` replayed as far as it is valid (written as JSON and read back as
/// a saved file is: see [`replay_json`]).
pub fn replay(rec: &GameRecord, registry: &Registry) -> Replayed {
    replay_json(&rec.to_json(), registry)
}
