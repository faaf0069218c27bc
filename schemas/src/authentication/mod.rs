//! `k8s.io/api/authentication`: requests for and reviews of credentials.

pub mod v1;
