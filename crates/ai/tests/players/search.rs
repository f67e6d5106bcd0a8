//! The computer opponent: the search finds forced wins (checked by brute
//! force, independently of the evaluation), the transposition table does
//! not change results, computer players always act legally, and `stop`
//! ends a search.

use motley_ai::eval::Evaluate;
use motley_ai::search::{search, Limits};
use motley_ai::{think, PlayerSpec, ThinkSettings};
use motley_game::variant::Registry;
use motley_game::Game;
use motley_rules::antichess::{Antichess, AntichessOptions, StalemateRule};
use motley_rules::core::fen::Setup;
use motley_rules::core::Color;
use motley_rules::Position;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::position_support;
use position_support::position as pos;

fn chicken(fen: &str) -> Antichess {
    let opts = AntichessOptions {
        flips: true,
        castling: true,
        stalemate: StalemateRule::FewerPieces,
    };
    Antichess::from_setup(Setup::parse(fen).unwrap(), opts).unwrap()
}

/// Brute force: can `winner` force a win within `plies` single actions?
fn forced_win<P: Position>(p: &P, winner: Color, plies: u32) -> bool {
    let mut legal = Vec::new();
    p.legal_actions(&mut legal);
    if let Some(o) = p.outcome_given(&legal) {
        return o.winner == Some(winner);
    }
    if plies == 0 {
        return false;
    }
    let mut results = legal.iter().map(|a| {
        let mut c = p.clone();
        c.play_unchecked(*a);
        forced_win(&c, winner, plies - 1)
    });
    if p.turn() == winner {
        results.any(|w| w)
    } else {
        results.all(|w| w)
    }
}

/// The search at `depth` reports a win in exactly `plies`, its action
/// keeps a forced win, and no shorter win exists (all by brute force).
fn finds_shortest_win<P: Evaluate>(p: &P, plies: u32, depth: u32) {
    let stop = AtomicBool::new(false);
    let r = search(p, &[], &Limits::depth(depth), &stop);
    let fen = p.to_fen();
    assert_eq!(r.mate_in_plies(), Some(plies as i32), "{fen}: {r:?}");
    let best = r.best.unwrap();
    let mut after = p.clone();
    after.play_unchecked(best);
    let me = p.turn();
    assert!(
        forced_win(&after, me, plies - 1),
        "{fen}: {best} does not force a win in {plies} plies"
    );
    if plies > 2 {
        assert!(!forced_win(p, me, plies - 2), "{fen}: a shorter win exists");
    }
}

#[test]
fn standard_mate_in_one() {
    finds_shortest_win(&pos("standard", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), 1, 4);
}

#[test]
fn standard_mates_in_two() {
    for fen in [
        "k7/8/2K5/8/8/8/8/1R6 w - - 0 1",
        "2k5/8/1K6/8/8/8/8/3R4 w - - 0 1",
        "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
    ] {
        finds_shortest_win(&pos("standard", fen), 3, 5);
    }
}

#[test]
fn standard_mate_in_three() {
    // 1.Ra6! and mate follows on the back rank or the long diagonal.
    finds_shortest_win(
        &pos("standard", "r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1"),
        5,
        6,
    );
}

#[test]
fn contrast_mates_in_one_two_and_three() {
    // The strong queen (White on a light square) and king do the work.
    for (fen, plies) in [
        ("7k/5K2/8/8/8/8/8/3Q4 w - - 2 2", 1),
        ("6k1/8/5K2/8/8/8/8/3Q4 w - - 0 1", 3),
        ("7k/8/5K2/8/8/8/8/3Q4 w - - 0 1", 5),
        ("6k1/5ppp/8/8/8/8/8/3Q1RK1 w - - 0 1", 5),
    ] {
        finds_shortest_win(&pos("contrast", fen), plies, 6);
    }
}

#[test]
fn monochromatic_mates_in_one_two_and_three() {
    // Rooks move an even number of squares, kings only diagonally.
    for (fen, plies) in [
        ("6k1/5ppp/8/8/8/8/R7/6K1 w - - 0 1", 1),
        ("5rk1/5ppp/8/8/8/8/1Q6/6K1 w - - 0 1", 1),
        ("6k1/6pp/8/R4p2/8/8/8/6K1 w - - 0 2", 3),
        ("6k1/5pp1/8/R6p/8/8/8/6K1 w - - 0 2", 3),
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 5),
        ("6k1/5p1p/8/8/8/8/8/1Q4K1 w - - 0 1", 5),
    ] {
        finds_shortest_win(&pos("monochromatic", fen), plies, 6);
    }
}

#[test]
fn monochrome_takes_the_highest_scoring_safe_capture() {
    // Rxa8 scores the queen (8), Nxe5 only a pawn (1); neither can be
    // answered by a capture on South's half.
    let p = pos("monochrome", "q7/8/8/4p3/R7/3N4/8/7K w - - 0 1");
    let stop = AtomicBool::new(false);
    let r = motley_rules::dispatch!(&p, q => search(q, &[], &Limits::depth(4), &stop));
    assert_eq!(r.best.unwrap().to_string(), "a4a8", "{r:?}");
}

