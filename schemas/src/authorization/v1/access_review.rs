//! Access reviews: may a user (SubjectAccessReview), a user within one namespace (LocalSubjectAccessReview), or
//! the caller (SelfSubjectAccessReview) perform an action?

use std::collections::BTreeMap;

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use super::attributes::{NonResourceAttributes, ResourceAttributes};
use kapi_meta::meta::v1::{ObjectMeta, TypeMeta};

/// Asks whether a given user or group may perform an action. Only created, never stored.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/authorization/v1",
    group = "authorization.k8s.io",
    version = "v1",
    scope = "Cluster",
    verbs = ["create"]
)]
pub struct SubjectAccessReview {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The review's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The action and who would perform it.
    #[kapi(proto = 2)]
    pub spec: SubjectAccessReviewSpec,
    /// The answer, filled in by the server.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub status: SubjectAccessReviewStatus,
}

/// Asks whether a given user or group may perform an action in one namespace. Being namespaced, it can be
/// granted to namespace administrators for their own namespace. Only created, never stored.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/authorization/v1",
    group = "authorization.k8s.io",
    version = "v1",
    verbs = ["create"]
)]
pub struct LocalSubjectAccessReview {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The review's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The action and who would perform it. Its namespace must be the review's own, or left empty; only
    /// resource actions can be asked about.
    #[kapi(proto = 2)]
    pub spec: SubjectAccessReviewSpec,
    /// The answer, filled in by the server.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub status: SubjectAccessReviewStatus,
}

/// Asks whether the caller may perform an action, so user interfaces can show or hide what the user cannot
/// do. Only created, never stored.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/authorization/v1",
    group = "authorization.k8s.io",
    version = "v1",
    scope = "Cluster",
    verbs = ["create"]
)]
pub struct SelfSubjectAccessReview {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The review's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The action; the caller is the one who would perform it.
    #[kapi(proto = 2)]
    pub spec: SelfSubjectAccessReviewSpec,
    /// The answer, filled in by the server.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub status: SubjectAccessReviewStatus,
}

/// The action to check and the identity performing it; exactly one of the two attribute sets is given.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/authorization/v1")]
pub struct SubjectAccessReviewSpec {
    /// The action, for a request to the resource API.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub resource_attributes: Option<ResourceAttributes>,
    /// The action, for a request to another URL path.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub non_resource_attributes: Option<NonResourceAttributes>,
    /// The user to check. Checking a user without groups is not the same as checking no user; give a user,
    /// groups, or both.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub user: Option<String>,
    /// The groups to check.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4, list_type = "atomic")]
    pub groups: Option<Vec<String>>,
    /// Further attributes of the user, as an authenticator would supply them; authorizers may use them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5, proto_wrapper = "ExtraValue")]
    pub extra: Option<BTreeMap<String, Vec<String>>>,
    /// The UID of the user to check.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub uid: Option<String>,
}

/// The action to check for the caller; exactly one of the two attribute sets is given.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/authorization/v1")]
pub struct SelfSubjectAccessReviewSpec {
    /// The action, for a request to the resource API.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub resource_attributes: Option<ResourceAttributes>,
    /// The action, for a request to another URL path.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub non_resource_attributes: Option<NonResourceAttributes>,
}

/// The authorizers' answer.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/authorization/v1")]
pub struct SubjectAccessReviewStatus {
    /// Whether the action is allowed.
    #[kapi(proto = 1)]
    pub allowed: bool,
    /// Whether the action is explicitly denied: an authorizer said no, rather than none saying yes. Allowed
    /// and denied are never both true; both false means no authorizer had an opinion.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub denied: Option<bool>,
    /// Why the action is allowed or denied, when an authorizer said.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub reason: Option<String>,
    /// An error an authorizer met while checking. An authorizer may fail and still decide (RBAC without a
    /// role it refers to, say), so this says nothing about the answer by itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub evaluation_error: Option<String>,
}
