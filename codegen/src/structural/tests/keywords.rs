//! The vocabulary, `items` and `type` forms, and keywords forbidden by value.

use serde_json::json;

use super::{assert_accepted, assert_rejected, rules_of, with_field, with_spec};
use crate::structural::StructuralRule;

#[test]
fn every_keyword_of_the_vocabulary_is_accepted() {
    assert_accepted(&with_field(
        "image",
        json!({
            "type": "string", "description": "the image", "title": "Image", "format": "uri-reference",
            "minLength": 1, "maxLength": 255, "pattern": "^[a-z0-9./:-]+$", "enum": ["nginx", "redis"],
            "example": "nginx", "externalDocs": {"url": "https://example.invalid"}, "nullable": false,
            "x-kubernetes-validations": [{"rule": "self != 'latest'"}]
        }),
    ));
}

#[test]
fn an_unknown_keyword_is_rejected() {
    let schema = with_field("mode", json!({"type": "string", "const": "fast"}));
    let violation = assert_rejected(&schema, StructuralRule::UnknownKeyword, "spec.mode");
    assert!(violation.message.contains("`const`"), "{}", violation.message);
    // Extensions Kubernetes does not know are dropped by the API server, so they are unknown too.
    let schema = with_field("ports", json!({"type": "string", "x-kubernetes-patch-strategy": "merge"}));
    assert_rejected(&schema, StructuralRule::UnknownKeyword, "spec.ports");
}

#[test]
fn ref_and_definitions_are_unsupported() {
    let schema = with_field("template", json!({"$ref": "#/definitions/Template"}));
    let violation = assert_rejected(&schema, StructuralRule::UnsupportedKeyword, "spec.template");
    assert!(violation.message.contains("`$ref`") && violation.message.contains("inline"), "{}", violation.message);
    let mut root = with_spec(json!({"type": "object"}));
    root["definitions"] = json!({"Template": {"type": "object"}});
    assert_rejected(&root, StructuralRule::UnsupportedKeyword, "");
}

#[test]
fn a_keyword_of_the_wrong_json_type_is_malformed_and_null_is_absent() {
    let schema = with_field("replicas", json!({"type": "integer", "nullable": "yes"}));
    let violation = assert_rejected(&schema, StructuralRule::MalformedKeyword, "spec.replicas");
    assert!(violation.message.contains("`nullable` must be a boolean, not a string"), "{}", violation.message);
    assert_rejected(
        &with_field("n", json!({"type": "integer", "maximum": "10"})),
        StructuralRule::MalformedKeyword,
        "spec.n",
    );
    assert_rejected(
        &with_field("n", json!({"type": "string", "maxLength": 1.5})),
        StructuralRule::MalformedKeyword,
        "spec.n",
    );
    assert_accepted(&with_field("replicas", json!({"type": "integer", "nullable": null, "maximum": 10})));
}

#[test]
fn items_must_be_one_schema() {
    let schema = with_field("pair", json!({"type": "array", "items": [{"type": "string"}, {"type": "integer"}]}));
    assert_rejected(&schema, StructuralRule::ItemsNotASchema, "spec.pair");
    assert!(!rules_of(&schema).contains(&StructuralRule::MalformedKeyword));
    assert_accepted(&with_field("pair", json!({"type": "array", "items": {"type": "string"}})));
}

#[test]
fn type_must_be_one_of_six_names() {
    for bad in [json!("null"), json!("int"), json!(["string", "null"]), json!(3)] {
        let schema = with_field("size", json!({"type": bad}));
        assert_rejected(&schema, StructuralRule::InvalidType, "spec.size");
        assert!(!rules_of(&schema).contains(&StructuralRule::MissingType), "{schema}");
    }
    let violation =
        assert_rejected(&with_field("size", json!({"type": "null"})), StructuralRule::InvalidType, "spec.size");
    assert!(violation.message.contains("nullable"), "{}", violation.message);
    for good in ["string", "number", "integer", "boolean"] {
        assert_accepted(&with_field("size", json!({"type": good})));
    }
}

#[test]
fn unique_items_true_is_forbidden() {
    let schema = with_field("hosts", json!({"type": "array", "items": {"type": "string"}, "uniqueItems": true}));
    let violation = assert_rejected(&schema, StructuralRule::UniqueItems, "spec.hosts");
    assert!(violation.message.contains("x-kubernetes-list-type: set"), "{}", violation.message);
    assert_accepted(&with_field("hosts", json!({"type": "array", "items": {"type": "string"}, "uniqueItems": false})));
}

#[test]
fn a_pattern_must_compile_with_re2_syntax() {
    assert_rejected(
        &with_field("name", json!({"type": "string", "pattern": "(["})),
        StructuralRule::InvalidPattern,
        "spec.name",
    );
    // Go's regexp has no look-around, so neither may a CRD pattern.
    let lookahead = with_field("name", json!({"type": "string", "pattern": "^(?!kube-).*$"}));
    assert_rejected(&lookahead, StructuralRule::InvalidPattern, "spec.name");
    // Patterns inside junctors are compiled too.
    let nested = with_field("name", json!({"type": "string", "anyOf": [{"pattern": "^a$"}, {"pattern": "[z-a]"}]}));
    assert_rejected(&nested, StructuralRule::InvalidPattern, "spec.name");
    assert_accepted(&with_field("name", json!({"type": "string", "pattern": "^[a-z]([-a-z0-9]*[a-z0-9])?$"})));
}

#[test]
fn preserve_unknown_fields_must_not_be_false() {
    let schema = with_field("extra", json!({"type": "object", "x-kubernetes-preserve-unknown-fields": false}));
    assert_rejected(&schema, StructuralRule::PreserveUnknownFieldsFalse, "spec.extra");
    assert_accepted(&with_field("extra", json!({"type": "object", "x-kubernetes-preserve-unknown-fields": true})));
}
