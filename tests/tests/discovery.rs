//! Discovery fidelity: the entries of the corpus' Kubernetes groups in the generated documents against upstream's
//! golden discovery documents, and snapshots of every generated discovery document.

use kapi_tests::golden_discovery::{entry, golden, legacy_resource_list, storage_version_hash};
use kapi_tests::{artifact_json, corpus_artifacts};
use serde_json::Value;

/// Every group of upstream's golden aggregated list, in its order: the corpus serves all of them.
fn kubernetes_groups() -> Vec<String> {
    let theirs = golden("aggregated_v2.json");
    let names = theirs["items"].as_array().into_iter().flatten().filter_map(|item| item["metadata"]["name"].as_str());
    names.map(str::to_owned).collect()
}

/// The versions of an aggregated group entry (or of an APIGroup's `versions`) by name.
fn version_names(versions: &Value) -> Vec<&str> {
    versions.as_array().into_iter().flatten().filter_map(|v| v["version"].as_str()).collect()
}

/// True when Kubernetes 1.32's OpenAPI document for `group`/`version` has paths for `plural`. The golden discovery
/// documents are newer than 1.32, and resources added since (networking.k8s.io/v1 `ipaddresses`, say) are not
/// expected of a 1.32 replica.
fn served_by_1_32(group: &str, version: &str, plural: &str) -> bool {
    let relative =
        if group.is_empty() { format!("api/{version}.json") } else { format!("apis/{group}/{version}.json") };
    let Ok(text) = std::fs::read_to_string(kapi_tests::upstream_document(&relative)) else { return false };
    let document: Value = serde_json::from_str(&text).expect("upstream documents are JSON");
    // A subresource (`pods/exec`) sits after the object's name.
    let segment = match plural.split_once('/') {
        Some((resource, subresource)) => format!("/{resource}/{{name}}/{subresource}"),
        None => format!("/{plural}"),
    };
    let mut paths = document["paths"].as_object().into_iter().flat_map(|paths| paths.keys());
    paths.any(|path| path.ends_with(&segment) || path.contains(&format!("{segment}/")))
}

/// `entry` with the resources a 1.32 server does not serve removed.
fn as_of_1_32(group: &str, entry: &Value) -> Value {
    let mut entry = entry.clone();
    let version = entry["version"].as_str().unwrap_or_default().to_owned();
    if let Some(resources) = entry["resources"].as_array_mut() {
        resources.retain(|r| served_by_1_32(group, &version, r["resource"].as_str().unwrap_or_default()));
    }
    entry
}

/// The golden is newer than 1.32 (autoscaling also serves v2 there, some groups gained versions and resources), so
/// every version both documents have is compared, restricted to what 1.32 serves, and every group must share at
/// least one.
#[test]
fn aggregated_entries_of_every_kubernetes_group_equal_upstream() {
    let ours = artifact_json(&corpus_artifacts(), "discovery/aggregated_v2.json");
    let theirs = golden("aggregated_v2.json");
    let groups = kubernetes_groups();
    assert_eq!(groups.len(), 22, "{groups:?}");
    for group in &groups {
        let our_group = entry(&ours["items"], "metadata/name", group);
        let their_group = entry(&theirs["items"], "metadata/name", group);
        assert_eq!(our_group["metadata"], their_group["metadata"], "{group}");
        let theirs_versions = version_names(&their_group["versions"]);
        let shared: Vec<&str> =
            version_names(&our_group["versions"]).into_iter().filter(|v| theirs_versions.contains(v)).collect();
        assert!(!shared.is_empty(), "{group}: no version in common with upstream");
        for version in shared {
            let (mine, upstream) = (
                entry(&our_group["versions"], "version", version),
                as_of_1_32(group, entry(&their_group["versions"], "version", version)),
            );
            assert_eq!(mine, &upstream, "{group}/{version}");
        }
    }
    for key in ["apiVersion", "kind", "metadata"] {
        assert_eq!(ours[key], theirs[key], "{key}");
    }
}

/// Our groups come in the order upstream lists them (the priorities are upstream's).
#[test]
fn kubernetes_groups_are_listed_in_upstreams_order() {
    let ours = artifact_json(&corpus_artifacts(), "discovery/apis.json");
    let groups = kubernetes_groups();
    let names: Vec<&str> = ours["groups"].as_array().into_iter().flatten().filter_map(|g| g["name"].as_str()).collect();
    let kubernetes: Vec<&str> = names.iter().copied().filter(|name| groups.iter().any(|g| g == name)).collect();
    assert_eq!(kubernetes, groups);
}

/// The legacy group list entries: the versions both lists have come in the same order, and where we serve exactly
/// upstream's versions the entries are equal.
#[test]
fn the_group_list_entries_equal_upstream() {
    let ours = artifact_json(&corpus_artifacts(), "discovery/apis.json");
    let theirs = golden("apis.json");
    for group in kubernetes_groups() {
        let (mine, upstream) = (entry(&ours["groups"], "name", &group), entry(&theirs["groups"], "name", &group));
        let (served, listed) = (version_names(&mine["versions"]), version_names(&upstream["versions"]));
        let kept = |versions: &Value, other: &[&str]| -> Vec<Value> {
            let all = versions.as_array().into_iter().flatten();
            all.filter(|v| v["version"].as_str().is_some_and(|name| other.contains(&name))).cloned().collect()
        };
        assert_eq!(kept(&mine["versions"], &listed), kept(&upstream["versions"], &served), "{group}");
        if served == listed {
            assert_eq!(mine, upstream, "{group}");
        }
    }
    assert_eq!((&ours["apiVersion"], &ours["kind"]), (&theirs["apiVersion"], &theirs["kind"]));
}

