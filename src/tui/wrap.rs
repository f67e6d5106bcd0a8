//! Text laid out at the width it is drawn at: styled lines broken at
//! spaces with a hanging indent, and tables that keep their columns. The
//! screens break text here themselves (not in ratatui's paragraph), so a
//! wrapped entry continues under its own text rather than at column 0, and
//! a box knows exactly how many rows its text takes.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// Columns between a table's columns when it is laid out anew.
const TABLE_GAP: usize = 2;

/// The columns text takes on a terminal (a wide character takes two),
/// which is what must fit in a row.
pub fn text_width(text: &str) -> usize {
    Span::raw(text).width()
}

fn char_width(c: char) -> usize {
    let mut buf = [0u8; 4];
    text_width(c.encode_utf8(&mut buf))
}

/// One styled character.
type Cell = (char, Style);

/// A row being built: its characters and their width.
#[derive(Default)]
struct Row {
    cells: Vec<Cell>,
    width: usize,
    /// A word is on it (not only the indent).
    has_word: bool,
}

impl Row {
    fn indented(by: usize) -> Row {
        Row {
            cells: vec![(' ', Style::default()); by],
            width: by,
            has_word: false,
        }
    }

    fn push(&mut self, cells: &[Cell]) {
        self.width += cells.iter().map(|c| char_width(c.0)).sum::<usize>();
        self.cells.extend_from_slice(cells);
    }

    /// The row as a line: runs of one style become one span.
    fn into_line(self, style: Style) -> Line<'static> {
        let mut spans: Vec<Span<'static>> = Vec::new();
        let mut text = String::new();
        let mut current: Option<Style> = None;
        for (c, st) in self.cells {
            if current.is_some_and(|s| s != st) {
                spans.push(Span::styled(
                    std::mem::take(&mut text),
                    current.unwrap_or_default(),
                ));
            }
            current = Some(st);
            text.push(c);
        }
        if let Some(st) = current {
            spans.push(Span::styled(text, st));
        }
        Line::from(spans).style(style)
    }
}

/// `line` broken at spaces into rows of at most `width` columns. Its
/// leading spaces stay on the first row; the rows after it start with
/// `hang` spaces (at most half the width), so they sit under the text they
/// continue. A word longer than a row is broken inside it; spaces where a
/// row breaks, and at the end, are dropped. Styles stay with their
/// characters.
pub fn wrap_line(line: &Line<'_>, width: usize, hang: usize) -> Vec<Line<'static>> {
    let width = width.max(1);
    let hang = hang.min(width / 2);
    let cells: Vec<Cell> = line
        .spans
        .iter()
        .flat_map(|s| s.content.chars().map(move |c| (c, s.style)))
        .collect();
    let mut rows: Vec<Row> = Vec::new();
    let lead = cells.iter().take_while(|c| c.0 == ' ').count();
    let mut row = Row::indented(lead.min(width.saturating_sub(1)));
    let mut rest = &cells[lead..];
    while !rest.is_empty() {
        let spaces = rest.iter().take_while(|c| c.0 == ' ').count();
        let word_len = rest[spaces..].iter().take_while(|c| c.0 != ' ').count();
        let (gap, word) = (&rest[..spaces], &rest[spaces..spaces + word_len]);
        rest = &rest[spaces + word_len..];
        if word.is_empty() {
            break;
        }
        let word_w: usize = word.iter().map(|c| char_width(c.0)).sum();
        let gap_w: usize = gap.iter().map(|c| char_width(c.0)).sum();
        if row.has_word && row.width + gap_w + word_w <= width {
            row.push(gap);
        } else if row.has_word {
            rows.push(std::mem::replace(&mut row, Row::indented(hang)));
        }
        put_word(&mut rows, &mut row, word, width, hang);
    }
    rows.push(row);
    rows.into_iter().map(|r| r.into_line(line.style)).collect()
}

/// Put a word on `row`, breaking it where it is wider than what is left.
fn put_word(rows: &mut Vec<Row>, row: &mut Row, mut word: &[Cell], width: usize, hang: usize) {
    loop {
        let room = width.saturating_sub(row.width);
        let mut taken = 0;
        let mut w = 0;
        for c in word {
            let cw = char_width(c.0);
            if w + cw > room {
                break;
            }
            w += cw;
            taken += 1;
        }
        if taken == word.len() {
            row.push(word);
            row.has_word = true;
            return;
        }
        // At least one character per row, so a row too narrow for a wide
        // character still ends.
        let taken = taken.max(1);
        row.push(&word[..taken]);
        row.has_word = true;
        word = &word[taken..];
        rows.push(std::mem::replace(row, Row::indented(hang)));
        if word.is_empty() {
            return;
        }
    }
}

/// Text that flows to the width it is shown at: kept unwrapped until the
/// width is known, so it is wrapped once, where it is drawn.
#[derive(Clone, Debug, PartialEq)]
pub enum Flow {
    /// A line wrapped at spaces, its continuation rows `hang` columns in.
    Wrapped { line: Line<'static>, hang: usize },
    /// A table: its rows as written while they fit, else laid out anew
    /// with its columns narrowed until it fits.
    Table(Table),
}

impl Flow {
    /// A line whose continuation rows start `hang` columns in.
    pub fn hanging(line: impl Into<Line<'static>>, hang: usize) -> Flow {
        Flow::Wrapped {
            line: line.into(),
            hang,
        }
    }

    /// An empty row.
    pub fn blank() -> Flow {
        Flow::hanging(Line::default(), 0)
    }

    /// Its rows at `width` columns.
    pub fn lines(&self, width: usize) -> Vec<Line<'static>> {
        match self {
            Flow::Wrapped { line, hang } => wrap_line(line, width, *hang),
            Flow::Table(t) => t.lines(width),
        }
    }
}

/// The rows of a whole text at `width` columns.
pub fn flow_lines(flow: &[Flow], width: usize) -> Vec<Line<'static>> {
    flow.iter().flat_map(|f| f.lines(width)).collect()
}

