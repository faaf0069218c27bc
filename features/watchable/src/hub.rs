//! The `Group` objects with their history, and the channel that wakes every open watch.

use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::SystemTime;

use crate::objects::GroupContents;
use crate::store::GroupStore;
use tokio::sync::watch;

/// The `Group` objects with their history, and the channel that wakes every open watch (carrying the resource
/// version of the last change).
#[derive(Debug)]
pub(crate) struct Hub {
    store: Mutex<GroupStore>,
    pulse: watch::Sender<u64>,
}

impl Hub {
    /// No objects yet; resource versions start from the wall clock.
    pub(crate) fn new() -> Self {
        let store = GroupStore::new(SystemTime::now());
        let pulse = watch::Sender::new(store.resource_version());
        Self { store: Mutex::new(store), pulse }
    }

    /// Makes the objects those of `contents`, served as `api_version`; records the changes and wakes the watches.
    pub fn publish(&self, contents: &GroupContents, api_version: &str) {
        let mut store = self.store();
        let changes = store.apply(contents, api_version, SystemTime::now());
        let resource_version = store.resource_version();
        drop(store);
        if changes > 0 {
            tracing::info!(changes, resource_version, "group objects changed");
            self.pulse.send_replace(resource_version);
        }
    }

    /// The objects and their history, locked. A panic while it was held cannot leave it half-changed (each change
    /// is recorded whole), so a poisoned lock is taken over.
    pub(crate) fn store(&self) -> MutexGuard<'_, GroupStore> {
        self.store.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A receiver that wakes on the next change; subscribe while holding the store so no change falls between
    /// what a watch read and what it waits for.
    pub(crate) fn subscribe(&self) -> watch::Receiver<u64> {
        self.pulse.subscribe()
    }
}