#[test]
fn antichess_wins_by_giving_everything_away() {
    for (fen, plies) in [
        // The rook goes where the pawn must take it.
        ("8/8/8/8/8/8/1p6/2R5 w - - 0 1", 2),
        // Two rooks, one pawn: feed them one after the other.
        ("8/8/8/8/8/1p6/8/R1R5 w - - 0 1", 4),
    ] {
        finds_shortest_win(&pos("antichess", fen), plies, 8);
    }
}

#[test]
fn chicken_wins_by_giving_everything_away_despite_flips() {
    for (fen, plies) in [
        ("8/8/8/8/8/8/1p6/2R5 w - - 0 1", 2),
        ("8/8/8/8/3p4/8/8/2R1R3 w - - 0 1", 4),
        ("8/8/2p5/8/8/8/8/3NK3 w - - 0 1", 6),
    ] {
        finds_shortest_win(&chicken(fen), plies, 8);
    }
}

/// 1.d3 g4 leaves White without a move (bishop and pawns all blocked),
/// three pieces against three.
const BLOCKED: &str = "8/8/8/6p1/3p4/1p6/1P1P4/B7 w - - 0 1";

#[test]
fn antichess_stalemate_counts_as_a_win_for_the_stalemated_side() {
    finds_shortest_win(&pos("antichess", BLOCKED), 2, 4);
}

#[test]
fn chicken_stalemate_with_equal_counts_is_a_draw() {
    let stop = AtomicBool::new(false);
    let r = search(&chicken(BLOCKED), &[], &Limits::depth(4), &stop);
    assert_eq!(r.score, 0, "{r:?}");
    assert_eq!(r.mate_in_plies(), None);
}

