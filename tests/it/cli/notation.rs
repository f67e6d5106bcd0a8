//! A variant from data's moves are written as Fairy-Stockfish writes
//! them, in every output (the moves command, records, PGN, what UCI
//! prints): a drop with its letter in upper case whoever drops (`B@a1`),
//! a pass as the king's square twice (`e1e1`), a shogi-style promotion
//! with a `+` (`c5b7+`). The older forms still read, so records written
//! before keep reading.

use crate::support::temp::temp_dir;
use motley_game::variant::Registry;
use motley_game::Game;
use motley_records::pgn::{export_pgn, import_pgn};
use motley_records::{game_from_record, record_of, GameRecord};
use motley_rules::core::Action;
use motley_rules::Position;
use std::process::Command;

/// Crazyhouse with Black to move and a bishop in hand.
const BLACK_HOLDS_A_BISHOP: &str = "rnbqk1nr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK1NR[Bb] b KQkq - 0 1";

/// A variant with a pass, and one with a knight that promotes as a
/// shogi piece does.
const INI: &str = "[passing:chess]\npass = true\n\n\
                   [promoters:chess]\ncentaur = c\npromotionRegionWhite = *6 *7 *8\n\
                   promotionRegionBlack = *3 *2 *1\npromotedPieceType = n:c\n";

fn registry() -> Registry {
    let mut reg = Registry::builtin();
    reg.add_text("mine.ini", INI, false);
    reg
}

fn texts(game: &Game) -> Vec<String> {
    game.legal_actions().iter().map(Action::to_string).collect()
}

fn record_moves(game: &Game) -> Vec<String> {
    let json = record_of(game).to_json();
    let value: serde_json::Value = serde_json::from_str(&json).expect("json");
    value["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m.as_str().expect("a text").to_string())
        .collect()
}

/// A record of `variant` from `start` with `moves` as older Motley wrote
/// them, read back.
fn old_record(reg: &Registry, variant: &str, start: &str, moves: &[&str]) -> Game {
    let json = serde_json::json!({
        "format": "motley-game",
        "version": 1,
        "variant": variant,
        "start": start,
        "seed": 1,
        "moves": moves,
    });
    let record = GameRecord::from_json(&json.to_string()).expect("a record");
    game_from_record(&record, reg).unwrap_or_else(|e| panic!("{moves:?}: {e}"))
}

// Issue item 7: Black's drop came out `b@a1`.
#[test]
fn item_07_black_s_drop_is_written_in_upper_case_everywhere() {
    let reg = registry();
    let def = reg.get("crazyhouse").expect("built in");
    let mut game = Game::new(def, Some(BLACK_HOLDS_A_BISHOP), 1).expect("a position");
    let legal = texts(&game);
    assert!(legal.iter().any(|t| t == "B@d6"), "{legal:?}");
    assert!(!legal.iter().any(|t| t.starts_with("b@")), "{legal:?}");
    game.play_text("B@d6").expect("legal");
    assert_eq!(record_moves(&game), ["B@d6"]);
    let pgn = export_pgn(&game, None);
    assert!(pgn.contains("B@d6"), "{pgn}");
    let again = import_pgn(&pgn, &reg).into_iter().next().expect("one game");
    let again = again.expect("read");
    assert_eq!(again.position().to_fen(), game.position().to_fen());
    // A record written before reads as it did.
    let old = old_record(&reg, "crazyhouse", BLACK_HOLDS_A_BISHOP, &["b@d6"]);
    assert_eq!(old.position().to_fen(), game.position().to_fen());
}

// Issue item 7: a pass came out `pass`.
#[test]
fn item_07_a_pass_is_the_king_s_square_twice() {
    let reg = registry();
    let def = reg.get("passing").expect("read from the file");
    let mut game = Game::new(def, None, 1).expect("the start");
    assert!(texts(&game).contains(&"e1e1".to_string()));
    game.play_text("e1e1").expect("a pass");
    game.play_text("pass").expect("a pass, typed as before");
    assert_eq!(record_moves(&game), ["e1e1", "e8e8"]);
    let pgn = export_pgn(&game, None);
    let again = import_pgn(&pgn, &reg).into_iter().next().expect("one game");
    assert_eq!(again.expect("read").ply(), 2, "{pgn}");
    let start = game.variant().start.clone();
    let old = old_record(&reg, "passing", &start, &["pass", "pass"]);
    assert_eq!(old.ply(), 2);
    assert_eq!(old.actions(), game.actions());
}

// Issue item 7: a shogi-style promotion came out `c5b7c`.
#[test]
fn item_07_a_shogi_style_promotion_is_written_with_a_plus() {
    let reg = registry();
    let def = reg.get("promoters").expect("read from the file");
    let start = "4k3/8/8/2N5/8/8/8/4K3 w - - 0 1";
    let mut game = Game::new(def, Some(start), 1).expect("a position");
    let legal = texts(&game);
    assert!(legal.contains(&"c5b7+".to_string()), "{legal:?}");
    assert!(legal.contains(&"c5b7".to_string()), "{legal:?}");
    game.play_text("c5b7+").expect("the promotion");
    assert_eq!(record_moves(&game), ["c5b7+"]);
    let old = old_record(&reg, "promoters", start, &["c5b7c"]);
    assert_eq!(old.position().to_fen(), game.position().to_fen());
}

// Issue item 7: `motley moves` wrote Black's drops in lower case.
#[test]
fn item_07_the_moves_command_lists_drops_as_fairy_stockfish_does() {
    let out = Command::new(env!("CARGO_BIN_EXE_motley"))
        .args(["moves", "crazyhouse", "--fen", BLACK_HOLDS_A_BISHOP])
        .env("MOTLEY_DATA_DIR", temp_dir("fairy-notation"))
        .output()
        .expect("run motley");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.lines().any(|l| l == "B@a3"), "{text}");
    assert!(!text.lines().any(|l| l.starts_with("b@")), "{text}");
}
