//! The converter on hand-written JSON Schema: each mapping of docs/SCHEMARS.md, and malformed input.

use kapi_model::{DefName, InstanceType, ListType, Registry, SchemaNode, SchemaObject};
use serde_json::{Map, Value, json};

use super::convert::{nothing, null_schema};
use super::import;

/// Imports `schema` with `$defs` from `defs` under namespace `ns`; returns the node, the registry's errors, and it.
fn convert_with(schema: Value, defs: Value) -> (SchemaNode, Vec<String>, Registry) {
    let mut registry = Registry::new();
    let definitions = match defs {
        Value::Object(map) => map,
        _ => Map::new(),
    };
    let node = import(&mut registry, &schema, &definitions, Some("ns"), "test");
    let errors = registry.errors().to_vec();
    (node, errors, registry)
}

fn convert(schema: Value) -> (SchemaObject, Vec<String>) {
    let (node, errors, _) = convert_with(schema, json!({}));
    (node.keywords().clone(), errors)
}

fn typed(instance_type: InstanceType) -> SchemaNode {
    SchemaNode::inline(SchemaObject::of_type(instance_type))
}

#[test]
fn type_arrays_become_nullable_or_a_choice_of_types() {
    let (object, errors) = convert(json!({"type": ["string", "null"], "format": "date"}));
    assert_eq!((object.instance_type, object.nullable, errors.len()), (Some(InstanceType::String), true, 0));
    let (object, _) = convert(json!({"type": ["integer", "string", "null"]}));
    assert_eq!(object.any_of, [typed(InstanceType::Integer), typed(InstanceType::String)]);
    assert!(object.nullable && object.instance_type.is_none());
    let (object, _) = convert(json!({"type": "null"}));
    assert_eq!(SchemaNode::inline(object), null_schema());
    let (object, errors) = convert(json!({"type": "null", "const": null}));
    assert_eq!((SchemaNode::inline(object), errors.len()), (null_schema(), 0));
    // A choice of types beside an `anyOf` of its own goes into `allOf`, so neither loosens the other.
    let (object, _) = convert(json!({"type": ["integer", "boolean"], "anyOf": [{"minimum": 1}, {"const": true}]}));
    assert_eq!(object.any_of.len(), 2);
    assert_eq!(object.all_of[0].keywords().any_of, [typed(InstanceType::Integer), typed(InstanceType::Boolean)]);
    let (_, errors) = convert(json!({"type": ["strin"]}));
    assert_eq!(errors, ["test: at `#/type`: `strin` is not a JSON type"]);
    assert_eq!(convert(json!({"type": []})).1, ["test: at `#/type`: `type` names no type"]);
}

#[test]
fn an_open_enum_stays_open() {
    let (object, errors) = convert(json!({"type": "string", "x-extensible-enum": ["Gold", "Silver"]}));
    assert_eq!(
        (object.known_values, object.enum_values, errors.len()),
        (vec![json!("Gold"), json!("Silver")], vec![], 0)
    );
}

#[test]
fn const_is_a_single_value_enum() {
    let (object, errors) = convert(json!({"type": "string", "const": "Circle"}));
    assert_eq!((object.enum_values, errors.len()), (vec![json!("Circle")], 0));
    let (object, _) = convert(json!({"const": null}));
    assert!(object.nullable && object.enum_values == [Value::Null]);
    let (_, errors) = convert(json!({"const": 1, "enum": [1, 2]}));
    assert_eq!(errors, ["test: at `#/const`: `const` beside `enum` is not supported; keep one"]);
}

#[test]
fn examples_keep_one_value_and_report_the_rest() {
    let (object, errors) = convert(json!({"examples": ["a"]}));
    assert_eq!((object.example, errors.len()), (Some(json!("a")), 0));
    let (object, errors) = convert(json!({"examples": ["a", "b"]}));
    assert_eq!(object.example, Some(json!("a")));
    assert_eq!(errors.len(), 1, "{errors:?}");
}

