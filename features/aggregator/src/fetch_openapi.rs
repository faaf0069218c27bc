//! Fetching what an upstream publishes as OpenAPI: its `/openapi/v3` root (the aggregator lists those documents
//! with the upstream's own hashes and proxies requests for them), or, from an upstream that publishes only
//! `/openapi/v2`, its swagger converted to per-group-version v3 documents the aggregator serves itself.

use std::collections::BTreeMap;
use std::sync::Arc;

use hyper::StatusCode;
use hyper::header::{ACCEPT, ETAG, HeaderValue, IF_NONE_MATCH};
use serde_json::Value;

use super::client::UpstreamClient;
use kapi_swagger::v2_to_v3;

/// What an upstream publishes, as last fetched.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) enum Published {
    /// Not fetched yet.
    #[default]
    Unknown,
    /// `/openapi/v3` documents by key (`apis/<group>/<version>`), each with the hash the upstream advertises.
    V3 { hashes: BTreeMap<String, String>, etag: Option<String> },
    /// Only `/openapi/v2`: its swagger converted, by key.
    V2Converted { documents: BTreeMap<String, Value> },
}

/// The upstream's `/openapi/v2` as JSON, as last fetched (`None`: it has none).
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Swagger {
    pub document: Option<Arc<Value>>,
    pub etag: Option<String>,
}

/// Fetches `/openapi/v2` as JSON. `Ok(None)`: unchanged. A server without it (404, or 406 for a protobuf-only
/// one) has none, which is not an error: v2 is for old clients.
pub(crate) async fn fetch_swagger(client: &UpstreamClient, previous: &Swagger) -> Result<Option<Swagger>, String> {
    let answer = client.get("/openapi/v2", &headers(previous.etag.as_deref())).await?;
    match answer.status {
        StatusCode::NOT_MODIFIED if previous.etag.is_some() => Ok(None),
        StatusCode::NOT_FOUND | StatusCode::NOT_ACCEPTABLE => Ok(Some(Swagger::default())),
        StatusCode::OK => {
            let document: Value = serde_json::from_slice(&answer.body)
                .map_err(|e| format!("GET {}/openapi/v2: the body is not JSON: {e}", client.base()))?;
            Ok(Some(Swagger { document: Some(Arc::new(document)), etag: answer.header(ETAG).map(str::to_owned) }))
        }
        status => Err(format!("GET {}/openapi/v2: {status}", client.base())),
    }
}

/// Fetches the upstream's OpenAPI v3 root; without one, converts `swagger` (fetched just before; `swagger_changed`
/// when it differs from the last). `Ok(None)`: unchanged.
pub(crate) async fn fetch_published(
    client: &UpstreamClient,
    previous: &Published,
    swagger: &Swagger,
    swagger_changed: bool,
) -> Result<Option<Published>, String> {
    let v3_etag = match previous {
        Published::V3 { etag, .. } => etag.as_deref(),
        _ => None,
    };
    let answer = client.get("/openapi/v3", &headers(v3_etag)).await?;
    match answer.status {
        StatusCode::NOT_MODIFIED if matches!(previous, Published::V3 { .. }) => Ok(None),
        StatusCode::OK => {
            let root: Value = serde_json::from_slice(&answer.body)
                .map_err(|e| format!("GET {}/openapi/v3: the body is not JSON: {e}", client.base()))?;
            let hashes = listed_hashes(&root).map_err(|e| format!("GET {}/openapi/v3: {e}", client.base()))?;
            Ok(Some(Published::V3 { hashes, etag: answer.header(ETAG).map(str::to_owned) }))
        }
        StatusCode::NOT_FOUND if !swagger_changed && matches!(previous, Published::V2Converted { .. }) => Ok(None),
        StatusCode::NOT_FOUND => convert(client, swagger).map(Some),
        status => Err(format!("GET {}/openapi/v3: {status}", client.base())),
    }
}

/// An upstream without OpenAPI v3: its swagger converted (none at all is allowed: discovery works, `explain` not).
fn convert(client: &UpstreamClient, swagger: &Swagger) -> Result<Published, String> {
    let Some(document) = &swagger.document else {
        return Ok(Published::V2Converted { documents: BTreeMap::new() });
    };
    let conversion = v2_to_v3(document).map_err(|e| format!("{}/openapi/v2: {e}", client.base()))?;
    if !conversion.report.entries.is_empty() {
        tracing::info!(
            upstream = client.base(),
            losses = conversion.report.entries.len(),
            "converted OpenAPI v2 to v3; some v3 forms could not be restored"
        );
    }
    Ok(Published::V2Converted { documents: conversion.documents })
}

fn headers(etag: Option<&str>) -> Vec<(hyper::header::HeaderName, HeaderValue)> {
    let mut headers = vec![(ACCEPT, HeaderValue::from_static("application/json"))];
    if let Some(etag) = etag.and_then(|e| HeaderValue::from_str(e).ok()) {
        headers.push((IF_NONE_MATCH, etag));
    }
    headers
}

/// The root's `paths`: each key with the hash its `serverRelativeURL` carries (`/openapi/v3/<key>?hash=<hash>`).
fn listed_hashes(root: &Value) -> Result<BTreeMap<String, String>, String> {
    let paths = root.get("paths").and_then(Value::as_object).ok_or("the root has no `paths` object")?;
    let mut hashes = BTreeMap::new();
    for (key, entry) in paths {
        let url = entry.get("serverRelativeURL").and_then(Value::as_str).unwrap_or_default();
        let hash = url
            .strip_prefix(&format!("/openapi/v3/{key}?hash="))
            .filter(|hash| !hash.is_empty() && hash.bytes().all(|b| b.is_ascii_alphanumeric()))
            .ok_or_else(|| format!("{key}: serverRelativeURL {url:?} is not /openapi/v3/{key}?hash=<hash>"))?;
        let plain = !key.is_empty() && key.split('/').all(|s| !s.is_empty() && s != "." && s != "..");
        if !plain {
            return Err(format!("{key:?} is not a group-version path"));
        }
        hashes.insert(key.clone(), hash.to_owned());
    }
    Ok(hashes)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn listed_hashes_come_from_server_relative_urls() {
        let root = json!({"paths": {"apis/apps/v1": {"serverRelativeURL": "/openapi/v3/apis/apps/v1?hash=AB12"}}});
        let hashes = listed_hashes(&root).expect("valid");
        assert_eq!(hashes.get("apis/apps/v1").map(String::as_str), Some("AB12"));
    }

    #[test]
    fn a_root_entry_without_a_hash_or_with_a_strange_key_is_refused() {
        let no_hash = json!({"paths": {"apis/apps/v1": {"serverRelativeURL": "/openapi/v3/apis/apps/v1"}}});
        assert!(listed_hashes(&no_hash).is_err());
        let climbing = json!({"paths": {"../x": {"serverRelativeURL": "/openapi/v3/../x?hash=AB"}}});
        assert!(listed_hashes(&climbing).is_err());
    }
}
