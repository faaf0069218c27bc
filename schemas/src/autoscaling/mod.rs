//! `k8s.io/api/autoscaling`: horizontal pod autoscalers and the Scale kind spoken by `scale` subresources.

pub mod v1;
pub mod v2;
