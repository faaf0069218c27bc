//! The in-process lease store: a map, a revision counter and a bounded history of changes for watches.
//!
//! Revisions start from the wall clock in microseconds, so a restarted single replica (whose leases are gone)
//! still hands out versions above those a client saw from its previous run.

use std::collections::{BTreeMap, VecDeque};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::SystemTime;

use kapi_meta::coordination::v1::Lease;
use tokio::sync::{broadcast, mpsc};

use super::records::{LeaseChange, LeaseEvent, LeaseEvents, Listing, StoreError, StoredLease, in_namespace, key_of};
use kapi_rest::clock::unix_micros;

/// How many changes a watch can start behind the present.
const RETAINED_CHANGES: usize = 1000;

#[cfg(test)]
pub(super) const RETAINED_CHANGES_FOR_TESTS: usize = RETAINED_CHANGES;

/// How many changes a slow watcher may fall behind before its watch ends as compacted.
const WATCHER_BACKLOG: usize = 1024;

#[derive(Debug)]
pub(super) struct MemoryStore {
    state: Mutex<State>,
    changes: broadcast::Sender<LeaseEvent>,
}

#[derive(Debug)]
struct State {
    leases: BTreeMap<(String, String), StoredLease>,
    revision: i64,
    history: VecDeque<LeaseEvent>,
}

impl MemoryStore {
    pub fn new() -> Self {
        let start = i64::try_from(unix_micros(SystemTime::now())).unwrap_or(i64::MAX / 2);
        let state = State { leases: BTreeMap::new(), revision: start, history: VecDeque::new() };
        Self { state: Mutex::new(state), changes: broadcast::Sender::new(WATCHER_BACKLOG) }
    }

    /// The state, locked. Every change is made whole while the lock is held, so a poisoned lock is taken over.
    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub fn get(&self, namespace: &str, name: &str) -> Option<StoredLease> {
        self.state().leases.get(&(namespace.to_owned(), name.to_owned())).cloned()
    }

    pub fn create(&self, lease: Lease) -> Result<StoredLease, StoreError> {
        let mut state = self.state();
        let key = owned_key(&lease);
        if state.leases.contains_key(&key) {
            return Err(StoreError::AlreadyExists);
        }
        Ok(self.record(&mut state, LeaseChange::Added, lease))
    }

    pub fn update(&self, lease: Lease, expected: i64) -> Result<StoredLease, StoreError> {
        let mut state = self.state();
        match state.leases.get(&owned_key(&lease)) {
            Some(current) if current.revision == expected => Ok(self.record(&mut state, LeaseChange::Modified, lease)),
            _ => Err(StoreError::Conflict),
        }
    }

    pub fn delete_unchanged(&self, namespace: &str, name: &str, expected: i64) -> bool {
        let mut state = self.state();
        let key = (namespace.to_owned(), name.to_owned());
        match state.leases.get(&key) {
            Some(current) if current.revision == expected => {
                let lease = current.lease.clone();
                self.record(&mut state, LeaseChange::Deleted, lease);
                true
            }
            _ => false,
        }
    }

    pub fn list(&self, namespace: Option<&str>) -> Listing {
        let state = self.state();
        let leases = state.leases.values().filter(|stored| in_namespace(namespace, stored.key().0)).cloned().collect();
        Listing { leases, revision: state.revision }
    }

    /// Sends the retained changes after `after`, then every new one, until the receiver is dropped or falls more
    /// than [`WATCHER_BACKLOG`] changes behind.
    pub fn watch(&self, namespace: Option<&str>, after: i64) -> Result<LeaseEvents, StoreError> {
        let state = self.state();
        let oldest = state.history.front().map_or(state.revision, |event| event.lease.revision - 1);
        if after < oldest {
            return Err(StoreError::Compacted { requested: after, oldest });
        }
        let backlog: Vec<LeaseEvent> =
            state.history.iter().filter(|event| event.lease.revision > after).cloned().collect();
        // Subscribed under the lock: no change falls between the backlog and the live changes.
        let mut live = self.changes.subscribe();
        drop(state);
        let namespace = namespace.map(str::to_owned);
        let (sender, receiver) = mpsc::channel(64);
        tokio::spawn(async move {
            let wanted = |event: &LeaseEvent| in_namespace(namespace.as_deref(), event.lease.key().0);
            for event in backlog.into_iter().filter(wanted) {
                if sender.send(Ok(event)).await.is_err() {
                    return;
                }
            }
            loop {
                let event = match live.recv().await {
                    Ok(event) if wanted(&event) => Ok(event),
                    Ok(_) => continue,
                    Err(broadcast::error::RecvError::Closed) => return,
                    Err(broadcast::error::RecvError::Lagged(missed)) => {
                        let missed = i64::try_from(missed).unwrap_or(i64::MAX);
                        Err(StoreError::Compacted { requested: after, oldest: after.saturating_add(missed) })
                    }
                };
                let ended = event.is_err();
                if sender.send(event).await.is_err() || ended {
                    return;
                }
            }
        });
        Ok(receiver)
    }

    /// Makes `change` to `lease` at the next revision: the map, the history and the watchers.
    fn record(&self, state: &mut State, change: LeaseChange, lease: Lease) -> StoredLease {
        state.revision += 1;
        let stored = StoredLease::new(lease, state.revision);
        let key = owned_key(&stored.lease);
        match change {
            LeaseChange::Deleted => state.leases.remove(&key),
            LeaseChange::Added | LeaseChange::Modified => state.leases.insert(key, stored.clone()),
        };
        let event = LeaseEvent { change, lease: stored.clone() };
        if state.history.len() == RETAINED_CHANGES {
            state.history.pop_front();
        }
        state.history.push_back(event.clone());
        // No watcher is not an error.
        let _ = self.changes.send(event);
        stored
    }
}

fn owned_key(lease: &Lease) -> (String, String) {
    let (namespace, name) = key_of(lease);
    (namespace.to_owned(), name.to_owned())
}
