//! Parses kept by the rule's text: a large API repeats the same rules (names, immutability, one-of checks) in
//! many CRDs, and parsing is most of what checking a rule costs.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex, PoisonError};

/// Enough for every distinct rule of a large API; past it, the memo starts over.
const KEPT: usize = 4096;

/// A bounded map from a rule's text to what was made of it.
pub(crate) struct Memo<V> {
    entries: LazyLock<Mutex<HashMap<String, V>>>,
}

impl<V: Clone> Memo<V> {
    pub(crate) const fn new() -> Self {
        Self { entries: LazyLock::new(Mutex::default) }
    }

    /// What `make` made of `text`, made now if it was not kept. The lock is not held while making: a parse may
    /// take long, and one that panics leaves nothing behind.
    pub(crate) fn get_or(&self, text: &str, make: impl FnOnce() -> V) -> V {
        // A poisoned lock only means another thread panicked while holding it; the map is still whole.
        if let Some(kept) = self.entries.lock().unwrap_or_else(PoisonError::into_inner).get(text) {
            return kept.clone();
        }
        let made = make();
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        if entries.len() >= KEPT {
            entries.clear();
        }
        entries.insert(text.to_owned(), made.clone());
        made
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn makes_each_text_once_and_starts_over_when_full() {
        let memo = Memo::new();
        let mut made = 0;
        for _ in 0..3 {
            assert_eq!(
                memo.get_or("a", || {
                    made += 1;
                    1
                }),
                1
            );
        }
        assert_eq!(made, 1);
        for index in 0..KEPT {
            memo.get_or(&index.to_string(), || 0);
        }
        // The memo was full when the last text came: it started over, and `a` is made again.
        assert_eq!(
            memo.get_or("a", || {
                made += 1;
                2
            }),
            2
        );
        assert_eq!(made, 2);
    }
}