#[test]
fn transposition_table_does_not_change_the_best_action() {
    let cases: &[(&str, &str)] = &[
        (
            "standard",
            "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
        ),
        ("standard", "r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1"),
        // Hanging queen: take it.
        (
            "standard",
            "rnb1kbnr/pppp1ppp/8/4p1q1/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        ),
        // Fork: Nc7+ wins the rook.
        ("standard", "r3k3/8/8/3N4/8/8/8/4K3 w - - 0 1"),
        ("antichess", "8/8/8/8/8/1p6/8/R1R5 w - - 0 1"),
        ("antichess", "8/8/8/8/8/8/1p6/2R5 w - - 0 1"),
    ];
    let stop = AtomicBool::new(false);
    for (variant, fen) in cases {
        let p = pos(variant, fen);
        let with = Limits::depth(5);
        let without = Limits {
            use_tt: false,
            ..Limits::depth(5)
        };
        let a = motley_rules::dispatch!(&p, q => search(q, &[], &with, &stop));
        let b = motley_rules::dispatch!(&p, q => search(q, &[], &without, &stop));
        assert_eq!(a.best, b.best, "{fen}: {a:?} vs {b:?}");
        assert!(a.nodes <= b.nodes, "{fen}: the table should save work");
    }
}

#[test]
fn search_takes_the_hanging_queen() {
    let p = pos(
        "standard",
        "rnb1kbnr/pppp1ppp/8/4p1q1/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    );
    let stop = AtomicBool::new(false);
    let r = motley_rules::dispatch!(&p, q => search(q, &[], &Limits::depth(4), &stop));
    assert_eq!(r.best.unwrap().to_string(), "f3g5");
}

#[test]
fn repetition_from_the_game_history_is_a_draw_the_losing_side_seeks() {
    // White is far behind. If the position after Nc3 occurred earlier in
    // the game, Nc3 repeats it: a draw, better than anything else.
    let p = pos("standard", "r5k1/8/8/2q5/8/8/8/1N5K w - - 10 60");
    let nc3 = motley_rules::parse_action(&p, "Nc3").unwrap();
    let mut after = p.clone();
    after.play_unchecked(nc3);
    let key = after.repetition_key().unwrap();
    let stop = AtomicBool::new(false);
    let fresh = motley_rules::dispatch!(&p, q => search(q, &[], &Limits::depth(3), &stop));
    assert!(fresh.score < -500, "{fresh:?}");
    let seen = motley_rules::dispatch!(&p, q => search(q, &[key], &Limits::depth(3), &stop));
    assert_eq!(seen.best, Some(nc3), "{seen:?}");
    assert_eq!(seen.score, 0);
}

#[test]
fn level_three_at_low_time_always_acts_legally() {
    let reg = Registry::builtin();
    let stop = AtomicBool::new(false);
    for v in reg.all() {
        for seed in 0..2u64 {
            let mut game = Game::new(v.clone(), None, seed).unwrap();
            let specs = [PlayerSpec::Computer { level: 3 }, PlayerSpec::Random];
            let mut history = Vec::new();
            while game.outcome().is_none() && game.ply() < 60 {
                if game.roll_dice().is_some() {
                    continue;
                }
                let p = game.position().clone();
                let spec = specs[(p.turn() == Color::Black) as usize ^ seed as usize].clone();
                let settings = ThinkSettings {
                    movetime: Duration::from_millis(3),
                    seed: seed + game.ply() as u64,
                };
                let a = think(&p, &history, &spec, &settings, &stop)
                    .unwrap_or_else(|| panic!("{}: no action at {}", v.id, p.to_fen()));
                if let Some(k) = p.repetition_key() {
                    history.push(k);
                }
                game.play(a)
                    .unwrap_or_else(|e| panic!("{}: {a} illegal at {}: {e}", v.id, p.to_fen()));
            }
        }
    }
}

#[test]
fn search_respects_stop() {
    let p = pos(
        "standard",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    );
    // Already stopped: returns at once, still with a legal action.
    let stop = AtomicBool::new(true);
    let unlimited = Limits::depth(64);
    let r = motley_rules::dispatch!(&p, q => search(q, &[], &unlimited, &stop));
    assert!(r.nodes < 5_000, "{r:?}");
    let mut legal = Vec::new();
    p.legal_actions(&mut legal);
    assert!(legal.contains(&r.best.unwrap()));
    // Stopped from another thread while searching without a clock.
    let stop = AtomicBool::new(false);
    std::thread::scope(|s| {
        let h = s.spawn(|| motley_rules::dispatch!(&p, q => search(q, &[], &unlimited, &stop)));
        std::thread::sleep(Duration::from_millis(50));
        stop.store(true, Ordering::Relaxed);
        let r = h.join().unwrap();
        assert!(legal.contains(&r.best.unwrap()));
        assert!(r.depth < 64);
    });
}

#[test]
fn weak_levels_are_seeded_and_vary_with_the_seed() {
    let p = pos(
        "standard",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    let stop = AtomicBool::new(false);
    let spec = PlayerSpec::Computer { level: 1 };
    let pick = |seed| {
        let s = ThinkSettings {
            movetime: Duration::from_millis(200),
            seed,
        };
        think(&p, &[], &spec, &s, &stop).unwrap()
    };
    assert_eq!(pick(5), pick(5));
    let distinct: std::collections::HashSet<_> = (0..12).map(pick).collect();
    assert!(
        distinct.len() > 1,
        "level 1 should not always play the same opening"
    );
}

/// A test family where every turn is two consecutive moves of one side
/// (as Dice-Money's extra moves): the search must not negate between them.
#[derive(Clone)]
struct TwoMoves {
    inner: motley_rules::standard::Standard,
    second: bool,
}

impl Position for TwoMoves {
    fn fen_state(&self) -> &Setup {
        self.inner.fen_state()
    }
    fn board(&self) -> &motley_rules::core::Board {
        self.inner.board()
    }
    fn turn(&self) -> Color {
        self.inner.turn()
    }
    fn legal_actions(&self, out: &mut Vec<motley_rules::core::Action>) {
        self.inner.legal_actions(out)
    }
    fn play_unchecked(&mut self, action: motley_rules::core::Action) {
        self.inner.play_unchecked(action);
        if self.second {
            self.second = false;
            return;
        }
        let mut s = self.inner.setup();
        s.turn = s.turn.other();
        s.ep_square = None;
        // A first move that gives check ends the turn (the setup would be
        // refused); otherwise the same side moves again.
        if let Ok(p) = motley_rules::standard::Standard::from_setup(s) {
            self.inner = p;
            self.second = true;
        }
    }
    fn outcome_given(&self, legal: &[motley_rules::core::Action]) -> Option<motley_rules::Outcome> {
        self.inner.outcome_given(legal)
    }
    fn hash(&self) -> u64 {
        self.inner.hash()
            ^ if self.second {
                0x5555_1234_9876_abcd
            } else {
                0
            }
    }
    fn quiet_plies(&self) -> u32 {
        self.inner.quiet_plies()
    }
    fn fullmoves(&self) -> u32 {
        self.inner.fullmoves()
    }
    fn to_fen(&self) -> String {
        self.inner.to_fen()
    }
    fn in_check(&self, color: Color) -> bool {
        self.inner.in_check(color)
    }
}

impl Evaluate for TwoMoves {
    fn evaluate(&self) -> i32 {
        self.inner.evaluate()
    }
}

#[test]
fn consecutive_actions_of_one_side_are_not_negated() {
    // The rook is shut in by its pawn: a rook step along the first rank
    // and then to the eighth mates only
    // because White moves twice in a row.
    let inner = motley_rules::standard::Standard::from_setup(
        Setup::parse("6k1/5ppp/8/8/8/8/1P6/1R4K1 w - - 0 1").unwrap(),
    )
    .unwrap();
    let p = TwoMoves {
        inner,
        second: false,
    };
    let stop = AtomicBool::new(false);
    let r = search(&p, &[], &Limits::depth(3), &stop);
    assert_eq!(r.mate_in_plies(), Some(2), "{r:?}");
    let mut after = p.clone();
    after.play_unchecked(r.best.unwrap());
    assert_eq!(after.turn(), Color::White);
    assert!(forced_win(&after, Color::White, 1));
}
