//! Random openings for engine matches: seeded, so both games of a pair
//! start alike, and dice rolled on top of the plies asked for.

use motley_ai::opening::random_opening;
use motley_game::Game;

/// A built-in variant's game from its start.
fn builtin_game(id: &str, seed: u64) -> Game {
    let registry = motley_game::variant::Registry::builtin();
    Game::new(registry.get(id).unwrap(), None, seed).unwrap()
}

#[test]
fn the_same_seed_gives_the_same_opening_and_others_differ() {
    let mut a = builtin_game("standard", 5);
    let mut b = builtin_game("standard", 5);
    assert_eq!(random_opening(&mut a, 6, 11).unwrap(), 6);
    assert_eq!(random_opening(&mut b, 6, 11).unwrap(), 6);
    assert_eq!(a.actions(), b.actions());
    assert_eq!(a.ply(), 6);
    let others: std::collections::HashSet<Vec<_>> = (12..20)
        .map(|s| {
            let mut g = builtin_game("standard", 5);
            random_opening(&mut g, 6, s).unwrap();
            g.actions().to_vec()
        })
        .collect();
    assert!(others.len() >= 7, "{others:?}");
}

#[test]
fn dice_are_rolled_but_not_counted_and_zero_plies_change_nothing() {
    let mut g = builtin_game("dice-money", 5);
    random_opening(&mut g, 4, 3).unwrap();
    assert!(g.ply() > 4, "rolls come on top: {}", g.ply());
    let mut untouched = builtin_game("standard", 5);
    assert_eq!(random_opening(&mut untouched, 0, 3).unwrap(), 0);
    assert_eq!(untouched.ply(), 0);
}
