//! `k8s.io/api/events/v1` (group `events.k8s.io`): Event, stored together with the core group's Event but with
//! clearer field names and series of repeated events.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use crate::core::v1::{EventSource, ObjectReference};
use kapi_meta::meta::v1::{ListMeta, MicroTime, ObjectMeta, Time, TypeMeta};

/// A report that something happened to an object. Events are short-lived hints for users and tools, not a
/// reliable record: they expire (after an hour by default) and repeats are folded into a series.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/events/v1", group = "events.k8s.io", version = "v1", short_names = ["ev"], list = EventList)]
pub struct Event {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The event's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// When the event first happened, with microsecond precision.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(required, proto = 2)]
    pub event_time: Option<MicroTime>,
    /// The series the event belongs to when it keeps happening; absent for a one-off event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub series: Option<EventSeries>,
    /// The controller that emitted the event, such as `kubernetes.io/kubelet`; required for new events.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub reporting_controller: Option<String>,
    /// The instance of that controller, such as the kubelet's node name; required for new events, at most 128
    /// characters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub reporting_instance: Option<String>,
    /// What was done, or failed, about the regarding object; machine-readable, at most 128 characters; required
    /// for new events.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub action: Option<String>,
    /// Why the action was taken; machine-readable, at most 128 characters; required for new events.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub reason: Option<String>,
    /// The object the event is about, usually the one the reporting controller acted on or observed.
    #[serde(default)]
    #[kapi(proto = 8)]
    pub regarding: ObjectReference,
    /// A second object the event concerns, for more complex actions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 9)]
    pub related: Option<ObjectReference>,
    /// A human-readable description of what happened; at most 1 KiB.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 10)]
    pub note: Option<String>,
    /// `Normal` or `Warning`; more types may come. Required for new events.
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 11)]
    pub type_: Option<String>,
    /// The core Event's `source`, kept for compatibility with it.
    #[serde(default)]
    #[kapi(proto = 12)]
    pub deprecated_source: EventSource,
    /// The core Event's `firstTimestamp`, kept for compatibility with it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 13)]
    pub deprecated_first_timestamp: Option<Time>,
    /// The core Event's `lastTimestamp`, kept for compatibility with it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 14)]
    pub deprecated_last_timestamp: Option<Time>,
    /// The core Event's `count`, kept for compatibility with it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 15)]
    pub deprecated_count: Option<i32>,
}

/// A page of events.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/events/v1")]
pub struct EventList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The events.
    #[kapi(proto = 2)]
    pub items: Vec<Event>,
}

/// The repetitions of an event that keeps happening. Clients report a series only when it is worth it: the
/// first update comes after a while, so short bursts stay single events and the API server is not flooded.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/events/v1")]
pub struct EventSeries {
    /// How many times the event has happened so far in the series.
    #[kapi(proto = 1)]
    pub count: i32,
    /// When the last occurrence was observed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(required, proto = 2)]
    pub last_observed_time: Option<MicroTime>,
}
