//! PodDisruptionBudget: how many pods of an application voluntary evictions may take down at once.

use std::collections::BTreeMap;

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use kapi_meta::intstr::IntOrString;
use kapi_meta::meta::v1::{Condition, LabelSelector, ListMeta, ObjectMeta, Time, TypeMeta};

/// Bounds the disruption the eviction API may cause to a set of pods, so that drains and other voluntary
/// evictions keep enough of an application running.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/policy/v1",
    group = "policy",
    version = "v1",
    short_names = ["pdb"],
    list = PodDisruptionBudgetList,
    status
)]
pub struct PodDisruptionBudget {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The budget's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// Which pods the budget guards and how many of them must stay up.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub spec: PodDisruptionBudgetSpec,
    /// What the disruption controller last computed for the budget.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub status: PodDisruptionBudgetStatus,
}

/// A page of pod disruption budgets.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/policy/v1")]
pub struct PodDisruptionBudgetList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The budgets.
    #[kapi(proto = 2)]
    pub items: Vec<PodDisruptionBudget>,
}

/// The guarded pods and the least that must stay available (or the most that may be down); set one of
/// `minAvailable` and `maxUnavailable`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/policy/v1")]
pub struct PodDisruptionBudgetSpec {
    /// How many selected pods must still be available after an eviction, the evicted pod not counted: a count
    /// or a percentage (`"100%"` forbids every voluntary eviction).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub min_available: Option<IntOrString>,
    /// The pods the budget guards. A missing selector matches no pod; an empty one matches every pod of the
    /// namespace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, patch_strategy = "replace")]
    pub selector: Option<LabelSelector>,
    /// How many selected pods may be unavailable after an eviction, the evicted pod included: a count or a
    /// percentage (`0` forbids every voluntary eviction).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub max_unavailable: Option<IntOrString>,
    /// When running pods that are not yet ready may be evicted. `IfHealthyBudget` (the default) allows it only
    /// while the application is undisturbed (at least `desiredHealthy` pods healthy); `AlwaysAllow` treats
    /// them as already disrupted and lets them go regardless. Ready pods always count against the budget.
    /// Clients meeting a policy they do not know should refuse to evict unready pods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub unhealthy_pod_eviction_policy: Option<String>,
}

/// What the disruption controller last computed for a budget; it may lag behind the pods.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/policy/v1")]
pub struct PodDisruptionBudgetStatus {
    /// The generation of the budget these numbers were computed for; they hold only when it equals the
    /// object's generation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub observed_generation: Option<i64>,
    /// Pods the API server has accepted an eviction for that the controller has not yet seen being deleted,
    /// by pod name, with the time of the eviction. Entries are dropped once the deletion is seen or after a
    /// timeout; a long map hints at pods that fail to delete.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub disrupted_pods: Option<BTreeMap<String, Time>>,
    /// How many more pods may be disrupted now.
    #[kapi(proto = 3)]
    pub disruptions_allowed: i32,
    /// How many selected pods are healthy now.
    #[kapi(proto = 4)]
    pub current_healthy: i32,
    /// The fewest healthy pods the budget requires.
    #[kapi(proto = 5)]
    pub desired_healthy: i32,
    /// How many pods the budget counts in total.
    #[kapi(proto = 6)]
    pub expected_pods: i32,
    /// The controller's observations; it sets `DisruptionAllowed`, with reason `SyncFailed` (no count could be
    /// computed, so nothing may be disrupted), `InsufficientPods` (at or below the required number) or
    /// `SufficientPods` (disruptions allowed, as many as `disruptionsAllowed` says).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7, list_type = "map", list_map_keys = ["type"], patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Option<Vec<Condition>>,
}
