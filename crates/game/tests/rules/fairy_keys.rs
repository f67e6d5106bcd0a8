//! Each Fairy-Stockfish key Motley reads, shown in a position built for
//! it: the moves it allows and forbids, or how it ends the game; and the
//! keys and values Motley refuses, each naming the line and the key.

use motley_game::variant::keys::KeyErrors;
use motley_game::variant::sections::read_fairy_file;
use motley_rules::fairy::{FairyPosition, FairyRules, Verdict};
use std::sync::Arc;

/// The rules of the one section of `ini`.
pub(crate) fn rules(ini: &str) -> Arc<FairyRules> {
    Arc::new(section_rules(ini).unwrap_or_else(|e| panic!("{ini}: {e}")))
}

/// The rules of the first section of `ini`, or every reason it is refused.
pub(crate) fn section_rules(ini: &str) -> Result<FairyRules, KeyErrors> {
    read_fairy_file(ini).sections.remove(0).rules()
}

pub(crate) fn position(ini: &str, fen: &str) -> FairyPosition {
    FairyPosition::from_fen(rules(ini), fen).unwrap()
}

/// The legal moves as `e2e4`, with a promotion's letter (`e7e8q`).
pub(crate) fn moves(pos: &FairyPosition) -> Vec<String> {
    let mut out: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| {
            let promo = match m.kind {
                motley_rules::fairy::FairyMoveKind::Promotion(k) => pos
                    .rules()
                    .letter(motley_rules::core::Color::Black, k)
                    .to_string(),
                motley_rules::fairy::FairyMoveKind::PiecePromotion(_) => "+".to_string(),
                _ => String::new(),
            };
            format!("{}{}{promo}", m.from, m.to)
        })
        .collect();
    out.sort();
    out
}

pub(crate) fn has(pos: &FairyPosition, expected: &[&str], forbidden: &[&str]) {
    let list = moves(pos);
    for m in expected {
        assert!(list.iter().any(|x| x == m), "{m} missing from {list:?}");
    }
    for m in forbidden {
        assert!(!list.iter().any(|x| x == m), "{m} is in {list:?}");
    }
}

#[test]
fn custom_pieces_named_pieces_and_a_removed_piece_take_their_letters() {
    let ini = "[t:chess]\nknight = -\nfers = f\ncustomPiece1 = a:NN\nstartFen = 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";
    let pos = position(ini, "4k3/8/8/8/8/8/8/A3KF2 w - - 0 1");
    has(
        &pos,
        &["a1c2", "a1e3", "a1g4", "a1d7", "f1e2", "f1g2"],
        &["f1f2", "a1g5"],
    );
    assert!(FairyPosition::from_fen(rules(ini), "4k3/8/8/8/8/8/8/N3K3 w - - 0 1").is_err());
}

