//! Types of structural nodes, array items, and the root's type and nullability.

use serde_json::json;

use super::{assert_accepted, assert_rejected, rules_of, with_field, with_spec};
use crate::structural::StructuralRule;

fn ports(name: serde_json::Value) -> serde_json::Value {
    with_field("ports", json!({"type": "array", "items": {"type": "object", "properties": {"name": name}}}))
}

#[test]
fn a_field_without_a_type_is_rejected_with_its_path() {
    let violation =
        assert_rejected(&ports(json!({"maxLength": 15})), StructuralRule::MissingType, "spec.ports[*].name");
    assert_eq!(violation.pointer, "/properties/spec/properties/ports/items/properties/name");
    let items = with_field("tags", json!({"type": "array", "items": {"description": "a tag"}}));
    let violation = assert_rejected(&items, StructuralRule::MissingType, "spec.tags[*]");
    assert!(violation.message.contains("list items"), "{}", violation.message);
    let values = with_field("labels", json!({"type": "object", "additionalProperties": {"minLength": 1}}));
    assert_rejected(&values, StructuralRule::MissingType, "spec.labels[*]");
}

#[test]
fn int_or_string_and_preserved_fields_need_no_type() {
    assert_accepted(&ports(json!({"x-kubernetes-int-or-string": true})));
    assert_accepted(&ports(json!({"x-kubernetes-preserve-unknown-fields": true})));
    assert_accepted(&ports(json!({"type": "string"})));
}

#[test]
fn an_array_needs_items() {
    let schema = with_field("hosts", json!({"type": "array", "maxItems": 3}));
    assert_rejected(&schema, StructuralRule::ArrayWithoutItems, "spec.hosts");
    assert_accepted(&with_field("hosts", json!({"type": "array", "maxItems": 3, "items": {"type": "string"}})));
}

#[test]
fn the_root_must_be_an_object() {
    let array = json!({"type": "array", "items": {"type": "string"}});
    let violation = assert_rejected(&array, StructuralRule::RootType, "");
    assert!(violation.message.contains("not array"), "{}", violation.message);
    assert_eq!(violation.pointer, "");
    // A root may leave its type out only when it preserves unknown fields, as the API server allows.
    assert_rejected(&json!({"properties": {"spec": {"type": "object"}}}), StructuralRule::RootType, "");
    let untyped = json!({"x-kubernetes-preserve-unknown-fields": true});
    assert_accepted(&untyped);
    assert!(!rules_of(&untyped).contains(&StructuralRule::MissingType));
    assert_accepted(&json!({"type": "object", "x-kubernetes-preserve-unknown-fields": true}));
}

#[test]
fn the_root_may_not_be_nullable() {
    let mut schema = with_spec(json!({"type": "object"}));
    schema["nullable"] = json!(true);
    assert_rejected(&schema, StructuralRule::RootNullable, "");
    assert_accepted(&with_field("paused", json!({"type": "boolean", "nullable": true})));
}
