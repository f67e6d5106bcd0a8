//! PGN import as a stream: games split on results and tags, each problem
//! named by game and ply, older Motleys' files, Latin-1, comments longer
//! than a read, games over the limit, many games.

use crate::support::reg;
use motley_records::pgn::{PgnGames, MAX_GAME_BYTES};
use motley_records::{import_pgn, RecordError, Replayed, SavedGame};
use motley_rules::EndReason;

/// How much the stream reads at a time (the reader's own size, 64 KiB):
/// a comment longer than this spans reads.
const READ_CHUNK: usize = 64 * 1024;

#[test]
fn multi_game_files_split_on_results_and_tags() {
    let text = "[Event \"1\"]\n1. e4 e5 1-0\n\n[Event \"2\"]\n1. d4 0-1\n[Event \"3\"]\n1. c4\n[Event \"4\"]\n1.Nf3 Nf6 2.g3 *";
    let games = import_pgn(text, &reg());
    assert_eq!(games.len(), 4);
    let plies: Vec<usize> = games.iter().map(|g| g.as_ref().unwrap().ply()).collect();
    assert_eq!(plies, [2, 1, 1, 3]);
    // The decisive results the board does not show are resignations.
    let g = games[0].as_ref().unwrap();
    assert_eq!(g.outcome().unwrap().result_str(), "1-0");
}

#[test]
fn illegal_san_names_game_ply_and_move() {
    let text = "1. e4 e5 2. Nf3 Nc6\n\n[Event \"x\"]\n1. e4 e5 2. Ke3 *";
    let games = import_pgn(text, &reg());
    let e = games[1].as_ref().unwrap_err().to_string();
    assert!(
        e.contains("game 2") && e.contains("ply 3") && e.contains("'Ke3'"),
        "{e}"
    );
}

// Issue 22, item 15: files older Motleys wrote still import as before.
#[test]
fn item_15_older_motley_pgn_still_imports() {
    let old = "[Event \"Motley game\"]\n[Result \"1-0\"]\n[Variant \"Standard chess\"]\n\
               [Seed \"7\"]\n[Termination \"time ran out\"]\n\n1. e4 1-0\n\n\
               [Variant \"Standard chess\"]\n[Termination \"agreement\"]\n\n1. d4 1/2-1/2\n";
    let games = import_pgn(old, &reg());
    let reasons: Vec<EndReason> = games
        .iter()
        .map(|g| g.as_ref().unwrap().outcome().unwrap().reason)
        .collect();
    assert_eq!(reasons, [EndReason::TimeForfeit, EndReason::Agreement]);
    assert_eq!(games[0].as_ref().unwrap().seed(), 7);
}

// Issue 22, item 26: a byte that is not UTF-8 is read as Latin-1, said
// for its game only; a binary file is still no text.
#[test]
fn item_26_latin1_bytes_are_read_as_latin1_in_their_game_only() {
    let r = reg();
    let text = b"[White \"Smith\"]\n\n1. e4 *\n\n[White \"M\xfcller\"]\n\n1. d4 *\n\n[White \"Jones\"]\n\n1. c4 *\n";
    let games: Vec<Replayed> = PgnGames::new(Vec::new(), 0, Box::new(&text[..]), &r).collect();
    assert_eq!(games.len(), 3);
    let saved: Vec<&SavedGame> = games.iter().map(|g| g.saved().unwrap()).collect();
    assert_eq!(saved[1].players.as_ref().unwrap().white, "Müller");
    assert!(saved[0].notes.is_empty() && saved[2].notes.is_empty());
    assert_eq!(
        saved[1].notes,
        ["game 2: a byte that is not UTF-8 was read as Latin-1"]
    );
    let binary = b"\x7fELF\x02\x01\xff\x00 1. e4 *";
    let games: Vec<Replayed> = PgnGames::new(Vec::new(), 0, Box::new(&binary[..]), &r).collect();
    let e = games[0].error().unwrap().to_string();
    assert!(e.contains("not a text file"), "{e}");
}

/// Plies of each game read from `text` as a stream, or the error.
fn stream_plies(text: &str) -> Vec<Result<usize, RecordError>> {
    let reg = reg();
    PgnGames::new(Vec::new(), 0, Box::new(text.as_bytes()), &reg)
        .map(|r| r.into_result().map(|s| s.game.ply()))
        .collect()
}

#[test]
fn a_comment_longer_than_a_read_spans_reads() {
    let comment = "long words\n".repeat(READ_CHUNK / 5);
    let text = format!("1. e4 {{{comment}}} e5 2. Nf3 *\n\n1. d4 *\n");
    assert_eq!(stream_plies(&text), [Ok(3), Ok(1)]);
}

#[test]
fn a_game_over_the_limit_is_refused_and_the_next_is_read() {
    // Well past the limit before the input ends.
    let junk = "junk without an end\n".repeat(MAX_GAME_BYTES as usize / 8);
    let text = format!("1. e4 {{{junk}\n[Event \"2\"]\n1. d4 d5 *\n");
    let games = stream_plies(&text);
    assert_eq!(games.len(), 2, "{games:?}");
    let e = games[0].as_ref().unwrap_err().to_string();
    assert!(e.contains("game 1") && e.contains("over"), "{e}");
    assert_eq!(games[1], Ok(2));
}

#[test]
fn many_games_stream_in_order() {
    let one = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 1-0\n\n";
    let text = one.repeat(5000);
    let games = stream_plies(&text);
    assert_eq!(games.len(), 5000);
    assert!(games.iter().all(|g| *g == Ok(3)));
}
