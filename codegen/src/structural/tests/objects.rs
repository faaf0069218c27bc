//! properties against additionalProperties.

use serde_json::json;

use super::{assert_accepted, assert_rejected, with_field, with_spec};
use crate::structural::StructuralRule;

#[test]
fn properties_and_an_additional_properties_schema_exclude_each_other() {
    let schema = with_field(
        "selector",
        json!({
            "type": "object", "properties": {"app": {"type": "string"}}, "additionalProperties": {"type": "string"}
        }),
    );
    assert_rejected(&schema, StructuralRule::PropertiesWithAdditionalProperties, "spec.selector");
}

#[test]
fn a_map_and_a_struct_with_additional_properties_true_are_accepted() {
    assert_accepted(&with_field("labels", json!({"type": "object", "additionalProperties": {"type": "string"}})));
    // Kubernetes accepts `true` beside properties: it says nothing pruning does not already do.
    let open = json!({"type": "object", "properties": {"app": {"type": "string"}}, "additionalProperties": true});
    assert_accepted(&with_field("selector", open));
}

#[test]
fn additional_properties_false_is_rejected() {
    let schema = with_field("labels", json!({"type": "object", "additionalProperties": false}));
    let violation = assert_rejected(&schema, StructuralRule::AdditionalPropertiesFalse, "spec.labels");
    assert!(violation.message.contains("prunes"), "{}", violation.message);
}

#[test]
fn the_root_may_not_be_a_map() {
    let mut schema = with_spec(json!({"type": "object"}));
    schema["additionalProperties"] = json!({"type": "string"});
    assert_rejected(&schema, StructuralRule::RootAdditionalProperties, "");
    let inner = json!({"type": "object", "additionalProperties": {"type": "string"}});
    let nested_map = json!({"type": "object", "additionalProperties": inner});
    assert_accepted(&with_field("annotations", nested_map));
}
