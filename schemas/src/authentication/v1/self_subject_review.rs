//! SelfSubjectReview (v1): asks the API server who it thinks the caller is.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use super::user_info::UserInfo;
use kapi_meta::meta::v1::{ObjectMeta, TypeMeta};

/// A request, with an empty body, for the identity the API server has authenticated the caller as, after any
/// impersonation. Only created, never stored.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/authentication/v1",
    group = "authentication.k8s.io",
    version = "v1",
    scope = "Cluster",
    verbs = ["create"]
)]
pub struct SelfSubjectReview {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The review's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The answer, filled in by the server.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub status: SelfSubjectReviewStatus,
}

/// The caller's identity.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/authentication/v1")]
pub struct SelfSubjectReviewStatus {
    /// Who the caller was authenticated as.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub user_info: UserInfo,
}
