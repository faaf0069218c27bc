//! The swagger 2.0 document against the lossless OpenAPI v3 definitions: v2 drops exactly what the loss report
//! lists, and differs in nothing else apart from the documented rewrites (refs beside their siblings instead of
//! allOf-wrapped, `#/definitions/` refs, scalar choices written `type: string` [+ `format: int-or-string`]).

mod common;

use std::collections::BTreeMap;

use kapi_codegen::openapi_v2::{LossLocation, LossReport};
use kapi_codegen::{Options, generate};
use serde_json::{Map, Value, json};

/// (definition, pointer) -> (keyword, value) of every reported loss; entries are removed as the walk finds them.
type Expected = BTreeMap<(String, String), (String, Value)>;

fn escape(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// The v3 node as v2 should write it before losses: allOf-wrapped refs unwrapped, ref prefixes moved.
fn unwrap_reference(source: &Map<String, Value>) -> Map<String, Value> {
    let mut node = source.clone();
    let all_of = node.get("allOf").and_then(Value::as_array).cloned().unwrap_or_default();
    let wrapped =
        all_of.first().and_then(Value::as_object).filter(|first| first.len() == 1 && first.contains_key("$ref"));
    if let Some(first) = wrapped {
        node.extend(first.clone());
        let rest: Vec<Value> = all_of[1..].to_vec();
        if rest.is_empty() {
            node.remove("allOf")
        } else {
            node.insert("allOf".into(), Value::Array(rest))
        };
    }
    if let Some(Value::String(target)) = node.get("$ref") {
        let moved = target.replacen("#/components/schemas/", "#/definitions/", 1);
        node.insert("$ref".into(), Value::String(moved));
    }
    node
}

fn compare(definition: &str, source: &Value, v2: &Value, pointer: &str, expected: &mut Expected) {
    let (Value::Object(source), Value::Object(v2)) = (source, v2) else {
        return assert_eq!(source, v2, "{definition}{pointer}");
    };
    let source = unwrap_reference(source);
    for (key, value) in &source {
        let at = format!("{pointer}/{}", escape(key));
        let Some(written) = v2.get(key) else {
            let entry = expected.remove(&(definition.to_owned(), at.clone()));
            assert_eq!(
                entry,
                Some((key.clone(), value.clone())),
                "{definition}{at} is missing from v2 but not reported"
            );
            continue;
        };
        match key.as_str() {
            "properties" => {
                let (Some(source), Some(written)) = (value.as_object(), written.as_object()) else { panic!("{at}") };
                assert_eq!(source.keys().collect::<Vec<_>>(), written.keys().collect::<Vec<_>>(), "{definition}{at}");
                for (name, node) in source {
                    compare(definition, node, &written[name], &format!("{at}/{}", escape(name)), expected);
                }
            }
            "items" | "additionalProperties" | "not" => compare(definition, value, written, &at, expected),
            "allOf" | "oneOf" | "anyOf" => {
                let (Some(source), Some(written)) = (value.as_array(), written.as_array()) else { panic!("{at}") };
                assert_eq!(source.len(), written.len(), "{definition}{at}");
                for (index, (node, other)) in source.iter().zip(written).enumerate() {
                    compare(definition, node, other, &format!("{at}/{index}"), expected);
                }
            }
            _ => assert_eq!(value, written, "{definition}{at}"),
        }
    }
    for (key, value) in v2 {
        if source.contains_key(key) {
            continue;
        }
        let rewritten = source.contains_key("oneOf") || source.contains_key("x-kubernetes-int-or-string");
        let documented =
            matches!((key.as_str(), value.as_str()), ("type", Some("string")) | ("format", Some("int-or-string")));
        assert!(rewritten && documented, "{definition}{pointer}/{key} = {value} appears only in v2");
    }
}

#[test]
fn v2_drops_exactly_what_the_loss_report_lists() {
    let artifacts = generate(&common::registry(), &Options::default()).expect("generate");
    assert_loss_report_is_exact(&artifacts);
    let summary = LossReport::from_artifacts(&artifacts).expect("loss report").summary_line();
    for keyword in ["default", "oneOf", "anyOf", "not", "nullable", "writeOnly", "deprecated"] {
        assert!(summary.contains(keyword), "{keyword} missing from {summary}");
    }
}

#[test]
fn the_corpus_v2_drops_exactly_what_its_loss_report_lists() {
    let artifacts = generate(&kapi_schemas::registry(), &Options::default()).expect("generate");
    assert_loss_report_is_exact(&artifacts);
}

fn assert_loss_report_is_exact(artifacts: &kapi_codegen::Artifacts) {
    let swagger = common::json_of(artifacts, "openapi/v2/swagger.json");
    let report = LossReport::from_artifacts(artifacts).expect("loss report");
    assert!(!report.is_empty());

    // The lossless source: the union of every v3 document's definitions (identical wherever they repeat).
    let mut source = Map::new();
    for (path, _) in artifacts.iter().filter(|(p, _)| p.starts_with("openapi/v3/api")) {
        let document = common::json_of(artifacts, path);
        for (name, schema) in document["components"]["schemas"].as_object().expect("schemas") {
            if let Some(previous) = source.insert(name.clone(), schema.clone()) {
                assert_eq!(&previous, schema, "{name} differs between documents");
            }
        }
    }
    let definitions = swagger["definitions"].as_object().expect("definitions");
    assert_eq!(definitions.keys().collect::<Vec<_>>(), source.keys().collect::<Vec<_>>());

    let mut expected = Expected::new();
    for entry in report.entries() {
        let LossLocation::Definition(definition) = &entry.location else { panic!("only definitions lose keywords") };
        let key = (definition.clone(), entry.pointer.clone());
        let previous = expected.insert(key, (entry.keyword.as_str().to_owned(), entry.value.clone()));
        assert!(previous.is_none(), "duplicate entry {entry:?}");
    }
    for (name, v2) in definitions {
        compare(name, &source[name], v2, "", &mut expected);
    }
    assert!(expected.is_empty(), "reported but not dropped: {expected:?}");

    let summary = report.summary_line();
    assert!(summary.starts_with(&format!("v2 dropped {} keywords: ", report.entries().len())), "{summary}");
}

#[test]
fn v2_writes_operations_in_swagger_form() {
    let artifacts = generate(&common::registry(), &Options::default()).expect("generate");
    let swagger = common::json_of(&artifacts, "openapi/v2/swagger.json");
    assert_eq!(swagger["swagger"], json!("2.0"));
    assert_eq!(swagger["security"], json!([{"BearerToken": []}]));
    assert_eq!(swagger["securityDefinitions"]["BearerToken"]["in"], json!("header"));

    let collection = &swagger["paths"]["/apis/coordination.k8s.io/v1/namespaces/{namespace}/leases"];
    let create = &collection["post"];
    assert_eq!(create["consumes"], json!(["*/*"]));
    assert_eq!(
        create["produces"],
        json!(["application/cbor", "application/json", "application/vnd.kubernetes.protobuf", "application/yaml"])
    );
    let body =
        create["parameters"].as_array().expect("parameters").iter().find(|p| p["in"] == json!("body")).expect("body");
    assert_eq!(
        body,
        &json!({"in": "body", "name": "body", "required": true, "schema": {"$ref": "#/definitions/io.k8s.api.coordination.v1.Lease"}})
    );
    assert_eq!(create["responses"]["201"]["schema"], json!({"$ref": "#/definitions/io.k8s.api.coordination.v1.Lease"}));
    assert_eq!(create["responses"]["401"], json!({"description": "Unauthorized"}));
    let namespace = collection["parameters"]
        .as_array()
        .expect("shared")
        .iter()
        .find(|p| p["name"] == json!("namespace"))
        .expect("ns");
    assert_eq!(namespace["type"], json!("string"));
    assert_eq!(namespace["required"], json!(true));
    assert_eq!(namespace["uniqueItems"], json!(true));
    assert!(namespace.get("schema").is_none());

    let patch = &swagger["paths"]["/apis/apps/v1/namespaces/{namespace}/deployments/{name}/scale"]["patch"];
    assert_eq!(patch["consumes"].as_array().map(Vec::len), Some(5));
    assert_eq!(
        patch["x-kubernetes-group-version-kind"],
        json!({"group": "autoscaling", "kind": "Scale", "version": "v1"})
    );

    // Every reference resolves, and nothing is allOf-wrapped.
    let text = serde_json::to_string(&swagger).expect("text");
    assert!(!text.contains("#/components/"));
    for target in text.split("\"$ref\":\"#/definitions/").skip(1).filter_map(|rest| rest.split('"').next()) {
        assert!(swagger["definitions"].get(target).is_some(), "dangling {target}");
    }
    assert!(!text.contains("\"allOf\""));
}
