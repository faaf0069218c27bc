//! Unit tests of the shared renderer across the three dialects.

use kapi_model::{DefName, InstanceType, ListType, SchemaNode, SchemaObject, Union, ValidationRule};
use serde_json::{Value, json};

use super::*;

fn reference_with(description: Option<&str>, default: Option<Value>) -> SchemaNode {
    let mut node = SchemaNode::reference(DefName::new("io.k8s.T"));
    node.keywords_mut().description = description.map(str::to_owned);
    node.keywords_mut().default = default;
    node
}

fn render(dialect: &'static Dialect, node: &SchemaNode) -> (Value, Vec<Dropped>) {
    let mut renderer = Renderer::new(dialect);
    let value = renderer.schema(node);
    (value, renderer.take_dropped())
}

#[test]
fn references_are_bare_until_they_have_siblings() {
    let bare = reference_with(None, None);
    assert_eq!(render(&Dialect::OPENAPI_V3, &bare).0, json!({"$ref": "#/components/schemas/io.k8s.T"}));
    let described = reference_with(Some("d"), Some(json!({})));
    assert_eq!(
        render(&Dialect::OPENAPI_V3, &described).0,
        json!({"allOf": [{"$ref": "#/components/schemas/io.k8s.T"}], "default": {}, "description": "d"})
    );
    assert_eq!(
        render(&Dialect::JSON_SCHEMA, &described).0,
        json!({"$ref": "#/$defs/io.k8s.T", "default": {}, "description": "d"})
    );
}

#[test]
fn swagger_keeps_siblings_beside_and_a_reference_left_with_none_is_bare() {
    let (value, dropped) = render(&Dialect::SWAGGER_V2_KUBERNETES, &reference_with(None, Some(json!({}))));
    assert_eq!(value, json!({"$ref": "#/definitions/io.k8s.T"}));
    let default = Dropped {
        pointer: "/default".into(),
        keyword: Keyword::Default,
        rule: LossRule::KubernetesV2,
        value: json!({}),
    };
    assert_eq!(dropped, vec![default]);
    // Swagger 2.0 can say `default`: only Kubernetes conventions strip it.
    let (value, dropped) = render(&Dialect::SWAGGER_V2, &reference_with(None, Some(json!({}))));
    assert_eq!(value, json!({"$ref": "#/definitions/io.k8s.T", "default": {}}));
    assert!(dropped.is_empty());
    let (value, _) = render(&Dialect::SWAGGER_V2, &reference_with(Some("d"), None));
    assert_eq!(value, json!({"$ref": "#/definitions/io.k8s.T", "description": "d"}));
}

#[test]
fn swagger_drops_what_it_cannot_say_with_pointers_and_lossless_values() {
    let mut object = SchemaObject::of_type(InstanceType::Object);
    let mut field = SchemaObject::of_type(InstanceType::String);
    field.nullable = true;
    field.write_only = true;
    object.properties.insert("a/b".into(), SchemaNode::inline(field));
    object.any_of = vec![reference_with(Some("x"), None)];
    let (value, dropped) = render(&Dialect::SWAGGER_V2, &SchemaNode::inline(object));
    assert_eq!(value, json!({"type": "object", "properties": {"a/b": {"type": "string"}}}));
    let summary: Vec<(&str, Keyword)> = dropped.iter().map(|d| (d.pointer.as_str(), d.keyword)).collect();
    assert_eq!(
        summary,
        [
            ("/anyOf", Keyword::AnyOf),
            ("/properties/a~1b/nullable", Keyword::Nullable),
            ("/properties/a~1b/writeOnly", Keyword::WriteOnly)
        ]
    );
    assert!(dropped.iter().all(|d| d.rule == LossRule::NotInSwagger2));
    // The dropped value is written as OpenAPI v3 would, allOf wrapper and all.
    assert_eq!(dropped[0].value, json!([{"allOf": [{"$ref": "#/components/schemas/io.k8s.T"}], "description": "x"}]));
}

