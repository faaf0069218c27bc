//! HorizontalPodAutoscaler (v1): scales a workload between bounds to hold its average CPU use at a target.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use kapi_meta::meta::v1::{ListMeta, ObjectMeta, Time, TypeMeta};

/// Adjusts the replica count of a scalable resource (through its `scale` subresource) so that the average
/// CPU use of its pods stays near a target.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/autoscaling/v1",
    group = "autoscaling",
    version = "v1",
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
    /// What to scale, within which bounds, towards which target.
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
#[kapi(package = "k8s.io/api/autoscaling/v1")]
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

/// The resource an autoscaler drives and its replica bounds and CPU target.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/autoscaling/v1")]
pub struct HorizontalPodAutoscalerSpec {
    /// The resource to scale; it must have a `scale` subresource. Its pods are the ones measured.
    #[kapi(proto = 1)]
    pub scale_target_ref: CrossVersionObjectReference,
    /// The fewest replicas to scale down to; 1 when left out. 0 is allowed only with the HPAScaleToZero
    /// feature and an object or external metric.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub min_replicas: Option<i32>,
    /// The most replicas to scale up to; not below `minReplicas`.
    #[kapi(proto = 3)]
    pub max_replicas: i32,
    /// The average CPU use to aim for, as a percentage of the pods' CPU requests; a default policy applies
    /// when left out.
    #[serde(rename = "targetCPUUtilizationPercentage", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub target_cpu_utilization_percentage: Option<i32>,
}

/// What an autoscaler last observed and decided.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/autoscaling/v1")]
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
    #[kapi(proto = 3)]
    pub current_replicas: i32,
    /// How many replicas it last asked for.
    #[kapi(proto = 4)]
    pub desired_replicas: i32,
    /// The measured average CPU use of the pods, as a percentage of their CPU requests.
    #[serde(rename = "currentCPUUtilizationPercentage", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub current_cpu_utilization_percentage: Option<i32>,
}

/// Names an object by API version, kind and name, in the referrer's namespace.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/autoscaling/v1", map_type = "atomic")]
pub struct CrossVersionObjectReference {
    /// The referent's kind, such as `Deployment`.
    #[kapi(proto = 1)]
    pub kind: String,
    /// The referent's name.
    #[kapi(proto = 2)]
    pub name: String,
    /// The referent's API version, such as `apps/v1`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub api_version: Option<String>,
}
