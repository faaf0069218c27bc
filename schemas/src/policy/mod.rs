//! `k8s.io/api/policy`: limits on voluntary disruption of pods.

pub mod v1;
