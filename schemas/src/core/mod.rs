//! The legacy core group (`""`, served under `/api/v1`): package `k8s.io/api/core/v1`.

pub mod v1;
