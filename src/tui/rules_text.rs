//! A variant's rules text as flowing text. Variant files keep the text
//! broken into lines (readable in the JSON and in `motley rules`); the
//! rules popup joins those lines back into paragraphs and wraps them once
//! at its own width, keeping lists and tables. The convention (also in
//! docs/variants-from-data.md, "Rules text"):
//!
//! - A blank line ends a paragraph, and so does a change of indentation:
//!   the lines of one paragraph start in the same column.
//! - A line starting (after its indentation) with `- `, `* ` or a number
//!   and `. ` (`1. `) is a list item. The lines after it that are indented
//!   deeper than its marker continue it; it wraps under its text.
//! - A line with a gap of two or more spaces inside it (not after a `.`,
//!   `!` or `?`, where it may end a sentence) is a table row, its cells
//!   separated by the gaps. Lines after it with the same indentation and
//!   a gap are further rows; lines indented deeper continue the cells
//!   they start under. A table is shown as written where it fits, and
//!   otherwise laid out anew with its widest columns wrapped.

use super::wrap::{Flow, Table};
use ratatui::text::Line;

/// The text as paragraphs, list items, tables and blank lines.
pub fn parse(text: &str) -> Vec<Flow> {
    let mut out = Vec::new();
    let mut open: Option<Open> = None;
    for raw in text.lines() {
        let raw = raw.trim_end();
        let indent = raw.chars().take_while(|c| *c == ' ').count();
        let body = &raw[indent..];
        if body.is_empty() {
            close(&mut open, &mut out);
            out.push(Flow::blank());
            continue;
        }
        let marker = list_marker(body);
        let cells = cells(raw, indent);
        if let Some(o) = &mut open {
            if o.takes(raw, indent, marker.is_some(), &cells) {
                continue;
            }
        }
        close(&mut open, &mut out);
        open = Some(if let Some(m) = marker {
            Open::Para {
                indent,
                marker: body[..m].to_string(),
                text: body[m..].trim_start().to_string(),
            }
        } else if cells.len() > 1 {
            Open::Table {
                table: Table {
                    indent,
                    rows: vec![cells.iter().map(|c| c.1.clone()).collect()],
                    written: vec![raw.to_string()],
                },
                starts: cells.iter().map(|c| c.0).collect(),
            }
        } else {
            Open::Para {
                indent,
                marker: String::new(),
                text: body.to_string(),
            }
        });
    }
    close(&mut open, &mut out);
    out
}

/// The block being read.
enum Open {
    /// A paragraph or list item (`marker` is empty for a paragraph).
    Para {
        indent: usize,
        marker: String,
        text: String,
    },
    /// A table, with the columns where its last row's cells start.
    Table { table: Table, starts: Vec<usize> },
}

impl Open {
    /// Does the line belong to this block? If so, it is added.
    fn takes(&mut self, raw: &str, indent: usize, list: bool, cells: &[(usize, String)]) -> bool {
        match self {
            Open::Para {
                indent: at,
                marker,
                text,
            } => {
                let continues = if marker.is_empty() {
                    indent == *at
                } else {
                    indent > *at
                };
                if !continues || list || cells.len() > 1 {
                    return false;
                }
                text.push(' ');
                text.push_str(raw.trim());
                true
            }
            Open::Table { table, starts } if indent > table.indent => {
                // Continued cells: each goes to the column it starts under.
                let Some(row) = table.rows.last_mut() else {
                    return false;
                };
                for (at, cell) in cells {
                    let col = starts.iter().rposition(|s| s <= at).unwrap_or(0);
                    if row.len() <= col {
                        row.resize(col + 1, String::new());
                    }
                    if !row[col].is_empty() {
                        row[col].push(' ');
                    }
                    row[col].push_str(cell);
                }
                table.written.push(raw.to_string());
                true
            }
            Open::Table { table, starts } if indent == table.indent && cells.len() > 1 && !list => {
                table.rows.push(cells.iter().map(|c| c.1.clone()).collect());
                *starts = cells.iter().map(|c| c.0).collect();
                table.written.push(raw.to_string());
                true
            }
            Open::Table { .. } => false,
        }
    }
}

