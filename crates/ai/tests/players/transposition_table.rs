//! The transposition table finds an entry by its full key.

use motley_ai::tt::{Bound, Entry, Table};
use motley_rules::core::Action;

#[test]
fn stores_and_finds_by_full_key() {
    let mut t = Table::new(1);
    let e = Entry {
        key: 0xdead_beef,
        best: Some(Action::Pass),
        score: 42,
        depth: 3,
        bound: Bound::Exact,
    };
    t.store(e);
    assert_eq!(t.probe(0xdead_beef).map(|e| e.score), Some(42));
    // Same slot, different key: not found.
    assert!(t.probe(0xdead_beef ^ (1 << 60)).is_none());
}