#[test]
fn exclusive_bounds_keep_the_stricter_limit() {
    let (object, _) = convert(json!({"minimum": 1, "exclusiveMinimum": 1}));
    assert_eq!((object.bounds.minimum, object.bounds.exclusive_minimum), (Some(1.into()), true));
    let (object, _) = convert(json!({"minimum": 5, "exclusiveMinimum": 1}));
    assert_eq!((object.bounds.minimum, object.bounds.exclusive_minimum), (Some(5.into()), false));
    let (object, _) = convert(json!({"exclusiveMaximum": 10, "maximum": 20}));
    assert_eq!((object.bounds.maximum, object.bounds.exclusive_maximum), (Some(10.into()), true));
    let (object, errors) = convert(json!({"maximum": 3, "exclusiveMaximum": true}));
    assert_eq!((object.bounds.exclusive_maximum, errors.len()), (true, 0));
    assert_eq!(convert(json!({"exclusiveMinimum": "1"})).1.len(), 1);
}

#[test]
fn boolean_schemas_become_anything_and_nothing() {
    let (object, errors) = convert(json!({"type": "object", "additionalProperties": true}));
    assert_eq!(object.additional_properties.as_deref(), Some(&SchemaNode::inline(SchemaObject::default())));
    let (object, _) = convert(json!({"type": "object", "additionalProperties": false, "items": false}));
    assert_eq!(object.additional_properties.as_deref(), Some(&nothing()));
    assert_eq!(object.items.as_deref(), Some(&nothing()));
    assert!(errors.is_empty());
}

#[test]
fn tuples_become_a_choice_of_item_schemas() {
    let tuple = json!({"type": "array", "prefixItems": [{"type": "integer"}, {"type": "string"}, {"type": "integer"}],
                       "minItems": 3, "maxItems": 3});
    let (object, errors) = convert(tuple);
    let items = object.items.as_deref().map(SchemaNode::keywords);
    assert_eq!(items.map(|i| i.any_of.clone()), Some(vec![typed(InstanceType::Integer), typed(InstanceType::String)]));
    assert_eq!((object.bounds.min_items, object.bounds.max_items, errors.len()), (Some(3), Some(3), 0));
    // `items: false` closes the tuple; a tuple of one schema needs no choice.
    let (object, _) = convert(json!({"prefixItems": [{"type": "string"}], "items": false}));
    assert_eq!((object.items.as_deref(), object.bounds.max_items), (Some(&typed(InstanceType::String)), Some(1)));
    // Without `items` or `maxItems`, anything may follow the prefix: no `items` constraint.
    assert!(convert(json!({"prefixItems": [{"type": "string"}]})).0.items.is_none());
}

#[test]
fn references_resolve_to_definitions_and_keep_their_siblings() {
    let defs = json!({"Node": {"type": "object", "properties": {"next": {"$ref": "#/$defs/Node"}}}});
    let (node, errors, registry) = convert_with(json!({"$ref": "#/$defs/Node", "description": "d"}), defs);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(node.target().map(DefName::as_str), Some("ns.Node"));
    assert_eq!(node.keywords().description.as_deref(), Some("d"));
    let stored = registry.definition(&DefName::new("ns.Node")).map(|d| &d.schema);
    let next = stored.and_then(|s| s.keywords().properties.get("next")).and_then(SchemaNode::target);
    assert_eq!(next.map(DefName::as_str), Some("ns.Node"));
    for reference in ["#", "#/$defs/Missing", "#/definitions/Node", "other.json"] {
        let (node, errors) = convert(json!({"$ref": reference}));
        assert!(node.instance_type.is_none() && errors.len() == 1, "{reference}: {errors:?}");
    }
    assert_eq!(convert(json!({"$ref": 7})).1, ["test: at `#/$ref`: `$ref` is a string, not `7`"]);
}

#[test]
fn option_choices_collapse_to_nullable() {
    let defs = json!({"Color": {"type": "string", "enum": ["red"]}});
    let option = json!({"description": "maybe", "anyOf": [{"$ref": "#/$defs/Color"}, {"type": "null"}]});
    let (node, errors, _) = convert_with(option, defs);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(node.target().map(DefName::as_str), Some("ns.Color"));
    assert!(node.keywords().nullable && node.keywords().description.as_deref() == Some("maybe"));
    let (object, _) = convert(json!({"oneOf": [{"type": "null"}, {"type": "integer", "minimum": 0}]}));
    assert_eq!((object.instance_type, object.nullable), (Some(InstanceType::Integer), true));
    // When the outer and inner schema both set a keyword, merging would lose one: the choice stays.
    let (object, errors) =
        convert(json!({"description": "a", "anyOf": [{"type": "string", "description": "b"}, {"type": "null"}]}));
    assert_eq!(object.any_of.len(), 2);
    assert_eq!((object.any_of[1].clone(), errors.len()), (null_schema(), 0));
}

