//! `k8s.io/api/node`: runtime classes, which pick the container runtime configuration pods run with.

pub mod v1;
