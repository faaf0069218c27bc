//! The shared state behind a router: the current bundle (swapped whole, atomically), the signal that ends long
//! requests at shutdown, metrics, the request log, and what features attached ([`crate::plug`]): their state,
//! routes, derived parts and readiness checks.

use std::io::Write;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};

use arc_swap::ArcSwapOption;
use tokio::sync::watch;

use crate::bundle::Bundle;
use crate::extensions::Extensions;
use crate::metrics::Metrics;
use crate::plug::derive::{AnyDerive, Derive};
use crate::plug::mount::Mount;
use crate::plug::part::AnyPart;
use crate::plug::readiness::ReadinessCheck;
use crate::request_log::RequestLog;

/// A cheap-to-clone reference to the served bundle and the runtime's metrics.
///
/// Each request loads the current bundle once and answers from that snapshot alone, so it sees either the old
/// bundle or the new one, never a mix.
#[derive(Clone, Debug)]
pub struct Handle {
    inner: Arc<Inner>,
}

/// A [`Handle`] that does not keep it alive.
#[derive(Clone, Debug)]
pub(crate) struct WeakHandle(Weak<Inner>);

impl WeakHandle {
    /// The handle, while some other reference keeps it.
    pub fn upgrade(&self) -> Option<Handle> {
        self.0.upgrade().map(|inner| Handle { inner })
    }
}

struct Inner {
    bundle: ArcSwapOption<Bundle>,
    metrics: Metrics,
    /// True once the server is shutting down: every long request (a watch) ends.
    closing: watch::Sender<bool>,
    /// Read on every request, so an `ArcSwapOption` (no lock) rather than a mutex.
    request_log: ArcSwapOption<RequestLog>,
    extensions: Extensions,
    plugged: Mutex<Plugged>,
    /// Held while a bundle is stored: derivations and observers see bundles in the order they are served.
    storing: Mutex<()>,
}

/// Called with each bundle stored, after it starts serving.
type Observer = Arc<dyn Fn(&Arc<Bundle>) + Send + Sync>;

/// What features attached, in the order they did.
#[derive(Default)]
struct Plugged {
    mounts: Vec<Mount<Handle>>,
    derives: Vec<Arc<dyn AnyDerive>>,
    observers: Vec<Observer>,
    readiness: Vec<Arc<ReadinessCheck>>,
}

