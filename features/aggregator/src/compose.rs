//! Composing the files the aggregator serves: its own bundle's files with the merged aggregated discovery (v2
//! and v2beta1, `/apis` and `/api`), legacy documents for the upstream group-versions that are Current, and an
//! OpenAPI v3 root that also lists upstream documents (proxied) or their converted swagger (served here).

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::body::Bytes;
use serde_json::{Value, json};

use super::fetch_openapi::Published;
use super::forms::{legacy_from_version, legacy_group};
use super::merge::{Conflict, Contribution, Merged, Owner, group_name, is_current, merge, version_name, versions_of};
use super::proxy::ProxyTarget;
use super::spec::display;
use super::state::Snapshot;
use super::swagger::merge_swagger;
use kapi_serve::{Files, RemoteDocuments};

const INDEX: &str = "openapi/v3/index.json";
const SWAGGER: &str = "openapi/v2/swagger.json";

/// The aggregator's files, the OpenAPI documents it proxies, and the conflicts the merge found.
#[derive(Debug, Default)]
pub(crate) struct Composed {
    pub files: Files,
    pub proxied: RemoteDocuments,
    pub conflicts: Vec<Conflict>,
}

/// Composes `local` (the aggregator's own bundle files) with every upstream's last known state.
pub(crate) fn compose(local: &Files, upstreams: &[Snapshot]) -> Result<Composed, String> {
    let mut composed = Composed { files: local.clone(), ..Composed::default() };
    let mut owners = BTreeMap::new();
    for core in [false, true] {
        let prefix = if core { "aggregated_api" } else { "aggregated" };
        let local_items = items_of(local, &format!("discovery/{prefix}_v2.json"))?;
        let contributions: Vec<Contribution<'_>> = upstreams
            .iter()
            .map(|u| Contribution {
                spec: &u.spec,
                items: if core { &u.api.items } else { &u.apis.items },
                current: u.current,
            })
            .collect();
        let merged = merge(&local_items, &contributions, core);
        write_aggregated(&mut composed.files, prefix, &merged.items)?;
        write_legacy(&mut composed.files, &merged, core)?;
        composed.conflicts.extend(merged.conflicts);
        owners.extend(merged.owners);
    }
    let mut index = match local.get(INDEX) {
        Some(bytes) => parse(INDEX, bytes)?,
        None => json!({"paths": {}}),
    };
    for (group_version, owner) in &owners {
        let Owner::Upstream(at) = owner else { continue };
        let upstream = &upstreams[*at];
        if !upstream.current {
            continue;
        }
        let (group, version) = group_version;
        let key = if group.is_empty() { format!("api/{version}") } else { format!("apis/{group}/{version}") };
        let hash = match &upstream.published {
            Published::V3 { hashes, .. } => match hashes.get(&key) {
                Some(hash) => {
                    composed
                        .proxied
                        .insert(key.clone(), Arc::new(ProxyTarget::new(upstream.client.clone(), &upstream.spec.name)));
                    hash.clone()
                }
                None => continue,
            },
            Published::V2Converted { documents } => match documents.get(&key) {
                Some(document) => {
                    let bytes = pretty(document)?;
                    let hash = kapi_meta::content_hash::content_hash(&bytes);
                    composed.files.insert(format!("openapi/v3/{key}.json"), bytes);
                    hash
                }
                None => continue,
            },
            Published::Unknown => continue,
        };
        let url = format!("/openapi/v3/{key}?hash={hash}");
        if let Some(paths) = index.get_mut("paths").and_then(Value::as_object_mut) {
            paths.insert(key, json!({"serverRelativeURL": url}));
        }
    }
    composed.files.insert(INDEX.to_owned(), pretty(&index)?);
    merge_v2(&mut composed.files, upstreams, &owners)?;
    composed.conflicts.sort();
    Ok(composed)
}

/// `upstream`'s swagger without its entries: its version, info and security settings, for the merge to fill.
fn swagger_skeleton(upstream: &Value) -> Value {
    let mut skeleton = upstream.clone();
    if let Some(root) = skeleton.as_object_mut() {
        for section in ["paths", "definitions", "parameters", "responses"] {
            root.insert(section.to_owned(), json!({}));
        }
    }
    skeleton
}

