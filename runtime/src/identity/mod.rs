//! Server identity, as the apiserver-identity design gives it to each kube-apiserver: every replica holds a
//! `coordination.k8s.io/v1` Lease in `kube-system`, renews it on a heartbeat, and every replica collects the
//! leases whose holders stopped renewing. Leases live in a [`LeaseStore`]: this process, or etcd shared by the
//! replicas.

pub mod store;

pub use store::{LeaseChange, LeaseEvent, LeaseEvents, LeaseStore, Listing, StoreError, StoredLease};

/// The namespace identity leases are held in.
pub const NAMESPACE: &str = "kube-system";
