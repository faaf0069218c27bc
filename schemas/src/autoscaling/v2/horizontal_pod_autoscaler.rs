//! HorizontalPodAutoscaler (v2): scales a workload between bounds on any mix of metrics.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use super::behavior::HorizontalPodAutoscalerBehavior;
use super::metrics::{MetricSpec, MetricStatus};
use super::reference::CrossVersionObjectReference;
use kapi_meta::meta::v1::{ListMeta, ObjectMeta, Time, TypeMeta};

/// Adjusts the replica count of a scalable resource (through its `scale` subresource) so that the metrics it
/// is given stay near their targets.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/autoscaling/v2",
    group = "autoscaling",
    version = "v2",
    short_names = ["hpa"],
    categories = ["all"],
    list = HorizontalPodAutoscalerList,
    status
)]
pub struct HorizontalPodAutoscaler {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The autoscaler's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// What to scale, within which bounds, on which metrics.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub spec: HorizontalPodAutoscalerSpec,
    /// What the autoscaler last observed and decided.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub status: HorizontalPodAutoscalerStatus,
}

/// A page of horizontal pod autoscalers.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/autoscaling/v2")]
pub struct HorizontalPodAutoscalerList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The autoscalers.
    #[kapi(proto = 2)]
    pub items: Vec<HorizontalPodAutoscaler>,
}

/// The resource an autoscaler drives, its replica bounds, its metrics and its pacing.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/autoscaling/v2")]
pub struct HorizontalPodAutoscalerSpec {
    /// The resource to scale; it must have a `scale` subresource. Its pods are the ones measured.
    #[kapi(proto = 1)]
    pub scale_target_ref: CrossVersionObjectReference,
    /// The fewest replicas to scale down to; 1 when left out. 0 is allowed only with the HPAScaleToZero
    /// feature and an object or external metric; scaling then pauses while those metrics are at zero.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub min_replicas: Option<i32>,
    /// The most replicas to scale up to; not below `minReplicas`.
    #[kapi(proto = 3)]
    pub max_replicas: i32,
    /// The metrics to scale on; the autoscaler computes a replica count per metric and takes the largest. A
    /// target must be a quantity that falls as replicas are added. When left out, an average CPU use of 80%
    /// of the requests is the target.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4, list_type = "atomic")]
    pub metrics: Option<Vec<MetricSpec>>,
    /// How fast to scale up and down; the default pacing when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub behavior: Option<HorizontalPodAutoscalerBehavior>,
}

/// What an autoscaler last observed and decided.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/autoscaling/v2")]
pub struct HorizontalPodAutoscalerStatus {
    /// The generation of the autoscaler it last acted on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub observed_generation: Option<i64>,
    /// When the autoscaler last changed the replica count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub last_scale_time: Option<Time>,
    /// How many replicas it last saw running.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub current_replicas: Option<i32>,
    /// How many replicas it last asked for.
    #[kapi(proto = 4)]
    pub desired_replicas: i32,
    /// The last measurement of each metric it scales on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5, list_type = "atomic")]
    pub current_metrics: Option<Vec<MetricStatus>>,
    /// Its observations: whether it can scale, whether it is at a bound, and so on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6, list_type = "map", list_map_keys = ["type"], patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Option<Vec<HorizontalPodAutoscalerCondition>>,
}

/// One observation of an autoscaler about its own state.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/autoscaling/v2")]
pub struct HorizontalPodAutoscalerCondition {
    /// What is observed: `ScalingActive`, `AbleToScale` or `ScalingLimited`.
    #[serde(rename = "type")]
    #[kapi(proto = 1)]
    pub type_: String,
    /// `True`, `False` or `Unknown`.
    #[kapi(proto = 2)]
    pub status: String,
    /// When the status last changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub last_transition_time: Option<Time>,
    /// A CamelCase word for why the status last changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub reason: Option<String>,
    /// Details of the last change, for people.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub message: Option<String>,
}
