//! UCI text read a line at a time with a bound on each line's length, so
//! neither a GUI feeding `motley uci` nor an engine that Motley runs can
//! make it hold more than the bound in memory, however long a line it
//! writes: the bytes past the bound are counted and dropped as they come.

use std::io::{self, BufRead};

/// One line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line within the bound, without its line ending (bytes that are
    /// not UTF-8 read as U+FFFD).
    Text(String),
    /// A line longer than the bound, by its length in bytes; its text was
    /// skipped, not kept.
    TooLong(u64),
}

/// The next line of `input`, keeping at most `max` bytes of it; `None` at
/// the end of input. A last line without a line ending still counts.
pub fn read_line<R: BufRead + ?Sized>(input: &mut R, max: usize) -> io::Result<Option<Line>> {
    let mut kept = Vec::new();
    let mut length: u64 = 0;
    let mut any = false;
    loop {
        let available = match input.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            break;
        }
        any = true;
        let end = available.iter().position(|&b| b == b'\n');
        let chunk = &available[..end.unwrap_or(available.len())];
        let room = max.saturating_sub(kept.len());
        kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
        length = length.saturating_add(chunk.len() as u64);
        let used = end.map_or(available.len(), |i| i + 1);
        input.consume(used);
        if end.is_some() {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if length > max as u64 {
        return Ok(Some(Line::TooLong(length)));
    }
    if kept.last() == Some(&b'\r') {
        kept.pop();
    }
    Ok(Some(Line::Text(
        String::from_utf8_lossy(&kept).into_owned(),
    )))
}
