//! PriorityClass: a named priority that pods refer to by name.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};

/// Maps a name to an integer priority. A pod naming the class gets its value; the scheduler places
/// higher-priority pods first and may evict lower-priority ones to make room for them.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/scheduling/v1",
    group = "scheduling.k8s.io",
    version = "v1",
    scope = "Cluster",
    short_names = ["pc"],
    list = PriorityClassList
)]
pub struct PriorityClass {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The class's metadata; its name is what pods refer to.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The priority pods of this class get; larger is more important. Values above one billion are reserved
    /// for the system's own classes.
    #[kapi(proto = 2)]
    pub value: i32,
    /// Whether pods that name no class get this one. At most one class should set it; with several, the one
    /// with the lowest value applies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub global_default: Option<bool>,
    /// Free text saying when to use this class.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub description: Option<String>,
    /// Whether pods of this class may evict lower-priority pods: `PreemptLowerPriority` (the default) or
    /// `Never`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub preemption_policy: Option<String>,
}

/// A page of priority classes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/scheduling/v1")]
pub struct PriorityClassList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The priority classes.
    #[kapi(proto = 2)]
    pub items: Vec<PriorityClass>,
}
