//! The collector every replica runs: deletes the identity leases of its component whose holders stopped renewing.
//!
//! A lease is expired once `renewTime + leaseDurationSeconds + grace` is in the past. It is deleted only if it is
//! still the version that was read (compare-and-delete on the store revision), so a lease renewed between the
//! read and the delete survives. A lease without a renew time or duration is never collected: when in doubt,
//! keep it.

use std::time::{Duration, SystemTime};

use kapi_meta::coordination::v1::Lease;

use super::settings::{COMPONENT_LABEL, NAMESPACE};
use super::store::{LeaseStore, StoreError, StoredLease};
use kapi_rest::clock::parse_rfc3339;
use kapi_serve::Handle;

/// What one search found.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Collected {
    /// Expired leases deleted.
    pub deleted: u64,
    /// Expired-looking leases that changed after being read, so were kept.
    pub spared: u64,
}

pub(crate) struct Collector {
    pub store: LeaseStore,
    pub component: String,
    pub grace: Duration,
}

impl Collector {
    /// Searches every `interval`, forever.
    pub async fn run(self, handle: Handle, interval: Duration) {
        loop {
            tokio::time::sleep(interval).await;
            match self.collect(SystemTime::now()).await {
                Ok(found) => {
                    crate::metrics::IdentityMetrics::of(&handle).collection_run("ok", found.deleted, found.spared)
                }
                Err(error) => {
                    tracing::warn!(%error, "looking for expired identity leases failed");
                    crate::metrics::IdentityMetrics::of(&handle).collection_run("failed", 0, 0);
                }
            }
        }
    }

    /// One search at `now`.
    pub async fn collect(&self, now: SystemTime) -> Result<Collected, StoreError> {
        let candidates = self.expired_leases(now).await?;
        self.delete_unchanged(&candidates).await
    }

    /// This component's leases that are expired at `now`, as read.
    async fn expired_leases(&self, now: SystemTime) -> Result<Vec<StoredLease>, StoreError> {
        let listing = self.store.list(Some(NAMESPACE)).await?;
        Ok(listing
            .leases
            .into_iter()
            .filter(|stored| self.is_ours(&stored.lease) && expired(&stored.lease, now, self.grace))
            .collect())
    }

    /// Deletes each candidate that has not changed since it was read.
    async fn delete_unchanged(&self, candidates: &[StoredLease]) -> Result<Collected, StoreError> {
        let mut found = Collected::default();
        for stored in candidates {
            let (namespace, name) = stored.key();
            if self.store.delete_unchanged(namespace, name, stored.revision).await? {
                let holder = stored.lease.spec.holder_identity.as_deref().unwrap_or_default();
                tracing::info!(lease = name, holder, "collected an expired identity lease");
                found.deleted += 1;
            } else {
                tracing::info!(lease = name, "an expired identity lease changed after it was read; kept");
                found.spared += 1;
            }
        }
        Ok(found)
    }

    fn is_ours(&self, lease: &Lease) -> bool {
        lease.metadata.labels.as_ref().and_then(|labels| labels.get(COMPONENT_LABEL)) == Some(&self.component)
    }
}

/// True when `lease` was last renewed more than its duration plus `grace` before `now`.
pub(crate) fn expired(lease: &Lease, now: SystemTime, grace: Duration) -> bool {
    let renewed = lease.spec.renew_time.as_ref().and_then(|time| parse_rfc3339(&time.0));
    let duration = lease.spec.lease_duration_seconds.and_then(|seconds| u64::try_from(seconds).ok());
    match (renewed, duration) {
        (Some(renewed), Some(seconds)) => {
            renewed.checked_add(Duration::from_secs(seconds) + grace).is_some_and(|deadline| deadline < now)
        }
        _ => false,
    }
}

#[cfg(test)]
#[path = "collector_tests.rs"]
mod tests;
