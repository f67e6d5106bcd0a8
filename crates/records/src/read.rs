//! Reading saved files: the one path from a file (or bytes) to games. A
//! file is a JSON record or PGN, told apart by content; a JSON record is
//! read whole (at most [`MAX_FILE_BYTES`]), PGN as a stream, one game at a
//! time. Each game comes as a [`Replayed`]; a problem with the whole file
//! (not regular, unreadable, empty, not a record) is the `Err` of [`open`].

use super::pgn::PgnGames;
use super::MAX_FILE_BYTES;
use super::{replay_record, GameRecord, RecordError, RecordErrorKind, Replayed, SavedGame};
use motley_disk::files;
use motley_game::variant::Registry;
use std::io::Read;
use std::path::Path;

/// How much of a file is looked at to tell JSON from PGN.
const SNIFF_BYTES: usize = 64 * 1024;

/// The games of one saved file, in order (see [`open`]).
pub struct GameReader<'a> {
    /// The file's name for messages.
    name: String,
    source: Source<'a>,
}

enum Source<'a> {
    /// A JSON record: its one game, until handed out.
    Json(Option<Box<Replayed>>, u64),
    Pgn(PgnGames<'a>),
}

/// Open a saved file (JSON record or PGN) and read its header: only a
/// regular file is read, never a FIFO or a device.
pub fn open<'a>(path: &Path, registry: &'a Registry) -> Result<GameReader<'a>, RecordError> {
    let name = path.display().to_string();
    let (file, size) = files::open_regular(path)
        .map_err(|e| RecordError::from(RecordErrorKind::from(e)).in_file(&name))?;
    GameReader::new(Box::new(file), Some(size), name, registry)
}

/// Every game of a saved file; the first bad game fails the whole load.
pub fn load_all(path: &Path, registry: &Registry) -> Result<Vec<SavedGame>, RecordError> {
    open(path, registry)?.load_all()
}

/// The first game of a saved file as far as it is valid (what the replay
/// viewer shows of a game with a bad ply).
pub fn load_first(path: &Path, registry: &Registry) -> Replayed {
    let name = path.display().to_string();
    match open(path, registry) {
        Err(e) => Replayed::Failed(e),
        Ok(mut reader) => reader.next().unwrap_or_else(|| {
            Replayed::Failed(RecordError::from(RecordErrorKind::NoGames).in_file(&name))
        }),
    }
}

/// Fill `buf` from `input` up to `limit` bytes; false at the end of input.
fn read_up_to(input: &mut dyn Read, buf: &mut Vec<u8>, limit: usize) -> std::io::Result<bool> {
    let before = buf.len();
    let wanted = limit.saturating_sub(before) as u64;
    input.take(wanted).read_to_end(buf)?;
    Ok(buf.len() - before == wanted as usize)
}

impl<'a> GameReader<'a> {
    /// The games in `bytes` (a saved file's content); `name` names it in
    /// messages.
    pub fn from_bytes(
        bytes: &'a [u8],
        name: &str,
        registry: &'a Registry,
    ) -> Result<GameReader<'a>, RecordError> {
        GameReader::new(
            Box::new(bytes),
            Some(bytes.len() as u64),
            name.to_string(),
            registry,
        )
    }

    fn new(
        mut input: Box<dyn Read + 'a>,
        size: Option<u64>,
        name: String,
        registry: &'a Registry,
    ) -> Result<GameReader<'a>, RecordError> {
        let at = |kind: RecordErrorKind| RecordError::from(kind).in_file(&name);
        let io = |e: std::io::Error| at(RecordErrorKind::Read(e.to_string()));
        // Skip leading white space (and a byte-order mark) to the first
        // character, which tells the format.
        let mut head = Vec::new();
        let mut offset = 0u64;
        loop {
            let more = read_up_to(&mut input, &mut head, SNIFF_BYTES).map_err(io)?;
            if offset == 0 && head.starts_with("\u{feff}".as_bytes()) {
                head.drain(..3);
                offset = 3;
            }
            let blank = head.iter().take_while(|b| b.is_ascii_whitespace()).count();
            if blank < head.len() {
                break;
            }
            if !more {
                return Err(at(RecordErrorKind::Empty));
            }
            offset += head.len() as u64;
            head.clear();
        }
        let first = head
            .iter()
            .position(|b| !b.is_ascii_whitespace())
            .unwrap_or(0);
        let rest = &head[first..];
        let json = rest.starts_with(b"{") || rest.starts_with(b"[") && looks_like_json_array(rest);
        if !json {
            let games = PgnGames::new(head, offset, input, registry);
            return Ok(GameReader {
                name,
                source: Source::Pgn(games),
            });
        }
        if let Some(size) = size.filter(|s| *s > MAX_FILE_BYTES) {
            return Err(at(RecordErrorKind::TooLarge {
                size,
                limit: MAX_FILE_BYTES,
            }));
        }
        let limit = MAX_FILE_BYTES as usize + 1;
        read_up_to(&mut input, &mut head, limit).map_err(io)?;
        let total = offset + head.len() as u64;
        if total > MAX_FILE_BYTES {
            return Err(at(RecordErrorKind::TooLarge {
                size: total,
                limit: MAX_FILE_BYTES,
            }));
        }
        let text = std::str::from_utf8(&head)
            .map_err(|e| at(RecordErrorKind::NotUtf8(offset as usize + e.valid_up_to())))?;
        let record = GameRecord::from_json(text).map_err(at)?;
        // A JSON file holds one game; naming it keeps messages alike for
        // JSON and PGN.
        let game = replay_record(&record, registry).located(&name, Some(1));
        Ok(GameReader {
            name,
            source: Source::Json(Some(Box::new(game)), total),
        })
    }

    /// Bytes of the file read so far (for a progress bar).
    pub fn position(&self) -> u64 {
        match &self.source {
            Source::Json(_, size) => *size,
            Source::Pgn(games) => games.position(),
        }
    }

    /// Every game; the first bad game fails the whole load.
    pub fn load_all(self) -> Result<Vec<SavedGame>, RecordError> {
        self.map(Replayed::into_result).collect()
    }
}

impl Iterator for GameReader<'_> {
    type Item = Replayed;

    fn next(&mut self) -> Option<Replayed> {
        match &mut self.source {
            Source::Json(game, _) => game.take().map(|g| *g),
            Source::Pgn(games) => games.next().map(|r| r.located(&self.name, None)),
        }
    }
}

/// A file starting with `[` is PGN when it starts with a tag pair
/// (`[Event "..."]`), JSON otherwise.
fn looks_like_json_array(text: &[u8]) -> bool {
    let rest = &text[1..];
    let first = rest.iter().find(|b| !b.is_ascii_whitespace());
    !first.is_some_and(|b| b.is_ascii_alphabetic())
}
