//! The OpenAPI 3.1 documents under `generated/openapi/v3.1`: each valid against the 3.1 specification's schema
//! (openapi-spec-validator, an independent oracle, which `scripts/test.sh` installs), each the 3.0 document's
//! group-version with the same paths and definitions, and written in 2020-12 terms only.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use kapi_tests::project_root;
use serde_json::Value;

fn v31_dir() -> PathBuf {
    project_root().join("generated/openapi/v3.1")
}

/// Runs the validator script over `paths`.
fn validate(paths: &[&Path]) -> Output {
    let script = project_root().join("tests/validate_openapi31.py");
    let output = Command::new("python3").arg(script).args(paths).output().expect("python3 runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !stderr.contains("No module named 'openapi_spec_validator'"),
        "openapi-spec-validator is missing: `python3 -m pip install openapi-spec-validator` (scripts/test.sh does)"
    );
    output
}

fn text(output: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

fn read_json(path: &Path) -> Value {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_slice(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The group-version keys the 3.1 index lists (`api/v1`, `apis/<group>/<version>`).
fn listed() -> Vec<String> {
    let index = read_json(&v31_dir().join("index.json"));
    index["paths"].as_object().expect("the index has paths").keys().cloned().collect()
}

/// Calls `visit` on every schema object under `value`: every object but the maps of `properties` and what sits in
/// values (`default`, `examples`, `const`, `enum`), whose keys are data, not keywords.
fn walk(value: &Value, in_properties: bool, visit: &mut impl FnMut(&serde_json::Map<String, Value>)) {
    match value {
        Value::Object(map) => {
            if !in_properties {
                visit(map);
            }
            for (key, child) in map {
                let data = !in_properties && ["default", "examples", "const", "enum"].contains(&key.as_str());
                if !data {
                    walk(child, !in_properties && key == "properties", visit);
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| walk(v, false, visit)),
        _ => {}
    }
}

#[test]
fn every_generated_3_1_document_is_valid_against_the_3_1_schema() {
    let documents = listed();
    assert!(documents.len() >= 33, "every group-version has a 3.1 document: {documents:?}");
    let output = validate(&[&v31_dir()]);
    let report = text(&output);
    assert!(output.status.success(), "{report}");
    assert!(report.contains(&format!("validated {} documents, 0 invalid", documents.len())), "{report}");
}

#[test]
fn a_broken_document_is_rejected() {
    let dir = tempfile::tempdir().expect("a directory");
    let mut document = read_json(&v31_dir().join("apis/authentication.k8s.io/v1.json"));
    // OpenAPI 3.0's boolean exclusive bound, and a reference to nothing.
    let schemas = document["components"]["schemas"].as_object_mut().expect("schemas");
    schemas.insert("Broken".into(), serde_json::json!({"type": "integer", "minimum": 1, "exclusiveMinimum": true}));
    let broken = dir.path().join("broken.json");
    std::fs::write(&broken, serde_json::to_vec(&document).expect("JSON")).expect("written");
    let mut dangling = read_json(&v31_dir().join("apis/authentication.k8s.io/v1.json"));
    dangling["components"]["schemas"]["Dangling"] = serde_json::json!({"$ref": "#/components/schemas/Nowhere"});
    let dangling_path = dir.path().join("dangling.json");
    std::fs::write(&dangling_path, serde_json::to_vec(&dangling).expect("JSON")).expect("written");

    let output = validate(&[&broken, &dangling_path]);
    let report = text(&output);
    assert_eq!(output.status.code(), Some(1), "{report}");
    assert!(report.contains("broken.json") && report.contains("dangling.json"), "{report}");
    assert!(report.contains("validated 2 documents, 2 invalid"), "{report}");
    let empty = tempfile::tempdir().expect("a directory");
    assert_eq!(validate(&[empty.path()]).status.code(), Some(2), "nothing validated is not a pass");
}

#[test]
fn each_3_1_document_has_the_3_0_documents_paths_and_definitions() {
    let v3 = project_root().join("generated/openapi/v3");
    let v3_index = read_json(&v3.join("index.json"));
    let v3_keys: Vec<String> = v3_index["paths"].as_object().expect("paths").keys().cloned().collect();
    assert_eq!(listed(), v3_keys);
    for key in listed() {
        let url = read_json(&v31_dir().join("index.json"))["paths"][&key]["serverRelativeURL"].clone();
        let bytes = std::fs::read(v31_dir().join(format!("{key}.json"))).expect("listed document");
        let hash = kapi_meta::content_hash::content_hash(&bytes);
        assert_eq!(url, format!("/openapi/v3.1/{key}?hash={hash}"), "{key}");
        let (old, new) =
            (read_json(&v3.join(format!("{key}.json"))), read_json(&v31_dir().join(format!("{key}.json"))));
        assert_eq!((old["openapi"].as_str(), new["openapi"].as_str()), (Some("3.0.0"), Some("3.1.0")), "{key}");
        assert_eq!(new["jsonSchemaDialect"], "https://spec.openapis.org/oas/3.1/dialect/base", "{key}");
        let names = |document: &Value, part: &str| -> Vec<String> {
            document[part].as_object().map(|o| o.keys().cloned().collect()).unwrap_or_default()
        };
        assert_eq!(names(&old, "paths"), names(&new, "paths"), "{key}");
        assert_eq!(names(&old["components"], "schemas"), names(&new["components"], "schemas"), "{key}");
        assert_eq!(old["paths"], new["paths"], "{key}: operations have no schemas that differ between editions");
    }
}

#[test]
fn schemas_use_2020_12_forms_only() {
    let mut seen = (0, 0);
    for key in listed() {
        let document = read_json(&v31_dir().join(format!("{key}.json")));
        walk(&document["components"]["schemas"], true, &mut |object| {
            for keyword in ["nullable", "example"] {
                assert!(!object.contains_key(keyword), "{key}: 3.0's `{keyword}` in {object:?}");
            }
            if let Some(all_of) = object.get("allOf").and_then(Value::as_array) {
                let only_a_reference = all_of.len() == 1 && all_of[0].get("$ref").is_some();
                assert!(!only_a_reference, "{key}: a reference wrapped in allOf for its siblings: {object:?}");
            }
            if object.contains_key("$ref") && object.len() > 1 {
                seen.0 += 1;
            }
            if object.get("type").is_some_and(Value::is_array) {
                seen.1 += 1;
            }
        });
    }
    // Kubernetes' documents are full of described references; the corpus has nullable fields too.
    assert!(seen.0 > 100, "references with siblings: {}", seen.0);
    assert!(seen.1 > 0, "null type arrays: {}", seen.1);
}
