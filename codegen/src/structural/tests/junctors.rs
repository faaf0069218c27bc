//! Value validations under allOf, anyOf, oneOf and not.

use serde_json::json;

use super::{assert_accepted, assert_rejected, rules_of, with_field, with_spec};
use crate::structural::StructuralRule;

#[test]
fn a_type_or_description_inside_a_junctor_is_rejected() {
    let schema =
        with_field("size", json!({"type": "integer", "anyOf": [{"type": "integer", "minimum": 1}, {"maximum": -1}]}));
    let violation = assert_rejected(&schema, StructuralRule::JunctorForbiddenKeyword, "spec.size");
    assert_eq!(violation.pointer, "/properties/spec/properties/size/anyOf/0");
    assert!(violation.message.contains("`type`"), "{}", violation.message);
    let schema = with_field("size", json!({"type": "integer", "not": {"description": "negative", "maximum": -1}}));
    assert_rejected(&schema, StructuralRule::JunctorForbiddenKeyword, "spec.size");
    let schema = with_field("size", json!({"type": "integer", "allOf": [{"default": 3}]}));
    assert_rejected(&schema, StructuralRule::JunctorForbiddenKeyword, "spec.size");
    let schema = with_field("size", json!({"type": "integer", "oneOf": [{"nullable": true}]}));
    assert_rejected(&schema, StructuralRule::JunctorForbiddenKeyword, "spec.size");
    let schema =
        with_field("size", json!({"type": "integer", "allOf": [{"x-kubernetes-validations": [{"rule": "self > 0"}]}]}));
    assert_rejected(&schema, StructuralRule::JunctorForbiddenKeyword, "spec.size");
}

#[test]
fn value_validations_and_the_int_or_string_patterns_are_allowed() {
    let bounds =
        json!({"type": "integer", "oneOf": [{"minimum": 1, "maximum": 9}, {"enum": [100]}], "not": {"enum": [5]}});
    assert_accepted(&with_field("size", bounds));
    let any_of = json!({"x-kubernetes-int-or-string": true, "anyOf": [{"type": "integer"}, {"type": "string"}]});
    assert_accepted(&with_field("maxSurge", any_of));
    let all_of = json!({
        "x-kubernetes-int-or-string": true,
        "allOf": [{"anyOf": [{"type": "integer"}, {"type": "string"}]}, {"pattern": "^[0-9]+%?$"}]
    });
    assert_accepted(&with_field("maxSurge", all_of));
}

#[test]
fn the_int_or_string_pattern_must_be_exact() {
    let reversed = json!({"x-kubernetes-int-or-string": true, "anyOf": [{"type": "string"}, {"type": "integer"}]});
    assert_rejected(&with_field("maxSurge", reversed), StructuralRule::JunctorForbiddenKeyword, "spec.maxSurge");
    // Only the first allOf branch may carry it.
    let pattern = json!({"anyOf": [{"type": "integer"}, {"type": "string"}]});
    let second = json!({"x-kubernetes-int-or-string": true, "allOf": [{}, pattern]});
    assert_rejected(&with_field("maxSurge", second), StructuralRule::JunctorForbiddenKeyword, "spec.maxSurge");
}

#[test]
fn a_junctor_may_not_constrain_metadata() {
    let mut schema = with_spec(json!({"type": "object"}));
    schema["properties"]["metadata"] = json!({"type": "object"});
    schema["anyOf"] = json!([{"properties": {"metadata": {"required": ["name"]}}}]);
    let violation = assert_rejected(&schema, StructuralRule::JunctorMetadata, "metadata");
    assert_eq!(violation.pointer, "/anyOf/0/properties/metadata");
    schema["anyOf"] = json!([{"properties": {"spec": {"required": ["size"]}}}]);
    assert_accepted(&schema);
}

#[test]
fn a_property_used_in_a_junctor_must_be_declared() {
    let schema = with_spec(json!({
        "type": "object",
        "properties": {"replicas": {"type": "integer"}},
        "oneOf": [{"required": ["replicas"]}, {"properties": {"autoscale": {"properties": {"min": {"minimum": 1}}}}}]
    }));
    // Below the root, the API server accepts it but prunes the field before the junctor sees it.
    let violation = assert_rejected(&schema, StructuralRule::JunctorPrunedField, "spec.autoscale");
    assert_eq!(violation.pointer, "/properties/spec/oneOf/1/properties/autoscale");
    // Only the outermost undeclared node is reported, not everything below it.
    let reported = crate::structural::check_structural(&schema);
    assert_eq!(reported.iter().filter(|v| v.rule == StructuralRule::JunctorPrunedField).count(), 1);
    let items = with_field("hosts", json!({"type": "array", "allOf": [{"items": {"minLength": 1}}]}));
    assert_rejected(&items, StructuralRule::JunctorPrunedField, "spec.hosts[*]");
    // In the root's junctors, the API server refuses it.
    let mut root = with_spec(json!({"type": "object"}));
    root["anyOf"] = json!([{"required": ["spec"]}, {"properties": {"extra": {"minimum": 1}}}]);
    let violation = assert_rejected(&root, StructuralRule::JunctorUndeclaredField, "extra");
    assert_eq!(violation.pointer, "/anyOf/1/properties/extra");
}

#[test]
fn declared_properties_may_be_constrained_at_any_depth() {
    let schema = with_spec(json!({
        "type": "object",
        "properties": {"autoscale": {"type": "object", "properties": {"min": {"type": "integer"}}}},
        "allOf": [{"properties": {"autoscale": {"properties": {"min": {"minimum": 1}}}}}]
    }));
    assert_accepted(&schema);
    assert!(rules_of(&schema).is_empty());
}
