//! DaemonSets: one pod on every (matching) node.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use crate::core::v1::PodTemplateSpec;
use kapi_meta::intstr::IntOrString;
use kapi_meta::meta::v1::{LabelSelector, ListMeta, ObjectMeta, Time, TypeMeta};

/// Runs one copy of a pod on each node the pod template's node selection allows, such as log collectors or
/// network agents.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/apps/v1",
    group = "apps",
    version = "v1",
    short_names = ["ds"],
    categories = ["all"],
    list = DaemonSetList,
    status
)]
pub struct DaemonSet {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The daemon set's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The pod to run on every node and how to update it.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub spec: DaemonSetSpec,
    /// The state the controller last observed; written by the system and possibly stale.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub status: DaemonSetStatus,
}

/// A page of daemon sets.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/apps/v1")]
pub struct DaemonSetList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The daemon sets.
    #[kapi(proto = 2)]
    pub items: Vec<DaemonSet>,
}

/// What a daemon set runs on each node and how it rolls out changes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/apps/v1")]
pub struct DaemonSetSpec {
    /// Which pods belong to the daemon set; must match the template's labels.
    #[kapi(required, proto = 1)]
    pub selector: Option<LabelSelector>,
    /// The pod to create, exactly once on every node its node selector admits (every node if it has none).
    #[kapi(proto = 2)]
    pub template: PodTemplateSpec,
    /// How old pods are replaced when the template changes.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub update_strategy: DaemonSetUpdateStrategy,
    /// How long, in seconds, a new pod must be ready with no container crashing before it counts as available;
    /// 0 (available as soon as ready) when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub min_ready_seconds: Option<i32>,
    /// How many old revisions to keep for rolling back; 10 when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub revision_history_limit: Option<i32>,
}

/// How a daemon set replaces its pods.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/apps/v1")]
pub struct DaemonSetUpdateStrategy {
    /// `RollingUpdate` (the default) replaces pods node by node; `OnDelete` only uses the new template when a
    /// pod is deleted.
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub type_: Option<String>,
    /// The limits of a rolling update; only with type `RollingUpdate`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub rolling_update: Option<RollingUpdateDaemonSet>,
}

/// The pace of a daemon set's rolling update.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/apps/v1")]
pub struct RollingUpdateDaemonSet {
    /// How many of the daemon's pods may be down during the update: a count or a percentage of the nodes that
    /// should run it (rounded up); 1 when left out. Cannot be 0 when `maxSurge` is 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub max_unavailable: Option<IntOrString>,
    /// On how many nodes a new pod may start before the old one is stopped: a count or a percentage (rounded
    /// up, at least 1); 0 when left out. Cannot be 0 when `maxUnavailable` is 0. A surge can briefly double
    /// the daemon's resource use on a node.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub max_surge: Option<IntOrString>,
}

/// What the daemon set controller last observed, counted in nodes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/apps/v1")]
pub struct DaemonSetStatus {
    /// Nodes that should run the daemon pod and run at least one.
    #[kapi(proto = 1)]
    pub current_number_scheduled: i32,
    /// Nodes that run the daemon pod but should not.
    #[kapi(proto = 2)]
    pub number_misscheduled: i32,
    /// Nodes that should run the daemon pod, whether they do or not.
    #[kapi(proto = 3)]
    pub desired_number_scheduled: i32,
    /// Nodes that should run the daemon pod and have at least one copy with a Ready condition.
    #[kapi(proto = 4)]
    pub number_ready: i32,
    /// The generation of the daemon set the controller last acted on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub observed_generation: Option<i64>,
    /// Nodes that run a daemon pod made from the current template.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub updated_number_scheduled: Option<i32>,
    /// Nodes that should run the daemon pod and have at least one copy ready for `minReadySeconds`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub number_available: Option<i32>,
    /// Nodes that should run the daemon pod and have no available copy of it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8)]
    pub number_unavailable: Option<i32>,
    /// A counter the controller bumps on hash collisions when naming a new ControllerRevision.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 9)]
    pub collision_count: Option<i32>,
    /// The latest observations of the daemon set's state, one per condition type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(
        proto = 10,
        list_type = "map",
        list_map_keys = ["type"],
        patch_strategy = "merge",
        patch_merge_key = "type"
    )]
    pub conditions: Option<Vec<DaemonSetCondition>>,
}

/// One aspect of a daemon set's state at some point in time.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/apps/v1")]
pub struct DaemonSetCondition {
    /// The condition's type.
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
