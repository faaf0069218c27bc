//! Rule 2: swagger 2.0 `definitions` become OpenAPI 3.0 `components.schemas`, and references follow them.

use serde_json::{Map, Value};

/// Where swagger 2.0 keeps named schemas.
pub(super) const V2_PREFIX: &str = "#/definitions/";
/// Where OpenAPI 3.0 keeps them.
pub(super) const V3_PREFIX: &str = "#/components/schemas/";

/// Points a schema's `$ref` at `components.schemas` when it pointed at `definitions`.
pub(super) fn rewrite_reference(schema: &mut Map<String, Value>) {
    let Some(Value::String(target)) = schema.get_mut("$ref") else { return };
    if let Some(name) = target.strip_prefix(V2_PREFIX) {
        *target = format!("{V3_PREFIX}{name}");
    }
}

/// The definition names `value` refers to anywhere inside it, in either form (a `$ref` whose value is a string; a
/// property named `$ref` holds an object and is not a reference).
pub(super) fn referenced_definitions(value: &Value, found: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, child) in map {
                match child {
                    Value::String(target) if key == "$ref" => {
                        let name = target.strip_prefix(V2_PREFIX).or_else(|| target.strip_prefix(V3_PREFIX));
                        if let Some(name) = name {
                            found.push(name.to_owned());
                        }
                    }
                    _ => referenced_definitions(child, found),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| referenced_definitions(item, found)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn definition_references_move_to_components() {
        let Value::Object(mut schema) = json!({"$ref": "#/definitions/a.B"}) else { panic!("object") };
        rewrite_reference(&mut schema);
        assert_eq!(Value::Object(schema), json!({"$ref": "#/components/schemas/a.B"}));
    }

    #[test]
    fn other_references_and_ref_named_properties_are_left_alone() {
        let Value::Object(mut schema) = json!({"$ref": "https://example.com/s.json"}) else { panic!("object") };
        rewrite_reference(&mut schema);
        assert_eq!(schema["$ref"], "https://example.com/s.json");
        let Value::Object(mut named) = json!({"$ref": {"type": "string"}}) else { panic!("object") };
        rewrite_reference(&mut named);
        assert_eq!(named["$ref"], json!({"type": "string"}));
    }

    #[test]
    fn collects_every_definition_reference() {
        let value = json!({
            "parameters": [{"schema": {"$ref": "#/definitions/A"}}],
            "properties": {"$ref": {"type": "string"}, "b": {"items": {"$ref": "#/definitions/B"}}},
            "c": {"$ref": "#/components/schemas/C"},
            "other": {"$ref": "#/parameters/p"},
        });
        let mut found = Vec::new();
        referenced_definitions(&value, &mut found);
        found.sort();
        assert_eq!(found, ["A", "B", "C"]);
    }
}
