//! Fetching an upstream's discovery: aggregated v2 first, then v2beta1 (both asked in one `Accept`, as kubectl
//! does), then legacy per-group-version documents; revalidated with `If-None-Match`, so an unchanged upstream
//! costs two 304s.

use hyper::StatusCode;
use hyper::header::{ACCEPT, CONTENT_TYPE, ETAG, HeaderValue, IF_NONE_MATCH};
use serde_json::{Value, json};

use super::client::{Answer, UpstreamClient};
use super::forms::version_from_legacy;

const AGGREGATED_ACCEPT: &str = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,\
    application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json";

/// Which form an upstream's discovery came in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Source {
    AggregatedV2,
    AggregatedV2beta1,
    Legacy,
}

impl Source {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::AggregatedV2 => "aggregated v2",
            Self::AggregatedV2beta1 => "aggregated v2beta1",
            Self::Legacy => "legacy",
        }
    }
}

/// One root (`/api` or `/apis`) as last fetched: its groups in aggregated form (`APIGroupDiscovery` items; the
/// core group's name is `""`), and the ETag to revalidate with.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct RootDiscovery {
    pub items: Vec<Value>,
    pub etag: Option<String>,
    pub source: Option<Source>,
}

/// Fetches `/api` (`core` true) or `/apis`. `Ok(None)`: unchanged since `previous` (a 304).
pub(crate) async fn fetch_root(
    client: &UpstreamClient,
    core: bool,
    previous: &RootDiscovery,
) -> Result<Option<RootDiscovery>, String> {
    let path = if core { "/api" } else { "/apis" };
    let mut headers = vec![(ACCEPT, HeaderValue::from_static(AGGREGATED_ACCEPT))];
    if let Some(etag) = previous.etag.as_deref().and_then(|e| HeaderValue::from_str(e).ok()) {
        headers.push((IF_NONE_MATCH, etag));
    }
    let answer = client.get(path, &headers).await?;
    match answer.status {
        StatusCode::NOT_MODIFIED if previous.source.is_some() => return Ok(None),
        // A server without the core group (an extension API server) may not serve `/api` at all.
        StatusCode::NOT_FOUND if core => return Ok(Some(RootDiscovery::default())),
        StatusCode::OK => {}
        status => return Err(format!("GET {}{path}: {status}", client.base())),
    }
    let document: Value = serde_json::from_slice(&answer.body)
        .map_err(|e| format!("GET {}{path}: the body is not JSON: {e}", client.base()))?;
    let etag = answer.header(ETAG).map(str::to_owned);
    match aggregated_version(&answer) {
        Some(source) => {
            let items = document
                .get("items")
                .and_then(Value::as_array)
                .cloned()
                .ok_or_else(|| format!("GET {}{path}: an APIGroupDiscoveryList without items", client.base()))?;
            Ok(Some(RootDiscovery { items, etag, source: Some(source) }))
        }
        None => {
            let items = legacy(client, core, &document).await?;
            Ok(Some(RootDiscovery { items, etag: None, source: Some(Source::Legacy) }))
        }
    }
}

/// The aggregated version a response's `Content-Type` declares, if it is aggregated discovery.
fn aggregated_version(answer: &Answer) -> Option<Source> {
    let content_type = answer.header(CONTENT_TYPE)?.to_ascii_lowercase();
    let parameters: Vec<&str> = content_type.split(';').map(str::trim).collect();
    if !parameters.contains(&"as=apigroupdiscoverylist") || !parameters.contains(&"g=apidiscovery.k8s.io") {
        return None;
    }
    if parameters.contains(&"v=v2") {
        Some(Source::AggregatedV2)
    } else if parameters.contains(&"v=v2beta1") {
        Some(Source::AggregatedV2beta1)
    } else {
        None
    }
}

/// Legacy discovery: the root's groups and versions, then each version's `APIResourceList`, as aggregated items.
async fn legacy(client: &UpstreamClient, core: bool, root: &Value) -> Result<Vec<Value>, String> {
    let groups: Vec<(String, Vec<String>)> = if core {
        let versions = strings(root.get("versions"));
        if versions.is_empty() { Vec::new() } else { vec![(String::new(), versions)] }
    } else {
        let listed = root.get("groups").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
        listed.iter().map(legacy_group_versions).collect()
    };
    let mut items = Vec::new();
    for (group, versions) in groups {
        let mut entries = Vec::new();
        for version in versions {
            let path = if group.is_empty() { format!("/api/{version}") } else { format!("/apis/{group}/{version}") };
            let accept = [(ACCEPT, HeaderValue::from_static("application/json"))];
            let answer = client.get(&path, &accept).await?;
            if answer.status != StatusCode::OK {
                return Err(format!("GET {}{path}: {}", client.base(), answer.status));
            }
            let list: Value = serde_json::from_slice(&answer.body)
                .map_err(|e| format!("GET {}{path}: the body is not JSON: {e}", client.base()))?;
            entries.push(version_from_legacy(&version, &list));
        }
        items.push(json!({"metadata": {"name": group}, "versions": entries}));
    }
    Ok(items)
}

/// A legacy `APIGroup`'s name and versions, the preferred one first.
fn legacy_group_versions(group: &Value) -> (String, Vec<String>) {
    let name = group.get("name").and_then(Value::as_str).unwrap_or_default().to_owned();
    let mut versions: Vec<String> = group
        .get("versions")
        .and_then(Value::as_array)
        .map(|list| list.iter().filter_map(|v| v.get("version").and_then(Value::as_str).map(str::to_owned)).collect())
        .unwrap_or_default();
    let preferred = group.pointer("/preferredVersion/version").and_then(Value::as_str);
    if let Some(at) = preferred.and_then(|p| versions.iter().position(|v| v == p)) {
        let first = versions.remove(at);
        versions.insert(0, first);
    }
    (name, versions)
}

fn strings(value: Option<&Value>) -> Vec<String> {
    value
        .and_then(Value::as_array)
        .map(|list| list.iter().filter_map(Value::as_str).map(str::to_owned).collect())
        .unwrap_or_default()
}
