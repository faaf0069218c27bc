//! Where identity leases live: in this process ([`LeaseStore::memory`], the single-replica default) or in etcd
//! ([`LeaseStore::etcd`], behind the `etcd` feature), which several replicas share.
//!
//! Every write is conditional on the store's revision of the object, so two replicas never overwrite each other
//! unknowingly: a create fails when the lease exists, an update or a delete fails when the lease changed since it
//! was read. A lease's `metadata.resourceVersion` is the store revision of its last change, as in kube-apiserver
//! over etcd; it is never written into the stored value.

#[cfg(feature = "etcd")]
mod etcd;
mod memory;
#[cfg(test)]
mod memory_tests;
mod records;

use std::sync::Arc;

use kapi_meta::coordination::v1::Lease;

#[cfg(feature = "etcd")]
pub use etcd::EtcdSettings;
use memory::MemoryStore;
pub(crate) use records::key_of;
pub use records::{DEFAULT_KEY_PREFIX, LeaseChange, LeaseEvent, LeaseEvents, Listing, StoreError, StoredLease};

/// A lease store shared by the identity controller, the collector and the HTTP endpoints; cheap to clone.
#[derive(Debug, Clone)]
pub struct LeaseStore {
    backend: Backend,
}

#[derive(Debug, Clone)]
enum Backend {
    Memory(Arc<MemoryStore>),
    #[cfg(feature = "etcd")]
    Etcd(Arc<etcd::EtcdStore>),
}

impl LeaseStore {
    /// A store in this process: nothing to set up, nothing shared with other replicas.
    pub fn memory() -> Self {
        Self { backend: Backend::Memory(Arc::new(MemoryStore::new())) }
    }

    /// A store in etcd, reached at `settings.endpoints`; fails when no endpoint answers within the timeout.
    #[cfg(feature = "etcd")]
    pub async fn etcd(settings: EtcdSettings) -> Result<Self, StoreError> {
        Ok(Self { backend: Backend::Etcd(Arc::new(etcd::EtcdStore::connect(settings).await?)) })
    }

    /// What the store is, for logs: `memory` or `etcd://HOST:PORT,…`.
    pub fn describe(&self) -> String {
        match &self.backend {
            Backend::Memory(_) => "memory".to_owned(),
            #[cfg(feature = "etcd")]
            Backend::Etcd(store) => store.describe(),
        }
    }

    /// The lease `namespace/name`, if it exists.
    pub async fn get(&self, namespace: &str, name: &str) -> Result<Option<StoredLease>, StoreError> {
        match &self.backend {
            Backend::Memory(store) => Ok(store.get(namespace, name)),
            #[cfg(feature = "etcd")]
            Backend::Etcd(store) => store.get(namespace, name).await,
        }
    }

    /// Stores `lease` (namespace and name from its metadata) unless a lease of that name exists.
    pub async fn create(&self, lease: &Lease) -> Result<StoredLease, StoreError> {
        let lease = for_storage(lease)?;
        match &self.backend {
            Backend::Memory(store) => store.create(lease),
            #[cfg(feature = "etcd")]
            Backend::Etcd(store) => store.create(lease).await,
        }
    }

    /// Replaces the lease with `lease` if its revision is still `expected`; [`StoreError::Conflict`] otherwise
    /// (also when it was deleted).
    pub async fn update(&self, lease: &Lease, expected: i64) -> Result<StoredLease, StoreError> {
        let lease = for_storage(lease)?;
        match &self.backend {
            Backend::Memory(store) => store.update(lease, expected),
            #[cfg(feature = "etcd")]
            Backend::Etcd(store) => store.update(lease, expected).await,
        }
    }

    /// Deletes the lease `namespace/name` if its revision is still `expected`: true when deleted, false when it
    /// changed or is already gone.
    pub async fn delete_unchanged(&self, namespace: &str, name: &str, expected: i64) -> Result<bool, StoreError> {
        match &self.backend {
            Backend::Memory(store) => Ok(store.delete_unchanged(namespace, name, expected)),
            #[cfg(feature = "etcd")]
            Backend::Etcd(store) => store.delete_unchanged(namespace, name, expected).await,
        }
    }

    /// Every lease of `namespace` (all namespaces for `None`), sorted by namespace and name.
    pub async fn list(&self, namespace: Option<&str>) -> Result<Listing, StoreError> {
        match &self.backend {
            Backend::Memory(store) => Ok(store.list(namespace)),
            #[cfg(feature = "etcd")]
            Backend::Etcd(store) => store.list(namespace).await,
        }
    }

    /// The changes to leases of `namespace` (all for `None`) after revision `after`, as they happen. Dropping the
    /// receiver ends the watch.
    pub async fn watch(&self, namespace: Option<&str>, after: i64) -> Result<LeaseEvents, StoreError> {
        match &self.backend {
            Backend::Memory(store) => store.watch(namespace, after),
            #[cfg(feature = "etcd")]
            Backend::Etcd(store) => store.watch(namespace, after).await,
        }
    }
}

/// `lease` as it is written: named, without a resource version (the store's revision stands for it).
fn for_storage(lease: &Lease) -> Result<Lease, StoreError> {
    let (namespace, name) = key_of(lease);
    if namespace.is_empty() || name.is_empty() {
        return Err(StoreError::Unnamed);
    }
    let mut lease = lease.clone();
    lease.metadata.resource_version = None;
    Ok(lease)
}
