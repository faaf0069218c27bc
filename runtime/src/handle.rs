//! The shared state behind a router: the current bundle (swapped whole, atomically), the `Group` objects derived
//! from it with their watch history, the lease store served (if any), the signal that ends watches at shutdown,
//! metrics and the request log.

use std::io::Write;
use std::sync::{Arc, OnceLock};

use arc_swap::ArcSwapOption;
use kapi_model::conversion::KindConverter;
use tokio::sync::watch;

use crate::bundle::Bundle;
use crate::identity::{HealthCell, LeaseHealth, LeaseStore};
use crate::metrics::Metrics;
use crate::request_log::RequestLog;
use crate::watchable::Hub;

/// A cheap-to-clone reference to the served bundle and the runtime's metrics.
///
/// Each request loads the current bundle once and answers from that snapshot alone, so it sees either the old
/// bundle or the new one, never a mix.
#[derive(Clone, Debug)]
pub struct Handle {
    inner: Arc<Inner>,
}

struct Inner {
    bundle: ArcSwapOption<Bundle>,
    metrics: Metrics,
    groups: Hub,
    leases: OnceLock<LeaseStore>,
    identity_health: OnceLock<Arc<HealthCell>>,
    /// The kinds `POST /convert` converts, once attached.
    converters: OnceLock<Vec<KindConverter>>,
    /// True once the server is shutting down: every watch stream, of any resource, ends.
    closing: watch::Sender<bool>,
    /// Read on every request, so an `ArcSwapOption` (no lock) rather than a mutex.
    request_log: ArcSwapOption<RequestLog>,
}

impl std::fmt::Debug for Inner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Inner").field("ready", &self.bundle.load().is_some()).finish_non_exhaustive()
    }
}

impl Default for Handle {
    fn default() -> Self {
        Self::new()
    }
}

impl Handle {
    /// A handle with no bundle yet: `/readyz` answers 503 and documents 503 until [`Handle::store`].
    pub fn new() -> Self {
        let inner = Inner {
            bundle: ArcSwapOption::empty(),
            metrics: Metrics::new(),
            groups: Hub::new(),
            leases: OnceLock::new(),
            identity_health: OnceLock::new(),
            converters: OnceLock::new(),
            closing: watch::Sender::new(false),
            request_log: ArcSwapOption::empty(),
        };
        Self { inner: Arc::new(inner) }
    }

    /// A handle serving `bundle`.
    pub fn with_bundle(bundle: Bundle) -> Self {
        let handle = Self::new();
        handle.store(bundle);
        handle
    }

    /// Makes `bundle` the one served, in one atomic swap; counts its discovery aggregation. This is the only way a
    /// bundle is served, so it is also where the `Group` objects follow: every group added, changed (a resource, a
    /// version, its freshness) or removed since the previous bundle becomes a watch event, after the swap, so a
    /// watcher that reacts by reading discovery already reads the new bundle.
    pub fn store(&self, bundle: impl Into<Arc<Bundle>>) {
        let bundle = bundle.into();
        self.inner.metrics.observe_aggregation(bundle.discovery_build_time());
        for warning in bundle.warnings() {
            tracing::warn!("{warning}");
        }
        self.inner.bundle.store(Some(Arc::clone(&bundle)));
        let api_version = kapi_meta::discovery::v1alpha1::Group::api_version(&bundle.discovery_group);
        self.inner.groups.publish(&bundle.groups, &api_version);
    }

    /// Ends every open watch stream, of `Group` objects and leases alike (after the events it already has), and
    /// makes later ones end at once. Call it when the server starts shutting down: a graceful shutdown waits for
    /// open responses, and a watch would otherwise last until its timeout.
    pub fn shutdown(&self) {
        self.inner.closing.send_replace(true);
    }

    /// Tells when the server starts shutting down (the value turns true, once).
    pub(crate) fn closing(&self) -> watch::Receiver<bool> {
        self.inner.closing.subscribe()
    }

    /// The `Group` objects and their history.
    pub(crate) fn hub(&self) -> &Hub {
        &self.inner.groups
    }

    /// Serves the leases of `store` (read-only: get, list, watch) under `/apis/coordination.k8s.io/v1`. Only the
    /// first store set is used; returns false when one was already set.
    pub fn serve_leases(&self, store: LeaseStore) -> bool {
        self.inner.leases.set(store).is_ok()
    }

    /// Answers `ConversionReview`s at `/convert` with `converters` (a CRD conversion webhook). Only the first set is
    /// used; returns false when one was already set. Without converters `/convert` is a 404.
    pub fn serve_conversions(&self, converters: Vec<KindConverter>) -> bool {
        self.inner.converters.set(converters).is_ok()
    }

    /// The converters `/convert` uses, if attached.
    pub(crate) fn converters(&self) -> Option<&[KindConverter]> {
        self.inner.converters.get().map(Vec::as_slice)
    }

    /// The lease store whose leases are served, if any.
    pub(crate) fn leases(&self) -> Option<&LeaseStore> {
        self.inner.leases.get()
    }

    /// Makes `/readyz` include the lease controller's health; false when one was already attached.
    pub(crate) fn watch_identity(&self, health: Arc<HealthCell>) -> bool {
        self.inner.identity_health.set(health).is_ok()
    }

    /// The lease controller's health, when this handle serves an identity ([`crate::identity::start`]).
    pub fn identity_health(&self) -> Option<LeaseHealth> {
        self.inner.identity_health.get().map(|cell| cell.get())
    }

    /// The bundle being served, if one is loaded.
    pub fn current(&self) -> Option<Arc<Bundle>> {
        self.inner.bundle.load_full()
    }

    /// The current bundle, borrowed without touching its reference count (which every core would otherwise
    /// write on every request); hold it briefly.
    pub(crate) fn current_guard(&self) -> arc_swap::Guard<Option<Arc<Bundle>>> {
        self.inner.bundle.load()
    }

    /// True once a bundle is loaded (discovery built with it).
    pub fn is_ready(&self) -> bool {
        self.inner.bundle.load().is_some()
    }

    /// The runtime's metrics.
    pub fn metrics(&self) -> &Metrics {
        &self.inner.metrics
    }

    /// Appends one `METHOD /path?query status` line per request to `writer` from now on, from a thread of its
    /// own; lines a slow writer cannot take are dropped and counted (`kapi_request_log_dropped_lines`).
    pub fn set_request_log(&self, writer: impl Write + Send + 'static) -> std::io::Result<()> {
        let log = RequestLog::start(writer)?;
        self.inner.request_log.store(Some(Arc::new(log)));
        Ok(())
    }

    /// Queues one request-log line; never waits for the writer.
    pub(crate) fn log_request(&self, method: &str, uri: &str, status: u16) {
        if let Some(log) = self.inner.request_log.load().as_ref()
            && !log.offer(format!("{method} {uri} {status}\n"))
        {
            self.inner.metrics.observe_request_log_drop();
        }
    }
}
