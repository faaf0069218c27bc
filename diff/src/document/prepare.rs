//! A schema as other tools write it, made fit for kapi's model (OpenAPI 3.0 with Kubernetes' extensions) without
//! changing what it accepts, where the model can say it.

use serde_json::{Map, Value};

/// The keywords whose value is one schema, and those whose value is a list or a map of schemas.
const ONE_SCHEMA: [&str; 3] = ["items", "additionalProperties", "not"];
const SCHEMA_LISTS: [&str; 3] = ["allOf", "anyOf", "oneOf"];

/// `schema` rewritten, at every depth:
/// - OpenAPI 3.1's `type: [string, "null"]` as `type: string, nullable: true` (several types other than null: no
///   `type`, since the model holds one);
/// - 3.1's numeric `exclusiveMinimum: n` as `minimum: n, exclusiveMinimum: true` (likewise for the maximum);
/// - `const: v` as `enum: [v]`;
/// - `additionalProperties: true` as `{}` (any value), `false` dropped (the model has no closed form);
/// - what the model cannot hold and that would stop the read dropped: tuple `items` (a list), a property-level
///   `required: true` (swagger habits), a non-boolean `nullable`.
pub(crate) fn prepare(schema: &Value) -> Value {
    let Value::Object(object) = schema else { return schema.clone() };
    let mut out = Map::new();
    for (key, value) in object {
        match key.as_str() {
            "type" => match value {
                Value::Array(types) => {
                    let named: Vec<&Value> = types.iter().filter(|t| t.as_str() != Some("null")).collect();
                    if named.len() < types.len() {
                        out.insert("nullable".into(), Value::Bool(true));
                    }
                    if let [only] = named.as_slice() {
                        out.insert("type".into(), (*only).clone());
                    }
                }
                Value::String(name) if name == "null" => {
                    out.insert("nullable".into(), Value::Bool(true));
                }
                _ => {
                    out.insert(key.clone(), value.clone());
                }
            },
            "exclusiveMinimum" | "exclusiveMaximum" if value.is_number() => {
                let bound = if key == "exclusiveMinimum" { "minimum" } else { "maximum" };
                out.insert(bound.into(), value.clone());
                out.insert(key.clone(), Value::Bool(true));
            }
            "const" => {
                out.insert("enum".into(), Value::Array(vec![value.clone()]));
            }
            "additionalProperties" => match value {
                Value::Bool(true) => {
                    out.insert(key.clone(), Value::Object(Map::new()));
                }
                Value::Object(_) => {
                    out.insert(key.clone(), prepare(value));
                }
                _ => {}
            },
            "items" if !value.is_object() => {}
            "required" if !value.is_array() => {}
            "nullable" if !value.is_boolean() => {}
            "properties" => {
                let Value::Object(properties) = value else { continue };
                let prepared = properties.iter().map(|(name, schema)| (name.clone(), prepare(schema))).collect();
                out.insert(key.clone(), Value::Object(prepared));
            }
            key if ONE_SCHEMA.contains(&key) => {
                out.insert(key.to_owned(), prepare(value));
            }
            key if SCHEMA_LISTS.contains(&key) => {
                let Value::Array(schemas) = value else { continue };
                out.insert(key.to_owned(), Value::Array(schemas.iter().map(prepare).collect()));
            }
            _ => {
                out.insert(key.clone(), value.clone());
            }
        }
    }
    // Both `enum` (from `const`) and an explicit one: keep the explicit list.
    if let (Some(explicit), true) = (object.get("enum"), object.contains_key("const")) {
        out.insert("enum".into(), explicit.clone());
    }
    Value::Object(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn openapi_31_types_become_nullable_and_bounds_exclusive() {
        let schema = json!({"type": "object", "properties": {
            "name": {"type": ["string", "null"]},
            "age": {"type": "integer", "exclusiveMinimum": 3},
            "tags": {"type": "object", "additionalProperties": true},
            "kind": {"const": "Pet"}
        }});
        assert_eq!(
            prepare(&schema),
            json!({"type": "object", "properties": {
                "name": {"type": "string", "nullable": true},
                "age": {"type": "integer", "minimum": 3, "exclusiveMinimum": true},
                "tags": {"type": "object", "additionalProperties": {}},
                "kind": {"enum": ["Pet"]}
            }})
        );
    }
}
