//! The int-or-string and embedded-resource extensions.

use serde_json::{Value, json};

use super::{assert_accepted, assert_rejected, rules_of, with_field};
use crate::structural::StructuralRule;

fn embedded(extra: Value) -> Value {
    let mut template =
        json!({"type": "object", "x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true});
    if let (Some(template), Value::Object(extra)) = (template.as_object_mut(), extra) {
        template.extend(extra);
    }
    with_field("template", template)
}

#[test]
fn int_or_string_with_a_type_is_rejected() {
    let schema = with_field("maxSurge", json!({"type": "string", "x-kubernetes-int-or-string": true}));
    let violation = assert_rejected(&schema, StructuralRule::IntOrStringWithType, "spec.maxSurge");
    assert!(violation.message.contains("ignores"), "{}", violation.message);
}

#[test]
fn int_or_string_alone_or_nullable_is_accepted() {
    assert_accepted(&with_field("maxSurge", json!({"x-kubernetes-int-or-string": true})));
    assert_accepted(&with_field("maxSurge", json!({"x-kubernetes-int-or-string": true, "nullable": true})));
}

#[test]
fn int_or_string_excludes_preserving_and_embedding() {
    let preserve = json!({"x-kubernetes-int-or-string": true, "x-kubernetes-preserve-unknown-fields": true});
    assert_rejected(&with_field("port", preserve), StructuralRule::IntOrStringConflict, "spec.port");
    let embed = json!({"x-kubernetes-int-or-string": true, "x-kubernetes-embedded-resource": true});
    assert_rejected(&with_field("port", embed), StructuralRule::IntOrStringConflict, "spec.port");
}

#[test]
fn an_embedded_resource_must_be_an_object_with_declared_or_preserved_content() {
    let untyped = with_field(
        "template",
        json!({"x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true}),
    );
    assert_rejected(&untyped, StructuralRule::EmbeddedResourceShape, "spec.template");
    assert!(!rules_of(&untyped).contains(&StructuralRule::MissingType));
    let empty = with_field("template", json!({"type": "object", "x-kubernetes-embedded-resource": true}));
    let violation = assert_rejected(&empty, StructuralRule::EmbeddedResourceShape, "spec.template");
    assert!(violation.message.contains("declare properties"), "{}", violation.message);
    let map = embedded(json!({"additionalProperties": {"type": "string"}}));
    assert_rejected(&map, StructuralRule::EmbeddedResourceShape, "spec.template");
}

#[test]
fn embedded_resources_are_accepted_preserving_or_declaring_their_content() {
    assert_accepted(&embedded(json!({})));
    let declared = json!({
        "type": "object",
        "x-kubernetes-embedded-resource": true,
        "properties": {"apiVersion": {"type": "string"}, "kind": {"type": "string"}, "metadata": {"type": "object"}}
    });
    assert_accepted(&with_field("template", declared));
}

#[test]
fn an_embedded_resource_may_not_sit_in_another_resources_metadata() {
    let nested =
        json!({"type": "object", "x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true});
    let schema =
        embedded(json!({"properties": {"metadata": {"type": "object", "properties": {"owner": nested.clone()}}}}));
    assert_rejected(&schema, StructuralRule::EmbeddedResourceInMetadata, "spec.template.metadata.owner");
    // Outside the metadata, resources nest freely.
    assert_accepted(&embedded(json!({"properties": {"spec": {"type": "object", "properties": {"inner": nested}}}})));
}
