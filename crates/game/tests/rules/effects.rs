//! What an action does besides moving its piece, as the rules report it
//! (`Describe::action_effects`) for move lists: Chicken's flips,
//! Monochrome's change of owner and points, Dice-Money's earnings; plain
//! chess moves have none.

use motley_game::variant::Registry;
use motley_rules::core::{Bitboard, Color, Square};
use motley_rules::facts::Effect;
use motley_rules::{parse_action, AnyPosition, Describe};

fn pos(variant: &str, fen: Option<&str>) -> AnyPosition {
    Registry::builtin()
        .get(variant)
        .unwrap()
        .position(fen)
        .unwrap()
}

fn effects(p: &AnyPosition, text: &str) -> Vec<Effect> {
    let a = parse_action(p, text).unwrap();
    p.action_effects(&a)
}

fn squares(list: &[&str]) -> Bitboard {
    list.iter().fold(Bitboard::EMPTY, |b, s| {
        b | Bitboard::from_square(Square::parse(s).unwrap())
    })
}

#[test]
fn chicken_a_move_flips_the_enemies_its_piece_attacks() {
    // The bishop arriving on b5 attacks d7 (and a6, c6 are empty): d7 flips.
    let p = pos("chicken", Some("4k3/3p4/8/8/8/8/8/4KB2 w - - 0 1"));
    assert_eq!(effects(&p, "f1b5"), [Effect::Flipped(squares(&["d7"]))]);
    // A knight on d5 attacks c7 and e7: both flip.
    let p = pos("chicken", Some("4k3/2p1p3/8/8/8/4N3/8/4K3 w - - 0 1"));
    assert_eq!(
        effects(&p, "e3d5"),
        [Effect::Flipped(squares(&["c7", "e7"]))]
    );
    // A move that attacks nothing flips nothing.
    assert_eq!(effects(&p, "e1d1"), []);
}

#[test]
fn antichess_has_no_flips() {
    let p = pos("antichess", Some("4k3/3p4/8/8/8/8/8/4KB2 w - - 0 1"));
    assert_eq!(effects(&p, "f1b5"), []);
}

#[test]
fn monochrome_a_piece_moved_across_changes_side_and_a_capture_scores() {
    // South's knight crosses to e5 (North's half): now North's.
    let p = pos("monochrome", Some("4k3/8/8/8/8/5N2/8/4K3 w - - 0 1"));
    assert_eq!(
        effects(&p, "f3e5"),
        [Effect::ChangedOwner {
            square: Square::parse("e5").unwrap(),
            owner: Color::Black,
        }]
    );
    // Staying on its half it stays South's.
    assert_eq!(effects(&p, "f3d4"), []);
    // Capturing a rook on North's half: 5 points for South, and the
    // knight now stands as North's.
    let p = pos("monochrome", Some("4k3/8/8/4r3/8/5N2/8/4K3 w - - 0 1"));
    assert_eq!(
        effects(&p, "f3e5"),
        [
            Effect::ChangedOwner {
                square: Square::parse("e5").unwrap(),
                owner: Color::Black,
            },
            Effect::Scored {
                side: Color::White,
                points: 5,
            },
        ]
    );
}

#[test]
fn chess_moves_have_no_effects() {
    let p = pos("standard", None);
    for m in ["e2e4", "g1f3"] {
        assert_eq!(effects(&p, m), []);
    }
    let p = pos("standard", Some("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1"));
    assert_eq!(effects(&p, "e4d5"), [], "a capture is not an effect");
}

#[test]
fn dice_money_the_first_move_of_a_turn_earns_what_the_dice_say() {
    let mut p = pos("dice-money", None);
    assert_eq!(effects(&p, "roll:2,4"), [], "a roll moves nothing");
    // Rolled 2 and 4: a knight (2) move earns $4, a pawn (1) nothing.
    let roll = parse_action(&p, "roll:2,4").unwrap();
    motley_rules::Position::play_unchecked(&mut p, roll);
    assert_eq!(
        effects(&p, "g1f3"),
        [Effect::Earned {
            side: Color::White,
            amount: 4,
        }]
    );
    assert_eq!(effects(&p, "e2e4"), []);
}
