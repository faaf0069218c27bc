//! Roles and ClusterRoles: named sets of permissions.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use kapi_meta::meta::v1::{LabelSelector, ListMeta, ObjectMeta, TypeMeta};

/// A set of permissions within one namespace, granted by a RoleBinding.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/rbac/v1", group = "rbac.authorization.k8s.io", version = "v1", list = RoleList)]
pub struct Role {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The role's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The permissions the role grants.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub rules: Option<Vec<PolicyRule>>,
}

/// A page of roles.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/rbac/v1")]
pub struct RoleList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The roles.
    #[kapi(proto = 2)]
    pub items: Vec<Role>,
}

/// A set of permissions across the cluster (or, through a RoleBinding, within one namespace). It may cover
/// cluster-scoped resources and non-resource URLs.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/rbac/v1",
    group = "rbac.authorization.k8s.io",
    version = "v1",
    scope = "Cluster",
    list = ClusterRoleList
)]
pub struct ClusterRole {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The cluster role's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The permissions the role grants.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub rules: Option<Vec<PolicyRule>>,
    /// When set, the rules are not edited by hand: the controller manager fills them with the rules of the
    /// cluster roles this selects.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub aggregation_rule: Option<AggregationRule>,
}

/// A page of cluster roles.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/rbac/v1")]
pub struct ClusterRoleList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The cluster roles.
    #[kapi(proto = 2)]
    pub items: Vec<ClusterRole>,
}

/// One permission: verbs allowed on resources (or on non-resource URLs). Everything not allowed by some rule
/// is denied; rules only add.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/rbac/v1")]
pub struct PolicyRule {
    /// The verbs allowed, such as `get`, `list` and `watch`; `*` allows all.
    #[kapi(proto = 1, list_type = "atomic")]
    pub verbs: Vec<String>,
    /// The API groups of the resources; `""` is the core group and `*` any group.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub api_groups: Option<Vec<String>>,
    /// The resources the rule covers, such as `pods` or `deployments/scale`; `*` covers all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, list_type = "atomic")]
    pub resources: Option<Vec<String>>,
    /// Restricts the rule to objects with these names; left out, any name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4, list_type = "atomic")]
    pub resource_names: Option<Vec<String>>,
    /// URL paths that are not API resources, such as `/healthz`, matched in full or by a trailing `*`. Only
    /// meaningful in cluster roles bound cluster-wide; a rule has either these or resources, not both.
    #[serde(rename = "nonResourceURLs", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5, list_type = "atomic")]
    pub non_resource_urls: Option<Vec<String>>,
}

/// Which cluster roles an aggregated cluster role collects its rules from.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/rbac/v1")]
pub struct AggregationRule {
    /// Selectors over cluster roles' labels; the rules of every role matching any of them are combined.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub cluster_role_selectors: Option<Vec<LabelSelector>>,
}
