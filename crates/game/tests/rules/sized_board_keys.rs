//! The board's keys, each in a position built for it: its size, FEN
//! rows named when they do not fit, short FENs, castling's squares (and
//! boards too small for them), and grand chess's promotion limits and
//! immobility.

use crate::fairy_keys::{find, has, moves, position, rules, section_rules};
use motley_game::variant::sections::read_fairy_file;
use motley_rules::fairy::FairyPosition;

// Issue 33: a FEN's row that does not fit the board is named.
#[test]
fn a_fen_row_not_as_wide_as_the_board_is_refused_naming_the_row() {
    for (fen, expected) in [
        (
            "4k3/8/8/8/8/8/8/4K4 w - - 0 1",
            "row 8 of the placement is not 8 squares wide",
        ),
        (
            "4k3/8/8/8/44/8/8/4K3 w - - 0 1",
            "row 5 of the placement is not 8 squares wide",
        ),
        (
            "4k3/8/8/8/8/7/8/4K3 w - - 0 1",
            "row 6 of the placement is not 8 squares wide",
        ),
        ("4k3/8/8/8/8/8/8/4K3/8 w - - 0 1", "not 9 rows of 8 squares"),
    ] {
        let ini = format!("[t:chess]\nstartFen = {fen}\n");
        let fen = fen.replace("/8 w", " w");
        let ini = if expected.contains("9 rows") {
            format!("[t:chess]\nmaxRank = 9\nstartFen = {fen}\n")
        } else {
            ini
        };
        let err = section_rules(&ini).expect_err(&ini).to_string();
        assert!(err.contains(expected), "{ini}: {err}");
    }
}

// Issue 33: Grand chess's keys. A pawn promotes only to a kind the side
// has fewer of than the limit (`promotionLimit`), so to what was lost.
#[test]
fn promotion_limit_allows_only_kinds_below_their_count() {
    let ini = "[t:chess]\npromotionLimit = q:1 r:2 b:2 n:2\n";
    // White has its queen and both rooks: only bishop and knight remain.
    let full = position(ini, "4k3/P7/8/8/8/8/8/RQ2K2R w - - 0 1");
    let promotions: Vec<String> = moves(&full)
        .into_iter()
        .filter(|m| m.starts_with("a7"))
        .collect();
    assert_eq!(promotions, ["a7a8b", "a7a8n"]);
    // With a rook lost, the rook is back among the choices.
    let lost = position(ini, "4k3/P7/8/8/8/8/8/1Q2K2R w - - 0 1");
    let promotions: Vec<String> = moves(&lost)
        .into_iter()
        .filter(|m| m.starts_with("a7"))
        .collect();
    assert_eq!(promotions, ["a7a8b", "a7a8n", "a7a8r"]);
    // Perft agrees with the list, whichever way it counts.
    assert_eq!(lost.perft(1), moves(&lost).len() as u64);
}

// Issue 33: a move to a square the piece could never leave is illegal
// (`immobilityIllegal`): with promotion optional, a pawn may stop short
// of the last rank but not stand on it unpromoted.
#[test]
fn immobility_illegal_forbids_a_pawn_unpromoted_on_the_last_rank() {
    let ini = "[t:chess]\nmandatoryPawnPromotion = false\npromotionRegionWhite = *7 *8\n\
               promotionRegionBlack = *2 *1\nimmobilityIllegal = true\n";
    let pos = position(ini, "4k3/P7/8/8/8/8/1P6/4K3 w - - 0 1");
    let from_a7: Vec<String> = moves(&pos)
        .into_iter()
        .filter(|m| m.starts_with("a7"))
        .collect();
    assert_eq!(
        from_a7,
        ["a7a8b", "a7a8n", "a7a8q", "a7a8r"],
        "no plain a7a8"
    );
    let free = position(
        &ini.replace("immobilityIllegal = true\n", ""),
        "4k3/P7/8/8/8/8/1P6/4K3 w - - 0 1",
    );
    assert!(moves(&free).contains(&"a7a8".to_string()));
    assert_eq!(moves(&free).len(), moves(&pos).len() + 1);
    // Perft, which counts sets where it can, agrees with the lists.
    let listed: u64 = pos
        .legal_moves()
        .into_iter()
        .map(|m| pos.played(m).legal_moves().len() as u64)
        .sum();
    assert_eq!(pos.perft(2), listed);
}

// Issue 33: as Fairy-Stockfish reads them, a FEN may stop after the side
// to move, and a board too small for castling's squares castles never
// unless its start claims a right (FSF's minihouse, hexapawn).
#[test]
fn a_short_fen_and_a_board_too_small_for_castling_read_as_in_fairy_stockfish() {
    use motley_game::variant::ini::{read_ini, resolve_all};
    use motley_game::variant::keys::sized_rules;
    let sized = |ini: &str| {
        let file = read_ini(ini);
        let keys = resolve_all(&file, &|_| None).remove(0).expect("resolves");
        sized_rules(&keys)
    };
    let hexapawn =
        "[t]\nmaxRank = 3\nmaxFile = c\nstartFen = ppp/3/PPP w\ncustomPiece1 = p:mfWcfF\n";
    let rules = sized(hexapawn).unwrap_or_else(|e| panic!("{e}"));
    let start = rules.position(None).expect("start");
    assert_eq!(start.to_fen(), "ppp/3/PPP w - - 0 1");
    assert_eq!(start.perft(1), 3);
    // With a right claimed at the start, the same board is refused.
    let claimed = hexapawn.replace("PPP w", "PPP w KQkq") + "king = k\n";
    let err = sized(&claimed)
        .expect_err("castling off the board")
        .to_string();
    assert!(
        err.contains("castling's squares are not on the board"),
        "{err}"
    );
}

