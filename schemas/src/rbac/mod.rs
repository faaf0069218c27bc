//! `k8s.io/api/rbac`: role-based access control, the permissions and who they are granted to.

pub mod v1;
