//! Fairy-Stockfish's variants.ini format: sections, inheritance, its
//! quirks read as it reads them, the value types, and bad input refused
//! with its line (docs/rules.md, "Variant files in Fairy-Stockfish's
//! format").

use motley_game::variant::ini::{
    read_bool, read_castling, read_file, read_ini, read_number, read_rank, read_result,
    read_squares, resolve_all, IniError, IniErrorKind, IniResult, ResolvedKeys, ValueError,
};

/// The built-in parent `chess` as these tests know it.
fn chess(parent: &str) -> Option<ResolvedKeys> {
    (parent == "chess").then(|| {
        ResolvedKeys::from([
            (
                "startFen".to_string(),
                ("rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w - - 0 1".into(), 0),
            ),
            ("castling".to_string(), ("true".into(), 0)),
        ])
    })
}

fn keys_of(text: &str, name: &str) -> ResolvedKeys {
    let file = read_ini(text);
    let index = file.sections.iter().position(|s| s.name == name).unwrap();
    resolve_all(&file, &chess).remove(index).unwrap()
}

fn value<'a>(keys: &'a ResolvedKeys, key: &str) -> Option<&'a str> {
    keys.get(key).map(|(v, _)| v.as_str())
}

/// Every line refused in `text`, the file's own and its sections'.
fn refusals(text: &str) -> Vec<IniError> {
    let file = read_ini(text);
    let mut all = file.problems;
    for section in file.sections {
        all.extend(section.problems);
    }
    all.sort_by_key(|e| e.line);
    all
}

fn refusal(text: &str) -> (usize, IniErrorKind) {
    let e = refusals(text).remove(0);
    (e.line, e.kind)
}

#[test]
fn sections_hold_their_keys_with_lines_and_comments_are_skipped() {
    let text = "intro text before any section\n\n[mine]\n# a comment\n; another\npawn = p\n  king = k:KN  \n\n[other:mine]\ncastling = false\r\n";
    let file = read_ini(text);
    assert!(file.problems.is_empty());
    let sections = file.sections;
    assert_eq!(sections.len(), 2);
    assert_eq!(sections[0].name, "mine");
    assert_eq!(sections[0].line, 3);
    let e = &sections[0].entries;
    assert_eq!(
        (e[0].key.as_str(), e[0].value.as_str(), e[0].line),
        ("pawn", "p", 6)
    );
    // The key keeps its leading spaces, as in Fairy-Stockfish.
    assert_eq!((e[1].key.as_str(), e[1].value.as_str()), ("  king", "k:KN"));
    assert_eq!(sections[1].parent.as_deref(), Some("mine"));
    assert_eq!(sections[1].entries[0].value, "false");
}

#[test]
fn a_header_ignores_what_follows_its_bracket() {
    let sections = read_ini("[mine] # my variant\npawn = p\n").sections;
    assert_eq!(sections[0].name, "mine");
}

#[test]
fn a_child_inherits_its_parents_keys_and_replaces_those_it_gives() {
    let text =
        "[a:chess]\npawn = p\nmustCapture = true\n[b:a]\nmustCapture = false\n[c:b]\nking = k:KN\n";
    let c = keys_of(text, "c");
    assert_eq!(value(&c, "mustCapture"), Some("false"));
    assert_eq!(value(&c, "pawn"), Some("p"));
    assert_eq!(value(&c, "king"), Some("k:KN"));
    // From the built-in parent, with line 0.
    assert_eq!(c.get("castling"), Some(&("true".to_string(), 0)));
    assert_eq!(c.get("mustCapture").map(|(_, l)| *l), Some(5));
}

#[test]
fn a_key_given_twice_keeps_its_last_value() {
    let keys = keys_of("[a]\npawn = p\npawn = s\n", "a");
    assert_eq!(value(&keys, "pawn"), Some("s"));
}

