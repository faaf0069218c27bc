//! The generated CRDs: each validates against Kubernetes' own CustomResourceDefinition schema (the upstream 1.32
//! document, as a closed JSON Schema), passes kapi's structural checker, and says the same in YAML as in JSON.

use std::sync::OnceLock;

use kapi_codegen::Artifacts;
use kapi_codegen::structural::{StructuralOptions, check_structural_with};
use kapi_tests::openapi_json_schema::component_json_schema;
use serde_json::{Value, json};

const CRD_DEFINITION: &str = "io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.CustomResourceDefinition";

fn artifacts() -> &'static Artifacts {
    static ARTIFACTS: OnceLock<Artifacts> = OnceLock::new();
    ARTIFACTS.get_or_init(kapi_tests::corpus_artifacts)
}

fn crds() -> Vec<(String, Value)> {
    let paths: Vec<&str> = artifacts().paths().filter(|p| p.starts_with("crds/") && p.ends_with(".json")).collect();
    paths.into_iter().map(|p| (p.to_owned(), kapi_tests::artifact_json(artifacts(), p))).collect()
}

fn upstream_validator() -> jsonschema::Validator {
    let path = kapi_tests::upstream_document("apis/apiextensions.k8s.io/v1.json");
    let document: Value = serde_json::from_slice(&std::fs::read(path).expect("upstream document")).expect("JSON");
    jsonschema::validator_for(&component_json_schema(&document, CRD_DEFINITION, true)).expect("compiles")
}

fn problems(validator: &jsonschema::Validator, crd: &Value) -> Vec<String> {
    validator.iter_errors(crd).map(|e| format!("{}: {e}", e.instance_path())).collect()
}

#[test]
fn the_example_kinds_marked_crd_are_written_and_the_built_in_corpus_never_is() {
    let mut names: Vec<String> = crds().into_iter().map(|(path, _)| path).collect();
    names.sort();
    assert_eq!(names, ["crds/crontabs.batch.example.com.json", "crds/crontabs.stable.example.com.json"]);
}

#[test]
fn every_crd_validates_against_the_upstream_custom_resource_definition_schema() {
    let validator = upstream_validator();
    for (path, crd) in crds() {
        let found = problems(&validator, &crd);
        assert!(found.is_empty(), "{path}:\n{}", found.join("\n"));
    }
}

#[test]
fn the_upstream_schema_rejects_a_broken_crd_so_the_check_above_can_fail() {
    let validator = upstream_validator();
    let (_, mut crd) = crds().remove(0);
    crd["spec"]["versions"][0]["served"] = json!("yes");
    crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["readOnly"] = json!(true);
    let found = problems(&validator, &crd).join("\n");
    assert!(found.contains("/spec/versions/0/served"), "{found}");
    assert!(found.contains("readOnly"), "{found}");
}

#[test]
fn every_crd_version_is_structural() {
    for (path, crd) in crds() {
        for version in crd["spec"]["versions"].as_array().expect("versions") {
            let options = StructuralOptions { status_subresource: version["subresources"].get("status").is_some() };
            let violations = check_structural_with(&version["schema"]["openAPIV3Schema"], &options);
            assert!(violations.is_empty(), "{path} {}: {violations:#?}", version["name"]);
        }
    }
}

#[test]
fn one_kind_at_two_versions_is_one_crd_with_exactly_one_storage_version() {
    let crd = kapi_tests::artifact_json(artifacts(), "crds/crontabs.stable.example.com.json");
    let versions = crd["spec"]["versions"].as_array().expect("versions");
    let summary: Vec<(&str, bool, bool)> = versions
        .iter()
        .map(|v| (v["name"].as_str().expect("name"), v["storage"] == json!(true), v["deprecated"] == json!(true)))
        .collect();
    assert_eq!(summary, [("v1", true, false), ("v1beta1", false, true)]);
    assert_eq!(crd["spec"]["names"]["shortNames"], json!(["ct"]));
    assert_eq!(crd["spec"]["names"]["listKind"], "CronTabList");
    let v1 = &versions[0];
    assert_eq!(v1["subresources"]["scale"]["specReplicasPath"], ".spec.replicas");
    assert_eq!(v1["selectableFields"], json!([{"jsonPath": ".spec.image"}]));
    assert_eq!(
        v1["additionalPrinterColumns"][2],
        json!({"name": "Image", "type": "string", "jsonPath": ".spec.image", "priority": 1})
    );
}

#[test]
fn the_yaml_form_says_what_the_json_form_says() {
    for (path, crd) in crds() {
        let yaml_path = path.replace(".json", ".yaml");
        let text = std::str::from_utf8(artifacts().get(&yaml_path).expect("YAML beside JSON")).expect("UTF-8");
        let from_yaml: Value = serde_saphyr::from_str(text).expect("the YAML parses");
        assert_eq!(from_yaml, crd, "{yaml_path}");
    }
}

#[test]
fn every_crd_reads_into_kapi_metas_own_custom_resource_definition_type_and_back_unchanged() {
    for (path, crd) in crds() {
        let typed: kapi_meta::apiextensions::v1::CustomResourceDefinition =
            serde_json::from_value(crd.clone()).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert_eq!(serde_json::to_value(&typed).expect("serialises"), crd, "{path}");
    }
}
