//! The data-driven position's legal moves, counted by perft: chess written
//! as Betza pieces gives chess's public numbers, and variants with
//! nightriders, cannons, grasshoppers, lame knights and odder pieces give
//! Fairy-Stockfish's numbers for the same rules (kept here as data).

use motley_game::variant::sections::read_fairy_file;
use motley_rules::fairy::{FairyPosition, FairyRules};
use std::sync::Arc;

/// Chess's rules with `extra` kinds as custom pieces (letter, Betza).
fn rules(extra: &[(char, &str)]) -> Arc<FairyRules> {
    let mut ini = String::from("[t:chess]\n");
    for (i, (letter, betza)) in extra.iter().enumerate() {
        ini += &format!(
            "customPiece{} = {}:{betza}\n",
            i + 1,
            letter.to_ascii_lowercase()
        );
    }
    let mut sections = read_fairy_file(&ini).sections;
    Arc::new(sections.remove(0).rules().unwrap())
}

fn counts(rules: &Arc<FairyRules>, fen: &str, depths: usize) -> Vec<u64> {
    let pos = FairyPosition::from_fen(rules.clone(), fen).unwrap();
    (1..=depths as u32).map(|d| pos.perft(d)).collect()
}

#[test]
fn chess_from_betza_counts_chess_perft_from_the_start() {
    let r = rules(&[]);
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(counts(&r, start, 4), [20, 400, 8902, 197_281]);
}

#[test]
fn chess_from_betza_counts_castling_en_passant_and_promotion_positions() {
    let r = rules(&[]);
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(counts(&r, kiwipete, 3), [48, 2039, 97_862]);
    let endgame = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
    assert_eq!(counts(&r, endgame, 4), [14, 191, 2812, 43_238]);
    let promotions = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
    assert_eq!(counts(&r, promotions, 3), [6, 264, 9467]);
}

#[test]
fn nightriders_in_the_knights_places_count_as_fairy_stockfish_counts() {
    let r = rules(&[('A', "NN")]);
    let fen = "rabqkbar/pppppppp/8/8/8/8/PPPPPPPP/RABQKBAR w KQkq - 0 1";
    assert_eq!(counts(&r, fen, 4), [24, 576, 15_586, 419_019]);
}

#[test]
fn cannons_on_the_third_rank_count_as_fairy_stockfish_counts() {
    let r = rules(&[('A', "mRcpR")]);
    let fen = "rnbqkbnr/pppppppp/a6a/8/8/A6A/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(counts(&r, fen, 4), [32, 972, 28_644, 849_810]);
}

#[test]
fn lame_knights_and_grasshoppers_count_as_fairy_stockfish_counts() {
    let r = rules(&[('A', "gQ"), ('C', "nN")]);
    let fen = "rcbqkbcr/pppppppp/8/8/8/8/PPPPPPPP/RCBQKBCR w KQkq - 0 1";
    assert_eq!(counts(&r, fen, 4), [16, 256, 4882, 92_504]);
}

#[test]
fn odd_leapers_and_hoppers_count_as_fairy_stockfish_counts() {
    let r = rules(&[('A', "fsNbW"), ('C', "FfWmAcD"), ('D', "pBW")]);
    let fen = "r1bqkb1r/pppppppp/2a2c2/3d4/4D3/2C2A2/PPPPPPPP/R1BQKB1R w KQkq - 0 1";
    assert_eq!(counts(&r, fen, 4), [26, 650, 17_535, 459_258]);
}

#[test]
fn bad_pieces_and_fens_are_refused() {
    let refused = |ini: &str| {
        read_fairy_file(ini)
            .sections
            .remove(0)
            .rules()
            .unwrap_err()
            .to_string()
    };
    assert!(refused("[t:chess]\ncustomPiece1 = 1:N").contains("a custom piece is a letter"));
    assert!(refused("[t:chess]\ncustomPiece1 = nB").contains("a custom piece is a letter"));
    let err = refused("[t:chess]\ncustomPiece1 = a:NX");
    assert!(err.contains("customPiece1") && err.contains("'X'"), "{err}");
    let r = rules(&[]);
    for fen in [
        "",
        "8/8/8/8/8/8/8/8 x - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
    ] {
        assert!(FairyPosition::from_fen(r.clone(), fen).is_err(), "{fen}");
    }
}
