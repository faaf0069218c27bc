//! An upstream's refresh task: revalidate its discovery and OpenAPI root on an interval (or when poked), mark it
//! Current or Stale, and recompose when anything changed.

use std::time::SystemTime;

use crate::metrics::UpstreamMetrics;

use super::fetch_discovery::{Source, fetch_root};
use super::fetch_openapi::{fetch_published, fetch_swagger};
use super::running::{Aggregator, Upstream};
use super::state::Freshness;

/// How one refresh went, for metrics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    Changed,
    Unchanged,
    Failed,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Changed => "changed",
            Self::Unchanged => "unchanged",
            Self::Failed => "failed",
        }
    }
}

/// Refreshes upstream `index` forever.
pub(super) async fn run(aggregator: Aggregator, index: usize) {
    let interval = aggregator.shared.settings.refresh;
    loop {
        let upstream = &aggregator.shared.upstreams[index];
        let outcome = refresh(upstream).await;
        let metrics = UpstreamMetrics::of(aggregator.shared.handle.metrics());
        metrics.refreshed(&upstream.spec.name, outcome.as_str());
        if let Ok(state) = upstream.state.lock() {
            metrics.set_freshness(&upstream.spec.name, state.freshness.as_str(), state.last_success);
        }
        if outcome == Outcome::Changed {
            aggregator.recompose_in_background().await;
        }
        tokio::select! {
            () = tokio::time::sleep(interval) => {}
            () = upstream.poke.notified() => {}
        }
    }
}

/// One conditional fetch of everything the upstream publishes; the state is updated only as a whole.
async fn refresh(upstream: &Upstream) -> Outcome {
    let Ok(previous) = upstream.state.lock().map(|s| s.clone()) else { return Outcome::Failed };
    let fetched = async {
        let apis = fetch_root(&upstream.client, false, &previous.apis).await?;
        let api = fetch_root(&upstream.client, true, &previous.api).await?;
        let swagger = fetch_swagger(&upstream.client, &previous.swagger).await?;
        let latest = swagger.as_ref().unwrap_or(&previous.swagger);
        let swagger_changed = swagger.as_ref().is_some_and(|s| *s != previous.swagger);
        let published = fetch_published(&upstream.client, &previous.published, latest, swagger_changed).await?;
        Ok::<_, String>((apis, api, swagger, published))
    }
    .await;
    let Ok(mut state) = upstream.state.lock() else { return Outcome::Failed };
    let name = &upstream.spec.name;
    match fetched {
        Ok((apis, api, swagger, published)) => {
            let recovered = state.freshness != Freshness::Current;
            let mut changed = recovered;
            if let Some(apis) = apis.filter(|apis| *apis != state.apis) {
                state.apis = apis;
                changed = true;
            }
            if let Some(api) = api.filter(|api| *api != state.api) {
                state.api = api;
                changed = true;
            }
            if let Some(swagger) = swagger.filter(|swagger| *swagger != state.swagger) {
                state.swagger = swagger;
                changed = true;
            }
            if let Some(published) = published.filter(|published| *published != state.published) {
                state.published = published;
                changed = true;
            }
            if recovered {
                let source = state.apis.source.map_or("none", Source::as_str);
                tracing::info!(upstream = %name, url = upstream.client.base(), discovery = source, "upstream is current");
            }
            state.freshness = Freshness::Current;
            state.last_success = Some(SystemTime::now());
            state.last_error = None;
            if changed { Outcome::Changed } else { Outcome::Unchanged }
        }
        Err(error) => {
            let was = state.freshness;
            if was == Freshness::Current {
                state.freshness = Freshness::Stale;
                tracing::warn!(upstream = %name, %error, "upstream unavailable; its group-versions are now Stale");
            } else if state.last_error.as_deref() != Some(error.as_str()) {
                tracing::warn!(upstream = %name, %error, freshness = was.as_str(), "upstream unavailable");
            }
            state.last_error = Some(error);
            if was == Freshness::Current { Outcome::Changed } else { Outcome::Failed }
        }
    }
}
