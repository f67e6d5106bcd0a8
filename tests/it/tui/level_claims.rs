//! The new-game form claims only what was measured about the computer's
//! levels: ratings in standard chess, the steps between levels in the
//! variants where they were measured, nothing elsewhere.

use motley::tui::parts::menu::level_description;
use motley_game::variant::Registry;

const STEPS: &str = "only the steps between levels were measured";

// Issue item 19: horde and the user's variants claimed measured steps.
#[test]
fn item_19_levels_claim_measured_steps_only_where_they_were_measured() {
    assert!(level_description(3, "standard").contains("measured in standard chess"));
    for measured in ["antichess", "dice-money", "chicken"] {
        assert!(level_description(3, measured).contains(STEPS), "{measured}");
    }
    let reg = Registry::builtin();
    assert!(reg.get("horde").is_ok());
    for unmeasured in ["horde", "crazyhouse", "my-own-variant"] {
        let text = level_description(3, unmeasured);
        assert!(!text.contains(STEPS), "{unmeasured}: {text}");
        assert!(
            text.contains("nothing was measured"),
            "{unmeasured}: {text}"
        );
    }
}

/// The variants whose steps the table of docs/performance.md gives are
/// the ones the form says were measured.
#[test]
fn the_measured_variants_are_the_performance_page_s_table() {
    let page = include_str!("../../../docs/performance.md");
    let (_, section) = page
        .split_once("## Levels in each variant")
        .expect("docs/performance.md has the section");
    let table: Vec<&str> = section
        .lines()
        .skip_while(|l| !l.starts_with("| variant"))
        .skip(2)
        .take_while(|l| l.starts_with("| `"))
        .filter_map(|l| l.split('`').nth(1))
        .collect();
    assert_eq!(table, motley_ai::STEPS_MEASURED);
}
