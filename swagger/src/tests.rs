//! End-to-end behaviour of [`v2_to_v3`] on small documents.

use super::*;
use serde_json::json;

fn swagger() -> Value {
    json!({
        "swagger": "2.0",
        "info": {"title": "Kubernetes", "version": "unversioned"},
        "consumes": ["application/json"],
        "produces": ["application/json"],
        "paths": {
            "/apis/apps/v1/deployments": {"get": {"responses": {"200": {"description": "OK",
                "schema": {"$ref": "#/definitions/apps.DeploymentList"}}}}},
            "/api/v1/pods": {"get": {"responses": {"200": {"description": "OK",
                "schema": {"$ref": "#/definitions/core.Pod"}}}}},
            "/version": {"get": {"responses": {"200": {"description": "OK"}}}},
        },
        "definitions": {
            "apps.DeploymentList": {"type": "object", "properties": {
                "items": {"type": "array", "items": {"$ref": "#/definitions/apps.Deployment"}}}},
            "apps.Deployment": {"type": "object", "properties": {
                "surge": {"$ref": "#/definitions/intstr.IntOrString", "description": "s"},
                "choice": {"description": "one of several"}}},
            "intstr.IntOrString": {"type": "string", "format": "int-or-string"},
            "core.Pod": {"type": "object"},
        },
    })
}

#[test]
fn one_document_per_group_version_with_its_definitions_only() {
    let conversion = v2_to_v3(&swagger()).expect("converts");
    assert_eq!(conversion.documents.keys().collect::<Vec<_>>(), ["api/v1", "apis/apps/v1"]);
    let apps = &conversion.documents["apis/apps/v1"];
    let names: Vec<&String> = apps["components"]["schemas"].as_object().expect("schemas").keys().collect();
    assert_eq!(names, ["apps.Deployment", "apps.DeploymentList", "intstr.IntOrString"]);
    assert_eq!(apps["components"]["schemas"]["intstr.IntOrString"]["oneOf"][0], json!({"type": "integer"}));
    let core = &conversion.documents["api/v1"];
    assert_eq!(core["components"]["schemas"].as_object().expect("schemas").len(), 1);
    assert_eq!(core["paths"].as_object().expect("paths").len(), 1);
}

#[test]
fn the_report_lists_what_could_not_be_restored() {
    let report = v2_to_v3(&swagger()).expect("converts").report;
    let listed: Vec<(&str, &str, Unrestored)> =
        report.entries.iter().map(|e| (e.group_version.as_str(), e.pointer.as_str(), e.reason)).collect();
    assert_eq!(
        listed,
        [
            ("", "/paths/~1version", Unrestored::UngroupedPath),
            ("apis/apps/v1", "/definitions/apps.Deployment/properties/choice", Unrestored::UntypedSchema),
        ]
    );
}

#[test]
fn documents_that_are_not_swagger2_are_refused() {
    let error = v2_to_v3(&json!({"openapi": "3.0.0"})).expect_err("not v2");
    assert_eq!(error.to_string(), "not a swagger 2.0 document (swagger field: absent)");
    assert!(v2_to_v3(&json!([])).is_err());
    let bad_paths = v2_to_v3(&json!({"swagger": "2.0", "paths": []})).expect_err("paths must be an object");
    assert_eq!(bad_paths.to_string(), "/paths is not a JSON object");
}

#[test]
fn a_dangling_definition_reference_is_an_error() {
    let mut document = swagger();
    document["definitions"].as_object_mut().expect("definitions").remove("core.Pod");
    let error = v2_to_v3(&document).expect_err("dangling");
    assert!(error.to_string().contains("#/definitions/core.Pod"), "{error}");
}