/// A table of text cells, kept as a table at any width (a reflowed table
/// would scatter its cells).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    /// Columns before its first column.
    pub indent: usize,
    /// Its rows, each a cell per column (a cell's text on one line).
    pub rows: Vec<Vec<String>>,
    /// The table as its author laid it out, shown as it is wherever it
    /// fits.
    pub written: Vec<String>,
}

impl Table {
    /// Its rows at `width` columns: as written where that fits, else with
    /// every column as wide as its cells and the widest columns narrowed
    /// (their cells wrapped) until the table fits.
    pub fn lines(&self, width: usize) -> Vec<Line<'static>> {
        if self.written.iter().all(|l| text_width(l) <= width) {
            return self.written.iter().map(|l| Line::raw(l.clone())).collect();
        }
        let widths = self.column_widths(width);
        let indent = " ".repeat(self.indent.min(width / 4));
        let mut out = Vec::new();
        for row in &self.rows {
            let cells: Vec<Vec<String>> = widths
                .iter()
                .enumerate()
                .map(|(i, w)| {
                    let text = row.get(i).map_or("", String::as_str);
                    wrap_line(&Line::raw(text), *w, 0)
                        .into_iter()
                        .map(|l| l.to_string())
                        .collect()
                })
                .collect();
            let height = cells.iter().map(Vec::len).max().unwrap_or(1);
            for r in 0..height {
                let mut text = indent.clone();
                for (i, w) in widths.iter().enumerate() {
                    let cell = cells[i].get(r).map_or("", String::as_str);
                    text.push_str(cell);
                    if i + 1 < widths.len() {
                        let pad = w.saturating_sub(text_width(cell)) + TABLE_GAP;
                        text.push_str(&" ".repeat(pad));
                    }
                }
                out.push(Line::raw(text.trim_end().to_string()));
            }
        }
        out
    }

    /// Each column's width at `width`: its widest cell, then the widest
    /// columns narrowed one at a time, first down to their longest word,
    /// then (only if that is not enough) further.
    fn column_widths(&self, width: usize) -> Vec<usize> {
        let n = self.rows.iter().map(Vec::len).max().unwrap_or(0);
        let column = |i: usize| self.rows.iter().filter_map(move |r| r.get(i));
        let mut widths: Vec<usize> = (0..n)
            .map(|i| column(i).map(|c| text_width(c)).max().unwrap_or(0))
            .collect();
        let longest_word: Vec<usize> = (0..n)
            .map(|i| {
                column(i)
                    .flat_map(|c| c.split(' '))
                    .map(text_width)
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let room = width
            .saturating_sub(self.indent.min(width / 4))
            .saturating_sub(TABLE_GAP * n.saturating_sub(1));
        for floor in [longest_word, vec![1; n]] {
            while widths.iter().sum::<usize>() > room {
                let widest = (0..n)
                    .filter(|&i| widths[i] > floor[i])
                    .max_by_key(|&i| widths[i]);
                match widest {
                    Some(i) => widths[i] -= 1,
                    None => break,
                }
            }
        }
        widths
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(line: &str, width: usize, hang: usize) -> Vec<String> {
        wrap_line(&Line::raw(line), width, hang)
            .iter()
            .map(|l| l.to_string())
            .collect()
    }

    #[test]
    fn words_wrap_under_the_text_they_continue() {
        assert_eq!(
            rows("  key  does this and that", 14, 7),
            ["  key  does", "       this", "       and", "       that"]
        );
        assert_eq!(rows("ab cd ef", 5, 0), ["ab cd", "ef"]);
        assert_eq!(rows("", 5, 0), [""]);
    }

    #[test]
    fn a_word_longer_than_a_row_is_broken_inside() {
        assert_eq!(rows("abcdefgh x", 3, 0), ["abc", "def", "gh", "x"]);
        assert_eq!(rows("a abcdef", 4, 1), ["a", " abc", " def"]);
    }

    #[test]
    fn styles_stay_with_their_characters() {
        let bold = Style::default().add_modifier(ratatui::style::Modifier::BOLD);
        let line = Line::from(vec![Span::styled("ab cd", bold), Span::raw(" ef")]);
        let out = wrap_line(&line, 5, 0);
        assert_eq!(out[0].spans, vec![Span::styled("ab cd", bold)]);
        assert_eq!(out[1].spans, vec![Span::raw("ef")]);
    }

    fn table() -> Table {
        Table {
            indent: 2,
            rows: vec![
                vec!["a1".into(), "$5".into(), "one two three four".into()],
                vec!["b".into(), "$15".into(), "five".into()],
            ],
            written: vec![
                "  a1  $5   one two three four".into(),
                "  b   $15  five".into(),
            ],
        }
    }

    #[test]
    fn a_table_that_fits_is_shown_as_written() {
        let t = table();
        let shown: Vec<String> = t.lines(40).iter().map(|l| l.to_string()).collect();
        assert_eq!(shown, t.written);
    }

    #[test]
    fn a_table_too_wide_keeps_its_columns_and_wraps_its_widest() {
        let shown: Vec<String> = table().lines(20).iter().map(|l| l.to_string()).collect();
        assert_eq!(
            shown,
            [
                "  a1  $5   one two",
                "           three",
                "           four",
                "  b   $15  five"
            ]
        );
    }
}
