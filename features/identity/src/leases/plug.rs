//! Plugging the lease routes into a handle, and attaching the store they serve.

use kapi_rest::WatchMetrics;
use kapi_serve::{Handle, Mount};

use super::handlers;
use super::object::{RESOURCE, ServedStore};
use crate::store::LeaseStore;

/// Marks the routes mounted on a handle.
#[derive(Debug)]
struct Mounted;

/// Mounts the lease routes on `handle` (not found until [`serve_leases`] attaches a store). Returns false when
/// they are mounted already.
pub fn attach(handle: &Handle) -> bool {
    if !handle.attach(Mounted) {
        return false;
    }
    WatchMetrics::of(handle.metrics()).serve(RESOURCE);
    handle.mount(Mount::new(RESOURCE, handlers::routes()));
    true
}

/// Serves the leases of `store` (read-only: get, list, watch) under `/apis/coordination.k8s.io/v1`, mounting the
/// routes when they are not. Only the first store set is used; returns false when one was already set.
pub fn serve_leases(handle: &Handle, store: LeaseStore) -> bool {
    attach(handle);
    handle.attach(ServedStore(store))
}
