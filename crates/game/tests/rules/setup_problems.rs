//! Each family's problems with positions set up by hand, each shown by a
//! position built for it, and the promise that a draft without problems
//! starts a game and round-trips through the FEN and the family's state.

use motley_game::variant::{Family, Registry, VariantDef};
use motley_game::Game;
use motley_rules::core::fen::Setup;
use motley_rules::core::{Bitboard, Color, Role, Square};
use motley_rules::dice_money::Prices;
use motley_rules::setup::{Draft, DraftState, Economy, EpFault, SetupProblem};
use motley_rules::Position;
use std::sync::Arc;

fn variant(id: &str) -> Arc<VariantDef> {
    Registry::builtin().get(id).unwrap()
}

/// The draft of `fen` in `id`, with the family's state `state` (or the
/// state the FEN gives).
fn draft(id: &str, fen: &str, state: Option<DraftState>) -> Draft {
    let setup = Setup::parse(fen).unwrap();
    let fresh = variant(id).start_draft().unwrap().state;
    Draft {
        setup,
        state: state.unwrap_or(fresh),
    }
}

fn problems(id: &str, fen: &str, state: Option<DraftState>) -> Vec<SetupProblem> {
    variant(id).setup_problems(&draft(id, fen, state)).unwrap()
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn economy(money: [u32; 2], dice: Option<(u8, u8)>) -> DraftState {
    let list = Prices::default().list();
    DraftState::Economy(Economy {
        money,
        prices: [list, list],
        dice,
    })
}

#[test]
fn standard_chess_needs_a_king_each_and_the_side_not_to_move_out_of_check() {
    // White's king is missing and Black's king is attacked with White to move.
    let p = problems("standard", "4k3/8/8/8/8/8/8/4R3 w - - 0 1", None);
    assert_eq!(
        p,
        [
            SetupProblem::MissingKing(Color::White),
            SetupProblem::NotToMoveInCheck(Color::Black)
        ]
    );
}

#[test]
fn monochromatic_judges_check_pictorially_like_the_game() {
    // A bishop on a light square checks a king on a dark one by its normal
    // powers: Monochromatic's pictorial check still counts it.
    let p = problems("monochromatic", "7k/8/8/8/3B4/8/8/K7 w - - 0 1", None);
    assert_eq!(p, [SetupProblem::NotToMoveInCheck(Color::Black)]);
}

#[test]
fn antichess_needs_no_king_and_keeps_no_castling_rights() {
    assert_eq!(
        problems("antichess", "8/8/8/8/8/8/8/R7 w - - 0 1", None),
        []
    );
    let p = problems("antichess", "8/8/8/8/8/8/8/R3K3 w Q - 0 1", None);
    assert_eq!(p, [SetupProblem::CastlingNotKept]);
    let p = problems("antichess", "8/8/8/8/8/8/8/P7 w - - 0 1", None);
    assert_eq!(p, [SetupProblem::PawnOnBackRank(sq("a1"))]);
}

#[test]
fn chicken_flips_stand_on_pieces_and_only_chicken_flips() {
    let fen = "8/8/8/8/4p3/8/8/R7 w - - 0 1";
    let flips = |squares: &[&str]| {
        let mut b = Bitboard::EMPTY;
        for s in squares {
            b.insert(sq(s));
        }
        Some(DraftState::Flips(b))
    };
    assert_eq!(problems("chicken", fen, flips(&["e4"])), []);
    assert_eq!(
        problems("chicken", fen, flips(&["e4", "d5"])),
        [SetupProblem::FlipOnEmpty(sq("d5"))]
    );
    assert_eq!(
        problems("antichess", fen, flips(&["e4"])),
        [SetupProblem::FlipsNotKept]
    );
}

#[test]
fn monochrome_keeps_scores_up_to_the_bound_and_no_castling_or_en_passant() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(
        problems("monochrome", fen, Some(DraftState::Scores([3, 0]))),
        []
    );
    let max = motley_rules::monochrome::MAX_START_SCORE;
    assert_eq!(
        problems("monochrome", fen, Some(DraftState::Scores([0, max + 1]))),
        [SetupProblem::ScoreTooHigh {
            side: Color::Black,
            score: max + 1,
            max
        }]
    );
    let p = problems("monochrome", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", None);
    assert_eq!(p, [SetupProblem::CastlingNotKept]);
    let p = problems("monochrome", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", None);
    assert_eq!(p, [SetupProblem::EnPassantNotKept]);
}

#[test]
fn dice_money_keeps_money_under_the_cap_dice_from_one_to_six_and_one_set() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(
        problems("dice-money", fen, Some(economy([5, 7], Some((2, 6))))),
        []
    );
    assert_eq!(
        problems("dice-money", fen, Some(economy([101, 0], None))),
        [SetupProblem::MoneyOverCap {
            color: Color::White,
            money: 101,
            cap: 100
        }]
    );
    assert_eq!(
        problems("dice-money", fen, Some(economy([0, 0], Some((0, 7))))),
        [
            SetupProblem::DieOutOfRange(0),
            SetupProblem::DieOutOfRange(7)
        ]
    );
    let mut too_dear = economy([0, 0], None);
    if let DraftState::Economy(e) = &mut too_dear {
        e.prices[1][2] = motley_rules::dice_money::MAX_AMOUNT + 1;
    }
    assert_eq!(
        problems("dice-money", fen, Some(too_dear)),
        [SetupProblem::PriceTooHigh {
            color: Color::Black,
            item: 2,
            price: motley_rules::dice_money::MAX_AMOUNT + 1,
            max: motley_rules::dice_money::MAX_AMOUNT
        }]
    );
    let p = problems("dice-money", "4k3/8/8/8/8/8/8/QQ2K3 w - - 0 1", None);
    assert_eq!(
        p,
        [SetupProblem::MoreThanASet {
            color: Color::White,
            role: Role::Queen,
            count: 2,
            max: 1
        }]
    );
}

#[test]
fn a_state_of_another_family_is_refused() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let p = problems("standard", fen, Some(DraftState::Scores([1, 1])));
    assert_eq!(p, [SetupProblem::StateNotOfVariant]);
}

