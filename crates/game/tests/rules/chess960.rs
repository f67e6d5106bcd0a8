//! Chess960 (docs/rules.md, "Chess960"): the start positions by number,
//! castling from wherever the king and rooks start, Shredder-FEN and
//! X-FEN rights, and a variant's Chess960 form. Perft, legal moves and
//! FENs after moves are Fairy-Stockfish's (tests/chess960/*.txt, made by
//! scripts/fsf_chess960_reference.py), played through the game as play,
//! the computer and UCI play them.

use motley_game::variant::builtin::builtin_sized;
use motley_game::variant::{Registry, VariantError};
use motley_game::Game;
use motley_rules::fairy::chess960::{back_rank, number_of, Chess960Error, CHESS, POSITIONS};
use motley_rules::perft;
use motley_rules::Position;

fn rows(text: &'static str) -> Vec<Vec<&'static str>> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split(" | ").collect())
        .collect()
}

/// A game of `variant` from `fen`, or `None` for a board games do not
/// play yet (caparandom), which the sized rules count instead.
fn game(registry: &Registry, variant: &str, fen: &str) -> Option<Game> {
    let def = registry.get(variant).ok()?;
    Some(Game::new(def, Some(fen), 0).unwrap_or_else(|e| panic!("{variant} {fen}: {e}")))
}

fn legal_texts(game: &Game) -> Vec<String> {
    let mut moves: Vec<String> = game.legal_actions().iter().map(|a| a.to_string()).collect();
    moves.sort();
    moves
}

