//! RoleBindings and ClusterRoleBindings: grants of a role to subjects.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};

/// Grants the permissions of a Role, or of a ClusterRole limited to this namespace, to a list of subjects.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/rbac/v1", group = "rbac.authorization.k8s.io", version = "v1", list = RoleBindingList)]
pub struct RoleBinding {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The binding's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// Who is granted the role.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub subjects: Option<Vec<Subject>>,
    /// The Role in this namespace, or the ClusterRole, that is granted. Cannot change; an invalid reference
    /// is an error.
    #[kapi(proto = 3)]
    pub role_ref: RoleRef,
}

/// A page of role bindings.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/rbac/v1")]
pub struct RoleBindingList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The role bindings.
    #[kapi(proto = 2)]
    pub items: Vec<RoleBinding>,
}

/// Grants the permissions of a ClusterRole to a list of subjects in every namespace and cluster-wide.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/rbac/v1",
    group = "rbac.authorization.k8s.io",
    version = "v1",
    scope = "Cluster",
    list = ClusterRoleBindingList
)]
pub struct ClusterRoleBinding {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The binding's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// Who is granted the role.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub subjects: Option<Vec<Subject>>,
    /// The ClusterRole that is granted. Cannot change; an invalid reference is an error.
    #[kapi(proto = 3)]
    pub role_ref: RoleRef,
}

/// A page of cluster role bindings.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/rbac/v1")]
pub struct ClusterRoleBindingList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The cluster role bindings.
    #[kapi(proto = 2)]
    pub items: Vec<ClusterRoleBinding>,
}

/// The role a binding grants.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/rbac/v1", map_type = "atomic")]
pub struct RoleRef {
    /// The role's API group, `rbac.authorization.k8s.io`.
    #[kapi(proto = 1)]
    pub api_group: String,
    /// `Role` or `ClusterRole`.
    #[kapi(proto = 2)]
    pub kind: String,
    /// The role's name.
    #[kapi(proto = 3)]
    pub name: String,
}

/// Who a binding grants a role to: a user, a group or a service account.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/rbac/v1", map_type = "atomic")]
pub struct Subject {
    /// `User`, `Group` or `ServiceAccount`; an unknown kind makes the authorizer report an error.
    #[kapi(proto = 1)]
    pub kind: String,
    /// The API group of the subject: empty for service accounts, `rbac.authorization.k8s.io` for users and
    /// groups (filled in when left out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub api_group: Option<String>,
    /// The subject's name.
    #[kapi(proto = 3)]
    pub name: String,
    /// The service account's namespace; must be empty for users and groups.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub namespace: Option<String>,
}
