//! `k8s.io/api/coordination`: leases for leader election and heartbeats. The kind lives in kapi-meta, since kapi's
//! own replicas hold identity leases; the corpus serves it from there.

pub use kapi_meta::coordination::v1;
