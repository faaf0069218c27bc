//! Whole-document properties of every generated artifact: unique operationIds and `$ref`s that resolve.

use std::collections::BTreeMap;

use kapi_tests::{artifact_json, corpus_artifacts};
use serde_json::Value;

/// Every generated JSON artifact, parsed, by path.
fn documents() -> BTreeMap<String, Value> {
    let artifacts = corpus_artifacts();
    let parsed = artifacts.iter().filter(|(path, _)| path.ends_with(".json")).map(|(path, bytes)| {
        let value = serde_json::from_slice(bytes).unwrap_or_else(|e| panic!("{path} is not JSON: {e}"));
        (path.to_owned(), value)
    });
    parsed.collect()
}

/// Calls `visit` on every object of a JSON tree.
fn walk<'a>(value: &'a Value, visit: &mut impl FnMut(&'a serde_json::Map<String, Value>)) {
    match value {
        Value::Object(map) => {
            visit(map);
            map.values().for_each(|v| walk(v, visit));
        }
        Value::Array(items) => items.iter().for_each(|v| walk(v, visit)),
        _ => {}
    }
}

/// The operationIds of a document's operations, in path order.
fn operation_ids(document: &Value) -> Vec<String> {
    let mut ids = Vec::new();
    for item in document["paths"].as_object().into_iter().flat_map(|paths| paths.values()) {
        for operation in item.as_object().into_iter().flat_map(|item| item.values()) {
            if let Some(id) = operation.get("operationId").and_then(Value::as_str) {
                ids.push(id.to_owned());
            }
        }
    }
    ids
}

#[test]
fn every_operation_id_is_unique_across_all_v3_documents() {
    let mut seen: BTreeMap<String, String> = BTreeMap::new();
    let mut v3_documents = 0;
    for (path, document) in documents().iter().filter(|(path, _)| path.starts_with("openapi/v3/api")) {
        v3_documents += 1;
        for id in operation_ids(document) {
            if let Some(first) = seen.insert(id.clone(), path.clone()) {
                panic!("operationId {id} appears in {first} and again in {path}");
            }
        }
    }
    assert_eq!(v3_documents, 40, "one document per served group-version");
    assert!(seen.len() > 40, "only {} operations", seen.len());
    let swagger = &documents()["openapi/v2/swagger.json"];
    let mut swagger_ids = operation_ids(swagger);
    let total = swagger_ids.len();
    swagger_ids.sort();
    swagger_ids.dedup();
    assert_eq!(swagger_ids.len(), total, "swagger.json repeats an operationId");
    assert_eq!(total, seen.len(), "swagger.json has exactly the v3 documents' operations");
}

/// Whether `target` names something: a JSON pointer fragment into the document itself for OpenAPI and JSON
/// Schema documents; a definition name in the model (its IR refers to definitions by name); and in the loss
/// report, which quotes what swagger 2.0 dropped in OpenAPI v3 form, a pointer into some v3 document.
fn resolves(path: &str, document: &Value, target: &str, all: &BTreeMap<String, Value>) -> bool {
    if path == kapi_codegen::MODEL_PATH {
        return document["definitions"].get(target).is_some();
    }
    let Some(pointer) = target.strip_prefix('#') else { return false };
    if path == kapi_codegen::openapi_v2::LOSS_REPORT_PATH {
        return all.iter().any(|(other, v3)| other.starts_with("openapi/v3/api") && v3.pointer(pointer).is_some());
    }
    document.pointer(pointer).is_some()
}

/// `document` without the model's protobuf field names: maps keyed by JSON property names, where JSON Schema's own
/// `$ref` property (JSONSchemaProps) is a key like any other, not a reference.
fn without_proto_names(path: &str, document: &Value) -> Value {
    let mut document = document.clone();
    if path == kapi_codegen::MODEL_PATH
        && let Some(definitions) = document["definitions"].as_object_mut()
    {
        for definition in definitions.values_mut() {
            if let Some(proto) = definition["info"]["proto"].as_object_mut() {
                proto.remove("names");
            }
        }
    }
    document
}

#[test]
fn every_ref_resolves_within_its_document() {
    let all = documents();
    let mut resolved = 0;
    for (path, document) in &all {
        let mut dangling = Vec::new();
        walk(&without_proto_names(path, document), &mut |object| {
            let Some(target) = object.get("$ref").and_then(Value::as_str) else { return };
            let found = resolves(path, document, target, &all);
            if found {
                resolved += 1;
            } else {
                dangling.push(target.to_owned());
            }
        });
        assert!(dangling.is_empty(), "{path}: unresolved $refs {dangling:?}");
    }
    assert!(resolved > 500, "only {resolved} references checked");
}

/// kube-openapi (kubectl's v2 reader) rejects a reference that also states a type or a shape.
#[test]
fn no_swagger_reference_carries_a_type_or_shape() {
    let artifacts = corpus_artifacts();
    let swagger = artifact_json(&artifacts, "openapi/v2/swagger.json");
    // Keys of name maps are names, not keywords: apiextensions' JSONSchemaProps has a property called `$ref`.
    const NAME_MAPS: [&str; 3] = ["definitions", "properties", "patternProperties"];
    let mut stack = vec![(&swagger, false)];
    while let Some((node, keys_are_names)) = stack.pop() {
        match node {
            Value::Object(map) => {
                if !keys_are_names && map.contains_key("$ref") {
                    for key in ["type", "format", "items", "properties", "additionalProperties"] {
                        assert!(!map.contains_key(key), "a $ref with `{key}` beside it: {map:?}");
                    }
                }
                let names = |key: &String| !keys_are_names && NAME_MAPS.contains(&key.as_str());
                stack.extend(map.iter().map(|(key, value)| (value, names(key))));
            }
            Value::Array(items) => stack.extend(items.iter().map(|item| (item, false))),
            _ => {}
        }
    }
}
