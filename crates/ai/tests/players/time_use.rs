//! How long iterative deepening goes on: longer while the best action
//! keeps changing or the score falls, never past the hard limit.

use motley_ai::search::TimeUse;
use motley_rules::core::Action;
use std::time::Duration;

#[test]
fn time_use_stretches_while_the_best_action_changes_and_never_passes_the_hard_limit() {
    let ms = Duration::from_millis;
    let a = Action::Pass;
    let b = Action::Roll(1, 2);
    let mut unsure = TimeUse::new(Some(ms(600)), Some(ms(1000)));
    let mut sure = TimeUse::new(Some(ms(600)), Some(ms(1000)));
    for depth in 1..=8 {
        unsure.completed(depth, Some(if depth % 2 == 0 { a } else { b }), 0);
        sure.completed(depth, Some(a), 0);
    }
    // Past the soft share: the sure search stops, the unsure goes on.
    assert!(sure.out_of_time(ms(500)));
    assert!(!unsure.out_of_time(ms(700)));
    // Never past the hard limit.
    assert!(unsure.out_of_time(ms(1000)));
    // A falling score also buys time.
    let mut falling = TimeUse::new(Some(ms(600)), Some(ms(1000)));
    for depth in 1..=8 {
        falling.completed(depth, Some(a), -40 * depth as i32);
    }
    assert!(!falling.out_of_time(ms(700)));
    // No clock, no limit.
    assert!(!TimeUse::new(None, None).out_of_time(ms(1_000_000)));
}
