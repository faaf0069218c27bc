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

use std::fmt;
use std::sync::Arc;

use kapi_meta::coordination::v1::Lease;
use tokio::sync::mpsc;

#[cfg(feature = "etcd")]
pub use etcd::EtcdSettings;
use memory::MemoryStore;

/// The etcd key prefix leases are stored under by default: `<prefix><namespace>/<name>`. It is not
/// kube-apiserver's (`/registry/leases/`), so kapi pointed at a cluster's own etcd never touches that cluster's
/// leases.
pub const DEFAULT_KEY_PREFIX: &str = "/kapi/leases/";

/// A lease as stored, with the store revision of its last change (also its `metadata.resourceVersion`).
#[derive(Debug, Clone, PartialEq)]
pub struct StoredLease {
    pub lease: Lease,
    pub revision: i64,
}

impl StoredLease {
    /// `lease` as read at `revision`: the resource version is the revision.
    pub(crate) fn new(mut lease: Lease, revision: i64) -> Self {
        lease.metadata.resource_version = Some(revision.to_string());
        Self { lease, revision }
    }

    /// The lease's namespace and name.
    pub fn key(&self) -> (&str, &str) {
        key_of(&self.lease)
    }
}

/// Every lease of a namespace (or of all namespaces) and the store revision they were read at.
#[derive(Debug, Clone, PartialEq)]
pub struct Listing {
    pub leases: Vec<StoredLease>,
    pub revision: i64,
}

/// What happened to a lease.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeaseChange {
    Added,
    Modified,
    Deleted,
}

impl LeaseChange {
    /// The watch event type kube-apiserver sends for it.
    pub fn event_type(self) -> &'static str {
        match self {
            Self::Added => "ADDED",
            Self::Modified => "MODIFIED",
            Self::Deleted => "DELETED",
        }
    }
}

/// One change, at the revision it happened; a deleted lease is its last state with the deletion's revision.
#[derive(Debug, Clone, PartialEq)]
pub struct LeaseEvent {
    pub change: LeaseChange,
    pub lease: StoredLease,
}

/// The changes a watch delivers, in revision order; an error ends it.
pub type LeaseEvents = mpsc::Receiver<Result<LeaseEvent, StoreError>>;

/// Why a store operation did not happen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreError {
    /// The store could not be reached or did not answer in time; nothing is known to have changed.
    Unavailable(String),
    /// The lease changed (or vanished) since it was read.
    Conflict,
    /// A create found the lease already there.
    AlreadyExists,
    /// A watch asked for changes older than the store keeps.
    Compacted { requested: i64, oldest: i64 },
    /// A stored value is not a lease.
    Corrupt { key: String, message: String },
    /// The lease names no namespace or no name.
    Unnamed,
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unavailable(message) => write!(f, "lease store unavailable: {message}"),
            Self::Conflict => f.write_str("the lease changed since it was read"),
            Self::AlreadyExists => f.write_str("the lease already exists"),
            Self::Compacted { requested, oldest } => {
                write!(f, "revision {requested} is compacted; the oldest kept is {oldest}")
            }
            Self::Corrupt { key, message } => write!(f, "stored value {key} is not a lease: {message}"),
            Self::Unnamed => f.write_str("a stored lease needs metadata.namespace and metadata.name"),
        }
    }
}

impl std::error::Error for StoreError {}

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

/// The lease's namespace and name (empty when unset).
pub(crate) fn key_of(lease: &Lease) -> (&str, &str) {
    (lease.metadata.namespace.as_deref().unwrap_or_default(), lease.metadata.name.as_deref().unwrap_or_default())
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

/// Whether a lease of `namespace` passes a namespace filter (`None`: all).
fn in_namespace(filter: Option<&str>, namespace: &str) -> bool {
    filter.is_none_or(|wanted| wanted == namespace)
}
