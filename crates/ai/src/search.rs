//! Iterative-deepening negamax alpha-beta (principal-variation search),
//! generic over [`Evaluate`] (the rules plus the family's evaluation) so it
//! runs on the concrete family type.
//!
//! Sides do not always alternate (Dice-Money: purchase, main move and extra
//! moves are one side's consecutive actions), so a child's score is negated
//! only when the side to act changes between parent and child. Chance nodes
//! (`Position::is_chance`) are averaged over their weighted outcomes
//! (expectimax); a roll costs two plies of depth so dice games stay
//! searchable in time, while a purchase costs none (it only announces the
//! extra moves or king power that follow in the same turn).

use crate::eval::Evaluate;
use crate::tt::Table;
use motley_rules::AnyPosition;
use root::root_actions;
use searcher::Searcher;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use time::TimeUse;

mod chance;
mod limits;
mod pruning;
mod quiescence;
mod root;
mod score;
mod searcher;
mod time;
mod tree;

pub use limits::{Iteration, Limits, Line, Report};
pub use score::{mate_in_plies, outcome_score, INF, MATE, MATE_BOUND};

/// Search `pos` and return the best action. `history` holds the repetition
/// keys of the game's earlier positions (oldest first).
pub fn search<P: Evaluate>(pos: &P, history: &[u64], limits: &Limits, stop: &AtomicBool) -> Report {
    let mut table = limits.use_tt.then(|| Table::new(limits.tt_mb));
    search_with(pos, history, limits, stop, table.as_mut(), &mut |_| {})
}

/// [`search`] of whichever family `pos` is, on its concrete type: the
/// search is compiled here, in the engine crate at its optimisation, not
/// in the caller's crate.
pub fn search_any(
    pos: &AnyPosition,
    history: &[u64],
    limits: &Limits,
    stop: &AtomicBool,
) -> Report {
    motley_rules::dispatch!(pos, p => search(p, history, limits, stop))
}

/// [`search_with`] of whichever family `pos` is, compiled here for the
/// same reason as [`search_any`].
pub fn search_any_with(
    pos: &AnyPosition,
    history: &[u64],
    limits: &Limits,
    stop: &AtomicBool,
    tt: Option<&mut Table>,
    on_iteration: &mut dyn FnMut(&Iteration),
) -> Report {
    motley_rules::dispatch!(pos, p => search_with(p, history, limits, stop, tt, on_iteration))
}

