//! Betza notation: each atom, modifier, rider, hopper and lame leaper
//! against squares listed by hand, on an open board and a crowded one
//! (docs/rules.md, "Pieces in Betza notation").

use motley_rules::core::betza::{
    named_piece, Betza, BetzaError, Movement, PieceMoves, Reach, Unsupported, NAMED_PIECES,
};
use motley_rules::core::grid::Grid8;
use motley_rules::core::{Bitboard, Color, Square};

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

fn set(names: &str) -> Bitboard {
    names
        .split_whitespace()
        .fold(Bitboard::EMPTY, |b, n| b.with(sq(n)))
}

fn names(b: Bitboard) -> String {
    let mut v: Vec<String> = b.map(|s| s.to_string()).collect();
    v.sort();
    v.join(" ")
}

fn sorted(list: &str) -> String {
    names(set(list))
}

/// The squares `betza` reaches for `reach` from `from` with pieces on
/// `occupied` (White's piece unless said).
fn reach_as(color: Color, betza: &str, reach: Reach, from: &str, occupied: &str) -> String {
    let piece = PieceMoves::<Grid8>::new(&Betza::parse(betza).unwrap());
    names(piece.reach(reach, color, sq(from), set(occupied)))
}

fn quiet(betza: &str, from: &str, occupied: &str) -> String {
    reach_as(Color::White, betza, Reach::Quiet, from, occupied)
}

fn captures(betza: &str, from: &str, occupied: &str) -> String {
    reach_as(Color::White, betza, Reach::Capture, from, occupied)
}

#[test]
fn each_leaper_atom_jumps_its_own_distance_from_d4() {
    let cases = [
        ("W", "c4 d3 d5 e4"),
        ("F", "c3 c5 e3 e5"),
        ("D", "b4 d2 d6 f4"),
        ("N", "b3 b5 c2 c6 e2 e6 f3 f5"),
        ("A", "b2 b6 f2 f6"),
        ("H", "a4 d1 d7 g4"),
        ("C", "a3 a5 c1 c7 e1 e7 g3 g5"),
        ("L", "a3 a5 c1 c7 e1 e7 g3 g5"),
        ("Z", "a2 a6 b1 b7 f1 f7 g2 g6"),
        ("J", "a2 a6 b1 b7 f1 f7 g2 g6"),
        ("G", "a1 a7 g1 g7"),
        ("K", "c3 c4 c5 d3 d5 e3 e4 e5"),
    ];
    for (atom, squares) in cases {
        assert_eq!(quiet(atom, "d4", ""), sorted(squares), "{atom}");
        assert_eq!(captures(atom, "d4", ""), sorted(squares), "{atom}");
    }
}

#[test]
fn a_leaper_jumps_over_a_crowd_and_stays_on_the_board() {
    let crowd = "c3 c4 c5 d3 d5 e3 e4 e5";
    assert_eq!(quiet("N", "d4", crowd), sorted("b3 b5 c2 c6 e2 e6 f3 f5"));
    assert_eq!(quiet("N", "a1", ""), sorted("b3 c2"));
    assert_eq!(quiet("G", "a1", ""), sorted("d4"));
}

#[test]
fn rook_bishop_and_queen_ride_until_the_first_piece_which_they_reach() {
    let crowd = "d6 f4 b2 f6";
    assert_eq!(
        quiet("R", "d4", crowd),
        sorted("d5 d6 d3 d2 d1 e4 f4 c4 b4 a4")
    );
    assert_eq!(
        quiet("B", "d4", crowd),
        sorted("e5 f6 c3 b2 e3 f2 g1 c5 b6 a7")
    );
    assert_eq!(
        quiet("Q", "d4", crowd),
        sorted("d5 d6 d3 d2 d1 e4 f4 c4 b4 a4 e5 f6 c3 b2 e3 f2 g1 c5 b6 a7")
    );
}

#[test]
fn a_doubled_atom_rides_and_a_digit_limits_the_ride() {
    assert_eq!(quiet("WW", "d4", "d6"), quiet("R", "d4", "d6"));
    assert_eq!(quiet("FF", "a1", ""), quiet("B", "a1", ""));
    assert_eq!(quiet("W2", "d4", ""), sorted("d5 d6 d3 d2 c4 b4 e4 f4"));
    assert_eq!(quiet("W2", "d4", "d5"), sorted("d5 d3 d2 c4 b4 e4 f4"));
    assert_eq!(quiet("R0", "a1", ""), quiet("R", "a1", ""));
    assert_eq!(quiet("K1", "d4", ""), quiet("K", "d4", ""));
}

