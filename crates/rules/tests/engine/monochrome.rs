use crate::support::sq;
use motley_rules::core::fen::{Setup, STANDARD_FEN};
use motley_rules::core::{Action, Color, Move};
use motley_rules::facts::{BoardLook, EndOffer, Fact};
use motley_rules::monochrome::{Monochrome, MonochromeOptions};
use motley_rules::{Describe, Position};

/// The position of a FEN.
fn mono(fen: &str) -> Monochrome {
    Monochrome::from_setup(Setup::parse(fen).unwrap(), MonochromeOptions::default()).unwrap()
}

#[test]
fn end_offers_are_accepted_unless_behind() {
    let p = mono("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(p.accepts_end_offer(Color::White) && p.accepts_end_offer(Color::Black));
    let p = p.with_scores([1, 4]).unwrap();
    assert!(!p.accepts_end_offer(Color::White) && p.accepts_end_offer(Color::Black));
}

#[test]
fn an_end_offer_is_scored_and_the_rules_judge_it() {
    let p = mono("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
        .with_scores([1, 4])
        .unwrap();
    assert_eq!(p.end_offer(), EndOffer::Scored);
    assert_eq!(p.rules_accept_end_offer(Color::White), Some(false));
    assert_eq!(p.rules_accept_end_offer(Color::Black), Some(true));
}

#[test]
fn sides_are_south_and_north_and_pieces_look_alike_about_a_centerline() {
    let p = mono(STANDARD_FEN);
    assert_eq!(p.side_names(), ["South", "North"]);
    assert_eq!(
        p.board_look(),
        BoardLook {
            uniform_pieces: true,
            centerline: true,
            ..BoardLook::default()
        }
    );
}

#[test]
fn facts_give_scores_and_the_no_rejection_in_force() {
    let p = mono("4k3/8/8/3p4/2B5/8/8/4K3 w - - 0 1");
    assert_eq!(p.facts()[0], Fact::Scores([0, 0]));
    assert!(!p.facts().iter().any(Fact::is_about_next_action));
    // The bishop takes d5 across the centerline: a point, and the
    // piece may not go straight back.
    let mut after = p;
    after.play_unchecked(Action::Move(Move::new(sq("c4"), sq("d5"))));
    let facts = after.facts();
    assert_eq!(facts[0], Fact::Scores([1, 0]));
    assert!(facts.contains(&Fact::constraint(
        "No rejection: the piece on d5 may not go straight back to c4"
    )));
}

#[test]
fn hash_is_incremental_and_scores_stay_out_of_repetition() {
    let a = mono("4k3/8/8/8/3p4/8/8/4K3 w - - 0 1");
    let b = a.with_scores([3, 0]).unwrap();
    assert_eq!(a.repetition_key(), b.repetition_key());
    assert_ne!(a.hash(), b.hash());
    assert_eq!(a.board().hash(), a.board().recompute_hash());
}
