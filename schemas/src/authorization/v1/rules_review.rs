//! SelfSubjectRulesReview: what may the caller do in a namespace?

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use kapi_meta::meta::v1::{ObjectMeta, TypeMeta};

/// Lists what the caller may do in a namespace, for user interfaces to show or hide actions. The list can be
/// incomplete, depending on the authorizers, and must not be used to make authorization decisions: use access
/// reviews, or leave them to the API server. Only created, never stored.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/authorization/v1",
    group = "authorization.k8s.io",
    version = "v1",
    scope = "Cluster",
    verbs = ["create"]
)]
pub struct SelfSubjectRulesReview {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The review's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The namespace to list the rules of.
    #[kapi(proto = 2)]
    pub spec: SelfSubjectRulesReviewSpec,
    /// The rules, filled in by the server.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub status: SubjectRulesReviewStatus,
}

/// Which namespace's rules to list.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/authorization/v1")]
pub struct SelfSubjectRulesReviewSpec {
    /// The namespace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub namespace: Option<String>,
}

/// What the caller may do, by resource and by URL path. The lists may be incomplete, depending on the
/// authorizers and on errors they meet.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/authorization/v1")]
pub struct SubjectRulesReviewStatus {
    /// What the caller may do with resources; the order means nothing.
    #[kapi(proto = 1, list_type = "atomic")]
    pub resource_rules: Vec<ResourceRule>,
    /// What the caller may do with URL paths outside the resource API; the order means nothing.
    #[kapi(proto = 2, list_type = "atomic")]
    pub non_resource_rules: Vec<NonResourceRule>,
    /// Whether the lists may leave out rules, because an authorizer cannot enumerate them (such as an
    /// external one).
    #[kapi(proto = 3)]
    pub incomplete: bool,
    /// An error an authorizer met while listing the rules; the lists may still be usable, and `incomplete` is
    /// not necessarily set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub evaluation_error: Option<String>,
}

/// Actions the caller may perform on resources.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/authorization/v1")]
pub struct ResourceRule {
    /// The API verbs allowed, such as `get`, `list`, `watch`, `create`, `update` or `delete`; `*` for all.
    #[kapi(proto = 1, list_type = "atomic")]
    pub verbs: Vec<String>,
    /// The API groups of the resources; any action on a resource of any of these groups is allowed. `*` for
    /// all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub api_groups: Option<Vec<String>>,
    /// The resources, by plural name; `*` for all, `*/foo` for subresource `foo` of every resource.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, list_type = "atomic")]
    pub resources: Option<Vec<String>>,
    /// The objects the rule is limited to, by name; left out or empty for all objects.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4, list_type = "atomic")]
    pub resource_names: Option<Vec<String>>,
}

/// Actions the caller may perform on URL paths outside the resource API.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/authorization/v1")]
pub struct NonResourceRule {
    /// The HTTP verbs allowed, lower case (`get`, `post`, ...); `*` for all.
    #[kapi(proto = 1, list_type = "atomic")]
    pub verbs: Vec<String>,
    /// The paths, or path prefixes ending in `*` (`/healthz*`); `*` for all.
    #[serde(rename = "nonResourceURLs", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub non_resource_urls: Option<Vec<String>>,
}