#[test]
fn king_with_betza_is_a_royal_piece_that_moves_so() {
    let pos = position("[t:chess]\nking = k:N\n", "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    has(&pos, &["e1d3", "e1f3", "e1c2", "e1g2"], &["e1e2", "e1d1"]);
    let checked = position("[t:chess]\nking = k:N\n", "4k3/8/8/8/8/3n4/8/4K3 w - - 0 1");
    assert!(checked.in_check(motley_rules::core::Color::White));
}

#[test]
fn start_fen_is_the_start() {
    let r = rules("[t:chess]\nstartFen = 4k3/8/8/8/8/8/8/4K2R w K - 0 1\n");
    has(&FairyPosition::start(r).unwrap(), &["e1g1", "h1h8"], &[]);
}

#[test]
fn promotion_region_pieces_pawns_and_mandatory() {
    let ini = "[t:chess]\npromotionRegionWhite = *7 *8\npromotionPieceTypesWhite = n\n";
    let pos = position(ini, "4k3/8/P7/8/8/8/8/4K3 w - - 0 1");
    has(&pos, &["a6a7n"], &["a6a7", "a6a7q"]);
    let optional = format!("{ini}mandatoryPawnPromotion = false\n");
    has(
        &position(&optional, "4k3/8/P7/8/8/8/8/4K3 w - - 0 1"),
        &["a6a7n", "a6a7"],
        &[],
    );
    let fers_promote = "[t:chess]\nfers = f\npromotionPawnTypes = pf\n";
    has(
        &position(fers_promote, "4k3/1F6/8/8/8/8/8/4K3 w - - 0 1"),
        &["b7a8q", "b7c8r"],
        &["b7a8"],
    );
}

#[test]
fn double_triple_steps_and_en_passant_regions() {
    let none = position(
        "[t:chess]\ndoubleStep = false\n",
        "4k3/8/8/8/8/8/P7/4K3 w - - 0 1",
    );
    has(&none, &["a2a3"], &["a2a4"]);
    let third = "[t:chess]\ndoubleStepRegionWhite = *3\ntripleStepRegionWhite = *2\n";
    has(
        &position(third, "4k3/8/8/8/8/1P6/P7/4K3 w - - 0 1"),
        &["a2a5", "b3b5"],
        &["a2a4"],
    );
    let ep = "4k3/8/8/8/1pP5/8/8/4K3 b - c3 0 1";
    has(&position("[t:chess]\n", ep), &["b4c3"], &[]);
    has(
        &position("[t:chess]\nenPassantRegionBlack = *6\n", ep),
        &["b4b3"],
        &["b4c3"],
    );
}

#[test]
fn en_passant_types_let_other_kinds_take_en_passant_and_the_pawn_always_may() {
    let archer = "[t:chess]\ncustomPiece1 = a:mWcF\n";
    let listed = "[t:chess]\ncustomPiece1 = a:mWcF\nenPassantTypes = pa\n";
    let before = "rnbqkbnr/pppppppp/8/4A3/8/8/PPPPPPPP/RN1QKANR b KQkq - 0 1";
    let after_d5 = |ini: &str| {
        let pos = position(ini, before);
        pos.played(find(&pos, "d7d5"))
    };
    // Unlisted, the archer's diagonal capture does not take en passant and
    // the double step leaves no en passant square.
    let unlisted = after_d5(archer);
    has(&unlisted, &["e5e6"], &["e5d6"]);
    assert!(!unlisted.to_fen().contains(" d6 "), "{}", unlisted.to_fen());
    let taker = after_d5(listed);
    has(&taker, &["e5d6"], &[]);
    assert!(taker.to_fen().contains(" d6 "), "{}", taker.to_fen());
    // Fairy-Stockfish's counts from the same position.
    assert_eq!(position(archer, before).perft(4), 256_670);
    assert_eq!(position(listed, before).perft(4), 258_725);
    // The pawn keeps en passant even when the list leaves it out.
    let none = "[t:chess]\nenPassantTypes = -\n";
    let pawn_ep = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
    has(&position(none, pawn_ep), &["e5d6"], &[]);
    let pawn_before = "rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    assert_eq!(position(none, pawn_before).perft(4), 370_140);
}

/// Knights and rooks that promote as shogi pieces do, into the last
/// three ranks, and must.
const PROMOTERS: &str = "[t:chess]\ncentaur = c\nchancellor = m\n\
    promotionRegionWhite = *6 *7 *8\npromotionRegionBlack = *3 *2 *1\n\
    promotedPieceType = n:c r:m\nmandatoryPiecePromotion = true\n";

/// A royal commoner that pawns and queens promote to, where they may.
const ROYAL_PROMOTION: &str = "[t:chess]\nking = -\ncommoner = k\ncastlingKingPiece = k\n\
    extinctionValue = loss\nextinctionPieceTypes = k\nextinctionPseudoRoyal = true\n\
    promotionPieceTypes = -\npromotedPieceType = p:k q:k\n";

#[test]
fn promoted_piece_type_promotes_into_within_and_out_of_the_region() {
    // Into the region the knight must promote; inside it every move does.
    let pos = position(PROMOTERS, "4k3/8/8/8/8/2N5/8/4K3 w - - 0 1");
    has(&pos, &["c3b5", "c3d5", "c3a4"], &["c3b5+", "c3d1+"]);
    let deep = position(PROMOTERS, "4k3/8/8/2N5/8/8/8/4K3 w - - 0 1");
    has(
        &deep,
        &["c5b7+", "c5d7+", "c5a6+", "c5b3"],
        &["c5b7", "c5a6"],
    );
    let inside = position(PROMOTERS, "4k3/8/2N5/8/8/8/8/4K3 w - - 0 1");
    has(&inside, &["c6b4+", "c6a7+"], &["c6b4", "c6a7"]);
    // Where it may, the plain move stays beside the promotion; the pawn
    // promotes so only into the region, as one of its promotions.
    let pawn = position(ROYAL_PROMOTION, "4k3/P7/8/8/8/8/1Q6/4K3 w - - 0 1");
    has(
        &pawn,
        &["a7a8+", "b2b8+", "b2b8", "b2b7"],
        &["a7a8", "b2b7+"],
    );
}

#[test]
fn promoted_pieces_are_written_plus_and_their_letter_and_go_to_the_hand_unpromoted() {
    let pos = position(
        PROMOTERS,
        "rnbqkb1r/ppppppp1/8/6Pp/5n2/P6P/1PPPPP1R/RNBQKBN1 b Qkq - 1 5",
    );
    let promoted = pos
        .legal_moves()
        .into_iter()
        .find(|m| m.uci(pos.rules()) == "f4d3+")
        .expect("f4d3+ is legal");
    let after = pos.played(promoted);
    assert_eq!(
        after.to_fen(),
        "rnbqkb1r/ppppppp1/8/6Pp/8/P2+n3P/1PPPPP1R/RNBQKBN1 w Qkq - 0 6"
    );
    let read = position(PROMOTERS, &after.to_fen());
    assert_eq!(read.to_fen(), after.to_fen());
    // Fairy-Stockfish's count from there, and from a promoted queen.
    assert_eq!(read.perft(3), 920);
    let queen = "rnb1kb1r/1p1p1n2/2pp1pP1/p6p/P2P3P/2PQB3/1P2P1P1/R+q2KBNR w KQkq - 0 15";
    assert_eq!(position(ROYAL_PROMOTION, queen).to_fen(), queen);
    // A promoted knight taken goes to the hand as a knight.
    let house = "[t:crazyhouse]\ncentaur = c\npromotedPieceType = n:c\n";
    let pos = position(
        house,
        "rnbqkb+Nr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R[] b KQkq - 0 1",
    );
    assert_eq!(
        pos.played(find(&pos, "h8g8")).to_fen(),
        "rnbqkbr1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R[n] w KQq - 0 2"
    );
    assert_eq!(pos.perft(3), 9512);
}

#[test]
fn promoted_pieces_count_perft_as_fairy_stockfish_counts() {
    let cases: [(&str, &str, [u64; 4]); 6] = [
        (
            PROMOTERS,
            "rnbqkb1r/ppppppp1/8/6Pp/5n2/P6P/1PPPPP1R/RNBQKBN1 b Qkq - 1 5",
            [26, 497, 13242, 298432],
        ),
        (
            PROMOTERS,
            "rnbqkb1r/pp1ppppp/8/P2P3n/2p5/6P1/1PP1PP1P/RNBQKBNR b KQkq - 0 5",
            [24, 798, 21688, 772484],
        ),
        (
            PROMOTERS,
            "r1bqkb1r/p1pppppp/np6/8/6nP/P6B/1PPPPP2/RNBQK1NR b KQkq - 1 5",
            [25, 494, 13085, 288611],
        ),
        (
            ROYAL_PROMOTION,
            "1rb1kbnr/pp1ppp2/n7/q1p3pp/P3P2P/3P3N/1PP1KPP1/RNBQ1B1R b k - 4 10",
            [31, 840, 26548, 764071],
        ),
        (
            ROYAL_PROMOTION,
            "rnb1kb1r/1p1p1n2/2pp1pP1/p6p/P2P3P/2PQB3/qP2P1P1/R3KBNR b KQkq - 0 14",
            [31, 1011, 30449, 1000067],
        ),
        (
            ROYAL_PROMOTION,
            "rnbqkb1r/pp2pp2/1Qpp3n/6pp/8/2P4N/PP1PPPPP/RNB1KB1R w KQkq - 2 6",
            [33, 860, 28230, 776664],
        ),
    ];
    for (ini, fen, counts) in cases {
        let pos = position(ini, fen);
        let mine: Vec<u64> = (1..=4).map(|d| pos.perft(d)).collect();
        assert_eq!(mine, counts, "{fen}");
    }
}

#[test]
fn a_shogi_promotion_makes_no_new_royal_piece_so_the_attacked_one_stays_royal() {
    // Black's king is in check; the queen's promotion to a second king
    // does not make the first one expendable (as Fairy-Stockfish has it).
    let pos = position(
        ROYAL_PROMOTION,
        "rnb1kbnr/2p2pp1/pp1p1q1p/1B2P3/8/2P1P3/PP1P2PP/RNBQK1NR b KQkq - 1 7",
    );
    has(&pos, &["c7c6", "e8e7"], &["f6f1+", "f6f1"]);
}

#[test]
fn checking_false_forbids_giving_check() {
    let pos = position(
        "[t:chess]\nchecking = false\n",
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
    );
    has(&pos, &["a1a7", "a1d1"], &["a1a8", "a1e1"]);
}

#[test]
fn must_capture_leaves_only_captures() {
    let pos = position(
        "[t:chess]\nmustCapture = true\n",
        "4k3/8/8/3p4/8/8/8/R2QK3 w - - 0 1",
    );
    assert_eq!(moves(&pos), ["d1d5"]);
}

#[test]
fn stalemate_and_checkmate_values() {
    let stalemate = "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1";
    assert_eq!(
        position("[t:chess]\n", stalemate).outcome(),
        Some(Verdict::Draw)
    );
    let win = position("[t:chess]\nstalemateValue = win\n", stalemate);
    assert_eq!(win.outcome(), Some(Verdict::Win));
    let mate = "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1";
    assert_eq!(position("[t:chess]\n", mate).outcome(), Some(Verdict::Loss));
    let lose = position("[t:chess]\ncheckmateValue = win\n", mate);
    assert_eq!(lose.outcome(), Some(Verdict::Win));
}

#[test]
fn extinction_of_a_kind_ends_the_game_with_its_count_and_claim() {
    let ini = "[t:chess]\nextinctionValue = loss\nextinctionPieceTypes = n\n";
    let gone = position(ini, "4k3/8/8/8/8/8/8/N3K3 b - - 0 1");
    assert_eq!(gone.outcome(), Some(Verdict::Loss));
    assert!(gone.legal_moves().is_empty());
    let two = format!("{ini}extinctionPieceCount = 1\n");
    // The opponent is counted first: both down to one, the mover wins.
    assert_eq!(
        position(&two, "4k3/8/8/8/8/8/n7/N3K3 b - - 0 1").outcome(),
        Some(Verdict::Win)
    );
    assert_eq!(
        position(&two, "4k3/8/8/8/8/8/n7/N2NK3 b - - 0 1").outcome(),
        Some(Verdict::Loss)
    );
    let bare = "[t:chess]\nextinctionValue = loss\nextinctionPieceTypes = *\nextinctionPieceCount = 1\nextinctionOpponentPieceCount = 2\nextinctionClaim = true\n";
    let can_bare_back = position(bare, "4k3/8/8/8/8/8/8/R3K3 b - - 0 1");
    assert_eq!(
        can_bare_back.variant_end(),
        None,
        "black to move may still bare White"
    );
    let bared = position(bare, "4k3/8/8/8/8/8/8/R3K2R b - - 0 1");
    assert_eq!(bared.variant_end(), Some(Verdict::Loss));
}

#[test]
fn pseudo_royal_pieces_may_not_be_left_attacked() {
    let ini = "[t:chess]\nextinctionValue = loss\nextinctionPieceTypes = q\nextinctionPseudoRoyal = true\nextinctionPieceCount = 64\n";
    let pos = position(ini, "4k3/8/8/8/8/8/r7/3QK3 w - - 0 1");
    has(&pos, &["d1d3", "d1h5", "e1f1"], &["d1d2", "d1c2", "d1a1"]);
}

#[test]
fn flag_region_wins_and_flag_move_gives_black_one_more_move() {
    let hill =
        "[t:chess]\nflagPiece = k\nflagRegionWhite = d4 e4 d5 e5\nflagRegionBlack = d4 e4 d5 e5\n";
    let there = position(hill, "4k3/8/8/8/3K4/8/8/8 b - - 0 1");
    assert_eq!(there.outcome(), Some(Verdict::Loss));
    assert_eq!(there.perft(1), 0);
    let race = "[t:chess]\nflagPiece = k\nflagRegionWhite = *8\nflagRegionBlack = *8\nflagMove = true\nchecking = false\n";
    let follow = position(race, "6K1/k7/8/8/8/8/8/8 b - - 0 1");
    assert_eq!(
        follow.variant_end(),
        None,
        "Black can still reach the eighth rank"
    );
    let both = follow.played(
        follow
            .legal_moves()
            .into_iter()
            .find(|m| m.to.rank() == 7)
            .unwrap(),
    );
    assert_eq!(both.outcome(), Some(Verdict::Draw));
    let too_far = position(race, "6K1/8/8/k7/8/8/8/8 b - - 0 1");
    assert_eq!(too_far.outcome(), Some(Verdict::Loss));
}

#[test]
fn check_counting_reads_the_fen_and_the_last_check_wins() {
    let ini = "[t:chess]\ncheckCounting = true\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1\n";
    let one_left = position(ini, "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1");
    let check = one_left
        .legal_moves()
        .into_iter()
        .find(|m| m.to.to_string() == "a8")
        .unwrap();
    assert_eq!(one_left.played(check).outcome(), Some(Verdict::Loss));
    let quiet = one_left
        .legal_moves()
        .into_iter()
        .find(|m| m.to.to_string() == "a2")
        .unwrap();
    assert_eq!(one_left.played(quiet).outcome(), None);
    let no_field = position(ini, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(no_field.perft(1), moves(&one_left).len() as u64);
}

#[test]
fn mobility_region_keeps_a_kind_inside_it() {
    let ini = "[t:chess]\nmobilityRegionWhiteKnight = *1 *2 *3\n";
    has(
        &position(ini, "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1"),
        &["b1a3", "b1d2"],
        &[],
    );
    has(
        &position(ini, "4k3/8/8/8/8/2N5/8/4K3 w - - 0 1"),
        &["c3b1"],
        &["c3b5", "c3d5"],
    );
}

#[test]
fn makpong_king_in_check_only_takes_its_checker() {
    let ini = "[t:chess]\nmakpongRule = true\n";
    has(
        &position(ini, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"),
        &["e1e2"],
        &["e1d1", "e1f1"],
    );
    has(
        &position("[t:chess]\n", "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"),
        &["e1d1"],
        &[],
    );
}

#[test]
fn draw_rules_are_read() {
    let r = rules(
        "[t:chess]\nnMoveRule = 70\nnFoldRule = 5\nnFoldValue = loss\ncountingRule = makruk\n",
    );
    assert_eq!(
        (r.n_move_rule, r.n_fold_rule, r.n_fold),
        (70, 5, Verdict::Loss)
    );
    assert!(r.counting.is_some());
    assert_eq!(rules("[t:pawnback]\n").n_move_kinds, 0);
    let chess = rules("[t:chess]\n");
    assert_eq!(chess.n_move_kinds, 1 << chess.pawn.unwrap());
}

#[test]
fn the_move_count_restarts_on_captures_promotions_and_irreversible_pawn_moves() {
    let after = |ini: &str, fen: &str, uci: &str| {
        let pos = position(ini, fen);
        let m = pos
            .legal_moves()
            .into_iter()
            .find(|m| m.uci(pos.rules()) == uci)
            .unwrap();
        pos.played(m).to_fen()
    };
    let fen = "4k3/8/8/8/8/8/3P4/4K1N1 w - - 7 20";
    assert!(after("[t:chess]\n", fen, "d2d3").ends_with(" 0 20"));
    assert!(after("[t:chess]\n", fen, "g1f3").ends_with(" 8 20"));
    assert!(after(
        "[t:pawnsideways]\n",
        "4k3/8/8/8/8/3P4/8/4K3 w - - 7 20",
        "d3c3"
    )
    .ends_with(" 8 20"));
    assert!(after(
        "[t:pawnsideways]\n",
        "4k3/8/8/8/8/3P4/8/4K3 w - - 7 20",
        "d3d4"
    )
    .ends_with(" 0 20"));
}

#[test]
fn display_keys_and_default_values_are_accepted() {
    rules("[t:chess]\npieceToCharTable = PNBRQK\nvariantTemplate = fairy\nmaxRank = 8\nmaxFile = h\npass = false\nblastOnCapture = false\n");
}

/// Bad keys and values: each refuses its section with the line and key.
#[test]
fn bad_keys_and_values_are_refused_naming_line_and_key() {
    let cases: &[(&str, &str)] = &[
        (
            "petrifyOnCaptureTypes = q",
            "petrifyOnCaptureTypes is not supported",
        ),
        ("wallingRule = duck", "wallingRule is not supported"),
        (
            "capturesToHand = true",
            "capturesToHand without pieceDrops is not supported",
        ),
        ("pass = maybe", "pass"),
        ("maxRank = 17", "maxRank = 17: a board has 1 to 16 files"),
        ("maxFile = q", "maxFile = q: a board has"),
        ("maxRank = 0", "maxRank = 0: a board has"),
        (
            "castlingKingsideFile = q",
            "castlingKingsideFile = q is not supported",
        ),
        (
            "castlingRank = 9",
            "castling's squares are not on the board",
        ),
        ("gating = true", "gating is not supported"),
        ("connectN = 4", "connectN is not supported"),
        ("someKeyNobodyKnows = 1", "unknown key 'someKeyNobodyKnows'"),
        ("countingRule = cambodian", "countingRule = cambodian"),
        (
            "promotedPieceType = n-c",
            "'n-c' is not pieces paired as letter:letter (p:g n:e)",
        ),
        (
            "promotedPieceType = n:x",
            "promotedPieceType: 'x' is no piece of this variant",
        ),
        (
            "pieceDemotion = true",
            "pieceDemotion is counted by `motley variant perft` but not played in games yet",
        ),
        ("promotionLimit = x:1", "promotionLimit: 'x' is no piece"),
        ("bikjangRule = true", "bikjangRule"),
        ("doubleStep = maybe", "'maybe' is not true or false"),
        ("checking = 1", "'1' is not true or false"),
        ("nMoveRule = -1", "nMoveRule"),
        ("nMoveRule = 99999999999", "nMoveRule"),
        (
            "stalemateValue = lose",
            "'lose' is not win, loss, draw or none",
        ),
        ("promotionRegionWhite = i9", "'i9' is not a square"),
        ("flagRegion = *9", "'*9'"),
        ("doubleStepRegionWhite = a", "'a'"),
        (
            "promotionPieceTypes = qz",
            "'z' is no piece of this variant",
        ),
        ("extinctionPieceTypes = x", "'x' is no piece"),
        ("castlingRookPieces = y", "'y' is no piece"),
        ("flagPiece = kq", "a flag of more than one kind"),
        (
            "castlingKingPieceWhite = q",
            "castling pieces that differ by side",
        ),
        (
            "customPiece1 = a:NX",
            "character 2 ('X') is not Betza notation",
        ),
        (
            "customPiece1 = a",
            "a custom piece is a letter, ':' and its moves",
        ),
        (
            "customPiece2 = 7:B",
            "a custom piece is a letter, ':' and its moves",
        ),
        ("customPiece1 = a:pN", "not supported"),
        ("customPiece1 = a:nW", "not supported"),
        (
            "startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1",
            "'Z' is no piece",
        ),
        ("startFen = 8/8/8 w - - 0 1", "not 8 rows of 8 squares"),
        ("startFen = 4k3/8/8/8/8/8/8/4K3 x - - 0 1", "not w or b"),
        (
            "startFen = 4k3/8/8/8/8/8/8/4K3 w KX - 0 1",
            "castling rights",
        ),
        ("startFen = 4k3/8/8/8/8/8/8/4K3 w - z9 0 1", "en passant"),
        ("startFen = 4k3", "needs placement"),
    ];
    for (line, expected) in cases {
        let ini = format!("# a comment\n[t:chess]\n{line}\n");
        let errors = section_rules(&ini).expect_err(line);
        let err = &errors.0[0];
        assert_eq!(errors.0.len(), 1, "{line}: {errors}");
        assert_eq!(err.line, 3, "{line}: {err}");
        assert!(err.to_string().contains(expected), "{line}: {err}");
    }
    assert!(cases.len() >= 30);
}

// Issue 31, item 16: as in Fairy-Stockfish, a piece given the letter of
// one before it takes the letter and the other piece is gone, so every
// letter can be a kind of its own and no more kinds than letters arise.
#[test]
fn item_16_a_letter_given_twice_replaces_the_first_piece() {
    let mut ini = String::from("[t]\n");
    for (i, c) in "abcdefghijlmnopqrstuvwxyz".chars().enumerate() {
        ini += &format!("customPiece{} = {c}:W\n", i + 1);
    }
    ini += "pawn = p\nknight = n\nbishop = b\nrook = r\nqueen = q\nking = k\nfers = f\n";
    ini += "startFen = 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";
    let r = section_rules(&ini).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.kinds.len(), 26);
    // The custom pieces came after the named ones: theirs are the letters.
    let n = r.kind_of_letter('n').unwrap();
    assert_eq!(r.kinds[usize::from(n)].name, "customPiece13");
    assert_eq!(r.kinds[usize::from(n)].betza, "W");
}

#[test]
fn a_missing_parent_refuses_only_its_section() {
    let reports =
        read_fairy_file("[a:chess]\n[b:nothing]\n[c:a]\nflagPiece = k\nflagRegion = d4\n").sections;
    assert!(reports[0].rules().is_ok());
    let err = reports[1].rules().unwrap_err();
    assert!(
        err.to_string().contains("nothing") && err.0[0].line == 2,
        "{err}"
    );
    assert!(reports[2].rules().is_ok());
}

/// The move `uci` (as Fairy-Stockfish writes it) among `pos`'s moves.
pub(crate) fn find(pos: &FairyPosition, uci: &str) -> motley_rules::fairy::FairyMove {
    let rules = pos.rules().clone();
    pos.legal_moves()
        .into_iter()
        .find(|m| m.uci(&rules) == uci)
        .unwrap_or_else(|| panic!("{uci} is not a move"))
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn pass_lets_a_side_stay_put_but_never_in_check_and_two_passes_in_a_row_draw() {
    let ini = "[t:chess]\npass = true\n";
    let start = position(ini, START);
    has(&start, &["e1e1", "e2e4"], &[]);
    let passed = start.played(find(&start, "e1e1"));
    // Fairy-Stockfish's FEN after the pass: the count goes on.
    assert_eq!(
        passed.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1"
    );
    let both = passed.played(find(&passed, "e8e8"));
    assert_eq!(both.outcome(), Some(Verdict::Draw));
    assert!(both.legal_moves().is_empty());
    // A pass then a move, then a pass again, goes on.
    let moved = passed.played(find(&passed, "e7e5"));
    let again = moved.played(find(&moved, "e1e1"));
    assert_eq!(again.outcome(), None);
    // In check, staying put is no answer.
    let check = position(ini, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
    has(&check, &["e1d1", "e1f1", "e1e2"], &["e1e1"]);
    // Fairy-Stockfish c19b5f6c's counts, from the start and kiwipete.
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let counts = [21, 441, 10187, 234549];
    for (depth, n) in (1..).zip(counts) {
        assert_eq!(start.perft(depth), n, "start, depth {depth}");
    }
    for (depth, n) in (1..).zip([49, 2131, 104368]) {
        assert_eq!(position(ini, kiwipete).perft(depth), n, "kiwipete, {depth}");
    }
    let kiwi = position(ini, kiwipete);
    assert_eq!(
        kiwi.played(find(&kiwi, "e1e1")).to_fen(),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 1 1"
    );
}

#[test]
fn pass_on_stalemate_is_the_only_move_of_a_stalemated_side_and_no_move_otherwise() {
    let ini = "[t:chess]\npassOnStalemate = true\n";
    let start = position(ini, START);
    has(&start, &["e2e4"], &["e1e1"]);
    assert_eq!(start.perft(3), 8902);
    let stalemated = position(ini, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(moves(&stalemated), ["h8h8"]);
    assert_eq!(stalemated.outcome(), None);
    assert_eq!(stalemated.perft(2), 26);
    // Only one side may: the other is stalemated as in chess.
    let white_only = "[t:chess]\npassOnStalemateWhite = true\n";
    let black = position(white_only, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(black.outcome(), Some(Verdict::Draw));
}

#[test]
fn a_pass_without_a_king_is_the_first_pieces_and_a_pawns_pass_restarts_the_count() {
    let ini = "[t:horde]\npass = true\n";
    let horde = position(
        ini,
        "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
    );
    has(&horde, &["a1a1"], &["b1b1"]);
    assert_eq!(
        horde.played(find(&horde, "a1a1")).to_fen(),
        "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP b kq - 0 1"
    );
    for (depth, n) in (1..).zip([9, 153, 1642, 31401]) {
        assert_eq!(horde.perft(depth), n, "depth {depth}");
    }
    assert_eq!(position(ini, "4k3/8/8/8/8/8/8/P7 w - - 0 1").perft(2), 18);
}

#[test]
fn stalemate_piece_count_gives_the_stalemate_to_the_side_with_fewer_pieces() {
    let ini = "[t:chess]\nstalematePieceCount = true\nstalemateValue = loss\n";
    // Black, stalemated with one piece against two, gets the loss.
    let fewer = position(ini, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(fewer.outcome(), Some(Verdict::Loss));
    // With more pieces than White, the opposite.
    let more = position(ini, "7k/5Q2/6K1/p7/p7/p7/P7/8 b - - 0 1");
    assert!(more.legal_moves().is_empty(), "{:?}", moves(&more));
    assert_eq!(more.outcome(), Some(Verdict::Win));
    // As many: a draw.
    let equal = position(ini, "7k/5Q2/6K1/8/p7/p7/P7/8 b - - 0 1");
    assert!(equal.legal_moves().is_empty());
    assert_eq!(equal.outcome(), Some(Verdict::Draw));
}

#[test]
fn the_n_move_rule_draws_after_as_many_moves_without_progress_unless_mated() {
    let chess = "[t:chess]\n";
    let quiet = "4k3/8/8/8/8/8/8/R3K3 w - - {} 80";
    let at = |ini: &str, clock: u32| position(ini, &quiet.replace("{}", &clock.to_string()));
    assert_eq!(at(chess, 99).outcome(), None);
    assert_eq!(at(chess, 100).outcome(), Some(Verdict::Draw));
    // The moves are still there: perft, as Fairy-Stockfish's, counts on.
    assert!(!at(chess, 100).legal_moves().is_empty());
    let shorter = "[t:chess]\nnMoveRule = 10\n";
    assert_eq!(at(shorter, 19).outcome(), None);
    assert_eq!(at(shorter, 20).outcome(), Some(Verdict::Draw));
    assert_eq!(at("[t:chess]\nnMoveRule = 0\n", 500).outcome(), None);
    // A mate on the last move counts.
    let mated = position(chess, "R3k3/8/4K3/8/8/8/8/8 b - - 100 80");
    assert_eq!(mated.outcome(), Some(Verdict::Loss));
}

// Issue 31, item 15: typos read as "not supported", and only the first
// error of a section was told. Now each is an unknown key with the key
// meant, and every error of the section comes at once, by line.
#[test]
fn item_15_typos_are_unknown_keys_and_every_error_is_reported() {
    let ini = "[t:chess]\npromotionPeiceTypes = q\nstartFEN = 8/8/8/8/8/8/8/8 w - - 0 1\n\
               flagpiece = k\ncastling = maybe\ngating = true\n";
    let errors = section_rules(ini).expect_err("refused");
    let lines: Vec<usize> = errors.0.iter().map(|e| e.line).collect();
    assert_eq!(lines, [2, 3, 4, 5, 6], "{errors}");
    let text = errors.to_string();
    for said in [
        "line 2: unknown key 'promotionPeiceTypes' (did you mean promotionPieceTypes?)",
        "line 3: unknown key 'startFEN' (did you mean startFen?)",
        "line 4: unknown key 'flagpiece' (did you mean flagPiece?)",
        "line 5: castling: 'maybe' is not true or false",
        "line 6: gating is not supported",
    ] {
        assert!(text.contains(said), "{said} in {text}");
    }
}

// Issue 31, item 16: Fairy-Stockfish's own idiom, a custom piece that
// redefines a letter, plays as there: the custom piece is the `p`, with
// its own double step (`ifmnD`), and the chess pawn is gone.
#[test]
fn item_16_a_custom_piece_may_take_the_pawns_letter() {
    let ini = "[t:chess]\ncustomPiece1 = p:mWfceFifmnD\npromotionPawnTypes = p\n";
    let r = rules(ini);
    let p = usize::from(r.kind_of_letter('p').expect("a p"));
    assert_eq!(r.kinds[p].name, "customPiece1");
    assert!(r.kinds.iter().all(|k| k.name != "pawn"));
    let pos = FairyPosition::start(r).unwrap();
    let all = moves(&pos);
    for m in ["e2e3", "e2e4"] {
        assert!(all.contains(&m.to_string()), "{m} in {all:?}");
    }
}

// Issue 31, item 16: refusals of Betza text say what is wrong in words,
// never as the program's own names.
#[test]
fn item_16_betza_refusals_are_in_words() {
    for (betza, words) in [
        ("pN", "a hopper along 'N' leaps"),
        ("nC", "a lame 'C' leap"),
        ("nNN", "a lame rider"),
        ("DD", "a rider of 'D'"),
    ] {
        let ini = format!("[t:chess]\ncustomPiece1 = a:{betza}\n");
        let e = section_rules(&ini).expect_err(betza).to_string();
        assert!(e.contains(words), "{betza}: {e}");
        for rust in ["Atom(", "LameRider", "HopperRange", "Unsupported"] {
            assert!(!e.contains(rust), "{betza}: {e}");
        }
    }
}

// Issue 34: `pawnTypes` names the kinds that promote, take en passant and
// restart the move count, as Fairy-Stockfish reads it (before the keys
// that name each of these on their own).
#[test]
fn pawn_types_promote_and_restart_the_move_count() {
    let ini = "[t:chess]\ncustomPiece1 = s:fmWfceF\npawnTypes = ps\n";
    let pos = position(ini, "4k3/S7/8/8/8/8/8/4K3 w - - 7 20");
    has(&pos, &["a7a8q", "a7a8n"], &["a7a8"]);
    let stepped = pos.played(find(&pos, "a7a8q"));
    assert!(stepped.to_fen().ends_with(" 0 20"), "{}", stepped.to_fen());
    // Without the key the piece is not a pawn: it stands on the last rank
    // unpromoted, and its move counts on.
    let plain = position(
        "[t:chess]\ncustomPiece1 = s:fmWfceF\n",
        "4k3/S7/8/8/8/8/8/4K3 w - - 7 20",
    );
    has(&plain, &["a7a8"], &["a7a8q"]);
    let moved = plain.played(find(&plain, "a7a8"));
    assert!(moved.to_fen().ends_with(" 8 20"), "{}", moved.to_fen());
}
