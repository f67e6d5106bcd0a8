//! The transposition table: remembers what earlier searches learned about a
//! position (by its Zobrist hash) so transpositions and the next iteration
//! of iterative deepening start from the best move already found.

use motley_rules::core::Action;

/// How a stored score relates to the true value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value.
    Exact,
    /// The true value is at least this (a beta cut-off).
    Lower,
    /// The true value is at most this (no move raised alpha).
    Upper,
}

/// One remembered position.
#[derive(Copy, Clone, Debug)]
pub struct Entry {
    /// Full hash, to tell apart positions sharing a slot.
    pub key: u64,
    /// Best or refuting action found.
    pub best: Option<Action>,
    /// Score (mate scores stored relative to this node).
    pub score: i32,
    /// Remaining depth the score was searched to.
    pub depth: i16,
    /// What kind of bound the score is.
    pub bound: Bound,
}

/// A fixed-size, always-replace table indexed by the low bits of the hash.
pub struct Table {
    slots: Vec<Option<Entry>>,
    mask: usize,
}

impl Table {
    /// A table of about `megabytes` MB (rounded down to a power of two
    /// entries, at least 1024).
    pub fn new(megabytes: usize) -> Table {
        let per = std::mem::size_of::<Option<Entry>>().max(1);
        let wanted = (megabytes.max(1) * 1024 * 1024 / per).max(1024);
        let size = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        Table {
            slots: vec![None; size],
            mask: size - 1,
        }
    }

    /// The entry for `key`, if one is stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.slots
            .get(key as usize & self.mask)
            .copied()
            .flatten()
            .filter(|e| e.key == key)
    }

    /// Whatever entry sits in `key`'s slot, whichever position it is of.
    #[inline]
    pub fn probe_slot(&self, key: u64) -> Option<Entry> {
        self.slots.get(key as usize & self.mask).copied().flatten()
    }

    /// Store an entry; a shallower result for the same position does not
    /// replace a deeper exact one.
    #[inline]
    pub fn store(&mut self, entry: Entry) {
        if let Some(slot) = self.slots.get_mut(entry.key as usize & self.mask) {
            if let Some(old) = slot {
                if old.key == entry.key && old.bound == Bound::Exact && old.depth > entry.depth + 1
                {
                    return;
                }
            }
            *slot = Some(entry);
        }
    }
}
