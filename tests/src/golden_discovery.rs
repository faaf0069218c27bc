//! Upstream's golden discovery documents (`../shared/upstream/k8s-head/discovery/`) and what a real server derives
//! from them: the legacy per-group-version APIResourceList of an aggregated version entry, written independently
//! of kapi's emitter (after the conformance oracle's `aggregated_to_legacy`).

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde_json::{Map, Value, json};
use sha2::{Digest, Sha256};

use crate::shared;

/// A golden discovery document, parsed.
pub fn golden(name: &str) -> Value {
    let path = shared().join("upstream/k8s-head/discovery").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("parsing {}: {e}", path.display()))
}

/// The entry named `name` of a JSON array of objects, by `key` (a `/`-separated path such as `metadata/name`).
pub fn entry<'a>(entries: &'a Value, key: &str, name: &str) -> &'a Value {
    let pointer = format!("/{key}");
    let found =
        entries.as_array().and_then(|items| items.iter().find(|item| item.pointer(&pointer) == Some(&json!(name))));
    found.unwrap_or_else(|| panic!("no entry with {key} = {name}"))
}

/// The storage version hash kube-apiserver publishes: base64 of the first 8 bytes of SHA-256 of
/// `<group>/<version>/<kind>`.
pub fn storage_version_hash(group: &str, version: &str, kind: &str) -> String {
    STANDARD.encode(&Sha256::digest(format!("{group}/{version}/{kind}").as_bytes())[..8])
}

/// The `/apis/<group>/<version>` (or `/api/v1`) document a server derives from the aggregated `version_entry` of
/// `group`: one entry per resource and per `resource/subresource`, sorted by name, with the storage hash on
/// resources.
pub fn legacy_resource_list(group: &str, version_entry: &Value) -> Value {
    let version = version_entry["version"].as_str().unwrap_or_default();
    let mut resources = Vec::new();
    for resource in version_entry["resources"].as_array().into_iter().flatten() {
        resources.extend(legacy_entries(group, version, resource));
    }
    resources.sort_by(|a, b| a["name"].as_str().cmp(&b["name"].as_str()));
    let mut list = json!({"kind": "APIResourceList", "resources": resources});
    if group.is_empty() {
        list["groupVersion"] = json!(version);
    } else {
        list["apiVersion"] = json!("v1");
        list["groupVersion"] = json!(format!("{group}/{version}"));
    }
    list
}

fn legacy_entries(group: &str, version: &str, resource: &Value) -> Vec<Value> {
    let plural = resource["resource"].as_str().unwrap_or_default();
    let kind = &resource["responseKind"];
    let namespaced = resource["scope"] == "Namespaced";
    let mut own = Map::new();
    own.insert("name".into(), json!(plural));
    own.insert("singularName".into(), resource["singularResource"].clone());
    own.insert("namespaced".into(), json!(namespaced));
    own.insert("kind".into(), kind["kind"].clone());
    own.insert("verbs".into(), resource["verbs"].clone());
    for key in ["shortNames", "categories"] {
        if resource[key].as_array().is_some_and(|values| !values.is_empty()) {
            own.insert(key.into(), resource[key].clone());
        }
    }
    // Only stored resources have a storage version; what cannot be watched is not stored (the reviews, which are
    // only created, and componentstatuses, which are read from the components), as upstream's /api/v1 shows.
    let stored = resource["verbs"].as_array().into_iter().flatten().any(|verb| verb == "watch");
    if stored {
        let hash = storage_version_hash(group, version, kind["kind"].as_str().unwrap_or_default());
        own.insert("storageVersionHash".into(), json!(hash));
    }
    let mut out = vec![Value::Object(own)];
    for sub in resource["subresources"].as_array().into_iter().flatten() {
        let sub_kind = &sub["responseKind"];
        let mut entry = json!({
            "name": format!("{plural}/{}", sub["subresource"].as_str().unwrap_or_default()),
            "singularName": "",
            "namespaced": namespaced,
            "kind": sub_kind.get("kind").unwrap_or(&kind["kind"]),
            "verbs": sub["verbs"],
        });
        for key in ["group", "version"] {
            if sub_kind[key].as_str().is_some_and(|value| !value.is_empty()) {
                entry[key] = sub_kind[key].clone();
            }
        }
        out.push(entry);
    }
    out
}
