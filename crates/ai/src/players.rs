//! The testing players: `random` (uniform legal actions) and `greedy`
//! (best evaluation after one action).

use super::eval::Evaluate;
use motley_rules::core::Action;
use motley_rules::Position;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A uniformly random legal action (seeded by `seed` and the position).
pub fn random<P: Position>(pos: &P, seed: u64) -> Option<Action> {
    let mut legal = Vec::new();
    pos.legal_actions(&mut legal);
    if legal.is_empty() {
        return None;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ pos.hash());
    let i = (rng.next_u64() % legal.len() as u64) as usize;
    legal.get(i).copied()
}

/// One-ply best by the family's evaluation, ties broken by the seed.
pub fn greedy<P: Evaluate>(pos: &P, seed: u64) -> Option<Action> {
    let mut legal = Vec::new();
    pos.legal_actions(&mut legal);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ pos.hash());
    let me = pos.turn();
    let mut best: Option<(i64, Action)> = None;
    for a in &legal {
        let mut child = pos.clone();
        child.play_unchecked(*a);
        let score = match child.outcome() {
            Some(o) => match o.winner {
                Some(w) if w == me => 1_000_000,
                Some(_) => -1_000_000,
                None => 0,
            },
            None => {
                let e = child.evaluate() as i64;
                if child.turn() == me {
                    e
                } else {
                    -e
                }
            }
        };
        let key = score * 1024 + (rng.next_u32() % 1024) as i64;
        if best.is_none_or(|(b, _)| key > b) {
            best = Some((key, *a));
        }
    }
    best.map(|(_, a)| a)
}
