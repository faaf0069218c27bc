//! ReplicaSets: a fixed number of identical pods, usually managed by a Deployment.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use crate::autoscaling::v1::Scale;
use crate::core::v1::PodTemplateSpec;
use kapi_meta::meta::v1::{LabelSelector, ListMeta, ObjectMeta, Time, TypeMeta};

/// Keeps a given number of pods matching its selector running, creating pods from its template or deleting
/// surplus ones. Deployments create and scale ReplicaSets; they are rarely used directly.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/apps/v1",
    group = "apps",
    version = "v1",
    short_names = ["rs"],
    categories = ["all"],
    list = ReplicaSetList,
    status,
    scale(
        spec_replicas_path = ".spec.replicas",
        status_replicas_path = ".status.replicas",
        label_selector_path = ".spec.selector",
        kind = Scale
    )
)]
pub struct ReplicaSet {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The replica set's metadata. Empty labels are filled in from the pods it manages.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The wanted pods and how many of them.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub spec: ReplicaSetSpec,
    /// The state the controller last observed; written by the system and possibly stale.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub status: ReplicaSetStatus,
}

/// A page of replica sets.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/apps/v1")]
pub struct ReplicaSetList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The replica sets.
    #[kapi(proto = 2)]
    pub items: Vec<ReplicaSet>,
}

/// Which pods a replica set keeps running, and how many.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/apps/v1")]
pub struct ReplicaSetSpec {
    /// How many pods should run; 1 when left out. Absent and zero are different.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub replicas: Option<i32>,
    /// How long, in seconds, a new pod must be ready with no container crashing before it counts as available;
    /// 0 (available as soon as ready) when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub min_ready_seconds: Option<i32>,
    /// Which pods count towards the replicas; must match the template's labels.
    #[kapi(required, proto = 2)]
    pub selector: Option<LabelSelector>,
    /// The pod to create when too few are running.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub template: PodTemplateSpec,
}

/// What the replica set controller last observed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/apps/v1")]
pub struct ReplicaSetStatus {
    /// How many pods the replica set last counted.
    #[kapi(proto = 1)]
    pub replicas: i32,
    /// How many pods carry all the labels of the template.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub fully_labeled_replicas: Option<i32>,
    /// How many of the replica set's pods have a Ready condition.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub ready_replicas: Option<i32>,
    /// How many of the replica set's pods have been ready for at least `minReadySeconds`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub available_replicas: Option<i32>,
    /// The generation of the replica set the controller last acted on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub observed_generation: Option<i64>,
    /// The latest observations of the replica set's state, one per condition type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(
        proto = 6,
        list_type = "map",
        list_map_keys = ["type"],
        patch_strategy = "merge",
        patch_merge_key = "type"
    )]
    pub conditions: Option<Vec<ReplicaSetCondition>>,
}

/// One aspect of a replica set's state at some point in time.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/apps/v1")]
pub struct ReplicaSetCondition {
    /// The condition's type, such as `ReplicaFailure`.
    #[serde(rename = "type")]
    #[kapi(proto = 1)]
    pub type_: String,
    /// Whether the condition holds: `True`, `False` or `Unknown`.
    #[kapi(proto = 2)]
    pub status: String,
    /// When the condition last changed its status.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub last_transition_time: Option<Time>,
    /// A one-word, CamelCase reason for the last change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub reason: Option<String>,
    /// A human-readable explanation of the last change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub message: Option<String>,
}
