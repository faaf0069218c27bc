//! `k8s.io/api/autoscaling/v1` (group `autoscaling`): HorizontalPodAutoscaler, and Scale, the body of every
//! `scale` subresource.

mod horizontal_pod_autoscaler;

pub use horizontal_pod_autoscaler::{
    CrossVersionObjectReference, HorizontalPodAutoscaler, HorizontalPodAutoscalerList, HorizontalPodAutoscalerSpec,
    HorizontalPodAutoscalerStatus,
};
// Scale is kapi-meta's: custom resources with a `scale` subresource speak it too.
pub use kapi_meta::autoscaling::v1::{Scale, ScaleSpec, ScaleStatus};

/// The Go package of these types.
pub const PACKAGE: &str = "k8s.io/api/autoscaling/v1";
