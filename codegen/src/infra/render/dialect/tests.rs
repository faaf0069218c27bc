//! Unit tests of the OpenAPI 3.1 dialect: the 2020-12 forms, with references into `#/components/schemas/`.

use kapi_model::{DefName, InstanceType, SchemaNode, SchemaObject};
use serde_json::{Value, json};

use super::Dialect;
use crate::infra::render::Renderer;

const T: &str = "#/components/schemas/io.k8s.T";

fn render(dialect: &'static Dialect, node: &SchemaNode) -> Value {
    let mut renderer = Renderer::new(dialect);
    let value = renderer.schema(node);
    assert!(renderer.take_dropped().is_empty(), "3.0 and 3.1 can say every keyword");
    value
}

fn reference() -> SchemaNode {
    SchemaNode::reference(DefName::new("io.k8s.T"))
}

#[test]
fn nullable_is_a_null_type_and_a_null_alternative_beside_a_reference() {
    let mut text = SchemaObject::of_type(InstanceType::String);
    text.nullable = true;
    let text = SchemaNode::inline(text);
    assert_eq!(render(&Dialect::OPENAPI_V31, &text), json!({"type": ["string", "null"]}));
    assert_eq!(render(&Dialect::OPENAPI_V3, &text), json!({"type": "string", "nullable": true}));
    let mut nullable_ref = reference();
    nullable_ref.keywords_mut().nullable = true;
    assert_eq!(render(&Dialect::OPENAPI_V31, &nullable_ref), json!({"anyOf": [{"$ref": T}, {"type": "null"}]}));
}

#[test]
fn a_reference_keeps_its_siblings_beside_it() {
    let bare = reference();
    assert_eq!(render(&Dialect::OPENAPI_V31, &bare), json!({"$ref": T}));
    let mut described = reference();
    described.keywords_mut().description = Some("d".into());
    described.keywords_mut().default = Some(json!({}));
    assert_eq!(render(&Dialect::OPENAPI_V31, &described), json!({"$ref": T, "description": "d", "default": {}}));
    // 3.0 ignores siblings of `$ref`, so there they are wrapped.
    assert_eq!(
        render(&Dialect::OPENAPI_V3, &described),
        json!({"allOf": [{"$ref": T}], "description": "d", "default": {}})
    );
}

#[test]
fn an_enum_of_one_value_is_a_const_in_3_1_only() {
    let one = SchemaNode::inline(SchemaObject { enum_values: vec![json!("On")], ..SchemaObject::default() });
    assert_eq!(render(&Dialect::OPENAPI_V31, &one), json!({"const": "On"}));
    assert_eq!(render(&Dialect::OPENAPI_V3, &one), json!({"enum": ["On"]}));
    assert_eq!(render(&Dialect::JSON_SCHEMA, &one), json!({"enum": ["On"]}));
    let two =
        SchemaNode::inline(SchemaObject { enum_values: vec![json!("On"), json!("Off")], ..SchemaObject::default() });
    assert_eq!(render(&Dialect::OPENAPI_V31, &two), json!({"enum": ["On", "Off"]}));
    // Null is a second value: still an enum.
    let mut nullable_one = SchemaObject::of_type(InstanceType::String);
    nullable_one.enum_values = vec![json!("On")];
    nullable_one.nullable = true;
    assert_eq!(
        render(&Dialect::OPENAPI_V31, &SchemaNode::inline(nullable_one)),
        json!({"type": ["string", "null"], "enum": ["On", null]})
    );
}

#[test]
fn examples_are_a_list_and_exclusive_bounds_are_numbers() {
    let mut number = SchemaObject::of_type(InstanceType::Integer);
    number.example = Some(json!(2));
    number.bounds.minimum = Some(1.into());
    number.bounds.exclusive_minimum = true;
    number.bounds.maximum = Some(9.into());
    let number = SchemaNode::inline(number);
    assert_eq!(
        render(&Dialect::OPENAPI_V31, &number),
        json!({"type": "integer", "examples": [2], "exclusiveMinimum": 1, "maximum": 9})
    );
    assert_eq!(
        render(&Dialect::OPENAPI_V3, &number),
        json!({"type": "integer", "example": 2, "minimum": 1, "exclusiveMinimum": true, "maximum": 9})
    );
}
