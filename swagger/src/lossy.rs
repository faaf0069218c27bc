//! Rule 6: undoes the lossy forms Kubernetes' swagger 2.0 uses for scalar choices, as far as the v2 text allows,
//! and spots the places where a lost choice cannot be brought back.

use serde_json::{Map, Value, json};

/// The definition Kubernetes publishes in v2 as a plain string though it also accepts numbers.
pub(super) const QUANTITY: &str = "io.k8s.apimachinery.pkg.api.resource.Quantity";

/// `{type: string, format: int-or-string}` (how v2 writes IntOrString) becomes the v3 choice
/// `{format: int-or-string, oneOf: [{type: integer}, {type: string}]}`.
pub(super) fn restore_int_or_string(schema: &mut Map<String, Value>) {
    if is_string(schema) && schema.get("format").and_then(Value::as_str) == Some("int-or-string") {
        replace_type_with_choice(schema, json!([{"type": "integer"}, {"type": "string"}]));
    }
}

/// The Quantity definition, `{type: string}` in v2, becomes `{oneOf: [{type: string}, {type: number}]}`: only
/// its name tells it apart from any other string.
pub(super) fn restore_quantity(name: &str, schema: &mut Map<String, Value>) {
    if name == QUANTITY && is_string(schema) && !schema.contains_key("format") {
        replace_type_with_choice(schema, json!([{"type": "string"}, {"type": "number"}]));
    }
}

/// True when a schema has no type and nothing structural: it may be a choice whose alternatives v2 dropped.
pub(super) fn is_untyped(schema: &Map<String, Value>) -> bool {
    const STRUCTURE: &[&str] = &[
        "type",
        "$ref",
        "allOf",
        "oneOf",
        "anyOf",
        "not",
        "properties",
        "items",
        "additionalProperties",
        "enum",
        "x-kubernetes-preserve-unknown-fields",
        "x-kubernetes-int-or-string",
    ];
    !STRUCTURE.iter().any(|key| schema.contains_key(*key))
}

fn is_string(schema: &Map<String, Value>) -> bool {
    schema.get("type").and_then(Value::as_str) == Some("string") && !schema.contains_key("oneOf")
}

fn replace_type_with_choice(schema: &mut Map<String, Value>, alternatives: Value) {
    schema.remove("type");
    schema.insert("oneOf".to_owned(), alternatives);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn object(value: Value) -> Map<String, Value> {
        let Value::Object(map) = value else { panic!("object") };
        map
    }

    #[test]
    fn int_or_string_becomes_a_choice_keeping_its_format_and_extensions() {
        let mut schema = object(json!({"type": "string", "format": "int-or-string", "x-kubernetes-a": 1}));
        restore_int_or_string(&mut schema);
        let expected = json!({"format": "int-or-string", "oneOf": [{"type": "integer"}, {"type": "string"}],
            "x-kubernetes-a": 1});
        assert_eq!(Value::Object(schema), expected);
    }

    #[test]
    fn other_strings_stay_strings() {
        let mut schema = object(json!({"type": "string", "format": "date-time"}));
        restore_int_or_string(&mut schema);
        restore_quantity("a.B", &mut schema);
        assert_eq!(schema["type"], "string");
        let mut named_string = object(json!({"type": "string"}));
        restore_quantity("a.B", &mut named_string);
        assert_eq!(Value::Object(named_string), json!({"type": "string"}));
    }

    #[test]
    fn quantity_becomes_string_or_number() {
        let mut schema = object(json!({"type": "string", "description": "d"}));
        restore_quantity(QUANTITY, &mut schema);
        assert_eq!(
            Value::Object(schema),
            json!({"description": "d", "oneOf": [{"type": "string"}, {"type": "number"}]})
        );
    }

    #[test]
    fn untyped_schemas_are_spotted() {
        assert!(is_untyped(&object(json!({"description": "either a or b"}))));
        assert!(!is_untyped(&object(json!({"type": "object"}))));
        assert!(!is_untyped(&object(json!({"x-kubernetes-preserve-unknown-fields": true}))));
    }
}
