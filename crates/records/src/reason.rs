//! How saved files name the way a game ended. New records and PGN write
//! the ending's stable id ([`EndReason::id`]); older Motleys wrote the
//! words of the day ("agreement", "time ran out", "White has no pieces
//! left"), which are read here through a table frozen as they wrote them,
//! so rewording a message never breaks an old save.

use motley_rules::EndReason;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A record's `reason` field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordedReason {
    /// An ending Motley knows, by id or by the words of an older Motley.
    Known(EndReason),
    /// Text that names no ending Motley knows, kept as the file has it.
    Other(String),
}

impl RecordedReason {
    /// Read a reason as a file gives it: an id, else an older Motley's
    /// words, else kept as it is.
    pub fn read(text: &str) -> RecordedReason {
        let key = text.trim().to_ascii_lowercase();
        EndReason::from_id(&key)
            .or_else(|| legacy_words(&key))
            .map_or_else(
                || RecordedReason::Other(text.to_string()),
                RecordedReason::Known,
            )
    }

    /// The ending, when it is one Motley knows.
    pub fn known(&self) -> Option<EndReason> {
        match self {
            RecordedReason::Known(r) => Some(*r),
            RecordedReason::Other(_) => None,
        }
    }
}

impl fmt::Display for RecordedReason {
    /// A known ending in today's words; other text as the file has it
    /// (callers escape it before it reaches a terminal).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordedReason::Known(r) => f.write_str(r.describe()),
            RecordedReason::Other(text) => f.write_str(text),
        }
    }
}

impl Serialize for RecordedReason {
    /// A known ending as its id; other text as it was read.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            RecordedReason::Known(r) => r.serialize(s),
            RecordedReason::Other(text) => s.serialize_str(text),
        }
    }
}

impl<'de> Deserialize<'de> for RecordedReason {
    /// Any string ([`RecordedReason::read`]); anything else is refused.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<RecordedReason, D::Error> {
        String::deserialize(d).map(|text| RecordedReason::read(&text))
    }
}

/// The words older Motleys wrote for each ending (lower case, trimmed),
/// frozen here as they were written: never change one, add a line when a
/// message is reworded.
fn legacy_words(words: &str) -> Option<EndReason> {
    Some(match words {
        "checkmate" => EndReason::Checkmate,
        "stalemate" => EndReason::Stalemate,
        "insufficient material" => EndReason::InsufficientMaterial,
        "fifty-move rule" => EndReason::FiftyMoves,
        "threefold repetition" => EndReason::Repetition,
        "a player has no pieces left" => EndReason::NoPieces,
        "no legal move" => EndReason::NoLegalMoves,
        "one half of the board is empty" => EndReason::HalfEmpty,
        "agreement" => EndReason::Agreement,
        "resignation" => EndReason::Resignation,
        "adjudication" => EndReason::Adjudication,
        "time ran out; the opponent cannot win" => EndReason::TimeoutCannotWin,
        w if w.starts_with("time ran out") => EndReason::TimeForfeit,
        w if w.ends_with(" has no pieces left") => EndReason::NoPieces,
        _ => return None,
    })
}

/// A PGN ending the board cannot show, read from what the game's text
/// says: Motley's `Ending` tag (an id), PGN's standard `Termination`
/// values `time forfeit` and `adjudication`, and — for older Motleys and
/// other programs — the words in `Termination` or in the comment before
/// the result (`ending`: "Black wins (agreement; score 17–28)").
pub fn pgn_ending(
    tag: Option<&str>,
    termination: Option<&str>,
    ending: Option<&str>,
) -> Option<EndReason> {
    if let Some(r) = tag.and_then(|id| EndReason::from_id(&id.trim().to_ascii_lowercase())) {
        return Some(r);
    }
    let words =
        format!("{} {}", termination.unwrap_or(""), ending.unwrap_or("")).to_ascii_lowercase();
    if words.contains("time forfeit") || words.contains("time ran out") {
        Some(EndReason::TimeForfeit)
    } else if words.contains("adjudication") {
        Some(EndReason::Adjudication)
    } else if words.contains("agreement") {
        Some(EndReason::Agreement)
    } else if words.contains("resignation") {
        Some(EndReason::Resignation)
    } else {
        None
    }
}
