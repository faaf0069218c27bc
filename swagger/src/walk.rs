//! Visits every schema nested in a schema, knowing which keys hold schemas and which hold names (a property may
//! be called `$ref` or `description`).

use serde_json::{Map, Value};

/// Keys whose value is one schema.
const SINGLE: &[&str] = &["additionalProperties", "additionalItems", "items", "not"];
/// Keys whose value is a list of schemas.
const LISTS: &[&str] = &["allOf", "anyOf", "oneOf", "items"];
/// Keys whose value maps names to schemas.
const NAMED: &[&str] = &["properties", "patternProperties", "definitions"];

/// Calls `visit` on every schema object in `schema`, innermost first, with its JSON pointer (`at` is the
/// pointer of `schema` itself). Booleans (`additionalProperties: false`) are not schemas objects and are skipped.
pub(super) fn for_each_schema(schema: &mut Value, at: &str, visit: &mut dyn FnMut(&mut Map<String, Value>, &str)) {
    let Value::Object(node) = schema else { return };
    for (key, child) in node.iter_mut() {
        let child_at = format!("{at}/{}", escape(key));
        let key = key.as_str();
        match child {
            Value::Object(_) if SINGLE.contains(&key) => for_each_schema(child, &child_at, visit),
            Value::Array(items) if LISTS.contains(&key) => {
                for (index, item) in items.iter_mut().enumerate() {
                    for_each_schema(item, &format!("{child_at}/{index}"), visit);
                }
            }
            Value::Object(named) if NAMED.contains(&key) => {
                for (name, item) in named.iter_mut() {
                    for_each_schema(item, &format!("{child_at}/{}", escape(name)), visit);
                }
            }
            _ => {}
        }
    }
    visit(node, at);
}

/// A name escaped for a JSON pointer (RFC 6901).
pub(super) fn escape(name: &str) -> String {
    name.replace('~', "~0").replace('/', "~1")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn visited(mut schema: Value) -> Vec<String> {
        let mut seen = Vec::new();
        for_each_schema(&mut schema, "", &mut |_, at| seen.push(at.to_owned()));
        seen
    }

    #[test]
    fn visits_nested_schemas_innermost_first() {
        // Siblings come in key order; every child comes before its parent.
        let schema = json!({
            "properties": {"a/b": {"items": {"type": "string"}}},
            "allOf": [{"type": "object"}],
            "additionalProperties": false,
        });
        assert_eq!(visited(schema), ["/allOf/0", "/properties/a~1b/items", "/properties/a~1b", ""]);
    }

    #[test]
    fn names_and_extension_values_are_not_schemas() {
        // A property called `properties`, and an extension holding an object, are not walked into as schemas.
        let schema = json!({
            "properties": {"properties": {"type": "string"}},
            "x-kubernetes-validations": [{"rule": "self.a"}],
            "example": {"items": {"type": "string"}},
        });
        assert_eq!(visited(schema), ["/properties/properties", ""]);
    }
}
