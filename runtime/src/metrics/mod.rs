//! Prometheus metrics: requests and latencies per endpoint class and status, the discovery aggregation count
//! and duration the aggregated-discovery design names, and the open watch streams (of `Group` objects and of
//! leases) with the events they sent.

mod class;
mod requests;

use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use std::time::{Duration, SystemTime};

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;

pub use class::EndpointClass;
use requests::RequestMetrics;

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct WatchStreamLabels {
    resource: &'static str,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct WatchEventLabels {
    resource: &'static str,
    r#type: &'static str,
}

/// The resources watches are served for, whose open-stream series exist (at 0) from the start.
const WATCHED_RESOURCES: [&str; 2] = ["groups", "leases"];

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

/// The aggregator's view of its upstreams.
#[derive(Debug)]
struct UpstreamMetrics {
    freshness: Family<FreshnessLabels, Gauge>,
    last_success: Family<UpstreamLabels, Gauge<f64, AtomicU64>>,
    refreshes: Family<RefreshLabels, Counter>,
    conflicts: Family<ConflictLabels, Gauge>,
}

impl UpstreamMetrics {
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
}

/// The runtime's metrics and their registry.
#[derive(Debug)]
pub struct Metrics {
    registry: Registry,
    requests: Arc<RequestMetrics>,
    aggregation_count: Counter,
    aggregation_duration: Gauge<f64, AtomicU64>,
    reload_failures: Counter,
    request_log_drops: Counter,
    fast_path_answers: Counter,
    fast_path_hand_offs: Counter,
    upstreams: UpstreamMetrics,
    watch_streams: Family<WatchStreamLabels, Gauge>,
    watch_events: Family<WatchEventLabels, Counter>,
    identity: crate::identity::metrics::IdentityMetrics,
    tls: crate::tls::metrics::TlsMetrics,
}

impl Default for Metrics {
    fn default() -> Self {
        Self::new()
    }
}

impl Metrics {
    /// Registers every metric.
    pub fn new() -> Self {
        let mut registry = Registry::default();
        let requests = Arc::new(RequestMetrics::default());
        let aggregation_count = Counter::default();
        let aggregation_duration = Gauge::<f64, AtomicU64>::default();
        let reload_failures = Counter::default();
        let request_log_drops = Counter::default();
        let fast_path_answers = Counter::default();
        let fast_path_hand_offs = Counter::default();
        let watch_streams = Family::<WatchStreamLabels, Gauge>::default();
        for resource in WATCHED_RESOURCES {
            watch_streams.get_or_create(&WatchStreamLabels { resource }).set(0);
        }
        let watch_events = Family::<WatchEventLabels, Counter>::default();
        registry.register_collector(Box::new(Arc::clone(&requests)));
        registry.register(
            "aggregator_discovery_aggregation_count",
            "Number of times the discovery document has been aggregated (once per loaded bundle)",
            aggregation_count.clone(),
        );
        registry.register(
            "aggregator_discovery_aggregation_duration",
            "Seconds the last aggregation of the discovery documents took",
            aggregation_duration.clone(),
        );
        registry.register(
            "kapi_bundle_reload_failures",
            "Reloads that failed and left the previous bundle serving",
            reload_failures.clone(),
        );
        registry.register(
            "kapi_request_log_dropped_lines",
            "Request-log lines dropped because the log writer could not keep up",
            request_log_drops.clone(),
        );
        registry.register(
            "kapi_fast_path_answers",
            "Requests answered by the connection fast path (also counted in kapi_http_requests)",
            fast_path_answers.clone(),
        );
        registry.register(
            "kapi_fast_path_hand_offs",
            "Connections the fast path handed to the router, at the first request it does not answer",
            fast_path_hand_offs.clone(),
        );
        let upstreams = UpstreamMetrics::register(&mut registry);
        registry.register(
            "kapi_watch_streams_open",
            "Watch streams currently open, by resource",
            watch_streams.clone(),
        );
        registry.register(
            "kapi_watch_events_sent",
            "Watch events sent to clients, by resource and event type",
            watch_events.clone(),
        );
        let identity = crate::identity::metrics::IdentityMetrics::register(&mut registry);
        let tls = crate::tls::metrics::TlsMetrics::register(&mut registry);
        Self {
            registry,
            identity,
            tls,
            requests,
            aggregation_count,
            aggregation_duration,
            reload_failures,
            request_log_drops,
            fast_path_answers,
            fast_path_hand_offs,
            watch_streams,
            watch_events,
            upstreams,
        }
    }

