//! Paths and operations compared with Kubernetes 1.32's published documents: identical apart from description
//! text (presence must match). Skipped, with a note, when the upstream documents are not checked out beside us.

use crate::common;

use std::path::PathBuf;

use kapi_codegen::{Options, generate};
use serde_json::{Map, Value};

fn upstream(relative: &str) -> Value {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/upstream/k8s-1.32/openapi-v3");
    // The upstream data sits beside the project on every machine and in CI; without it this test cannot judge.
    let bytes = std::fs::read(root.join(relative))
        .unwrap_or_else(|error| panic!("upstream document {relative} not readable under {}: {error}", root.display()));
    serde_json::from_slice(&bytes).expect("upstream document is JSON")
}

/// Replaces every description text by a marker, so only its presence is compared.
fn shape(value: &Value) -> Value {
    match value {
        Value::Object(map) => {
            let entries = map.iter().map(|(key, item)| {
                let item = if key == "description" && item.is_string() { Value::from("<text>") } else { shape(item) };
                (key.clone(), item)
            });
            Value::Object(entries.collect::<Map<_, _>>())
        }
        Value::Array(items) => Value::Array(items.iter().map(shape).collect()),
        other => other.clone(),
    }
}

fn compare_paths(document_path: &str, upstream_path: &str, keep: impl Fn(&str) -> bool) {
    let theirs = upstream(upstream_path);
    let artifacts = generate(&common::registry(), &Options::default()).expect("generate");
    let ours = common::json_of(&artifacts, document_path);
    let select = |document: &Value| -> Map<String, Value> {
        let paths = document["paths"].as_object().expect("paths");
        paths.iter().filter(|(path, _)| keep(path)).map(|(path, item)| (path.clone(), shape(item))).collect()
    };
    let (ours, theirs) = (select(&ours), select(&theirs));
    assert_eq!(ours.keys().collect::<Vec<_>>(), theirs.keys().collect::<Vec<_>>(), "path sets differ");
    for (path, expected) in &theirs {
        let actual = &ours[path];
        assert!(
            actual == expected,
            "{path} differs\nours:     {}\nupstream: {}",
            serde_json::to_string(actual).unwrap_or_default(),
            serde_json::to_string(expected).unwrap_or_default()
        );
    }
}

#[test]
fn coordination_paths_match_upstream() {
    compare_paths("openapi/v3/apis/coordination.k8s.io/v1.json", "apis/coordination.k8s.io/v1.json", |_| true);
}

#[test]
fn deployment_paths_with_status_and_scale_match_upstream() {
    let keep = |path: &str| path == "/apis/apps/v1/" || path.contains("/deployments");
    compare_paths("openapi/v3/apis/apps/v1.json", "apis/apps/v1.json", keep);
}

#[test]
fn top_level_and_security_scheme_match_upstream() {
    let theirs = upstream("apis/coordination.k8s.io/v1.json");
    let artifacts = generate(&common::registry(), &Options::default()).expect("generate");
    let ours = common::json_of(&artifacts, "openapi/v3/apis/coordination.k8s.io/v1.json");
    for key in ["openapi", "info"] {
        assert_eq!(ours[key], theirs[key], "{key}");
    }
    assert_eq!(shape(&ours["components"]["securitySchemes"]), shape(&theirs["components"]["securitySchemes"]));
    let keys = |document: &Value| document.as_object().map(|m| m.keys().cloned().collect::<Vec<_>>());
    assert_eq!(keys(&ours), keys(&theirs));
    assert_eq!(keys(&ours["components"]), keys(&theirs["components"]));
}