#[test]
fn the_board_size_is_kept_with_the_rules_and_other_sizes_play_on_the_wide_grid() {
    for ini in [
        "[t:chess]\n",
        "[t:chess]\nmaxFile = h\nmaxRank = 8\n",
        "[t:chess]\nmaxFile = 8\n",
    ] {
        let r = rules(ini);
        assert_eq!((r.files, r.ranks), (8, 8), "{ini}");
    }
    // A FEN of another size is refused, not read on the 8 by 8 board.
    let r = rules("[t:chess]\n");
    for fen in [
        "4k4/9/9/9/9/9/9/4K4 w - - 0 1",
        "4k3/8/8/8/8/8/8/8/4K3 w - - 0 1",
    ] {
        assert!(FairyPosition::from_fen(r.clone(), fen).is_err(), "{fen}");
    }
    // Another size is not read on chess's board (its size key says why)
    // but plays on the wide grid.
    let tall = "[t:chess]\nmaxRank = 10\nstartFen = 4k3/8/8/8/8/8/8/8/8/4K3 w - - 0 1\n";
    let refusal = section_rules(tall).expect_err("refused").to_string();
    assert!(refusal.starts_with("line 2: a board of 8×10"), "{refusal}");
    let report = read_fairy_file(tall).sections.remove(0);
    assert_eq!(report.played(), Ok(()));
}

#[test]
fn castling_off_and_castling_pieces() {
    let fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    has(&position("[t:chess]\n", fen), &["e1g1", "e1c1"], &[]);
    has(
        &position("[t:chess]\ncastling = false\n", fen),
        &[],
        &["e1g1", "e1c1"],
    );
    let chancellor = "[t:chess]\nchancellor = c\ncastlingRookPieces = c\n";
    has(
        &position(chancellor, "4k3/8/8/8/8/8/8/C3K2R w KQ - 0 1"),
        &["e1c1"],
        &["e1g1"],
    );
    let commoner = "[t:chess]\nking = -\ncommoner = k\ncastlingKingPiece = k\n";
    let attacked = "4k3/8/8/8/8/8/5r2/4K2R w K - 0 1";
    has(&position(commoner, attacked), &["e1g1"], &[]);
    has(&position("[t:chess]\n", attacked), &[], &["e1g1"]);
}

#[test]
fn castling_files_and_rank_move_the_king_there_and_the_rook_beside_it() {
    // The king starts on d and castles to f or b, as Fairy-Stockfish
    // plays it: the rook from the corner to the king's inner side.
    let ini = "[t:chess]\nstartFen = rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w KQkq - 0 1\n\
               castlingKingFile = d\ncastlingKingsideFile = f\ncastlingQueensideFile = b\n";
    let fen = "r2k3r/8/8/8/8/8/8/R2K3R w KQkq - 0 1";
    let pos = position(ini, fen);
    has(&pos, &["d1f1", "d1b1"], &["d1g1", "d1c1c"]);
    assert_eq!(
        pos.played(find(&pos, "d1f1")).to_fen(),
        "r2k3r/8/8/8/8/8/8/R3RK2 b kq - 1 1"
    );
    assert_eq!(
        pos.played(find(&pos, "d1b1")).to_fen(),
        "r2k3r/8/8/8/8/8/8/1KR4R b kq - 1 1"
    );
    // Fairy-Stockfish's counts.
    assert_eq!(pos.perft(3), 13744);
    let middle = "r2kq2r/ppp2ppp/2n1bn2/3pp3/3PP3/2N1BN2/PPP2PPP/R2KQ2R w KQkq - 0 1";
    assert_eq!(position(ini, middle).perft(4), 1_868_266);
    let near = "[t:chess]\ncastlingKingsideFile = f\ncastlingQueensideFile = d\n";
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(position(near, kiwipete).perft(3), 97551);
}

// Issue 33: where castling moves the king one square, its step there and
// the castling are two moves: Fairy-Stockfish writes the castling king to
// rook (d1f1), and the king starts where the start position has it (FSF's
// haynie, 6×6, king on d).
#[test]
fn a_one_square_castle_is_written_king_to_rook_and_the_king_starts_where_the_fen_has_it() {
    use motley_game::variant::ini::{read_ini, resolve_all};
    use motley_game::variant::keys::sized_rules;
    let ini = "[t:chess]\nmaxRank = 6\nmaxFile = 6\nstartFen = rbqkbr/pppppp/6/6/PPPPPP/RBQKBR w KQkq - 0 1\n\
               doubleStep = false\ncastlingQueensideFile = c\ncastlingKingsideFile = e\n";
    let file = read_ini(ini);
    let builtin = |name: &str| motley_game::variant::builtin::builtin_keys(name);
    let keys = resolve_all(&file, &builtin).remove(0).expect("resolves");
    let rules = sized_rules(&keys).unwrap_or_else(|e| panic!("{e}"));
    let pos = rules
        .position(Some("3k2/6/6/6/6/3K1R w K - 0 1"))
        .expect("fen");
    let moves = pos.legal_uci();
    for expected in ["d1e1", "d1f1"] {
        assert!(moves.contains(&expected.to_string()), "{moves:?}");
    }
    let castled = pos.after("d1f1").expect("castles");
    assert_eq!(castled.to_fen(), "3k2/6/6/6/6/3RK1 b - - 1 1");
    let stepped = pos.after("d1e1").expect("steps");
    assert_eq!(stepped.to_fen(), "3k2/6/6/6/6/4KR b - - 1 1");
}
