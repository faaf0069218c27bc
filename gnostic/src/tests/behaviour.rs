//! Deterministic bytes, and clear errors (never panics) for documents of the wrong shape.

use super::v2_document::swagger;
use super::v3_document::group_version;
use crate::{openapi_v2_protobuf, openapi_v3_protobuf};
use serde_json::{Value, json};

/// `document` re-parsed from text whose object keys are written in reverse order.
fn with_keys_reversed(document: &Value) -> Value {
    fn reversed_text(value: &Value) -> String {
        match value {
            Value::Object(map) => {
                let entries: Vec<String> = map
                    .iter()
                    .rev()
                    .map(|(k, v)| format!("{}:{}", Value::String(k.clone()), reversed_text(v)))
                    .collect();
                format!("{{{}}}", entries.join(","))
            }
            Value::Array(items) => format!("[{}]", items.iter().map(reversed_text).collect::<Vec<_>>().join(",")),
            scalar => scalar.to_string(),
        }
    }
    serde_json::from_str(&reversed_text(document)).expect("reversed text is JSON")
}

#[test]
fn gnostic_same_document_gives_same_bytes() {
    let v2 = swagger();
    let first = openapi_v2_protobuf(&v2).expect("encodes");
    assert_eq!(first, openapi_v2_protobuf(&v2).expect("encodes"));
    assert_eq!(first, openapi_v2_protobuf(&with_keys_reversed(&v2)).expect("encodes"));
    let v3 = group_version();
    let first = openapi_v3_protobuf(&v3).expect("encodes");
    assert_eq!(first, openapi_v3_protobuf(&v3).expect("encodes"));
    assert_eq!(first, openapi_v3_protobuf(&with_keys_reversed(&v3)).expect("encodes"));
}

fn v2_error(document: &Value) -> String {
    openapi_v2_protobuf(document).expect_err("the document is refused").to_string()
}

fn v3_error(document: &Value) -> String {
    openapi_v3_protobuf(document).expect_err("the document is refused").to_string()
}

#[test]
fn gnostic_refuses_a_document_that_is_not_an_object() {
    for not_object in [json!(null), json!([]), json!("swagger"), json!(2)] {
        assert!(
            v2_error(&not_object).starts_with("openapi v2 document is malformed: #: the document must be an object")
        );
        assert!(
            v3_error(&not_object).starts_with("openapi v3 document is malformed: #: the document must be an object")
        );
    }
}

#[test]
fn gnostic_v2_lists_every_problem_with_its_location() {
    let mut doc = swagger();
    doc["swagger"] = json!("3.0");
    doc["definitions"]["com.example.stable.v1.CronTab"]["type"] = json!(7);
    doc["definitions"]["com.example.stable.v1.CronTab"]["maxLength"] = json!(1.5);
    doc["definitions"]["com.example.stable.v1.CronTab"]["nullable"] = json!(true);
    doc["paths"]["apis"] = json!({});
    let error = v2_error(&doc);
    for expected in [
        "#/swagger: must be \"2.0\", found \"3.0\"",
        "#/definitions/com.example.stable.v1.CronTab/type: must be a string or a list of strings, found a number",
        "#/definitions/com.example.stable.v1.CronTab/maxLength: must be a whole number that fits in 64 bits",
        "#/definitions/com.example.stable.v1.CronTab: unknown key \"nullable\"",
        "#/paths: path \"apis\" must start with \"/\"",
    ] {
        assert!(error.contains(expected), "{expected:?} missing from {error:?}");
    }
}

#[test]
fn gnostic_v2_refuses_unknown_parameter_locations_and_missing_keys() {
    let mut doc = swagger();
    doc["paths"]["/apis/stable.example.com/v1/namespaces/{namespace}/crontabs"]["parameters"][1]["in"] =
        json!("cookie");
    doc.as_object_mut().expect("an object").remove("info");
    let error = v2_error(&doc);
    assert!(error.contains("#: missing required key \"info\""), "{error}");
    assert!(
        error.contains(
            "/parameters/1/in: must be one of \"body\", \"header\", \"formData\", \"query\", \"path\", found \"cookie\""
        ),
        "{error}"
    );
}

#[test]
fn gnostic_v3_refuses_references_with_siblings_and_wrong_types() {
    let mut doc = group_version();
    let schemas = &mut doc["components"]["schemas"];
    schemas["com.example.stable.v1.CronTab"]["properties"]["spec"]["default"] = json!({});
    schemas["com.example.stable.v1.CronTabSpec"]["required"] = json!(["cronSpec", 3]);
    schemas["com.example.stable.v1.Port"]["additionalProperties"] = json!("yes");
    let error = v3_error(&doc);
    for expected in [
        "#/components/schemas/com.example.stable.v1.CronTab/properties/spec: unknown key \"default\"",
        "#/components/schemas/com.example.stable.v1.CronTabSpec/required/1: must be a string, found a number",
        "#/components/schemas/com.example.stable.v1.Port/additionalProperties: must be a schema or a boolean",
    ] {
        assert!(error.contains(expected), "{expected:?} missing from {error:?}");
    }
}

#[test]
fn gnostic_error_lists_at_most_twenty_problems() {
    let mut doc = swagger();
    let definitions = doc["definitions"].as_object_mut().expect("an object");
    for i in 0..25 {
        definitions.insert(format!("Bad{i:02}"), json!("not a schema"));
    }
    let error = v2_error(&doc);
    assert_eq!(error.matches("must be an object").count(), 20, "{error}");
    assert!(error.ends_with("; and 5 more"), "{error}");
    // The message stops at twenty; the error itself keeps every problem, each with its location.
    let error = openapi_v2_protobuf(&doc).expect_err("the document is refused");
    let locations: Vec<&str> = error.problems().iter().map(|p| p.location()).collect();
    let expected: Vec<String> = (0..25).map(|i| format!("#/definitions/Bad{i:02}")).collect();
    assert_eq!(locations, expected);
    assert!(error.problems().iter().all(|p| p.message() == "a schema must be an object, found a string"));
}

#[test]
fn gnostic_never_panics_on_odd_values() {
    let odd = [json!(null), json!(true), json!(-1), json!(1e300), json!(""), json!([null, {}]), json!({"x-": null})];
    for value in odd {
        for key in ["swagger", "info", "paths", "definitions", "security", "tags", "externalDocs"] {
            let _ = openapi_v2_protobuf(&json!({ key: value.clone() }));
        }
        for key in ["openapi", "info", "paths", "components", "servers", "security"] {
            let _ = openapi_v3_protobuf(&json!({ key: value.clone() }));
        }
        let schema =
            json!({"items": value, "additionalProperties": value, "type": value, "not": value, "default": value});
        let info = json!({"title": "t", "version": "v"});
        let v2 = json!({"swagger": "2.0", "info": info, "paths": {}, "definitions": {"A": schema}});
        let v3 = json!({"openapi": "3.0.0", "info": info, "paths": {}, "components": {"schemas": {"A": schema}}});
        let _ = openapi_v2_protobuf(&v2);
        let _ = openapi_v3_protobuf(&v3);
    }
}
