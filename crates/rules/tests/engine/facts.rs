use motley_rules::contrast::Contrast;
use motley_rules::core::fen::Setup;
use motley_rules::core::{Color, Piece, Role};
use motley_rules::facts::{material, piece_counts, Fact, TurnStage};
use motley_rules::standard::Standard;
use motley_rules::{parse_action, Describe};

#[test]
fn material_counts_conventional_points_per_side() {
    let b = Setup::parse("4k3/8/8/8/8/8/8/RN2K2Q w - - 0 1")
        .unwrap()
        .board;
    assert_eq!(material(&b), [5 + 3 + 9, 0]);
    assert_eq!(piece_counts(&b), [4, 1]);
}

/// The piece the move written `text` takes in `pos`.
fn taken<P: Describe>(pos: &P, text: &str) -> Option<Piece> {
    pos.captured_piece(&parse_action(pos, text).unwrap())
}

#[test]
fn captured_piece_finds_the_victim_beside_or_next_to_the_mover() {
    let ep =
        Standard::from_setup(Setup::parse("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap()).unwrap();
    let black = |role| Some(Piece::new(Color::Black, role));
    assert_eq!(taken(&ep, "e5d6"), black(Role::Pawn));
    assert_eq!(taken(&ep, "e1d1"), None);
    // Contrast: the strong queen on e4 (light) takes e5 in place.
    let c =
        Contrast::from_setup(Setup::parse("4k3/8/8/4n3/4Q3/8/8/4K3 w - - 0 1").unwrap()).unwrap();
    assert_eq!(taken(&c, "e4^e5"), black(Role::Knight));
}

#[test]
fn stage_and_constraints_concern_the_next_action_only() {
    assert!(Fact::Stage(TurnStage::ChanceNext).is_about_next_action());
    assert!(Fact::constraint("must capture").is_about_next_action());
    assert!(!Fact::reminder("lose to win").is_about_next_action());
    assert!(!Fact::Scores([1, 0]).is_about_next_action());
}
