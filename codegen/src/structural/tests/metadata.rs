//! A resource's apiVersion, kind and metadata.

use serde_json::{Value, json};

use super::{assert_accepted, assert_rejected, with_field, with_spec};
use crate::structural::StructuralRule;

fn with_root_property(name: &str, schema: Value) -> Value {
    let mut root = with_spec(json!({"type": "object"}));
    root["properties"][name] = schema;
    root
}

#[test]
fn root_metadata_may_restrict_name_and_generate_name() {
    let metadata = json!({
        "type": "object",
        "properties": {
            "name": {"type": "string", "maxLength": 63, "pattern": "^[a-z]"},
            "generateName": {"type": "string"}
        }
    });
    assert_accepted(&with_root_property("metadata", metadata));
    assert_accepted(&with_root_property("metadata", json!({"type": "object"})));
}

#[test]
fn root_metadata_may_say_nothing_else() {
    let described = with_root_property("metadata", json!({"type": "object", "description": "standard metadata"}));
    let violation = assert_rejected(&described, StructuralRule::RootMetadata, "metadata");
    assert!(violation.message.contains("`description`"), "{}", violation.message);
    let map = json!({"type": "object", "additionalProperties": {"type": "string"}});
    let labels = json!({"type": "object", "properties": {"labels": map}});
    let violation = assert_rejected(&with_root_property("metadata", labels), StructuralRule::RootMetadata, "metadata");
    assert!(violation.message.contains("`labels`"), "{}", violation.message);
    let required = with_root_property("metadata", json!({"type": "object", "required": ["name"]}));
    assert_rejected(&required, StructuralRule::RootMetadata, "metadata");
}

#[test]
fn root_metadata_name_must_be_a_string() {
    let metadata = json!({"type": "object", "properties": {"name": {"type": "integer"}}});
    let violation =
        assert_rejected(&with_root_property("metadata", metadata), StructuralRule::MetadataNameType, "metadata.name");
    assert_eq!(violation.pointer, "/properties/metadata/properties/name");
}

#[test]
fn api_version_kind_and_metadata_have_fixed_types_in_a_resource() {
    assert_rejected(&with_root_property("kind", json!({"type": "integer"})), StructuralRule::MetaFieldType, "kind");
    assert_rejected(
        &with_root_property("metadata", json!({"type": "string"})),
        StructuralRule::MetaFieldType,
        "metadata",
    );
    let template = json!({
        "type": "object",
        "x-kubernetes-embedded-resource": true,
        "properties": {"apiVersion": {"type": "object"}, "kind": {"type": "string"}}
    });
    let violation =
        assert_rejected(&with_field("template", template), StructuralRule::MetaFieldType, "spec.template.apiVersion");
    assert!(violation.message.contains("not type object"), "{}", violation.message);
}

#[test]
fn outside_a_resource_kind_is_an_ordinary_field() {
    assert_accepted(&with_root_property("apiVersion", json!({"type": "string"})));
    assert_accepted(&with_field("target", json!({"type": "object", "properties": {"kind": {"type": "integer"}}})));
}
