//! Upstream fidelity: the generated documents of the corpus' Kubernetes groups against Kubernetes 1.32's, with
//! the project-independent structural diff.

use kapi_tests::{corpus_artifacts, openapi_diff};

#[test]
fn coordination_v1_schemas_are_identical_to_upstream() {
    let artifacts = corpus_artifacts();
    let ours = artifacts.get("openapi/v3/apis/coordination.k8s.io/v1.json").expect("coordination document");
    let report = openapi_diff(ours, "apis/coordination.k8s.io/v1.json", true);
    let schemas = &report.json["schemas"];
    assert_eq!(schemas["identical"], schemas["union"], "{}\n{:#}", report.summary, schemas);
    assert_eq!(schemas["union"].as_u64(), Some(20), "{}", report.summary);
    assert!(report.summary.ends_with("description coverage 100.0%"), "{}", report.summary);
}

/// Every definition the corpus shares with any upstream 1.32 document is identical to upstream's, whichever of our
/// documents it appears in (Scale, IntOrString and Quantity live only in the example group's document here).
#[test]
fn every_shared_definition_matches_upstream() {
    use std::collections::BTreeMap;

    use kapi_tests::{openapi_diff_files, upstream_document};
    use serde_json::{Value, json};

    let artifacts = corpus_artifacts();
    let mut ours: BTreeMap<String, Value> = BTreeMap::new();
    for (path, bytes) in artifacts.iter() {
        if path.starts_with("openapi/v3/api") {
            let document: Value = serde_json::from_slice(bytes).expect("json");
            for (name, schema) in document["components"]["schemas"].as_object().expect("schemas") {
                ours.insert(name.clone(), schema.clone());
            }
        }
    }
    let root = upstream_document("");
    let mut documents: Vec<_> = std::fs::read_dir(root.join("apis"))
        .expect("upstream apis")
        .flat_map(|group| std::fs::read_dir(group.expect("group").path()).expect("versions"))
        .map(|version| version.expect("version").path())
        .collect();
    documents.push(root.join("api/v1.json"));
    let mut compared = std::collections::BTreeSet::new();
    let work = tempfile::tempdir().expect("tempdir");
    for document in documents {
        let upstream: Value = serde_json::from_slice(&std::fs::read(&document).expect("read")).expect("json");
        let theirs = upstream["components"]["schemas"].as_object().expect("schemas");
        let shared: serde_json::Map<String, Value> =
            theirs.iter().filter(|(name, _)| ours.contains_key(*name)).map(|(n, s)| (n.clone(), s.clone())).collect();
        if shared.is_empty() {
            continue;
        }
        let mine: serde_json::Map<String, Value> = shared.keys().map(|n| (n.clone(), ours[n].clone())).collect();
        compared.extend(shared.keys().cloned());
        let upstream_subset = work.path().join("upstream.json");
        std::fs::write(
            &upstream_subset,
            serde_json::to_vec(&json!({"components": {"schemas": shared}})).expect("json"),
        )
        .expect("write");
        let ours_subset = serde_json::to_vec(&json!({"components": {"schemas": mine}})).expect("json");
        let report = openapi_diff_files(&ours_subset, &upstream_subset, true);
        let schemas = &report.json["schemas"];
        assert_eq!(schemas["identical"], schemas["union"], "{}: {}\n{:#}", document.display(), report.summary, schemas);
        assert!(report.summary.ends_with("description coverage 100.0%"), "{}: {}", document.display(), report.summary);
    }
    for expected in [
        "io.k8s.api.autoscaling.v1.Scale",
        "io.k8s.apimachinery.pkg.util.intstr.IntOrString",
        "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta",
        "io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps",
    ] {
        assert!(compared.contains(expected), "{expected} was never compared");
    }
}

/// Whole documents (schemas and paths) of every Kubernetes group-version of the corpus against upstream 1.32.
#[test]
fn kubernetes_group_documents_are_identical_to_upstream() {
    let artifacts = corpus_artifacts();
    let documents = [
        "apis/apps/v1",
        "apis/batch/v1",
        "apis/autoscaling/v1",
        "apis/apiregistration.k8s.io/v1",
        "apis/rbac.authorization.k8s.io/v1",
        "apis/coordination.k8s.io/v1",
        "apis/apiextensions.k8s.io/v1",
    ];
    for document in documents {
        let ours = artifacts.get(&format!("openapi/v3/{document}.json")).unwrap_or_else(|| panic!("no {document}"));
        let report = openapi_diff(ours, &format!("{document}.json"), false);
        for section in ["schemas", "paths"] {
            let counts = &report.json[section];
            assert_eq!(counts["identical"], counts["union"], "{document} {section}: {}\n{counts:#}", report.summary);
            assert!(counts["union"].as_u64().is_some_and(|n| n > 0), "{document} {section}: {}", report.summary);
        }
        let coverage = report.json["descriptions"]["coverage_pct"].as_f64().expect("description coverage");
        assert!(coverage >= 99.0, "{document}: {}", report.summary);
    }
}
