//! Watchable API group discovery: every API group of the served bundle as a `Group` object
//! (`/apis/<group>/v1alpha1/groups`), listed, read and watched like any Kubernetes resource.
//!
//! The objects are derived from the bundle being served: each bundle computes its groups' contents when it loads
//! ([`GroupContents`]), and [`Handle::store`](crate::Handle::store), the only way a bundle is served, compares them
//! with the current objects and records one event per change. A reload, or any future producer of bundles (an
//! aggregator storing composed bundles whose upstream group-versions go `Stale` and `Current`), therefore yields
//! ADDED, MODIFIED and DELETED events without doing anything else.
//!
//! The endpoints exist only while the bundle's discovery lists the `groups` resource in `<group>/v1alpha1`, with
//! `<group>` the one [`LoadOptions::discovery_group`](crate::LoadOptions::discovery_group) names.

pub(crate) mod handlers;
mod history;
mod objects;
mod store;
mod stream;
mod table;

use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::SystemTime;

pub(crate) use objects::GroupContents;
use store::GroupStore;
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
    pub fn new() -> Self {
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
    fn store(&self) -> MutexGuard<'_, GroupStore> {
        self.store.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A receiver that wakes on the next change; subscribe while holding the store so no change falls between
    /// what a watch read and what it waits for.
    fn subscribe(&self) -> watch::Receiver<u64> {
        self.pulse.subscribe()
    }
}
