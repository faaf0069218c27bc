//! `k8s.io/api/authorization`: asking the API server's authorizers whether someone may do something.

pub mod v1;
