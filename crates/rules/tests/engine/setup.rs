use crate::support::sq;
use motley_rules::core::fen::{Setup, STANDARD_FEN};
use motley_rules::core::legal::FidePowers;
use motley_rules::core::{Bitboard, Color, Role};
use motley_rules::setup::{
    ep_problem, royal_problems, CastlingRight, DraftState, EpFault, SetupProblem, StartState,
    StartStateError,
};

fn setup(fen: &str) -> Setup {
    Setup::parse(fen).unwrap()
}

fn chess_problems(fen: &str) -> Vec<SetupProblem> {
    royal_problems(&setup(fen), &FidePowers::<false>)
}

#[test]
fn the_start_position_has_no_problem() {
    assert_eq!(chess_problems(STANDARD_FEN), []);
}

#[test]
fn each_side_needs_exactly_one_king() {
    let p = chess_problems("4k3/8/8/8/8/8/8/8 w - - 0 1");
    assert_eq!(p, [SetupProblem::MissingKing(Color::White)]);
    let p = chess_problems("4k2k/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(p, [SetupProblem::TooManyKings(Color::Black)]);
}

#[test]
fn a_side_has_at_most_sixteen_pieces() {
    let p = chess_problems("4k3/8/8/8/8/NNNNNNNN/NNNNNNNN/4K3 w - - 0 1");
    // 17 white pieces (16 knights and the king); only the count is wrong.
    assert_eq!(
        p,
        [SetupProblem::TooManyPieces {
            color: Color::White,
            count: 17,
            max: 16
        }]
    );
}

#[test]
fn pawns_never_stand_on_the_first_or_last_rank() {
    let p = chess_problems("P3k3/8/8/8/8/8/8/4K2p w - - 0 1");
    assert_eq!(
        p,
        [
            SetupProblem::PawnOnBackRank(sq("h1")),
            SetupProblem::PawnOnBackRank(sq("a8"))
        ]
    );
}

#[test]
fn the_side_not_to_move_may_not_be_in_check() {
    // Black's king is attacked by the rook, but White is to move.
    let p = chess_problems("4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
    assert_eq!(p, []);
    let p = chess_problems("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1");
    assert_eq!(p, [SetupProblem::NotToMoveInCheck(Color::Black)]);
}

#[test]
fn a_castling_right_needs_its_king_and_rook_at_home() {
    let p = chess_problems("r3k3/8/8/8/8/8/8/4K2R w KQkq - 0 1");
    let right =
        |color, kingside| SetupProblem::CastlingWithoutPieces(CastlingRight { color, kingside });
    assert_eq!(p, [right(Color::White, false), right(Color::Black, true)]);
}

#[test]
fn an_en_passant_square_needs_a_pawn_that_just_double_stepped() {
    let b = setup("4k3/8/8/4P3/8/8/8/4K3 b - - 0 1").board;
    let fault = |f| {
        Some(SetupProblem::EnPassant {
            square: sq("e6"),
            fault: f,
        })
    };
    // White to move: e6 is right for a black pawn on e5, not a white one.
    assert_eq!(
        ep_problem(&b, Color::White, Some(sq("e6"))),
        fault(EpFault::NoPawn)
    );
    assert_eq!(
        ep_problem(&b, Color::White, Some(sq("e3"))),
        Some(SetupProblem::EnPassant {
            square: sq("e3"),
            fault: EpFault::WrongRank
        })
    );
    let b = setup("4k3/4n3/4n3/4p3/8/8/8/4K3 w - - 0 1").board;
    assert_eq!(
        ep_problem(&b, Color::White, Some(sq("e6"))),
        fault(EpFault::Occupied)
    );
    let b = setup("4k3/4n3/8/4p3/8/8/8/4K3 w - - 0 1").board;
    assert_eq!(
        ep_problem(&b, Color::White, Some(sq("e6"))),
        fault(EpFault::OriginOccupied)
    );
    let b = setup("4k3/8/8/4p3/8/8/8/4K3 w - - 0 1").board;
    assert_eq!(ep_problem(&b, Color::White, Some(sq("e6"))), None);
}

#[test]
fn start_state_keeps_only_its_family_fields() {
    let mut scores = DraftState::Scores([0, 0]);
    let state = StartState {
        scores: Some([3, 4]),
        ..StartState::default()
    };
    state.apply(&mut scores).unwrap();
    assert_eq!(scores, DraftState::Scores([3, 4]));
    let mut plain = DraftState::Plain;
    assert_eq!(
        state.apply(&mut plain),
        Err(StartStateError::NotOfFamily("scores"))
    );
    let flips = StartState {
        flipped: Some(vec!["z9".to_string()]),
        ..StartState::default()
    };
    let mut f = DraftState::Flips(Bitboard::EMPTY);
    assert!(matches!(
        flips.apply(&mut f),
        Err(StartStateError::BadSquare(_))
    ));
}

#[test]
fn problem_ids_are_distinct() {
    let all = [
        SetupProblem::MissingKing(Color::White),
        SetupProblem::TooManyKings(Color::White),
        SetupProblem::TooManyPieces {
            color: Color::White,
            count: 17,
            max: 16,
        },
        SetupProblem::MoreThanASet {
            color: Color::White,
            role: Role::Queen,
            count: 2,
            max: 1,
        },
        SetupProblem::PawnOnBackRank(sq("a1")),
        SetupProblem::NotToMoveInCheck(Color::White),
        SetupProblem::CastlingWithoutPieces(CastlingRight::ALL[0]),
        SetupProblem::CastlingNotKept,
        SetupProblem::EnPassant {
            square: sq("e3"),
            fault: EpFault::NoPawn,
        },
        SetupProblem::EnPassantNotKept,
        SetupProblem::ScoreTooHigh {
            side: Color::White,
            score: 1,
            max: 0,
        },
        SetupProblem::MoneyOverCap {
            color: Color::White,
            money: 1,
            cap: 0,
        },
        SetupProblem::PriceTooHigh {
            color: Color::White,
            item: 0,
            price: 1,
            max: 0,
        },
        SetupProblem::DieOutOfRange(7),
        SetupProblem::FlipOnEmpty(sq("a1")),
        SetupProblem::FlipsNotKept,
        SetupProblem::StateNotOfVariant,
        SetupProblem::NotOfVariant(sq("a1")),
        SetupProblem::MustHavePromoted(sq("a1")),
        SetupProblem::OutsideRegion(sq("a1")),
        SetupProblem::RoyalInHand(Color::White),
    ];
    let ids: std::collections::HashSet<_> = all.iter().map(|p| p.id()).collect();
    assert_eq!(ids.len(), all.len());
}
