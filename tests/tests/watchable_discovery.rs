//! Watchable discovery's `Group` kind in the corpus: served in `discovery.k8s.io/v1alpha1`, read-only, and sharing
//! its group with upstream's EndpointSlice group-version without taking the preferred version from it.

use kapi_meta::discovery::v1alpha1;
use kapi_tests::{artifact_json, corpus_artifacts};
use serde_json::Value;

fn versions_of(group: &Value) -> Vec<&str> {
    group["versions"].as_array().into_iter().flatten().filter_map(|v| v["version"].as_str()).collect()
}

fn entry<'a>(items: &'a Value, pointer: &str, name: &str) -> &'a Value {
    let found =
        items.as_array().and_then(|items| items.iter().find(|item| item.pointer(pointer) == Some(&name.into())));
    found.unwrap_or_else(|| panic!("no {name} in {items}"))
}

#[test]
fn the_corpus_serves_groups_read_only_in_discovery_k8s_io_v1alpha1() {
    let artifacts = corpus_artifacts();
    let resources = artifact_json(&artifacts, "discovery/apis__discovery.k8s.io__v1alpha1.json");
    let groups = entry(&resources["resources"], "/name", "groups");
    assert_eq!((groups["kind"].as_str(), groups["namespaced"].as_bool()), (Some("Group"), Some(false)));
    assert_eq!(groups["verbs"], serde_json::json!(["get", "list", "watch"]));
    let document = artifact_json(&artifacts, "openapi/v3/apis/discovery.k8s.io/v1alpha1.json");
    let paths: Vec<&String> = document["paths"].as_object().expect("paths").keys().collect();
    assert!(paths.iter().any(|p| p.ends_with("/groups/{name}")), "{paths:?}");
    let mut methods: Vec<&String> = document["paths"]
        .as_object()
        .expect("paths")
        .values()
        .flat_map(|item| item.as_object().expect("path item").keys())
        .filter(|key| ["get", "put", "post", "patch", "delete"].contains(&key.as_str()))
        .collect();
    methods.sort();
    methods.dedup();
    assert_eq!(methods, ["get"], "read-only: every operation is a GET");
    let group = &document["components"]["schemas"]["io.k8s.api.discovery.v1alpha1.Group"];
    assert!(group["properties"]["spec"].is_object() && group["properties"].get("status").is_none(), "{group}");
}

#[test]
fn next_to_upstreams_endpoint_slices_discovery_still_prefers_v1() {
    // The corpus serves upstream's EndpointSlice in discovery.k8s.io/v1 beside kapi's own v1alpha1.
    let artifacts = corpus_artifacts();
    let apis = artifact_json(&artifacts, "discovery/apis.json");
    let group = entry(&apis["groups"], "/name", v1alpha1::DEFAULT_GROUP);
    assert_eq!(group["preferredVersion"]["version"], "v1");
    assert_eq!(versions_of(group), ["v1", "v1alpha1"]);
    let aggregated = artifact_json(&artifacts, "discovery/aggregated_v2.json");
    let group = entry(&aggregated["items"], "/metadata/name", v1alpha1::DEFAULT_GROUP);
    assert_eq!(versions_of(group), ["v1", "v1alpha1"], "most preferred first");
    let legacy = artifact_json(&artifacts, "discovery/apis__discovery.k8s.io.json");
    assert_eq!(legacy["preferredVersion"]["groupVersion"], "discovery.k8s.io/v1");
}
