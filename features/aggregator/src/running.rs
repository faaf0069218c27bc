//! The aggregator's shared state: its settings, its own files, each upstream's client and state, and composing
//! them into the bundle served.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::Notify;
use tokio::task::JoinHandle;

use kapi_serve::Bundle;
use kapi_serve::Files;
use kapi_serve::Handle;
use kapi_serve::LoadOptions;

use super::client::UpstreamClient;
use super::compose;
use super::merge::Conflict;
use super::spec::UpstreamSpec;
use super::state::{Freshness, Snapshot, UpstreamState};
use crate::metrics::UpstreamMetrics;

/// How the aggregator reaches and refreshes its upstreams.
#[derive(Debug, Clone)]
pub struct AggregatorSettings {
    /// How often each upstream is revalidated (a follow-up watch event refreshes sooner).
    pub refresh: Duration,
    /// The time limit of one request to an upstream.
    pub timeout: Duration,
    /// How the composed bundles are built.
    pub load_options: LoadOptions,
    /// The group of the watchable discovery followed on upstreams (`discovery.k8s.io`).
    pub discovery_group: String,
}

impl Default for AggregatorSettings {
    fn default() -> Self {
        Self {
            refresh: Duration::from_secs(10),
            timeout: Duration::from_secs(5),
            load_options: LoadOptions::default(),
            discovery_group: kapi_meta::discovery::v1alpha1::DEFAULT_GROUP.to_owned(),
        }
    }
}

/// A running aggregation: cheap to clone; [`Aggregator::start`] runs its tasks.
#[derive(Debug, Clone)]
pub struct Aggregator {
    pub(super) shared: Arc<Shared>,
}

#[derive(Debug)]
pub(super) struct Shared {
    pub(super) handle: Handle,
    pub(super) settings: AggregatorSettings,
    pub(super) local: Mutex<Files>,
    pub(super) upstreams: Vec<Upstream>,
    /// Held while composing and storing, so bundles are stored in the order their states were read.
    pub(super) composing: Mutex<Vec<Conflict>>,
}

#[derive(Debug)]
pub(super) struct Upstream {
    pub(super) spec: UpstreamSpec,
    pub(super) client: UpstreamClient,
    pub(super) state: Mutex<UpstreamState>,
    /// Wakes the refresh task before its interval is up.
    pub(super) poke: Notify,
}

/// The aggregator's tasks; dropping this stops them.
#[derive(Debug)]
pub struct AggregatorTasks(pub(super) Vec<JoinHandle<()>>);

impl Drop for AggregatorTasks {
    fn drop(&mut self) {
        for task in &self.0 {
            task.abort();
        }
    }
}

impl Aggregator {
    /// An aggregator over `local` (its own bundle's files) and `upstreams`; stores the first composed bundle in
    /// `handle` at once (upstreams not asked yet), so readiness never waits for an upstream.
    pub fn new(
        handle: Handle,
        local: Files,
        upstreams: Vec<UpstreamSpec>,
        settings: AggregatorSettings,
    ) -> Result<Self, String> {
        // Registered now, so a scrape shows the families before the first refresh.
        UpstreamMetrics::of(handle.metrics());
        let mut built = Vec::with_capacity(upstreams.len());
        for spec in upstreams {
            if built.iter().any(|u: &Upstream| u.spec.name == spec.name) {
                return Err(format!("two upstreams are named `{}`", spec.name));
            }
            let client = UpstreamClient::new(
                &spec.url,
                spec.ca_file.as_deref(),
                spec.client_identity.as_ref(),
                settings.timeout,
            )
            .and_then(|client| match &spec.token_file {
                Some(file) => client.with_token_file(file),
                None => Ok(client),
            })
            .map_err(|e| format!("upstream `{}`: {e}", spec.name))?;
            built.push(Upstream { spec, client, state: Mutex::new(UpstreamState::new()), poke: Notify::new() });
        }
        let shared =
            Shared { handle, settings, local: Mutex::new(local), upstreams: built, composing: Mutex::new(Vec::new()) };
        let aggregator = Self { shared: Arc::new(shared) };
        aggregator.recompose()?;
        Ok(aggregator)
    }

    /// Replaces the aggregator's own files (a reload) and recomposes; on failure the served bundle stays.
    pub fn set_local(&self, files: Files) -> Result<(), String> {
        let previous = self.lock_local().map(|mut local| std::mem::replace(&mut *local, files))?;
        self.recompose().inspect_err(|_| {
            if let Ok(mut local) = self.lock_local() {
                *local = previous;
            }
        })
    }

    /// Each upstream's name and freshness, in command-line order.
    pub fn freshness(&self) -> Vec<(String, Freshness)> {
        let upstreams = self.shared.upstreams.iter();
        upstreams.map(|u| (u.spec.name.clone(), u.state.lock().map_or(Freshness::Stale, |s| s.freshness))).collect()
    }

    /// The conflicts of the bundle being served.
    pub fn conflicts(&self) -> Vec<Conflict> {
        self.shared.composing.lock().map(|c| c.clone()).unwrap_or_default()
    }

    fn lock_local(&self) -> Result<std::sync::MutexGuard<'_, Files>, String> {
        self.shared.local.lock().map_err(|_| "the aggregator's state is poisoned".to_owned())
    }

    /// Composes the current states into a bundle and stores it (blocking: call off the async threads).
    fn recompose(&self) -> Result<(), String> {
        let shared = &self.shared;
        let mut last_conflicts = shared.composing.lock().map_err(|_| "the aggregator's state is poisoned")?;
        let started = Instant::now();
        let snapshots: Vec<Snapshot> = shared.upstreams.iter().map(Upstream::snapshot).collect();
        let composed = compose::compose(&*self.lock_local()?, &snapshots)?;
        let compose_time = started.elapsed();
        let previous = shared.handle.current();
        let options = &shared.settings.load_options;
        let mut bundle = Bundle::compose(composed.files, options, composed.proxied, previous.as_deref())
            .map_err(|e| e.to_string())?;
        bundle.add_aggregation_time(compose_time);
        if composed.conflicts != *last_conflicts {
            for conflict in &composed.conflicts {
                tracing::warn!(
                    group_version = %conflict.group_version, dropped = %conflict.dropped, kept_by = %conflict.kept_by,
                    "group-version served by more than one source; one kept"
                );
            }
            UpstreamMetrics::of(shared.handle.metrics()).set_conflicts(&composed.conflicts);
            *last_conflicts = composed.conflicts;
        }
        shared.handle.store(bundle);
        tracing::debug!(millis = started.elapsed().as_millis() as u64, "aggregated bundle stored");
        Ok(())
    }

    /// [`Aggregator::recompose`] on a blocking thread, logging a failure (the previous bundle keeps serving).
    pub(super) async fn recompose_in_background(&self) {
        let aggregator = self.clone();
        match tokio::task::spawn_blocking(move || aggregator.recompose()).await {
            Ok(Ok(())) => {}
            Ok(Err(error)) => tracing::warn!(%error, "composing the aggregated bundle failed; still serving the last"),
            Err(error) => tracing::warn!(%error, "the composing task stopped"),
        }
    }
}

impl Upstream {
    fn snapshot(&self) -> Snapshot {
        let state = self.state.lock().map(|s| s.clone()).unwrap_or_else(|_| UpstreamState::new());
        Snapshot {
            spec: self.spec.clone(),
            client: self.client.clone(),
            current: state.freshness == Freshness::Current,
            apis: state.apis,
            api: state.api,
            published: state.published,
            swagger: state.swagger,
        }
    }
}