#[test]
fn chess960_counts_perft_as_fairy_stockfish_through_the_game() {
    let registry = Registry::builtin();
    let mut failures = Vec::new();
    let all = rows(include_str!("../chess960/perft.txt"));
    for row in &all {
        let (variant, fen) = (row[0], row[1]);
        let counts: Vec<u64> = row[2].split(' ').map(|n| n.parse().unwrap()).collect();
        for (d, &want) in counts.iter().enumerate().take(3) {
            let depth = d as u32 + 1;
            let got = match game(&registry, variant, fen) {
                Some(game) => perft(game.position(), depth),
                None => {
                    let rules = builtin_sized(variant).expect("built in").expect("reads");
                    rules.position(Some(fen)).expect(fen).perft(depth)
                }
            };
            if got != want {
                failures.push(format!("{variant} {fen} depth {depth}: {got}, FSF {want}"));
                break;
            }
        }
    }
    assert!(all.len() >= 100, "{}", all.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn chess960_lists_fairy_stockfishs_moves_and_leaves_its_fens() {
    let registry = Registry::builtin();
    for row in rows(include_str!("../chess960/moves.txt")) {
        let (variant, fen) = (row[0], row[1]);
        let want: Vec<String> = row.get(2).map_or(Vec::new(), |m| {
            m.split_whitespace().map(String::from).collect()
        });
        match game(&registry, variant, fen) {
            Some(game) => assert_eq!(legal_texts(&game), want, "{variant} {fen}"),
            None => {
                let rules = builtin_sized(variant).expect("built in").expect("reads");
                let mut got = rules.position(Some(fen)).expect(fen).legal_uci();
                got.sort();
                assert_eq!(got, want, "{variant} {fen}");
            }
        }
    }
    let fens = rows(include_str!("../chess960/fens.txt"));
    for row in &fens {
        let (variant, fen, played, after) = (row[0], row[1], row[2], row[3]);
        let got = match game(&registry, variant, fen) {
            Some(mut game) => {
                game.play_text(played)
                    .unwrap_or_else(|e| panic!("{variant} {fen} {played}: {e}"));
                game.position().to_fen()
            }
            None => {
                let rules = builtin_sized(variant).expect("built in").expect("reads");
                let pos = rules.position(Some(fen)).expect(fen);
                pos.after(played).expect(played).to_fen()
            }
        };
        assert_eq!(got, after, "{variant} {fen} {played}");
    }
    assert!(fens.len() >= 500, "{}", fens.len());
}

#[test]
fn the_960_start_positions_are_numbered_as_scharnagl_numbered_them() {
    let text = |n| back_rank(n).unwrap().iter().collect::<String>();
    assert_eq!(text(0), "BBQNNRKR");
    assert_eq!(text(1), "BQNBNRKR");
    assert_eq!(text(CHESS), "RNBQKBNR");
    assert_eq!(text(959), "RKRNNQBB");
    assert_eq!(back_rank(POSITIONS), Err(Chess960Error::Number(960)));
    let mut seen = std::collections::HashSet::new();
    for n in 0..POSITIONS {
        let rank = back_rank(n).unwrap();
        let files = |c: char| (0..8).filter(move |&f| rank[f] == c);
        let bishops: Vec<usize> = files('B').collect();
        let rooks: Vec<usize> = files('R').collect();
        let king = files('K').next().unwrap();
        assert_eq!(bishops.len(), 2);
        assert_ne!(bishops[0] % 2, bishops[1] % 2, "{n}: bishops on one colour");
        assert!(
            rooks[0] < king && king < rooks[1],
            "{n}: king not between rooks"
        );
        assert!(seen.insert(rank), "{n} repeats a position");
        assert_eq!(number_of(&rank), Some(n));
    }
}

#[test]
fn a_variants_chess960_start_keeps_its_own_fields_and_reads_its_number_back() {
    let registry = Registry::builtin();
    let crazyhouse = registry.get("crazyhouse960").unwrap();
    let fen = crazyhouse.chess960_start(0).unwrap();
    assert_eq!(
        fen,
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR[] w KQkq - 0 1"
    );
    assert_eq!(crazyhouse.chess960_number(Some(&fen)), Some(0));
    let three = registry.get("3check960").unwrap();
    let fen = three.chess960_start(959).unwrap();
    assert_eq!(
        fen,
        "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 3+3 0 1"
    );
    // A middle game is no start position, whatever its back rank.
    let moved = "rkrnnqbb/pppppppp/8/8/4P3/8/PPPP1PPP/RKRNNQBB b KQkq - 0 1";
    assert_eq!(three.chess960_number(Some(moved)), None);
    let chess960 = registry.get("chess960").unwrap();
    assert_eq!(chess960.chess960_number(None), Some(CHESS));
}

#[test]
fn a_variant_without_castling_or_a_chess_back_rank_has_no_chess960_form() {
    let registry = Registry::builtin();
    for id in ["shatranj960", "horde960", "monochrome960", "standard960"] {
        assert!(registry.get(id).is_err(), "{id}");
    }
    let shatranj = registry.get("shatranj").unwrap();
    assert!(matches!(
        shatranj.as_chess960(),
        Err(VariantError::Chess960 {
            reason: Chess960Error::NotChess960,
            ..
        })
    ));
    let horde = registry.get("horde").unwrap();
    let refused = registry.chess960_of(&horde).unwrap_err().to_string();
    assert!(refused.contains("no back rank"), "{refused}");
    let standard = registry.get("standard").unwrap();
    assert_eq!(registry.chess960_of(&standard).unwrap().id, "chess960");
    let chess960 = registry.get("chess960").unwrap();
    assert!(matches!(
        chess960.chess960_start(960),
        Err(VariantError::Chess960 {
            reason: Chess960Error::Number(960),
            ..
        })
    ));
}

#[test]
fn castling_is_typed_as_the_king_taking_its_rook_or_as_o_o() {
    let registry = Registry::builtin();
    let fen = "1r2k2r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAhb - 0 1";
    let after_long = "1r2k2r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b hb - 1 1";
    for typed in ["b1a1", "O-O-O", "0-0-0"] {
        let mut game = game(&registry, "chess960", fen).unwrap();
        game.play_text(typed)
            .unwrap_or_else(|e| panic!("{typed}: {e}"));
        assert_eq!(game.position().to_fen(), after_long, "{typed}");
        assert_eq!(game.sans(), ["O-O-O"], "{typed}");
    }
    let mut game = game(&registry, "chess960", fen).unwrap();
    game.play_text("O-O").unwrap();
    assert_eq!(
        game.position().to_fen(),
        "1r2k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b hb - 1 1"
    );
    // The king's two-square step is chess's way of writing it, not
    // Chess960's: from b1 it is no move at all.
    let mut game = self::game(&registry, "chess960", fen).unwrap();
    assert!(game.play_text("b1d1").is_err());
}

#[test]
fn a_chess960_fen_reads_shredder_and_x_fen_rights_and_refuses_a_right_without_its_rook() {
    let registry = Registry::builtin();
    let def = registry.get("chess960").unwrap();
    let x_fen = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1";
    let shredder = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1";
    let a = def.position(Some(x_fen)).unwrap();
    let b = def.position(Some(shredder)).unwrap();
    assert_eq!(a.to_fen(), shredder);
    assert_eq!(b.to_fen(), shredder);
    let no_rook = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w G - 0 1";
    let refused = def.position(Some(no_rook)).unwrap_err().to_string();
    assert!(refused.contains("'G'"), "{refused}");
}

#[test]
fn a_new_game_of_a_chess960_variant_starts_from_a_position_drawn_from_its_seed() {
    let registry = Registry::builtin();
    let start = |id: &str, fen: Option<&str>, chess960, seed| {
        let def = registry.get(id).unwrap();
        let (def, fen) = registry
            .game_start(def, fen.map(String::from), chess960, seed)
            .unwrap();
        let game = Game::new(def, fen.as_deref(), seed).unwrap();
        (game.variant().id.clone(), game.chess960_number())
    };
    // The same seed draws the same position; the number given is kept.
    let (id, drawn) = start("chess960", None, None, 7);
    assert_eq!(id, "chess960");
    assert_eq!(drawn, start("chess960", None, None, 7).1);
    assert!(drawn.is_some_and(|n| n < POSITIONS));
    assert_eq!(
        start("standard", None, Some(Some(42)), 7),
        ("chess960".into(), Some(42))
    );
    assert_eq!(
        start("crazyhouse", None, Some(None), 7),
        ("crazyhouse960".into(), drawn)
    );
    // A FEN given is the start, and a plain variant stays plain.
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(
        start("chess960", Some(fen), None, 7),
        ("chess960".into(), None)
    );
    assert_eq!(
        start("crazyhouse", None, None, 7),
        ("crazyhouse".into(), None)
    );
}

#[test]
fn a_refused_castling_says_why_in_the_words_of_castling() {
    let registry = Registry::builtin();
    let said = |variant: &str, fen: &str, typed: &str| {
        let mut game = game(&registry, variant, fen).unwrap();
        match game.play_text(typed) {
            Err(e) => e.to_string(),
            Ok(a) => panic!("{fen} {typed}: played {a}"),
        }
    };
    let start0 = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1";
    for typed in ["O-O", "g1h1"] {
        let why = said("chess960", start0, typed);
        assert!(
            why.contains("every square between king and rook empty; f1 is occupied"),
            "{why}"
        );
    }
    let cases = [
        (
            "4k3/8/8/8/8/8/6b1/R3K2R w HA - 0 1",
            "e1h1",
            "Black attacks f1",
        ),
        (
            "4k3/8/8/8/8/8/8/R3K3 w A - 0 1",
            "O-O",
            "no right to castle kingside",
        ),
        (
            "4k3/8/8/8/8/8/8/rR1K3R w HB - 0 1",
            "d1b1",
            "the rook that shielded it",
        ),
        (
            "4k3/8/8/8/8/8/8/R3K2r w A - 0 1",
            "O-O-O",
            "may not castle while in check",
        ),
    ];
    for (fen, typed, want) in cases {
        let why = said("chess960", fen, typed);
        assert!(why.contains(want), "{fen} {typed}: {why}");
    }
    // A variant from data that castles as chess does says the same.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
    let why = said("crazyhouse", start, "e1g1");
    assert!(why.contains("f1 is occupied"), "{why}");
}
