//! The last thing laid out, kept with the key it was laid out for: the
//! move list and the variation tree are laid out once per change, and a
//! key that only moves about reuses them.

use std::sync::{Arc, Mutex, PoisonError};

/// One value and the key it was made for, shared between draws.
#[derive(Debug)]
pub(crate) struct LastLayout<K, V>(Mutex<Option<(K, Arc<V>)>>);

impl<K, V> Default for LastLayout<K, V> {
    fn default() -> Self {
        LastLayout(Mutex::new(None))
    }
}

impl<K: PartialEq, V> LastLayout<K, V> {
    /// The value kept for `key`, or `make`'s, kept in its place.
    pub(crate) fn get_or(&self, key: K, make: impl FnOnce() -> V) -> Arc<V> {
        // A poisoned lock only means a panic elsewhere: the memo is still
        // either empty or whole.
        let mut kept = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((k, value)) = kept.as_ref() {
            if *k == key {
                return Arc::clone(value);
            }
        }
        let value = Arc::new(make());
        *kept = Some((key, Arc::clone(&value)));
        value
    }
}
