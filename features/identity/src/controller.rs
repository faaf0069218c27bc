//! The lease controller: acquires this replica's lease at start and renews it on every heartbeat.
//!
//! A heartbeat first renews the lease it last wrote, conditional on that write's revision. When that fails
//! because the lease changed (a collector deleted it, another start on the same host took it), it reads the
//! lease and takes it: a lease held by someone else gets this replica's holder identity, a new acquire time and
//! one more transition; a missing lease is created. Renewals come every renew interval plus up to 4 % (as
//! kube-apiserver's); a failed heartbeat is retried sooner than the renew interval.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use kapi_meta::coordination::v1::{Lease, LeaseSpec};
use kapi_meta::meta::v1::{MicroTime, ObjectMeta, Time, TypeMeta};

use super::health::{HealthCell, LeaseHealth};
use super::settings::{COMPONENT_LABEL, HOSTNAME_LABEL, IdentitySettings, NAMESPACE, holder_identity};
use super::store::{LeaseStore, StoreError, StoredLease};
use kapi_rest::clock::{rfc3339, rfc3339_micros};
use kapi_serve::Handle;

/// The longest wait before retrying a failed heartbeat.
const RETRY_AFTER: Duration = Duration::from_secs(1);

/// Failed heartbeats in a row that make the controller unhealthy.
const FAILURES_BEFORE_UNHEALTHY: u32 = 2;

/// The most a renewal is delayed past the renew interval, as a fraction of it: kube-apiserver's lease controller
/// waits up to 4 % longer, so that replicas started together (a rollout) spread their writes over time.
const RENEW_JITTER: f64 = 0.04;

/// `interval` plus up to [`RENEW_JITTER`] of it, the share picked by `random`: random bits, here a v4 UUID's
/// (which this crate already makes; its few fixed version bits sit far below the precision that matters).
pub(crate) fn jittered(interval: Duration, random: u128) -> Duration {
    // The top 53 bits give a uniform fraction in [0, 1), exactly representable.
    let fraction = (random >> 75) as f64 / (1u64 << 53) as f64;
    interval.mul_f64(1.0 + RENEW_JITTER * fraction)
}

/// What a successful heartbeat did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Beat {
    /// Extended the lease this replica holds.
    Renewed,
    /// Created the lease, or took it over from an earlier holder.
    Acquired,
}

pub(crate) struct LeaseController {
    store: LeaseStore,
    settings: IdentitySettings,
    lease_name: String,
    holder: String,
    /// The lease as this replica last wrote it.
    held: Option<StoredLease>,
}

impl LeaseController {
    pub fn new(store: LeaseStore, settings: IdentitySettings) -> Self {
        let lease_name = settings.lease_name();
        let holder = holder_identity(&lease_name);
        Self { store, settings, lease_name, holder, held: None }
    }

    pub fn holder(&self) -> &str {
        &self.holder
    }

    /// Heartbeats forever, reporting each outcome to `health` and the handle's metrics. One failed heartbeat
    /// (a store member going away mid-request) is retried at once and does not yet make the controller unhealthy;
    /// [`FAILURES_BEFORE_UNHEALTHY`] in a row do.
    pub async fn run(mut self, handle: Handle, health: Arc<HealthCell>) {
        let mut failures = 0;
        loop {
            let wait = match self.heartbeat(SystemTime::now()).await {
                Ok(beat) => {
                    if beat == Beat::Acquired {
                        tracing::info!(lease = %self.lease_name, holder = %self.holder, "identity lease acquired");
                    }
                    crate::metrics::IdentityMetrics::of(&handle).heartbeat(match beat {
                        Beat::Renewed => "renewed",
                        Beat::Acquired => "acquired",
                    });
                    failures = 0;
                    health.set(LeaseHealth::Healthy);
                    crate::metrics::IdentityMetrics::of(&handle).set_healthy(true);
                    jittered(self.settings.renew_interval, uuid::Uuid::new_v4().as_u128())
                }
                Err(error) => {
                    failures += 1;
                    tracing::warn!(lease = %self.lease_name, %error, failures, "identity lease heartbeat failed");
                    crate::metrics::IdentityMetrics::of(&handle).heartbeat("failed");
                    if failures >= FAILURES_BEFORE_UNHEALTHY {
                        health.set(LeaseHealth::Failing(error.to_string()));
                        crate::metrics::IdentityMetrics::of(&handle).set_healthy(false);
                    }
                    self.settings.renew_interval.min(RETRY_AFTER)
                }
            };
            health.heartbeat_finished();
            tokio::time::sleep(wait).await;
        }
    }

