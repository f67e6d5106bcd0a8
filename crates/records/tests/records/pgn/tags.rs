//! PGN's Variant tag: names and ids.

use crate::support::reg;
use motley_records::pgn::resolve_variant;

#[test]
fn variant_tags_map_names_and_ids() {
    let r = reg();
    for (tag, id) in [
        (None, "standard"),
        (Some("Standard"), "standard"),
        (Some("From Position"), "standard"),
        (Some("Antichess"), "antichess"),
        (Some("antichess"), "antichess"),
        (Some("ANTICHESS"), "antichess"),
        // Lichess's and pychess's names of Chess960 games.
        (Some("Chess960"), "chess960"),
        (Some("crazyhouse960"), "crazyhouse960"),
        (Some("Atomic960"), "atomic960"),
    ] {
        assert_eq!(resolve_variant(&r, tag).unwrap().id, id, "{tag:?}");
    }
    assert!(resolve_variant(&r, Some("Chess960x")).is_err());
}
