//! Variants from data as games: every built-in one is in the registry
//! under Fairy-Stockfish's name, the game's moves are the variant's own
//! (perft through the game equals Fairy-Stockfish's numbers), each end
//! of its rules is the game's typed ending, drops and promotions to any
//! kind are typed and read back, records keep a game whole, and the
//! computer plays.

use motley_ai::eval::Evaluate;
use motley_ai::{think, PlayerSpec, ThinkSettings};
use motley_game::variant::{Family, Registry};
use motley_game::Game;
use motley_records::pgn::{export_pgn, import_pgn};
use motley_records::{game_from_record, record_of, GameRecord};
use motley_rules::core::{Action, Color, Piece, Role, Square};
use motley_rules::illegal::PieceName;
use motley_rules::{parse_action, perft, EndReason, Position};

fn game(variant: &str, fen: Option<&str>) -> Game {
    let reg = Registry::builtin();
    let def = reg.get(variant).expect("a built-in variant");
    Game::new(def, fen, 1).expect("a position")
}

fn play(g: &mut Game, moves: &[&str]) {
    for m in moves {
        g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn sq(name: &str) -> Square {
    Square::parse(name).expect("a square")
}

#[test]
fn perft_through_the_game_is_fairy_stockfish_s_for_every_reference_position() {
    let reg = Registry::builtin();
    let lines = include_str!("../../crates/game/tests/fairy/perft.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    let mut checked = 0;
    for line in lines {
        let f: Vec<&str> = line.split(" | ").collect();
        let Some(def) = reg.get(f[0]).ok().filter(|d| d.family == Family::Fairy) else {
            continue;
        };
        let want: Vec<u64> = f[2]
            .split(' ')
            .map(|n| n.parse().expect("a count"))
            .collect();
        let pos = def
            .position(Some(f[1]))
            .unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(perft(&pos, 2), want[1], "{line}");
        checked += 1;
    }
    assert!(checked >= 200, "{checked}");
}

#[test]
fn a_king_on_the_hill_wins_as_the_game_s_goal_reached_ending() {
    let mut g = game("kingofthehill", None);
    play(&mut g, &["e4", "a6", "Ke2", "a5", "Kd3", "a4", "Kc4", "h6"]);
    assert!(g.outcome().is_none());
    play(&mut g, &["Kd5"]);
    let outcome = g.outcome().expect("over");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Color::White), EndReason::GoalReached)
    );
    assert!(g.legal_actions().is_empty());
}

#[test]
fn the_third_check_wins_and_the_fen_counts_checks_as_fairy_stockfish_writes_them() {
    let mut g = game("3check", None);
    play(
        &mut g,
        &["e4", "f6", "Qh5+", "g6", "Qxg6+", "hxg6", "Bc4", "a6"],
    );
    assert!(
        g.position().to_fen().contains(" 1+3 "),
        "{}",
        g.position().to_fen()
    );
    // The last check ends the game, but it is no mate: written `+`.
    let legal = g.legal_actions();
    let bishop = *legal
        .iter()
        .find(|a| {
            a.as_move()
                .is_some_and(|m| m.from == sq("c4") && m.to == sq("f7"))
        })
        .expect("Bf7 is legal");
    assert_eq!(motley_rules::san_of(g.position(), &bishop, &legal), "Bf7+");
    play(&mut g, &["Bf7+"]);
    let outcome = g.outcome().expect("over");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Color::White), EndReason::ChecksGiven)
    );
}

#[test]
fn an_exploded_king_ends_atomic_by_extinction() {
    // 1. Nf3 d5 2. Ng5 e6 3. Nxf7: the blast takes e8's king with f7.
    let mut g = game("atomic", None);
    play(&mut g, &["Nf3", "d5", "Ng5", "a6", "Nxf7"]);
    let outcome = g.outcome().expect("over");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Color::White), EndReason::Extinction)
    );
}

