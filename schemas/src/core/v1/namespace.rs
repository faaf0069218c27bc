//! Namespace: a scope for names, and the unit that policies, quotas and access control apply to.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use kapi_meta::meta::v1::{ListMeta, ObjectMeta, Time, TypeMeta};

/// A scope for the names of namespaced objects. Deleting it deletes everything inside it first.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/core/v1",
    group = "",
    version = "v1",
    scope = "Cluster",
    short_names = ["ns"],
    verbs = ["create", "delete", "get", "list", "patch", "update", "watch"],
    list = NamespaceList,
    status,
    subresource(name = "finalize", verbs = ["update"])
)]
pub struct Namespace {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The namespace's metadata; its name is the scope's name.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The finalizers that must run before the namespace is removed.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub spec: NamespaceSpec,
    /// Whether the namespace is active or being deleted; written by the system.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub status: NamespaceStatus,
}

/// A page of namespaces.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct NamespaceList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The namespaces.
    #[kapi(proto = 2)]
    pub items: Vec<Namespace>,
}

/// What a namespace needs before it can go away.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct NamespaceSpec {
    /// Opaque values, each removed by the system that registered it once its clean-up is done; the namespace is
    /// deleted when none is left. Changed through the `finalize` subresource.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub finalizers: Option<Vec<String>>,
}

/// The observed state of a namespace.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct NamespaceStatus {
    /// `Active`, or `Terminating` while its content is being deleted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub phase: Option<String>,
    /// The namespace's latest observations, such as problems deleting its content.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "map", list_map_keys = ["type"], patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Option<Vec<NamespaceCondition>>,
}

/// One aspect of a namespace's state.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct NamespaceCondition {
    /// The condition's type, such as `NamespaceDeletionContentFailure`.
    #[serde(rename = "type")]
    #[kapi(proto = 1)]
    pub type_: String,
    /// Whether the condition holds: `True`, `False` or `Unknown`.
    #[kapi(proto = 2)]
    pub status: String,
    /// When the status last changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub last_transition_time: Option<Time>,
    /// A short, machine-readable CamelCase reason for the last change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub reason: Option<String>,
    /// A human-readable account of the last change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub message: Option<String>,
}
