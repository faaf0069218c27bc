//! `k8s.io/api/autoscaling` (group `autoscaling`): the Scale kind every `scale` subresource reads and writes.

pub mod v1;
