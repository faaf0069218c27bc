//! `k8s.io/api/autoscaling/v1` (group `autoscaling`): HorizontalPodAutoscaler, and Scale, the body of every
//! `scale` subresource.

mod horizontal_pod_autoscaler;
mod scale;

pub use horizontal_pod_autoscaler::{
    CrossVersionObjectReference, HorizontalPodAutoscaler, HorizontalPodAutoscalerList, HorizontalPodAutoscalerSpec,
    HorizontalPodAutoscalerStatus,
};
pub use scale::{Scale, ScaleSpec, ScaleStatus};

/// The Go package of these types.
pub const PACKAGE: &str = "k8s.io/api/autoscaling/v1";