    /// One heartbeat at `now`.
    pub async fn heartbeat(&mut self, now: SystemTime) -> Result<Beat, StoreError> {
        if let Some(held) = &self.held {
            let renewed = self.renewed(&held.lease, now);
            match self.store.update(&renewed, held.revision).await {
                Ok(stored) => {
                    self.held = Some(stored);
                    return Ok(Beat::Renewed);
                }
                Err(StoreError::Conflict) => self.held = None,
                Err(error) => return Err(error),
            }
        }
        let (beat, stored) = match self.store.get(NAMESPACE, &self.lease_name).await? {
            Some(current) if current.lease.spec.holder_identity.as_deref() == Some(self.holder.as_str()) => {
                (Beat::Renewed, self.store.update(&self.renewed(&current.lease, now), current.revision).await?)
            }
            Some(current) => {
                (Beat::Acquired, self.store.update(&self.taken(&current.lease, now), current.revision).await?)
            }
            None => (Beat::Acquired, self.store.create(&self.created(now)).await?),
        };
        self.held = Some(stored);
        Ok(beat)
    }

    /// `lease` renewed at `now` by its current holder, with this replica's settings and labels.
    fn renewed(&self, lease: &Lease, now: SystemTime) -> Lease {
        let mut lease = lease.clone();
        lease.metadata.labels = Some(self.labels(lease.metadata.labels.take()));
        lease.spec.renew_time = Some(MicroTime(rfc3339_micros(now)));
        lease.spec.lease_duration_seconds = Some(self.settings.lease_duration_seconds());
        lease
    }

    /// `lease` taken over by this replica at `now`.
    fn taken(&self, lease: &Lease, now: SystemTime) -> Lease {
        let mut lease = self.renewed(lease, now);
        lease.spec.holder_identity = Some(self.holder.clone());
        lease.spec.acquire_time = Some(MicroTime(rfc3339_micros(now)));
        lease.spec.lease_transitions = Some(lease.spec.lease_transitions.unwrap_or(0).saturating_add(1));
        lease
    }

    /// A new lease held by this replica from `now`.
    fn created(&self, now: SystemTime) -> Lease {
        let metadata = ObjectMeta {
            name: Some(self.lease_name.clone()),
            namespace: Some(NAMESPACE.to_owned()),
            uid: Some(uuid::Uuid::new_v4().to_string()),
            creation_timestamp: Some(Time(rfc3339(now))),
            labels: Some(self.labels(None)),
            ..ObjectMeta::default()
        };
        let spec = LeaseSpec {
            holder_identity: Some(self.holder.clone()),
            lease_duration_seconds: Some(self.settings.lease_duration_seconds()),
            acquire_time: Some(MicroTime(rfc3339_micros(now))),
            renew_time: Some(MicroTime(rfc3339_micros(now))),
            lease_transitions: Some(0),
            ..LeaseSpec::default()
        };
        let type_meta =
            TypeMeta { api_version: Some("coordination.k8s.io/v1".to_owned()), kind: Some("Lease".to_owned()) };
        Lease { type_meta, metadata, spec }
    }

    /// `existing` labels with the component and host name labels set to this replica's.
    fn labels(&self, existing: Option<BTreeMap<String, String>>) -> BTreeMap<String, String> {
        let mut labels = existing.unwrap_or_default();
        labels.insert(COMPONENT_LABEL.to_owned(), self.settings.component.clone());
        labels.insert(HOSTNAME_LABEL.to_owned(), self.settings.hostname.clone());
        labels
    }
}

#[cfg(test)]
#[path = "controller_tests.rs"]
mod tests;
