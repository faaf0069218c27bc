//! Defaults: where they may sit, whether they fit their schema and survive pruning, and the metadata they give.

use serde_json::{Value, json};

use super::{assert_accepted, assert_rejected, with_field, with_spec};
use crate::structural::StructuralRule;

/// `spec.template`, an embedded resource declaring its type and object metadata, with `extra` merged in.
fn template(metadata: Value, extra: Value) -> Value {
    let mut template = json!({
        "type": "object",
        "x-kubernetes-embedded-resource": true,
        "properties": {
            "apiVersion": {"type": "string"},
            "kind": {"type": "string"},
            "metadata": metadata,
            "spec": {"type": "object", "x-kubernetes-preserve-unknown-fields": true}
        }
    });
    if let (Some(template), Value::Object(extra)) = (template.as_object_mut(), extra) {
        template.extend(extra);
    }
    with_field("template", template)
}

#[test]
fn defaults_are_forbidden_in_top_level_metadata_and_type_meta() {
    let mut schema = with_spec(json!({"type": "object"}));
    schema["properties"]["metadata"] = json!({"type": "object", "default": {"name": "x"}});
    let violation = assert_rejected(&schema, StructuralRule::DefaultForbidden, "metadata");
    assert!(violation.message.contains("in top-level metadata"), "{}", violation.message);
    schema["properties"]["metadata"] =
        json!({"type": "object", "properties": {"name": {"type": "string", "default": "x"}}});
    assert_rejected(&schema, StructuralRule::DefaultForbidden, "metadata.name");
    schema["properties"]["metadata"] = json!({"type": "object"});
    schema["properties"]["kind"] = json!({"type": "string", "default": "Widget"});
    assert_rejected(&schema, StructuralRule::DefaultForbidden, "kind");
}

#[test]
fn defaults_are_forbidden_in_map_values_of_embedded_metadata() {
    let labels = json!({"type": "object", "additionalProperties": {"type": "string", "default": "on"}});
    let schema = template(json!({"type": "object", "properties": {"labels": labels}}), json!({}));
    let violation = assert_rejected(&schema, StructuralRule::DefaultForbidden, "spec.template.metadata.labels[*]");
    assert!(violation.message.contains("additionalProperties"), "{}", violation.message);
}

#[test]
fn a_default_must_fit_its_schema() {
    let schema = with_field("replicas", json!({"type": "integer", "minimum": 1, "default": 0}));
    let violation = assert_rejected(&schema, StructuralRule::DefaultInvalid, "spec.replicas");
    assert!(violation.message.contains("the default 0"), "{}", violation.message);
    assert_rejected(
        &with_field("replicas", json!({"type": "integer", "default": "3"})),
        StructuralRule::DefaultInvalid,
        "spec.replicas",
    );
    // OpenAPI 3.0's boolean exclusiveMinimum excludes the bound itself.
    let exclusive = json!({"type": "number", "minimum": 0, "exclusiveMinimum": true, "default": 0});
    assert_rejected(&with_field("ratio", exclusive), StructuralRule::DefaultInvalid, "spec.ratio");
    let port = json!({"type": "integer", "maximum": 65535});
    let nested = json!({"type": "object", "properties": {"port": port}, "default": {"port": 70000}});
    assert_rejected(&with_field("endpoint", nested), StructuralRule::DefaultInvalid, "spec.endpoint");
}

#[test]
fn a_null_default_needs_nullable() {
    let schema = with_field("image", json!({"type": "string", "default": null}));
    let violation = assert_rejected(&schema, StructuralRule::NullDefault, "spec.image");
    assert!(violation.message.contains("nullable"), "{}", violation.message);
    assert_accepted(&with_field("image", json!({"type": "string", "nullable": true, "default": null})));
}

#[test]
fn defaults_fitting_their_schema_are_accepted() {
    assert_accepted(&with_field("replicas", json!({"type": "integer", "minimum": 1, "default": 1})));
    assert_accepted(&with_field("maxSurge", json!({"x-kubernetes-int-or-string": true, "default": "25%"})));
    assert_accepted(&with_field(
        "ratio",
        json!({"type": "number", "minimum": 0, "exclusiveMinimum": true, "default": 0.5}),
    ));
    assert_accepted(&with_field(
        "mode",
        json!({"type": "string", "enum": ["a", "b"], "nullable": true, "default": "b"}),
    ));
}

#[test]
fn a_default_with_undeclared_fields_is_rejected() {
    let endpoint =
        json!({"type": "object", "properties": {"port": {"type": "integer"}}, "default": {"port": 80, "host": "x"}});
    let violation =
        assert_rejected(&with_field("endpoint", endpoint), StructuralRule::DefaultNotPruned, "spec.endpoint");
    assert!(violation.message.contains(".host") && !violation.message.contains(".port"), "{}", violation.message);
    // `additionalProperties: true` keeps keys but prunes what is inside their values.
    let open = json!({"type": "object", "additionalProperties": true, "default": {"a": {"b": 1}, "c": 2}});
    let violation = assert_rejected(&with_field("config", open), StructuralRule::DefaultNotPruned, "spec.config");
    assert!(violation.message.ends_with(".a.b"), "{}", violation.message);
}

#[test]
fn a_default_that_pruning_keeps_is_accepted() {
    let preserved =
        json!({"type": "object", "x-kubernetes-preserve-unknown-fields": true, "default": {"any": {"thing": [1]}}});
    assert_accepted(&with_field("config", preserved));
    let map = json!({"type": "object", "additionalProperties": {"type": "string"}, "default": {"a": "b"}});
    assert_accepted(&with_field("labels", map));
    let item = json!({"type": "object", "properties": {"n": {"type": "integer"}}});
    let list = json!({"type": "array", "items": item, "default": [{"n": 1}]});
    assert_accepted(&with_field("entries", list));
}

#[test]
fn a_default_embedded_resource_needs_valid_type_meta() {
    let untyped = template(json!({"type": "object"}), json!({"default": {"apiVersion": "v1", "spec": {}}}));
    let violation = assert_rejected(&untyped, StructuralRule::DefaultMetadata, "spec.template");
    assert!(violation.message.contains("kind is required"), "{}", violation.message);
    let bad_kind = template(json!({"type": "object"}), json!({"default": {"apiVersion": "v1", "kind": "Config_Map"}}));
    assert_rejected(&bad_kind, StructuralRule::DefaultMetadata, "spec.template");
}

#[test]
fn a_default_inside_embedded_metadata_must_give_valid_metadata() {
    let labels = json!({"type": "object", "additionalProperties": {"type": "string"}, "default": {"Not A Key": "x"}});
    let schema = template(json!({"type": "object", "properties": {"labels": labels}}), json!({}));
    let violation = assert_rejected(&schema, StructuralRule::DefaultMetadata, "spec.template.metadata.labels");
    assert!(violation.message.contains("`Not A Key`"), "{}", violation.message);
    let mut kind = template(json!({"type": "object"}), json!({}));
    kind["properties"]["spec"]["properties"]["template"]["properties"]["kind"]["default"] = json!("not a kind");
    assert_rejected(&kind, StructuralRule::DefaultMetadata, "spec.template.kind");
}

#[test]
fn defaults_giving_valid_embedded_resources_are_accepted() {
    let default = json!({"app.kubernetes.io/name": "web"});
    let labels = json!({"type": "object", "additionalProperties": {"type": "string"}, "default": default});
    let metadata = json!({"name": "web", "labels": {"tier": "front"}});
    let resource = json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": metadata});
    assert_accepted(&template(
        json!({"type": "object", "properties": {"labels": labels}}),
        json!({"default": resource}),
    ));
}