#[test]
fn a_parent_must_come_before_its_child_or_be_built_in() {
    let file = read_ini("[b:a]\nx = 1\n[a]\ny = 2\n[c:nosuch]\n");
    let resolved = resolve_all(&file, &|_| None);
    let e = resolved[0].clone().unwrap_err();
    assert_eq!(e.line, 1);
    assert!(matches!(e.kind, IniErrorKind::UnknownParent { .. }));
    assert!(e.to_string().contains("'b' inherits from 'a'"));
    assert!(resolved[2].is_err());
    assert!(resolved[1].is_ok());
}

#[test]
fn bad_lines_are_refused_naming_the_line_and_the_trouble() {
    let cases: [(&str, usize, IniErrorKind); 9] = [
        ("[a\nx = 1\n", 1, IniErrorKind::UnclosedHeader),
        ("[]\n", 1, IniErrorKind::EmptyName),
        ("[:chess]\n", 1, IniErrorKind::EmptyName),
        ("[a:]\n", 1, IniErrorKind::EmptyParent),
        (
            "[a]\n[a]\n",
            2,
            IniErrorKind::DuplicateSection {
                name: "a".into(),
                first: 1,
            },
        ),
        ("[a]\npawn p\n", 2, IniErrorKind::NoEquals),
        ("[a]\n = p\n", 2, IniErrorKind::EmptyKey),
        (
            "[a]\npawn = \u{1b}[31m\n",
            2,
            IniErrorKind::ControlCharacter,
        ),
        ("before \u{7}\n[a]\n", 1, IniErrorKind::ControlCharacter),
    ];
    for (text, line, kind) in cases {
        assert_eq!(refusal(text), (line, kind), "{text:?}");
    }
    for bad_name in ["[a b]\n", "[a:b c]\n", "[../x]\n"] {
        assert!(
            matches!(refusal(bad_name), (1, IniErrorKind::BadName(_))),
            "{bad_name:?}"
        );
    }
    assert!(refusals("[a]\npawn p\n")[0]
        .to_string()
        .starts_with("line 2: "));
}

// Issue 31, item 15: a line without '=' or a header without ']' refused
// the whole file and hid every other error; each is now reported by its
// line, refusing only its own section (a bad header's lines go with it).
#[test]
fn item_15_bad_lines_refuse_their_section_and_every_one_is_reported() {
    let text = "[a:chess]\npawn p\nking k\n[b\nx = 1\n[c:chess]\ncastling = false\n[a]\n";
    let file = read_ini(text);
    let lines = |errors: &[IniError]| errors.iter().map(|e| e.line).collect::<Vec<_>>();
    assert_eq!(lines(&file.problems), [4], "the header without ']'");
    let names: Vec<&str> = file.sections.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["a", "c", "a"]);
    assert_eq!(lines(&file.sections[0].problems), [2, 3]);
    assert!(file.sections[1].problems.is_empty());
    assert_eq!(lines(&file.sections[2].problems), [8], "given twice");
    // The good section still reads; the first [a] is the one inherited.
    let resolved = resolve_all(&file, &chess);
    assert_eq!(
        resolved[1].as_ref().unwrap().get("castling"),
        Some(&("false".to_string(), 7))
    );
}

// Issue 31, item 10: a chain of thousands of sections, and thousands of
// sections, resolve with one pass over the file: each section's parent is
// found by name and resolved once (a child inherits its parent's
// resolved keys, not the parent's parents' again).
#[test]
fn item_10_a_long_chain_resolves_each_section_once() {
    let mut text = String::from("[c0:chess]\nk0 = 0\n");
    for i in 1..5000 {
        text += &format!("[c{i}:c{}]\n", i - 1);
    }
    text += "[c4999x:c4999]\nk1 = 1\n";
    let file = read_ini(&text);
    assert_eq!(file.sections.len(), 5001);
    let resolved = resolve_all(&file, &chess);
    let last = resolved.last().unwrap().as_ref().unwrap();
    assert_eq!(value(last, "k0"), Some("0"));
    assert_eq!(value(last, "k1"), Some("1"));
    assert_eq!(value(last, "castling"), Some("true"));
    // A child of a refused section is refused with its parent's line.
    let file = read_ini("[p:chess]\nbad line\n[q:p]\n[r:q]\n");
    let resolved = resolve_all(&file, &chess);
    for child in [1, 2] {
        let e = resolved[child].clone().unwrap_err();
        assert!(
            matches!(e.kind, IniErrorKind::RefusedParent { line: 2, .. }),
            "{e}"
        );
    }
}