    /// The identity lease controller's and collector's metrics.
    pub(crate) fn identity(&self) -> &crate::identity::metrics::IdentityMetrics {
        &self.identity
    }

    /// The serving certificate's reloads.
    pub(crate) fn tls(&self) -> &crate::tls::metrics::TlsMetrics {
        &self.tls
    }

    /// Counts one refresh of an upstream by outcome (`changed`, `unchanged`, `failed`).
    pub fn observe_upstream_refresh(&self, upstream: &str, outcome: &'static str) {
        let labels = RefreshLabels { upstream: upstream.to_owned(), outcome };
        self.upstreams.refreshes.get_or_create(&labels).inc();
    }

    /// Records an upstream's freshness (`current`, `stale`, `never-answered`) and when it last answered.
    pub fn set_upstream_freshness(&self, upstream: &str, freshness: &'static str, last_success: Option<SystemTime>) {
        for state in ["current", "stale", "never-answered"] {
            let labels = FreshnessLabels { upstream: upstream.to_owned(), state };
            self.upstreams.freshness.get_or_create(&labels).set(i64::from(state == freshness));
        }
        if let Some(at) = last_success.and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok()) {
            let labels = UpstreamLabels { upstream: upstream.to_owned() };
            self.upstreams.last_success.get_or_create(&labels).set(at.as_secs_f64());
        }
    }

    /// Replaces the reported conflicts with `conflicts` (one series per dropped claim).
    pub fn set_conflicts(&self, conflicts: &[crate::aggregator::Conflict]) {
        self.upstreams.conflicts.clear();
        for conflict in conflicts {
            let labels = ConflictLabels {
                group_version: conflict.group_version.clone(),
                dropped: conflict.dropped.clone(),
                kept_by: conflict.kept_by.clone(),
            };
            self.upstreams.conflicts.get_or_create(&labels).set(1);
        }
    }

    /// Counts one request and its latency.
    pub fn observe_request(&self, class: EndpointClass, method: &str, code: u16, elapsed: Duration) {
        self.requests.observe(class, method, code, elapsed);
    }

    /// Counts one discovery aggregation (a bundle's discovery documents built) and how long it took.
    pub fn observe_aggregation(&self, took: Duration) {
        self.aggregation_count.inc();
        self.aggregation_duration.set(took.as_secs_f64());
    }

    /// Counts one request the fast path answered.
    pub(crate) fn observe_fast_path_answer(&self) {
        self.fast_path_answers.inc();
    }

    /// Counts one connection the fast path handed to the router.
    pub(crate) fn observe_fast_path_hand_off(&self) {
        self.fast_path_hand_offs.inc();
    }

    /// Counts one request-log line dropped.
    pub(crate) fn observe_request_log_drop(&self) {
        self.request_log_drops.inc();
    }

    /// Counts one failed reload.
    pub fn observe_reload_failure(&self) {
        self.reload_failures.inc();
    }

    /// Counts a watch stream of `resource` (`groups`, `leases`) opening; [`Metrics::watch_stream_closed`] when
    /// it ends.
    pub fn watch_stream_opened(&self, resource: &'static str) {
        self.watch_streams.get_or_create(&WatchStreamLabels { resource }).inc();
    }

    /// Counts a watch stream of `resource` ending.
    pub fn watch_stream_closed(&self, resource: &'static str) {
        self.watch_streams.get_or_create(&WatchStreamLabels { resource }).dec();
    }

    /// Counts one watch event of `resource` sent, by type (`ADDED`, `MODIFIED`, `DELETED`, `BOOKMARK`, `ERROR`).
    pub fn observe_watch_event(&self, resource: &'static str, event_type: &'static str) {
        self.watch_events.get_or_create(&WatchEventLabels { resource, r#type: event_type }).inc();
    }

    /// The metrics in the text exposition format.
    pub fn render(&self) -> String {
        let mut out = String::new();
        if let Err(error) = prometheus_client::encoding::text::encode(&mut out, &self.registry) {
            tracing::error!(%error, "encoding metrics failed");
        }
        out
    }
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;
