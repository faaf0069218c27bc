//! `k8s.io/api/autoscaling/v2` (group `autoscaling`): HorizontalPodAutoscaler scaling on any mix of resource,
//! per-pod, per-object and external metrics, with tunable scale-up and scale-down behaviour.

mod behavior;
mod horizontal_pod_autoscaler;
mod metrics;
mod reference;

pub use behavior::{HPAScalingPolicy, HPAScalingRules, HorizontalPodAutoscalerBehavior};
pub use horizontal_pod_autoscaler::{
    HorizontalPodAutoscaler, HorizontalPodAutoscalerCondition, HorizontalPodAutoscalerList,
    HorizontalPodAutoscalerSpec, HorizontalPodAutoscalerStatus,
};
pub use metrics::{
    ContainerResourceMetricSource, ContainerResourceMetricStatus, ExternalMetricSource, ExternalMetricStatus,
    MetricIdentifier, MetricSpec, MetricStatus, MetricTarget, MetricValueStatus, ObjectMetricSource,
    ObjectMetricStatus, PodsMetricSource, PodsMetricStatus, ResourceMetricSource, ResourceMetricStatus,
};
pub use reference::CrossVersionObjectReference;
