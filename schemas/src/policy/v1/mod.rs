//! `k8s.io/api/policy/v1`.

mod eviction;

pub use eviction::Eviction;
