//! Motley as a UCI engine, driven in-process: searches and their `info`
//! lines, bad input answered and survived, commands past the bound, and
//! the time a `go` gives.

use motley_ai::search::Limits;
use motley_game::variant::Registry;
use motley_rules::{parse_action, Position};
use motley_session::uci::engine::{
    clock_budget, go_limits, run, DEFAULT_ENGINE_LEVEL, MAX_COMMAND_BYTES, MAX_MOVE_TIME,
    MOVE_OVERHEAD,
};
use motley_session::uci::protocol::{self, Command};
use std::io::{self, Write};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A writer the test can read while the engine writes.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, b: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn session(input: &str) -> Vec<String> {
    let out = Shared::default();
    let registry = Registry::builtin();
    run(input.as_bytes(), out.clone(), &registry).unwrap();
    let bytes = out.0.lock().unwrap().clone();
    String::from_utf8(bytes)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn a_limited_search_finishes_at_the_end_of_input() {
    let lines = session("position startpos moves e2e4\ngo depth 3\n");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 3 ")),
        "{lines:?}"
    );
    assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
}

/// The words after `pv` in an `info` line.
fn pv_of(line: &str) -> Vec<&str> {
    line.split(" pv ")
        .nth(1)
        .unwrap_or("")
        .split_whitespace()
        .collect()
}

/// Issue 22, item 21: the last `info` line before `bestmove` repeats
/// the best complete line: it starts with the move played and runs at
/// least as deep as the search went, even with a table too small to
/// remember the line.
#[test]
fn item_21_the_last_info_line_is_the_best_complete_line() {
    let lines = session(
        "setoption name Hash value 1\nposition fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\ngo depth 7\n",
    );
    let (last, before) = lines.split_last().unwrap();
    let best = last.strip_prefix("bestmove ").unwrap();
    let info = before.last().unwrap();
    assert!(info.starts_with("info depth 7 "), "{lines:?}");
    let pv = pv_of(info);
    assert_eq!(pv.first(), Some(&best), "{lines:?}");
    assert!(pv.len() >= 7, "{info}");
    // No line of the search was cut short.
    for line in before.iter().filter(|l| l.starts_with("info depth ")) {
        let depth: usize = line.split_whitespace().nth(2).unwrap().parse().unwrap();
        assert!(pv_of(line).len() >= depth, "{line}");
    }
}

#[test]
fn multipv_reports_that_many_lines_per_depth() {
    let lines = session("setoption name MultiPV value 3\nposition startpos\ngo depth 2\n");
    for k in 1..=3 {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info depth 2 ") && l.contains(&format!(" multipv {k} "))),
            "{lines:?}"
        );
    }
}

// Issue 33: a built-in of another board size is named as such, not as
// an unknown variant, and the engine goes on with the one it had.
#[test]
fn a_variant_of_another_board_size_is_played_in_its_own_notation() {
    let lines = session(
        "setoption name UCI_Variant value xiangqi\nposition startpos moves h3e3 h10g8\ngo nodes 3000\n",
    );
    let best = lines
        .iter()
        .find_map(|l| l.strip_prefix("bestmove "))
        .expect("a bestmove");
    let def = Registry::builtin().get("xiangqi").unwrap();
    let mut pos = def.position(None).unwrap();
    for m in ["h3e3", "h10g8"] {
        let a = parse_action(&pos, m).unwrap();
        pos.play_unchecked(a);
    }
    let text = best.split_whitespace().next().unwrap();
    assert!(parse_action(&pos, text).is_ok(), "{best}");
    let refused = session("setoption name UCI_Variant value micro\nisready\n");
    assert!(
        refused
            .iter()
            .any(|l| l.starts_with("info string") && l.contains("pieceDemotion")),
        "{refused:?}"
    );
}

#[test]
fn bad_input_gets_an_info_string_and_the_engine_goes_on() {
    let lines = session(
        "xyzzy\nsetoption name Level value nine\nposition startpos moves e2e5\nsetoption name UCI_Variant value micro\nisready\n",
    );
    let strings = lines
        .iter()
        .filter(|l| l.starts_with("info string"))
        .count();
    assert_eq!(strings, 4, "{lines:?}");
    assert_eq!(lines.last().map(String::as_str), Some("readyok"));
}

#[test]
fn a_search_with_a_node_limit_stops_near_it() {
    let lines = session("position startpos\ngo nodes 20000\n");
    let last_info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap();
    let nodes: u64 = last_info
        .split_whitespace()
        .skip_while(|w| *w != "nodes")
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    assert!(nodes <= 20000 + 1024, "{last_info}");
    assert!(lines.last().unwrap().starts_with("bestmove "));
}

/// Issue 22, item 31: whatever numbers `go` holds (past `i64`, sums
/// past `u64`, words that are no numbers), a `bestmove` answers it.
#[test]
fn item_31_every_go_is_answered_with_a_bestmove_whatever_its_numbers() {
    for go in [
        "go movetime 9223372036854775808",
        "go wtime 9223372036854775807 btime 9223372036854775807 movestogo 1",
        "go winc 9223372036854775807 wtime 100",
        "go depth 99999999999999999999 nodes 99999999999999999999",
        "go movetime soon",
        "go quickly",
    ] {
        let lines = session(&format!("position startpos\n{go}\nstop\n"));
        let answers = lines.iter().filter(|l| l.starts_with("bestmove ")).count();
        assert_eq!(answers, 1, "{go}: {lines:?}");
    }
    let lines = session("position startpos\ngo movetime soon\n");
    assert!(
        lines.contains(
            &"info string go: 'movetime' needs a number, not 'soon' (ignored)".to_string()
        ),
        "{lines:?}"
    );
    assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
}

