//! StatefulSets: pods with stable names, network identities and storage.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use crate::autoscaling::v1::Scale;
use crate::core::v1::{PersistentVolumeClaim, PodTemplateSpec};
use kapi_meta::intstr::IntOrString;
use kapi_meta::meta::v1::{LabelSelector, ListMeta, ObjectMeta, Time, TypeMeta};

/// Runs pods that keep their identity: each gets a fixed ordinal, a stable host name under a governing
/// service, and its own persistent volume claims that outlive the pod.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/apps/v1",
    group = "apps",
    version = "v1",
    short_names = ["sts"],
    categories = ["all"],
    list = StatefulSetList,
    status,
    scale(
        spec_replicas_path = ".spec.replicas",
        status_replicas_path = ".status.replicas",
        label_selector_path = ".spec.selector",
        kind = Scale
    )
)]
pub struct StatefulSet {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The stateful set's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The wanted pods, their identities and storage.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub spec: StatefulSetSpec,
    /// The state the controller last observed; it may lag behind.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub status: StatefulSetStatus,
}

/// A page of stateful sets.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/apps/v1")]
pub struct StatefulSetList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The stateful sets.
    #[kapi(proto = 2)]
    pub items: Vec<StatefulSet>,
}

/// What a stateful set runs, the storage each pod gets, and how pods are created, updated and removed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/apps/v1")]
pub struct StatefulSetSpec {
    /// How many pods should run, each a copy of the template with its own identity; 1 when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub replicas: Option<i32>,
    /// Which pods belong to the set; must match the template's labels.
    #[kapi(required, proto = 2)]
    pub selector: Option<LabelSelector>,
    /// The pods to create; every pod follows it but keeps a distinct identity.
    #[kapi(proto = 3)]
    pub template: PodTemplateSpec,
    /// Claims stamped out once per pod. Each must be mounted (by name) by some container of the template, and
    /// takes precedence over a template volume of the same name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4, list_type = "atomic")]
    pub volume_claim_templates: Option<Vec<PersistentVolumeClaim>>,
    /// The headless service that gives the pods their network identity
    /// (`<pod>.<serviceName>.<namespace>.svc.cluster.local`); it must exist before the set.
    #[kapi(proto = 5)]
    pub service_name: String,
    /// `OrderedReady` (the default) creates pods one by one in ordinal order, waiting for each to be ready, and
    /// removes them in reverse; `Parallel` creates and removes them all at once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub pod_management_policy: Option<String>,
    /// How pods are replaced when the template changes.
    #[serde(default)]
    #[kapi(proto = 7)]
    pub update_strategy: StatefulSetUpdateStrategy,
    /// How many old revisions to keep in the set's history; 10 when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8)]
    pub revision_history_limit: Option<i32>,
    /// How long, in seconds, a new pod must be ready with no container crashing before it counts as available;
    /// 0 (available as soon as ready) when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 9)]
    pub min_ready_seconds: Option<i32>,
    /// Whether the claims made from `volumeClaimTemplates` are deleted with the set or on scale-down; by
    /// default they are kept until deleted by hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 10)]
    pub persistent_volume_claim_retention_policy: Option<StatefulSetPersistentVolumeClaimRetentionPolicy>,
    /// Which ordinals the pods are numbered with; from 0 when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 11)]
    pub ordinals: Option<StatefulSetOrdinals>,
}

/// How a stateful set replaces its pods.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/apps/v1")]
pub struct StatefulSetUpdateStrategy {
    /// `RollingUpdate` (the default) replaces pods one at a time from the highest ordinal down; `OnDelete`
    /// only uses the new template when a pod is deleted.
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub type_: Option<String>,
    /// The limits of a rolling update; only with type `RollingUpdate`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub rolling_update: Option<RollingUpdateStatefulSetStrategy>,
}

/// The limits of a stateful set's rolling update.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/apps/v1")]
pub struct RollingUpdateStatefulSetStrategy {
    /// Only pods with an ordinal at or above this number are updated; lower ones keep the old template, which
    /// allows canary rollouts. 0 when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub partition: Option<i32>,
    /// How many pods may be unavailable during the update: a count or a percentage (rounded up), never 0; 1
    /// when left out. Alpha: needs the MaxUnavailableStatefulSet feature.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub max_unavailable: Option<IntOrString>,
}

/// What happens to the claims made from a stateful set's volume claim templates.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/apps/v1")]
pub struct StatefulSetPersistentVolumeClaimRetentionPolicy {
    /// On deleting the set: `Retain` (the default) keeps the claims, `Delete` removes them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub when_deleted: Option<String>,
    /// On scaling down: `Retain` (the default) keeps the claims of removed pods, `Delete` removes them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub when_scaled: Option<String>,
}

/// The numbering of a stateful set's pods.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/apps/v1")]
pub struct StatefulSetOrdinals {
    /// The first ordinal: pods are numbered `start` up to `start + replicas - 1`. 0 when left out.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub start: i32,
}

/// What the stateful set controller last observed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/apps/v1")]
pub struct StatefulSetStatus {
    /// The generation of the set the controller last acted on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub observed_generation: Option<i64>,
    /// How many pods the controller has created.
    #[kapi(proto = 2)]
    pub replicas: i32,
    /// How many of the set's pods have a Ready condition.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub ready_replicas: Option<i32>,
    /// How many pods run the revision named by `currentRevision`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub current_replicas: Option<i32>,
    /// How many pods run the revision named by `updateRevision`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub updated_replicas: Option<i32>,
    /// The revision the pods with the lowest `currentReplicas` ordinals were made from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub current_revision: Option<String>,
    /// The revision the pods with the highest `updatedReplicas` ordinals were made from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub update_revision: Option<String>,
    /// A counter the controller bumps on hash collisions when naming a new ControllerRevision.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 9)]
    pub collision_count: Option<i32>,
    /// The latest observations of the set's state, one per condition type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(
        proto = 10,
        list_type = "map",
        list_map_keys = ["type"],
        patch_strategy = "merge",
        patch_merge_key = "type"
    )]
    pub conditions: Option<Vec<StatefulSetCondition>>,
    /// How many of the set's pods have been ready for at least `minReadySeconds`.
    #[serde(default)]
    #[kapi(proto = 11)]
    pub available_replicas: i32,
}

/// One aspect of a stateful set's state at some point in time.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/apps/v1")]
pub struct StatefulSetCondition {
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
