//! Reading a PGN stream one game at a time, whatever its size: text
//! read in chunks, bytes that are not UTF-8 read as Latin-1, and a game
//! over the limit refused and skipped.

use super::raw_game::{complete_games, RawGame};
use super::replay::replay_raw;
use crate::{RecordError, RecordErrorKind, Replayed};
use motley_game::variant::Registry;
use motley_game::Game;
use std::collections::VecDeque;
use std::io::Read;

/// Text, as opposed to a binary file: no control bytes but white space.
/// Only text that is not UTF-8 is read as Latin-1; anything else is "not
/// a text file".
fn looks_like_text(bytes: &[u8]) -> bool {
    !bytes
        .iter()
        .any(|&b| (b < 0x20 && !b"\t\n\r\x0c".contains(&b)) || b == 0x7f)
}

/// How much PGN is read from the input at a time.
const READ_CHUNK: usize = 64 * 1024;

/// A PGN game with more text than this is refused (and skipped): it is an
/// unterminated comment or variation swallowing the file, not a game.
/// This, not the file's size, bounds the memory an import uses.
pub const MAX_GAME_BYTES: u64 = 10 * 1024 * 1024;

/// The games of a PGN stream, read and replayed one at a time: memory is
/// bounded by one game, however large the file. Errors are numbered by
/// game; a problem with the stream itself (unreadable, not UTF-8, no game
/// at all) ends it with a `Failed` item without a game number.
pub struct PgnGames<'a> {
    input: Box<dyn Read + 'a>,
    registry: &'a Registry,
    /// Text read but not yet split into games.
    buf: Vec<u8>,
    /// Where `buf` starts in the stream.
    offset: u64,
    at_end: bool,
    /// Dropping text up to the next line starting with `[` (after a game
    /// too long to be one).
    skipping: bool,
    ready: VecDeque<RawGame>,
    /// Games handed out so far.
    count: usize,
    finished: bool,
    /// Where in `buf` characters stand that were bytes not UTF-8, read as
    /// Latin-1 (in order).
    latin1: Vec<usize>,
}

