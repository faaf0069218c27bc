//! The aggregator's view of its upstreams, as a family of the server's metrics registered when the aggregator is
//! created: each upstream's freshness and last success, its refreshes by outcome, and the conflicts of the merge.

use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use std::time::SystemTime;

use kapi_serve::Metrics;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;

use crate::merge::Conflict;

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct UpstreamLabels {
    upstream: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct FreshnessLabels {
    upstream: String,
    state: &'static str,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct RefreshLabels {
    upstream: String,
    outcome: &'static str,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct ConflictLabels {
    group_version: String,
    dropped: String,
    kept_by: String,
}

/// `kapi_aggregator_*`.
#[derive(Debug)]
pub(crate) struct UpstreamMetrics {
    freshness: Family<FreshnessLabels, Gauge>,
    last_success: Family<UpstreamLabels, Gauge<f64, AtomicU64>>,
    refreshes: Family<RefreshLabels, Counter>,
    conflicts: Family<ConflictLabels, Gauge>,
}

impl UpstreamMetrics {
    /// The family in `metrics`, registered on first use.
    pub fn of(metrics: &Metrics) -> Arc<Self> {
        metrics.family(Self::register)
    }

    fn register(registry: &mut Registry) -> Self {
        let metrics = Self {
            freshness: Family::default(),
            last_success: Family::default(),
            refreshes: Family::default(),
            conflicts: Family::default(),
        };
        registry.register(
            "kapi_aggregator_upstream_freshness",
            "1 for the state each upstream is in (current, stale, never-answered), 0 for the others",
            metrics.freshness.clone(),
        );
        registry.register(
            "kapi_aggregator_upstream_last_success_timestamp_seconds",
            "When each upstream last answered a refresh completely (Unix time)",
            metrics.last_success.clone(),
        );
        registry.register(
            "kapi_aggregator_upstream_refreshes",
            "Refreshes of each upstream by outcome (changed, unchanged, failed)",
            metrics.refreshes.clone(),
        );
        registry.register(
            "kapi_aggregator_conflicts",
            "Group-versions claimed by more than one source: the dropped claim and who kept it",
            metrics.conflicts.clone(),
        );
        metrics
    }

    /// Counts one refresh of an upstream by outcome (`changed`, `unchanged`, `failed`).
    pub fn refreshed(&self, upstream: &str, outcome: &'static str) {
        let labels = RefreshLabels { upstream: upstream.to_owned(), outcome };
        self.refreshes.get_or_create(&labels).inc();
    }

    /// Records an upstream's freshness (`current`, `stale`, `never-answered`) and when it last answered.
    pub fn set_freshness(&self, upstream: &str, freshness: &'static str, last_success: Option<SystemTime>) {
        for state in ["current", "stale", "never-answered"] {
            let labels = FreshnessLabels { upstream: upstream.to_owned(), state };
            self.freshness.get_or_create(&labels).set(i64::from(state == freshness));
        }
        if let Some(at) = last_success.and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok()) {
            let labels = UpstreamLabels { upstream: upstream.to_owned() };
            self.last_success.get_or_create(&labels).set(at.as_secs_f64());
        }
    }

    /// Replaces the reported conflicts with `conflicts` (one series per dropped claim).
    pub fn set_conflicts(&self, conflicts: &[Conflict]) {
        self.conflicts.clear();
        for conflict in conflicts {
            let labels = ConflictLabels {
                group_version: conflict.group_version.clone(),
                dropped: conflict.dropped.clone(),
                kept_by: conflict.kept_by.clone(),
            };
            self.conflicts.get_or_create(&labels).set(1);
        }
    }
}
