//! Helpers shared by the saved-game tests (record_*.rs): seeded random
//! games of any variant.

use motley_game::variant::Registry;
use motley_game::Game;
use motley_rules::core::Color;
use motley_rules::Position;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A game of `id` from `fen` (or the start) with uniformly random legal
/// actions, dice rolled by the game itself at chance nodes, for at most
/// `max_plies`; seeds ending in 0 or 1 (mod 5) end by resignation or
/// agreement when the board has not ended the game.
pub fn random_game(
    reg: &Registry,
    id: &str,
    fen: Option<&str>,
    seed: u64,
    max_plies: usize,
) -> Game {
    let mut g = Game::new(reg.get(id).unwrap(), fen, seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    while g.ply() < max_plies && g.outcome().is_none() {
        if g.position().is_chance() {
            if g.roll_dice().is_none() {
                break;
            }
            continue;
        }
        let legal = g.legal_actions();
        if legal.is_empty() {
            break;
        }
        let a = legal[rng.next_u32() as usize % legal.len()];
        g.play(a).unwrap();
    }
    match seed % 5 {
        0 => g.resign(if seed.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        }),
        1 => g.agree(),
        _ => {}
    }
    g
}
