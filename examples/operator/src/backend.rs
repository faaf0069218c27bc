//! The system the operator keeps in step with the API: here an in-memory stand-in for a queue service, which
//! records what it holds and what it was asked to remove, so a test can see both.

use std::collections::BTreeMap;
use std::sync::Mutex;

/// Queues provisioned outside the API, by `namespace/name`.
#[derive(Debug, Default)]
pub struct Backend {
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    workers: BTreeMap<String, i32>,
    deprovisioned: Vec<String>,
}

impl Backend {
    /// Runs `queue` with `workers` workers, creating it if it is new.
    pub fn provision(&self, queue: &str, workers: i32) {
        self.state().workers.insert(queue.to_owned(), workers);
    }

    /// Removes `queue`; removing one that is gone is no error (cleanup may run twice).
    pub fn deprovision(&self, queue: &str) {
        let mut state = self.state();
        state.workers.remove(queue);
        state.deprovisioned.push(queue.to_owned());
    }

    /// How many workers `queue` has, if it is provisioned.
    pub fn workers(&self, queue: &str) -> Option<i32> {
        self.state().workers.get(queue).copied()
    }

    /// Every queue removed so far, in order.
    pub fn deprovisioned(&self) -> Vec<String> {
        self.state().deprovisioned.clone()
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        // A panic elsewhere while holding the lock leaves plain data behind, still consistent.
        self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
