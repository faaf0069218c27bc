//! The bounded history of changes to `Group` objects: the last events, in resource-version order, that watches
//! continue from.

use crate::table::GroupObject;
use std::collections::VecDeque;
use std::sync::Arc;

/// How many events are kept: a watch that falls further behind starts over from a list.
pub(crate) const RETAINED_EVENTS: usize = 1000;

/// What happened to an object.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Change {
    /// It appeared.
    Added,
    /// Its content changed.
    Modified,
    /// It went away; the event carries its last state.
    Deleted,
}

impl Change {
    /// The watch event type.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Added => "ADDED",
            Self::Modified => "MODIFIED",
            Self::Deleted => "DELETED",
        }
    }
}

/// One change, with the object as it was right after it (its `metadata.resourceVersion` is the event's).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Event {
    pub change: Change,
    pub resource_version: u64,
    pub object: Arc<GroupObject>,
}

impl Event {
    /// The name of the object the event is about.
    #[cfg(test)]
    pub fn name(&self) -> &str {
        self.object.metadata.name.as_deref().unwrap_or_default()
    }
}

/// A watch asked to continue from a resource version whose following events are no longer all kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TooOld {
    /// The oldest resource version a watch can still continue from.
    pub oldest: u64,
}

/// The last [`RETAINED_EVENTS`] events (or another capacity) in resource-version order.
#[derive(Debug)]
pub(crate) struct History {
    events: VecDeque<Event>,
    capacity: usize,
    /// Every event after this resource version is kept; the ones before it (or before the server started) are not.
    complete_after: u64,
}

impl History {
    /// An empty history of a server whose first resource version is after `start`.
    pub fn new(start: u64, capacity: usize) -> Self {
        Self {
            events: VecDeque::with_capacity(capacity.min(RETAINED_EVENTS)),
            capacity: capacity.max(1),
            complete_after: start,
        }
    }

    /// Appends `event` (its resource version greater than every kept one), dropping the oldest beyond capacity.
    pub fn push(&mut self, event: Event) {
        if self.events.len() == self.capacity
            && let Some(dropped) = self.events.pop_front()
        {
            self.complete_after = dropped.resource_version;
        }
        self.events.push_back(event);
    }

    /// Every kept event after `resource_version`, or [`TooOld`] when some of them are no longer kept.
    pub fn after(&self, resource_version: u64) -> Result<impl Iterator<Item = &Event>, TooOld> {
        if resource_version < self.complete_after {
            return Err(TooOld { oldest: self.complete_after });
        }
        let first = self.events.partition_point(|event| event.resource_version <= resource_version);
        Ok(self.events.range(first..))
    }
}

#[cfg(test)]
mod tests {
    use kapi_meta::discovery::v1alpha1::Group;
    use kapi_meta::meta::v1::ObjectMeta;

    use super::*;

    fn event(resource_version: u64) -> Event {
        let metadata = ObjectMeta { name: Some(format!("g{resource_version}")), ..ObjectMeta::default() };
        Event {
            change: Change::Added,
            resource_version,
            object: Arc::new(GroupObject(Group { metadata, ..Group::default() })),
        }
    }

    fn versions<'a>(found: impl Iterator<Item = &'a Event>) -> Vec<u64> {
        found.map(|event| event.resource_version).collect()
    }

    #[test]
    fn events_after_a_resource_version_in_order() {
        let mut history = History::new(100, 10);
        for resource_version in [101, 105, 106] {
            history.push(event(resource_version));
        }
        assert_eq!(versions(history.after(100).expect("complete")), [101, 105, 106]);
        assert_eq!(versions(history.after(104).expect("complete")), [105, 106], "gaps between versions are fine");
        assert!(history.after(106).expect("complete").next().is_none());
        assert_eq!(history.after(99).err(), Some(TooOld { oldest: 100 }), "before the server started");
    }

    #[test]
    fn dropping_the_oldest_events_makes_their_versions_too_old() {
        let mut history = History::new(0, 3);
        for resource_version in 1..=5 {
            history.push(event(resource_version));
        }
        assert_eq!(history.after(1).err(), Some(TooOld { oldest: 2 }), "events 1 and 2 were dropped");
        assert_eq!(versions(history.after(2).expect("complete")), [3, 4, 5]);
        assert_eq!(history.after(4).expect("complete").map(Event::name).collect::<Vec<_>>(), ["g5"]);
    }
}
