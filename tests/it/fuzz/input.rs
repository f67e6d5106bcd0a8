//! Fuzz-style robustness of the two other ways numbers come in: FENs (move
//! counters near and past `u32::MAX`) and variant files (Monochrome piece
//! values, Dice-Money money and prices of any size). Every input is either
//! refused with a message naming the field, or played on — random actions,
//! captures scored, money earned, FEN and PGN written — without a panic.
//! CI also runs this with overflow checks on (`.ci/run`, profile
//! `overflow`), so an arithmetic overflow anywhere on these paths fails.

use motley_game::variant::{Registry, VariantDef};
use motley_game::Game;
use motley_records::{export_pgn, record_of};
use motley_rules::core::fen::MAX_MOVE_COUNTER;
use motley_rules::Position;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::sync::Arc;

const ROUNDS: usize = 600;

/// Numbers that break arithmetic when trusted.
const NUMBERS: &[u64] = &[
    0,
    1,
    99,
    100,
    10_000,
    10_001,
    16_383,
    16_384,
    999_999,
    1_000_000,
    1_000_001,
    2_147_483_647,
    2_147_483_648,
    4_294_967_295,
    4_294_967_296,
    u64::MAX,
];

fn pick<'a, T>(rng: &mut ChaCha8Rng, items: &'a [T]) -> &'a T {
    &items[rng.next_u32() as usize % items.len()]
}

/// Play up to `plies` random actions (dice rolled where due), then write
/// the game every way Motley writes games.
fn play_on(mut game: Game, rng: &mut ChaCha8Rng, plies: usize) -> Game {
    while game.ply() < plies && game.outcome().is_none() {
        if game.position().is_chance() {
            if game.roll_dice().is_none() {
                break;
            }
            continue;
        }
        let legal = game.legal_actions();
        if legal.is_empty() {
            break;
        }
        let a = legal[rng.next_u32() as usize % legal.len()];
        game.play(a).unwrap();
    }
    let _ = game.position().to_fen();
    let _ = export_pgn(&game, None);
    let _ = record_of(&game).to_json();
    game
}

#[test]
fn fens_with_any_move_counters_are_refused_or_played() {
    let reg = Registry::builtin();
    let mut rng = ChaCha8Rng::seed_from_u64(0xfe4);
    let boards = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
        "4k3/8/8/8/8/8/4P3/4K3 b - -",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq -",
    ];
    let (mut played, mut refused) = (0, 0);
    for _ in 0..ROUNDS {
        let v = pick(&mut rng, reg.all()).clone();
        let half = *pick(&mut rng, NUMBERS);
        let full = *pick(&mut rng, NUMBERS);
        let fen = format!("{} {half} {full}", pick(&mut rng, &boards));
        match Game::new(v, Some(&fen), rng.next_u64()) {
            Ok(g) => {
                assert!(half <= u64::from(MAX_MOVE_COUNTER), "{fen} accepted");
                assert!((1..=u64::from(MAX_MOVE_COUNTER)).contains(&full), "{fen}");
                let g = play_on(g, &mut rng, 12);
                assert!(g.position().fullmoves() >= full as u32, "{fen}");
                played += 1;
            }
            Err(e) => {
                let e = e.to_string();
                if half > u64::from(MAX_MOVE_COUNTER) {
                    assert!(e.contains("halfmove clock"), "{fen}: {e}");
                } else if !(1..=u64::from(MAX_MOVE_COUNTER)).contains(&full) {
                    assert!(e.contains("move number"), "{fen}: {e}");
                }
                refused += 1;
            }
        }
    }
    assert!(
        played > ROUNDS / 10 && refused > ROUNDS / 10,
        "{played} {refused}"
    );
}

/// A variant file of `family` with `options`.
fn variant_text(family: &str, options: Value) -> String {
    json!({
        "id": "fuzz", "name": "Fuzz", "summary": "s", "family": family,
        "start": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "options": options, "rules": "r"
    })
    .to_string()
}

