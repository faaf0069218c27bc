//! ReplicationController: the original way to keep a number of pods running, superseded by ReplicaSet.

use std::collections::BTreeMap;

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use crate::autoscaling::v1::Scale;
use crate::core::v1::pod::PodTemplateSpec;
use kapi_meta::meta::v1::{ListMeta, ObjectMeta, Time, TypeMeta};

/// Keeps a number of pods matching an equality-based selector running, creating them from a template.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/core/v1",
    group = "",
    version = "v1",
    short_names = ["rc"],
    categories = ["all"],
    list = ReplicationControllerList,
    status,
    scale(spec_replicas_path = ".spec.replicas", status_replicas_path = ".status.replicas", kind = Scale)
)]
pub struct ReplicationController {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The controller's metadata. Empty labels are filled in from the pod template's.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The wanted pods and how many of them.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub spec: ReplicationControllerSpec,
    /// The pods the controller last observed; written by the system.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub status: ReplicationControllerStatus,
}

/// A page of replication controllers.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ReplicationControllerList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The replication controllers.
    #[kapi(proto = 2)]
    pub items: Vec<ReplicationController>,
}

/// What a replication controller should run.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ReplicationControllerSpec {
    /// How many pods should run; 1 when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub replicas: Option<i32>,
    /// How long, in seconds, a new pod must be ready with no container crashing before it counts as available;
    /// 0 (available as soon as ready) when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub min_ready_seconds: Option<i32>,
    /// The labels a pod must carry to count towards the replicas; the template's labels when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, map_type = "atomic")]
    pub selector: Option<BTreeMap<String, String>>,
    /// The pods to create when too few run; its labels must match the selector.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub template: Option<PodTemplateSpec>,
}

/// The pods a replication controller last observed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ReplicationControllerStatus {
    /// How many pods run, the last time the controller counted.
    #[kapi(proto = 1)]
    pub replicas: i32,
    /// How many pods carry all the labels of the template.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub fully_labeled_replicas: Option<i32>,
    /// How many pods are ready.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub ready_replicas: Option<i32>,
    /// How many pods have been ready for at least `minReadySeconds`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub available_replicas: Option<i32>,
    /// The generation of the controller the status describes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub observed_generation: Option<i64>,
    /// The controller's latest observations.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6, list_type = "map", list_map_keys = ["type"], patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Option<Vec<ReplicationControllerCondition>>,
}

/// One aspect of a replication controller's state.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ReplicationControllerCondition {
    /// The condition's type, such as `ReplicaFailure`.
    #[serde(rename = "type")]
    #[kapi(proto = 1)]
    pub type_: String,
    /// Whether the condition holds: `True`, `False` or `Unknown`.
    #[kapi(proto = 2)]
    pub status: String,
    /// When the status last changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub last_transition_time: Option<Time>,
    /// A short, machine-readable reason for the last change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub reason: Option<String>,
    /// A human-readable account of the last change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub message: Option<String>,
}
