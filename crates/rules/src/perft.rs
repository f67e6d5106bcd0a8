//! Perft: the number of action sequences of a depth, the reference count
//! that move generation is tested and measured by.

use crate::core::Action;
use crate::Position;

/// Count leaf nodes of the action tree (bulk-counting the last ply).
pub fn perft<P: Position>(pos: &P, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<Action>> =
        (0..depth.max(1)).map(|_| Vec::with_capacity(256)).collect();
    perft_inner(pos, depth, &mut buffers)
}

fn perft_inner<P: Position>(pos: &P, depth: u32, buffers: &mut [Vec<Action>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some((buf, rest)) = buffers.split_first_mut() else {
        return 1;
    };
    if depth == 1 {
        return pos.count_legal_actions(buf);
    }
    buf.clear();
    pos.legal_actions(buf);
    let mut total = 0;
    for a in buf.iter() {
        let mut child = pos.clone();
        child.play_unchecked(*a);
        total += perft_inner(&child, depth - 1, rest);
    }
    total
}

/// Perft split by root action: `(coordinate text, count)` sorted by text.
pub fn perft_divide<P: Position>(pos: &P, depth: u32) -> Vec<(String, u64)> {
    let mut legal = Vec::new();
    pos.legal_actions(&mut legal);
    let mut rows: Vec<(String, u64)> = legal
        .iter()
        .map(|a| {
            let mut child = pos.clone();
            child.play_unchecked(*a);
            (a.to_string(), perft(&child, depth.saturating_sub(1)))
        })
        .collect();
    rows.sort();
    rows
}