#[test]
fn kubernetes_extensions_are_typed() {
    let (object, errors) = convert(json!({
        "type": "array",
        "x-kubernetes-list-type": "map",
        "x-kubernetes-list-map-keys": ["name"],
        "x-kubernetes-preserve-unknown-fields": true,
        "x-kubernetes-validations": [{"rule": "self.size() > 0", "message": "empty"}],
    }));
    assert!(errors.is_empty(), "{errors:?}");
    let k = &object.kubernetes;
    assert_eq!((k.list_type, k.list_map_keys.clone()), (Some(ListType::Map), vec!["name".to_owned()]));
    assert!(k.preserve_unknown_fields && k.validations[0].message.as_deref() == Some("empty"));
    let (_, errors) = convert(json!({"x-kubernetes-list-type": "bag", "x-go-name": "X"}));
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(errors[0].contains("extension `x-go-name` is not one kapi's model holds"), "{errors:?}");
    assert!(errors[1].ends_with(
        "unexpected value `\"bag\"`: unknown ListType `bag`; expected one of [\"atomic\", \"set\", \"map\"]"
    ));
}

#[test]
fn keywords_openapi_cannot_express_are_reported_where_they_stand() {
    let (_, errors) = convert(json!({
        "type": "object",
        "properties": {"a/b": {"patternProperties": {"^x": {}}}},
        "if": {"required": ["a"]}, "then": {}, "$comment": "c", "frobnicate": 1,
    }));
    assert_eq!(
        errors,
        [
            "test: at `#/$comment`: `$comment` has no OpenAPI 3.0 form, so kapi's model cannot hold it",
            "test: at `#/frobnicate`: `frobnicate` is not a keyword kapi knows",
            "test: at `#/if`: `if` has no OpenAPI 3.0 form, so kapi's model cannot hold it",
            "test: at `#/properties/a~1b/patternProperties`: `patternProperties` has no OpenAPI 3.0 form, so kapi's \
             model cannot hold it",
            "test: at `#/then`: `then` has no OpenAPI 3.0 form, so kapi's model cannot hold it",
        ]
    );
}

#[test]
fn malformed_schemas_are_reported_never_a_panic() {
    let odd = [json!(null), json!(-1), json!(1.5), json!("x"), json!([]), json!([1, "a"]), json!({}), json!(true)];
    let keywords = [
        "type",
        "format",
        "title",
        "description",
        "default",
        "nullable",
        "enum",
        "const",
        "examples",
        "example",
        "oneOf",
        "anyOf",
        "allOf",
        "not",
        "properties",
        "required",
        "additionalProperties",
        "items",
        "prefixItems",
        "minimum",
        "exclusiveMinimum",
        "maximum",
        "exclusiveMaximum",
        "multipleOf",
        "minLength",
        "pattern",
        "minItems",
        "uniqueItems",
        "maxProperties",
        "$ref",
        "deprecated",
        "readOnly",
        "x-kubernetes-list-type",
        "x-kubernetes-validations",
        "x-kubernetes-unions",
        "x-kubernetes-int-or-string",
    ];
    let mut reported = 0;
    for keyword in keywords {
        for value in &odd {
            let (_, errors) = convert(json!({ keyword: value }));
            reported += usize::from(!errors.is_empty());
        }
    }
    assert!(reported > keywords.len() * 4, "most odd values are reported: {reported}");
    for schema in [json!(3), json!("string"), json!([{}]), json!(null)] {
        assert_eq!(convert(schema).1.len(), 1);
    }
    let (_, errors) = convert(json!({"properties": {"a": 1}, "required": [1], "minLength": -1, "allOf": []}));
    assert_eq!(errors.len(), 4, "{errors:?}");
}

#[test]
fn definitions_take_the_namespace_and_report_with_their_origin() {
    let defs = json!({"A": {"type": "object", "properties": {"b": {"$ref": "#/$defs/B"}}}, "B": {"if": {}}});
    let (node, errors, registry) = convert_with(json!({"$ref": "#/$defs/A"}), defs);
    assert_eq!(node.target().map(DefName::as_str), Some("ns.A"));
    let names: Vec<&str> = registry.definitions().keys().map(DefName::as_str).collect();
    assert_eq!(names, ["ns.A", "ns.B"]);
    assert_eq!(errors, ["test: at `#/$defs/B/if`: `if` has no OpenAPI 3.0 form, so kapi's model cannot hold it"]);
}