#[test]
fn the_nightrider_repeats_knight_leaps_until_blocked() {
    assert_eq!(quiet("NN", "a1", ""), sorted("b3 c5 d7 c2 e3 g4"));
    assert_eq!(quiet("NN", "a1", "c5"), sorted("b3 c5 c2 e3 g4"));
    assert_eq!(quiet("N0", "a1", "b3"), sorted("b3 c2 e3 g4"));
}

#[test]
fn forward_backward_and_sideways_choose_the_straight_directions() {
    assert_eq!(quiet("fW", "d4", ""), sorted("d5"));
    assert_eq!(quiet("bW", "d4", ""), sorted("d3"));
    assert_eq!(quiet("lW", "d4", ""), sorted("c4"));
    assert_eq!(quiet("rW", "d4", ""), sorted("e4"));
    assert_eq!(quiet("sW", "d4", ""), sorted("c4 e4"));
    assert_eq!(quiet("vW", "d4", ""), sorted("d3 d5"));
    // A mixed pair on a lone straight atom is both letters: a soldier.
    assert_eq!(quiet("fsW", "d4", ""), sorted("c4 d5 e4"));
    assert_eq!(quiet("fR", "d4", "d7"), sorted("d5 d6 d7"));
}

#[test]
fn directions_on_the_diagonal_atoms_pick_pairs_or_single_moves() {
    assert_eq!(quiet("fF", "d4", ""), sorted("c5 e5"));
    assert_eq!(quiet("bF", "d4", ""), sorted("c3 e3"));
    assert_eq!(quiet("rF", "d4", ""), sorted("e3 e5"));
    assert_eq!(quiet("lF", "d4", ""), sorted("c3 c5"));
    assert_eq!(quiet("frF", "d4", ""), sorted("e5"));
    assert_eq!(quiet("rfF", "d4", ""), sorted("e5"));
    assert_eq!(quiet("blF", "d4", ""), sorted("c3"));
    assert_eq!(quiet("vF", "d4", ""), quiet("F", "d4", ""));
}

#[test]
fn directions_on_the_knight_distinguish_narrow_and_wide_moves() {
    // f alone is the two narrow forward moves (the shogi knight).
    assert_eq!(quiet("fN", "d4", ""), sorted("c6 e6"));
    assert_eq!(quiet("ffN", "d4", ""), sorted("c6 e6"));
    assert_eq!(quiet("fsN", "d4", ""), sorted("b5 f5"));
    assert_eq!(quiet("fhN", "d4", ""), sorted("b5 c6 e6 f5"));
    assert_eq!(quiet("bhN", "d4", ""), sorted("b3 c2 e2 f3"));
    assert_eq!(quiet("rhN", "d4", ""), sorted("e2 e6 f3 f5"));
    assert_eq!(quiet("sN", "d4", ""), sorted("b3 b5 f3 f5"));
    assert_eq!(quiet("vN", "d4", ""), sorted("c2 c6 e2 e6"));
    assert_eq!(quiet("rfN", "d4", ""), sorted("e6"));
    assert_eq!(quiet("frN", "d4", ""), sorted("f5"));
    assert_eq!(quiet("hrN", "d4", ""), sorted("e6 c2 f3 b5"));
    assert_eq!(quiet("hlN", "d4", ""), sorted("c6 e2 f5 b3"));
}

#[test]
fn blacks_moves_are_whites_turned_round() {
    let black = |b: &str| reach_as(Color::Black, b, Reach::Quiet, "d4", "");
    assert_eq!(black("fW"), sorted("d3"));
    assert_eq!(black("fN"), sorted("c2 e2"));
    assert_eq!(black("rF"), sorted("c3 c5"));
}