#[test]
fn losing_every_piece_wins_giveaway_and_its_evaluation_counts_pieces_against_their_owner() {
    let mut g = game("giveaway", Some("8/8/8/8/8/8/1p6/8 w - - 0 1"));
    let outcome = g.outcome().expect("White has no piece and no move");
    assert_eq!(outcome.winner, Some(Color::White));
    g = game("giveaway", Some("8/8/8/3q4/8/8/8/K7 w - - 0 1"));
    // White to move, a king against a queen: ahead in giveaway.
    assert!(g.position().evaluate() > 0, "{}", g.position().evaluate());
    g = game("kingofthehill", Some("k7/8/8/3q4/8/8/8/K7 w - - 0 1"));
    assert!(g.position().evaluate() < 0, "{}", g.position().evaluate());
}

#[test]
fn the_last_piece_of_a_kind_weighs_more_where_losing_it_loses() {
    // Both sides have one of every kind, Black a second knight: under
    // extinction every last piece is a danger, and White has one more.
    let fen = "2n1k3/4qrbn/7p/8/8/P7/1NBRQ3/4K3 w - - 0 1";
    let plain = game("nocastle", Some(fen)).position().evaluate();
    let extinction = game("extinction", Some(fen)).position().evaluate();
    assert!(
        extinction < plain - 50,
        "extinction {extinction}, without it {plain}"
    );
}

#[test]
fn crazyhouse_drops_are_typed_in_either_case_and_kept_in_records_and_pgn() {
    let fen = "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R[Nn] b KQkq - 0 1";
    let mut g = game("crazyhouse", Some(fen));
    // Black drops its knight, written as other programs write it.
    let pos = g.position().clone();
    let drop = parse_action(&pos, "N@e4").expect("Black's drop");
    assert_eq!(
        drop,
        Action::Drop(Piece::new(Color::Black, Role::Knight), sq("e4"))
    );
    assert_eq!(parse_action(&pos, "n@e4").expect("the same drop"), drop);
    // White's lower-case letter is no drop of White's.
    let white = game(
        "crazyhouse",
        Some("rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R[Nn] w KQkq - 0 1"),
    );
    assert!(parse_action(&white.position().clone(), "n@e4").is_err());
    g.play(drop).expect("legal");
    play(&mut g, &["N@e5"]);
    assert!(g
        .position()
        .to_fen()
        .starts_with("rnbqkb1r/pppppppp/8/4N3/4n3/8/PPPPPPPP/RNBQKB1R[] b"));
    // The record and the PGN give the same game back.
    let reg = Registry::builtin();
    let json = record_of(&g).to_json();
    let back = game_from_record(&GameRecord::from_json(&json).expect("json"), &reg).expect("game");
    assert_eq!(back.position().to_fen(), g.position().to_fen());
    let pgn = export_pgn(&g, None);
    assert!(pgn.contains("[Variant \"crazyhouse\"]"), "{pgn}");
    let games = import_pgn(&pgn, &reg);
    let again = games.into_iter().next().expect("one game").expect("read");
    assert_eq!(again.position().to_fen(), g.position().to_fen());
}

#[test]
fn makruk_promotes_to_its_met_typed_by_its_letter() {
    // A White pawn on the sixth rank promotes there to a met (fers, m).
    let mut g = game("makruk", Some("4k3/8/8/2P5/8/8/8/4K3 w - - 0 1"));
    play(&mut g, &["c5c6m"]);
    let placed = g.position().board().piece_at(sq("c6")).expect("a piece");
    assert_eq!(placed.role.upper_char(), 'M');
    assert_eq!(
        g.position().piece_name(placed.role),
        PieceName::Named("fers")
    );
}

#[test]
fn a_refused_move_is_explained_in_the_variant_s_own_words() {
    // Racing kings: no move may give check.
    let g = game("racingkings", Some("8/8/8/8/8/8/2r5/K6k b - - 0 1"));
    let pos = g.position().clone();
    let err = parse_action(&pos, "c2c1").expect_err("it would check");
    assert!(err.to_string().contains("No move may give check"), "{err}");
    // Shatranj's queen letter is its fers: one step diagonally only.
    let g = game("shatranj", Some("r3k3/8/8/8/3Q4/8/8/4K3 w - - 0 1"));
    let pos = g.position().clone();
    let err = parse_action(&pos, "d4d6").expect_err("a fers steps once");
    assert!(err.to_string().contains("fers"), "{err}");
    assert!(parse_action(&pos, "d4e5").is_ok());
}

