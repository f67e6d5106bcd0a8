//! `AnyPosition` forwards every method of the family traits: read from
//! the source, so a method added to a trait and left to its default on
//! `AnyPosition` fails here.

/// The names of the methods declared in the block of `code` that
/// starts at `opening` (a trait or an impl).
fn methods(code: &str, opening: &str) -> Vec<String> {
    let (_, rest) = code.split_once(opening).expect("the block is there");
    let block = rest.split("\n}\n").next().unwrap_or(rest);
    block
        .lines()
        .filter_map(|l| l.trim().strip_prefix("fn "))
        .filter_map(|l| l.split(['(', '<']).next())
        .map(str::to_string)
        .collect()
}

// Issue item 5: a method left to its default on `AnyPosition` answers
// for every family with the default (the fifty-move rule imposed on
// variants from data); every method of the family traits is forwarded.
#[test]
fn item_05_any_position_forwards_every_method_of_the_family_traits() {
    let any = include_str!("../../src/any.rs");
    for (traits, opening, forwarded) in [
        (
            include_str!("../../src/position.rs"),
            "pub trait Position: ",
            "impl Position for AnyPosition {",
        ),
        (
            include_str!("../../src/facts.rs"),
            "pub trait Describe: ",
            "impl Describe for AnyPosition {",
        ),
    ] {
        let declared = methods(traits, opening);
        assert!(declared.len() >= 10, "{declared:?}");
        let forwarded = methods(any, forwarded);
        let missing: Vec<_> = declared.iter().filter(|m| !forwarded.contains(m)).collect();
        assert!(missing.is_empty(), "not forwarded: {missing:?}");
    }
}