#[test]
fn move_only_and_capture_only_parts_split_the_powers() {
    // The knibis: moves as a knight, captures as a bishop.
    assert_eq!(quiet("mNcB", "d4", "f6"), quiet("N", "d4", ""));
    assert_eq!(captures("mNcB", "d4", "f6"), quiet("B", "d4", "f6"));
    // A chess pawn without its double step.
    assert_eq!(quiet("fmWfcF", "e2", ""), sorted("e3"));
    assert_eq!(captures("fmWfcF", "e2", ""), sorted("d3 f3"));
}

#[test]
fn a_cannon_moves_as_a_rook_and_captures_over_one_piece() {
    let crowd = "d6 d8 f4 g4 d2";
    assert_eq!(
        quiet("mRcpR", "d4", crowd),
        sorted("d5 d6 e4 f4 c4 b4 a4 d3 d2")
    );
    // Over d6 to d7 and d8; over f4 to g4; over d2 to d1 (a capture
    // there needs an enemy on it, which the caller checks).
    assert_eq!(captures("mRcpR", "d4", crowd), sorted("d7 d8 g4 d1"));
}

#[test]
fn a_hopper_lands_anywhere_beyond_its_hurdle_up_to_the_next_piece() {
    assert_eq!(
        quiet("pR", "a1", "a3 a6 c1"),
        sorted("a4 a5 a6 d1 e1 f1 g1 h1")
    );
    assert_eq!(quiet("pB", "a1", "c3"), sorted("d4 e5 f6 g7 h8"));
    assert_eq!(quiet("pR", "a1", ""), "");
    // A hopper written on the wazir hops along the whole line.
    assert_eq!(quiet("pW", "a1", "a3 a6 c1"), quiet("pR", "a1", "a3 a6 c1"));
}

#[test]
fn a_grasshopper_lands_just_beyond_its_hurdle() {
    let crowd = "d6 f4 f6 b2 a4";
    assert_eq!(quiet("gQ", "d4", crowd), sorted("d7 g4 g7 a1"));
    assert_eq!(quiet("gR", "d4", "d5 d6"), sorted("d6"));
    assert_eq!(quiet("gQ", "d4", "h8 d8"), "");
    assert_eq!(quiet("fgR", "d4", "d6 d2"), sorted("d7"));
}

#[test]
fn a_lame_knight_is_blocked_by_the_square_beside_it_on_its_long_side() {
    assert_eq!(quiet("nN", "d4", ""), quiet("N", "d4", ""));
    // d5 blocks c6 and e6; e4 blocks f5 and f3.
    assert_eq!(quiet("nN", "d4", "d5 e4"), sorted("b3 b5 c2 e2"));
    // Pieces on the diagonal neighbours block nothing.
    assert_eq!(quiet("nN", "d4", "c3 c5 e3 e5"), quiet("N", "d4", ""));
}

#[test]
fn lame_alfil_dabbaba_and_zebra_need_their_way_free() {
    assert_eq!(quiet("nA", "d4", "e5"), sorted("b2 b6 f2"));
    assert_eq!(quiet("nD", "d4", "d5 c4"), sorted("d2 f4"));
    // The zebra's way to f7 is d5 then e6; to b7, d5 then c6.
    assert_eq!(quiet("nZ", "d4", "e6"), sorted("a2 a6 b1 b7 f1 g2 g6"));
    assert_eq!(quiet("nZ", "d4", "d5"), sorted("a2 a6 b1 f1 g2 g6"));
    assert_eq!(quiet("nZ", "d4", ""), quiet("Z", "d4", ""));
}

#[test]
fn initial_moves_are_quiet_and_apart() {
    // Berolina's pawn: diagonal steps, straight captures, and from the
    // double-step region a lame diagonal double step.
    let berolina = "mfFcfeWimfnA";
    assert_eq!(quiet(berolina, "e2", ""), sorted("d3 f3"));
    assert_eq!(captures(berolina, "e2", ""), sorted("e3"));
    let initial = |occupied| reach_as(Color::White, berolina, Reach::InitialQuiet, "e2", occupied);
    assert_eq!(initial(""), sorted("c4 g4"));
    assert_eq!(initial("f3"), sorted("c4"));
    let b = Betza::parse(berolina).unwrap();
    assert!(b.parts[1].en_passant && b.parts[1].capture && !b.parts[1].quiet);
    assert!(b.parts[2].initial && !b.parts[2].capture);
}

