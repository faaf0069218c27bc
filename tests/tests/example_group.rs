//! The example custom group exercises the lossless OpenAPI v3 features upstream's own groups never use.

use kapi_tests::{artifact_json, corpus_artifacts};
use serde_json::Value;

const DOCUMENT: &str = "openapi/v3/apis/stable.example.com/v1.json";

/// Every node of a JSON tree, depth first.
fn nodes(value: &Value) -> Vec<&Value> {
    let mut out = vec![value];
    match value {
        Value::Object(map) => map.values().for_each(|v| out.extend(nodes(v))),
        Value::Array(items) => items.iter().for_each(|v| out.extend(nodes(v))),
        _ => {}
    }
    out
}

fn example_schemas() -> Value {
    let document = artifact_json(&corpus_artifacts(), DOCUMENT);
    let schemas = document["components"]["schemas"].as_object().expect("schemas").clone();
    // Only the example group's own definitions: the meta types are covered by the upstream comparison.
    let own = schemas.into_iter().filter(|(name, _)| name.contains("example")).collect();
    Value::Object(own)
}

/// A named test over one JSON object.
type Check = (&'static str, fn(&serde_json::Map<String, Value>) -> bool);

fn has(schemas: &Value, test: impl Fn(&serde_json::Map<String, Value>) -> bool) -> bool {
    nodes(schemas).into_iter().filter_map(Value::as_object).any(test)
}

#[test]
fn each_lossless_feature_is_present() {
    let schemas = example_schemas();
    let checks: [Check; 9] = [
        ("oneOf", |o| o.get("oneOf").and_then(Value::as_array).is_some_and(|a| a.len() > 1)),
        ("anyOf", |o| o.get("anyOf").and_then(Value::as_array).is_some_and(|a| a.len() > 1)),
        ("nullable", |o| o.get("nullable") == Some(&Value::Bool(true))),
        ("default (explicit, non-zero)", |o| {
            o.get("default")
                .is_some_and(|d| !matches!(d, Value::Object(m) if m.is_empty()) && d != "" && d != 0 && d != false)
        }),
        ("allOf-wrapped $ref with a description", |o| {
            let wrapped =
                o.get("allOf").and_then(Value::as_array).is_some_and(|a| a.len() == 1 && a[0].get("$ref").is_some());
            wrapped && o.get("description").is_some() && o.get("$ref").is_none()
        }),
        ("x-kubernetes-list-map-keys", |o| {
            o.get("x-kubernetes-list-map-keys").and_then(Value::as_array).is_some_and(|a| !a.is_empty())
        }),
        ("x-kubernetes-validations", |o| {
            o.get("x-kubernetes-validations")
                .and_then(Value::as_array)
                .is_some_and(|a| a.iter().all(|r| r.get("rule").is_some()))
        }),
        ("x-kubernetes-int-or-string", |o| o.get("x-kubernetes-int-or-string") == Some(&Value::Bool(true))),
        ("x-kubernetes-preserve-unknown-fields", |o| {
            o.get("x-kubernetes-preserve-unknown-fields") == Some(&Value::Bool(true))
        }),
    ];
    let missing: Vec<_> = checks.iter().filter(|(_, check)| !has(&schemas, check)).map(|(name, _)| *name).collect();
    assert!(missing.is_empty(), "the example group lacks: {missing:?}");
}

#[test]
fn no_bare_ref_carries_siblings() {
    let schemas = example_schemas();
    for node in nodes(&schemas).into_iter().filter_map(Value::as_object) {
        if node.contains_key("$ref") {
            assert_eq!(node.len(), 1, "a $ref with siblings must be wrapped in allOf: {node:?}");
        }
    }
}

#[test]
fn example_group_schemas_snapshot() {
    insta::assert_json_snapshot!("stable_example_com_v1_schemas", example_schemas());
}
