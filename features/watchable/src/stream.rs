//! Watches of `Group` objects: where one opens (the current objects, or the retained history after a resource
//! version) and the source that follows the hub, whose pulse wakes it at every change of the served bundle. A
//! watch that falls behind the retained history ends with a 410 ERROR event.

use std::sync::Arc;

use tokio::sync::watch;

use super::history::{Event, TooOld};
use kapi_serve::Handle;

use crate::state::Groups;
use crate::table::GroupObject;
use kapi_rest::query::{Query, StartAt};
use kapi_rest::watch::{Changes, Events, Opening, Session, Shape, Source};
use kapi_serve::status::Refusal;

/// The changes to `Group` objects after the last resource version delivered.
#[derive(Debug)]
pub(crate) struct GroupChanges {
    groups: Arc<Groups>,
    pulse: watch::Receiver<u64>,
    /// Every event up to this resource version is delivered.
    seen: u64,
}

impl Source for GroupChanges {
    type Object = GroupObject;

    async fn changes(&mut self) -> Changes<GroupObject> {
        if self.pulse.changed().await.is_err() {
            return Changes::Ended(None);
        }
        let store = self.groups.hub.store();
        let events = match store.events_after(self.seen) {
            Ok(events) => shared(events),
            Err(TooOld { oldest }) => {
                let status = Refusal::Expired { requested: self.seen, oldest }.status();
                return Changes::Ended(Some(Box::new(status)));
            }
        };
        self.seen = store.resource_version();
        Changes::Events(events)
    }

    fn resource_version(&self) -> u64 {
        self.seen
    }
}

/// Starts a watch of `handle`'s `Group` objects: refused when it starts from a resource version this server has
/// not reached, or one whose following events are no longer retained.
pub(crate) fn start(
    handle: &Handle,
    groups: &Arc<Groups>,
    query: Query,
    shape: Shape,
) -> Result<Session<GroupChanges>, Refusal> {
    let hub = &groups.hub;
    let store = hub.store();
    let current = store.resource_version();
    if let StartAt::Version(requested) = query.start
        && requested > current
    {
        return Err(Refusal::TooLargeResourceVersion { requested, current });
    }
    let events = if query.initial_events() {
        store.objects().map(|object| ("ADDED", Arc::clone(object))).collect()
    } else {
        let from = match query.start {
            StartAt::Version(requested) => requested,
            StartAt::Unset | StartAt::Any => current,
        };
        shared(store.events_after(from).map_err(|TooOld { oldest }| Refusal::Expired { requested: from, oldest })?)
    };
    // Subscribed while the store is locked: every later change wakes this watch.
    let source = GroupChanges { groups: Arc::clone(groups), pulse: hub.subscribe(), seen: current };
    drop(store);
    let opening = Opening { events, resource_version: current };
    Ok(Session::open(handle, query, shape, opening, source))
}

fn shared<'a>(events: impl Iterator<Item = &'a Event>) -> Events<GroupObject> {
    events.map(|event| (event.change.as_str(), Arc::clone(&event.object))).collect()
}

#[cfg(test)]
#[path = "stream_tests.rs"]
mod tests;