/// [`search`] with a transposition table the caller keeps between searches
/// (a UCI engine's `Hash`; `None` searches without one, ignoring
/// [`Limits::use_tt`] and [`Limits::tt_mb`]) and a callback that receives
/// every completed iteration. At a chance node the result is the
/// expectimax value over the dice, with no best action.
pub fn search_with<P: Evaluate>(
    pos: &P,
    history: &[u64],
    limits: &Limits,
    stop: &AtomicBool,
    tt: Option<&mut Table>,
    on_iteration: &mut dyn FnMut(&Iteration),
) -> Report {
    let start = Instant::now();
    let mut s = Searcher::new(pos, history, limits, start, stop, tt);
    let mut report = Report {
        best: None,
        score: 0,
        depth: 0,
        nodes: 0,
        elapsed: Duration::ZERO,
        seldepth: 0,
        lines: Vec::new(),
        line: None,
    };
    let soft = limits
        .movetime
        .map(|t| t.mul_f64(limits.soft_share.clamp(0.0, 1.0)));
    if pos.is_chance() {
        s.search_chance_root(pos, limits, soft, start, &mut report, on_iteration);
        report.nodes = s.nodes;
        report.elapsed = start.elapsed();
        return report;
    }
    let mut legal = Vec::with_capacity(64);
    pos.legal_actions(&mut legal);
    if legal.is_empty() {
        return report;
    }
    let mut root = root_actions(pos, &legal, limits, &s.ordering);
    root.sort_by_key(|r| std::cmp::Reverse(r.2));
    report.best = Some(root[0].0);
    let lines_wanted = limits.multipv.clamp(1, root.len());
    let mut clock = TimeUse::new(soft, limits.movetime);
    for depth in 1..=limits.max_depth.max(1) {
        s.root_depth = depth as i32;
        s.seldepth = 0;
        let guess = (depth > 1 && lines_wanted == 1).then_some(report.score);
        let found = s.root(
            pos,
            &mut root,
            depth as i32,
            limits.noise > 0,
            lines_wanted,
            guess,
        );
        s.take_found(pos, &found, depth, &mut report);
        if s.aborted {
            break;
        }
        on_iteration(&Iteration {
            depth,
            seldepth: report.seldepth,
            nodes: s.nodes,
            elapsed: start.elapsed(),
            lines: report.lines.clone(),
            score: report.score,
        });
        s.ordering.age();
        if report.score.abs() > MATE_BOUND && MATE - report.score.abs() <= depth as i32 {
            // A forced result within the horizon: deeper search cannot change it.
            break;
        }
        if root.len() == 1 && limits.movetime.is_some() {
            // The only legal action: nothing to think about on a clock.
            break;
        }
        clock.completed(depth, report.best, report.score);
        if clock.out_of_time(start.elapsed()) {
            break;
        }
    }
    report.nodes = s.nodes;
    report.elapsed = start.elapsed();
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use motley_game::variant::Registry;
    use motley_rules::core::Action;
    use motley_rules::{AnyPosition, Position};

    fn position(id: &str, fen: Option<&str>) -> motley_rules::AnyPosition {
        Registry::builtin().get(id).unwrap().position(fen).unwrap()
    }

    fn run(
        pos: &motley_rules::AnyPosition,
        limits: &Limits,
        table: Option<&mut Table>,
    ) -> (Report, Vec<Iteration>) {
        let stop = AtomicBool::new(false);
        let mut seen = Vec::new();
        let r = motley_rules::dispatch!(pos, p => search_with(p, &[], limits, &stop, table, &mut |it| seen.push(it.clone())));
        (r, seen)
    }

    #[test]
    fn null_moves_are_offered_only_where_zugzwang_is_rare() {
        use crate::eval::Evaluate;
        let AnyPosition::Standard(chess) = position("standard", None) else {
            panic!("standard is standard");
        };
        let passed = chess.null_move().unwrap();
        assert_eq!(passed.turn(), chess.turn().other());
        // Only pawns and the king: no pass.
        let AnyPosition::Standard(pawns) =
            position("standard", Some("4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1"))
        else {
            panic!("standard is standard");
        };
        assert!(pawns.null_move().is_none());
        for id in ["antichess", "chicken", "monochrome", "dice-money"] {
            let pos = position(id, None);
            let offered = motley_rules::dispatch!(&pos, p => p.null_move().is_some());
            assert!(!offered, "{id}");
        }
        for id in ["contrast", "monochromatic"] {
            let pos = position(id, None);
            let offered = motley_rules::dispatch!(&pos, p => p.null_move().is_some());
            assert!(offered, "{id}");
        }
    }

    // Where checks are counted, a quiet check is searched in quiescence
    // as a capture is: the last check to give wins at once.
    #[test]
    fn quiet_checks_count_as_tactics_only_where_checks_are_counted() {
        use crate::eval::Evaluate;
        let fen = "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1";
        let AnyPosition::Fairy(three) = position("3check", Some(&format!("{fen} 1+3"))) else {
            panic!("3check is a variant from data");
        };
        let quiet = |pos: &motley_rules::fairy::Fairy, text: &str| {
            let action = motley_rules::parse_action(pos, text).unwrap();
            pos.quiet_check(&action)
        };
        assert!(quiet(&three, "d2d7"), "a check");
        assert!(quiet(&three, "d2e2"), "a check from afar");
        assert!(!quiet(&three, "d2d3"), "no check");
        let taking = "4k3/3r4/8/8/8/8/3Q4/4K3 w - - 0 1 1+3";
        let AnyPosition::Fairy(three_taking) = position("3check", Some(taking)) else {
            panic!("3check is a variant from data");
        };
        assert!(!quiet(&three_taking, "d2d7"), "a capture, searched as one");
        let AnyPosition::Fairy(hill) = position("kingofthehill", Some(fen)) else {
            panic!("kingofthehill is a variant from data");
        };
        assert!(!quiet(&hill, "d2d7"), "checks are not counted there");
    }

    // Variants from data differ: chess-like ones pass, and those where
    // captures are compulsory, losing pieces wins or a king wins by
    // stepping onto a goal (a quiet move the cuts would skip) do not.
    #[test]
    fn variants_from_data_pass_only_where_zugzwang_is_rare_and_no_goal_waits() {
        use crate::eval::Evaluate;
        for (id, rare) in [
            ("3check", true),
            ("crazyhouse", true),
            ("atomic", true),
            ("giveaway", false),
            ("losers", false),
            ("kingofthehill", false),
            ("racingkings", false),
        ] {
            let AnyPosition::Fairy(pos) = position(id, None) else {
                panic!("{id} is a variant from data");
            };
            assert_eq!(pos.zugzwang_rare(), rare, "{id}");
            let passed = pos.null_move();
            assert_eq!(passed.is_some(), rare, "{id}");
            if let Some(passed) = passed {
                assert_eq!(passed.turn(), pos.turn().other(), "{id}");
                assert_eq!(passed.board(), pos.board(), "{id}");
                assert_ne!(passed.hash(), pos.hash(), "{id}");
            }
        }
        // Only pawns and the king: no pass.
        let pawns = "4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1 3+3";
        let AnyPosition::Fairy(pos) = position("3check", Some(pawns)) else {
            panic!("3check is a variant from data");
        };
        assert!(pos.null_move().is_none());
    }

    #[test]
    fn every_completed_iteration_is_reported_in_order() {
        let (r, seen) = run(&position("standard", None), &Limits::depth(5), None);
        let depths: Vec<u32> = seen.iter().map(|it| it.depth).collect();
        assert_eq!(depths, [1, 2, 3, 4, 5]);
        assert!(seen.windows(2).all(|w| w[1].nodes >= w[0].nodes));
        assert!(seen
            .iter()
            .all(|it| it.seldepth >= 1 && it.lines.len() == 1));
        let last = seen.last().unwrap();
        assert_eq!(last.lines, r.lines);
        assert_eq!(Some(last.lines[0].pv[0]), r.best);
        assert_eq!(r.depth, 5);
    }

    /// Issue 22, item 21: a reported line is the line the search found,
    /// not what the table still remembers of it. With a table far too
    /// small to keep it (or none at all), every completed iteration's best
    /// line still runs at least its depth, and the report's line is the
    /// last one.
    #[test]
    fn item_21_lines_run_the_full_depth_whatever_the_table_forgets() {
        let fens = [
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ];
        for fen in fens {
            let pos = position("standard", Some(fen));
            let mut tiny = Table::new(1);
            for table in [Some(&mut tiny), None] {
                let (r, seen) = run(&pos, &Limits::depth(6), table);
                for it in &seen {
                    let pv = &it.lines[0].pv;
                    assert!(
                        pv.len() >= it.depth as usize,
                        "{fen}, depth {}: {pv:?}",
                        it.depth
                    );
                }
                assert_eq!(r.line.as_ref(), seen.last().map(|it| &it.lines[0]));
            }
        }
    }

    #[test]
    fn multipv_ranks_distinct_root_actions_best_first() {
        let limits = Limits {
            multipv: 4,
            ..Limits::depth(3)
        };
        let (r, _) = run(&position("standard", None), &limits, None);
        assert_eq!(r.lines.len(), 4);
        let firsts: Vec<Action> = r.lines.iter().map(|l| l.pv[0]).collect();
        let unique: std::collections::HashSet<Action> = firsts.iter().copied().collect();
        assert_eq!(unique.len(), 4, "{firsts:?}");
        assert!(r.lines.windows(2).all(|w| w[0].score >= w[1].score));
        assert_eq!(r.best, Some(firsts[0]));
        // More lines than legal actions: one line per action.
        let few = position("standard", Some("7k/8/8/8/8/8/8/K7 w - - 0 1"));
        let (r, _) = run(
            &few,
            &Limits {
                multipv: 50,
                ..Limits::depth(2)
            },
            None,
        );
        assert_eq!(r.lines.len(), 3);
    }

    #[test]
    fn a_node_limit_stops_the_search_at_the_budget() {
        // Exact even for the few hundred nodes of the weakest levels.
        for budget in [300, 5000] {
            let limits = Limits {
                nodes: Some(budget),
                ..Limits::depth(64)
            };
            let (r, _) = run(&position("standard", None), &limits, None);
            assert!(r.nodes <= budget + 1, "{budget}: {}", r.nodes);
            assert!(r.best.is_some());
        }
    }

    #[test]
    fn a_callers_table_gives_the_same_best_action() {
        let pos = position("standard", None);
        let mut table = Table::new(1);
        let (fresh, _) = run(&pos, &Limits::depth(4), Some(&mut table));
        let (again, _) = run(&pos, &Limits::depth(4), Some(&mut table));
        assert_eq!(fresh.best, again.best);
        assert_eq!(fresh.score, again.score);
        // The warm table saves work.
        assert!(
            again.nodes < fresh.nodes,
            "{} vs {}",
            again.nodes,
            fresh.nodes
        );
    }

    #[test]
    fn a_chance_root_is_valued_as_the_mean_over_the_dice() {
        let pos = position("dice-money", None);
        assert!(pos.is_chance());
        let (r, seen) = run(&pos, &Limits::depth(3), None);
        assert_eq!(r.best, None);
        assert!(r.depth >= 3, "{r:?}");
        assert!(!seen.is_empty() && seen.iter().all(|it| it.lines.is_empty()));
        // The mean of the rolls' values, each searched one ply less deep.
        let stop = AtomicBool::new(false);
        let outcomes = pos.chance_outcomes();
        let total: i64 = outcomes.iter().map(|(_, w)| i64::from(*w)).sum();
        let mut sum = 0i64;
        for (roll, w) in &outcomes {
            let mut child = pos.clone();
            child.play_unchecked(*roll);
            let v = motley_rules::dispatch!(&child, p => search(p, &[], &Limits::depth(1), &stop))
                .score;
            let v = if child.turn() == pos.turn() { v } else { -v };
            sum += i64::from(v) * i64::from(*w);
        }
        assert_eq!(r.score, (sum / total) as i32);
    }
}