#[test]
fn swagger_writes_scalar_choices_as_strings() {
    let choice = |types: [InstanceType; 2]| types.map(|t| SchemaNode::inline(SchemaObject::of_type(t))).to_vec();
    let int_or_string = SchemaObject {
        format: Some("int-or-string".into()),
        one_of: choice([InstanceType::Integer, InstanceType::String]),
        ..SchemaObject::default()
    };
    let (value, dropped) = render(&Dialect::SWAGGER_V2, &SchemaNode::inline(int_or_string));
    assert_eq!(value, json!({"type": "string", "format": "int-or-string"}));
    assert_eq!(dropped[0].keyword, Keyword::OneOf);
    let quantity =
        SchemaObject { one_of: choice([InstanceType::String, InstanceType::Number]), ..SchemaObject::default() };
    assert_eq!(render(&Dialect::SWAGGER_V2, &SchemaNode::inline(quantity)).0, json!({"type": "string"}));
    let mut marked = SchemaObject::default();
    marked.kubernetes.int_or_string = true;
    assert_eq!(
        render(&Dialect::SWAGGER_V2, &SchemaNode::inline(marked)).0,
        json!({"type": "string", "format": "int-or-string", "x-kubernetes-int-or-string": true})
    );
}

#[test]
fn json_schema_spells_nullable_bounds_and_examples_its_own_way() {
    let mut number = SchemaObject::of_type(InstanceType::Integer);
    number.nullable = true;
    number.bounds.minimum = Some(1.into());
    number.bounds.exclusive_minimum = true;
    number.bounds.maximum = Some(9.into());
    number.example = Some(json!(2));
    number.enum_values = vec![json!(2), json!(3)];
    let node = SchemaNode::inline(number);
    assert_eq!(
        render(&Dialect::JSON_SCHEMA, &node).0,
        json!({"type": ["integer", "null"], "exclusiveMinimum": 1, "maximum": 9, "examples": [2], "enum": [2, 3, null]})
    );
    assert_eq!(
        render(&Dialect::OPENAPI_V3, &node).0,
        json!({"type": "integer", "nullable": true, "minimum": 1, "exclusiveMinimum": true, "maximum": 9, "example": 2, "enum": [2, 3]})
    );
    let mut nullable_ref = reference_with(Some("d"), None);
    nullable_ref.keywords_mut().nullable = true;
    assert_eq!(
        render(&Dialect::JSON_SCHEMA, &nullable_ref).0,
        json!({"anyOf": [{"$ref": "#/$defs/io.k8s.T"}, {"type": "null"}], "description": "d"})
    );
}

#[test]
fn kubernetes_extensions_use_their_documented_shapes() {
    let mut object = SchemaObject::of_type(InstanceType::Array);
    let k = &mut object.kubernetes;
    k.list_type = Some(ListType::Map);
    k.list_map_keys = vec!["b".into(), "a".into()];
    k.validations = vec![ValidationRule {
        rule: "r".into(),
        message_expression: Some("m".into()),
        optional_old_self: Some(true),
        ..Default::default()
    }];
    k.unions =
        vec![Union { discriminator: None, fields_to_discriminate_by: [("f".to_owned(), "F".to_owned())].into() }];
    k.patch_strategy = Some("merge".into());
    k.patch_merge_key = Some("a".into());
    assert_eq!(
        render(&Dialect::OPENAPI_V3, &SchemaNode::inline(object)).0,
        json!({
            "type": "array",
            "x-kubernetes-list-type": "map",
            "x-kubernetes-list-map-keys": ["b", "a"],
            "x-kubernetes-validations": [{"rule": "r", "messageExpression": "m", "optionalOldSelf": true}],
            "x-kubernetes-unions": [{"fields-to-discriminateBy": {"f": "F"}}],
            "x-kubernetes-patch-strategy": "merge",
            "x-kubernetes-patch-merge-key": "a",
        })
    );
}

#[test]
fn zero_values_are_never_rendered_by_themselves() {
    let node =
        SchemaNode::inline(SchemaObject { zero_value: Some(json!("")), ..SchemaObject::of_type(InstanceType::String) });
    assert_eq!(render(&Dialect::OPENAPI_V3, &node).0, json!({"type": "string"}));
}

#[test]
fn v2_never_writes_a_type_beside_a_reference() {
    let mut reference =
        SchemaNode::reference(kapi_model::DefName::new("io.k8s.apimachinery.pkg.util.intstr.IntOrString"));
    reference.keywords_mut().kubernetes.int_or_string = true;
    reference.keywords_mut().description = Some("a port".into());
    let (value, _) = render(&Dialect::SWAGGER_V2, &reference);
    assert!(value.get("$ref").is_some(), "{value}");
    assert!(value.get("type").is_none() && value.get("format").is_none(), "{value}");
}
