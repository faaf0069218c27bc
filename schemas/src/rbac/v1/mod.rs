//! `k8s.io/api/rbac/v1` (group `rbac.authorization.k8s.io`): Roles and ClusterRoles (sets of permissions) and
//! RoleBindings and ClusterRoleBindings (grants of a role to users, groups and service accounts).

mod binding;
mod role;

pub use binding::{ClusterRoleBinding, ClusterRoleBindingList, RoleBinding, RoleBindingList, RoleRef, Subject};
pub use role::{AggregationRule, ClusterRole, ClusterRoleList, PolicyRule, Role, RoleList};

/// The Go package of these types.
pub const PACKAGE: &str = "k8s.io/api/rbac/v1";