/// Issue 22, item 32: a command past [`MAX_COMMAND_BYTES`] is refused
/// with an `info string`, and the next one is read.
#[test]
fn item_32_a_command_past_the_bound_gets_an_info_string() {
    let long = format!(
        "position startpos moves {}",
        "e2e4 ".repeat(MAX_COMMAND_BYTES / 4)
    );
    let lines = session(&format!("{long}\nisready\n"));
    assert_eq!(
        lines,
        [
            format!(
                "info string a command of {} bytes is ignored: at most {MAX_COMMAND_BYTES} are read",
                long.len()
            ),
            "readyok".to_string()
        ]
    );
}

#[test]
fn clock_budgets_spread_the_time_and_keep_a_reserve() {
    assert_eq!(clock_budget(60_000, 0, None), Duration::from_millis(1999));
    assert_eq!(
        clock_budget(10_000, 0, Some(1)),
        Duration::from_millis(8991)
    );
    // Never more than half the clock, whatever the increment.
    assert!(clock_budget(1_000, 5_000, None) <= Duration::from_millis(500));
    assert_eq!(clock_budget(0, 0, None), Duration::ZERO);
    // Issue 22, item 31: the largest clocks and increments add up
    // without overflowing, to at most a day.
    assert_eq!(clock_budget(u64::MAX, u64::MAX, Some(1)), MAX_MOVE_TIME);
    assert_eq!(clock_budget(100, u64::MAX, None), Duration::from_millis(45));
}

/// The search limits and stop-waiting of the `go` line `go` after the
/// `position` line `position`, as the engine's first search at its
/// default level gets them.
fn limits_after(position: &str, go: &str) -> (Limits, bool) {
    let registry = Registry::builtin();
    let Ok(Some(Command::Position { fen, moves })) = protocol::parse(position) else {
        panic!("not a position: {position}");
    };
    let variant = registry.get("standard").unwrap();
    let mut at = variant.position(fen.as_deref()).unwrap();
    for text in &moves {
        let action = parse_action(&at, text).unwrap();
        at.play_unchecked(action);
    }
    let Ok(Some(Command::Go(go))) = protocol::parse(go) else {
        panic!("not a go: {go}");
    };
    go_limits(&go, &at, DEFAULT_ENGINE_LEVEL, 1)
}

// A `go` is answered in its time because its time is the search's hard
// limit (which the search keeps by its own clock): checked here on the
// limit itself, not on a wall clock a loaded machine stretches.
#[test]
fn go_times_become_the_searchs_time_limit() {
    let (limits, waits) = limits_after("position startpos", "go movetime 200");
    assert!(!waits);
    let most = Duration::from_millis(200) - MOVE_OVERHEAD;
    assert!(limits.movetime.is_some_and(|t| t <= most), "{limits:?}");
    // Black's share of 2 s over 20 moves plus most of 100 ms increment:
    // well within a second.
    let (limits, waits) = limits_after(
        "position startpos moves e2e4",
        "go wtime 3000 btime 2000 winc 0 binc 100 movestogo 20",
    );
    assert!(!waits);
    let share = clock_budget(2000, 100, Some(20));
    assert!(share < Duration::from_millis(1000), "{share:?}");
    assert!(limits.movetime.is_some_and(|t| t <= share), "{limits:?}");
    // Only `stop` ends an infinite search.
    let (limits, waits) = limits_after("position startpos", "go infinite");
    assert!(waits);
    assert_eq!(limits.movetime, None);
}

/// The `info string` lines a session printed.
fn info_strings(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info string"))
        .collect()
}

#[test]
fn uci_chess960_plays_a_variant_as_chess960_with_castling_as_king_takes_rook() {
    let fen = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR[] w KQkq - 0 1";
    let moves = "e2e4 e7e5 d1e3 d8e6 e1d3 e8d6 c2c3 c7c6 c1c2 c8c7 g1f1";
    let play = |chess960: bool| {
        session(&format!(
            "setoption name UCI_Chess960 value {chess960}\nsetoption name UCI_Variant value crazyhouse\n\
             position fen {fen} moves {moves}\nisready\n"
        ))
    };
    // g1f1 is White's queen side castling: the king takes its rook.
    let on = play(true);
    assert!(info_strings(&on).is_empty(), "{on:?}");
    let off = play(false);
    let refused = info_strings(&off);
    assert!(
        refused.len() == 1 && refused[0].contains("move 11 (g1f1)"),
        "{off:?}"
    );
    let lines = session(
        "setoption name UCI_Chess960 value true\nsetoption name UCI_Variant value shatranj\nisready\n",
    );
    let said = info_strings(&lines);
    assert!(
        said.len() == 1 && said[0].contains("played as Chess960"),
        "{lines:?}"
    );
}
