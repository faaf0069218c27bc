//! `k8s.io/api/authentication`: who a token or the caller is, and tokens requested for service accounts.

pub mod v1;
pub mod v1beta1;
