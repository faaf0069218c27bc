//! `k8s.io/api/coordination`: leases for leader election and heartbeats.

pub mod v1;