impl std::fmt::Debug for Inner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Inner")
            .field("ready", &self.bundle.load().is_some())
            .field("extensions", &self.extensions)
            .finish_non_exhaustive()
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
            closing: watch::Sender::new(false),
            request_log: ArcSwapOption::empty(),
            extensions: Extensions::default(),
            plugged: Mutex::default(),
            storing: Mutex::new(()),
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
    /// bundle is served, so it is also where features follow: what they derive from a bundle
    /// ([`Handle::derive`]) is computed first and served with it, and their observers ([`Handle::observe`]) see
    /// it after the swap, so one that reacts by reading discovery already reads the new bundle.
    pub fn store(&self, bundle: impl Into<Arc<Bundle>>) {
        let bundle = bundle.into();
        let _storing = self.inner.storing.lock().unwrap_or_else(PoisonError::into_inner);
        self.inner.metrics.observe_aggregation(bundle.discovery_build_time());
        for warning in bundle.warnings() {
            tracing::warn!("{warning}");
        }
        let (derives, observers) = {
            let plugged = self.plugged();
            (plugged.derives.clone(), plugged.observers.clone())
        };
        let previous = self.inner.bundle.load_full();
        derive_parts(&bundle, previous.as_deref(), &derives);
        self.inner.bundle.store(Some(Arc::clone(&bundle)));
        for observer in observers {
            observer(&bundle);
        }
    }

    /// Ends every open watch stream, whatever it watches (after the events it already has), and makes later ones
    /// end at once. Call it when the server starts shutting down: a graceful shutdown waits for open responses,
    /// and a watch would otherwise last until its timeout.
    pub fn shutdown(&self) {
        self.inner.closing.send_replace(true);
    }

    /// Tells when the server starts shutting down (the value turns true, once): what long requests end on.
    pub fn closing(&self) -> watch::Receiver<bool> {
        self.inner.closing.subscribe()
    }

    /// The bundle being served, if one is loaded.
    pub fn current(&self) -> Option<Arc<Bundle>> {
        self.inner.bundle.load_full()
    }

    /// A reference that does not keep the handle alive (a background thread's, which ends with the handle).
    pub(crate) fn downgrade(&self) -> WeakHandle {
        WeakHandle(Arc::downgrade(&self.inner))
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

    /// Keeps `value` with the handle, one per type: a feature's own state (its watch hub, its store), found
    /// again with [`Handle::attached`]. Returns false, keeping the first, when a `T` is attached already.
    pub fn attach<T: Send + Sync + 'static>(&self, value: T) -> bool {
        self.inner.extensions.insert(value)
    }

    /// The `T` attached, if any.
    pub fn attached<T: Send + Sync + 'static>(&self) -> Option<Arc<T>> {
        self.inner.extensions.get()
    }

    /// The `T` attached, attaching `make()` first when there is none; the flag says whether this call did. A
    /// feature plugs itself in when the flag is true, so plugging in twice does nothing.
    pub fn attach_with<T: Send + Sync + 'static>(&self, make: impl FnOnce() -> T) -> (Arc<T>, bool) {
        self.inner.extensions.get_or_insert_with(make)
    }

    /// Adds a feature's routes to [`crate::router`]s built from now on.
    pub fn mount(&self, mount: Mount<Handle>) {
        self.plugged().mounts.push(mount);
    }

    /// Derives `derive`'s part from every bundle stored from now on, and from the one serving now. Derivations
    /// run while the bundle is being stored: one must not store a bundle or plug anything into this handle.
    pub fn derive<D: Derive>(&self, derive: D) {
        let derive: Arc<dyn AnyDerive> = Arc::new(derive);
        let _storing = self.inner.storing.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(current) = self.current() {
            let mut warnings = Vec::new();
            let part = derive.derive_any(&current, None, &mut warnings);
            add_part(&current, part, warnings);
        }
        self.plugged().derives.push(derive);
    }

    /// Calls `observer` with every bundle stored from now on, right after it starts serving, and at once with the
    /// one serving now. Observers see bundles in the order they are stored, one at a time (a store waits for the
    /// previous one's observers), so one must not store a bundle or plug anything into this handle itself.
    pub fn observe(&self, observer: impl Fn(&Arc<Bundle>) + Send + Sync + 'static) {
        let observer: Observer = Arc::new(observer);
        let _storing = self.inner.storing.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(current) = self.current() {
            observer(&current);
        }
        self.plugged().observers.push(observer);
    }

    /// Adds a line to `/readyz`: the server is ready only while `check` passes.
    pub fn add_readiness_check(&self, check: ReadinessCheck) {
        self.plugged().readiness.push(Arc::new(check));
    }

    /// The readiness checks features added, in order.
    pub(crate) fn readiness_checks(&self) -> Vec<Arc<ReadinessCheck>> {
        self.plugged().readiness.clone()
    }

    /// The routes features mounted, for a router being built: each with its metrics class and its `POST` paths.
    pub(crate) fn mounts(&self) -> Vec<(axum::Router<Handle>, crate::metrics::EndpointClass, Vec<&'static str>)> {
        let plugged = self.plugged();
        plugged
            .mounts
            .iter()
            .map(|mount| (mount.routes.clone(), self.metrics().endpoint_class(mount.class), mount.posts.clone()))
            .collect()
    }

    /// A panic while it was held cannot leave it half-changed (each change is one push), so a poisoned lock is
    /// taken over.
    fn plugged(&self) -> MutexGuard<'_, Plugged> {
        self.inner.plugged.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Sets `bundle`'s parts from `derives`, side by side when there are several (a reference site and the `Group`
/// objects of thousands of groups each take a while); its warnings are logged.
fn derive_parts(bundle: &Bundle, previous: Option<&Bundle>, derives: &[Arc<dyn AnyDerive>]) {
    let results: Vec<(Option<AnyPart>, Vec<String>)> = std::thread::scope(|scope| {
        let running: Vec<_> = derives
            .iter()
            .map(|derive| {
                scope.spawn(move || {
                    let mut warnings = Vec::new();
                    (derive.derive_any(bundle, previous, &mut warnings), warnings)
                })
            })
            .collect();
        running.into_iter().map(|run| run.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))).collect()
    });
    let mut parts = Vec::new();
    let mut all_warnings = Vec::new();
    for (part, warnings) in results {
        warnings.iter().for_each(|warning| tracing::warn!("{warning}"));
        parts.extend(part);
        all_warnings.extend(warnings);
    }
    *bundle.parts.write().unwrap_or_else(PoisonError::into_inner) = parts;
    *bundle.part_warnings.write().unwrap_or_else(PoisonError::into_inner) = all_warnings;
}

/// Adds `part` to a bundle already serving (a feature plugged in after it was stored).
fn add_part(bundle: &Bundle, part: Option<AnyPart>, warnings: Vec<String>) {
    warnings.iter().for_each(|warning| tracing::warn!("{warning}"));
    bundle.parts.write().unwrap_or_else(PoisonError::into_inner).extend(part);
    bundle.part_warnings.write().unwrap_or_else(PoisonError::into_inner).extend(warnings);
}
