//! `k8s.io/api/policy`: rules that bound voluntary disruption of pods.

pub mod v1;
