//! `k8s.io/api/policy`: limits on voluntary disruption of pods, and the eviction that respects them.

pub mod v1;