#[test]
fn an_impossible_en_passant_square_is_named_with_its_fault() {
    let p = problems("standard", "4k3/8/8/8/8/8/8/4K3 w - e6 0 1", None);
    assert_eq!(
        p,
        [SetupProblem::EnPassant {
            square: sq("e6"),
            fault: EpFault::NoPawn
        }]
    );
}

/// A draft without problems starts a game, whose start gives the draft
/// back, through its FEN and its recorded start state (records keep both:
/// `tests/it/records/roundtrip.rs` saves and loads them).
fn round_trips(id: &str, d: &Draft) {
    let def = variant(id);
    assert_eq!(def.setup_problems(d).unwrap(), []);
    let game = Game::from_draft(def.clone(), d, 7).unwrap();
    assert_eq!(&game.position().draft(), d);
    let fen = game.start_fen().unwrap();
    assert_eq!(Setup::parse(fen).unwrap(), d.setup);
    let mut again = Game::new(def, Some(fen), 7).unwrap();
    if let Some(state) = game.start_state() {
        again.restore_start_state(state).unwrap();
    }
    assert_eq!(&again.position().draft(), d);
}

#[test]
fn drafts_without_problems_round_trip_in_every_family() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    round_trips(
        "standard",
        &draft("standard", "r3k3/8/8/3pP3/8/8/8/4K2R w Kq d6 0 1", None),
    );
    round_trips("contrast", &draft("contrast", fen, None));
    round_trips(
        "monochromatic-jamal",
        &draft("monochromatic-jamal", fen, None),
    );
    round_trips(
        "monochrome",
        &draft(
            "monochrome",
            "4k3/8/8/8/8/8/8/4K3 b - - 0 1",
            Some(DraftState::Scores([9, 4])),
        ),
    );
    round_trips(
        "dice-money",
        &draft("dice-money", fen, Some(economy([12, 3], Some((4, 6))))),
    );
    let mut flips = Bitboard::EMPTY;
    flips.insert(sq("e1"));
    round_trips(
        "chicken",
        &draft("chicken", fen, Some(DraftState::Flips(flips))),
    );
}

#[test]
fn a_game_from_a_dice_money_draft_with_dice_moves_first_and_earns_by_them() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let d = draft("dice-money", fen, Some(economy([0, 0], Some((6, 6)))));
    let mut game = Game::from_draft(variant("dice-money"), &d, 1).unwrap();
    // No roll: the dice are shown already; a king's move on a 6 earns.
    game.play_text("Ke2").unwrap();
    let motley_rules::AnyPosition::DiceMoney(pos) = game.position() else {
        panic!("a Dice-Money game");
    };
    assert!(pos.money(Color::White) > 0);
}

/// A draft of variant from data `id`: `pieces` (FEN letters on squares)
/// on an empty board, White to move.
fn data_draft(id: &str, pieces: &[(char, &str)]) -> Draft {
    let mut d = variant(id).start_draft().unwrap();
    d.setup.board = motley_rules::core::Board::empty();
    d.setup.castling = 0;
    d.setup.ep_square = None;
    for &(c, s) in pieces {
        d.setup
            .board
            .set(sq(s), motley_rules::core::Piece::from_letter(c).unwrap());
    }
    d
}

fn data_problems(id: &str, pieces: &[(char, &str)]) -> Vec<SetupProblem> {
    variant(id).setup_problems(&data_draft(id, pieces)).unwrap()
}

