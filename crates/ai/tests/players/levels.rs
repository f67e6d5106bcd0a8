//! The levels and who plays: each level thinks longer and less randomly
//! than the one below, its rating rises with it, a rating picks the level
//! nearest to it, player names read as players, and no computer player
//! acts where dice are due.

use motley_ai::{
    level, level_for_rating, rating_of_level, think, Level, PlayerSpec, ThinkSettings,
    DEFAULT_LEVEL, LEVEL_RATINGS,
};
use motley_rules::Position;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

#[test]
fn levels_grow_in_time_and_lose_randomness() {
    for n in 1..5u8 {
        let (a, b) = (level(n), level(n + 1));
        assert!(b.time_permille > a.time_permille, "level {n}");
        assert!(b.max_depth >= a.max_depth, "level {n}");
        assert!(b.noise <= a.noise, "level {n}");
        let budget = |l: Level| l.nodes.unwrap_or(u64::MAX);
        assert!(
            budget(b) > budget(a) || a.max_depth < b.max_depth,
            "level {n}"
        );
    }
    assert_eq!(level(0), level(1));
    assert_eq!(level(9), level(5));
    // The default level stays well inside the time per move.
    assert!(level(DEFAULT_LEVEL).time_permille <= 1000);
}

#[test]
fn computer_players_do_not_act_at_chance_nodes() {
    let reg = motley_game::variant::Registry::builtin();
    let Ok(v) = reg.get("dice-money") else {
        return;
    };
    let game = motley_game::Game::new(v, None, 1).unwrap();
    assert!(game.position().is_chance());
    let stop = AtomicBool::new(false);
    let settings = ThinkSettings::default();
    for spec in [
        PlayerSpec::Computer { level: 3 },
        PlayerSpec::Random,
        PlayerSpec::Greedy,
    ] {
        assert_eq!(think(game.position(), &[], &spec, &settings, &stop), None);
    }
}

#[test]
fn player_specs_parse() {
    assert_eq!("human".parse(), Ok(PlayerSpec::Human));
    assert_eq!("ai".parse(), Ok(PlayerSpec::Computer { level: 3 }));
    assert_eq!("ai:5".parse(), Ok(PlayerSpec::Computer { level: 5 }));
    assert!("ai:6".parse::<PlayerSpec>().is_err());
    assert!("ai:99".parse::<PlayerSpec>().is_err());
    assert!("bob".parse::<PlayerSpec>().is_err());
    assert!("uci:".parse::<PlayerSpec>().is_err());
    assert_eq!(
        "uci:/opt/My Engine --fast".parse(),
        Ok(PlayerSpec::Uci {
            command: Arc::from("/opt/My Engine --fast")
        })
    );
    assert_eq!(
        "UCI:stockfish".parse::<PlayerSpec>().map(|p| p.to_string()),
        Ok("uci:stockfish".to_string())
    );
}

#[test]
fn a_rating_picks_the_level_with_the_nearest_rating() {
    for (level, rating) in LEVEL_RATINGS {
        assert_eq!(level_for_rating(rating), level);
        assert_eq!(rating_of_level(level), rating);
        assert_eq!(
            format!("ai:{rating}").parse(),
            Ok(PlayerSpec::Computer { level })
        );
    }
    assert_eq!(level_for_rating(100), 1);
    assert_eq!(level_for_rating(4000), 5);
    // Between two levels, the nearer one.
    let [(_, r1), (_, r2), ..] = LEVEL_RATINGS;
    assert_eq!(level_for_rating(r1 + (r2 - r1) / 4), 1);
    assert_eq!(level_for_rating(r2 - (r2 - r1) / 4), 2);
}

#[test]
fn ratings_rise_with_the_level() {
    for pair in LEVEL_RATINGS.windows(2) {
        assert_eq!(pair[1].0, pair[0].0 + 1);
        assert!(pair[1].1 > pair[0].1, "{pair:?}");
    }
}
