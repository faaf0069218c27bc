//! End-to-end properties of `generate`: layout, determinism, the index hashes, profiles and errors.

use crate::common;

use kapi_codegen::{Conventions, Options, generate};
use kapi_meta::content_hash::content_hash;
use kapi_model::{GroupVersion, Registry};
use serde_json::{Value, json};

#[test]
fn lays_out_every_artifact_family() {
    let artifacts = generate(&common::registry(), &Options::default()).expect("generate");
    let paths: Vec<&str> = artifacts.paths().collect();
    for expected in [
        "openapi/v3/apis/apps/v1.json",
        "openapi/v3/apis/coordination.k8s.io/v1.json",
        "openapi/v3/apis/example.com/v1alpha1.json",
        "openapi/v3/index.json",
        "openapi/v2/swagger.json",
        "openapi/v2/loss-report.json",
        "jsonschema/io.k8s.api.coordination.v1.Lease.json",
        "jsonschema/io.k8s.apimachinery.pkg.apis.meta.v1.Time.json",
        "discovery/api.json",
        "discovery/apis.json",
        "discovery/apis__apps.json",
        "discovery/apis__apps__v1.json",
        "discovery/aggregated_v2.json",
        "discovery/aggregated_api_v2beta1.json",
        "model.json",
    ] {
        assert!(paths.contains(&expected), "{expected} missing from {paths:?}");
    }
    let definitions = common::registry().definitions().len();
    assert_eq!(paths.iter().filter(|p| p.starts_with("jsonschema/")).count(), definitions);
    assert!(artifacts.iter().all(|(_, bytes)| bytes.ends_with(b"\n")));
}

#[test]
fn output_is_deterministic_and_survives_a_model_round_trip() {
    let registry = common::registry();
    let first = generate(&registry, &Options::default()).expect("first");
    let second = generate(&registry, &Options::default()).expect("second");
    assert_eq!(first, second);
    let reloaded = Registry::from_json(&serde_json::to_string(&registry).expect("model")).expect("reload");
    assert_eq!(generate(&reloaded, &Options::default()).expect("reloaded"), first);
}

#[test]
fn the_index_points_at_each_document_by_its_hash() {
    let artifacts = generate(&common::registry(), &Options::default()).expect("generate");
    let index = common::json_of(&artifacts, "openapi/v3/index.json");
    let entries = index["paths"].as_object().expect("paths");
    assert_eq!(entries.len(), 3);
    for (gv_path, entry) in entries {
        let bytes = artifacts.get(&format!("openapi/v3/{gv_path}.json")).expect("document");
        let expected = format!("/openapi/v3/{gv_path}?hash={}", content_hash(bytes));
        assert_eq!(entry["serverRelativeURL"], json!(expected));
    }
}

fn delete_option_kinds(artifacts: &kapi_codegen::Artifacts) -> Value {
    let lease_doc = common::json_of(artifacts, "openapi/v3/apis/coordination.k8s.io/v1.json");
    let delete_options = &lease_doc["components"]["schemas"]["io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions"];
    delete_options["x-kubernetes-group-version-kind"].clone()
}

#[test]
fn disabled_group_versions_are_left_out() {
    let mut options = Options::default();
    options.disabled.insert(GroupVersion::new("apps", "v1"));
    let artifacts = generate(&common::registry(), &options).expect("generate");
    let all_served = generate(&common::registry(), &Options::default()).expect("generate");
    assert!(artifacts.get("openapi/v3/apis/apps/v1.json").is_none());
    let swagger = common::json_of(&artifacts, "openapi/v2/swagger.json");
    assert!(swagger["paths"].as_object().expect("paths").keys().all(|p| !p.starts_with("/apis/apps/")));
    // Nothing of it is served; the shared kinds' group-version-kind lists keep it, as the server's scheme still
    // knows it (kube-apiserver's does with `--runtime-config apps/v1=false`).
    assert_eq!(delete_option_kinds(&artifacts), delete_option_kinds(&all_served));
    let every_file = artifacts.iter().map(|(_, bytes)| String::from_utf8_lossy(bytes).into_owned()).collect::<String>();
    assert!(!every_file.contains("/apis/apps/v1"), "a disabled group-version left a trace");
}