#[test]
fn moves_mask_quiet_moves_to_empty_squares_and_captures_to_enemies() {
    let pawn = PieceMoves::<Grid8>::new(&Betza::parse("fmWfcFifmW").unwrap());
    let at = |occ: &str, enemies: &str, initial| {
        names(pawn.moves(Color::White, sq("e2"), set(occ), set(enemies), initial))
    };
    assert_eq!(at("", "", false), sorted("e3"));
    assert_eq!(at("d3 f3", "d3", false), sorted("e3 d3"));
    assert_eq!(at("e3", "e3", true), "");
}

#[test]
fn parts_record_their_movement_and_steps() {
    let b = Betza::parse("mRcpRnNgB3").err();
    assert_eq!(
        b,
        Some(BetzaError::Unsupported {
            at: 9,
            what: Unsupported::HopperRange
        })
    );
    let b = Betza::parse("RcpRnN").unwrap();
    let movements: Vec<Movement> = b.parts.iter().map(|p| p.movement).collect();
    assert_eq!(
        movements,
        [
            Movement::Ride { limit: 0 },
            Movement::Hop { grasshopper: false },
            Movement::Lame
        ]
    );
    assert_eq!(b.parts[0].steps.len(), 4);
    assert_eq!(b.parts[2].steps.len(), 8);
    assert_eq!(Betza::parse("").unwrap().parts, []);
}

#[test]
fn bad_betza_text_is_refused_at_the_character_at_fault() {
    let err = |t: &str| Betza::parse(t).unwrap_err();
    assert_eq!(err("NX"), BetzaError::UnknownCharacter { at: 2, ch: 'X' });
    assert_eq!(err("N2é"), BetzaError::UnknownCharacter { at: 3, ch: 'é' });
    assert_eq!(err("Wfm"), BetzaError::NoAtom { at: 2 });
    assert_eq!(err("f"), BetzaError::NoAtom { at: 1 });
    let unsupported = |t: &str, at, what| {
        assert_eq!(err(t), BetzaError::Unsupported { at, what }, "{t}");
    };
    unsupported("DD", 1, Unsupported::RiderAtom('D'));
    unsupported("WA0", 2, Unsupported::RiderAtom('A'));
    unsupported("pN", 2, Unsupported::HopperAtom('N'));
    unsupported("gD", 2, Unsupported::HopperAtom('D'));
    unsupported("nW", 2, Unsupported::LameAtom('W'));
    unsupported("nNN", 2, Unsupported::LameRider);
    unsupported("icW", 3, Unsupported::InitialCapture);
    let long = "N".repeat(65);
    assert_eq!(err(&long), BetzaError::TooLong { len: 65 });
    assert!(err("NX").to_string().contains("character 2"));
}

#[test]
fn every_named_piece_reads_and_the_well_known_ones_move_as_they_should() {
    for (name, text) in NAMED_PIECES {
        assert!(Betza::parse(text).is_ok(), "{name}: {text}");
    }
    let moves = |name| quiet(named_piece(name).unwrap(), "d4", "");
    assert_eq!(moves("fers"), sorted("c3 c5 e3 e5"));
    assert_eq!(moves("alfil"), sorted("b2 b6 f2 f6"));
    assert_eq!(moves("wazir"), sorted("c4 d3 d5 e4"));
    assert_eq!(moves("silver"), sorted("c3 c5 e3 e5 d5"));
    assert_eq!(moves("gold"), sorted("c4 d3 d5 e4 c5 e5"));
    assert_eq!(
        moves("centaur"),
        sorted("c3 c4 c5 d3 d5 e3 e4 e5 b3 b5 c2 c6 e2 e6 f3 f5")
    );
    assert_eq!(
        moves("amazon"),
        names(set(&quiet("Q", "d4", "")) | set(&quiet("N", "d4", "")))
    );
    assert_eq!(moves("immobile"), "");
    assert_eq!(named_piece("pawn"), None);
}

