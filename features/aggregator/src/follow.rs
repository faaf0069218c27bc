//! Following an upstream's watchable discovery (`<group>/v1alpha1` `groups`, when the upstream serves it): each
//! change event, and the end of the stream, pokes the refresh task, so a change upstream reaches the aggregator
//! in about one round trip instead of one refresh interval.

use std::time::Duration;

use http_body_util::BodyExt;
use hyper::StatusCode;
use hyper::header::{ACCEPT, HeaderValue};
use serde_json::Value;

use super::merge::{group_name, version_name, versions_of};
use super::running::{Aggregator, Upstream};
use super::state::Freshness;

/// The pause before reopening a watch that ended, so a failing upstream is not hammered.
const REOPEN_AFTER: Duration = Duration::from_secs(1);
const VERSION: &str = kapi_meta::discovery::v1alpha1::VERSION;

/// Follows upstream `index` forever (idle while it does not serve watchable discovery).
pub(super) async fn run(aggregator: Aggregator, index: usize) {
    let shared = &aggregator.shared;
    let upstream = &shared.upstreams[index];
    let group = shared.settings.discovery_group.as_str();
    loop {
        if !serves_watchable_discovery(upstream, group) {
            tokio::time::sleep(shared.settings.refresh).await;
            continue;
        }
        match follow(upstream, group).await {
            Ok(()) => tracing::debug!(upstream = %upstream.spec.name, "discovery watch ended"),
            Err(error) => tracing::debug!(upstream = %upstream.spec.name, %error, "discovery watch failed"),
        }
        // The stream ending may mean the upstream went away: refresh now rather than at the next interval.
        upstream.poke.notify_one();
        tokio::time::sleep(REOPEN_AFTER).await;
    }
}

/// True when the upstream is Current and its discovery lists `<group>/v1alpha1` with a `groups` resource.
fn serves_watchable_discovery(upstream: &Upstream, group: &str) -> bool {
    let Ok(state) = upstream.state.lock() else { return false };
    state.freshness == Freshness::Current
        && state.apis.items.iter().filter(|item| group_name(item) == group).any(|item| {
            versions_of(item).iter().filter(|v| version_name(v) == VERSION).any(|v| {
                let resources = v.get("resources").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
                resources.iter().any(|r| r.get("resource").and_then(Value::as_str) == Some("groups"))
            })
        })
}

/// Lists the groups for a resourceVersion, then watches from it until the stream ends.
async fn follow(upstream: &Upstream, group: &str) -> Result<(), String> {
    let path = format!("/apis/{group}/{VERSION}/groups");
    let accept = [(ACCEPT, HeaderValue::from_static("application/json"))];
    let list = upstream.client.get(&path, &accept).await?;
    if list.status != StatusCode::OK {
        return Err(format!("GET {path}: {}", list.status));
    }
    let list: Value = serde_json::from_slice(&list.body).map_err(|e| format!("GET {path}: {e}"))?;
    let version = list.pointer("/metadata/resourceVersion").and_then(Value::as_str).unwrap_or_default();
    let watch = format!("{path}?watch=true&allowWatchBookmarks=true&resourceVersion={version}");
    let response = upstream.client.open(&watch).await?;
    if response.status() != StatusCode::OK {
        return Err(format!("GET {watch}: {}", response.status()));
    }
    let mut body = response.into_body();
    let mut pending = Vec::new();
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(|e| format!("reading {watch}: {e}"))?;
        let Some(data) = frame.data_ref() else { continue };
        pending.extend_from_slice(data);
        while let Some(end) = pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = pending.drain(..=end).collect();
            let event: Value = match serde_json::from_slice(&line) {
                Ok(event) => event,
                Err(_) if line.iter().all(u8::is_ascii_whitespace) => continue,
                Err(error) => return Err(format!("{watch}: an event that is not JSON: {error}")),
            };
            match event.get("type").and_then(Value::as_str) {
                Some("BOOKMARK") => {}
                Some("ERROR") => return Err(format!("{watch}: the upstream ended the watch: {event}")),
                _ => {
                    tracing::debug!(upstream = %upstream.spec.name, "discovery changed upstream");
                    upstream.poke.notify_one();
                }
            }
        }
    }
    Ok(())
}
