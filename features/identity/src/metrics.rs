//! The identity controller's metrics: renewals by outcome, collections, and whether the controller is healthy.

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct OutcomeLabels {
    outcome: &'static str,
}

/// Registered with the server's other metrics when identity starts; updated by the lease controller and collector.
#[derive(Debug)]
pub(crate) struct IdentityMetrics {
    heartbeats: Family<OutcomeLabels, Counter>,
    collected: Counter,
    spared: Counter,
    collection_runs: Family<OutcomeLabels, Counter>,
    healthy: Gauge,
}

impl IdentityMetrics {
    /// The family in `handle`'s metrics, registered on first use.
    pub fn of(handle: &kapi_serve::Handle) -> std::sync::Arc<Self> {
        handle.metrics().family(Self::register)
    }

    fn register(registry: &mut Registry) -> Self {
        let metrics = Self {
            heartbeats: Family::default(),
            collected: Counter::default(),
            spared: Counter::default(),
            collection_runs: Family::default(),
            healthy: Gauge::default(),
        };
        registry.register(
            "kapi_identity_lease_heartbeats",
            "Heartbeats of this replica's identity lease by outcome (renewed, acquired, failed)",
            metrics.heartbeats.clone(),
        );
        registry.register(
            "kapi_identity_lease_collections",
            "Expired identity leases this replica deleted",
            metrics.collected.clone(),
        );
        registry.register(
            "kapi_identity_lease_collections_spared",
            "Expired-looking leases not deleted because they changed after being read",
            metrics.spared.clone(),
        );
        registry.register(
            "kapi_identity_lease_collection_runs",
            "Searches for expired identity leases by outcome (ok, failed)",
            metrics.collection_runs.clone(),
        );
        registry.register(
            "kapi_identity_lease_controller_healthy",
            "1 while this replica's lease controller is healthy (its heartbeats succeed), else 0",
            metrics.healthy.clone(),
        );
        metrics
    }

    /// One heartbeat: `renewed` (own lease extended), `acquired` (created or taken over) or `failed`.
    pub fn heartbeat(&self, outcome: &'static str) {
        self.heartbeats.get_or_create(&OutcomeLabels { outcome }).inc();
    }

    /// Whether the controller is healthy (see [`super::LeaseHealth`]).
    pub fn set_healthy(&self, healthy: bool) {
        self.healthy.set(i64::from(healthy));
    }

    /// One search for expired leases, with how many were deleted and how many spared.
    pub fn collection_run(&self, outcome: &'static str, collected: u64, spared: u64) {
        self.collection_runs.get_or_create(&OutcomeLabels { outcome }).inc();
        self.collected.inc_by(collected);
        self.spared.inc_by(spared);
    }
}
