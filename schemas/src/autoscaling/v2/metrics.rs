//! The metrics an autoscaler scales on (`MetricSpec` and its sources) and what it last measured of them
//! (`MetricStatus` and its statuses).

use kapi::Schema;
use serde::{Deserialize, Serialize};

use super::reference::CrossVersionObjectReference;
use kapi_meta::meta::v1::LabelSelector;
use kapi_meta::quantity::Quantity;

/// One metric to scale on and its target. The autoscaler computes a replica count for each metric and uses the
/// largest. Exactly one source, the one `type` names, is set.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/autoscaling/v2")]
pub struct MetricSpec {
    /// Which source is set: `ContainerResource`, `External`, `Object`, `Pods` or `Resource`.
    #[serde(rename = "type")]
    #[kapi(proto = 1)]
    pub type_: String,
    /// A metric describing one object in the namespace, such as an ingress's request rate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub object: Option<ObjectMetricSource>,
    /// A metric each scaled pod reports, such as its transactions per second, averaged over the pods and
    /// compared with a target value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub pods: Option<PodsMetricSource>,
    /// The use of a resource named in the pods' requests and limits (such as CPU or memory), summed over each
    /// pod's containers, as the built-in resource metrics pipeline reports it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub resource: Option<ResourceMetricSource>,
    /// Like `resource`, but for one named container of each pod rather than all of its containers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub container_resource: Option<ContainerResourceMetricSource>,
    /// A metric from outside the cluster, such as the length of a cloud message queue.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub external: Option<ExternalMetricSource>,
}

/// A metric of one object (not of the scaled pods) and its target.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/autoscaling/v2")]
pub struct ObjectMetricSource {
    /// The object the metric describes.
    #[kapi(proto = 1)]
    pub described_object: CrossVersionObjectReference,
    /// The value to aim for.
    #[kapi(proto = 2)]
    pub target: MetricTarget,
    /// Which metric, by name and selector.
    #[kapi(proto = 3)]
    pub metric: MetricIdentifier,
}

/// A per-pod metric of the scaled pods and its target; only an average value can be targeted.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/autoscaling/v2")]
pub struct PodsMetricSource {
    /// Which metric, by name and selector.
    #[kapi(proto = 1)]
    pub metric: MetricIdentifier,
    /// The value to aim for.
    #[kapi(proto = 2)]
    pub target: MetricTarget,
}

/// A resource of the scaled pods (summed over their containers) and its target, as an average value or as an
/// average percentage of the pods' requests.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/autoscaling/v2")]
pub struct ResourceMetricSource {
    /// The resource, such as `cpu` or `memory`.
    #[kapi(proto = 1)]
    pub name: String,
    /// The value to aim for.
    #[kapi(proto = 2)]
    pub target: MetricTarget,
}

/// A resource of one named container in each scaled pod and its target, as an average value or as an average
/// percentage of the container's requests.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/autoscaling/v2")]
pub struct ContainerResourceMetricSource {
    /// The resource, such as `cpu` or `memory`.
    #[kapi(proto = 1)]
    pub name: String,
    /// The value to aim for.
    #[kapi(proto = 2)]
    pub target: MetricTarget,
    /// The container whose use is measured.
    #[kapi(proto = 3)]
    pub container: String,
}

/// A metric from outside the cluster and its target.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/autoscaling/v2")]
pub struct ExternalMetricSource {
    /// Which metric, by name and selector.
    #[kapi(proto = 1)]
    pub metric: MetricIdentifier,
    /// The value to aim for.
    #[kapi(proto = 2)]
    pub target: MetricTarget,
}

/// Names a metric, optionally narrowed by labels.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/autoscaling/v2")]
pub struct MetricIdentifier {
    /// The metric's name.
    #[kapi(proto = 1)]
    pub name: String,
    /// Labels passed to the metrics server to choose among series of the metric; when left out, the name
    /// alone chooses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub selector: Option<LabelSelector>,
}

/// The value to aim for: a total, an average per pod, or an average utilization; `type` says which.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/autoscaling/v2")]
pub struct MetricTarget {
    /// Which of the other fields is set: `Utilization`, `Value` or `AverageValue`.
    #[serde(rename = "type")]
    #[kapi(proto = 1)]
    pub type_: String,
    /// The metric's total to aim for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub value: Option<Quantity>,
    /// The metric's value per pod (the total divided by the number of pods) to aim for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub average_value: Option<Quantity>,
    /// The resource use to aim for, averaged over the pods, as a percentage of their requests; only for
    /// `Resource` and `ContainerResource` metrics.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub average_utilization: Option<i32>,
}

/// What the autoscaler last measured of one metric. Exactly one status, the one `type` names, is set.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/autoscaling/v2")]
pub struct MetricStatus {
    /// Which status is set: `ContainerResource`, `External`, `Object`, `Pods` or `Resource`.
    #[serde(rename = "type")]
    #[kapi(proto = 1)]
    pub type_: String,
    /// The measurement of an object metric.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub object: Option<ObjectMetricStatus>,
    /// The measurement of a per-pod metric, averaged over the pods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub pods: Option<PodsMetricStatus>,
    /// The measurement of a resource metric of the pods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub resource: Option<ResourceMetricStatus>,
    /// The measurement of a resource metric of one container of each pod.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub container_resource: Option<ContainerResourceMetricStatus>,
    /// The measurement of an external metric.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub external: Option<ExternalMetricStatus>,
}

/// The last measurement of an object metric.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/autoscaling/v2")]
pub struct ObjectMetricStatus {
    /// Which metric, by name and selector.
    #[kapi(proto = 1)]
    pub metric: MetricIdentifier,
    /// The measured value.
    #[kapi(proto = 2)]
    pub current: MetricValueStatus,
    /// The object the metric describes.
    #[kapi(proto = 3)]
    pub described_object: CrossVersionObjectReference,
}

/// The last measurement of a per-pod metric.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/autoscaling/v2")]
pub struct PodsMetricStatus {
    /// Which metric, by name and selector.
    #[kapi(proto = 1)]
    pub metric: MetricIdentifier,
    /// The measured value.
    #[kapi(proto = 2)]
    pub current: MetricValueStatus,
}

/// The last measurement of a resource of the scaled pods.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/autoscaling/v2")]
pub struct ResourceMetricStatus {
    /// The resource, such as `cpu` or `memory`.
    #[kapi(proto = 1)]
    pub name: String,
    /// The measured value.
    #[kapi(proto = 2)]
    pub current: MetricValueStatus,
}

/// The last measurement of a resource of one container in each scaled pod.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/autoscaling/v2")]
pub struct ContainerResourceMetricStatus {
    /// The resource, such as `cpu` or `memory`.
    #[kapi(proto = 1)]
    pub name: String,
    /// The measured value.
    #[kapi(proto = 2)]
    pub current: MetricValueStatus,
    /// The container whose use was measured.
    #[kapi(proto = 3)]
    pub container: String,
}

/// The last measurement of an external metric.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/autoscaling/v2")]
pub struct ExternalMetricStatus {
    /// Which metric, by name and selector.
    #[kapi(proto = 1)]
    pub metric: MetricIdentifier,
    /// The measured value.
    #[kapi(proto = 2)]
    pub current: MetricValueStatus,
}

/// A measured value: a total, an average per pod, or an average utilization.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/autoscaling/v2")]
pub struct MetricValueStatus {
    /// The metric's total.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub value: Option<Quantity>,
    /// The metric's value per pod.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub average_value: Option<Quantity>,
    /// The resource use averaged over the pods, as a percentage of their requests.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub average_utilization: Option<i32>,
}
