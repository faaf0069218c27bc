//! The values a lease store deals in: stored leases with their revision, listings, change events, and errors.

use std::fmt;

use kapi_meta::coordination::v1::Lease;
use tokio::sync::mpsc;

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

/// The lease's namespace and name (empty when unset).
pub(crate) fn key_of(lease: &Lease) -> (&str, &str) {
    (lease.metadata.namespace.as_deref().unwrap_or_default(), lease.metadata.name.as_deref().unwrap_or_default())
}

/// Whether a lease of `namespace` passes a namespace filter (`None`: all).
pub(super) fn in_namespace(filter: Option<&str>, namespace: &str) -> bool {
    filter.is_none_or(|wanted| wanted == namespace)
}