/// Finish the open block into `out`.
fn close(open: &mut Option<Open>, out: &mut Vec<Flow>) {
    match open.take() {
        Some(Open::Para {
            indent,
            marker,
            text,
        }) => {
            // A list item's text wraps under its first word, past the marker.
            let lead = format!("{}{marker}", " ".repeat(indent));
            let hang = lead.chars().count();
            out.push(Flow::hanging(Line::raw(format!("{lead}{text}")), hang));
        }
        Some(Open::Table { table, .. }) => out.push(Flow::Table(table)),
        None => {}
    }
}

/// The length of a list item's marker at the start of `body` (`- `, `* `,
/// `12. `), if it has one.
fn list_marker(body: &str) -> Option<usize> {
    if body.starts_with("- ") || body.starts_with("* ") {
        return Some(2);
    }
    let digits = body.chars().take_while(char::is_ascii_digit).count();
    (digits > 0 && body[digits..].starts_with(". ")).then_some(digits + 2)
}

/// The cells of a line, with the column each starts at: its text split at
/// gaps of two or more spaces (not after a sentence's end).
fn cells(raw: &str, indent: usize) -> Vec<(usize, String)> {
    let chars: Vec<char> = raw.chars().collect();
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut start = indent;
    let mut i = indent;
    while i < chars.len() {
        if chars[i] != ' ' {
            i += 1;
            continue;
        }
        let run = chars[i..].iter().take_while(|c| **c == ' ').count();
        let sentence_end = i > 0 && matches!(chars[i - 1], '.' | '!' | '?');
        if run >= 2 && !sentence_end && i + run < chars.len() {
            out.push((start, chars[start..i].iter().collect()));
            start = i + run;
        }
        i += run;
    }
    out.push((
        start,
        chars[start..]
            .iter()
            .collect::<String>()
            .trim_end()
            .to_string(),
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::wrap::flow_lines;

    fn shown(text: &str, width: usize) -> Vec<String> {
        flow_lines(&parse(text), width)
            .iter()
            .map(|l| l.to_string())
            .collect()
    }

    #[test]
    fn lines_of_a_paragraph_are_joined_and_wrapped_once() {
        let text = "The centerline splits the\nboard: every piece on\nyour half is yours.";
        assert_eq!(
            shown(text, 40),
            [
                "The centerline splits the board: every",
                "piece on your half is yours."
            ]
        );
    }

    #[test]
    fn blank_lines_and_indentation_end_paragraphs() {
        let text = "HEADING\n  text under it\n  and more\n\nNext.";
        assert_eq!(
            shown(text, 40),
            ["HEADING", "  text under it and more", "", "Next."]
        );
    }

    #[test]
    fn list_items_wrap_under_their_text() {
        let text = "- one two three\n  four\n- five\n  1. six seven";
        assert_eq!(
            shown(text, 12),
            [
                "- one two",
                "  three four",
                "- five",
                "  1. six",
                "     seven"
            ]
        );
    }

    #[test]
    fn table_rows_keep_their_columns_and_continuations_join_their_cell() {
        let text = "ITEMS\n  buy:king  $10  queen moves this\n                 turn only\n  P@e4      $3   a pawn\n  After it.";
        let flow = parse(text);
        let Flow::Table(t) = &flow[1] else {
            panic!("no table: {flow:?}")
        };
        assert_eq!(
            t.rows,
            [
                vec!["buy:king", "$10", "queen moves this turn only"],
                vec!["P@e4", "$3", "a pawn"]
            ]
        );
        // As written where it fits; laid out anew where it does not.
        assert_eq!(
            shown(text, 40)[1..4],
            text.lines().collect::<Vec<_>>()[1..4]
        );
        assert_eq!(
            shown(text, 26),
            [
                "ITEMS",
                "  buy:king  $10  queen",
                "                 moves",
                "                 this turn",
                "                 only",
                "  P@e4      $3   a pawn",
                "  After it."
            ]
        );
    }

    #[test]
    fn two_spaces_after_a_sentence_do_not_make_a_table() {
        let flow = parse("One.  Two three.\nFour.");
        assert_eq!(flow.len(), 1, "{flow:?}");
    }
}
