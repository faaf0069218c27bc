//! Deployments: a replicated, stateless set of pods rolled out through ReplicaSets.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use crate::autoscaling::v1::Scale;
use crate::core::v1::PodTemplateSpec;
use kapi_meta::intstr::IntOrString;
use kapi_meta::meta::v1::{LabelSelector, ListMeta, ObjectMeta, Time, TypeMeta};

/// Runs a number of identical pods and replaces them gradually when their template changes, keeping older
/// ReplicaSets around for rollbacks.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/apps/v1",
    group = "apps",
    version = "v1",
    short_names = ["deploy"],
    categories = ["all"],
    list = DeploymentList,
    status,
    scale(
        spec_replicas_path = ".spec.replicas",
        status_replicas_path = ".status.replicas",
        label_selector_path = ".spec.selector",
        kind = Scale
    )
)]
pub struct Deployment {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The deployment's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The wanted state: which pods, how many, and how to roll out changes.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub spec: DeploymentSpec,
    /// The state the controller last observed; written by the system.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub status: DeploymentStatus,
}

/// A page of deployments.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/apps/v1")]
pub struct DeploymentList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The deployments.
    #[kapi(proto = 2)]
    pub items: Vec<Deployment>,
}

/// What a deployment should run and how it moves from one pod template to the next.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/apps/v1")]
pub struct DeploymentSpec {
    /// How many pods should run; 1 when left out. Absent and zero are different.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub replicas: Option<i32>,
    /// Which pods belong to the deployment; must match the template's labels. ReplicaSets whose pods it selects
    /// are taken over by the deployment.
    #[kapi(required, proto = 2)]
    pub selector: Option<LabelSelector>,
    /// The pods to create.
    #[kapi(proto = 3)]
    pub template: PodTemplateSpec,
    /// How old pods are replaced by new ones.
    #[serde(default)]
    #[kapi(proto = 4, patch_strategy = "retainKeys")]
    pub strategy: DeploymentStrategy,
    /// How long, in seconds, a new pod must be ready with no container crashing before it counts as available;
    /// 0 (available as soon as ready) when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub min_ready_seconds: Option<i32>,
    /// How many old ReplicaSets to keep for rolling back; 10 when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub revision_history_limit: Option<i32>,
    /// When true, changes to the template are not rolled out until the deployment is resumed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub paused: Option<bool>,
    /// How many seconds a rollout may go without progress before the deployment reports it as failed (with a
    /// `ProgressDeadlineExceeded` condition reason); 600 when left out. Paused time does not count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 9)]
    pub progress_deadline_seconds: Option<i32>,
}

/// How a deployment replaces its pods.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/apps/v1")]
pub struct DeploymentStrategy {
    /// `RollingUpdate` (the default) replaces pods a few at a time; `Recreate` stops all old pods first.
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub type_: Option<String>,
    /// The limits of a rolling update; only with type `RollingUpdate`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub rolling_update: Option<RollingUpdateDeployment>,
}

/// The pace of a deployment's rolling update.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/apps/v1")]
pub struct RollingUpdateDeployment {
    /// How many pods may be unavailable during the update: a count (`5`) or a share of the wanted replicas
    /// (`"10%"`, rounded down); 25% when left out. Cannot be 0 when `maxSurge` is 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub max_unavailable: Option<IntOrString>,
    /// How many pods may run above the wanted replicas during the update: a count or a percentage (rounded up);
    /// 25% when left out. Cannot be 0 when `maxUnavailable` is 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub max_surge: Option<IntOrString>,
}

/// What the deployment controller last observed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/apps/v1")]
pub struct DeploymentStatus {
    /// The generation of the deployment the controller last acted on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub observed_generation: Option<i64>,
    /// How many non-terminated pods the selector matches.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub replicas: Option<i32>,
    /// How many non-terminated pods run the current template.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub updated_replicas: Option<i32>,
    /// How many of the deployment's pods have a Ready condition.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub ready_replicas: Option<i32>,
    /// How many of the deployment's pods have been ready for at least `minReadySeconds`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub available_replicas: Option<i32>,
    /// How many more pods must become available to reach full capacity: pods not yet available plus pods not
    /// yet created.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub unavailable_replicas: Option<i32>,
    /// The latest observations of the deployment's state, one per condition type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(
        proto = 6,
        list_type = "map",
        list_map_keys = ["type"],
        patch_strategy = "merge",
        patch_merge_key = "type"
    )]
    pub conditions: Option<Vec<DeploymentCondition>>,
    /// A counter the controller bumps on hash collisions when naming a new ReplicaSet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8)]
    pub collision_count: Option<i32>,
}

/// One aspect of a deployment's state at some point in time.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/apps/v1")]
pub struct DeploymentCondition {
    /// The condition's type, such as `Available` or `Progressing`.
    #[serde(rename = "type")]
    #[kapi(proto = 1)]
    pub type_: String,
    /// Whether the condition holds: `True`, `False` or `Unknown`.
    #[kapi(proto = 2)]
    pub status: String,
    /// When the condition was last updated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub last_update_time: Option<Time>,
    /// When the condition last changed its status.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
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
