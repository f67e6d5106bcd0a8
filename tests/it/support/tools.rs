//! Programs some tests drive besides Motley (tmux, Stockfish). Outside CI
//! a missing one skips those tests, saying so; CI (`.ci/run`) sets
//! `MOTLEY_REQUIRE_TOOLS=1`, and there a missing one fails them, so CI
//! never passes without having run them.

/// Set (to anything but empty or `0`) where a missing tool fails the test.
pub const REQUIRE_TOOLS: &str = "MOTLEY_REQUIRE_TOOLS";

/// Can `test`, which needs `tool`, run (`found`: is the tool there)? A
/// missing tool fails the test where [`REQUIRE_TOOLS`] is set, and skips
/// it with a note elsewhere.
pub fn ready(tool: &str, found: bool, test: &str) -> bool {
    if found {
        return true;
    }
    let required = std::env::var_os(REQUIRE_TOOLS).is_some_and(|v| !v.is_empty() && v != "0");
    assert!(
        !required,
        "{tool} is not installed, and {REQUIRE_TOOLS} is set: {test} may not be skipped"
    );
    eprintln!(
        "note: {tool} is not installed; skipping {test} (with {REQUIRE_TOOLS}=1 this fails instead)"
    );
    false
}