fn deployment_spec(options: &Options) -> Value {
    let artifacts = generate(&common::registry(), options).expect("generate");
    let document = common::json_of(&artifacts, "openapi/v3/apis/apps/v1.json");
    document["components"]["schemas"]["io.k8s.api.apps.v1.DeploymentSpec"].clone()
}

#[test]
fn conventions_differ_in_enums_and_zero_value_defaults() {
    let lossless = deployment_spec(&Options::default());
    assert_eq!(lossless["properties"]["strategy"]["enum"], json!(["Recreate", "RollingUpdate"]));
    assert_eq!(lossless["properties"]["template"].get("default"), None);
    let apps = GroupVersion::new("apps", "v1");
    let options = Options { conventions: [(apps, Conventions::Kubernetes)].into(), ..Options::default() };
    let kubernetes = deployment_spec(&options);
    assert_eq!(kubernetes["properties"]["strategy"].get("enum"), None);
    assert_eq!(kubernetes["properties"]["template"]["default"], json!({}));
}

#[test]
fn a_missing_meta_definition_is_a_clear_error() {
    let mut registry = Registry::new();
    registry.register::<common::Lease>().register::<common::LeaseList>();
    let full = common::registry();
    let leases = full.resources().iter().find(|r| r.plural == "leases").cloned().expect("leases");
    registry.add_resource(leases);
    let error = generate(&registry, &Options::default()).expect_err("no meta types");
    let text = error.to_string();
    assert!(text.contains("io.k8s.apimachinery.pkg.apis.meta.v1.APIResourceList"), "{error}");
    assert!(text.ends_with("call `kapi_meta::register(&mut registry)` before generating"), "{error}");
    assert!(error.help().is_some());
}

#[test]
fn registry_problems_stop_generation() {
    let mut registry = common::registry();
    let again = registry.resources()[0].clone();
    registry.add_resource(again);
    let error = generate(&registry, &Options::default()).expect_err("duplicate resource");
    assert!(error.to_string().starts_with("the registry has 1 problem(s)"), "{error}");
}

/// A model file is input like any other: a resource name that cannot be a URL path segment (the fuzzer found a
/// group ending in `/`, whose documents the runtime then refused to serve) stops generation with the name.
#[test]
fn resource_names_that_break_kubernetes_syntax_stop_generation() {
    let mut model: Value = serde_json::to_value(common::registry()).expect("model");
    let leases = model["resources"]
        .as_array_mut()
        .and_then(|resources| resources.iter_mut().find(|r| r["plural"] == "leases"))
        .expect("leases");
    leases["groupVersion"]["group"] = json!("coordination.k8s.i/");
    leases["plural"] = json!("Leases");
    let registry = Registry::from_json(&model.to_string()).expect("the model loads: names are checked by generate");
    let error = generate(&registry, &Options::default()).expect_err("bad names");
    let text = error.to_string();
    assert!(text.starts_with("the registry has 2 problem(s)"), "{error}");
    assert!(text.contains("resource `Lease` in `coordination.k8s.i//v1`: group `coordination.k8s.i/`"), "{error}");
    assert!(text.contains("plural `Leases` is not a DNS-1035 label"), "{error}");
}

/// `KAPI_CODEGEN_DUMP=<dir> cargo test -p kapi-codegen dump` writes the fixture's artifacts for inspection
/// (e.g. with openapi_diff.py); without the variable it only checks that writing leaves the directory clean.
#[test]
fn dump_fixture_artifacts() {
    let artifacts = generate(&common::registry(), &Options::default()).expect("generate");
    let scratch = tempfile::tempdir().expect("tempdir");
    let dir = std::env::var_os("KAPI_CODEGEN_DUMP").map_or_else(|| scratch.path().to_path_buf(), Into::into);
    kapi_codegen::writer::write(&dir, &artifacts).expect("write");
    assert!(kapi_codegen::writer::check(&dir, &artifacts).is_clean());
}
