//! `k8s.io/api/authentication/v1` (group `authentication.k8s.io`).

mod token_request;

pub use token_request::{BoundObjectReference, TokenRequest, TokenRequestSpec, TokenRequestStatus};