/// The moves of 100 Betza texts from three squares among pieces of both
/// sides, as Fairy-Stockfish generates them (the numbers are data:
/// `tests/betza/fairy_stockfish_moves.txt`). A piece on the second rank
/// also has its initial moves (chess's double-step region).
#[test]
fn moves_agree_with_fairy_stockfish_on_900_boards() {
    let data = include_str!("../betza/fairy_stockfish_moves.txt");
    let mut checked = 0;
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [betza, from, own, enemies, expected] = fields[..] else {
            panic!("malformed line: {line}");
        };
        let from = sq(from);
        // The kings stand on h1 and a8 in every board.
        let own = set(own).with(sq("h1")).with(from);
        let enemies = set(enemies).with(sq("a8"));
        let piece = PieceMoves::<Grid8>::new(&Betza::parse(betza).unwrap());
        let initial = from.rank() == 1;
        let got = piece.moves(Color::White, from, own | enemies, enemies, initial);
        assert_eq!(names(got), sorted(expected), "{line}");
        checked += 1;
    }
    assert_eq!(checked, 900);
}

#[test]
fn a_piece_is_put_in_plain_words_for_its_legend() {
    use motley_game::variant::betza_words::betza_in_words;
    let words = |t: &str| betza_in_words(&Betza::parse(t).unwrap(), true);
    assert_eq!(words("N"), "moves or captures a knight's leap");
    assert_eq!(
        words("K"),
        "moves or captures one square straight or one square diagonally"
    );
    assert_eq!(
        words("fmWfceF"),
        "moves one square straight (forward); captures one square diagonally (forward), en passant too"
    );
    assert_eq!(
        words("mRcpR"),
        "moves one square straight, repeated any number of times along a line; \
         captures along a line of one square straight steps over one piece, to any square beyond it"
    );
    assert_eq!(
        words("nN"),
        "moves or captures a knight's leap, unless a piece stands on its way"
    );
    assert_eq!(
        words("W3"),
        "moves or captures one square straight, repeated up to 3 times along a line"
    );
    assert_eq!(
        words("fsW"),
        "moves or captures one square straight (forward and sideways)"
    );
    assert_eq!(words("bC"), "moves or captures a (3,1) leap (backward)");
    assert_eq!(words(""), "does not move");
}

/// A set moved by whole steps loses the squares pushed off an edge and
/// never wraps round to the other side of the board.
#[test]
fn a_set_shifted_sideways_loses_its_edge_squares_instead_of_wrapping() {
    let edges = set("a1 h1 a8 h8 d4");
    assert_eq!(names(edges.shifted(1, 0)), "b1 b8 e4");
    assert_eq!(names(edges.shifted(-2, 1)), "b5 f2");
    assert_eq!(names(edges.shifted(0, -1)), sorted("a7 d3 h7"));
    assert_eq!(names(edges.shifted(8, 0)), "");
}

/// Counting all pieces of a leaper at once (perft's last ply) gives
/// what adding up each piece's own moves gives, for both sides, on a
/// crowded board; and the squares a leap lands in `targets` from are
/// found backwards.
#[test]
fn leapers_moved_as_one_set_have_the_moves_they_have_one_by_one() {
    let occupied = set("a1 b2 c3 d4 e5 f6 g7 h8 a8 h1 d1 e8 c6 f3 b7 g2");
    let enemies = set("a8 h1 c6 f3 b7 g2 e8");
    for betza in ["N", "K", "fmWfcF", "mWcF", "C", "fsW", "ffNbsN", "AD", "Z"] {
        let piece = PieceMoves::<Grid8>::new(&Betza::parse(betza).unwrap());
        for color in [Color::White, Color::Black] {
            let pieces = occupied & !enemies;
            let one_by_one: u32 = pieces
                .map(|from| piece.moves(color, from, occupied, enemies, false).count())
                .sum();
            let at_once = piece.leaps_of_all(color, pieces, !occupied, enemies);
            assert_eq!(at_once, Some(one_by_one), "{betza} for {color:?}");
            let targets = set("a2 h7 d5 e1");
            for from in Square::all() {
                let reaches = (piece.reach(Reach::Quiet, color, from, Bitboard::EMPTY)
                    | piece.reach(Reach::Capture, color, from, Bitboard::EMPTY))
                    & targets;
                let found = piece.leaping_into(color, targets).contains(from);
                assert_eq!(found, reaches.any(), "{betza} for {color:?} from {from}");
            }
        }
    }
    let rider = PieceMoves::<Grid8>::new(&Betza::parse("R").unwrap());
    assert_eq!(
        rider.leaps_of_all(Color::White, occupied, !occupied, enemies),
        None
    );
}
