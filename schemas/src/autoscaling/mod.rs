//! `k8s.io/api/autoscaling`: the Scale kind spoken by `scale` subresources.

pub mod v1;
