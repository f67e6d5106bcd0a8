//! Game analysis: marks by the loss, evaluations read as pawns and mates,
//! win chances and accuracy on the variant's own scale, and the analysis
//! as serde data that older and newer readers share.

use motley_ai::analysis::{
    accuracy_for_drop, mean_accuracy, side_accuracy, win_chance, Eval, GameAnalysis, Mark,
    PlyAnalysis, ACCURACY_HALVING, BLUNDER_CP, INACCURACY_CP, LOSS_CLAMP_CP, MISTAKE_CP,
};
use motley_ai::eval::EvalScale;
use motley_ai::search::MATE;
use motley_rules::core::Color;
use serde::Deserialize;

#[test]
fn marks_follow_the_thresholds() {
    assert_eq!(Mark::for_loss(INACCURACY_CP - 1), None);
    assert_eq!(Mark::for_loss(INACCURACY_CP), Some(Mark::Inaccuracy));
    assert_eq!(Mark::for_loss(MISTAKE_CP), Some(Mark::Mistake));
    assert_eq!(Mark::for_loss(BLUNDER_CP), Some(Mark::Blunder));
}

#[test]
fn evaluations_read_as_pawns_mates_and_results() {
    assert_eq!(Eval::from_score(35).to_string(), "+0.35");
    assert_eq!(Eval::from_score(-120).to_string(), "-1.20");
    assert_eq!(Eval::from_score(MATE - 3).to_string(), "#2");
    assert_eq!(Eval::from_score(-(MATE - 1)).to_string(), "#-1");
    assert_eq!(Eval::from_score(MATE), Eval::Won);
    assert_eq!(Eval::from_score(-MATE), Eval::Lost);
    // A won game kept won loses nothing; a won game thrown away loses all.
    let limit = LOSS_CLAMP_CP;
    assert_eq!(
        Eval::Mate(3).clamped_cp(limit),
        Eval::Mate(5).clamped_cp(limit)
    );
    assert_eq!(Eval::Cp(5000).clamped_cp(limit), LOSS_CLAMP_CP);
}

