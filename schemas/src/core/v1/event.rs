//! The core group's Event: a report that something happened to an object (the older form of events.k8s.io's
//! Event, which shares its storage).

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use crate::core::v1::references::ObjectReference;
use kapi_meta::meta::v1::{ListMeta, MicroTime, ObjectMeta, Time, TypeMeta};

/// Something that happened to an object, as a component reported it. Events are kept for a limited time
/// (an hour by default) and repeated ones are folded together, so they are hints, not a record.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1", group = "", version = "v1", short_names = ["ev"], list = EventList)]
pub struct Event {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The event's metadata.
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The object the event is about.
    #[kapi(proto = 2)]
    pub involved_object: ObjectReference,
    /// A short, machine-readable CamelCase reason for the transition the event reports.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub reason: Option<String>,
    /// A human-readable description of what happened.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub message: Option<String>,
    /// The component that reported the event, and its host.
    #[serde(default)]
    #[kapi(proto = 5)]
    pub source: EventSource,
    /// When the event was first recorded (the server's time).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub first_timestamp: Option<Time>,
    /// When the event was last seen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub last_timestamp: Option<Time>,
    /// How many times the event has happened.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8)]
    pub count: Option<i32>,
    /// `Normal` or `Warning`; more types may come.
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 9)]
    pub type_: Option<String>,
    /// When the event was first observed, with microsecond precision.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 10)]
    pub event_time: Option<MicroTime>,
    /// The series the event belongs to when it happened repeatedly; absent for a single event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 11)]
    pub series: Option<EventSeries>,
    /// What was done, or failed, about the involved object.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 12)]
    pub action: Option<String>,
    /// A second object the event concerns, for more complex actions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 13)]
    pub related: Option<ObjectReference>,
    /// The controller that emitted the event, such as `kubernetes.io/kubelet`.
    #[serde(default)]
    #[kapi(proto = 14)]
    pub reporting_component: String,
    /// The instance of that controller, such as the kubelet's node name.
    #[serde(default)]
    #[kapi(proto = 15)]
    pub reporting_instance: String,
}

/// A page of events.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
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

/// The repetitions of an event that keeps happening, tracked in one object.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct EventSeries {
    /// How many times the event has happened so far in the series.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub count: Option<i32>,
    /// When the last occurrence was observed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub last_observed_time: Option<MicroTime>,
}

/// The component that reported an event.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct EventSource {
    /// The reporting component.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub component: Option<String>,
    /// The node the event was generated on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub host: Option<String>,
}
