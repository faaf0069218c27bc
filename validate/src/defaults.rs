//! Schema defaults filled into an object, as the API server fills them before it runs CEL rules.

use serde_json::Value;

/// `value` (an object's root) with every absent property that declares a `default` set to it, at every level
/// present, except in `metadata`: the server validates metadata as given (the `ObjectMeta` schema's defaults are
/// Go zero values, not defaults the server fills in).
pub fn with_defaults(schema: &Value, value: &Value) -> Value {
    let mut value = value.clone();
    let metadata = value.as_object_mut().and_then(|fields| fields.remove("metadata"));
    fill(schema, &mut value);
    if let (Some(metadata), Some(fields)) = (metadata, value.as_object_mut()) {
        fields.insert("metadata".to_owned(), metadata);
    }
    value
}

/// A null where the schema does not allow one: the server drops it, or puts the default in its place.
fn non_nullable_null(schema: &Value, value: &Value) -> bool {
    value.is_null() && !schema.get("nullable").and_then(Value::as_bool).unwrap_or(false)
}

fn fill(schema: &Value, value: &mut Value) {
    match value {
        Value::Object(fields) => {
            if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
                for (name, property) in properties {
                    let unset = fields.get(name).is_none_or(|child| non_nullable_null(property, child));
                    if let (true, Some(default)) = (unset, property.get("default")) {
                        fields.insert(name.clone(), default.clone());
                    }
                }
                fields.retain(|name, child| {
                    properties.get(name).is_none_or(|property| !non_nullable_null(property, child))
                });
                for (name, child) in fields.iter_mut() {
                    if let Some(property) = properties.get(name) {
                        fill(property, child);
                    }
                }
            } else if let Some(values) = schema.get("additionalProperties").filter(|v| v.is_object()) {
                match values.get("default") {
                    Some(default) => fields
                        .values_mut()
                        .filter(|child| non_nullable_null(values, child))
                        .for_each(|child| *child = default.clone()),
                    None => fields.retain(|_, child| !non_nullable_null(values, child)),
                }
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
    fn nulls_the_schema_does_not_allow_are_dropped_or_defaulted() {
        let schema = json!({"type": "object", "properties": {
            "replicas": {"type": "integer", "default": 1},
            "paused": {"type": "boolean"},
            "note": {"type": "string", "nullable": true},
            "limits": {"type": "object", "additionalProperties": {"type": "integer"}}}});
        let object = json!({"replicas": null, "paused": null, "note": null, "limits": {"cpu": null, "memory": 2}});
        assert_eq!(with_defaults(&schema, &object), json!({"replicas": 1, "note": null, "limits": {"memory": 2}}));
    }

    #[test]
    fn metadata_is_left_as_given() {
        let schema = json!({"type": "object", "properties": {"metadata": {"type": "object", "properties": {
            "ownerReferences": {"type": "array", "items": {"type": "object", "properties": {
                "uid": {"type": "string", "default": ""}}}}}}}});
        let object = json!({"metadata": {"ownerReferences": [{"name": "x"}]}});
        assert_eq!(with_defaults(&schema, &object), object);
    }

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