/// Random Monochrome or Dice-Money options: each number small, or (one
/// time in eight) one of [`NUMBERS`].
fn random_options(rng: &mut ChaCha8Rng) -> (&'static str, Value) {
    let monochrome = rng.next_u32().is_multiple_of(2);
    let mut n = || {
        if rng.next_u32().is_multiple_of(8) {
            *pick(rng, NUMBERS)
        } else {
            u64::from(rng.next_u32() % 20)
        }
    };
    if monochrome {
        let values = json!({
            "pawn": n(), "knight": n(), "bishop": n(),
            "rook": n(), "queen": n(), "king": n()
        });
        ("monochrome", json!({ "values": values }))
    } else {
        let options = json!({
            "start_money": { "white": n(), "black": n() },
            "money_cap": n(),
            "price_increment": n(),
            "prices": {
                "move1": n(), "move2": n(), "king": n(),
                "place_opponent": n(), "place_pawn": n(),
                "place_knight_bishop": n(), "place_rook": n(),
                "place_queen": n()
            }
        });
        ("dice_money", options)
    }
}

#[test]
fn variant_files_with_any_numbers_are_refused_naming_the_field_or_played() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x7a1);
    let (mut played, mut refused) = (0, 0);
    for round in 0..ROUNDS {
        let (family, options) = random_options(&mut rng);
        let text = variant_text(family, options);
        match VariantDef::from_json("fuzz.json", &text) {
            Ok(def) => {
                let g = Game::new(Arc::new(def), None, round as u64).unwrap();
                play_on(g, &mut rng, 60);
                played += 1;
            }
            Err(e) => {
                let e = e.to_string();
                assert!(
                    e.contains("fuzz") && (e.contains("values.") || e.contains("options")),
                    "{text}: {e}"
                );
                refused += 1;
            }
        }
    }
    assert!(
        played > ROUNDS / 20 && refused > ROUNDS / 20,
        "{played} {refused}"
    );
}

#[test]
fn an_over_large_value_is_refused_naming_the_field() {
    let e = VariantDef::from_json(
        "big.json",
        &variant_text(
            "monochrome",
            json!({"values": {"pawn": 1, "knight": 3, "bishop": 4,
            "rook": 5, "queen": 4_294_967_295u64, "king": 10}}),
        ),
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("big.json") && e.contains("values.queen"), "{e}");
    let e = VariantDef::from_json(
        "rich.json",
        &variant_text("dice_money", json!({"money_cap": 4_000_000_000u64})),
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("rich.json") && e.contains("money_cap"), "{e}");
}