impl<'a> PgnGames<'a> {
    /// The games of `input`, of which `head` (starting at byte `offset` of
    /// the stream) was already read.
    pub fn new(
        head: Vec<u8>,
        offset: u64,
        input: Box<dyn Read + 'a>,
        registry: &'a Registry,
    ) -> PgnGames<'a> {
        PgnGames {
            input,
            registry,
            buf: head,
            offset,
            at_end: false,
            skipping: false,
            ready: VecDeque::new(),
            count: 0,
            finished: false,
            latin1: Vec::new(),
        }
    }

    /// Bytes of the stream consumed so far (for progress).
    pub fn position(&self) -> u64 {
        self.offset + self.buf.len() as u64
    }

    /// Read at least `want` more bytes, or to the end of the input.
    fn read_more(&mut self, want: usize) -> Result<(), RecordError> {
        let goal = self.buf.len() + want;
        while self.buf.len() < goal {
            let old = self.buf.len();
            self.buf.resize(goal, 0);
            match self.input.read(&mut self.buf[old..]) {
                Ok(0) => {
                    self.buf.truncate(old);
                    self.at_end = true;
                    return Ok(());
                }
                Ok(n) => self.buf.truncate(old + n),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => self.buf.truncate(old),
                Err(e) => {
                    self.buf.truncate(old);
                    return Err(RecordErrorKind::Read(e.to_string()).into());
                }
            }
        }
        Ok(())
    }

    /// Forget the first `n` bytes of the buffer.
    fn consume(&mut self, n: usize) {
        self.buf.drain(..n);
        self.offset += n as u64;
        self.latin1.retain(|&at| at >= n);
        for at in &mut self.latin1 {
            *at -= n;
        }
    }

    /// Make the first `end` bytes of the buffer UTF-8, reading each byte
    /// that is not part of a UTF-8 character as Latin-1 (the usual
    /// encoding of older PGN files: `M\xfcller` is "Müller"), and note
    /// where. Returns where those bytes end now.
    fn decode_latin1(&mut self, end: usize) -> usize {
        let mut text = Vec::with_capacity(end + 64);
        for chunk in self.buf[..end].utf8_chunks() {
            text.extend_from_slice(chunk.valid().as_bytes());
            for &b in chunk.invalid() {
                self.latin1.push(text.len());
                let mut utf8 = [0u8; 2];
                text.extend_from_slice(char::from(b).encode_utf8(&mut utf8).as_bytes());
            }
        }
        let grown = text.len() - end;
        self.buf.splice(..end, text);
        // The stream position (for progress) stays where it was.
        self.offset = self.offset.saturating_sub(grown as u64);
        end + grown
    }

    /// Read on until at least one more game is complete, or the end.
    fn refill(&mut self) -> Result<(), RecordError> {
        loop {
            if !self.at_end {
                // Doubling what is read while a game stays unfinished keeps
                // re-splitting it linear in its length.
                self.read_more(READ_CHUNK.max(self.buf.len()))?;
            }
            // Split only at a line end (never inside a token or a
            // character) until the input ends.
            let end = if self.at_end {
                self.buf.len()
            } else {
                match self.buf.iter().rposition(|&b| b == b'\n') {
                    Some(i) => i + 1,
                    None if (self.buf.len() as u64) <= MAX_GAME_BYTES => continue,
                    None => self.buf.len(),
                }
            };
            if self.skipping {
                let restart = self.buf[..end].windows(2).position(|w| w == b"\n[");
                match restart {
                    Some(i) => {
                        self.consume(i + 1);
                        self.skipping = false;
                    }
                    None => {
                        self.consume(end);
                        if self.at_end {
                            // The input ended inside the game refused:
                            // nothing is left to skip, and nothing to read.
                            self.skipping = false;
                            return Ok(());
                        }
                    }
                }
                continue;
            }
            let end = if std::str::from_utf8(&self.buf[..end]).is_ok()
                || !looks_like_text(&self.buf[..end])
            {
                end
            } else {
                self.decode_latin1(end)
            };
            let text = std::str::from_utf8(&self.buf[..end])
                .map_err(|e| RecordErrorKind::NotUtf8(self.offset as usize + e.valid_up_to()))?;
            let (mut games, rest) = complete_games(text, self.at_end);
            for g in &mut games {
                let (from, to) = g.span;
                // Whatever the size of the read that brought it in whole.
                if to.saturating_sub(from) as u64 > MAX_GAME_BYTES {
                    g.refuse_as_too_long();
                    continue;
                }
                g.latin1 = self
                    .latin1
                    .iter()
                    .filter(|&&at| at >= from && at < to)
                    .count();
            }
            self.ready.extend(games);
            self.consume(rest);
            if !self.ready.is_empty() || self.at_end {
                return Ok(());
            }
            if self.buf.len() as u64 > MAX_GAME_BYTES {
                self.buf.clear();
                self.skipping = true;
                return Err(RecordErrorKind::PgnGameTooLong(MAX_GAME_BYTES).into());
            }
        }
    }
}

impl Iterator for PgnGames<'_> {
    type Item = Replayed;

    fn next(&mut self) -> Option<Replayed> {
        loop {
            if let Some(raw) = self.ready.pop_front() {
                self.count += 1;
                let n = self.count;
                return Some(replay_raw(&raw, self.registry).in_game(n));
            }
            if self.finished {
                return None;
            }
            if self.at_end && !self.skipping && self.buf.is_empty() {
                self.finished = true;
                return (self.count == 0)
                    .then(|| Replayed::Failed(RecordErrorKind::NoGames.into()));
            }
            if let Err(e) = self.refill() {
                if matches!(*e.kind, RecordErrorKind::PgnGameTooLong(_)) {
                    self.count += 1;
                    return Some(Replayed::Failed(e.in_game(self.count)));
                }
                self.finished = true;
                return Some(Replayed::Failed(e));
            }
        }
    }
}

/// Every game of a PGN text (any number of games), each a game or the
/// error naming the game, ply and move that stopped it.
pub fn import_pgn(text: &str, registry: &Registry) -> Vec<Result<Game, RecordError>> {
    PgnGames::new(Vec::new(), 0, Box::new(text.as_bytes()), registry)
        .map(|r| r.into_result().map(|s| s.game))
        .collect()
}
