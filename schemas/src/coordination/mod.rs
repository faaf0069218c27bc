//! `k8s.io/api/coordination`: leases for leader election and heartbeats, and the candidates of a coordinated
//! leader election (v1alpha2). The Lease kind lives in kapi-meta, since kapi's own replicas hold identity leases;
//! the corpus serves it from there.

pub use kapi_meta::coordination::v1;
pub mod v1alpha2;
