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

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufReader, Read};

    #[test]
    fn lines_within_the_bound_are_read_whole() {
        let mut input = &b"uci\r\nisready\nlast"[..];
        assert_eq!(
            read_line(&mut input, 10).unwrap(),
            Some(Line::Text("uci".into()))
        );
        assert_eq!(
            read_line(&mut input, 10).unwrap(),
            Some(Line::Text("isready".into()))
        );
        assert_eq!(
            read_line(&mut input, 10).unwrap(),
            Some(Line::Text("last".into()))
        );
        assert_eq!(read_line(&mut input, 10).unwrap(), None);
    }

    /// Issue 22, item 32: a line past the bound is counted, not kept, and
    /// the next line is read as usual.
    #[test]
    fn item_32_a_line_past_the_bound_is_skipped_and_the_next_one_read() {
        let long = "go ".repeat(10_000);
        let text = format!("{long}\nisready\n");
        // A small buffer: the long line arrives in many pieces.
        let mut input = BufReader::with_capacity(16, text.as_bytes());
        assert_eq!(
            read_line(&mut input, 100).unwrap(),
            Some(Line::TooLong(long.len() as u64))
        );
        assert_eq!(
            read_line(&mut input, 100).unwrap(),
            Some(Line::Text("isready".into()))
        );
        // Exactly the bound is still a line.
        let mut input = &b"abcd\n"[..];
        assert_eq!(
            read_line(&mut input, 4).unwrap(),
            Some(Line::Text("abcd".into()))
        );
    }

    /// A line of 50 MB is measured through a 4 KB buffer, never held.
    #[test]
    fn item_32_a_huge_line_is_measured_not_held() {
        let endless = io::repeat(b'x').take(50 << 20);
        let mut input = BufReader::with_capacity(4096, endless);
        assert_eq!(
            read_line(&mut input, 1024).unwrap(),
            Some(Line::TooLong(50 << 20))
        );
        assert_eq!(read_line(&mut input, 1024).unwrap(), None);
    }
}