#[test]
fn the_computer_plays_a_variant_from_data_to_a_legal_move() {
    let stop = std::sync::atomic::AtomicBool::new(false);
    let settings = ThinkSettings {
        movetime: std::time::Duration::from_millis(200),
        seed: 1,
    };
    // A mate in one in king of the hill: the king steps onto the hill.
    let g = game("kingofthehill", Some("k7/8/8/8/8/5K2/8/8 w - - 0 1"));
    let spec = PlayerSpec::Computer { level: 3 };
    let best = think(g.position(), &[], &spec, &settings, &stop).expect("a move");
    assert!(g.legal_actions().contains(&best));
    let Action::Move(m) = best else {
        panic!("{best:?}")
    };
    assert_eq!(m.to, sq("e4"), "{m}");
    let g = game("grasshopper", None);
    let best = think(g.position(), &[], &spec, &settings, &stop).expect("a move");
    assert!(g.legal_actions().contains(&best));
}

#[test]
fn every_built_in_variant_from_data_has_a_name_players_know() {
    for name in motley_game::variant::builtin::builtin_fairy_names() {
        assert!(
            motley_game::variant::builtin::builtin_display_name(name).is_some(),
            "{name}"
        );
    }
    assert_eq!(
        Registry::builtin()
            .get("kingofthehill")
            .expect("built in")
            .name,
        "King of the Hill"
    );
}

#[test]
fn a_kind_is_worth_what_its_moves_reach_unless_the_file_says_otherwise() {
    use motley_game::variant::builtin::builtin_fairy;
    use motley_game::variant::sections::read_fairy_file;
    let shatranj = builtin_fairy("shatranj").expect("built in").expect("read");
    let value = |rules: &motley_rules::fairy::FairyRules, letter: char| {
        rules.values[usize::from(rules.kind_of_letter(letter).expect("a kind"))]
    };
    // Chess's pieces keep their values; the fers and the alfil are worth
    // less than a knight, more than a pawn.
    assert_eq!((value(&shatranj, 'p'), value(&shatranj, 'n')), (100, 320));
    for weak in ['q', 'b'] {
        assert!((100..320).contains(&value(&shatranj, weak)), "{weak}");
    }
    let amazon = builtin_fairy("amazon").expect("built in").expect("read");
    assert!(value(&amazon, 'a') > 900, "{}", value(&amazon, 'a'));
    // pieceValueMg/Eg, in Fairy-Stockfish's units (a rook is 1276 and
    // 1380), set the value instead: the mean of the two where both are.
    let text = "[valued:shatranj]\npieceValueMg = q:1276 r:2552\npieceValueEg = r:2760\n\
                [badvalue:shatranj]\npieceValueMg = q\n[nosuch:shatranj]\npieceValueEg = x:100\n";
    let sections = read_fairy_file(text).sections;
    let valued = &sections[0].rules().expect("read");
    assert_eq!((value(valued, 'q'), value(valued, 'r')), (500, 1000));
    let bad = sections[1].rules().expect_err("refused").to_string();
    assert!(
        bad.contains("not piece values written as letter:value"),
        "{bad}"
    );
    let none = sections[2].rules().expect_err("refused").to_string();
    assert!(none.contains("'x' is no piece of this variant"), "{none}");
}