/// What `motley uci` writes, kept for the test to read.
#[derive(Clone, Default)]
struct Written(Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Written {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Issue 22, item 31: the third way numbers come in, UCI's `go`. Times,
/// increments and counts of any size (past `i64`, sums past `u64`) are
/// held at their ends, and every `go` is answered with a `bestmove`; with
/// overflow checks on (CI) a sum that wraps fails here.
#[test]
fn uci_go_with_any_numbers_is_answered_with_a_bestmove() {
    let numbers = [
        "0",
        "1",
        "-1",
        "100",
        "4294967296",
        "9223372036854775807",
        "9223372036854775808",
        "-9223372036854775809",
        "18446744073709551616",
        "99999999999999999999999",
    ];
    let words = [
        "wtime",
        "btime",
        "winc",
        "binc",
        "movestogo",
        "movetime",
        "depth",
        "nodes",
        "mate",
    ];
    let mut gos = vec![
        "go wtime 9223372036854775807 btime 9223372036854775807 movestogo 1".to_string(),
        "go winc 9223372036854775807 wtime 100".to_string(),
        "go movetime 9223372036854775808".to_string(),
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(31);
    for _ in 0..60 {
        let mut go = "go".to_string();
        for _ in 0..1 + rng.next_u32() % 4 {
            go.push_str(&format!(
                " {} {}",
                pick(&mut rng, &words),
                pick(&mut rng, &numbers)
            ));
        }
        gos.push(go);
    }
    let mut input = String::new();
    for (i, go) in gos.iter().enumerate() {
        // Both sides to move, so each side's clock is read.
        let moves = if i % 2 == 1 { " moves e2e4" } else { "" };
        input.push_str(&format!("position startpos{moves}\n{go}\nstop\n"));
    }
    let out = Written::default();
    motley_session::uci::engine::run(input.as_bytes(), out.clone(), &Registry::builtin()).unwrap();
    let text = String::from_utf8_lossy(&out.0.lock().unwrap()).into_owned();
    let answers = text.lines().filter(|l| l.starts_with("bestmove ")).count();
    assert_eq!(answers, gos.len(), "{text}");
}

/// Random Betza texts from the notation's own letters (and a few others)
/// are read or refused, never a panic, and a piece read has reach tables
/// that answer from every square.
#[test]
fn betza_texts_of_any_letters_are_read_or_refused() {
    use motley_rules::core::betza::{Betza, PieceMoves, Reach};
    use motley_rules::core::{Bitboard, Color, Square};
    let letters: Vec<char> = "WFDNAHCLZJGKRBQmcpgnievsfblrh0123456789Xé "
        .chars()
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(19);
    let mut read = 0;
    for _ in 0..3000 {
        let len = (rng.next_u32() % 12) as usize;
        let text: String = (0..len).map(|_| *pick(&mut rng, &letters)).collect();
        if let Ok(betza) = Betza::parse(&text) {
            read += 1;
            let piece = PieceMoves::<motley_rules::core::grid::Grid8>::new(&betza);
            let occupied = Bitboard(rng.next_u64() & rng.next_u64());
            for from in Square::all() {
                for reach in [Reach::Quiet, Reach::Capture, Reach::InitialQuiet] {
                    let to = piece.reach(reach, Color::Black, from, occupied);
                    assert!(!to.contains(from), "{text}: {from} reaches itself");
                }
            }
        }
    }
    assert!(read > 100, "only {read} texts read");
}

/// Random variants.ini texts, built from the format's own pieces and
/// junk, are read or refused with a line inside the text, never a panic;
/// every section read resolves or names its missing parent.
#[test]
fn ini_texts_of_any_lines_are_read_or_refused() {
    use motley_game::variant::ini::{read_ini, read_squares, resolve_all};
    let pieces = [
        "[",
        "]",
        ":",
        "=",
        "#",
        ";",
        "\n",
        "\r\n",
        " ",
        "a",
        "chess",
        "pawn",
        "p",
        "*1",
        "d4",
        "é",
        "\u{1b}",
        "true",
        "-",
        "0",
        "99999999999999",
        "[x:y]\n",
        "[y]\n",
        "k = v\n",
        "[a]\n",
        "[b:a]\n",
        "pawn = p\n",
        "# c\n",
        "\n",
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let mut sections_read = 0;
    for _ in 0..3000 {
        let n = (rng.next_u32() % 40) as usize;
        let text: String = (0..n).map(|_| *pick(&mut rng, &pieces)).collect();
        let file = read_ini(&text);
        let last_line = text.lines().count().max(1);
        for e in &file.problems {
            assert!(e.line >= 1 && e.line <= last_line, "{text:?}: {e}");
        }
        let resolved = resolve_all(&file, &|_| None);
        for (section, keys) in file.sections.iter().zip(resolved) {
            sections_read += 1;
            if let Err(e) = keys {
                assert!(e.line >= 1 && e.line <= last_line);
            }
            for e in &section.problems {
                assert!(e.line >= 1 && e.line <= last_line, "{text:?}: {e}");
            }
            for entry in &section.entries {
                let _ = read_squares(&entry.value, 8, 8);
            }
        }
    }
    assert!(sections_read > 100, "only {sections_read} sections read");
}

/// Fairy-Stockfish keys a random variant section is built from.
const SECTION_KEYS: [&str; 43] = [
    "pawn",
    "knight",
    "king",
    "fers",
    "customPiece1",
    "customPiece2",
    "promotionPieceTypes",
    "promotionRegionWhite",
    "doubleStep",
    "doubleStepRegionBlack",
    "tripleStepRegionWhite",
    "castling",
    "castlingRookPieces",
    "checking",
    "mustCapture",
    "stalemateValue",
    "extinctionValue",
    "extinctionPieceTypes",
    "extinctionPieceCount",
    "extinctionPseudoRoyal",
    "flagPiece",
    "flagRegion",
    "flagMove",
    "checkCounting",
    "mobilityRegionWhiteKnight",
    "makpongRule",
    "pieceDrops",
    "capturesToHand",
    "blastOnCapture",
    "pass",
    "passOnStalemateBlack",
    "stalematePieceCount",
    "startFen",
    "enPassantRegion",
    "nMoveRule",
    "maxFile",
    "maxRank",
    "maxFile",
    "maxRank",
    "promotionLimit",
    "immobilityIllegal",
    "castlingRookKingsideFile",
    "castlingKingsideFile",
];

/// Values, Betza letters and FENs a random section's keys are given:
/// good ones, bad ones and hostile ones.
const SECTION_VALUES: [&str; 51] = [
    "",
    "-",
    "*",
    "a",
    "k",
    "q",
    "n:N",
    "a:NN",
    "b:mRcpR",
    "c:gQ",
    "d:nN",
    "e:ifmnD",
    "f:fbmWfceF",
    "g:FfW",
    "h:W3",
    "x:",
    "true",
    "false",
    "win",
    "loss",
    "draw",
    "none",
    "0",
    "1",
    "64",
    "4294967296",
    "*1 *8",
    "d4 e5",
    "a*",
    "z9",
    "kqrbnp",
    "é",
    "\u{1b}[2J",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    "8/8/8/8/8/8/8/8 w - - 3+3 0 1",
    "10",
    "16",
    "17",
    "j",
    "p",
    "q:1 r:0",
    "*10 j*",
    "p16",
    "4k5/10/10/10/10/10/10/4K5 w - - 0 1",
    "k/K w - - 0 1",
    "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/15K w - - 0 1",
    "4k3/8/8/8/8/8/8/8/8/4K3 w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3f3 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QNpp] w KQkq - 0 1",
    "4k3/8/8/8/8/8/8/4KQ~2[ w - - 0 1",
    "4k3/8/8/8/8/8/8/~4K3[] w - - 0 1",
];

/// Random variant sections built from Fairy-Stockfish's keys, values and
/// Betza letters are played or refused with a line, never a panic; the
/// start of each played one has moves to count and positions to play.
#[test]
fn variant_sections_of_any_keys_are_played_or_refused() {
    use motley_game::variant::sections::read_fairy_file;
    use motley_rules::fairy::FairyPosition;
    let mut rng = ChaCha8Rng::seed_from_u64(19);
    let (mut played, mut refused, mut sized) = (0, 0, 0);
    for _ in 0..600 {
        let mut text = String::from("[t:chess]\n");
        for _ in 0..rng.next_u32() % 6 {
            text += &format!(
                "{} = {}\n",
                pick(&mut rng, &SECTION_KEYS),
                pick(&mut rng, &SECTION_VALUES)
            );
        }
        for report in read_fairy_file(&text).sections {
            if let Ok(rules) = report.sized_rules() {
                sized += 1;
                let pos = rules.position(None).expect("its start was read");
                let _ = pos.legal_uci();
                let _ = pos.outcome();
                assert!(rules.position(Some(&pos.to_fen())).is_ok(), "{text}");
            }
            match report.rules() {
                Ok(rules) => {
                    played += 1;
                    let pos = FairyPosition::start(Arc::new(rules)).unwrap();
                    let mut p = pos.clone();
                    for _ in 0..8 {
                        let moves = p.legal_moves();
                        if moves.is_empty() {
                            let _ = p.outcome();
                            break;
                        }
                        p = p.played(*pick(&mut rng, &moves));
                    }
                    assert!(pos.perft(2) < 10_000);
                }
                Err(e) => {
                    refused += 1;
                    for one in &e.0 {
                        assert!(one.line <= text.lines().count(), "{text}: {e}");
                    }
                    assert!(!e.to_string().is_empty());
                }
            }
        }
    }
    assert!(
        played > 50 && refused > 50 && sized >= played,
        "{played} played, {refused} refused, {sized} read at any size"
    );
}

/// `text` with a few of `pieces` put in, cut out or written over.
fn spliced(rng: &mut ChaCha8Rng, text: &str, pieces: &[&str]) -> String {
    let mut out: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.next_u32() % 3 {
        let at = (rng.next_u32() as usize) % (out.len() + 1);
        let cut = (rng.next_u32() % 3) as usize;
        let end = (at + cut).min(out.len());
        let piece: Vec<char> = pick(rng, pieces).chars().collect();
        out.splice(at..end, piece);
    }
    out.into_iter().collect()
}

/// Random FEN texts for variants from data with hands, check counts and
/// long en passant fields are read or refused, never a panic; a position
/// read has moves to list, a FEN to write and one to read back.
#[test]
fn fairy_fens_of_any_text_are_read_or_refused() {
    use motley_game::variant::builtin::builtin_fairy;
    use motley_rules::fairy::FairyPosition;
    let pieces = [
        "r",
        "n",
        "k",
        "K",
        "Q",
        "p",
        "P",
        "~",
        "/",
        "8",
        "7",
        "1",
        "9",
        "0",
        "[",
        "]",
        "Qq",
        " ",
        " w ",
        " b ",
        "KQkq",
        "-",
        "e3",
        "b3b4",
        "3+3",
        "0+9",
        "99999999999",
        "4294967296",
        "+",
        "é",
        "\u{1b}",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(23);
    let mut read = 0;
    for name in ["crazyhouse", "3check", "berolina", "atomic", "racingkings"] {
        let rules = std::sync::Arc::new(builtin_fairy(name).unwrap().unwrap());
        for _ in 0..400 {
            let fen = spliced(&mut rng, &rules.start_fen, &pieces);
            let Ok(pos) = FairyPosition::from_fen(rules.clone(), &fen) else {
                continue;
            };
            read += 1;
            let _ = pos.legal_moves();
            let _ = pos.outcome();
            let again = FairyPosition::from_fen(rules.clone(), &pos.to_fen());
            assert!(again.is_ok(), "{fen:?} -> {}", pos.to_fen());
        }
    }
    assert!(read > 20, "only {read} FENs read");
}

/// The same on boards of other sizes: runs of ten and more empty
/// squares, squares past `h` and `8`, rows too long and too short.
#[test]
fn fens_of_any_text_on_boards_of_any_size_are_read_or_refused() {
    use motley_game::variant::builtin::builtin_sized;
    let pieces = [
        "10", "12", "16", "17", "99", "0", "1", "9", "/", "a", "A", "c", "C", "p", "P", "k", "K",
        "~", "+", "[", "]", "[Pp]", " w ", " b ", "KQkq", "-", "a10", "j10", "p16", "q17", "e3e4",
        "j9j10", "3+3", "é", "\u{1b}", "/13/13/", "/10/10/",
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(29);
    let mut read = 0;
    for name in [
        "capablanca",
        "capahouse",
        "grand",
        "shako",
        "gardner",
        "timur",
        "thirteen",
    ] {
        let rules = builtin_sized(name).unwrap().unwrap();
        let start = rules.position(None).unwrap().to_fen();
        for _ in 0..300 {
            let fen = spliced(&mut rng, &start, &pieces);
            let Ok(pos) = rules.position(Some(&fen)) else {
                continue;
            };
            read += 1;
            let moves = pos.legal_uci();
            let _ = pos.outcome();
            if let Some(m) = moves.first() {
                assert!(pos.after(m).is_some(), "{fen:?}: {m}");
            }
            let again = rules.position(Some(&pos.to_fen()));
            assert!(again.is_ok(), "{fen:?} -> {}", pos.to_fen());
        }
    }
    assert!(read > 20, "only {read} FENs read");
}
