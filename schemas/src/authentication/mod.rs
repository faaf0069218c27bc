//! `k8s.io/api/authentication`: asking the API server who a token or the caller is.

pub mod v1;
pub mod v1beta1;
