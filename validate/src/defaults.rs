//! Schema defaults filled into an object, as the API server fills them before it runs CEL rules.

use serde_json::Value;

/// `value` with every absent property that declares a `default` set to it, at every level present.
pub fn with_defaults(schema: &Value, value: &Value) -> Value {
    let mut value = value.clone();
    fill(schema, &mut value);
    value
}

fn fill(schema: &Value, value: &mut Value) {
    match value {
        Value::Object(fields) => {
            if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
                for (name, property) in properties {
                    if let (false, Some(default)) = (fields.contains_key(name), property.get("default")) {
                        fields.insert(name.clone(), default.clone());
                    }
                }
                for (name, child) in fields.iter_mut() {
                    if let Some(property) = properties.get(name) {
                        fill(property, child);
                    }
                }
            } else if let Some(values) = schema.get("additionalProperties").filter(|v| v.is_object()) {
                for child in fields.values_mut() {
                    fill(values, child);
                }
            }
        }
        Value::Array(items) => {
            if let Some(item_schema) = schema.get("items") {
                for item in items {
                    fill(item_schema, item);
                }
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn defaults_fill_absent_fields_at_every_level() {
        let schema = json!({"type": "object", "properties": {
            "replicas": {"type": "integer", "default": 1},
            "ports": {"type": "array", "items": {"type": "object", "properties": {"protocol": {"default": "TCP"}}}}}});
        let object = json!({"ports": [{"port": 80}, {"port": 53, "protocol": "UDP"}]});
        assert_eq!(
            with_defaults(&schema, &object),
            json!({"replicas": 1, "ports": [{"port": 80, "protocol": "TCP"}, {"port": 53, "protocol": "UDP"}]})
        );
    }
}
