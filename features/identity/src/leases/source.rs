//! Lease watches: where one opens (the current leases as ADDED events, or the store's changes after the requested
//! resource version) and the source that follows the store's watch. A compacted revision ends the watch with a
//! 410 ERROR event; a store that fails mid-stream ends it with a 503 one: either way the client lists again.

use std::sync::Arc;

use super::object::LeaseObject;
use super::object::{refusal, resource_version, served};
use crate::store::{LeaseEvents, LeaseStore};
use kapi_rest::query::{Query, StartAt};
use kapi_rest::reply;
use kapi_rest::watch::{Changes, Opening, Session, Shape, Source};
use kapi_serve::Handle;
use kapi_serve::status::Refusal;

/// The store's changes to the watched leases, as they happen.
#[derive(Debug)]
pub(crate) struct LeaseChanges {
    events: LeaseEvents,
    /// Every change up to this resource version is delivered.
    seen: u64,
}

impl Source for LeaseChanges {
    type Object = LeaseObject;

    async fn changes(&mut self) -> Changes<LeaseObject> {
        match self.events.recv().await {
            Some(Ok(event)) => {
                self.seen = resource_version(event.lease.revision);
                Changes::Events(vec![(event.change.event_type(), Arc::new(served(event.lease)))])
            }
            Some(Err(error)) => Changes::Ended(Some(Box::new(refusal(error).status()))),
            None => Changes::Ended(None),
        }
    }

    fn resource_version(&self) -> u64 {
        self.seen
    }
}

/// Starts a watch of the leases of `namespace` (all for `None`): refused (410) when it continues from a compacted
/// revision, 504 from one the store has not reached, 503 while the store does not answer.
pub(crate) async fn start(
    handle: &Handle,
    store: &LeaseStore,
    namespace: Option<&str>,
    query: Query,
    shape: Shape,
) -> Result<Session<LeaseChanges>, Refusal> {
    // Read even when no initial events are sent: it is what a version ahead of the store is told apart by.
    let listing = store.list(namespace).await.map_err(refusal)?;
    let current = resource_version(listing.revision);
    reply::check_reached(&query, current)?;
    let (events, from) = if query.initial_events() {
        let events = listing.leases.into_iter().map(|stored| ("ADDED", Arc::new(served(stored)))).collect();
        (events, current)
    } else {
        let from = match query.start {
            StartAt::Version(requested) => requested,
            StartAt::Unset | StartAt::Any => current,
        };
        (Vec::new(), from)
    };
    let after = i64::try_from(from).map_err(|_| Refusal::TooLargeResourceVersion { requested: from, current })?;
    let source = LeaseChanges { events: store.watch(namespace, after).await.map_err(refusal)?, seen: from };
    Ok(Session::open(handle, query, shape, Opening { events, resource_version: current }, source))
}
