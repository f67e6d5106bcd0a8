//! Players' names: a computer's by its kind, a person's by login or side,
//! and names cleaned and cut.

use motley_ai::PlayerSpec;
use motley_session::players::MAX_NAME_CHARS;
use motley_session::{clean_name, default_name};

#[test]
fn a_computer_is_named_by_its_kind_and_a_person_by_login_or_side() {
    let level = PlayerSpec::Computer { level: 4 };
    assert_eq!(default_name(&level, "White", None), "Computer (level 4)");
    assert_eq!(
        default_name(&PlayerSpec::Greedy, "White", None),
        "Computer (greedy)"
    );
    let engine = PlayerSpec::Uci {
        command: "/usr/games/stockfish --threads 2".into(),
    };
    assert_eq!(default_name(&engine, "Black", None), "Engine (stockfish)");
    assert_eq!(
        default_name(&PlayerSpec::Human, "Black", Some("ann")),
        "ann"
    );
    assert_eq!(default_name(&PlayerSpec::Human, "Black", None), "Black");
    assert_eq!(
        default_name(&PlayerSpec::Human, "South", Some(" \n")),
        "South"
    );
}

#[test]
fn a_name_loses_control_characters_and_is_cut_to_its_bound() {
    assert_eq!(clean_name(" A\u{1b}[31mnn "), Some("A[31mnn".to_string()));
    assert_eq!(clean_name("\t\n"), None);
    let long = "x".repeat(100);
    assert_eq!(
        clean_name(&long).map(|n| n.chars().count()),
        Some(MAX_NAME_CHARS)
    );
}