#[test]
fn the_apps_group_document_equals_upstream() {
    let ours = artifact_json(&corpus_artifacts(), "discovery/apis__apps.json");
    assert_eq!(ours, golden("apis__apps.json"));
}

/// Every legacy resource list of a version both we and the golden aggregated list serve is what a server derives
/// from the golden entry (restricted to what 1.32 serves).
#[test]
fn every_resource_list_is_what_a_server_derives_from_upstream() {
    let artifacts = corpus_artifacts();
    let aggregated = golden("aggregated_v2.json");
    let mut compared = 0;
    for group in kubernetes_groups() {
        for upstream in
            entry(&aggregated["items"], "metadata/name", &group)["versions"].as_array().into_iter().flatten()
        {
            let version = upstream["version"].as_str().unwrap_or_default();
            let Some(ours) = artifacts.get(&format!("discovery/apis__{group}__{version}.json")) else { continue };
            let ours: Value = serde_json::from_slice(ours).expect("JSON");
            assert_eq!(ours, legacy_resource_list(&group, &as_of_1_32(&group, upstream)), "{group}/{version}");
            compared += 1;
        }
    }
    assert!(compared >= 30, "{compared} group-versions compared");
}

/// `/api/v1`: every entry of upstream's golden list that 1.32 serves is ours exactly, and every entry of ours the
/// golden lacks is one 1.32 serves (the golden is newer: it has `pods/checkpoint`, and no longer `pods/resize`).
#[test]
fn the_core_resource_list_equals_upstream_as_of_1_32() {
    let ours = artifact_json(&corpus_artifacts(), "discovery/api__v1.json");
    let theirs = golden("api__v1.json");
    let by_name = |list: &Value| -> std::collections::BTreeMap<String, Value> {
        let all = list["resources"].as_array().into_iter().flatten();
        all.filter_map(|r| Some((r["name"].as_str()?.to_owned(), r.clone()))).collect()
    };
    let (mine, upstream) = (by_name(&ours), by_name(&theirs));
    for (name, resource) in &upstream {
        if served_by_1_32("", "v1", name) {
            assert_eq!(mine.get(name), Some(resource), "{name}");
        } else {
            assert!(!mine.contains_key(name), "{name} is newer than 1.32");
        }
    }
    for name in mine.keys().filter(|name| !upstream.contains_key(*name)) {
        assert!(served_by_1_32("", "v1", name), "{name} is neither upstream's nor 1.32's");
    }
    assert!(mine.len() >= 35, "{} core resources", mine.len());
    assert_eq!(ours["groupVersion"], theirs["groupVersion"]);
}

/// The derivation the previous test relies on reproduces upstream's own legacy apps/v1 document (upstream's
/// golden apps/v1 list predates `watch` in its verbs, so verbs are left out of the comparison).
#[test]
fn the_derivation_reproduces_upstreams_apps_v1_document() {
    let aggregated = golden("aggregated_v2.json");
    let versions = &entry(&aggregated["items"], "metadata/name", "apps")["versions"];
    let mut derived = legacy_resource_list("apps", entry(versions, "version", "v1"));
    let mut upstream = golden("apis__apps__v1.json");
    for document in [&mut derived, &mut upstream] {
        for resource in document["resources"].as_array_mut().into_iter().flatten() {
            resource.as_object_mut().map(|fields| fields.remove("verbs"));
        }
    }
    assert_eq!(derived, upstream);
}

#[test]
fn the_storage_hash_formula_reproduces_every_upstream_hash() {
    let mut checked = 0;
    for (document, group) in [("apis__apps__v1.json", "apps"), ("api__v1.json", "")] {
        for resource in golden(document)["resources"].as_array().into_iter().flatten() {
            let Some(hash) = resource["storageVersionHash"].as_str() else { continue };
            let kind = resource["kind"].as_str().unwrap_or_default();
            assert_eq!(storage_version_hash(group, "v1", kind), hash, "{group}/v1/{kind}");
            checked += 1;
        }
    }
    assert_eq!(checked, 20);
}

#[test]
fn every_discovery_document_matches_its_snapshot() {
    let artifacts = corpus_artifacts();
    let documents: Vec<(&str, &[u8])> = artifacts.iter().filter(|(path, _)| path.starts_with("discovery/")).collect();
    let names: Vec<&str> = documents.iter().map(|(path, _)| path.trim_start_matches("discovery/")).collect();
    insta::assert_json_snapshot!("discovery_documents", names);
    for (path, bytes) in documents {
        let name = path.trim_start_matches("discovery/").trim_end_matches(".json").replace('.', "_");
        let document: Value = serde_json::from_slice(bytes).expect("json");
        insta::assert_json_snapshot!(name, document);
    }
}
