//! TokenRequest: asks for a token of a service account, the kind the core group's `serviceaccounts/token`
//! subresource takes and returns.

use kapi::Schema;
use serde::{Deserialize, Serialize};

use kapi_meta::meta::v1::{ObjectMeta, Time, TypeMeta};

/// A request for a signed token that authenticates as a service account, and, once created, the token.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/authentication/v1",
    gvk(group = "authentication.k8s.io", version = "v1", kind = "TokenRequest")
)]
pub struct TokenRequest {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The request's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// What the token should be for.
    #[kapi(proto = 2)]
    pub spec: TokenRequestSpec,
    /// The issued token; filled in by the server.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub status: TokenRequestStatus,
}

/// The audiences, lifetime and binding of a requested token.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/authentication/v1")]
pub struct TokenRequestSpec {
    /// Who the token is meant for. A recipient must check that one of its own identifiers is listed and reject
    /// the token otherwise; one issued for several audiences lets any of them use it against the others. Empty
    /// means the API server's own audiences.
    #[kapi(proto = 1, list_type = "atomic")]
    pub audiences: Vec<String>,
    /// How long the token should be valid, in seconds; the server may shorten or lengthen it, and reports the
    /// actual expiry in the status.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub expiration_seconds: Option<i64>,
    /// An object the token is bound to: the token stops being valid when that object is deleted, and the API
    /// server's TokenReview says so. The token still expires at its expiration time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub bound_object_ref: Option<BoundObjectReference>,
}

/// The token issued.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/authentication/v1")]
pub struct TokenRequestStatus {
    /// The opaque bearer token.
    #[kapi(proto = 1)]
    pub token: String,
    /// When the token expires.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(required, proto = 2)]
    pub expiration_timestamp: Option<Time>,
}

/// The object a token is bound to.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/authentication/v1")]
pub struct BoundObjectReference {
    /// The referent's kind: `Pod`, `Node` or `Secret`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub kind: Option<String>,
    /// The referent's API version.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub api_version: Option<String>,
    /// The referent's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub name: Option<String>,
    /// The referent's UID.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4, proto_name = "uID")]
    pub uid: Option<String>,
}
