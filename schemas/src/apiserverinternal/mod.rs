//! `k8s.io/api/apiserverinternal` (group `internal.apiserver.k8s.io`): how API servers of one cluster record
//! the versions they store resources in.

pub mod v1alpha1;
