//! Real documents encode: kapi's generated ones and the Kubernetes 1.32 documents in the shared upstream data.
//! Each is read back through the upstream descriptor, and every schema and GVK extension is found again.

use super::dynamic::{decode, extension_yaml, message, messages, names};
use crate::yaml::to_yaml;
use crate::{openapi_v2_protobuf, openapi_v3_protobuf};
use serde_json::Value;
use std::path::{Path, PathBuf};

const GVK: &str = "x-kubernetes-group-version-kind";

fn project() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{} is readable: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is JSON: {e}", path.display()))
}

/// Every `.json` file under `dir`, sorted (the index of group-versions left out: it is not an OpenAPI document).
fn documents_under(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(next) = pending.pop() {
        let entries = std::fs::read_dir(&next).unwrap_or_else(|e| panic!("{} is a folder: {e}", next.display()));
        for entry in entries {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "json") && !path.ends_with("index.json") {
                found.push(path);
            }
        }
    }
    found.sort();
    assert!(!found.is_empty(), "{} holds OpenAPI documents", dir.display());
    found
}

/// The map of named schemas in `schemas` (definitions or components.schemas), sorted by name.
fn schema_names(schemas: &Value) -> Vec<String> {
    let mut names: Vec<String> = schemas.as_object().map(|m| m.keys().cloned().collect()).unwrap_or_default();
    names.sort();
    names
}

#[test]
fn gnostic_v2_encodes_the_generated_swagger_document() {
    let path = project().join("generated/openapi/v2/swagger.json");
    let json = read_json(&path);
    let bytes = openapi_v2_protobuf(&json).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let document = decode(&bytes, "openapi.v2.Document");
    let definitions = message(&document, "definitions");
    assert_eq!(names(&definitions, "additional_properties"), schema_names(&json["definitions"]));
    for named in messages(&definitions, "additional_properties") {
        let name = super::dynamic::string(&named, "name");
        if let Some(gvk) = json["definitions"][&name].get(GVK) {
            assert_eq!(extension_yaml(&message(&named, "value"), "vendor_extension", GVK), to_yaml(gvk), "{name}");
        }
    }
}

#[test]
fn gnostic_v3_encodes_generated_and_upstream_group_versions() {
    let generated = documents_under(&project().join("generated/openapi/v3"));
    let upstream = documents_under(&project().join("../shared/upstream/k8s-1.32/openapi-v3"));
    for path in generated.iter().chain(&upstream) {
        let json = read_json(path);
        let bytes = openapi_v3_protobuf(&json).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let document = decode(&bytes, "openapi.v3.Document");
        let schemas = message(&message(&document, "components"), "schemas");
        assert_eq!(names(&schemas, "additional_properties"), schema_names(&json["components"]["schemas"]));
        for named in messages(&schemas, "additional_properties") {
            let name = super::dynamic::string(&named, "name");
            if let Some(gvk) = json["components"]["schemas"][&name].get(GVK) {
                let schema = message(&message(&named, "value"), "schema");
                assert_eq!(extension_yaml(&schema, "specification_extension", GVK), to_yaml(gvk), "{name}");
            }
        }
    }
}
