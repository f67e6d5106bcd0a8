//! The UCI text both ways: commands read, `info` lines and engine answers
//! read back, scores written.

use motley_ai::search::MATE;
use motley_session::uci::protocol::{
    parse, read_bestmove, read_info, saturating_number, score_text, Command, EngineId, InfoScore,
    ParseError,
};

#[test]
fn position_reads_startpos_fen_and_moves() {
    assert_eq!(
        parse("position startpos moves e2e4 e7e5"),
        Ok(Some(Command::Position {
            fen: None,
            moves: vec!["e2e4".into(), "e7e5".into()]
        }))
    );
    assert_eq!(
        parse("position fen 8/8/8/8/8/8/8/K6k w - - 0 1 moves roll:3,5 buy:move1"),
        Ok(Some(Command::Position {
            fen: Some("8/8/8/8/8/8/8/K6k w - - 0 1".into()),
            moves: vec!["roll:3,5".into(), "buy:move1".into()]
        }))
    );
    assert!(parse("position").is_err());
    assert!(parse("position fen").is_err());
}

#[test]
fn go_reads_every_limit() {
    let Ok(Some(Command::Go(go))) =
        parse("go wtime 1000 btime -5 winc 10 binc 20 movestogo 7 depth 9 nodes 5000 movetime 300")
    else {
        panic!("go not read");
    };
    assert_eq!(go.time, [Some(1000), Some(0)]);
    assert_eq!(go.inc, [Some(10), Some(20)]);
    assert_eq!(go.movestogo, Some(7));
    assert_eq!(go.depth, Some(9));
    assert_eq!(go.nodes, Some(5000));
    assert_eq!(go.movetime, Some(300));
    let Ok(Some(Command::Go(go))) = parse("go infinite searchmoves e2e4 d2d4 ponder") else {
        panic!("go not read");
    };
    assert!(go.infinite && go.ponder);
    assert_eq!(go.searchmoves, ["e2e4", "d2d4"]);
}

/// Issue 22, item 31: numbers past `i64` are held at its ends, and what
/// cannot be read is said, not a reason to leave `go` unanswered.
#[test]
fn item_31_go_numbers_saturate_and_bad_words_are_set_aside() {
    let Ok(Some(Command::Go(go))) =
        parse("go movetime 9223372036854775808 wtime -99999999999999999999 movestogo 99999999999")
    else {
        panic!("go not read");
    };
    assert_eq!(go.movetime, Some(i64::MAX as u64));
    assert_eq!(go.time[0], Some(0));
    assert_eq!(go.movestogo, Some(u32::MAX));
    assert!(go.unread.is_empty(), "{:?}", go.unread);
    let Ok(Some(Command::Go(go))) = parse("go depth x fast movetime wtime 500") else {
        panic!("go not read");
    };
    assert_eq!(go.depth, None);
    assert_eq!(go.movetime, None);
    assert_eq!(go.time[0], Some(500));
    let unread: Vec<String> = go.unread.iter().map(ToString::to_string).collect();
    assert_eq!(
        unread,
        [
            "'depth' needs a number, not 'x'",
            "unknown parameter 'fast'",
            "'movetime' needs a number, not 'wtime'"
        ]
    );
    assert_eq!(saturating_number("+12"), Some(12));
    assert_eq!(saturating_number("1e3"), None);
    assert_eq!(saturating_number("-"), None);
}

#[test]
fn setoption_names_and_values_may_have_spaces() {
    assert_eq!(
        parse("setoption name Clear Hash"),
        Ok(Some(Command::SetOption {
            name: "Clear Hash".into(),
            value: None
        }))
    );
    assert_eq!(
        parse("setoption name UCI_Variant value dice-money"),
        Ok(Some(Command::SetOption {
            name: "UCI_Variant".into(),
            value: Some("dice-money".into())
        }))
    );
    assert!(parse("setoption value 3").is_err());
}

#[test]
fn unknown_words_before_a_command_are_skipped() {
    assert_eq!(parse("joho debug on"), Ok(Some(Command::Debug(true))));
    assert_eq!(parse("   "), Ok(None));
    assert_eq!(
        parse("hello world"),
        Err(ParseError::Unknown("hello world".into()))
    );
}

#[test]
fn info_lines_are_read_back_field_by_field() {
    let info = read_info(
        "info depth 7 seldepth 12 multipv 1 score cp -35 upperbound nodes 81234 nps 900000 time 90 pv e2e4 e7e5 g1f3",
    )
    .unwrap();
    assert_eq!(info.depth, Some(7));
    assert_eq!(info.seldepth, Some(12));
    assert_eq!(info.multipv, Some(1));
    assert_eq!(info.score, Some(InfoScore::Cp(-35)));
    assert_eq!(info.nodes, Some(81234));
    assert_eq!(info.time_ms, Some(90));
    assert_eq!(info.pv, ["e2e4", "e7e5", "g1f3"]);
    let mate = read_info("info depth 3 score mate -2 pv roll:3,5").unwrap();
    assert_eq!(mate.score, Some(InfoScore::Mate(-2)));
    assert_eq!(mate.pv, ["roll:3,5"]);
    assert_eq!(read_info("info string hello depth 3"), None);
    assert_eq!(read_info("bestmove e2e4"), None);
    assert_eq!(read_info("info"), None);
    // A garbled number is left out, not guessed.
    assert_eq!(read_info("info depth x nodes 5").unwrap().depth, None);
}

#[test]
fn scores_are_centipawns_or_mates_in_moves() {
    assert_eq!(score_text(35), "cp 35");
    assert_eq!(score_text(MATE - 1), "mate 1");
    assert_eq!(score_text(MATE - 3), "mate 2");
    assert_eq!(score_text(-(MATE - 2)), "mate -1");
}

#[test]
fn engine_answers_reveal_name_and_variants() {
    let mut id = EngineId::default();
    for line in [
        "id name Fairy Thing 1.0",
        "option name Hash type spin default 16 min 1 max 33554432",
        "option name UCI_Variant type combo default chess var chess var monochrome",
        "uciok",
    ] {
        id.read_line(line);
    }
    assert_eq!(id.name.as_deref(), Some("Fairy Thing 1.0"));
    assert_eq!(id.variants, Some(vec!["chess".into(), "monochrome".into()]));
    assert_eq!(id.options, ["Hash", "UCI_Variant"]);
    assert_eq!(
        read_bestmove("bestmove e2e4 ponder e7e5"),
        Some(Some("e2e4"))
    );
    assert_eq!(read_bestmove("bestmove (none)"), Some(None));
    assert_eq!(read_bestmove("info depth 1"), None);
}
