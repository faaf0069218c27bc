//! Discovery fidelity: the coordination.k8s.io entries of the generated documents against upstream's golden
//! discovery documents, and snapshots of every generated discovery document.

use kapi_tests::golden_discovery::{entry, golden, legacy_resource_list, storage_version_hash};
use kapi_tests::{artifact_json, corpus_artifacts};
use serde_json::Value;

const GROUP: &str = "coordination.k8s.io";

#[test]
fn aggregated_coordination_v1_equals_upstream() {
    let ours = artifact_json(&corpus_artifacts(), "discovery/aggregated_v2.json");
    let theirs = golden("aggregated_v2.json");
    let our_group = entry(&ours["items"], "metadata/name", GROUP);
    let their_group = entry(&theirs["items"], "metadata/name", GROUP);
    assert_eq!(entry(&our_group["versions"], "version", "v1"), entry(&their_group["versions"], "version", "v1"));
    assert_eq!(our_group["metadata"], their_group["metadata"]);
    for key in ["apiVersion", "kind", "metadata"] {
        assert_eq!(ours[key], theirs[key], "{key}");
    }
}

#[test]
fn the_group_list_entry_equals_upstream() {
    let ours = artifact_json(&corpus_artifacts(), "discovery/apis.json");
    let theirs = golden("apis.json");
    assert_eq!(entry(&ours["groups"], "name", GROUP), entry(&theirs["groups"], "name", GROUP));
    assert_eq!((&ours["apiVersion"], &ours["kind"]), (&theirs["apiVersion"], &theirs["kind"]));
}

#[test]
fn the_coordination_v1_resource_list_is_what_a_server_derives_from_upstream() {
    let ours = artifact_json(&corpus_artifacts(), "discovery/apis__coordination.k8s.io__v1.json");
    let aggregated = golden("aggregated_v2.json");
    let versions = &entry(&aggregated["items"], "metadata/name", GROUP)["versions"];
    assert_eq!(ours, legacy_resource_list(GROUP, entry(versions, "version", "v1")));
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
