//! List types, map-list keys, set items and map types.

use serde_json::{Value, json};

use super::{assert_accepted, assert_rejected, with_field};
use crate::structural::StructuralRule;

/// `spec.ports`, a map list keyed by `keys`, whose items are `items`.
fn ports(keys: Value, items: Value) -> Value {
    with_field(
        "ports",
        json!({"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": keys, "items": items}),
    )
}

fn port_item(name: Value, required: Value) -> Value {
    json!({
        "type": "object",
        "required": required,
        "properties": {"name": name, "port": {"type": "integer"}, "protocol": {"type": "string", "default": "TCP"}}
    })
}

#[test]
fn list_type_belongs_on_arrays() {
    let schema = with_field("labels", json!({"type": "object", "x-kubernetes-list-type": "set"}));
    assert_rejected(&schema, StructuralRule::ListTypeOnNonArray, "spec.labels");
    assert_accepted(&with_field(
        "hosts",
        json!({"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "string"}}),
    ));
}

#[test]
fn list_type_must_be_a_known_value() {
    let schema =
        with_field("hosts", json!({"type": "array", "x-kubernetes-list-type": "bag", "items": {"type": "string"}}));
    let violation = assert_rejected(&schema, StructuralRule::UnknownListType, "spec.hosts");
    assert!(violation.message.contains("`bag`"), "{}", violation.message);
}

#[test]
fn list_map_keys_need_a_map_list() {
    let schema = with_field(
        "hosts",
        json!({
            "type": "array", "x-kubernetes-list-type": "set", "x-kubernetes-list-map-keys": ["name"],
            "items": {"type": "string"}
        }),
    );
    assert_rejected(&schema, StructuralRule::ListMapKeysWithoutMapList, "spec.hosts");
}

#[test]
fn a_map_list_keyed_by_required_or_defaulted_scalars_is_accepted() {
    assert_accepted(&ports(json!(["name", "protocol"]), port_item(json!({"type": "string"}), json!(["name"]))));
    let int_or_string_key = port_item(json!({"x-kubernetes-int-or-string": true}), json!(["name"]));
    assert_accepted(&ports(json!(["name"]), int_or_string_key));
}

#[test]
fn map_list_keys_must_exist_be_unique_and_name_properties() {
    let item = port_item(json!({"type": "string"}), json!(["name"]));
    assert_rejected(&ports(json!([]), item.clone()), StructuralRule::MapListKeys, "spec.ports");
    let violation =
        assert_rejected(&ports(json!(["name", "name"]), item.clone()), StructuralRule::MapListKeys, "spec.ports");
    assert!(violation.message.contains("more than once"), "{}", violation.message);
    let violation =
        assert_rejected(&ports(json!(["name", "hostPort"]), item), StructuralRule::MapListKeys, "spec.ports");
    assert!(violation.message.contains("`hostPort`"), "{}", violation.message);
}

#[test]
fn map_list_items_must_be_non_nullable_objects() {
    assert_rejected(&ports(json!(["name"]), json!({"type": "string"})), StructuralRule::MapListItems, "spec.ports[*]");
    let mut item = port_item(json!({"type": "string"}), json!(["name"]));
    item["nullable"] = json!(true);
    assert_rejected(&ports(json!(["name"]), item), StructuralRule::MapListItems, "spec.ports[*]");
}

#[test]
fn a_map_list_key_must_be_a_required_non_nullable_scalar() {
    let object_key = port_item(json!({"type": "object"}), json!(["name"]));
    let violation =
        assert_rejected(&ports(json!(["name"]), object_key), StructuralRule::MapListKey, "spec.ports[*].name");
    assert_eq!(violation.pointer, "/properties/spec/properties/ports/items/properties/name");
    let optional = port_item(json!({"type": "string"}), json!([]));
    let violation =
        assert_rejected(&ports(json!(["name"]), optional), StructuralRule::MapListKey, "spec.ports[*].name");
    assert!(violation.message.contains("required"), "{}", violation.message);
    let nullable = port_item(json!({"type": "string", "nullable": true}), json!(["name"]));
    assert_rejected(&ports(json!(["name"]), nullable), StructuralRule::MapListKey, "spec.ports[*].name");
}

#[test]
fn set_items_must_be_comparable_whole() {
    let item = json!({"type": "object", "properties": {"a": {"type": "string"}}});
    let objects = json!({"type": "array", "x-kubernetes-list-type": "set", "items": item});
    let violation = assert_rejected(&with_field("pairs", objects), StructuralRule::SetListItems, "spec.pairs[*]");
    assert!(violation.message.contains("x-kubernetes-map-type: atomic"), "{}", violation.message);
    let nullable =
        json!({"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "string", "nullable": true}});
    assert_rejected(&with_field("hosts", nullable), StructuralRule::SetListItems, "spec.hosts[*]");
    let inner = json!({"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "string"}});
    let lists = json!({"type": "array", "x-kubernetes-list-type": "set", "items": inner});
    assert_rejected(&with_field("groups", lists), StructuralRule::SetListItems, "spec.groups[*]");
}

#[test]
fn sets_of_scalars_and_atomic_objects_are_accepted() {
    assert_accepted(&with_field(
        "hosts",
        json!({"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "string"}}),
    ));
    let atomic = json!({"type": "object", "x-kubernetes-map-type": "atomic", "properties": {"a": {"type": "string"}}});
    assert_accepted(&with_field("pairs", json!({"type": "array", "x-kubernetes-list-type": "set", "items": atomic})));
}

#[test]
fn map_type_belongs_on_objects_with_a_known_value() {
    let on_array = json!({"type": "array", "x-kubernetes-map-type": "atomic", "items": {"type": "string"}});
    assert_rejected(&with_field("hosts", on_array), StructuralRule::MapTypeOnNonObject, "spec.hosts");
    let unknown =
        json!({"type": "object", "x-kubernetes-map-type": "merge", "additionalProperties": {"type": "string"}});
    assert_rejected(&with_field("labels", unknown), StructuralRule::UnknownMapType, "spec.labels");
    let granular =
        json!({"type": "object", "x-kubernetes-map-type": "granular", "additionalProperties": {"type": "string"}});
    assert_accepted(&with_field("labels", granular));
}
