//! Unit tests of the merge rules.

use serde_json::{Value, json};

use super::{SourceDocument, merge};

fn source(group_version: &str, schemas: Value, paths: Value) -> SourceDocument {
    let document = json!({
        "openapi": "3.0.0",
        "info": {"title": "Kubernetes", "version": "unversioned"},
        "paths": paths,
        "components": {
            "schemas": schemas,
            "securitySchemes": {"BearerToken": {"type": "apiKey", "in": "header", "name": "authorization"}},
        },
    });
    SourceDocument { group_version: group_version.to_owned(), document }
}

fn meta() -> Value {
    json!({"type": "object", "properties": {"name": {"type": "string"}}})
}

#[test]
fn a_definition_shared_by_several_documents_is_kept_once() {
    let apps = source("apis/apps/v1", json!({"Meta": meta(), "Deployment": {"type": "object"}}), json!({}));
    let batch = source("apis/batch/v1", json!({"Meta": meta(), "Job": {"type": "object"}}), json!({}));
    let aggregate = merge("http://example", &[apps, batch]).expect("merges");
    let schemas = &aggregate.document["components"]["schemas"];
    let names: Vec<&String> = schemas.as_object().expect("schemas").keys().collect();
    assert_eq!(names, ["Deployment", "Job", "Meta"]);
    assert_eq!(schemas["Meta"], meta());
    assert_eq!((aggregate.documents, aggregate.schemas), (2, 3));
    assert_eq!(aggregate.document["components"]["securitySchemes"].as_object().map(|m| m.len()), Some(1));
}

#[test]
fn definitions_are_compared_as_json_values_not_as_text() {
    let one = source("apis/a/v1", json!({"Meta": {"type": "object", "required": ["x"]}}), json!({}));
    let other: Value = serde_json::from_str(r#"{"Meta": {"required": ["x"], "type": "object"}}"#).expect("json");
    let two = source("apis/b/v1", other, json!({}));
    assert_eq!(merge("s", &[one, two]).expect("merges").schemas, 1);
}

#[test]
fn a_conflicting_definition_names_itself_and_both_sources() {
    let apps = source("apis/apps/v1", json!({"Meta": meta()}), json!({}));
    let batch = source("apis/batch/v1", json!({"Meta": {"type": "string"}}), json!({}));
    // Both orders give the same message: sources are taken in group-version order.
    for sources in [[apps.clone(), batch.clone()], [batch, apps]] {
        let error = merge("s", &sources).expect_err("conflict");
        assert_eq!(error, "components.schemas Meta differs between apis/apps/v1 and apis/batch/v1");
    }
}

#[test]
fn paths_are_a_union_and_a_path_that_differs_is_an_error() {
    let shared = json!({"get": {"operationId": "getAPIVersions"}});
    let apps = source("apis/apps/v1", json!({}), json!({"/apis/apps/v1/": {}, "/apis/": shared.clone()}));
    let batch = source("apis/batch/v1", json!({}), json!({"/apis/batch/v1/": {}, "/apis/": shared}));
    let aggregate = merge("s", &[apps.clone(), batch]).expect("merges");
    let paths: Vec<&String> = aggregate.document["paths"].as_object().expect("paths").keys().collect();
    assert_eq!(paths, ["/apis/", "/apis/apps/v1/", "/apis/batch/v1/"]);
    assert_eq!(aggregate.paths, 3);

    let clash = source("apis/x/v1", json!({}), json!({"/apis/": {"get": {"operationId": "other"}}}));
    let error = merge("s", &[apps, clash]).expect_err("path conflict");
    assert_eq!(error, "path /apis/ differs between apis/apps/v1 and apis/x/v1");
}

#[test]
fn security_schemes_that_differ_are_an_error() {
    let apps = source("apis/apps/v1", json!({}), json!({}));
    let mut other = source("apis/batch/v1", json!({}), json!({}));
    other.document["components"]["securitySchemes"]["BearerToken"]["name"] = json!("x-token");
    let error = merge("s", &[apps, other]).expect_err("conflict");
    assert!(error.starts_with("components.securitySchemes BearerToken differs"), "{error}");
}

#[test]
fn documents_must_agree_on_the_openapi_version() {
    let apps = source("apis/apps/v1", json!({}), json!({}));
    let mut newer = source("apis/batch/v1", json!({}), json!({}));
    newer.document["openapi"] = json!("3.1.0");
    let error = merge("s", &[newer, apps.clone()]).expect_err("mismatch");
    assert_eq!(error, "openapi versions differ: 3.0.0 in apis/apps/v1, 3.1.0 in apis/batch/v1");
    assert_eq!(merge("s", &[apps]).expect("merges").document["openapi"], "3.0.0");
}

#[test]
fn the_title_names_the_server_and_the_shared_info_version_is_kept() {
    let apps = source("apis/apps/v1", json!({}), json!({}));
    let aggregate = merge("http://127.0.0.1:9", std::slice::from_ref(&apps)).expect("merges");
    let info = &aggregate.document["info"];
    assert!(info["title"].as_str().is_some_and(|title| title.contains("http://127.0.0.1:9")), "{info}");
    assert_eq!(info["version"], "unversioned");

    let mut versioned = apps.clone();
    versioned.document["info"]["version"] = json!("v1.32.0");
    let mixed = merge("s", &[apps, versioned.clone()]).expect("merges");
    assert_eq!(mixed.document["info"]["version"], "unversioned");
    assert_eq!(merge("s", &[versioned]).expect("merges").document["info"]["version"], "v1.32.0");
}

#[test]
fn malformed_documents_are_errors_not_panics() {
    let broken = SourceDocument { group_version: "apis/a/v1".to_owned(), document: json!([1, 2]) };
    assert!(merge("s", &[broken]).is_err());
    let mut bad_paths = source("apis/b/v1", json!({}), json!({}));
    bad_paths.document["paths"] = json!("nope");
    assert_eq!(merge("s", &[bad_paths]).expect_err("bad"), "apis/b/v1: paths is not a JSON object");
    assert_eq!(merge("s", &[]).expect_err("empty"), "the server lists no OpenAPI v3 documents");
}
