//! Upstream fidelity: the generated coordination.k8s.io/v1 document against Kubernetes 1.32's, with the
//! project-independent structural diff.

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
