//! The check of declared defaults (codegen/src/validate/defaults.rs), differential: a type's defaults that kapi
//! refuses to generate from are the ones a real kube-apiserver refuses in a CRD, and those it lets through the
//! server accepts. Several defaults sit in one definition, so each refusal must land on its own field.

use kapi_tests::kube::{crd_around, kube};
use serde_json::{Value, json};

use crate::kube_crds::server_verdict;

/// Fields with their schema and a declared default: (field, schema, default, whether it fits).
fn fields() -> Vec<(&'static str, Value, Value, bool)> {
    vec![
        ("port", json!({"type": "integer", "minimum": 1}), json!(8080), true),
        ("lowPort", json!({"type": "integer", "minimum": 1}), json!(0), false),
        ("mode", json!({"type": "string", "enum": ["Fast", "Safe"]}), json!("Safe"), true),
        ("badMode", json!({"type": "string", "enum": ["Fast", "Safe"]}), json!("Slow"), false),
        ("name", json!({"type": "string", "pattern": "^[a-z]+$"}), json!("abc"), true),
        ("badName", json!({"type": "string", "pattern": "^[a-z]+$"}), json!("ABC"), false),
        ("short", json!({"type": "string", "maxLength": 3}), json!("abcdef"), false),
        ("count", json!({"type": "integer"}), json!("three"), false),
    ]
}

fn with_default(schema: &Value, default: &Value) -> Value {
    let mut schema = schema.clone();
    schema["default"] = default.clone();
    schema
}

/// The fields kapi names in the errors of generating from one definition that holds all of `fields`.
fn refused_by_kapi(fields: &[(&str, Value, Value, bool)]) -> Vec<String> {
    let properties: serde_json::Map<String, Value> =
        fields.iter().map(|(name, schema, default, _)| (name.to_string(), with_default(schema, default))).collect();
    let spec = json!({"type": "object", "properties": properties});
    let model = json!({"definitions": {"example.com.v1.Spec": {"schema": spec}}, "resources": []});
    let registry: kapi_model::Registry = serde_json::from_value(model).expect("a model");
    let Err(error) = kapi_codegen::generate(&registry, &kapi_codegen::Options::default()) else {
        return Vec::new();
    };
    let message = error.to_string();
    let named = |name: &str| message.contains(&format!("`Spec.{name}`"));
    fields.iter().map(|(name, ..)| name.to_string()).filter(|name| named(name)).collect()
}

#[test]
fn kapi_refuses_exactly_the_defaults_the_server_refuses() {
    let kube = kube();
    let fields = fields();
    let kapi = refused_by_kapi(&fields);
    let mut server = Vec::new();
    for (name, schema, default, _) in &fields {
        let spec = json!({"type": "object", "properties": {*name: with_default(schema, default)}});
        let schema = json!({"type": "object", "properties": {"spec": spec}});
        if server_verdict(kube, &crd_around("defaults.kapi.test", "Case", schema)).is_some() {
            server.push(name.to_string());
        }
    }
    let expected: Vec<String> = fields.iter().filter(|(.., fits)| !fits).map(|(name, ..)| name.to_string()).collect();
    assert_eq!(server, expected, "the server's refusals are the cases' premise");
    assert_eq!(kapi, server, "kapi refuses other defaults than the server");
}