#[test]
fn analysis_is_serde_data() {
    let p = PlyAnalysis {
        ply: 1,
        mover: "white".into(),
        fullmove: 1,
        action: "e2e4".into(),
        san: "e4".into(),
        before: Eval::Cp(20),
        after: Eval::Mate(-2),
        best: Some("d4".into()),
        best_action: Some("d2d4".into()),
        loss: Some(1020),
        mark: Some(Mark::Blunder),
        depth: 7,
        accuracy: Some(9.5),
    };
    let json = serde_json::to_string(&p).unwrap();
    assert!(json.contains(r#""before":{"cp":20}"#), "{json}");
    assert!(json.contains(r#""after":{"mate":-2}"#), "{json}");
    assert!(json.contains(r#""mark":"??""#), "{json}");
    assert_eq!(serde_json::from_str::<PlyAnalysis>(&json).unwrap(), p);
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 0.05
}

/// A decision of `mover` from `before` to `after` (both from its side).
fn decision(mover: &str, before: Eval, after: Eval, best_played: bool) -> PlyAnalysis {
    let loss = if best_played {
        0
    } else {
        (before.clamped_cp(LOSS_CLAMP_CP) - after.clamped_cp(LOSS_CLAMP_CP)).max(0)
    };
    PlyAnalysis {
        ply: 1,
        mover: mover.into(),
        fullmove: 1,
        action: "e2e4".into(),
        san: "e4".into(),
        before,
        after,
        best: None,
        best_action: None,
        loss: Some(loss),
        mark: Mark::for_loss(loss),
        depth: 1,
        accuracy: None,
    }
}

#[test]
fn win_chance_is_even_at_equal_and_follows_the_scale() {
    let pawns = EvalScale::PAWNS;
    assert!(close(win_chance(Eval::Cp(0), &pawns), 50.0));
    // One pawn up is about 60%, one down the mirror of it.
    let pawn = win_chance(Eval::Cp(100), &pawns);
    assert!(close(pawn, 59.9), "{pawn}");
    assert!(close(win_chance(Eval::Cp(-100), &pawns), 100.0 - pawn));
    // At the limit (and beyond, and for a mate) about 98.2%.
    let decided = win_chance(Eval::Cp(LOSS_CLAMP_CP), &pawns);
    assert!(close(decided, 98.2), "{decided}");
    assert_eq!(win_chance(Eval::Cp(5000), &pawns), decided);
    assert_eq!(win_chance(Eval::Mate(3), &pawns), decided);
    assert!(close(win_chance(Eval::Lost, &pawns), 100.0 - decided));
    // Monochrome: a point ahead with fifty on each side still in play
    // is a small edge, not a pawn's; with little left it counts more.
    let points = |limit_cp| EvalScale {
        unit: "point",
        unit_cp: 100,
        limit_cp,
    };
    let early = win_chance(Eval::Cp(100), &points(10_000));
    let late = win_chance(Eval::Cp(100), &points(1_000));
    assert!(close(early, 51.0), "{early}");
    assert!(early < late && close(late, pawn), "{early} {late}");
}

#[test]
fn accuracy_is_full_for_nothing_lost_and_low_for_a_thrown_win() {
    let pawns = EvalScale::PAWNS;
    assert_eq!(accuracy_for_drop(0.0), 100.0);
    assert_eq!(accuracy_for_drop(-3.0), 100.0);
    assert!(close(accuracy_for_drop(ACCURACY_HALVING), 50.0));
    assert!(close(accuracy_for_drop(2.0 * ACCURACY_HALVING), 25.0));
    // The engine's choice loses nothing, whatever the search said next.
    let best = decision("white", Eval::Cp(30), Eval::Cp(-10), true);
    assert_eq!(best.accuracy_on(&pawns), Some(100.0));
    // Keeping a won game won (mate in 3 to +15) loses nothing either.
    let kept = decision("white", Eval::Mate(3), Eval::Cp(1500), false);
    assert_eq!(kept.accuracy_on(&pawns), Some(100.0));
    // A small slip costs a little.
    let slip = decision("black", Eval::Cp(0), Eval::Cp(-30), false);
    let a = slip.accuracy_on(&pawns).unwrap();
    assert!(a > 90.0 && a < 100.0, "{a}");
    // From five pawns up to five down: a blunder, and a low figure.
    let thrown = decision("white", Eval::Cp(500), Eval::Cp(-500), false);
    assert_eq!(thrown.mark, Some(Mark::Blunder));
    let a = thrown.accuracy_on(&pawns).unwrap();
    assert!(a < 10.0, "{a}");
    // Walking into a mate from a level game.
    let mated = decision("black", Eval::Cp(0), Eval::Mate(-1), false);
    let a = mated.accuracy_on(&pawns).unwrap();
    assert!(a < 20.0, "{a}");
    // A roll is no decision.
    let roll = PlyAnalysis { loss: None, ..slip };
    assert_eq!(roll.accuracy_on(&pawns), None);
}

#[test]
fn a_side_s_accuracy_is_the_geometric_mean_of_its_moves() {
    assert_eq!(mean_accuracy([]), None);
    assert!(close(mean_accuracy([100.0, 100.0]).unwrap(), 100.0));
    assert!(close(mean_accuracy([100.0, 25.0]).unwrap(), 50.0));
    // One blunder among nine good moves weighs more than in an average.
    let moves = [[95.0; 9].as_slice(), &[5.0]].concat();
    let mean = mean_accuracy(moves.iter().copied()).unwrap();
    let average = moves.iter().sum::<f64>() / moves.len() as f64;
    assert!(mean < average - 10.0 && mean > 50.0, "{mean} {average}");
    // Per side, from the moves' evaluations.
    let pawns = EvalScale::PAWNS;
    let plies = [
        decision("white", Eval::Cp(20), Eval::Cp(20), true),
        decision("black", Eval::Cp(-20), Eval::Cp(-500), false),
        decision("white", Eval::Cp(500), Eval::Cp(480), false),
    ];
    let white = side_accuracy(&plies, Color::White, &pawns).unwrap();
    let black = side_accuracy(&plies, Color::Black, &pawns).unwrap();
    assert!(white > 95.0 && black < 30.0, "{white} {black}");
    assert_eq!(side_accuracy(&plies[..1], Color::Black, &pawns), None);
}

/// Analyses stored before accuracy existed still read (the fields are
/// optional), and readers that do not know the fields ignore them.
#[test]
fn accuracy_fields_are_optional_both_ways() {
    let old = r#"{"variant":"standard","movetime_ms":100,"plies":[{"ply":1,
        "mover":"white","fullmove":1,"action":"e2e4","san":"e4",
        "before":{"cp":20},"after":{"cp":10},"best":"e4","best_action":"e2e4",
        "loss":0,"mark":null,"depth":3}],
        "summary":[{"side":"white","moves":1,"average_loss":0.0,"inaccuracies":0,
        "mistakes":0,"blunders":0},{"side":"black","moves":0,"average_loss":0.0,
        "inaccuracies":0,"mistakes":0,"blunders":0}]}"#;
    let a: GameAnalysis = serde_json::from_str(old).unwrap();
    assert_eq!(a.plies[0].accuracy, None);
    assert_eq!(a.summary[0].accuracy, None);
    // Worked out again from the evaluations.
    assert_eq!(
        side_accuracy(&a.plies, Color::White, &EvalScale::PAWNS),
        Some(100.0)
    );
    // An older reader (the summary as it was, which like every struct
    // here does not deny unknown fields) reads a newer analysis.
    #[derive(Deserialize)]
    struct OldSummary {
        blunders: usize,
    }
    let mut new = a.clone();
    new.summary[0].accuracy = Some(100.0);
    new.summary[0].blunders = 2;
    let json = serde_json::to_value(&new).unwrap();
    assert_eq!(json["summary"][0]["accuracy"], 100.0);
    assert!(json["summary"][1].get("accuracy").is_none());
    let old: OldSummary = serde_json::from_value(json["summary"][0].clone()).unwrap();
    assert_eq!(old.blunders, 2);
}
