//! Prometheus metrics: requests and latencies per endpoint class and status, the discovery aggregation count
//! and duration the aggregated-discovery design names, reloads, the request log and the fast path; and the
//! families features register ([`Metrics::family`]), each once per registry.

mod class;
mod requests;

use std::any::Any;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;

pub use class::EndpointClass;
#[cfg(test)]
use class::MOUNTED_SLOTS;
use requests::RequestMetrics;

/// The runtime's metrics and their registry.
#[derive(Debug)]
pub struct Metrics {
    /// Locked only to register a family and to render.
    registry: Mutex<Registry>,
    /// The families features registered, one per type.
    families: Mutex<Vec<Arc<dyn Any + Send + Sync>>>,
    requests: Arc<RequestMetrics>,
    aggregation_count: Counter,
    aggregation_duration: Gauge<f64, AtomicU64>,
    reload_failures: Counter,
    request_log_drops: Counter,
    fast_path_answers: Counter,
    fast_path_hand_offs: Counter,
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
        let tls = crate::tls::metrics::TlsMetrics::register(&mut registry);
        Self {
            registry: Mutex::new(registry),
            families: Mutex::default(),
            tls,
            requests,
            aggregation_count,
            aggregation_duration,
            reload_failures,
            request_log_drops,
            fast_path_answers,
            fast_path_hand_offs,
        }
    }

    /// The serving certificate's reloads.
    pub(crate) fn tls(&self) -> &crate::tls::metrics::TlsMetrics {
        &self.tls
    }

    /// The family of type `T`, registered by `register` the first time it is asked for: a feature's metrics
    /// appear once the feature is in use, and however often it asks, are registered once.
    pub fn family<T: Send + Sync + 'static>(&self, register: impl FnOnce(&mut Registry) -> T) -> Arc<T> {
        let mut families = self.families.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(family) = families.iter().find_map(|family| Arc::clone(family).downcast::<T>().ok()) {
            return family;
        }
        let family = Arc::new(register(&mut self.registry()));
        families.push(family.clone());
        family
    }

    /// The endpoint class named `name` (a mounted feature's label value), registered on first use.
    pub fn endpoint_class(&self, name: &'static str) -> EndpointClass {
        self.requests.classes.register(name)
    }

    fn registry(&self) -> MutexGuard<'_, Registry> {
        self.registry.lock().unwrap_or_else(PoisonError::into_inner)
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

    /// The metrics in the text exposition format.
    pub fn render(&self) -> String {
        let mut out = String::new();
        if let Err(error) = prometheus_client::encoding::text::encode(&mut out, &self.registry()) {
            tracing::error!(%error, "encoding metrics failed");
        }
        out
    }
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;
