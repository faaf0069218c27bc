//! Discovery fidelity: the entries of the corpus' Kubernetes groups in the generated documents against upstream's
//! golden discovery documents, and snapshots of every generated discovery document.

use kapi_tests::golden_discovery::{entry, golden, legacy_resource_list, storage_version_hash};
use kapi_tests::{artifact_json, corpus_artifacts};
use serde_json::Value;

/// The Kubernetes groups of the corpus, in upstream's discovery order.
const GROUPS: [&str; 7] = [
    "apiregistration.k8s.io",
    "apps",
    "autoscaling",
    "batch",
    "rbac.authorization.k8s.io",
    "apiextensions.k8s.io",
    "coordination.k8s.io",
];

/// The versions of an aggregated group entry (or of an APIGroup's `versions`) by name.
fn version_names(versions: &Value) -> Vec<&str> {
    versions.as_array().into_iter().flatten().filter_map(|v| v["version"].as_str()).collect()
}

/// The golden is newer than 1.32 (autoscaling also serves v2 there), so every version both documents have is
/// compared, and every group must share at least one.
#[test]
fn aggregated_entries_of_every_kubernetes_group_equal_upstream() {
    let ours = artifact_json(&corpus_artifacts(), "discovery/aggregated_v2.json");
    let theirs = golden("aggregated_v2.json");
    for group in GROUPS {
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
                entry(&their_group["versions"], "version", version),
            );
            assert_eq!(mine, upstream, "{group}/{version}");
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
    let theirs = golden("aggregated_v2.json");
    let names = |items: &Value, key: &str| -> Vec<String> {
        let pointer = format!("/{key}");
        let all = items.as_array().into_iter().flatten().filter_map(|item| item.pointer(&pointer)?.as_str());
        all.filter(|name| GROUPS.contains(name)).map(str::to_owned).collect()
    };
    assert_eq!(names(&ours["groups"], "name"), names(&theirs["items"], "metadata/name"));
    assert_eq!(names(&ours["groups"], "name"), GROUPS);
}

/// The legacy group list entries: equal where we serve all of upstream's versions; otherwise our versions are
/// upstream's restricted to the ones we serve (autoscaling: v1 only, so v1 is also preferred).
#[test]
fn the_group_list_entries_equal_upstream() {
    let ours = artifact_json(&corpus_artifacts(), "discovery/apis.json");
    let theirs = golden("apis.json");
    for group in GROUPS {
        let (mine, upstream) = (entry(&ours["groups"], "name", group), entry(&theirs["groups"], "name", group));
        let served = version_names(&mine["versions"]);
        let expected: Vec<&Value> = upstream["versions"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|v| v["version"].as_str().is_some_and(|name| served.contains(&name)))
            .collect();
        let actual: Vec<&Value> = mine["versions"].as_array().into_iter().flatten().collect();
        assert_eq!(actual, expected, "{group}");
        if served.len() == version_names(&upstream["versions"]).len() {
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

#[test]
fn every_resource_list_is_what_a_server_derives_from_upstream() {
    let artifacts = corpus_artifacts();
    let aggregated = golden("aggregated_v2.json");
    for group in GROUPS {
        let versions = &entry(&aggregated["items"], "metadata/name", group)["versions"];
        let ours = artifact_json(&artifacts, &format!("discovery/apis__{group}__v1.json"));
        assert_eq!(ours, legacy_resource_list(group, entry(versions, "version", "v1")), "{group}/v1");
    }
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
