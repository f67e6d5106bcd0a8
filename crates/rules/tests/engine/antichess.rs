use crate::support::sq;
use motley_rules::antichess::{Antichess, AntichessOptions, StalemateRule};
use motley_rules::core::fen::{Setup, STANDARD_FEN};
use motley_rules::core::{Action, Bitboard, Color, Move};
use motley_rules::facts::{Fact, MarkedSquares, SquareMark};
use motley_rules::{Describe, Position};

/// The position of a FEN.
fn anti(fen: &str) -> Antichess {
    Antichess::from_setup(Setup::parse(fen).unwrap(), AntichessOptions::default()).unwrap()
}

#[test]
fn chicken_facts_name_the_flips_and_the_compulsory_capture() {
    let chicken = AntichessOptions {
        flips: true,
        castling: true,
        stalemate: StalemateRule::FewerPieces,
    };
    let setup = Setup::parse("4k3/3p4/8/8/8/8/8/4KB2 w - - 0 1").unwrap();
    let mut p = Antichess::from_setup(setup, chicken).unwrap();
    assert_eq!(p.facts()[1], Fact::Flipped(Bitboard::EMPTY));
    // Bf1-b5 attacks d7 and flips it; Black's king must now take it.
    p.play_unchecked(Action::Move(Move::new(sq("f1"), sq("b5"))));
    let d7 = Bitboard::from_square(sq("d7"));
    assert_eq!(
        p.square_marks(),
        [MarkedSquares {
            mark: SquareMark::Flipped,
            squares: d7
        }]
    );
    let facts = p.facts();
    assert_eq!(facts[0], Fact::PieceCounts([3, 1]));
    assert_eq!(facts[1], Fact::Flipped(d7));
    assert!(facts.contains(&Fact::constraint("Must capture: a capture is available")));
}

#[test]
fn plain_antichess_has_no_flips_to_tell() {
    let p = anti(STANDARD_FEN);
    assert!(!p.facts().iter().any(|f| matches!(f, Fact::Flipped(_))));
    assert!(p.square_marks().is_empty());
}

#[test]
fn stalemated_player_wins_antichess() {
    // White pawn blocked by a black pawn: White cannot move and wins.
    let p = anti("8/8/8/8/8/p7/P7/8 w - - 0 1");
    let o = p.outcome().unwrap();
    assert_eq!(o.winner, Some(Color::White));
}
