//! TokenReview: asks the API server to authenticate a bearer token, for servers that delegate authentication.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use super::user_info::UserInfo;
use kapi_meta::meta::v1::{ObjectMeta, TypeMeta};

/// A token to authenticate and, in the response, whom it belongs to. Only created, never stored; the API
/// server may cache answers.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/authentication/v1",
    group = "authentication.k8s.io",
    version = "v1",
    scope = "Cluster",
    verbs = ["create"]
)]
pub struct TokenReview {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The review's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The token and the audiences it should be valid for.
    #[kapi(proto = 2)]
    pub spec: TokenReviewSpec,
    /// The answer, filled in by the server.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub status: TokenReviewStatus,
}

/// What to authenticate.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/authentication/v1")]
pub struct TokenReviewSpec {
    /// The bearer token, as the client presented it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub token: Option<String>,
    /// The audiences the reviewing server accepts; the token must be valid for at least one of them. Left
    /// out, the API server's own audiences apply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub audiences: Option<Vec<String>>,
}

/// The outcome of authenticating a token.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/authentication/v1")]
pub struct TokenReviewStatus {
    /// Whether the token belongs to a known user.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub authenticated: Option<bool>,
    /// The user the token belongs to.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub user: UserInfo,
    /// The audiences, among those asked for, the token is valid for; when the spec named none, the API
    /// server's own audiences it is valid for. A client checking audiences must make sure this answers its
    /// question: a token valid for none of them fails authentication.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4, list_type = "atomic")]
    pub audiences: Option<Vec<String>>,
    /// Why authentication failed, when it did. Even a token that authenticated may report an error when one of
    /// several authenticators failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub error: Option<String>,
}
