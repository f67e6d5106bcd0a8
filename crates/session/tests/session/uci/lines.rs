//! UCI text read a line at a time with a bound on each line.

use motley_session::uci::lines::{read_line, Line};
use std::io::{self, BufReader, Read};

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
