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
    let expected = [
        "crds/backups.ops.example.com.json",
        "crds/crontabs.batch.example.com.json",
        "crds/crontabs.stable.example.com.json",
    ];
    assert_eq!(names, expected);
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

#[test]
fn max_description_len_trims_crd_descriptions_and_nothing_else() {
    let options = kapi_codegen::Options { max_description_len: Some(24), ..Default::default() };
    let trimmed = kapi_tests::corpus_artifacts_with(&options);
    let crd = kapi_tests::artifact_json(&trimmed, "crds/crontabs.stable.example.com.json");
    let spec = &crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"];
    let image = spec["properties"]["image"]["description"].as_str().expect("a description");
    assert_eq!(image, "The container image to…");
    assert!(spec["properties"]["cronSpec"]["description"].as_str().is_some_and(|d| d.chars().count() <= 25));
    let full = kapi_tests::artifact_json(artifacts(), "crds/crontabs.stable.example.com.json");
    let size = |v: &Value| serde_json::to_vec(v).expect("JSON").len();
    assert!(size(&crd) < size(&full), "trimming shrinks the CRD");
    // The OpenAPI documents keep every word.
    assert_eq!(
        trimmed.get("openapi/v3/apis/stable.example.com/v1.json"),
        artifacts().get("openapi/v3/apis/stable.example.com/v1.json")
    );
}

mod embedding_a_pod_template {
    use kapi::{Registry, Resource, Schema};
    use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};
    use kapi_schemas::core::v1::PodTemplateSpec;
    use serde::{Deserialize, Serialize};

    /// Runs a pod per item.
    #[derive(Debug, Serialize, Deserialize, Schema, Resource)]
    #[kapi(package = "example.com/runs/v1", group = "runs.example.com", version = "v1", list = RunList, crd)]
    pub struct Run {
        /// Type.
        #[serde(flatten)]
        pub type_meta: TypeMeta,
        /// Metadata.
        pub metadata: ObjectMeta,
        /// The pod each item runs in.
        pub template: PodTemplateSpec,
    }

    /// A page of Runs.
    #[derive(Debug, Serialize, Deserialize, Schema)]
    #[kapi(package = "example.com/runs/v1")]
    pub struct RunList {
        /// Type.
        #[serde(flatten)]
        pub type_meta: TypeMeta,
        /// Metadata.
        pub metadata: ListMeta,
        /// Items.
        pub items: Vec<Run>,
    }

    #[test]
    fn a_kind_embedding_a_pod_template_is_structural_and_warns_about_its_size() {
        let mut registry = Registry::new();
        kapi_meta::register(&mut registry);
        registry.register_resource::<Run>();
        let artifacts = kapi_codegen::generate(&registry, &kapi_codegen::Options::default()).expect("generates");
        let bytes = artifacts.get("crds/runs.runs.example.com.json").expect("written");
        // A whole pod spec, inlined three times over (containers, init and ephemeral containers), is over budget.
        assert!(bytes.len() > 256 * 1024, "{} bytes", bytes.len());
        let warning = artifacts.warnings().iter().find(|w| w.contains("annotation limit")).expect("a size warning");
        assert!(
            warning.contains("CRD runs.runs.example.com is")
                && warning.contains("longest descriptions: v1:/properties/template/"),
            "{warning}"
        );
        let crd: serde_json::Value = serde_json::from_slice(bytes).expect("JSON");
        let template = &crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["template"];
        // An embedded object's metadata keeps the fields the server keeps for it.
        assert!(template["properties"]["metadata"]["properties"]["labels"].is_object());
        let containers = &template["properties"]["spec"]["properties"]["containers"];
        assert_eq!(
            containers["items"]["properties"]["resources"]["properties"]["limits"]["additionalProperties"]["x-kubernetes-int-or-string"],
            true
        );
    }
}
