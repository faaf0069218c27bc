//! The `Group` objects being served and the history of their changes: each new bundle's contents are compared with
//! the current objects, and every difference becomes an event with a resource version of its own.
//!
//! Resource versions only grow. Each is the larger of the previous one plus one and the wall clock in Unix
//! microseconds, so a restarted server (which starts from the clock) continues above every version its previous
//! run handed out, unless that run produced more than one change per microsecond or the clock went back.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::time::SystemTime;

use kapi_meta::content_hash::content_hash;
use kapi_meta::discovery::v1alpha1::{Group, GroupStatus};
use kapi_meta::meta::v1::{ObjectMeta, Time, TypeMeta};

use super::history::{Change, Event, History, RETAINED_EVENTS, TooOld};
use super::objects::GroupContents;
use crate::table::GroupObject;
use kapi_rest::clock::{rfc3339, unix_micros};

/// The objects, their history and the last resource version handed out.
#[derive(Debug)]
pub(crate) struct GroupStore {
    objects: BTreeMap<String, Arc<GroupObject>>,
    history: History,
    resource_version: u64,
}

impl GroupStore {
    /// An empty store whose resource versions start after the wall clock `now`, keeping [`RETAINED_EVENTS`].
    pub fn new(now: SystemTime) -> Self {
        Self::starting_at(unix_micros(now), RETAINED_EVENTS)
    }

    /// An empty store whose resource versions start after `start`, keeping `capacity` events.
    pub fn starting_at(start: u64, capacity: usize) -> Self {
        Self { objects: BTreeMap::new(), history: History::new(start, capacity), resource_version: start }
    }

    /// Makes the objects those of `contents` (served as `api_version`), recording one event per object added,
    /// changed or removed, in name order; returns how many.
    pub fn apply(&mut self, contents: &GroupContents, api_version: &str, now: SystemTime) -> usize {
        let names: BTreeSet<String> =
            self.objects.keys().chain(contents.iter().map(|(name, _)| name)).cloned().collect();
        let mut changes = 0;
        for name in names {
            let current = self.objects.get(&name).cloned();
            let event = match (current, contents.get(&name)) {
                (None, Some(status)) => {
                    let metadata = ObjectMeta {
                        name: Some(name.clone()),
                        uid: Some(uid_of(&name)),
                        creation_timestamp: Some(Time(rfc3339(now))),
                        ..ObjectMeta::default()
                    };
                    self.record(Change::Added, group(api_version, metadata, status.clone()), now)
                }
                (Some(old), Some(status)) if old.status != *status || !served_as(&old, api_version) => {
                    self.record(Change::Modified, group(api_version, old.metadata.clone(), status.clone()), now)
                }
                (Some(old), None) => self.record(Change::Deleted, old.0.clone(), now),
                _ => continue,
            };
            match event.change {
                Change::Deleted => self.objects.remove(&name),
                Change::Added | Change::Modified => self.objects.insert(name, Arc::clone(&event.object)),
            };
            self.history.push(event);
            changes += 1;
        }
        changes
    }

    /// Gives `object` the next resource version and makes it the event of `change`.
    fn record(&mut self, change: Change, mut object: Group, now: SystemTime) -> Event {
        self.resource_version = (self.resource_version + 1).max(unix_micros(now));
        object.metadata.resource_version = Some(self.resource_version.to_string());
        Event { change, resource_version: self.resource_version, object: Arc::new(GroupObject(object)) }
    }

    /// The last resource version handed out (the start, before any change): what a list reports.
    pub fn resource_version(&self) -> u64 {
        self.resource_version
    }

    /// The current objects, by name.
    pub fn objects(&self) -> impl Iterator<Item = &Arc<GroupObject>> {
        self.objects.values()
    }

    /// The current object `name`.
    pub fn get(&self, name: &str) -> Option<&Arc<GroupObject>> {
        self.objects.get(name)
    }

    /// The events after `resource_version`, or [`TooOld`] when the history no longer holds all of them.
    pub fn events_after(&self, resource_version: u64) -> Result<impl Iterator<Item = &Event>, TooOld> {
        self.history.after(resource_version)
    }
}

fn served_as(object: &Group, api_version: &str) -> bool {
    object.type_meta.api_version.as_deref() == Some(api_version)
}

fn group(api_version: &str, metadata: ObjectMeta, status: GroupStatus) -> Group {
    let type_meta = TypeMeta { api_version: Some(api_version.to_owned()), kind: Some("Group".to_owned()) };
    Group { type_meta, metadata, status }
}

/// A UUID-shaped uid that depends only on the group's name, so an object keeps it across reloads and restarts.
fn uid_of(name: &str) -> String {
    let hex = content_hash(format!("kapi watchable discovery group {name}").as_bytes()).to_ascii_lowercase();
    format!("{}-{}-{}-{}-{}", &hex[0..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..32])
}

#[cfg(test)]
#[path = "store_tests.rs"]
mod tests;
