//! What a search reports, iteration by iteration: every completed
//! iteration in order, lines that run their full depth, several lines
//! (multipv), the node budget, a table the caller keeps, and a chance
//! root valued as the mean over the dice.

use motley_ai::search::{search, search_with, Iteration, Limits, Report};
use motley_ai::tt::Table;
use motley_game::variant::Registry;
use motley_rules::core::Action;
use motley_rules::Position;
use std::sync::atomic::AtomicBool;

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
        let v =
            motley_rules::dispatch!(&child, p => search(p, &[], &Limits::depth(1), &stop)).score;
        let v = if child.turn() == pos.turn() { v } else { -v };
        sum += i64::from(v) * i64::from(*w);
    }
    assert_eq!(r.score, (sum / total) as i32);
}
