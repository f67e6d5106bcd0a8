use motley_rules::core::quote::{
    clip, clip_middle, path, path_text, visible, visible_lines, QUOTE_CHARS,
};
use std::borrow::Cow;

#[test]
fn long_inputs_are_clipped_to_80_characters() {
    assert_eq!(clip("short"), "short");
    let long = "é".repeat(1000);
    let c = clip(&long);
    assert_eq!(c.chars().count(), QUOTE_CHARS + 1);
    assert!(c.ends_with('…'));
    assert_eq!(clip(&"x".repeat(QUOTE_CHARS)), "x".repeat(QUOTE_CHARS));
    let m = format!(
        "invalid type: string \"{}\", expected u64",
        "x".repeat(10_000)
    );
    let c = clip_middle(&m);
    assert!(c.len() < 200 && c.starts_with("invalid type") && c.ends_with("expected u64"));
}

// Issue 22, item 24: a terminal never sees a control character that
// came from input; it sees the escape written out.
#[test]
fn item_24_control_characters_are_made_visible() {
    let title = "\u{1b}]0;OWNED\u{7}\u{1b}[?1049l";
    assert_eq!(visible(title), "\\x1b]0;OWNED\\x07\\x1b[?1049l");
    assert_eq!(visible("a\u{9b}2J\u{7f}"), "a\\u{9b}2J\\x7f");
    assert_eq!(visible("tab\tcr\rnl\n"), "tab\\x09cr\\x0dnl\\x0a");
    assert_eq!(visible("x\u{202e}y"), "x\\u{202e}y");
    assert_eq!(visible_lines("one\ntwo\u{1b}"), "one\ntwo\\x1b");
    assert!(matches!(visible("Müller ♔ e4"), Cow::Borrowed(_)));
    assert!(!clip(title).contains(|c: char| c.is_control()));
    assert!(!clip_middle(&title.repeat(50)).contains(|c: char| c.is_control()));
}

// Issue 31, item 25: a path is quoted by its end (the file's name) in
// at most about 80 characters, escapes whole.
#[test]
fn item_25_a_long_path_keeps_its_end() {
    let long = format!("/{}game.json", "d/".repeat(50_000));
    let q = path(std::path::Path::new(&long));
    assert!(q.starts_with('…') && q.ends_with("/d/game.json"), "{q}");
    assert!(q.chars().count() <= QUOTE_CHARS + 1, "{q}");
    assert_eq!(path_text("/tmp/a.json"), "/tmp/a.json");
    let escapes = path_text(&"\u{1b}".repeat(100));
    assert!(
        escapes.starts_with("…\\x1b") && escapes.chars().count() <= QUOTE_CHARS + 1,
        "{escapes}"
    );
    let q = path_text(&format!("{}\u{7}", "x".repeat(200)));
    assert!(
        q.ends_with("x\\x07") && q.chars().count() <= QUOTE_CHARS + 1,
        "{q}"
    );
}

// Issue 22, item 24: a clipped quote is both short and safe, and an
// escape is kept whole at the cut.
#[test]
fn item_24_clip_escapes_and_stays_short() {
    let junk = "\u{1b}".repeat(10_000);
    let c = clip(&junk);
    assert!(c.chars().count() <= QUOTE_CHARS + 4, "{c}");
    assert!(c.ends_with("\\x1b…"), "{c}");
    let c = clip(&format!("ab{}", "\u{7}".repeat(100)));
    assert!(c.starts_with("ab\\x07") && c.ends_with("\\x07…"), "{c}");
}
