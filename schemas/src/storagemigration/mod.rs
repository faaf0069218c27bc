//! `k8s.io/api/storagemigration`: rewriting every stored object of a resource, so that all of them end up
//! encoded in the version the API servers currently write.

pub mod v1alpha1;