/// Merges each upstream's last known swagger (for the group-versions it owns) into the local one; a bundle without
/// one (an empty bundle in front of a real server) starts from the first contributing upstream's top-level fields,
/// so kubectl's `explain` still finds `/openapi/v2`. A Stale upstream keeps its entries, as it keeps its resources
/// in discovery: kubectl only looks up kinds it discovered (Stale ones are hidden), and an unchanged document is not
/// encoded again when an upstream goes Stale.
fn merge_v2(
    files: &mut Files,
    upstreams: &[Snapshot],
    owners: &BTreeMap<(String, String), Owner>,
) -> Result<(), String> {
    let mut contributions = Vec::new();
    for (at, upstream) in upstreams.iter().enumerate() {
        let Some(swagger) = upstream.swagger.document.as_deref() else { continue };
        let owned: Vec<String> = owners
            .iter()
            .filter(|(_, owner)| **owner == Owner::Upstream(at))
            .map(
                |((group, version), _)| {
                    if group.is_empty() { format!("api/{version}") } else { format!("apis/{group}/{version}") }
                },
            )
            .collect();
        contributions.push((upstream.spec.name.as_str(), swagger, owned));
    }
    let Some((_, first, _)) = contributions.iter().find(|(_, _, owned)| !owned.is_empty()) else { return Ok(()) };
    let mut swagger = match files.get(SWAGGER) {
        Some(bytes) => parse(SWAGGER, bytes)?,
        None => swagger_skeleton(first),
    };
    let clashes = merge_swagger(&mut swagger, &contributions);
    if clashes > 0 {
        tracing::debug!(clashes, "OpenAPI v2 entries defined differently upstream; the aggregator's own kept");
    }
    files.insert(SWAGGER.to_owned(), pretty(&swagger)?);
    Ok(())
}

/// The items of a local aggregated file (none when the bundle has no such file).
fn items_of(files: &Files, path: &str) -> Result<Vec<Value>, String> {
    let Some(bytes) = files.get(path) else { return Ok(Vec::new()) };
    let document = parse(path, bytes)?;
    document.get("items").and_then(Value::as_array).cloned().ok_or_else(|| format!("{path}: no `items` array"))
}

/// `discovery/<prefix>_v2.json` and `…_v2beta1.json` (the two differ only in `apiVersion`).
fn write_aggregated(files: &mut Files, prefix: &str, items: &[Value]) -> Result<(), String> {
    for version in ["v2", "v2beta1"] {
        let document = json!({
            "apiVersion": format!("apidiscovery.k8s.io/{version}"),
            "kind": "APIGroupDiscoveryList",
            "metadata": {},
            "items": items,
        });
        files.insert(format!("discovery/{prefix}_{version}.json"), pretty(&document)?);
    }
    Ok(())
}

/// Legacy documents for every group an upstream contributes to: the group's Current versions in `/apis` (or
/// `/api`), its `APIGroup`, and an `APIResourceList` per upstream version. Local documents stay as generated.
fn write_legacy(files: &mut Files, merged: &Merged, core: bool) -> Result<(), String> {
    let root_path = if core { "discovery/api.json" } else { "discovery/apis.json" };
    let had_root = files.contains_key(root_path);
    let mut touched_any = false;
    let mut root = match files.get(root_path) {
        Some(bytes) => parse(root_path, bytes)?,
        None if core => json!({"kind": "APIVersions", "versions": [], "serverAddressByClientCIDRs": []}),
        None => json!({"kind": "APIGroupList", "apiVersion": "v1", "groups": []}),
    };
    for item in &merged.items {
        let group = group_name(item);
        let touched = versions_of(item)
            .iter()
            .any(|v| merged.owners.get(&(group.to_owned(), version_name(v).to_owned())) != Some(&Owner::Local));
        if !touched {
            continue;
        }
        touched_any = true;
        let current: Vec<&str> = versions_of(item).iter().filter(|v| is_current(v)).map(version_name).collect();
        for version in versions_of(item).iter().filter(|v| is_current(v)) {
            let key = (group.to_owned(), version_name(version).to_owned());
            if merged.owners.get(&key) == Some(&Owner::Local) {
                continue;
            }
            let name = if core {
                format!("discovery/api__{}.json", key.1)
            } else {
                format!("discovery/apis__{group}__{}.json", key.1)
            };
            files.insert(name, pretty(&legacy_from_version(&display(&key), version))?);
        }
        if core {
            root["versions"] = json!(current);
            continue;
        }
        let groups = root.get_mut("groups").and_then(Value::as_array_mut).ok_or("apis.json: no `groups` array")?;
        let at = groups.iter().position(|entry| entry.get("name").and_then(Value::as_str) == Some(group));
        let group_path = format!("discovery/apis__{group}.json");
        if current.is_empty() {
            if let Some(at) = at {
                groups.remove(at);
            }
            files.remove(&group_path);
            continue;
        }
        // A group keeps its place in the list; a new one goes last, as in the aggregated document.
        let entry = legacy_group(group, &current);
        match at {
            Some(at) => groups[at] = entry.clone(),
            None => groups.push(entry.clone()),
        }
        let mut document = entry;
        document["apiVersion"] = json!("v1");
        document["kind"] = json!("APIGroup");
        files.insert(group_path, pretty(&document)?);
    }
    if had_root || touched_any {
        files.insert(root_path.to_owned(), pretty(&root)?);
    }
    Ok(())
}

fn parse(path: &str, bytes: &[u8]) -> Result<Value, String> {
    serde_json::from_slice(bytes).map_err(|e| format!("{path}: not valid JSON: {e}"))
}

/// The bundle's own style: 2-space indent, trailing newline.
fn pretty(value: &Value) -> Result<Bytes, String> {
    let mut bytes = serde_json::to_vec_pretty(value).map_err(|e| e.to_string())?;
    bytes.push(b'\n');
    Ok(Bytes::from(bytes))
}

#[cfg(test)]
#[path = "compose_tests.rs"]
mod tests;