#[test]
fn every_variant_from_data_starts_without_problems_and_names_its_kinds() {
    for v in Registry::builtin().all() {
        if v.is_wide() {
            // The editor's drafts are 8×8: a board of another size is
            // refused by its size, and its pieces are the kinds offered.
            assert!(v.start_draft().is_err(), "{}", v.id);
            continue;
        }
        let start = v.start_draft().unwrap();
        assert_eq!(v.setup_problems(&start).unwrap(), [], "{}", v.id);
        let roles = v.position(None).unwrap().roles();
        if v.family != Family::Fairy {
            assert_eq!(roles, Role::ALL, "{}", v.id);
            continue;
        }
        // Every piece of the start is one of the kinds offered.
        let board = start.setup.board;
        for s in board.occupied() {
            let role = board.piece_at(s).unwrap().role;
            assert!(roles.contains(&role), "{} {s}", v.id);
        }
    }
    let letters = |id: &str| -> String {
        let roles = variant(id).position(None).unwrap().roles();
        roles.iter().map(|r| r.upper_char()).collect()
    };
    assert_eq!(letters("makruk"), "PNRMSK");
    assert_eq!(letters("amazon"), "PNBRAK");
    assert!(!letters("makruk").contains('Q'));
}

#[test]
fn a_variant_from_data_judges_a_set_up_position_by_its_own_rules() {
    let kings = [('K', "e1"), ('k', "e8")];
    assert_eq!(data_problems("makruk", &kings), []);
    // A queen is no piece of makruk; a bia (pawn) on the sixth rank must
    // have become a met.
    let p = data_problems("makruk", &[kings[0], kings[1], ('Q', "d4"), ('P', "a6")]);
    assert_eq!(
        p,
        [SetupProblem::NotOfVariant(sq("d4"))],
        "a foreign piece is named before the board is read"
    );
    let p = data_problems("makruk", &[kings[0], kings[1], ('M', "d4"), ('P', "a6")]);
    assert_eq!(p, [SetupProblem::MustHavePromoted(sq("a6"))]);
    // One king each; the side not to move not in check.
    let p = data_problems("makruk", &[('K', "e1"), ('R', "e4")]);
    assert_eq!(p, [SetupProblem::MissingKing(Color::Black)]);
    let p = data_problems("makruk", &[kings[0], kings[1], ('R', "e4")]);
    assert_eq!(p, [SetupProblem::NotToMoveInCheck(Color::Black)]);
    // Makruk keeps no castling rights and has no en passant.
    let mut d = data_draft("makruk", &kings);
    d.setup.castling = 1;
    d.setup.ep_square = Some(sq("d6"));
    let p = variant("makruk").setup_problems(&d).unwrap();
    assert_eq!(
        p,
        [
            SetupProblem::CastlingNotKept,
            SetupProblem::EnPassantNotKept
        ]
    );
    // En passant as chess has it, in a variant from data with pawns.
    let ep = |square: &str, turn: Color| {
        let mut d = data_draft(
            "kingofthehill",
            &[kings[0], kings[1], ('p', "d5"), ('P', "e5")],
        );
        d.setup.turn = turn;
        d.setup.ep_square = Some(sq(square));
        variant("kingofthehill").setup_problems(&d).unwrap()
    };
    assert_eq!(ep("d6", Color::White), []);
    let fault = |square: &str, fault| SetupProblem::EnPassant {
        square: sq(square),
        fault,
    };
    assert_eq!(ep("d3", Color::White), [fault("d3", EpFault::WrongRank)]);
    assert_eq!(ep("c6", Color::White), [fault("c6", EpFault::NoPawn)]);
    assert_eq!(ep("d5", Color::White), [fault("d5", EpFault::Occupied)]);
    // Coregal's queen is as royal as its king: attacked, it is a check.
    let p = data_problems("coregal", &[kings[0], kings[1], ('R', "d1"), ('q', "d8")]);
    assert_eq!(p, [SetupProblem::NotToMoveInCheck(Color::Black)]);
    // Horde: White has no king, and needs none.
    assert_eq!(data_problems("horde", &[('P', "a2"), ('k', "e8")]), []);
    // Pawnback's pawns never stand on their first rank.
    let p = data_problems("pawnback", &[kings[0], kings[1], ('P', "a1")]);
    assert_eq!(p, [SetupProblem::OutsideRegion(sq("a1"))]);
}

#[test]
fn a_game_starts_from_a_variant_from_data_draft_with_its_own_pieces() {
    let d = data_draft("makruk", &[('K', "e1"), ('k', "e8"), ('M', "d4")]);
    let mut game = Game::from_draft(variant("makruk"), &d, 1).unwrap();
    assert_eq!(game.position().to_fen(), "4k3/8/8/8/3M4/8/8/4K3 w - - 0 1");
    game.play_text("Mc5").unwrap();
    assert_eq!(game.sans(), ["Mc5"]);
}