#[test]
fn n_fold_rule_and_value_end_the_game_by_repetition_as_the_variant_says() {
    let mut reg = Registry::builtin();
    let ini = "[twofold:kingofthehill]\nnFoldRule = 2\nnFoldValue = loss\n\
               [norepeat:kingofthehill]\nnFoldRule = 0\n";
    reg.add_text("test.ini", ini, false);
    assert!(reg.warnings.is_empty(), "{:?}", reg.warnings);
    let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    // The start again, the second time: White, to move, loses.
    let mut g = Game::new(reg.get("twofold").expect("read"), None, 1).expect("a game");
    play(&mut g, &shuffle);
    let outcome = g.outcome().expect("over");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Color::Black), EndReason::Repetition)
    );
    assert!(reg
        .get("twofold")
        .expect("read")
        .rules_text()
        .contains("for the 2nd time"));
    // No repetition ends a game of norepeat; king of the hill's three do.
    let mut g = Game::new(reg.get("norepeat").expect("read"), None, 1).expect("a game");
    for _ in 0..3 {
        play(&mut g, &shuffle);
    }
    assert!(g.outcome().is_none());
    let mut g = game("kingofthehill", None);
    play(&mut g, &shuffle);
    assert!(g.outcome().is_none());
    play(&mut g, &shuffle);
    let outcome = g.outcome().expect("over");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (None, EndReason::Repetition)
    );
}

/// The FEN after `moves` from `fen`, as Motley writes it.
fn fen_after(variant: &str, fen: &str, moves: &[&str]) -> String {
    let mut g = game(variant, Some(fen));
    play(&mut g, moves);
    g.position().to_fen()
}

#[test]
fn makruk_counts_the_pieces_and_the_board_s_honour_in_fairy_stockfish_s_fen() {
    // Each expected FEN is Fairy-Stockfish's after the same moves: the
    // limit in plies where the en passant square goes, the plies counted
    // in the halfmove clock's place.
    let cases: [(&str, &str, &[&str], &str); 9] = [
        // A bare king against a rook: 16 moves, counted from the pieces
        // on the board (3, so 6 plies).
        (
            "makruk",
            "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
            &["a1a2"],
            "4k3/8/8/8/8/8/R7/4K3 b - 32 6 1",
        ),
        // The bare king took the last pawn: it counts against the rook.
        (
            "makruk",
            "4k3/8/8/3r4/4p3/3K4/8/8 w - - 0 1",
            &["d3e4"],
            "4k3/8/8/3r4/4K3/8/8/8 b - 32 5 1",
        ),
        // A count read from a FEN goes on.
        (
            "makruk",
            "4k3/8/8/8/8/8/8/R3K3 w - 32 20 40",
            &["a1a2"],
            "4k3/8/8/8/8/8/R7/4K3 b - 32 21 40",
        ),
        (
            "makruk",
            "4k3/8/8/8/8/8/8/1SS1K1N1 w - - 0 1",
            &["b1b2"],
            "4k3/8/8/8/8/8/1S6/2S1K1N1 b - 44 10 1",
        ),
        // The board's honour: 64 moves from the last pawn, from 0.
        (
            "makruk",
            "3rk3/8/8/8/8/8/8/R3K3 w - - 0 1",
            &["a1a2", "d8d7", "a2a3"],
            "4k3/3r4/8/8/8/R7/8/4K3 b - 128 2 2",
        ),
        // Taking the last piece restarts the count as the pieces' honour.
        (
            "makruk",
            "3rk3/8/8/8/8/8/8/R3K3 w - 128 7 1",
            &["a1a2", "d8d2", "a2d2"],
            "4k3/8/8/8/8/8/3R4/4K3 b - 32 6 2",
        ),
        // Pawns on the board: nothing is counted.
        (
            "makruk",
            "4k3/p7/8/8/8/8/8/RM2K3 w - - 5 1",
            &["b1a2"],
            "4k3/p7/8/8/8/8/M7/R3K3 b - - 6 1",
        ),
        // ASEAN chess counts from 0, and only for a bare king.
        (
            "asean",
            "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
            &["a1a2"],
            "4k3/8/8/8/8/8/R7/4K3 b - 32 0 1",
        ),
        (
            "asean",
            "3rk3/8/8/8/8/8/8/R3K3 w - - 0 1",
            &["a1a2", "d8d2", "a2d2"],
            "4k3/8/8/8/8/8/3R4/4K3 b - 32 0 2",
        ),
    ];
    for (variant, fen, moves, expected) in cases {
        assert_eq!(
            fen_after(variant, fen, moves),
            expected,
            "{variant} {fen} {moves:?}"
        );
    }
    // Before the ASEAN king is left bare, nothing is counted.
    assert_eq!(
        fen_after("asean", "3rk3/8/8/8/8/8/8/R3K3 w - - 0 1", &["a1a2"]),
        "3rk3/8/8/8/8/8/R7/4K3 b - - 1 1"
    );
}