// Issue 31, item 21: a section's name and summary for players, in
// comments Fairy-Stockfish skips.
#[test]
fn item_21_a_section_names_itself_in_a_comment() {
    let file = read_ini("[mini:chess]\n# name: Mini Chess\n#summary:  small  \npawn = p\n");
    let mini = &file.sections[0];
    assert_eq!(mini.display_name.as_deref(), Some("Mini Chess"));
    assert_eq!(mini.summary.as_deref(), Some("small"));
    assert_eq!(mini.entries.len(), 1);
}

#[test]
fn booleans_numbers_and_results_are_read_strictly() {
    assert_eq!(read_bool("true"), Ok(true));
    assert_eq!(read_bool("false"), Ok(false));
    assert_eq!(read_bool("yes"), Err(ValueError::Bool("yes".into())));
    assert_eq!(read_bool("True"), Err(ValueError::Bool("True".into())));
    assert_eq!(read_number("50"), Ok(50));
    for bad in ["-1", "+3", "12abc", "", "99999999999"] {
        assert_eq!(
            read_number(bad),
            Err(ValueError::Number(bad.into())),
            "{bad}"
        );
    }
    assert_eq!(read_result("win"), Ok(IniResult::Win));
    assert_eq!(read_result("loss"), Ok(IniResult::Loss));
    assert_eq!(read_result("draw"), Ok(IniResult::Draw));
    assert_eq!(read_result("none"), Ok(IniResult::None));
    assert!(read_result("lose").is_err());
}

#[test]
fn ranks_and_files_are_on_the_board() {
    assert_eq!(read_rank("1", 8), Ok(0));
    assert_eq!(read_rank("8", 8), Ok(7));
    assert!(read_rank("9", 8).is_err());
    assert!(read_rank("0", 8).is_err());
    assert_eq!(read_file("a", 8), Ok(0));
    assert_eq!(read_file("h", 8), Ok(7));
    assert_eq!(read_file("3", 8), Ok(2));
    assert!(read_file("i", 8).is_err());
    assert!(read_file("A", 8).is_err());
    assert!(read_file("9", 8).is_err());
}

#[test]
fn squares_ranks_and_files_make_a_region() {
    let names = |v: &str| {
        let mut n: Vec<String> = read_squares(v, 8, 8)
            .unwrap()
            .map(|s| s.to_string())
            .collect();
        n.sort();
        n.join(" ")
    };
    assert_eq!(names("d4 e4 d5 e5"), "d4 d5 e4 e5");
    assert_eq!(names("*1"), "a1 b1 c1 d1 e1 f1 g1 h1");
    assert_eq!(names("h*"), "h1 h2 h3 h4 h5 h6 h7 h8");
    assert_eq!(names("-"), "");
    assert_eq!(names(""), "");
    assert_eq!(names("a1 - b2"), "a1");
    for bad in ["i1", "a9", "*9", "z*", "d", "é4", "**"] {
        assert_eq!(
            read_squares(bad, 8, 8),
            Err(ValueError::Square(bad.into())),
            "{bad}"
        );
    }
    // A smaller board has fewer squares.
    assert!(read_squares("h8", 7, 7).is_err());
    assert_eq!(read_squares("*7", 7, 7).unwrap().count(), 7);
}

#[test]
fn castling_rights_are_fen_letters() {
    assert_eq!(read_castling("KQkq"), Ok([true; 4]));
    assert_eq!(read_castling("Kq"), Ok([true, false, false, true]));
    assert_eq!(read_castling("-"), Ok([false; 4]));
    assert_eq!(read_castling("KX"), Err(ValueError::Castling("KX".into())));
}
