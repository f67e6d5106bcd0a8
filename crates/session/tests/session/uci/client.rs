//! `uci:` player texts: the command, engine options and limits.

use motley_session::uci::client::{EngineError, EngineSpec, FIXED_SEARCH_WAIT};
use std::time::Duration;

#[test]
fn a_player_text_without_options_is_the_whole_command() {
    let spec = EngineSpec::parse(" /opt/My Engine --fast ").unwrap();
    assert_eq!(spec.command, "/opt/My Engine --fast");
    assert!(spec.options.is_empty());
    assert_eq!(spec.go(Duration::from_millis(250)), "go movetime 250");
    // A '?' not followed by NAME=VALUE belongs to the command.
    assert_eq!(EngineSpec::parse("what?").unwrap().command, "what?");
}

#[test]
fn options_after_the_question_mark_are_engine_options_or_limits() {
    let spec =
        EngineSpec::parse("stockfish?UCI_LimitStrength=true&UCI_Elo=1500&movetime=100").unwrap();
    assert_eq!(spec.command, "stockfish");
    assert_eq!(
        spec.options,
        [
            ("UCI_LimitStrength".to_string(), "true".to_string()),
            ("UCI_Elo".to_string(), "1500".to_string())
        ]
    );
    assert_eq!(spec.go(Duration::from_secs(1)), "go movetime 100");
    let nodes = EngineSpec::parse("motley uci?nodes=20000").unwrap();
    assert_eq!(nodes.command, "motley uci");
    assert_eq!(nodes.go(Duration::from_secs(1)), "go nodes 20000");
    assert_eq!(nodes.time(Duration::from_secs(1)), FIXED_SEARCH_WAIT);
    let depth = EngineSpec::parse("motley uci?depth=6").unwrap();
    assert_eq!(depth.go(Duration::from_secs(1)), "go depth 6");
}

#[test]
fn a_bad_limit_or_a_nameless_option_is_refused() {
    for text in ["e?movetime=0", "e?nodes=lots", "e?=3", "e?depth=-1"] {
        let err = EngineSpec::parse(text).unwrap_err();
        assert!(
            matches!(err, EngineError::BadOptions { .. }),
            "{text}: {err}"
        );
    }
}