#[test]
fn makruk_s_count_running_out_draws_unless_the_last_move_mates() {
    let mut g = game("makruk", Some("4k3/8/8/8/8/8/8/R3K3 w - 32 32 40"));
    play(&mut g, &["a1a2"]);
    let outcome = g.outcome().expect("the count ran out");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (None, EndReason::CountingRule)
    );
    // One ply before the limit the game goes on.
    let mut g = game("makruk", Some("4k3/8/8/8/8/8/8/R3K3 w - 32 31 40"));
    play(&mut g, &["a1a2"]);
    assert!(g.outcome().is_none());
    // A mate on the ply that runs past the count is still a mate.
    let mut g = game("makruk", Some("4k3/8/4K3/8/8/8/8/R7 w - 32 32 40"));
    play(&mut g, &["a1a8"]);
    let outcome = g.outcome().expect("mate");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Color::White), EndReason::Checkmate)
    );
}

#[test]
fn a_shogi_style_promotion_is_typed_with_a_plus_or_the_letter_and_kept_in_records() {
    let mut reg = Registry::builtin();
    let ini = "[promoters:chess]\ncentaur = c\npromotionRegionWhite = *6 *7 *8\n\
               promotionRegionBlack = *3 *2 *1\npromotedPieceType = n:c\n";
    reg.add_text("promoters.ini", ini, false);
    let def = reg.get("promoters").expect("read from the file");
    let mut g = Game::new(def, Some("4k3/8/8/2N5/8/8/8/4K3 w - - 0 1"), 1).expect("a position");
    // Not mandatory here: the plain move stays, and `+` picks the promotion.
    play(&mut g, &["c5b7+"]);
    assert!(
        g.position().to_fen().starts_with("4k3/1+N6/"),
        "{}",
        g.position().to_fen()
    );
    play(&mut g, &["e8e7", "b7b8"]);
    assert!(
        g.position().to_fen().starts_with("1+N6/"),
        "{}",
        g.position().to_fen()
    );
    // The record keeps the promotion and replays it.
    let record = record_of(&g);
    let json = serde_json::to_string(&record).expect("a record");
    let back: GameRecord = serde_json::from_str(&json).expect("read back");
    let replayed = game_from_record(&back, &reg).expect("replayed");
    assert_eq!(replayed.position().to_fen(), g.position().to_fen());
}

#[test]
fn castling_one_square_is_typed_as_o_o_and_the_step_as_coordinates() {
    let mut reg = Registry::builtin();
    let ini = "[near:chess]\ncastlingKingsideFile = f\ncastlingQueensideFile = d\n";
    reg.add_text("near.ini", ini, false);
    let def = reg.get("near").expect("read from the file");
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let mut g = Game::new(def.clone(), Some(fen), 1).expect("a position");
    play(&mut g, &["O-O"]);
    assert!(
        g.position()
            .to_fen()
            .starts_with("r3k2r/8/8/8/8/8/8/R3RK2 b kq"),
        "{}",
        g.position().to_fen()
    );
    let mut g = Game::new(def, Some(fen), 1).expect("a position");
    play(&mut g, &["e1f1"]);
    assert!(
        g.position()
            .to_fen()
            .starts_with("r3k2r/8/8/8/8/8/8/R4K1R b kq"),
        "{}",
        g.position().to_fen()
    );
}
